/**
 * The bounds on what a config and an index may hold. Configs are written by people and by
 * LLMs and may come from anywhere: past these bounds a `ConfigError` names the limit, instead
 * of the process growing without bound.
 *
 * @module
 */

/**
 * The longest name, in characters: of a config, tool, argument, flag, category, tag, enum
 * value or env variable.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_NAME_LENGTH, validateConfig } from "@climax/tool-index";
 *
 * const name = "x".repeat(MAX_NAME_LENGTH + 1);
 * assert.throws(
 *   () => validateConfig({ command: "x", tools: [{ name, description: "Too long a name" }] }),
 *   { message: "<input>: tools[0].name: Over the limit of 256 characters for a name, got 257" },
 * );
 * ```
 */
export const MAX_NAME_LENGTH = 256;

/**
 * The longest other text, in characters: a description, command, working directory or env
 * value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TEXT_LENGTH } from "@climax/tool-index";
 *
 * assert.equal(MAX_TEXT_LENGTH, 65536);
 * ```
 */
export const MAX_TEXT_LENGTH = 65_536;

/**
 * The most tools one config may define.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TOOLS_PER_CONFIG } from "@climax/tool-index";
 *
 * assert.equal(MAX_TOOLS_PER_CONFIG, 20000);
 * ```
 */
export const MAX_TOOLS_PER_CONFIG = 20_000;

/**
 * The most tools an index holds by default; `ToolIndexOptions.maxTools` sets another bound.
 * At this size an index is built in a few seconds and keeps about half a gigabyte.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TOOLS, ToolIndex } from "@climax/tool-index";
 *
 * const config = { command: "x", tools: [{ name: "a", description: "A" }, { name: "b", description: "B" }] };
 * assert.throws(
 *   () => ToolIndex.fromConfigs([config], { maxTools: 1 }),
 *   { message: "configs: The configs define more than 1 tools, the most an index may hold" },
 * );
 * assert.equal(MAX_TOOLS, 250000);
 * ```
 */
export const MAX_TOOLS = 250_000;

/**
 * The largest config accepted, in bytes for a file and in characters for text: 4 MiB, room for
 * thousands of tools while keeping a hostile file from tying up a process.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError, MAX_CONFIG_SIZE, parseConfig } from "@climax/tool-index";
 *
 * assert.throws(() => parseConfig(" ".repeat(MAX_CONFIG_SIZE + 1)), ConfigError);
 * ```
 */
export const MAX_CONFIG_SIZE: number = 4 * 1024 * 1024;

/**
 * How many alias expansions one YAML document may make. Enough for configs that share argument
 * lists through anchors; a "billion laughs" document passes it within a few levels and is
 * refused before it expands.
 */
export const MAX_ALIAS_COUNT = 1000;
