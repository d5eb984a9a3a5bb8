// Where a text stops being JSON. `JSON.parse` says where only for some errors (V8 words others,
// such as an unexpected token, without a position), and a config author needs the line and
// column of each; this scan of the grammar finds them. Run only on text that did not parse.

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
