"""One query model, two evaluators: whoosh's matchers, and the same scores computed
from impact postings (indexer/impacts.py).

A query is a flat list of clauses (a word or a phrase in one field, with a boost).
whoosh evaluates it as `Or(clauses)`: the sum of each matching clause's BM25F score.
(No coordination bonus: whoosh's `Or(scale=...)` recounts the query's terms as its
matchers run out, so a document's score depends on where it sits in the index, and
the bonus it adds is a near-constant factor per query anyway.) whoosh
spends about 50 µs setting up matchers per clause, and a player's question makes 60
to 100 clauses: 6 ms a query on the 214-entry KB, seconds on 100,000 entries. The
search path therefore scores from impact postings, and whoosh stays the reference
the tests compare them with (and the store of the documents' texts).
"""

from __future__ import annotations

from dataclasses import dataclass

from whoosh.query import Or, Phrase, Query, Term


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
