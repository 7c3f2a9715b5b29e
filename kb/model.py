"""Typed, immutable values of the knowledge base: games, entries and their parts."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

LANGS: tuple[str, ...] = ("zh", "en")
ENTRY_TYPES: tuple[str, ...] = (
    "rule",
    "optional_rule",
    "errata",
    "clarification",
    "term",
    "qa",
    "card",
)
PROVENANCES: tuple[str, ...] = ("official", "translation", "project-translation", "translator-note")
# Provenances whose words come from the source post and must be found in it verbatim.
VERBATIM_PROVENANCES: frozenset[str] = frozenset({"official", "translation", "translator-note"})
PROVENANCE_LABELS: dict[str, dict[str, str]] = {
    "official": {"en": "official", "zh": "官方原文"},
    "translation": {"en": "source translation", "zh": "原帖译文"},
    "project-translation": {"en": "our translation", "zh": "本站译文"},
    "translator-note": {"en": "translator's note", "zh": "译者注"},
}


def __getattr__(name: str):
    """`GAMES`, `GAME_NAMES` and `SOURCE_LANG` of the project's own KB, derived from its
    registry (kb/games/games.yaml) when first asked for. Code serving a KB reads
    `kb.registry` instead, so that another KB root (a test's, a fifth game's) is served
    with its own games."""
    if name in ("GAMES", "GAME_NAMES", "SOURCE_LANG"):
        from kb.registry import default_registry

        reg = default_registry()
        return {
            "GAMES": reg.slugs,
            "GAME_NAMES": reg.names(),
            "SOURCE_LANG": {g.slug: g.source_lang for g in reg},
        }[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Slots: a KB of 100,000 entries held 238 MB of objects with a dict each, 140 MB with slots.
@dataclass(frozen=True, slots=True)
class Localized:
    """A text in up to two languages; `None` where a language is absent."""

    zh: str | None = None
    en: str | None = None

    def get(self, lang: str) -> str | None:
        return getattr(self, lang) if lang in LANGS else None

    def langs(self) -> tuple[str, ...]:
        return tuple(lang for lang in LANGS if self.get(lang))

    def as_dict(self) -> dict[str, str]:
        return {lang: text for lang in LANGS if (text := getattr(self, lang))}

    def joined(self) -> str:
        return "\n".join(text for text in (self.zh, self.en) if text)


@dataclass(frozen=True, slots=True)
class Source:
    """Where an entry's text comes from: seed document, locator and optional date."""

    document: str
    locator: str
    date: str | None = None
    credit: str | None = None

    def as_dict(self) -> dict[str, str]:
        out = {"document": self.document, "locator": self.locator}
        if self.date:
            out["date"] = self.date
        if self.credit:
            out["credit"] = self.credit
        return out


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card, spell or unit the text cites, with its set code when printed."""

    name: Localized
    code: str | None = None

    def as_dict(self) -> dict:
        out: dict = {"name": self.name.as_dict()}
        if self.code:
            out["code"] = self.code
        return out


@dataclass(frozen=True, slots=True)
class Table:
    """A table held by a text, as structured cells (copied verbatim from the text)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str | None = None

    def as_dict(self) -> dict:
        out: dict = {"header": list(self.header), "rows": [list(r) for r in self.rows]}
        if self.caption:
            out["caption"] = self.caption
        return out


@dataclass(frozen=True, slots=True)
class PlayerQuestion:
    """A question the way players ask it, which the entry answers (written for this KB:
    provenance `project`, never the source's words)."""

    lang: str  # zh, zh-Hant or en
    q: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One typed, sourced ruling in both languages; the unit of search and citation."""

    id: str
    game: str
    type: str
    title: Localized
    text: Localized
    provenance: Localized
    source: Source
    path: Path
    section: str | None = None
    parent: str | None = None
    terms: tuple[str, ...] = ()
    term: Localized | None = None
    related: tuple[str, ...] = ()
    cards: tuple[CardRef, ...] = ()
    unresolved_refs: tuple[str, ...] = ()
    table: Table | None = None
    original: Localized | None = None
    translator_note: Localized | None = None
    note: Localized | None = None
    examples: tuple[str, ...] = ()
    # "Players ask" (常见问法): questions in players' own words that this entry answers.
    players_ask: tuple[PlayerQuestion, ...] = ()
    no_players_ask: str | None = None  # why an entry answers nothing (a heading …)
    # From the game's declaration in the registry (set by the loader).
    source_lang: str = "zh"
    game_name: Localized = field(default_factory=Localized, compare=False, repr=False)
    header_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def langs_in_order(self) -> tuple[str, ...]:
        """Languages of the text, the source language first."""
        first = self.source_lang
        return tuple(sorted(self.text.langs(), key=lambda lang: lang != first))

    @property
    def url(self) -> str:
        return f"/entries/{self.id}"

    def asks_in(self, lang: str) -> list[str]:
        """The players' questions in one language (zh, zh-Hant, en)."""
        return [p.q for p in self.players_ask if p.lang == lang]

    def citation(self, lang: str = "en") -> str:
        """A plain-text citation a judge can paste: title, source, locator, date, permalink."""
        title = self.title.get(lang) or self.title.get(self.source_lang) or self.id
        parts = [f"{title} [{self.id}]", self.game_name.en or self.game, self.source.locator]
        if self.source.date:
            parts.append(self.source.date)
        parts.append(f"source: {self.source.document}")
        return ". ".join(parts) + f". {self.url}"
