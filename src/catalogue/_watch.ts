// Watching a directory's source files, or one file, by polling their names, sizes and modification times:
// one call of `onChange` once a burst of changes has been quiet for the debounce time, however
// many files it touched (editors save in several steps: a temporary file, a rename, a write).
//
// Polling, not `Deno.watchFs`: a file system watcher keeps the process alive, so `deno serve`
// would never exit on SIGTERM, while a timer can be unreferenced; polling also sees the symlink
// swaps by which mounted config maps change, which some watchers miss. Each poll stats the
// source files alone: tens of microseconds for the bundled folder.
import { sourceFileNames } from "./source_kinds.ts";

/** Milliseconds between two looks at the directory. */
const POLL_MS = 200;

/** A running watch: `close()` stops it. */
export interface DirectoryWatch {
  close(): void;
}

/**
 * Calls `onChange` `debounceMs` after the last change of each burst of changes to the source
 * files of `dir` (their names, sizes or times), starting from how they are when it resolves.
 */
export function watchDirectory(
  dir: URL,
  debounceMs: number,
  onChange: () => void,
): Promise<DirectoryWatch> {
  return watchSignature(() => signature(dir), debounceMs, onChange);
}

/**
 * Calls `onChange` `debounceMs` after the last change of each burst of changes to the file at
 * `path` (its size, inode or times; its coming or going), starting from how it is when it
 * resolves.
 */
export function watchFile(
  path: string,
  debounceMs: number,
  onChange: () => void,
): Promise<DirectoryWatch> {
  return watchSignature(() => fileSignature(path), debounceMs, onChange);
}

async function watchSignature(
  sign: () => Promise<string>,
  debounceMs: number,
  onChange: () => void,
): Promise<DirectoryWatch> {
  let last = await sign();
  let polling = false;
  let closed = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const now = await sign();
      if (now === last || closed) return;
      last = now;
      clearTimeout(quiet);
      quiet = setTimeout(onChange, debounceMs);
      Deno.unrefTimer(quiet);
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(poll, POLL_MS);
  // Only the server keeps the process alive: when it stops, the process ends.
  Deno.unrefTimer(timer);
  return {
    close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(quiet);
    },
  };
}

/**
 * The names, sizes, inodes and change and modification times of the source files of `dir`, as
 * one string: a rewrite of the same size within one tick of a coarse clock still changes the
 * change time or, written by a rename, the inode.
 */
async function signature(dir: URL): Promise<string> {
  let names: string[];
  try {
    names = await sourceFileNames(dir);
  } catch (error) {
    // A directory that cannot be read is a state of its own: the reload reports it.
    return `unreadable: ${error instanceof Error ? error.name : String(error)}`;
  }
  const stats = await Promise.all(
    names.map((name) => fileSignature(new URL(encodeURIComponent(name), dir), name)),
  );
  return stats.join("\u0001");
}

/** The size, inode and change and modification times of one file, after `name`. */
async function fileSignature(path: string | URL, name = ""): Promise<string> {
  try {
    const info = await Deno.stat(path);
    const times = `${info.mtime?.getTime()}\u0000${info.ctime?.getTime()}`;
    return `${name}\u0000${info.size}\u0000${info.ino}\u0000${times}`;
  } catch {
    return `${name}\u0000gone`;
  }
}
