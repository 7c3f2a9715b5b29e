"""Answers, not links: a layer on top of the engine that picks the ruling that answers a
question, its answering passage, its worked example already run, and a confidence that
says how clearly it beats the rest.

Used by `GET /api/ask`, the answer card on the search page and `python -m kb ask`: all
three call `ask(engine, question, game, type)` and so give the same answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from indexer import tuning
from indexer.analysis import HAN_RE
from indexer.engine import Engine, Hit
from kb.model import Entry

_NUMBER_RE = re.compile(r"\d")
# A Q&A's own question line: "Q108：…" / "Q108: …".
_QUESTION_LINE_RE = re.compile(r"^Q\s*\d+\s*[:：]\s*(.+)$", re.MULTILINE)


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

    def as_text(self) -> str:
        """The answer card as terminal text (`python -m kb ask`, `flask ask`)."""
        lines = [f"Q: {self.query}"]
        if self.answer is None:
            lines.append(self.message)
        else:
            a = self.answer
            lines.append(f"[{a.confidence} confidence] {a.entry.title.get(a.entry.source_lang)}")
            if self.message:
                lines.append(self.message)
            for lang, text in a.text.items():
                lines.append(f"--- {lang} ({a.provenance.get(lang)})")
                lines.append(text)
            lines.append(f"Cite: {a.entry.citation()}")
            if a.example:
                lines.append(f"Worked example {a.example['id']}: {a.example['title']}")
                lines.append(f"  result: {a.example['result']}")
                lines.extend(f"  - {s}" for s in a.example["steps"])
        if self.related:
            lines.append("See also:")
            lines.extend(f"  {r['id']}: {r['title']}" for r in self.related)
        return "\n".join(lines)


def _paragraphs(text: str | None) -> list[str]:
    return [p.strip() for p in (text or "").split("\n\n") if p.strip()]


class _Fit:
    """How well entries fit one question, with one engine's words and statistics."""

    def __init__(self, engine: Engine, tokens: list[str], alts: Mapping[str, tuple[str, ...]]):
        self.engine = engine
        self.tokens = tokens
        self.alts = alts

    def _held(self, token: str, words: frozenset[str]) -> bool:
        return token in words or any(a in words for a in self.alts.get(token, ()))

    def coverage(self, entry: Entry) -> tuple[float, int]:
        """Share and number of the question's words the entry holds (a synonym counts)."""
        if not self.tokens:
            return 0.0, 0
        have = self.engine.entry_words(entry)
        matched = sum(1 for t in self.tokens if self._held(t, have))
        return matched / len(self.tokens), matched

    def _weighted_share(self, words: frozenset[str]) -> float:
        rarity = self.engine.stats.rarity
        total = sum(rarity(t) for t in self.tokens)
        if not total:
            return 0.0
        return sum(rarity(t) for t in self.tokens if self._held(t, words)) / total

    def fit(self, entry: Entry) -> float:
        """How well an entry fits the question, 0..1: the share of the question's words
        (weighted by rarity) it holds; for a Q&A, averaged with the share its own
        question holds, since a Q&A answers that one question and no other."""
        share = self._weighted_share(self.engine.entry_words(entry))
        question = question_words(self.engine, entry)
        if question is not None:
            share = (share + self._weighted_share(question)) / 2
        return share

    def overlap(self, text: str) -> int:
        words = self.engine.memo(
            f"words:{text}", lambda: frozenset(self.engine.analysis.words(text))
        )
        return len(set(self.tokens) & words)


def question_words(engine: Engine, entry: Entry) -> frozenset[str] | None:
    """A Q&A's question (its title and Q line, both languages): the one question it
    answers. None for other entries."""
    if entry.type != "qa":
        return None

    def make() -> frozenset[str]:
        lines = [entry.title.joined()]
        for lang in ("zh", "en"):
            lines += _QUESTION_LINE_RE.findall(entry.text.get(lang) or "")
        return engine.analysis.index_words("\n".join(lines))

    return engine.memo(f"question:{entry.id}", make)


def answering_passage(entry: Entry, fit: _Fit) -> tuple[dict[str, str], str]:
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
        scored.append((fit.overlap(para) + fit.overlap(twin), -i, i))
    best = max(scored)[2]
    if max(scored)[0] == 0:
        return entry.text.as_dict(), "text"
    out = {src: paras[src][best]}
    if len(paras[other]) == len(paras[src]):
        out[other] = paras[other][best]
    else:  # the translation is not aligned paragraph by paragraph: give it whole
        out[other] = entry.text.get(other) or ""
    return out, "passage"


def is_relevant(coverage: float, matched: int, n_tokens: int) -> bool:
    """Enough of the question is in the entry: a one-word look-up found, or two or more
    of the question's words and at least a quarter of them (players' Chinese questions
    carry many words no ruling uses: 开局, 不满意, 打人)."""
    if n_tokens <= 1:
        return matched == 1
    return matched >= 2 and coverage >= tuning.MIN_COVERAGE


def _related(entry: Entry) -> dict:
    return {
        "id": entry.id,
        "game": entry.game,
        "type": entry.type,
        "title": entry.title.get(entry.source_lang),
        "snippet": "",
        "url": entry.url,
        "score": 0.0,
    }


def _example(engine: Engine, entry: Entry) -> dict | None:
    """The entry's first worked example, with its result from the generation."""
    examples = engine.examples_for(entry.id)
    if not examples:
        return None
    ex = examples[0]
    done = engine.example_results.get(ex.id)
    if done is None:  # not in the generation (never for a generation of this code)
        params, outcome = ex.run()
        done = {"params": params, **outcome.as_dict()}
    return {
        "id": ex.id,
        "title": ex.title,
        "code": ex.code(),
        "params": done["params"],
        "result": done["result"],
        "steps": done["steps"],
        "expected": ex.expected,
    }


def ask(
    engine: Engine, raw_query: str, game: str | None = None, entry_type: str | None = None
) -> AskResult:
    """Finds the ruling that answers a question (among the entries the filters allow),
    with its example run and a confidence."""
    pq = engine.parse(raw_query, game)
    text = pq.text
    if not text:
        return AskResult(text, None, [], "Ask a rules question. 请输入规则问题。")
    result = engine.search(pq, game, entry_type, limit=tuning.CANDIDATES)
    hits: list[Hit] = result.hits
    related = [h.as_dict() for h in hits[1:5]]
    if not hits:
        return AskResult(text, None, [], "No ruling matches this question. 没有找到相关裁定。")
    parsed = result.parsed or pq
    tokens = list(parsed.tokens)
    fit = _Fit(engine, tokens, parsed.expansions)
    kb = engine.kb
    # The answer is the hit that best combines rank score and fit to the question; the
    # top RERANK hits may trade places by it.
    combined = [h.score * (tuning.COVERAGE_BASE + fit.fit(kb.entries[h.id])) for h in hits]
    top_rank = max(range(min(tuning.RERANK, len(hits))), key=lambda r: (combined[r], -r))
    top = hits[top_rank]
    best = kb.entries[top.id]
    coverage, matched = fit.coverage(best)
    if top_rank:
        hits = [top] + [h for h in hits if h is not top]
        related = [h.as_dict() for h in hits[1:5]]
    has_number = bool(_NUMBER_RE.search(text))
    game_words = engine.stats.game_words
    best_words = engine.entry_words(best)
    names_game_term = any(
        t in game_words and ((HAN_RE.match(t) and len(t) >= 2) or len(t) >= 6) and t in best_words
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
    if ratio >= tuning.HIGH_RATIO and coverage >= 0.5:
        confidence = "high"
    elif ratio >= tuning.MEDIUM_RATIO:
        confidence = "medium"
    else:
        confidence = "low"
    # The ruling's own cross-references (its parent section, sibling Q&As) as context.
    seen = {h["id"] for h in related} | {best.id}
    for rel_id in (best.parent, *best.related):
        rel = kb.get(rel_id) if rel_id else None
        if rel is not None and rel.id not in seen and len(related) < 8:
            seen.add(rel.id)
            related.append(_related(rel))
    passage, part = answering_passage(best, fit)
    provenance = {lang: best.provenance.get(lang) for lang in passage}
    message = {
        "high": "",
        "medium": "Probably this ruling; check the alternatives below. 很可能是这条裁定。",
        "low": "Not sure: several rulings match about equally; see the alternatives. "
        "不确定：多条裁定同样相关，请查看其他结果。",
    }[confidence]
    answer = Answer(
        best, passage, provenance, part, confidence, hits[0].score, _example(engine, best)
    )
    return AskResult(text, answer, related, message)
