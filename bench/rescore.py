"""Scores saved answer cards (`bench/ask.py --json`) against a benchmark file's current
`relevant` lists, without asking the system again: a blind set's earlier figures can be
restated when its labels are refined mechanically (bench/map_evidence.py), and the blind
set is still asked only twice.

    python bench/rescore.py SAVED.json bench/queries_blind.yaml
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.ask import report  # noqa: E402
from bench.relevance import load_queries  # noqa: E402


def main() -> int:
    saved = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    labels = {q["q"]: q for q in load_queries(Path(sys.argv[2]))}
    rows = []
    for r in saved:
        q = labels[r["q"]]
        rows.append({**r, "relevant": q["relevant"], "right": r["got"] in q["relevant"]})
    print("\n".join(report(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
