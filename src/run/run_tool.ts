// Running a call: its arguments checked, its command line built, the program started without a
// shell, stopped at its timeout, its output kept up to a bound, and the answer worded as CLImax
// words it for an agent.
import type { ExecutorConfig, ResolvedTool } from "../types.ts";
import { checkArguments } from "./arguments.ts";
import { buildCommandLine, type CommandLine, type GetEnv } from "./command_line.ts";

/**
 * The timeout of a tool that sets none, in seconds: CLImax's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_TIMEOUT_SECONDS } from "@climax/tool-index";
 *
 * assert.equal(DEFAULT_TIMEOUT_SECONDS, 30);
 * ```
 */
export const DEFAULT_TIMEOUT_SECONDS = 30;

/**
 * The most bytes of each of standard output and standard error kept from a run: about 16,000
 * tokens, a tenth of a large context.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_OUTPUT_BYTES } from "@climax/tool-index";
 *
 * assert.equal(MAX_OUTPUT_BYTES, 65536);
 * ```
 */
export const MAX_OUTPUT_BYTES = 65_536;

/**
 * How a call runs.
 *
 * @example
 * ```ts
 * import type { RunOptions } from "@climax/tool-index";
 *
 * const options: RunOptions = { timeoutSeconds: 5, executor: { type: "docker", image: "alpine/git" } };
 * ```
 */
export interface RunOptions {
  /** Where it runs: locally (the default) or in docker. */
  executor?: ExecutorConfig;
  /** Reads the environment for `$VAR` expansion; default `Deno.env.get`. */
  getEnv?: GetEnv;
  /** The timeout in seconds; default the tool's own, else `DEFAULT_TIMEOUT_SECONDS`. */
  timeoutSeconds?: number;
  /** The most bytes kept of each output stream; default `MAX_OUTPUT_BYTES`. */
  maxOutputBytes?: number;
}

/**
 * What a run did.
 *
 * @example
 * ```ts
 * import type { RunResult } from "@climax/tool-index";
 *
 * const failed = (result: RunResult) => result.exitCode !== 0 || result.timedOut;
 * ```
 */
export interface RunResult {
  /** The command line that ran (or was to run). */
  commandLine: CommandLine;
  /** The exit code; -1 when the program could not start or was stopped at its timeout. */
  exitCode: number;
  /** Standard output, up to the bound. */
  stdout: string;
  /** Standard error, up to the bound; says why when the program did not start or timed out. */
  stderr: string;
  /** Whether it was stopped at its timeout. */
  timedOut: boolean;
  /** When a stream wrote more than the bound: the bytes each wrote in all, and the bound. */
  cut: { stdout: number; stderr: number; kept: number } | null;
}

/**
 * Runs `resolved` with `args`: checked by `checkArguments` (nothing runs when they are refused),
 * built by `buildCommandLine`, started with `Deno.Command` (never a shell; needs
 * `--allow-run`), killed at its timeout. The config's env is set over the inherited environment.
 *
 * @throws {InvalidArgumentsError} When the arguments are refused.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runResultText, runTool, ToolIndex, validateConfig } from "@climax/tool-index";
 *
 * const index = ToolIndex.fromConfigs([validateConfig({
 *   command: "echo",
 *   tools: [{ name: "say", description: "Print words", args: [{ name: "words", positional: true }] }],
 * })]);
 * const result = await runTool(index.get("say")!, { words: "hello" });
 * assert.equal(result.exitCode, 0);
 * assert.equal(runResultText(result).trim(), "hello");
 * ```
 */
export async function runTool(
  resolved: ResolvedTool,
  args: unknown,
  options: RunOptions = {},
): Promise<RunResult> {
  const checked = checkArguments(resolved, args);
  const getEnv = options.getEnv ?? ((name: string) => Deno.env.get(name));
  const commandLine = buildCommandLine(resolved, checked, getEnv, options.executor);
  const seconds = options.timeoutSeconds ?? resolved.tool.timeout ?? DEFAULT_TIMEOUT_SECONDS;
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const failed = (stderr: string): RunResult => ({
    commandLine,
    exitCode: -1,
    stdout: "",
    stderr,
    timedOut: false,
    cut: null,
  });

  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(commandLine.command, {
      args: commandLine.args,
      cwd: commandLine.cwd ?? undefined,
      env: commandLine.env,
      stdin: commandLine.stdin === null ? "null" : "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return failed(`Command not found: ${commandLine.command}`);
    }
    if (error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied) {
      return failed(`Not allowed to run ${commandLine.command}: ${(error as Error).message}`);
    }
    return failed(`Could not start ${commandLine.command}: ${(error as Error).message}`);
  }

  const stdout = new BoundedReader(child.stdout, limit);
  const stderr = new BoundedReader(child.stderr, limit);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      child.kill("SIGKILL");
    } catch {
      // It ended meanwhile.
    }
    // A program's own children may hold its pipes open after it is gone: stop waiting for them.
    stdout.stop();
    stderr.stop();
  }, seconds * 1000);
  try {
    if (commandLine.stdin !== null) await feed(child.stdin, commandLine.stdin);
    const [status] = await Promise.all([child.status, stdout.done, stderr.done]);
    const cut = stdout.total > limit || stderr.total > limit
      ? { stdout: stdout.total, stderr: stderr.total, kept: limit }
      : null;
    if (timedOut) {
      return {
        commandLine,
        exitCode: -1,
        stdout: stdout.text(),
        stderr: `Command timed out after ${seconds}s`,
        timedOut,
        cut,
      };
    }
    return {
      commandLine,
      exitCode: status.code,
      stdout: stdout.text(),
      stderr: stderr.text(),
      timedOut,
      cut,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A run as an agent reads it, as CLImax words it: standard output, then `[stderr]` and standard
 * error, then `[exit code: N]` unless it is 0, each trimmed and left out when empty, `(no output)`
 * when nothing is left; and, past CLImax, a line saying so when output was cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runResultText } from "@climax/tool-index";
 *
 * const commandLine = { command: "false", args: [], cwd: null, stdin: null, env: {} };
 * const result = { commandLine, exitCode: 1, stdout: "", stderr: "", timedOut: false, cut: null };
 * assert.equal(runResultText(result), "[exit code: 1]");
 * ```
 */
export function runResultText(result: RunResult): string {
  const parts: string[] = [];
  if (result.stdout.trim() !== "") parts.push(result.stdout.trim());
  if (result.stderr.trim() !== "") parts.push(`[stderr]\n${result.stderr.trim()}`);
  if (result.exitCode !== 0) parts.push(`[exit code: ${result.exitCode}]`);
  if (result.cut !== null) {
    parts.push(
      `[output cut: standard output wrote ${result.cut.stdout} bytes and standard error ${result.cut.stderr}; only the first ${result.cut.kept} bytes of each are shown]`,
    );
  }
  return parts.length > 0 ? parts.join("\n\n") : "(no output)";
}

/** Writes `text` to a child's standard input and closes it; a child that quit early is fine. */
async function feed(stdin: WritableStream<Uint8Array>, text: string): Promise<void> {
  const writer = stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(text));
    await writer.close();
  } catch {
    // The program closed its input without reading all of it.
  }
}

/** Reads a stream to its end, keeping its first `limit` bytes and counting the rest. */
class BoundedReader {
  readonly done: Promise<void>;
  total = 0;
  readonly #chunks: Uint8Array[] = [];
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #limit: number;
  #kept = 0;

  constructor(stream: ReadableStream<Uint8Array>, limit: number) {
    this.#reader = stream.getReader();
    this.#limit = limit;
    this.done = this.#read();
  }

  async #read(): Promise<void> {
    try {
      for (;;) {
        const { done, value } = await this.#reader.read();
        if (done) return;
        this.total += value.byteLength;
        const room = this.#limit - this.#kept;
        if (room <= 0) continue;
        const kept = value.byteLength > room ? value.subarray(0, room) : value;
        this.#chunks.push(kept);
        this.#kept += kept.byteLength;
      }
    } catch {
      // Cancelled by `stop`.
    }
  }

  /** Stops reading: what was read is kept. */
  stop(): void {
    this.#reader.cancel().catch(() => {});
  }

  /** The kept bytes as text, with U+FFFD for a character cut at the bound. */
  text(): string {
    const bytes = new Uint8Array(this.#kept);
    let at = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return new TextDecoder().decode(bytes);
  }
}
