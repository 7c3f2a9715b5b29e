"""Snippets: the window of a stored text holding the most query words, HTML-escaped,
with the words wrapped in <mark>.

whoosh's highlighter re-runs the analyzer (jieba) over every hit's text: 6 ms for a
page of ten. Matching the query's own tokens in the folded text gives the same marks
for a fraction of that: Chinese tokens are found as substrings, English stems as word
prefixes.
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from functools import lru_cache

from indexer.analysis import HAN_RE, fold

SNIPPET_CHARS = 180


_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
_TAIL_RE = re.compile(r"[a-z0-9]*")
_CONTROL_RE = re.compile("[\x01\x02]")


class SnippetPattern:
    """A query's tokens, found in a hit's text as one regular expression would find them
    (Chinese tokens as substrings, English stems as word prefixes running to the word's
    end; leftmost first, the longest token at one place), without compiling one: a
    pattern of a question's tokens took longer to compile than to scan ten texts.
    """

    def __init__(self, tokens: list[str]):
        self._han: list[str] = []
        self._latin: list[str] = []
        for token in sorted(set(tokens), key=len, reverse=True):
            if HAN_RE.match(token):
                self._han.append(token)
            elif len(token) >= 2 or token.isdigit():
                self._latin.append(token)
                if token.endswith("i"):  # Porter turns a final y into i: destroyed → destroi
                    self._latin.append(token[:-1] + "y")

    def __bool__(self) -> bool:
        return bool(self._han or self._latin)

    def spans(self, low: str) -> list[tuple[int, int]]:
        """The (start, end) of every match in a folded lowercase text, in order, none
        overlapping."""
        found: list[tuple[int, int, int]] = []  # (start, -length, end)
        for token in self._han:
            n = len(token)
            i = low.find(token)
            while i != -1:
                found.append((i, -n, i + n))
                i = low.find(token, i + 1)
        tail = _TAIL_RE.match
        for token in self._latin:
            n = len(token)
            i = low.find(token)
            while i != -1:
                if not i or low[i - 1] not in _ALNUM:  # a stem only matches a word's start
                    found.append((i, -n, tail(low, i + n).end()))  # type: ignore[union-attr]
                i = low.find(token, i + 1)
        if not found:
            return []
        found.sort()
        out = []
        pos = 0
        for start, _, end in found:
            if start >= pos:
                out.append((start, end))
                pos = end
        return out


def snippet_pattern(tokens: list[str]) -> SnippetPattern | None:
    """The pattern of a query's tokens (None when none can be marked)."""
    pattern = SnippetPattern(tokens)
    return pattern if pattern else None


@lru_cache(maxsize=4096)
def _prepared(text: str) -> tuple[str, str, bool]:
    """The text on one line, its folded lowercase twin with the same offsets, and whether
    it holds a control character the marking uses (kept: the same entries' texts are
    snippeted again and again)."""
    flat = " ".join(text.split())
    low = fold(flat).lower()
    if len(low) != len(flat):  # a lowercase that changes length would shift offsets
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in fold(flat))
    return flat, low, _CONTROL_RE.search(flat) is not None


def make_snippet(text: str, pattern: SnippetPattern | None, width: int = SNIPPET_CHARS) -> str:
    """The best window of `text` for a query's `snippet_pattern`, escaped, matches in
    <mark>."""
    flat, low, plain = _prepared(text)
    if not flat:
        return ""
    spans = pattern.spans(low) if pattern else []
    if not spans:
        cut = flat[:width]
        return html.escape(cut) + ("…" if len(flat) > width else "")
    # Slide a window over the match starts; keep the first covering the most matches.
    # Ends rise with the starts, so a binary search finds where each window stops.
    ends = [e for _, e in spans]
    counts = [max(bisect_right(ends, s + width) - i, 0) for i, (s, _) in enumerate(spans)]
    best_start = spans[counts.index(max(counts))][0]
    begin = max(0, min(best_start - 30, len(flat) - width))
    end = min(len(flat), begin + width)
    # The window with its matches between two control characters, escaped in one call,
    # then the marks put in (escaping each piece was a fifth of a search's time); the
    # rare text that holds those characters is escaped piece by piece.
    out: list[str] = []
    pos = begin
    for s, e in spans:
        if e > end:
            break  # the spans come in order: every later one ends later still
        if s < begin:
            continue
        if plain:
            out += (html.escape(flat[pos:s]), "<mark>", html.escape(flat[s:e]), "</mark>")
        else:
            out += (flat[pos:s], "\x01", flat[s:e], "\x02")
        pos = e
    tail = flat[pos:end]
    if plain:
        body = "".join(out) + html.escape(tail)
    else:
        body = html.escape("".join(out) + tail).replace("\x01", "<mark>").replace("\x02", "</mark>")
    return ("…" if begin > 0 else "") + body + ("…" if end < len(flat) else "")
