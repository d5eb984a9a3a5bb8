import assert from "node:assert/strict";
import { type CLImaxConfig, loadConfig, ToolIndex } from "../mod.ts";

const dir = new URL("../configs/", import.meta.url);

async function bundled(): Promise<{ file: string; config: CLImaxConfig; warnings: string[] }[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isFile && entry.name.endsWith(".yaml")) files.push(entry.name);
  }
  files.sort();
  return await Promise.all(files.map(async (file) => {
    const warnings: string[] = [];
    const config = await loadConfig(new URL(file, dir), {
      strict: true,
      onWarning: (message) => warnings.push(message),
    });
    return { file, config, warnings };
  }));
}

Deno.test("every bundled config loads under strict with no warning", async () => {
  for (const { file, warnings } of await bundled()) assert.deepEqual(warnings, [], file);
});

Deno.test("the bundled catalogue has at least 10 CLIs and 150 tools", async () => {
  const configs = await bundled();
  assert.ok(configs.length >= 10, `${configs.length} CLIs`);
  const tools = configs.reduce((sum, { config }) => sum + config.tools.length, 0);
  assert.ok(tools >= 150, `${tools} tools`);
});

Deno.test("every bundled config has a category, tags and a description", async () => {
  for (const { file, config } of await bundled()) {
    assert.ok(config.category, `${file} has no category`);
    assert.ok(config.tags.length > 0, `${file} has no tags`);
    assert.ok(config.description.length > 10, `${file} has no description`);
    assert.equal(file, `${config.name}.yaml`, "the file is named after its CLI");
  }
});

Deno.test("bundled tool names are unique, so an index of all of them warns of nothing", async () => {
  const warnings: string[] = [];
  const configs = (await bundled()).map(({ config }) => config);
  const index = ToolIndex.fromConfigs(configs, { onWarning: (message) => warnings.push(message) });
  assert.deepEqual(warnings, []);
  assert.equal(index.size, configs.reduce((sum, config) => sum + config.tools.length, 0));
});

Deno.test("bundled tools are described well enough to choose by", async () => {
  for (const { config } of await bundled()) {
    for (const tool of config.tools) {
      const where = `${config.name}/${tool.name}`;
      assert.ok(tool.description.split(/\s+/).length >= 3, `${where}: description too short`);
      assert.ok(tool.name.startsWith(config.name.replaceAll("-", "_")), `${where}: no CLI prefix`);
      for (const arg of [...config.global_args, ...tool.args]) {
        const at = `${where}.${arg.name}`;
        assert.ok(arg.description.length > 0, `${at}: no description`);
        assert.ok(!(arg.positional && arg.flag), `${at}: positional with a flag`);
        assert.ok(!(arg.required && arg.default !== null), `${at}: required with a default`);
        if (arg.enum && arg.default !== null) {
          assert.ok(arg.enum.includes(String(arg.default)), `${at}: default outside enum`);
        }
      }
    }
  }
});

Deno.test("a bundled config loads the same by bare name and by path", async () => {
  const [first] = await bundled();
  const name = first.file.replace(/\.yaml$/, "");
  assert.deepEqual(await loadConfig(name), first.config);
});
