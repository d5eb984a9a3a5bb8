// Where the related-words table (`_related_words.json`) comes from, once per process, and where
// each of its words and lists starts. Importing it took a share of the service's cold start
// that most of its answers (the health check first) never need: so it is not imported with the
// search. The library's entry points give it as a JSON module (`bundled_related_words.ts`),
// which needs no permission and works from JSR and npm; a program that imports the search
// without them, such as the service, reads the file beside this module when a ranked search
// first needs it, or ahead of that (`preloadRelatedWordsTable`).

/** The table as `deno task related-words` writes it. */
export interface RelatedWordsText {
  /** Every word, sorted, each followed by a space. */
  readonly words: string;
  /** For each word, the numbers of its related words, each list followed by a space. */
  readonly related: string;
}

/** The table, with where each word and each list of numbers starts. */
export interface RelatedWordsTable extends RelatedWordsText {
  /** Where each word starts in `words`, then one past the end of the last word's space. */
  readonly wordStarts: Int32Array;
  /** Where each word's list starts in `related`, then one past the end of the last. */
  readonly relatedStarts: Int32Array;
}

/** The table's file, beside this module. */
const TABLE_FILE = new URL("./_related_words.json", import.meta.url);

let text: RelatedWordsText | undefined;
let table: RelatedWordsTable | undefined;

/** Makes `json`, the JSON module of the table, the table of this process, if none is yet. */
export function useRelatedWordsTable(json: RelatedWordsText): void {
  text ??= json;
}

/**
 * The table: the one given to `useRelatedWordsTable` or preloaded, else read now from its file,
 * synchronously, as ranked search is. The starts are found in place: splitting the texts into
 * strings costs far more.
 *
 * @throws {Error} When the table was not given and its file cannot be read: the module is not
 * a local file, or the process may not read it.
 */
export function relatedWordsTable(): RelatedWordsTable {
  if (table !== undefined) return table;
  if (text === undefined && !readable()) {
    throw new Error(
      `The related-words table was not imported and ${TABLE_FILE.href} cannot be read: ` +
        "import the library through mod.ts, or allow reading the file (--allow-read)",
    );
  }
  text ??= JSON.parse(Deno.readTextFileSync(TABLE_FILE)) as RelatedWordsText;
  return table = startsOf(text);
}

/**
 * Reads the table and finds its starts ahead of the first ranked search that needs them, which
 * then does not wait; resolves once done. Does nothing where the file cannot be read
 * (`relatedWordsTable` says why when it is needed).
 */
export async function preloadRelatedWordsTable(): Promise<void> {
  if (text === undefined && readable()) {
    const read = JSON.parse(await Deno.readTextFile(TABLE_FILE)) as RelatedWordsText;
    text ??= read;
  }
  if (text !== undefined) table ??= startsOf(text);
}

/** Whether the table's file is local and Deno may read it without asking. */
function readable(): boolean {
  return TABLE_FILE.protocol === "file:" && typeof Deno === "object" &&
    Deno.permissions.querySync({ name: "read", path: TABLE_FILE }).state === "granted";
}

/** `text` with where each of its words and lists starts. */
function startsOf({ words, related }: RelatedWordsText): RelatedWordsTable {
  // Each word takes a letter and a space at least; each word has one list.
  const wordStarts = itemStarts(words, words.length >> 1);
  return { words, related, wordStarts, relatedStarts: itemStarts(related, wordStarts.length - 2) };
}

/**
 * Where each space-separated item of `text`, of at most `most` items, starts, and one past the
 * end of the last. Written into a typed array as found, which costs the first ranked search
 * less than pushing onto an array and copying it.
 */
function itemStarts(text: string, most: number): Int32Array {
  const found = new Int32Array(most + 2);
  let count = 1;
  for (let i = text.indexOf(" "); i >= 0; i = text.indexOf(" ", i + 1)) found[count++] = i + 1;
  found[count++] = text.length + 1;
  return count === found.length ? found : found.slice(0, count);
}
