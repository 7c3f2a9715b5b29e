"""How alike a question is to the ways an entry is asked: its players' questions and its
titles, compared as character bigrams (Chinese, folded to Simplified) and whole words
(Latin), each weighted by its rarity among all entries' questions and titles; on both
sides with the grams of the rules' words their players' words stand for.

Players rarely type a ruling's words, and jieba splits their wording in ways the ruling's
never was (卡组抽光 / 牌库见底); two questions about one situation still share most of
their character pairs. Word matches in the index find the candidates; this says how much
one of them is *asked like* the question, which tells a ruling the question is about from
one that merely shares its words (the confidence models' `like` features).

The games' names are left out on both sides: that a question and a players' question both
say 火纹0 says nothing about the ruling. The rarity table is computed by the build and
stored in the generation (`QueryStats.ask_grams`); an entry's own bigrams are made on first
use (and before gunicorn forks).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from indexer.analysis import fold
from indexer.query import GameNames, clean_query

_NOT_WORD = re.compile(r"[\W_]+")
_LATIN = re.compile(r"[a-z0-9]")


def grams(text: str) -> frozenset[str]:
    """A text's comparable units: Latin words whole, Chinese runs as character pairs (a
    lone character as itself)."""
    out: set[str] = set()
    for part in _NOT_WORD.sub(" ", fold(text).lower()).split():
        if _LATIN.match(part):
            out.add("w:" + part)
        elif len(part) == 1:
            out.add(part)
        else:
            out.update(part[i : i + 2] for i in range(len(part) - 1))
    return frozenset(out)


@dataclass(frozen=True)
class GramRarity:
    """In how many of the KB's asking units (players' questions and titles) each gram
    occurs, and how many units there are."""

    df: Mapping[str, int]
    units: int

    @cached_property
    def weights(self) -> dict[str, float]:
        """log(N / df) of every gram a unit has (made once per process)."""
        n = max(self.units, 1)
        return {g: math.log(n / c) for g, c in self.df.items()}

    @property
    def unseen(self) -> float:
        """The weight of a gram no unit has: as rare as one a single unit has."""
        return math.log(max(self.units, 1))

    def total(self, grams_: frozenset[str]) -> float:
        w, unseen = self.weights, self.unseen
        return sum(w.get(g, unseen) for g in grams_)


@dataclass(frozen=True)
class Weighed:
    """A text's grams with the sum of their weights (the denominator's share of it)."""

    grams: frozenset[str]
    total: float

    @classmethod
    def of(cls, grams_: frozenset[str], rarity: GramRarity) -> Weighed:
        return cls(grams_, rarity.total(grams_))


def with_rules_words(
    grams_: frozenset[str], expansions: Mapping[str, Iterable[str]]
) -> frozenset[str]:
    """A text's grams and those of the rules' words its players' words stand for (牌库抽光 →
    耗尽): two players who say one thing in different words (抽光, 抽干) then share the
    rules' word's grams. Held out one development set at a time (20 sets), the answer card
    was right on 0.8801 of the questions so, 0.8760 without."""
    return grams_.union(*(grams(a) for alts in expansions.values() for a in alts))


def asking_texts(entry) -> list[str]:
    """The texts an entry is asked by: its players' questions, then its titles."""
    return [p.q for p in entry.players_ask] + [t for t in entry.title.as_dict().values() if t]


def question_grams(text: str, names: GameNames) -> frozenset[str]:
    """A question's grams as they are compared: cleaned as queries are, without the
    games' names."""
    return grams(names.strip(clean_query(text)[0]))


def rarity_of(entries: Iterable, names: GameNames) -> GramRarity:
    """The rarity table of a KB's asking units (made by the build). A text several entries
    share is read once (a large KB repeats its questions: 4.3 s → 0.7 s per 10,000
    synthetic entries)."""
    texts: Counter[str] = Counter(t for e in entries for t in asking_texts(e))
    df: Counter[str] = Counter()
    for text, count in texts.items():
        for gram in question_grams(text, names):
            df[gram] += count
    return GramRarity(dict(df), sum(texts.values()))


def similarity(question: Weighed, unit: Weighed, rarity: GramRarity) -> float:
    """Weighted Jaccard: the weight of the shared grams over that of all grams of both."""
    shared = question.grams & unit.grams
    if not shared:
        return 0.0
    both = rarity.total(frozenset(shared))
    return both / (question.total + unit.total - both)


def likeness(question: Weighed, units: Iterable[Weighed], rarity: GramRarity) -> float:
    """How alike the question is to the entry's closest asking unit (0 to 1)."""
    return max((similarity(question, u, rarity) for u in units), default=0.0)
