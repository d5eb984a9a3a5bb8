/**
 * Tool IDs of a `ToolRegistry`: `namespace:name`.
 *
 * @module
 */

/**
 * The ID of the tool `name` of `namespace`: `namespace:name`. An ID is read up to its first
 * `:`, so a `:` or `%` in the namespace is written percent-encoded (`%3A`, `%25`); the name is
 * written as it is, `:` and all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolId } from "@climax/tool-index";
 *
 * assert.equal(toolId("github", "search_issues"), "github:search_issues");
 * assert.equal(toolId("a:b", "c:d"), "a%3Ab:c:d");
 * ```
 */
export function toolId(namespace: string, name: string): string {
  return `${namespace.replaceAll("%", "%25").replaceAll(":", "%3A")}:${name}`;
}

/**
 * The namespace and name of an ID that `toolId` wrote; `undefined` for a string without `:`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseToolId } from "@climax/tool-index";
 *
 * assert.deepEqual(parseToolId("a%3Ab:c:d"), { namespace: "a:b", name: "c:d" });
 * ```
 */
export function parseToolId(id: string): { namespace: string; name: string } | undefined {
  const colon = id.indexOf(":");
  if (colon === -1) return undefined;
  const namespace = id.slice(0, colon).replace(
    /%(25|3A)/gi,
    (escape) => escape === "%25" ? "%" : ":",
  );
  return { namespace, name: id.slice(colon + 1) };
}
