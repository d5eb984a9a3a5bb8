// Starting a server with `deno serve` on a free loopback port, for the service benchmarks.

export interface Server {
  base: string;
  /** Milliseconds from spawning the process to the first 200 from `readyPath`. */
  startMs: number;
  stop(): Promise<void>;
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Serves `entry` and waits until `readyPath` answers 200, polling every millisecond. */
export async function serve(
  entry: string,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: [
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
    env: { LOG_REQUESTS: "0", ...env },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const deadline = started + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${base}${readyPath}`);
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${entry} did not answer ${readyPath} within 30 s`);
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
