// Configs → the tools of an index, in index order, with the config of each: the configs are
// validated (unless they were already), and a tool name used again replaces the earlier tool.
import { ConfigError } from "../errors.ts";
import { MAX_TOOLS } from "../limits.ts";
import type { CLImaxConfig, CLImaxConfigInput, CLISummary, ToolDef } from "../types.ts";
import { deepFreeze } from "../_freeze.ts";
import { describeValue } from "../_json_value.ts";
import { originOf, validateConfig } from "../config/validate.ts";

/** What an index is built from: its tools, in order, and what goes with each. */
export interface CollectedTools {
  tools: ToolDef[];
  /**
   * The config of each tool, at the tool's position. Its tags, environment and global
   * arguments are frozen, since every entry and resolved tool of the config shares them.
   */
  owners: CLImaxConfig[];
  summaries: CLISummary[];
  /** The position of each tool, by name. */
  positions: Map<string, number>;
}

/**
 * Validates configs (unless `validate` is false) and lays out their tools in index order: a
 * repeated tool name replaces the earlier tool, which leaves its place, with a warning that
 * names both configs and where each came from: its file when it was loaded or parsed with a
 * `source`, else its place in `configs`, since a config's `name` is "climax" unless set.
 */
export function collectTools(
  configs: Iterable<CLImaxConfig | CLImaxConfigInput>,
  warn: (message: string) => void,
  validate = true,
  maxTools: number = MAX_TOOLS,
): CollectedTools {
  if (typeof (configs as Partial<Iterable<unknown>> | null)?.[Symbol.iterator] !== "function") {
    throw new ConfigError("configs", [{
      path: "",
      message: `Expected a list of configs, got ${describeValue(configs)}`,
    }]);
  }
  // Until a tool is replaced, slots are positions, so this map is also the index's name map.
  const slotOf = new Map<string, number>();
  const collected: CollectedTools = { tools: [], owners: [], summaries: [], positions: slotOf };
  const { tools, owners } = collected;
  /** Where each config of `owners` came from. */
  const origins = new Map<CLImaxConfig, string>();
  /** Slots of tools that a later tool of the same name replaced. */
  const replaced = new Set<number>();
  let position = 0;
  for (const input of configs) {
    const origin = originOf(input) ?? `configs[${position}]`;
    const config = validate
      ? validateConfig(input, { source: origin, onWarning: warn })
      : input as CLImaxConfig;
    position++;
    origins.set(config, origin);
    deepFreeze(config.tags);
    deepFreeze(config.env);
    deepFreeze(config.global_args);
    collected.summaries.push(Object.freeze({
      name: config.name,
      description: config.description,
      tool_count: config.tools.length,
      category: config.category,
      tags: config.tags,
    }));
    for (const tool of config.tools) {
      const previous = slotOf.get(tool.name);
      if (previous !== undefined) {
        const earlier = owners[previous];
        warn(
          `Duplicate tool name "${tool.name}": the tool from "${config.name}" (${origin}) ` +
            `replaces the one from "${earlier.name}" (${origins.get(earlier)})`,
        );
        replaced.add(previous);
      }
      if (tools.length - replaced.size >= maxTools) {
        throw new ConfigError("configs", [{
          path: "",
          message: `The configs define more than ${maxTools} tools, the most an index may hold`,
        }]);
      }
      slotOf.set(tool.name, tools.length);
      tools.push(tool);
      owners.push(config);
    }
  }
  if (replaced.size > 0) {
    const keep = (_: unknown, slot: number) => !replaced.has(slot);
    collected.tools = tools.filter(keep);
    collected.owners = owners.filter(keep);
    collected.positions = new Map(collected.tools.map((tool, position) => [tool.name, position]));
  }
  return collected;
}
