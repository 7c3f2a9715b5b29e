"""Fire Emblem 0 rule checks: the numbers the sources state and the boundary cases."""

from __future__ import annotations

import json

import pytest

from kb.games.fe0 import rules
from kb.games.fe0.examples import EXAMPLES
from kb.rulecheck import ParamError

DECK_50 = (4,) * 12 + (2,)


def result(outcome):
    return outcome.result


# --------------------------------------------------------------------------- deck building


@pytest.mark.parametrize(
    ("copies", "cost_1", "marker", "legal", "counted"),
    [
        (DECK_50, 4, False, True, 50),  # exactly the minimum
        ((*(4,) * 12, 3), 4, False, True, 51),  # Q70: more is fine
        ((*(4,) * 12, 1), 4, False, False, 49),  # Q70: one short
        ((*(4,) * 12, 1), 4, True, False, 49),  # Q71: the marker does not make it 50
        (DECK_50, 4, True, True, 50),  # Q71: marker beside a full deck changes nothing
        ((5, *(4,) * 11, 1), 4, False, False, 50),  # 5 copies of one card name
        ((4,) * 13, 4, False, True, 52),  # exactly 4 copies of every name
        (DECK_50, 1, False, True, 50),  # exactly one cost-1 card
        (DECK_50, 0, False, False, 50),  # no possible lord
        ((), 0, False, False, 0),  # empty deck
    ],
)
def test_validate_deck(copies, cost_1, marker, legal, counted):
    out = rules.validate_deck(copies, cost_1, marker)
    assert {k: out.result[k] for k in ("legal", "cards_counted")} == {
        "legal": legal,
        "cards_counted": counted,
    }
    assert (out.result["broken_rules"] == []) is legal


def test_validate_deck_names_every_broken_rule():
    # fe0-rule-deck-building: ①不少于50张 ②同名卡最多4张 ③1张出击费用1的卡作为主人公
    out = rules.validate_deck((5, 5), 0).result
    assert out["broken_rules"] == ["①", "②", "③"]


def test_validate_deck_rejects_more_cost_1_cards_than_cards():
    with pytest.raises(ParamError) as info:
        rules.validate_deck((4,), 5)
    assert info.value.param == "cost_1_cards"


def test_mixed_factions_do_not_matter():
    assert rules.validate_deck(DECK_50, 4, factions_in_deck=4).result["legal"] is True


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        (("星之王子", "马尔斯"), ("星之王子", "马尔斯"), True),
        (("星之王子", "马尔斯"), ("英雄王", "马尔斯"), False),
        (("星之王子", "马尔斯"), ("星之王子", "库洛姆"), False),
    ],
)
def test_card_name_is_epithet_plus_unit_name(a, b, same):
    assert rules.is_same_card_name(*a, *b).result is same


@pytest.mark.parametrize(("cost", "ok"), [(1, True), (2, False), (0, False)])
def test_only_cost_1_can_be_lord(cost, ok):
    assert rules.can_be_lord(cost).result is ok


@pytest.mark.parametrize(("deck", "left"), [(50, 38), (51, 39), (60, 48)])
def test_game_setup_counts(deck, left):
    assert rules.game_setup(deck).result == {"hand": 6, "orbs": 5, "deck": left}
    assert rules.game_setup(deck, redraw_hand=True).result["deck"] == left


# --------------------------------------------------------------------------- deployment


def deploy(face_up=(), face_down=0, field=(), plays=()):
    """plays: (name, faction, cost, action) tuples."""
    cards = tuple(p[0] for p in plays)
    return rules.resolve_deployment_phase(
        face_up,
        face_down,
        field,
        cards,
        tuple(p[1] for p in plays),
        tuple(p[2] for p in plays),
        tuple(p[3] for p in plays),
    ).result


def test_intro_example_four_bonds_pay_1_1_2():
    out = deploy(
        ("光之剑",) * 4,
        0,
        (),
        [
            ("马尔斯", "光之剑", 1, "deploy"),
            ("希达", "光之剑", 1, "deploy"),
            ("阿贝尔", "光之剑", 2, "deploy"),
        ],
    )
    assert out["deployed"] == ["马尔斯", "希达", "阿贝尔"]
    assert (out["total_cost"], out["bond_cards"], out["refused"]) == (4, 4, [])


def test_one_over_the_bond_cards_is_refused():
    out = deploy(
        ("光之剑",) * 4, 0, (), [("马尔斯", "光之剑", 3, "deploy"), ("希达", "光之剑", 2, "deploy")]
    )
    assert out["refused"] == ["deploy 希达"]
    assert out["total_cost"] == 3


def test_refused_card_costs_nothing_and_next_card_is_tried():
    out = deploy(
        ("光之剑",) * 3, 0, (), [("马尔斯", "光之剑", 3, "deploy"), ("希达", "光之剑", 1, "deploy")]
    )
    assert out["deployed"] == ["马尔斯"] and out["refused"] == ["deploy 希达"]
    out = deploy(
        ("光之剑",) * 3, 0, (), [("库洛姆", "圣痕", 1, "deploy"), ("希达", "光之剑", 3, "deploy")]
    )
    assert out["deployed"] == ["希达"] and out["total_cost"] == 3


def test_example_2_only_blade_of_light_face_up():
    out = deploy(
        ("光之剑",), 1, (), [("马尔斯", "光之剑", 1, "deploy"), ("库洛姆", "圣痕", 1, "deploy")]
    )
    assert out["deployed"] == ["马尔斯"]
    assert out["refused"] == ["deploy 库洛姆"]


def test_face_down_bonds_count_but_show_no_faction():
    # Q81: 1 face-up + 2 face-down pay 3; Q92: a face-down faction does not qualify.
    assert deploy(("光之剑",), 2, (), [("马尔斯", "光之剑", 3, "deploy")])["deployed"] == ["马尔斯"]
    assert deploy(("圣痕", "圣痕"), 1, (), [("马尔斯", "光之剑", 1, "deploy")])["refused"] == [
        "deploy 马尔斯"
    ]


@pytest.mark.parametrize("action", ["deploy", "level up", "class change"])
def test_all_face_down_blocks_everything(action):
    field = () if action == "deploy" else ("马尔斯",)
    out = deploy((), 5, field, [("马尔斯", "光之剑", 1, action)])
    assert out["refused"] == [f"{action} 马尔斯"]
    assert out["total_cost"] == 0 and out["bond_cards"] == 5


def test_q91_one_faction_card_covers_three_deployments():
    out = deploy(
        ("光之剑", "圣痕", "圣痕"),
        0,
        (),
        [(n, "光之剑", 1, "deploy") for n in ("马尔斯", "希达", "卡因")],
    )
    assert len(out["deployed"]) == 3 and out["total_cost"] == 3


def test_same_name_cannot_be_deployed_but_levels_up():
    field = ("马尔斯",)
    assert deploy(("光之剑",) * 2, 0, field, [("马尔斯", "光之剑", 1, "deploy")])["refused"] == [
        "deploy 马尔斯"
    ]
    out = deploy(("光之剑",) * 2, 0, field, [("马尔斯", "光之剑", 1, "level up")])
    assert out["levelled_up"] == ["马尔斯"] and out["deployed"] == []


def test_level_up_needs_a_unit_of_that_name():
    out = deploy(("光之剑",) * 2, 0, ("希达",), [("马尔斯", "光之剑", 1, "class change")])
    assert out["refused"] == ["class change 马尔斯"]
    assert out["class_change_draws"] == 0


def test_deploy_then_class_change_same_turn_and_again():
    out = deploy(
        ("光之剑",) * 6,
        0,
        (),
        [
            ("马尔斯", "光之剑", 1, "deploy"),
            ("马尔斯", "光之剑", 3, "class change"),
            ("马尔斯", "光之剑", 2, "class change"),
        ],
    )
    assert out["deployed"] == ["马尔斯"]
    assert out["levelled_up"] == ["马尔斯", "马尔斯"]
    assert (out["total_cost"], out["class_change_draws"]) == (6, 2)


def test_class_change_example_total_4():
    out = deploy(
        ("光之剑", "圣痕"),
        2,
        ("马尔斯",),
        [("马尔斯", "光之剑", 3, "class change"), ("库洛姆", "圣痕", 1, "deploy")],
    )
    assert out == {
        "deployed": ["库洛姆"],
        "levelled_up": ["马尔斯"],
        "refused": [],
        "total_cost": 4,
        "bond_cards": 4,
        "class_change_draws": 1,
    }


def test_nothing_played_is_allowed():
    assert deploy(("光之剑",), 0)["total_cost"] == 0


def test_deployment_rejects_mismatched_lists_and_duplicate_units():
    with pytest.raises(ParamError) as info:
        rules.resolve_deployment_phase(("光之剑",), 0, (), ("马尔斯",), (), (1,), ("deploy",))
    assert info.value.param == "card_factions"
    with pytest.raises(ParamError) as info:
        rules.resolve_deployment_phase(("光之剑",), 0, (), ("马尔斯",), ("光之剑",), (1,), ())
    assert info.value.param == "actions"
    with pytest.raises(ParamError) as info:
        rules.resolve_deployment_phase(("光之剑",), 0, ("马尔斯", "马尔斯"), (), (), (), ())
    assert info.value.param == "battlefield_units"


@pytest.mark.parametrize(
    ("paid_cc", "skills", "order", "drawn"),
    [
        (True, 0, ["draw 1 card"], 1),
        (True, 2, ["draw 1 card", "auto skill 1", "auto skill 2"], 1),
        (False, 1, ["auto skill 1"], 0),  # level up by deployment cost: no bonus
    ],
)
def test_class_change_sequence(paid_cc, skills, order, drawn):
    assert rules.class_change_sequence(paid_cc, skills).result == {
        "order": order,
        "cards_drawn": drawn,
    }


def test_unit_after_level_up_uses_top_card_only():
    out = rules.unit_after_level_up(50, 20, 70, 2).result
    assert out == {"power": 70, "cards_with_active_skills": 1, "cards_to_retreat_if_destroyed": 3}
    assert rules.unit_after_level_up(90, 0, 40, 1).result["power"] == 40


def test_q86_removes_earlier_effects_only_on_a_class_change():
    # Q86: "A86：转职前所受到的能力的效果全部消除。" speaks of a class change (转职); for a level
    # up paying the deployment cost the source says nothing, and the check does not pretend.
    changed = rules.unit_after_level_up(50, 20, 70, 1, class_changed=True)
    assert changed.result["power"] == 70
    assert any(s.cites == "fe0-qa-86" for s in changed.steps)
    levelled = rules.unit_after_level_up(50, 20, 70, 1, class_changed=False)
    assert levelled.result["power"] is None
    assert not any(s.cites == "fe0-qa-86" for s in levelled.steps)
    assert rules.unit_after_level_up(50, 0, 70, 1, class_changed=False).result["power"] == 70


def test_a_destroyed_lord_with_orbs_keeps_its_stack():
    # fe0-rule-orbs-and-victory: "主人公单位被击破时，不将主人公放置到退避区，而是改为将1颗宝玉破坏"
    # whereas Q112 sends a destroyed class-changed unit's whole stack to the retreat area.
    lord = rules.unit_after_level_up(60, 0, 70, 2, unit_is_lord=True, orbs=3)
    assert lord.result["cards_to_retreat_if_destroyed"] == 0
    assert not any(s.cites == "fe0-qa-112" for s in lord.steps)
    unit = rules.unit_after_level_up(60, 0, 70, 2, unit_is_lord=False)
    assert unit.result["cards_to_retreat_if_destroyed"] == 3
    last_orb = rules.unit_after_level_up(60, 0, 70, 2, unit_is_lord=True, orbs=0)
    assert last_orb.result["cards_to_retreat_if_destroyed"] == 3


def test_destruction_order_in_the_judgement_step():
    # fe0-rule-judgement: "※击破时，按照「将被击破的单位放置到退避区」→「处理击破时发动的能力」→
    # 「将支援卡放置到退避区」的顺序进行。"
    out = rules.judgement_destruction_order(False, 0, 2, 2).result
    assert out["order"] == [
        "destroyed unit to the retreat area",
        "on-destruction skill 1",
        "on-destruction skill 2",
        "support cards to the retreat area",
    ]
    lord = rules.judgement_destruction_order(True, 2, 1, 1).result
    assert lord["order"][0] == "1 orb into the hand"
    assert lord["order"][-1] == "support cards to the retreat area"
    assert rules.judgement_destruction_order(True, 0, 1, 1).result == {
        "order": ["defeat"],
        "defeated": True,
    }


@pytest.mark.parametrize(
    ("arrived", "ok"), [("class change", True), ("level up", False), ("deployed", False)]
)
def test_class_change_skill_needs_a_class_change(arrived, ok):
    # fe0-rule-skills: "转职技（Class Change Skill）单位在经过转职之后才能使用的能力。"
    assert rules.can_use_class_change_skill(arrived).result is ok


# --------------------------------------------------------------------------- turn and actions


@pytest.mark.parametrize(
    ("first", "turn", "draws"),
    [(True, 1, False), (True, 2, True), (False, 1, True)],
)
def test_turn_permissions(first, turn, draws):
    out = rules.turn_permissions(first, turn).result
    assert out == {
        "draws": draws,
        "may_attack": draws,
        "may_move": True,
        "may_use_act_skills": True,
    }


@pytest.mark.parametrize(
    ("kwargs", "ok"),
    [
        ({}, True),
        ({"action_this_turn": "moved"}, False),  # Q94
        ({"action_this_turn": "attacked"}, False),
        ({"action_this_turn": "used a skill without the tap icon"}, True),  # Q95
        ({"action_this_turn": "used a skill with the tap icon"}, False),
        ({"action_this_turn": "tapped by an effect"}, False),
        ({"enemy_in_range": False}, False),  # Q120
        ({"unit_range": "-"}, False),
        ({"unit_range": "1-2", "target_range": "-"}, True),  # Q107
        ({"target_untapped": False}, True),  # Q106
        ({"allies_attacked_this_turn": 3}, True),  # Q105
        ({"first_players_first_turn": True}, False),
    ],
)
def test_can_attack(kwargs, ok):
    args = {"action_this_turn": "none", "unit_range": "1", "enemy_in_range": True} | kwargs
    assert rules.can_attack(**args).result is ok


@pytest.mark.parametrize(
    ("untapped", "lord", "first_turn", "ok"),
    [(True, True, False, True), (False, False, False, False), (True, False, True, True)],
)
def test_can_move(untapped, lord, first_turn, ok):
    assert rules.can_move(untapped, lord, first_turn).result is ok


@pytest.mark.parametrize(
    ("kwargs", "ok"),
    [
        ({"flip_cost": 3, "face_up_bonds": 3}, True),  # exactly enough face-up cards
        ({"flip_cost": 3, "face_up_bonds": 2, "face_down_bonds": 5}, False),  # Q114
        ({"flip_cost": 0, "face_up_bonds": 0}, True),
        ({"unit_tapped": True}, True),  # Q103
        ({"unit_tapped": True, "cost_has_tap_icon": True}, False),  # Q104, Q127
        ({"cost_has_tap_icon": True}, True),
        ({"once_per_turn": True, "times_used_this_turn": 0}, True),
        ({"once_per_turn": True, "times_used_this_turn": 1}, False),
        ({"times_used_this_turn": 9}, True),  # Q126
        ({"in_own_action_phase": False}, False),
    ],
)
def test_can_use_act_skill(kwargs, ok):
    args = {
        "in_own_action_phase": True,
        "unit_tapped": False,
        "cost_has_tap_icon": False,
        "flip_cost": 1,
        "face_up_bonds": 2,
    } | kwargs
    assert rules.can_use_act_skill(**args).result is ok


def test_support_area_cards_are_not_units():
    assert rules.count_allied_units(2, 1, 1).result == 3
    assert rules.count_allied_units(0, 1, 0).result == 1
    with pytest.raises(ParamError):
        rules.count_allied_units(0, 0, 1)


@pytest.mark.parametrize(
    ("when", "front", "back", "expected"),
    [
        ("opponent's turn", 0, 2, (True, 2, 0)),  # defender: at once
        ("my turn", 0, 2, (False, 0, 2)),  # Q123
        ("start of opponent's turn", 0, 3, (True, 3, 0)),  # Q123, beginning phase
        ("opponent's turn", 1, 2, (False, 1, 2)),  # one unit left in front: no march
        ("opponent's turn", 0, 1, (True, 1, 0)),  # only the lord behind
        ("opponent's turn", 2, 0, (False, 2, 0)),
    ],
)
def test_marching_forward(when, front, back, expected):
    out = rules.resolve_marching_forward(when, front, back).result
    assert (out["marches"], out["front_line"], out["back_line"]) == expected


def test_marching_forward_needs_the_lord_on_the_battlefield():
    with pytest.raises(ParamError) as info:
        rules.resolve_marching_forward("my turn", 0, 0)
    assert info.value.param == "back_line_units"


def test_same_name_units_keep_the_lord():
    out = rules.resolve_same_name_units(("马尔斯", "马尔斯", "希达"), "马尔斯").result
    assert out == {"kept": ["马尔斯 (lord)", "希达"], "to_retreat": ["马尔斯"]}
    out = rules.resolve_same_name_units(("马尔斯", "希达", "希达", "希达"), "马尔斯").result
    assert out == {"kept": ["马尔斯 (lord)", "希达"], "to_retreat": ["希达", "希达"]}
    assert rules.resolve_same_name_units(("马尔斯",), "马尔斯").result["to_retreat"] == []
    with pytest.raises(ParamError) as info:
        rules.resolve_same_name_units(("希达",), "马尔斯")
    assert info.value.param == "lord"


@pytest.mark.parametrize(
    ("during", "order"),
    [
        (0, ["A1", "A2", "B1"]),  # Q130
        (1, ["A1", "N", "A2", "B1"]),  # Q131
        (2, ["A1", "A2", "N", "B1"]),
        (3, ["A1", "A2", "B1", "N"]),
    ],
)
def test_order_auto_skills(during, order):
    assert rules.order_auto_skills(("A1", "A2"), ("B1",), during, "N").result == {"order": order}


@pytest.mark.parametrize(
    ("args", "param"),
    [
        ((("A1", "A1"), ()), "other_player_skills"),
        ((("A1",), ("B1",), 3), "new_skill_after"),
        ((("A1",), ("B1",), 1, "B1"), "new_skill"),
    ],
)
def test_order_auto_skills_rejects_ambiguous_names(args, param):
    with pytest.raises(ParamError) as info:
        rules.order_auto_skills(*args)
    assert info.value.param == param


# --------------------------------------------------------------------------- battle


def battle(a, d, a_sup=0, d_sup=0, **kw):
    return rules.resolve_battle(
        a,
        d,
        "马尔斯",
        "库洛姆",
        kw.pop("a_sup_unit", "希达"),
        a_sup,
        kw.pop("d_sup_unit", "卡因"),
        d_sup,
        **kw,
    ).result


@pytest.mark.parametrize(
    ("a", "d", "destroyed"),
    [(50, 50, True), (51, 50, True), (49, 50, False), (0, 0, True)],
)
def test_judgement_boundary(a, d, destroyed):
    out = battle(a, d)
    assert out["defender_destroyed"] is destroyed
    assert out["attacker_destroyed"] is False  # Q98


def test_support_adds_unless_same_name():
    assert battle(50, 60, 20, 10)["attacker"] == 70
    out = battle(50, 60, 20, 10, a_sup_unit="马尔斯", d_sup_unit="库洛姆")
    assert (out["attacker"], out["defender"]) == (50, 60)


def test_critical_attack_doubles_after_support():
    out = battle(80, 150, 20, 40, critical_attack=True)
    assert (out["attacker"], out["defender"], out["defender_destroyed"]) == (200, 190, True)
    # Q115: after a failed support only the printed power is doubled.
    out = battle(80, 150, 20, 0, a_sup_unit="马尔斯", critical_attack=True)
    assert out["attacker"] == 160 and out["defender_destroyed"] is True


def test_god_speed_evasion_prevents_destruction():
    out = battle(100, 10, 0, 0, critical_attack=True, god_speed_evasion=True)
    assert out["defender_destroyed"] is False and out["attacker"] == 200


@pytest.mark.parametrize(
    ("unit", "support", "others", "ok"),
    [
        ("马尔斯", "希达", (), True),
        ("马尔斯", "马尔斯", (), False),
        ("马尔斯", "希达", ("希达",), True),  # Q116
    ],
)
def test_support_success(unit, support, others, ok):
    out = rules.is_support_successful(unit, support, "光之剑", "圣痕", (), others)
    assert out.result is ok


def test_support_rejects_battling_unit_among_other_allies():
    with pytest.raises(ParamError) as info:
        rules.is_support_successful("马尔斯", "希达", "光之剑", "光之剑", (), ("马尔斯",))
    assert info.value.param == "other_allied_units"


@pytest.mark.parametrize(
    ("zone", "succeeded", "kind", "role", "met", "ok"),
    [
        ("support area", True, "attack", "attacker", True, True),
        ("support area", True, "defence", "defender", True, True),
        ("support area", True, "attack", "defender", True, False),
        ("support area", True, "defence", "attacker", True, False),
        ("support area", False, "attack", "attacker", True, False),
        ("support area", True, "attack", "attacker", False, False),
        ("battlefield", True, "attack", "attacker", True, False),  # Q128
    ],
)
def test_support_skill_active(zone, succeeded, kind, role, met, ok):
    assert rules.is_support_skill_active(zone, succeeded, kind, role, met).result is ok


@pytest.mark.parametrize(
    ("action", "role", "step", "kwargs", "ok"),
    [
        ("critical attack", "attacker", "critical attack step", {}, True),
        ("critical attack", "defender", "critical attack step", {}, False),
        ("god-speed evasion", "attacker", "god-speed evasion step", {}, False),
        ("god-speed evasion", "defender", "god-speed evasion step", {}, True),
        ("critical attack", "attacker", "god-speed evasion step", {}, False),
        ("god-speed evasion", "defender", "between two orb draws", {}, False),  # Q111
        ("critical attack", "attacker", "between two orb draws", {}, False),
        (
            "critical attack",
            "attacker",
            "critical attack step",
            {"same_name_card_in_hand": False},
            False,
        ),
        (
            "critical attack",
            "attacker",
            "critical attack step",
            {"emblem_of_prayer": True},
            False,
        ),  # Q101
        (
            "god-speed evasion",
            "defender",
            "god-speed evasion step",
            {"emblem_of_prayer": True},
            True,
        ),
        (
            "critical attack",
            "attacker",
            "critical attack step",
            {"support_failed": True, "own_power_already_higher": True},
            True,
        ),  # Q100, Q115
    ],
)
def test_can_declare_critical_or_evasion(action, role, step, kwargs, ok):
    args = {"same_name_card_in_hand": True} | kwargs
    assert rules.can_declare_critical_or_evasion(action, role, step, **args).result is ok


def test_q111_is_cited_only_for_god_speed_evasion():
    # Q111 asks about god-speed evasion between two orb draws ("可以…进行神速回避吗？A111：不，不
    # 可以。"); a critical attack there is refused because it belongs to the critical attack step.
    critical = rules.can_declare_critical_or_evasion(
        "critical attack", "attacker", "between two orb draws", True
    )
    assert [s.cites for s in critical.steps] == ["fe0-rule-battle-flow"]
    evasion = rules.can_declare_critical_or_evasion(
        "god-speed evasion", "defender", "between two orb draws", True
    )
    assert [s.cites for s in evasion.steps] == ["fe0-qa-111"]


def test_no_bond_cards_at_all_is_not_q79():
    # Q79/Q80 are about bond cards that are all face-down ("自己的羁绊区中的卡全部是背面表示时");
    # with no bond card at all the deployment rule itself refuses the card.
    none = rules.resolve_deployment_phase((), 0, (), ("马尔斯",), ("光之剑",), (1,), ("deploy",))
    assert none.result["refused"] == ["deploy 马尔斯"]
    assert "fe0-qa-79" not in [s.cites for s in none.steps]
    down = rules.resolve_deployment_phase((), 2, (), ("马尔斯",), ("光之剑",), (1,), ("deploy",))
    assert "fe0-qa-79" in [s.cites for s in down.steps]


@pytest.mark.parametrize(
    ("orbs", "to_break", "after", "defeated"),
    [
        (5, 1, [4], False),
        (1, 1, [0], False),  # the last orb: not yet defeated
        (0, 1, [], True),
        (5, 2, [4, 3], False),  # Q109: one at a time
        (2, 2, [1, 0], False),
        (1, 2, [0], False),  # Q110
        (0, 2, [], True),
    ],
)
def test_lord_destroyed(orbs, to_break, after, defeated):
    out = rules.resolve_lord_destroyed(orbs, to_break).result
    assert out == {
        "orbs_after_each_draw": after,
        "orbs_left": after[-1] if after else 0,
        "defeated": defeated,
    }


@pytest.mark.parametrize(
    ("deck", "retreat", "take", "dest", "expected"),
    [
        (1, 12, 1, "hand", (12, 0, 1, 0)),
        (2, 12, 1, "hand", (1, 12, 0, 0)),  # one left: no reset yet
        (3, 4, 5, "hand", (2, 0, 1, 0)),  # reset in the middle of a draw
        (1, 0, 1, "hand", (0, 0, 0, 0)),
        (1, 0, 2, "hand", (0, 0, 0, 1)),  # nothing left to take
        (1, 12, 1, "support area (support fails)", (12, 1, 1, 0)),  # Q97
        (1, 12, 1, "support area (support succeeds)", (12, 0, 1, 0)),
        (5, 12, 1, "support area (support fails)", (4, 13, 0, 0)),
    ],
)
def test_take_cards_from_deck(deck, retreat, take, dest, expected):
    out = rules.take_cards_from_deck(deck, retreat, take, dest).result
    assert (out["deck"], out["retreat"], out["reshuffles"], out["not_taken"]) == expected


def test_support_turns_over_one_card():
    with pytest.raises(ParamError) as info:
        rules.take_cards_from_deck(5, 5, 2, "support area (support fails)")
    assert info.value.param == "cards_to_take"


# --------------------------------------------------------------------------- robustness


def _variants(param):
    if param.kind == "bool":
        return [True, False]
    if param.kind == "int":
        return [v for v in (param.min, param.max, param.default) if v is not None]
    if param.kind == "str":
        return list(param.choices) or ["x", param.default]
    if param.kind == "int_list":
        return [[], [param.min], [param.max] * 3, list(param.default)]
    return [[], list(param.choices[:1]) * 2, list(param.choices[:3]), list(param.default)]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_every_parameter_value_gives_an_outcome_or_a_param_error(example):
    """A user may change any one parameter within its bounds: no crash, JSON-able result."""
    for param in example.params:
        for value in _variants(param):
            try:
                _, outcome = example.run({param.name: value})
            except ParamError as exc:
                assert exc.param in {p.name for p in example.params}
                continue
            json.dumps(outcome.as_dict(), ensure_ascii=False)
            assert outcome.steps
