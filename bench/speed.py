"""KB-scale speed: in-process search (parse, search, rank, snippets of the top 10) over
the relevance benchmark's queries, the same through the Flask test client, and a cold
start (a new process to its first answer, with its resident memory).

    python bench/speed.py [--runs 5]

Prints medians over the runs of each run's p50 and p99. No assertion anywhere: the
machines are shared and noisy; the numbers go in notes, not tests.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import project_engine  # noqa: E402
from bench.relevance import load_queries  # noqa: E402
from indexer.answer import ask  # noqa: E402
from indexer.engine import open_engine  # noqa: E402


def percentiles(ms: list[float]) -> tuple[float, float]:
    ordered = sorted(ms)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def timed(fn, items) -> list[float]:
    out = []
    for item in items:
        start = time.perf_counter()
        fn(item)
        out.append((time.perf_counter() - start) * 1000)
    return out


def summary(name: str, runs: list[tuple[float, float]]) -> None:
    p50 = statistics.median(r[0] for r in runs)
    p99 = statistics.median(r[1] for r in runs)
    print(f"{name:<44} p50 {p50:8.2f} ms   p99 {p99:8.2f} ms   ({len(runs)} runs)")


FIRST_ASK = """
import time
from app import create_app
client = create_app({{"INDEX_DIR": {index!r}}}).test_client()
t0 = time.perf_counter()
client.get("/api/ask", query_string={{"q": "两个单位战斗力一样的时候谁赢？"}})
t1 = time.perf_counter()
client.get("/api/ask", query_string={{"q": "can a garrison retreat"}})
t2 = time.perf_counter()
print(f"{{(t1 - t0) * 1000:.2f}} {{(t2 - t1) * 1000:.2f}}")
"""

COLD = """
import time
from bench.rss import peak_rss_mb
t0 = time.perf_counter()
from app import create_app
app = create_app({{"INDEX_DIR": {index!r}}})
body = app.test_client().get("/api/search?q=神速回避").get_json()
t1 = time.perf_counter()
answered_at = time.time()
assert body["results"], body
rss = peak_rss_mb()
print(f"{{(t1 - t0) * 1000:.0f}} {{rss:.0f}} {{answered_at!r}}")
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    index_dir = Path(tempfile.mkdtemp(prefix="speed-"))
    engine = project_engine(index_dir)
    queries = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")]
    print(f"{len(engine.kb)} entries, {len(queries)} queries\n")

    uncached = open_engine(index_dir, cache_size=0)
    for q in queries[:20]:
        uncached.search(q)  # warm the OS cache and the lazily made tables
    summary(
        "in-process, every query new (no cache)",
        [percentiles(timed(uncached.search, queries)) for _ in range(args.runs)],
    )
    summary(
        "in-process ask, every query new (no cache)",
        [percentiles(timed(lambda q: ask(uncached, q), queries)) for _ in range(args.runs)],
    )

    cached = open_engine(index_dir)
    for q in queries:
        cached.search(q)
    summary(
        "in-process, repeated queries (answer cache)",
        [percentiles(timed(cached.search, queries)) for _ in range(args.runs)],
    )

    from app import create_app
    from indexer.serving import EngineHolder

    app = create_app({"INDEX_DIR": str(index_dir)})
    app.extensions["engines"] = EngineHolder(index_dir, open_engine(index_dir, cache_size=0))
    client = app.test_client()
    summary(
        "Flask test client /api/search (no cache)",
        [
            percentiles(timed(lambda q: client.get("/api/search", query_string={"q": q}), queries))
            for _ in range(args.runs)
        ],
    )
    summary(
        "Flask test client /api/ask (no cache)",
        [
            percentiles(timed(lambda q: client.get("/api/ask", query_string={"q": q}), queries))
            for _ in range(args.runs)
        ],
    )
    from indexer.suggest import Suggester

    suggester = Suggester(engine.kb, engine.termbase)
    prefixes = [q[:n] for q in queries for n in (1, 2, 3) if len(q) >= n]
    summary(
        "suggest (every keystroke prefix)",
        [percentiles(timed(suggester.suggest, prefixes)) for _ in range(args.runs)],
    )

    firsts = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", FIRST_ASK.format(index=str(index_dir))],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        firsts.append([float(x) for x in out.stdout.split()])
    print(
        f"{'first /api/ask of a fresh app, then the second':<44} median "
        f"{statistics.median(f[0] for f in firsts):.1f} ms, then "
        f"{statistics.median(f[1] for f in firsts):.1f} ms ({args.runs} runs)"
    )

    starts, walls, rss = [], [], []
    for _ in range(args.runs):
        spawned_at = time.time()
        out = subprocess.run(
            [sys.executable, "-c", COLD.format(index=str(index_dir))],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        )
        ms, mb, answered_at = out.stdout.split()
        # From the spawn to the first answer, the interpreter's start included (and
        # its exit, which frees the heap for another 0.1 s, not).
        walls.append((float(answered_at) - spawned_at) * 1000)
        starts.append(float(ms))
        rss.append(float(mb))
    print(
        f"{'cold start: new process to first answer':<44} median {statistics.median(starts):.0f}"
        f" ms after the imports began; {statistics.median(walls):.0f} ms from the spawn,"
        f" max RSS {statistics.median(rss):.0f} MB ({args.runs} runs)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
