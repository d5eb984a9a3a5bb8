// Comments in src/ state the contract and a one-line reason; measured figures and their history
// live in docs/performance.md and commit messages, where copies cannot drift apart.
import assert from "node:assert/strict";

const SRC = new URL("../src/", import.meta.url);
/** The most comment lines of src/ that may carry a measured figure. */
const MAX_FIGURE_LINES = 5;
/** A measured figure: a time, a ratio, a share or a size, such as "1.12 µs", "1.17×" or "15%". */
const FIGURE = /\d(?:[.,]\d+)?\s*(?:ms|µs|ns|×|%)(?!\w)|\d(?:\.\d+)?\s*(?:[kKMG]B)\b/;

/** The comment of a line of code: the whole line in a comment block, or a trailing `//` one. */
function commentOf(line: string): string {
  if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) return line;
  return /\s\/\/\s.*$/.exec(line)?.[0] ?? "";
}

/** The comment lines of the modules under `dir` that carry a figure, as `path:line: text`. */
async function figureLines(dir: URL, prefix = "src/"): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isDirectory) {
      found.push(...await figureLines(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else if (/\.tsx?$/.test(entry.name)) {
      const lines = (await Deno.readTextFile(new URL(entry.name, dir))).split("\n");
      lines.forEach((line, i) => {
        if (FIGURE.test(commentOf(line))) found.push(`${prefix}${entry.name}:${i + 1}: ${line}`);
      });
    }
  }
  return found.sort();
}

Deno.test("at most 5 comment lines in src/ carry a measured figure", async () => {
  const lines = await figureLines(SRC);
  assert.ok(lines.length <= MAX_FIGURE_LINES, lines.join("\n"));
});

Deno.test("a figure in a comment is told from one in code", () => {
  assert.match(commentOf("  // took 1.12 µs against 2.39"), FIGURE);
  assert.match(commentOf(" * made it 1.17× a ToolIndex's"), FIGURE);
  assert.match(commentOf("const x = 1; // 15% slower"), FIGURE);
  assert.doesNotMatch(commentOf("const share = 0.5 * 100; // a half"), FIGURE);
  assert.doesNotMatch(commentOf('const label = "50%";'), FIGURE);
  assert.doesNotMatch(commentOf(" * at most 1,000 tools, each at most 64 words"), FIGURE);
});
