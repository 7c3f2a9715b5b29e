"""Index generations: built beside the live one, checked, swapped atomically; stale or
corrupt ones are detected and rebuilt."""

from __future__ import annotations

import os
import threading
import time

import numpy as np
import pytest

from indexer.build import (
    CURRENT,
    META,
    build_index,
    check_generation,
    current_generation,
    ensure_index,
)
from indexer.impacts import IMPACTS
from indexer.search import SearchService
from kb.loader import load_kb


def test_build_swaps_in_a_new_generation(kb, tmp_path):
    first = build_index(kb, tmp_path)
    assert (tmp_path / CURRENT).is_symlink()
    assert current_generation(tmp_path) == first
    second = build_index(kb, tmp_path)
    assert second != first and current_generation(tmp_path) == second
    assert first.exists(), "the previous generation is kept for readers still using it"
    assert check_generation(second, kb) is None


def test_old_generations_are_pruned(kb, tmp_path):
    gens = [build_index(kb, tmp_path) for _ in range(5)]
    left = sorted(p.name for p in tmp_path.glob("gen-*"))
    assert len(left) == 3 and gens[-1].name in left


def test_ensure_index_reuses_a_current_index(kb, tmp_path):
    gen, built = ensure_index(kb, tmp_path)
    assert built
    again, built_again = ensure_index(kb, tmp_path)
    assert again == gen and not built_again


def test_changed_kb_forces_a_rebuild(kb_copy, tmp_path):
    kb1 = load_kb(kb_copy)
    gen1, _ = ensure_index(kb1, tmp_path)
    path = kb_copy / "games/fe0/entries/fe0-qa-108.md"
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            "Is the defender destroyed", "Is the defending unit destroyed"
        ),
        encoding="utf-8",
    )
    kb2 = load_kb(kb_copy)
    assert kb2.content_hash != kb1.content_hash
    assert check_generation(gen1, kb2) is not None
    gen2, built = ensure_index(kb2, tmp_path)
    assert built and gen2 != gen1


def test_corrupt_index_is_detected_and_rebuilt(kb, tmp_path):
    gen, _ = ensure_index(kb, tmp_path)
    for seg in gen.glob("*.seg"):
        seg.write_bytes(b"garbage")
    for toc in gen.glob("*.toc"):
        toc.write_bytes(b"\x00" * 10)
    assert check_generation(gen, kb) is not None
    fresh, built = ensure_index(kb, tmp_path)
    assert built and fresh != gen
    assert SearchService(tmp_path).search("神速回避").hits


def test_half_written_generation_without_metadata_is_not_used(kb, tmp_path):
    gen, _ = ensure_index(kb, tmp_path)
    (gen / META).unlink()
    assert "metadata" in check_generation(gen, kb)
    _, built = ensure_index(kb, tmp_path)
    assert built


def test_searches_during_repeated_swaps_never_fail(kb, tmp_path):
    build_index(kb, tmp_path)
    service = SearchService(tmp_path)
    errors: list[BaseException] = []
    totals: set[int] = set()
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            try:
                totals.add(service.search("神速回避 critical attack").total)
            except BaseException as exc:
                errors.append(exc)
            time.sleep(0.02)  # leave the builder some of the GIL

    threads = [threading.Thread(target=reader) for _ in range(2)]
    for t in threads:
        t.start()
    for _ in range(3):
        build_index(kb, tmp_path)
    stop.set()
    for t in threads:
        t.join()
    assert errors == []
    assert len(totals) == 1, "every answer came from a complete index"
    assert os.path.islink(tmp_path / CURRENT)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: (d / "terms.json").unlink(),
        lambda d: (d / "terms.json").write_text("{not json"),
        lambda d: (d / "docs.npy").write_bytes(b"\x93NUMPY half"),
        lambda d: (d / "scores.npy").unlink(),
    ],
    ids=["no-term-table", "bad-term-table", "truncated-docs", "missing-scores"],
)
def test_damaged_impact_postings_are_detected_and_rebuilt(kb, tmp_path, damage):
    first = build_index(kb, tmp_path)
    damage(first / IMPACTS)
    assert check_generation(first, kb) is not None
    second, built = ensure_index(kb, tmp_path)
    assert built and second != first
    assert SearchService(tmp_path).search("神速回避").hits[0].id == "fe0-rule-god-speed-evasion"


def test_segmenting_in_worker_processes_builds_the_same_index(kb, tmp_path):
    """Large KBs are segmented by worker processes and replayed into whoosh: the
    postings (scores and positions) must be exactly those of a single-process build."""
    single = build_index(kb, tmp_path / "single", workers=0)
    parallel = build_index(kb, tmp_path / "parallel", workers=2)
    for name in ("docs", "scores", "pos_start", "positions"):
        a = np.load(single / IMPACTS / f"{name}.npy")
        b = np.load(parallel / IMPACTS / f"{name}.npy")
        assert a.shape == b.shape and (a == b).all(), name
    one, two = SearchService(tmp_path / "single"), SearchService(tmp_path / "parallel")
    for q in ("必杀攻击", "same power attacker defender destroyed", "拿破仑"):
        assert [(h.id, h.score) for h in one.search(q).hits] == [
            (h.id, h.score) for h in two.search(q).hits
        ]
