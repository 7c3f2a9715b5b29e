"""How sure the answer card may be: two small logistic models over ranking features.

- The chooser gives each candidate ruling the probability that it is the one that answers
  the question (features: how much of the question it holds, in its texts and in its
  players' questions; how clearly it beats the others; what kind of entry it is).
- The card model gives the probability that the card (the chooser's first) answers the
  question (features of the question and of that candidate: how much of it no candidate
  holds, words the KB has never seen, an official number no entry has, another game named,
  the chooser's probability and margin …). Several entries may state one ruling and share
  the chooser's probability; the card model judges the card itself.
 Both are fitted by `python -m indexer.fit_confidence`
on the development sets and stored beside this module (`confidence.json`) with the
thresholds that map a probability to high, medium or low, below which the card says that
these sources don't cover the question.
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


@dataclass(frozen=True)
class Logistic:
    """Standardisation and weights of one fitted model."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def predict(self, rows: np.ndarray) -> np.ndarray:
        z = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-np.clip(z, -40, 40)))

    def as_dict(self) -> dict:
        return {
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "weights": self.weights.tolist(),
            "bias": self.bias,
        }

    @classmethod
    def of(cls, data: dict) -> Logistic:
        return cls(
            np.array(data["mean"]),
            np.array(data["scale"]),
            np.array(data["weights"]),
            float(data["bias"]),
        )


@dataclass(frozen=True)
class Model:
    """The chooser, the card model and the probability thresholds of the bands."""

    chooser: Logistic
    card: Logistic
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
        Logistic.of(data["chooser"]),
        Logistic.of(data["card"]),
        float(t["high"]),
        float(t["medium"]),
        float(t["low"]),
    )


@cache
def model() -> Model:
    """The fitted model, read once per process."""
    return load_model()


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, iterations: int = 50) -> Logistic:
    """L2-regularised logistic regression by Newton's method on standardised features.
    Small and exact: a few thousand rows, two dozen features."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = (x - mean) / scale
    design = np.hstack([z, np.ones((len(z), 1))])
    w = np.zeros(design.shape[1])
    penalty = np.full(design.shape[1], l2)
    penalty[-1] = 0.0  # the bias is not shrunk
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(design @ w, -40, 40)))
        gradient = design.T @ (p - y) + penalty * w
        hessian = (design * (p * (1 - p))[:, None]).T @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return Logistic(mean, scale, w[:-1], float(w[-1]))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def safe_log(x: float) -> float:
    return math.log(x) if x > 0 else -10.0
