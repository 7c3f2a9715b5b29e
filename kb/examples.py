"""The registry of worked examples: an explicit tuple of game modules, no discovery."""

from __future__ import annotations

import re
from functools import cache

from kb.games.fadingglory import examples as fadingglory
from kb.games.fe0 import examples as fe0
from kb.games.magewars import examples as magewars
from kb.games.whi import examples as whi
from kb.rulecheck import WorkedExample

GAME_MODULES = (whi, magewars, fadingglory, fe0)


@cache
def all_examples() -> dict[str, WorkedExample]:
    """Every worked example by id; ids (and the aliases of merged copies) are unique."""
    out: dict[str, WorkedExample] = {}
    taken: set[str] = set()
    for module in GAME_MODULES:
        for example in module.EXAMPLES:
            for name in (example.id, *example.aliases):
                if name in taken:
                    raise ValueError(f"duplicate worked example id {name!r}")
                taken.add(name)
            out[example.id] = example
    return out


@cache
def _aliases() -> dict[str, str]:
    return {alias: ex.id for ex in all_examples().values() for alias in ex.aliases}


def find_example(example_id: str) -> WorkedExample | None:
    """An example by its id, or by the id of a copy merged into it."""
    examples = all_examples()
    return examples.get(example_id) or examples.get(_aliases().get(example_id, ""))


def examples_for(entry_id: str) -> list[WorkedExample]:
    """The examples shown on an entry: its own first, then those it shares with others."""
    examples = all_examples().values()
    own = [e for e in examples if e.entry_id == entry_id]
    return own + [e for e in examples if entry_id in e.also_for]


def not_computable() -> dict[str, str]:
    out: dict[str, str] = {}
    for module in GAME_MODULES:
        out.update(module.NOT_COMPUTABLE)
    return out


_LATIN = re.compile(r"[a-z0-9]+")


def _words_of(example: WorkedExample) -> tuple[str, str]:
    """The text a question is matched against: title, keywords, situation, default verdict
    and the default values in words; lower-cased Latin text and Chinese text apart."""
    parts = [example.title, *example.keywords]
    s = example.situation
    parts += [s.zh, s.en]
    for p in example.params:
        phrase = p.phrase(p.default)
        parts += [phrase.zh, phrase.en, p.labels.zh] if p.kind != "bool" else []
    _, outcome = example.run()
    if outcome.verdict is not None:
        parts += [outcome.verdict.zh, outcome.verdict.en]
    text = " ".join(parts)
    return text.lower(), text


def _score(words: set[str], example: WorkedExample) -> float:
    latin_text, text = _words_of(example)
    latin = set(_LATIN.findall(latin_text))
    score = 0.0
    for w in words:
        w = w.strip().lower()
        if not w:
            continue
        if _LATIN.fullmatch(w):
            if len(w) >= 3 and w in latin:
                score += 1.0
        elif len(w) >= 2 and w in text:
            score += len(w) / 2  # a longer Chinese word is a more specific match
    return score


def best_example_for(entry_id: str, words: set[str]) -> WorkedExample | None:
    """The entry's example that best matches a question's words, or its first example.

    `words` are the question's tokens (jieba words, Latin words, either case). Each word
    found in an example's title, keywords, situation, default values or default verdict
    counts (Chinese words by length); ties keep the entry's own order, so with no match
    the entry's first example is chosen. Pure: no index, no I/O.
    """
    candidates = examples_for(entry_id)
    if not candidates:
        return None
    best, best_score = candidates[0], 0.0
    for example in candidates:
        score = _score(words, example)
        if score > best_score:
            best, best_score = example, score
    return best
