// all-MiniLM-L6-v2 as the measurements run it (support/full_encoder.ts): not shipped, but what the
// token table is measured against, so it must give what the encoder gives.
import assert from "node:assert/strict";
import { loadFullEncoder, runtimeWeights } from "../support/full_encoder.ts";
import { ModelFileError } from "../src/hybrid/_model_file.ts";

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

const encoder = await loadFullEncoder();

Deno.test("all-MiniLM-L6-v2, run by onnxruntime-web, gives what onnxruntime gives for its graph and weights", async () => {
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
