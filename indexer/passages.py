"""The part of a ruling that answers a question: the sentence, bullet or table row that
holds the question's words (never a bare heading), in both languages, and for an official
Q&A its verdict line.

An entry's texts are cut into units: paragraphs, and the sentences of a long paragraph.
Each unit is scored by the rarity-weighted share of the question's words it holds (a
heading counts for little); the best unit of the source language is shown with its twin in
the other language when the two texts are cut alike, else with the other text whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kb.model import Entry

# A paragraph longer than this is cut into its sentences.
LONG_PARAGRAPH = 160
# A heading (a short line without a sentence's end) weighs this much of its words' worth.
HEADING_WEIGHT = 0.2
_SENTENCE_RE = re.compile(r"(?<=[。！？!?；;])|(?<=[.])\s+(?=[A-Z“\"(])")
_VERDICT_RE = re.compile(r"^A\s*\d+\s*[:：]\s*.+$", re.MULTILINE)
_QUESTION_RE = re.compile(r"^Q\s*\d+\s*[:：]\s*.+$", re.MULTILINE)
_END_RE = re.compile(r"[。！？.!?；;:：）)」]$")
_BULLET_RE = re.compile(r"^\s*[·•●▪‧・-]\s*\S")


@dataclass(frozen=True)
class Passage:
    """What the card shows of an entry."""

    text: dict[str, str]  # lang → the answering unit (or the whole text)
    part: str  # "qa", "corrected", "passage", "row", "text"
    verdict: dict[str, str]  # lang → a Q&A's answer line (empty for other entries)
    question: dict[str, str]  # lang → a Q&A's question line


def paragraphs(text: str | None) -> list[str]:
    return [p.strip() for p in (text or "").split("\n\n") if p.strip()]


def units(text: str | None) -> list[tuple[int, int, str]]:
    """(paragraph, sentence, text) of every unit of a text."""
    out = []
    for i, para in enumerate(paragraphs(text)):
        flat = " ".join(para.split()) if "\n" not in para else para
        pieces = [flat]
        if len(flat) > LONG_PARAGRAPH:
            pieces = [s.strip() for s in _SENTENCE_RE.split(flat) if s and s.strip()]
        out += [(i, j, piece) for j, piece in enumerate(pieces)]
    return out


def is_heading(unit: str, entry: Entry) -> bool:
    """A short line that ends no sentence, or the entry's own title; a bullet is not one,
    however short (“· 不可移动或后撤” is a whole ruling)."""
    plain = unit.strip(" ·•-")
    if plain in entry.title.as_dict().values():
        return True
    if _BULLET_RE.match(unit):
        return False
    return len(plain) <= 24 and not _END_RE.search(plain)


def _lines(pattern: re.Pattern, entry: Entry) -> dict[str, str]:
    out = {}
    for lang in entry.langs_in_order:
        found = pattern.findall(entry.text.get(lang) or "")
        if found:
            out[lang] = found[-1].strip()
    return out


def answering_passage(
    entry: Entry,
    weight: Callable[[str], float],
    translations: Callable[[str], list[str]] | None = None,
) -> Passage:
    """The part of an entry that answers a question; `weight(unit)` is how much of the
    question a unit of text holds (0 when nothing); `translations(unit)` gives the other
    language's forms of the terms a unit uses, to find its twin when the two texts are
    not cut alike."""
    if entry.type == "qa":
        return Passage(
            entry.text.as_dict(), "qa", _lines(_VERDICT_RE, entry), _lines(_QUESTION_RE, entry)
        )
    if entry.type == "errata":
        return Passage(entry.text.as_dict(), "corrected", {}, {})
    src = entry.source_lang
    other = "en" if src == "zh" else "zh"
    mine, theirs = units(entry.text.get(src)), units(entry.text.get(other))
    if entry.table is not None:
        row = _best_row(entry, weight)
        if row is not None:
            return row
    if len(mine) <= 1:
        return Passage(entry.text.as_dict(), "text", {}, {})
    # Every unit is read with the entry's title: the entry is about its title's subject
    # whether a unit names it or not (守备力量 is the garrison of "不可移动或后撤" too), so
    # the question's other words pick the unit.
    title = entry.title.joined()

    def held(unit: str) -> float:
        return weight(f"{title}\n{unit}")

    scored = []
    for k, (_, _, unit) in enumerate(mine):
        twin = _twin(k, mine, theirs)
        score = held(unit) + (held(twin) if twin else 0.0)
        if is_heading(unit, entry):
            score *= HEADING_WEIGHT
        scored.append((score, -k, k))
    best_score, _, best = max(scored)
    if best_score <= 0:
        return Passage(entry.text.as_dict(), "text", {}, {})
    out = {src: mine[best][2]}
    twin = _twin(best, mine, theirs)
    if twin is None and translations is not None:
        twin = _twin_by_terms(translations(mine[best][2]), theirs)
    out[other] = twin if twin else (entry.text.get(other) or "")
    return Passage(out, "passage", {}, {})


def _twin_by_terms(forms: list[str], theirs: list) -> str | None:
    """The other language's unit holding most of the unit's terms in that language (at
    least two, so that one common word does not pick a sentence)."""
    best, best_n = None, 1
    for _, _, unit in theirs:
        low = unit.lower()
        n = sum(1 for f in forms if f.lower() in low)
        if n > best_n:
            best, best_n = unit, n
    return best


def _twin(k: int, mine: list, theirs: list) -> str | None:
    """The other language's unit at the same place, when both texts are cut alike (same
    paragraphs, same sentences per paragraph); else the same paragraph when the
    paragraphs align; else None."""
    if len(mine) == len(theirs) and [u[:2] for u in mine] == [u[:2] for u in theirs]:
        return theirs[k][2]
    para = mine[k][0]
    mine_paras = {u[0] for u in mine}
    theirs_paras = {u[0] for u in theirs}
    if mine_paras == theirs_paras:
        return " ".join(u[2] for u in theirs if u[0] == para)
    return None


def _best_row(entry: Entry, weight: Callable[[str], float]) -> Passage | None:
    """The table row holding most of the question, as `header: cell` pairs."""
    table = entry.table
    assert table is not None
    best, best_score = None, 0.0
    for row in table.rows:
        score = weight(" ".join(row))
        if score > best_score:
            best, best_score = row, score
    if best is None:
        return None
    line = "；".join(f"{h}：{c}" for h, c in zip(table.header, best, strict=False) if c)
    return Passage({entry.source_lang: line}, "row", {}, {})


def first_lines(texts: Iterable[str]) -> str:
    return next((t for t in texts if t), "")
