/**
 * Where each validated policy came from, for messages about it to point into its file: held
 * apart from the validation, which needs zod, so that applying a policy does not load it.
 *
 * @module
 */
import type { Locator } from "../yaml/data_path.ts";

/** Where a validated policy came from: its source, and its YAML text's locator if any. */
export interface PolicyOrigin {
  source: string;
  locate?: Locator;
}

/** The origin of each validated policy, held weakly as configs' sources are. */
const origins = new WeakMap<object, PolicyOrigin>();

/** Remembers that `policy`, just validated, came from `origin`. */
export function recordPolicyOrigin(policy: object, origin: PolicyOrigin): void {
  origins.set(policy, origin);
}

/** Where `policy` came from, when it was validated; `undefined` for anything else. */
export function policyOrigin(policy: unknown): PolicyOrigin | undefined {
  return typeof policy === "object" && policy !== null ? origins.get(policy) : undefined;
}
