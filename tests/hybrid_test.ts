import assert from "node:assert/strict";
import { type McpTool, ToolRegistry, UnpreparedSearchError } from "../mod.ts";
import {
  HybridSearcher,
  loadSentenceEncoder,
  MAX_TOKENS,
  type SentenceEncoder,
} from "../src/hybrid/mod.ts";
import { tokenIds, vocabularyOf } from "../src/hybrid/_wordpiece.ts";
import { ModelFileError, runtimeWeights } from "../src/hybrid/_model_file.ts";

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

Deno.test("runtimeWeights() gives float32, and 8-bit values scaled by column or row, and refuses a cut file", () => {
  const header = (
    at: number,
    bits: number,
    block: number,
    count: number,
    output: number,
    columns: number,
  ) => {
    view.setUint8(at, bits);
    view.setUint16(at + 1, block, true);
    view.setUint32(at + 3, count, true);
    view.setUint8(at + 7, output);
    view.setUint32(at + 8, columns, true);
  };
  // One float32 value; then 4 values of 2 bits in one block of scale 0.5, as a 2×2 matrix by
  // column; then the same by row.
  const file = new Uint8Array(12 + 4 + 2 * (12 + 2 + 1));
  const view = new DataView(file.buffer);
  header(0, 0, 0, 1, 0, 0);
  view.setFloat32(12, 1.25, true);
  for (const [at, output] of [[16, 1], [31, 2]]) {
    header(at, 2, 4, 4, output, 2);
    view.setUint16(at + 12, 0x3800, true); // 0.5 as a float16
    // -2, -1, 0, 1 offset by 2: 0, 1, 2, 3, lowest bits first: [[-1, -0.5], [0, 0.5]].
    file[at + 14] = 0b11_10_01_00;
  }
  const weights = runtimeWeights(file);
  const read = new DataView(weights.buffer);
  assert.equal(read.getFloat32(0, true), 1.25);
  // By column: scales 0 → 1/127, 1 → 0.5/127; values -127, -127, 0, 127.
  assert.deepEqual([...new Int8Array(weights.buffer, 4, 4)], [-127, -127, 0, 127]);
  assert.deepEqual([read.getFloat32(8, true), read.getFloat32(12, true)], [
    Math.fround(1 / 127),
    Math.fround(0.5 / 127),
  ]);
  // By row: scales 1/127 and 0.5/127; -0.5 over the float32 1/127 is -63.5 in float32, which
  // rounds half up to -63, as the writer rounds.
  assert.deepEqual([...new Int8Array(weights.buffer, 16, 4)], [-127, -63, 0, 127]);
  assert.deepEqual([read.getFloat32(20, true), read.getFloat32(24, true)], [
    Math.fround(1 / 127),
    Math.fround(0.5 / 127),
  ]);
  assert.equal(weights.length, 28);
  assert.throws(() => runtimeWeights(file.subarray(0, file.length - 1)), ModelFileError);
  assert.throws(() => runtimeWeights(file.subarray(0, 5)), ModelFileError);
});

const encoder = await loadSentenceEncoder();

Deno.test("the shipped encoder gives unit vectors that tell close meanings from far ones", async () => {
  const [weather, sunny, stadium] = await encoder.encode([
    "The weather is lovely today.",
    "It's so sunny outside!",
    "He drove to the stadium.",
  ]);
  const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);
  assert.equal(weather.length, encoder.dimensions);
  assert.ok(Math.abs(dot(weather, weather) - 1) < 1e-4);
  // What onnxruntime's native build gives for the same graph and weights, made in Python
  // (scripts/encoder_model.py), whose 8-bit products its x86 kernels work out otherwise than
  // WebAssembly's; full precision gives 0.666 and 0.105.
  assert.ok(Math.abs(dot(weather, sunny) - 0.5777) < 0.01, `${dot(weather, sunny)}`);
  assert.ok(Math.abs(dot(weather, stadium) - 0.1396) < 0.01, `${dot(weather, stadium)}`);
});

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
    ["bill the client for last month", "office:create_invoice"],
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
