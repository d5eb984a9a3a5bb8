// Typed arrays as JSON strings: base64 of their bytes, for the built index that a compiled
// catalogue carries. The bytes are the platform's, little-endian on every machine Deno runs on.

/** The typed arrays an index is made of. */
export type PackedArray = Uint8Array | Int32Array | Uint32Array | Float32Array;

/** The bytes of `array` as base64. */
export function packArray(array: PackedArray): string {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength).toBase64();
}

/**
 * The array of `type` whose bytes `text` holds in base64.
 *
 * @throws {RangeError} When `text` is not base64 of a whole number of elements.
 */
export function unpackArray<T extends PackedArray>(
  text: unknown,
  type: { new (buffer: ArrayBuffer): T; readonly BYTES_PER_ELEMENT: number },
): T {
  if (typeof text !== "string") throw new RangeError("A packed array must be a string");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.fromBase64(text);
  } catch {
    throw new RangeError("A packed array must be base64");
  }
  if (bytes.byteLength % type.BYTES_PER_ELEMENT !== 0) {
    throw new RangeError("A packed array must hold a whole number of elements");
  }
  return new type(bytes.buffer);
}
