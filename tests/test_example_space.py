"""Every worked example, run anywhere in its parameter space (Hypothesis), answers a reader:
either a clear error in both languages naming one of its inputs, or an outcome with a
verdict and steps in both languages that cite real entries. The per-game property tests
check what the rulings say; this checks that no branch of any check is left half-translated
or crashes on values a form accepts."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.examples import all_examples
from kb.rulecheck import Param, ParamError

CJK = re.compile(r"[\u3400-\u9fff]")
EXAMPLES = sorted(all_examples().values(), key=lambda e: e.id)


def _values(p: Param) -> st.SearchStrategy:
    lo = p.min if p.min is not None else 0
    hi = p.max if p.max is not None else 20
    if p.kind == "bool":
        return st.booleans()
    if p.kind == "int":
        return st.integers(lo, min(hi, lo + 60))
    if p.kind == "str":
        return st.sampled_from(p.choices) if p.choices else st.sampled_from((p.default, "别名 X"))
    item = (
        st.integers(lo, min(hi, lo + 30))
        if p.kind == "int_list"
        else st.sampled_from(p.choices)
        if p.choices
        else st.sampled_from((*p.default, "X【自】"))
    )
    return st.lists(item, max_size=min(p.max_items, 6)).map(tuple)


@st.composite
def points(draw, example):
    """A point of the example's space: each input kept at its default or drawn anew."""
    return {p.name: draw(st.one_of(st.just(p.default), _values(p))) for p in example.params}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
@settings(
    max_examples=12,
    deadline=None,
    database=None,  # one test body over 300 spaces: another example's saved cases do not apply
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_point_gives_a_bilingual_answer_or_a_bilingual_error(kb, example, data):
    values = data.draw(points(example))
    try:
        outcome = example.check(**values, **example.fixed)
    except ParamError as exc:
        assert exc.param in {p.name for p in example.params} | set(example.fixed), exc.param
        assert CJK.search(exc.zh), f"no Chinese for {exc}"
        return
    assert outcome.verdict is not None and CJK.search(outcome.verdict.zh)
    assert outcome.verdict.en.strip()
    assert outcome.steps
    for step in outcome.steps:
        assert CJK.search(step.zh), f"{example.id}: no Chinese for {step.text!r}"
        assert kb.get(step.cites) is not None, step.cites
    json.dumps(outcome.as_dict(), ensure_ascii=False)
