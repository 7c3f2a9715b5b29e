"""The in-memory scorer must score exactly as whoosh does: it is only a faster way of
evaluating the same query, and a large index is still scored by whoosh."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.relevance import load_queries
from indexer import search as search_module
from indexer.scoring import Clause, MemoryScorer, matching_docs, to_whoosh
from indexer.search import SearchService, build_clauses, clean_query, query_tokens

QUERIES = [
    q["q"] for q in load_queries(Path(__file__).resolve().parent.parent / "bench" / "queries.yaml")
]


@pytest.fixture(scope="module")
def searcher(search):
    return search._searcher()


@pytest.fixture(scope="module")
def memory(searcher):
    return MemoryScorer(searcher)


def whoosh_scores(searcher, clauses: list[Clause]) -> dict[int, float]:
    return {h.docnum: h.score for h in searcher.search(to_whoosh(clauses), limit=None)}


def test_every_benchmark_query_scores_the_same_in_memory_as_in_whoosh(searcher, memory):
    checked = 0
    for raw in QUERIES:
        clauses = build_clauses(clean_query(raw)[0])
        expected = whoosh_scores(searcher, clauses)
        got = memory.score(clauses)
        assert got.keys() == expected.keys(), raw
        for docnum, score in expected.items():
            assert got[docnum] == pytest.approx(score, rel=1e-9), (raw, docnum)
        checked += bool(expected)
    assert checked > 300  # the benchmark's queries do find things


@pytest.mark.parametrize(
    "words, slop",
    [
        (("必杀", "攻击"), 1),
        (("神速", "回避"), 1),
        (("same", "power"), 2),
        (("destroi", "unit"), 2),
        (("攻击", "必杀"), 1),  # reversed: in whoosh as here, order matters
        (("unit", "unit"), 2),
    ],
)
def test_phrases_match_where_whoosh_matches(searcher, memory, words, slop):
    for fld in ("keys", "body"):
        clauses = [Clause(fld, words, 3.0, slop=slop)]
        expected = whoosh_scores(searcher, clauses)
        assert memory.score(clauses) == pytest.approx(expected, rel=1e-9)


def test_a_word_missing_from_the_index_drops_its_phrase(searcher, memory):
    clauses = [Clause("body", ("必杀", "zzzqqq"), 3.0), Clause("body", ("必杀",), 1.0)]
    assert memory.score(clauses) == pytest.approx(whoosh_scores(searcher, clauses), rel=1e-9)


def test_a_large_index_path_gives_the_same_answers(search, monkeypatch):
    """Above MEMORY_MAX_DOCS whoosh scores from disk: same hits, same order, same facets."""
    sample = QUERIES[::7]
    fast = [search._search_uncached(clean_query(q)[0], [], None, None, 10, 0) for q in sample]
    monkeypatch.setattr(search_module, "MEMORY_MAX_DOCS", 0)
    disk = SearchService(search.index_dir, search.hints, cache_size=0)
    assert disk._generation().memory is None
    for q, a in zip(sample, fast, strict=True):
        b = disk.search(q)
        assert [h.id for h in a.hits] == [h.id for h in b.hits], q
        assert [h.score for h in a.hits] == pytest.approx([h.score for h in b.hits]), q
        assert a.facets == b.facets and a.total == b.total, q


@pytest.mark.parametrize("prune", [False, True])
def test_facet_documents_are_exactly_the_query_matches(searcher, prune):
    """matching_docs is what whoosh's docs_for_query gives, also when common words are
    pruned and a phrase keeps words no word clause has."""
    for raw in QUERIES[::3]:
        text = clean_query(raw)[0]
        common = frozenset(query_tokens(text)[::2]) if prune else frozenset()
        clauses = build_clauses(text, common)
        if not clauses:
            continue
        expected = set(searcher.docs_for_query(to_whoosh(clauses)))
        assert matching_docs(searcher, clauses) == expected, raw
