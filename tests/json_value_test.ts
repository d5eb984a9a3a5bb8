import assert from "node:assert/strict";
import { canonicalJson, sameJson } from "../src/_json_value.ts";
import type { JsonValue } from "../src/types.ts";

Deno.test("sameJson() says two values are the same exactly when their canonical JSON is", () => {
  const pairs: [JsonValue, JsonValue][] = [
    [{ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 }],
    [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { a: 1 }],
    [[1, 2], [2, 1]],
    [[1, 2], [1, 2, 3]],
    [{ a: [] }, { a: {} }],
    [{ a: null }, { a: "null" }],
    [{ a: null }, {}],
    ["1", 1],
    [0, -0],
    [true, true],
    [{ a: { b: { c: [null] } } }, { a: { b: { c: [null] } } }],
  ];
  for (const [a, b] of pairs) {
    const same = canonicalJson(a) === canonicalJson(b);
    assert.equal(sameJson(a, b), same, `${JSON.stringify(a)} against ${JSON.stringify(b)}`);
    assert.equal(sameJson(b, a), same, `${JSON.stringify(b)} against ${JSON.stringify(a)}`);
  }
});

Deno.test("sameJson() takes a key whose value is undefined as absent, as JSON text does", () => {
  assert.equal(sameJson({ a: 1, b: undefined }, { a: 1 }), true);
  assert.equal(sameJson({ a: 1 }, { a: 1, b: undefined }), true);
  assert.equal(sameJson({ a: undefined }, { b: undefined }), true);
  assert.equal(sameJson({ a: undefined }, { a: null }), false);
});
