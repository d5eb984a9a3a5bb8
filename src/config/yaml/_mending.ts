// The copy of a YAML text with the mistakes the diagnosis found mended as its messages say, so
// that the parser, run on the copy, can report what else is wrong. Lines are never added or
// removed, so every other line keeps its number and its columns.
import { indentation } from "./_scan.ts";

/** A change to a line of the text: `text` in place of its columns `from` to `to`. */
interface Edit {
  from: number;
  to: number;
  text: string;
}

/** The mended copy of a text, made of changes to its lines as first written. */
export class Mending {
  readonly #lines: readonly string[];
  /** Each line's indentation, as mended. */
  readonly #indents: number[];
  /** The changes to each line's text, at its columns as written. */
  readonly #edits = new Map<number, Edit[]>();
  readonly #changed = new Set<number>();

  constructor(lines: readonly string[]) {
    this.#lines = lines;
    this.#indents = lines.map((line) => indentation(line).indent);
  }

  /** Indents line `n` (0-based) by `indent` spaces. */
  reindent(n: number, indent: number): void {
    this.#indents[n] = indent;
    this.#changed.add(n);
  }

  /** Replaces the text between two columns of line `n`, as written, with `text`. */
  edit(n: number, from: number, to: number, text: string): void {
    const edits = this.#edits.get(n) ?? [];
    edits.push({ from, to, text });
    this.#edits.set(n, edits);
    this.#changed.add(n);
  }

  /** Adds `text` at the end of line `n`, after its last character that is not a space. */
  append(n: number, text: string): void {
    const end = this.#lines[n].trimEnd().length;
    this.edit(n, end, end, text);
  }

  /** The mended text. */
  text(): string {
    return this.#lines.map((_, n) => this.#line(n)).join("\n");
  }

  /** The lines changed, 1-based. */
  changedLines(): Set<number> {
    return new Set([...this.#changed].map((n) => n + 1));
  }

  #line(n: number): string {
    let text = this.#lines[n];
    // Right to left, so that each edit's columns are still those of the text as written.
    const edits = [...(this.#edits.get(n) ?? [])].sort((a, b) => b.from - a.from);
    for (const { from, to, text: replacement } of edits) {
      text = text.slice(0, from) + replacement + text.slice(to);
    }
    return " ".repeat(this.#indents[n]) + text.slice(indentation(this.#lines[n]).indent);
  }
}
