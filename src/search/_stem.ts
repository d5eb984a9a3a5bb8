// The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), with the two
// departures of Porter's own reference implementation: "bli" becomes "ble" and "logi" becomes
// "log" in step 2. It conflates "containers", "container" and "containerized" enough for
// ranking, needs no data file, and runs on lowercase ASCII words; other words pass unchanged.

/** Suffix and replacement, tried longest first within a step; grouped by the suffix's last letter. */
type Rules = Record<string, [string, string][]>;

function rules(pairs: [string, string][]): Rules {
  const grouped: Rules = {};
  for (const pair of pairs.sort((a, b) => b[0].length - a[0].length)) {
    (grouped[pair[0].at(-1)!] ??= []).push(pair);
  }
  return grouped;
}

const STEP2 = rules([
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
]);

const STEP3 = rules([
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
]);

const STEP4 = rules(
  [
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
  ].map((suffix) => [suffix, ""]),
);

const ASCII_WORD = /^[a-z]+$/;

/** Whether `word[i]` is a consonant in Porter's sense: `y` after a consonant is a vowel. */
function isConsonant(word: string, i: number): boolean {
  switch (word.charCodeAt(i)) {
    case 97: // a
    case 101: // e
    case 105: // i
    case 111: // o
    case 117: // u
      return false;
    case 121: // y
      return i === 0 || !isConsonant(word, i - 1);
    default:
      return true;
  }
}

/** The number of vowel-consonant sequences in `word[0, end)`: Porter's m. */
function measure(word: string, end: number): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++;
    if (i >= end) break;
    while (i < end && isConsonant(word, i)) i++;
    m++;
  }
  return m;
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true;
  return false;
}

function endsWithDoubleConsonant(word: string, end: number): boolean {
  return end >= 2 && word[end - 1] === word[end - 2] && isConsonant(word, end - 1);
}

/** Consonant, vowel, consonant at the end, the last not w, x or y: "hop", not "snow". */
function endsCvc(word: string, end: number): boolean {
  if (end < 3) return false;
  if (!isConsonant(word, end - 1) || isConsonant(word, end - 2) || !isConsonant(word, end - 3)) {
    return false;
  }
  const last = word[end - 1];
  return last !== "w" && last !== "x" && last !== "y";
}

/** Applies the longest rule whose suffix `word` ends with, if the stem before it is long enough. */
function applyRules(word: string, table: Rules, minMeasure: number): string {
  const candidates = table[word.at(-1)!];
  if (candidates === undefined) return word;
  for (const [suffix, replacement] of candidates) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.length - suffix.length;
    if (measure(word, stem) <= minMeasure) return word;
    // "ion" is removed only after s or t.
    if (suffix === "ion" && !/[st]$/.test(word.slice(0, stem))) return word;
    return word.slice(0, stem) + replacement;
  }
  return word;
}

function step1ab(word: string): string {
  if (word.endsWith("s")) {
    if (word.endsWith("sses") || word.endsWith("ies")) word = word.slice(0, -2);
    else if (!word.endsWith("ss")) word = word.slice(0, -1);
  }
  if (word.endsWith("eed")) {
    return measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word;
  }
  let stem: string;
  if (word.endsWith("ed") && hasVowel(word, word.length - 2)) stem = word.slice(0, -2);
  else if (word.endsWith("ing") && hasVowel(word, word.length - 3)) stem = word.slice(0, -3);
  else return word;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return stem + "e";
  if (endsWithDoubleConsonant(stem, stem.length) && !/[lsz]$/.test(stem)) {
    return stem.slice(0, -1);
  }
  if (measure(stem, stem.length) === 1 && endsCvc(stem, stem.length)) return stem + "e";
  return stem;
}

function step5(word: string): string {
  if (word.endsWith("e")) {
    const m = measure(word, word.length - 1);
    if (m > 1 || (m === 1 && !endsCvc(word, word.length - 1))) word = word.slice(0, -1);
  }
  if (
    word.endsWith("ll") && measure(word, word.length) > 1
  ) {
    word = word.slice(0, -1);
  }
  return word;
}

/**
 * The Porter stem of a lowercase word: `"running"` → `"run"`, `"containers"` → `"contain"`.
 * Words of one or two letters, and words with anything but `a` to `z`, are returned as given.
 */
export function stem(word: string): string {
  if (word.length <= 2 || !ASCII_WORD.test(word)) return word;
  word = step1ab(word);
  if (word.endsWith("y") && hasVowel(word, word.length - 1)) word = word.slice(0, -1) + "i";
  word = applyRules(word, STEP2, 0);
  word = applyRules(word, STEP3, 0);
  word = applyRules(word, STEP4, 1);
  return step5(word);
}
