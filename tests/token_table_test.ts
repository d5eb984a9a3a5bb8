import assert from "node:assert/strict";
import { type McpTool, ToolRegistry } from "../mod.ts";
import { HybridSearcher, loadTokenTable } from "../src/hybrid/mod.ts";
import { ModelFileError, packedMatrix } from "../src/hybrid/_model_file.ts";

const schema = { type: "object" };
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i], 0);

function tools(...pairs: [string, string][]): McpTool[] {
  return pairs.map(([name, description]) => ({ name, description, inputSchema: schema }));
}

/** A file of one tensor: `bits` a value in blocks of `block`, `columns` a row, scale 0.5. */
function tableFile(bits: number, block: number, rows: number, columns: number): Uint8Array {
  const count = rows * columns;
  const file = new Uint8Array(12 + (count / block) * 2 + (count * bits) / 8);
  const view = new DataView(file.buffer);
  view.setUint8(0, bits);
  view.setUint16(1, block, true);
  view.setUint32(3, count, true);
  view.setUint32(8, columns, true);
  for (let b = 0; b < count / block; b++) view.setUint16(12 + 2 * b, 0x3800, true);
  return file;
}

Deno.test("packedMatrix() reads 4-bit rows with a scale for each block of 32", () => {
  const file = tableFile(4, 32, 2, 32);
  const start = 12 + 2 * 2;
  file[start] = 0x9f; // values 0 and 1 of row 0: 15 and 9, offset by 8: 7 and 1
  file[start + 16] = 0x08; // value 0 of row 1: 8, offset by 8: 0
  const { columns, rows, values, scales } = packedMatrix(file);
  assert.deepEqual([columns, rows, values.length], [32, 2, 32]);
  assert.deepEqual([...scales], [0.5, 0.5]);
  assert.deepEqual([values[0] & 15, values[0] >> 4, values[16] & 15], [15, 9, 8]);
});

Deno.test("packedMatrix() refuses a file that is not one matrix of 4 bits in blocks of 32", () => {
  assert.throws(() => packedMatrix(tableFile(2, 32, 2, 32)), ModelFileError);
  assert.throws(() => packedMatrix(tableFile(4, 16, 2, 32)), ModelFileError);
  assert.throws(() => packedMatrix(tableFile(4, 32, 2, 48)), ModelFileError);
  const two = tableFile(4, 32, 1, 32);
  const both = new Uint8Array(two.length * 2);
  both.set(two);
  both.set(two, two.length);
  assert.throws(() => packedMatrix(both), ModelFileError);
  assert.throws(() => packedMatrix(two.subarray(0, two.length - 1)), ModelFileError);
});

Deno.test("the token table gives unit vectors that tell close meanings from far ones", async () => {
  const table = await loadTokenTable();
  assert.equal(table, await loadTokenTable());
  assert.match(table.model, /^all-MiniLM-L6-v2-table\/[0-9a-f]{16}$/);
  const [cab, taxi, cake, none] = await table.encode([
    "get me a cab",
    "book a taxi",
    "bake a cake",
    "",
  ]);
  for (const vector of [cab, taxi, cake]) {
    assert.equal(vector.length, table.dimensions);
    assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-5);
  }
  assert.ok(cosine(cab, taxi) > cosine(cab, cake) + 0.2);
  assert.deepEqual([...new Set(none)], [0]);
});

Deno.test("HybridSearcher.create() searches with the token table: a tool by meaning, and nothing far", async () => {
  const searcher = await HybridSearcher.create();
  const registry = new ToolRegistry({ searchers: { hybrid: searcher } });
  registry.registerMcpTools(
    "apps",
    tools(
      ["book_taxi", "Order a taxi to pick you up and drive you to an address"],
      ["get_forecast", "Get the weather forecast for a city"],
      ["create_invoice", "Create an invoice for a customer and send it by email"],
    ),
  );
  const find = async (query: string) => {
    const params = { query, mode: "hybrid" };
    await registry.prepareSearch(params);
    return registry.search(params).map((entry) => entry.tool_name);
  };
  const rain = "will it rain in Paris tomorrow";
  assert.deepEqual(registry.search({ query: rain, mode: "ranked" }), []); // no word in common
  assert.equal((await find("I need a ride to the airport"))[0], "book_taxi");
  assert.equal((await find(rain))[0], "get_forecast");
  assert.deepEqual(await find("chromosome mutation in fruit flies"), []);
  // The tools were encoded by the table, not by another encoder.
  assert.equal(searcher.storedVectors().model, (await loadTokenTable()).model);
});
