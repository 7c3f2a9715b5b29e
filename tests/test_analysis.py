"""Pinned segmentations: a change to the dictionary must not silently damage another;
and each generation segments with its own dictionary, never the process's."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from indexer.analysis import Analysis, fold
from indexer.engine import open_engine


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
def test_segmentation_is_pinned(engine, text, tokens):
    assert engine.analysis.segment(text) == tokens


def test_an_engine_segments_with_its_own_dictionary_whatever_the_process_holds(engine):
    """A bare jieba (no game terms) loaded in the same process changes nothing: 羁绊卡 is
    one word to the engine whose generation holds it."""
    bare = Analysis.for_terms([])
    assert bare.segment("羁绊卡有几张") != ["羁绊卡", "几张"]
    assert engine.analysis.segment("羁绊卡有几张") == ["羁绊卡", "几张"]
    top = engine.search("羁绊卡有几张").hits[0]
    assert "羁绊" in engine.kb.get(top.id).text.zh, "a ruling about bonds, found by its whole word"


def test_fold_keeps_length_and_folds_traditional():
    for text in ("神速迴避", "連鎖閃電", "攻擊逆轉", "ＡＢＣ１２３", "乾燥的頭髮"):
        folded = fold(text)
        assert len(folded) == len(text)
    assert fold("攻擊逆轉") == "攻击逆转"
    assert fold("ＡＢＣ１２３") == "ABC123"


def test_the_saved_dictionary_segments_exactly_like_the_one_it_was_saved_from(engine, tmp_path):
    from indexer import analysis

    path = tmp_path / "jieba-test.pickle"
    engine.analysis.save(path)
    loaded = analysis._load_tokenizer(path)
    assert loaded is not None
    text = "两个单位战斗力一样的时候谁赢？主人公被打掉一颗宝玉，神速回避和必杀攻击"
    assert list(loaded.tokenize(text, HMM=True)) == list(
        engine.analysis._tokenizer.tokenize(text, HMM=True)
    )


@pytest.mark.parametrize(
    "content", [b"", b"not a pickle", b"\x80\x05K\x01.", pickle.dumps(("freq", 1))]
)
def test_a_broken_dictionary_cache_is_ignored_not_trusted(tmp_path, content):
    from indexer import analysis

    path = tmp_path / "jieba-test.pickle"
    path.write_bytes(content)
    assert analysis._load_tokenizer(path) is None


def test_a_generation_segments_alike_in_a_fresh_process(engine):
    """The dictionary travels with the generation: a new process that opens it segments
    exactly as the process that built it."""
    script = (
        "import sys; from indexer.engine import open_engine;"
        "e = open_engine(sys.argv[1]);"
        "print(' '.join(e.analysis.segment('先手第一回合能不能抽牌，神速回避羁绊卡')))"
    )
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", script, str(engine.path)],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == engine.analysis.segment("先手第一回合能不能抽牌，神速回避羁绊卡")
    assert "神速回避" in out and "羁绊卡" in out
    assert open_engine(engine.path).analysis is engine.analysis  # shared in one process


@pytest.mark.parametrize(
    ("played", "rules"),
    [("tapped", "tap"), ("hitting", "hit"), ("stopped", "stop"), ("running", "run")],
)
def test_an_english_word_and_its_inflections_are_one_word(engine, played, rules):
    """Players write "tapped" and "hitting"; a ruling says "tap" and "hit". Whoosh's
    default Porter stemmer kept the doubled consonant (tapp, hitt), so they never met."""
    assert engine.analysis.words(played) == engine.analysis.words(rules)
