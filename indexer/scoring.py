"""One query model, two evaluators: whoosh's matchers, and the same scores computed
from postings held in memory.

A query is a flat list of clauses (a word or a phrase in one field, with a boost).
whoosh evaluates it as `Or(clauses)`: the sum of each matching clause's BM25F score.
(No coordination bonus: whoosh's `Or(scale=...)` recounts the query's terms as its
matchers run out, so a document's score depends on where it sits in the index, and
the bonus it adds is a near-constant factor per query anyway.) That costs
about 50 µs of matcher set-up per clause, and a player's question makes 60 to 100
clauses: 6 ms a query on a 214-entry KB. `MemoryScorer` keeps each word's postings
(BM25F score and positions, as whoosh computes them) in memory after their first
use and sums them in plain Python: the same scores (tests compare the two on every
benchmark query) for a fraction of the time, as long as the postings fit in memory,
which is why the search path uses it only up to MEMORY_MAX_DOCS documents.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from whoosh.query import Or, Phrase, Query, Term

# Up to this many documents the search path scores from memory (postings of the KB's
# 214 entries take about 3 MB); a larger index is scored by whoosh from disk.
MEMORY_MAX_DOCS = 20_000


@dataclass(frozen=True)
class Clause:
    """A word (one element in `words`) or a phrase in one field."""

    field: str
    words: tuple[str, ...]
    boost: float
    slop: int = 1

    @property
    def is_phrase(self) -> bool:
        return len(self.words) > 1


def dedupe(clauses: list[Clause]) -> list[Clause]:
    """The same word in the same field twice (say from two synonyms) counts once, at
    its highest boost."""
    best: dict[tuple, Clause] = {}
    for c in clauses:
        key = (c.field, c.words, c.slop)
        if key not in best or c.boost > best[key].boost:
            best[key] = c
    return list(best.values())


def to_whoosh(clauses: list[Clause]) -> Query:
    """The whoosh query for these clauses (the reference evaluator)."""
    parts: list[Query] = []
    for c in clauses:
        if c.is_phrase:
            parts.append(Phrase(c.field, list(c.words), slop=c.slop, boost=c.boost))
        else:
            parts.append(Term(c.field, c.words[0], boost=c.boost))
    return Or(parts)


def matching_docs(searcher, clauses: list[Clause]) -> set[int]:
    """The documents `to_whoosh(clauses)` matches, for facet counts, without running the
    query twice: the union of its words' posting lists (read block by block), plus the
    few phrases none of whose words is also a word clause in the same field (a phrase's
    documents hold all its words, so otherwise they are in the union already).

    whoosh's own `docs_for_query` walks the whole union tree again: a third of the
    search time on a 10,000-entry index.
    """
    reader = searcher.reader()
    schema = searcher.schema
    words = {(c.field, c.words[0]) for c in clauses if not c.is_phrase}
    docs: set[int] = set()
    for field, word in words:
        try:
            btext = schema[field].to_bytes(word)
        except (KeyError, ValueError):
            continue
        if (field, btext) in reader:
            docs.update(reader.postings(field, btext).all_ids())
    for c in clauses:
        if c.is_phrase and not any((c.field, w) in words for w in c.words):
            docs.update(searcher.docs_for_query(to_whoosh([c])))
    return docs


# A posting list: docnum → (BM25F score with boost 1, positions or None).
Postings = dict[int, tuple[float, tuple[int, ...] | None]]


class MemoryScorer:
    """Scores clauses from postings read once from one whoosh searcher.

    The searcher's index never changes (a rebuild is a new generation, and the search
    service makes a new scorer for it), so postings are cached without invalidation.
    """

    def __init__(self, searcher):
        self._searcher = searcher
        self._postings: dict[tuple[str, str], Postings] = {}
        self._lock = threading.Lock()

    def postings(self, field: str, word: str) -> Postings:
        key = (field, word)
        found = self._postings.get(key)
        if found is None:
            with self._lock:  # a whoosh searcher is not safe across threads
                found = self._postings.get(key)
                if found is None:
                    found = self._postings[key] = self._read(field, word)
        return found

    def _read(self, field: str, word: str) -> Postings:
        searcher = self._searcher
        schema = searcher.schema
        if field not in schema:
            return {}
        try:
            btext = schema[field].to_bytes(word)
        except ValueError:
            return {}
        if (field, btext) not in searcher.reader():
            return {}
        positional = schema[field].format.supports("positions")
        matcher = searcher.postings(field, btext)
        out: Postings = {}
        while matcher.is_active():
            positions = tuple(matcher.value_as("positions")) if positional else None
            out[matcher.id()] = (matcher.score(), positions)
            matcher.next()
        return out

    def score(self, clauses: list[Clause]) -> dict[int, float]:
        """docnum → score, exactly as whoosh scores `to_whoosh(clauses)`."""
        totals: dict[int, float] = {}
        for c in clauses:
            if c.is_phrase:
                lists = [self.postings(c.field, w) for w in c.words]
                if not all(lists):
                    continue  # whoosh drops a phrase with an unknown word
                for doc in set(lists[0]).intersection(*lists[1:]):
                    if _phrase_at(doc, lists, c.slop):
                        totals[doc] = totals.get(doc, 0.0) + c.boost * sum(p[doc][0] for p in lists)
            else:
                postings = self.postings(c.field, c.words[0])
                if not postings:
                    continue
                boost = c.boost
                for doc, (s, _) in postings.items():
                    totals[doc] = totals.get(doc, 0.0) + boost * s
        return totals


def _phrase_at(doc: int, lists: list[Postings], slop: int) -> bool:
    """The words occur in order, each 1..slop positions after the one before (whoosh's
    SpanNear2 with ordered=True, mindist=1)."""
    ends = set(lists[0][doc][1] or ())
    for postings in lists[1:]:
        positions = postings[doc][1] or ()
        ends = {p for p in positions if any(1 <= p - e <= slop for e in ends)}
        if not ends:
            return False
    return True
