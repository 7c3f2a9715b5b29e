"""Every worked example runs and gives the outcome its source states; every entry of
the KB either has an example or a reason why it states no computable outcome."""

from __future__ import annotations

import pytest

from kb.examples import all_examples, examples_for, not_computable
from kb.rulecheck import ParamError

EXAMPLES = sorted(all_examples().values(), key=lambda e: e.id)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_gives_the_stated_outcome(example):
    _, outcome = example.run()
    assert outcome.result == example.expected
    assert outcome.steps, "a check explains itself"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_is_bound_to_a_real_entry_and_cites_real_entries(kb, example):
    assert kb.get(example.entry_id) is not None, example.entry_id
    assert example.id.startswith(kb.get(example.entry_id).game + "-")
    _, outcome = example.run()
    for step in outcome.steps:
        assert kb.get(step.cites) is not None, f"{example.id} cites {step.cites!r}"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_code_runs_as_shown(example):
    namespace: dict = {}
    code = example.code().replace("print(", "_ = (")
    exec(compile(code, example.id, "exec"), namespace)
    assert namespace["outcome"].result == example.expected


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_bad_parameters_are_rejected_by_name(example):
    with pytest.raises(ParamError) as info:
        example.run({"no_such_param": 1})
    assert info.value.param == "no_such_param"
    for param in example.params:
        bad = {"int": "many", "bool": "maybe", "str": 123, "int_list": {"a": 1}, "str_list": 5}[
            param.kind
        ]
        with pytest.raises(ParamError) as info:
            example.run({param.name: bad})
        assert info.value.param == param.name
        if param.kind == "int" and param.max is not None:
            with pytest.raises(ParamError):
                example.run({param.name: param.max + 1})


def test_every_entry_is_classified(kb):
    reasons = not_computable()
    for entry_id in reasons:
        assert kb.get(entry_id) is not None, f"NOT_COMPUTABLE names unknown {entry_id}"
    unclassified = [
        e.id for e in kb.entries.values() if not examples_for(e.id) and e.id not in reasons
    ]
    assert unclassified == []
    both = [e for e in reasons if examples_for(e)]
    assert both == [], "an entry is either computable (has examples) or not"
