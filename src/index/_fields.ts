// The fields the substring search reads (tool name, description, CLI name, category, tags), as
// one text per tool for the substring index, and one by one where that text cannot answer.
import { FIELD_SEPARATOR } from "../search/substring.ts";
import type { RankedConfig, RankedTool } from "../search/ranked.ts";

/**
 * The searched fields of each tool in one lowercased string. Lowercasing the joined fields is
 * lowercasing each: the separator is neither a letter nor ignorable in case mapping, so it
 * ends a word just as the end of a field does (which is all the final sigma looks at). The
 * fields of a config, which all its tools share, are joined once for all of them. A tool
 * marked in `unlisted` has an empty text.
 */
export function searchTexts(
  tools: readonly RankedTool[],
  owners: readonly RankedConfig[],
  unlisted?: Uint8Array,
): string[] {
  const texts: string[] = [];
  let config: RankedConfig | undefined;
  let shared = "";
  for (let position = 0; position < tools.length; position++) {
    if (owners[position] !== config) {
      config = owners[position];
      shared = FIELD_SEPARATOR + configFields(config).join(FIELD_SEPARATOR);
    }
    const tool = tools[position];
    if (unlisted?.[position]) {
      texts.push("");
      continue;
    }
    // The tool's own fields, as `searchFields` lists them.
    texts.push((tool.name + FIELD_SEPARATOR + tool.description + shared).toLowerCase());
  }
  return texts;
}

function searchFields(tool: RankedTool, config: RankedConfig): string[] {
  return [tool.name, tool.description, ...configFields(config)];
}

function configFields(config: RankedConfig): string[] {
  const fields = [config.name];
  if (config.category) fields.push(config.category);
  fields.push(...config.tags);
  return fields;
}

/**
 * Whether one of the tool's fields holds `needle` (lowercased): for a needle that holds the
 * field separator, which the joined text would let match across two fields.
 */
export function fieldsInclude(tool: RankedTool, config: RankedConfig, needle: string): boolean {
  return searchFields(tool, config).some((field) => field.toLowerCase().includes(needle));
}
