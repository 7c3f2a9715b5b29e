"""Builds the query hints from the KB and its termbase: the spelling corrector's
vocabulary and the words that belong to one game only."""

from __future__ import annotations

from indexer.analysis import fold
from indexer.build import kb_terms
from indexer.search import QueryHints
from indexer.spelling import SpellingCorrector
from kb.loader import KnowledgeBase
from kb.termbase import Termbase


def _candidate_words(kb: KnowledgeBase, tb: Termbase) -> dict[str, set[str]]:
    per_game: dict[str, set[str]] = {}
    for r in tb.records:
        forms = [*r.forms("zh"), *(f for f in r.forms("en") if len(f) >= 4)]
        per_game.setdefault(r.game, set()).update(fold(f).lower() for f in forms if len(f) >= 2)
    for e in kb.entries.values():
        for card in e.cards:
            for name in card.name.as_dict().values():
                if len(name) >= 2:
                    per_game.setdefault(e.game, set()).add(fold(name).lower())
    return per_game


def make_hints(kb: KnowledgeBase, tb: Termbase) -> QueryHints:
    """Hints for the search service; a word names a game when only its texts use it."""
    texts = {
        g: "\n".join(fold(e.text.joined() + e.title.joined()).lower() for e in kb.by_game(g))
        for g in {e.game for e in kb.entries.values()}
    }
    game_words: dict[str, str] = {}
    for game, words in _candidate_words(kb, tb).items():
        for word in words:
            if not any(word in t for g, t in texts.items() if g != game):
                game_words[word] = game
    english = [e.text.en or "" for e in kb.entries.values()]
    english += [e.title.en or "" for e in kb.entries.values()]
    english_terms = [f for r in tb.records for f in r.forms("en")]
    english_terms += [c.name.en for e in kb.entries.values() for c in e.cards if c.name.en]
    english += english_terms
    chinese = set(kb_terms(kb)) | {f for r in tb.records for f in r.forms("zh")}
    chinese |= {c.name.zh for e in kb.entries.values() for c in e.cards if c.name.zh}
    return QueryHints(SpellingCorrector(english, chinese, english_terms), game_words)
