// Command-line options through node:util's parseArgs, Node's maintained parser, which Deno
// provides built in (JSR, and with it @std/cli, is out of reach here). Its own errors are kept,
// except for an unknown option, which gets a "did you mean" like the library's unknown keys.
import { parseArgs } from "node:util";
import { closest } from "../_suggest.ts";

/** A wrong command line: the caller prints the message with the command's usage, and exits 2. */
export class UsageError extends Error {
  /** Makes the error; the message says what is wrong, in sentence case. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** One option a command takes: a switch, or one that takes a value. */
export interface OptionSpec {
  type: "boolean" | "string";
  short?: string;
}

/** What parsing found: each option given, by name, and the other arguments in order. */
export interface ParsedArgs<O extends Record<string, OptionSpec>> {
  values: { [K in keyof O]?: O[K]["type"] extends "boolean" ? boolean : string };
  positionals: string[];
}

/** Every command takes `--help` (`-h`). */
const HELP = { help: { type: "boolean", short: "h" } } as const;

/**
 * Parses a command's arguments. Options may come before, between or after the other
 * arguments; `--` ends the options.
 *
 * @throws {UsageError} For an unknown option, a missing value, or a value given to a switch.
 */
export function parseCommandArgs<O extends Record<string, OptionSpec>>(
  args: readonly string[],
  options: O,
): ParsedArgs<O & typeof HELP> {
  const all = { ...options, ...HELP };
  // A lenient pass first: it names an unknown option, where the strict pass only throws.
  const { tokens } = parseArgs({
    args: [...args],
    options: all,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind === "option" && !Object.hasOwn(all, token.name)) {
      const suggestion = closest(token.name, Object.keys(all));
      throw new UsageError(
        suggestion === undefined
          ? `Unknown option "${token.rawName}"`
          : `Unknown option "${token.rawName}"; did you mean "--${suggestion}"?`,
      );
    }
  }
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: all,
      strict: true,
      allowPositionals: true,
    });
    return { values: values as ParsedArgs<O & typeof HELP>["values"], positionals };
  } catch (error) {
    if (error instanceof TypeError && /^ERR_PARSE_ARGS/.test(String(codeOf(error)))) {
      throw new UsageError(error.message.split("\n")[0]);
    }
    throw error;
  }
}

function codeOf(error: Error): unknown {
  return "code" in error ? error.code : undefined;
}
