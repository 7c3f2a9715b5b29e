"""Worked examples through the API: the issue's repros, read-at-a-glance fields, merged copies.

Each repro is run the way a reader of the site runs it, `POST /api/examples/<id>/run`, and
checked against the ruling it concerns.
"""

from __future__ import annotations

import re

import pytest

from kb.examples import all_examples, best_example_for

CJK = re.compile(r"[\u3400-\u9fff]")


def run(client, example_id: str, **params):
    resp = client.post(f"/api/examples/{example_id}/run", json={"params": params})
    return resp.status_code, resp.get_json()


def test_the_contract_holds_with_the_new_fields(client):
    status, body = run(client, "fe0-tied-power", attacker_power=40)
    assert status == 200
    assert {"ok", "params", "result", "steps"} <= set(body)
    assert all(isinstance(s, str) for s in body["steps"])
    assert body["verdict"] == {
        "zh": "攻击失败，双方都未被击破（40 对 50）",
        "en": "The attack fails; neither unit is destroyed (40 vs 50)",
    }
    for step in body["steps_detail"]:
        assert CJK.search(step["zh"]) and step["en"] and step["url"] == f"/entries/{step['cites']}"
        assert step["cite_title"]["zh"]
    assert body["heading"] != all_examples()["fe0-tied-power"].title, "follows the values run"
    assert "attacker_power=40" in body["code"]


def test_a_bad_value_is_explained_in_both_languages(client):
    status, body = run(client, "magewars-chain-lightning-three-targets", target_lightning="2, x")
    assert status == 400
    error = body["error"]
    assert error["param"] == "target_lightning"
    assert "must be an integer" in error["message"]
    assert CJK.search(error["message_zh"])


# --- the repros of the issue --------------------------------------------------------------


def test_whi_extra_damage_is_kept_when_nothing_reaches_the_capital(client):
    _, body = run(
        client,
        "whi-assign-damage-corrected",
        damage_pool=5,
        defender_hit_points="3, 2",
        defender_damage="0, 0",
        defender_toughness="1, 0",
        extra_damage="1, 0",
    )
    assert body["result"]["assigned"] == [4, 1] and body["result"]["capital"] == 0


def test_whi_erratum_changes_a_result_not_only_the_wording(client):
    _, corrected = run(client, "whi-assign-damage-corrected")
    _, original = run(client, "whi-assign-damage-original")
    assert corrected["params"] | {"original_reading": "hit points possessed"} == original["params"]
    assert corrected["result"]["minimum"] != original["result"]["minimum"]


def test_magewars_two_imps_are_two_creatures(client):
    _, body = run(
        client,
        "magewars-pentagram-two-rounds",
        damaged_creatures="Firebrand Imp, Firebrand Imp",
        in_rounds="1, 1",
    )
    assert body["result"]["total"] == 2


def test_magewars_a_teleport_does_not_escape_thorg_one_zone_away(client):
    _, body = run(
        client,
        "magewars-taunt-thorg-both",
        teleported_first=True,
        zones_away=1,
    )
    assert body["result"]["forced"] is True


def test_magewars_a_push_into_the_same_zone_is_accepted(client):
    status, body = run(client, "magewars-own-zone-same-zone", moved_by="push")
    assert status == 200 and body["result"]["canceled"] is False


def test_magewars_only_jinx_refunds_the_mana(client):
    _, body = run(client, "magewars-extend-countered-by-jinx", countered_by="another counter")
    assert body["result"]["mana_returned"] is None


def test_magewars_dissolve_keeps_its_erratum_range(client):
    status, body = run(client, "magewars-range-dissolve-errata", range_max=3)
    assert status == 400 and body["error"]["param"] == "range_max"
    _, far = run(client, "magewars-range-dissolve-errata", zones_away=3)
    assert far["result"] is False


def test_fe0_q111_is_not_cited_for_a_critical_attack(client):
    _, body = run(
        client,
        "fe0-no-evasion-between-orbs",
        action="critical attack",
        role="attacker",
    )
    assert "fe0-qa-111" not in [s["cites"] for s in body["steps_detail"]]


def test_fe0_a_destroyed_lord_with_orbs_sends_nothing_to_the_retreat_area(client):
    _, body = run(client, "fe0-destroyed-stack-to-retreat", unit_is_lord=True, orbs=3)
    assert body["result"]["cards_to_retreat_if_destroyed"] == 0


# --- specs: declared inert inputs, words not codes ------------------------------------------


def test_specs_say_why_an_input_cannot_change_the_result(client):
    examples = client.get("/api/examples").get_json()["examples"]
    by_id = {e["id"]: e for e in examples}
    specs = {s["name"]: s for s in by_id["fe0-attack-untapped-enemy"]["param_specs"]}
    reason = specs["target_untapped"]["inert_reason"]
    assert reason["cites"] == "fe0-qa-106" and "横置" in reason["quote"]
    assert specs["target_untapped"]["choice_labels"]["true"] == {"zh": "是", "en": "Yes"}
    pentagram = {s["name"]: s for s in by_id["magewars-pentagram-two-rounds"]["param_specs"]}
    assert pentagram["damaged_creatures"]["display_only"] is True
    garrison = {
        s["name"]: s for s in by_id["fadingglory-garrison-alone-no-reserves"]["param_specs"]
    }
    phrase = garrison["action"]["choice_labels"]["be_entered_by_enemy_advance_after_combat"]
    assert "_" not in phrase["en"] and CJK.search(phrase["zh"])


def test_a_merged_copy_answers_by_its_old_id(client):
    resp = client.get("/api/examples/magewars-knockdown-loses-flying")
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["id"] == "magewars-incapacitated-loses-flying"
    assert "magewars-card-knockdown" in body["entries"]
    assert client.post("/api/examples/fe0-intro-lord-cost-1/run").status_code == 200
    entry = client.get("/api/entries/magewars-card-knockdown").get_json()
    assert [e["id"] for e in entry["examples"]] == ["magewars-incapacitated-loses-flying"]


# --- choosing among an entry's examples ---------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "words", "expected"),
    [
        ("fe0-rule-judgement", {"战斗力", "一样", "谁", "赢"}, "fe0-tied-power"),
        ("fe0-rule-judgement", {"same", "power", "tie"}, "fe0-tied-power"),
        ("fe0-rule-judgement", {"主人公", "宝玉"}, "fe0-judgement-lord-orb"),
        ("fe0-rule-judgement", {"顺序", "退避区"}, "fe0-judgement-destruction-order"),
        ("whi-errata-p12-assign-damage", {"original", "wording"}, "whi-assign-damage-original"),
        ("whi-errata-p12-assign-damage", {"额外", "不足"}, "whi-assign-damage-short-pool-extra"),
        ("magewars-trait-extend", {"厄运", "反制"}, "magewars-extend-countered-by-jinx"),
    ],
)
def test_best_example_for_picks_the_example_the_question_is_about(entry, words, expected):
    assert best_example_for(entry, words).id == expected


def test_best_example_for_falls_back_to_the_first_example():
    first = best_example_for("fe0-rule-judgement", set())
    assert first.entry_id == "fe0-rule-judgement"
    assert best_example_for("fe0-rule-about-the-post", {"x"}) is None


def test_example_answers_match_the_openapi_schemas(client):
    import jsonschema

    from web.openapi import spec

    components = {"components": spec()["components"]}
    schemas = spec()["components"]["schemas"]
    run_answer = client.post("/api/examples/whi-assign-damage-original/run").get_json()
    jsonschema.validate(run_answer, {**schemas["RunResult"], **components})
    one = client.get("/api/examples/fe0-attack-untapped-enemy").get_json()
    jsonschema.validate(one, {**schemas["ExampleRun"], **components})
    for example in client.get("/api/examples").get_json()["examples"]:
        jsonschema.validate(example, {**schemas["Example"], **components})
    error = client.post("/api/examples/fe0-tied-power/run", json={"params": {"x": 1}}).get_json()
    jsonschema.validate(error, {**schemas["Error"], **components})
    assert error["error"]["message_zh"]
