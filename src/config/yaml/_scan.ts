// What one line of YAML text holds, read the way a person reads it: a key, a list item, a
// quoted or bracketed value and where it ends. The diagnosis of a YAML text that does not parse
// (`_diagnosis.ts`) is built on these; the parser's own view of a broken text is what went
// wrong in its reading, not in the text, so these never ask it.

/** The key at the start of `content`, and where its value starts, if `content` is `key: …`. */
export function splitKey(content: string): { key: string; valueStart: number } | undefined {
  const first = content[0];
  let end: number;
  if (first === '"' || first === "'") {
    const close = quotedEnd(content, 0);
    if (close < 0) return undefined;
    end = close;
    while (content[end] === " ") end++;
    if (content[end] !== ":" || !breaksAfter(content, end + 1)) return undefined;
  } else {
    if (first === undefined || !startsPlain(content)) return undefined;
    end = -1;
    for (let at = 1; at < content.length; at++) {
      const char = content[at];
      // A "#" after a space starts a comment, so no key can follow it on the line.
      if (char === "#" && isBlank(content[at - 1])) return undefined;
      if (char === ":" && breaksAfter(content, at + 1)) {
        end = at;
        break;
      }
    }
    if (end < 0) return undefined;
  }
  let valueStart = end + 1;
  while (isBlank(content[valueStart])) valueStart++;
  return { key: content.slice(0, end).trim(), valueStart };
}

/** Whether `content` is a list item: a `-` followed by a space or the end of the line. */
export function isListItem(content: string): boolean {
  return content[0] === "-" && breaksAfter(content, 1);
}

/**
 * The offset just after the quote that closes the quoted scalar opening at `start` of `text`,
 * or -1 when `text` ends first. A double-quoted scalar escapes with a backslash, a
 * single-quoted one by doubling the quote.
 */
export function quotedEnd(text: string, start: number): number {
  const quote = text[start];
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at];
    if (quote === '"' && char === "\\") at++;
    else if (char === quote) {
      if (quote === "'" && text[at + 1] === "'") at++;
      else return at + 1;
    }
  }
  return -1;
}

/** A bracket of a flow collection (`[` or `{`) that is open, and where it was opened. */
export interface OpenBracket {
  char: "[" | "{";
  line: number;
  column: number;
}

/** A closing bracket that does not match the one open before it. */
export interface Mismatch {
  column: number;
  found: string;
  open: OpenBracket;
}

/** Where following the brackets of a line stopped, and what was left open there. */
export interface Followed {
  /** The offset where it stopped: the end of the line, or the bracket that closed them all. */
  end: number;
  /** A closing bracket that does not match the bracket open before it. */
  mismatch?: Mismatch;
  /** The quote of a quoted scalar the line ends in, which the next line goes on with. */
  quote?: string;
}

/** What `followBrackets` needs to know of a line besides its text: where it is, what is open. */
export interface BracketState {
  /** The line's number, which each bracket it opens records. */
  line: number;
  /** The brackets open where following starts, pushed and popped as they open and close. */
  open: OpenBracket[];
  /** The quote of a quoted scalar that the line starts inside, if it does. */
  quote?: string;
}

/**
 * Follows the brackets of a flow collection along `text` (one line, `line`) from `start`,
 * pushing and popping `open`, until they all close or the line ends. Quoted scalars are stepped
 * over, a line may start inside one (`quote`) and end inside one. Stops at the first bracket
 * that closes another kind of bracket.
 */
export function followBrackets(
  text: string,
  start: number,
  { line, open, quote }: BracketState,
): Followed {
  let at = start;
  if (quote !== undefined) {
    const close = closingQuote(text, start, quote);
    if (close < 0) return { end: text.length, quote };
    at = close;
  }
  for (; at < text.length; at++) {
    const char = text[at];
    if (char === "#" && (at === 0 || isBlank(text[at - 1]))) return { end: text.length };
    if (char === '"' || char === "'") {
      const close = quotedEnd(text, at);
      if (close < 0) return { end: text.length, quote: char };
      at = close - 1;
    } else if (char === "[" || char === "{") {
      open.push({ char, line, column: at });
    } else if (char === "]" || char === "}") {
      const top = open.at(-1);
      if (top === undefined) return { end: at };
      if ((top.char === "[") !== (char === "]")) {
        return { end: at, mismatch: { column: at, found: char, open: top } };
      }
      open.pop();
      if (open.length === 0) return { end: at + 1 };
    }
  }
  return { end: text.length };
}

/**
 * The offset just after the quote that closes a quoted scalar which `text` goes on with from
 * `from`, its opening quote `quote` on an earlier line; -1 when `text` ends first.
 */
export function closingQuote(text: string, from: number, quote: string): number {
  // quotedEnd reads from an opening quote; one put before the text stands for it.
  const end = quotedEnd(quote + text.slice(from), 0);
  return end < 0 ? -1 : from + end - 1;
}

/** How a quoted scalar that a line leaves open goes on, as a person reads the lines after it. */
export interface OpenQuote {
  /**
   * Whether a later line closes it, before a line indented no deeper than its owner or the end
   * of the text, as a value ends: with nothing but a comment after the closing quote, or with
   * more text after it but no block below the owner (see `block`). Text after it and a block
   * mean the quote was never closed: the quote that seems to close it opens a later value.
   */
  closed: boolean;
  /** Whether the line after it is a key or list item indented under the owner: its block. */
  block: boolean;
}

/**
 * How the quoted scalar (quote `quote`) that line `n` of `lines` leaves open goes on, where the
 * key or list item that holds it (its owner) is indented by `owner`.
 */
export function followQuote(
  lines: readonly string[],
  n: number,
  owner: number,
  quote: string,
): OpenQuote {
  let block: boolean | undefined;
  for (let m = n + 1; m < lines.length; m++) {
    const { indent } = indentation(lines[m]);
    const content = lines[m].slice(indent);
    if (content.trim() === "") continue;
    if (indent <= owner) break;
    block ??= isListItem(content) || splitKey(content) !== undefined;
    const close = closingQuote(lines[m], indent, quote);
    if (close >= 0) return { closed: isEmptyValue(lines[m].slice(close)) || !block, block };
  }
  return { closed: false, block: block ?? false };
}

/**
 * The offset of a quote in `text` from `from` that opens a quoted text (at the start of a word)
 * which the line never closes, or -1; a comment ends the search. After a value that has ended,
 * such a quote is read by the parser as the start of a quoted value running on over the lines
 * below.
 */
export function unclosedQuoteFrom(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    const char = text[at];
    const starts = at === from || isBlank(text[at - 1]);
    if (char === "#" && starts) return -1;
    if ((char === '"' || char === "'") && starts) {
      const close = quotedEnd(text, at);
      if (close < 0) return at;
      at = close - 1;
    }
  }
  return -1;
}

/** `value` without anchors (`&name`) and tags (`!tag`) before it, and how much was cut. */
export function withoutProperties(value: string): { rest: string; cut: number } {
  let at = 0;
  while (value[at] === "&" || value[at] === "!") {
    while (at < value.length && !isBlank(value[at])) at++;
    while (isBlank(value[at])) at++;
  }
  return { rest: value.slice(at), cut: at };
}

/** Whether `value` is empty or only a comment: the value is a nested block, or null. */
export function isEmptyValue(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === "" || trimmed.startsWith("#");
}

/** Whether `value` is the header of a literal (`|`) or folded (`>`) block scalar. */
export function isBlockScalarHeader(value: string): boolean {
  return /^[|>][-+0-9]*\s*(?:#.*)?$/.test(value.trimEnd());
}

/** A plain scalar without the comment after it. */
export function withoutComment(value: string): string {
  const comment = value.search(/\s#/);
  return (comment < 0 ? value : value.slice(0, comment)).trimEnd();
}

/** The number of spaces `line` starts with, and whether a tab comes before its first text. */
export function indentation(line: string): { indent: number; tab: boolean } {
  let indent = 0;
  while (line[indent] === " ") indent++;
  let after = indent;
  while (isBlank(line[after])) after++;
  return { indent, tab: line.slice(indent, after).includes("\t") && after < line.length };
}

/** Whether `content` (a line from its first non-space) is blank or a comment. */
export function isBlankOrComment(content: string): boolean {
  return content.trim() === "" || content.trimStart().startsWith("#");
}

function startsPlain(content: string): boolean {
  const first = content[0];
  if ("-?:".includes(first)) return content.length > 1 && !isBlank(content[1]);
  return !",[]{}#&*!|>'\"%@`".includes(first) && !isBlank(first);
}

function breaksAfter(text: string, at: number): boolean {
  return at >= text.length || isBlank(text[at]);
}

function isBlank(char: string | undefined): boolean {
  return char === " " || char === "\t";
}
