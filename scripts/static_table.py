"""A static table of token vectors trained on all-MiniLM-L6-v2 (issues 40 and 42), and what it is
worth: each vocabulary token gets a vector such that the mean of a text's token vectors comes near
the encoder's vector of the text. Ridge regression over a corpus of plain English and software
descriptions, pulled towards each token's own output vector (encoder_measure.py's untrained table),
which rare tokens keep. The corpus: WordNet's words, glosses and examples (Debian's wordnet-base),
Debian's package descriptions (`apt-cache dumpavail`) and the bundled configs' tools; no request
and no tool of another development set. Then it measures the table encoding requests, with tools
encoded by the full encoder (as a compiled catalogue first stored them) or by the table too: hybrids
with ranked search, and a floor on the best cosine that answers nothing below it. Python as a
measuring tool only.

    .venv-encoder/bin/pip install scipy
    .venv-encoder/bin/python scripts/static_table.py .venv-encoder/export.json \
      .venv-encoder/all-MiniLM-L6-v2 .venv-encoder/corpus_vectors.npy src/hybrid/_token_table.bin

Encoding the corpus (510,000 texts) takes most of an hour; its vectors are kept in the file given.
Fitting the table takes about ten minutes more.
"""
import json
import os
import re
import struct
import subprocess
import sys

import numpy as np
import scipy.sparse as sp

import encoder_measure as em
from _minilm import Encoder
from encoder_model import packed, quantize

BITS, BLOCK = 4, 32
RIDGE = 0.003
# Texts of fewer word pieces (most of WordNet's words alone) pull the table towards single words.
LEAST_PIECES = 4
ALPHAS = [0.5, 0.6, 0.65, 0.7, 0.8]
FLOORS = [0.16, 0.18, 0.19, 0.2, 0.22]
SPECIAL = (0, 101, 102)


def corpus(sets):
    texts = set()
    for pos in ["noun", "verb", "adj", "adv"]:
        for line in open(f"/usr/share/wordnet/data.{pos}", encoding="utf-8", errors="replace"):
            if line.startswith("  "):
                continue
            head, _, gloss = line.partition(" | ")
            fields = head.split()
            count = int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).replace("_", " ")
                      for i in range(count)]
            parts = [p.strip() for p in gloss.strip().split(";")]
            glosses = [p for p in parts if p and not p.startswith('"')]
            texts.update(lemmas)
            texts.update(glosses)
            if glosses:
                texts.add(", ".join(lemmas[:3]) + ": " + glosses[0])
            texts.update(p.strip('"').strip() for p in parts
                         if p.startswith('"') and len(p.strip('"').strip()) > 8)
    packages = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True).stdout
    for block in packages.split("\n\n"):
        name = re.search(r"^Package: (.+)$", block, re.M)
        described = re.search(r"^Description: (.+)\n((?: .*\n?)*)", block, re.M)
        if not name or not described:
            continue
        texts.add(f"{name.group(1)}: {described.group(1).strip()}")
        paragraph = []
        for line in described.group(2).split("\n"):
            if line.strip() in ("", "."):
                break
            paragraph.append(line.strip())
        if 20 < len(" ".join(paragraph)) < 600:
            texts.add(" ".join(paragraph))
    bundled = next(s for s in sets if s["name"] == "bundled-dev")
    for tool in bundled["tools"]:
        texts.add(em.tool_text(tool, False))
        texts.add(tool["description"])
    return sorted(texts)


def fit(encoder, texts, targets, prior):
    """Token vectors W (and a shared bias) minimising |X W − Y|² + λ |W − prior|², X a text's
    share of each token, by conjugate gradients on all 384 columns at once."""
    vocab = len(prior)
    rows, cols, vals = [], [], []
    for r, e in enumerate(encoder.tok.encode_batch(texts)):
        ids = [i for i in e.ids if i not in SPECIAL]
        for token, n in zip(*np.unique(ids, return_counts=True)):
            rows.append(r), cols.append(token), vals.append(n / len(ids))
        rows.append(r), cols.append(vocab), vals.append(1.0)
    x = sp.csr_matrix((vals, (rows, cols)), shape=(len(texts), vocab + 1))
    start = np.vstack([prior, np.zeros((1, prior.shape[1]))])
    b = x.T @ (targets - x @ start)
    delta, residual = np.zeros_like(b), b.copy()
    direction, norms = residual.copy(), (residual * residual).sum(0)
    for _ in range(300):
        product = x.T @ (x @ direction) + RIDGE * direction
        step = norms / (direction * product).sum(0)
        delta += step * direction
        residual -= step * product
        new = (residual * residual).sum(0)
        if np.sqrt(new.max()) < 1e-6 * np.sqrt((b * b).sum(0).max()):
            break
        direction, norms = residual + (new / norms) * direction, new
    table = start + delta
    return table[:vocab] + table[vocab]


def quantized(table):
    """The table as `write` ships it and src/hybrid/token_table.ts reads it."""
    scales, values = quantize(table, BITS, BLOCK)
    steps = values.reshape(-1, BLOCK) - (1 << (BITS - 1))
    return (steps * scales.astype(np.float32)[:, None]).reshape(table.shape).astype(np.float32)


def write(table, path):
    """The table as src/hybrid/_model_file.ts reads a matrix: one tensor, 4 bits a value in
    blocks of 32 that share a float16 scale, as it is held (gzip saves little of 4-bit values)."""
    scales, values = quantize(table, BITS, BLOCK)
    header = struct.pack("<BHIBI", BITS, BLOCK, table.size, 0, table.shape[1])
    data = header + scales.astype("<f2").tobytes() + packed(values, BITS)
    open(path, "wb").write(data)


def report(sets, dev, encoder, table, rng):
    full, static = em.Cache(encoder.encode), em.Cache(em.static_encoder(encoder, table))
    names = [s["name"] for s in dev]
    print("| requests, tools | method | " + " | ".join(names) + " | Δ macro | sets worse |")
    print("|---|---|" + "---:|" * (len(names) + 2))
    for label, tools_by in [("table, full encoder", full), ("table, table", static)]:
        per_set = {qset["name"]: em.rankings(
            qset, tools_by([em.tool_text(t, False) for t in qset["tools"]]),
            static([q["query"] for q in qset["queries"]])) for qset in dev}
        for alpha in ALPHAS:
            cells, worse, deltas = [], 0, []
            for n in names:
                base = np.array([em.ndcg(r["ranked"], r["relevant"]) for r in per_set[n]])
                got = np.array([em.ndcg(em.fused_sum(r, alpha), r["relevant"]) for r in per_set[n]])
                low, high = em.interval(got - base, rng)
                worse += high < 0
                deltas.append((got - base).mean())
                mark = " ✘" if high < 0 else (" ✔" if low > 0 else "")
                cells.append(f"{(got - base).mean():+.3f} [{low:+.3f}, {high:+.3f}]{mark}")
            print(f"| {label} | sum α={alpha} | " + " | ".join(cells) +
                  f" | {np.mean(deltas):+.4f} | {worse} |")
    print("\nA floor on the best cosine, requests by the table and tools by the full encoder:")
    print("| set | none | " + " | ".join(f"≥ {f}" for f in FLOORS) + " |")
    print("|---|---:|" + "---:|" * len(FLOORS))
    for qset in sets:
        tools = full([em.tool_text(t, False) for t in qset["tools"]])
        best = (static([q["query"] for q in qset["queries"]]) @ tools.T).max(1)
        if qset["outOfCatalogue"]:
            answered = np.mean([len(q["ranked"]) > 0 for q in qset["queries"]])
            print(f"| {qset['name']} | {answered:.1%} | " +
                  " | ".join(f"{(best >= f).mean():.1%}" for f in FLOORS) + " |")
            continue
        base = np.array([em.ndcg(q["ranked"], q["relevant"]) for q in qset["queries"]])
        print(f"| {qset['name']} | {base.mean():.3f} | " +
              " | ".join(em.kept_cell(base, best >= f, rng) for f in FLOORS) + " |")


def main():
    export, folder, vectors, out = sys.argv[1:5]
    sets = json.load(open(export))
    encoder = Encoder(folder)
    texts = corpus(sets)
    if os.path.exists(vectors):
        targets = np.load(vectors).astype(np.float64)
    else:
        targets = encoder.encode(texts, batch=128).astype(np.float64)
        np.save(vectors, targets.astype(np.float32))
    pieces = [sum(e.attention_mask) - 2 for e in encoder.tok.encode_batch(texts)]
    kept = [i for i, n in enumerate(pieces) if n >= LEAST_PIECES]
    texts, targets = [texts[i] for i in kept], targets[kept]
    table = fit(encoder, texts, targets, em.token_vectors(encoder).astype(np.float64))
    write(table, out)
    table = quantized(table)
    print(f"{len(texts)} texts; table {table.shape[0]} × {table.shape[1]}, 4 bits a value\n")
    dev = [s for s in sets if not s["outOfCatalogue"]]
    report(sets, dev, encoder, table, np.random.default_rng(42))


if __name__ == "__main__":
    main()
