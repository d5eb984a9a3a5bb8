// Real MCP servers for the tests, as the command lines that start them over stdio: the published
// reference servers, pinned (npm's started through `npx -y`, Python's from the virtual
// environment `.ci/run` makes), and tests/fixtures/stdio_server.ts, which fails on demand. Also
// what a test needs to count the processes a server leaves behind (Linux's /proc).
import { fileURLToPath } from "node:url";
import type { McpServerConfig } from "../src/config/mcp_config.ts";

/** A program to start and its arguments, as `StdioClientTransport` takes them. */
export interface ServerCommand {
  /** The program. */
  command: string;
  /** Its arguments. */
  args: string[];
}

// .ci/run reads the pins below from this file (the npm packages to fetch, the Python packages
// to install): keep each on one line, as written.

/** The "everything" reference server on npm, pinned. */
export const EVERYTHING_PACKAGE = "@modelcontextprotocol/server-everything@2026.8.31";

/** The filesystem reference server on npm, pinned. */
export const FILESYSTEM_PACKAGE = "@modelcontextprotocol/server-filesystem@2026.8.31";

/** The time reference server on PyPI, pinned (pip's form). */
export const TIME_PACKAGE = "mcp-server-time==2026.10.19";

/** The fuzzer of the service's OpenAPI document, from PyPI, pinned (pip's form). */
export const SCHEMATHESIS_PACKAGE = "schemathesis==4.32.5";

/** The git reference server on PyPI, pinned (pip's form). */
export const GIT_PACKAGE = "mcp-server-git==2026.10.19";

/** The version a pinned package names: what its server reports as its version, for Python's. */
export function pinnedVersion(pinned: string): string {
  return pinned.split(/==|(?<=.)@/).at(-1)!;
}

/** The directory of the tests' Python virtual environment, which `.ci/run` makes (gitignored). */
export const TEST_VENV: string = fileURLToPath(new URL("../.venv-tests/", import.meta.url));

/** The program `name` of the tests' virtual environment, or `null` when it is not installed. */
export function venvProgram(name: string): string | null {
  const path = `${TEST_VENV}bin/${name}`;
  try {
    return Deno.statSync(path).isFile ? path : null;
  } catch {
    return null;
  }
}

/** Why the Python servers' tests are skipped where the virtual environment is missing. */
export const NO_VENV =
  "no Python virtual environment with the MCP reference servers at .venv-tests/ (.ci/run makes it)";

/** The "everything" server (13 tools in this version), over stdio through `npx -y`. */
export function everythingServer(): ServerCommand {
  return { command: "npx", args: ["-y", EVERYTHING_PACKAGE, "stdio"] };
}

/** The filesystem server (14 tools in this version), allowed into `dir`, through `npx -y`. */
export function filesystemServer(dir: string): ServerCommand {
  return { command: "npx", args: ["-y", FILESYSTEM_PACKAGE, dir] };
}

/**
 * The time server (2 tools), its local time zone `timezone`, from the tests' virtual
 * environment; `null` when that is not installed.
 */
export function timeServer(timezone = "UTC"): ServerCommand | null {
  const command = venvProgram("mcp-server-time");
  return command === null ? null : { command, args: ["--local-timezone", timezone] };
}

/**
 * The git server (12 tools) on the repository `repository`, from the tests' virtual
 * environment; `null` when that is not installed.
 */
export function gitServer(repository: string): ServerCommand | null {
  const command = venvProgram("mcp-server-git");
  return command === null ? null : { command, args: ["--repository", repository] };
}

/** The fault server's program. */
export const FAULT_SERVER: string = fileURLToPath(
  new URL("./fixtures/stdio_server.ts", import.meta.url),
);

/**
 * tests/fixtures/stdio_server.ts run by this Deno with `options` (`--tools 3`, `--garbage`,
 * `--exit-after 100`…: the file lists them).
 */
export function faultServer(options: string[] = []): ServerCommand {
  return {
    command: Deno.execPath(),
    args: ["run", "--allow-read", "--allow-env", FAULT_SERVER, ...options],
  };
}

/** A stdio entry of `namespace` running `server`, with `env`, as an MCP config file gives it. */
export function stdioEntry(
  namespace: string,
  server: ServerCommand,
  env: Record<string, string> = {},
): McpServerConfig {
  return { namespace, transport: "stdio", ...server, env, cwd: null, place: `test (${namespace})` };
}

// Deno lets nothing read /proc without --allow-all: a shell reads it, and the tests need only
// --allow-run.

/** The output of the shell script `script`, run with the environment `env`. */
function shell(script: string, env: Record<string, string> = {}): string {
  const { stdout } = new Deno.Command("sh", { args: ["-c", script], env, stderr: "null" })
    .outputSync();
  return new TextDecoder().decode(stdout);
}

/** Each running process's parent and state, from /proc, the shell that reads them left out. */
function processTable(): { pid: number; ppid: number; state: string }[] {
  // The shell's own process comes first; a process that ends while cat reads is left out.
  const [reader, ...lines] = shell("echo $$; cat /proc/[0-9]*/stat").split("\n");
  return lines.filter((line) => line !== "").map((line) => {
    // The command's name, in parentheses, may hold spaces and parentheses itself.
    const [state, ppid] = line.slice(line.lastIndexOf(")") + 2).split(" ");
    return { pid: Number(line.slice(0, line.indexOf(" "))), ppid: Number(ppid), state };
  }).filter(({ pid, ppid }) => String(pid) !== reader && String(ppid) !== reader);
}

/**
 * The processes descended from `pid` now (children, theirs, …), zombies left out. A process
 * whose parent died is init's: read this before stopping a server to know what to look for.
 */
export function descendantPids(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const { pid: child, ppid, state } of processTable()) {
    if (state === "Z") continue;
    children.set(ppid, [...(children.get(ppid) ?? []), child]);
  }
  const found: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return found;
}

/** The processes now running whose command line contains `marker`, this one left out. */
export function processesMatching(marker: string): number[] {
  // The marker goes by the environment, so that no command line of the search holds it; a
  // zombie's command line is empty.
  return shell(`grep -laF -e "$MARKER" /proc/[0-9]*/cmdline`, { MARKER: marker })
    .split("\n").filter((line) => line !== "")
    .map((path) => Number(path.split("/")[2]))
    .filter((pid) => pid !== Deno.pid);
}

/** Whether process `pid` is running (not ended, nor a zombie). */
export function isRunning(pid: number): boolean {
  const stat = shell(`cat /proc/${pid}/stat`);
  return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
}

/** Sends SIGKILL to each of `pids` still running: what a test leaves behind, it ends. */
export function killProcesses(pids: number[]): void {
  for (const pid of pids) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // Ended already.
    }
  }
}
