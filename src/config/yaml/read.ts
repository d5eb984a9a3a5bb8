// YAML text → plain data, plus a locator from data paths to lines and columns.
//
// yaml@1 rather than yaml@2 or @std/yaml: @std/yaml is on JSR, which this project cannot reach,
// and yaml@2 reads process.env.LOG_TOKENS and LOG_STREAM for every token, which under Deno needs
// an env permission. yaml@1 keeps every node's source range, bounds alias expansion, reports
// duplicate keys, and reads process.env only where it prints warnings: `YAML.parse` and
// deprecated options, neither of which is used here.
import YAML from "yaml";
import type { Schema } from "yaml/types";
import { ConfigError, type ConfigIssue } from "../../errors.ts";
import { MAX_ALIAS_COUNT } from "../../limits.ts";
import { type DataPath, formatPath, type Locator, type WrittenText } from "./data_path.ts";
import { diagnoseYaml } from "./_diagnosis.ts";
import { withoutComment, withoutProperties } from "./_scan.ts";
import { messageOf } from "../../_error_message.ts";

/** Plain data read from YAML text, where each part of it stands in that text and as what. */
export interface ParsedYaml {
  value: unknown;
  locate: Locator;
  written: WrittenText;
}

// The parts of yaml@1's node classes this module reads.
interface YamlNode {
  type?: string;
  range?: [number, number] | null;
  valueRange?: { start: number } | null;
  items?: (YamlNode | YamlPair | null)[];
  source?: YamlNode;
  value?: unknown;
}
interface YamlPair {
  type: string;
  key: YamlNode | null;
  value: YamlNode | null;
}

const TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp";
const BOOL_TAG = "tag:yaml.org,2002:bool";
// PyYAML's spellings of YAML 1.1 booleans: yaml@1 also takes y/n and any case of "false".
const PYYAML_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PYYAML_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;

/** The YAML 1.1 tags, adjusted to read scalars as PyYAML does. */
function pyyamlTags(tags: Schema.Tag[]): Schema.Tag[] {
  return tags
    // Dates stay strings: a date object would not survive the JSON round trip of a model.
    .filter((tag) => tag.tag !== TIMESTAMP_TAG)
    .map((tag) =>
      tag.tag === BOOL_TAG && "test" in tag
        ? { ...tag, test: tag.test.test("true") ? PYYAML_TRUE : PYYAML_FALSE }
        : tag
    );
}
const DUPLICATE_KEY = /^Map keys must be unique/;
const MULTIPLE_DOCUMENTS = /^Source contains multiple documents/;
const UNKNOWN_TAG = /^The tag (\S+) is unavailable/;

/**
 * Parses YAML 1.1 (as PyYAML, which CLImax uses, does), or throws a located ConfigError.
 * Lines and columns are those an editor shows: a byte order mark takes no column, and a line
 * may end in CRLF or CR as well as LF.
 */
export function readYaml(yamlText: string, source: string): ParsedYaml {
  // yaml@1 counts its offsets in the text with every line break made one LF, so they are
  // offsets into this text, which the line index must then read too.
  const text = yamlText.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = new LineIndex(text);
  const nul = text.indexOf("\0");
  if (nul !== -1) {
    throw new ConfigError(source, [{
      path: "",
      message: "The text contains a NUL character; a config is YAML text, not binary data",
      ...lines.position(nul),
    }]);
  }

  let doc: YAML.Document.Parsed;
  let value: unknown;
  try {
    doc = parseYaml(text);
    if (doc.errors.length > 0) throw new ConfigError(source, syntaxIssues(text, doc, lines));
    // yaml@1 reads a value with a tag it does not know as a string and only warns; PyYAML
    // refuses the document, and so does this.
    const unknownTags = doc.warnings.flatMap((warning) => {
      const tag = UNKNOWN_TAG.exec(warning.message)?.[1];
      return tag === undefined ? [] : [{
        path: "",
        message: `Unknown tag ${tag}: a config holds plain YAML values ` +
          "(strings, numbers, booleans, lists and mappings)",
        line: warning.linePos?.start.line ?? 1,
        column: warning.linePos?.start.col ?? 1,
      }];
    });
    if (unknownTags.length > 0) throw new ConfigError(source, unknownTags);
    value = doc.toJSON();
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(source, [{ path: "", message: yamlFailure(error), line: 1, column: 1 }]);
  }

  const root = doc.contents as YamlNode | null;
  return {
    value,
    locate(path: DataPath, at: "value" | "key") {
      const offset = offsetOf(root, path, at);
      return offset === undefined ? undefined : lines.position(offset);
    },
    written(path: DataPath) {
      const node = nodeAt(root, path);
      if (node?.type !== "PLAIN" || !node.range) return undefined;
      // A plain scalar's range takes in its anchor or tag before it and a comment after it.
      const [from, to] = node.range;
      return withoutComment(withoutProperties(text.slice(from, to)).rest);
    },
  };
}

function parseYaml(text: string): YAML.Document.Parsed {
  return YAML.parseDocument(text, {
    version: "1.1",
    maxAliasCount: MAX_ALIAS_COUNT,
    prettyErrors: true,
    customTags: pyyamlTags,
  });
}

/**
 * The issues of a text the parser could not read. When the diagnosis of the text finds the
 * mistakes a person makes (see `diagnoseYaml`), they stand for the parser's errors, which are
 * often their echoes, lines away; the parser's errors that remain once they are mended are
 * kept. Otherwise the parser's errors are all there is.
 */
function syntaxIssues(text: string, doc: YAML.Document.Parsed, lines: LineIndex): ConfigIssue[] {
  const diagnosis = diagnoseYaml(text);
  if (diagnosis.issues.length === 0) return parserIssues(doc, lines);
  const mended = parseYaml(diagnosis.mended);
  const others = parserIssues(mended, new LineIndex(diagnosis.mended))
    .filter((issue) => !diagnosis.mendedLines.has(issue.line ?? 0));
  return [...diagnosis.issues, ...others].sort((a, b) =>
    (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)
  );
}

/** The parser's errors as issues, one per place: what follows at the same place echoes the first. */
function parserIssues(doc: YAML.Document.Parsed, lines: LineIndex): ConfigIssue[] {
  // yaml@1 reports a repeated key at its mapping and without a path: find each one instead.
  const repeated = doc.errors.some((error) => DUPLICATE_KEY.test(error.message))
    ? duplicateKeys(doc.contents as YamlNode | null, lines)
    : [];
  const seen = new Set<string>();
  return [
    ...doc.errors.filter((error) => !DUPLICATE_KEY.test(error.message)).map((error) =>
      MULTIPLE_DOCUMENTS.test(error.message) ? secondDocument(error, lines) : {
        path: "",
        message: firstLine(error.message),
        line: error.linePos?.start.line ?? 1,
        column: error.linePos?.start.col ?? 1,
      }
    ),
    ...repeated,
  ].filter((issue) => {
    const place = `${issue.line}:${issue.column}`;
    if (seen.has(place)) return false;
    seen.add(place);
    return true;
  });
}

/** Every key that repeats an earlier key of its mapping, at the repetition. */
function duplicateKeys(root: YamlNode | null, lines: LineIndex): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const visit = (node: YamlNode | null, path: (string | number)[]) => {
    if (!node?.items || node.type === "ALIAS") return;
    const seen = new Set<string>();
    node.items.forEach((item, index) => {
      if (!isPair(item)) return visit(item, [...path, index]);
      const key = keyText(item.key);
      if (key !== undefined && item.type !== "MERGE_PAIR") {
        const offset = start(item.key);
        if (seen.has(key) && offset !== undefined) {
          issues.push({
            path: formatPath([...path, key]),
            message: `Duplicate key "${key}"; each key may appear once in a mapping`,
            ...lines.position(offset),
          });
        }
        seen.add(key);
      }
      visit(item.value, key === undefined ? path : [...path, key]);
    });
  };
  visit(root, []);
  return issues;
}

/**
 * The issue of a text with more than one document, at the line of the second: yaml@1's own
 * message names a JavaScript function and has no position.
 */
function secondDocument(
  error: YAML.Document.Parsed["errors"][number],
  lines: LineIndex,
): ConfigIssue {
  const second = (error.source as YamlNode | undefined)?.valueRange?.start;
  return {
    path: "",
    message: "A config file holds one YAML document; a second one begins here",
    line: second === undefined ? 1 : lines.position(second).line,
    column: 1,
  };
}

function firstLine(message: string): string {
  const line = message.split("\n", 1)[0].replace(/ at line \d+, column \d+:?$/, "");
  return line.charAt(0).toUpperCase() + line.slice(1);
}

function yamlFailure(error: unknown): string {
  if (error instanceof RangeError) return "The YAML is nested too deeply to read";
  const message = messageOf(error);
  if (/alias count/i.test(message)) {
    return `The YAML expands aliases more than ${MAX_ALIAS_COUNT} times; refused as a resource exhaustion attack`;
  }
  return `The YAML could not be read: ${message}`;
}

/** The node at `path`, if there is one (through aliases and `<<` merges). */
function nodeAt(root: YamlNode | null, path: DataPath): YamlNode | undefined {
  let node = root;
  for (const segment of path) {
    if (!node) return undefined;
    node = childOf(node, segment)?.value ?? null;
  }
  return node ? resolveAlias(node) : undefined;
}

/** The offset of the node at `path` (or of its key), or of the nearest ancestor that exists. */
function offsetOf(root: YamlNode | null, path: DataPath, at: "value" | "key"): number | undefined {
  let node = root;
  let best = start(root) ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const child = childOf(node, path[i]);
    if (child === undefined) break;
    const last = i === path.length - 1;
    const keyOffset = start(child.key);
    const valueOffset = start(child.value);
    if (last && at === "key" && keyOffset !== undefined) return keyOffset;
    best = valueOffset ?? keyOffset ?? best;
    node = child.value;
  }
  return best;
}

function childOf(
  parent: YamlNode,
  segment: PropertyKey,
): { key: YamlNode | null; value: YamlNode | null } | undefined {
  const node = resolveAlias(parent);
  const items = node.items;
  if (!items) return undefined;
  if (typeof segment === "number") {
    const item = items[segment];
    return item === undefined || isPair(item) ? undefined : { key: null, value: item };
  }
  for (const item of items) {
    if (isPair(item) && item.type !== "MERGE_PAIR" && keyText(item.key) === String(segment)) {
      return { key: item.key, value: item.value };
    }
  }
  // A key brought in by a `<<` merge: look in the merged mappings.
  for (const item of items) {
    if (isPair(item) && item.type === "MERGE_PAIR" && item.value?.items) {
      for (const merged of item.value.items) {
        if (merged && !isPair(merged)) {
          const found = childOf(merged, segment);
          if (found) return found;
        }
      }
    }
  }
  return undefined;
}

function isPair(item: YamlNode | YamlPair | null): item is YamlPair {
  return item !== null && "key" in item;
}

function resolveAlias(node: YamlNode): YamlNode {
  let current = node;
  for (let hops = 0; current.type === "ALIAS" && current.source && hops < 100; hops++) {
    current = current.source;
  }
  return current;
}

function keyText(key: YamlNode | null): string | undefined {
  if (key === null) return undefined;
  return key.value === undefined ? undefined : String(key.value);
}

function start(node: YamlNode | null | undefined): number | undefined {
  return node?.range?.[0] ?? undefined;
}

/** Maps offsets in a text to 1-based lines and columns (columns in UTF-16 code units). */
class LineIndex {
  #text: string;
  #starts: number[] | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  position(offset: number): { line: number; column: number } {
    if (this.#starts === undefined) {
      this.#starts = [0];
      for (let i = this.#text.indexOf("\n"); i !== -1; i = this.#text.indexOf("\n", i + 1)) {
        this.#starts.push(i + 1);
      }
    }
    const starts = this.#starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }
}
