// The mistakes a person makes in the text of one value, as the diagnosis of a broken text
// (`_reading.ts`) reports and mends them: a quote that ends a quoted value early, a quote never
// closed, a plain value holding ": ". Each is said in plain words and mended on its own line, as
// its message says, so that the lines after it are read as what they are.
import { isEmptyValue, unclosedQuoteFrom } from "./_scan.ts";

/** A mistake in a value on one line: its column (0-based), its message, and how it is mended. */
export interface ValueMistake {
  column: number;
  message: string;
  /** The text that mends the line between two of its columns, as written, if it can be mended. */
  mend?: { from: number; to: number; text: string };
}

/**
 * The mistake of the quoted value opening at `start` of `line` and closing just before `end`,
 * if text follows it: a quote in that text that the line never closes, or else the quote at
 * the close, which was meant to be inside the value.
 */
export function afterQuoted(line: string, start: number, end: number): ValueMistake | undefined {
  if (isEmptyValue(line.slice(end))) return undefined;
  const open = unclosedQuoteFrom(line, end);
  return open < 0
    ? earlyQuote(line, start, end - 1)
    : quoteAfterQuoted(line, { start, close: end - 1, open });
}

/**
 * The mistake of the flow collection of `line` that closes just before `end`, if text follows
 * it that opens a quote the line never closes: the parser would read it on over the lines below.
 */
export function afterFlow(line: string, end: number): ValueMistake | undefined {
  const close = end - 1;
  // Following the brackets may stop at a closer that closes nothing, after no collection.
  const open = "]}".includes(line[close]) ? unclosedQuoteFrom(line, end) : -1;
  return open < 0 ? undefined : quoteAfterFlow(line, close, open);
}

/** The quoted value opening at `start` of `line` closes at `close`, before text that is not YAML. */
function earlyQuote(line: string, start: number, close: number): ValueMistake {
  const quote = line[start];
  const mistake = {
    column: close,
    message: `This ${quote} ends the quoted value early, and the text after it is not YAML; ` +
      `write ${escaped(quote)} for a ${quote} inside the value`,
  };
  const last = line.lastIndexOf(quote);
  if (last <= close) return mistake;
  return { ...mistake, mend: { from: start + 1, to: last, text: inside(line, start, last) } };
}

/**
 * The quoted value opening at `start` of `line` and closing at `close`, after which the quote at
 * `open` begins a text that the line never closes: the whole rest of the line was meant to be
 * in the value, which is mended so, closed at the end of the line.
 */
function quoteAfterQuoted(
  line: string,
  { start, close, open }: { start: number; close: number; open: number },
): ValueMistake {
  const quote = line[start];
  const end = line.trimEnd().length;
  return {
    column: open,
    message: `This ${line[open]} is never closed, and the quoted value before it ends at ` +
      `column ${close + 1}; quote the whole value as one, writing ${escaped(quote)} for a ` +
      `${quote} inside it`,
    mend: { from: start + 1, to: end, text: inside(line, start, end) + quote },
  };
}

/**
 * The flow collection of `line` that closes at `close`, after which the quote at `open` begins a
 * text that the line never closes: the collection is the whole value, so the text is taken out.
 */
function quoteAfterFlow(line: string, close: number, open: number): ValueMistake {
  const what = line[close] === "]" ? "list" : "mapping";
  return {
    column: open,
    message: `This ${line[open]} is never closed, and the ${what} before it, the whole value, ` +
      `ends at column ${close + 1}; remove what follows the ${what}, or move it inside`,
    mend: { from: close + 1, to: line.length, text: "" },
  };
}

/**
 * The quoted value opening at `start` of `line` that no later line closes. When the key or list
 * item that holds it (`holder`, with its key if it is one) also holds the block indented below
 * it, the value must go, for no closing quote makes a value and a block one; else it is closed
 * at the end of the line.
 */
export function unclosedQuote(
  line: string,
  start: number,
  holder?: { key?: string },
): ValueMistake {
  const quote = line[start];
  const unclosed = `The value starts with ${quote} but has no closing ${quote}`;
  if (holder === undefined) {
    const end = line.trimEnd().length;
    return {
      column: start,
      message: `${unclosed}; add ${quote} at the end of the value`,
      mend: { from: end, to: end, text: quote },
    };
  }
  return {
    column: start,
    message: `${unclosed}, and ${
      holder.key === undefined ? "the list item" : JSON.stringify(`${holder.key}:`)
    } holds the lines indented below it; remove the value`,
    mend: { from: start, to: line.length, text: "" },
  };
}

/** How a quote is written inside a value quoted with it. */
function escaped(quote: string): string {
  return quote === '"' ? '\\"' : "''";
}

/** The text of `line` between the opening quote at `start` and `end`, escaped for that quote. */
function inside(line: string, start: number, end: number): string {
  const text = line.slice(start + 1, end);
  return line[start] === '"'
    ? text.replace(/\\.|"/g, (match) => match === '"' ? '\\"' : match)
    : text.replace(/''|'/g, "''");
}

/** The plain value `plain` at `column`, holding ": " (or ending in ":"), which YAML reads as a key. */
export function colonInPlain(column: number, plain: string): ValueMistake {
  const quoted = JSON.stringify(plain);
  return {
    column,
    message:
      `A value without quotes cannot hold ": " or end in ":", since YAML reads that as a key; ` +
      `quote the value: ${quoted}`,
    mend: { from: column, to: column + plain.length, text: quoted },
  };
}
