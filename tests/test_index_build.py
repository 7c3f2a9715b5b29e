"""Index generations: built beside the live one, checked, swapped atomically; stale or
corrupt ones are detected and rebuilt."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from whoosh import index

from bench.relevance import load_queries
from indexer import build as build_module
from indexer.build import (
    CURRENT,
    META,
    IndexUnavailableError,
    build_index,
    check_generation,
    current_generation,
    ensure_index,
)
from indexer.impacts import IMPACTS, ImpactIndex
from indexer.scoring import to_whoosh
from indexer.search import SearchService, build_clauses, clean_query
from kb.loader import load_kb

QUERIES = [
    q["q"] for q in load_queries(Path(__file__).resolve().parent.parent / "bench/queries.yaml")
]


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


def test_writer_processes_build_an_index_that_answers_the_same(kb, tmp_path):
    """Large KBs are indexed by several writer processes into a segment each: the
    answers (hits, scores, facets) must be exactly those of a single-writer index, and
    the impact postings must still score as whoosh does over the segments."""
    build_index(kb, tmp_path / "single", workers=1)
    parallel = build_index(kb, tmp_path / "parallel", workers=2)
    with index.open_dir(str(parallel)).searcher() as searcher:
        assert not searcher.reader().is_atomic()  # really several segments
        impacts = ImpactIndex.open(parallel)
        for q in QUERIES[::5]:
            clauses = build_clauses(clean_query(q)[0])
            if not clauses:
                continue
            acc = impacts.score(clauses)
            expected = {h.docnum: h.score for h in searcher.search(to_whoosh(clauses), limit=None)}
            assert {int(d) for d in acc.nonzero()[0]} == set(expected), q
            for d, score in expected.items():
                assert acc[d] == pytest.approx(score, rel=1e-9), q
    one = SearchService(tmp_path / "single", cache_size=0)
    two = SearchService(tmp_path / "parallel", cache_size=0)
    for q in QUERIES[::3]:
        a, b = one.search(q), two.search(q)
        assert [(h.id, h.score) for h in a.hits] == [(h.id, h.score) for h in b.hits], q
        assert a.facets == b.facets and a.total == b.total, q


def test_a_writer_process_that_dies_fails_the_build_and_keeps_serving(kb, tmp_path, monkeypatch):
    """whoosh's multi-process writer drops the segment of a writer process that died
    without a word; the generation check (every entry indexed) must catch it."""
    good = build_index(kb, tmp_path, workers=1)
    real = build_module.entry_document

    def one_bad(entry, order, terms=None):
        doc = real(entry, order, terms)
        if order == 7:
            doc["order"] = "not a number"  # the NUMERIC field raises in the writer process
        return doc

    monkeypatch.setattr(build_module, "entry_document", one_bad)
    with pytest.raises(IndexUnavailableError, match="documents"):
        build_index(kb, tmp_path, workers=2)
    assert current_generation(tmp_path) == good
    assert SearchService(tmp_path).search("神速回避").hits[0].id == "fe0-rule-god-speed-evasion"


def test_the_build_command_builds_and_rejects_a_bad_worker_count(tmp_path, capsys):
    from indexer.__main__ import main

    assert main(["build", "--index-dir", str(tmp_path), "--workers", "1"]) == 0
    assert current_generation(tmp_path) is not None
    assert "entries in" in capsys.readouterr().out
    with pytest.raises(SystemExit) as exc:
        main(["build", "--index-dir", str(tmp_path), "--workers", "0"])
    assert exc.value.code == 2
    assert "--workers must be at least 1" in capsys.readouterr().err
