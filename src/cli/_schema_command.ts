// `schema`: the JSON Schema of the config format, for editors and other validators.
import { configJsonSchema } from "../config/json_schema.ts";
import { parseCommandArgs, UsageError } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { EXIT_OK, type Io } from "./_io.ts";

const USAGE = `${PROGRAM} schema`;

/** The `schema` command. */
export const schemaCommand: Command = {
  name: "schema",
  summary: "Print the JSON Schema of the config format",
  usage: USAGE,
  help: `Print the JSON Schema (draft 2020-12) of the CLImax config format: the document
the service serves at GET /schema/config.json.

Usage: ${USAGE}

Save it beside your configs and point your editor at it with a first line such as
  # yaml-language-server: $schema=./climax.schema.json
for completion and checking as you type.

Options:
  -h, --help  Show this help`,
  run: schema,
};

function schema(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {});
  if (values.help) {
    io.out(schemaCommand.help);
  } else if (positionals.length > 0) {
    throw new UsageError(`The schema command takes no argument, got "${positionals[0]}"`);
  } else {
    io.out(JSON.stringify(configJsonSchema(), null, 2));
  }
  return Promise.resolve(EXIT_OK);
}
