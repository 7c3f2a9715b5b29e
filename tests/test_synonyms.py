"""Players' words reach the rules' words: split keys, glued modals, possessives."""

from __future__ import annotations

import pytest

from indexer.synonyms import PLAYER_WORDS


@pytest.fixture(scope="module")
def words(engine):
    """The players' words as the engine holds them (its own analysis and registry)."""
    return engine.parser.players_words


@pytest.fixture(scope="module")
def tokens(engine):
    return engine.analysis.words


@pytest.fixture(scope="module")
def alternatives(words, tokens):
    def alternatives(text: str, game: str | None = None) -> set[str]:
        return {alt for alts in words.expand(tokens(text), game).values() for alt in alts}

    return alternatives


def test_every_players_word_expands(alternatives, kb):
    """A key the analyzer splits (先手 → 先 手) must still work, not be dropped: the
    languages' words and every game's own."""
    dead = [key for key in PLAYER_WORDS if not alternatives(key)]
    for game in kb.registry:
        dead += [f"{game.slug}:{k}" for k in game.players_words if not alternatives(k, game.slug)]
    assert dead == []


def test_a_games_own_words_apply_to_that_game_and_to_questions_naming_none(alternatives):
    assert "必杀攻击" in alternatives("暴击能叠吗")  # no game named: every game's words
    assert "必杀攻击" in alternatives("暴击能叠吗", "fe0")
    assert "必杀攻击" not in alternatives("暴击能叠吗", "magewars")
    assert "法力" in alternatives("蓝不够了", "magewars")


@pytest.mark.parametrize(
    ("question", "rules_word"),
    [
        ("先手第一回合能不能抽牌", "先攻"),  # 先手 split into 先 手 inside the sentence
        ("谁先手是怎么决定的", "先攻"),  # ...and kept whole in this one
        ("火纹0先后手怎么定", "先攻"),  # 先后 | 手 to jieba
        ("先后攻怎么决定", "后攻"),
        ("对面的单位是竖着的也能打吗", "竖置"),
        ("卡组抽光了怎么办", "耗尽"),
        ("轉職的時候一定要抽牌嗎", "必须"),
        ("when do 'this turn' effects wear off?", "end"),
        ("主角被打死了会怎样", "主人公"),
        ("主角被打死了会怎样", "击破"),
        ("将领能走进守备部队那格吗", "领袖"),
        ("将领能走进守备部队那格吗", "守备力量"),
        ("将领能走进守备部队那格吗", "进入"),
        ("can I promote my unit this turn", "class"),
        ("减费到负数会怎样", "减少"),
        ("攻击打输了会怎样", "失败"),
        ("牌库抽光了会输吗", "失败"),
        ("火纹0 卡组抽空了是直接输吗", "耗尽"),
        ("if I deck out do I lose", "run"),
        ("counterstrike dmg, is that combat damage", "damag"),  # players' shorthand
        ("my opp's unit, can I atk it", "oppon"),
        ("my opp's unit, can I atk it", "attack"),  # 会输: a players' word glued behind a modal
        # Fading Glory's fatigue markers by colour (16.8), in the three ways players write
        ("紅色疲勞標記的部隊可以戰後推進嗎", "力竭"),
        ("橙标部队移动力少几", "疲乏"),
        ("red fatigue marker unit, can it move next to the enemy?", "exhaust"),
        ("red fatigue marker unit, can it move next to the enemy?", "ezoc"),
        ("yellow marker units and forced march", "tire"),
        # The table's slang for attacking and for one's units; the defender
        ("can my guy swing twice", "attack"),
        ("can my guy swing twice", "unit"),
        ("防守方会被击破吗", "防御"),
    ],
)
def test_colloquial_words_expand_to_the_rules_words(alternatives, question, rules_word):
    assert rules_word in alternatives(question)


def test_a_word_glued_to_a_modal_stands_for_the_word(words, tokens):
    found = tokens("同一張卡最多能放幾張")
    assert "最多能" in found
    assert {"最多", "至多"} <= set(words.expand(found)["最多能"])


def test_an_english_possessive_stands_for_the_word(alternatives):
    assert "oppon" in alternatives("can I play a unit card during my opponent's turn?")


def test_ordinary_words_are_not_expanded(words, tokens):
    assert words.expand(tokens("羁绊区")) == {}


def test_a_colour_alone_is_not_a_fatigue_level(alternatives):
    """Red and green also mark guard and light units' movement (16.7): only a marker's
    colour stands for a fatigue level."""
    assert "力竭" not in alternatives("移动力红色的单位是什么", "fadingglory")
    assert "exhaust" not in alternatives("units with a red movement allowance", "fadingglory")
