"""The termbase: every game term in Chinese and English, whose words each form is, and
where each is used.

Records live in `kb/games/<game>/terms.yaml` (see kb/FORMAT.md). Every form carries a
status: `publisher` (printed by the game's publisher, with evidence), `source` (as the
source post gives it), `project` (ours) or `unverified` (seen outside this project but
not in anything the publisher printed). Usage is computed from the entries, so it can
never go stale.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import opencc
import yaml

from kb.loader import KnowledgeBase, LoadError, UniqueKeyLoader
from kb.model import Entry
from kb.registry import Registry

if TYPE_CHECKING:
    from kb.termcheck import Report

KINDS = (
    "mechanic", "zone", "card", "unit", "spell", "attack", "trait", "condition", "phase",
    "icon", "stat", "keyword", "faction", "class", "marker", "other",
)  # fmt: skip
STATUSES = ("publisher", "source", "project", "unverified")
# How sure a translator may be of a form, most authoritative first (the glossary sorts so).
STATUS_RANK = {s: i for i, s in enumerate(STATUSES)}
STATUS_LABELS: dict[str, dict[str, str]] = {
    "publisher": {"en": "publisher", "zh": "官方（出版商）"},
    "source": {"en": "source post", "zh": "原帖"},
    "project": {"en": "ours", "zh": "本站"},
    "unverified": {"en": "unverified", "zh": "未核实"},
}
# TBX-Basic's partOfSpeech picklist.
PARTS_OF_SPEECH = ("noun", "verb", "adjective", "adverb", "properNoun", "other")
HANT_CONFIG = "s2tw"  # Taiwan-standard characters, no phrase localisation
HANT_FILE = "termbase_hant.yaml"


@cache
def _s2t() -> opencc.OpenCC:
    """Simplified → Traditional, made when first needed (loading it takes 65 ms)."""
    return opencc.OpenCC(HANT_CONFIG)


def to_traditional(text: str, exceptions: Mapping[str, str] | None = None) -> str:
    """The Traditional form of a Simplified term: a reviewed exception, else OpenCC's."""
    if exceptions and text in exceptions:
        return exceptions[text]
    return _s2t().convert(text)


@dataclass(frozen=True)
class Evidence:
    """Where a form was found: a document, card or page, and how to get to it."""

    forms: tuple[str, ...]
    where: str
    url: str | None = None
    quote: str | None = None
    seed: str | None = None  # a seed file whose text contains the forms (checked)

    def as_dict(self) -> dict:
        out: dict = {"forms": list(self.forms), "where": self.where}
        for key in ("url", "quote", "seed"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out

    def cite(self) -> str:
        """One line for a TBX `source` field or a CSV comment."""
        return self.where + (f" <{self.url}>" if self.url else "")


@dataclass(frozen=True)
class Form:
    """One written form of a term in one language, with whose words it is."""

    text: str
    lang: str
    status: str
    main: bool = False


@dataclass(frozen=True)
class TermRecord:
    """One term of one game: its forms in Chinese and English, each with its status."""

    game: str
    zh: str
    en: str
    kind: str
    status: Mapping[tuple[str, str], str]  # (lang, form) → status, for every form
    variants_zh: tuple[str, ...] = ()
    variants_en: tuple[str, ...] = ()
    pos: str = "noun"
    evidence: tuple[Evidence, ...] = ()
    defined_by: str | None = None
    definition: dict[str, str] = field(default_factory=dict)
    # Entries whose text uses the Chinese word in its ordinary sense, not as this term
    # (reviewed by hand; the consistency check does not expect the English term there).
    ordinary_sense_in: tuple[str, ...] = ()
    # Entries where our English legitimately uses the term fewer times than the source
    # (a pronoun, a merged sentence), each with the reason (reviewed by hand).
    fewer_in: Mapping[str, str] = field(default_factory=dict)
    # Our former renderings that another form of the record now replaces (obstruct → Hinder).
    superseded: frozenset[tuple[str, str]] = frozenset()
    hant_exceptions: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    line: int = 0
    # The language of the game's source post (from the registry).
    source_lang: str = "zh"

    @property
    def key(self) -> str:
        """The term's stable URL key: its source-language form."""
        return self.en if self.source_lang == "en" else self.zh

    @property
    def traditional(self) -> str:
        return to_traditional(self.zh, self.hant_exceptions)

    def traditional_of(self, form: str) -> str:
        return to_traditional(form, self.hant_exceptions)

    @property
    def traditional_reviewed(self) -> bool:
        """Whether the Traditional form is a reviewed exception rather than OpenCC's."""
        return self.zh in self.hant_exceptions

    def forms(self, lang: str) -> tuple[str, ...]:
        return (self.zh, *self.variants_zh) if lang == "zh" else (self.en, *self.variants_en)

    def forms_of(self, lang: str) -> tuple[Form, ...]:
        """Every form of one language with its status, the main form first."""
        return tuple(
            Form(f, lang, self.status[(lang, f)], i == 0) for i, f in enumerate(self.forms(lang))
        )

    def status_of(self, lang: str, form: str) -> str:
        return self.status[(lang, form)]

    def has_status(self, status: str, lang: str | None = None) -> bool:
        return any(s == status and (lang is None or k[0] == lang) for k, s in self.status.items())

    def publisher_forms(self, lang: str = "en") -> tuple[str, ...]:
        return tuple(f for f in self.forms(lang) if self.status[(lang, f)] == "publisher")

    def evidence_for(self, form: str) -> tuple[Evidence, ...]:
        return tuple(e for e in self.evidence if form in e.forms)

    def is_superseded(self, lang: str, form: str) -> bool:
        """One of our former renderings, replaced by the publisher's (or our new) form."""
        return (lang, form) in self.superseded

    def replacement(self, lang: str) -> str:
        """The form that replaces a superseded one: the publisher's, else the main form."""
        return (self.publisher_forms(lang) or self.forms(lang))[0]


@dataclass(frozen=True)
class Use:
    """One occurrence of a term in an entry: the sentence it stands in (keyword in context)."""

    entry_id: str
    lang: str
    form: str
    before: str
    match: str
    after: str
    section: str = "text"


@dataclass(frozen=True)
class Termbase:
    """All term records, with the entries that use each; derived views are computed once
    per termbase (a server builds one at start-up and shares it across requests)."""

    records: tuple[TermRecord, ...]
    usage: Mapping[tuple[str, str], tuple[str, ...]]  # (game, key) → entry ids
    kb: KnowledgeBase | None = field(default=None, compare=False, repr=False)

    def for_game(self, game: str) -> list[TermRecord]:
        return self.by_game.get(game, [])

    @cached_property
    def by_game(self) -> dict[str, list[TermRecord]]:
        out: dict[str, list[TermRecord]] = {}
        for r in self.records:
            out.setdefault(r.game, []).append(r)
        return out

    def entries_of(self, record: TermRecord) -> tuple[str, ...]:
        return self.usage.get((record.game, record.key), ())

    def find(self, game: str, key: str) -> TermRecord | None:
        for r in self.for_game(game):
            if key in (r.key, r.zh, r.en):
                return r
        return None

    def search(
        self, q: str = "", game: str | None = None, status: str | None = None
    ) -> list[TermRecord]:
        """Records whose forms (either language, variants, Traditional) contain `q`."""
        needle = q.strip().lower()
        out = []
        for r in self.records:
            if game and r.game != game:
                continue
            if status and not r.has_status(status):
                continue
            forms = [*r.forms("zh"), *r.forms("en"), *(r.traditional_of(f) for f in r.forms("zh"))]
            if not needle or any(needle in f.lower() for f in forms):
                out.append(r)
        return out

    def uses_of(self, record: TermRecord) -> tuple[Use, ...]:
        """Every occurrence of the record's forms in the entries that use it."""
        cache = self._uses
        key = (record.game, record.key)
        if key not in cache:
            cache[key] = tuple(self._find_uses(record))
        return cache[key]

    @cached_property
    def _uses(self) -> dict[tuple[str, str], tuple[Use, ...]]:
        return {}

    def _find_uses(self, record: TermRecord) -> Iterator[Use]:
        if self.kb is None:
            return
        for entry_id in self.entries_of(record):
            entry = self.kb.get(entry_id)
            if entry is None:
                continue
            for lang in entry.langs_in_order:
                text = entry.text.get(lang) or ""
                yield from kwic(entry_id, lang, text, record.forms(lang), "text")

    @cached_property
    def report(self) -> Report:
        """The consistency report over this termbase's KB, computed on first use."""
        from kb.termcheck import check_consistency

        if self.kb is None:
            raise ValueError("a termbase built without its KB has no consistency report")
        return check_consistency(self.kb, self)

    def counts(self) -> dict[str, dict[str, int]]:
        """Forms per status per game (every form of every record, both languages)."""
        return self._counts

    @property
    def registry(self) -> Registry | None:
        return self.kb.registry if self.kb is not None else None

    @property
    def games(self) -> tuple[str, ...]:
        """The games of the termbase's KB, in registry order."""
        if self.registry is not None:
            return self.registry.slugs
        return tuple(dict.fromkeys(r.game for r in self.records))

    def game_name(self, game: str, lang: str = "en") -> str:
        """A game's name (its slug when the termbase was made without a KB)."""
        found = self.registry.get(game) if self.registry is not None else None
        return (found.name.get(lang) or game) if found else game

    @cached_property
    def _counts(self) -> dict[str, dict[str, int]]:
        out = {g: dict.fromkeys(STATUSES, 0) for g in self.games}
        for r in self.records:
            for status in r.status.values():
                out[r.game][status] += 1
        return out


_EN_SPLIT_RE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z“\"(‘'])|\n+")
_ZH_SPLIT_RE = re.compile(r"(?<=[。！？；])|\n+")


def sentences(text: str, lang: str) -> list[str]:
    """The text split into sentences (Chinese on 。！？；, English after . ! ? ;)."""
    parts = (_ZH_SPLIT_RE if lang == "zh" else _EN_SPLIT_RE).split(text or "")
    return [p.strip() for p in parts if p and p.strip()]


def _word_re(word: str) -> str:
    """One word with the endings it takes (unit/units, level/leveled, change/changing)."""
    if not word[-1:].isalpha():
        return re.escape(word)
    if word.endswith("e"):
        return re.escape(word[:-1]) + r"(?:e|es|ed|ing|e?d)"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]  # fails → fail, failed, failing
    return re.escape(word) + r"(?:s|es|ed|d|ing)?"


@cache
def en_pattern(form: str) -> re.Pattern:
    """Whole-word, case-insensitive; each word may take a plural or -ed/-ing ending
    (“units with the same name”, “leveling up”)."""
    words = form.split()
    body = r"[\s-]+".join(_word_re(w) for w in words) if words else re.escape(form)
    return re.compile(r"(?<![A-Za-z])" + body + r"(?![A-Za-z])", re.IGNORECASE)


@cache
def _strict_pattern(form: str) -> re.Pattern:
    """Whole form, case-insensitive, one ending on the last word only: what decides that an
    entry uses a term (and so which term forms the index adds to it)."""
    return re.compile(
        r"(?<![A-Za-z])" + re.escape(form) + r"(?:s|es|ed|d|ing)?(?![A-Za-z])", re.IGNORECASE
    )


def _contains_en(text: str, form: str) -> bool:
    return _strict_pattern(form).search(text) is not None


def find_form(text: str, form: str, lang: str) -> Iterator[tuple[int, int]]:
    """Spans of a form in a text: substrings in Chinese, whole words in English."""
    if not form:
        return
    if lang == "en" or form.isascii():
        for m in en_pattern(form).finditer(text):
            yield m.start(), m.end()
        return
    start = text.find(form)
    while start >= 0:
        yield start, start + len(form)
        start = text.find(form, start + len(form))


def kwic(
    entry_id: str, lang: str, text: str, forms: tuple[str, ...], section: str
) -> Iterator[Use]:
    """Each occurrence of the longest matching form, with its sentence around it."""
    for sentence in sentences(text, lang):
        taken: list[tuple[int, int]] = []
        for form in sorted(forms, key=len, reverse=True):
            for start, end in find_form(sentence, form, lang):
                if any(s < end and start < e for s, e in taken):
                    continue
                taken.append((start, end))
        for start, end in sorted(taken):
            yield Use(
                entry_id,
                lang,
                sentence[start:end],
                sentence[:start],
                sentence[start:end],
                sentence[end:],
                section,
            )


class TermbaseError(Exception):
    def __init__(self, errors: list[LoadError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


def _record_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.split("\n"), 1) if line.startswith("- ")]


def load_hant_exceptions(root: Path) -> dict[str, str]:
    """The reviewed Simplified → Traditional exceptions (`kb/termbase_hant.yaml`)."""
    path = root / "games" / HANT_FILE
    if not path.exists():
        return {}
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=UniqueKeyLoader) or {}
    return {str(k): str(v["hant"]) for k, v in (data.get("exceptions") or {}).items()}


class _RecordReader:
    """Turns one YAML item into a TermRecord, collecting errors with file and line."""

    def __init__(self, path: Path, game: str, hant: Mapping[str, str], source_lang: str = "zh"):
        self.path = path
        self.game = game
        self.source_lang = source_lang
        self.hant = hant
        self.errors: list[LoadError] = []

    def error(self, line: int, message: str) -> None:
        self.errors.append(LoadError(self.path, line, message))

    def read(self, item: object, line: int) -> TermRecord | None:
        if not isinstance(item, dict) or not item.get("zh") or not item.get("en"):
            self.error(line, "a term record needs `zh` and `en`")
            return None
        if "official" in item:
            self.error(line, "`official` is replaced by `status: {zh: …, en: …}` (kb/FORMAT.md)")
            return None
        zh, en = str(item["zh"]).strip(), str(item["en"]).strip()
        kind = item.get("kind", "other")
        if kind not in KINDS:
            self.error(line, f"unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
        main = item.get("status")
        if not isinstance(main, dict) or set(main) != {"zh", "en"}:
            self.error(
                line, f"{zh}: `status` must give both forms, e.g. {{zh: source, en: project}}"
            )
            return None
        status: dict[tuple[str, str], str] = {}
        variants: dict[str, list[str]] = {"zh": [], "en": []}
        for lang, form in (("zh", zh), ("en", en)):
            self._set(status, lang, form, main[lang], line)
        raw_variants = item.get("variants") or {}
        if not isinstance(raw_variants, dict) or set(raw_variants) - {"zh", "en"}:
            self.error(line, f"{zh}: `variants` maps zh/en to lists")
            raw_variants = {}
        for lang in ("zh", "en"):
            for v in raw_variants.get(lang) or ():
                if isinstance(v, dict) and len(v) == 1:
                    ((form, st),) = v.items()
                else:
                    form, st = v, main[lang]
                form = str(form).strip()
                if form in variants[lang] or form == (zh if lang == "zh" else en):
                    self.error(line, f"{zh}: {lang} form {form!r} given twice")
                    continue
                variants[lang].append(form)
                self._set(status, lang, form, st, line)
        evidence = self._evidence(item.get("evidence") or [], line, zh)
        attested = {f for e in evidence for f in e.forms}
        for (_lang, form), st in status.items():
            if st in ("publisher", "unverified") and form not in attested:
                self.error(line, f"{zh}: the {st} form {form!r} needs an `evidence` item naming it")
        for f in attested - {form for _, form in status}:
            self.error(line, f"{zh}: evidence names {f!r}, which is not a form of this record")
        # Named cards and spells are proper nouns; generic words (spell, wall) are nouns.
        pos = item.get("pos") or (
            "properNoun" if kind in ("spell", "card", "attack") and en[:1].isupper() else "noun"
        )
        if pos not in PARTS_OF_SPEECH:
            self.error(line, f"{zh}: unknown pos {pos!r}; expected one of {PARTS_OF_SPEECH}")
        definition = item.get("definition") or {}
        superseded = set()
        raw_sup = item.get("superseded") or {}
        if not isinstance(raw_sup, dict) or set(raw_sup) - {"zh", "en"}:
            self.error(line, f"{zh}: `superseded` maps zh/en to lists of former renderings")
            raw_sup = {}
        for lang, forms in raw_sup.items():
            for f in forms or ():
                key = (lang, str(f))
                if key not in status:
                    self.error(line, f"{zh}: superseded {f!r} is not a {lang} form of this record")
                elif status[key] not in ("project", "unverified") or f == (
                    zh if lang == "zh" else en
                ):
                    self.error(
                        line,
                        f"{zh}: only a variant of ours or an unverified one can be "
                        f"superseded, not {f!r}",
                    )
                else:
                    superseded.add(key)
        fewer = item.get("fewer_in") or {}
        if not isinstance(fewer, dict):
            self.error(line, f"{zh}: `fewer_in` maps entry ids to reasons")
            fewer = {}
        return TermRecord(
            game=self.game,
            zh=zh,
            en=en,
            kind=kind,
            status=status,
            variants_zh=tuple(variants["zh"]),
            variants_en=tuple(variants["en"]),
            pos=pos,
            evidence=evidence,
            defined_by=item.get("defined_by"),
            definition={k: str(v) for k, v in definition.items()},
            ordinary_sense_in=tuple(item.get("ordinary_sense_in") or ()),
            fewer_in={str(k): str(v) for k, v in fewer.items()},
            superseded=frozenset(superseded),
            hant_exceptions=self.hant,
            line=line,
            source_lang=self.source_lang,
        )

    def _set(self, status: dict, lang: str, form: str, value: object, line: int) -> None:
        if value not in STATUSES:
            self.error(line, f"{form}: status {value!r}; expected one of {', '.join(STATUSES)}")
            value = "project"
        status[(lang, form)] = value

    def _evidence(self, items: object, line: int, zh: str) -> tuple[Evidence, ...]:
        out = []
        for item in items if isinstance(items, list) else [items]:
            if not isinstance(item, dict) or not item.get("forms") or not item.get("where"):
                self.error(line, f"{zh}: an evidence item needs `forms` and `where`")
                continue
            unknown = set(item) - {"forms", "where", "url", "quote", "seed"}
            if unknown:
                self.error(line, f"{zh}: unknown evidence field(s) {sorted(unknown)}")
            out.append(
                Evidence(
                    forms=tuple(str(f) for f in item["forms"]),
                    where=str(item["where"]),
                    url=item.get("url"),
                    quote=item.get("quote"),
                    seed=item.get("seed"),
                )
            )
        return tuple(out)


def load_records(root: Path, registry: Registry | None = None) -> list[TermRecord]:
    """Reads every game's terms.yaml (the games of `registry`, by default the root's own);
    any malformed record raises with file and line."""
    if registry is None:
        from kb.registry import load_registry

        registry = load_registry(root)
    records: list[TermRecord] = []
    errors: list[LoadError] = []
    hant = load_hant_exceptions(root)
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
        reader = _RecordReader(path, game, hant, declared.source_lang)
        for i, item in enumerate(data):
            record = reader.read(item, lines[i] if i < len(lines) else 1)
            if record is not None:
                records.append(record)
        errors.extend(reader.errors)
    if errors:
        raise TermbaseError(errors)
    return records


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
    if entry.source_lang == "en" or record.status[("en", record.en)] == "source":
        return any(_contains_en(en, f) for f in record.forms("en"))
    return False


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
    return Termbase(tuple(records), LazyUsage(kb, list(records)), kb)
