// `validate`: checks config files and reports every problem with its file, line and column.
import { ConfigError } from "../errors.ts";
import { isMcpConfigText, parseMcpConfig } from "../config/mcp_config.ts";
import { readConfigYaml } from "../config/parse.ts";
import { validateConfigData } from "../config/validate.ts";
import { bundledConfigs, loadCatalogue } from "../catalogue/load.ts";
import { fileKindOf, sourceParser } from "../catalogue/source_kinds.ts";
import type { CLImaxConfig } from "../types.ts";
import { parseCommandArgs, UsageError } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { expandInputs, readInputText, SOURCE_INPUTS, UnreadableError } from "./_inputs.ts";
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, type Io } from "./_io.ts";
import { checkPolicyFile } from "./_policy_check.ts";
import { byPosition, type CheckedFile, printReport, reportJson, summarize } from "./_report.ts";
import {
  type CheckedConfig,
  configWarnings,
  duplicateToolWarnings,
  type Warning,
} from "./_warnings.ts";

/** The files that may be MCP client configs, which are named by their clients, not by kind. */
const JSON_FILE = /\.json$/i;

const USAGE = `${PROGRAM} validate [--strict] [--json] [--policy FILE] <file or directory>...`;

/** The `validate` command. */
export const validateCommand: Command = {
  name: "validate",
  summary: "Check configs and MCP tool lists; report every problem with its file, line and column",
  usage: USAGE,
  help: `Check CLImax configs, MCP tool lists and MCP client configs, and report every
problem with its file, line and column.

Usage: ${USAGE}

A directory stands for its *.yaml, *.yml and *.mcp.json files (not its
subdirectories'). A *.mcp.json file is an MCP tool list: a JSON object with the
server's name (and optionally title, description, url, category, tags) and its
tools exactly as tools/list returns them.
A .json file with "mcpServers" (or VS Code's "servers") is an MCP client config,
each server's entry checked; nothing is started and no \${VAR} is expanded.
Each problem is printed as file:line:column: path: message, with the file's line
and a caret under the column, then a summary line.

Errors make a config invalid: what the format refuses, and two arguments of one
tool with one name. Warnings flag what is probably a mistake, in invalid configs
too:
  - a key the format does not know (with "did you mean" for a near miss)
  - an enum on a tool argument that is not of type string
  - a tool argument's default of another type than the argument
  - a tool name already used in an earlier file or tool (the later one wins)
  - a tool description that is empty, one word, or only the tool's name
  - an enum whose default is not one of its values
  - a positional argument with a flag
  - a required argument with a default

--policy checks a CLImax policy file too, against the valid configs named (the
bundled ones when none is): its format, then a constraint on an argument of the
wrong type (an error), and a tool or argument the configs lack or a default the
constraint refuses (warnings). A directory's *.policy.yaml files are policies,
never read as configs.

Options:
  --strict         Fail (exit status 1) on any warning too
  --json           Print the files, errors, warnings and counts as JSON
  --policy FILE    Check this policy file against the configs
  -h, --help       Show this help

Exit status: 0 all valid, 1 some config invalid (or any warning under --strict),
2 a usage error or a file that cannot be read.`,
  run: validate,
};

async function validate(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    strict: { type: "boolean" },
    json: { type: "boolean" },
    policy: { type: "string" },
  });
  if (values.help) {
    io.out(validateCommand.help);
    return EXIT_OK;
  }
  if (positionals.length === 0 && values.policy === undefined) {
    throw new UsageError("Name at least one config file or directory");
  }

  const checked: CheckedFile[] = [];
  const configs: { checked: CheckedFile; config: CheckedConfig }[] = [];
  const valid: CLImaxConfig[] = [];
  const servers = new Map<string, string[] | null>();
  for (const { file, unreadable } of await expandInputs(positionals, SOURCE_INPUTS)) {
    const result = unreadable === undefined
      ? await checkFile(file)
      : { checked: unreadableFile(file, unreadable) };
    checked.push(result.checked);
    if (result.config) configs.push({ checked: result.checked, config: result.config });
    if (result.valid) valid.push(result.valid);
    for (const server of result.servers ?? []) servers.set(server.name, server.tools);
  }
  // The start's own rules for a directory: its sources loaded as the service loads them, a file
  // whose tools clash with an earlier file's refused as the start refuses it.
  for (const dir of await directoriesOf(positionals)) {
    const { errors } = await loadCatalogue(dir, { warn: () => {} });
    for (const error of errors) {
      const file = checked.find((entry) => entry.valid && samePath(entry.file, error.source, dir));
      if (file === undefined) continue;
      file.valid = false;
      file.errors = [...file.errors, ...error.issues];
    }
  }
  const duplicates = duplicateToolWarnings(configs.map(({ config }) => config));
  configs.forEach(({ checked, config }, i) => {
    checked.warnings = [...checked.warnings, ...configWarnings(config), ...duplicates[i]]
      .sort(byPosition);
  });
  if (values.policy !== undefined) {
    const against = positionals.length === 0 ? await bundledConfigs() : valid;
    checked.push(await checkPolicyFile(values.policy, against, servers));
  }

  if (values.json) io.out(reportJson(checked));
  else printReport(checked, io);

  const summary = summarize(checked);
  if (summary.unreadable > 0) return EXIT_USAGE;
  if (summary.invalid > 0 || (values.strict && summary.warnings > 0)) return EXIT_INVALID;
  return EXIT_OK;
}

/**
 * Reads and validates one file, collecting the warnings the library reports. A config whose
 * YAML reads as a mapping comes back with its plain data, valid or not, for the other checks,
 * and with the validated config when it is valid.
 */
async function checkFile(
  file: string,
): Promise<
  {
    checked: CheckedFile;
    config?: CheckedConfig;
    valid?: CLImaxConfig;
    servers?: { name: string; tools: string[] | null }[];
  }
> {
  const warnings: Warning[] = [];
  let text: string;
  try {
    text = await readInputText(file);
  } catch (error) {
    if (error instanceof UnreadableError) {
      return { checked: unreadableFile(file, error.message) };
    }
    if (error instanceof ConfigError) {
      return { checked: { file, readable: true, valid: false, errors: error.issues, warnings } };
    }
    throw error;
  }
  let config: CheckedConfig | undefined;
  try {
    // A config gets the checks below, with their coded warnings; another kind, its parser's.
    if (JSON_FILE.test(file) && isMcpConfigText(text)) {
      const servers = parseMcpConfig(text, { source: file });
      const stdio = servers.filter((server) => server.transport === "stdio").length;
      return {
        checked: {
          file,
          readable: true,
          valid: true,
          errors: [],
          warnings,
          text,
          servers: { stdio, http: servers.length - stdio },
        },
        // Their tools are not known without starting them: their names are.
        servers: servers.map((server) => ({ name: server.namespace, tools: null })),
      };
    }
    if (fileKindOf(file) !== "config") {
      const parse = await sourceParser({ warn: () => {}, strict: false });
      const source = parse(text, file, file);
      const checked = { file, readable: true, valid: true, errors: [], warnings, text };
      if (source.kind !== "tool_list") return { checked };
      const { name, tools } = source.toolList;
      return { checked, servers: [{ name, tools: tools.map((tool) => tool.name) }] };
    }
    const parsed = readConfigYaml(text, file);
    config = { source: file, data: parsed.value, locate: parsed.locate };
    const valid = validateConfigData(parsed.value, {
      source: file,
      onCodedWarning: (warning) => warnings.push(warning),
    }, parsed);
    return {
      checked: { file, readable: true, valid: true, errors: [], warnings, text },
      config,
      valid,
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      checked: { file, readable: true, valid: false, errors: error.issues, warnings, text },
      config,
    };
  }
}

function unreadableFile(file: string, message: string): CheckedFile {
  return { file, readable: false, valid: false, errors: [{ path: "", message }], warnings: [] };
}

/** The inputs that are directories. */
async function directoriesOf(inputs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const input of inputs) {
    try {
      if ((await Deno.stat(input)).isDirectory) found.push(input);
    } catch {
      // What cannot be read was reported with the files.
    }
  }
  return found;
}

/** Whether the checked file `file` is the file `source` (a name in `dir`, as a catalogue gives it). */
function samePath(file: string, source: string, dir: string): boolean {
  const name = source.slice(source.lastIndexOf("/") + 1);
  return file === source || file.replace(/\/+/g, "/") === `${dir.replace(/\/+$/, "")}/${name}`;
}
