"""Warhammer: Invasion rule checks over their whole parameter space (Hypothesis).

Each property is an invariant a ruling states, checked far beyond the worked examples'
defaults: the boundary tests in test_rules_whi.py pin single points, these pin the rule.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

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

pytestmark = pytest.mark.filterwarnings("error")
FAST = settings(max_examples=100, deadline=None)
ZONES = ("Kingdom", "Quest", "Battlefield", "deck", "hand", "discard pile")
IN_PLAY = ("Kingdom", "Quest", "Battlefield")


@st.composite
def defenders(draw):
    n = draw(st.integers(0, 4))
    hp = draw(st.lists(st.integers(1, 8), min_size=n, max_size=n))
    dmg = [draw(st.integers(0, h - 1)) for h in hp]
    tough = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    extra = draw(st.lists(st.integers(0, 4), min_size=n, max_size=n))
    return tuple(hp), tuple(dmg), tuple(tough), tuple(extra)


@FAST
@given(
    pool=st.integers(0, 40),
    d=defenders(),
    errata=st.booleans(),
    reading=st.sampled_from(("remaining hit points", "hit points possessed")),
)
def test_combat_damage_reaches_the_capital_only_after_every_minimum(pool, d, errata, reading):
    hp, dmg, tough, extra = d
    out = assign_combat_damage(pool, hp, dmg, tough, extra, errata, reading).result
    assert sum(out["assigned"]) + out["capital"] == pool, "the whole pool is assigned"
    if out["capital"] > 0:
        assert all(a >= m for a, m in zip(out["assigned"], out["minimum"], strict=True))
    if errata or reading == "remaining hit points":
        assert out["minimum"] == [h - x for h, x in zip(hp, dmg, strict=True)]
    else:
        assert out["minimum"] == list(hp)
    desired = [m + x for m, x in zip(out["minimum"], extra, strict=True)]
    if pool >= sum(desired):
        assert out["assigned"] == desired and not out["attacker_chooses_spread"]
    else:
        assert out["capital"] == 0 and out["attacker_chooses_spread"]
        assert all(a <= w for a, w in zip(out["assigned"], desired, strict=True))
    if hp:
        # extra damage is honoured whenever none reaches the capital: the first defender
        # gets everything asked for, as far as the pool goes
        assert out["assigned"][0] == min(desired[0], pool)
    for i, destroyed in enumerate(out["destroyed"]):
        assert destroyed == (dmg[i] + max(out["assigned"][i] - tough[i], 0) >= hp[i])


@FAST
@given(pool=st.integers(0, 40), d=defenders())
def test_the_erratum_never_raises_the_minimum(pool, d):
    hp, dmg, tough, extra = d
    corrected = assign_combat_damage(pool, hp, dmg, tough, extra, True).result
    literal = assign_combat_damage(pool, hp, dmg, tough, extra, False, "hit points possessed")
    assert all(c <= o for c, o in zip(corrected["minimum"], literal.result["minimum"], strict=True))
    assert corrected["capital"] >= literal.result["capital"]


@FAST
@given(
    cs=st.integers(0, 10),
    hps=st.lists(st.integers(1, 10), min_size=1, max_size=4),
    cancel=st.integers(0, 20),
    data=st.data(),
)
def test_counterstrike_is_never_split_or_cancelled(cs, hps, cancel, data):
    tough = tuple(data.draw(st.lists(st.integers(0, 5), min_size=len(hps), max_size=len(hps))))
    chosen = data.draw(st.integers(1, len(hps)))
    out = resolve_counterstrike(cs, tuple(hps), tough, chosen, cancel).result
    assert out["damage"][chosen - 1] == cs
    assert sum(out["damage"]) == cs, "all of it to one attacker"
    assert out["destroyed"][chosen - 1] == (cs >= hps[chosen - 1])
    assert out == resolve_counterstrike(cs, tuple(hps), (0,) * len(hps), chosen, 0).result


@FAST
@given(amount=st.integers(1, 20), hp=st.integers(0, 10), tough=st.integers(0, 5))
def test_indirect_damage_never_exceeds_what_destroys_or_burns(amount, hp, tough):
    if hp >= 1:
        unit = can_assign_indirect_damage("unit", amount, hp, tough).result
        assert unit == {"legal": amount <= hp + tough, "max": hp + tough}
    section = can_assign_indirect_damage("capital section", amount, hp, 0).result
    assert section["legal"] == (amount <= hp)
    if hp == 0:
        assert section == {"legal": False, "max": 0}, "never into a burning zone"


@FAST
@given(damage=st.integers(0, 10), cancel=st.integers(0, 15), errata=st.booleans())
def test_a_cancel_after_assignment_is_too_late_only_with_the_erratum(damage, cancel, errata):
    early = resolve_non_combat_damage(damage, cancel, "in response to the card", errata).result
    late = resolve_non_combat_damage(damage, cancel, "after the damage is assigned", errata)
    assert early == {"applied": damage - min(damage, cancel), "cancelled": min(damage, cancel)}
    if errata and cancel:
        assert late.result == {"applied": damage, "cancelled": 0}
    else:
        assert late.result == early
    assert late.result["applied"] + late.result["cancelled"] == damage


@FAST
@given(kind=st.sampled_from(("cost", "hit points")), v=st.integers(0, 20), r=st.integers(0, 20))
def test_no_number_is_reduced_below_zero(kind, v, r):
    out = reduce_value(kind, v, r).result
    assert out == {"value": max(v - r, 0), "reduced_by": v - max(v - r, 0)}
    assert out["value"] >= 0


@FAST
@given(
    by=st.sampled_from(("nothing", "the card", "a card effect", "a granted player choice")),
    v=st.integers(0, 20),
)
def test_x_is_zero_unless_specified(by, v):
    assert value_of_x(by, v).result == {"x": 0 if by == "nothing" else v}


@FAST
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 4)), max_size=5))
def test_dwarf_cannon_crew_ignores_loyalty_and_shuffles_only_after_a_find(cards):
    costs = tuple(c for c, _ in cards)
    loyalty = tuple(x for _, x in cards)
    out = resolve_dwarf_cannon_crew(costs, loyalty).result
    assert out["eligible_costs"] == [c for c in costs if c <= 2]
    assert out == resolve_dwarf_cannon_crew(costs, (0,) * len(costs)).result
    assert out["shuffled"] == out["put_into_zone"] == bool(out["eligible_costs"])


@FAST
@given(pref=st.sampled_from(("corrupt a unit", "deal 1 damage to capital")), n=st.integers(0, 5))
def test_or_resolves_only_a_completely_resolvable_option(pref, n):
    out = resolve_or_choice(pref, n).result["resolved"]
    assert out == ("deal 1 damage to capital" if pref == "corrupt a unit" and n == 0 else pref)


STATES = (
    "legal",
    "removed from play",
    "moved out of the specified zone",
    "targeted characteristics changed",
)


@FAST
@given(states=st.lists(st.sampled_from(STATES), min_size=1, max_size=5), played=st.booleans())
def test_an_effect_is_cancelled_exactly_when_every_target_is_illegal(states, played):
    out = resolve_targeted_effect(tuple(states), played).result
    legal = states.count("legal")
    if not played:
        assert out == {"played": False, "cancelled": False, "affected": 0}
    else:
        assert out == {"played": True, "cancelled": legal == 0, "affected": legal}


@FAST
@given(says=st.booleans(), opp=st.booleans(), paid=st.integers(0, 6))
def test_king_kazador_taxes_only_opponents_targeting_effects(says, opp, paid):
    out = can_affect_king_kazador(says, opp, paid).result
    assert out["targets"] == says
    assert out["can_affect"] == (not says or not opp or paid >= 3)


@FAST
@given(
    heroes=st.integers(0, 3),
    method=st.sampled_from(
        ("play", "take or give control", "move", "put into play by a card effect")
    ),
    by=st.sampled_from(("the zone's player", "the opponent")),
)
def test_one_hero_per_zone_for_either_player(heroes, method, by):
    out = can_hero_enter_zone(heroes, method, by).result
    other = "the opponent" if by == "the zone's player" else "the zone's player"
    assert out == can_hero_enter_zone(heroes, method, other).result
    assert out["allowed"] == (heroes == 0)
    assert out["effect_cancelled"] == (heroes > 0 and method == "put into play by a card effect")


@FAST
@given(contributed=st.lists(st.integers(0, 5), min_size=1, max_size=5), data=st.data())
def test_every_contributor_dealt_damage_once_one_point_lands(contributed, data):
    applied = data.draw(st.integers(0, sum(contributed)))
    out = units_dealing_combat_damage(tuple(contributed), applied).result["dealt_damage"]
    assert out == [applied >= 1 and c >= 1 for c in contributed]


@FAST
@given(
    copies=st.integers(0, 6),
    window=st.sampled_from(
        (
            "the beginning of your turn",
            "the beginning of the opponent's turn",
            "another action window",
        )
    ),
)
def test_a_response_triggers_once_per_copy_at_its_trigger_only(copies, window):
    out = max_response_triggers(copies, window).result["max_triggers"]
    assert out == (copies if window == "the beginning of your turn" else 0)


@FAST
@given(
    card=st.sampled_from(("unit", "support", "development", "quest")),
    phase=st.sampled_from(
        (
            "Beginning of the Turn",
            "Kingdom phase",
            "Quest phase",
            "Capital phase",
            "Battlefield phase",
            "End of Turn",
        )
    ),
    own=st.booleans(),
    response=st.booleans(),
    pay=st.booleans(),
)
def test_cards_are_played_only_in_the_owners_capital_phase(card, phase, own, response, pay):
    ok = can_play_from_hand(card, phase, own, response, pay).result["can_play"]
    assert ok == (phase == "Capital phase" and own and not response and pay)


@FAST
@given(player=st.sampled_from(("you", "your opponent")), errata=st.booleans())
def test_the_turn_passes_to_the_other_player(player, errata):
    out = turn_sequence(player, errata).result
    assert out["next_active_player"] != player
    assert (out["steps"][0] == "0. Beginning of the Turn") == errata
    assert out["steps"][-1] == "5. End of Turn"


@FAST
@given(
    role=st.sampled_from(("attacking", "defending", "questing")),
    to=st.sampled_from(IN_PLAY),
    anywhere=st.booleans(),
    tokens=st.integers(0, 5),
    damage=st.integers(0, 5),
    defended=st.sampled_from(IN_PLAY),
)
def test_a_moved_unit_keeps_its_role_only_by_an_exception(
    role, to, anywhere, tokens, damage, defended
):
    try:
        out = move_unit(role, to, anywhere, tokens, damage, defended).result
    except ParamError as exc:
        assert exc.param in ("to_zone", "resource_tokens") and exc.zh
        return
    assert out["keeps_role"] == (anywhere and role != "questing")
    assert out["entered_play"] is False and out["entered_zone"] == to
    assert out["damage_applied"] == damage
    assert out["tokens_discarded"] == (tokens if role == "questing" else 0)


@FAST
@given(
    how=st.sampled_from(
        ("play", "put into play", "move", "destroy", "sacrifice", "return to hand or deck")
    ),
    src=st.sampled_from(ZONES),
    dst=st.sampled_from(ZONES),
    owner=st.booleans(),
)
def test_card_effects_move_cards_only_between_in_play_zones(how, src, dst, owner):
    assume(src != dst)
    out = change_zone(how, src, dst, owner).result
    assert out == change_zone(how, src, dst, not owner).result, "always the owner's zone"
    if how == "move":
        assert out["allowed"] == (src in IN_PLAY and dst in IN_PLAY)
    if out["allowed"]:
        assert out["leaves_play"] == (src in IN_PLAY and dst not in IN_PLAY) == out["new_card"]
        assert out["enters_play"] == (how in ("play", "put into play"))
        if out["leaves_play"]:
            assert out["goes_to"] == f"owner's {dst}"
    else:
        assert out["goes_to"] == src


@FAST
@given(
    how=st.sampled_from(("destroy", "sacrifice")),
    cancel=st.booleans(),
    trigger=st.sampled_from(("when destroyed", "when sacrificed", "when it leaves play")),
)
def test_a_sacrifice_is_never_prevented_and_is_not_a_destroy(how, cancel, trigger):
    out = remove_unit(how, cancel, trigger).result
    if how == "sacrifice":
        assert out["in_discard_pile"] is True
        assert out["trigger_fires"] == (trigger != "when destroyed")
    else:
        assert out["in_discard_pile"] == (not cancel)
        assert out["trigger_fires"] == (not cancel and trigger != "when sacrificed")


@FAST
@given(
    amount=st.integers(0, 10),
    source=st.integers(0, 10),
    hp=st.integers(1, 10),
    tough=st.integers(0, 5),
)
def test_moved_damage_is_not_dealt_and_bypasses_toughness(amount, source, hp, tough):
    assume(amount <= source)
    out = move_damage(amount, source, hp, tough).result
    assert out["cancelled"] == 0 and out["counts_as_dealt"] is False
    assert out["destroyed"] == (amount >= hp)
    assert out["left_on_source"] == source - amount
    assert out == move_damage(amount, source, hp, 0).result
