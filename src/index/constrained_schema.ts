// A tool's input schema under a policy: each constraint of the policy on its property, so that
// an agent reads the bounds that calls are checked with.
import type { ArgConstraint } from "../types.ts";

/**
 * `schema` (as `buildInputSchema` makes it) with each constraint on its property: `pattern` as
 * the whole-value match that calls are checked with, `minimum` and `maximum`.
 */
export function constrainedSchema(
  schema: Record<string, unknown>,
  constraints: Readonly<Record<string, ArgConstraint>>,
): Record<string, unknown> {
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  for (const [name, { pattern, min, max }] of Object.entries(constraints)) {
    const property = properties[name];
    if (property === undefined) continue;
    if (pattern !== null) property.pattern = wholeValuePattern(pattern);
    if (min !== null) property.minimum = min;
    if (max !== null) property.maximum = max;
  }
  return schema;
}

/**
 * A JSON Schema `pattern` (which matches anywhere in the value) that matches what `pattern`
 * matches in full, as calls are checked: as written when it is plainly anchored at both ends
 * with no alternation, else wrapped in `^(?:…)$`.
 */
function wholeValuePattern(pattern: string): string {
  const anchored = pattern.startsWith("^") && /(?:^|[^\\])(?:\\\\)*\$$/.test(pattern) &&
    !pattern.includes("|");
  return anchored ? pattern : `^(?:${pattern})$`;
}
