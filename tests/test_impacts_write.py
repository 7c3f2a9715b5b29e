"""Positions are stored as plain gaps (indexer.schema.CompactPositions), and the build
reads them back a whole field at a time (indexer/impacts_write.py): every value must
read exactly as the format's own decoder reads it, and whoosh must still match phrases
with it."""

from __future__ import annotations

from array import array

from hypothesis import given
from hypothesis import strategies as st
from whoosh import index
from whoosh.fields import ID, TEXT, Schema
from whoosh.formats import Positions
from whoosh.query import Phrase

from indexer.impacts_write import _Gaps
from indexer.schema import WIDE, CompactPositions

FORMAT = CompactPositions()

# Word positions in a text: ascending (a word may repeat a position: a sub-word found
# twice in one word), with gaps small, middling and large (a text of more than 65,535
# words).
gaps = st.lists(
    st.one_of(st.integers(0, 255), st.integers(256, 65_535), st.integers(65_536, 3_000_000)),
    min_size=1,
    max_size=40,
)


def positions_of(steps: list[int]) -> list[int]:
    out, pos = [], 0
    for step in steps:
        pos += step
        out.append(pos)
    return out


@given(gaps)
def test_a_value_reads_back_as_the_positions_written(steps):
    positions = positions_of(steps)
    value = FORMAT.encode(positions)
    assert FORMAT.decode_positions(value) == positions
    assert FORMAT.decode_frequency(value) == len(positions)
    # Positions up to 65,535 take two bytes each and nothing more; beyond, a marker
    # byte and four each.
    if positions[-1] <= 0xFFFF:
        assert len(value) == 2 * len(positions)
    else:
        assert value.startswith(WIDE) and len(value) == 1 + 4 * len(positions)


def read_as_the_build_does(values: list[bytes], fmt=FORMAT, batch: int | None = None):
    positions, counts = array("i"), array("q")
    reader = _Gaps(fmt, positions, counts)
    if batch is not None:
        reader.BATCH = batch
    for value in values:  # one block a posting: the reader must not care how they come
        reader.add([value])
        reader.flush_if_large()
    reader.flush()
    return list(positions), list(counts)


@given(st.lists(gaps.filter(lambda s: sum(s) < 2**31), min_size=1, max_size=12))
def test_a_field_of_postings_reads_as_the_format_reads_each(postings):
    listed = [positions_of(steps) for steps in postings]
    values = [FORMAT.encode(p) for p in listed]
    expected = [pos for p in listed for pos in p], [len(p) for p in listed]
    assert read_as_the_build_does(values) == expected
    # In batches (a big field is turned into positions a few words at a time).
    assert read_as_the_build_does(values, batch=3) == expected


def test_a_block_of_postings_at_once():
    listed = [[0], [7, 9], [255, 256, 70_000], [3], list(range(0, 500, 5))]
    positions, counts = array("i"), array("q")
    reader = _Gaps(FORMAT, positions, counts)
    reader.add([FORMAT.encode(p) for p in listed[:2]])  # a 16-bit block
    reader.add([FORMAT.encode(p) for p in listed[2:]])  # a block holding a wide value
    reader.flush()
    assert list(positions) == [pos for p in listed for pos in p]
    assert list(counts) == [len(p) for p in listed]


def test_another_positional_format_is_read_through_its_own_decoder():
    fmt = Positions()
    listed = [[0, 4, 4, 9], [70_000]]
    assert read_as_the_build_does([fmt.encode(p) for p in listed], fmt=fmt) == (
        [0, 4, 4, 9, 70_000],
        [4, 1],
    )


def test_whoosh_matches_phrases_over_compact_positions(tmp_path):
    body = TEXT(phrase=True)
    body.format = CompactPositions(field_boost=body.format.field_boost)
    ix = index.create_in(str(tmp_path), Schema(id=ID(stored=True), body=body))
    with ix.writer() as w:
        w.add_document(id="a", body="garrison cannot move retreat garrison")
        w.add_document(id="b", body="retreat units move garrison")
    with ix.searcher() as s:
        hits = s.search(Phrase("body", ["move", "retreat"]))
        assert [h["id"] for h in hits] == ["a"]
        postings = s.postings("body", "garrison")
        assert dict(postings.items_as("positions")) == {0: [0, 4], 1: [3]}
