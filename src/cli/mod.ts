/**
 * The command line for config authors: check CLImax configs before deploying them, see what
 * they expose, and search them as an agent would.
 *
 * ```sh
 * deno run -R jsr:@climax/tool-index/cli validate configs/   # every problem, with line and column
 * deno run -R jsr:@climax/tool-index/cli list --cli git      # the git tools as a table
 * deno run -R jsr:@climax/tool-index/cli search --mode ranked "list running containers"
 * deno run -R jsr:@climax/tool-index/cli schema > climax.schema.json
 * ```
 *
 * It needs `--allow-read` (`-R`) and nothing else. `<command> --help` describes each command.
 * Exit status: 0 success, 1 an invalid config (or a warning under `validate --strict`), 2 a
 * usage error or a file that cannot be read.
 *
 * @module
 */
// Ranked search reads the related-words table: it comes with the command line as a JSON module,
// which works from JSR with only --allow-read for the configs.
import "../search/bundled_related_words.ts";
import { closest } from "../_suggest.ts";
import { UsageError } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { EXIT_OK, EXIT_USAGE, type Io, systemIo } from "./_io.ts";
import { listCommand } from "./_list_command.ts";
import { schemaCommand } from "./_schema_command.ts";
import { searchCommand } from "./_search_command.ts";
import { validateCommand } from "./_validate_command.ts";

const COMMANDS: readonly Command[] = [validateCommand, listCommand, searchCommand, schemaCommand];

const USAGE = `${PROGRAM} <command> [options]`;

const HELP = `${PROGRAM}: check, list and search CLImax configs.

Usage: ${USAGE}
  deno task cli <command>                          (in this project)
  deno run -R jsr:@climax/tool-index/cli <command>  (anywhere)

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(10)}${command.summary}`).join("\n")}

Options:
  -h, --help  Show this help; "<command> --help" shows a command's

Exit status: 0 success, 1 an invalid config (or a warning under validate --strict),
2 a usage error or a file that cannot be read.`;

/**
 * Runs the command line with the given arguments (the command, then its options and
 * arguments), writing to standard output and error, and resolves to the exit status: 0
 * success, 1 an invalid config, 2 a usage error or a file that cannot be read. Needs
 * `--allow-read`.
 *
 * @example Validate a directory of configs from a script
 * ```ts ignore
 * import { main } from "@climax/tool-index/cli";
 *
 * Deno.exitCode = await main(["validate", "--strict", "./configs"]);
 * ```
 */
export async function main(args: readonly string[]): Promise<number> {
  const io = systemIo();
  const [name, ...rest] = args;
  if (name === "-h" || name === "--help") {
    io.out(HELP);
    return EXIT_OK;
  }
  if (name === undefined) return usageError(io, "Name a command", USAGE, PROGRAM);
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const suggestion = closest(name, COMMANDS.map((candidate) => candidate.name));
    const message = name.startsWith("-")
      ? `Expected a command before the option "${name}"`
      : `Unknown command "${name}"${suggestion ? `; did you mean "${suggestion}"?` : ""}`;
    return usageError(io, message, USAGE, PROGRAM);
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return usageError(io, error.message, command.usage, `${PROGRAM} ${command.name}`);
  }
}

function usageError(io: Io, message: string, usage: string, helpOf: string): number {
  io.err(`${message}\nUsage: ${usage}\nRun "${helpOf} --help" for more.`);
  return EXIT_USAGE;
}

if (import.meta.main) Deno.exitCode = await main(Deno.args);
