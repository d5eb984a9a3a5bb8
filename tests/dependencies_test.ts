import assert from "node:assert/strict";
import { runDeno } from "./_deno.ts";

interface NpmPackage {
  name: string;
  dependencies: string[];
}

Deno.test("the library depends on zod and yaml only (FR-015)", async () => {
  const output = await runDeno(["info", "--json", new URL("../mod.ts", import.meta.url).href]);
  assert.equal(output.code, 0, output.stderr);
  const info = JSON.parse(output.stdout);
  const roots: string[] = [];
  for (const module of info.modules) {
    assert.match(module.specifier, /^(file:|npm:)/, `unexpected module ${module.specifier}`);
    if (module.npmPackage) roots.push(module.npmPackage);
  }
  // The npm packages the graph of mod.ts reaches, transitive ones included. `npmPackages`
  // covers the whole lockfile, the service's packages too, so it is walked from these roots.
  const packages: Record<string, NpmPackage> = info.npmPackages;
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const dependency of packages[id].dependencies) visit(dependency);
  };
  roots.forEach(visit);
  assert.deepEqual([...new Set([...reached].map((id) => packages[id].name))].sort(), [
    "yaml",
    "zod",
  ]);
});

/** The programs served and published, and the task that compiles the catalogue. */
const ENTRIES = [
  "main.ts",
  "mod.ts",
  "src/cli/mod.ts",
  "src/mcp_stdio/mod.ts",
  "src/hybrid/mod.ts",
  "scripts/catalogue.ts",
];

/** The npm packages, as `name@version`, that the graphs of `ENTRIES` reach, transitively. */
async function reachedPackages(): Promise<Set<string>> {
  const reached = new Set<string>();
  for (const entry of ENTRIES) {
    const output = await runDeno(["info", "--json", new URL(`../${entry}`, import.meta.url).href]);
    assert.equal(output.code, 0, output.stderr);
    const info = JSON.parse(output.stdout);
    const packages: Record<string, NpmPackage & { version: string }> = info.npmPackages;
    const visit = (id: string) => {
      const { name, version, dependencies } = packages[id];
      if (reached.has(`${name}@${version}`)) return;
      reached.add(`${name}@${version}`);
      dependencies.forEach(visit);
    };
    // `npmPackages` covers the whole lockfile: the packages the graph reaches are its modules'.
    for (const module of info.modules) if (module.npmPackage) visit(module.npmPackage);
  }
  return reached;
}

Deno.test("deno.json's imports are the packages the published entries reach: a start installs no test tooling", async () => {
  const manifest = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const imported = Object.values(manifest.imports as Record<string, string>)
    .map((specifier) => /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(specifier)?.[1])
    .filter((name): name is string => name !== undefined);
  const names = new Set([...await reachedPackages()].map((id) => id.slice(0, id.lastIndexOf("@"))));
  for (const name of imported) assert.ok(names.has(name), `${name} is no published entry's`);
});

Deno.test("deno.lock holds only the packages the served and published entries reach: Deno installs a lockfile's every package at a start", async () => {
  const lock = JSON.parse(await Deno.readTextFile(new URL("../deno.lock", import.meta.url)));
  // "name@version", or "name@version_peer@version" for a package resolved with a peer: the
  // version ends at the first "_" after the "@" that starts it (a name may hold "_").
  const locked = Object.keys(lock.npm as Record<string, unknown>).map((id) => {
    const cut = id.indexOf("_", id.indexOf("@", 1));
    return cut < 0 ? id : id.slice(0, cut);
  });
  const reached = await reachedPackages();
  const extra = locked.filter((id) => !reached.has(id));
  assert.deepEqual(
    extra,
    [],
    "deno.lock holds packages only tests, benchmarks or scripts use (they keep theirs in " +
      "tooling.lock, with --lock=tooling.lock); rewrite it with: rm deno.lock && deno cache " +
      ENTRIES.join(" "),
  );
  assert.ok(locked.some((id) => id.startsWith("hono@")));
});
