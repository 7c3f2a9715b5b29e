"""Impact postings: each word's documents with their BM25F score already computed,
written beside the whoosh index at build time and memory-mapped by every worker.

whoosh scores a query by walking a tree of Python matchers, one posting at a time:
at 100,000 entries a player's question takes 0.2 s at the median and 2.6 s at the
99th percentile. The score of a word in a document (BM25F, boost 1) depends only on
the index, so the build stores it once per posting, as whoosh computes it (same
idf, same lossy field lengths, same B and K1); a query then adds whole arrays with
numpy. Phrases are checked on the documents that hold all their words, from the
positions stored alongside. Tests compare every benchmark query's scores with
whoosh's own.

Files in the generation directory, under `impacts/`: `docs.npy` (int32) and
`score_of.npy` (one row per posting, grouped by word: the posting's place in its word's
table of scores, one byte where it fits) and `scores.npy` (the words' tables, float64: the
scores are whoosh's to the last bit); `positions.npy` (uint16 where it fits) for fields
with positions, and where each posting's positions start in it: `pos_base.npy`, the
start of every block of 2**pos_shift postings (uint32 where it fits), and `pos_offset.npy`,
each posting's offset from its block's start (one byte where it fits; one more row than
postings, so that a posting's positions end where the next one's start); `terms.json`
maps "field<TAB>word" to its [start, end) rows and the start of its table of scores, and
holds `pos_shift`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np

from indexer.generation import IMPACTS
from indexer.scoring import Clause

# 2: positions uint16 and their starts uint32 where they fit; 3: the starts as a block's
# start and a byte's offset from it (a fifth of a 100,000-entry index's impact postings);
# 4: each word's distinct scores once, a posting holding its place among them (8 bytes a
# posting → 1 or 2)
FORMAT_VERSION = 4


def _mapped(path: Path) -> np.ndarray:
    """A read-only memory map of a saved array, as a plain ndarray: slicing an
    np.memmap makes a memmap object each time, three times slower."""
    return np.load(path, mmap_mode="r").view(np.ndarray)


class ImpactIndex:
    """Scores clauses from the memory-mapped impact postings of one generation."""

    def __init__(self, directory: Path):
        meta = json.loads((directory / "terms.json").read_text(encoding="utf-8"))
        if meta.get("version") != FORMAT_VERSION:
            raise ValueError(f"impact postings of version {meta.get('version')}")
        self.doc_count: int = meta["docs"]
        self._terms: dict[str, list[int]] = meta["terms"]
        self._docs = _mapped(directory / "docs.npy")
        self._scores = _mapped(directory / "scores.npy")
        self._score_of = _mapped(directory / "score_of.npy")
        self._pos_shift: int = meta["pos_shift"]
        self._pos_base = _mapped(directory / "pos_base.npy")
        self._pos_offset = _mapped(directory / "pos_offset.npy")
        self._positions = _mapped(directory / "positions.npy")
        n = len(self._docs)
        if not (
            n == len(self._score_of) == len(self._pos_offset) - 1
            and len(self._pos_base) == (n >> self._pos_shift) + 1
        ):
            raise ValueError("impact postings arrays disagree in length")

    @classmethod
    def open(cls, generation: str | os.PathLike) -> ImpactIndex | None:
        """The generation's impact postings, or None when it has none."""
        directory = Path(generation) / IMPACTS
        return cls(directory) if (directory / "terms.json").exists() else None

    def _rows(self, field: str, word: str) -> tuple[int, int, int] | None:
        """A word's [start, end) postings and the start of its table of scores."""
        found = self._terms.get(f"{field}\t{word}")
        return (found[0], found[1], found[2]) if found else None

    def _scores_of(self, rows: slice | np.ndarray, table: int) -> np.ndarray:
        """The scores of postings `rows` of the word whose table starts at `table`."""
        return self._scores[table:][self._score_of[rows]]

    def score(self, clauses: list[Clause]) -> np.ndarray:
        """Every document's score (0.0 where nothing matched), as whoosh scores
        `to_whoosh(clauses)`."""
        acc = np.zeros(self.doc_count, dtype=np.float64)
        # The word clauses before the first phrase (all of them, as build_clauses orders
        # a query) are added in one bincount, not one fancy-index add each (a question
        # makes 60 to 100): each document's additions happen in the same order either
        # way, from zero, so the scores are the same to the last bit.
        docs: list[np.ndarray] = []
        weights: list[np.ndarray] = []
        fresh = True
        for c in clauses:
            if c.is_phrase:
                if fresh and docs:
                    acc = np.bincount(
                        np.concatenate(docs), weights=np.concatenate(weights), minlength=len(acc)
                    )
                fresh = False
                self._add_phrase(acc, c)
                continue
            rows = self._rows(c.field, c.words[0])
            if rows is None:
                continue
            a, b, table = rows
            if fresh:
                docs.append(self._docs[a:b])
                weights.append(c.boost * self._scores_of(slice(a, b), table))
            else:
                acc[self._docs[a:b]] += c.boost * self._scores_of(slice(a, b), table)
        if fresh and docs:
            acc = np.bincount(
                np.concatenate(docs), weights=np.concatenate(weights), minlength=len(acc)
            )
        return acc

    def _add_phrase(self, acc: np.ndarray, c: Clause) -> None:
        lists = [self._rows(c.field, w) for w in c.words]
        if any(rows is None for rows in lists) or c.slop < 1:
            return  # whoosh drops a phrase with an unknown word
        # The rows, in each word's list, of the documents holding every word.
        common = np.asarray(self._docs[lists[0][0] : lists[0][1]])
        picks = [np.arange(lists[0][0], lists[0][1])]
        for a, b, _ in lists[1:]:
            common, keep, found = np.intersect1d(
                common, self._docs[a:b], assume_unique=True, return_indices=True
            )
            picks = [p[keep] for p in picks] + [found + a]
            if not len(common):
                return
        # Each word's positions in the common documents as keys (document << 32 | position),
        # so that the words following one another are found with array operations for all
        # the documents at once (a loop per document was nine tenths of a 10k search's p99).
        ends = self._position_keys(picks[0])
        for p in picks[1:]:
            here = self._position_keys(p)
            follows = np.concatenate([ends + d for d in range(1, c.slop + 1)])
            ends = here[np.isin(here, follows)]
            if not len(ends):
                return
        idx = np.unique(ends >> 32)  # the common documents where the phrase occurs
        total = sum(self._scores_of(p[idx], rows[2]) for p, rows in zip(picks, lists, strict=True))
        acc[common[idx]] += c.boost * total

    def _position_keys(self, rows: np.ndarray) -> np.ndarray:
        """The positions of postings `rows` (the i-th the i-th common document), each as
        i << 32 | position."""
        starts = self._starts(rows)
        counts = self._starts(rows + 1) - starts
        n = int(counts.sum())
        if not n:
            return np.zeros(0, dtype=np.int64)
        # Row-major gather of each posting's slice of `positions`.
        before = np.cumsum(counts) - counts
        flat = np.repeat(starts - before, counts) + np.arange(n, dtype=np.int64)
        owner = np.repeat(np.arange(len(rows), dtype=np.int64), counts)
        return (owner << 32) | self._positions[flat].astype(np.int64)

    def _starts(self, rows: np.ndarray) -> np.ndarray:
        """Where each of postings `rows` starts in `positions` (int64)."""
        return self._pos_base[rows >> self._pos_shift].astype(np.int64) + self._pos_offset[rows]
