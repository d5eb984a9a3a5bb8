// The server of the soak (bench/soak.ts) and its memory: the service started with `deno serve`,
// confirmed to be the process that holds the listening socket, and its resident memory (VmRSS)
// read from Linux's /proc.
import { serveEntry, type Server } from "../support/server.ts";

/**
 * `main.ts` under `deno serve` on a free loopback port, its stderr kept (there it logs the cause
 * of every 500); throws when the process started is not the one that listens.
 */
export async function startService(): Promise<Server> {
  const server = await serveEntry("main.ts", "/healthz", {}, true);
  const port = Number(new URL(server.base).port);
  if (!(await listensOn(server.pid, port))) {
    await server.stop();
    throw new Error(
      [`Process ${server.pid} does not hold the socket listening on port ${port}`]
        .concat(server.stderr.first).join("\n"),
    );
  }
  return server;
}

/**
 * The output of a command. /proc is read through `cat` and `ls`: Deno reads nothing under /proc
 * without --allow-all, which the soak does not need otherwise.
 */
async function run(command: string, ...args: string[]): Promise<string> {
  const { stdout, success } = await new Deno.Command(command, { args, stderr: "null" }).output();
  if (!success) throw new Error(`${command} ${args.join(" ")} failed`);
  return new TextDecoder().decode(stdout);
}

/**
 * Whether process `pid` holds the socket that listens on `port`: the memory sampled must be
 * the serving process's, not a launcher's that handed the work to another.
 */
async function listensOn(pid: number, port: number): Promise<boolean> {
  // The server listens on 127.0.0.1, so its socket is in the IPv4 table.
  const table = await run("cat", "/proc/net/tcp");
  const listening = new Set<string>();
  for (const line of table.split("\n")) {
    const fields = line.trim().split(/\s+/);
    // local_address is ADDR:PORT in hex; state 0A is LISTEN; field 9 is the socket's inode.
    if (fields[3] === "0A" && parseInt(fields[1].split(":")[1], 16) === port) {
      listening.add(fields[9]);
    }
  }
  const fds = await run("ls", "-l", `/proc/${pid}/fd`);
  return [...fds.matchAll(/socket:\[(\d+)\]/g)].some((match) => listening.has(match[1]));
}

/** Resident memory of the process in MiB. */
export async function rssMiB(pid: number): Promise<number> {
  const status = await run("cat", `/proc/${pid}/status`);
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kib) / 1024;
}
