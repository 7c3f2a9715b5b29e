"""How alike a question is to the ways an entry is asked (indexer.likeness): the feature
that tells a ruling a question is about from one that merely shares its words."""

from __future__ import annotations

from collections import Counter

import pytest

from indexer.likeness import GramRarity, Weighed, grams, likeness, question_grams, similarity
from indexer.query import GameNames


def test_chinese_is_compared_by_character_pairs_and_traditional_folds_to_simplified():
    assert grams("战斗力一样") == {"战斗", "斗力", "力一", "一样"}
    assert grams("戰鬥力一樣") == grams("战斗力一样")
    assert grams("Counterstrike, twice!") == {"w:counterstrike", "w:twice"}
    assert grams("谁") == {"谁"}


def test_the_games_names_are_left_out(kb):
    names = GameNames(kb.registry)
    assert question_grams("火纹0 战斗力一样谁赢", names) == question_grams("战斗力一样谁赢", names)
    assert question_grams("FE0: same power, who wins", names) == grams("same power, who wins")


def test_a_shared_rare_pair_counts_for_more_than_a_shared_common_one():
    rarity = GramRarity({"单位": 50, "宝玉": 2, "击破": 2}, units=100)

    def weighed(text: str) -> Weighed:
        return Weighed.of(grams(text), rarity)

    question = weighed("单位宝玉")
    common = similarity(question, weighed("单位击破"), rarity)
    rare = similarity(question, weighed("宝玉击破"), rarity)
    assert 0 < common < rare < 1
    assert similarity(question, question, rarity) == pytest.approx(1.0)
    assert similarity(question, weighed("移动"), rarity) == 0.0
    assert similarity(weighed(""), question, rarity) == 0.0
    assert likeness(question, [weighed("移动"), weighed("单位宝玉")], rarity) == pytest.approx(1.0)
    assert likeness(question, [], rarity) == 0.0


def test_the_generation_carries_the_rarity_of_every_asking_unit(engine, kb):
    rarity = engine.stats.ask_grams
    units = sum(len(e.players_ask) + len(e.title.as_dict()) for e in kb.entries.values())
    assert rarity is not None and rarity.units == units
    assert rarity.df["战斗"] > rarity.df.get("宝玉", 0) > 0


def test_a_players_question_is_most_like_its_own_entry(engine):
    from indexer.answer import likenesses

    entry = engine.kb.entries["fe0-qa-108"]
    pq = engine.parse(entry.players_ask[0].q)
    others = [e for e in engine.kb.entries.values() if e.id != entry.id][:40]
    own, *rest = likenesses(engine, pq, [entry, *others])
    assert own == pytest.approx(1.0) and max(rest) < own


def test_the_rarity_table_counts_every_unit_also_when_entries_share_a_text(kb):
    from dataclasses import replace

    from indexer.likeness import asking_texts, rarity_of

    names = GameNames(kb.registry)
    entry = kb.entries["fe0-qa-108"]
    copies = [entry, replace(entry, id="fe0-qa-108-copy"), kb.entries["fe0-qa-70"]]
    units = [question_grams(t, names) for e in copies for t in asking_texts(e)]
    one_by_one = GramRarity(dict(Counter(g for u in units for g in u)), len(units))
    assert rarity_of(copies, names) == one_by_one
    assert one_by_one.units == sum(len(e.players_ask) + len(e.title.as_dict()) for e in copies)


def test_two_players_words_for_one_rule_meet_in_the_rules_word(engine):
    """抽光 and 抽完 share no character pair, but both stand for 耗尽: with the rules' words
    added on both sides, two ways of saying "my deck ran out" are alike."""
    from indexer.answer import _question_grams
    from indexer.likeness import with_rules_words

    rarity = engine.stats.ask_grams
    one, other = engine.parse("牌库抽光了会输吗"), engine.parse("卡组抽完了会怎样")
    bare = similarity(
        Weighed.of(grams(one.text), rarity), Weighed.of(grams(other.text), rarity), rarity
    )
    with_words = similarity(
        Weighed.of(_question_grams(engine, one), rarity),
        Weighed.of(_question_grams(engine, other), rarity),
        rarity,
    )
    assert "耗尽" in _question_grams(engine, one) and "耗尽" in _question_grams(engine, other)
    assert with_words > bare
    assert with_rules_words(grams("战斗力"), {}) == grams("战斗力")
