// The labelled query sets the ranking is measured on: the development sets of `../shared/eval/`
// and the project's own agent queries, each with the catalogue its queries are labelled on. One
// definition, for `deno task eval` and the benchmarks alike.
import { type CLImaxConfig, loadConfigDir, validateConfig } from "../mod.ts";
import type { LabelledQuery } from "./relevance.ts";

/** A catalogue and the queries labelled with its tools. */
export interface EvalSet {
  name: string;
  configs: CLImaxConfig[];
  queries: LabelledQuery[];
}

/** Where the relevance data lives: `../shared/eval/` beside the project. */
export const EVAL_DIR: URL = new URL("../../shared/eval/", import.meta.url);

/** The bundled catalogue's folder. */
const BUNDLED = new URL("../configs/", import.meta.url);

/** The project's own requests for the bundled tools, written by reading the configs. */
const AGENT_QUERIES = new URL("../tests/fixtures/agent_queries.json", import.meta.url);

/**
 * The configs of a folder: its `configs.json`, else its YAML configs.
 *
 * @throws {Deno.errors.NotFound} When the folder has neither.
 */
async function loadEvalConfigs(dir: URL): Promise<CLImaxConfig[]> {
  try {
    return (JSON.parse(await Deno.readTextFile(new URL("configs.json", dir))) as unknown[])
      .map((config) => validateConfig(config, { onWarning: () => {} }));
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    return await loadConfigDir(dir, { onWarning: () => {} });
  }
}

/**
 * The set of a folder: its configs (see `loadEvalConfigs`) and its `queries.json` (or
 * `queries`, another file of labelled queries).
 *
 * @throws {Deno.errors.NotFound} When a file is missing.
 */
export async function loadEvalSet(name: string, dir: URL, queries?: URL): Promise<EvalSet> {
  const configs = await loadEvalConfigs(dir);
  const labelled = JSON.parse(await Deno.readTextFile(queries ?? new URL("queries.json", dir)));
  return { name, configs, queries: labelled };
}

/**
 * Every development set, in a fixed order: metatool-dev, sgd-dev, bundled-dev (on the bundled
 * configs) and the agent queries (on them too); then metatool-dev and bundled-dev again with
 * the 2,792 tools of mcp-zero-catalog beside their own, the shape of a catalogue assembled from
 * many MCP servers, where near-duplicates compete. A set whose files are absent is left out,
 * with a line to `warn`.
 */
export async function developmentSets(
  warn: (message: string) => void = (message) => console.error(message),
): Promise<EvalSet[]> {
  const sets: EvalSet[] = [];
  const sources: [string, URL, URL | undefined][] = [
    ["metatool-dev", new URL("metatool-dev/", EVAL_DIR), undefined],
    ["sgd-dev", new URL("sgd-dev/", EVAL_DIR), undefined],
    ["bundled-dev", BUNDLED, new URL("bundled-dev/queries.json", EVAL_DIR)],
    ["agent queries", BUNDLED, AGENT_QUERIES],
  ];
  for (const [name, dir, queries] of sources) {
    try {
      sets.push(await loadEvalSet(name, dir, queries));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
      warn(`No ${name} data (${(queries ?? dir).pathname}): left out`);
    }
  }
  const distractors = new URL("mcp-zero-catalog/", EVAL_DIR);
  try {
    const configs = await loadEvalConfigs(distractors);
    for (
      const set of sets.filter(({ name }) => name === "metatool-dev" || name === "bundled-dev")
    ) {
      sets.push({
        name: `${set.name} among mcp-zero`,
        configs: [...configs, ...set.configs],
        queries: set.queries,
      });
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    warn(`No mcp-zero-catalog data (${distractors.pathname}): its sets are left out`);
  }
  return sets;
}

/**
 * Requests that no tool of a catalogue answers: each development set's requests put to another
 * set's catalogue, which has nothing they ask for (sgd-dev's dialogue requests to the bundled
 * command lines, bundled-dev's to sgd-dev's services, and so on). A search should answer few of
 * them with any tool. Made from `sets` (see `developmentSets`); a pair whose set is absent is
 * left out.
 */
export function outOfCatalogueSets(sets: readonly EvalSet[]): EvalSet[] {
  const named = new Map(sets.map((set) => [set.name, set]));
  const pairs: [string, string][] = [
    ["sgd-dev", "bundled-dev"],
    ["metatool-dev", "bundled-dev"],
    ["bundled-dev", "sgd-dev"],
    ["bundled-dev", "metatool-dev"],
  ];
  return pairs.flatMap(([requests, catalogue]) => {
    const from = named.get(requests);
    const to = named.get(catalogue);
    if (from === undefined || to === undefined) return [];
    const queries = from.queries.map((query) => ({ ...query, relevant: [] }));
    return [{ name: `${requests} requests, ${catalogue}'s tools`, configs: to.configs, queries }];
  });
}
