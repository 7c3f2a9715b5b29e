"""Players' words reach the rules' words: split keys, glued modals, possessives."""

from __future__ import annotations

import pytest

from indexer.build import configure_analysis
from indexer.search import query_tokens
from indexer.synonyms import PLAYER_WORDS, expand


@pytest.fixture(scope="module", autouse=True)
def _game_terms(kb):
    """Queries are segmented with the KB's game terms, as in the app."""
    configure_analysis(kb)


def _alternatives(text: str) -> set[str]:
    return {alt for alts in expand(query_tokens(text)).values() for alt in alts}


def test_every_players_word_expands():
    """A key the analyzer splits (先手 → 先 手) must still work, not be dropped."""
    dead = [key for key in PLAYER_WORDS if not _alternatives(key)]
    assert dead == []


@pytest.mark.parametrize(
    ("question", "rules_word"),
    [
        ("先手第一回合能不能抽牌", "先攻"),  # 先手 split into 先 手 inside the sentence
        ("谁先手是怎么决定的", "先攻"),  # ...and kept whole in this one
        ("对面的单位是竖着的也能打吗", "竖置"),
        ("卡组抽光了怎么办", "耗尽"),
        ("轉職的時候一定要抽牌嗎", "必须"),
        ("when do 'this turn' effects wear off?", "end"),
    ],
)
def test_colloquial_words_expand_to_the_rules_words(question, rules_word):
    assert rules_word in _alternatives(question)


def test_a_word_glued_to_a_modal_stands_for_the_word():
    tokens = query_tokens("同一張卡最多能放幾張")
    assert "最多能" in tokens
    assert {"最多", "至多"} <= set(expand(tokens)["最多能"])


def test_an_english_possessive_stands_for_the_word():
    assert "oppon" in _alternatives("can I play a unit card during my opponent's turn?")


def test_ordinary_words_are_not_expanded():
    assert expand(query_tokens("羁绊区")) == {}
