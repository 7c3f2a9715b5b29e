"""Fading Glory rule checks: the numbers the rulings state and their boundary cases."""

from __future__ import annotations

import pytest

from kb.games.fadingglory import rules
from kb.games.fadingglory.rules import (
    can_garrison,
    can_leader_move,
    can_leader_stack,
    eliminated_leader,
    elite_die_roll,
    fatigue_effects,
    fatigue_level,
    fatigue_marker,
    garrison_hex_after_combat,
    is_in_command_range,
    is_temporary_rally_hex,
    leader_command_odds_shift,
    leader_in_ezoc,
    leader_reaction,
    rough_terrain_entry,
    special_unit_kinds,
    stacked_leader_after_combat,
)
from kb.rulecheck import ParamError

# --- N16.8 Fatigue ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "state", "marker"),
    [
        (0, "fresh", "none"),
        (1, "ready", "green"),
        (2, "tired", "yellow"),
        (3, "weary", "orange"),
        (4, "exhausted", "red"),
    ],
)
def test_fatigue_marker_table(level, state, marker):
    assert fatigue_marker(level).result == {"level": level, "state": state, "marker": marker}


def test_fatigue_marker_without_optional_rule_is_fresh():
    assert fatigue_marker(3, optional_rules=()).result["state"] == "fresh"


def _level(level, combats, end=False, adjacent=True, night=False, rules=("16.8",)):
    return fatigue_level(level, combats, end, adjacent, night, optional_rules=rules).result["level"]


@pytest.mark.parametrize(
    ("level", "combats", "after"),
    [
        (0, 0, 0),  # no combat, no change
        (0, 1, 1),  # one combat: fresh -> ready
        (0, 2, 2),  # attacked and defended in one phase: two levels
        (3, 1, 4),  # weary -> exhausted: exactly reaching the cap
        (4, 1, 4),  # 力竭仍为力竭
        (2, 5, 4),  # many combats never go past exhausted
    ],
)
def test_each_combat_adds_one_level_capped_at_exhausted(level, combats, after):
    assert _level(level, combats) == after


@pytest.mark.parametrize(
    ("level", "combats", "end", "adjacent", "night", "after"),
    [
        (2, 0, True, False, False, 1),  # recovers one level
        (2, 0, True, False, True, 1),  # night turns included
        (1, 0, True, False, False, 0),  # down to fresh: marker removed
        (0, 0, True, False, False, 0),  # fresh cannot go below 0
        (4, 0, True, False, False, 3),  # exhausted recovers too
        (3, 0, True, True, False, 3),  # adjacent to an enemy: no recovery
        (3, 0, False, False, False, 3),  # not the end of the own combat phase
        (0, 1, True, False, False, 0),  # fought, then no longer adjacent: +1 then -1
        (4, 1, True, False, False, 3),  # capped first, then recovers
    ],
)
def test_recovery_at_end_of_own_combat_phase(level, combats, end, adjacent, night, after):
    assert _level(level, combats, end, adjacent, night) == after


def test_recovery_to_fresh_removes_marker():
    outcome = fatigue_level(1, 0, True, False, False)
    assert outcome.result == {"level": 0, "state": "fresh", "marker": "none"}
    assert any("marker is removed" in s.text for s in outcome.steps)


def test_fatigue_level_unchanged_without_optional_rule():
    assert _level(1, 3, rules=()) == 1
    assert _level(2, 0, end=True, adjacent=False, rules=()) == 2


@pytest.mark.parametrize(
    ("level", "ma", "bonus", "ezoc"),
    [
        (0, 4, True, True),
        (1, 4, True, True),
        (2, 4, False, True),
        (3, 3, False, True),
        (4, 3, False, False),
    ],
)
def test_fatigue_effects_by_level(level, ma, bonus, ezoc):
    assert fatigue_effects(level, 4).result == {
        "movement_allowance": ma,
        "forced_march_bonus": bonus,
        "may_voluntarily_enter_ezoc": ezoc,
    }


def test_weary_movement_allowance_never_below_zero():
    assert fatigue_effects(3, 1).result["movement_allowance"] == 0
    assert fatigue_effects(4, 0).result["movement_allowance"] == 0


def test_fatigue_effects_off_without_optional_rule():
    assert fatigue_effects(4, 4, optional_rules=()).result == {
        "movement_allowance": 4,
        "forced_march_bonus": True,
        "may_voluntarily_enter_ezoc": True,
    }


def test_unknown_optional_rule_is_rejected_by_name():
    with pytest.raises(ParamError) as info:
        fatigue_level(0, 1, False, True, False, optional_rules=("16.99",))
    assert info.value.param == "optional_rules"


# --- N16.7 Special units ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("roll", "die", "colour", "elite", "modified"),
    [
        ("rout", 4, "red", True, 2),
        ("rout", 1, "red", True, -1),  # not capped
        ("rally", 3, "red", True, 4),
        ("rally", 6, "red", True, 7),
        ("rout", 4, "black", False, 4),
        ("rally", 3, "green", False, 3),
    ],
)
def test_elite_die_roll(roll, die, colour, elite, modified):
    assert elite_die_roll(roll, die, colour).result == {"elite": elite, "modified_roll": modified}


@pytest.mark.parametrize(
    ("arm", "strength", "movement", "rules", "special", "kinds"),
    [
        ("infantry", "black", "black", ("16.7",), False, []),
        ("infantry", "red", "black", ("16.7",), True, ["elite"]),
        ("cavalry", "black", "red", ("16.7",), True, ["guard"]),
        ("infantry", "red", "red", ("16.7",), True, ["elite", "guard"]),
        ("infantry", "black", "green", ("16.7",), True, ["light_infantry"]),
        ("cavalry", "black", "green", ("16.7",), True, ["cossack"]),
        ("cavalry", "black", "green", (), True, []),
        ("infantry", "red", "black", (), True, ["elite"]),  # elite is a basic rule
    ],
)
def test_special_unit_kinds(arm, strength, movement, rules, special, kinds):
    result = special_unit_kinds(arm, strength, movement, optional_rules=rules).result
    assert result == {"special": special, "kinds": kinds}


@pytest.mark.parametrize(
    ("arm", "colour", "mp", "rules", "result"),
    [
        ("infantry", "green", 3, ("16.7",), (True, False, 2)),
        ("infantry", "green", 1, ("16.7",), (True, False, 0)),  # exactly 1 MP: pays it
        ("cavalry", "green", 4, ("16.7",), (True, False, 2)),
        ("cavalry", "green", 2, ("16.7",), (True, False, 0)),  # exactly 2 MP
        ("cavalry", "green", 1, ("16.7",), (True, True, 0)),  # only 1 MP: enter and stop
        ("infantry", "green", 3, (), (True, True, 0)),  # 6.3 without the optional rule
        ("cavalry", "green", 4, (), (True, True, 0)),
        ("infantry", "black", 3, ("16.7",), (True, True, 0)),  # line infantry: 6.3
        ("cavalry", "red", 5, ("16.7",), (True, True, 0)),  # guard cavalry: 6.3
    ],
)
def test_rough_terrain_entry(arm, colour, mp, rules, result):
    may_enter, must_stop, mp_left = result
    assert rough_terrain_entry(arm, colour, mp, optional_rules=rules).result == {
        "may_enter": may_enter,
        "must_stop": must_stop,
        "mp_left": mp_left,
    }


def test_rough_terrain_needs_at_least_one_mp():
    with pytest.raises(ParamError) as info:
        rough_terrain_entry("cavalry", "green", 0)
    assert info.value.param == "mp_left"


# --- N16.9 Leaders ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("distance", "command_range", "in_range"),
    [(0, 0, True), (2, 3, True), (3, 3, True), (4, 3, False), (1, 0, False)],
)
def test_command_range_boundary(distance, command_range, in_range):
    assert is_in_command_range(distance, command_range, False, False, False).result == {
        "in_range": in_range
    }


@pytest.mark.parametrize(
    "obstacles",
    [(True, False, False), (False, True, False), (False, False, True), (True, True, True)],
)
def test_command_range_ignores_terrain_enemies_and_ezoc(obstacles):
    assert is_in_command_range(3, 3, *obstacles).result == {"in_range": True}
    assert is_in_command_range(4, 3, *obstacles).result == {"in_range": False}


def test_no_command_range_without_leaders():
    assert is_in_command_range(0, 3, False, False, False, optional_rules=()).result == {
        "in_range": False
    }


@pytest.mark.parametrize(
    ("leaving", "entering", "allowed"),
    [(True, True, False), (True, False, True), (False, True, True), (False, False, True)],
)
def test_leader_leaving_ezoc(leaving, entering, allowed):
    assert can_leader_move(leaving, entering).result == {"allowed": allowed}


@pytest.mark.parametrize(
    ("units", "leaders", "allowed"),
    [(0, 0, True), (1, 0, True), (1, 5, True), (0, 10, True), (2, 0, False)],
)
def test_leader_stacking(units, leaders, allowed):
    assert can_leader_stack(units, leaders).result == {"allowed": allowed}


@pytest.mark.parametrize(
    ("phase", "in_ezoc", "stacked", "ezoc_after", "stacked_after", "retreat", "eliminated"),
    [
        ("enemy_movement_phase", True, False, True, False, True, True),
        ("own_combat_phase", True, False, True, False, True, True),
        ("own_combat_phase", True, False, False, False, True, False),
        ("own_combat_phase", True, False, True, True, True, False),  # stacked after retreat
        ("own_combat_phase", True, True, True, False, False, False),  # not alone
        ("own_combat_phase", False, False, True, False, False, False),  # not in an EZOC
        ("own_movement_phase", True, False, True, False, False, False),
        ("enemy_combat_phase", True, False, True, False, False, False),
    ],
)
def test_leader_alone_in_ezoc(
    phase, in_ezoc, stacked, ezoc_after, stacked_after, retreat, eliminated
):
    result = leader_in_ezoc(phase, in_ezoc, stacked, ezoc_after, stacked_after).result
    assert result == {"must_retreat": retreat, "eliminated": eliminated}


def test_leader_reaction_only_with_its_stack():
    assert leader_reaction(True, 5).result == {
        "leader_may_react": True,
        "counter_charge_strength": 5,
    }
    assert leader_reaction(False, 5).result == {
        "leader_may_react": False,
        "counter_charge_strength": 5,
    }


@pytest.mark.parametrize(
    ("attackers", "in_range", "own", "rules", "shift"),
    [
        (2, 0, True, ("16.9",), -1),  # nobody in range
        (1, 0, True, ("16.9",), -1),  # a single attacker out of range
        (3, 1, True, ("16.9",), 0),  # exactly one in range is enough
        (3, 3, True, ("16.9",), 0),  # several in range: no extra effect
        (2, 0, False, ("16.9",), 0),  # not the own combat phase (counter-charge)
        (2, 0, True, (), 0),  # without optional rule 16.9
    ],
)
def test_leader_command_odds_shift(attackers, in_range, own, rules, shift):
    outcome = leader_command_odds_shift(attackers, in_range, own, optional_rules=rules)
    assert outcome.result == {"odds_shift": shift}


def test_more_attackers_in_range_than_attacking_is_rejected():
    with pytest.raises(ParamError) as info:
        leader_command_odds_shift(2, 3, True)
    assert info.value.param == "attacking_units_in_command_range"


@pytest.mark.parametrize(
    ("stack_result", "joins", "moves", "eliminated"),
    [
        ("advance_after_combat", True, True, False),
        ("advance_after_combat", False, False, False),
        ("retreat", False, True, False),  # must retreat whatever it wants
        ("eliminated_during_retreat", False, True, True),
    ],
)
def test_stacked_leader_after_combat(stack_result, joins, moves, eliminated):
    assert stacked_leader_after_combat(stack_result, joins).result == {
        "leader_moves": moves,
        "leader_eliminated": eliminated,
    }


@pytest.mark.parametrize(
    ("leader", "die", "fate", "allies_win", "loss"),
    [
        ("Napoleon", 1, "dies", True, 0),
        ("Napoleon", 2, "wounded", False, 1),
        ("Napoleon", 3, "escapes", False, 0),
        ("Napoleon", 6, "escapes", False, 0),
        ("other leader", 1, "no roll", False, 0),
    ],
)
def test_emperors_fate_table(leader, die, fate, allies_win, loss):
    result = eliminated_leader(leader, die).result
    assert (result["fate"], result["allies_win"], result["french_morale_loss"]) == (
        fate,
        allies_win,
        loss,
    )
    assert result["rallies"] is (not allies_win)


@pytest.mark.parametrize(
    ("drawn", "on_map", "distance", "empty", "ezoc", "rules", "legal"),
    [
        (True, True, 1, True, False, ("16.4", "16.9"), True),
        (True, True, 0, True, False, ("16.4", "16.9"), True),  # the leader's own hex
        (True, True, 2, True, False, ("16.4", "16.9"), False),  # not adjacent
        (True, True, 1, False, False, ("16.4", "16.9"), False),  # occupied
        (True, True, 1, True, True, ("16.4", "16.9"), False),  # in an EZOC
        (False, True, 1, True, False, ("16.4", "16.9"), False),  # event not drawn
        (True, False, 1, True, False, ("16.4", "16.9"), False),  # leader off the map
        (True, True, 1, True, False, ("16.9",), False),  # rule 16.4 not used
    ],
)
def test_temporary_rally_hex(drawn, on_map, distance, empty, ezoc, rules, legal):
    outcome = is_temporary_rally_hex(drawn, on_map, distance, empty, ezoc, optional_rules=rules)
    assert outcome.result == {"legal_rally_hex": legal}


# --- 9.4.4 Garrisons ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "only", "allowed"),
    [
        ("exert_zoc", False, True),
        ("attack", False, False),
        ("move", False, False),
        ("retreat", False, False),
        ("commit_reserves", True, False),
        ("commit_reserves", False, True),
        ("affect_friendly_units", False, False),
        ("be_entered_by_enemy_movement", False, False),
        ("be_entered_by_enemy_advance_after_combat", False, True),
    ],
)
def test_garrison_properties(action, only, allowed):
    assert can_garrison(action, only).result == {"allowed": allowed}


@pytest.mark.parametrize(
    ("combat", "succeeded", "advances", "result"),
    [
        ("attack_from_garrison_hex", False, True, (False, False, False)),
        ("attack_from_garrison_hex", True, True, (False, False, False)),
        ("attack_on_garrison_hex", False, True, (False, False, False)),
        ("attack_on_garrison_hex", True, False, (True, False, False)),
        ("attack_on_garrison_hex", True, True, (True, True, True)),
    ],
)
def test_garrison_hex_after_combat(combat, succeeded, advances, result):
    may, does, gone = result
    assert garrison_hex_after_combat(combat, succeeded, advances).result == {
        "enemy_may_advance": may,
        "enemy_advances": does,
        "garrison_eliminated": gone,
    }


# --- checks added for rulings that had none ------------------------------------------------


@pytest.mark.parametrize(
    ("colour", "committed", "ok"),
    [("red", False, False), ("red", True, True), ("black", False, True), ("green", False, True)],
)
def test_a_guard_unit_attacks_only_when_committed(colour, committed, ok):
    # fadingglory-16.7: "移动值红色的是卫队单位（需要通过“投入”参加攻击）"
    assert rules.can_join_attack(colour, committed).result == {"may_attack": ok}


@pytest.mark.parametrize(("zoc", "ok"), [(False, True), (True, False)])
def test_light_infantry_avoid_combat_but_not_in_an_enemy_cavalry_zoc(zoc, ok):
    # fadingglory-16.7.1: "可以避免接战，如规则8.3。（处于敌骑兵ZOC的不可执行）"
    out = rules.special_unit_reaction("infantry", "green", "avoid_combat", zoc, ("16.7",))
    assert out.result == {"allowed": ok}


@pytest.mark.parametrize(
    ("reaction", "zoc", "ok"),
    [
        ("counter_charge", False, False),
        ("infiltration", False, False),
        ("avoid_combat", True, True),
        ("avoid_combat", False, True),
    ],
)
def test_cossack_limits_in_the_reaction_phase(reaction, zoc, ok):
    # fadingglory-16.7.2: "在反应阶段，哥萨克不能执行反冲锋（8.1）或者渗透（16.2）" and
    # "在反应阶段，哥萨克可以从敌方骑兵单位的ZOC中执行避免接战（规则8.3.2的例外）"
    out = rules.special_unit_reaction("cavalry", "green", reaction, zoc, ("16.7",))
    assert out.result == {"allowed": ok}


def test_units_without_a_16_7_ability_are_left_to_the_base_rules():
    # 8.1, 8.3 and 16.2 are not in the source: the check does not guess.
    for arm, colour, rules_on in (("cavalry", "black", ("16.7",)), ("cavalry", "green", ())):
        out = rules.special_unit_reaction(arm, colour, "counter_charge", False, rules_on)
        assert out.result == {"allowed": None}


def test_a_leader_ignores_rough_terrain():
    # fadingglory-16.9.2: "无视崎岖地形（6.5），如平地。"
    out = rules.rough_terrain_entry("leader", "black", 3, ("16.9",)).result
    assert out == {"may_enter": True, "must_stop": False, "mp_left": 2}
    infantry = rules.rough_terrain_entry("infantry", "black", 3, ("16.9",)).result
    assert infantry["must_stop"] is True  # rule 6.3 for everyone else
    assert rules.rough_terrain_entry("leader", "black", 3, ()).result["may_enter"] is False
