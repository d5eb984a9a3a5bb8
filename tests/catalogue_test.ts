import assert from "node:assert/strict";
import { loadConfigDir } from "../mod.ts";
import {
  CATALOGUE_FILE,
  catalogueText,
  codeIsCurrent,
  hashCode,
  readCatalogue,
  readCompiledCatalogue,
} from "../src/catalogue/compiled.ts";
import { CODE_HASH } from "../src/catalogue/_code_hash.ts";
import { LiveCatalogue } from "../src/catalogue/live.ts";
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

Deno.test("the code's hash is held beside it: run `deno task catalogue` after editing src/", async () => {
  assert.equal(await hashCode(), CODE_HASH);
  assert.ok(await codeIsCurrent());
});

/** A copy of this package's code and `deno.json`, its code's hash no longer `CODE_HASH`. */
async function editedCode(): Promise<{ src: URL; remove(): Promise<void> }> {
  const root = new URL(`file://${await Deno.makeTempDir()}/`);
  const copy = async (from: URL, to: URL) => {
    await Deno.mkdir(to, { recursive: true });
    for await (const entry of Deno.readDir(from)) {
      const name = entry.isDirectory ? `${entry.name}/` : entry.name;
      if (entry.isDirectory) await copy(new URL(name, from), new URL(name, to));
      else await Deno.copyFile(new URL(name, from), new URL(name, to));
    }
  };
  const src = new URL("src/", root);
  await copy(new URL("../src/", import.meta.url), src);
  await Deno.copyFile(new URL("../deno.json", import.meta.url), new URL("deno.json", root));
  await Deno.writeTextFile(new URL("search/_stem.ts", src), "// Edited.\n", { append: true });
  return { src, remove: () => Deno.remove(root, { recursive: true }) };
}

/** A copy of the bundled configs whose compiled catalogue `edit` changes, as other code might. */
async function recompiled(edit: (index: Record<string, unknown>) => void): Promise<URL> {
  const dir = await copyOfBundled();
  const compiled = await readCompiledCatalogue(dir);
  assert.ok(compiled);
  const index = structuredClone(compiled.index) as Record<string, unknown>;
  edit(index);
  const text = await catalogueText(dir, compiled.files, index);
  await Deno.writeTextFile(new URL(CATALOGUE_FILE, dir), text);
  return dir;
}

/** A live catalogue of `dir` that checks the code in `src` once it serves, and its messages. */
async function served(
  dir: URL,
  src?: URL,
): Promise<{ catalogue: LiveCatalogue; messages: string[] }> {
  const messages: string[] = [];
  const report = (message: string) => messages.push(message);
  const catalogue = await LiveCatalogue.open({ dir, checkCodeLater: true, code: src, report });
  return { catalogue, messages };
}

Deno.test("a service takes a compiled catalogue at once, and builds its search again once it has answered if other code compiled it", async () => {
  const code = await editedCode();
  // Another content hash and other ranking tables, as other code might have made them.
  const dir = await recompiled((index) => {
    index.content_hash = "0123456789abcdef";
    const ranked = index.ranked as { scales: string };
    ranked.scales = new Uint8Array(Uint8Array.fromBase64(ranked.scales).length).toBase64();
  });
  try {
    assert.equal(await codeIsCurrent(code.src), false);
    // Read at once by a start that checks the code later, which reads it from the files.
    assert.deepEqual(
      await readCompiledCatalogue(dir, { checkCodeLater: true }),
      await readCompiledCatalogue(dir),
    );
    const current = await served(dir);
    current.catalogue.serving();
    await current.catalogue.ready();
    assert.equal(current.messages.length, 0, current.messages.join("\n"));
    await current.catalogue.close();

    const { catalogue, messages } = await served(dir, code.src);
    const registry = catalogue.registry;
    assert.equal(registry.contentVersion, "0123456789abcdef");
    const query = { query: "list running containers", mode: "ranked" as const };
    const adopted = registry.search(query);
    catalogue.serving();
    await catalogue.ready();
    assert.match(messages[0], /compiled by other code than this: its files are read and indexed/);
    await Deno.remove(new URL(CATALOGUE_FILE, dir));
    const fresh = (await loadCatalogue(dir, { warn: () => {} })).registry;
    assert.equal(
      messages.filter((message) => message.startsWith("Reloaded ")).length,
      fresh.summary().length,
    );
    assert.deepEqual(registry.ids(), fresh.ids());
    assert.equal(registry.contentVersion, fresh.contentVersion);
    assert.notDeepEqual(adopted, fresh.search(query));
    assert.deepEqual(registry.search(query), fresh.search(query));
    await catalogue.close();
  } finally {
    await code.remove();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a file that other code compiled and this code does not load is served no more once the code is checked", async () => {
  const code = await editedCode();
  const dir = await copyOfBundled();
  try {
    // The catalogue still holds the jq config this code no longer loads.
    await Deno.writeTextFile(new URL("jq.yaml", dir), "name: jq\ntools: []\n");
    const { files } = (await readCompiledCatalogue(bundled))!;
    await Deno.writeTextFile(new URL(CATALOGUE_FILE, dir), await catalogueText(dir, files));
    const { catalogue, messages } = await served(dir, code.src);
    assert.ok(catalogue.registry.getTool("jq:jq_filter"));
    catalogue.serving();
    await catalogue.ready();
    assert.ok(messages.includes("jq.yaml is served no more until it loads"), messages.join("\n"));
    assert.equal(catalogue.registry.getTool("jq:jq_filter"), undefined);
    const jq = catalogue.health().sources.find((source) => source.name === "jq.yaml");
    assert.equal(jq?.status, "failing");
    assert.equal(jq?.tools, 0);
    await catalogue.close();
  } finally {
    await code.remove();
    await Deno.remove(dir, { recursive: true });
  }
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
    await write("src/catalogue/_code_hash.ts", 'export const CODE_HASH = "a";\n');
    const before = await hashCode(src);
    assert.match(before, /^[0-9a-f]{64}$/);

    await write("src/http/app.ts", "export const c = 30;\n");
    await write("src/cli/_list_command.ts", "export const d = 40;\n");
    await write("src/answer/search_answer.ts", "export const f = 60;\n");
    await write("src/run/run_tool.ts", "export const g = 70;\n");
    await write("src/mcp_stdio/server.ts", "export const h = 80;\n");
    await write("src/call/call_tool.ts", "export const i = 90;\n");
    await write("src/upstream/connection.ts", "export const j = 100;\n");
    await write("src/catalogue/_code_hash.ts", 'export const CODE_HASH = "b";\n');
    await write("deno.json", JSON.stringify({ imports: { zod: "npm:zod@4" }, tasks: { x: "y" } }));
    assert.equal(
      await hashCode(src),
      before,
      "answers, the service, the CLI, running and calling tools, upstreams, tasks and the " +
        "code's own hash do not count",
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
