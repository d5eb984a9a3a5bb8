// Where the command line writes, and how. Colour and the terminal's width come from
// Deno.stdout.isTerminal, Deno.noColor and Deno.consoleSize, which need no permission: reading
// NO_COLOR or COLUMNS from the environment would need --allow-env.
import { type Palette, palette } from "./_color.ts";

/**
 * The width tables are fitted to when standard output is not a terminal: wide enough for a
 * tool's arguments beside its description, narrow enough for a CI log or a code review.
 */
export const PIPED_WIDTH = 120;

/** Exit status: every file valid, or the command did what was asked. */
export const EXIT_OK = 0;
/** Exit status: a config is invalid (or has warnings under `--strict`), or nothing matched. */
export const EXIT_INVALID = 1;
/** Exit status: the command line was wrong, or a file could not be read. */
export const EXIT_USAGE = 2;

/** The command line's output streams, and how to style standard output. */
export interface Io {
  /** Writes text and a newline to standard output. */
  out(text: string): void;
  /** Writes text and a newline to standard error. */
  err(text: string): void;
  /** Styles for standard output: colours only on a terminal, and never under `NO_COLOR`. */
  color: Palette;
  /** The columns standard output has: the terminal's width, or `PIPED_WIDTH`. */
  width: number;
}

/** The process's standard output and error. */
export function systemIo(): Io {
  const terminal = Deno.stdout.isTerminal();
  return {
    out: writer(Deno.stdout),
    err: writer(Deno.stderr),
    color: palette(terminal && !Deno.noColor),
    width: terminal ? consoleWidth() : PIPED_WIDTH,
  };
}

function consoleWidth(): number {
  try {
    return Deno.consoleSize().columns || PIPED_WIDTH;
  } catch {
    // A terminal whose size cannot be read, such as some CI pseudo-terminals.
    return PIPED_WIDTH;
  }
}

function writer(stream: { writeSync(bytes: Uint8Array): number }): (text: string) => void {
  const encoder = new TextEncoder();
  let closed = false;
  return (text) => {
    if (closed) return;
    const bytes = encoder.encode(`${text}\n`);
    try {
      for (let done = 0; done < bytes.length;) done += stream.writeSync(bytes.subarray(done));
    } catch (error) {
      // The reader went away (as with `| head`): the rest would go nowhere, which is no error.
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
      closed = true;
    }
  };
}
