"""Command line for the knowledge base: `python -m kb validate | coverage`."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from kb.coverage import check_verbatim, ledger
from kb.loader import KBError, load_kb
from kb.model import ENTRY_TYPES
from kb.validate import load_valid_kb


def _load(root: str | None):
    try:
        return load_kb(Path(root) if root else None)
    except KBError as exc:
        print(exc, file=sys.stderr)
        sys.exit(1)


def cmd_validate(args: argparse.Namespace) -> int:
    """Runs the validation the app runs (entries, verbatim text, termbase, examples) and
    prints entries per game and type."""
    try:
        kb, _ = load_valid_kb(Path(args.root) if args.root else None)
    except KBError as exc:
        print(exc, file=sys.stderr)
        return 1
    GAMES = kb.registry.slugs  # noqa: N806
    counts = Counter((e.game, e.type) for e in kb.entries.values())
    types = [t for t in ENTRY_TYPES if any(counts[(g, t)] for g in GAMES)]
    print(f"{'game':<12}" + "".join(f"{t:>15}" for t in types) + f"{'total':>8}")
    for game in GAMES:
        row = [counts[(game, t)] for t in types]
        print(f"{game:<12}" + "".join(f"{n:>15}" for n in row) + f"{sum(row):>8}")
    print(
        f"{'total':<12}"
        + "".join(f"{sum(counts[(g, t)] for g in GAMES):>15}" for t in types)
        + f"{len(kb):>8}"
    )
    print(f"OK: {len(kb)} entries, content hash {kb.content_hash}")
    return 0


def cmd_coverage(args: argparse.Namespace) -> int:
    """Prints the ledger per seed; exits 1 when any sentence is unaccounted for."""
    kb = _load(args.root)
    bad = 0
    for book in ledger(kb):
        if args.seed and args.seed not in book.document:
            continue
        share = book.chars_covered / book.chars if book.chars else 1.0
        print(
            f"{book.document}: {book.sentences} sentences, {book.in_entries} in entries, "
            f"{book.excluded} excluded, {len(book.unaccounted)} unaccounted "
            f"({share:.1%} of {book.chars} characters accounted for)"
        )
        for reason, n in sorted(book.excluded_by_reason.items()):
            print(f"    excluded ({reason}): {n}")
        for where in book.unused_exclusions:
            print(f"    warning: exclusion {where} matches nothing")
        pairs = list(zip(book.unaccounted, book.uncovered_runs, strict=True))
        for sentence, runs in pairs[: args.limit]:
            print(f"    UNACCOUNTED: {sentence[:120]}")
            if runs != [sentence.replace(" ", "")]:
                for run in runs[:5]:
                    print(f"        not covered: {run[:120]}")
        bad += len(book.unaccounted)
    errors = check_verbatim(kb)
    for err in errors:
        print(err)
    return 1 if bad or errors else 0


def cmd_links(args: argparse.Namespace) -> int:
    """Reports (or with --fix, adds) missing reverse `related` links."""
    from kb.links import fix_backlinks, missing_backlinks

    kb = _load(args.root)
    if args.fix:
        print(f"added {fix_backlinks(kb)} reverse link(s)")
        return 0
    missing = missing_backlinks(kb)
    for target, sources in sorted(missing.items()):
        print(f"{target} lacks a link back to: {', '.join(sources)}")
    return 1 if missing else 0


def cmd_examples(args: argparse.Namespace) -> int:
    """Per game: entries with worked examples, and entries judged not computable (why)."""
    from kb.examples import examples_for, not_computable

    kb = _load(args.root)
    reasons = not_computable()
    failures = 0
    for game in kb.registry.slugs:
        entries = kb.by_game(game)
        with_ex = [e for e in entries if examples_for(e.id)]
        without = [e for e in entries if not examples_for(e.id)]
        n_ex = sum(len(examples_for(e.id)) for e in entries)
        print(
            f"{game}: {len(entries)} entries, {len(with_ex)} with {n_ex} worked example(s), "
            f"{len([e for e in without if e.id in reasons])} not computable, "
            f"{len([e for e in without if e.id not in reasons])} unclassified"
        )
        if not args.report:
            continue
        for e in with_ex:
            for ex in examples_for(e.id):
                _, outcome = ex.run()
                ok = outcome.result == ex.expected
                failures += not ok
                print(f"  {'ok ' if ok else 'BAD'} {e.id}: {ex.id} -> {outcome.result}")
        for e in without:
            print(f"  --  {e.id}: {reasons.get(e.id, 'UNCLASSIFIED')}")
    return 1 if failures else 0


def cmd_ask(args: argparse.Namespace) -> int:
    """Answers a rules question in the terminal from the index the app serves (built
    first when missing or stale), exactly as /api/ask answers it.

    The command line is the one place in kb/ that reaches the query side: it is a
    composition root, like app.py, and imports it only here."""
    from indexer.answer import ask
    from indexer.build import ensure_engine
    from indexer.paths import default_index_dir

    try:
        kb, tb = load_valid_kb(Path(args.root) if args.root else None)
    except KBError as exc:
        print(exc, file=sys.stderr)
        return 1
    index_dir = Path(args.index_dir) if args.index_dir else default_index_dir()
    engine, _ = ensure_engine(kb, tb, index_dir, log=lambda m: print(m, file=sys.stderr))
    for question in args.question:
        result = ask(engine, question, args.game, args.type)
        if args.json:
            print(json.dumps(result.as_dict(), ensure_ascii=False))
        else:
            print(result.as_text())
    return 0


def cmd_terms(args: argparse.Namespace) -> int:
    """Termbase size and forms per status per game; with --check, the consistency report
    (exit 1 while anything in our texts or records is to fix)."""
    from kb.termbase import STATUSES, load_termbase
    from kb.termcheck import check_consistency

    kb = _load(args.root)
    tb = load_termbase(kb)
    counts = tb.counts()
    for game in kb.registry.slugs:
        per = ", ".join(f"{s} {counts[game][s]}" for s in STATUSES)
        print(f"{game}: {len(tb.for_game(game))} terms; forms: {per}")
    if not args.check:
        return 0
    report = check_consistency(kb, tb)
    for f in report.findings:
        print(f)
    print(
        f"{len(report.findings)} finding(s): {len(report.ours)} in our texts and records, "
        f"{len(report.source)} variants of the sources (listed once, never edited)"
    )
    return 1 if report.ours else 0


def cmd_import_asks(args: argparse.Namespace) -> int:
    """Writes players' questions from a file into the entries (then validate)."""
    from kb.asks import import_asks

    kb = _load(args.root)
    print(f"{import_asks(kb, Path(args.file), append=args.append)} entries changed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb", description=__doc__)
    parser.add_argument("--root", help="KB root (default: this package)")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("validate", help="load and validate every entry").set_defaults(func=cmd_validate)
    cov = sub.add_parser("coverage", help="account for every sentence of every seed")
    cov.add_argument("--seed", help="only seeds whose file name contains this")
    cov.add_argument("--limit", type=int, default=1000, help="unaccounted sentences to print")
    cov.set_defaults(func=cmd_coverage)
    links = sub.add_parser("links", help="check that related links go both ways")
    links.add_argument("--fix", action="store_true", help="add the missing reverse links")
    links.set_defaults(func=cmd_links)
    exs = sub.add_parser("examples", help="worked examples per game")
    exs.add_argument("--report", action="store_true", help="list every entry and its status")
    exs.set_defaults(func=cmd_examples)
    ask = sub.add_parser("ask", help="answer a rules question with its citation and example")
    ask.add_argument("question", nargs="+", help="one or more questions")
    ask.add_argument("--json", action="store_true", help="one JSON answer per line, as /api/ask")
    ask.add_argument("--index-dir", help="the index directory (default: the app's, instance/index)")
    ask.add_argument("--game", help="answer only from this game's rulings")
    ask.add_argument("--type", help="answer only from rulings of this type")
    ask.set_defaults(func=cmd_ask)
    asks = sub.add_parser("import-asks", help="write players' questions into the entries")
    asks.add_argument("file", help="YAML: entry id → [{lang, q}, …] or {none: reason}")
    asks.add_argument(
        "--append", action="store_true", help="add to the entries' questions, not replace them"
    )
    asks.set_defaults(func=cmd_import_asks)
    terms = sub.add_parser("terms", help="the termbase; --check runs the consistency report")
    terms.add_argument("--check", action="store_true")
    terms.set_defaults(func=cmd_terms)
    args = parser.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
