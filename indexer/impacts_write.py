"""Writes a generation's impact postings from its finished whoosh index (the build side
of indexer/impacts.py).

This is the one module that reads whoosh's private matcher and format internals, to
walk postings a block at a time; each use is commented.
"""

from __future__ import annotations

import json
import pickle
import struct
from array import array
from itertools import accumulate
from pathlib import Path

import numpy as np
from whoosh.formats import Positions
from whoosh.system import _INT_SIZE  # whoosh private: the size of the length prefix

from indexer.generation import IMPACTS
from indexer.impacts import FORMAT_VERSION


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
        decode = _position_decoder(fieldtype.format)
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
                    if positional:
                        matcher._read_values()  # whoosh private: the block's values
                        for value in matcher._values:  # whoosh private: the values
                            found = decode(value)
                            positions.extend(found)
                            pos_counts.append(len(found))
                    else:
                        pos_counts.extend([0] * len(matcher._ids))  # whoosh private
                    matcher._next_block()  # whoosh private: on to the next block
            end = len(docs)
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


# whoosh's Positions value: a 4-byte count, then pickle protocol 2 of the list of deltas,
# `\x80\x02]q\x00` and either one item and `a` or `(`, the items and `e`, then `.`; an
# item is K (one byte), M (two, little-endian) or J (four, signed).
_PICKLED_LIST = b"\x80\x02]q\x00"
_K, _M, _MARK, _APPENDS, _STOP = 75, 77, 40, 101, 46
_U16 = struct.Struct("<H").unpack_from


def _position_decoder(fmt):
    """whoosh's Positions.decode_positions, reading the pickle's bytes directly for the
    lists of small deltas nearly every posting holds (2 µs a posting with pickle.loads
    and a third of the build's impact step; 0.6 µs so); anything else goes to pickle.
    Other formats decode their own."""
    if type(fmt) is not Positions:
        return getattr(fmt, "decode_positions", None)  # None: the field has no positions

    def by_pickle(value: bytes) -> list[int]:
        if not value.endswith(b"."):
            value += b"."
        return list(accumulate(pickle.loads(value[_INT_SIZE:])))

    def decode(value: bytes) -> list[int]:
        if value[_INT_SIZE : _INT_SIZE + 5] != _PICKLED_LIST:
            return by_pickle(value)
        op = value[_INT_SIZE + 5]
        if op == _K and len(value) == _INT_SIZE + 9 and value.endswith(b"a."):
            return [value[_INT_SIZE + 6]]  # one position under 256
        if op != _MARK:
            return by_pickle(value)
        out: list[int] = []
        pos = 0
        i = _INT_SIZE + 6
        last = len(value) - 2  # the `e` before the final `.`
        while i < last:
            op = value[i]
            if op == _K:
                pos += value[i + 1]
                i += 2
            elif op == _M:
                pos += _U16(value, i + 1)[0]
                i += 3
            else:
                return by_pickle(value)
            out.append(pos)
        if i != last or value[last] != _APPENDS or value[-1] != _STOP:
            return by_pickle(value)
        return out

    return decode
