"""Entries as the JSON the API promises (DESIGN.md's entry contract)."""

from __future__ import annotations

from kb.loader import KnowledgeBase
from kb.model import Entry


def entry_json(entry: Entry, kb: KnowledgeBase, examples: list[dict] | None = None) -> dict:
    """The entry in full: texts in the source language first, provenance, source, links."""
    order = entry.langs_in_order
    out: dict = {
        "id": entry.id,
        "game": entry.game,
        "type": entry.type,
        "title": {lang: entry.title.get(lang) for lang in order if entry.title.get(lang)},
        "text": {lang: entry.text.get(lang) for lang in order},
        "provenance": {lang: entry.provenance.get(lang) for lang in order},
        "source": entry.source.as_dict(),
        "terms": list(entry.terms),
        "related": list(entry.related),
        "examples": examples or [],
        "citation": entry.citation(),
        "url": entry.url,
    }
    if entry.original:
        out["original"] = {
            lang: entry.original.get(lang) for lang in order if entry.original.get(lang)
        }
    if entry.translator_note:
        out["translator_note"] = entry.translator_note.as_dict()
    if entry.note:
        out["note"] = entry.note.as_dict()
    if entry.term:
        out["term"] = entry.term.as_dict()
    if entry.section:
        out["section"] = entry.section
    if entry.parent:
        out["parent"] = entry.parent
    if entry.cards:
        out["cards"] = [c.as_dict() for c in entry.cards]
    if entry.unresolved_refs:
        out["unresolved_refs"] = list(entry.unresolved_refs)
    if entry.table:
        out["table"] = entry.table.as_dict()
    if entry.players_ask:
        asks: dict = {"provenance": "project"}
        for lang in ("zh", "zh-Hant", "en"):
            asks[lang] = entry.asks_in(lang)
        out["players_ask"] = asks
    children = [c.id for c in kb.children(entry.id)]
    if children:
        out["children"] = children
    return out


def games_json(kb: KnowledgeBase) -> list[dict]:
    return [
        {"slug": g.slug, "name": g.name.as_dict(), "entries": len(kb.by_game(g.slug))}
        for g in kb.registry
    ]
