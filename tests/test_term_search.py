"""Publisher names and the renderings they replace are search keys: players search with
the publisher's words (“hindered”, “Bash”), the English community's (“Main Character”),
or the ones our texts once used (“obstruct”), and find the Chinese rulings."""

from __future__ import annotations

import pytest


def _top(client, q: str, n: int = 3) -> list[str]:
    body = client.get("/api/search", query_string={"q": q, "limit": 10}).get_json()
    return [h["id"] for h in body["results"]][:n]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("hindered", "magewars-rule-obstruct"),  # 阻碍
        ("Hinder", "magewars-rule-obstruct"),
        ("obstruct", "magewars-rule-obstruct"),  # our former rendering still finds it
        ("Bash", "magewars-rule-walls"),  # 撞击
        ("Passage Attacks", "magewars-card-force-push"),  # 通行伤害
        ("Extendable", "magewars-trait-extend"),  # 延伸
        ("Doublestrike", "magewars-card-battle-fury"),  # 两连击
        ("Triplestrike", "magewars-card-helm-of-fear"),  # 三连击
        ("mana supply", "magewars-rule-forced-action-effects"),  # 法力池
        ("Pacify", "magewars-card-mind-soothe"),  # 心灵安抚
        ("Mind Soothe", "magewars-card-mind-soothe"),
        ("Seeking Dispel", "magewars-card-decoy"),  # 暗影驱散
        ("Nullify", "magewars-card-decoy"),  # 法力失效
        ("Force Hold", "magewars-card-force-push"),  # 原力之握
        ("Flaming Hellion", "magewars-card-helm-of-fear"),  # 烈焰狱鬼
        ("Death Link", "magewars-card-steal-enchantment"),  # 死亡链接
        ("Wrath token", "magewars-card-banish"),  # 怒气记代物
        ("Thorg, Chief Bodyguard", "magewars-rule-forced-action-effects"),
        ("Unmovable", "magewars-card-force-push"),  # 无法移动
        ("Main Character", "fe0-rule-choosing-a-lord"),  # 主人公
        ("lord", "fe0-rule-choosing-a-lord"),
        ("Miracle Emblem", "fe0-qa-101"),  # 祈祷之纹章
        ("Force March", "fadingglory-16.8.3"),  # 强行军
    ],
)
def test_publisher_and_former_names_find_their_rulings(client, query, expected):
    assert expected in _top(client, query), (query, _top(client, query, 6))


def test_a_misspelt_publisher_name_is_corrected_to_it(client):
    body = client.get("/api/search", query_string={"q": "hindred"}).get_json()
    assert body.get("notices") and "hindered" in body["notices"][0]
    assert body["results"][0]["id"] == "magewars-rule-obstruct"


@pytest.mark.parametrize("query", ["法战 Battle Forge 是什么", "法战 chian lightnig"])
def test_the_spelling_pass_never_rewrites_a_games_name(client, query):
    """法战 sounds like 发展 (a KB term): read as a misspelling, the question lost its game
    and was answered from all four. A game's name is a signal, never corrected."""
    body = client.get("/api/ask", query_string={"q": query}).get_json()
    assert body["scope"]["game"] == "magewars"
    shown = ([body["answer"]] if body["answer"] else []) + body["related"]
    assert shown and {r["game"] for r in shown} == {"magewars"}
    search = client.get("/api/search", query_string={"q": query}).get_json()
    assert all("发展" not in n for n in search.get("notices", []))


def test_a_misspelling_beside_a_games_name_is_still_corrected(kb):
    from indexer.build import analysis_for
    from indexer.query import GameNames
    from indexer.spelling import SpellingCorrector

    corrector = SpellingCorrector({"lightning": 9, "chain": 9}, (), (), analysis_for(kb))
    text = "Mage Wars chian lightnig"
    fixed, changes = corrector.correct(text, keep=GameNames(kb.registry).find(text))
    assert fixed == "Mage Wars chain lightning" and len(changes) == 2
