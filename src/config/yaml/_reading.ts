// One reading of a YAML text that the parser could not read, line by line as a person reads it
// (see `diagnoseYaml`): each key and list item placed among the collections open above it, each
// quoted, bracketed or block value followed to its end, and each line that fits nowhere
// reported and mended where it fits best.
import type { ConfigIssue } from "../../errors.ts";
import {
  closingQuote,
  followBrackets,
  followQuote,
  indentation,
  isBlankOrComment,
  isBlockScalarHeader,
  isEmptyValue,
  isListItem,
  type OpenBracket,
  quotedEnd,
  splitKey,
  withoutComment,
  withoutProperties,
} from "./_scan.ts";
import { Levels, type Opener } from "./_levels.ts";
import { Mending } from "./_mending.ts";
import {
  afterFlow,
  afterQuoted,
  colonInPlain,
  unclosedQuote,
  type ValueMistake,
} from "./_value_mistakes.ts";

/** What a reading found: its issues, the text mended, and what another reading may try. */
export interface ReadingResult {
  issues: ConfigIssue[];
  mended: string;
  /** The lines (1-based) that the mending changed. */
  mendedLines: Set<number>;
  /** The first member of a collection that may be the line indented wrong, if there is one. */
  blame?: Blame;
  /** How consistently the text is read to be indented (see `Levels.consistency`). */
  consistency: number;
}

/** A line that may be meant to be indented by `indent`: a first member a later line misses. */
export interface Blame {
  line: number;
  indent: number;
}

/** The multi-line value being read: a block scalar, a quoted scalar or a flow collection. */
type Mode =
  | { type: "block"; owner: number }
  | { type: "quote"; owner: number; quote: string }
  | ({ type: "flow"; owner: number; last: number } & FlowState);

/** The brackets of a flow collection open at the end of a line, and the quote if one is. */
interface FlowState {
  open: OpenBracket[];
  quote?: string;
}

/**
 * The lines of a block whose first line was re-indented: those deeper than it, where it was and
 * where it goes, move with it if they fit only so (`apply`, decided at the first of them).
 */
interface Shift {
  above: number;
  delta: number;
  apply?: boolean;
}

/** `#read`'s content: indented `delta` more once mended, the value of the list item at `owner`. */
interface ReadOptions {
  delta: number;
  owner?: number;
}

/** What a key or list item is, as its opener will say: its kind, and for a key its name. */
type Entry = Pick<Opener, "kind" | "key">;

/** A key or list item whose value is read: at `start` in the text, at `indent` once mended. */
interface Member extends Entry {
  start: number;
  indent: number;
}

/** The shift of the block of a line re-indented from `from` to `to` spaces. */
function shiftOf(from: number, to: number): Shift {
  return { above: Math.max(from, to), delta: to - from };
}

/** One reading of a text, where the lines of `blamed` are read as indented wrong. */
export class Reading {
  readonly #lines: string[];
  readonly #mending: Mending;
  readonly #issues: ConfigIssue[] = [];
  readonly #levels = new Levels();
  #opener: Opener | undefined;
  /** The indentation of the key or item whose plain scalar more-indented lines may continue. */
  #plain: number | undefined;
  #mode: Mode | undefined;
  #shift: Shift | undefined;
  /** Set at a line that fits no reading of the indentation: it is not diagnosed from there on. */
  #lost = false;
  /** The indentation each line read as wrong should have, from other readings of the text. */
  readonly #blamed: ReadonlyMap<number, number>;
  /** The first member that may be wrong rather than the line found not to line up with it. */
  #blame: Blame | undefined;

  constructor(text: string, blamed: ReadonlyMap<number, number>) {
    this.#lines = text.split("\n");
    this.#mending = new Mending(this.#lines);
    this.#blamed = blamed;
  }

  run(): ReadingResult {
    for (let n = 0; n < this.#lines.length; n++) this.#line(n);
    this.#endMode();
    return {
      issues: this.#issues.sort((a, b) =>
        (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
      ),
      mended: this.#mending.text(),
      mendedLines: this.#mending.changedLines(),
      blame: this.#blame,
      consistency: this.#levels.consistency(),
    };
  }

  #line(n: number): void {
    const text = this.#lines[n];
    const { indent, tab } = indentation(text);
    const content = text.slice(indent);
    if (content.trim() === "") return;
    if (this.#shift !== undefined && indent <= this.#shift.above) this.#shift = undefined;
    if (this.#shift?.apply) this.#mending.reindent(n, indent + this.#shift.delta);
    if (this.#inMode(n, indent)) return;
    if (isBlankOrComment(content)) return;
    if (tab) {
      // A tab's width is anyone's guess, so indentation cannot be compared from here on.
      this.#lost = true;
      return;
    }
    if (indent === 0 && /^(?:---|\.\.\.)(?:\s|$)/.test(content)) {
      this.#levels.reset();
      this.#opener = undefined;
      this.#plain = undefined;
      return;
    }
    if (indent === 0 && content.startsWith("%")) return;
    this.#read(n, indent, content, { delta: this.#shiftOf(n, indent, content) });
  }

  /** Reads line `n` as part of the multi-line value being read, if it is; true if it was. */
  #inMode(n: number, indent: number): boolean {
    const mode = this.#mode;
    if (mode === undefined) return false;
    const text = this.#lines[n];
    if (indent <= mode.owner) {
      this.#endMode();
      return false;
    }
    if (mode.type === "quote") {
      if (closingQuote(text, indent, mode.quote) >= 0) this.#mode = undefined;
    } else if (mode.type === "flow") {
      mode.last = n;
      if (this.#follow(n, indent, mode)) this.#mode = undefined;
    }
    return true;
  }

  /** Ends the multi-line value being read: a bracket still open was never closed. */
  #endMode(): void {
    const mode = this.#mode;
    this.#mode = undefined;
    if (mode?.type === "flow") {
      const open = mode.open[0];
      const closers = (mode.quote ?? "") +
        mode.open.map((bracket) => closerOf(bracket.char)).reverse().join("");
      const what = open.char === "[" ? "list" : "mapping";
      this.#report(
        open.line,
        open.column,
        `The ${open.char} here is never closed; add ${closers} at the end of the ${what}`,
      );
      this.#mending.append(mode.last, closers);
    }
  }

  /**
   * The change of indentation line `n` takes from a re-indented line above it: its block moves
   * with that line when it fits only so (the whole block was indented wrong), else stays.
   */
  #shiftOf(n: number, indent: number, content: string): number {
    const shift = this.#shift;
    if (shift === undefined) return 0;
    if (shift.apply === undefined) {
      const kind = isListItem(content) ? "seq" : splitKey(content) ? "map" : undefined;
      if (kind === undefined) return 0;
      const fits = (at: number) => this.#levels.fitsAsIs(at, kind, this.#opener);
      shift.apply = !fits(indent) && fits(indent + shift.delta);
      if (shift.apply) this.#mending.reindent(n, indent + shift.delta);
    }
    return shift.apply ? shift.delta : 0;
  }

  /**
   * Reads the content of line `n` from `column` (in the text), whose indentation counts
   * `delta` more once mended; `owner` is the indentation of the list item it follows.
   */
  #read(n: number, column: number, content: string, { delta, owner }: ReadOptions): void {
    if (isListItem(content)) {
      if (owner === undefined && this.#continuesPlain(column + delta)) return;
      const fixed = this.#place(n, column, delta, { kind: "seq" });
      let rest = 1;
      while (content[rest] === " ") rest++;
      this.#opener = { indent: column + fixed, kind: "seq", line: n };
      const { rest: value, cut } = withoutProperties(content.slice(rest));
      if (isEmptyValue(value)) return;
      this.#read(n, column + rest + cut, value, { delta: fixed, owner: column + fixed });
      return;
    }
    if (content[0] === "?" && (content.length === 1 || content[1] === " ")) {
      this.#lost = true;
      this.#opener = undefined;
      return;
    }
    const key = splitKey(content);
    if (key !== undefined) {
      const entry: Entry = { kind: "map", key: key.key };
      const fixed = this.#place(n, column, delta, entry);
      this.#value(n, column + key.valueStart, { ...entry, start: column, indent: column + fixed });
    } else if (owner !== undefined) {
      this.#value(n, column, { kind: "seq", start: owner - delta, indent: owner });
    }
    // Any other line continues a multi-line plain scalar, or is one the parser has reported.
  }

  /**
   * Reads the value at `column` of line `n`, of a key or list item (`member`) that stands at
   * `start` in the text and at `indent` once mended.
   */
  #value(n: number, column: number, { start, indent, kind, key }: Member): void {
    this.#plain = undefined;
    this.#opener = undefined;
    const text = this.#lines[n];
    const { rest, cut } = withoutProperties(text.slice(column));
    if (isEmptyValue(rest)) {
      this.#opener = { indent, kind, line: n, key };
      return;
    }
    const at = column + cut;
    const first = rest[0];
    if (isBlockScalarHeader(rest)) {
      this.#mode = { type: "block", owner: start };
    } else if (first === '"' || first === "'") {
      this.#quoted(n, at, { start, indent, kind, key });
    } else if (first === "[" || first === "{") {
      const flow: FlowState = { open: [] };
      if (!this.#follow(n, at, flow)) this.#mode = { type: "flow", owner: start, last: n, ...flow };
    } else if (first !== "*") {
      const plain = withoutComment(rest);
      if (/:(?:\s|$)/.test(plain)) this.#mistake(n, colonInPlain(at, plain));
      else this.#plain = indent;
    }
  }

  /** Reads the quoted value at `column` of line `n`, of `member`, to its closing quote. */
  #quoted(n: number, column: number, { start, indent, kind, key }: Member): void {
    const text = this.#lines[n];
    const end = quotedEnd(text, column);
    if (end >= 0) return this.#mistake(n, afterQuoted(text, column, end));
    const quote = text[column];
    const open = followQuote(this.#lines, n, start, quote);
    if (open.closed) this.#mode = { type: "quote", owner: start, quote };
    else if (!open.block) this.#mistake(n, unclosedQuote(text, column));
    else {
      this.#mistake(n, unclosedQuote(text, column, { key }));
      // Without the value, the block below is the member's, as if nothing followed it.
      this.#opener = { indent, kind, line: n, key };
    }
  }

  /** Whether a line at `indent` continues the plain scalar of the line before. */
  #continuesPlain(indent: number): boolean {
    return this.#plain !== undefined && indent > this.#plain;
  }

  /**
   * Places a key or list item (`entry`) at `column` of line `n` (`delta` more once mended)
   * among the open collections. One that belongs nowhere is reported and re-indented where it
   * fits best; the result is the change of indentation of the rest of the line.
   */
  #place(n: number, column: number, delta: number, { kind, key }: Entry): number {
    const what = key === undefined ? "This list item" : `The key ${JSON.stringify(key)}`;
    let indent = column + delta;
    const blamed = this.#blamed.get(n);
    if (blamed !== undefined && column === indentation(this.#lines[n]).indent) {
      indent = blamed;
      this.#report(
        n,
        column,
        `${what} is indented by ${spaces(column)} where the lines after it expect ${indent}`,
      );
      this.#mending.reindent(n, indent);
      this.#shift = shiftOf(column, indent);
    }
    const open = this.#opener;
    this.#opener = undefined;
    this.#plain = undefined;
    if (this.#lost) return indent - column;
    const fit = this.#levels.fit(indent, kind, open, n);
    if (fit === undefined) {
      this.#lost = true;
      return indent - column;
    }
    if (fit.indent === indent) return indent - column;
    if (fit.sole !== undefined && fit.under === undefined && !this.#blamed.has(fit.sole)) {
      this.#blame ??= {
        line: fit.sole,
        indent: indentation(this.#lines[fit.sole]).indent + indent - fit.indent,
      };
    }
    const by = `is indented by ${spaces(indent)}`;
    this.#report(
      n,
      column,
      fit.under === undefined
        ? `${what} ${by} where its sibling ${kind === "map" ? "keys" : "items"} use ${fit.indent}`
        : `${what} ${by}, so it is not inside ${
          fit.under.key === undefined ? "the list item" : JSON.stringify(`${fit.under.key}:`)
        } on line ${fit.under.line + 1}; indent it by ${fit.indent}`,
    );
    this.#mending.reindent(n, fit.indent);
    this.#shift = shiftOf(column, fit.indent);
    return fit.indent - column;
  }

  /**
   * Follows the brackets of line `n` from `column`, reporting a bracket that closes the wrong
   * one (and mending it by closing the right one first); true when all are closed.
   */
  #follow(n: number, column: number, flow: FlowState): boolean {
    const text = this.#lines[n];
    let quote = flow.quote;
    for (let at = column;;) {
      const followed = followBrackets(text, at, { line: n, open: flow.open, quote });
      const mismatch = followed.mismatch;
      quote = undefined;
      if (mismatch === undefined) {
        flow.quote = followed.quote;
        const closed = flow.open.length === 0 && flow.quote === undefined;
        if (closed) this.#mistake(n, afterFlow(text, followed.end));
        return closed;
      }
      const expected = closerOf(mismatch.open.char);
      const where = mismatch.open.line === n
        ? `at column ${mismatch.open.column + 1}`
        : `on line ${mismatch.open.line + 1}, column ${mismatch.open.column + 1}`;
      this.#report(
        n,
        mismatch.column,
        `The ${mismatch.open.char} ${where} is not closed before this ${mismatch.found}; ` +
          `add ${expected} before it`,
      );
      this.#mending.edit(n, mismatch.column, mismatch.column, expected);
      flow.open.pop();
      at = followed.end;
    }
  }

  /** Reports a mistake in a value on line `n`, if there is one, and mends it. */
  #mistake(n: number, mistake: ValueMistake | undefined): void {
    if (mistake === undefined) return;
    const { column, message, mend } = mistake;
    this.#report(n, column, message);
    if (mend !== undefined) this.#mending.edit(n, mend.from, mend.to, mend.text);
  }

  #report(n: number, column: number, message: string): void {
    this.#issues.push({ path: "", message, line: n + 1, column: column + 1 });
  }
}

function closerOf(char: "[" | "{"): string {
  return char === "[" ? "]" : "}";
}

function spaces(count: number): string {
  return count === 1 ? "1 space" : `${count} spaces`;
}
