// The block collections open at a line of YAML text, by indentation, as the diagnosis of a
// broken text (`_diagnosis.ts`) follows them: where a key or list item belongs, and where
// one that belongs nowhere was most likely meant to stand.

/** A mapping (its lines are keys) or a list (its lines are items). */
export type Kind = "map" | "seq";

/** A key or list item with nothing after it on its line: what follows, deeper, is its value. */
export interface Opener {
  indent: number;
  kind: Kind;
  /** Its line, 0-based. */
  line: number;
  key?: string;
}

/** Where a key or list item belongs: its indentation, and the opener it is the value of, if so. */
export interface Fit {
  indent: number;
  under?: Opener;
  /**
   * When it is put in a collection other than where it stands and that collection had one
   * member so far, that member: it, not this one, may be the line indented wrong.
   */
  sole?: number;
}

/** An open block collection: its entries start at this indentation. */
interface Level {
  indent: number;
  kind: Kind;
  /** The line of its first member, and how many members it has had. */
  line: number;
  members: number;
}

/** The block collections open at a line, outermost first. */
export class Levels {
  #levels: Level[] = [];
  /** How many blocks stand each number of spaces deeper than the key that holds them. */
  readonly #steps = new Map<number, number>();

  /** Closes every collection, as at the start of a document. */
  reset(): void {
    this.#levels = [];
  }

  /**
   * Where a key or list item at `indent` belongs, after `open` (the key or item above it, if
   * that has no value on its line): the value of `open`, or the open collection of its kind at
   * that indentation, or else the nearest collection of its kind, or the value of `open` when
   * that is as near. Opens or closes collections to match; `undefined` when nothing fits.
   */
  fit(indent: number, kind: Kind, open: Opener | undefined, line: number): Fit | undefined {
    const levels = this.#levels;
    if (levels.length === 0 || (open !== undefined && opens(open, indent, kind))) {
      const step = open?.kind === "map" && indent > open.indent ? indent - open.indent : undefined;
      if (step !== undefined) this.#steps.set(step, (this.#steps.get(step) ?? 0) + 1);
      levels.push({ indent, kind, line, members: 1 });
      return { indent };
    }
    const top = levels[levels.length - 1];
    if (open === undefined && indent > top.indent) {
      // Deeper than the line above, which has a value: meant as its sibling, or unreadable.
      return top.kind === kind ? this.#join(levels.length - 1) : undefined;
    }
    const same = this.#levelAt(indent, kind);
    if (same >= 0) {
      levels.length = same + 1;
      levels[same].members++;
      return { indent };
    }
    let best = -1;
    for (let j = 0; j < levels.length; j++) {
      if (levels[j].kind !== kind) continue;
      // On a tie, the deeper collection: a line a space or two short is the commoner slip.
      if (best < 0 || distance(levels[j].indent, indent) <= distance(levels[best].indent, indent)) {
        best = j;
      }
    }
    if (open !== undefined) {
      const child = open.kind === "map" && kind === "seq" ? open.indent : open.indent + 2;
      if (best < 0 || distance(child, indent) <= distance(levels[best].indent, indent)) {
        levels.push({ indent: child, kind, line, members: 1 });
        return { indent: child, under: open };
      }
    }
    if (best < 0) return undefined;
    levels.length = best + 1;
    return this.#join(best);
  }

  /** Puts a member that stands elsewhere in the collection `j`, which closes those inside it. */
  #join(j: number): Fit {
    const level = this.#levels[j];
    this.#levels.length = j + 1;
    level.members++;
    return { indent: level.indent, sole: level.members === 2 ? level.line : undefined };
  }

  /**
   * How many blocks stand deeper than the key that holds them by the step most of them do: the
   * more, the more consistently the text is read to be indented.
   */
  consistency(): number {
    return Math.max(0, ...this.#steps.values());
  }

  /** Whether a key or list item at `indent` fits where it stands, without changing anything. */
  fitsAsIs(indent: number, kind: Kind, open: Opener | undefined): boolean {
    const levels = this.#levels;
    if (levels.length === 0 || (open !== undefined && opens(open, indent, kind))) return true;
    if (open === undefined && indent > levels[levels.length - 1].indent) return false;
    return this.#levelAt(indent, kind) >= 0;
  }

  /** The open collection of `kind` at `indent`, among those a line at `indent` leaves open. */
  #levelAt(indent: number, kind: Kind): number {
    const levels = this.#levels;
    for (let j = levels.length - 1; j >= 0 && levels[j].indent >= indent; j--) {
      if (levels[j].indent === indent && levels[j].kind === kind) return j;
    }
    return -1;
  }
}

/** Whether a key or list item at `indent` is the value of `open`, the key or item above it. */
function opens(open: Opener, indent: number, kind: Kind): boolean {
  // A list may stand at the indentation of the key that holds it.
  return indent > open.indent || (indent === open.indent && kind === "seq" && open.kind === "map");
}

function distance(a: number, b: number): number {
  return Math.abs(a - b);
}
