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
  pid: number;
  /**
   * With `captureStderr`: the first lines the server wrote to stderr, but its "Listening on"
   * line, and how many it wrote in all. A failing route logs on every request, so a few lines
   * tell the cause.
   */
  stderr: { first: string[]; count: number };
  stop(): Promise<void>;
}

const KEPT_STDERR_LINES = 20;

/** The project's folder, where servers run unless told otherwise. */
const ROOT = new URL("../", import.meta.url).pathname;

/**
 * Runs `deno <args>` in `cwd` (default the project's folder) for a server that listens on
 * `port` and waits, polling every millisecond for 30 s at most, until `readyPath` answers 200.
 * Request logs are off unless `env` says so.
 */
export async function startServer(
  args: string[],
  port: number,
  readyPath: string,
  env: Record<string, string> = {},
  captureStderr = false,
  cwd = ROOT,
): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { LOG_REQUESTS: "0", ...env },
    stdout: "null",
    stderr: captureStderr ? "piped" : "null",
  }).spawn();
  const stderr = { first: [] as string[], count: 0 };
  // Read to the end, or the server would block once the pipe is full.
  const reading = captureStderr
    ? readLines(child.stderr, (line) => {
      if (line.startsWith("deno serve: Listening on")) return;
      stderr.count++;
      if (stderr.first.length < KEPT_STDERR_LINES) stderr.first.push(line);
    })
    : Promise.resolve();
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // Already gone.
    }
    await child.status;
    await reading;
  };
  for (;;) {
    try {
      const response = await fetch(`${base}${readyPath}`);
      await response.body?.cancel();
      if (response.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 30_000) {
      await stop();
      throw new Error(
        [`deno ${args.join(" ")} did not answer ${readyPath} within 30 s`, ...stderr.first]
          .join("\n"),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return { base, startMs: performance.now() - started, pid: child.pid, stderr, stop };
}

async function readLines(stream: ReadableStream<Uint8Array>, line: (text: string) => void) {
  let rest = "";
  for await (const chunk of stream.pipeThrough(new TextDecoderStream())) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    lines.forEach(line);
  }
  if (rest) line(rest);
}

/**
 * `deno serve` of `entry` (a path from `cwd`, default the project's folder) with the service's
 * permissions (`deno task start`'s: programs may run, for stdio MCP servers), on a free port.
 */
export function serveEntry(
  entry: string,
  readyPath: string,
  env: Record<string, string> = {},
  captureStderr = false,
  cwd = ROOT,
): Promise<Server> {
  const port = freePort();
  return startServer(
    [
      "serve",
      "--allow-read",
      "--allow-env",
      "--allow-net",
      "--allow-run",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      entry,
    ],
    port,
    readyPath,
    env,
    captureStderr,
    cwd,
  );
}
