// The related-words table as a JSON module, given to ranked search: imported by the library's
// entry points (mod.ts, the command line, the local MCP server), which may run from JSR or npm
// with no permission to read files. The service does not import it: it reads the table when
// it first needs it (see `related_words_table.ts`).
import table from "./_related_words.json" with { type: "json" };
import { useRelatedWordsTable } from "./related_words_table.ts";

useRelatedWordsTable(table);
