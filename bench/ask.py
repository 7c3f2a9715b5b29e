"""Answer-card quality: how often the card is a ruling that answers the question, how
often a wrong card claims confidence, and how often a question the sources do not answer
is told so — per game and per language.

    python bench/ask.py [--queries bench/queries.yaml] [--misses] [--json OUT]

Question-kind queries (`kind: question`) count for accuracy; `kind: out_of_scope`
queries (relevant: []) count for the not-covered rate. Figures:
- card right: the card is shown (covered) and is one of the relevant entries;
- confident wrong: a card labelled high or medium that is not a relevant entry, over all
  questions in scope and out (the worst thing the service can do);
- high precision: of the cards labelled high, the share that are right;
- not covered: of the out-of-scope questions, the share answered "not covered" (no card).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import project_engine  # noqa: E402
from bench.relevance import load_queries  # noqa: E402
from indexer.answer import ask  # noqa: E402


def judge(engine, queries: list[dict]) -> list[dict]:
    """Each query's card: its entry, confidence, probability and whether it is right."""
    rows = []
    for q in queries:
        if q["kind"] not in ("question", "out_of_scope"):
            continue
        result = ask(engine, q["q"])
        answer = result.answer
        covered = answer is not None and getattr(result, "covered", True)
        got = answer.entry.id if covered else None
        rows.append(
            {
                **q,
                "got": got,
                "confidence": answer.confidence if covered else "not covered",
                "probability": getattr(answer, "probability", None) if covered else None,
                "right": got is not None and got in q["relevant"],
            }
        )
    return rows


def _share(n: int, d: int) -> str:
    return f"{n}/{d} = {n / d:.3f}" if d else "—"


def report(rows: list[dict]) -> list[str]:
    lines = []
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        groups["all"].append(r)
        groups[f"lang={r['lang']}"].append(r)
        groups[f"game={r['game']}"].append(r)
        if "names_game" in r:
            groups["names a game" if r["names_game"] else "names no game"].append(r)
    header = (
        f"{'group':<18}{'card right':>18}{'conf. wrong':>18}{'high right':>18}{'not covered':>18}"
    )
    lines.append(header)
    for name in sorted(groups, key=lambda g: (g != "all", g)):
        group = groups[name]
        scope = [r for r in group if r["kind"] == "question"]
        outside = [r for r in group if r["kind"] == "out_of_scope"]
        right = sum(r["right"] for r in scope)
        confident_wrong = sum(
            1 for r in group if r["confidence"] in ("high", "medium") and not r["right"]
        )
        high = [r for r in group if r["confidence"] == "high"]
        lines.append(
            f"{name:<18}{_share(right, len(scope)):>18}{_share(confident_wrong, len(group)):>18}"
            f"{_share(sum(r['right'] for r in high), len(high)):>18}"
            f"{_share(sum(r['got'] is None for r in outside), len(outside)):>18}"
        )
    bands = Counter((r["confidence"], r["right"]) for r in rows if r["kind"] == "question")
    lines.append(
        "in scope, by confidence: "
        + ", ".join(
            f"{c}: {bands[(c, True)]} right / {bands[(c, False)]} wrong"
            for c in ("high", "medium", "low", "not covered")
        )
    )
    out_bands = Counter(r["confidence"] for r in rows if r["kind"] == "out_of_scope")
    lines.append(
        "out of scope, by confidence: "
        + ", ".join(f"{c}: {n}" for c, n in sorted(out_bands.items()))
    )
    probs = [r for r in rows if r["probability"] is not None]
    if probs:
        lines.append("calibration (predicted vs observed, cards shown):")
        for lo, hi in ((0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.97), (0.97, 1.01)):
            band = [r for r in probs if lo <= r["probability"] < hi]
            if band:
                predicted = sum(r["probability"] for r in band) / len(band)
                observed = sum(r["right"] for r in band) / len(band)
                lines.append(
                    f"  p in [{lo:.2f}, {min(hi, 1):.2f}): {len(band):>4} cards, predicted "
                    f"{predicted:.3f}, observed {observed:.3f}"
                )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=Path, default=ROOT / "bench" / "queries.yaml")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--json", type=Path, help="write per-question rows as JSON")
    args = parser.parse_args()
    rows = judge(project_engine(), load_queries(args.queries))
    print("\n".join(report(rows)))
    if args.misses:
        for r in rows:
            if (r["kind"] == "question" and not r["right"]) or (
                r["kind"] == "out_of_scope" and r["got"]
            ):
                print(
                    f"  [{r['game']}/{r['lang']}/{r['kind']}] {r['q']!r}: want "
                    f"{r['relevant'][:2]}, got {r['got']} ({r['confidence']})"
                )
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
