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


_ALNUM_RE = re.compile(r"[a-z0-9]")
_CONTROL_RE = re.compile("[\x01\x02]")


class SnippetPattern:
    """A query's tokens as two patterns, built once per query and used on every hit:
    Chinese tokens as one alternation of literals, English stems as word prefixes.

    Chinese and English tokens never match the same characters, so the two scans give
    the matches one alternation would. The English one tests the word boundary on each
    match instead of in the pattern: a pattern that begins with a look-behind cannot skip
    ahead to a possible first character, and scanned English texts 5 to 15 times slower.
    """

    def __init__(self, tokens: list[str]):
        han, latin = [], []
        for token in sorted(set(tokens), key=len, reverse=True):
            if HAN_RE.match(token):
                han.append(re.escape(token))
            elif len(token) >= 2 or token.isdigit():
                stem = re.escape(token)
                if token.endswith("i"):  # Porter turns a final y into i: destroyed → destroi
                    stem = stem[:-1] + "[iy]"
                latin.append(stem)
        self._han = re.compile("|".join(han)) if han else None
        self._latin = re.compile("(?:" + "|".join(latin) + ")[a-z0-9]*") if latin else None

    def __bool__(self) -> bool:
        return bool(self._han or self._latin)

    def spans(self, low: str) -> list[tuple[int, int]]:
        """The (start, end) of every match in a folded lowercase text, in order."""
        found = [m.span() for m in self._han.finditer(low)] if self._han else []
        if self._latin is not None:
            latin = self._latin_spans(low)
            found = sorted(found + latin) if found and latin else found or latin
        return found

    def _latin_spans(self, low: str) -> list[tuple[int, int]]:
        out = []
        search, pos = self._latin.search, 0  # type: ignore[union-attr]
        while m := search(low, pos):
            start = m.start()
            if start and _ALNUM_RE.match(low, start - 1):
                pos = start + 1  # inside a word: a stem only matches a word's start
                continue
            out.append(m.span())
            pos = m.end()
        return out


def snippet_pattern(tokens: list[str]) -> SnippetPattern | None:
    """The pattern of a query's tokens (None when none can be marked)."""
    pattern = SnippetPattern(tokens)
    return pattern if pattern else None


@lru_cache(maxsize=4096)
def _prepared(text: str) -> tuple[str, str]:
    """The text on one line, and its folded lowercase twin with the same offsets
    (kept: the same entries' texts are snippeted again and again)."""
    flat = " ".join(text.split())
    low = fold(flat).lower()
    if len(low) != len(flat):  # a lowercase that changes length would shift offsets
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in fold(flat))
    return flat, low


def make_snippet(text: str, pattern: SnippetPattern | None, width: int = SNIPPET_CHARS) -> str:
    """The best window of `text` for a query's `snippet_pattern`, escaped, matches in
    <mark>."""
    flat, low = _prepared(text)
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
    plain = _CONTROL_RE.search(flat) is not None
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
