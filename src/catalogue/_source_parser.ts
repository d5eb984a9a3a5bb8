// The one parser of a catalogue directory's files, by name: `*.mcp.json` is an MCP tool list,
// any other a YAML config. Its parsers are loaded only when it is made: YAML's is the largest
// module of a cold start, and a current compiled catalogue needs neither.
import { MCP_TOOL_LIST_FILE } from "../config/files.ts";
import type { CatalogueSource } from "./compiled.ts";

/** Makes the source of the file `file` from its text; `source` names it in errors. */
export type SourceParser = (text: string, source: string, file: string) => CatalogueSource;

/** How the parser reads configs. */
export interface ParserOptions {
  /** Receives each warning, such as an unknown key. */
  warn: (message: string) => void;
  /** Take an unknown key for an error. */
  strict: boolean;
}

/** The parser, once its modules are loaded. */
export async function sourceParser({ warn, strict }: ParserOptions): Promise<SourceParser> {
  const [{ parseConfig }, { parseMcpToolList }] = await Promise.all([
    import("../config/parse.ts"),
    import("../config/mcp_tool_list.ts"),
  ]);
  return (text, source, file) =>
    MCP_TOOL_LIST_FILE.test(file)
      ? { file, toolList: parseMcpToolList(text, source) }
      : { file, config: parseConfig(text, { source, strict, onWarning: warn }) };
}
