"""Turns a question set written from the source posts alone (each question with verbatim
`evidence` quotes from its seed) into a benchmark file: the entries that answer each
question are the entries whose source text holds its quotes.

The writers of the blind and development sets saw only the seeds, never the entries; this
script, not a person, decides which entries their quotes point to:

    python bench/map_evidence.py RAW.yaml OUT.yaml

An entry holding more of a question's quotes ranks first; among equals the shorter
(the more specific) entry. Out-of-scope questions keep `relevant: []`. A quote found in
no entry is reported (and the question dropped) so that nothing is scored against a
guess.

Several entries may state the same ruling (an official Q&A restating a basic rule):
`bench/same_ruling.yaml` groups them per point, with a quote per entry, written from the
entries alone. A group's other entries join a question's relevant entries (after them)
when the question's evidence overlaps the group's quote for one of its relevant entries:
the question is about that very point.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.coverage import verbatim_parts  # noqa: E402
from kb.loader import load_kb  # noqa: E402

_WS = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _WS.sub("", text)


def entry_texts(kb) -> dict[str, str]:
    """Each entry's verbatim source text, whitespace removed (quotes may cross lines)."""
    out: dict[str, str] = {}
    for entry in kb.entries.values():
        out[entry.id] = _norm("\n".join(p for _, p in verbatim_parts(entry)))
    return out


def relevant_for(quotes: list[str], texts: dict[str, str]) -> tuple[list[str], list[str]]:
    """The entries holding the quotes, best first, and the quotes no entry holds."""
    hits: dict[str, int] = {}
    missing = []
    for quote in quotes:
        needle = _norm(quote)
        found = [eid for eid, text in texts.items() if needle and needle in text]
        if not found:
            missing.append(quote)
        for eid in found:
            hits[eid] = hits.get(eid, 0) + 1
    ranked = sorted(hits, key=lambda eid: (-hits[eid], len(texts[eid]), eid))
    return ranked, missing


def _overlaps(a: str, b: str, run: int = 8) -> bool:
    """Two quotes share a run of `run` characters (whitespace ignored)."""
    a, b = _norm(a), _norm(b)
    if a in b or b in a:
        return True
    return any(a[i : i + run] in b for i in range(len(a) - run + 1))


def _same_point(entry, quote: str, group_quote: str) -> bool:
    """Whether a question's quote is on the point a group's quote names: the quotes
    overlap, or they stand in the same paragraph, or in the same line of the two
    languages' line-by-line texts (a writer quoting the Chinese post and a group quoting
    the English of that line name one point), or the entry is an official Q&A (which
    answers one question only)."""
    if entry.type == "qa" or _overlaps(quote, group_quote):
        return True
    for _, para in verbatim_parts(entry):
        flat = _norm(para)
        if _norm(quote) in flat and _norm(group_quote) in flat:
            return True
    return bool(_lines_holding(entry, quote) & _lines_holding(entry, group_quote))


def _lines_holding(entry, quote: str) -> set[int]:
    """The numbers of the lines of the entry's text that hold the quote, in any language,
    when its languages have the same number of lines (else none: the numbers would not
    name the same line)."""
    texts = [entry.text.get(lang) or "" for lang in entry.text.langs()]
    split = [[_norm(line) for line in t.splitlines() if line.strip()] for t in texts]
    if len(split) < 2 or len({len(lines) for lines in split}) != 1:
        return set()
    needle = _norm(quote)
    return {i for lines in split for i, line in enumerate(lines) if needle and needle in line}


def same_ruling(relevant: list[str], quotes: list[str], groups: list[dict], kb) -> list[str]:
    """The entries that state the same ruling as a relevant one, on the quoted point."""
    extra: list[str] = []
    for group in groups:
        members = group["entries"]
        for eid in relevant:
            if eid in members and any(
                _same_point(kb.get(eid), q, group["quotes"][eid]) for q in quotes
            ):
                extra += [m for m in members if m not in relevant and m not in extra]
    return extra


def convert(
    raw: list[dict], kb, groups: list[dict] | None = None
) -> tuple[list[dict], list[tuple[str, list[str]]]]:
    texts = entry_texts(kb)
    out, problems = [], []
    for item in raw:
        kind = item["kind"]
        row = {
            "q": item["q"],
            "game": item["game"],
            "lang": item["lang"],
            "kind": kind,
            "names_game": bool(item.get("names_game")),
            "relevant": [],
        }
        if kind == "question":
            relevant, missing = relevant_for(item.get("evidence") or [], texts)
            if missing or not relevant:
                problems.append((item["q"], missing))
                continue
            quotes = item.get("evidence") or []
            row["relevant"] = relevant + same_ruling(relevant, quotes, groups or [], kb)
        out.append(row)
    return out, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("raw", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument(
        "--same-ruling", type=Path, default=ROOT / "bench" / "same_ruling.yaml", help="groups"
    )
    args = parser.parse_args()
    raw = yaml.safe_load(args.raw.read_text(encoding="utf-8"))
    groups = yaml.safe_load(args.same_ruling.read_text(encoding="utf-8")) or []
    rows, problems = convert(raw, load_kb(), groups)
    header = (
        f"# Generated by bench/map_evidence.py from {args.raw.name}: the questions were\n"
        "# written from the source posts only; `relevant` are the entries holding their\n"
        "# evidence quotes, then those stating the same ruling on that point\n"
        "# (bench/same_ruling.yaml). Do not edit by hand; do not tune on a blind set.\n"
    )
    args.out.write_text(
        header + yaml.safe_dump(rows, allow_unicode=True, sort_keys=False, width=100),
        encoding="utf-8",
    )
    in_scope = sum(1 for r in rows if r["kind"] == "question")
    print(f"{len(rows)} questions ({in_scope} in scope, {len(rows) - in_scope} out of scope)")
    for _question, missing in problems:
        print(f"  dropped: no entry holds {missing or 'any quote'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
