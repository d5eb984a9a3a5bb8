// `validate --policy`: a policy file checked as configs are (its shape, with line and column),
// then against the configs it is for: tools and arguments it names that they lack, constraints
// of the wrong type, defaults its constraints refuse.
import { ConfigError } from "../errors.ts";
import type { CLImaxConfig } from "../types.ts";
import { parsePolicy } from "../config/policy/text.ts";
import { policyFindings, serverPolicyFindings, toolsByName } from "../config/policy/findings.ts";
import { readInputText, UnreadableError } from "./_inputs.ts";
import { byPosition, type CheckedFile } from "./_report.ts";
import type { Warning } from "./_warnings.ts";

/**
 * The policy file `file`, checked, and checked against `configs` and the MCP servers `servers`
 * names (by namespace, with their tools' names where a tool list gives them), when it is a valid
 * policy.
 */
export async function checkPolicyFile(
  file: string,
  configs: readonly CLImaxConfig[],
  servers: ReadonlyMap<string, readonly string[] | null> = new Map(),
): Promise<CheckedFile> {
  const warnings: Warning[] = [];
  let text: string;
  try {
    text = await readInputText(file);
  } catch (error) {
    if (error instanceof UnreadableError) {
      return {
        file,
        readable: false,
        valid: false,
        errors: [{ path: "", message: error.message }],
        warnings,
      };
    }
    if (error instanceof ConfigError) {
      return { file, readable: true, valid: false, errors: error.issues, warnings };
    }
    throw error;
  }
  try {
    const policy = parsePolicy(text, {
      source: file,
      onWarning: (_message, issue) => warnings.push({ ...issue, code: "unknown-key" }),
    });
    const found = policyFindings(policy, toolsByName(configs));
    return {
      file,
      readable: true,
      valid: found.errors.length === 0,
      errors: found.errors,
      warnings: [...warnings, ...found.warnings, ...serverPolicyFindings(policy, servers)]
        .sort(byPosition),
      text,
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { file, readable: true, valid: false, errors: error.issues, warnings, text };
  }
}
