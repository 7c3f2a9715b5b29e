"""The benchmark's labels: which entries answer a question written from the source posts
(bench/map_evidence.py), including the other entries that state the same ruling."""

from __future__ import annotations

from pathlib import Path

import yaml

from bench.map_evidence import convert

ROOT = Path(__file__).resolve().parent.parent
GROUPS = yaml.safe_load((ROOT / "bench" / "same_ruling.yaml").read_text(encoding="utf-8"))


def _relevant(kb, game: str, quotes: list[str]) -> list[str]:
    item = {"q": "q", "game": game, "lang": "en", "kind": "question", "evidence": quotes}
    rows, problems = convert([item], kb, GROUPS)
    assert not problems
    return rows[0]["relevant"]


def test_a_chinese_quote_joins_the_group_whose_quote_is_the_english_of_its_line(kb):
    """The writer quotes the Chinese post; the same-ruling group quotes our English of that
    line of the same entry: one point, so the group's other entry answers too."""
    quote = "如果生物攻击自己, 或附属在自己身上的对象, 其不会触发来自自身的反伤屏障"
    relevant = _relevant(kb, "magewars", [quote])
    assert relevant[0] == "magewars-rule-friendly-attacks"
    assert "magewars-rule-damage-barrier" in relevant


def test_another_line_of_the_same_entry_is_another_point(kb):
    """fe0-rule-deck-building states both the copies limit and the lord's cost: a question
    about copies does not take in the entries that state only the lord's cost."""
    relevant = _relevant(kb, "fe0", ["「卡名」相同的卡至多只能加入4张"])
    assert relevant == ["fe0-rule-deck-building"]
