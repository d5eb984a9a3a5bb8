// The fields of an MCP config's entry, each checked, its `${VAR}`s expanded, and what is wrong
// with it reported at its path.
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from "../limits.ts";
import { describeValue, isMapping } from "../_json_value.ts";
import { formatPath } from "./yaml/data_path.ts";
import { type EnvReader, expandVariables } from "./_variables.ts";

/** A path into an MCP config's data. */
export type Path = (string | number)[];

/** Reports a problem at a path, placed at its value or at the key that names it. */
export type Report = (path: Path, message: string, at?: "key" | "value") => void;

/** An HTTP header's name: a token of RFC 9110. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The fields of one entry, each checked and expanded, its problems reported. */
export class EntryFields {
  readonly #path: Path;
  readonly #entry: Record<string, unknown>;
  readonly #report: Report;
  readonly #env: EnvReader | undefined;

  /** Reads `entry`, found at `path`, reporting its problems through `report`. */
  constructor(path: Path, entry: Record<string, unknown>, report: Report, env?: EnvReader) {
    this.#path = path;
    this.#entry = entry;
    this.#report = report;
    this.#env = env;
  }

  /** A non-empty string of at most `MAX_TEXT_LENGTH` characters; `null` when absent. */
  text(key: string, required: boolean): string | null {
    const value = this.#entry[key];
    if (value === undefined || value === null) {
      if (required) this.#report(this.#path, `Missing required key "${key}"`, "key");
      return null;
    }
    if (typeof value !== "string" || value === "" || value.length > MAX_TEXT_LENGTH) {
      this.#report(
        [...this.#path, key],
        `Expected a non-empty string of at most ${MAX_TEXT_LENGTH} characters, got ${
          describeValue(value)
        }`,
      );
      return null;
    }
    return this.#expand([...this.#path, key], value);
  }

  /** A list of strings; `[]` when absent. */
  list(key: string): string[] {
    const value = this.#entry[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.#report([...this.#path, key], `Expected a list of strings, got ${describeValue(value)}`);
      return [];
    }
    return value.map((item, i) => {
      if (typeof item === "string") return this.#expand([...this.#path, key, i], item);
      this.#report([...this.#path, key, i], `Expected a string, got ${describeValue(item)}`);
      return "";
    });
  }

  /**
   * A mapping of names to strings, each checked by `nameProblem` and, once expanded, by
   * `valueProblem`; `{}` when absent.
   */
  mapping(
    key: string,
    nameProblem: (name: string) => string | undefined,
    valueProblem: (value: string) => string | undefined,
  ): Record<string, string> {
    const value = this.#entry[key];
    const out: Record<string, string> = {};
    if (value === undefined || value === null) return out;
    if (!isMapping(value)) {
      this.#report(
        [...this.#path, key],
        `Expected a mapping of strings, got ${describeValue(value)}`,
      );
      return out;
    }
    for (const [name, item] of Object.entries(value)) {
      const path = [...this.#path, key, name];
      const badName = nameProblem(name);
      if (badName !== undefined) this.#report(path, badName, "key");
      if (typeof item !== "string") {
        this.#report(
          path,
          `Expected a string, got ${describeValue(item)}` +
            (typeof item === "number" || typeof item === "boolean" ? `; write "${item}"` : ""),
        );
        continue;
      }
      out[name] = this.#expand(path, item);
      const badValue = valueProblem(out[name]);
      if (badValue !== undefined) this.#report(path, badValue);
    }
    return out;
  }

  /** The `url`: http or https once expanded, checked for its form only while it holds `${`. */
  url(): string {
    const value = this.text("url", true);
    if (value === null) return "";
    const unexpanded = this.#env === undefined && value.includes("${");
    if (!unexpanded && !/^https?:$/.test(URL.parse(value)?.protocol ?? "")) {
      this.#report(
        [...this.#path, "url"],
        `Expected an http or https URL, got ${describeValue(value)}`,
      );
    }
    return value;
  }

  #expand(path: Path, text: string): string {
    const { text: expanded, problems } = expandVariables(text, this.#env, formatPath(this.#path));
    for (const problem of problems) this.#report(path, problem);
    return expanded;
  }
}

/** What is wrong with an environment variable's name as a process takes it, if anything. */
export function envNameProblem(name: string): string | undefined {
  return name === "" || name.length > MAX_NAME_LENGTH || /[=\0]/.test(name)
    ? `Expected an environment variable's name: 1 to ${MAX_NAME_LENGTH} characters, ` +
      `without "=" or NUL, got ${describeValue(name)}`
    : undefined;
}

/** What is wrong with an HTTP header's name, if anything. */
export function headerNameProblem(name: string): string | undefined {
  return HEADER_NAME.test(name)
    ? undefined
    : `Expected a header name (letters, digits and !#$%&'*+-.^_\`|~), got ${describeValue(name)}`;
}

/** What is wrong with an HTTP header's value, if anything. */
export function headerValueProblem(value: string): string | undefined {
  return /[\r\n\0]/.test(value) ? "A header's value cannot hold a line break or NUL" : undefined;
}
