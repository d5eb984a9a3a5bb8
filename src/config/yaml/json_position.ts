// Where things are in JSON text. `JSON.parse` says where it stops only for some errors (V8 words
// others, such as an unexpected token, without a position), and a config author needs the line
// and column of each; a scan of the grammar finds them, run only on text that did not parse. And
// where each part of text that parsed stands, for the problems of its data, without the YAML
// reader (which JSON files need nothing else of).
import type { DataPath, Locator } from "./data_path.ts";

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX = /^[0-9a-fA-F]{4}$/;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS = ["true", "false", "null"];

/**
 * The offset of the first character at which `text` stops being JSON: `text.length` when it
 * ends too early, -1 when it is JSON. Nesting is followed with a stack, not recursion, so no
 * depth of brackets overflows the call stack.
 */
export function jsonErrorOffset(text: string): number {
  const open: string[] = [];
  let at = 0;
  let expect: "value" | "value or ]" | "key" | "key or }" | "after" = "value";
  const skipSpace = () => {
    while (at < text.length && WHITESPACE.has(text[at])) at++;
  };
  for (;;) {
    skipSpace();
    if (at >= text.length) return expect === "after" && open.length === 0 ? -1 : at;
    const char = text[at];
    if (expect === "after") {
      const inside = open.at(-1);
      if (inside === undefined) return at;
      if (char === ",") {
        at++;
        expect = inside === "[" ? "value" : "key";
      } else if (char === (inside === "[" ? "]" : "}")) {
        at++;
        open.pop();
      } else {
        return at;
      }
      continue;
    }
    if (expect === "key" || expect === "key or }") {
      if (expect === "key or }" && char === "}") {
        at++;
        open.pop();
        expect = "after";
        continue;
      }
      if (char !== '"') return at;
      const end = stringEnd(text, at);
      if (end < 0) return -end - 1;
      at = end;
      skipSpace();
      if (text[at] !== ":") return at;
      at++;
      expect = "value";
      continue;
    }
    if (expect === "value or ]" && char === "]") {
      at++;
      open.pop();
      expect = "after";
      continue;
    }
    if (char === "[" || char === "{") {
      open.push(char);
      at++;
      expect = char === "[" ? "value or ]" : "key or }";
      continue;
    }
    if (char === '"') {
      const end = stringEnd(text, at);
      if (end < 0) return -end - 1;
      at = end;
    } else {
      const literal = LITERALS.find((word) => text.startsWith(word, at));
      NUMBER.lastIndex = at;
      const number = literal === undefined ? NUMBER.exec(text) : null;
      const length = literal?.length ?? number?.[0].length ?? 0;
      if (length === 0 || number?.[0] === "-") return at;
      at += length;
    }
    expect = "after";
  }
}

/**
 * The offset after the string that starts at `start` (a `"`), or -1 minus the offset of the
 * character at which it stops being a JSON string.
 */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    const char = text[at];
    if (char === '"') return at + 1;
    if (char < " ") return -at - 1;
    if (char !== "\\") continue;
    const escaped = text[at + 1];
    if (escaped === "u") {
      if (!HEX.test(text.slice(at + 2, at + 6))) return -(at + 1) - 1;
      at += 5;
    } else if (ESCAPES.has(escaped)) {
      at++;
    } else {
      return -(at + 1) - 1;
    }
  }
  return -text.length - 1;
}

/**
 * A locator of the parts of JSON text that `JSON.parse` read: the line and column of each
 * value, and of the key that names it in an object (a path it lacks, at the nearest value that
 * holds it). The text is scanned once, when first asked; where an object repeats a key, the
 * last one is found, as `JSON.parse` keeps it.
 */
export function jsonLocator(text: string): Locator {
  let places: Map<string, { key?: number; value: number }> | undefined;
  return (path, at) => {
    places ??= jsonPlaces(text);
    // A path the data lacks (a missing key) is placed at the nearest value that holds it.
    let place = places.get(pathKey(path));
    for (let depth = path.length - 1; place === undefined && depth >= 0; depth--) {
      place = places.get(pathKey(path.slice(0, depth)));
      at = "value";
    }
    if (place === undefined) return undefined;
    const offset = at === "key" ? place.key ?? place.value : place.value;
    const line = text.slice(0, offset).split("\n").length;
    return { line, column: offset - text.lastIndexOf("\n", offset - 1) };
  };
}

function pathKey(path: DataPath): string {
  return JSON.stringify(path.map((part) => typeof part === "number" ? part : String(part)));
}

/** Where each value of valid JSON text starts, and its key, by path. */
function jsonPlaces(text: string): Map<string, { key?: number; value: number }> {
  const places = new Map<string, { key?: number; value: number }>();
  const frames: { path: (string | number)[]; array: boolean; index: number }[] = [];
  let key: { name: string; at: number } | undefined;
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (WHITESPACE.has(char) || char === ":" || char === ",") {
      at++;
      continue;
    }
    if (char === "}" || char === "]") {
      frames.pop();
      at++;
      continue;
    }
    const frame = frames.at(-1);
    if (frame !== undefined && !frame.array && key === undefined) {
      const end = stringEnd(text, at);
      key = { name: JSON.parse(text.slice(at, end)), at };
      at = end;
      continue;
    }
    const path = frame === undefined
      ? []
      : [...frame.path, frame.array ? frame.index++ : key!.name];
    places.set(pathKey(path), { key: key?.at, value: at });
    key = undefined;
    if (char === "{" || char === "[") {
      frames.push({ path, array: char === "[", index: 0 });
      at++;
    } else if (char === '"') {
      at = stringEnd(text, at);
    } else {
      while (at < text.length && !WHITESPACE.has(text[at]) && !",}]".includes(text[at])) at++;
    }
  }
  return places;
}
