/**
 * Progressive discovery of MCP tools defined by CLImax YAML configs.
 *
 * An agent connected to dozens of command-line programs cannot load hundreds of tool
 * definitions into its context. It searches a {@linkcode ToolIndex} instead, then fetches the
 * one tool it needs. This module loads and validates CLImax configs (with file, line and column
 * in every error) and builds that index. Parsing, indexing and searching need no permission;
 * reading files needs `--allow-read`.
 *
 * @example Load configs, search, fetch one tool
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseConfig, ToolIndex } from "@climax/tool-index";
 *
 * const config = parseConfig(`
 * name: docker
 * command: docker
 * category: containers
 * tags: [docker, containers]
 * tools:
 *   - name: docker_ps
 *     description: List running containers
 *     command: ps
 *     args:
 *       - { name: all, type: boolean, flag: "--all", description: Include stopped containers }
 * `, { source: "docker.yaml" });
 *
 * const index = ToolIndex.fromConfigs([config]);
 * const [hit] = index.search({ query: "container", category: "containers" });
 * assert.equal(hit.tool_name, "docker_ps");
 * assert.equal(hit.input_schema.type, "object");
 * assert.deepEqual(Object.keys(hit.input_schema.properties as object), ["all"]);
 * assert.equal(index.get("docker_ps")?.tool.command, "ps");
 * ```
 *
 * @module
 */
// Ranked search reads the related-words table: it comes with the library as a JSON module, which
// works from JSR and npm with no permission to read files.
import "./src/search/bundled_related_words.ts";

export {
  type ArgumentProblem,
  BackendUnavailableError,
  ConfigError,
  type ConfigIssue,
  InvalidArgumentsError,
  InvalidBackendError,
  InvalidCursorError,
  InvalidToolError,
  NonDeterministicSearcherError,
  NotFoundError,
  UnpreparedSearchError,
} from "./src/errors.ts";
export type {
  ArgConstraint,
  ArgType,
  CLImaxConfig,
  CLImaxConfigInput,
  CLISummary,
  ExecutorConfig,
  JsonValue,
  ResolvedTool,
  ToolArg,
  ToolArgInput,
  ToolDef,
  ToolDefInput,
  ToolIndexEntry,
} from "./src/types.ts";
export type { McpServerInfo, McpTool } from "./src/mcp_types.ts";
export {
  MAX_CONFIG_SIZE,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TOOLS,
  MAX_TOOLS_PER_CONFIG,
} from "./src/limits.ts";
export {
  validateCLISummary,
  validateConfig,
  type ValidateOptions,
  validateResolvedTool,
  validateToolArg,
  validateToolDef,
  validateToolIndexEntry,
} from "./src/config/validate.ts";
export { parseConfig } from "./src/config/parse.ts";
export {
  loadConfig,
  loadConfigDir,
  type LoadConfigDirOptions,
  type LoadConfigOptions,
} from "./src/config/load.ts";
export { configJsonSchema } from "./src/config/json_schema.ts";
export type { PolicyConfig, PolicyDefault, ServerPolicy, ToolPolicy } from "./src/policy_types.ts";
export { validatePolicy } from "./src/config/policy/validate.ts";
export { loadPolicy, parsePolicy } from "./src/config/policy/text.ts";
export { checkPolicy, type CheckPolicyOptions } from "./src/config/policy/check.ts";
export { buildInputSchema } from "./src/index/input_schema.ts";
export type { SearchPage, SearchPageParams, SearchParams } from "./src/index/search_params.ts";
export type { SearchMode } from "./src/index/search_modes.ts";
export { ToolIndex, type ToolIndexOptions } from "./src/index/tool_index.ts";
export type {
  BackendKind,
  BackendSelector,
  ChangeEvent,
  ChangeType,
  ClimaxBackend,
  LocalBackend,
  McpBackend,
  RankedHit,
  RegistryEntry,
  RegistryTool,
  RegistryToolInput,
  ResolvedRegistryTool,
  SearchContext,
  SearchDoc,
  Searcher,
  ToolBackend,
  ToolRegistration,
} from "./src/registry/types.ts";
export { parseToolId, toolId } from "./src/tool_id.ts";
export type {
  NamespacePage,
  NamespacePageParams,
  RegistrySearchPage,
  RegistrySearchPageParams,
  RegistrySearchParams,
} from "./src/registry/registry_params.ts";
export { RegistryView } from "./src/registry/registry_view.ts";
export { ToolRegistry } from "./src/registry/tool_registry.ts";
export {
  type ConfigOptions,
  preferredBackend,
  type ToolRegistryOptions,
} from "./src/registry/registry_options.ts";
export {
  type ArgumentValue,
  checkArguments,
  MAX_ARGUMENT_LENGTH,
  MAX_STDIN_LENGTH,
} from "./src/run/arguments.ts";
export { buildCommandLine, type CommandLine, flagOf, type GetEnv } from "./src/run/command_line.ts";
export {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_OUTPUT_BYTES,
  type RunOptions,
  type RunResult,
  runResultText,
  runTool,
} from "./src/run/run_tool.ts";
export {
  BACKEND_META_KEY,
  type BackendCaller,
  type CallContext,
  type CallOptions,
  type CallResult,
  callTool,
  MAX_ANSWER_BYTES,
} from "./src/call/call_tool.ts";
export { climaxCaller } from "./src/call/climax_caller.ts";
export { climaxResolvedTool } from "./src/call/climax_resolved_tool.ts";
