"""Pinned segmentations: a change to the dictionary must not silently damage another."""

from __future__ import annotations

import pytest

from indexer.analysis import fold, segment


@pytest.fixture(scope="module", autouse=True)
def _game_terms(app):
    """The app has loaded the KB's game terms, exactly as the index build does."""


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("神速回避", ["神速回避"]),
        ("神速迴避", ["神速回避"]),
        ("必杀攻击让战斗力变为2倍", ["必杀攻击", "战斗力", "变为", "2", "倍"]),
        ("羁绊卡有4张", ["羁绊卡", "4", "张"]),
        ("连鎖閃電", ["连锁闪电"]),
        ("Counterstrike damage is combat damage", ["counterstrik", "damag", "combat", "damag"]),
        ("16.9.5 战斗中的领袖", ["16.9.5", "战斗", "中", "领袖"]),
        ("Q108", ["q108"]),
    ],
)
def test_segmentation_is_pinned(text, tokens):
    assert segment(text) == tokens


def test_fold_keeps_length_and_folds_traditional():
    for text in ("神速迴避", "連鎖閃電", "攻擊逆轉", "ＡＢＣ１２３", "乾燥的頭髮"):
        folded = fold(text)
        assert len(folded) == len(text)
    assert fold("攻擊逆轉") == "攻击逆转"
    assert fold("ＡＢＣ１２３") == "ABC123"
