import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import { copyPlainConfig } from "../src/config/_fast_copy.ts";
import { ARG_TYPES, modelSchemas } from "../src/config/model_schemas.ts";
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../src/limits.ts";
import YAML from "yaml";
import { generateConfigs } from "../support/corpus.ts";

/** zod's answer for `input`: the validated copy, or undefined when it has issues. */
function zodCopy(input: unknown): unknown {
  const result = modelSchemas().config.safeParse(input);
  return result.success ? result.data : undefined;
}

const junk = fc.constantFrom<unknown>(
  undefined,
  null,
  0,
  -0,
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  "",
  [],
  {},
  Object.create(null),
  new Date(0),
  Symbol("s"),
);

/** Mostly a valid value, at times something else: most configs drawn are valid, some not. */
function mostly<T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown> = junk) {
  return fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: other });
}

const short = fc.string({ maxLength: 4 });
const nameValue = mostly(
  fc.oneof(short, fc.constant("n".repeat(MAX_NAME_LENGTH))),
  fc.oneof(junk, fc.constant("n".repeat(MAX_NAME_LENGTH + 1))),
);
const textValue = mostly(
  fc.oneof(short, fc.constant("t".repeat(MAX_TEXT_LENGTH))),
  fc.oneof(junk, fc.constant("t".repeat(MAX_TEXT_LENGTH + 1))),
);
const flagValue = mostly(fc.boolean());

/** A list of `item`, at times with a hole, or something else in its place. */
function listOf<T>(item: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  const holed = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => {
    const copy = [...items];
    delete copy[0];
    return copy;
  });
  return mostly(fc.array(item, { maxLength: 3 }), fc.oneof(holed, junk));
}

/**
 * Records with their `required` keys and some of the others, in a plain object or one without
 * prototype; at times with a required key missing or an unknown key, or held in a class
 * instance or an array.
 */
function objectOf(
  shape: Record<string, fc.Arbitrary<unknown>>,
  required: string[],
): fc.Arbitrary<unknown> {
  return fc.tuple(
    fc.record(shape, { requiredKeys: required }),
    mostly(
      fc.constantFrom("plain", "null prototype"),
      fc.constantFrom("missing key", "unknown key", "instance", "array"),
    ),
  ).map(([fields, kind]) => {
    switch (kind) {
      case "null prototype":
        return Object.assign(Object.create(null), fields);
      case "missing key": {
        const { [required[0]]: _, ...rest } = fields;
        return rest;
      }
      case "unknown key":
        return { ...fields, extra: 1 };
      case "instance":
        return Object.assign(new (class Fields {})(), fields);
      case "array":
        return Object.assign([], fields);
      default:
        return fields;
    }
  });
}

const argument = objectOf({
  name: nameValue,
  description: textValue,
  type: mostly(fc.constantFrom(...ARG_TYPES), fc.oneof(fc.constant("float"), junk)),
  required: flagValue,
  default: mostly(fc.jsonValue({ maxDepth: 2 })),
  flag: mostly(fc.oneof(nameValue, fc.constant(null))),
  positional: flagValue,
  cwd: flagValue,
  stdin: flagValue,
  enum: mostly(fc.oneof(listOf(nameValue), fc.constant(null))),
}, ["name"]);

const tool = objectOf({
  name: nameValue,
  description: textValue,
  command: textValue,
  args: listOf(argument),
  timeout: mostly(fc.oneof(fc.double({ min: 0, noNaN: true }), fc.constant(null))),
}, ["name", "description"]);

const environment = mostly(
  fc.dictionary(short, textValue, { maxKeys: 3 }),
  fc.oneof(
    fc.constant(JSON.parse('{"__proto__": "x"}')),
    fc.constant({ [Symbol("k")]: "v" }),
    junk,
  ),
);

const config = objectOf({
  name: nameValue,
  description: textValue,
  command: textValue,
  env: environment,
  working_dir: mostly(fc.oneof(textValue, fc.constant(null))),
  category: mostly(fc.oneof(nameValue, fc.constant(null))),
  tags: listOf(nameValue),
  global_args: listOf(argument),
  tools: listOf(tool),
}, ["command", "tools"]);

Deno.test("copyPlainConfig() answers as the zod schema does, or leaves the config to zod", () => {
  fc.assert(
    fc.property(config, (input) => {
      const copy = copyPlainConfig(input);
      if (copy === undefined) return;
      const expected = zodCopy(input);
      assert.notEqual(expected, undefined, "zod finds issues in a config copied by hand");
      assert.deepEqual(copy, expected);
      assert.equal(JSON.stringify(copy), JSON.stringify(expected));
    }),
    { numRuns: 5000 },
  );
});

Deno.test("copyPlainConfig() copies valid configs of plain data itself", async () => {
  const bundled: unknown[] = [];
  const dir = new URL("../configs/", import.meta.url);
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.endsWith(".yaml")) {
      bundled.push(YAML.parse(await Deno.readTextFile(new URL(entry.name, dir))));
    }
  }
  assert.ok(bundled.length > 0);
  for (const input of [...generateConfigs(2000), ...bundled]) {
    const copy = copyPlainConfig(input);
    assert.notEqual(copy, undefined, `left to zod: ${JSON.stringify(input).slice(0, 80)}`);
    assert.deepEqual(copy, zodCopy(input));
    assert.equal(JSON.stringify(copy), JSON.stringify(zodCopy(input)));
  }
});

Deno.test("copyPlainConfig() leaves to zod what zod reports or reshapes", () => {
  const valid = { command: "git", tools: [{ name: "status", description: "Show status" }] };
  const cases: [string, unknown][] = [
    ["an unknown key", { ...valid, extra: true }],
    ["a hole in the tools", { ...valid, tools: [, ...valid.tools] }],
    ["a negative zero timeout", { ...valid, tools: [{ ...valid.tools[0], timeout: -0 }] }],
    ["an environment with a __proto__ key", { ...valid, env: JSON.parse('{"__proto__":"x"}') }],
    ["a default that is not JSON", {
      ...valid,
      tools: [{ ...valid.tools[0], args: [{ name: "a", default: () => 1 }] }],
    }],
    ["a config in a class instance", Object.assign(new (class Config {})(), valid)],
  ];
  for (const [what, input] of cases) {
    assert.equal(copyPlainConfig(input), undefined, what);
  }
  assert.notEqual(copyPlainConfig(valid), undefined);
});

Deno.test("copyPlainConfig() reads each key once, as zod does", () => {
  const reads = new Map<string, number>();
  /** A getter that counts its reads and answers `first`, then `later`. */
  const changing = (key: string, first: unknown, later: unknown) => ({
    get() {
      const count = (reads.get(key) ?? 0) + 1;
      reads.set(key, count);
      return count === 1 ? first : later;
    },
    enumerable: true,
  });
  const tool = { name: "t", description: "d", args: [{ name: "a" }] };
  Object.defineProperty(tool.args[0], "type", changing("type", "string", "float"));
  const config = { command: "x" };
  Object.defineProperty(config, "tools", changing("tools", [tool], Array(20_001).fill(tool)));
  const copy = copyPlainConfig(config);
  assert.equal(copy?.tools.length, 1);
  assert.equal(copy?.tools[0].args[0].type, "string");
  assert.deepEqual(Object.fromEntries(reads), { tools: 1, type: 1 });
});
