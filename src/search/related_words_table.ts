// Where the related-words table (`_related_words.json`) comes from, once per process. Importing
// it took a share of the service's cold start that most of its answers (the health check first)
// never need: so it is not imported with the search. The library's entry points give it as a
// JSON module (`bundled_related_words.ts`), which needs no permission and works from JSR and npm;
// a program that imports the search without them, such as the service, reads the file beside
// this module when a ranked search first needs it, or ahead of that (`preloadRelatedWordsTable`).

/** The table as `deno task related-words` writes it. */
export interface RelatedWordsTable {
  /**
   * Every word, sorted, each as `word|`, then where each of its related words' own entry
   * starts in this text (`PLACE_DIGITS` digits of `DIGITS` each), then a space. It is read in
   * place: nothing is worked out when it loads.
   */
  readonly entries: string;
}

/** The table's file, beside this module. */
const TABLE_FILE = new URL("./_related_words.json", import.meta.url);

let table: RelatedWordsTable | undefined;

/** Makes `json`, the JSON module of the table, the table of this process, if none is yet. */
export function useRelatedWordsTable(json: RelatedWordsTable): void {
  table ??= json;
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
  if (!readable()) {
    throw new Error(
      `The related-words table was not imported and ${TABLE_FILE.href} cannot be read: ` +
        "import the library through mod.ts, or allow reading the file (--allow-read)",
    );
  }
  return table = relatedWordsTableOf(Deno.readTextFileSync(TABLE_FILE));
}

/**
 * Reads the table ahead of the first ranked search that needs it, which then does not wait;
 * resolves once done. Does nothing where the file cannot be read (`relatedWordsTable` says why
 * when it is needed).
 */
export async function preloadRelatedWordsTable(): Promise<void> {
  if (table !== undefined || !readable()) return;
  const read = relatedWordsTableOf(await Deno.readTextFile(TABLE_FILE));
  table ??= read;
}

/** What opens the entries in the table's file, as `deno task related-words` writes it. */
const ENTRIES_KEY = '"entries": "';

/**
 * The table in the text of its file. The entries, the file's last string, hold no character
 * that JSON escapes (`deno task related-words` makes sure), so they are cut out of the text:
 * parsing would copy 1.7 MB that the first ranked search waits for. A text that does not end
 * with them is parsed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { relatedWordsTableOf } from "./related_words_table.ts";
 *
 * const text = JSON.stringify({ notice: 'Say "hi"', entries: "a|0005 b| " }, null, 2);
 * assert.equal(relatedWordsTableOf(text).entries, "a|0005 b| ");
 * ```
 */
export function relatedWordsTableOf(text: string): RelatedWordsTable {
  const start = text.indexOf(ENTRIES_KEY) + ENTRIES_KEY.length;
  const end = text.indexOf('"', start);
  const last = start >= ENTRIES_KEY.length && end >= 0 && /^"\s*}\s*$/.test(text.slice(end));
  return last ? { entries: text.slice(start, end) } : JSON.parse(text);
}

/** Whether the table's file is local and Deno may read it without asking. */
function readable(): boolean {
  return TABLE_FILE.protocol === "file:" && typeof Deno === "object" &&
    Deno.permissions.querySync({ name: "read", path: TABLE_FILE }).state === "granted";
}
