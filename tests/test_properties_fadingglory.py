"""Fading Glory rule checks over their whole parameter space (Hypothesis).

Each property is an invariant a ruling states: fatigue moves one level per combat and never
past exhausted, command range ignores what lies between, a leader alone in an EZOC is
eliminated only if still there after its retreat, optional rules switched off change nothing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.games.fadingglory import rules
from kb.rulecheck import ParamError

FAST = settings(max_examples=100, deadline=None)
COLOURS = st.sampled_from(("black", "red", "green"))
ARMS = st.sampled_from(("infantry", "cavalry"))
RULES = st.lists(st.sampled_from(("16.4", "16.7", "16.8", "16.9")), max_size=4).map(tuple)


@FAST
@given(level=st.integers(0, 4), on=st.booleans())
def test_five_fatigue_levels_with_their_markers(level, on):
    out = rules.fatigue_marker(level, ("16.8",) if on else ()).result
    expected = rules.FATIGUE_LEVELS[level] if on else ("fresh", "none")
    assert (out["state"], out["marker"]) == expected


@FAST
@given(
    level=st.integers(0, 4),
    combats=st.integers(0, 6),
    end=st.booleans(),
    adj=st.booleans(),
    night=st.booleans(),
    on=st.booleans(),
)
def test_fatigue_rises_per_combat_to_exhausted_and_recovers_one_level(
    level, combats, end, adj, night, on
):
    out = rules.fatigue_level(level, combats, end, adj, night, ("16.8",) if on else ()).result
    if not on:
        assert out["level"] == level
        return
    after_combat = min(level + combats, 4)
    recovers = end and not adj and after_combat > 0
    assert out["level"] == after_combat - (1 if recovers else 0)
    assert out == rules.fatigue_level(level, combats, end, adj, not night, ("16.8",)).result


@FAST
@given(level=st.integers(0, 4), ma=st.integers(0, 10), on=st.booleans())
def test_fatigue_effects_grow_with_the_level(level, ma, on):
    out = rules.fatigue_effects(level, ma, ("16.8",) if on else ()).result
    lvl = level if on else 0
    assert out["forced_march_bonus"] is (lvl <= 1)
    assert out["movement_allowance"] == (max(ma - 1, 0) if lvl >= 3 else ma)
    assert out["may_voluntarily_enter_ezoc"] is (lvl < 4)


@FAST
@given(arm=ARMS, cs=COLOURS, mv=COLOURS, opt=RULES)
def test_special_unit_kinds_follow_the_colours(arm, cs, mv, opt):
    out = rules.special_unit_kinds(arm, cs, mv, opt).result
    assert out["special"] is (cs != "black" or mv != "black")
    assert ("elite" in out["kinds"]) is (cs == "red")
    assert ("guard" in out["kinds"]) is (mv == "red")
    green = mv == "green" and "16.7" in opt
    assert ("light_infantry" in out["kinds"]) is (green and arm == "infantry")
    assert ("cossack" in out["kinds"]) is (green and arm == "cavalry")


@FAST
@given(roll=st.sampled_from(("rout", "rally")), die=st.integers(1, 6), cs=COLOURS)
def test_an_elite_unit_rolls_rout_minus_2_and_rally_plus_1(roll, die, cs):
    out = rules.elite_die_roll(roll, die, cs).result
    shift = (-2 if roll == "rout" else 1) if cs == "red" else 0
    assert out == {"elite": cs == "red", "modified_roll": die + shift}


@FAST
@given(mv=COLOURS, committed=st.booleans())
def test_only_an_uncommitted_guard_is_kept_out_of_an_attack(mv, committed):
    assert rules.can_join_attack(mv, committed).result["may_attack"] is (mv != "red" or committed)


@FAST
@given(
    arm=ARMS,
    mv=COLOURS,
    reaction=st.sampled_from(("avoid_combat", "counter_charge", "infiltration")),
    zoc=st.booleans(),
    opt=RULES,
)
def test_16_7_decides_only_light_infantry_and_cossack_reactions(arm, mv, reaction, zoc, opt):
    out = rules.special_unit_reaction(arm, mv, reaction, zoc, opt).result["allowed"]
    special = mv == "green" and "16.7" in opt
    if not special:
        assert out is None
    elif arm == "infantry":
        assert out == ((not zoc) if reaction == "avoid_combat" else None)
    else:
        assert out is (reaction == "avoid_combat")


@FAST
@given(
    arm=st.sampled_from(("infantry", "cavalry", "leader")),
    mv=COLOURS,
    mp=st.integers(1, 8),
    opt=RULES,
)
def test_rough_terrain_stops_a_unit_unless_an_exception_applies(arm, mv, mp, opt):
    out = rules.rough_terrain_entry(arm, mv, mp, opt).result
    if arm == "leader":
        assert out["may_enter"] is ("16.9" in opt)
        if "16.9" in opt:
            assert out == {"may_enter": True, "must_stop": False, "mp_left": mp - 1}
        return
    green = mv == "green" and "16.7" in opt
    cost = 1 if arm == "infantry" else 2
    if green and mp >= cost:
        assert out == {"may_enter": True, "must_stop": False, "mp_left": mp - cost}
    else:
        assert out == {"may_enter": True, "must_stop": True, "mp_left": 0}


@FAST
@given(
    d=st.integers(0, 10),
    r=st.integers(0, 6),
    a=st.booleans(),
    b=st.booleans(),
    c=st.booleans(),
    on=st.booleans(),
)
def test_command_range_ignores_what_lies_between(d, r, a, b, c, on):
    out = rules.is_in_command_range(d, r, a, b, c, ("16.9",) if on else ()).result
    assert out == {"in_range": on and d <= r}


@FAST
@given(leaving=st.booleans(), entering=st.booleans(), on=st.booleans())
def test_a_leader_never_goes_straight_from_ezoc_to_ezoc(leaving, entering, on):
    out = rules.can_leader_move(leaving, entering, ("16.9",) if on else ()).result
    assert out["allowed"] is (on and not (leaving and entering))


@FAST
@given(units=st.integers(0, 4), leaders=st.integers(0, 6))
def test_a_leader_stacks_with_one_unit_and_any_leaders(units, leaders):
    assert rules.can_leader_stack(units, leaders).result["allowed"] is (units <= 1)


@FAST
@given(
    phase=st.sampled_from(rules.LEADER_PHASES),
    ezoc=st.booleans(),
    stacked=st.booleans(),
    ezoc_after=st.booleans(),
    stacked_after=st.booleans(),
)
def test_a_lone_leader_in_an_ezoc_retreats_and_may_be_eliminated(
    phase, ezoc, stacked, ezoc_after, stacked_after
):
    out = rules.leader_in_ezoc(phase, ezoc, stacked, ezoc_after, stacked_after).result
    retreat = ezoc and not stacked and phase in ("own_combat_phase", "enemy_movement_phase")
    assert out["must_retreat"] is retreat
    assert out["eliminated"] is (retreat and ezoc_after and not stacked_after)


@FAST
@given(reacts=st.booleans(), strength=st.integers(0, 12))
def test_leaders_never_change_a_counter_charge(reacts, strength):
    out = rules.leader_reaction(reacts, strength).result
    assert out == {"leader_may_react": reacts, "counter_charge_strength": strength}


@FAST
@given(attackers=st.integers(1, 8), data=st.data(), own=st.booleans(), on=st.booleans())
def test_odds_shift_minus_one_only_when_no_attacker_is_in_command(attackers, data, own, on):
    in_range = data.draw(st.integers(0, attackers))
    out = rules.leader_command_odds_shift(attackers, in_range, own, ("16.9",) if on else ())
    assert out.result["odds_shift"] == (-1 if on and own and in_range == 0 else 0)


@FAST
@given(
    result=st.sampled_from(("advance_after_combat", "retreat", "eliminated_during_retreat")),
    joins=st.booleans(),
)
def test_a_stacked_leader_must_retreat_and_shares_its_stack_s_fate(result, joins):
    out = rules.stacked_leader_after_combat(result, joins).result
    if result == "advance_after_combat":
        assert out == {"leader_moves": joins, "leader_eliminated": False}
    else:
        assert out["leader_moves"] is True
        assert out["leader_eliminated"] is (result == "eliminated_during_retreat")


@FAST
@given(leader=st.sampled_from(("Napoleon", "other leader")), die=st.integers(1, 6))
def test_only_napoleon_rolls_on_the_fate_table(leader, die):
    out = rules.eliminated_leader(leader, die).result
    if leader != "Napoleon":
        assert out == {
            "fate": "no roll",
            "allies_win": False,
            "french_morale_loss": 0,
            "rallies": True,
        }
    else:
        assert out["fate"] == {1: "dies", 2: "wounded"}.get(die, "escapes")
        assert out["allies_win"] is (die == 1)
        assert out["french_morale_loss"] == (1 if die == 2 else 0)


@FAST
@given(
    drawn=st.booleans(),
    on_map=st.booleans(),
    dist=st.integers(0, 4),
    empty=st.booleans(),
    ezoc=st.booleans(),
    opt=RULES,
)
def test_a_rally_hex_is_empty_next_to_the_leader_and_outside_ezocs(
    drawn, on_map, dist, empty, ezoc, opt
):
    out = rules.is_temporary_rally_hex(drawn, on_map, dist, empty, ezoc, opt).result
    ok = drawn and on_map and "16.4" in opt and "16.9" in opt and dist <= 1 and empty and not ezoc
    assert out == {"legal_rally_hex": ok}


@FAST
@given(action=st.sampled_from(rules.GARRISON_ACTIONS), only=st.booleans())
def test_a_garrison_never_attacks_moves_or_retreats(action, only):
    allowed = rules.can_garrison(action, only).result["allowed"]
    if action in (
        "attack",
        "move",
        "retreat",
        "affect_friendly_units",
        "be_entered_by_enemy_movement",
    ):
        assert allowed is False
    elif action == "commit_reserves":
        assert allowed is (not only)
    else:
        assert allowed is True


@FAST
@given(
    combat=st.sampled_from(("attack_on_garrison_hex", "attack_from_garrison_hex")),
    succeeded=st.booleans(),
    advances=st.booleans(),
)
def test_the_garrison_falls_only_to_a_successful_attack_and_an_advance(combat, succeeded, advances):
    out = rules.garrison_hex_after_combat(combat, succeeded, advances).result
    taken = combat == "attack_on_garrison_hex" and succeeded
    assert out["enemy_may_advance"] is taken
    assert out["garrison_eliminated"] is (taken and advances) is out["enemy_advances"]


@FAST
@given(opt=st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=3))
def test_an_unknown_optional_rule_is_refused_by_name(opt):
    if all(o in rules.KNOWN_OPTIONAL_RULES for o in opt):
        return
    try:
        rules.fatigue_marker(1, tuple(opt))
    except ParamError as exc:
        assert exc.param == "optional_rules" and exc.zh
    else:
        raise AssertionError("an unknown optional rule must be refused")
