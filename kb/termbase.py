"""The termbase: every game term in Chinese and English, where each is used, and the
consistency checks translators rely on.

Records live in `kb/games/<game>/terms.yaml` (see kb/FORMAT.md). Usage is computed
from the entries, so it can never go stale.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import opencc
import yaml

from kb.loader import KnowledgeBase, LoadError, UniqueKeyLoader
from kb.model import Entry
from kb.registry import Registry

KINDS = (
    "mechanic", "zone", "card", "unit", "spell", "trait", "condition", "phase", "icon",
    "stat", "keyword", "faction", "class", "marker", "other",
)  # fmt: skip


@cache
def _s2t() -> opencc.OpenCC:
    """Simplified → Traditional, made when first needed (loading it takes 65 ms)."""
    return opencc.OpenCC("s2t")


@dataclass(frozen=True)
class TermRecord:
    """One term of one game: its Chinese and English forms and which the source gives."""

    game: str
    zh: str
    en: str
    official: tuple[str, ...]
    kind: str
    variants_zh: tuple[str, ...] = ()
    variants_en: tuple[str, ...] = ()
    defined_by: str | None = None
    definition: dict[str, str] = field(default_factory=dict)
    # Entries whose text uses the Chinese word in its ordinary sense, not as this term
    # (reviewed by hand; the consistency check does not expect the English term there).
    ordinary_sense_in: tuple[str, ...] = ()
    line: int = 0
    # The language of the game's source post (from the registry).
    source_lang: str = "zh"

    @property
    def key(self) -> str:
        """The term's stable URL key: its source-language form."""
        return self.en if self.source_lang == "en" else self.zh

    @property
    def traditional(self) -> str:
        return _s2t().convert(self.zh)

    def forms(self, lang: str) -> tuple[str, ...]:
        return (self.zh, *self.variants_zh) if lang == "zh" else (self.en, *self.variants_en)


@dataclass(frozen=True)
class Termbase:
    """All term records, with the entries that use each."""

    records: tuple[TermRecord, ...]
    usage: Mapping[tuple[str, str], tuple[str, ...]]  # (game, key) → entry ids
    registry: Registry | None = None

    def game_name(self, game: str, lang: str = "en") -> str:
        """A game's name (its slug when the termbase was made without a registry)."""
        found = self.registry.get(game) if self.registry else None
        return (found.name.get(lang) or game) if found else game

    def for_game(self, game: str) -> list[TermRecord]:
        return [r for r in self.records if r.game == game]

    def entries_of(self, record: TermRecord) -> tuple[str, ...]:
        return self.usage.get((record.game, record.key), ())

    def find(self, game: str, key: str) -> TermRecord | None:
        for r in self.records:
            if r.game == game and key in (r.key, r.zh, r.en):
                return r
        return None

    def search(self, q: str = "", game: str | None = None) -> list[TermRecord]:
        """Records whose forms (either language, variants, Traditional) contain `q`."""
        needle = q.strip().lower()
        out = []
        for r in self.records:
            if game and r.game != game:
                continue
            forms = [*r.forms("zh"), *r.forms("en"), r.traditional]
            if not needle or any(needle in f.lower() for f in forms):
                out.append(r)
        return out


class TermbaseError(Exception):
    def __init__(self, errors: list[LoadError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


def _record_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("- ")]


def load_records(root: Path, registry: Registry) -> list[TermRecord]:
    """Reads every game's terms.yaml; any malformed record raises with file and line."""
    records: list[TermRecord] = []
    errors: list[LoadError] = []
    for declared in registry:
        game = declared.slug
        path = root / "games" / game / "terms.yaml"
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        try:
            data = yaml.load(text, Loader=UniqueKeyLoader) or []  # C parser: 30x faster
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise TermbaseError([LoadError(path, mark.line + 1 if mark else 1, str(exc))]) from None
        lines = _record_lines(text)
        for i, item in enumerate(data):
            line = lines[i] if i < len(lines) else 1
            if not isinstance(item, dict) or not item.get("zh") or not item.get("en"):
                errors.append(LoadError(path, line, "a term record needs `zh` and `en`"))
                continue
            official = tuple(item.get("official") or ())
            kind = item.get("kind", "other")
            if set(official) - {"zh", "en"}:
                errors.append(LoadError(path, line, f"`official` must list zh/en, not {official}"))
            if kind not in KINDS:
                errors.append(LoadError(path, line, f"unknown kind {kind!r}"))
            variants = item.get("variants") or {}
            definition = item.get("definition") or {}
            records.append(
                TermRecord(
                    game=game,
                    zh=str(item["zh"]).strip(),
                    en=str(item["en"]).strip(),
                    official=official,
                    kind=kind,
                    variants_zh=tuple(str(v) for v in variants.get("zh") or ()),
                    variants_en=tuple(str(v) for v in variants.get("en") or ()),
                    defined_by=item.get("defined_by"),
                    definition={k: str(v) for k, v in definition.items()},
                    ordinary_sense_in=tuple(item.get("ordinary_sense_in") or ()),
                    line=line,
                    source_lang=declared.source_lang,
                )
            )
    if errors:
        raise TermbaseError(errors)
    return records


@cache
def _en_pattern(form: str) -> re.Pattern:
    return re.compile(
        r"(?<![A-Za-z])" + re.escape(form) + r"(?:s|es|ed|d|ing)?(?![A-Za-z])", re.IGNORECASE
    )


def _contains_en(text: str, form: str) -> bool:
    """Whole-word, case-insensitive, allowing a plural or -ed/-ing ending."""
    return _en_pattern(form).search(text) is not None


def uses(entry: Entry, record: TermRecord) -> bool:
    """Whether an entry uses a term: listed in its terms/cards, or found in its text."""
    if record.zh in entry.terms or record.en in entry.terms:
        return True
    if any(record.zh == c.name.zh or record.en == c.name.en for c in entry.cards):
        return True
    zh = entry.text.zh or ""
    en = entry.text.en or ""
    if any(f and f in zh for f in record.forms("zh")):
        return True
    if entry.source_lang == "en" or "en" in record.official:
        return any(_contains_en(en, f) for f in record.forms("en"))
    return False


def _has_standalone(text: str, forms: tuple[str, ...], longer: list[str]) -> bool:
    """Whether a form occurs outside every longer term that contains it (战斗 in 战斗力)."""
    for term in sorted(longer, key=len, reverse=True):
        text = text.replace(term, "\0" * len(term))
    return any(f in text for f in forms)


class LazyUsage(Mapping[tuple[str, str], tuple[str, ...]]):
    """(game, key) → the ids of the entries using that term, each found when first
    asked for: scanning every entry for every term takes a tenth of a second that a
    server's start-up does not need to spend."""

    def __init__(self, kb: KnowledgeBase, records: list[TermRecord]):
        self._kb = kb
        self._records = {(r.game, r.key): r for r in records}
        self._found: dict[tuple[str, str], tuple[str, ...]] = {}

    def __getitem__(self, key: tuple[str, str]) -> tuple[str, ...]:
        found = self._found.get(key)
        if found is None:
            r = self._records[key]
            found = self._found[key] = tuple(e.id for e in self._kb.by_game(r.game) if uses(e, r))
        return found

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(self._records)

    def __len__(self) -> int:
        return len(self._records)


def load_termbase(kb: KnowledgeBase) -> Termbase:
    return termbase_of(kb, load_records(kb.root, kb.registry))


def termbase_of(kb: KnowledgeBase, records: list[TermRecord] | tuple[TermRecord, ...]) -> Termbase:
    """The termbase of these records over this KB (usage found from its entries)."""
    return Termbase(tuple(records), LazyUsage(kb, list(records)), kb.registry)


@dataclass(frozen=True)
class Finding:
    """One consistency problem: what, where, and whether it is in the source or ours."""

    check: str
    game: str
    term: str
    detail: str
    where: str  # "source" (explained, never edited) or "ours" (to be fixed)
    entries: tuple[str, ...] = ()

    def __str__(self) -> str:
        ids = f" [{', '.join(self.entries[:6])}{'…' if len(self.entries) > 6 else ''}]"
        return f"{self.check} ({self.where}) {self.game}: {self.term}: {self.detail}" + (
            ids if self.entries else ""
        )


def check_consistency(kb: KnowledgeBase, tb: Termbase) -> list[Finding]:
    """The four checks of the termbase issue, over the KB as it stands."""
    findings: list[Finding] = []
    for r in tb.records:
        entries = kb.by_game(r.game)
        # 1. A source term rendered two ways across entries.
        src_lang = r.source_lang
        if src_lang in r.official:
            used = [
                f
                for f in r.forms(src_lang)
                if any((f in (e.text.get(src_lang) or "")) for e in entries)
            ]
            if len(used) > 1:
                findings.append(
                    Finding(
                        "source-two-renderings",
                        r.game,
                        r.key,
                        f"the source writes {' / '.join(used)}",
                        "source",
                        tuple(
                            e.id
                            for e in entries
                            if any(f in (e.text.get(src_lang) or "") for f in used[1:])
                        ),
                    )
                )
        # 2. Our English departs from the termbase.
        if r.source_lang != "en" and r.kind not in ("card", "unit", "spell") and len(r.zh) >= 2:
            longer = [
                f
                for o in tb.for_game(r.game)
                for f in o.forms("zh")
                if len(f) > len(r.zh) and any(z in f for z in r.forms("zh"))
            ]
            departs = [
                e.id
                for e in entries
                if e.provenance.en == "project-translation"
                and e.id not in r.ordinary_sense_in
                and _has_standalone(e.text.zh or "", r.forms("zh"), longer)
                and not any(_contains_en(e.text.en or "", f) for f in r.forms("en"))
            ]
            if departs:
                findings.append(
                    Finding(
                        "english-departs",
                        r.game,
                        r.key,
                        f"our English does not use “{r.en}”",
                        "ours",
                        tuple(departs),
                    )
                )
        # 3. A term used but never defined.
        if not r.defined_by and not r.definition and tb.entries_of(r):
            findings.append(
                Finding(
                    "undefined",
                    r.game,
                    r.key,
                    "used but neither defined by an entry nor given a definition",
                    "ours",
                    tb.entries_of(r),
                )
            )
        for ref in r.ordinary_sense_in:
            if kb.get(ref) is None:
                findings.append(
                    Finding("bad-reference", r.game, r.key, f"{ref!r} does not exist", "ours")
                )
        if r.defined_by and kb.get(r.defined_by) is None:
            findings.append(
                Finding(
                    "bad-reference",
                    r.game,
                    r.key,
                    f"defined_by {r.defined_by!r} does not exist",
                    "ours",
                )
            )
    # 4. The same Chinese rendering for two different English terms.
    by_zh: dict[tuple[str, str], set[str]] = defaultdict(set)
    for r in tb.records:
        for f in r.forms("zh"):
            by_zh[(r.game, f)].add(r.en)
    for (game, zh), ens in sorted(by_zh.items()):
        if len(ens) > 1:
            findings.append(
                Finding("one-zh-two-en", game, zh, f"renders {' and '.join(sorted(ens))}", "source")
            )
    # Across games: the same English concept rendered differently (e.g. destroy: 消灭 / 击破).
    by_en: dict[str, dict[str, str]] = defaultdict(dict)
    for r in tb.records:
        if r.kind in ("mechanic", "keyword", "zone"):
            by_en[r.en.lower()].setdefault(r.game, r.zh)
    for en, per_game in sorted(by_en.items()):
        if len(set(per_game.values())) > 1:
            detail = "; ".join(f"{g}: {zh}" for g, zh in per_game.items())
            findings.append(Finding("across-games", "*", en, detail, "source"))
    return findings
