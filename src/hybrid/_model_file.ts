// The files of the hybrid encoders, as `scripts/encoder_model.py` and `scripts/static_table.py`
// write them. Each tensor is, little-endian, a byte of bits per value, a 16-bit number of values
// per block, a 32-bit count of values, a byte saying how a runtime gets it (float32; or 8-bit
// integers scaled by column, or by row) and a 32-bit count of columns; then either the float32
// values (0 bits) or a float16 scale for each block, followed by every value as a signed integer
// of that many bits, offset to be unsigned, packed lowest bit first. The token table is one such
// tensor; the full encoder's weights (measured beside it, not shipped) are many.

/** The length of a tensor's header. */
const HEADER = 12;

/** How the runtime gets a tensor: float32, or 8-bit integers with a scale by column or by row. */
export const FLOAT32 = 0, COLUMNS = 1;
const ROWS = 2;

/**
 * Thrown when an encoder's files cannot be read (the `cause` says why), or are not what the
 * scripts that write them wrote.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ModelFileError } from "@climax/tool-index/hybrid";
 *
 * const cause = new Deno.errors.NotFound("No such file");
 * const error = new ModelFileError("The encoder's file x.bin cannot be read", { cause });
 * assert.equal(error.name, "ModelFileError");
 * assert.equal(error.cause, cause);
 * ```
 */
export class ModelFileError extends Error {
  /** Always `"ModelFileError"`. */
  override name = "ModelFileError";
}

/**
 * The bytes of the file at `url`, gunzipped if `compressed`.
 *
 * @throws {ModelFileError} When the file cannot be read.
 */
export async function bytesOf(url: URL, compressed?: "gzip"): Promise<Uint8Array<ArrayBuffer>> {
  // A local file in one read: fetch takes several times as long for megabytes.
  if (url.protocol === "file:" && compressed === undefined) {
    return await Deno.readFile(url).catch((error) => {
      throw new ModelFileError(`The encoder's file ${url.href} cannot be read`, { cause: error });
    });
  }
  const answer = await fetch(url).catch((error) => {
    throw new ModelFileError(`The encoder's file ${url.href} cannot be read`, { cause: error });
  });
  if (!answer.ok || answer.body === null) {
    throw new ModelFileError(`The encoder's file ${url.href} cannot be read: ${answer.status}`);
  }
  const body = compressed
    ? answer.body.pipeThrough(new DecompressionStream(compressed))
    : answer.body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/** `load`, run once: later calls share its promise, and a failed one is tried again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
}

/** `name` and the first 8 bytes of the SHA-256 of `files`: vectors of other files differ. */
export async function modelName(name: string, files: readonly Uint8Array[]): Promise<string> {
  const all = new Uint8Array(files.reduce((sum, file) => sum + file.length, 0));
  files.reduce((at, file) => (all.set(file, at), at + file.length), 0);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", all));
  return `${name}/` +
    [...digest.subarray(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** One tensor of the file: where its values start, and how they are stored and given. */
export interface StoredTensor {
  at: number;
  bits: number;
  block: number;
  count: number;
  output: number;
  columns: number;
}

/** The tensors of `file`, each header checked. */
export function tensorsOf(file: Uint8Array): StoredTensor[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tensors: StoredTensor[] = [];
  for (let at = 0; at < file.length;) {
    if (at + HEADER > file.length) {
      throw new ModelFileError("The weights file ends inside a header");
    }
    const tensor = {
      at: at + HEADER,
      bits: file[at],
      block: view.getUint16(at + 1, true),
      count: view.getUint32(at + 3, true),
      output: file[at + 7],
      columns: view.getUint32(at + 8, true),
    };
    const { bits, block, count, output, columns } = tensor;
    if (
      bits > 8 || (bits > 0 && (block === 0 || count % block !== 0)) || output > ROWS ||
      (output !== FLOAT32 && (columns === 0 || count % columns !== 0))
    ) {
      throw new ModelFileError(
        `A tensor of the weights file has ${bits} bits in blocks of ${block} for ${count} ` +
          `values in ${columns} columns, given as ${output}`,
      );
    }
    tensors.push(tensor);
    at += HEADER +
      (bits === 0 ? count * 4 : (count / block) * 2 + Math.ceil((count * bits) / 8));
    if (at > file.length) throw new ModelFileError("The weights file ends inside a tensor");
  }
  return tensors;
}

/**
 * The float16 scale of each block of `tensor`, which start its values in `file`, as float32.
 * Read from a copy, so that the half floats are aligned; little-endian, as on every platform
 * Deno runs on.
 */
export function blockScales(file: Uint8Array, { at, block, count }: StoredTensor): Float32Array {
  return new Float32Array(new Float16Array(file.slice(at, at + (count / block) * 2).buffer));
}

/**
 * The one matrix `file` holds, `columns` values a row, as 4-bit integers packed two a byte
 * (lowest first, offset by 8) with a float32 scale for each block of 32 values.
 */
export interface PackedMatrix {
  columns: number;
  rows: number;
  values: Uint8Array;
  scales: Float32Array;
}

/** Blocks of the packed matrix: a row is whole blocks, so that each row starts on a byte. */
const BLOCK = 32;

/**
 * The matrix of `file`, a file of one tensor of 4 bits a value in blocks of 32.
 *
 * @throws {ModelFileError} When the file holds anything else.
 */
export function packedMatrix(file: Uint8Array): PackedMatrix {
  const tensors = tensorsOf(file);
  const tensor = tensors.length === 1 ? tensors[0] : undefined;
  if (
    tensor === undefined || tensor.bits !== 4 || tensor.block !== BLOCK || tensor.columns === 0 ||
    tensor.columns % BLOCK !== 0
  ) {
    throw new ModelFileError(
      `The table file must hold one matrix of 4 bits in blocks of ${BLOCK}, not ` +
        `${tensors.length} tensors`,
    );
  }
  const { at, count, columns } = tensor;
  const scales = blockScales(file, tensor);
  const start = at + scales.length * 2;
  return {
    columns,
    rows: count / columns,
    values: file.subarray(start, start + count / 2),
    scales,
  };
}
