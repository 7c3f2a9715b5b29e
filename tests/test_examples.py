"""Every worked example runs and gives the outcome its source states; every entry of
the KB either has an example or a reason why it states no computable outcome."""

from __future__ import annotations

import re

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


# --- read at a glance: both languages, words not codes ---------------------------------------

CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_outcome_has_a_verdict_and_steps_in_both_languages(example):
    _, outcome = example.run()
    assert outcome.verdict is not None, "a one-line verdict above the result"
    assert CJK.search(outcome.verdict.zh) and outcome.verdict.en.strip()
    english = outcome.verdict.en
    for value in example.defaults.values():  # names the user gives (skills, epithets) may stay
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and item not in (p for q in example.params for p in q.phrases):
                english = english.replace(item, "")
    assert not CJK.search(english), outcome.verdict.en
    for step in outcome.steps:
        assert CJK.search(step.zh), f"{example.id}: no Chinese for {step.text!r}"
        assert step.text.strip()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_labels_and_choices_are_words_in_both_languages(example):
    for p in example.params:
        labels = p.labels
        assert CJK.search(labels.zh), f"{example.id}.{p.name}: no Chinese label"
        assert labels.en and not CJK.search(labels.en), f"{example.id}.{p.name}: {p.label!r}"
        assert labels.en != p.name, "a label in words, not the code name"
        for choice in p.choices:
            phrase = p.phrase(choice)
            assert choice in p.phrases, f"{example.id}.{p.name}: no phrase for {choice!r}"
            assert CJK.search(phrase.zh) or not re.search("[A-Za-z]", choice), phrase.zh
            assert "_" not in phrase.en and not CJK.search(phrase.en), phrase.en
    for value, words in ((True, "是"), (False, "否")):
        bools = [p for p in example.params if p.kind == "bool"]
        for p in bools:
            assert p.phrase(value).zh == words


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_a_declared_inert_input_quotes_its_ruling_verbatim(kb, example):
    for p in example.params:
        if p.inert is None:
            continue
        entry = kb.get(p.inert.cites)
        assert entry is not None, p.inert.cites
        texts = [*entry.text.as_dict().values()]
        if entry.original:
            texts += entry.original.as_dict().values()
        squash = " ".join
        assert any(squash(p.inert.quote.split()) in squash(t.split()) for t in texts), (
            f"{example.id}.{p.name}: the quote is not in {entry.id}"
        )
        assert CJK.search(p.inert.zh) and p.inert.en


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_bad_values_are_explained_in_both_languages(example):
    for param in example.params:
        bad = {"int": "many", "bool": "maybe", "str": 123, "int_list": {"a": 1}, "str_list": 5}[
            param.kind
        ]
        with pytest.raises(ParamError) as info:
            example.run({param.name: bad})
        assert CJK.search(info.value.zh), str(info.value)


def test_merged_copies_are_shown_on_every_entry_and_answer_by_their_old_id():
    from kb.examples import find_example

    for example in EXAMPLES:
        for entry_id in example.entries:
            assert example in examples_for(entry_id)
        for alias in example.aliases:
            assert find_example(alias) is example
    assert find_example("no-such-example") is None


def test_no_two_examples_make_the_same_call():
    seen: dict = {}
    for e in EXAMPLES:
        key = (e.check, repr(sorted(e.defaults.items())), repr(sorted(e.fixed.items())))
        assert key not in seen, f"{e.id} repeats {seen[key]}: attach it to both entries instead"
        seen[key] = e.id


def test_the_heading_follows_the_values_run():
    example = all_examples()["whi-assign-damage-corrected"]
    assert example.heading(example.defaults) == example.title
    other = example.defaults | {"damage_pool": 9}
    heading = example.heading(other)
    assert heading != example.title and "your values" in heading and "你的数值" in heading
