"""Impact postings must score exactly as whoosh does: they are only a faster way of
evaluating the same query, and whoosh stays the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.relevance import load_queries
from indexer import search as search_module
from indexer.impacts import ImpactIndex
from indexer.scoring import Clause, matching_docs, to_whoosh
from indexer.search import SearchService, build_clauses, clean_query, query_tokens

QUERIES = [
    q["q"] for q in load_queries(Path(__file__).resolve().parent.parent / "bench" / "queries.yaml")
]


@pytest.fixture(scope="module")
def searcher(search):
    return search._searcher()


class _Scores:
    """docnum → score of the matched documents, as whoosh reports them."""

    def __init__(self, impacts: ImpactIndex):
        self.impacts = impacts

    def score(self, clauses: list[Clause]) -> dict[int, float]:
        acc = self.impacts.score(clauses)
        return {int(d): float(acc[d]) for d in acc.nonzero()[0]}


@pytest.fixture(scope="module")
def memory(search):
    impacts = search._generation().impacts
    assert impacts is not None
    return _Scores(impacts)


def whoosh_scores(searcher, clauses: list[Clause]) -> dict[int, float]:
    return {h.docnum: h.score for h in searcher.search(to_whoosh(clauses), limit=None)}


def test_every_benchmark_query_scores_the_same_from_impacts_as_in_whoosh(searcher, memory):
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


def test_the_whoosh_path_gives_the_same_answers(search, monkeypatch):
    """Without impact postings whoosh scores the query: same hits, same order, same
    facets, with and without filters."""
    sample = [(q, None, None) for q in QUERIES[::7]]
    sample += [(q, "fe0", None) for q in QUERIES[1::29]] + [(q, None, "qa") for q in QUERIES[2::29]]
    fast = [search._search_uncached(clean_query(q)[0], [], g, t, 10, 0) for q, g, t in sample]
    monkeypatch.setattr(search_module, "USE_IMPACTS", False)
    disk = SearchService(search.index_dir, search.hints, cache_size=0)
    assert disk._generation().impacts is None
    for (q, g, t), a in zip(sample, fast, strict=True):
        b = disk.search(q, game=g, entry_type=t)
        assert [h.id for h in a.hits] == [h.id for h in b.hits], q
        assert [h.score for h in a.hits] == pytest.approx([h.score for h in b.hits]), q
        assert a.total == b.total, q
        for kind in ("game", "type"):
            assert list(a.facets[kind].items()) == list(b.facets[kind].items()), q


@pytest.mark.parametrize("keep", ["all", "every-other-word", "phrases-only"])
def test_facet_documents_are_exactly_the_query_matches(searcher, keep):
    """matching_docs is what whoosh's docs_for_query gives, also when a phrase keeps
    words that no word clause has."""
    for raw in QUERIES[::3]:
        text = clean_query(raw)[0]
        clauses = build_clauses(text)
        if keep == "every-other-word":
            dropped = set(query_tokens(text)[::2])
            clauses = [c for c in clauses if c.is_phrase or c.words[0] not in dropped]
        elif keep == "phrases-only":
            clauses = [c for c in clauses if c.is_phrase]
        if not clauses:
            continue
        expected = set(searcher.docs_for_query(to_whoosh(clauses)))
        assert matching_docs(searcher, clauses) == expected, raw
