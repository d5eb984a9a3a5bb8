import assert from "node:assert/strict";

Deno.test("the library depends on zod and yaml only (FR-015)", async () => {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", new URL("../mod.ts", import.meta.url).href],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 0, new TextDecoder().decode(output.stderr));
  const info = JSON.parse(new TextDecoder().decode(output.stdout));
  for (const module of info.modules) {
    assert.match(module.specifier, /^(file:|npm:)/, `unexpected module ${module.specifier}`);
  }
  // Every npm package in the graph, transitive ones included.
  const packages = Object.keys(info.npmPackages).map((key) => key.replace(/@[^@]+$/, ""));
  assert.deepEqual(packages.sort(), ["yaml", "zod"]);
});
