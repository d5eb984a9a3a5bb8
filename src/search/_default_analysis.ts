// Tools and queries analysed as an index of default ranking does, outside any index: the words
// of a query that a search of several indexes works out once, and what a registry counts of
// each tool for the rarity and the average lengths it keeps.
import { TermBuffer, Vocabulary } from "./_words.ts";
import { analyze, type AnalyzedWord } from "./_query_words.ts";
import { ToolTerms } from "./_tool_terms.ts";
import { DEFAULT_RANKING, type RankedConfig, type RankedTool } from "./_ranked_tables.ts";

/** The vocabulary that `distinctTerms` analyses with: default ranking's stemming and stop words. */
let analysis: Vocabulary | undefined;
/** The term numbers `distinctTerms` finds, reused from call to call. */
const found = new TermBuffer(1 << 10);

/** The vocabulary of `distinctTerms` and `fieldLengths`. */
function analysisVocabulary(): Vocabulary {
  return analysis ??= new Vocabulary(
    DEFAULT_RANKING.stemming,
    DEFAULT_RANKING.stopWords,
    DEFAULT_RANKING.exactWeight > 0,
  );
}

/**
 * The words of `query` that an index of default ranking reads, each with its term: a search of
 * several indexes works them out once, where each index stemmed the query again.
 */
export function analyzeQuery(query: string): AnalyzedWord[] {
  return analyze(query, DEFAULT_RANKING, analysisVocabulary());
}

/**
 * The number of terms in each of `FIELDS` of a tool and its config, as an index of default
 * ranking measures them for length normalisation.
 */
export function fieldLengths(tool: RankedTool, config: RankedConfig): Float32Array {
  const terms = new ToolTerms(analysisVocabulary(), 1);
  terms.add(tool, config);
  return terms.lengths;
}

/**
 * The distinct terms of a tool and its config, as an index of default ranking counts them in
 * its document frequencies.
 */
export function distinctTerms(tool: RankedTool, config: RankedConfig): string[] {
  const vocabulary = analysisVocabulary();
  found.length = 0;
  const texts = [
    tool.name,
    tool.description,
    ...tool.args.flatMap((arg) => [arg.name, arg.description]),
    config.name,
    config.description,
    config.category ?? "",
    ...config.tags,
  ];
  for (const text of texts) vocabulary.analyze(text, found);
  const terms = vocabulary.terms;
  return [...new Set(found.data.subarray(0, found.length))].map((id) => terms[id]);
}
