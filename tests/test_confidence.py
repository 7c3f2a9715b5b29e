"""The answer card's models: boosted trees fitted by scikit-learn, walked by the service
from their exported arrays (indexer/confidence.py). The export reads scikit-learn's node
records, which are not a public API: these tests are what says it still reads them right."""

from __future__ import annotations

import json

import numpy as np
import pytest

from indexer.confidence import FEATURES, QUESTION_FEATURES, Trees, load_model
from indexer.fit_confidence import export_trees, fit_trees, model_json


def _data(seed: int, rows: int = 600, features: int = 6):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(rows, features))
    x[:, 2] = rng.integers(0, 4, size=rows)  # a few distinct values, as counts are
    y = (x[:, 0] * x[:, 1] + 0.5 * x[:, 2] + rng.normal(size=rows) > 0.5).astype(float)
    return x, y


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_exported_trees_give_scikit_learns_probabilities(seed):
    from sklearn.ensemble import HistGradientBoostingClassifier

    x, y = _data(seed)
    x[::17, 3] = np.nan  # missing values take each split's learned side
    fitted = HistGradientBoostingClassifier(
        learning_rate=0.1, max_iter=40, max_leaf_nodes=8, min_samples_leaf=10, random_state=0
    ).fit(x, y)
    trees = export_trees(fitted)
    fresh, _ = _data(seed + 100, rows=300)
    fresh[::5, 3] = np.nan
    for rows in (x, fresh, fresh[:1]):
        np.testing.assert_allclose(
            trees.predict(rows), fitted.predict_proba(rows)[:, 1], rtol=0, atol=1e-12
        )


def test_trees_survive_their_json_unchanged():
    x, y = _data(3)
    trees = fit_trees(x, y, dict(learning_rate=0.1, max_iter=25, max_leaf_nodes=6))
    again = Trees.of(json.loads(json.dumps(trees.as_dict())))
    assert np.array_equal(again.predict(x), trees.predict(x))


def test_a_tree_of_one_leaf_is_its_value():
    """A fit with nothing to split on (every label the same side of every feature) keeps
    single-leaf trees: the walk must stop at the root."""
    leaf = {
        "feature": [0],
        "threshold": [0.0],
        "missing_left": [True],
        "left": [0],
        "right": [0],
        "is_leaf": [True],
        "value": [0.5],
    }
    stump = Trees.of({"kind": "trees", "bias": -0.5, "trees": [leaf]})
    assert stump.predict(np.zeros((3, 2))).tolist() == [0.5, 0.5, 0.5]


def test_the_model_file_is_written_one_tree_a_line_and_reads_back_the_same():
    x, y = _data(4)
    trees = fit_trees(x, y, dict(learning_rate=0.1, max_iter=12, max_leaf_nodes=4))
    body = {"chooser": trees.as_dict(), "card": trees.as_dict(), "thresholds": {"low": 0.5}}
    text = model_json(body)
    assert json.loads(text) == json.loads(json.dumps(body))
    assert sum(line.lstrip().startswith('{"feature"') for line in text.splitlines()) == 24


def test_the_shipped_model_reads_the_service_features_and_orders_its_bands():
    m = load_model()
    assert m.high >= m.medium >= m.low > 0
    rng = np.random.default_rng(5)
    for trees, width in ((m.chooser, len(FEATURES)), (m.card, len(QUESTION_FEATURES))):
        assert int(trees.feature.max()) < width
        p = trees.predict(rng.normal(size=(50, width)))
        assert np.all((p > 0) & (p < 1))
