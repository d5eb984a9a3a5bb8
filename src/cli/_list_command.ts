// `list`: each CLI's tools as a table: name, description, command line and arguments.
import type { CLImaxConfig, ToolArg } from "../types.ts";
import type { McpToolList } from "../config/mcp_tool_list.ts";
import { closest } from "../_suggest.ts";
import { parseCommandArgs } from "./_args.ts";
import { type Command, PROGRAM } from "./_command.ts";
import { EXIT_INVALID, EXIT_OK, type Io, PIPED_WIDTH } from "./_io.ts";
import { loadInputs } from "./_inputs.ts";
import { renderTable, wrapText } from "./_table.ts";

const USAGE = `${PROGRAM} list [--cli NAME] [file or directory]...`;

/** The `list` command. */
export const listCommand: Command = {
  name: "list",
  summary: "Show each CLI's tools, command lines and arguments as tables",
  usage: USAGE,
  help: `Show each CLI's tools as a table: name, description, command line, and
arguments with their type, flag, required, default and enum.

Usage: ${USAGE}

With no file or directory, lists the bundled configs. Tables fit the terminal's
width (${PIPED_WIDTH} columns when the output is not a terminal) by wrapping the
description, command and argument columns.

Options:
  --cli NAME  Only the CLI with this name (case-insensitive)
  -h, --help  Show this help

Exit status: 0 listed, 1 an invalid config or no CLI of that name, 2 a usage error
or a file that cannot be read.`,
  run: list,
};

async function list(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { cli: { type: "string" } });
  if (values.help) {
    io.out(listCommand.help);
    return EXIT_OK;
  }
  const loaded = await loadInputs(positionals, io);
  if ("status" in loaded) return loaded.status;
  let configs = loaded.configs;
  let toolLists = loaded.toolLists;
  if (values.cli !== undefined) {
    const wanted = values.cli.toLowerCase();
    configs = configs.filter((config) => config.name.toLowerCase() === wanted);
    toolLists = toolLists.filter((toolList) => toolList.name.toLowerCase() === wanted);
    if (configs.length === 0 && toolLists.length === 0) {
      const names = [...loaded.configs, ...loaded.toolLists].map((source) => source.name);
      const suggestion = closest(values.cli, names);
      io.err(
        suggestion === undefined
          ? `No CLI is named "${values.cli}"; the CLIs are ${names.join(", ")}`
          : `No CLI is named "${values.cli}"; did you mean "${suggestion}"?`,
      );
      return EXIT_INVALID;
    }
  }
  const tables = [
    ...configs.map((config) => cliTable(config, io)),
    ...toolLists.map((toolList) => serverTable(toolList, io)),
  ];
  tables.forEach((lines, i) => {
    if (i > 0) io.out("");
    for (const line of lines) io.out(line);
  });
  return EXIT_OK;
}

/** An MCP server's heading (name, description, facts) and the table of its tools. */
function serverTable(toolList: McpToolList, io: Io): string[] {
  const { color } = io;
  const { name, description, tools } = toolList;
  const facts = [`${tools.length} ${tools.length === 1 ? "tool" : "tools"}`, "MCP tool list"];
  if (toolList.category !== null) facts.push(`category ${toolList.category}`);
  const title = wrapText(description ? `${name}: ${description}` : name, io.width, 2);
  if (title[0].startsWith(name)) {
    title[0] = color.bold(color.cyan(name)) + title[0].slice(name.length);
  }
  const lines = [...title, ...wrapText(facts.join(" · "), io.width, 2).map(color.dim)];
  if (tools.length === 0) return lines;
  const rows = tools.map((tool) => {
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: unknown }>;
    const required = new Set(
      Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [],
    );
    const args = Object.entries(properties).map(([arg, schema]) =>
      [`${arg}: ${typeof schema?.type === "string" ? schema.type : "any"}`]
        .concat(required.has(arg) ? ["required"] : []).join(", ")
    );
    return [tool.name, tool.description ?? "", args.join("\n")];
  });
  return [
    ...lines,
    "",
    ...renderTable(
      [
        { header: "tool", style: color.green },
        { header: "description", wrap: true },
        { header: "args", wrap: true, hang: 2 },
      ],
      rows,
      io.width,
      color.bold,
    ),
  ];
}

/** A CLI's heading (name, description, facts) and the table of its tools. */
function cliTable(config: CLImaxConfig, io: Io): string[] {
  const { color } = io;
  const count = `${config.tools.length} ${config.tools.length === 1 ? "tool" : "tools"}`;
  const facts = [count, `command ${config.command}`];
  if (config.category !== null) facts.push(`category ${config.category}`);
  if (config.tags.length > 0) facts.push(`tags ${config.tags.join(", ")}`);
  if (config.working_dir !== null) facts.push(`working directory ${config.working_dir}`);
  const title = wrapText(
    config.description ? `${config.name}: ${config.description}` : config.name,
    io.width,
    2,
  );
  if (title[0].startsWith(config.name)) {
    title[0] = color.bold(color.cyan(config.name)) + title[0].slice(config.name.length);
  }
  const lines = [...title, ...wrapText(facts.join(" · "), io.width, 2).map(color.dim)];
  if (config.global_args.length > 0) {
    const globals = `global args: ${config.global_args.map(describeArg).join("; ")}`;
    lines.push(...wrapText(globals, io.width, 2).map(color.dim));
  }
  if (config.tools.length === 0) return lines;
  lines.push("");
  const rows = config.tools.map((tool) => [
    tool.name,
    tool.description,
    [config.command, tool.command].filter((part) => part !== "").join(" "),
    tool.args.map(describeArg).join("\n"),
  ]);
  return [
    ...lines,
    ...renderTable(
      [
        { header: "tool", style: color.green },
        { header: "description", wrap: true },
        { header: "command", wrap: true, hang: 2 },
        { header: "args", wrap: true, hang: 2 },
      ],
      rows,
      io.width,
      color.bold,
    ),
  ];
}

/**
 * An argument on one line: `name: type`, then how it is passed (its flag, or positional, cwd,
 * stdin), whether it is required, its default and its allowed values.
 */
function describeArg(arg: ToolArg): string {
  const parts = [`${arg.name}: ${arg.type}`];
  if (arg.flag !== null) parts.push(arg.flag);
  if (arg.positional) parts.push("positional");
  if (arg.cwd) parts.push("sets the working directory");
  if (arg.stdin) parts.push("piped to stdin");
  if (arg.required) parts.push("required");
  if (arg.default !== null) parts.push(`default ${JSON.stringify(arg.default)}`);
  if (arg.enum !== null) parts.push(`one of ${arg.enum.join("|")}`);
  return parts.join(", ");
}
