import assert from "node:assert/strict";
import { buildInputSchema, validateToolArg } from "../mod.ts";

Deno.test("buildInputSchema() of no args is an object schema with no properties", () => {
  assert.deepEqual(buildInputSchema([]), { type: "object", properties: {} });
});

Deno.test("buildInputSchema() sets description, default and enum only when set", () => {
  const schema = buildInputSchema([
    validateToolArg({ name: "bare" }),
    validateToolArg({ name: "empty", description: "", enum: [], default: null }),
    validateToolArg({
      name: "full",
      type: "integer",
      description: "Count",
      default: 0,
      enum: ["1", "2"],
    }),
    validateToolArg({ name: "off", type: "boolean", default: false }),
  ]);
  assert.deepEqual(schema, {
    type: "object",
    properties: {
      bare: { type: "string" },
      empty: { type: "string" },
      full: { type: "integer", description: "Count", default: 0, enum: ["1", "2"] },
      off: { type: "boolean", default: false },
    },
  });
  assert.deepEqual(Object.keys((schema.properties as Record<string, object>).full), [
    "type",
    "description",
    "default",
    "enum",
  ]);
});

Deno.test("buildInputSchema() lists required args in order, and only when there are some", () => {
  const schema = buildInputSchema([
    validateToolArg({ name: "b", required: true }),
    validateToolArg({ name: "a" }),
    validateToolArg({ name: "c", required: true, positional: true }),
  ]);
  assert.deepEqual(schema.required, ["b", "c"]);
  assert.equal("required" in buildInputSchema([validateToolArg({ name: "x" })]), false);
});

Deno.test("buildInputSchema() shares no object with the args", () => {
  const arg = validateToolArg({ name: "a", enum: ["x"], default: { list: [1] } });
  const schema = buildInputSchema([arg]);
  arg.enum!.push("y");
  (arg.default as { list: number[] }).list.push(2);
  assert.deepEqual((schema.properties as Record<string, unknown>).a, {
    type: "string",
    default: { list: [1] },
    enum: ["x"],
  });
});

Deno.test("buildInputSchema() keeps an arg named __proto__ as a property", () => {
  const schema = buildInputSchema([validateToolArg({ name: "__proto__", type: "integer" })]);
  const properties = schema.properties as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(properties), Object.prototype);
  assert.deepEqual(Object.keys(properties), ["__proto__"]);
  assert.equal(
    JSON.stringify(schema),
    '{"type":"object","properties":{"__proto__":{"type":"integer"}}}',
  );
});

Deno.test("buildInputSchema() keeps a __proto__ key of a default as data", () => {
  const arg = validateToolArg({ name: "a", default: JSON.parse('{"__proto__": {"x": 1}}') });
  const property = (buildInputSchema([arg]).properties as Record<string, Record<string, unknown>>)
    .a;
  const value = property.default as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.deepEqual(Object.keys(value), ["__proto__"]);
});
