// `deno task eval`: relevance of the search on labelled queries.
//
//   deno task eval --all [--against REV] [--ablation] [--full-encoder]
//   deno task eval <data-dir> [--queries FILE] [--ablation] [--full-encoder]
//
// `--all` measures every development set (see `support/eval_sets.ts`) in one run: ranked search
// beside the ranked search of another version (`--against`, a git revision or a checkout's
// folder; default `HEAD`, so that uncommitted changes are measured against the last commit;
// `none` for no comparison) and beside MiniSearch 7.2, with a macro average over the sets, then
// each difference from the other version with a paired bootstrap 95% interval: a change whose
// interval holds 0 is within the noise of its set. A ranking change is kept only when no set is
// worse beyond its interval. Last, each searcher's share of answered requests among requests
// put to a catalogue that has nothing for them (`outOfCatalogueSets`).
//
// A data directory is measured alone: its `configs.json` (or its YAML configs) and its
// `queries.json` (or `--queries`), with substring search too. `--ablation` adds a row for the
// ranking with each of its choices undone, to show what each one is worth. Both measure hybrid
// search as shipped (`src/hybrid/`, the token table) too, with its difference from ranked search;
// `--full-encoder` adds it with all-MiniLM-L6-v2 itself (`support/full_encoder.ts`), which the table
// is measured against: every text is encoded once, which takes minutes.
import { parseArgs } from "node:util";
import type { CLImaxConfig } from "../mod.ts";
import { loadTokenTable, type SentenceEncoder } from "../src/hybrid/mod.ts";
import { hybridRankings, indexRankings, rememberingEncoder } from "../support/rankings.ts";
import { loadFullEncoder } from "../support/full_encoder.ts";
import { DEFAULT_RANKING, FIELDS, RankedIndex, type RankingOptions } from "../src/search/ranked.ts";
import { collectTools } from "../src/index/_collect.ts";
import {
  developmentSets,
  type EvalSet,
  loadEvalSet,
  outOfCatalogueSets,
} from "../support/eval_sets.ts";
import {
  type Difference,
  means,
  pairedBootstrap,
  type PerQuery,
  perQuery,
  type Relevance,
} from "../support/relevance.ts";
import { MiniSearchIndex } from "../support/minisearch.ts";
import { type PreviousVersion, previousVersion } from "./_previous_version.ts";

const LIMIT = 10;
const MEASURES: [keyof Relevance, string][] = [
  ["recallAt1", "R@1"],
  ["recallAt5", "R@5"],
  ["recallAt10", "R@10"],
  ["mrrAt10", "MRR@10"],
  ["ndcgAt10", "nDCG@10"],
];

const { values, positionals } = parseArgs({
  args: Deno.args,
  options: {
    all: { type: "boolean", default: false },
    against: { type: "string", default: "HEAD" },
    ablation: { type: "boolean", default: false },
    queries: { type: "string" },
    "full-encoder": { type: "boolean", default: false },
  },
  allowPositionals: true,
});
if (values.all === (positionals.length === 1) || positionals.length > 1) {
  console.error(
    "Usage: deno task eval --all [--against REV] [--ablation] [--full-encoder]\n" +
      "       deno task eval <data-dir> [--queries FILE] [--ablation] [--full-encoder]",
  );
  Deno.exit(2);
}

/** A named searcher's ranking of each query of a set, as tool names. */
type Rankings = (set: EvalSet) => string[][] | Promise<string[][]>;

const ranked: Rankings = (set) => indexRankings(set, LIMIT, "ranked");

const miniSearch: Rankings = ({ configs, queries }) => {
  const index = new MiniSearchIndex(configs);
  return queries.map(({ query }) => index.search({ query, limit: LIMIT }));
};

const substring: Rankings = (set) => indexRankings(set, LIMIT, "substring");

/** Hybrid searches: as shipped, with the token table, and (`--full-encoder`) with the encoder. */
async function hybridSearchers(): Promise<[string, Rankings][]> {
  const searchers: [string, Rankings][] = [["hybrid", hybrid(await loadTokenTable())]];
  if (values["full-encoder"]) {
    searchers.push(["hybrid, full encoder", hybrid(await loadFullEncoder())]);
  }
  return searchers;
}

/** Hybrid search with `encoder`, its vectors kept for every text of every set. */
function hybrid(encoder: SentenceEncoder): Rankings {
  const remembering = rememberingEncoder(encoder);
  return (set) => hybridRankings(set, remembering, LIMIT);
}

function previousRankings(previous: PreviousVersion): Rankings {
  return ({ configs, queries }) => {
    const index = previous.index(configs);
    return queries.map(({ query }) =>
      index.search({ query, limit: LIMIT, mode: "ranked" }).map((entry) => entry.tool_name)
    );
  };
}

/** The field weights `base` (by default the ranking's) with those of `fields` set to `weight`. */
function weightsWith(
  fields: readonly (typeof FIELDS)[number][],
  weight: number,
  base: readonly number[] = DEFAULT_RANKING.weights,
): number[] {
  return base.map((w, field) => fields.includes(FIELDS[field]) ? weight : w);
}

/** The ranking with each of its choices undone, one row each. */
function ablations(): [string, Rankings][] {
  const variants: [string, Partial<RankingOptions>][] = [
    ["ranked, no stop words", { stopWords: false }],
    ["ranked, no stemming", { stemming: false }],
    ["ranked, no prefix completion", { prefixWeight: 0 }],
    ["ranked, no typo correction", { typoWeight: 0 }],
    ["ranked, no exact word forms beside stems", { exactWeight: 0 }],
    ["ranked, no related words (WordNet)", { relatedWeight: 0 }],
    [
      "ranked, a tool found by related words alone answers however little they match",
      { minRelatedCoverage: 0 },
    ],
    ["ranked, paths and quotes weighed as the request", { debrisWeight: 1 }],
    ["ranked, words that frame a request weighed as the rest", { requestWeight: 1 }],
    ["ranked, a repeated word counted once", { repeatWeight: 0 }],
    ["ranked, a source's near-ties by score, not in the source's order", { siblingTolerance: 0 }],
    ["ranked, lengths against all tools, not the config's", { lengthPrior: Infinity }],
    ["ranked, longer fields punished in proportion, not by a logarithm", { lengthDamping: false }],
    ["ranked, no BM25+ lower bound", { delta: 0 }],
    ["ranked, equal field weights", { weights: DEFAULT_RANKING.weights.map(() => 1) }],
    ["ranked, arguments not read", { weights: weightsWith(["arg_names", "arg_descriptions"], 0) }],
    ["ranked, argument descriptions not read", { weights: weightsWith(["arg_descriptions"], 0) }],
    [
      "plain BM25 (one weight, b 0.75, no stems, no completion or correction)",
      {
        weights: weightsWith(
          ["cli_description", "arg_names", "arg_descriptions"],
          0,
          FIELDS.map(() => 1),
        ),
        b: DEFAULT_RANKING.b.map(() => 0.75),
        lengthDamping: false,
        stemming: false,
        stopWords: false,
        prefixWeight: 0,
        typoWeight: 0,
        relatedWeight: 0,
        requestWeight: 1,
        repeatWeight: 0,
        siblingTolerance: 0,
      },
    ],
  ];
  return variants.map(([label, variant]) => [label, ({ configs, queries }) => {
    const { tools, owners } = collectTools(configs as CLImaxConfig[], () => {});
    const index = new RankedIndex(tools, owners, { ranking: { ...DEFAULT_RANKING, ...variant } });
    return queries.map(({ query }) =>
      (index.rank(query, LIMIT) ?? []).map((doc) => tools[doc].name)
    );
  }]);
}

const fixed = (value: number) => value.toFixed(3);
const signed = (value: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(3)}`;
const row = (cells: readonly (string | number)[]) => `| ${cells.join(" | ")} |`;

function measuresRow(label: string, measured: Relevance, prefix: string[] = []): string {
  return row([...prefix, label, ...MEASURES.map(([key]) => fixed(measured[key]))]);
}

/** A difference and its interval; marked when the interval lies wholly below or above 0. */
function differenceCell({ mean, low, high }: Difference): string {
  const mark = high < 0 ? " ✘" : low > 0 ? " ✔" : "";
  return `${signed(mean)} [${signed(low)}, ${signed(high)}]${mark}`;
}

if (values.all) {
  const sets = await developmentSets();
  const previous = values.against === "none" ? undefined : await previousVersion(values.against);
  try {
    const searchers: [string, Rankings][] = [["**ranked**", ranked]];
    if (previous) searchers.push([`ranked at ${previous.label}`, previousRankings(previous)]);
    searchers.push(["MiniSearch 7.2", miniSearch], ...(values.ablation ? ablations() : []));
    const hybrids = await hybridSearchers();
    searchers.push(...hybrids);
    // measured[searcher][set]: each query's measures.
    const measured: PerQuery[][] = [];
    for (const [, rankings] of searchers) {
      const bySet: PerQuery[] = [];
      for (const set of sets) bySet.push(perQuery(set.queries, await rankings(set)));
      measured.push(bySet);
    }
    console.log(
      `## Relevance on the development sets, ${LIMIT} results a query\n\n` +
        row(["set", "queries", "search", ...MEASURES.map(([, label]) => label)]) + "\n" +
        row(["---", "---:", "---", ...MEASURES.map(() => "---:")]),
    );
    sets.forEach((set, s) => {
      searchers.forEach(([label], k) => {
        const first = k === 0 ? [set.name, String(set.queries.length)] : ["", ""];
        console.log(measuresRow(label, means(measured[k][s]), first));
      });
    });
    searchers.forEach(([label], k) => {
      const macro = Object.fromEntries(MEASURES.map(([key]) => [
        key,
        sets.reduce((sum, _, s) => sum + means(measured[k][s])[key], 0) / sets.length,
      ])) as unknown as Relevance;
      console.log(measuresRow(label, macro, k === 0 ? ["macro average", ""] : ["", ""]));
    });

    // Each comparison: [the searcher measured, the one it is measured against, their names].
    const comparisons: [number, number, string][] = [];
    if (previous) comparisons.push([0, 1, `Ranked minus ${previous.label}`]);
    comparisons.push([0, previous ? 2 : 1, "Ranked minus MiniSearch 7.2"]);
    hybrids.forEach(([label], i) => {
      const one = searchers.length - hybrids.length + i;
      comparisons.push([one, 0, `${label[0].toUpperCase()}${label.slice(1)} minus ranked`]);
    });
    for (const [one, other, title] of comparisons) {
      console.log(
        `\n## ${title}: the mean difference [paired bootstrap 95% interval]; ` +
          "✘ worse, ✔ better, beyond noise\n\n" +
          row(["set", ...MEASURES.map(([, name]) => name)]) + "\n" +
          row(["---", ...MEASURES.map(() => "---:")]),
      );
      const pairs = (key: keyof Relevance, only?: number) =>
        sets.flatMap((_, s) =>
          only === undefined || only === s
            ? [{ a: measured[one][s][key], b: measured[other][s][key] }]
            : []
        );
      sets.forEach((set, s) => {
        console.log(row([
          set.name,
          ...MEASURES.map(([key]) => differenceCell(pairedBootstrap(pairs(key, s)))),
        ]));
      });
      console.log(row([
        "macro average",
        ...MEASURES.map(([key]) => differenceCell(pairedBootstrap(pairs(key)))),
      ]));
    }
    console.log(
      "\n## Requests of one set put to another set's tools, none of which answers them: " +
        "the share answered with any tool (lower is better)\n\n" +
        row(["requests, tools", "queries", ...searchers.map(([label]) => label)]) + "\n" +
        row(["---", "---:", ...searchers.map(() => "---:")]),
    );
    for (const set of outOfCatalogueSets(sets)) {
      const shares: string[] = [];
      for (const [, rankings] of searchers) {
        const answered = (await rankings(set)).filter((ranking) => ranking.length > 0).length;
        shares.push(`${(100 * answered / set.queries.length).toFixed(1)}%`);
      }
      console.log(row([set.name, String(set.queries.length), ...shares]));
    }
  } finally {
    await previous?.close();
  }
} else {
  const dir = new URL(positionals[0].replace(/\/?$/, "/"), `file://${Deno.cwd()}/`);
  let set: EvalSet;
  try {
    set = await loadEvalSet(
      positionals[0],
      dir,
      values.queries ? new URL(values.queries, `file://${Deno.cwd()}/`) : undefined,
    );
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    // A catalogue without queries (such as mcp-zero-catalog) has nothing to measure.
    console.error(`No labelled queries in ${positionals[0]} (give a file with --queries)`);
    Deno.exit(2);
  }
  const searchers: [string, Rankings][] = [
    ["substring (the spec's search)", substring],
    ["**ranked**", ranked],
    ["MiniSearch 7.2 (anchor)", miniSearch],
    ...(values.ablation ? ablations() : []),
    ...await hybridSearchers(),
  ];
  const tools = set.configs.reduce((sum, config) => sum + config.tools.length, 0);
  console.log(`${set.queries.length} queries, ${tools} tools (${positionals[0]})\n`);
  console.log(row(["search", ...MEASURES.map(([, label]) => label)]));
  console.log(row(["---", ...MEASURES.map(() => "---:")]));
  for (const [label, rankings] of searchers) {
    console.log(measuresRow(label, means(perQuery(set.queries, await rankings(set)))));
  }
}
