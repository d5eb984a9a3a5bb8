// Watching a directory: one call of `onChange` after a burst of file system events has been
// quiet for the debounce time, however many files the burst touched. Editors save in several
// steps (a temporary file, a rename, a write), and each would otherwise be a reload.

/** A running watch: `close()` stops it. */
export interface DirectoryWatch {
  close(): void;
}

/**
 * Calls `onChange` once `debounceMs` after the last event of each burst under `dir`.
 *
 * @throws {Deno.errors.NotFound} When `dir` does not exist.
 */
export function watchDirectory(
  dir: URL,
  debounceMs: number,
  onChange: () => void,
): DirectoryWatch {
  const path = decodeURIComponent(dir.pathname).replace(/\/$/, "") || "/";
  const watcher = Deno.watchFs(path, { recursive: false });
  let timer: ReturnType<typeof setTimeout> | undefined;
  (async () => {
    for await (const event of watcher) {
      if (event.kind === "access") continue;
      clearTimeout(timer);
      timer = setTimeout(onChange, debounceMs);
    }
  })().catch(() => {
    // The watcher ends with an error when its directory goes; the last catalogue stays.
  });
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
