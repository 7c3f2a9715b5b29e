"""What to offer when a search finds nothing: ways out built from the query itself.

Three kinds, each checked to lead somewhere: the same words without the filters (per
game, with counts), the spelling pass's corrected query, and the game terms nearest to
the query's words in either language (by autocomplete, by close English spelling, and
by sound when the query is pinyin typed without an input method).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from indexer.analysis import fold
from indexer.engine import Engine
from indexer.spelling import pinyin_key
from indexer.suggest import Suggester
from kb.termbase import Termbase, TermRecord

MAX_TERMS = 8
_PINYIN_RE = re.compile(r"^[a-z]{4,40}$")
_HAN_RE = re.compile(r"[\u3400-\u9fff]")


@dataclass(frozen=True)
class TermHint:
    record: TermRecord
    query: str  # the form to search for (in the language the reader typed)


@dataclass
class ZeroHelp:
    other_games: list[tuple[str, int]] = field(default_factory=list)
    unfiltered_total: int = 0
    corrected: str | None = None
    pinyin: list[TermHint] = field(default_factory=list)
    terms: list[TermHint] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.other_games or self.corrected or self.pinyin or self.terms)


class TermFinder:
    """The termbase's forms by folded spelling and by sound, built once per termbase."""

    def __init__(self, tb: Termbase):
        self.termbase = tb
        self.by_form: dict[str, list[TermRecord]] = {}
        self.by_sound: dict[str, list[TermRecord]] = {}
        for r in tb.records:
            for lang in ("zh", "en"):
                for form in r.forms(lang):
                    self.by_form.setdefault(fold(form).lower(), []).append(r)
            key = pinyin_key(fold(r.zh)) if _HAN_RE.search(r.zh) else None
            if key:
                self.by_sound.setdefault(key.replace(" ", ""), []).append(r)
        self.english = sorted(f for f in self.by_form if not _HAN_RE.search(f))

    def by_pinyin(self, q: str) -> list[TermRecord]:
        """Terms whose Chinese sounds like a run of pinyin (`liansuo` → 连锁)."""
        needle = q.replace(" ", "").lower()
        if not _PINYIN_RE.match(needle):
            return []
        exact = [r for k, rs in self.by_sound.items() if k == needle for r in rs]
        longer = [r for k, rs in sorted(self.by_sound.items()) if k.startswith(needle) for r in rs]
        return _unique(exact + longer)

    def near(self, word: str, suggester: Suggester) -> list[TermRecord]:
        """Terms that complete or contain a word, or are spelt almost like it."""
        found = [s.text for s in suggester.suggest(word, limit=6) if s.kind == "term"]
        if not _HAN_RE.search(word) and len(word) >= 4:
            found += difflib.get_close_matches(word.lower(), self.english, n=4, cutoff=0.75)
        return _unique([r for f in found for r in self.by_form.get(fold(f).lower(), [])])


def _unique(records: list[TermRecord]) -> list[TermRecord]:
    seen: dict[tuple[str, str], TermRecord] = {}
    for r in records:
        seen.setdefault((r.game, r.key), r)
    return list(seen.values())


def _hint(record: TermRecord, q: str) -> TermHint:
    return TermHint(record, record.zh if _HAN_RE.search(q) or not q.isascii() else record.en)


def zero_help(
    q: str,
    game: str | None,
    entry_type: str | None,
    service: Engine,
    suggester: Suggester,
    finder: TermFinder,
) -> ZeroHelp:
    """Ways out of an empty result for `q`, each checked to find something."""
    help_ = ZeroHelp()
    text = " ".join(q.split())
    if not text:
        return help_
    if game or entry_type:
        everywhere = service.search(text, limit=1)
        help_.unfiltered_total = everywhere.total
        help_.other_games = [
            (g, everywhere.facets["game"][g])
            for g in service.games
            if everywhere.facets["game"].get(g) and g != game
        ]
    corrector = service.corrector
    if corrector is not None:
        corrected, changes = corrector.correct(text, keep=service.parser.game_names.find(text))
        if changes and corrected != text and service.search(corrected, limit=1).total:
            help_.corrected = corrected
    help_.pinyin = [_hint(r, "中") for r in finder.by_pinyin(text)][:MAX_TERMS]
    words = service.analysis.words(text)[:6] or [text]
    near = [r for w in words for r in finder.near(w, suggester)]
    if not near and _HAN_RE.search(text):
        # No term holds a whole word: try the query's two-character pieces.
        pieces = {text[i : i + 2] for i in range(len(text) - 1) if _HAN_RE.match(text[i])}
        near = [r for p in sorted(pieces) for r in finder.near(p, suggester)]
    shown = {(h.record.game, h.record.key) for h in help_.pinyin}
    help_.terms = [_hint(r, text) for r in _unique(near) if (r.game, r.key) not in shown][
        :MAX_TERMS
    ]
    return help_
