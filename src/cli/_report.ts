// What `validate` found, as text for a person (each problem with its YAML line and a caret
// under the column) or as JSON for a program.
import { type ConfigIssue, formatIssue } from "../errors.ts";
import type { Io } from "./_io.ts";
import type { Warning, WarningCode } from "./_warnings.ts";

/** One file as `validate` checked it. */
export interface CheckedFile {
  /** The file, as given or joined to the directory given. */
  file: string;
  /** False when the file (or directory) could not be read: its one error says why. */
  readable: boolean;
  /** Whether it is a valid config. */
  valid: boolean;
  /** What makes it invalid, in document order. */
  errors: ConfigIssue[];
  /** What is probably a mistake, in document order. */
  warnings: Warning[];
  /** The file's text, to show the offending lines; absent when it could not be read. */
  text?: string;
  /** The servers of a valid MCP client config, by transport; absent for other files. */
  servers?: { stdio: number; http: number };
}

/** The counts of a run. */
export interface Summary {
  files: number;
  valid: number;
  invalid: number;
  unreadable: number;
  errors: number;
  warnings: number;
}

/** One problem in `--json` output; `line` and `column` are `null` when there is no position. */
export interface JsonProblem {
  file: string;
  line: number | null;
  column: number | null;
  path: string;
  message: string;
  code?: WarningCode;
}

/** The counts of the checked files. */
export function summarize(files: readonly CheckedFile[]): Summary {
  const readable = files.filter((file) => file.readable);
  return {
    files: files.length,
    valid: readable.filter((file) => file.valid).length,
    invalid: readable.filter((file) => !file.valid).length,
    unreadable: files.length - readable.length,
    errors: sum(readable.map((file) => file.errors.length)),
    warnings: sum(files.map((file) => file.warnings.length)),
  };
}

/** The JSON document of `validate --json`: every file with its problems, and the counts. */
export function reportJson(files: readonly CheckedFile[]): string {
  const problem = (file: string, issue: ConfigIssue | Warning): JsonProblem => ({
    file,
    line: issue.line ?? null,
    column: issue.column ?? null,
    path: issue.path,
    message: issue.message,
    ...("code" in issue ? { code: issue.code } : {}),
  });
  return JSON.stringify(
    {
      files: files.map(({ file, readable, valid, errors, warnings, servers }) => ({
        file,
        readable,
        valid,
        errors: errors.map((issue) => problem(file, issue)),
        warnings: warnings.map((issue) => problem(file, issue)),
        ...(servers === undefined ? {} : { servers }),
      })),
      summary: summarize(files),
    },
    null,
    2,
  );
}

/**
 * Prints every problem of every readable file, in document order, as
 * `file:line:column: path: message` with the line and a caret under the column, what each MCP
 * client config names, then the summary line. Files that could not be read go to standard error.
 */
export function printReport(files: readonly CheckedFile[], io: Io): void {
  const { color } = io;
  for (const checked of files) {
    if (!checked.readable) {
      for (const issue of checked.errors) io.err(formatIssue(checked.file, issue));
      continue;
    }
    const lines = checked.text?.split("\n") ?? [];
    const problems = [
      ...checked.errors.map((issue) => ({ issue, severity: "error" as const })),
      ...checked.warnings.map((issue) => ({ issue, severity: "warning" as const })),
    ].sort((a, b) => byPosition(a.issue, b.issue));
    for (const { issue, severity } of problems) {
      io.out(color.bold(formatIssue(checked.file, issue)));
      const paint = severity === "error" ? color.red : color.yellow;
      for (const line of excerpt(lines, issue, paint(`^ ${severity}`), color.dim)) io.out(line);
      io.out("");
    }
    if (checked.servers !== undefined) {
      io.out(`${checked.file}: ${serversLine(checked.servers)}`);
      io.out("");
    }
  }
  io.out(summaryLine(summarize(files), io));
}

/** The offending line with its number, and the caret under the column. */
function excerpt(
  lines: readonly string[],
  issue: ConfigIssue,
  caret: string,
  dim: (text: string) => string,
): string[] {
  if (issue.line === undefined) return [];
  const text = lines[issue.line - 1]?.replace(/\r$/, "");
  if (text === undefined) return [];
  const number = String(issue.line);
  // Columns count UTF-16 units; the padding counts characters, and keeps tabs, so that the
  // caret stands under its character at any tab width.
  const pad = [...text.slice(0, (issue.column ?? 1) - 1)]
    .map((char) => char === "\t" ? "\t" : " ")
    .join("");
  return [
    `${dim(` ${number} |`)} ${text}`,
    `${dim(` ${" ".repeat(number.length)} |`)} ${pad}${caret}`,
  ];
}

/** `3 valid, 1 invalid, 2 warnings`, with `N unreadable` when some file could not be read. */
export function summaryLine(summary: Summary, io: Io): string {
  const { color } = io;
  const parts = [
    summary.valid > 0 ? color.green(`${summary.valid} valid`) : `${summary.valid} valid`,
    summary.invalid > 0 ? color.red(`${summary.invalid} invalid`) : `${summary.invalid} invalid`,
  ];
  if (summary.unreadable > 0) parts.push(color.red(`${summary.unreadable} unreadable`));
  const warnings = `${summary.warnings} ${summary.warnings === 1 ? "warning" : "warnings"}`;
  parts.push(summary.warnings > 0 ? color.yellow(warnings) : warnings);
  return parts.join(", ");
}

/** `an MCP config of 3 servers: 2 stdio, 1 http`. */
function serversLine({ stdio, http }: { stdio: number; http: number }): string {
  const total = stdio + http;
  return `an MCP config of ${total} ${total === 1 ? "server" : "servers"}: ${stdio} stdio, ` +
    `${http} http`;
}

/** Orders issues by line, then column; issues without a position come first. */
export function byPosition(a: ConfigIssue, b: ConfigIssue): number {
  return (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
