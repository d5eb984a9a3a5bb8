// The module graph of an entry point as `deno info --json` reports it, for the tests of what the
// project's modules import and what a start loads.
import assert from "node:assert/strict";
import { runDeno } from "./_deno.ts";

const ROOT = new URL("../", import.meta.url);

/** What the tests read of `deno info --json`'s report of a module graph. */
export interface ModuleInfo {
  roots: string[];
  redirects?: Record<string, string>;
  modules: {
    specifier: string;
    dependencies?: {
      isDynamic?: boolean;
      code?: { specifier: string };
      type?: { specifier: string };
    }[];
  }[];
}

/** What `deno info --json` reports of the module graph of `entry`, a path from the root. */
export async function moduleInfo(entry: string): Promise<ModuleInfo> {
  const output = await runDeno(["info", "--json", new URL(entry, ROOT).href]);
  assert.equal(output.code, 0, output.stderr);
  return JSON.parse(output.stdout);
}

/**
 * The modules that importing `entry` (a path from the root) loads and evaluates before it runs:
 * its static imports, not its type-only or dynamic ones, followed through packages too.
 */
export async function startUpModules(entry: string): Promise<Set<string>> {
  const info = await moduleInfo(entry);
  const modules = new Map(info.modules.map((module) => [module.specifier, module]));
  const redirects = info.redirects ?? {};
  const reached = new Set<string>();
  const visit = (specifier: string) => {
    if (reached.has(specifier)) return;
    reached.add(specifier);
    for (const dependency of modules.get(specifier)?.dependencies ?? []) {
      if (dependency.isDynamic || dependency.code === undefined) continue;
      visit(redirects[dependency.code.specifier] ?? dependency.code.specifier);
    }
  };
  visit(info.roots[0]);
  return reached;
}
