// The environment a stdio MCP server starts with: the variables its entry names, and those a
// program needs to start at all. Never the index's own (its tokens, AUTH_TOKEN, MCP_CONFIG).

/** Variables every program may need to start: where programs are, the user, the locale, temp. */
const STARTING_VARIABLES = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "LANG",
  "LANGUAGE",
  "TMPDIR",
  "TMP",
  "TEMP",
];

/** Locale variables, `LC_ALL`, `LC_CTYPE` and the rest. */
const LOCALE = /^LC_[A-Z_]+$/;

/**
 * The environment of a stdio server whose entry names `named`: the starting variables that
 * `read` finds, then `named`, which wins. `allNames` lists the index's variables when they can
 * be listed, for the locale's; without it only the fixed names are read.
 */
export function stdioEnvironment(
  named: Readonly<Record<string, string>>,
  read: (name: string) => string | undefined,
  allNames: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...STARTING_VARIABLES, ...allNames.filter((name) => LOCALE.test(name))]) {
    const value = read(name);
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...named };
}
