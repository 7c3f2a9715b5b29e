"""Answers, not links: the best ruling's answering passage, its worked example already
run, and a confidence that says how clearly it beats the rest.

Used by `GET /api/ask`, the answer card on the search page and `python -m kb ask`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar

from indexer.analysis import HAN_RE, BilingualAnalyzer
from indexer.search import SearchService, clean_query, query_tokens
from indexer.synonyms import expand
from kb.examples import examples_for
from kb.loader import KnowledgeBase
from kb.model import Entry

CANDIDATES = 6
# The top hits re-ranked by how much of the question they hold: score × (base + share).
RERANK = 3
COVERAGE_BASE = 0.5
MIN_COVERAGE = 0.25
# Score ratios of the best hit over the runner-up that make an answer clear.
HIGH_RATIO = 1.35
MEDIUM_RATIO = 1.2
_NUMBER_RE = re.compile(r"\d")


@dataclass(frozen=True)
class Answer:
    entry: Entry
    text: dict[str, str]
    provenance: dict[str, str]
    part: str  # "qa", "corrected", "passage", "text"
    confidence: str
    score: float
    example: dict | None

    def as_dict(self) -> dict:
        e = self.entry
        return {
            "id": e.id,
            "game": e.game,
            "type": e.type,
            "title": e.title.as_dict(),
            "text": self.text,
            "provenance": self.provenance,
            "part": self.part,
            "citation": e.citation(),
            "url": e.url,
            "example": self.example,
            "confidence": self.confidence,
            "score": round(self.score, 4),
        }


@dataclass(frozen=True)
class AskResult:
    query: str
    answer: Answer | None
    related: list[dict]
    message: str

    def as_dict(self) -> dict:
        return {
            "query": self.query,
            "answer": self.answer.as_dict() if self.answer else None,
            "related": self.related,
            "message": self.message,
        }


def _paragraphs(text: str | None) -> list[str]:
    return [p.strip() for p in (text or "").split("\n\n") if p.strip()]


def _overlap(tokens: set[str], text: str) -> int:
    return len(tokens & _text_tokens(text))


@lru_cache(maxsize=4096)
def _text_tokens(text: str) -> frozenset[str]:
    """A paragraph's words, analyzed once: the same rulings answer many questions."""
    return frozenset(query_tokens(text))


def answering_passage(entry: Entry, tokens: set[str]) -> tuple[dict[str, str], str]:
    """The part of an entry that answers: a Q&A whole, an erratum's corrected wording,
    otherwise the paragraph that best matches the question (in both languages)."""
    if entry.type == "qa":
        return entry.text.as_dict(), "qa"
    if entry.type == "errata":
        return entry.text.as_dict(), "corrected"
    src = entry.source_lang
    other = "en" if src == "zh" else "zh"
    paras = {lang: _paragraphs(entry.text.get(lang)) for lang in (src, other)}
    if len(paras[src]) <= 1:
        return entry.text.as_dict(), "text"
    scored = []
    for i, para in enumerate(paras[src]):
        twin = paras[other][i] if len(paras[other]) == len(paras[src]) else ""
        scored.append((_overlap(tokens, para) + _overlap(tokens, twin), -i, i))
    best = max(scored)[2]
    if max(scored)[0] == 0:
        return entry.text.as_dict(), "text"
    out = {src: paras[src][best]}
    if len(paras[other]) == len(paras[src]):
        out[other] = paras[other][best]
    else:  # the translation is not aligned paragraph by paragraph: give it whole
        out[other] = entry.text.get(other) or ""
    return out, "passage"


_ENTRY_TOKENS: dict[tuple, frozenset[str]] = {}
_ANALYZER = BilingualAnalyzer()
# A Q&A's own question line: "Q108：…" / "Q108: …".
_QUESTION_LINE_RE = re.compile(r"^Q\s*\d+\s*[:：]\s*(.+)$", re.MULTILINE)


def _index_words(text: str) -> frozenset[str]:
    """Words and the sub-words the index holds too (必杀攻击 → 必杀), so that a
    question's 必杀 counts as found in 必杀攻击."""
    return frozenset(t.text for t in _ANALYZER(text, mode="index"))


def _entry_tokens(entry: Entry) -> frozenset[str]:
    """The analyzed words of an entry, computed once per entry (entries never change)."""
    key = (entry.id, entry.title, entry.text, entry.terms, entry.cards)
    found = _ENTRY_TOKENS.get(key)
    if found is None:
        text = "\n".join(
            [
                entry.title.joined(),
                entry.text.joined(),
                " ".join(entry.terms),
                " ".join(c.name.joined() for c in entry.cards),
                entry.id.replace("-", " "),
            ]
        )
        found = _ENTRY_TOKENS[key] = _index_words(text)
    return found


_QUESTION_TOKENS: dict[tuple, frozenset[str]] = {}


def _question_tokens(entry: Entry) -> frozenset[str] | None:
    """A Q&A's question (its title and Q line, both languages): the one question it
    answers. None for other entries."""
    if entry.type != "qa":
        return None
    key = (entry.id, entry.title, entry.text)
    found = _QUESTION_TOKENS.get(key)
    if found is None:
        lines = [entry.title.joined()]
        for lang in ("zh", "en"):
            lines += _QUESTION_LINE_RE.findall(entry.text.get(lang) or "")
        found = _QUESTION_TOKENS[key] = _index_words("\n".join(lines))
    return found


class _Rarity:
    """Inverse document frequency of words over the KB's entries, computed once per
    KB: a question's rare words (羁绊区, 宝玉) say more about the ruling it wants than
    its common ones (卡, 单位)."""

    _cache: ClassVar[dict[int, tuple[KnowledgeBase, _Rarity]]] = {}

    def __init__(self, kb: KnowledgeBase):
        self.n = len(kb.entries)
        self.df: dict[str, int] = {}
        for entry in kb.entries.values():
            for word in _entry_tokens(entry):
                self.df[word] = self.df.get(word, 0) + 1

    @classmethod
    def of(cls, kb: KnowledgeBase) -> _Rarity:
        found = cls._cache.get(id(kb))
        if found is None or found[0] is not kb:
            found = cls._cache[id(kb)] = (kb, cls(kb))
        return found[1]

    def weight(self, word: str) -> float:
        return math.log(1 + self.n / (1 + self.df.get(word, 0)))


def _held(token: str, alts: dict[str, tuple[str, ...]], words: frozenset[str]) -> bool:
    return token in words or any(a in words for a in alts.get(token, ()))


def _coverage(tokens: list[str], entry: Entry) -> tuple[float, int]:
    """Share and number of the question's words the entry holds (a synonym counts)."""
    if not tokens:
        return 0.0, 0
    have = _entry_tokens(entry)
    alts = expand(tokens)
    matched = sum(1 for t in tokens if _held(t, alts, have))
    return matched / len(tokens), matched


def _weighted_share(
    tokens: list[str], alts: dict[str, tuple[str, ...]], words: frozenset[str], rarity: _Rarity
) -> float:
    total = sum(rarity.weight(t) for t in tokens)
    if not total:
        return 0.0
    return sum(rarity.weight(t) for t in tokens if _held(t, alts, words)) / total


def fit(tokens: list[str], entry: Entry, rarity: _Rarity) -> float:
    """How well an entry fits a question, 0..1: the share of the question's words
    (weighted by rarity) it holds; for a Q&A, averaged with the share its own question
    holds, since a Q&A answers that one question and no other."""
    alts = expand(tokens)
    share = _weighted_share(tokens, alts, _entry_tokens(entry), rarity)
    question = _question_tokens(entry)
    if question is not None:
        share = (share + _weighted_share(tokens, alts, question, rarity)) / 2
    return share


def is_relevant(coverage: float, matched: int, n_tokens: int) -> bool:
    """Enough of the question is in the entry: a one-word look-up found, or two or more
    of the question's words and at least a quarter of them (players' Chinese questions
    carry many words no ruling uses: 开局, 不满意, 打人)."""
    if n_tokens <= 1:
        return matched == 1
    return matched >= 2 and coverage >= MIN_COVERAGE


def ask(service: SearchService, kb: KnowledgeBase, raw_query: str) -> AskResult:
    """Finds the ruling that answers a question, with its example run and a confidence."""
    text, _ = clean_query(raw_query)
    if not text:
        return AskResult(text, None, [], "Ask a rules question. 请输入规则问题。")
    result = service.search(text, limit=CANDIDATES)
    hits = result.hits
    related = [h.as_dict() for h in hits[1:5]]
    if not hits:
        return AskResult(text, None, [], "No ruling matches this question. 没有找到相关裁定。")
    tokens = query_tokens(text)
    # The answer is the hit that best combines rank score and coverage of the question.
    rarity = _Rarity.of(kb)
    # Every candidate's combined score; the top RERANK hits may trade places by it.
    combined = [h.score * (COVERAGE_BASE + fit(tokens, kb.get(h.id), rarity)) for h in hits]
    top_rank = max(range(min(RERANK, len(hits))), key=lambda r: (combined[r], -r))
    top = hits[top_rank]
    coverage, matched = _coverage(tokens, kb.get(top.id))
    if top_rank:
        hits = [top] + [h for h in hits if h is not top]
        related = [h.as_dict() for h in hits[1:5]]
    best = kb.get(top.id)
    has_number = bool(_NUMBER_RE.search(text))
    names_game_term = any(
        t in service.hints.game_words
        and ((HAN_RE.match(t) and len(t) >= 2) or len(t) >= 6)
        and t in _entry_tokens(best)
        for t in tokens
    )
    if not (is_relevant(coverage, matched, len(tokens)) or has_number or names_game_term):
        return AskResult(
            text,
            None,
            [h.as_dict() for h in hits[:5]],
            "No ruling clearly answers this question; these entries share some of its words. "
            "没有明确回答此问题的裁定；以下条目与问题部分相关。",
        )
    # Clear when the answer beats the best of the rest by the same combined measure.
    runner_up = max((c for r, c in enumerate(combined) if r != top_rank), default=0.0)
    ratio = combined[top_rank] / runner_up if runner_up > 0 else float("inf")
    if ratio >= HIGH_RATIO and coverage >= 0.5:
        confidence = "high"
    elif ratio >= MEDIUM_RATIO:
        confidence = "medium"
    else:
        confidence = "low"
    # The ruling's own cross-references (its parent section, sibling Q&As) as context.
    seen = {h["id"] for h in related} | {best.id}
    for rel_id in (best.parent, *best.related):
        rel = kb.get(rel_id) if rel_id else None
        if rel is not None and rel.id not in seen and len(related) < 8:
            seen.add(rel.id)
            related.append(
                {
                    "id": rel.id,
                    "game": rel.game,
                    "type": rel.type,
                    "title": rel.title.get(rel.source_lang),
                    "snippet": "",
                    "url": rel.url,
                    "score": 0.0,
                }
            )
    passage, part = answering_passage(best, set(tokens))
    provenance = {lang: best.provenance.get(lang) for lang in passage}
    examples = examples_for(best.id)
    example = None
    if examples:
        ex = examples[0]
        params, outcome = ex.run()
        example = {
            "id": ex.id,
            "title": ex.title,
            "code": ex.code(),
            "params": params,
            **outcome.as_dict(),
            "expected": ex.expected,
        }
    message = {
        "high": "",
        "medium": "Probably this ruling; check the alternatives below. 很可能是这条裁定。",
        "low": "Not sure: several rulings match about equally; see the alternatives. "
        "不确定：多条裁定同样相关，请查看其他结果。",
    }[confidence]
    answer = Answer(best, passage, provenance, part, confidence, hits[0].score, example)
    return AskResult(text, answer, related, message)
