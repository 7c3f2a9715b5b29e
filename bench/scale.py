"""Scale: deterministic synthetic corpora built from the KB's own sentences, indexed by
our pipeline and by SQLite FTS5 over the same jieba tokens, searched side by side.

    python bench/scale.py --sizes 10000 100000 [--queries 200]

Prints, per size: index build entries/s and size on disk for both engines, and search
p50/p99 (top 10 with snippets for ours; top 10 with highlight() for FTS5) over the
relevance benchmark's queries. The ratio is measured in the same run, not remembered.
"""

from __future__ import annotations

import argparse
import functools
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.relevance import load_queries  # noqa: E402
from bench.speed import percentiles, timed  # noqa: E402
from indexer.build import analysis_for, build_index  # noqa: E402
from indexer.engine import open_engine  # noqa: E402
from kb.loader import KnowledgeBase, load_kb  # noqa: E402
from kb.model import Localized  # noqa: E402
from kb.termbase import Termbase  # noqa: E402

SPLIT = re.compile(r"(?<=[。！？.!?])\s*|\n+")


def synthetic_kb(kb: KnowledgeBase, size: int, seed: int = 20261130) -> KnowledgeBase:
    """`size` entries, each 3–6 sentences drawn from the KB's texts, in both languages."""
    rng = random.Random(seed)
    zh = [s for e in kb.entries.values() for s in SPLIT.split(e.text.zh or "") if len(s) > 4]
    en = [s for e in kb.entries.values() for s in SPLIT.split(e.text.en or "") if len(s) > 8]
    templates = list(kb.entries.values())
    entries = {}
    for n in range(size):
        base = templates[n % len(templates)]
        k = rng.randint(3, 6)
        entry_id = f"{base.game}-synthetic-{n}"
        entries[entry_id] = replace(
            base,
            id=entry_id,
            text=Localized(zh="\n".join(rng.sample(zh, k)), en=" ".join(rng.sample(en, k))),
            title=Localized(zh=rng.choice(zh)[:30], en=rng.choice(en)[:60]),
            related=(),
            parent=None,
        )
    return KnowledgeBase(entries, f"synthetic-{size}-{seed}", kb.root, kb.registry)


def du(path: Path) -> float:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) / 1e6


def build_fts5(kb: KnowledgeBase, path: Path) -> float:
    """FTS5 over the same analyzer's tokens (space-joined); returns seconds."""
    analysis = analysis_for(kb)
    start = time.perf_counter()
    db = sqlite3.connect(path)
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, body, shown UNINDEXED)")
    rows = []
    for e in kb.entries.values():

        def toks(text: str) -> str:
            return " ".join(t.text for t in analysis.tokens(text or "", mode="index"))

        rows.append((e.id, toks(e.title.joined()), toks(e.text.joined()), e.text.joined()))
        if len(rows) >= 5000:
            db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?)", rows)
            rows = []
    db.executemany("INSERT INTO docs VALUES (?, ?, ?, ?)", rows)
    db.commit()
    db.close()
    return time.perf_counter() - start


def search_fts5(db: sqlite3.Connection, analysis, q: str) -> list:
    tokens = [t.replace('"', "") for t in analysis.words(q)][:24]
    if not tokens:
        return []
    match = " OR ".join(f'"{t}"' for t in tokens if t)
    return db.execute(
        "SELECT id, highlight(docs, 2, '<mark>', '</mark>'), bm25(docs, 4.0, 1.0) AS r "
        "FROM docs WHERE docs MATCH ? ORDER BY r LIMIT 10",
        (match,),
    ).fetchall()


WORKER_RSS = """
import sys
from bench.rss import peak_rss_mb
from pathlib import Path
from bench.relevance import load_queries
from indexer.engine import open_engine
service = open_engine(Path(sys.argv[1]), cache_size=0)
for q in load_queries(Path("bench/queries.yaml"))[: int(sys.argv[2])]:
    service.search(q["q"])
print(peak_rss_mb())
"""


def worker_rss(index_dir: Path, queries: int) -> float:
    """Peak resident memory (MB) of a fresh process that opens the index and answers the
    queries: what one server worker holds (the build's own peak is not in it)."""
    out = subprocess.run(
        [sys.executable, "-c", WORKER_RSS, str(index_dir), str(queries)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return float(out.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    kb = load_kb()
    queries = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")][: args.queries]
    for size in args.sizes:
        corpus = synthetic_kb(kb, size)
        work = Path(tempfile.mkdtemp(prefix=f"scale-{size}-"))
        print(f"\n== {size} synthetic entries ==", flush=True)
        start = time.perf_counter()
        build_index(
            corpus,
            work / "whoosh",
            termbase=Termbase((), {}),
            progress=lambda n, t: (
                print(f"  indexed {n}/{t}", end="\r", flush=True) if n % 5000 == 0 else None
            ),
        )
        whoosh_s = time.perf_counter() - start
        fts_s = build_fts5(corpus, work / "fts5.db")
        print(
            f"build: ours (whoosh + impact postings) {size / whoosh_s:,.0f} entries/s "
            f"({whoosh_s:.0f} s, {du(work / 'whoosh'):.0f} MB); fts5 {size / fts_s:,.0f} entries/s "
            f"({fts_s:.0f} s, {du(work) - du(work / 'whoosh'):.0f} MB)",
            flush=True,
        )
        service = open_engine(work / "whoosh", cache_size=0)
        db = sqlite3.connect(work / "fts5.db")
        for q in queries[:10]:
            service.search(q)
            search_fts5(db, service.analysis, q)
        w50, w99 = percentiles(timed(service.search, queries))
        f50, f99 = percentiles(timed(functools.partial(search_fts5, db, service.analysis), queries))
        print(
            f"search p50/p99: ours {w50:.1f} / {w99:.1f} ms; fts5 {f50:.1f} / {f99:.1f} ms;"
            f" ratio ours/fts5 p99 {w99 / f99:.1f}x",
            flush=True,
        )
        db.close()
        print(
            f"one search worker's peak RSS after the queries: "
            f"{worker_rss(work / 'whoosh', len(queries)):.0f} MB",
            flush=True,
        )
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
