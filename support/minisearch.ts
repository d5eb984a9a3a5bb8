// The anchor of ranked search, for the benchmarks and `deno task eval`: MiniSearch 7.2 with its
// defaults, prefix search and a name boost of 2, over the same fields as the spec's search,
// built from the same configs.
import MiniSearch from "npm:minisearch@7.2.0";
import type { CLImaxConfigInput, SearchParams } from "../mod.ts";

interface Document {
  id: number;
  tool_name: string;
  description: string;
  cli_name: string;
  category: string;
  tags: string;
}

export class MiniSearchIndex {
  readonly #search: MiniSearch<Document>;
  readonly #names: string[] = [];

  constructor(configs: Iterable<CLImaxConfigInput>) {
    this.#search = new MiniSearch<Document>({
      fields: ["tool_name", "description", "cli_name", "category", "tags"],
      searchOptions: { prefix: true, boost: { tool_name: 2 } },
    });
    const documents: Document[] = [];
    for (const config of configs) {
      for (const tool of config.tools) {
        documents.push({
          id: this.#names.length,
          tool_name: tool.name,
          description: tool.description ?? "",
          cli_name: config.name ?? "",
          category: config.category ?? "",
          tags: (config.tags ?? []).join(" "),
        });
        this.#names.push(tool.name);
      }
    }
    this.#search.addAll(documents);
  }

  /** The names of the best `limit` tools for `query`. */
  search({ query, limit = 10 }: SearchParams): string[] {
    return this.#search.search(query ?? "").slice(0, limit).map((result) =>
      this.#names[result.id as number]
    );
  }
}
