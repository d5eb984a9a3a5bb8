import assert from "node:assert/strict";
import { type McpTool, ToolRegistry, UnpreparedSearchError } from "../mod.ts";
import {
  HybridSearcher,
  loadTokenTable,
  MAX_TOKENS,
  type SentenceEncoder,
} from "../src/hybrid/mod.ts";
import { tokenIds, vocabularyOf } from "../src/hybrid/_wordpiece.ts";

const vocabulary = vocabularyOf(
  await Deno.readTextFile(new URL("../src/hybrid/_vocab.txt", import.meta.url)),
);
const schema = { type: "object" };

function tools(...pairs: [string, string][]): McpTool[] {
  return pairs.map(([name, description]) => ({ name, description, inputSchema: schema }));
}

/** `encoder`, counting the texts it is asked to encode. */
function counting(encoder: SentenceEncoder): SentenceEncoder & { texts: number } {
  return {
    model: encoder.model,
    dimensions: encoder.dimensions,
    texts: 0,
    encode(texts) {
      this.texts += texts.length;
      return encoder.encode(texts);
    },
  };
}

Deno.test("tokenIds() splits text as BERT's uncased WordPiece does", () => {
  // The ids Hugging Face's tokenizers 0.23.3 gives with the model's tokenizer.json.
  const cases: [string, number[]][] = [
    ["Get me a cab to the airport!", [101, 2131, 2033, 1037, 9298, 2000, 1996, 3199, 999, 102]],
    ["Ünïcödé naïve café — “quotes”", [101, 27260, 15743, 7668, 1517, 1523, 16614, 1524, 102]],
    ["日本語 tab\there", [101, 1864, 1876, 1950, 21628, 2182, 102]],
    [
      "kubectl get pods --all-namespaces",
      [101, 13970, 4783, 6593, 2140, 2131, 26723, 1011, 1011, 2035, 1011, 3415, 15327, 2015, 102],
    ],
    ["x".repeat(120), [101, 100, 102]],
    // Control characters go, even those Unicode calls white space; tab and line ends part words.
    ["a\u000bb\u000cc\u0085d", [101, 5925, 2094, 102]],
    ["tab\tnew\nline\rcr", [101, 21628, 2047, 2240, 13675, 102]],
    // Lower case one character at a time: a final capital sigma is σ, not ς.
    ["ΟΔΟΣ ΟΔΟΣ.", [101, 1169, 29722, 29730, 29733, 1169, 29722, 29730, 29733, 1012, 102]],
    // Hugging Face's CJK ranges leave U+2B820 to U+2B91F out.
    ["\u{2B820}\u{2B900}\u{2B920}x", [101, 100, 100, 1060, 102]],
  ];
  for (const [text, ids] of cases) assert.deepEqual(tokenIds(vocabulary, text, MAX_TOKENS), ids);
});

Deno.test("tokenIds() keeps the first MAX_TOKENS tokens, [SEP] last", () => {
  const ids = tokenIds(vocabulary, "word ".repeat(300), MAX_TOKENS);
  assert.equal(ids.length, MAX_TOKENS);
  assert.equal(ids[0], 101);
  assert.equal(ids.at(-1), 102);
});

const encoder = await loadTokenTable();

Deno.test("hybrid search finds a tool that says the request in other words", async () => {
  const registry = new ToolRegistry({ searchers: { hybrid: new HybridSearcher(encoder) } });
  registry.registerMcpTools(
    "office",
    tools(
      ["send_email", "Send an email message to recipients"],
      ["create_invoice", "Create an invoice for a customer"],
      ["get_forecast", "Get the weather forecast for a city"],
      ["book_taxi", "Book a taxi ride to an address"],
    ),
  );
  const expected: [string, string][] = [
    ["will it rain in Paris tomorrow", "office:get_forecast"],
    ["mail the team about the meeting", "office:send_email"],
  ];
  for (const [query, id] of expected) {
    // No word of the request is in the right tool, nor related to one of its words.
    assert.deepEqual(registry.search({ query, mode: "ranked" }), []);
    await registry.prepareSearch({ query, mode: "hybrid" });
    assert.equal(registry.search({ query, mode: "hybrid" })[0]?.id, id, query);
  }
});

Deno.test("hybrid search answers nothing to a request no tool comes near", async () => {
  const registry = new ToolRegistry({ searchers: { hybrid: new HybridSearcher(encoder) } });
  registry.registerMcpTools(
    "git",
    tools(
      ["git_status", "Show the working tree status"],
      ["git_log", "Show commit logs"],
      ["git_push", "Update remote refs along with associated objects"],
    ),
  );
  const cake = { query: "bake a chocolate cake", mode: "hybrid" };
  await registry.prepareSearch(cake);
  assert.deepEqual(registry.search(cake), []);
  const history = { query: "show me the history of commits", mode: "hybrid" };
  await registry.prepareSearch(history);
  assert.equal(registry.search(history)[0].id, "git:git_log");
});

Deno.test("hybrid search answers a one-word request that ranked search finds, whatever its cosine", async () => {
  // No cosine reaches this floor: only the rule for one word lets a request through.
  const searcher = new HybridSearcher(encoder, { floor: 0.99 });
  const registry = new ToolRegistry({ searchers: { hybrid: searcher } });
  registry.registerMcpTools(
    "kubectl",
    tools(
      ["kubectl_drain", "Drain a node in preparation for maintenance"],
      ["kubectl_logs", "Print the logs for a container in a pod"],
    ),
  );
  for (
    const [query, expected] of [
      ["drain", ["kubectl:kubectl_drain"]],
      ["  drain!  ", [
        "kubectl:kubectl_drain",
      ]],
      ["drain the node", []],
      ["qwzx", []],
    ] as const
  ) {
    await registry.prepareSearch({ query, mode: "hybrid" });
    assert.deepEqual(
      registry.search({ query, mode: "hybrid" }).map((entry) => entry.id),
      expected,
      query,
    );
  }
});

Deno.test("hybrid search refuses a request that was not prepared, and browses without one", async () => {
  const registry = new ToolRegistry({ searchers: { hybrid: new HybridSearcher(encoder) } });
  registry.registerMcpTools("s", tools(["a", "First"], ["b", "Second"]));
  assert.throws(
    () => registry.search({ query: "never prepared", mode: "hybrid" }),
    UnpreparedSearchError,
  );
  await registry.prepareSearch({ mode: "hybrid" });
  assert.deepEqual(registry.search({ mode: "hybrid" }).map((entry) => entry.id), ["s:a", "s:b"]);
});

Deno.test("a hybrid searcher given stored vectors encodes none of those tools again", async () => {
  const list = tools(["list_pods", "List pods in a namespace"], ["get_logs", "Print a pod's logs"]);
  const params = { query: "which pods run", mode: "hybrid" };
  const first = counting(encoder);
  const searcher = new HybridSearcher(first);
  const registry = new ToolRegistry({ searchers: { hybrid: searcher } });
  registry.registerMcpTools("k8s", list);
  await registry.prepareSearch(params);
  assert.equal(first.texts, 3);
  const vectors = searcher.storedVectors();
  assert.equal(vectors.model, encoder.model);
  assert.equal(Object.keys(vectors.tools).length, 2);

  const second = counting(encoder);
  const given = new HybridSearcher(second, { vectors });
  // Stored again as they came: a catalogue compiled twice writes the same vectors.
  assert.deepEqual(given.storedVectors(), vectors);
  const again = new ToolRegistry({ searchers: { hybrid: given } });
  again.registerMcpTools("k8s", list);
  await again.prepareSearch(params);
  assert.equal(second.texts, 1);
  assert.deepEqual(
    again.search(params).map((entry) => entry.id),
    registry.search(params).map((entry) => entry.id),
  );
  // Vectors of another model are not used.
  const third = counting(encoder);
  const other = new ToolRegistry({
    searchers: { hybrid: new HybridSearcher(third, { vectors: { ...vectors, model: "other" } }) },
  });
  other.registerMcpTools("k8s", list);
  await other.prepareSearch(params);
  assert.equal(third.texts, 3);
});

Deno.test("a hybrid searcher refuses a weight or floor out of range", () => {
  assert.throws(() => new HybridSearcher(encoder, { weight: 1.5 }), RangeError);
  assert.throws(() => new HybridSearcher(encoder, { floor: Number.NaN }), RangeError);
});

Deno.test("tools asked for by two calls at once are encoded once", async () => {
  const counted = counting(encoder);
  const searcher = new HybridSearcher(counted);
  const registry = new ToolRegistry({ searchers: { hybrid: searcher } });
  registry.registerMcpTools("s", tools(["a", "Archive files"], ["b", "Back up a database"]));
  const entries = registry.ids().map((id) => registry.getEntry(id)!);
  await Promise.all([searcher.addTools(entries), searcher.addTools(entries)]);
  assert.equal(counted.texts, 2);
  assert.equal(Object.keys(searcher.storedVectors().tools).length, 2);
});

Deno.test("hybrid search adds at most 10 MB to the published package", async () => {
  const manifest = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  const published: string[] = manifest.publish.include;
  // What the package holds for hybrid search: src/hybrid/'s files and the stored vectors.
  const hybrid = [...Deno.readDirSync(new URL("../src/hybrid/", import.meta.url))]
    .map((entry) => `src/hybrid/${entry.name}`)
    .filter((path) => path.endsWith(".ts") || published.includes(path));
  hybrid.push("configs/_vectors.json");
  assert.ok(published.includes("configs/_vectors.json"));
  const bytes = hybrid.reduce(
    (sum, path) => sum + Deno.statSync(new URL(`../${path}`, import.meta.url)).size,
    0,
  );
  assert.ok(bytes > 5_000_000, "the token table is among them");
  assert.ok(bytes <= 10_000_000, `${bytes} bytes`);
  // The encoder itself is measured beside the table, not shipped.
  assert.ok(!published.some((path) => path.includes("minilm")));
});
