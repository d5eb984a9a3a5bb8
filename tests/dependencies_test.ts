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

Deno.test("deno.json's imports are the packages the published entries reach: a start installs no test tooling", async () => {
  const manifest = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const imported = Object.values(manifest.imports as Record<string, string>)
    .map((specifier) => /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(specifier)?.[1])
    .filter((name): name is string => name !== undefined);
  const reached = new Set<string>();
  for (
    const entry of [
      "../main.ts",
      "../src/cli/mod.ts",
      "../src/mcp_stdio/mod.ts",
      "../src/hybrid/mod.ts",
    ]
  ) {
    const output = await runDeno(["info", "--json", new URL(entry, import.meta.url).href]);
    assert.equal(output.code, 0, output.stderr);
    const info = JSON.parse(output.stdout);
    // `npmPackages` covers the whole lockfile: the packages the graph reaches are its modules'.
    for (const module of info.modules) {
      if (module.npmPackage) reached.add((info.npmPackages[module.npmPackage] as NpmPackage).name);
    }
  }
  for (const name of imported) assert.ok(reached.has(name), `${name} is no published entry's`);
});
