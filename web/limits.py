"""The API's bounds in one place: the service enforces them and the OpenAPI document
declares them, so the two cannot disagree."""

from __future__ import annotations

from indexer.suggest import MAX_INPUT as SUGGEST_QUERY_CHARS
from indexer.tuning import MAX_LIMIT, MAX_OFFSET, MAX_QUERY_CHARS

__all__ = [
    "ENTRIES_DEFAULT_LIMIT",
    "ENTRIES_MAX_LIMIT",
    "MAX_BODY_BYTES",
    "MAX_INT_DIGITS",
    "MAX_JSON_DEPTH",
    "MAX_LIMIT",
    "MAX_OFFSET",
    "MAX_QUERY_CHARS",
    "SEARCH_DEFAULT_LIMIT",
    "SUGGEST_QUERY_CHARS",
    "TERMS_QUERY_CHARS",
]

SEARCH_DEFAULT_LIMIT = 10
# /api/entries pages: the 65 fe0 Q&As fit one page of the maximum; everything at once is
# the bulk download (/api/entries.json).
ENTRIES_DEFAULT_LIMIT = 50
ENTRIES_MAX_LIMIT = 100
# Request bodies (the app's MAX_CONTENT_LENGTH, chunked bodies included).
MAX_BODY_BYTES = 64 * 1024
# A run body is at most {"params": {"name": [1, 2]}}: depth 3. Deeper is refused before
# decoding (json and our own walk over the value are both recursive).
MAX_JSON_DEPTH = 20
# An integer query parameter longer than this is refused without parsing it.
MAX_INT_DIGITS = 12
TERMS_QUERY_CHARS = 100
