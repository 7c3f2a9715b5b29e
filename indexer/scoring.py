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
from typing import TYPE_CHECKING

from indexer import tuning
from indexer.numbers import BOOSTS

if TYPE_CHECKING:
    from whoosh.query import Query

    from indexer.query import ParsedQuery

# Field weights for ranking: titles and terms weigh more than body text.
FIELD_BOOSTS: dict[str, float] = tuning.FIELD_BOOSTS
# The fields that keep positions, where the question's words in order add a boost.
PHRASE_FIELDS = ("keys", "body", "asks")


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


def build_clauses(pq: ParsedQuery) -> list[Clause]:
    """The scored clauses of a parsed query (empty when it has nothing searchable).

    Each word is looked up in every weighted field (BM25F); players' words add the
    rules' words at a lower weight; official numbers, the whole question as a loose
    phrase and quoted phrases add boosts. Every word counts, common ones too: impact
    postings add even a word found in half of 100,000 entries in well under a
    millisecond, so the ranking is exact BM25F at any size.
    """
    clauses: list[Clause] = []
    tokens = pq.tokens
    words_and_weights = [(t, 1.0) for t in tokens]
    for alternatives in pq.expansions.values():
        words_and_weights += [
            (alt, tuning.SYNONYM_WEIGHT) for alt in alternatives if alt not in tokens
        ]
    boosts = dict(FIELD_BOOSTS)
    if len(tokens) <= tuning.LOOKUP_WORDS:
        # A term or a name looked up: the entry that defines it, not the questions that
        # happen to mention it.
        boosts["asks"] = tuning.LOOKUP_ASKS_BOOST
    for word, weight in words_and_weights:
        for fld, boost in boosts.items():
            clauses.append(Clause(fld, (word,), boost * weight))
    for number in pq.numbers:
        clauses.append(Clause("numbers", (number.key,), BOOSTS[number.kind]))
    if 2 <= len(pq.phrase) <= tuning.MAX_TERMS:
        for fld in PHRASE_FIELDS:
            clauses.append(Clause(fld, pq.phrase, tuning.PHRASE_BOOST, slop=tuning.PHRASE_SLOP))
    for quoted in pq.quoted:
        for fld in PHRASE_FIELDS:
            clauses.append(Clause(fld, quoted, tuning.QUOTED_BOOST, slop=1))
    return dedupe(clauses)


def to_whoosh(clauses: list[Clause]) -> Query:
    """The whoosh query for these clauses (the reference evaluator)."""
    from whoosh.query import Or, Phrase, Term

    parts: list[Query] = []
    for c in clauses:
        if c.is_phrase:
            parts.append(Phrase(c.field, list(c.words), slop=c.slop, boost=c.boost))
        else:
            parts.append(Term(c.field, c.words[0], boost=c.boost))
    return Or(parts)
