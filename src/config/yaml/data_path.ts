// Where a value stands: a path into plain data, and a locator from such paths to lines and
// columns of the YAML text behind the data.

/** A path into plain data, as zod reports it, such as `["tools", 2, "args", 0, "type"]`. */
export type DataPath = readonly PropertyKey[];

/** Finds the line and column of the node at a path (or of the key that names it). */
export type Locator = (
  path: DataPath,
  at: "value" | "key",
) => { line: number; column: number } | undefined;

/** Renders a data path like `tools[2].args[0].type`. */
export function formatPath(path: DataPath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_$][\w$-]*$/.test(key)
        ? (out === "" ? key : `.${key}`)
        : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/**
 * The text of the plain scalar at a path as the YAML wrote it, such as `0755` for the number
 * 493 or `yes` for `true`; `undefined` when there is no such scalar (or no YAML behind the data).
 */
export type WrittenText = (path: DataPath) => string | undefined;

/** Where the parts of plain data stand in the YAML text behind them, and how they were written. */
export interface SourceMap {
  locate: Locator;
  written: WrittenText;
}
