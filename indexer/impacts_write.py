"""Writes a generation's impact postings from its finished whoosh index (the build side
of indexer/impacts.py).

This is the one module that reads whoosh's private matcher and format internals, to
walk postings a block at a time; each use is commented.
"""

from __future__ import annotations

import json
from array import array
from pathlib import Path

import numpy as np

from indexer.generation import IMPACTS
from indexer.impacts import FORMAT_VERSION
from indexer.schema import CompactPositions


def write_impacts(searcher, fields: list[str], target: Path) -> None:
    """Computes every posting's score in `fields` from a finished whoosh index."""
    reader = searcher.reader()
    weighting = searcher.weighting
    n = searcher.doc_count_all()
    docs = array("i")
    weights = array("d")
    tables: list[np.ndarray] = []
    places: list[np.ndarray] = []
    n_table = 0
    pos_counts = array("q")
    positions = array("i")
    terms: dict[str, list[int]] = {}
    for field in fields:
        fieldtype = searcher.schema[field]
        positional = fieldtype.format.supports("positions")
        gaps = _Gaps(fieldtype.format, positions, pos_counts) if positional else None
        lengths = np.array(
            [searcher.doc_field_length(d, field, 1) for d in range(n)], dtype=np.float64
        )
        avgfl = searcher.avg_field_length(field) or 1
        # whoosh private: BM25F's per-field B, as whoosh's own scorer reads it.
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
                    matcher._read_ids()  # whoosh private: the block's ids at once
                    matcher._read_weights()  # whoosh private: ...and its weights
                    ids = matcher._ids  # whoosh private: the block's ids
                    docs.extend([d + offset for d in ids] if offset else ids)
                    weights.extend(list(matcher._weights))  # whoosh private
                    if gaps is not None:
                        matcher._read_values()  # whoosh private: the block's values
                        gaps.add(matcher._values)  # whoosh private: the values
                    else:
                        pos_counts.extend([0] * len(matcher._ids))  # whoosh private
                    matcher._next_block()  # whoosh private: on to the next block
            end = len(docs)
            if gaps is not None:
                gaps.flush_if_large()
            if end == start:
                continue
            text = fieldtype.from_bytes(btext)
            idf = searcher.idf(field, btext)
            tf = np.array(weights[start:end], dtype=np.float64)  # copies: the arrays grow
            fl = lengths[np.array(docs[start:end], dtype=np.int64)]
            # whoosh.scoring.bm25, operation for operation.
            score = idf * ((tf * (k1 + 1)) / (tf + k1 * ((1 - b) + b * fl / avgfl)))
            # A word's postings share few scores (a score depends only on the posting's
            # frequency and the document's one-byte length): each is kept once, in the
            # word's table, and a posting holds its place in it.
            table, place = np.unique(score, return_inverse=True)
            terms[f"{field}\t{text}"] = [start, end, n_table]
            tables.append(table)
            places.append(place)
            n_table += len(table)
        if gaps is not None:
            gaps.flush()
    out = target / IMPACTS
    out.mkdir()
    np.save(out / "docs.npy", np.frombuffer(docs, dtype=np.int32))
    np.save(out / "scores.npy", np.concatenate(tables) if tables else np.zeros(0))
    place = np.concatenate(places) if places else np.zeros(0, dtype=np.int64)
    np.save(out / "score_of.npy", place.astype(_smallest(int(place.max(initial=0)), np.uint8)))
    counts = np.frombuffer(pos_counts, dtype=np.int64)
    found = np.frombuffer(positions, dtype=np.int32)
    pos_start = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=pos_start[1:])
    shift, base, offset = blocked_starts(pos_start)
    np.save(out / "pos_base.npy", base)
    np.save(out / "pos_offset.npy", offset)
    # A field's positions fit 16 bits unless a text has more than 65,535 words.
    np.save(out / "positions.npy", found.astype(_smallest(int(found.max(initial=0)), np.uint16)))
    meta = {"version": FORMAT_VERSION, "docs": n, "pos_shift": shift, "terms": terms}
    (out / "terms.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")


def blocked_starts(starts: np.ndarray) -> tuple[int, np.ndarray, np.ndarray]:
    """Each posting's first row in `positions`, stored as a block's start (one per 2**shift
    postings) and the posting's offset from it in one byte: 1.25 bytes a posting where a
    start of its own took 4. The largest block whose offsets all fit a byte (a posting
    holds a word a few times); two bytes, in blocks of 64, if even blocks of 8 don't."""

    def blocks(shift: int) -> tuple[np.ndarray, np.ndarray]:
        base = starts[:: 1 << shift]
        return base, starts - np.repeat(base, 1 << shift)[: len(starts)]

    shift = next((s for s in (6, 5, 4, 3) if int(blocks(s)[1].max(initial=0)) <= 0xFF), 6)
    base, offset = blocks(shift)
    largest_base = int(base[-1]) if len(base) else 0
    return (
        shift,
        base.astype(_smallest(largest_base, np.uint32)),
        offset.astype(_smallest(int(offset.max(initial=0)), np.uint8)),
    )


def _smallest(largest: int, small: type) -> type:
    """`small` when it holds `largest`, else the next unsigned type that does."""
    for dtype in (small, np.uint32, np.uint64):
        if largest <= np.iinfo(dtype).max and np.iinfo(dtype).bits >= np.iinfo(small).bits:
            return dtype
    return np.uint64


class _Gaps:
    """Turns postings' position values into positions, appending them (and each
    posting's count) to the writer's arrays in posting order.

    CompactPositions values are plain 16-bit gaps: a block's values are joined and read
    as one array, and the gaps become positions with one cumulative sum per batch of
    words (a posting's positions are the running sum of its gaps, less the sum before
    it). A value with 32-bit gaps, or another format's, is decoded by the format.
    """

    BATCH = 1 << 22  # gaps held before they are turned into positions (32 MB as int64)

    def __init__(self, fmt, positions: array, pos_counts: array):
        self._fmt = fmt
        self._compact = type(fmt) is CompactPositions
        self._positions = positions
        self._pos_counts = pos_counts
        self._chunks: list[np.ndarray] = []
        self._counts = array("q")
        self._held = 0

    def add(self, values) -> None:
        lengths = [len(v) for v in values]
        if self._compact and not any(n & 1 for n in lengths):
            chunk = np.frombuffer(b"".join(values), dtype="<u2")
            self._counts.extend([n >> 1 for n in lengths])
        elif self._compact:
            found = [self._fmt.decode_gaps(v) for v in values]
            chunk = np.concatenate([np.asarray(g, dtype=np.int64) for g in found])
            self._counts.extend([len(g) for g in found])
        else:
            found = [self._fmt.decode_positions(v) for v in values]
            chunk = np.concatenate([np.diff(g, prepend=0) for g in found]).astype(np.int64)
            self._counts.extend([len(g) for g in found])
        self._chunks.append(chunk)
        self._held += len(chunk)

    def flush_if_large(self) -> None:
        if self._held >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        if not self._chunks:
            return
        total = np.cumsum(np.concatenate(self._chunks), dtype=np.int64)
        counts = np.frombuffer(self._counts, dtype=np.int64)
        ends = np.cumsum(counts)
        before = np.zeros(len(counts), dtype=np.int64)
        before[1:] = total[ends[:-1] - 1]
        found = total - np.repeat(before, counts)
        self._positions.frombytes(found.astype(np.int32).tobytes())
        self._pos_counts.extend(self._counts)
        self._chunks, self._counts, self._held = [], array("q"), 0
