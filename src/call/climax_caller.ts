// The caller of CLImax tools: the command line its config defines, run on this machine (or in
// docker, as the policy's executor says) with CLImax's own checks of the arguments.
import { InvalidArgumentsError } from "../errors.ts";
import type { ExecutorConfig } from "../types.ts";
import { runResultText, runTool } from "../run/run_tool.ts";
import type { BackendCaller } from "./call_tool.ts";
import { climaxResolvedTool } from "./climax_resolved_tool.ts";

/**
 * A caller that runs CLImax tools with `executor`: the output as CLImax words it, an error
 * result when the program exits with another status than 0, or when the arguments are refused
 * (nothing runs then).
 *
 * @example
 * ```ts ignore
 * const result = await callTool(registry, "git_status", {}, {
 *   callers: { climax: climaxCaller({ type: "local" }) }, timeoutMs: 30_000, maxAnswerBytes: 1 << 20,
 * });
 * ```
 */
export function climaxCaller(executor: ExecutorConfig): BackendCaller {
  return async (backend, _tool, args) => {
    if (backend.kind !== "climax") throw new TypeError(`Not a CLImax backend: ${backend.kind}`);
    try {
      const result = await runTool(climaxResolvedTool(backend), args, { executor });
      const text = runResultText(result);
      return {
        content: [{ type: "text", text }],
        ...(result.exitCode === 0 && !result.timedOut ? {} : { isError: true }),
      };
    } catch (error) {
      if (!(error instanceof InvalidArgumentsError)) throw error;
      return { content: [{ type: "text", text: `${error.message}\nNothing ran.` }], isError: true };
    }
  };
}
