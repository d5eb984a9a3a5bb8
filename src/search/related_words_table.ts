// Where the related-words table (`_related_words.json`) comes from, once per process. Importing
// it took a share of the service's cold start that most of its answers (the health check first)
// never need: so it is not imported with the search. The library's entry points give it as a
// JSON module (`bundled_related_words.ts`), which needs no permission and works from JSR and npm;
// a program that imports the search without them, such as the service, reads the file beside
// this module when a ranked search first needs it, or ahead of that (`preloadRelatedWordsTable`).
// The table is held as the bytes of its entries, searched in place: a read made ahead then
// costs the main thread nothing, where a text would be decoded and copied on it.

/** The table as a ranked search reads it. */
export interface RelatedWordsTable {
  /**
   * Every word, sorted, each as `word|`, then where each of its related words' own entry
   * starts in these bytes (`PLACE_DIGITS` digits of `DIGITS` each), then a space: the ASCII
   * bytes of the file's `entries`, read in place, with nothing worked out when it loads.
   */
  readonly entries: Uint8Array;
}

/** The table's file as `deno task related-words` writes it, or as a JSON module gives it. */
export interface RelatedWordsFile {
  /**
   * The length of `entries`, in characters, which are ASCII: where they end in the file's
   * bytes, found without reading them all.
   */
  readonly length?: number;
  /** The entries of `RelatedWordsTable`, as text. */
  readonly entries: string;
}

/** The table's file, beside this module. */
const TABLE_FILE = new URL("./_related_words.json", import.meta.url);

let table: RelatedWordsTable | undefined;
/** The JSON module given to `useRelatedWordsTable`, made a table when first needed. */
let given: RelatedWordsFile | undefined;
/** The bytes of the file read ahead, made a table when first needed. */
let preloaded: Uint8Array | undefined;
let preloading: Promise<void> | undefined;

/** Makes `json`, the JSON module of the table, the table of this process, if none is yet. */
export function useRelatedWordsTable(json: RelatedWordsFile): void {
  given ??= json;
}

/**
 * The table: the one given to `useRelatedWordsTable` or preloaded, else read now from its file,
 * synchronously, as ranked search is.
 *
 * @throws {Error} When the table was not given and its file cannot be read: the module is not
 * a local file, or the process may not read it.
 */
export function relatedWordsTable(): RelatedWordsTable {
  if (table !== undefined) return table;
  if (given !== undefined) return table = { entries: new TextEncoder().encode(given.entries) };
  if (preloaded !== undefined) return table = relatedWordsTableOf(preloaded);
  if (!readable()) {
    throw new Error(
      `The related-words table was not imported and ${TABLE_FILE.href} cannot be read: ` +
        "import the library through mod.ts, or allow reading the file (--allow-read)",
    );
  }
  return table = relatedWordsTableOf(readWholeSync(TABLE_FILE));
}

/**
 * The bytes of `file`, read into one buffer of its size: for the table, in about half the time
 * `Deno.readFileSync` takes. A file that changes size while it is read is read again by it.
 */
function readWholeSync(file: URL): Uint8Array {
  const handle = Deno.openSync(file);
  try {
    const bytes = new Uint8Array(handle.statSync().size);
    let at = 0;
    while (at < bytes.length) {
      const read = handle.readSync(bytes.subarray(at));
      if (read === null) break;
      at += read;
    }
    const ended = at === bytes.length && handle.readSync(new Uint8Array(1)) === null;
    return ended ? bytes : Deno.readFileSync(file);
  } finally {
    handle.close();
  }
}

/**
 * Reads the table's file off the main thread, ahead of the first ranked search that needs it,
 * which then does not wait for the read; resolves once done, the same promise at every call,
 * and never rejects. Does nothing where the table was given; where its file cannot be read, the
 * ranked search that needs it says why (see `relatedWordsTable`).
 */
export function preloadRelatedWordsTable(): Promise<void> {
  return preloading ??= (async () => {
    if (table !== undefined || given !== undefined || !readable()) return;
    const read = await Deno.readFile(TABLE_FILE).catch(() => undefined);
    // A search that could not wait read the table itself meanwhile: this copy is not kept.
    if (table === undefined) preloaded = read;
  })();
}

/**
 * What opens the entries in the table's file, and what opens their length before them, as
 * `deno task related-words` writes them.
 */
const ENTRIES_KEY = new TextEncoder().encode('"entries": "');
const LENGTH_KEY = new TextEncoder().encode('"length": ');
/** The character codes of `"` and `}`, and of the white space JSON allows. */
const QUOTE = 0x22;
const CLOSE = 0x7d;
const SPACES = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The table in the bytes of its file. The entries, the file's last string, hold no character
 * that JSON escapes (`deno task related-words` makes sure), so they are the `length` bytes
 * after the key that opens them: no copy, no decoding, and no scan of the 1.75 MB for the quote
 * that closes them. A file that does not end with them, so measured, is parsed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { relatedWordsTableOf } from "./related_words_table.ts";
 *
 * const text = JSON.stringify({ notice: 'Say "hi"', length: 10, entries: "a|0005 b| " }, null, 2);
 * const { entries } = relatedWordsTableOf(new TextEncoder().encode(text));
 * assert.equal(new TextDecoder().decode(entries), "a|0005 b| ");
 * ```
 */
export function relatedWordsTableOf(file: Uint8Array): RelatedWordsTable {
  const key = indexOfBytes(file, ENTRIES_KEY);
  const length = lengthAt(file, indexOfBytes(file, LENGTH_KEY));
  const start = key + ENTRIES_KEY.length;
  const end = start + length;
  if (key >= 0 && length >= 0 && file[end] === QUOTE && endsObject(file, end + 1)) {
    return { entries: file.subarray(start, end) };
  }
  const parsed: RelatedWordsFile = JSON.parse(new TextDecoder().decode(file));
  return { entries: new TextEncoder().encode(parsed.entries) };
}

/** The whole number written after the length's key at `key`; -1 where there is none. */
function lengthAt(bytes: Uint8Array, key: number): number {
  if (key < 0) return -1;
  const first = key + LENGTH_KEY.length;
  let at = first;
  let length = 0;
  while (bytes[at] >= 0x30 && bytes[at] <= 0x39) length = length * 10 + bytes[at++] - 0x30;
  return at > first ? length : -1;
}

/** Where `bytes` first hold `sought`, or -1. */
function indexOfBytes(bytes: Uint8Array, sought: Uint8Array): number {
  for (let at = bytes.indexOf(sought[0]); at >= 0; at = bytes.indexOf(sought[0], at + 1)) {
    let k = 1;
    while (k < sought.length && bytes[at + k] === sought[k]) k++;
    if (k === sought.length) return at;
  }
  return -1;
}

/** Whether the bytes from `from` on are one `}` amid white space: the end of the file's object. */
function endsObject(bytes: Uint8Array, from: number): boolean {
  let closes = 0;
  for (let i = from; i < bytes.length; i++) {
    if (bytes[i] === CLOSE) closes++;
    else if (!SPACES.has(bytes[i])) return false;
  }
  return closes === 1;
}

/** Whether the table's file is local and Deno may read it without asking. */
function readable(): boolean {
  return TABLE_FILE.protocol === "file:" && typeof Deno === "object" &&
    Deno.permissions.querySync({ name: "read", path: TABLE_FILE }).state === "granted";
}
