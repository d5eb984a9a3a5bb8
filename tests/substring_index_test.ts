import assert from "node:assert/strict";
import { FIELD_SEPARATOR, needleKeys, SubstringIndex } from "../src/search/substring.ts";

/** The n-gram keys of a needle without the field separator. */
function keysOf(needle: string): number[] {
  const keys = needleKeys(needle);
  assert.ok(keys !== undefined, `"${needle}" has keys`);
  return keys;
}

const texts = ["copy files", "move folders", "list files", "remove folders", "show files"];

Deno.test("SubstringIndex.mayHold() with an end looks only at the texts before it", () => {
  const index = new SubstringIndex(texts);
  const folders = keysOf("folders");
  assert.equal(index.mayHold(folders), true);
  // "move folders" is the first text that holds it.
  assert.equal(index.mayHold(folders, 1), false);
  assert.equal(index.mayHold(folders, 2), true);
  // Each n-gram of "copy folders" is in the first or the second text, but neither has them all.
  assert.equal(index.mayHold(keysOf("copy folders"), 2), false);
  assert.equal(index.mayHold(keysOf("list files"), 2), false);
  assert.equal(index.mayHold(keysOf("list files"), 3), true);
  assert.equal(index.mayHold(keysOf("zebra")), false);
});

Deno.test("SubstringIndex.scan() stops at its end", () => {
  const index = new SubstringIndex(texts);
  const found = (end?: number) => {
    const visited: number[] = [];
    index.scan("files", () => true, (text) => visited.push(text) > 0, undefined, { below: end });
    return visited;
  };
  assert.deepEqual(found(), [0, 2, 4]);
  assert.deepEqual(found(4), [0, 2]);
  assert.deepEqual(found(0), []);
});

Deno.test("SubstringIndex.mayHold() over more than 64 texts answers by blocks of texts", () => {
  // 200 texts: blocks of 4. "alpha" is in text 10, "omega" in text 150, both in text 190.
  const many = Array.from({ length: 200 }, (_, text) => `tool ${text}`);
  many[10] += " alpha";
  many[150] += " omega";
  many[190] += " alpha omega";
  const index = new SubstringIndex(many);
  const alpha = keysOf("alpha");
  const both = keysOf("alpha omega");
  assert.equal(index.mayHold(alpha, 8), false);
  assert.equal(index.mayHold(alpha, 11), true);
  assert.equal(index.mayHold(both, 150), false);
  assert.equal(index.mayHold(both, 191), true);
  // Whichever n-gram is looked at first, the answer is the same.
  for (let first = 0; first < both.length; first++) {
    assert.equal(index.mayHold(both, 150, first), false);
    assert.equal(index.mayHold(both, 191, first), true);
  }
  assert.equal(index.mayHold(keysOf("alpha zebra"), 200, 3), false);
});

Deno.test("SubstringIndex.rarest() names the n-gram with the shortest list, or one in no text", () => {
  const index = new SubstringIndex(["alpha beta", "alpha gamma", "alpha delta"]);
  // "alp" is in three texts, "a d" in one: "alpha d" is walked on the list of "a d".
  const keys = keysOf("alpha d");
  assert.equal(index.rarest(keys), keys.indexOf(keysOf("a d")[0]));
  assert.ok(index.rarest(keys) > 0);
  const missing = keysOf("alpha zebra");
  const place = index.rarest(missing);
  assert.ok(place < 0);
  assert.equal(index.mayHold([missing[-1 - place]]), false);
});

Deno.test("SubstringIndex.collect() finds as scan() does, leaving out the stale texts", () => {
  const index = new SubstringIndex(texts);
  const keys = keysOf("files");
  assert.deepEqual(index.collect("files", keys, 10, { below: 5 }), [0, 2, 4]);
  assert.deepEqual(index.collect("files", keys, 2, { below: 5 }), [0, 2]);
  assert.deepEqual(index.collect("files", keys, 10, { below: 4 }), [0, 2]);
  assert.deepEqual(
    index.collect("files", keys, 10, { below: 5, stale: Uint8Array.of(0, 0, 1, 0, 0) }),
    [0, 4],
  );
  assert.deepEqual(index.collect("zebra", keysOf("zebra"), 10, { below: 5 }), []);
});

Deno.test("needleKeys() has none for a needle that holds the field separator", () => {
  assert.equal(needleKeys(`files${FIELD_SEPARATOR}copy`), undefined);
  assert.equal(needleKeys(FIELD_SEPARATOR), undefined);
  assert.equal(keysOf("files").length, 3);
  assert.equal(keysOf("fi").length, 2);
});

Deno.test("SubstringIndex.scan() with a driver finds the driver's texts that hold the needle", () => {
  const index = new SubstringIndex(texts);
  // "o" is in texts 0, 1, 3 and 4; the driver, shorter than that list, is walked.
  for (
    const [driver, expected] of [[[2, 3, 4], [3, 4]], [[0, 2], [0]], [[2], []]] as const
  ) {
    const found: number[] = [];
    const wanted = new Set<number>(driver);
    index.scan(
      "o",
      (text) => wanted.has(text),
      (text) => found.push(text) > 0,
      Int32Array.from(driver),
    );
    assert.deepEqual(found, expected);
  }
});
