// Starting a server as its own process on a free loopback port, for the end-to-end tests and
// the service benchmarks.

/** A port nothing listens on right now. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** A server process. */
export interface Server {
  base: string;
  /** Milliseconds from spawning the process to the first 200 from the ready path. */
  startMs: number;
  stop(): Promise<void>;
}

/**
 * Runs `deno <args>` for a server that listens on `port` and waits, polling every millisecond
 * for 30 s at most, until `readyPath` answers 200. Request logs are off unless `env` says so.
 */
export async function startServer(
  args: string[],
  port: number,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd: new URL("../", import.meta.url).pathname,
    env: { LOG_REQUESTS: "0", ...env },
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (;;) {
    try {
      const response = await fetch(`${base}${readyPath}`);
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 30_000) {
      child.kill("SIGKILL");
      await child.status;
      throw new Error(`deno ${args.join(" ")} did not answer ${readyPath} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const startMs = performance.now() - started;
  return {
    base,
    startMs,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}

/** `deno serve` of `entry` with the service's permissions, on a free port. */
export function serveEntry(
  entry: string,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = freePort();
  return startServer(
    [
      "serve",
      "--allow-read",
      "--allow-env",
      "--allow-net",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      entry,
    ],
    port,
    readyPath,
    env,
  );
}
