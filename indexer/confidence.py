"""How sure the answer card may be: two small models (boosted trees) over ranking features.

- The chooser gives each candidate ruling the probability that it is the one that answers
  the question (features: how much of the question it holds, in its texts and in its
  players' questions; how clearly it beats the others; what kind of entry it is).
- The card model gives the probability that the card (the chooser's first) answers the
  question (features of the question and of that candidate: how much of it no candidate
  holds, words the KB has never seen, an official number no entry has, another game named,
  the chooser's probability and margin, whether the card's game is the one the question's
  own words point to, what kind of entry the card is …). Several entries may state one
  ruling and share the chooser's probability; the card model judges the card itself.
Both are fitted by `python -m indexer.fit_confidence` on the development sets and stored
beside this module (`confidence.json`) with the thresholds that map a probability to high,
medium or low, below which the card says that these sources don't cover the question.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

MODEL_FILE = Path(__file__).resolve().parent / "confidence.json"

# Features of one candidate for one question.
FEATURES = (
    "log_score",
    "score_share",
    "rank",
    "fit",
    "coverage",
    "ask_fit",
    "ask_reverse",
    "ask_f1",
    "question_line",
    "is_qa",
    "is_rule",
    "is_term",
    "is_card",
    "is_clarification",
    "is_heading",
    "game_hint",
    "number_match",
    "fit_margin",
    "score_margin",
    "ask_margin",
    "ask_f1_margin",
    "like",
    "like_margin",
    "is_question",
    "chinese",
)
# Features of the question (with its chosen candidate's) for the card model.
QUESTION_FEATURES = (
    "top_log_score",
    "top_fit",
    "top_coverage",
    "top_ask_fit",
    "top_ask_reverse",
    "top_question_line",
    "best_ask_reverse",
    "top_ask_f1",
    "best_ask_f1",
    "best_fit",
    "top_like",
    "best_like",
    "top_like_margin",
    "chooser_p",
    "chooser_margin",
    "agree_mass",
    "top_game_hint",
    "top_number_match",
    "top_is_qa",
    "top_is_rule",
    "top_is_term",
    "top_is_card",
    "not_rules",
    "unheld",
    "unheld_max",
    "unknown_words",
    "number_unknown",
    "other_game",
    "log_tokens",
    "is_question",
    "chinese",
)


MAX_SPLITS = 12  # a tree's splits index its table of 2**splits outcomes


@dataclass(frozen=True, eq=False)
class Trees:
    """A fitted ensemble of small regression trees (gradient boosting): the probability is
    the logistic of the bias plus one leaf's value from each tree. A linear model could not
    say that a short question with a low score is still in scope when its players' questions
    hold it, or that a high score means little when the question names a card no entry has.

    Scoring walks no tree: each tree's splits are compared at once (one gather, one
    comparison over every split of every tree), the comparisons of a tree make a number,
    and that number indexes the tree's table of leaf values, filled once when the model is
    read. Eight candidates through 300 trees of 8 leaves take tens of microseconds."""

    feature: np.ndarray  # (trees, splits) the feature each split reads
    threshold: np.ndarray  # (trees, splits) values <= threshold go left
    missing_left: np.ndarray  # (trees, splits) where NaN goes
    table: np.ndarray  # (trees, 2**splits) the leaf value reached by each outcome
    bias: float
    source: dict  # the node lists the model file holds

    def raw(self, rows: np.ndarray) -> np.ndarray:
        rows = np.atleast_2d(np.asarray(rows, dtype=np.float64))
        trees, splits = self.feature.shape
        x = np.take(rows, self.feature.ravel(), axis=1).reshape(len(rows), trees, splits)
        left = x <= self.threshold
        if np.isnan(x).any():
            left = np.where(np.isnan(x), self.missing_left, left)
        # The outcome's number: a sum of distinct powers of two below 2**MAX_SPLITS, exact
        # in floating point (a float product is a BLAS call; an integer one is not).
        outcome = (left @ np.exp2(np.arange(splits))).astype(np.intp)
        start = np.arange(trees, dtype=np.intp) * self.table.shape[1]
        return np.take(self.table.ravel(), outcome + start).sum(axis=1) + self.bias

    def predict(self, rows: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-np.clip(self.raw(rows), -40, 40)))

    def as_dict(self) -> dict:
        return self.source

    @classmethod
    def of(cls, data: dict) -> Trees:
        """The model from its node lists: per tree, the nodes' feature, threshold,
        missing_left, left, right, is_leaf and value (a leaf's; node 0 is the root)."""
        trees = data["trees"]
        splits = [[k for k, leaf in enumerate(t["is_leaf"]) if not leaf] for t in trees]
        width = max(1, max(len(s) for s in splits))
        if width > MAX_SPLITS:
            raise ValueError(f"a tree has {width} splits; at most {MAX_SPLITS} are tabled")
        feature = np.zeros((len(trees), width), dtype=np.intp)
        threshold = np.full((len(trees), width), np.inf)
        missing_left = np.ones((len(trees), width), dtype=bool)
        table = np.zeros((len(trees), 1 << width))
        outcomes = np.arange(1 << width)
        for t, (tree, inner) in enumerate(zip(trees, splits, strict=True)):
            feature[t, : len(inner)] = [tree["feature"][k] for k in inner]
            threshold[t, : len(inner)] = [tree["threshold"][k] for k in inner]
            missing_left[t, : len(inner)] = [tree["missing_left"][k] for k in inner]
            bit = {k: j for j, k in enumerate(inner)}
            table[t] = _leaf_values(tree, bit, outcomes)
        return cls(feature, threshold, missing_left, table, float(data["bias"]), data)


def _leaf_values(tree: dict, bit: dict[int, int], outcomes: np.ndarray) -> np.ndarray:
    """The leaf value each outcome (bit j set: split j went left) reaches, all outcomes
    walked together, one level a step."""
    is_leaf = np.array(tree["is_leaf"], dtype=bool)
    left, right = np.array(tree["left"]), np.array(tree["right"])
    bit_of = np.array([bit.get(k, 0) for k in range(len(is_leaf))])
    node = np.zeros(len(outcomes), dtype=np.intp)
    while not is_leaf[node].all():
        goes_left = (outcomes >> bit_of[node]) & 1 == 1
        node = np.where(is_leaf[node], node, np.where(goes_left, left[node], right[node]))
    return np.array(tree["value"], dtype=np.float64)[node]


@dataclass(frozen=True)
class Model:
    """The chooser, the card model and the probability thresholds of the bands."""

    chooser: Trees
    card: Trees
    high: float
    medium: float
    low: float

    def band(self, p: float) -> str | None:
        """high / medium / low, or None: not covered by these sources."""
        if p >= self.high:
            return "high"
        if p >= self.medium:
            return "medium"
        if p >= self.low:
            return "low"
        return None


def vector(values: dict[str, float], names: tuple[str, ...] = FEATURES) -> np.ndarray:
    return np.array([float(values[name]) for name in names], dtype=np.float64)


def load_model(path: Path = MODEL_FILE) -> Model:
    data = json.loads(path.read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURES or tuple(data["question_features"]) != (
        QUESTION_FEATURES
    ):
        raise ValueError(f"{path} was fitted on other features: rerun indexer.fit_confidence")
    t = data["thresholds"]
    return Model(
        Trees.of(data["chooser"]),
        Trees.of(data["card"]),
        float(t["high"]),
        float(t["medium"]),
        float(t["low"]),
    )


@cache
def model() -> Model:
    """The fitted model, read once per process."""
    return load_model()


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def safe_log(x: float) -> float:
    return math.log(x) if x > 0 else -10.0
