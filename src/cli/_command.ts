// What every command of the command line is made of.
import type { Io } from "./_io.ts";

/** One command: its name, what it does, its help text, and how to run it. */
export interface Command {
  /** The word that selects it, such as `validate`. */
  name: string;
  /** One line for the program's help. */
  summary: string;
  /** The usage line, shown with a usage error. */
  usage: string;
  /** The full text of `<command> --help`. */
  help: string;
  /**
   * Runs the command with the arguments after its name, and resolves to the exit status.
   *
   * @throws {UsageError} When the arguments are wrong.
   */
  run(args: readonly string[], io: Io): Promise<number>;
}

/** Whether the program runs from files of its own, a clone's, rather than from JSR. */
export const LOCAL: boolean = import.meta.url.startsWith("file:");

/**
 * The command that runs the program, in usage and help texts: the task of a clone, or the
 * package's command where it runs from JSR.
 */
export const PROGRAM: string = LOCAL
  ? "deno task cli"
  : "deno run --allow-read jsr:@climax/tool-index/cli";
