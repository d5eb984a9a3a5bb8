import assert from "node:assert/strict";
import { loadConfigDir } from "../mod.ts";
import {
  CATALOGUE_FILE,
  catalogueText,
  hashCode,
  readCatalogue,
} from "../src/catalogue/compiled.ts";
import { loadCatalogue } from "../src/catalogue/load.ts";

const bundled = new URL("../configs/", import.meta.url);

async function copyOfBundled(): Promise<URL> {
  const dir = new URL(`file://${await Deno.makeTempDir()}/`);
  for await (const entry of Deno.readDir(bundled)) {
    await Deno.copyFile(new URL(entry.name, bundled), new URL(entry.name, dir));
  }
  return dir;
}

Deno.test("the bundled catalogue is current: run `deno task catalogue` after editing configs/", async () => {
  const compiled = await readCatalogue(bundled);
  assert.ok(compiled, "configs/_catalogue.json is missing or stale");
  assert.deepEqual(compiled, await loadConfigDir(bundled));
});

Deno.test("a catalogue is stale once any YAML file changes, appears or goes", async () => {
  const dir = await copyOfBundled();
  try {
    assert.ok(await readCatalogue(dir));
    const git = new URL("git.yaml", dir);
    const text = await Deno.readTextFile(git);
    await Deno.writeTextFile(git, text.replace("description:", "description: Changed."));
    assert.equal(await readCatalogue(dir), undefined);
    await Deno.writeTextFile(git, text);
    assert.ok(await readCatalogue(dir));
    await Deno.writeTextFile(new URL("extra.yml", dir), "command: x\ntools: []\n");
    assert.equal(await readCatalogue(dir), undefined);
    await Deno.remove(new URL("extra.yml", dir));
    await Deno.remove(new URL("jq.yaml", dir));
    assert.equal(await readCatalogue(dir), undefined);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a missing or unreadable catalogue is no catalogue", async () => {
  const dir = await copyOfBundled();
  try {
    await Deno.writeTextFile(new URL(CATALOGUE_FILE, dir), "{ not json");
    assert.equal(await readCatalogue(dir), undefined);
    await Deno.remove(new URL(CATALOGUE_FILE, dir));
    assert.equal(await readCatalogue(dir), undefined);
    await Deno.writeTextFile(
      new URL(CATALOGUE_FILE, dir),
      await catalogueText(dir, (await loadCatalogue(dir, { warn: () => {} })).sources),
    );
    assert.ok(await readCatalogue(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the code hash covers every module that shapes a catalogue, not those of later stages or of running tools", async () => {
  const root = new URL(`file://${await Deno.makeTempDir()}/`);
  const src = new URL("src/", root);
  const write = async (path: string, text: string) => {
    await Deno.mkdir(new URL(".", new URL(path, root)), { recursive: true });
    await Deno.writeTextFile(new URL(path, root), text);
  };
  try {
    await write("deno.json", JSON.stringify({ imports: { zod: "npm:zod@4" }, tasks: {} }));
    await write("src/index/tool_index.ts", "export const a = 1;\n");
    await write("src/search/ranked.ts", "export const b = 2;\n");
    await write("src/http/app.ts", "export const c = 3;\n");
    await write("src/cli/_list_command.ts", "export const d = 4;\n");
    await write("src/answer/search_answer.ts", "export const f = 6;\n");
    await write("src/run/run_tool.ts", "export const g = 7;\n");
    await write("src/mcp_stdio/server.ts", "export const h = 8;\n");
    await write("src/call/call_tool.ts", "export const i = 9;\n");
    await write("src/upstream/connection.ts", "export const j = 10;\n");
    const before = await hashCode(src);
    assert.match(before, /^[0-9a-f]{64}$/);

    await write("src/http/app.ts", "export const c = 30;\n");
    await write("src/cli/_list_command.ts", "export const d = 40;\n");
    await write("src/answer/search_answer.ts", "export const f = 60;\n");
    await write("src/run/run_tool.ts", "export const g = 70;\n");
    await write("src/mcp_stdio/server.ts", "export const h = 80;\n");
    await write("src/call/call_tool.ts", "export const i = 90;\n");
    await write("src/upstream/connection.ts", "export const j = 100;\n");
    await write("deno.json", JSON.stringify({ imports: { zod: "npm:zod@4" }, tasks: { x: "y" } }));
    assert.equal(
      await hashCode(src),
      before,
      "answers, the service, the CLI, running and calling tools, upstreams and tasks do not count",
    );

    await write("src/search/ranked.ts", "export const b = 20;\n");
    const edited = await hashCode(src);
    assert.notEqual(edited, before, "a change to the ranking code counts");

    await write("src/search/_new.ts", "export const e = 5;\n");
    const added = await hashCode(src);
    assert.notEqual(added, edited, "a new module counts");

    await write("deno.json", JSON.stringify({ imports: { zod: "npm:zod@5" }, tasks: {} }));
    assert.notEqual(await hashCode(src), added, "another version of a package counts");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
