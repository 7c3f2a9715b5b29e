"""Answers, not links: a layer on top of the engine that picks the ruling that answers a
question, its answering passage, its worked example already run, and a probability that it
is right, or says plainly that these sources don't cover the question.

Used by `GET /api/ask`, the answer card on the search page and `python -m kb ask`: all
three call `ask(engine, question, game, type)` and so give the same answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from indexer import tuning
from indexer.analysis import HAN_RE
from indexer.confidence import FEATURES, QUESTION_FEATURES, Model, model, safe_log, vector
from indexer.engine import Engine, Hit
from indexer.likeness import Weighed, asking_texts, grams, likeness, with_rules_words
from indexer.passages import Passage, answering_passage, is_heading, paragraphs
from indexer.query import ParsedQuery
from kb.model import Entry

# An unsure card shows the next candidates whose chooser probability is at least this.
ALTERNATIVE_MIN = 0.15
# A Q&A's own question line: "Q108：…" / "Q108: …".
_QUESTION_LINE_RE = re.compile(r"^Q\s*\d+\s*[:：]\s*(.+)$", re.MULTILINE)
# The card's messages, in both languages.
MESSAGES = {
    "empty": ("Ask a rules question.", "请输入规则问题。"),
    "none": ("No ruling matches this question.", "没有找到相关裁定。"),
    "not_covered": (
        "These sources don't cover this question. The nearest rulings are below; none of "
        "them answers it.",
        "这些来源没有涉及这个问题。下面是最接近的裁定，但都不能回答它。",
    ),
    "other_game": (
        "These sources cover {games_en} only; the question names {name}, which they don't cover.",
        "这些来源只涉及{games_zh}，不涉及问题里提到的{name}。",
    ),
    "medium": (
        "Probably this ruling; check the alternatives.",
        "很可能是这条裁定，请核对其他候选。",
    ),
    "low": (
        "Not sure: these rulings each answer part of it; compare them.",
        "不确定：以下几条裁定各自相关，请对照。",
    ),
}


def message(key: str, **fields: str) -> str:
    en, zh = MESSAGES[key]
    return f"{en.format(**fields)} {zh.format(**fields)}"


def covered_games(registry) -> dict[str, str]:
    """The games these sources cover, listed in each language (`games_en`, `games_zh`):
    what the card and the page say when a question names another game."""
    names = [g.name for g in registry]
    return {
        "games_en": ", ".join(n.get("en") or n.get("zh") for n in names),
        "games_zh": "、".join(n.get("zh") or n.get("en") for n in names),
    }


def other_game_message(registry, name: str) -> str:
    """Says which games these sources cover when a question names another one."""
    return message("other_game", name=name, **covered_games(registry))


@dataclass(frozen=True)
class Answer:
    entry: Entry
    text: dict[str, str]
    provenance: dict[str, str]
    part: str  # "qa", "corrected", "passage", "row", "text"
    confidence: str
    probability: float
    score: float
    example: dict | None
    verdict: dict[str, str] = field(default_factory=dict)

    def as_dict(self) -> dict:
        e = self.entry
        out = {
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
            "probability": round(self.probability, 4),
            "score": round(self.score, 4),
        }
        if self.verdict:
            out["verdict"] = self.verdict
        return out


@dataclass(frozen=True)
class AskResult:
    query: str
    answer: Answer | None
    related: list[dict]
    message: str
    covered: bool = True
    scope: str | None = None
    scope_detected: bool = False
    lang: str = "en"  # the question's language: the card shows it first
    corrected: str | None = None
    # A game these sources do not hold, named by the question ("magic the gathering").
    other_game: str | None = None
    # When the card is unsure: the candidates' answering lines, side by side.
    alternatives: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        out: dict = {
            "query": self.query,
            "answer": self.answer.as_dict() if self.answer else None,
            "covered": self.covered,
            "scope": {"detected": self.scope_detected}
            | ({"game": self.scope} if self.scope else {})
            | ({"other_game": self.other_game} if self.other_game else {}),
            "lang": self.lang,
            "related": self.related,
            "message": self.message,
        }
        if self.corrected:
            out["corrected"] = self.corrected
        if self.alternatives:
            out["alternatives"] = self.alternatives
        return out

    def as_text(self) -> str:
        """The answer card as terminal text (`python -m kb ask`, `flask ask`)."""
        lines = [f"Q: {self.query}"]
        if self.scope:
            lines.append(f"(in {self.scope})")
        if self.answer is None:
            lines.append(self.message)
        else:
            a = self.answer
            lines.append(
                f"[{a.confidence} confidence, p={a.probability:.2f}] "
                f"{a.entry.title.get(a.entry.source_lang)}"
            )
            if self.message:
                lines.append(self.message)
            for lang, text in a.verdict.items():
                lines.append(f"=> {text}  ({lang})")
            for lang, text in a.text.items():
                lines.append(f"--- {lang} ({a.provenance.get(lang)})")
                lines.append(text)
            lines.append(f"Cite: {a.entry.citation()}")
            if a.example:
                lines.append(f"Worked example {a.example['id']}: {a.example['title']}")
                lines.append(f"  result: {a.example['result']}")
                lines.extend(f"  - {s}" for s in a.example["steps"])
        for alt in self.alternatives:
            lines.append(f"  or {alt['id']}: {next(iter(alt['text'].values()), '')[:100]}")
        if self.related:
            lines.append("See also:" if self.covered else "Nearest rulings:")
            lines.extend(f"  {r['id']}: {r['title']}" for r in self.related)
        return "\n".join(lines)


# The words a question asks with (怎么办, "what happens"): they carry no ruling's content, so
# what an entry holds of a question is judged without them.
# English ones as the analyzer leaves them: stemmed (anything → anyth), contractions whole.
QUESTION_WORDS = frozenset(
    "怎么办 怎么样 怎么算 咋办 咋样 咋整 如何 为何 为啥 请问 是否 能否 什么 啥 哪个 哪些 谁 "
    "算不算 是不是 有没有 能不能 可不可以 会不会 要不要 行不行 有用吗 到底 还会 还算 我能 "
    "happen anyth someth noth still also even realli actual exact what's it's that's i'm "
    "they're got stuff thing".split()
)


class Fit:
    """How well entries fit one question, with one engine's words and statistics."""

    def __init__(
        self,
        engine: Engine,
        tokens: list[str],
        alts: Mapping[str, tuple[str, ...]],
        numbers: frozenset[str] = frozenset(),
    ):
        self.engine = engine
        # A quantity (70打70) is the player's situation, not a ruling's word; an official
        # number (Q108) is searched as a number.
        kept = [t for t in tokens if t not in QUESTION_WORDS and not t.isdigit()]
        self.tokens = kept or tokens
        self.alts = alts
        self._parts: dict[str, frozenset[str]] = {}
        self._senses: dict[str, frozenset[str]] = {}  # a word and the rules' words it stands for
        rarity = engine.stats.rarity
        self.weights = {t: rarity(t) for t in tokens}
        self.total = sum(self.weights.values())

    def _held(self, token: str, words: frozenset[str]) -> bool:
        if not self._senses_of(token).isdisjoint(words):
            return True
        # A word jieba glued together (主人公标志卡) is held when its dictionary words are.
        parts = self._parts_of(token)
        return bool(parts) and all(p in words for p in parts)

    def share(self, words: frozenset[str]) -> float:
        """The rarity-weighted share of the question's words these words hold."""
        if not self.total:
            return 0.0
        return sum(w for t, w in self.weights.items() if self._held(t, words)) / self.total

    def coverage(self, entry: Entry) -> tuple[float, int]:
        """Share and number of the question's words the entry holds (a synonym counts)."""
        if not self.tokens:
            return 0.0, 0
        have = self.engine.entry_words(entry)
        matched = sum(1 for t in self.tokens if self._held(t, have))
        return matched / len(self.tokens), matched

    def fit(self, entry: Entry) -> float:
        """The share of the question's words (weighted by rarity) the entry holds; for a
        Q&A averaged with the share its own question holds."""
        share = self.share(self.engine.entry_words(entry))
        question = question_words(self.engine, entry)
        if question is not None:
            share = (share + self.share(question)) / 2
        return share

    def asks(self, entry: Entry) -> tuple[float, float, float]:
        """How close the question is to one of the entry's players' questions: the share
        of the question the closest one holds, the share of that one's words the question
        holds (both weighted by rarity), and the best balance of the two (F1) over all of
        them: a players' question that holds the question and asks about something else
        too is not the same question.

        Each of the question's words is looked up once in the entry's table of which
        players' questions hold which word (a bit per question), not once per question:
        the sums are the same, added in the same order."""
        table = ask_words(self.engine, entry)
        if not table.totals:
            return 0.0, 0.0, 0.0
        holders = table.holders
        token_masks = []
        for t, w in self.weights.items():
            mask = 0
            for sense in self._senses_of(t):
                mask |= holders.get(sense, 0)
            parts = self._parts_of(t)
            if parts:
                all_parts = -1
                for p in parts:
                    all_parts &= holders.get(p, 0)
                mask |= all_parts
            token_masks.append((w, mask))
        mine = frozenset(self.tokens) | {a for v in self.alts.values() for a in v}
        hit: dict[int, set[int]] = {}  # a question's own words the question holds
        for word in mine:
            for i, j in table.senses_with.get(word, ()):
                hit.setdefault(i, set()).add(j)
        # Only the players' questions that share a word with the question can score; the
        # others (most of a long list) are skipped, in the same order, with the same result.
        touched = 0
        for _, mask in token_masks:
            touched |= mask
        for i in hit:
            touched |= 1 << i
        best = (0.0, 0.0)
        best_f1 = 0.0
        while touched:
            bit = touched & -touched
            touched ^= bit
            i = bit.bit_length() - 1
            held = sum(w for w, mask in token_masks if mask & bit)
            held = held / self.total if self.total else 0.0
            own = hit.get(i)
            reverse = (
                sum(table.sense_weights[i][j] for j in sorted(own)) / table.totals[i]
                if own
                else 0.0
            )
            if (held, reverse) > best:
                best = (held, reverse)
            if held + reverse:
                best_f1 = max(best_f1, 2 * held * reverse / (held + reverse))
        return best[0], best[1], best_f1

    def _senses_of(self, token: str) -> frozenset[str]:
        senses = self._senses.get(token)
        if senses is None:
            senses = self._senses[token] = frozenset({token, *self.alts.get(token, ())})
        return senses

    def _parts_of(self, token: str) -> frozenset[str]:
        """The dictionary words of a word jieba glued together (主人公标志卡), if any."""
        parts = self._parts.get(token)
        if parts is None:
            found = frozenset()
            if len(token) >= 3 and HAN_RE.fullmatch(token):
                found = frozenset(
                    w for w in self.engine.analysis.index_words(token) if w != token and len(w) >= 2
                )
            parts = self._parts[token] = found
        return parts

    def weight(self, text: str) -> float:
        """How much of the question a piece of text holds (for the answering passage)."""
        words = self.engine.memo(f"words:{text}", lambda: self.engine.analysis.index_words(text))
        return self.share(words)


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


@dataclass(frozen=True)
class AskTable:
    """An entry's players' questions as the answer card compares them: which questions
    hold each word the index makes of them (sub-words too), a bit per question; each
    question's own words as their rarities, and the rules' words each stands for (打人 →
    攻击), indexed by word; and each question's total rarity (1 when none)."""

    holders: dict[str, int]
    sense_weights: tuple[tuple[float, ...], ...]
    senses_with: dict[str, tuple[tuple[int, int], ...]]
    totals: tuple[float, ...]


def ask_words(engine: Engine, entry: Entry) -> AskTable:
    """The entry's players' questions as an AskTable. The game's name is left out (a
    signal, not text). Made once per generation."""

    def make() -> AskTable:
        holders: dict[str, int] = {}
        senses_with: dict[str, list[tuple[int, int]]] = {}
        weights, totals = [], []
        rarity = engine.stats.rarity
        for i, parsed in enumerate(asked_as(engine, entry)[: len(entry.players_ask)]):
            for word in engine.analysis.index_words(parsed.search_text):
                holders[word] = holders.get(word, 0) | (1 << i)
            expanded = parsed.expansions
            own = []
            for j, t in enumerate(parsed.tokens):
                own.append(rarity(t))
                for word in {t, *expanded.get(t, ())}:
                    senses_with.setdefault(word, []).append((i, j))
            weights.append(tuple(own))
            totals.append(sum(own) or 1.0)
        return AskTable(
            holders,
            tuple(weights),
            {w: tuple(found) for w, found in senses_with.items()},
            tuple(totals),
        )

    return engine.memo(f"asks:{entry.id}", make)


def warm_answer_words(engine: Engine) -> None:
    """Makes every entry's words as the answer card compares them (its players' questions
    parsed, a Q&A's question, its index words, its official numbers) and the phrases of
    questions rulings don't answer now, not on the first questions that reach it:
    gunicorn calls this in the master before forking, so a fresh or recycled worker
    answers at full speed from its first request (each of the first few hundred asks of
    a cold worker cost 10 to 30 ms; half a second in all)."""
    for entry in engine.kb.entries.values():
        ask_words(engine, entry)
        asking_units_of(engine, entry)
        question_words(engine, entry)
        engine.entry_words(entry)
        engine.numbers_of(entry)
    not_rules_phrases(engine)


def asked_as(engine: Engine, entry: Entry) -> tuple[ParsedQuery, ...]:
    """The texts the entry is asked by (its players' questions, then its titles), parsed as
    questions are, once per generation: the ask table and the asking units share them."""
    return engine.memo(
        f"asked:{entry.id}", lambda: tuple(engine.parse(t) for t in asking_texts(entry))
    )


def asking_units_of(engine: Engine, entry: Entry) -> tuple[Weighed, ...]:
    """The grams of the entry's players' questions and titles (indexer.likeness) with their
    rules' words, weighed, made once per generation."""
    rarity = engine.stats.ask_grams  # made by the build, in the generation
    return engine.memo(
        f"like:{entry.id}",
        lambda: tuple(
            Weighed.of(_question_grams(engine, p), rarity) for p in asked_as(engine, entry)
        ),
    )


def _question_grams(engine: Engine, pq: ParsedQuery) -> frozenset[str]:
    """A parsed text's grams as likeness compares them: the games' names left out, the
    rules' words of its players' words added."""
    return with_rules_words(grams(engine.parser.game_names.strip(pq.text)), pq.expansions)


def likenesses(engine: Engine, pq: ParsedQuery, entries: list[Entry]) -> list[float]:
    """How alike the question is to the ways each entry is asked."""
    rarity = engine.stats.ask_grams
    question = Weighed.of(_question_grams(engine, pq), rarity)
    return [likeness(question, asking_units_of(engine, e), rarity) for e in entries]


def candidate_features(engine: Engine, pq: ParsedQuery, hits: list[Hit]) -> tuple[list[dict], dict]:
    """The features of each candidate (indexer/confidence.py FEATURES) and of the
    question itself (the question's part of QUESTION_FEATURES)."""
    kb = engine.kb
    tokens = list(pq.tokens)
    fit = Fit(engine, tokens, pq.expansions)
    tokens = fit.tokens
    entries = [kb.entries[h.id] for h in hits]
    fits = [fit.fit(e) for e in entries]
    asks = [fit.asks(e) for e in entries]
    likes = likenesses(engine, pq, entries)
    scores = [max(h.score, 1e-9) for h in hits]
    top = max(scores)
    held_anywhere: set[str] = set()
    for e in entries:
        words = engine.entry_words(e)
        held_anywhere |= {t for t in tokens if fit._held(t, words)}
    # What no candidate holds, among the question's content words (two Chinese characters
    # or three letters and more: 谁, 吧, "my" say nothing about the sources' coverage).
    content = {t: w for t, w in fit.weights.items() if _is_content(t)}
    total = sum(content.values())
    unheld = sum(w for t, w in content.items() if t not in held_anywhere) / total if total else 0.0
    top_rarity = engine.stats.rarity("\0never a word\0") or 1.0
    unheld_max = max(
        (w / top_rarity for t, w in content.items() if t not in held_anywhere), default=0.0
    )
    # Words the KB has never seen: a player's word that stands for a rules' word the KB
    # uses (对面 → 对手) is understood, not unknown.
    df = engine.stats.df
    unknown = sum(
        1
        for t in tokens
        if _is_content(t)
        and not t.isdigit()
        and not any(df.get(w) for w in (t, *pq.expansions.get(t, ())))
    )
    numbers = {n.key for n in pq.numbers}
    number_unknown = float(bool(numbers - engine.known_numbers()))
    rows = []
    for i, entry in enumerate(entries):
        others = [j for j in range(len(hits)) if j != i]
        coverage, _ = fit.coverage(entry)
        question = question_words(engine, entry)
        hint = 0.0
        if pq.hinted_game:
            hint = 1.0 if pq.hinted_game == entry.game else -1.0
        entry_numbers = engine.numbers_of(entry)
        rows.append(
            {
                "log_score": safe_log(scores[i]),
                "score_share": scores[i] / top,
                "rank": i / max(len(hits) - 1, 1),
                "fit": fits[i],
                "coverage": coverage,
                "ask_fit": asks[i][0],
                "ask_reverse": asks[i][1],
                "ask_f1": asks[i][2],
                "question_line": fit.share(question) if question is not None else 0.0,
                "is_qa": float(entry.type == "qa"),
                "is_rule": float(entry.type in ("rule", "optional_rule")),
                "is_term": float(entry.type == "term"),
                "is_card": float(entry.type == "card"),
                "is_clarification": float(entry.type in ("clarification", "errata")),
                "is_heading": float(bool(entry.no_players_ask) or _only_heading(entry)),
                "game_hint": hint,
                "number_match": float(bool(numbers & entry_numbers)),
                "fit_margin": fits[i] - max((fits[j] for j in others), default=0.0),
                "score_margin": safe_log(
                    scores[i] / max((scores[j] for j in others), default=1e-9)
                ),
                "ask_margin": asks[i][0] - max((asks[j][0] for j in others), default=0.0),
                "ask_f1_margin": asks[i][2] - max((asks[j][2] for j in others), default=0.0),
                "like": likes[i],
                "like_margin": likes[i] - max((likes[j] for j in others), default=0.0),
                "is_question": float(pq.is_question),
                "chinese": float(bool(HAN_RE.search(pq.text))),
            }
        )
    assert all(tuple(r) == FEATURES for r in rows)
    question = {
        "not_rules": float(asks_what_rules_dont_answer(engine, pq.tokens)),
        "unheld": unheld,
        "unheld_max": unheld_max,
        "unknown_words": float(unknown),
        "number_unknown": number_unknown,
        "other_game": float(pq.other_game is not None),
        "log_tokens": safe_log(len(tokens) + 1),
        "is_question": float(pq.is_question),
        "chinese": float(bool(HAN_RE.search(pq.text))),
    }
    return rows, question


NOT_RULES = Path(__file__).resolve().parent / "data" / "not_rules.txt"


def asks_what_rules_dont_answer(engine: Engine, tokens: Sequence[str]) -> bool:
    """The question holds a whole phrase of data/not_rules.txt (deck advice, prices …)."""
    asked = set(tokens)
    return any(phrase <= asked for phrase in not_rules_phrases(engine))


def not_rules_phrases(engine: Engine) -> tuple[frozenset[str], ...]:
    """data/not_rules.txt as this generation's analysis makes it, made once."""
    return engine.memo("not_rules", lambda: _not_rules(engine))


def _not_rules(engine: Engine) -> tuple[frozenset[str], ...]:
    """The phrases of questions rulings don't answer (strategy, prices, lore …), each as
    the words a query analysed the same way holds. A phrase counts only whole: 卡组推荐
    is the words 卡组 and 推荐, and 卡组 alone (a deck, which the rules are about) or 多少
    alone (how many) must not make a question look like one about deck advice or prices."""
    phrases: set[frozenset[str]] = set()
    for line in NOT_RULES.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            words = frozenset(engine.analysis.words(line))
            if words:
                phrases.add(words)
    return tuple(sorted(phrases, key=sorted))


def _is_content(token: str) -> bool:
    return len(token) >= (2 if HAN_RE.match(token) else 3)


def question_features(
    rows: list[dict], question: dict, chooser_p: np.ndarray, linked: list[bool] | None = None
) -> dict:
    """The card model's features: the question's own and its chosen candidate's.
    `linked[i]`: candidate i cross-references the chosen one (or it, i): rulings that
    point at each other and share the chooser's belief agree rather than compete."""
    order = np.argsort(-chooser_p, kind="stable")
    top = rows[int(order[0])]
    second = float(chooser_p[order[1]]) if len(order) > 1 else 0.0
    others = [int(i) for i in order[1:]]
    mass = float(chooser_p.sum()) or 1.0
    agree = sum(float(chooser_p[i]) for i in others if linked and linked[i]) / mass
    out = {
        "top_log_score": top["log_score"],
        "top_fit": top["fit"],
        "top_coverage": top["coverage"],
        "top_ask_fit": top["ask_fit"],
        "top_ask_reverse": top["ask_reverse"],
        "top_question_line": top["question_line"],
        "best_ask_reverse": max(r["ask_reverse"] for r in rows),
        "top_ask_f1": top["ask_f1"],
        "best_ask_f1": max(r["ask_f1"] for r in rows),
        "best_fit": max(r["fit"] for r in rows),
        "top_like": top["like"],
        "best_like": max(r["like"] for r in rows),
        "top_like_margin": top["like_margin"],
        "chooser_p": float(chooser_p[order[0]]),
        "chooser_margin": float(chooser_p[order[0]]) - second,
        "agree_mass": agree,
        "top_game_hint": top["game_hint"],
        "top_number_match": top["number_match"],
        "top_is_qa": top["is_qa"],
        "top_is_rule": top["is_rule"],
        "top_is_term": top["is_term"],
        "top_is_card": top["is_card"],
        **question,
    }
    assert tuple(out) == QUESTION_FEATURES
    return out


@dataclass(frozen=True)
class Judgement:
    """The candidates in the order the chooser ranks them, each one's chooser
    probability, and the probability that the card (the first) answers the question."""

    order: list[int]
    chooser: np.ndarray
    card: float

    @property
    def best(self) -> int:
        return self.order[0]

    @property
    def probability(self) -> float:
        """That the card answers the question."""
        return self.card

    def of(self, i: int) -> float:
        """Another candidate's probability, on the card's scale."""
        top = float(self.chooser[self.best]) or 1.0
        return self.card * float(self.chooser[i]) / top


def cites(engine: Engine, pq: ParsedQuery, hits: list[Hit], chosen: int) -> bool:
    """The query is an official number (Q108, 16.9.5, p.12) that the chosen ruling, and
    no other candidate, carries: a judge's lookup, certain by construction, not a guess
    for the model to weigh (number-only queries are too rare among players' questions
    for it to learn)."""
    if not pq.citation:
        return False
    keys = {n.key for n in pq.numbers}
    carriers = [i for i, h in enumerate(hits) if keys & engine.numbers_of(engine.kb.entries[h.id])]
    return carriers == [chosen]


def linked_to(engine: Engine, hits: list[Hit], chosen: int) -> list[bool]:
    """Which candidates cross-reference the chosen one, or are referenced by it."""
    kb = engine.kb
    top = kb.entries[hits[chosen].id]
    out = []
    for h in hits:
        e = kb.entries[h.id]
        out.append(h.id != top.id and (e.id in top.related or top.id in e.related))
    return out


def judge(engine: Engine, pq: ParsedQuery, hits: list[Hit], m: Model) -> Judgement:
    rows, question = candidate_features(engine, pq, hits)
    chooser = m.chooser.predict(np.array([vector(r) for r in rows]))
    linked = linked_to(engine, hits, int(np.argmax(chooser)))
    features = vector(question_features(rows, question, chooser, linked), QUESTION_FEATURES)
    card = float(m.card.predict(features[None])[0])
    order = sorted(range(len(hits)), key=lambda i: (-chooser[i], i))
    return Judgement(order, chooser, card)


def term_translations(engine: Engine, entry: Entry):
    """For a unit of an entry's source text, the other language's forms of the game terms
    it uses (the termbase's), to find the unit's twin in the translation."""
    src = entry.source_lang
    other = "en" if src == "zh" else "zh"
    records = engine.termbase.for_game(entry.game)

    def translations(unit: str) -> list[str]:
        low = unit.lower()
        out: list[str] = []
        for r in records:
            if any(f and f.lower() in low for f in r.forms(src)):
                out += [f for f in r.forms(other) if len(f) >= 2]
        return out

    return translations


def _only_heading(entry: Entry) -> bool:
    paras = paragraphs(entry.text.get(entry.source_lang))
    return bool(paras) and all(is_heading(p, entry) for p in paras)


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


def _example(engine: Engine, entry: Entry, pq: ParsedQuery) -> dict | None:
    """The entry's worked example that matches the question best, with its result from
    the generation."""
    words = set(pq.tokens) | {a for alts in pq.expansions.values() for a in alts}
    ex = engine.examples.best_for(entry.id, words)
    if ex is None:
        return None
    done = engine.example_results.get(ex.id)
    if done is None:  # not in the generation (never for a generation of this code)
        params, outcome = ex.run()
        done = {"params": params, **outcome.as_dict()}
    out = {
        "id": ex.id,
        "title": ex.title,
        "code": ex.code(),
        "params": done["params"],
        "result": done["result"],
        "steps": done["steps"],
        "expected": ex.expected,
    }
    if done.get("verdict"):
        out["verdict"] = done["verdict"]
    return out


def _ordered(texts: dict[str, str], lang: str) -> dict[str, str]:
    """The question's language first."""
    return dict(sorted(texts.items(), key=lambda kv: kv[0] != lang))


def ask(
    engine: Engine,
    raw_query: str,
    game: str | None = None,
    entry_type: str | None = None,
    scope_named: bool = True,
    confidence_model: Model | None = None,
) -> AskResult:
    """Finds the ruling that answers a question (among the entries the filters allow,
    in the game the question names), with its example run and the probability that it
    answers it; or says that these sources don't cover it."""
    pq = engine.parse(raw_query, game, scope_named)
    lang = "zh" if HAN_RE.search(pq.text) else "en"
    scope = dict(
        scope=pq.scope, scope_detected=pq.scope_detected, lang=lang, other_game=pq.other_game
    )
    if not pq.text:
        return AskResult(pq.text, None, [], message("empty"), False, **scope)
    result = engine.search(pq, game, entry_type, limit=tuning.CANDIDATES)
    hits: list[Hit] = result.hits
    parsed = result.parsed or pq
    corrected = result.corrected
    if not hits:
        return AskResult(pq.text, None, [], message("none"), False, corrected=corrected, **scope)
    m = confidence_model or model()
    verdict_of = judge(engine, parsed, hits, m)
    order = verdict_of.order
    best_i = verdict_of.best
    p = 1.0 if cites(engine, parsed, hits, best_i) else verdict_of.probability
    band = m.band(p)
    ranked = [hits[i] for i in order]
    if band is None:
        return AskResult(
            pq.text,
            None,
            [h.as_dict() for h in ranked[:5]],
            (
                other_game_message(engine.registry, pq.other_game)
                if pq.other_game
                else message("not_covered")
            ),
            False,
            corrected=corrected,
            **scope,
        )
    kb = engine.kb
    best = kb.entries[hits[best_i].id]
    related = [h.as_dict() for h in ranked[1:5]]
    seen = {h["id"] for h in related} | {best.id}
    for rel_id in (best.parent, *best.related):
        rel = kb.get(rel_id) if rel_id else None
        if rel is not None and rel.id not in seen and len(related) < 8:
            seen.add(rel.id)
            related.append(_related(rel))
    fit = Fit(engine, list(parsed.tokens), parsed.expansions)
    passage: Passage = answering_passage(best, fit.weight, term_translations(engine, best))
    text = _ordered(passage.text, lang)
    provenance = {k: best.provenance.get(k) for k in text}
    alternatives = []
    if band != "high":
        for i in order[1:3]:
            if float(verdict_of.chooser[i]) >= ALTERNATIVE_MIN:
                other = kb.entries[hits[i].id]
                alt = answering_passage(other, fit.weight)
                alternatives.append(
                    {
                        "id": other.id,
                        "title": other.title.as_dict(),
                        "url": other.url,
                        "text": _ordered(alt.verdict or alt.text, lang),
                        "probability": round(verdict_of.of(i), 4),
                    }
                )
    answer = Answer(
        entry=best,
        text=text,
        provenance=provenance,
        part=passage.part,
        confidence=band,
        probability=p,
        score=hits[best_i].score,
        example=_example(engine, best, parsed),
        verdict=_ordered(passage.verdict, lang),
    )
    note = "" if band == "high" else message(band)
    if pq.other_game:
        note = " ".join(filter(None, [other_game_message(engine.registry, pq.other_game), note]))
    return AskResult(
        pq.text,
        answer,
        related,
        note,
        True,
        corrected=corrected,
        alternatives=alternatives,
        **scope,
    )
