// Text tables fitted to a width: columns that may wrap share what the others leave, each
// getting its natural width when it fits and an even share of the rest when not.

/** One column of a table. */
export interface Column {
  /** The heading, printed in capitals. */
  header: string;
  /** Whether the column's text may wrap at spaces to fit the width. Default false. */
  wrap?: boolean;
  /** Spaces before each line a cell's line wraps onto, so wrapped lines read as one. */
  hang?: number;
  /** Styles the text of each cell (not the padding around it). */
  style?: (text: string) => string;
}

const GAP = "  ";
/** The narrowest a wrapping column gets, however little room there is; the table overflows. */
const MIN_WRAP = 12;

/**
 * The lines of a table of `rows` (one string per column, `\n` between the lines of a cell),
 * heading first, at most `width` columns wide when the columns that do not wrap leave room
 * for the others. Lines carry no trailing spaces.
 */
export function renderTable(
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  width: number,
  headerStyle: (text: string) => string = (text) => text,
): string[] {
  const natural = columns.map((column, c) =>
    Math.max(
      textWidth(column.header),
      ...rows.flatMap((row) => row[c].split("\n").map((line) => textWidth(line))),
    )
  );
  const widths = fit(columns, natural, width);
  const lines = [
    joinCells(columns.map((column, c) => [column.header.toUpperCase(), widths[c]]), headerStyle),
  ];
  for (const row of rows) {
    const cells = columns.map((column, c) => cellLines(row[c], widths[c], column));
    const height = Math.max(...cells.map((cell) => cell.length));
    for (let i = 0; i < height; i++) {
      lines.push(
        joinCells(columns.map((column, c) => [cells[c][i] ?? "", widths[c], column.style])),
      );
    }
  }
  return lines;
}

function joinCells(
  cells: readonly (readonly [string, number, ((text: string) => string)?])[],
  style: (text: string) => string = (text) => text,
): string {
  const last = cells.length - 1;
  return cells.map(([text, width, cellStyle], c) => {
    const styled = text === "" ? "" : (cellStyle ?? style)(text);
    return c === last ? styled : styled + " ".repeat(Math.max(0, width - textWidth(text)));
  }).join(GAP).trimEnd();
}

/** The widths: natural when the table fits, else what is left shared among wrapping columns. */
function fit(columns: readonly Column[], natural: readonly number[], width: number): number[] {
  const widths = [...natural];
  const total = natural.reduce((sum, w) => sum + w, 0) + GAP.length * (columns.length - 1);
  if (total <= width) return widths;
  const wrapping = columns.map((_, c) => c).filter((c) => columns[c].wrap);
  let room = width - GAP.length * (columns.length - 1) -
    columns.reduce((sum, column, c) => column.wrap ? sum : sum + natural[c], 0);
  // The narrowest first: each takes its natural width while that is under an even share.
  const pending = wrapping.sort((a, b) => natural[a] - natural[b]);
  while (pending.length > 0) {
    const share = Math.floor(room / pending.length);
    if (natural[pending[0]] <= share) {
      const c = pending.shift()!;
      room -= natural[c];
      continue;
    }
    pending.forEach((c, i) => {
      // The rounding remainder goes to the widest column.
      const extra = i === pending.length - 1 ? room - share * pending.length : 0;
      widths[c] = Math.max(MIN_WRAP, share + extra);
    });
    break;
  }
  return widths;
}

/** The lines of a cell: each of its lines, wrapped when the column wraps. */
function cellLines(text: string, width: number, column: Column): string[] {
  const lines = text.split("\n");
  return column.wrap ? lines.flatMap((line) => wrapText(line, width, column.hang ?? 0)) : lines;
}

/**
 * A line of text wrapped at spaces to `width` columns, and inside any word longer than a whole
 * line; the lines after the first start with `hang` spaces.
 */
export function wrapText(line: string, width: number, hang: number): string[] {
  const indent = " ".repeat(Math.min(hang, width - 1));
  const out: string[] = [];
  let prefix = "";
  let current = "";
  const push = () => {
    out.push(prefix + current);
    prefix = indent;
    current = "";
  };
  for (const word of line.split(" ").filter((part) => part !== "")) {
    if (current !== "" && textWidth(current) + 1 + textWidth(word) > width - prefix.length) push();
    let rest = [...word];
    while (rest.length > width - prefix.length) {
      const room = width - prefix.length;
      current = rest.slice(0, room).join("");
      rest = rest.slice(room);
      push();
    }
    if (rest.length > 0) current = current === "" ? rest.join("") : `${current} ${rest.join("")}`;
  }
  if (current !== "" || out.length === 0) out.push(prefix + current);
  return out;
}

/** Columns a text takes: one per code point. */
export function textWidth(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
