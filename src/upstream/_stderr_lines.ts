// What a stdio server writes on stderr: split into lines, each passed to the log under the
// server's namespace, the last few kept for /healthz. Bounded both ways: a line is cut at
// MAX_LINE characters, and at most LINES_PER_MINUTE lines a minute reach the log (a server
// that floods its stderr cannot flood the index's); the rest are counted and said once.

/** The most characters of one line kept. */
const MAX_LINE = 500;
/** How many of the last lines are kept. */
const KEPT = 10;
/** The most lines a minute passed to the log. */
const LINES_PER_MINUTE = 120;

/** Lines of a server's stderr. */
export class StderrLines {
  readonly #report: (line: string) => void;
  readonly #last: string[] = [];
  #partial = "";
  #windowStart = 0;
  #inWindow = 0;
  #leftOut = 0;

  /** Passes each line to `report`, within the bounds. */
  constructor(report: (line: string) => void) {
    this.#report = report;
  }

  /** The last lines written, oldest first. */
  get last(): string[] {
    return [...this.#last];
  }

  /** Takes a chunk of text as written: lines end at `\n`. */
  write(chunk: string): void {
    const lines = (this.#partial + chunk).split("\n");
    this.#partial = lines.pop()!.slice(0, MAX_LINE);
    for (const line of lines) this.#line(line);
  }

  /** Takes what is left of an unfinished line, when the stream ends. */
  end(): void {
    if (this.#partial !== "") this.#line(this.#partial);
    this.#partial = "";
  }

  #line(raw: string): void {
    const line = raw.replace(/\r$/, "").slice(0, MAX_LINE);
    if (line.trim() === "") return;
    this.#last.push(line);
    if (this.#last.length > KEPT) this.#last.shift();
    const now = Date.now();
    if (now - this.#windowStart >= 60_000) {
      if (this.#leftOut > 0) this.#report(`(${this.#leftOut} more lines left out of the log)`);
      this.#windowStart = now;
      this.#inWindow = 0;
      this.#leftOut = 0;
    }
    if (this.#inWindow++ < LINES_PER_MINUTE) this.#report(line);
    else this.#leftOut++;
  }
}
