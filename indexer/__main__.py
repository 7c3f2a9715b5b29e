"""`python -m indexer build [--index-dir DIR] [--workers N]`: rebuild the index and swap
it in."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from indexer.build import build_index
from indexer.paths import default_index_dir
from kb.loader import KBError
from kb.validate import load_valid_kb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m indexer", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    build = sub.add_parser("build", help="build a new index generation and swap it in")
    build.add_argument("--index-dir", type=Path, default=None)
    build.add_argument("--kb-root", type=Path, default=None)
    build.add_argument(
        "--workers",
        type=int,
        default=None,
        help="writer processes (default: one per CPU from 2,000 entries up, else 1)",
    )
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    try:
        kb, termbase = load_valid_kb(args.kb_root)
    except KBError as exc:
        print(exc, file=sys.stderr)
        return 1
    start = time.perf_counter()
    generation = build_index(
        kb,
        args.index_dir or default_index_dir(),
        termbase=termbase,
        progress=lambda n, total: print(f"  {n}/{total}", file=sys.stderr),
        workers=args.workers,
    )
    print(f"built {generation} with {len(kb)} entries in {time.perf_counter() - start:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
