import assert from "node:assert/strict";
import { InvalidCursorError, ToolIndex, type ToolIndexEntry, validateConfig } from "../mod.ts";
import { relatedWords } from "../src/search/_related_words.ts";
import { relatedWordsTableOf } from "../src/search/related_words_table.ts";
import { bulkConfig, dockerConfig, gitConfig, obsidianConfig } from "./_fixtures.ts";

const index = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
const names = (entries: ToolIndexEntry[]) => entries.map((entry) => entry.tool_name);
const ranked = (query: string, limit = 5) => names(index.search({ query, mode: "ranked", limit }));

Deno.test("ranked search puts the tool an agent's words describe first", () => {
  assert.equal(ranked("list running containers")[0], "docker_ps");
  assert.equal(ranked("show the commit logs")[0], "git_log");
  assert.equal(ranked("download an image from a registry")[0], "docker_pull");
  assert.equal(ranked("search my notes")[0], "obsidian_search");
});

Deno.test("ranked search matches word forms, not only the words as written", () => {
  // "containers" and "container", "logs" and "log", "branching" and "branches".
  assert.ok(ranked("container").includes("docker_ps"));
  assert.equal(ranked("branching")[0], "git_branch");
  assert.ok(ranked("logs").includes("git_log"));
  assert.equal(ranked("Logs")[0], ranked("logs")[0]);
});

Deno.test("ranked search reads tool names split at underscores, dashes, dots and case", () => {
  const tools = ToolIndex.fromConfigs([{
    command: "x",
    tools: [
      { name: "getUserInfo", description: "Account details" },
      { name: "send-mail.v2", description: "Outgoing messages" },
      { name: "HTTPServerStart", description: "Serve files" },
    ],
  }]);
  const first = (query: string) => tools.search({ query, mode: "ranked" })[0]?.tool_name;
  assert.equal(first("user info"), "getUserInfo");
  assert.equal(first("mail"), "send-mail.v2");
  assert.equal(first("start the http server"), "HTTPServerStart");
});

Deno.test("ranked search keeps the exact category and cli filters and the limit", () => {
  const all = index.search({ query: "create", mode: "ranked", limit: 100 });
  assert.ok(all.some((entry) => entry.category === "vcs"));
  assert.ok(all.some((entry) => entry.cli_name !== "git-tools"));
  const vcs = index.search({ query: "create", mode: "ranked", category: "VCS", limit: 100 });
  assert.ok(vcs.length > 0);
  assert.deepEqual(vcs, all.filter((entry) => entry.category === "vcs"));
  const docker = index.search({ query: "create", mode: "ranked", cli: "Docker-Tools", limit: 1 });
  assert.deepEqual(
    names(docker),
    names(all.filter((entry) => entry.cli_name === "docker-tools")).slice(0, 1),
  );
  assert.deepEqual(index.search({ query: "create", mode: "ranked", limit: 0 }), []);
  assert.deepEqual(index.search({ query: "create", mode: "ranked", cli: "nope" }), []);
});

Deno.test("ranked search breaks ties in insertion order", () => {
  const twins = ToolIndex.fromConfigs([{
    command: "x",
    tools: ["zeta", "alpha", "mid"].map((name) => ({
      name: `${name}_tool`,
      description: "Rotate the log files",
    })),
  }]);
  assert.deepEqual(
    names(twins.search({ query: "rotate logs", mode: "ranked" })),
    ["zeta_tool", "alpha_tool", "mid_tool"],
  );
});

Deno.test("ranked search returns only tools that share a word with the query", () => {
  assert.deepEqual(ranked("kubernetes"), []);
});

Deno.test("ranked search without a query browses, and a request with no word to rank by finds nothing", () => {
  for (const query of [null, "", "  "]) {
    assert.deepEqual(
      index.search({ query, mode: "ranked", limit: 7 }),
      index.search({ limit: 7 }),
      String(query),
    );
  }
  // Only function words say nothing about which tool is meant.
  for (const query of ["?!", "what can you do for me", "How do I"]) {
    assert.deepEqual(index.search({ query, mode: "ranked", limit: 7 }), [], query);
  }
});

Deno.test("ranked search answers nothing by related words alone that match little of the request", () => {
  // No word of these is in any tool's text: only words WordNet relates to them are.
  assert.deepEqual(ranked("bake a chocolate cake"), []);
  assert.deepEqual(
    index.search({ query: "build image", cli: "git", mode: "ranked" }).map((entry) =>
      entry.tool_name
    ),
    [],
  );
  // Where a word of the request is a tool's own, the request is answered.
  assert.equal(index.search({ query: "build image", mode: "ranked" })[0].tool_name, "docker_build");
});

Deno.test("ranked search completes an unfinished last word", () => {
  const found = ranked("dockerf");
  assert.equal(found[0], "docker_build");
  assert.ok(ranked("regist").includes("docker_pull"));
});

Deno.test("ranked search forgives a typo in a longer word", () => {
  assert.equal(ranked("contianers")[0], ranked("containers")[0]);
  assert.equal(ranked("repositroy")[0], "git_commit");
  // Short words are not corrected: one edit turns them into other real words.
  assert.deepEqual(ranked("lgo"), []);
});

Deno.test("ranked search finds a tool by the words WordNet relates to the request's", () => {
  const tool = (name: string, description: string) => ({ name, description, command: name });
  const index = ToolIndex.fromConfigs([
    validateConfig({
      name: "office",
      description: "Office helpers",
      command: "office",
      tools: [
        tool("statute_search", "Search the laws of a country by topic"),
        tool("forecast", "Weather forecast for a city"),
        tool("contract_draft", "Draft legal contracts"),
        tool("room_finder", "Find rooms to rent by the month"),
      ],
    }),
  ]);
  const names = (query: string) =>
    index.search({ query, mode: "ranked", limit: 5 }).map((found) => found.tool_name);
  // "legal" is not in statute_search's text: WordNet relates it to "law".
  assert.deepEqual(names("legal advice"), ["contract_draft", "statute_search"]);
  // Nor is "rental" in room_finder's: it relates to "rent".
  assert.deepEqual(names("rental"), ["room_finder"]);
});

Deno.test("relatedWords() relates a word, or the word it inflects, to other words", () => {
  assert.ok(relatedWords("rental").includes("rent"));
  assert.ok(relatedWords("legal").includes("law"));
  assert.ok(relatedWords("classes").includes("course"));
  assert.ok(relatedWords("apartments").includes("housing"));
  assert.deepEqual(relatedWords("qwzx"), []);
});

Deno.test("relatedWords() finds every word of the table that has related words, and names only words of it", () => {
  const table = new URL("../src/search/_related_words.json", import.meta.url);
  const { entries } = JSON.parse(Deno.readTextFileSync(table)) as { entries: string };
  const listed = entries.trimEnd().split(" ").map((entry) => entry.split("|"));
  const words = new Set(listed.map(([word]) => word));
  let checked = 0;
  for (const [word, places] of listed) {
    if (places === "") continue;
    const related = relatedWords(word);
    assert.ok(related.length > 0, word);
    for (const other of related) assert.ok(words.has(other), `${word} → ${other}`);
    checked++;
  }
  assert.ok(checked > listed.length / 2);
});

Deno.test("relatedWordsTableOf() cuts out of the table's file the entries that parsing it gives", () => {
  const file = Deno.readFileSync(new URL("../src/search/_related_words.json", import.meta.url));
  const parsed = JSON.parse(new TextDecoder().decode(file)) as { length: number; entries: string };
  assert.ok(parsed.entries.length > 1_000_000);
  const entries = (text: string | Uint8Array) =>
    new TextDecoder().decode(
      relatedWordsTableOf(typeof text === "string" ? new TextEncoder().encode(text) : text)
        .entries,
    );
  assert.equal(entries(file), parsed.entries);
  assert.equal(parsed.length, parsed.entries.length, "the file says where the entries end");
  // A file that does not end with the entries, or does not say their length truly, is parsed.
  const text = (json: Record<string, unknown>) => JSON.stringify(json, null, 2);
  assert.equal(entries(text({ length: 3, entries: "a| ", notice: 'the "end"' })), "a| ");
  assert.equal(entries(JSON.stringify({ entries: "a| ", notice: "x" })), "a| ");
  assert.equal(entries(text({ entries: "a| b| " })), "a| b| ");
  assert.equal(entries(text({ length: 2, entries: "a| b| " })), "a| b| ");
  assert.equal(entries(text({ length: 9, entries: "a| b| " })), "a| b| ");
});

Deno.test("ranked search folds case, diacritics and compatibility forms", () => {
  const cafe = ToolIndex.fromConfigs([{
    command: "x",
    tools: [
      { name: "menu", description: "Show the café menu" },
      { name: "other", description: "Something else" },
    ],
  }]);
  assert.equal(cafe.search({ query: "CAFE", mode: "ranked" })[0]?.tool_name, "menu");
  assert.equal(cafe.search({ query: "ｃａｆé", mode: "ranked" })[0]?.tool_name, "menu");
});

Deno.test("searchPage() pages ranked results and binds the cursor to the mode", () => {
  const whole = index.search({ query: "tool", mode: "ranked", limit: 100 });
  assert.ok(whole.length > 6);
  const pages: ToolIndexEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = index.searchPage({ query: "tool", mode: "ranked", limit: 3, cursor });
    assert.ok(page.results.length <= 3);
    pages.push(...page.results);
    cursor = page.next_cursor;
  } while (cursor !== null);
  assert.deepEqual(pages, whole);
  const first = index.searchPage({ query: "tool", mode: "ranked", limit: 3 });
  assert.throws(
    () => index.searchPage({ query: "tool", limit: 3, cursor: first.next_cursor }),
    InvalidCursorError,
  );
  assert.throws(
    () => index.searchPage({ query: "Tool", mode: "ranked", limit: 3, cursor: first.next_cursor }),
    InvalidCursorError,
  );
});

Deno.test("a ranked cursor is valid on another index built from the same configs", () => {
  const twin = ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
  const page = index.searchPage({ query: "image container", mode: "ranked", limit: 2 });
  const next = twin.searchPage({
    query: "image container",
    mode: "ranked",
    limit: 2,
    cursor: page.next_cursor,
  });
  assert.deepEqual(
    names(next.results),
    ranked("image container", 4).slice(2),
  );
});

/** The first tool of a ranked search of `tools`, all in one config. */
function firstOf(tools: { name: string; description: string }[], query: string) {
  const one = ToolIndex.fromConfigs([{ command: "x", tools }]);
  return one.search({ query, mode: "ranked" })[0]?.tool_name;
}

Deno.test("ranked search prefers the form a word was written in to another form of its stem", () => {
  // "running" and "run" share a stem; the tool that says "running" is the better match.
  const tools = [
    { name: "start", description: "Run the jobs" },
    { name: "current", description: "Running jobs" },
  ];
  assert.equal(firstOf(tools, "running jobs"), "current");
  assert.equal(firstOf(tools, "run jobs"), "start");
});

Deno.test("ranked search gives a path's or a quote's words less weight than the request's", () => {
  const tools = [
    { name: "report", description: "Build a report of the project" },
    { name: "archive", description: "Pack files into an archive" },
  ];
  assert.equal(firstOf(tools, "archive /home/me/project/report"), "archive");
  assert.equal(firstOf(tools, "archive 'project report'"), "archive");
  // Out of a path or quote, the same words are the request's.
  assert.equal(firstOf(tools, "archive project report"), "report");
});

Deno.test("ranked search reads a pasted file's extension and a URL's scheme as the request's words", () => {
  const tools = [
    { name: "sheet", description: "Open a csv table" },
    { name: "fetch", description: "Download over https" },
    { name: "notes", description: "Edit the notes and data" },
  ];
  assert.equal(firstOf(tools, "open ~/notes/data.csv"), "sheet");
  assert.equal(firstOf(tools, "get https://example.com/notes"), "fetch");
});

Deno.test("ranked search drops a contraction's clitic instead of matching it as a word", () => {
  // "s" and "m" would otherwise match a tool whose text has "%s" and "%m".
  const tools = [
    { name: "format", description: "Print with %s and %m placeholders" },
    { name: "apple", description: "Apple devices" },
  ];
  assert.equal(firstOf(tools, "I'm on Apple's"), "apple");
  assert.equal(firstOf(tools, "Apple m s"), "format");
});

Deno.test("ranked search gives the words that only frame a request less weight than its task", () => {
  // A tool that helps, and one that compresses: "please help me" is how the request is put,
  // "compress" what it is for.
  const tools = [
    { name: "compress", description: "Compress files" },
    { name: "help", description: "Help and tips, and help on each command when you need it" },
  ];
  assert.equal(firstOf(tools, "I need help, please: compress"), "compress");
  // Asked for as a task, help is found as any other tool is.
  assert.equal(firstOf(tools, "show the help of a command"), "help");
});

Deno.test("ranked search counts a word the request repeats for more than one it says once", () => {
  // Equal tools but for one word each: the word said twice decides, not the load order.
  const tools = [
    { name: "left", description: "Copy a folder" },
    { name: "right", description: "Copy a bucket" },
  ];
  assert.equal(firstOf(tools, "copy a folder into a bucket"), "left");
  assert.equal(firstOf(tools, "copy a folder into a bucket, the bucket beside it"), "right");
});

Deno.test("ranked search puts a source's tool before a later one of the source that scores barely more", () => {
  // Two tools that say the same, the first a few words longer, so that it scores a little less;
  // five others beside each, so that a source's average lengths barely move with it.
  const description = "Copy files between folders on this machine, keeping their names and times";
  const tools = (longer: number) => [
    { name: "copy_tree", description: `${description}${" with care".repeat(longer)}` },
    { name: "copy_fast", description },
  ];
  const others = (prefix: string) =>
    ["Read a value", "Write a value", "Rename an entry", "Remove an entry", "Show the size"]
      .map((text, i) => ({ name: `${prefix}_other_${i}`, description: text }));
  const first = (configs: Parameters<typeof ToolIndex.fromConfigs>[0]) =>
    ToolIndex.fromConfigs(configs).search({ query: "copy files", mode: "ranked", limit: 1 })[0]
      .tool_name;
  const oneSource = (longer: number) =>
    first([{ name: "alpha", command: "x", tools: [...tools(longer), ...others("a")] }]);
  const twoSources = (longer: number) => {
    const [tree, fast] = tools(longer);
    return first([
      { name: "alpha", command: "x", tools: [tree, ...others("a")] },
      { name: "beta", command: "y", tools: [fast, ...others("b")] },
    ]);
  };
  // One word more: the shorter scores higher, and goes first from another source only.
  assert.equal(twoSources(1), "copy_fast");
  assert.equal(oneSource(1), "copy_tree");
  // Eight words more: it scores higher by more than a near tie, even within its source.
  assert.equal(oneSource(8), "copy_fast");
});

Deno.test("ranked search settles near-ties alike in a short page and in the whole ranking, when two configs that say the same are apart", () => {
  // The first and third configs say the same of themselves, with another between: two sources,
  // whichever page is asked for. Found by a property test (seed -1747999402).
  const config = (category: string | null, tools: [string, string][]) =>
    validateConfig({
      name: "alpha",
      command: "x",
      category,
      tools: tools.map(([name, description]) => ({ name, description })),
    });
  const index = ToolIndex.fromConfigs([
    config("vcs", [["list#0.0", "run"], ["list#0.1", "list"]]),
    config(null, [["list#1.0", ""]]),
    config("vcs", [
      ["list#2.0", "list"],
      ["list#2.1", "list list list list"],
      ["list#2.2", "list list list list list list"],
      ["run#2.3", "list"],
      ["run#2.4", ""],
      ["list#2.5", ""],
    ]),
    config(null, [["list#3.0", ""]]),
  ]);
  for (const query of ["run file", "list", "run list"]) {
    const whole = names(index.search({ query, mode: "ranked", limit: index.size }));
    for (const limit of [1, 2, 3]) {
      assert.deepEqual(
        names(index.search({ query, mode: "ranked", limit })),
        whole.slice(0, limit),
        `${query}, ${limit}`,
      );
    }
  }
});

Deno.test("ranked search answers a word by where it stands, whatever the requests before it", () => {
  // An index remembers what it made of each word; a word completed as the last word of one
  // request is still only itself in the middle of the next, and a typo is corrected every time.
  const fresh = () => ToolIndex.fromConfigs([gitConfig, dockerConfig, obsidianConfig, bulkConfig]);
  const requests = ["dockerf", "dockerf image", "contianers", "list contianers", "dockerf"];
  const once = requests.map((query) => names(fresh().search({ query, mode: "ranked", limit: 5 })));
  const inTurn = requests.map((query) => ranked(query));
  assert.deepEqual(inTurn, once);
  assert.equal(once[0][0], "docker_build");
  assert.notDeepEqual(once[1], once[0]);
});

Deno.test("ranked search finds the best of a catalogue whose lists cover most of its tools", () => {
  // Every tool says "report", so the query reads every score; the best are spread over the
  // catalogue and some tie, which tool order settles.
  const tools = Array.from({ length: 1500 }, (_, i) => ({
    name: `tool_${i}`,
    description: `report ${"detail ".repeat((i * 7919) % 13)}${i % 97 === 0 ? "report" : ""}`,
    command: "x",
  }));
  const index = ToolIndex.fromConfigs(tools.map((tool, i) => ({
    name: `cli_${i}`,
    command: "x",
    tools: [tool],
  })));
  const whole = names(index.search({ query: "report", mode: "ranked", limit: 1500 }));
  assert.equal(whole.length, 1500);
  for (const limit of [1, 10, 50]) {
    assert.deepEqual(
      names(index.search({ query: "report", mode: "ranked", limit })),
      whole.slice(0, limit),
    );
  }
  // The best first, and among the ten best tools from the catalogue's end.
  assert.equal(whole[0], "tool_0");
  assert.ok(whole.slice(0, 10).some((name) => Number(name.slice("tool_".length)) >= 1000));
});

Deno.test("ranked search looks at the tools of its strongest word first only where that is exact", () => {
  // "report" is in every tool; "omega" in every 40th, which it lifts above any tool that only
  // reports, however well; and with "alpha" in one tool, that tool may beat one "omega" tool.
  const tools = Array.from({ length: 2000 }, (_, i) => ({
    name: `tool_${i}`,
    description: `report ${"report ".repeat(i % 5)}${i % 40 === 7 ? "omega " : ""}${
      i === 1999 ? "alpha alpha" : ""
    }`,
    command: "x",
  }));
  const index = ToolIndex.fromConfigs(
    tools.map((tool, i) => ({ name: `cli_${i}`, command: "x", tools: [tool] })),
  );
  for (const query of ["report omega", "omega report", "report omega alpha", "report alpha"]) {
    const whole = names(index.search({ query, mode: "ranked", limit: 2000 }));
    for (const limit of [1, 10, 60]) {
      assert.deepEqual(
        names(index.search({ query, mode: "ranked", limit })),
        whole.slice(0, limit),
        `${query}, ${limit}`,
      );
    }
  }
  const best = names(index.search({ query: "report omega", mode: "ranked", limit: 50 }));
  assert.ok(best.every((name) => Number(name.slice("tool_".length)) % 40 === 7));
});
