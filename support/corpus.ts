// Deterministic generated corpora and queries, for the differential and property tests and
// the benchmarks.
import type { CLImaxConfigInput, SearchParams } from "../mod.ts";

/** A seeded pseudo-random generator (mulberry32): the same seed, the same sequence. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

const VERBS = [
  "list",
  "show",
  "create",
  "delete",
  "update",
  "get",
  "set",
  "run",
  "stop",
  "start",
  "fetch",
  "push",
  "pull",
  "build",
  "inspect",
  "watch",
  "export",
  "import",
  "sync",
  "scan",
];
const NOUNS = [
  "container",
  "image",
  "volume",
  "network",
  "commit",
  "branch",
  "tag",
  "remote",
  "pod",
  "service",
  "deployment",
  "secret",
  "file",
  "directory",
  "process",
  "package",
  "dependency",
  "table",
  "index",
  "user",
  "repository",
  "issue",
  "release",
  "workflow",
  "bucket",
  "queue",
  "topic",
  "cluster",
  "node",
  "log",
];
const EXTRA = [
  "status",
  "über",
  "naïve",
  "ΣΟΦΙΑ",
  "日本語",
  "a.b",
  "x*y",
  "[z]",
  "(grp)",
  "$var",
  "C++",
  "100%",
  "🚀",
  "İstanbul",
];
const CATEGORIES = ["vcs", "containers", "Kubernetes", "http", "json", "media", "system", "DB"];
const CLI_NAMES = ["git", "docker", "kubectl", "gh", "npm", "deno", "curl", "jq", "ffmpeg", "psql"];

function sentence(random: Random, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const r = random.next();
    out.push(r < 0.35 ? random.pick(VERBS) : r < 0.9 ? random.pick(NOUNS) : random.pick(EXTRA));
  }
  const text = out.join(" ");
  return random.chance(0.3) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * `toolCount` tools spread over configs of about `perConfig` tools, with realistic names,
 * descriptions of 6 to 20 words, 0 to 4 arguments, categories (some null), tags, and a few
 * duplicate tool names across configs.
 */
export function generateConfigs(
  toolCount: number,
  seed = 1,
  perConfig = 50,
): CLImaxConfigInput[] {
  const random = new Random(seed);
  const configs: CLImaxConfigInput[] = [];
  const names: string[] = [];
  let made = 0;
  for (let c = 0; made < toolCount; c++) {
    const cli = `${random.pick(CLI_NAMES)}${c}`;
    const tools = [];
    const count = Math.min(toolCount - made, perConfig);
    for (let t = 0; t < count; t++) {
      // About one name in a hundred repeats an earlier one.
      const name = names.length > 0 && random.chance(0.01)
        ? random.pick(names)
        : `${random.pick(VERBS)}_${random.pick(NOUNS)}_${c}_${t}`;
      names.push(name);
      const args = Array.from({ length: random.int(5) }, (_, a) => ({
        name: `${random.pick(NOUNS)}_${a}`,
        description: sentence(random, 4),
        type: random.pick(["string", "integer", "number", "boolean"] as const),
        required: random.chance(0.3),
        ...(random.chance(0.3) ? { flag: `--${random.pick(NOUNS)}` } : {}),
        ...(random.chance(0.1) ? { enum: ["json", "yaml", "text"] } : {}),
      }));
      tools.push({
        name,
        description: sentence(random, 6 + random.int(15)),
        command: `${random.pick(VERBS)} ${random.pick(NOUNS)}`,
        args,
      });
      made++;
    }
    configs.push({
      name: cli,
      description: sentence(random, 8),
      command: cli,
      category: random.chance(0.15) ? null : random.pick(CATEGORIES),
      tags: Array.from({ length: random.int(4) }, () => random.pick([...NOUNS, ...EXTRA])),
      tools,
    });
  }
  return configs;
}

/** The kinds of query the benchmarks time and the differential test draws from. */
export type QueryShape = "hit" | "miss" | "filtered";

/**
 * Random search parameters over a corpus: pieces of real fields (so most hit), words that
 * are in no field, one- and two-character queries, regex characters, odd case, filters that
 * exist and that do not, and limits from -1 to 40.
 */
export function generateQueries(
  configs: readonly CLImaxConfigInput[],
  count: number,
  seed = 2,
): SearchParams[] {
  const random = new Random(seed);
  const fields = configs.flatMap((config) =>
    config.tools.flatMap((tool) => [tool.name, tool.description])
  );
  const queries: SearchParams[] = [];
  for (let i = 0; i < count; i++) {
    const params: SearchParams = {};
    const r = random.next();
    if (r < 0.4) {
      const field = random.pick(fields);
      const start = random.int(field.length);
      params.query = field.slice(start, start + 1 + random.int(12));
    } else if (r < 0.55) params.query = random.pick([...VERBS, ...NOUNS, ...EXTRA]);
    else if (r < 0.65) params.query = `zq${random.int(1000)}x`;
    else if (r < 0.75) {
      params.query = String.fromCharCode(97 + random.int(26)) +
        (random.chance(0.5) ? String.fromCharCode(97 + random.int(26)) : "");
    } else if (r < 0.8) params.query = random.pick([".", "*", "[", "(", "\\", "^", "$", "+", "?"]);
    else if (r < 0.85) params.query = "";
    if (typeof params.query === "string" && random.chance(0.3)) {
      params.query = params.query.toUpperCase();
    }
    if (random.chance(0.3)) {
      params.category = random.chance(0.8)
        ? random.pick(CATEGORIES).toUpperCase()
        : "no-such-category";
    }
    if (random.chance(0.15)) {
      params.cli = random.chance(0.8) ? random.pick(configs).name : "no-such-cli";
    }
    params.limit = random.chance(0.9) ? 1 + random.int(40) : random.int(2) - 1;
    queries.push(params);
  }
  return queries;
}

/** Queries of one shape for the benchmarks: `count` of them, drawn from the corpus. */
export function queriesOfShape(
  configs: readonly CLImaxConfigInput[],
  shape: QueryShape,
  count: number,
  seed = 3,
): SearchParams[] {
  const random = new Random(seed);
  const tools = configs.flatMap((config) => config.tools);
  return Array.from({ length: count }, (): SearchParams => {
    if (shape === "miss") return { query: `${random.pick(NOUNS)} zq${random.int(1e6)}` };
    const query = random.chance(0.5)
      ? random.pick(NOUNS)
      : random.pick(tools).description.split(" ").slice(0, 2).join(" ");
    return shape === "hit" ? { query } : { query, category: random.pick(CATEGORIES) };
  });
}

/**
 * Ranked-mode queries of `words` words each, as an agent might write them: consecutive words
 * of a random tool's description, lowercased.
 */
export function rankedQueries(
  configs: readonly CLImaxConfigInput[],
  words: number,
  count: number,
  seed = 4,
): SearchParams[] {
  const random = new Random(seed);
  const descriptions = configs.flatMap((config) =>
    config.tools.map((tool) => tool.description.split(/\s+/).filter((word) => word !== ""))
  ).filter((description) => description.length >= words);
  return Array.from({ length: count }, (): SearchParams => {
    const description = random.pick(descriptions);
    const start = random.int(description.length - words + 1);
    const query = description.slice(start, start + words).join(" ").toLowerCase();
    return { query, mode: "ranked" };
  });
}

/**
 * The configs with every tool whose name an earlier tool has taken left out, so that a
 * `ToolIndex` (where the last of a name wins) and a `ToolRegistry` (which keeps one of each name
 * per namespace) hold the same tools.
 */
export function uniqueNames(configs: readonly CLImaxConfigInput[]): CLImaxConfigInput[] {
  const seen = new Set<string>();
  return configs.map((config) => ({
    ...config,
    tools: config.tools.filter((tool) => !seen.has(tool.name) && seen.add(tool.name)),
  }));
}
