"""The coverage ledger: proves every sentence of every seed is in an entry or excluded.

A seed is matched after collapsing whitespace runs to one space, so entries may
re-break lines; nothing else may differ. A sentence counts as accounted for when
every non-space character of it is covered by an entry's verbatim text or by an
exclusion with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from kb.loader import KnowledgeBase, LoadError
from kb.model import VERBATIM_PROVENANCES, Entry

WS_RE = re.compile(r"\s+")
SENTENCE_END_RE = re.compile(r"(?<=[。！？!?])|\n|(?<=[.;])\s+(?=[A-Z“\"(])|(?<=\s,)\s|(?<=\s;)\s")


@dataclass(frozen=True)
class Exclusion:
    """Something of a seed deliberately left out of every entry, and why."""

    document: str
    reason: str
    text: str | None
    pattern: str | None
    where: str


@dataclass
class SeedLedger:
    """How one seed's sentences are accounted for."""

    document: str
    sentences: int = 0
    in_entries: int = 0
    excluded: int = 0
    excluded_by_reason: dict[str, int] = field(default_factory=dict)
    unaccounted: list[str] = field(default_factory=list)
    # For each unaccounted sentence, the runs of its characters that nothing covers.
    uncovered_runs: list[list[str]] = field(default_factory=list)
    chars: int = 0
    chars_covered: int = 0
    unused_exclusions: list[str] = field(default_factory=list)


def load_exclusions(root: Path) -> list[Exclusion]:
    """Reads every `sources/exclusions/*.yaml`; a malformed item raises with file and line."""
    out: list[Exclusion] = []
    for path in sorted((root / "sources" / "exclusions").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = yaml.safe_load(text) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path}:1: must map seed file names to lists of exclusions")
        for document, items in data.items():
            for i, item in enumerate(items or []):
                where = f"{path.name} [{document} #{i + 1}]"
                ok = (
                    isinstance(item, dict)
                    and isinstance(item.get("reason"), str)
                    and item["reason"].strip()
                    and (("text" in item) ^ ("pattern" in item))
                )
                if not ok:
                    line = _line_of(text, str(item)[:20]) if isinstance(item, dict) else 1
                    raise ValueError(
                        f"{path}:{line}: exclusion {where} needs a reason and exactly one of "
                        "text/pattern"
                    )
                if "pattern" in item:
                    re.compile(item["pattern"])
                out.append(
                    Exclusion(
                        document,
                        item["reason"].strip(),
                        item.get("text"),
                        item.get("pattern"),
                        where,
                    )
                )
    return out


def _line_of(text: str, needle: str) -> int:
    idx = text.find(needle)
    return text.count("\n", 0, idx) + 1 if idx >= 0 else 1


class _Seed:
    """A seed text with a whitespace-collapsed view mapped back to original offsets."""

    def __init__(self, text: str):
        self.text = text
        chars: list[str] = []
        index: list[int] = []
        i = 0
        for m in WS_RE.finditer(text):
            for j in range(i, m.start()):
                chars.append(text[j])
                index.append(j)
            chars.append(" ")
            index.append(m.start())
            i = m.end()
        for j in range(i, len(text)):
            chars.append(text[j])
            index.append(j)
        self.norm = "".join(chars)
        self.index = index
        self.by_entry = bytearray(len(text))
        self.by_exclusion: list[str | None] = [None] * len(text)

    def find_all(self, needle: str) -> Iterator[tuple[int, int]]:
        """Original-text spans of every occurrence of `needle` (whitespace-collapsed)."""
        needle = WS_RE.sub(" ", needle).strip()
        if not needle:
            return
        start = self.norm.find(needle)
        while start >= 0:
            end = start + len(needle) - 1
            yield self.index[start], self.index[end] + 1
            start = self.norm.find(needle, start + 1)


def verbatim_parts(entry: Entry) -> Iterator[tuple[str, str]]:
    """Yields (label, paragraph) for every text of an entry that must be verbatim."""
    for lang in entry.text.langs():
        prov = entry.provenance.get(lang)
        if prov in VERBATIM_PROVENANCES:
            for name, loc in (("text", entry.text), ("original", entry.original)):
                if loc and loc.get(lang):
                    for para in re.split(r"\n\s*\n", loc.get(lang) or ""):
                        yield f"{name}.{lang}", para
    # The translators' commentary is in the post's language (Chinese); its English is ours.
    if entry.translator_note and entry.translator_note.zh:
        for para in re.split(r"\n\s*\n", entry.translator_note.zh):
            yield "translator-note.zh", para


def check_verbatim(kb: KnowledgeBase) -> list[LoadError]:
    """Every verbatim paragraph of every entry must occur in its seed."""
    seeds: dict[str, _Seed] = {}
    errors: list[LoadError] = []
    for entry in kb.entries.values():
        seed = seeds.get(entry.source.document)
        if seed is None:
            seed = seeds[entry.source.document] = _Seed(
                (kb.root / "sources" / entry.source.document).read_text(encoding="utf-8")
            )
        for label, para in verbatim_parts(entry):
            if next(seed.find_all(para), None) is None:
                errors.append(
                    LoadError(
                        entry.path,
                        1,
                        f"`{label}` paragraph is not verbatim in "
                        f"{entry.source.document}: {para[:60]!r}",
                    )
                )
    return errors


def sentences(text: str) -> Iterator[tuple[int, int]]:
    """Spans of the sentences of a seed (split at CJK/Latin sentence ends and newlines)."""
    start = 0
    for m in SENTENCE_END_RE.finditer(text):
        if m.start() > start:
            yield start, m.start()
        start = m.end()
    if start < len(text):
        yield start, len(text)


def ledger(kb: KnowledgeBase) -> list[SeedLedger]:
    """Accounts for every sentence of every seed in `kb.root/sources`."""
    exclusions = load_exclusions(kb.root)
    out: list[SeedLedger] = []
    for seed_path in sorted((kb.root / "sources").glob("*.txt")):
        seed = _Seed(seed_path.read_text(encoding="utf-8"))
        for entry in kb.entries.values():
            if entry.source.document != seed_path.name:
                continue
            for _, para in verbatim_parts(entry):
                for a, b in seed.find_all(para):
                    seed.by_entry[a:b] = b"\1" * (b - a)
        book = SeedLedger(seed_path.name)
        for exc in exclusions:
            if exc.document != seed_path.name:
                continue
            if exc.pattern:
                spans = [m.span() for m in re.finditer(exc.pattern, seed.text, re.MULTILINE)]
            else:
                spans = list(seed.find_all(exc.text or ""))
            if not spans:
                book.unused_exclusions.append(exc.where)
            for a, b in spans:
                for k in range(a, b):
                    if seed.by_exclusion[k] is None:
                        seed.by_exclusion[k] = exc.reason
        for a, b in sentences(seed.text):
            chars = [k for k in range(a, b) if not seed.text[k].isspace()]
            if not chars:
                continue
            book.sentences += 1
            book.chars += len(chars)
            covered = [k for k in chars if seed.by_entry[k] or seed.by_exclusion[k]]
            book.chars_covered += len(covered)
            if len(covered) < len(chars):
                book.unaccounted.append(seed.text[a:b].strip())
                book.uncovered_runs.append(_runs(seed, chars))
            elif any(seed.by_entry[k] for k in chars):
                book.in_entries += 1
            else:
                book.excluded += 1
                reasons = {seed.by_exclusion[k] for k in chars if seed.by_exclusion[k]}
                for reason in reasons:
                    book.excluded_by_reason[reason] = book.excluded_by_reason.get(reason, 0) + 1
        out.append(book)
    return out


def _runs(seed: _Seed, chars: list[int]) -> list[str]:
    """The maximal runs of uncovered characters among `chars`, as text."""
    runs: list[str] = []
    current: list[str] = []
    last = -2
    for k in chars:
        if seed.by_entry[k] or seed.by_exclusion[k]:
            continue
        if k != last + 1 and current and not seed.text[last + 1 : k].isspace():
            runs.append("".join(current))
            current = []
        current.append(seed.text[k])
        last = k
    if current:
        runs.append("".join(current))
    return runs
