// The encoder's weights as `scripts/encoder_model.py` writes them, turned back into the float32
// file its ONNX graph refers to. Each tensor is a byte of bits per value, then (little-endian) a
// 16-bit number of values per block and a 32-bit count of values; then either the float32 values
// (0 bits) or a float16 scale for each block, followed by every value as a signed integer of that
// many bits, offset to be unsigned, packed lowest bit first.

/** The length of a tensor's header. */
const HEADER = 7;

/** Thrown when the weights file is not one `scripts/encoder_model.py` wrote. */
export class ModelFileError extends Error {
  override name = "ModelFileError";
}

/** The float32 weights, in the order and at the offsets the graph gives, from `file`. */
export function dequantized(file: Uint8Array): Uint8Array<ArrayBuffer> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tensors: { at: number; bits: number; block: number; count: number }[] = [];
  let total = 0;
  for (let at = 0; at < file.length;) {
    if (at + HEADER > file.length) {
      throw new ModelFileError("The weights file ends inside a header");
    }
    const bits = file[at];
    const block = view.getUint16(at + 1, true);
    const count = view.getUint32(at + 3, true);
    if (bits > 8 || (bits > 0 && (block === 0 || count % block !== 0))) {
      throw new ModelFileError(
        `A tensor of the weights file has ${bits} bits in blocks of ${block} for ${count} values`,
      );
    }
    tensors.push({ at: at + HEADER, bits, block, count });
    total += count;
    at += HEADER +
      (bits === 0 ? count * 4 : (count / block) * 2 + Math.ceil((count * bits) / 8));
    if (at > file.length) throw new ModelFileError("The weights file ends inside a tensor");
  }
  const out = new Float32Array(total);
  let written = 0;
  for (const { at, bits, block, count } of tensors) {
    if (bits === 0) {
      for (let i = 0; i < count; i++) out[written + i] = view.getFloat32(at + 4 * i, true);
    } else {
      unpack(view, at, bits, block, out.subarray(written, written + count));
    }
    written += count;
  }
  return new Uint8Array(out.buffer);
}

/** Fills `out` with the values of a quantized tensor whose scales start at `at`. */
function unpack(view: DataView, at: number, bits: number, block: number, out: Float32Array): void {
  const blocks = out.length / block;
  const offset = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  let byte = at + blocks * 2;
  let buffer = 0;
  let held = 0;
  for (let b = 0; b < blocks; b++) {
    const scale = float16(view.getUint16(at + 2 * b, true));
    for (let i = b * block, end = i + block; i < end; i++) {
      if (held < bits) {
        buffer |= view.getUint8(byte++) << held;
        held += 8;
      }
      out[i] = ((buffer & mask) - offset) * scale;
      buffer >>>= bits;
      held -= bits;
    }
  }
}

/** The number an IEEE 754 half-precision `half` stands for. */
function float16(half: number): number {
  const sign = half & 0x8000 ? -1 : 1;
  const exponent = (half >> 10) & 0x1f;
  const fraction = half & 0x3ff;
  if (exponent === 0) return sign * fraction * 2 ** -24;
  if (exponent === 0x1f) return fraction === 0 ? sign * Infinity : NaN;
  return sign * (1 + fraction / 1024) * 2 ** (exponent - 15);
}
