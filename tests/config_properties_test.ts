// Whatever text or value a config is made of, parsing and validating it either give a config
// or throw a ConfigError that says what is wrong: nothing else, and never slowly.
import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import YAML from "yaml";
import { type CLImaxConfig, ConfigError, parseConfig, validateConfig } from "../mod.ts";
import { dockerConfig, gitConfig } from "./_fixtures.ts";

const quiet = { onWarning: () => {} };
/** Far above what any of these inputs needs, far below what a hang would take. */
const BOUND_MS = 2000;

/** Runs `parse` and returns the config, or undefined for a ConfigError with issues. */
function outcome(parse: () => CLImaxConfig): CLImaxConfig | undefined {
  const started = performance.now();
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    assert.ok(error.issues.length >= 1, "a ConfigError has at least one issue");
    for (const issue of error.issues) assert.ok(issue.message.length > 0);
    return undefined;
  } finally {
    const elapsed = performance.now() - started;
    assert.ok(elapsed < BOUND_MS, `took ${elapsed.toFixed(0)} ms`);
  }
}

/** A valid config survives a JSON round trip and validation again unchanged. */
function assertStable(config: CLImaxConfig): void {
  // In JSON's terms: it has no -0, which a mutation may put where any value is kept.
  const json = JSON.parse(JSON.stringify(config));
  assert.deepEqual(JSON.parse(JSON.stringify(validateConfig(json, quiet))), json);
}

/** YAML-ish text: keys, indentation, flow collections, anchors, tags and quotes. */
const yamlish = fc.array(
  fc.oneof(
    fc.constantFrom(
      "command: x\n",
      "tools:\n",
      "  - name: a\n",
      "    description: b\n",
      "    args:\n",
      "      - { name: c, type: integer, default: 3 }\n",
      "&a [*a]\n",
      "<<: *a\n",
      "!!binary AAAA\n",
      "? complex\n",
      "- - - \n",
      '"unterminated\n',
      "key: 'x''y'\n",
      "\t\n",
      "---\n",
      "...\n",
      "%YAML 1.2\n",
      "|\n  block\n",
      "{[}]\n",
      "name: &n v\ncategory: *n\n",
    ),
    fc.string({ maxLength: 20 }),
  ),
  { maxLength: 30 },
).map((parts) => parts.join(""));

Deno.test("parseConfig() on any text gives a config or a ConfigError, in bounded time", () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ maxLength: 400, unit: "binary" }), yamlish),
      (text) => {
        const config = outcome(() => parseConfig(text, { ...quiet, source: "fuzz.yaml" }));
        if (config) assertStable(config);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("validateConfig() on any JSON-like value gives a config or a ConfigError", () => {
  fc.assert(
    fc.property(fc.anything({ maxDepth: 4, withNullPrototype: true, withMap: true }), (value) => {
      const config = outcome(() => validateConfig(value as never, quiet));
      if (config) assertStable(config);
    }),
    { numRuns: 2000 },
  );
});

// A valid config with one part replaced: a key removed, a value of another type, a string
// where a list was, and so on, anywhere in the tree.
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => out.push(...paths(item, [...prefix, i])));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  }
  return out;
}

function replaced(value: Json, path: (string | number)[], next: Json | undefined): Json {
  if (path.length === 0) return next ?? null;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (next === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = replaced(copy[head as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  if (next === undefined && rest.length === 0) delete copy[head];
  else copy[head] = replaced(copy[head], rest, next);
  return copy;
}

Deno.test("validateConfig() and parseConfig() on mutated valid configs never throw anything else", () => {
  const bases = [gitConfig, dockerConfig].map((config) => JSON.parse(JSON.stringify(config)));
  const mutation = fc.record({
    base: fc.constantFrom(...bases),
    pick: fc.nat(),
    next: fc.option(
      fc.oneof(
        fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
        fc.string({ maxLength: 300 }),
        fc.constantFrom<Json>("", "x".repeat(70_000), -1, 0, 1e308, true, [], {}),
      ),
      { nil: undefined },
    ),
  });
  let valid = 0;
  fc.assert(
    fc.property(mutation, ({ base, pick, next }) => {
      const all = paths(base);
      const mutated = replaced(base, all[pick % all.length], next);
      const config = outcome(() => validateConfig(mutated as never, quiet));
      if (config) {
        valid++;
        assertStable(config);
      }
      // The same value as YAML text: yaml@1 does not always read back what it writes (it
      // writes the string "." bare and reads it as NaN), so only the outcome's kind is checked.
      const parsed = outcome(() =>
        parseConfig(YAML.stringify(mutated), { ...quiet, source: "mutated.yaml" })
      );
      if (parsed) assertStable(parsed);
    }),
    { numRuns: 1500 },
  );
  // Some mutations keep a config valid (a new description, a removed optional key).
  assert.ok(valid > 0);
});
