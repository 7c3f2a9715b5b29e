"""Warhammer: Invasion rule checks: the outcomes the rulings state, and their boundaries."""

from __future__ import annotations

import pytest

from kb.games.whi.rules import (
    assign_combat_damage,
    can_affect_king_kazador,
    can_assign_indirect_damage,
    can_hero_enter_zone,
    can_play_from_hand,
    change_zone,
    max_response_triggers,
    move_damage,
    move_unit,
    reduce_value,
    remove_unit,
    resolve_counterstrike,
    resolve_dwarf_cannon_crew,
    resolve_non_combat_damage,
    resolve_or_choice,
    resolve_targeted_effect,
    turn_sequence,
    units_dealing_combat_damage,
    value_of_x,
)
from kb.rulecheck import ParamError

# --- combat damage assignment (p. 12 erratum) ----------------------------------------------


@pytest.mark.parametrize("errata", [True, False])
def test_minimum_is_remaining_hit_points_in_both_wordings(errata):
    out = assign_combat_damage(10, (3, 4), (1, 0), (2, 0), (0, 0), errata=errata).result
    assert out["minimum"] == [2, 4]
    assert out["assigned"] == [2, 4]
    assert out["capital"] == 4
    assert out["destroyed"] == [False, True]  # Toughness 2 cancels both points on defender 1


@pytest.mark.parametrize(
    ("pool", "assigned", "capital"),
    [
        (3, [2, 1], 0),  # one short of the minimum: nothing reaches the capital
        (4, [2, 2], 0),  # exactly the minimum: nothing left for the capital
        (5, [2, 2], 1),  # one over: the first point reaches the capital
        (0, [0, 0], 0),
    ],
)
def test_capital_only_after_every_minimum(pool, assigned, capital):
    out = assign_combat_damage(pool, (2, 2), (0, 0), (0, 0), (0, 0)).result
    assert out["assigned"] == assigned
    assert out["capital"] == capital


def test_extra_damage_comes_only_from_what_is_left():
    out = assign_combat_damage(5, (2,), (0,), (1,), (5,)).result
    assert out["assigned"] == [5]
    assert out["capital"] == 0
    assert out["destroyed"] == [True]
    short = assign_combat_damage(1, (2,), (0,), (0,), (3,)).result
    assert short["assigned"] == [1]  # the whole pool goes to the only defender
    assert short["attacker_chooses_spread"] is True


def test_extra_damage_is_kept_when_nothing_can_reach_the_capital():
    # whi-errata-p12-assign-damage: "more damage can be assigned to a unit at the attacker's
    # discretion, in anticipation of damage cancellation effects, but a minimum damage necessary
    # to destroy each defending unit must be assigned before any damage can be assigned to the
    # defender's capital." The minimum limits only the capital: with 5 damage for minimums 3
    # and 2 nothing reaches it, so 1 extra on defender 1 is legal and kept: [4, 1].
    out = assign_combat_damage(5, (3, 2), (0, 0), (1, 0), (1, 0)).result
    assert out["minimum"] == [3, 2]
    assert out["assigned"] == [4, 1]
    assert out["capital"] == 0
    assert out["destroyed"] == [True, False]
    assert out["attacker_chooses_spread"] is True


def test_a_short_pool_is_the_attackers_to_spread():
    # The pool cannot cover the minimums: no damage may reach the capital, and the ruling sets
    # no order among the defenders, so the shown spread is flagged as the attacker's choice.
    out = assign_combat_damage(3, (2, 2), (0, 0), (0, 0), (0, 0))
    assert out.result["capital"] == 0
    assert out.result["attacker_chooses_spread"] is True
    assert "as he likes" in " ".join(s.text for s in out.steps)
    exact = assign_combat_damage(4, (2, 2), (0, 0), (0, 0), (0, 0)).result
    assert exact["attacker_chooses_spread"] is False  # exactly the minimums: one assignment


def test_the_erratum_changes_the_minimum_for_a_damaged_defender():
    # Original p. 12: "the attacking player must assign damage equal to the number of hit
    # points each defending unit possesses to that unit"; corrected: "enough damage to destroy
    # each defending unit". For a 3-hit-point defender with 1 damage on it the literal original
    # minimum is 3, the corrected one 2, and 1 more damage reaches the capital.
    args = (6, (3, 2), (1, 0), (0, 0), (0, 0))
    corrected = assign_combat_damage(*args, errata=True).result
    original = assign_combat_damage(*args, errata=False, original_reading="hit points possessed")
    assert corrected["minimum"] == [2, 2] and corrected["capital"] == 2
    assert original.result["minimum"] == [3, 2] and original.result["capital"] == 1
    # The original's next sentence says "remaining hit points": that reading agrees with the
    # correction, and the switch then changes only the wording.
    remaining = assign_combat_damage(*args, errata=False, original_reading="remaining hit points")
    assert remaining.result == corrected
    assert [s.text for s in remaining.steps] != [
        s.text for s in assign_combat_damage(*args, errata=True).steps
    ]


def test_no_defenders_sends_everything_to_the_capital():
    out = assign_combat_damage(3, (), (), (), ()).result
    assert out == {
        "minimum": [],
        "assigned": [],
        "capital": 3,
        "destroyed": [],
        "attacker_chooses_spread": False,
    }


def test_assign_combat_damage_rejects_impossible_defenders():
    with pytest.raises(ParamError) as info:
        assign_combat_damage(3, (2, 2), (0,), (0, 0), (0, 0))
    assert info.value.param == "defender_damage"
    with pytest.raises(ParamError) as info:
        assign_combat_damage(3, (2,), (2,), (0,), (0,))
    assert info.value.param == "defender_damage"


# --- counterstrike ------------------------------------------------------------------------


def test_counterstrike_is_unsplit_and_uncancellable():
    out = resolve_counterstrike(2, (3, 2), (0, 1), 2, 10).result
    assert out == {"damage": [0, 2], "destroyed": [False, True]}


@pytest.mark.parametrize(("hp", "destroyed"), [(1, True), (2, True), (3, False)])
def test_counterstrike_destroys_at_exactly_remaining_hit_points(hp, destroyed):
    assert resolve_counterstrike(2, (hp,), (0,), 1, 0).result["destroyed"] == [destroyed]


def test_counterstrike_rejects_a_missing_attacker():
    with pytest.raises(ParamError) as info:
        resolve_counterstrike(2, (3, 2), (0, 0), 3, 0)
    assert info.value.param == "chosen_attacker"


# --- indirect damage ----------------------------------------------------------------------


@pytest.mark.parametrize(("amount", "legal"), [(2, True), (3, True), (4, False)])
def test_indirect_damage_to_a_unit_includes_toughness(amount, legal):
    assert can_assign_indirect_damage("unit", amount, 2, 1).result == {
        "legal": legal,
        "max": 3,
    }


def test_indirect_damage_to_a_capital_section():
    # "you cannot assign more indirect damage to a section of a capital than what it would
    # take to burn that section"; "Indirect Damage cannot be assigned to a burning zone".
    assert can_assign_indirect_damage("capital section", 3, 3, 0).result["legal"] is True
    assert can_assign_indirect_damage("capital section", 4, 3, 0).result["legal"] is False
    assert can_assign_indirect_damage("capital section", 1, 0, 0).result == {
        "legal": False,
        "max": 0,
    }


def test_indirect_damage_rejects_toughness_on_a_capital():
    with pytest.raises(ParamError) as info:
        can_assign_indirect_damage("capital section", 1, 3, 1)
    assert info.value.param == "toughness"
    assert info.value.zh


# --- non-combat damage (p. 17 erratum) ----------------------------------------------------


@pytest.mark.parametrize(
    ("played", "errata", "applied"),
    [
        ("in response to the card", True, 0),
        ("in response to the card", False, 0),
        ("after the damage is assigned", True, 2),  # applied as soon as assigned
        ("after the damage is assigned", False, 0),  # original: assigned, then applied
    ],
)
def test_non_combat_damage_cancel_timing(played, errata, applied):
    out = resolve_non_combat_damage(2, 10, played, errata=errata).result
    assert out == {"applied": applied, "cancelled": 2 - applied}


def test_partial_cancel_and_no_cancel():
    assert resolve_non_combat_damage(3, 1, "in response to the card").result == {
        "applied": 2,
        "cancelled": 1,
    }
    assert resolve_non_combat_damage(1, 0, "in response to the card").result == {
        "applied": 1,
        "cancelled": 0,
    }


# --- cost, reduction, X, loyalty ----------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "value", "reduction", "result"),
    [
        ("cost", 3, 1, {"value": 2, "reduced_by": 1}),
        ("cost", 2, 2, {"value": 0, "reduced_by": 2}),  # exactly to zero
        ("cost", 2, 3, {"value": 0, "reduced_by": 2}),  # never below zero
        ("cost", 0, 1, {"value": 0, "reduced_by": 0}),  # a cost of 0 cannot be reduced
        ("hit points", 1, 2, {"value": 0, "reduced_by": 1}),
        ("hit points", 4, 0, {"value": 4, "reduced_by": 0}),
    ],
)
def test_reductions(kind, value, reduction, result):
    assert reduce_value(kind, value, reduction).result == result


@pytest.mark.parametrize(
    ("by", "value", "x"),
    [("nothing", 5, 0), ("nothing", 0, 0), ("a granted player choice", 1, 1), ("the card", 0, 0)],
)
def test_letter_x(by, value, x):
    assert value_of_x(by, value).result == {"x": x}


@pytest.mark.parametrize(
    ("costs", "loyalty", "eligible"),
    [
        ((2,), (2,), [2]),  # regardless of loyalty
        ((3,), (0,), []),  # one over the limit
        ((0, 1, 2, 3, 4), (3, 3, 3, 0, 0), [0, 1, 2]),
        ((), (), []),  # no support among the top five
    ],
)
def test_dwarf_cannon_crew_compares_printed_cost(costs, loyalty, eligible):
    out = resolve_dwarf_cannon_crew(costs, loyalty).result
    assert out["eligible_costs"] == eligible
    assert out["put_into_zone"] is bool(eligible)
    assert out["shuffled"] is bool(eligible)  # "Then": only if the search resolved


def test_dwarf_cannon_crew_needs_one_loyalty_per_support():
    with pytest.raises(ParamError) as info:
        resolve_dwarf_cannon_crew((1, 2), (0,))
    assert info.value.param == "support_loyalty"


# --- "or", targets, heroes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preferred", "units", "resolved"),
    [
        ("corrupt a unit", 0, "deal 1 damage to capital"),
        ("corrupt a unit", 1, "corrupt a unit"),
        ("deal 1 damage to capital", 3, "deal 1 damage to capital"),
    ],
)
def test_or_needs_an_option_resolvable_completely(preferred, units, resolved):
    assert resolve_or_choice(preferred, units).result == {"resolved": resolved}


@pytest.mark.parametrize(
    ("states", "cancelled", "affected"),
    [
        (("removed from play",), True, 0),
        (("removed from play", "targeted characteristics changed"), True, 0),
        (("legal", "moved out of the specified zone"), False, 1),
        (("legal", "legal"), False, 2),
    ],
)
def test_illegal_targets(states, cancelled, affected):
    out = resolve_targeted_effect(states, True).result
    assert out == {"played": True, "cancelled": cancelled, "affected": affected}


def test_target_illegal_when_played_cannot_be_chosen():
    assert resolve_targeted_effect(("legal",), False).result["played"] is False
    with pytest.raises(ParamError):
        resolve_targeted_effect((), True)


@pytest.mark.parametrize(
    ("says_target", "opponent", "paid", "can_affect"),
    [
        (False, True, 0, True),  # Troll Vomit does not target
        (True, True, 2, False),
        (True, True, 3, True),  # exactly the additional 3 resources
        (True, False, 0, True),  # only opponents are taxed
    ],
)
def test_king_kazador(says_target, opponent, paid, can_affect):
    out = can_affect_king_kazador(says_target, opponent, paid).result
    assert out == {"targets": says_target, "can_affect": can_affect}


@pytest.mark.parametrize(
    "method", ["play", "take or give control", "move", "put into play by a card effect"]
)
@pytest.mark.parametrize("by", ["the zone's player", "the opponent"])
def test_one_hero_per_zone(method, by):
    assert can_hero_enter_zone(0, method, by).result["allowed"] is True
    blocked = can_hero_enter_zone(1, method, by).result
    assert blocked["allowed"] is False
    assert blocked["effect_cancelled"] is (method == "put into play by a card effect")


# --- combat damage dealt, responses, playing, turn ----------------------------------------


@pytest.mark.parametrize(
    ("contributed", "applied", "dealt"),
    [
        ((2, 1), 1, [True, True]),  # a single point is enough for every contributor
        ((2, 1), 0, [False, False]),
        ((2, 0), 2, [True, False]),  # a unit adding nothing to the pool did not deal damage
    ],
)
def test_dealing_damage_in_combat(contributed, applied, dealt):
    assert units_dealing_combat_damage(contributed, applied).result == {"dealt_damage": dealt}


def test_dealing_damage_cannot_apply_more_than_the_pool():
    with pytest.raises(ParamError) as info:
        units_dealing_combat_damage((1, 1), 3)
    assert info.value.param == "damage_applied"


@pytest.mark.parametrize(
    ("copies", "window", "triggers"),
    [
        (2, "the beginning of your turn", 2),
        (1, "the beginning of your turn", 1),
        (0, "the beginning of your turn", 0),
        (3, "another action window", 0),
    ],
)
def test_rat_ogres_once_per_copy(copies, window, triggers):
    assert max_response_triggers(copies, window).result == {"max_triggers": triggers}


@pytest.mark.parametrize(
    ("phase", "own", "response", "pay", "ok"),
    [
        ("Capital phase", True, False, True, True),
        ("Capital phase", False, False, True, False),  # opponent's Capital Phase
        ("Capital phase", True, True, True, False),  # never in response
        ("Kingdom phase", True, False, True, False),
        ("Capital phase", True, False, False, False),  # costs must be paid
    ],
)
def test_playing_from_hand(phase, own, response, pay, ok):
    assert can_play_from_hand("unit", phase, own, response, pay).result == {"can_play": ok}


def test_turn_sequence_step_zero_only_with_the_erratum():
    with_errata = turn_sequence("you", errata=True).result
    without = turn_sequence("your opponent", errata=False).result
    assert with_errata["steps"][0] == "0. Beginning of the Turn"
    assert len(with_errata["steps"]) == 6
    assert "0. Beginning of the Turn" not in without["steps"]
    assert with_errata["next_active_player"] == "your opponent"
    assert without["next_active_player"] == "you"


# --- moving units and damage, zones, sacrifice and destroy --------------------------------


def test_moving_units():
    attacker = move_unit("attacking", "Kingdom", False, 0, 2).result
    assert attacker == {
        "keeps_role": False,
        "entered_zone": "Kingdom",
        "entered_play": False,
        "tokens_discarded": 0,
        "damage_applied": 2,
    }
    assert move_unit("attacking", "Quest", True, 0, 0).result["keeps_role"]
    assert not move_unit("defending", "Quest", False, 0, 0).result["keeps_role"]
    assert move_unit("defending", "Quest", True, 0, 0).result["keeps_role"]
    quester = move_unit("questing", "Kingdom", False, 1, 0).result
    assert quester["tokens_discarded"] == 1
    assert quester["keeps_role"] is False
    # "Any effect that would allow a unit to attack/defend from its new location creates an
    # exception": questing has no such exception.
    assert move_unit("questing", "Kingdom", True, 1, 0).result["keeps_role"] is False


@pytest.mark.parametrize(
    ("args", "param"),
    [
        (("attacking", "Battlefield", False, 0, 0), "to_zone"),
        (("questing", "Quest", False, 0, 0), "to_zone"),
        (("defending", "Kingdom", False, 0, 0), "to_zone"),  # it defends the Kingdom
        (("attacking", "Quest", False, 2, 0), "resource_tokens"),
    ],
)
def test_move_unit_rejects_impossible_moves(args, param):
    with pytest.raises(ParamError) as info:
        move_unit(*args)
    assert info.value.param == param


@pytest.mark.parametrize(("amount", "hp", "destroyed"), [(1, 2, False), (2, 2, True), (3, 2, True)])
def test_moved_damage_bypasses_toughness(amount, hp, destroyed):
    out = move_damage(amount, 3, hp, 5).result
    assert out == {
        "moved": amount,
        "cancelled": 0,
        "counts_as_dealt": False,
        "destroyed": destroyed,
        "left_on_source": 3 - amount,
    }


def test_cannot_move_more_damage_than_there_is():
    with pytest.raises(ParamError) as info:
        move_damage(3, 2, 5, 0)
    assert info.value.param == "amount"


@pytest.mark.parametrize(
    ("how", "src", "dst", "allowed", "enters", "leaves"),
    [
        ("move", "Battlefield", "discard pile", False, False, False),  # Pistoliers
        ("move", "Battlefield", "Kingdom", True, False, False),
        ("play", "hand", "Kingdom", True, True, False),
        ("play", "discard pile", "Kingdom", False, False, False),
        ("put into play", "deck", "Quest", True, True, False),
        ("put into play", "discard pile", "Kingdom", True, True, False),
        ("destroy", "Kingdom", "discard pile", True, False, True),
        ("destroy", "hand", "discard pile", False, False, False),
        ("sacrifice", "Battlefield", "hand", False, False, False),
        ("return to hand or deck", "Quest", "deck", True, False, True),
    ],
)
def test_zone_changes(how, src, dst, allowed, enters, leaves):
    out = change_zone(how, src, dst, True).result
    assert (out["allowed"], out["enters_play"], out["leaves_play"]) == (allowed, enters, leaves)
    assert out["new_card"] is leaves


def test_out_of_play_goes_to_the_owner():
    assert change_zone("sacrifice", "Kingdom", "discard pile", False).result["goes_to"] == (
        "owner's discard pile"
    )


@pytest.mark.parametrize(
    ("how", "cancel", "trigger", "gone", "fires"),
    [
        ("sacrifice", True, "when sacrificed", True, True),  # cannot be cancelled
        ("sacrifice", False, "when destroyed", True, False),  # sacrifice is not destroy
        ("destroy", False, "when sacrificed", True, False),  # and vice versa
        ("destroy", False, "when destroyed", True, True),
        ("destroy", True, "when destroyed", False, False),
        ("sacrifice", False, "when it leaves play", True, True),
    ],
)
def test_sacrifice_and_destroy(how, cancel, trigger, gone, fires):
    assert remove_unit(how, cancel, trigger).result == {
        "in_discard_pile": gone,
        "trigger_fires": fires,
    }
