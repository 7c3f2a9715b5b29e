"""Relevance benchmark: Recall@1, Recall@5 and MRR@10 over bench/queries.yaml.

Each query lists the entries that answer it (written from the sources, not from what
the engine returns). Recall@k counts a query as found when any of its relevant
entries is in the top k; MRR@10 averages 1/rank of the first relevant entry.

    python bench/relevance.py [--queries bench/queries.yaml] [--misses] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import project_engine
from indexer.engine import Engine

HERE = Path(__file__).resolve().parent


def load_queries(path: Path) -> list[dict]:
    queries = yaml.safe_load(path.read_text(encoding="utf-8"))
    for i, q in enumerate(queries):
        missing = {"q", "game", "lang", "kind", "relevant"} - set(q)
        if missing:
            raise SystemExit(f"{path}: query #{i + 1} lacks {sorted(missing)}")
    return queries


def evaluate(engine: Engine, queries: list[dict]) -> list[dict]:
    """Runs every query; returns per-query ranks of the first relevant entry."""
    rows = []
    for q in queries:
        result = engine.search(q["q"], limit=10)
        ids = [h.id for h in result.hits]
        rank = next((i + 1 for i, h in enumerate(ids) if h in q["relevant"]), None)
        rows.append({**q, "rank": rank, "top": ids[:5], "notices": result.notices})
    return rows


def scores(rows: list[dict]) -> dict[str, float]:
    n = len(rows) or 1
    return {
        "n": len(rows),
        "R@1": sum(1 for r in rows if r["rank"] == 1) / n,
        "R@5": sum(1 for r in rows if r["rank"] and r["rank"] <= 5) / n,
        "MRR@10": sum(1 / r["rank"] for r in rows if r["rank"]) / n,
    }


def table(rows: list[dict]) -> str:
    lines = [f"{'group':<24}{'n':>5}{'R@1':>8}{'R@5':>8}{'MRR@10':>9}"]

    def line(name: str, group: list[dict]) -> None:
        s = scores(group)
        lines.append(f"{name:<24}{s['n']:>5}{s['R@1']:>8.3f}{s['R@5']:>8.3f}{s['MRR@10']:>9.3f}")

    line("all", rows)
    for key in ("game", "lang", "kind"):
        groups: dict[str, list[dict]] = defaultdict(list)
        for r in rows:
            groups[r[key]].append(r)
        for name in sorted(groups):
            line(f"{key}={name}", groups[name])
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=Path, default=HERE / "queries.yaml")
    parser.add_argument("--index-dir", type=Path, default=None)
    parser.add_argument(
        "--misses", action="store_true", help="list the queries that miss the top 5"
    )
    parser.add_argument("--json", type=Path, help="write per-query rows as JSON")
    args = parser.parse_args(argv)
    rows = evaluate(project_engine(args.index_dir), load_queries(args.queries))
    print(table(rows))
    if args.misses:
        print("\nqueries whose best answer is not at rank 1:")
        for r in rows:
            if r["rank"] != 1:
                print(
                    f"  [{r['game']}/{r['lang']}/{r['kind']}] rank={r['rank']} {r['q']!r}"
                    f" want {r['relevant'][:2]} got {r['top'][:3]}"
                )
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
