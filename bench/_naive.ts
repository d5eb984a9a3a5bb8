// The anchor the benchmarks compare with: the Python original's design, a list of entries with
// one lowercased string per tool, scanned with `includes` on every search.
import {
  buildInputSchema,
  type CLImaxConfigInput,
  type ResolvedTool,
  type SearchParams,
  type ToolIndexEntry,
  validateConfig,
} from "../mod.ts";

export class NaiveIndex {
  readonly entries: ToolIndexEntry[] = [];
  readonly texts: string[] = [];
  readonly resolved = new Map<string, ResolvedTool>();

  constructor(inputs: Iterable<CLImaxConfigInput>) {
    const slots = new Map<string, { entry: ToolIndexEntry; text: string }>();
    for (const input of inputs) {
      const config = validateConfig(input, { onWarning: () => {} });
      for (const tool of config.tools) {
        const entry: ToolIndexEntry = {
          tool_name: tool.name,
          description: tool.description,
          cli_name: config.name,
          category: config.category,
          tags: [...config.tags],
          input_schema: buildInputSchema(tool.args),
        };
        const parts = [tool.name, tool.description, config.name];
        if (config.category) parts.push(config.category);
        slots.delete(tool.name);
        slots.set(tool.name, { entry, text: [...parts, ...config.tags].join(" ").toLowerCase() });
        this.resolved.set(tool.name, {
          tool,
          base_command: config.command,
          env: config.env,
          working_dir: config.working_dir,
          global_args: config.global_args,
          description_override: null,
          arg_constraints: {},
        });
      }
    }
    for (const { entry, text } of slots.values()) {
      this.entries.push(entry);
      this.texts.push(text);
    }
  }

  search({ query, category, cli, limit = 10 }: SearchParams = {}): ToolIndexEntry[] {
    if (limit <= 0) return [];
    const q = query ? query.toLowerCase() : null;
    const cat = category ? category.toLowerCase() : null;
    const name = cli ? cli.toLowerCase() : null;
    const out: ToolIndexEntry[] = [];
    for (let i = 0; i < this.entries.length; i++) {
      const entry = this.entries[i];
      if (q !== null && !this.texts[i].includes(q)) continue;
      if (cat !== null && (!entry.category || entry.category.toLowerCase() !== cat)) continue;
      if (name !== null && entry.cli_name.toLowerCase() !== name) continue;
      out.push(entry);
      if (out.length >= limit) break;
    }
    return out;
  }
}
