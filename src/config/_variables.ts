// References to environment variables in the strings of an MCP config: `${NAME}`, VS Code's
// `${env:NAME}` and Claude Code's `${NAME:-default}`, expanded, or checked for their form only.

/** Reads an environment variable: its value, or `undefined` when it is not set. */
export type EnvReader = (name: string) => string | undefined;

/** A string with its references expanded, and what is wrong with them, in sentence case. */
export interface Expanded {
  text: string;
  problems: string[];
}

const FORMS = "a reference is ${NAME}, ${env:NAME} or ${NAME:-default}";
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** VS Code's own variables of an mcp.json, which it alone can expand. */
const VS_CODE_VARIABLES = [
  "workspaceFolder",
  "workspaceFolderBasename",
  "userHome",
  "pathSeparator",
];
const ENV_REFERENCE = /^env:(.*)$/;
const DEFAULT_REFERENCE = /^([^:]*):-(.*)$/s;

/**
 * `text` with each `${...}` replaced by its variable's value: `${NAME:-default}` takes the
 * default when the variable is unset or empty, as a shell does. Without `env`, `text` as it is,
 * its references checked for their form. A `$` not followed by `{` is kept as it is. `user`
 * names what needs an unset variable, such as `mcpServers.docs`.
 */
export function expandVariables(
  text: string,
  env: EnvReader | undefined,
  user: string,
): Expanded {
  const problems: string[] = [];
  let out = "";
  let at = 0;
  for (let start = text.indexOf("${"); start !== -1; start = text.indexOf("${", at)) {
    out += text.slice(at, start);
    const end = text.indexOf("}", start + 2);
    if (end === -1) {
      problems.push(`The "\${" at character ${start + 1} is never closed by "}"; ${FORMS}`);
      return { text, problems };
    }
    const written = text.slice(start, end + 1);
    out += resolve(written, text.slice(start + 2, end), env, user, problems) ?? written;
    at = end + 1;
  }
  return { text: env === undefined ? text : out + text.slice(at), problems };
}

/** The value of one reference; `undefined` when it has none: without `env`, or with a problem. */
function resolve(
  written: string,
  inner: string,
  env: EnvReader | undefined,
  user: string,
  problems: string[],
): string | undefined {
  if (inner.startsWith("input:")) {
    problems.push(
      `${written} is a VS Code input, which VS Code prompts for; put the value in an ` +
        "environment variable and write ${NAME} instead",
    );
    return undefined;
  }
  const defaulted = DEFAULT_REFERENCE.exec(inner);
  const name = defaulted?.[1] ?? ENV_REFERENCE.exec(inner)?.[1] ?? inner;
  const fallback = defaulted?.[2];
  if (!NAME.test(name) || fallback?.includes("${")) {
    problems.push(`Malformed reference ${written}: ${FORMS}, with a NAME of letters, digits and _`);
    return undefined;
  }
  if (defaulted === null && VS_CODE_VARIABLES.includes(inner)) {
    problems.push(
      `${written} is VS Code's own variable, which only VS Code expands; write its value`,
    );
    return undefined;
  }
  if (env === undefined) return undefined;
  const value = env(name);
  if (fallback !== undefined && (value === undefined || value === "")) return fallback;
  if (value === undefined) {
    problems.push(`The environment variable "${name}" is not set; ${user} needs it`);
  }
  return value;
}
