"""No worked example offers an input that cannot change its result without saying why.

The scan (kb.inertscan) changes every parameter of every example, one at a time, at many
points of its parameter space (the defaults, every point one change away, random points).
A parameter whose change never moves the result must be declared: `display_only` (a name
that only labels the steps) or `inert` (quoting the ruling that makes it irrelevant). A
declared parameter must really be inert, or the declaration misleads the reader.
"""

from __future__ import annotations

import pytest

from kb.examples import all_examples
from kb.inertscan import inert_params

EXAMPLES = sorted(all_examples().values(), key=lambda e: e.id)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_no_undeclared_inert_input(example):
    inert = {p.name for p in inert_params(example)}
    undeclared = sorted(
        p.name for p in example.params if p.name in inert and not (p.display_only or p.inert)
    )
    assert undeclared == [], f"{example.id}: {undeclared} never change the result"
    falsely = sorted(
        p.name for p in example.params if (p.display_only or p.inert) and p.name not in inert
    )
    assert falsely == [], f"{example.id}: {falsely} are declared inert but change the result"


def test_the_scan_finds_an_input_the_check_ignores():
    """The scan itself can fail: a check that ignores an input is caught."""
    from kb.rulecheck import Outcome, Param, Reasoning, WorkedExample

    def ignores_b(a: int, b: int) -> Outcome:
        why = Reasoning()
        why.step("whi-term-cost", "a only", "只看a")
        return why.done(a, "a", "a")

    ex = WorkedExample(
        "whi-test",
        "whi-term-cost",
        "t",
        ignores_b,
        (Param("a", "int", 1, "A 甲", 0, 5), Param("b", "int", 1, "B 乙", 0, 5)),
        1,
    )
    assert [p.name for p in inert_params(ex)] == ["b"]
