import assert from "node:assert/strict";
import fc from "./_fast_check.ts";
import { stemmer } from "npm:stemmer@2.0.1";
import { readCatalogue } from "../src/catalogue/compiled.ts";
import { editDistance } from "../src/_suggest.ts";
import { stem } from "../src/search/_stem.ts";
import { withinEdits } from "../src/search/_typos.ts";
import { queryWords } from "../src/search/_query_words.ts";
import {
  RunTable,
  splitWords,
  TermBuffer,
  toByteOffsets,
  Vocabulary,
} from "../src/search/_words.ts";

Deno.test("stem() reduces the examples of Porter's paper as the paper does", () => {
  const examples: [string, string][] = [
    ["caresses", "caress"],
    ["ponies", "poni"],
    ["cats", "cat"],
    ["feed", "feed"],
    ["agreed", "agre"],
    ["plastered", "plaster"],
    ["motoring", "motor"],
    ["hopping", "hop"],
    ["filing", "file"],
    ["happy", "happi"],
    ["relational", "relat"],
    ["conditional", "condit"],
    ["generalization", "gener"],
    ["electrical", "electr"],
    ["adjustment", "adjust"],
    ["controlling", "control"],
    ["rolling", "roll"],
    ["running", "run"],
    ["containers", "contain"],
  ];
  for (const [word, expected] of examples) assert.equal(stem(word), expected, word);
});

Deno.test("stem() agrees with the stemmer package on every word of the bundled configs", async () => {
  const configs = (await readCatalogue(new URL("../configs/", import.meta.url)))!;
  const words = new Set<string>();
  for (const text of JSON.stringify(configs).match(/[A-Za-z]+/g) ?? []) {
    words.add(text.toLowerCase());
  }
  assert.ok(words.size > 1500, `only ${words.size} words`);
  const different = [...words].filter((word) => stem(word) !== stemmer(word));
  assert.deepEqual(different, []);
});

Deno.test("stem() leaves short words and words beyond a to z as they are", () => {
  for (const word of ["ls", "ps", "über", "日本語", "s3", "ec2"]) assert.equal(stem(word), word);
});

Deno.test("splitWords() splits at case changes, punctuation and digits-to-capitals", () => {
  assert.deepEqual(splitWords("getUserInfo"), ["get", "user", "info"]);
  assert.deepEqual(splitWords("HTTPServer parseJSON"), ["http", "server", "parse", "json"]);
  assert.deepEqual(splitWords("git_commit kebab-case a.b"), [
    "git",
    "commit",
    "kebab",
    "case",
    "a",
    "b",
  ]);
  assert.deepEqual(splitWords("s3Bucket EC2 ec2Instance"), [
    "s3",
    "bucket",
    "ec2",
    "ec2",
    "instance",
  ]);
  assert.deepEqual(splitWords("  --  "), []);
});

Deno.test("splitWords() folds case, compatibility forms and diacritics", () => {
  assert.deepEqual(splitWords("Naïve ÜBER ﬁle Ｆｕｌｌ"), ["naive", "uber", "file", "full"]);
  assert.deepEqual(splitWords("İstanbul ΣΟΦΙΑΣ σοφιας 日本語"), [
    "istanbul",
    "σοφιασ",
    "σοφιασ",
    "日本語",
  ]);
});

Deno.test("Vocabulary.analyze() gives the terms of splitWords, stop words left out", () => {
  // Lone surrogates and the byte order mark too: words are read from UTF-8, where a lone
  // surrogate becomes U+FFFD.
  const alphabet = [
    ..."aZ9_-. ",
    "Ü",
    "é",
    "ß",
    "日",
    "Σ",
    "\u0301",
    "🚀",
    "\ud83d",
    "\ude80",
    "\ufeff",
    "The",
    "of",
  ];
  fc.assert(
    fc.property(
      fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((parts) => parts.join("")),
      (text) => {
        const vocabulary = new Vocabulary(true, true, false);
        const out = new TermBuffer();
        vocabulary.analyze(text, out);
        const got = [...out.data.subarray(0, out.length)].map((id) => vocabulary.terms[id]);
        const expected = splitWords(text).filter((word) => !vocabulary.isStopWord(word)).map(stem);
        assert.deepEqual(got, expected);
      },
    ),
    { numRuns: 2000 },
  );
});

Deno.test("toByteOffsets() finds where each text of a join ends in its UTF-8", () => {
  const part = fc.array(fc.constantFrom(..."a-", "é", "日", "🚀", "\ud83d", "\ude80"), {
    maxLength: 6,
  }).map((chars) => chars.join(""));
  fc.assert(
    fc.property(fc.array(part, { maxLength: 6 }), (parts) => {
      const text = parts.join("\n");
      const bytes = new Uint8Array(3 * text.length + 8).fill(0x80);
      const { written } = new TextEncoder().encodeInto(text, bytes);
      const offsets: number[] = [];
      let at = -1;
      for (const part of parts) offsets.push(at += 1 + part.length);
      toByteOffsets(bytes, written, offsets);
      const expected = parts.map((_, i) =>
        new TextEncoder().encode(parts.slice(0, i + 1).join("\n")).length
      );
      assert.deepEqual(offsets, expected);
    }),
    { numRuns: 2000 },
  );
});

Deno.test("withinEdits() answers as the full edit distance does", () => {
  const word = fc.array(fc.constantFrom(..."abcd"), { maxLength: 9 }).map((chars) =>
    chars.join("")
  );
  fc.assert(
    fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      assert.equal(withinEdits(a, b, max), editDistance(a, b) <= max, `${a} ${b} ${max}`);
    }),
    { numRuns: 5000 },
  );
});

Deno.test("RunTable finds every run it holds, also after it has grown", () => {
  const table = new RunTable();
  const text = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(" ");
  const bytes = new TextEncoder().encode(text);
  const runs: [start: number, end: number][] = [];
  for (const match of text.matchAll(/\S+/g)) {
    runs.push([match.index, match.index + match[0].length]);
  }
  const hash = (start: number, end: number) => {
    let h = 0;
    for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i], 31);
    return h;
  };
  runs.forEach(([start, end], i) => {
    assert.equal(table.find(bytes, start, end, hash(start, end)), -1);
    assert.equal(table.add(bytes, start, end, hash(start, end), [i]), i);
  });
  runs.forEach(([start, end], i) =>
    assert.equal(table.find(bytes, start, end, hash(start, end)), i)
  );
});

Deno.test("Vocabulary.analyzeUtf8() reads only the range it is given", () => {
  const vocabulary = new Vocabulary(true, true, false);
  const whole = new TermBuffer();
  vocabulary.analyze("list running containers", whole);
  const part = new TermBuffer();
  const bytes = new TextEncoder().encode("xx list running containers yy");
  vocabulary.analyzeUtf8(bytes, 3, bytes.length - 3, part);
  assert.deepEqual(part.data.slice(0, part.length), whole.data.slice(0, whole.length));
  const none = new TermBuffer();
  vocabulary.analyzeUtf8(bytes, 3, 3, none);
  assert.equal(none.length, 0);
});

Deno.test("queryWords() reads plain words as the general rules read them", () => {
  const words = (query: string) => queryWords(query, 0.5).map(({ word }) => word);
  assert.deepEqual(words("Show my files, please."), ["show", "my", "files", "please"]);
  assert.deepEqual(words("x1 Ab1 1A"), ["x1", "ab1", "1", "a"]);
  assert.deepEqual(words("HTTPServer logs!?"), ["http", "server", "logs"]);
  assert.deepEqual(words("(notes) it's ..."), ["notes", "it"]);
  assert.deepEqual(words("Café naïve"), ["cafe", "naive"]);
  assert.deepEqual(
    queryWords("open ./report.pdf", 0.5),
    [{ word: "open", weight: 1 }, { word: "report", weight: 0.5 }, { word: "pdf", weight: 0.5 }, {
      word: "pdf",
      weight: 1,
    }],
  );
});
