// The checks `validate` makes beyond the format: things a valid config says that are probably
// not what its author meant, each located in the YAML.
import type { ConfigIssue } from "../errors.ts";
import type { CLImaxConfig, ToolArg, ToolDef } from "../types.ts";
import { type DataPath, formatPath, type Locator } from "../config/data_path.ts";

/** The kinds of warning, as `--json` names them. */
export type WarningCode =
  | "unknown-key"
  | "duplicate-tool"
  | "thin-description"
  | "default-not-in-enum"
  | "positional-with-flag"
  | "required-with-default";

/** A warning: an issue that does not make the config invalid, and its kind. */
export interface Warning extends ConfigIssue {
  code: WarningCode;
}

/** A valid config and where it came from, as the checks across files need it. */
export interface CheckedConfig {
  source: string;
  config: CLImaxConfig;
  locate: Locator;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The warnings of one valid config, tool by tool: tools whose description says nothing
 * (see `thinDescription`), and arguments whose settings contradict each other (an `enum` whose
 * `default` is outside it, a `positional` argument with a `flag`, a `required` one with a
 * `default`), in `global_args` and in each tool.
 */
export function configWarnings({ config, locate }: CheckedConfig): Warning[] {
  const warnings: Warning[] = [];
  const warn = (code: WarningCode, path: DataPath, message: string) =>
    warnings.push({ code, path: formatPath(path), message, ...locate(path, "value") });
  const checkArgs = (args: readonly ToolArg[], at: DataPath) =>
    args.forEach((arg, j) => {
      for (const [code, key, message] of argProblems(arg)) warn(code, [...at, j, key], message);
    });
  checkArgs(config.global_args, ["global_args"]);
  config.tools.forEach((tool, i) => {
    const thin = thinDescription(tool);
    if (thin !== undefined) warn("thin-description", ["tools", i, "description"], thin);
    checkArgs(tool.args, ["tools", i, "args"]);
  });
  return warnings;
}

/**
 * Why a tool's description is too thin for an agent to choose the tool by, if it is: it has
 * no word, only one word, or only words of the tool's own name ("git status" for
 * `git_status`). Words are runs of letters and digits, compared without case.
 */
export function thinDescription(tool: ToolDef): string | undefined {
  const words = tool.description.toLowerCase().match(WORD) ?? [];
  const advice = "say what the tool does, so that an agent can find and choose it";
  if (words.length === 0) return `The description is empty; ${advice}`;
  const quoted = JSON.stringify(tool.description.trim());
  if (words.length === 1) return `The description ${quoted} is a single word; ${advice}`;
  const name = new Set(tool.name.toLowerCase().match(WORD));
  if (words.every((word) => name.has(word))) {
    return `The description ${quoted} only repeats the tool name; ${advice}`;
  }
  return undefined;
}

function argProblems(arg: ToolArg): [WarningCode, keyof ToolArg, string][] {
  const problems: [WarningCode, keyof ToolArg, string][] = [];
  if (
    arg.enum !== null && arg.default !== null &&
    !(typeof arg.default === "string" && arg.enum.includes(arg.default))
  ) {
    problems.push([
      "default-not-in-enum",
      "default",
      `The default ${JSON.stringify(arg.default)} is not one of the enum values ${
        arg.enum.map((value) => JSON.stringify(value)).join(", ")
      }`,
    ]);
  }
  if (arg.positional && arg.flag !== null) {
    problems.push([
      "positional-with-flag",
      "flag",
      `The argument is positional, so its flag ${
        JSON.stringify(arg.flag)
      } is never used; remove one or the other`,
    ]);
  }
  if (arg.required && arg.default !== null) {
    problems.push([
      "required-with-default",
      "default",
      "The argument is required, so its default is never used; remove one or the other",
    ]);
  }
  return problems;
}

/**
 * A warning at each tool whose name an earlier tool already has, in these configs or an
 * earlier one, in load order: in an index, the later tool replaces the earlier one. The
 * result has one list per config, in the order given.
 */
export function duplicateToolWarnings(configs: readonly CheckedConfig[]): Warning[][] {
  const first = new Map<string, string>();
  return configs.map(({ source, config, locate }) => {
    const warnings: Warning[] = [];
    config.tools.forEach((tool, i) => {
      const path = ["tools", i, "name"];
      const position = locate(path, "value");
      const earlier = first.get(tool.name);
      if (earlier === undefined) {
        first.set(tool.name, position ? `${source}:${position.line}:${position.column}` : source);
        return;
      }
      warnings.push({
        code: "duplicate-tool",
        path: formatPath(path),
        message: `Duplicate tool name ${
          JSON.stringify(tool.name)
        }, first defined at ${earlier}; in an index the later tool replaces the earlier one`,
        ...position,
      });
    });
    return warnings;
  });
}
