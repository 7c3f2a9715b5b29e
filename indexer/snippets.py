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
from functools import lru_cache

from indexer.analysis import HAN_RE, fold

SNIPPET_CHARS = 180


def snippet_pattern(tokens: list[str]) -> re.Pattern | None:
    """One pattern for a query's tokens (built once per query, used on every hit)."""
    parts = []
    for token in sorted(set(tokens), key=len, reverse=True):
        if HAN_RE.match(token):
            parts.append(re.escape(token))
        elif len(token) >= 2 or token.isdigit():
            stem = re.escape(token)
            if token.endswith("i"):  # Porter turns a final y into i: destroyed → destroi
                stem = stem[:-1] + "[iy]"
            parts.append(rf"(?<![a-z0-9]){stem}[a-z0-9]*")
    return re.compile("|".join(parts)) if parts else None


@lru_cache(maxsize=4096)
def _prepared(text: str) -> tuple[str, str]:
    """The text on one line, and its folded lowercase twin with the same offsets
    (kept: the same entries' texts are snippeted again and again)."""
    flat = " ".join(text.split())
    low = fold(flat).lower()
    if len(low) != len(flat):  # a lowercase that changes length would shift offsets
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in fold(flat))
    return flat, low


def make_snippet(text: str, pattern: re.Pattern | None, width: int = SNIPPET_CHARS) -> str:
    """The best window of `text` for a query's `snippet_pattern`, escaped, matches in
    <mark>."""
    flat, low = _prepared(text)
    if not flat:
        return ""
    spans = [m.span() for m in pattern.finditer(low)] if pattern else []
    if not spans:
        cut = flat[:width]
        return html.escape(cut) + ("…" if len(flat) > width else "")
    # Slide a window over the match starts; keep the one covering most distinct matches.
    # Matches do not overlap and come in order, so their ends rise too: two pointers.
    best_start, best_count = 0, -1
    j = 0
    for i, (start, _) in enumerate(spans):
        j = max(j, i)
        while j < len(spans) and spans[j][1] <= start + width:
            j += 1
        if j - i > best_count:
            best_start, best_count = start, j - i
    begin = max(0, min(best_start - 30, len(flat) - width))
    end = min(len(flat), begin + width)
    out = ["…" if begin > 0 else ""]
    pos = begin
    for s, e in spans:
        if s < begin or e > end:
            continue
        out.append(html.escape(flat[pos:s]))
        out.append(f"<mark>{html.escape(flat[s:e])}</mark>")
        pos = e
    out.append(html.escape(flat[pos:end]))
    out.append("…" if end < len(flat) else "")
    return "".join(out)
