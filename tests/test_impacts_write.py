"""The build reads whoosh's position postings itself (indexer/impacts_write.py): it
must read every value exactly as whoosh's own decoder does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from whoosh.formats import Positions

from indexer.impacts_write import _position_decoder

FORMAT = Positions()
DECODE = _position_decoder(FORMAT)

# Word positions in a text: increasing, with gaps small (one byte), middling (two)
# and large (four: a text of more than 65,535 words).
gaps = st.lists(
    st.one_of(st.integers(0, 255), st.integers(256, 65_535), st.integers(65_536, 3_000_000)),
    min_size=1,
    max_size=40,
)


def positions_of(steps: list[int]) -> list[int]:
    out, pos = [], 0
    for i, step in enumerate(steps):
        pos += step if i == 0 else max(step, 1)
        out.append(pos)
    return out


@given(gaps)
def test_a_position_value_reads_as_whoosh_reads_it(steps):
    value = FORMAT.encode(positions_of(steps))
    assert DECODE(value) == FORMAT.decode_positions(value)


@given(gaps)
def test_a_value_without_its_final_stop_still_reads_as_whoosh_reads_it(steps):
    value = FORMAT.encode(positions_of(steps))[:-1]
    assert DECODE(value) == FORMAT.decode_positions(value)


def test_the_common_shapes_are_read():
    for positions in ([0], [7], [255], [3, 9], [1, 300, 70_000], list(range(0, 500, 5))):
        value = FORMAT.encode(positions)
        assert DECODE(value) == positions
