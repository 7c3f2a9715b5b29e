"""Autocomplete over game terms and entry titles, fast enough for every keystroke.

Candidates are folded once (Traditional → Simplified, lowercase) at start-up; a
keystroke is a scan of a few thousand short strings: prefix matches first, then
matches inside a word.
"""

from __future__ import annotations

from dataclasses import dataclass

from indexer.analysis import fold
from kb.loader import KnowledgeBase
from kb.termbase import Termbase

MAX_SUGGESTIONS = 10
MAX_INPUT = 60


@dataclass(frozen=True)
class Suggestion:
    text: str
    kind: str  # "term" | "entry"
    id: str | None
    folded: str
    rank: int  # terms before titles

    def as_dict(self) -> dict:
        out = {"text": self.text, "kind": self.kind}
        if self.id:
            out["id"] = self.id
        return out


def _norm(text: str) -> str:
    return fold(text).lower().strip()


class Suggester:
    """Holds the folded candidates; `suggest(prefix)` answers a keystroke."""

    def __init__(self, kb: KnowledgeBase, tb: Termbase):
        seen: set[str] = set()
        items: list[Suggestion] = []
        for r in tb.records:
            for form in (*r.forms("zh"), *r.forms("en")):
                if form not in seen:
                    seen.add(form)
                    items.append(Suggestion(form, "term", None, _norm(form), 0))
        for e in kb.entries.values():
            for lang in e.langs_in_order:
                title = e.title.get(lang)
                if title and title not in seen:
                    seen.add(title)
                    items.append(Suggestion(title, "entry", e.id, _norm(title), 1))
        self._items = tuple(items)

    def suggest(self, q: str, limit: int = MAX_SUGGESTIONS) -> list[Suggestion]:
        needle = _norm(q[:MAX_INPUT])
        if not needle:
            return []
        prefix, inner = [], []
        for item in self._items:
            if item.folded.startswith(needle):
                prefix.append(item)
            elif needle in item.folded:
                inner.append(item)
        key = lambda s: (s.rank, len(s.folded), s.folded)  # noqa: E731
        return (sorted(prefix, key=key) + sorted(inner, key=key))[:limit]
