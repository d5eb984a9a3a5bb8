// `deno task related-words [dir]`: writes src/search/_related_words.json, the words that WordNet
// relates to each English word, from WordNet 3.0's database files in `dir` (default
// /usr/share/wordnet, where Debian's wordnet-base package puts them).
//
// Ranked search weighs a request's related words a little (`RankingOptions.relatedWeight`), so
// that a tool described in other words than the request's is found: "rental" → "rent", "legal"
// → "law", "apartment" → "housing", "class" → "course". For each word, the first two senses it
// has as each part of speech (WordNet lists senses most frequent first) give:
//   - the other words of the sense (synonyms);
//   - the words it is derived from or derives (derivation, pertainym, participle, attribute),
//     the similar and see-also senses of adjectives and the topic a sense belongs to;
//   - the words of the broader senses one step up (hypernyms: "apartment" → "housing").
// Only words that WordNet's sense-tagged corpus has seen at least once are kept as related
// words: rarer ones are rarely in tools' texts, and leaving them out makes the table 2.6 MB, not
// 4.4, for one query in a thousand on the development sets.
import { DIGITS, PLACE_DIGITS } from "../src/search/_related_words.ts";

const dir = Deno.args[0] ?? "/usr/share/wordnet";
const PARTS = ["noun", "verb", "adj", "adv"] as const;
/** WordNet's letter for each part of speech; satellite adjectives ("s") are adjectives. */
const PART_OF: Record<string, (typeof PARTS)[number]> = {
  n: "noun",
  v: "verb",
  a: "adj",
  s: "adj",
  r: "adv",
};
/** Pointers from a sense to senses whose words it is related to (see WordNet's wndb(5)). */
const RELATIONS = new Set(["+", "\\", "=", "<", "^", "&", ";c"]);
const BROADER = new Set(["@", "@i"]);
/** Words of multi-word lemmas and of relations that say nothing of their own. */
const FUNCTION_WORDS = new Set(
  ("a an the of or and to in on for by with as at from that which who is are be being used use " +
    "any some one something someone especially usually etc its it their not no into out up")
    .split(" "),
);
const SENSES = 2;

interface Synset {
  words: string[];
  pointers: { symbol: string; part: string; offset: string; source: number; target: number }[];
}

const synsets = new Map<string, Synset>();
/** Each lemma's senses, most frequent first, per part of speech. */
const senses = new Map<string, string[][]>();
/** Lemmas that the sense-tagged corpus has seen. */
const seen = new Set<string>();

for (const part of PARTS) {
  for (const line of (await Deno.readTextFile(`${dir}/data.${part}`)).split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const fields = line.split(" | ")[0].split(" ");
    const wordCount = parseInt(fields[3], 16);
    const words = [];
    for (let i = 0; i < wordCount; i++) {
      words.push(fields[4 + 2 * i].toLowerCase().replace(/\(.*\)$/, ""));
    }
    let at = 4 + 2 * wordCount;
    const pointerCount = Number(fields[at++]);
    const pointers = [];
    for (let i = 0; i < pointerCount; i++, at += 4) {
      const [symbol, offset, part, link] = fields.slice(at, at + 4);
      pointers.push({
        symbol,
        offset,
        part: PART_OF[part],
        source: parseInt(link.slice(0, 2), 16),
        target: parseInt(link.slice(2), 16),
      });
    }
    synsets.set(`${part} ${fields[0]}`, { words, pointers });
  }
  for (const line of (await Deno.readTextFile(`${dir}/index.${part}`)).split("\n")) {
    if (line === "" || line.startsWith("  ")) continue;
    const fields = line.trim().split(" ");
    const pointerCount = Number(fields[3]);
    if (Number(fields[5 + pointerCount]) > 0) seen.add(fields[0]);
    const list = senses.get(fields[0]) ?? [];
    senses.set(fields[0], list);
    list.push(fields.slice(6 + pointerCount).map((offset) => `${part} ${offset}`));
  }
}

/** The words of `lemmas` that can be related words of `word`. */
function* usable(lemmas: Iterable<string>, word: string): Iterable<string> {
  for (const lemma of lemmas) {
    for (const part of lemma.split("_")) {
      if (
        part !== word && /^[a-z]{3,}$/.test(part) && !FUNCTION_WORDS.has(part) && seen.has(part)
      ) {
        yield part;
      }
    }
  }
}

const relatedTo = new Map<string, string[]>();
for (const [word, lists] of senses) {
  if (!/^[a-z]+$/.test(word)) continue;
  const same = new Set<string>();
  const broader = new Set<string>();
  for (const list of lists) {
    for (const key of list.slice(0, SENSES)) {
      const { words, pointers } = synsets.get(key)!;
      for (const lemma of words) same.add(lemma);
      for (const { symbol, part, offset, source, target } of pointers) {
        const other = synsets.get(`${part} ${offset}`)!;
        if (BROADER.has(symbol)) { for (const lemma of other.words) broader.add(lemma); }
        else if (RELATIONS.has(symbol) && source === 0) {
          for (const lemma of other.words) same.add(lemma);
        } else if (RELATIONS.has(symbol) && words[source - 1] === word) {
          same.add(other.words[target - 1]);
        }
      }
    }
  }
  const related = [...new Set([...usable(same, word), ...usable(broader, word)])];
  if (related.length > 0) relatedTo.set(word, related);
}

// Every word, sorted, each as "word|" then where each of its related words stands in the text, in
// four base-64 digits, then a space: 1.75 MB that a search reads in place, with nothing worked out
// when it loads (see `_related_words.ts`).
const words = [...new Set([...relatedTo.keys(), ...[...relatedTo.values()].flat()])].sort();
const places = new Map<string, number>();
let place = 0;
for (const word of words) {
  places.set(word, place);
  place += word.length + 1 + PLACE_DIGITS * (relatedTo.get(word)?.length ?? 0) + 1;
}
const digit = (n: number) => DIGITS[n & 63];
const entries = words.map((word) => {
  const related = (relatedTo.get(word) ?? []).map((other) => {
    const n = places.get(other)!;
    return digit(n >> 18) + digit(n >> 12) + digit(n >> 6) + digit(n);
  });
  return `${word}|${related.join("")} `;
}).join("");
if (entries.length !== place || place >= 64 ** PLACE_DIGITS) {
  throw new Error("The table's places do not fit its text");
}
// The service cuts the entries out of the file's text unparsed, by the length written before
// them (`relatedWordsTableOf`).
if (JSON.stringify(entries) !== `"${entries}"`) {
  throw new Error("The table's entries hold a character that JSON escapes");
}

const NOTICE = [
  "Derived from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University. All rights",
  "reserved. Permission to use, copy, modify and distribute this software and database and its",
  "documentation for any purpose and without fee or royalty is hereby granted, provided that you",
  "agree to comply with the following copyright notice and statements, including the disclaimer,",
  "and that the same appear on ALL copies of the software, database and documentation, including",
  "modifications that you make for internal use or for distribution. THIS SOFTWARE AND DATABASE",
  'IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS',
  "OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO",
  "REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT",
  "THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY",
  "PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS. The name of Princeton University or Princeton",
  "may not be used in advertising or publicity pertaining to distribution of the software and/or",
  "database. Title to copyright in this software, database and any associated documentation",
  "shall at all times remain with Princeton University and LICENSEE agrees to preserve same.",
].join(" ");

const file = new URL("../src/search/_related_words.json", import.meta.url);
const json = { notice: NOTICE, length: entries.length, entries };
await Deno.writeTextFile(file, JSON.stringify(json, null, 2) + "\n");
console.log(`Wrote ${file.pathname}: ${relatedTo.size} words' related words`);
