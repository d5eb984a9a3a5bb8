// The checks `validate` makes beyond the format: things a config says that are probably not
// what its author meant, each located in the YAML. They read the config's plain data, so that a
// config with errors is told of these too.
import type { ConfigIssue } from "../errors.ts";
import type { ToolDef } from "../types.ts";
import { type DataPath, formatPath, type Locator } from "../config/yaml/data_path.ts";
import { fieldOf, itemsOf } from "../config/plain_data.ts";
import type { LibraryWarningCode } from "../config/validate.ts";
import type { PolicyWarningCode } from "../config/policy/findings.ts";

/** The kinds of warning, as `--json` names them: the library's, and the command line's own. */
export type WarningCode =
  | LibraryWarningCode
  | PolicyWarningCode
  | "duplicate-tool"
  | "thin-description"
  | "default-not-in-enum"
  | "positional-with-flag"
  | "required-with-default";

/** A warning: an issue that does not make the config invalid, and its kind. */
export interface Warning extends ConfigIssue {
  code: WarningCode;
}

/** A config's plain data (valid or not) and where it came from, as the checks need it. */
export interface CheckedConfig {
  source: string;
  /** The mapping the YAML holds. */
  data: unknown;
  locate: Locator;
}

/** An argument's settings these checks read, defaulted as the format defaults them. */
interface ArgSettings {
  required: boolean;
  default: unknown;
  flag: string | null;
  positional: boolean;
  enum: string[] | null;
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The warnings of one config, tool by tool: tools whose description says nothing (see
 * `thinDescription`), and arguments whose settings contradict each other (an `enum` whose
 * `default` is outside it, a `positional` argument with a `flag`, a `required` one with a
 * `default`), in `global_args` and in each tool. A part that is not what the format says (a
 * description that is not a string) is left to the errors.
 */
export function configWarnings({ data, locate }: CheckedConfig): Warning[] {
  const warnings: Warning[] = [];
  const warn = (code: WarningCode, path: DataPath, message: string) =>
    warnings.push({ code, path: formatPath(path), message, ...locate(path, "value") });
  const checkArgs = (args: unknown, at: DataPath) =>
    itemsOf(args).forEach((arg, j) => {
      for (const [code, key, message] of argProblems(argSettings(arg))) {
        warn(code, [...at, j, key], message);
      }
    });
  checkArgs(fieldOf(data, "global_args"), ["global_args"]);
  itemsOf(fieldOf(data, "tools")).forEach((tool, i) => {
    const name = fieldOf(tool, "name");
    const description = fieldOf(tool, "description");
    if (typeof description === "string") {
      const thin = thinDescription({ name: typeof name === "string" ? name : "", description });
      if (thin !== undefined) warn("thin-description", ["tools", i, "description"], thin);
    }
    checkArgs(fieldOf(tool, "args"), ["tools", i, "args"]);
  });
  return warnings;
}

function argSettings(arg: unknown): ArgSettings {
  const flag = fieldOf(arg, "flag");
  const choices = fieldOf(arg, "enum");
  return {
    required: fieldOf(arg, "required") === true,
    default: fieldOf(arg, "default") ?? null,
    flag: typeof flag === "string" ? flag : null,
    positional: fieldOf(arg, "positional") === true,
    enum: Array.isArray(choices) && choices.every((choice) => typeof choice === "string")
      ? choices
      : null,
  };
}

/**
 * Why a tool's description is too thin for an agent to choose the tool by, if it is: it has
 * no word, only one word, or only words of the tool's own name ("git status" for
 * `git_status`). Words are runs of letters and digits, compared without case.
 */
export function thinDescription(tool: Pick<ToolDef, "name" | "description">): string | undefined {
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

function argProblems(arg: ArgSettings): [WarningCode, keyof ArgSettings, string][] {
  const problems: [WarningCode, keyof ArgSettings, string][] = [];
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
 * earlier one, in load order, saying what each reader makes of it: a `ToolIndex` keeps the
 * later tool alone; the service keeps both when their namespaces differ, and refuses two
 * definitions of one ID. The result has one list per config, in the order given.
 */
export function duplicateToolWarnings(configs: readonly CheckedConfig[]): Warning[][] {
  const first = new Map<string, { place: string; namespace: unknown }>();
  return configs.map(({ source, data, locate }) => {
    const warnings: Warning[] = [];
    const namespace = fieldOf(data, "name");
    itemsOf(fieldOf(data, "tools")).forEach((tool, i) => {
      const name = fieldOf(tool, "name");
      if (typeof name !== "string") return;
      const path = ["tools", i, "name"];
      const position = locate(path, "value");
      const earlier = first.get(name);
      if (earlier === undefined) {
        const place = position ? `${source}:${position.line}:${position.column}` : source;
        first.set(name, { place, namespace });
        return;
      }
      const service = earlier.namespace === namespace
        ? "the service refuses to start unless both define it alike, for both have one ID"
        : "the service keeps both, each under its ID (namespace:name)";
      warnings.push({
        code: "duplicate-tool",
        path: formatPath(path),
        message: `Duplicate tool name ${
          JSON.stringify(name)
        }, first defined at ${earlier.place}; a ToolIndex keeps the later tool alone, and ${service}`,
        ...position,
      });
    });
    return warnings;
  });
}
