// The checks of a config's tool arguments that their shape does not show: two arguments of one
// name (the input schema holds one), an enum on an argument that is not a string (the input
// schema then asks for a value no value is), and a default of another type than its argument.
// They read the plain
// data as it came, before and whatever the schema finds, so that a config with other problems
// is told of these too. Only a tool's own arguments are checked: they make its input schema,
// while global arguments are never given by an agent (their defaults are strings, often naming
// an environment variable).
import { describeValue } from "../_json_value.ts";
import { ARG_TYPES } from "./model_schemas.ts";
import type { DataPath, SourceMap } from "./yaml/data_path.ts";
import { fieldOf, itemsOf } from "./plain_data.ts";
import { quoteHint } from "./yaml/quote_hint.ts";

/** The kinds of warning the library reports, as the command line names them. */
export type LibraryWarningCode = "unknown-key" | "enum-not-string" | "default-wrong-type";

/** A problem at a path of the data. */
export interface Finding {
  path: DataPath;
  message: string;
}

/** A warning at a path of the data, and its kind. */
export interface WarningFinding extends Finding {
  code: LibraryWarningCode;
}

/** What the checks found: errors make the config invalid, warnings do not. */
export interface ArgFindings {
  errors: Finding[];
  warnings: WarningFinding[];
}

type ArgType = (typeof ARG_TYPES)[number];
const TYPES: ReadonlySet<unknown> = new Set(ARG_TYPES);

/**
 * The problems of the arguments of each tool of `config` (plain data, valid or not): the error
 * of a name used twice in one tool, and the warnings of an enum on an argument that is not of
 * type string and of a default of another type than its argument. `map` words the messages
 * with lines and as the YAML wrote them.
 */
export function argFindings(config: unknown, map?: SourceMap): ArgFindings {
  const found: ArgFindings = { errors: [], warnings: [] };
  itemsOf(fieldOf(config, "tools")).forEach((tool, i) => {
    const firstOf = new Map<string, number>();
    itemsOf(fieldOf(tool, "args")).forEach((arg, j) => {
      const at = ["tools", i, "args", j];
      const name = fieldOf(arg, "name");
      if (typeof name === "string") {
        const first = firstOf.get(name);
        if (first === undefined) firstOf.set(name, j);
        else found.errors.push(duplicate(name, [...at, "name"], ["tools", i, "args", first], map));
      }
      const type = fieldOf(arg, "type") ?? "string";
      if (!TYPES.has(type)) return;
      const choices = fieldOf(arg, "enum");
      if (type !== "string" && Array.isArray(choices) && choices.length > 0) {
        found.warnings.push({
          code: "enum-not-string",
          path: [...at, "enum"],
          message:
            `The enum's values are strings, but the argument's type is ${
              JSON.stringify(type)
            }: no value is both, so the input schema can never be satisfied; make the type string ` +
            "or remove the enum",
        });
      }
      const value = fieldOf(arg, "default");
      if (value !== undefined && value !== null && !isOfType(value, type as ArgType)) {
        const path = [...at, "default"];
        const hint = type === "string" && (typeof value === "number" || typeof value === "boolean")
          ? quoteHint(value, map?.written(path))
          : "";
        found.warnings.push({
          code: "default-wrong-type",
          path,
          message: `The argument is of type ${JSON.stringify(type)}, but its default is ${
            describeValue(value)
          }${hint}`,
        });
      }
    });
  });
  return found;
}

function duplicate(name: string, path: DataPath, first: DataPath, map?: SourceMap): Finding {
  const line = map?.locate([...first, "name"], "value")?.line;
  const where = `args[${String(first.at(-1))}]${line === undefined ? "" : ` (line ${line})`}`;
  return {
    path,
    message:
      `Duplicate argument name ${
        JSON.stringify(name)
      }, already the name of ${where}; the input schema has one property per name, so one ` +
      "argument would replace the other: rename one",
  };
}

function isOfType(value: unknown, type: ArgType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "number":
      return typeof value === "number";
    case "integer":
      return Number.isInteger(value);
  }
}
