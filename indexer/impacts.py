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
`scores.npy` (float64), one row per posting, grouped by word; `pos_start.npy`
(int64, one more row than postings) and `positions.npy` (int32) for fields with
positions; `terms.json` maps "field<TAB>word" to its [start, end) rows.
"""

from __future__ import annotations

import json
import os
import pickle
from array import array
from itertools import accumulate
from pathlib import Path

import numpy as np
from whoosh.formats import Positions
from whoosh.system import _INT_SIZE

from indexer.scoring import Clause

IMPACTS = "impacts"
FORMAT_VERSION = 1


def write_impacts(searcher, fields: list[str], target: Path) -> None:
    """Computes every posting's score in `fields` from a finished whoosh index."""
    reader = searcher.reader()
    weighting = searcher.weighting
    n = searcher.doc_count_all()
    docs = array("i")
    weights = array("d")
    scores: list[np.ndarray] = []
    pos_counts = array("q")
    positions = array("i")
    terms: dict[str, list[int]] = {}
    for field in fields:
        fieldtype = searcher.schema[field]
        positional = fieldtype.format.supports("positions")
        decode = _position_decoder(fieldtype.format)
        lengths = np.array(
            [searcher.doc_field_length(d, field, 1) for d in range(n)], dtype=np.float64
        )
        avgfl = searcher.avg_field_length(field) or 1
        b = getattr(weighting, "_field_B", {}).get(field, weighting.B)
        k1 = weighting.K1
        for btext in list(reader.lexicon(field)):
            start = len(docs)
            for seg_reader, offset in reader.leaf_readers():
                if (field, btext) not in seg_reader:
                    continue
                matcher = seg_reader.postings(field, btext)
                # Whole blocks at a time (whoosh's per-posting calls cost 2 µs each).
                while matcher.is_active():
                    matcher._read_ids()
                    matcher._read_weights()
                    ids = matcher._ids
                    docs.extend([d + offset for d in ids] if offset else ids)
                    weights.extend(list(matcher._weights))
                    if positional:
                        matcher._read_values()
                        for value in matcher._values:
                            found = decode(value)
                            positions.extend(found)
                            pos_counts.append(len(found))
                    else:
                        pos_counts.extend([0] * len(matcher._ids))
                    matcher._next_block()
            end = len(docs)
            if end == start:
                continue
            text = fieldtype.from_bytes(btext)
            idf = searcher.idf(field, btext)
            tf = np.array(weights[start:end], dtype=np.float64)  # copies: the arrays grow
            fl = lengths[np.array(docs[start:end], dtype=np.int64)]
            # whoosh.scoring.bm25, operation for operation.
            scores.append(idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * fl / avgfl))))
            terms[f"{field}\t{text}"] = [start, end]
    out = target / IMPACTS
    out.mkdir()
    np.save(out / "docs.npy", np.frombuffer(docs, dtype=np.int32))
    np.save(out / "scores.npy", np.concatenate(scores) if scores else np.zeros(0))
    pos_start = np.zeros(len(pos_counts) + 1, dtype=np.int64)
    np.cumsum(np.frombuffer(pos_counts, dtype=np.int64), out=pos_start[1:])
    np.save(out / "pos_start.npy", pos_start)
    np.save(out / "positions.npy", np.frombuffer(positions, dtype=np.int32))
    meta = {"version": FORMAT_VERSION, "docs": n, "terms": terms}
    (out / "terms.json").write_text(json.dumps(meta, ensure_ascii=False))


def _mapped(path: Path) -> np.ndarray:
    """A read-only memory map of a saved array, as a plain ndarray: slicing an
    np.memmap makes a memmap object each time, three times slower."""
    return np.load(path, mmap_mode="r").view(np.ndarray)


def _position_decoder(fmt):
    """whoosh's Positions.decode_positions, with the running sum done in C (a third
    of the build's impact step is decoding positions); other formats decode their own."""
    if type(fmt) is not Positions:
        return getattr(fmt, "decode_positions", None)  # None: the field has no positions

    def decode(value: bytes) -> list[int]:
        if not value.endswith(b"."):
            value += b"."
        return list(accumulate(pickle.loads(value[_INT_SIZE:])))

    return decode


class ImpactIndex:
    """Scores clauses from the memory-mapped impact postings of one generation."""

    def __init__(self, directory: Path):
        meta = json.loads((directory / "terms.json").read_text())
        if meta.get("version") != FORMAT_VERSION:
            raise ValueError(f"impact postings of version {meta.get('version')}")
        self.doc_count: int = meta["docs"]
        self._terms: dict[str, list[int]] = meta["terms"]
        self._docs = _mapped(directory / "docs.npy")
        self._scores = _mapped(directory / "scores.npy")
        self._pos_start = _mapped(directory / "pos_start.npy")
        self._positions = _mapped(directory / "positions.npy")
        if not (len(self._docs) == len(self._scores) == len(self._pos_start) - 1):
            raise ValueError("impact postings arrays disagree in length")

    @classmethod
    def open(cls, generation: str | os.PathLike) -> ImpactIndex | None:
        """The generation's impact postings, or None when it has none."""
        directory = Path(generation) / IMPACTS
        return cls(directory) if (directory / "terms.json").exists() else None

    def _rows(self, field: str, word: str) -> tuple[int, int] | None:
        found = self._terms.get(f"{field}\t{word}")
        return (found[0], found[1]) if found else None

    def score(self, clauses: list[Clause]) -> np.ndarray:
        """Every document's score (0.0 where nothing matched), as whoosh scores
        `to_whoosh(clauses)`."""
        acc = np.zeros(self.doc_count, dtype=np.float64)
        for c in clauses:
            if c.is_phrase:
                self._add_phrase(acc, c)
                continue
            rows = self._rows(c.field, c.words[0])
            if rows is not None:
                a, b = rows
                acc[self._docs[a:b]] += c.boost * self._scores[a:b]
        return acc

    def _add_phrase(self, acc: np.ndarray, c: Clause) -> None:
        lists = [self._rows(c.field, w) for w in c.words]
        if any(rows is None for rows in lists):
            return  # whoosh drops a phrase with an unknown word
        # The rows, in each word's list, of the documents holding every word.
        common = np.asarray(self._docs[lists[0][0] : lists[0][1]])
        picks = [np.arange(lists[0][0], lists[0][1])]
        for a, b in lists[1:]:
            common, keep, found = np.intersect1d(
                common, self._docs[a:b], assume_unique=True, return_indices=True
            )
            picks = [p[keep] for p in picks] + [found + a]
            if not len(common):
                return
        pos_start, positions = self._pos_start, self._positions
        matched = []
        for i in range(len(common)):
            ends: set[int] = set()
            for k, p in enumerate(picks):
                row = int(p[i])
                here = positions[pos_start[row] : pos_start[row + 1]].tolist()
                if k == 0:
                    ends = set(here)
                else:
                    ends = {q for q in here if any(1 <= q - e <= c.slop for e in ends)}
                if not ends:
                    break
            if ends:
                matched.append(i)
        if matched:
            idx = np.array(matched)
            total = sum(self._scores[p[idx]] for p in picks)
            acc[common[idx]] += c.boost * total


class Labels:
    """Each document's game, type and place in the KB, as arrays: facet counts, the
    filters and the tie order of every search path come from these."""

    def __init__(self, games: list[str], types: list[str], order: list[int]):
        self.game_names = sorted(set(games))
        self.type_names = sorted(set(types))
        gi = {g: i for i, g in enumerate(self.game_names)}
        ti = {t: i for i, t in enumerate(self.type_names)}
        self.games = np.array([gi[g] for g in games], dtype=np.int16)
        self.types = np.array([ti[t] for t in types], dtype=np.int16)
        self.order = np.array(order, dtype=np.int64)  # each document's place in the KB

    def game_code(self, game: str | None) -> int | None:
        """The code of a game (-1 when no document has it; None for no game)."""
        return _code(self.game_names, game)

    def type_code(self, entry_type: str | None) -> int | None:
        return _code(self.type_names, entry_type)

    def facets(
        self, matched: np.ndarray, game: str | None, entry_type: str | None
    ) -> tuple[dict[str, dict[str, int]], np.ndarray]:
        """Counts per game (under the type filter) and per type (under the game
        filter) of the matched documents, and those passing both filters."""
        g, t = self.game_code(game), self.type_code(entry_type)
        in_type = matched if t is None else matched[self.types[matched] == t]
        in_game = matched if g is None else matched[self.games[matched] == g]
        by_game = np.bincount(self.games[in_type], minlength=len(self.game_names))
        by_type = np.bincount(self.types[in_game], minlength=len(self.type_names))
        facets = {
            "game": _by_count(self.game_names, by_game),
            "type": _by_count(self.type_names, by_type),
        }
        wanted = in_game if t is None else in_game[self.types[in_game] == t]
        return facets, wanted

    def rank(
        self, acc: np.ndarray, game: str | None, entry_type: str | None, window: int
    ) -> tuple[list[tuple[int, float]], dict[str, dict[str, int]]]:
        """The best `window` (docnum, score) under the filters, best first (ties in KB
        order), and the facet counts."""
        facets, wanted = self.facets(np.flatnonzero(acc), game, entry_type)
        scores = acc[wanted]
        if len(scores) > window:
            # Everything at or above the window-th best score, then an exact order.
            kth = np.partition(scores, len(scores) - window)[len(scores) - window]
            keep = scores >= kth
            wanted, scores = wanted[keep], scores[keep]
        best = np.lexsort((self.order[wanted], -scores))[:window]
        return [(int(wanted[i]), float(scores[i])) for i in best], facets


def _code(names: list[str], value: str | None) -> int | None:
    if value is None:
        return None
    return names.index(value) if value in names else -1


def _by_count(names: list[str], counts: np.ndarray) -> dict[str, int]:
    """Non-zero counts, largest first, then by name (as the whoosh path orders them)."""
    found = [(names[i], int(n)) for i, n in enumerate(counts) if n]
    return dict(sorted(found, key=lambda kv: (-kv[1], kv[0])))
