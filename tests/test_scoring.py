"""Impact postings must score exactly as whoosh does: they are only a faster way of
evaluating the same query, and whoosh stays the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.relevance import load_queries
from indexer.engine import open_engine
from indexer.impacts import ImpactIndex
from indexer.scoring import Clause, build_clauses, to_whoosh

QUERIES = [
    q["q"] for q in load_queries(Path(__file__).resolve().parent.parent / "bench" / "queries.yaml")
]


@pytest.fixture(scope="module")
def searcher(engine):
    return engine.whoosh_searcher()


class _Scores:
    """docnum → score of the matched documents, as whoosh reports them."""

    def __init__(self, impacts: ImpactIndex):
        self.impacts = impacts

    def score(self, clauses: list[Clause]) -> dict[int, float]:
        acc = self.impacts.score(clauses)
        return {int(d): float(acc[d]) for d in acc.nonzero()[0]}


@pytest.fixture(scope="module")
def memory(engine):
    assert engine.impacts is not None
    return _Scores(engine.impacts)


def whoosh_scores(searcher, clauses: list[Clause]) -> dict[int, float]:
    return {h.docnum: h.score for h in searcher.search(to_whoosh(clauses), limit=None)}


def test_every_benchmark_query_scores_the_same_from_impacts_as_in_whoosh(engine, searcher, memory):
    checked = 0
    for raw in QUERIES:
        clauses = build_clauses(engine.parse(raw))
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


def test_the_whoosh_path_gives_the_same_answers(engine):
    """With whoosh scoring the query instead of the impact postings: same hits, same
    order, same facets, with and without filters."""
    sample = [(q, None, None) for q in QUERIES[::7]]
    sample += [(q, "fe0", None) for q in QUERIES[1::29]] + [(q, None, "qa") for q in QUERIES[2::29]]
    fast = open_engine(engine.path, cache_size=0)
    slow = open_engine(engine.path, cache_size=0, scorer="whoosh")
    for q, g, t in sample:
        a, b = fast.search(q, game=g, entry_type=t), slow.search(q, game=g, entry_type=t)
        assert [h.id for h in a.hits] == [h.id for h in b.hits], q
        assert [h.score for h in a.hits] == pytest.approx([h.score for h in b.hits]), q
        assert a.total == b.total, q
        for kind in ("game", "type"):
            assert list(a.facets[kind].items()) == list(b.facets[kind].items()), q
    slow.close()
