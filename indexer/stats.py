"""What the query side knows of a generation's KB beyond the index: computed once by the
build and stored in the generation (`stats.pickle`), so that no worker builds anything
on its first request."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from indexer.likeness import GramRarity


@dataclass(frozen=True)
class QueryStats:
    """Word statistics of one KB."""

    entries: int
    # In how many entries each word (as the index holds it, sub-words too) occurs: a
    # question's rare words (羁绊区, 宝玉) say more about the ruling it wants than its
    # common ones (卡, 单位).
    df: Mapping[str, int]
    # Folded words only one game's texts use → that game.
    game_words: Mapping[str, str]
    # The spelling pass's vocabulary: the KB's English words with their counts, the
    # words of its English term forms, and its Chinese game terms.
    english_words: Mapping[str, int]
    english_term_words: frozenset[str]
    chinese_terms: tuple[str, ...]
    # English words that are real words (a well-kept word list): never "corrected".
    real_english_words: frozenset[str] = frozenset()
    # The players' words analyzed (indexer.synonyms.tables_of), per game and for all.
    players_tables: Mapping | None = None
    # The rarity of each gram among the entries' players' questions and titles
    # (indexer.likeness): how alike a question is to the ways an entry is asked. The
    # build always sets it (None only as the dataclass default).
    ask_grams: GramRarity | None = None

    def rarity(self, word: str) -> float:
        """Inverse document frequency of a word over the KB's entries."""
        return math.log(1 + self.entries / (1 + self.df.get(word, 0)))
