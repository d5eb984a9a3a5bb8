// BERT's uncased WordPiece tokenizer, as all-MiniLM-L6-v2 was trained with: control characters
// out, CJK characters and punctuation split off, accents stripped, lower case, then each word's
// longest known prefix and `##` continuations, or [UNK] for the whole word.

/** The ids the encoder's input starts and ends with, and gives unknown words. */
const CLS = 101, SEP = 102, UNK = 100;

/** The control characters that are white space to BERT. */
const LINE_SPACE = /^[\t\n\r]$/;
/** White space, which cleaning makes a space. */
const WHITE_SPACE = /^\p{White_Space}$/u;
/** Control, format, unassigned, private-use and lone surrogate characters, which cleaning drops. */
const OTHER = /^[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]$/u;

/** The longest word WordPiece splits; a longer one is [UNK]. */
const MAX_WORD_CHARS = 100;

/** A vocabulary: each token's id, by token. */
export type Vocabulary = ReadonlyMap<string, number>;

/** The vocabulary of `text`, one token per line, a token's id its line number from 0. */
export function vocabularyOf(text: string): Vocabulary {
  const ids = new Map<string, number>();
  text.split("\n").forEach((token, id) => {
    if (token !== "") ids.set(token, id);
  });
  return ids;
}

/** The ids of `text`: [CLS], its word pieces (at most `max - 2`), [SEP]. */
export function tokenIds(vocabulary: Vocabulary, text: string, max: number): number[] {
  const ids = [CLS];
  for (const word of words(normalized(text))) {
    for (const id of wordPieces(vocabulary, word)) {
      if (ids.length === max - 1) return [...ids, SEP];
      ids.push(id);
    }
  }
  ids.push(SEP);
  return ids;
}

/** `text` cleaned, lower-cased, without accents, with CJK characters set apart by spaces. */
function normalized(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    // Tab and line ends are white space; other control characters go before white space does.
    if (code === 0 || code === 0xfffd || (OTHER.test(char) && !LINE_SPACE.test(char))) continue;
    if (WHITE_SPACE.test(char)) out += " ";
    else if (isCjk(code)) out += ` ${char} `;
    else out += char;
  }
  // One character at a time, as BERT lowercases: a word's final sigma stays σ.
  let lower = "";
  for (const char of out.normalize("NFD").replace(/\p{Mn}/gu, "")) lower += char.toLowerCase();
  return lower;
}

/** The words of `text`: split at white space, each punctuation character a word of its own. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const chunk of text.split(" ")) {
    let word = "";
    for (const char of chunk) {
      if (isPunctuation(char)) {
        if (word !== "") out.push(word);
        out.push(char);
        word = "";
      } else word += char;
    }
    if (word !== "") out.push(word);
  }
  return out;
}

/** The ids of `word`'s pieces: the longest known prefix, then the longest known `##` rest. */
function wordPieces(vocabulary: Vocabulary, word: string): number[] {
  const chars = [...word];
  if (chars.length > MAX_WORD_CHARS) return [UNK];
  const ids: number[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    let found: number | undefined;
    while (end > start) {
      const piece = (start > 0 ? "##" : "") + chars.slice(start, end).join("");
      found = vocabulary.get(piece);
      if (found !== undefined) break;
      end--;
    }
    if (found === undefined) return [UNK];
    ids.push(found);
    start = end;
  }
  return ids;
}

/** Whether `char` is punctuation to BERT: Unicode's, or ASCII that is neither letter nor digit. */
function isPunctuation(char: string): boolean {
  const code = char.codePointAt(0)!;
  if ((code >= 33 && code <= 47) || (code >= 58 && code <= 64)) return true;
  if ((code >= 91 && code <= 96) || (code >= 123 && code <= 126)) return true;
  return /\p{P}/u.test(char);
}

/** Whether `code` is in one of the CJK ideograph blocks BERT sets apart (Hugging Face's ranges). */
function isCjk(code: number): boolean {
  return (code >= 0x4e00 && code <= 0x9fff) || (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x20000 && code <= 0x2a6df) || (code >= 0x2a700 && code <= 0x2b73f) ||
    (code >= 0x2b740 && code <= 0x2b81f) || (code >= 0x2b920 && code <= 0x2ceaf) ||
    (code >= 0xf900 && code <= 0xfaff) || (code >= 0x2f800 && code <= 0x2fa1f);
}
