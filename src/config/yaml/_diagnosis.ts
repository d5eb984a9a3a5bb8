// When the YAML parser fails, its errors are where its reading went wrong, which can be lines
// away from the mistake: a list item one space short gave errors on three other lines and none
// on its own. This reads the text as a person does instead, line by line, and names the line
// that is wrong in plain words: a key or list item indented unlike its siblings, a quote or
// bracket never closed, a quote that ends a value early, a plain value holding ": ". Each
// mistake found is also mended in a copy of the text, so that the parser, run on the copy, can
// still report what else is wrong.
import type { ConfigIssue } from "../../errors.ts";
import { Reading, type ReadingResult } from "./_reading.ts";

/** The mistakes found in a YAML text, and the text with each of them mended. */
export interface YamlDiagnosis {
  /** One issue per mistake, at its line and column; none when the text reads as intended. */
  issues: ConfigIssue[];
  /** The text with every mistake mended as its message says; same lines, same line count. */
  mended: string;
  /** The lines (1-based) that the mending changed. */
  mendedLines: Set<number>;
}

/** How many first members, at most, are tried as the line indented wrong. */
const MAX_BLAMED = 20;

/**
 * Reads YAML text (lines ending in LF) for the mistakes a person makes in a config. Where a
 * line does not line up with a collection of one member so far, either may be the one indented
 * wrong: the first member is tried too, and the reading with fewer mistakes is kept, then the
 * next such line, and so on. On a tie, the reading in which more blocks stand one step deeper
 * than the key that holds them is kept, and else the later line is taken to be wrong.
 */
export function diagnoseYaml(text: string): YamlDiagnosis {
  let blamed = new Map<number, number>();
  let best: ReadingResult = new Reading(text, blamed).run();
  while (best.blame !== undefined && blamed.size < MAX_BLAMED) {
    const tried = new Map([...blamed, [best.blame.line, best.blame.indent]]);
    const other = new Reading(text, tried).run();
    const more = other.issues.length - best.issues.length;
    if (more > 0 || (more === 0 && other.consistency <= best.consistency)) break;
    blamed = tried;
    best = other;
  }
  const { issues, mended, mendedLines } = best;
  return { issues, mended, mendedLines };
}
