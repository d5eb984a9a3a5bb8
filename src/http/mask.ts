// Configs may carry tokens in `env`: every answer that shows a resolved tool masks them.
import type { ResolvedTool } from "../types.ts";

/** What replaces each `env` value unless the operator exposes them. */
export const ENV_MASK = "********";

/** The tool with every env value replaced by the mask, unless `exposeEnv`. */
export function maskEnv(resolved: ResolvedTool, exposeEnv: boolean): ResolvedTool {
  if (exposeEnv) return resolved;
  const env: Record<string, string> = {};
  for (const key of Object.keys(resolved.env)) env[key] = ENV_MASK;
  return { ...resolved, env };
}
