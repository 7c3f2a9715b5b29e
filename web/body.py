"""JSON request bodies, read so that no input can fail on our side.

`json.loads` is recursive: a body nested a thousand deep raises `RecursionError`, which
Flask's `get_json(silent=True)` does not catch (a 500 and a page-long traceback for a
1 KB request). Nesting is therefore measured on the raw bytes first, in one linear pass
with strings skipped, and decoding errors of any kind are a 400.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from flask import request

from web.errors import ApiError
from web.limits import MAX_INT_DIGITS, MAX_JSON_DEPTH

# A JSON string (escapes included), or an unterminated one up to the end: possessive,
# so that a body of many quotes stays linear.
_STRING_RE = re.compile(rb'"(?:[^"\\]|\\.)*+"?', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def json_depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in a JSON text (0 for a scalar)."""
    brackets = _STRING_RE.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def json_body() -> Any:
    """The request's JSON body, `{}` when there is none; a clear 4xx for anything else
    (415 not JSON, 413 too large, 400 too deep or malformed)."""
    if not request.content_length and not request.get_data(cache=True):
        return {}
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "send the body as application/json")
    raw = request.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    depth = json_depth(raw)
    if depth > MAX_JSON_DEPTH:
        raise ApiError(
            400, "invalid_body", f"the body nests {depth} levels deep; at most {MAX_JSON_DEPTH}"
        )
    try:
        return json.loads(raw, parse_constant=_refuse_constant, parse_int=_parse_int)
    except (ValueError, RecursionError) as exc:
        raise ApiError(400, "invalid_body", f"the body is not valid JSON: {_reason(exc)}") from None


def _reason(exc: Exception) -> str:
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at line {exc.lineno} column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(exc, RecursionError):
        return "it nests too deeply"
    return str(exc)[:200]


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON (RFC 8259), though Python's decoder takes them."""
    raise ValueError(f"{name} is not a JSON value")


def _parse_int(text: str) -> int:
    """An integer of sane length (Python refuses over 4,300 digits, with advice for us)."""
    if len(text) > MAX_INT_DIGITS:
        raise ValueError(f"a number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def scrub(value: Any) -> Any:
    """Replaces lone surrogates in user JSON so that nothing echoed back can fail to encode.

    Recursive, which is safe because bodies deeper than MAX_JSON_DEPTH never get here.
    """
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    return value
