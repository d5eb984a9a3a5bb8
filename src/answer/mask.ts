// Configs may carry tokens in `env`: every answer that shows a command line masks them.

/** What replaces each `env` value unless the operator exposes them. */
export const ENV_MASK = "********";

/** `value` (a resolved tool or a CLImax backend) with every env value masked, unless `exposeEnv`. */
export function maskEnv<T extends { env: Record<string, string> }>(
  value: T,
  exposeEnv: boolean,
): T {
  if (exposeEnv) return value;
  const env: Record<string, string> = {};
  for (const key of Object.keys(value.env)) env[key] = ENV_MASK;
  return { ...value, env };
}
