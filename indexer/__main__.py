"""`python -m indexer build [--index-dir DIR] [--workers N]`: rebuild the index and swap
it in."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from indexer.build import build_index
from kb.loader import KBError, load_kb

DEFAULT_DIR = Path(
    os.environ.get("RULES_KB_INDEX_DIR")
    or Path(__file__).resolve().parent.parent / "instance" / "index"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m indexer", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    build = sub.add_parser("build", help="build a new index generation and swap it in")
    build.add_argument("--index-dir", type=Path, default=DEFAULT_DIR)
    build.add_argument("--kb-root", type=Path, default=None)
    build.add_argument(
        "--workers",
        type=int,
        default=None,
        help="writer processes (default: one per CPU from 2,000 entries up, else 1)",
    )
    args = parser.parse_args(argv)
    try:
        kb = load_kb(args.kb_root)
    except KBError as exc:
        print(exc, file=sys.stderr)
        return 1
    start = time.perf_counter()
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    generation = build_index(
        kb,
        args.index_dir,
        progress=lambda n, total: print(f"  {n}/{total}", file=sys.stderr),
        workers=args.workers,
    )
    print(f"built {generation} with {len(kb)} entries in {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
