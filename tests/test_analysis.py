"""Pinned segmentations: a change to the dictionary must not silently damage another."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

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


def test_the_cached_dictionary_segments_exactly_like_the_one_it_was_saved_from(tmp_path):
    from indexer import analysis

    analysis.warm_up()
    path = tmp_path / "jieba-test.pickle"
    analysis._save_tokenizer(analysis._tokenizer, path)
    loaded = analysis._load_tokenizer(path)
    assert loaded is not None
    text = "两个单位战斗力一样的时候谁赢？主人公被打掉一颗宝玉，神速回避和必杀攻击"
    assert list(loaded.tokenize(text, HMM=True)) == list(
        analysis._tokenizer.tokenize(text, HMM=True)
    )


@pytest.mark.parametrize(
    "content", [b"", b"not a pickle", b"\x80\x05K\x01.", pickle.dumps(("freq", 1))]
)
def test_a_broken_dictionary_cache_is_ignored_not_trusted(tmp_path, content):
    from indexer import analysis

    path = tmp_path / "jieba-test.pickle"
    path.write_bytes(content)
    assert analysis._load_tokenizer(path) is None


def test_a_start_keeps_the_dictionary_for_the_next_one(tmp_path):
    """The first start writes the finished dictionary into the index directory; the
    second loads it and segments the same (run in fresh processes: the dictionary is
    per process)."""
    script = (
        "import sys; from pathlib import Path; from kb.loader import load_kb;"
        "from indexer.build import configure_analysis; from indexer.analysis import segment;"
        "configure_analysis(load_kb(), Path(sys.argv[1]));"
        "print(' '.join(segment('先手第一回合能不能抽牌，神速回避')))"
    )
    root = Path(__file__).resolve().parent.parent
    runs = [
        subprocess.run(
            [sys.executable, "-c", script, str(tmp_path)],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for _ in range(2)
    ]
    assert len(list(tmp_path.glob("jieba-*.pickle"))) == 1
    assert runs[0] == runs[1] and "神速回避" in runs[0]
