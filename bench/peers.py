"""Peers: the product, tantivy and SQLite FTS5 over the same documents and the same jieba
tokens, interleaved in one run, at KB scale and on synthetic corpora of 10k and 100k.

    pip install -r bench/requirements.txt      # tantivy: a benchmark-only dependency
    python bench/peers.py [--sizes kb 10000 100000] [--runs 5] [--build-runs 3]

Per size it prints, for each engine and as the product's ratio to each peer: search
p50/p99 in-process without any cache (query analysis, scoring, the top 10 with their
snippets), build entries/s, index size, and one fresh worker's peak RSS after the
queries. At KB scale also: Recall@1/@5 of each engine on the relevance set, the Flask
test client's `/api/search` and `/api/ask` against a minimal Flask app serving tantivy,
and cold start (spawn to first answer) against a minimal tantivy process and a minimal
tantivy + Flask one. Every figure is a median over `--runs` (builds: `--build-runs`;
a 100k build runs once) with the engines' order rotated each run, and each section
prints the load average at its start and end: the machines are shared.

The peers get the product's analysis (jieba with the KB's game terms, folding,
stemming, sub-words) as whitespace-separated tokens: the documents' fields are the
product's own (`keys`, `defines`, `body`, `asks` with the product's BM25F weights), and
each peer's query is the product's analysed words OR-ed over those fields. The peers do
no spelling pass, no players' words, no priors and no phrase clauses: what they lack is
part of what the ratios show.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.relevance import load_queries  # noqa: E402
from bench.scale import du, synthetic_kb  # noqa: E402
from bench.speed import percentiles, timed  # noqa: E402

try:
    import tantivy
except ImportError:  # pragma: no cover - said plainly to whoever runs it
    raise SystemExit("tantivy is not installed: pip install -r bench/requirements.txt") from None

from indexer.analysis import Analysis  # noqa: E402
from indexer.build import TermIndex, analysis_for, build_index, entry_document  # noqa: E402
from indexer.engine import open_engine  # noqa: E402
from indexer.generation import TOKENIZER, current_target  # noqa: E402
from indexer.tuning import FIELD_BOOSTS  # noqa: E402
from kb.loader import KnowledgeBase  # noqa: E402
from kb.termbase import Termbase  # noqa: E402
from kb.validate import load_valid_kb  # noqa: E402

QUERY_SETS = ("queries.yaml", "queries_heldout.yaml", "queries_test.yaml")
FIELDS = tuple(FIELD_BOOSTS)  # keys, defines, body, asks
MAX_WORDS = 24


# --- the same documents as tokens -------------------------------------------------------


def token_rows(kb: KnowledgeBase, tb: Termbase, analysis: Analysis):
    """Per entry: its id, the product's index fields as whitespace-joined tokens (sub-words
    included, as the product indexes them) and the shown texts."""
    terms = TermIndex.of(tb)
    for n, entry in enumerate(kb.entries.values()):
        doc = entry_document(entry, n, terms, kb)
        fields = {
            f: " ".join(t.text for t in analysis.tokens(doc[f] or "", mode="index")) for f in FIELDS
        }
        yield entry.id, fields, entry.text.zh or "", entry.text.en or ""


def query_words(analysis: Analysis, q: str) -> list[str]:
    return [w for w in analysis.words(q) if w.strip()][:MAX_WORDS]


# --- tantivy ---------------------------------------------------------------------------


def tantivy_schema():
    sb = tantivy.SchemaBuilder()
    sb.add_text_field("id", stored=True, tokenizer_name="raw")
    for f in FIELDS:
        sb.add_text_field(f, stored=(f == "body"), tokenizer_name="whitespace")
    sb.add_text_field("body_zh", stored=True, tokenizer_name="raw", index_option="basic")
    sb.add_text_field("body_en", stored=True, tokenizer_name="raw", index_option="basic")
    return sb.build()


def build_tantivy(kb: KnowledgeBase, tb: Termbase, path: Path) -> float:
    """Tokenises with the product's analysis and indexes; returns seconds (the jieba
    dictionary's load excluded for every engine: `analysis_for` is cached per process)."""
    analysis = analysis_for(kb)
    start = time.perf_counter()
    path.mkdir(parents=True)
    index = tantivy.Index(tantivy_schema(), path=str(path))
    writer = index.writer(heap_size=256_000_000, num_threads=2)
    for entry_id, fields, zh, en in token_rows(kb, tb, analysis):
        writer.add_document(tantivy.Document(id=entry_id, body_zh=zh, body_en=en, **fields))
    writer.commit()
    writer.wait_merging_threads()
    elapsed = time.perf_counter() - start
    analysis.save(path / TOKENIZER)  # the cold-start peer reads the same dictionary
    return elapsed


class TantivySearch:
    """The product's words, OR-ed over the product's fields with its weights; the top 10
    with tantivy's own snippets of the body."""

    def __init__(self, path: Path, analysis: Analysis):
        self.index = tantivy.Index.open(str(path))
        self.schema = self.index.schema
        self.searcher = self.index.searcher()
        self.analysis = analysis

    def query(self, q: str):
        words = query_words(self.analysis, q)
        if not words:
            return None
        clauses = []
        for word in words:
            for f in FIELDS:
                term = tantivy.Query.term_query(self.schema, f, word)
                boost = FIELD_BOOSTS[f]
                clauses.append(
                    (tantivy.Occur.Should, tantivy.Query.boost_query(term, boost))
                    if boost != 1
                    else (tantivy.Occur.Should, term)
                )
        return tantivy.Query.boolean_query(clauses)

    def search(self, q: str, limit: int = 10) -> list[tuple[str, str]]:
        query = self.query(q)
        if query is None:
            return []
        found = self.searcher.search(query, limit)
        snippets = tantivy.SnippetGenerator.create(self.searcher, query, self.schema, "body")
        out = []
        for _score, address in found.hits:
            doc = self.searcher.doc(address)
            out.append((doc["id"][0], snippets.snippet_from_doc(doc).to_html()))
        return out


# --- SQLite FTS5 ------------------------------------------------------------------------


def build_fts5(kb: KnowledgeBase, tb: Termbase, path: Path) -> float:
    analysis = analysis_for(kb)
    start = time.perf_counter()
    db = sqlite3.connect(path)
    db.execute(
        "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, keys, defines, body, asks, "
        "body_zh UNINDEXED, body_en UNINDEXED)"
    )
    rows = []
    for entry_id, fields, zh, en in token_rows(kb, tb, analysis):
        rows.append((entry_id, *(fields[f] for f in FIELDS), zh, en))
        if len(rows) >= 5000:
            db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            rows = []
    db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    return time.perf_counter() - start


class Fts5Search:
    def __init__(self, path: Path, analysis: Analysis):
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.analysis = analysis
        weights = ", ".join(str(FIELD_BOOSTS[f]) for f in FIELDS)
        self.sql = (
            "SELECT id, highlight(docs, 3, '<mark>', '</mark>'), "
            f"bm25(docs, 0.0, {weights}) AS r FROM docs WHERE docs MATCH ? ORDER BY r LIMIT ?"
        )

    def search(self, q: str, limit: int = 10) -> list[tuple[str, str]]:
        words = [w.replace('"', "") for w in query_words(self.analysis, q)]
        words = [w for w in words if w]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        return [(r[0], r[1]) for r in self.db.execute(self.sql, (match, limit))]


# --- the product -------------------------------------------------------------------------


def build_product(kb: KnowledgeBase, tb: Termbase, path: Path) -> float:
    analysis_for(kb, path)  # the dictionary outside the timing, as for the peers
    start = time.perf_counter()
    build_index(kb, path, termbase=tb)
    return time.perf_counter() - start


def product_size(path: Path) -> float:
    target = current_target(path)
    return du(path / target) if target else du(path)


BUILDERS: dict[str, Callable[[KnowledgeBase, Termbase, Path], float]] = {
    "product": build_product,
    "tantivy": build_tantivy,
    "fts5": lambda kb, tb, path: path.mkdir(parents=True) or build_fts5(kb, tb, path / "fts5.db"),
}
ENGINES = tuple(BUILDERS)


def opened(name: str, path: Path, analysis: Analysis):
    """(search function, a closer) for one engine's index at `path`."""
    if name == "product":
        engine = open_engine(path, cache_size=0)
        return engine.search, engine.close
    if name == "tantivy":
        return TantivySearch(path, analysis).search, lambda: None
    fts = Fts5Search(path / "fts5.db", analysis)
    return fts.search, fts.db.close


def rotated(items: tuple[str, ...], run: int) -> list[str]:
    k = run % len(items)
    return [*items[k:], *items[:k]]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def ratio_line(name: str, values: dict[str, float], unit: str, higher_better: bool) -> str:
    prod = values["product"]
    parts = [f"{name:<34}"]
    for e in ENGINES:
        parts.append(f"{e} {values[e]:>9,.2f}{unit}")
    for peer in ENGINES[1:]:
        r = prod / values[peer] if values[peer] else float("inf")
        parts.append(f"product/{peer} {r:5.2f}x")
    parts.append("(higher is better)" if higher_better else "(lower is better)")
    return "  ".join(parts)


# --- fresh processes: RSS and cold start ---------------------------------------------------

WORKER = """
import sys, json
sys.path.insert(0, {root!r})
from pathlib import Path
from bench.rss import peak_rss_mb
name, path, queries = sys.argv[1], Path(sys.argv[2]), json.loads(sys.argv[3])
if name == "product":
    from indexer.engine import open_engine
    search = open_engine(path, cache_size=0).search
else:
    import json as _j
    from indexer.analysis import Analysis
    from indexer.generation import TOKENIZER
    terms = tuple(_j.loads((path / "terms.json").read_text()))
    analysis = Analysis.load(path / TOKENIZER, terms)
    from bench.peers import Fts5Search, TantivySearch
    search = (TantivySearch(path, analysis) if name == "tantivy"
              else Fts5Search(path / "fts5.db", analysis)).search
for q in queries:
    search(q)
print(peak_rss_mb())
"""


def worker_rss(name: str, path: Path, queries: list[str]) -> float:
    out = subprocess.run(
        [sys.executable, "-c", WORKER.format(root=str(ROOT)), name, str(path), json.dumps(queries)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


# spawn → first /api/ask of the product through its own app
COLD_PRODUCT = """
import time
from app import create_app
app = create_app({{"INDEX_DIR": {index!r}}})
body = app.test_client().get("/api/ask", query_string={{"q": {q!r}}}).get_json()
assert body["answer"] or body["related"], body
print(repr(time.time()))
"""

# spawn → first answer of a minimal tantivy process: jieba with the same dictionary,
# the index, one query (tantivy's own snippets); `flask` adds a minimal Flask app.
COLD_TANTIVY = """
import time, pickle, sys
import tantivy
import jieba
tokenizer = jieba.Tokenizer()
with open({tok!r}, "rb") as f:
    tokenizer.FREQ, tokenizer.total = pickle.load(f)
tokenizer.initialized = True
index = tantivy.Index.open({path!r})
schema, searcher = index.schema, index.searcher()
def search(q):
    words = [w for w in tokenizer.cut_for_search(q.lower()) if w.strip()][:24]
    query = tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, tantivy.Query.term_query(schema, f, w))
         for w in words for f in ("keys", "defines", "body", "asks")])
    gen = tantivy.SnippetGenerator.create(searcher, query, schema, "body")
    hits = searcher.search(query, 10).hits
    return [{{"id": searcher.doc(a)["id"][0],
             "snippet": gen.snippet_from_doc(searcher.doc(a)).to_html()}} for _, a in hits]
if {flask!r}:
    from flask import Flask, jsonify, request
    app = Flask("peer")
    @app.get("/api/ask")
    def ask():
        return jsonify({{"results": search(request.args.get("q", ""))}})
    body = app.test_client().get("/api/ask", query_string={{"q": {q!r}}}).get_json()
    assert body["results"], body
else:
    assert search({q!r})
print(repr(time.time()))
"""


def cold_start(code: str) -> float:
    spawned = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return (float(out.stdout.strip().splitlines()[-1]) - spawned) * 1000


# --- Flask: the product's app against a minimal Flask app over tantivy -------------------


def minimal_tantivy_app(search: Callable[[str], list]):
    from flask import Flask, jsonify, request

    app = Flask("tantivy-peer")

    @app.get("/api/search")
    def api_search():
        return jsonify(
            {"results": [{"id": i, "snippet": s} for i, s in search(request.args.get("q", ""))]}
        )

    @app.get("/api/ask")
    def api_ask():
        hits = search(request.args.get("q", ""))
        return jsonify({"answer": hits[0][0] if hits else None, "related": hits[1:5]})

    return app


# --- relevance --------------------------------------------------------------------------


def recall(search: Callable[[str], list], labelled: list[dict]) -> tuple[float, float]:
    at1 = at5 = 0
    for q in labelled:
        found = search(q["q"])
        hits = found.hits if hasattr(found, "hits") else found
        ids = [h.id if hasattr(h, "id") else h[0] for h in hits][:5]
        relevant = set(q["relevant"])
        at1 += bool(ids[:1] and ids[0] in relevant)
        at5 += bool(relevant & set(ids))
    return at1 / len(labelled), at5 / len(labelled)


# --- one size -------------------------------------------------------------------------------


def run_size(label: str, kb: KnowledgeBase, tb: Termbase, queries, labelled, args) -> None:
    print(f"\n== {label}: {len(kb):,} entries, {len(queries)} queries ==", flush=True)
    print(f"load average at start: {load()}", flush=True)
    work = Path(tempfile.mkdtemp(prefix=f"peers-{label}-"))
    analysis = analysis_for(kb)
    build_runs = 1 if len(kb) >= 50_000 else args.build_runs
    seconds: dict[str, list[float]] = {e: [] for e in ENGINES}
    for run in range(build_runs):
        for name in rotated(ENGINES, run):
            target = work / f"{name}-{run}"
            shutil.rmtree(target, ignore_errors=True)
            seconds[name].append(BUILDERS[name](kb, tb, target))
            print(f"  built {name} run {run + 1}: {seconds[name][-1]:.1f} s", flush=True)
    paths = {e: work / f"{e}-{build_runs - 1}" for e in ENGINES}
    (paths["fts5"] / "terms.json").write_text(json.dumps(list(analysis.terms)))
    (paths["tantivy"] / "terms.json").write_text(json.dumps(list(analysis.terms)))
    analysis.save(paths["fts5"] / TOKENIZER)
    rate = {e: len(kb) / statistics.median(s) for e, s in seconds.items()}
    size = {
        "product": product_size(paths["product"]),
        "tantivy": du(paths["tantivy"]),
        "fts5": du(paths["fts5"]),
    }

    engines = {e: opened(e, paths[e], analysis) for e in ENGINES}
    for search, _ in engines.values():
        for q in queries[:20]:
            search(q)  # the OS cache and whatever each engine makes on first use
    runs: dict[str, list[tuple[float, float]]] = {e: [] for e in ENGINES}
    for run in range(args.runs):
        for name in rotated(ENGINES, run):
            runs[name].append(percentiles(timed(engines[name][0], queries)))
    p50 = {e: statistics.median(r[0] for r in runs[e]) for e in ENGINES}
    p99 = {e: statistics.median(r[1] for r in runs[e]) for e in ENGINES}

    print(ratio_line("search p50, in-process, no cache", p50, " ms", False))
    print(ratio_line("search p99, in-process, no cache", p99, " ms", False))
    print(ratio_line("build", rate, " /s", True))
    print(ratio_line("index size", size, " MB", False))
    rss = {
        e: statistics.median(worker_rss(e, paths[e], queries) for _ in range(2)) for e in ENGINES
    }
    print(ratio_line("one fresh worker's peak RSS", rss, " MB", False))

    if label == "kb" and labelled:
        for e, (search, _) in engines.items():
            r1, r5 = recall(search, labelled)
            print(
                f"relevance {e:<8} Recall@1 {r1:.3f}  Recall@5 {r5:.3f}  ({len(labelled)} queries)"
            )
        flask_and_cold(paths, engines, queries, args)
    for _, close in engines.values():
        close()
    print(f"load average at end: {load()}", flush=True)
    shutil.rmtree(work, ignore_errors=True)


def flask_and_cold(paths, engines, queries, args) -> None:
    from app import create_app
    from indexer.serving import EngineHolder

    index_dir = paths["product"]
    app = create_app({"INDEX_DIR": str(index_dir)})
    app.extensions["engines"] = EngineHolder(index_dir, open_engine(index_dir, cache_size=0))
    ours = app.test_client()
    peer = minimal_tantivy_app(engines["tantivy"][0]).test_client()
    for path in ("/api/search", "/api/ask"):
        clients = {"product": ours, "tantivy": peer}
        runs: dict[str, list[tuple[float, float]]] = {e: [] for e in clients}
        for run in range(args.runs):
            for name in rotated(tuple(clients), run):
                get = functools.partial(clients[name].get, path)
                runs[name].append(
                    percentiles(timed(lambda q, get=get: get(query_string={"q": q}), queries))
                )
        for i, which in enumerate(("p50", "p99")):
            mine = statistics.median(r[i] for r in runs["product"])
            theirs = statistics.median(r[i] for r in runs["tantivy"])
            print(
                f"Flask {path:<11} {which}: product {mine:.2f} ms, minimal Flask + tantivy "
                f"{theirs:.2f} ms, ratio {mine / theirs:.2f}x"
            )
    q = queries[0]
    tok = str(paths["tantivy"] / TOKENIZER)
    codes = {
        "product (spawn → first /api/ask)": COLD_PRODUCT.format(index=str(index_dir), q=q),
        "tantivy (spawn → first answer)": COLD_TANTIVY.format(
            tok=tok, path=str(paths["tantivy"]), q=q, flask=False
        ),
        "tantivy + Flask (→ first /api/ask)": COLD_TANTIVY.format(
            tok=tok, path=str(paths["tantivy"]), q=q, flask=True
        ),
    }
    cold: dict[str, list[float]] = {k: [] for k in codes}
    for run in range(args.runs):
        for name in rotated(tuple(codes), run):
            cold[name].append(cold_start(codes[name]))
    medians = {k: statistics.median(v) for k, v in cold.items()}
    for k, v in medians.items():
        print(f"cold start {k:<36} {v:7.0f} ms")
    keys = list(medians)
    print(
        f"cold start ratio: product / tantivy {medians[keys[0]] / medians[keys[1]]:.2f}x, "
        f"product / tantivy + Flask {medians[keys[0]] / medians[keys[2]]:.2f}x"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="+", default=["kb", "10000", "100000"])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--build-runs", type=int, default=3)
    args = parser.parse_args()
    kb, tb = load_valid_kb()
    labelled = [q for name in QUERY_SETS for q in load_queries(ROOT / "bench" / name)]
    queries = [q["q"] for q in labelled]
    print(
        f"python {sys.version.split()[0]}, tantivy {tantivy.__version__}, "
        f"sqlite {sqlite3.sqlite_version}, {os.cpu_count()} CPUs"
    )
    for size in args.sizes:
        if size == "kb":
            run_size("kb", kb, tb, queries, labelled, args)
        else:
            corpus = synthetic_kb(kb, int(size))
            run_size(size, corpus, Termbase((), {}), queries, [], args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
