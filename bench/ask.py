"""Answer-card accuracy: for the benchmark's question queries, how often the answer
card is a ruling that answers the question, and how confident it was when it was not.

    python bench/ask.py [--queries bench/queries.yaml] [--misses]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import project_engine  # noqa: E402
from bench.relevance import load_queries  # noqa: E402
from indexer.answer import ask  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=Path, default=ROOT / "bench" / "queries.yaml")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args()
    engine = project_engine()
    questions = [q for q in load_queries(args.queries) if q["kind"] == "question"]
    right, confidence, misses = 0, Counter(), []
    by_lang: Counter = Counter()
    by_lang_right: Counter = Counter()
    for q in questions:
        answer = ask(engine, q["q"]).answer
        ok = answer is not None and answer.entry.id in q["relevant"]
        by_lang[q["lang"]] += 1
        if ok:
            right += 1
            by_lang_right[q["lang"]] += 1
            confidence[("right", answer.confidence)] += 1
        else:
            label = answer.confidence if answer else "no answer"
            confidence[("miss", label)] += 1
            misses.append((q, answer))
    n = len(questions)
    print(f"answer card right at the top: {right}/{n} = {right / n:.3f}")
    for lang in sorted(by_lang):
        print(
            f"  {lang:<8} {by_lang_right[lang]}/{by_lang[lang]} = "
            f"{by_lang_right[lang] / by_lang[lang]:.3f}"
        )
    print("confidence:", ", ".join(f"{k[0]}/{k[1]}: {v}" for k, v in sorted(confidence.items())))
    if args.misses:
        for q, answer in misses:
            got = f"{answer.entry.id} ({answer.confidence})" if answer else "no answer"
            print(f"  [{q['game']}/{q['lang']}] {q['q']!r}: want {q['relevant'][:2]}, got {got}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
