// The layering of src/, read off the module graph that `deno info --json` reports: data flows
// one way, config and search → index → catalogue → answer → http and cli, with no cycle anywhere.
import assert from "node:assert/strict";
import { moduleInfo, startUpModules } from "./_module_graph.ts";
import { NOT_CATALOGUE_CODE } from "../src/catalogue/compiled.ts";

const ROOT = new URL("../", import.meta.url);
/**
 * The programs the project runs or publishes: the library, the service, the command line, and
 * the task that compiles the catalogue. The tests, the benchmarks and the relevance evaluation
 * measure internals, so they may import private modules; these may not.
 */
const ENTRIES = [
  "mod.ts",
  "main.ts",
  "src/cli/mod.ts",
  "src/mcp_stdio/mod.ts",
  "src/hybrid/mod.ts",
  "scripts/catalogue.ts",
];
/** The longest module of src/, in lines: past it, a module is doing more than one thing. */
const MAX_MODULE_LINES = 400;
/** The most modules in one folder of src/: past it, a folder holds more than one stage. */
const MAX_FOLDER_MODULES = 20;

/**
 * The stage folders of src/, in the order data flows through them, each with the stages it
 * uses: a module may import its own folder's modules and those of the stages its folder uses,
 * and of theirs. Stages that do not use each other know nothing of each other.
 */
const STAGES: Record<string, readonly string[]> = {
  "config/yaml": [],
  search: [],
  config: ["config/yaml"],
  "config/policy": ["config"],
  index: ["config/policy", "search"],
  registry: ["index"],
  hybrid: ["registry"],
  run: ["config"],
  upstream: ["config"],
  call: ["registry", "run"],
  catalogue: ["call", "upstream", "hybrid"],
  answer: ["catalogue"],
  http: ["answer", "run"],
  cli: ["catalogue"],
  mcp_stdio: ["answer", "run"],
};

/** The stages that `stage` uses, directly or through the stages it uses. */
function usedBy(stage: string): Set<string> {
  const used = new Set<string>();
  const visit = (name: string) => {
    for (const next of STAGES[name] ?? []) {
      if (used.has(next)) continue;
      used.add(next);
      visit(next);
    }
  };
  visit(stage);
  return used;
}

/** One import: the importing module and the imported one, as paths from the project's root. */
type Edge = readonly [from: string, to: string];

/** Where a module stands: its stage folder ("" for src/ itself), or none outside src/. */
function placeOf(path: string): { folder: string; staged: boolean } | undefined {
  const match = /^src\/(?:(.+)\/)?[^/]+$/.exec(path);
  if (match === null) return undefined;
  const folder = match[1] ?? "";
  return { folder, staged: folder === "" || folder in STAGES };
}

function isPrivate(path: string): boolean {
  return path.slice(path.lastIndexOf("/") + 1).startsWith("_");
}

/** What breaks the layering in a graph of imports between the project's modules. */
function layeringProblems(edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  for (const [from, to] of edges) {
    const source = placeOf(from);
    const target = placeOf(to);
    if (target === undefined) {
      problems.push(`${from} imports ${to}, which nothing may import`);
      continue;
    }
    if (from === "src/types.ts") problems.push(`${from} imports ${to}; it must import nothing`);
    if (source === undefined) {
      if (isPrivate(to)) problems.push(`${from} imports the private ${to}`);
      continue;
    }
    if (!source.staged) problems.push(`${from} is in no stage folder`);
    if (!target.staged) problems.push(`${to} is in no stage folder`);
    if (source.folder === target.folder) continue;
    if (target.folder !== "" && !usedBy(source.folder).has(target.folder)) {
      problems.push(`${from} imports ${to}, of a stage that comes after it or beside it`);
    } else if (target.folder !== "" && isPrivate(to)) {
      problems.push(`${from} imports ${to}, private to ${target.folder}/`);
    }
  }
  return [...problems, ...cycles(edges)];
}

/** Each import cycle, as the modules around it. */
function cycles(edges: readonly Edge[]): string[] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...next.get(from) ?? [], to]);
  const done = new Set<string>();
  const path: string[] = [];
  const found: string[] = [];
  const visit = (module: string) => {
    const at = path.indexOf(module);
    if (at !== -1) {
      found.push(`Import cycle: ${[...path.slice(at), module].join(" → ")}`);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const imported of next.get(module) ?? []) visit(imported);
    path.pop();
    done.add(module);
  };
  for (const module of next.keys()) visit(module);
  return found;
}

/** The imports between the project's modules that the entry points reach, dynamic and type-only ones included. */
async function moduleGraph(entries: readonly string[]): Promise<Edge[]> {
  const edges = new Map<string, Edge>();
  for (const entry of entries) {
    for (const module of (await moduleInfo(entry)).modules) {
      const from = projectPath(module.specifier);
      if (from === undefined) continue;
      for (const dependency of module.dependencies ?? []) {
        for (const resolved of [dependency.code?.specifier, dependency.type?.specifier]) {
          const to = resolved === undefined ? undefined : projectPath(resolved);
          if (to !== undefined && /\.tsx?$/.test(to)) edges.set(`${from} ${to}`, [from, to]);
        }
      }
    }
  }
  return [...edges.values()];
}

function projectPath(specifier: string): string | undefined {
  return specifier.startsWith(ROOT.href) ? specifier.slice(ROOT.href.length) : undefined;
}

async function srcModules(dir = new URL("src/", ROOT)): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.isDirectory ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory) found.push(...await srcModules(url));
    else if (/\.tsx?$/.test(entry.name)) found.push(projectPath(url.href)!);
  }
  return found.sort();
}

Deno.test("the module graph has no cycle and no import against the flow of the stages", async () => {
  assert.deepEqual(layeringProblems(await moduleGraph(ENTRIES)), []);
});

Deno.test("the layering check finds cycles, upstream imports and private imports", () => {
  assert.deepEqual(
    layeringProblems([
      ["src/config/parse.ts", "src/config/_yaml.ts"],
      ["src/config/_yaml.ts", "src/config/parse.ts"],
      ["src/config/load.ts", "src/index/tool_index.ts"],
      ["src/search/ranked.ts", "src/config/parse.ts"],
      ["src/http/app.ts", "src/index/_collect.ts"],
      ["src/types.ts", "src/errors.ts"],
      ["mod.ts", "src/_options.ts"],
      ["src/index/tool_index.ts", "main.ts"],
      ["src/tools/x.ts", "src/errors.ts"],
      ["src/config/yaml/read.ts", "src/config/files.ts"],
      ["src/config/parse.ts", "src/config/yaml/_scan.ts"],
      ["src/registry/registry_core.ts", "src/index/tool_index.ts"],
      ["src/run/run_tool.ts", "src/index/tool_index.ts"],
    ]),
    [
      "src/config/load.ts imports src/index/tool_index.ts, of a stage that comes after it or beside it",
      "src/search/ranked.ts imports src/config/parse.ts, of a stage that comes after it or beside it",
      "src/http/app.ts imports src/index/_collect.ts, private to index/",
      "src/types.ts imports src/errors.ts; it must import nothing",
      "mod.ts imports the private src/_options.ts",
      "src/index/tool_index.ts imports main.ts, which nothing may import",
      "src/tools/x.ts is in no stage folder",
      "src/config/yaml/read.ts imports src/config/files.ts, of a stage that comes after it or beside it",
      "src/config/parse.ts imports src/config/yaml/_scan.ts, private to config/yaml/",
      "src/run/run_tool.ts imports src/index/tool_index.ts, of a stage that comes after it or beside it",
      "Import cycle: src/config/parse.ts → src/config/_yaml.ts → src/config/parse.ts",
    ],
  );
});

Deno.test("the library's module graph reaches neither the service, the command line nor the catalogue", async () => {
  const reached = new Set((await moduleGraph(["mod.ts"])).flat());
  const downstream = [...reached].filter((path) => /^src\/(?:http|cli|catalogue)\//.test(path));
  assert.deepEqual(downstream, []);
  assert.ok(reached.has("src/index/tool_index.ts"));
});

Deno.test("the code hash of a compiled catalogue leaves out no folder that the compiling code reaches", async () => {
  const reached = new Set((await moduleGraph(["src/catalogue/compile.ts"])).flat());
  const left = [...reached].filter((path) => NOT_CATALOGUE_CODE.has(path.split("/")[1]));
  assert.deepEqual(left, []);
  assert.ok(reached.has("src/search/ranked.ts"));
});

Deno.test("the service's start loads neither zod, the YAML parser nor hybrid search, which only some requests need", async () => {
  const reached = [...await startUpModules("main.ts")];
  const packages = (name: string) => reached.filter((specifier) => specifier.includes(`/${name}@`));
  assert.deepEqual(packages("zod"), []);
  assert.deepEqual(packages("yaml"), []);
  assert.deepEqual(packages("onnxruntime-web"), []);
  assert.deepEqual(reached.filter((specifier) => specifier.includes("/src/hybrid/")), []);
  assert.ok(reached.some((specifier) => specifier.endsWith("/src/catalogue/hybrid_mode.ts")));
  assert.ok(reached.some((specifier) => specifier.endsWith("/src/catalogue/live.ts")));
  assert.ok(packages("hono").length > 0, "packages are followed");
  // The library loads zod: it validates configs as they are registered.
  const library = [...await startUpModules("mod.ts")];
  assert.ok(library.some((specifier) => specifier.includes("/zod@")));
});

Deno.test("every module of src/ is reached from an entry point, and none is over 400 lines", async () => {
  const reached = new Set((await moduleGraph(ENTRIES)).flat());
  const modules = await srcModules();
  assert.deepEqual(modules.filter((path) => !reached.has(path)), []);
  const long: string[] = [];
  for (const path of modules) {
    const lines = (await Deno.readTextFile(new URL(path, ROOT))).split("\n").length - 1;
    if (lines > MAX_MODULE_LINES) long.push(`${path}: ${lines} lines`);
  }
  assert.deepEqual(long, []);
});

Deno.test("no folder of src/ holds more than 20 modules", async () => {
  const byFolder = new Map<string, number>();
  for (const path of await srcModules()) {
    const folder = path.slice(0, path.lastIndexOf("/"));
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1);
  }
  const crowded = [...byFolder].filter(([, modules]) => modules > MAX_FOLDER_MODULES)
    .map(([folder, modules]) => `${folder}: ${modules} modules`);
  assert.deepEqual(crowded, []);
  assert.ok(byFolder.size > Object.keys(STAGES).length, "every stage folder is counted");
});
