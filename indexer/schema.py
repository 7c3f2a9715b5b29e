"""What whoosh indexes: one document per entry, two scored text fields plus exact fields.

The texts a hit shows are not stored here (the generation's `docs/` holds them); whoosh
keeps the id, the labels and the postings, and stays the reference evaluator.
"""

from __future__ import annotations

import sys
from array import array
from itertools import pairwise

from whoosh.fields import ID, KEYWORD, NUMERIC, TEXT, FieldType, Schema
from whoosh.formats import Positions

from indexer.analysis import Analysis

# A value of CompactPositions holding 32-bit gaps starts with this byte (its length is
# then odd; a 16-bit value's is even).
WIDE = b"\x04"
_SWAP = sys.byteorder != "little"


class CompactPositions(Positions):
    """Positions as the gaps between them, little-endian 16-bit numbers (32-bit after a
    WIDE byte when a text has more than 65,535 words).

    whoosh's own Positions pickles each posting's gaps behind a 4-byte count: 11 bytes of
    framing a posting, a pickle call per posting when the build writes it, and a Python
    parse per posting when the build reads it back for the impact postings. These are
    the same numbers as plain arrays, which that reader turns into positions a field at
    a time with numpy (indexer/impacts_write.py). Every token's boost is 1, so a
    posting's weight is its count, as in Positions.
    """

    def encode(self, poslist: list[int]) -> bytes:
        gaps = [poslist[0], *(b - a for a, b in pairwise(poslist))]
        wide = poslist[-1] > 0xFFFF  # positions ascend: no gap exceeds the last one
        out = array("I" if wide else "H", gaps)
        if _SWAP:
            out.byteswap()
        return WIDE + out.tobytes() if wide else out.tobytes()

    def decode_gaps(self, valuestring: bytes) -> array:
        if len(valuestring) % 2:
            out = array("I", valuestring[len(WIDE) :])
        else:
            out = array("H", valuestring)
        if _SWAP:
            out.byteswap()
        return out

    def decode_positions(self, valuestring: bytes) -> list[int]:
        position, positions = 0, []
        for gap in self.decode_gaps(valuestring):
            position += gap
            positions.append(position)
        return positions

    def decode_frequency(self, valuestring: bytes) -> int:
        if len(valuestring) % 2:
            return (len(valuestring) - len(WIDE)) // 4
        return len(valuestring) // 2


def _compact(field: FieldType) -> FieldType:
    field.format = CompactPositions(field_boost=field.format.field_boost)
    return field


def make_schema(analysis: Analysis) -> Schema:
    """The schema, analysed with one generation's analysis (pickled by its digest)."""
    analyzer = analysis.analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(sortable=True),
        type=ID(sortable=True),
        # Official numbers as `kind:value` keys (qa:108, rule:16.9.5, page:12).
        numbers=KEYWORD(lowercase=True, commas=True, scorable=True),
        # What names the entry: titles, the terms it defines and uses (both languages),
        # the cards it cites, its locator. One field, so a word costs one matcher here...
        keys=_compact(TEXT(analyzer=analyzer, phrase=True)),
        # The forms (both languages) of the terms this entry defines: a term look-up
        # should find the entry that defines it first.
        defines=TEXT(analyzer=analyzer),
        # ...and one in the texts of both languages.
        body=_compact(TEXT(analyzer=analyzer, phrase=True)),
        # The questions players ask that the entry answers (its "players ask", ours).
        asks=_compact(TEXT(analyzer=analyzer, phrase=True)),
        order=NUMERIC(stored=True, sortable=True),
    )
