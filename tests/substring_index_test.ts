import assert from "node:assert/strict";
import { needleKeys, SubstringIndex } from "../src/search/substring.ts";

const texts = ["copy files", "move folders", "list files", "remove folders", "show files"];

Deno.test("SubstringIndex.mayHold() with an end looks only at the texts before it", () => {
  const index = new SubstringIndex(texts);
  const folders = needleKeys("folders");
  assert.equal(index.mayHold(folders), true);
  // "move folders" is the first text that holds it.
  assert.equal(index.mayHold(folders, 1), false);
  assert.equal(index.mayHold(folders, 2), true);
  // Each n-gram of "copy folders" is in the first or the second text, but neither has them all.
  assert.equal(index.mayHold(needleKeys("copy folders"), 2), false);
  assert.equal(index.mayHold(needleKeys("list files"), 2), false);
  assert.equal(index.mayHold(needleKeys("list files"), 3), true);
  assert.equal(index.mayHold(needleKeys("zebra")), false);
});

Deno.test("SubstringIndex.scan() stops at its end", () => {
  const index = new SubstringIndex(texts);
  const found = (end?: number) => {
    const visited: number[] = [];
    index.scan("files", () => true, (text) => visited.push(text) > 0, undefined, undefined, end);
    return visited;
  };
  assert.deepEqual(found(), [0, 2, 4]);
  assert.deepEqual(found(4), [0, 2]);
  assert.deepEqual(found(0), []);
});
