"""Mage Wars rule checks: the numbers the FAQ states, and the boundaries around them."""

from __future__ import annotations

import pytest

from kb.games.magewars import rules as r
from kb.rulecheck import ParamError

# --- actions / quickcast -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("zones", "quick", "full", "quickcast", "legal"),
    [
        (0, 0, 1, 0, True),  # stay, full action
        (0, 1, 0, 0, True),  # stay, quick action
        (1, 1, 0, 0, True),  # move one zone + quick action
        (1, 0, 0, 0, True),  # move only (reading: the quick action is optional)
        (2, 0, 0, 0, True),  # second zone as the quick action
        (0, 2, 0, 0, False),  # never two quick actions
        (2, 1, 0, 0, False),  # second move + another quick action = two quick actions
        (3, 0, 0, 0, False),  # three zones: too far
        (1, 0, 1, 0, False),  # full action only when staying in place
        (0, 1, 1, 0, False),  # full action and quick action
        (0, 0, 2, 0, False),  # two full actions
        (2, 0, 0, 1, True),  # quickcast combination 1
        (1, 1, 0, 1, True),  # quickcast combination 2
        (0, 0, 1, 1, True),  # quickcast combination 3
        (0, 0, 1, 2, False),  # only one quickcast action
        (0, 2, 0, 1, False),  # the quickcast action does not fix an illegal marker use
    ],
)
def test_action_marker_use(zones, quick, full, quickcast, legal):
    assert r.action_marker_use(zones, quick, full, quickcast).result["legal"] is legal


def test_second_move_counts_as_the_quick_action():
    assert r.action_marker_use(2, 0, 0, 0).result == {"legal": True, "quick_actions_used": 1}


# --- attack bonus --------------------------------------------------------------------------


def test_attack_bonus_rage_sweep_from_the_entry():
    out = r.attack_bonus_dice(2, 0, 3, 2, (1,)).result
    assert out == {"bonus_dice": [2, 1], "melee": [2, 3]}


@pytest.mark.parametrize(
    ("attacks", "melee", "rage", "tokens", "gained", "dice"),
    [
        (2, 0, 3, 2, (), [2, 0]),  # no counterstrike: nothing more on the second attack
        (2, 2, 0, 0, (), [2, 0]),  # Melee +2: first attack only
        (1, 2, 0, 0, (), [2]),  # a single attack
        (3, 0, 3, 2, (1, 0), [2, 1, 0]),  # the increase is applied once
        (3, 0, 3, 1, (1, 1), [1, 1, 1]),  # each new token adds one die on the next attack
        (2, 0, 3, 3, (1,), [3, 0]),  # Rage +3 reached: a fourth token adds nothing
        (2, 0, 3, 0, (0,), [0, 0]),  # no tokens at all
    ],
)
def test_attack_bonus_boundaries(attacks, melee, rage, tokens, gained, dice):
    assert r.attack_bonus_dice(attacks, melee, rage, tokens, gained).result["bonus_dice"] == dice


def test_attack_bonus_rejects_tokens_after_the_last_attack():
    with pytest.raises(ParamError) as info:
        r.attack_bonus_dice(1, 0, 3, 2, (1,))
    assert info.value.param == "tokens_gained"


# --- Chain Lightning ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "ranged", "lightning", "dice"),
    [
        (5, 1, (2, 0, 1), [8, 4, 4]),  # the entry's example
        (5, 0, (0,) * 7, [5, 4, 3, 2, 1, 1, 1]),  # never below 1 die
        (5, 3, (0, 0), [8, 4]),  # Ranged +X only on the first attack
        (5, 0, (-4,), [1]),  # exactly 1 die
        (5, 0, (-5,), [1]),  # 0 dice becomes 1
        (5, 0, (0, 0, 0, 0, 2), [5, 4, 3, 2, 3]),  # a late target's own bonus still counts
    ],
)
def test_chain_lightning_dice(base, ranged, lightning, dice):
    assert r.chain_lightning_dice(base, ranged, lightning).result == {"dice": dice}


# --- conflicting effects -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("effects", "life"),
    [
        (("bull_endurance", "deathlock"), 14),
        (("deathlock",), 10),
        (("deathlock", "bull_endurance"), 10),
        (("bull_endurance",), 14),
        (("pet", "deathlock"), 13),
        (("deathlock", "pet"), 10),
        (("bull_endurance", "poisoned_blood", "pet"), 14),
        ((), 10),
    ],
)
def test_creature_life_by_timestamp(effects, life):
    assert r.creature_life(10, effects).result == {"life": life}


@pytest.mark.parametrize(
    ("printed", "effects", "flying"),
    [
        (False, ("eagle_wings", "maim_wings"), False),
        (False, ("maim_wings", "eagle_wings"), True),
        (True, ("maim_wings",), False),
        (True, (), True),
        (True, ("guard",), False),
        (False, ("guard", "eagle_wings"), False),  # guard: cannot gain, whatever the order
        (False, ("eagle_wings", "restrained"), False),
        (True, ("incapacitated", "eagle_wings"), False),
    ],
)
def test_has_flying(printed, effects, flying):
    assert r.has_flying(printed, effects).result is flying


@pytest.mark.parametrize(
    ("effects", "regenerates"),
    [
        (("regrowth", "poisoned_blood"), False),
        (("poisoned_blood", "regrowth"), False),
        (("regrowth",), True),
        (("deathlock",), False),
    ],
)
def test_can_regenerate(effects, regenerates):
    assert r.can_regenerate(effects).result is regenerates


# --- Extend ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cost", "level", "extend", "countered", "out"),
    [
        (7, 2, True, "nothing", {"walls_placed": 2, "mana_paid": 16, "mana_returned": 0}),
        (7, 2, True, "Jinx", {"walls_placed": 0, "mana_paid": 16, "mana_returned": 16}),
        (7, 2, False, "nothing", {"walls_placed": 1, "mana_paid": 7, "mana_returned": 0}),
        (7, 2, False, "Jinx", {"walls_placed": 0, "mana_paid": 7, "mana_returned": 7}),
        (4, 1, True, "nothing", {"walls_placed": 2, "mana_paid": 9, "mana_returned": 0}),
    ],
)
def test_extend_wall_cost(cost, level, extend, countered, out):
    assert r.extend_wall_cost(cost, level, extend, countered).result == out


def test_only_jinx_is_said_to_refund_all_the_mana():
    # magewars-trait-extend: "如果法术被厄运反制，则你将回收所有 16 点法力" names Jinx; another
    # counter places no wall, and the entries do not say the mana comes back.
    other = r.extend_wall_cost(7, 2, True, "another counter").result
    assert other == {"walls_placed": 0, "mana_paid": 16, "mana_returned": None}


# --- push ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("east", "north", "dirs"),
    [
        (1, 0, ["east"]),
        (-1, 0, ["west"]),
        (0, 1, ["north"]),
        (0, -1, ["south"]),
        (1, 1, ["east", "north"]),
        (-1, -1, ["west", "south"]),
        (1, -1, ["east", "south"]),
        (0, 0, ["north", "east", "south", "west"]),
    ],
)
def test_push_directions(east, north, dirs):
    assert r.push_directions(east, north).result == dirs


@pytest.mark.parametrize(
    ("wall", "paid", "flying", "movable", "pushed", "bashed", "attacked", "lost"),
    [
        ("none", False, False, True, True, False, False, 0),
        ("passage_damage", False, False, True, False, False, False, 0),
        ("passage_damage", True, False, True, True, False, True, 0),
        ("passage_damage", True, False, False, False, False, False, 3),
        ("passage_damage", False, False, False, False, False, False, 0),
        ("passage_damage", False, True, True, True, False, False, 0),
        ("wall", False, False, True, False, True, False, 0),
        ("wall", False, True, True, True, False, False, 0),
        ("outer", False, True, True, False, True, False, 0),
        ("outer", False, False, True, False, True, False, 0),
    ],
)
def test_force_push(wall, paid, flying, movable, pushed, bashed, attacked, lost):
    assert r.force_push(wall, paid, flying, movable).result == {
        "pushed": pushed,
        "bashed": bashed,
        "passage_attack": attacked,
        "extra_mana_lost": lost,
    }


# --- forced actions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("enemies", "attack", "cost", "mana", "forced", "must"),
    [
        (("guarding_undamaged", "damaged"), "single", 0, 0, False, []),
        (("damaged", "damaged", "undamaged"), "sweep", 0, 0, True, ["damaged", "damaged"]),
        (("damaged", "undamaged", "undamaged"), "sweep", 0, 0, True, ["damaged", "any"]),
        (("damaged",), "sweep", 0, 0, True, ["damaged"]),  # no second target
        (("damaged",), "single", 2, 2, True, ["damaged"]),  # exactly the cost
        (("damaged",), "single", 2, 1, False, []),  # one short
        (("guarding_damaged", "damaged"), "single", 0, 0, True, ["damaged"]),
        (("undamaged",), "single", 0, 0, False, []),
        ((), "single", 0, 0, False, []),
    ],
)
def test_bloodthirsty_targets(enemies, attack, cost, mana, forced, must):
    out = r.bloodthirsty_targets(enemies, attack, cost, mana).result
    assert out["forced"] is forced
    assert out["must_target"] == must
    assert out["mana_paid"] == (cost if forced else 0)


MOVE_ATTACK = "move into the taunter's zone, then melee attack it"


@pytest.mark.parametrize(
    ("args", "options"),
    [
        ((0, 0, False, False, False, False, False, False), ["melee attack the taunter"]),
        ((1, 0, False, False, True, False, False, False), ["melee attack the taunter"]),
        ((0, 1, False, False, False, True, False, False), []),  # teleported out of Sosruko's zone
        (
            (1, 1, True, False, False, False, False, False),
            ["ranged attack the taunter", MOVE_ATTACK],
        ),
        ((1, 1, False, False, False, False, False, False), [MOVE_ATTACK]),
        ((1, 1, True, True, False, False, False, False), ["ranged attack the taunter"]),
        ((1, 1, False, True, False, False, False, False), []),
        ((1, 1, False, False, True, False, False, False), ["move into the taunter's zone"]),
        (
            (1, 0, False, False, False, False, True, False),
            ["melee attack the taunter", "obey the other forced action"],
        ),
        ((1, 0, False, False, False, False, False, True), []),
        ((1, 2, True, False, False, False, False, False), []),  # beyond Thorg's reach
    ],
)
def test_taunted_creature_options(args, options):
    out = r.taunted_creature_options(*args).result
    assert out == {"forced": bool(options), "options": options}


def test_a_teleport_frees_only_a_creature_that_ends_out_of_the_taunts_reach():
    # magewars-rule-forced-action-effects: "可采取行动的状态仅在生物选择何种行动 ( 或目标 ) 的即刻
    # 进行判定" and "Thorg 嘲讽一格区域开外的敌方生物": a creature that teleports, yet is still one
    # zone from Thorg when it chooses its action, must still ranged attack or move in.
    held = r.taunted_creature_options(1, 1, True, False, False, True, False, False).result
    assert held == {"forced": True, "options": ["ranged attack the taunter", MOVE_ATTACK]}
    freed = r.taunted_creature_options(1, 2, True, False, False, True, False, False).result
    assert freed == {"forced": False, "options": []}


# --- dice modifiers, Samandriel, ranged, Mark of Death -------------------------------------


@pytest.mark.parametrize(
    ("trait", "attack", "effect"),
    [
        ("Aegis X", True, False),
        ("Bloodthirsty +X", True, False),
        ("Charge +X", True, False),
        ("Melee +X", True, False),
        ("Rage +X", True, False),
        ("Ranged +X", True, False),
        ("Damage type +X", True, True),
        ("Vs. type/trait creature +X", True, True),
        ("Tough -X", False, True),
    ],
)
def test_dice_table(trait, attack, effect):
    assert r.dice_modified_by(trait).result == {"attack_dice": attack, "effect_die": effect}


@pytest.mark.parametrize(
    ("mage", "schools", "nonliving", "bonus"),
    [
        (False, ("Dark", "Fire"), False, 1),
        (True, ("Dark",), False, 0),
        (False, ("Fire",), False, 0),
        (False, (), True, 1),
        (False, (), False, 0),
    ],
)
def test_samandriel_bonus(mage, schools, nonliving, bonus):
    assert r.samandriel_bonus(mage, schools, nonliving).result == {
        "attack_dice": bonus,
        "effect_die": bonus,
    }


def test_ranged_bonus_adds_dice_not_range():
    assert r.ranged_attack_dice(True, 3, 1, 2).result == {
        "can_make_ranged_attack": True,
        "dice": 4,
        "range_max": 2,
    }
    assert r.ranged_attack_dice(True, 3, 0, 2).result["dice"] == 3
    assert r.ranged_attack_dice(False, 3, 1, 2).result["can_make_ranged_attack"] is False


@pytest.mark.parametrize(
    ("attacker", "bonus"),
    [("creature", 1), ("conjuration", 0), ("autonomous equipment", 0), ("damage barrier", 0)],
)
def test_mark_of_death(attacker, bonus):
    assert r.mark_of_death_bonus(attacker).result == {"bonus_dice": bonus}


# --- mage death, vampiric, Reverse Attack ----------------------------------------------------


@pytest.mark.parametrize(
    ("alive", "dying", "draw", "left"),
    [(2, 2, True, 0), (2, 1, False, 1), (2, 0, False, 2), (3, 2, False, 1), (4, 4, True, 0)],
)
def test_game_outcome(alive, dying, draw, left):
    assert r.game_outcome(alive, dying).result == {"draw": draw, "mages_left": left}


def test_game_outcome_rejects_more_deaths_than_mages():
    with pytest.raises(ParamError) as info:
        r.game_outcome(2, 3)
    assert info.value.param == "mages_dying_this_phase"


@pytest.mark.parametrize(
    ("damage", "life", "taken", "self_", "counted", "healed", "destroyed"),
    [
        (6, 20, 0, True, 6, 3, False),  # the Reverse Attack entry: takes 6, heals 3
        (6, 20, 14, True, 6, 0, True),  # exactly lethal: dead before healing
        (6, 20, 13, True, 6, 3, False),  # one life left over: heals
        (7, 10, 6, False, 4, 2, True),  # excess damage does not count
        (6, 10, 4, False, 6, 3, True),  # exactly the remaining life: all counts
        (5, 20, 0, False, 5, 3, False),  # reading: half rounded up
        (0, 20, 0, False, 0, 0, False),
    ],
)
def test_vampiric_healing(damage, life, taken, self_, counted, healed, destroyed):
    assert r.vampiric_healing(damage, life, taken, self_).result == {
        "damage_for_healing": counted,
        "healed": healed,
        "target_destroyed": destroyed,
    }


def test_vampiric_rejects_a_dead_target():
    with pytest.raises(ParamError) as info:
        r.vampiric_healing(3, 10, 10, False)
    assert info.value.param == "target_damage_taken"


@pytest.mark.parametrize(
    ("attack", "revealed", "avoided", "source", "targets", "barrier"),
    [
        ("single", False, False, "Warlock", ["Wizard"], True),
        ("single", True, False, "Wizard", ["Warlock"], False),
        ("double_strike", True, False, "Wizard", ["Warlock", "Wizard"], True),
        ("double_strike", True, True, "Wizard", ["Warlock", "Wizard"], False),
        ("triple_strike", True, False, "Wizard", ["Warlock", "Wizard", "Wizard"], True),
    ],
)
def test_reverse_attack_strikes(attack, revealed, avoided, source, targets, barrier):
    out = r.reverse_attack_strikes(attack, revealed, avoided).result
    assert (out["source"], out["targets"], out["wizard_damage_barrier"]) == (
        source,
        targets,
        barrier,
    )
    assert out["wizard_may_counterstrike"] is True


# --- Pentagram, Reverse Magic, Mana Siphon, Mind Soothe, Suppression Orb --------------------


def test_pentagram_counts_per_round():
    imp, fiend = "Firebrand Imp", "Flame Fiend"
    assert r.pentagram_mana((imp, fiend, imp, fiend), (1, 1, 2, 2)).result == {
        "mana_per_round": {"1": 2, "2": 2},
        "total": 4,
    }
    assert r.pentagram_mana((), ()).result["total"] == 0


def test_two_copies_of_a_card_are_two_creatures():
    # magewars-card-pentagram: "五星魔阵词语不同的生物仅限于每一个回合内": two Firebrand Imps
    # damaged in one round are two different creatures, so 2 mana, not 1.
    imp = "Firebrand Imp"
    assert r.pentagram_mana((imp, imp), (1, 1)).result == {"mana_per_round": {"1": 2}, "total": 2}


def test_pentagram_needs_a_round_per_creature():
    with pytest.raises(ParamError) as info:
        r.pentagram_mana(("Firebrand Imp",), (1, 2))
    assert info.value.param == "in_rounds"


@pytest.mark.parametrize(
    ("orig", "new", "mana", "willing", "extra", "spell"),
    [
        (6, 8, 2, True, 2, "resolves"),  # exactly the difference
        (6, 8, 1, True, 2, "canceled"),  # one short: must cancel
        (6, 8, 5, False, 2, "canceled"),  # may cancel
        (6, 4, 0, True, 0, "resolves"),  # cheaper: no refund
        (6, 6, 0, True, 0, "resolves"),
        (3, 6, 3, True, 3, "resolves"),
    ],
)
def test_reverse_magic_cost(orig, new, mana, willing, extra, spell):
    assert r.reverse_magic_cost(orig, new, mana, willing).result == {
        "extra_cost": extra,
        "spell": spell,
    }


@pytest.mark.parametrize(("opponents", "self_", "targets"), [(0, True, 1), (1, False, 2)])
def test_mana_siphon_target(opponents, self_, targets):
    assert r.mana_siphon_target(opponents).result == {
        "must_target_self": self_,
        "legal_targets": targets,
    }


@pytest.mark.parametrize(
    ("mana", "revealed", "declare", "paid"),
    [
        (2, "before_attack", True, 2),
        (1, "before_attack", False, 0),
        (0, "before_attack", False, 0),
        (1, "in_response", True, 0),
    ],
)
def test_mind_soothe(mana, revealed, declare, paid):
    assert r.mind_soothe_attack(mana, revealed).result == {
        "can_declare": declare,
        "mana_paid": paid,
    }


@pytest.mark.parametrize(
    ("mage", "mana", "cost", "moves"),
    [(False, 0, 1, False), (False, 1, 1, True), (False, 1, 2, False), (True, 0, 1, True)],
)
def test_suppression_orb(mage, mana, cost, moves):
    assert r.can_move_under_suppression_orb(mage, mana, cost).result is moves


# --- changing range or target --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "canceled", "later"),
    [
        (("attack", "triple_strike", "other", True, "target", "teleport", True), True, "canceled"),
        (("attack", "double_strike", "other", True, "nobody", "teleport", False), False, "proceed"),
        (("attack", "sweep", "other", True, "target", "teleport", False), True, "different target"),
        (
            ("attack", "sweep", "other", True, "caster_or_source", "teleport", True),
            True,
            "different target",
        ),
        (
            ("spell", "single", "own_zone", True, "caster_or_source", "teleport", False),
            True,
            "none",
        ),
        (
            ("spell", "single", "own_zone", True, "caster_or_source", "teleport", True),
            False,
            "none",
        ),
        (("spell", "single", "self", True, "caster_or_source", "push", False), False, "none"),
        (("attack", "single", "self", True, "target", "teleport", True), False, "none"),
        (("spell", "single", "other", True, "target", "push", False), True, "none"),
        (("spell", "single", "other", False, "nobody", "teleport", False), True, "none"),
        (("spell", "single", "other", True, "nobody", "push", True), False, "none"),
    ],
)
def test_cancellation(args, canceled, later):
    assert r.cancellation(*args).result == {"canceled": canceled, "later_strikes": later}


@pytest.mark.parametrize(
    ("args", "param"),
    [
        (("spell", "sweep", "other", True, "nobody", "teleport", False), "attack_form"),
        (("spell", "single", "own_zone", True, "target", "teleport", True), "who_moved"),
    ],
)
def test_cancellation_rejects_impossible_moves(args, param):
    with pytest.raises(ParamError) as info:
        r.cancellation(*args)
    assert info.value.param == param


def test_a_push_into_the_same_zone_is_accepted_and_spares_an_own_zone_spell():
    # magewars-rule-targeting-your-zone: "如果将你所在的区域作为一个法术或攻击的目标, 并被移动
    # ( 推斥或传送 ) 到同一区域中, 则法术和攻击流程不会被取消" names pushes.
    own = r.cancellation("spell", "single", "own_zone", True, "caster_or_source", "push", True)
    assert own.result == {"canceled": False, "later_strikes": "none"}
    other = r.cancellation("spell", "single", "other", True, "target", "push", True)
    assert other.result["canceled"] is True


@pytest.mark.parametrize(
    ("event", "spellbound", "card"),
    [
        ("countered", True, "stays bound"),
        ("jinxed", True, "stays bound"),
        ("target_moved", True, "stays bound"),
        ("stolen", True, "stolen with the object"),
        ("replaced", True, "owner's spellbook"),
        ("target_moved", False, "discarded"),
        ("countered", False, None),  # not stated for a spell that is not spellbound
        ("jinxed", False, None),
    ],
)
def test_bound_spell_after(event, spellbound, card):
    assert r.bound_spell_after(event, spellbound).result == {"card": card}


def test_a_jinxed_spell_that_is_not_spellbound_is_not_said_to_be_discarded():
    # magewars-card-jinx speaks only of a spellbound spell ("如果对法术绑定的法术使用厄运, 则法术
    # 牌依然保留在法术绑定的装备上"); the check does not invent where another spell goes.
    out = r.bound_spell_after("jinxed", False)
    assert out.result == {"card": None}
    assert all(s.cites != "magewars-rule-changing-range-or-target" for s in out.steps)


def test_only_a_bound_spell_is_replaced():
    with pytest.raises(ParamError) as info:
        r.bound_spell_after("replaced", False)
    assert info.value.param == "event"


# --- range, flying, walls ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "in_range"),
    [
        ((0, 1, 1, False, False, False), True),  # Dissolve at exactly its maximum
        ((0, 1, 2, False, False, False), False),  # one beyond
        ((0, 0, 0, False, False, False), True),
        ((1, 2, 0, True, False, False), False),  # below the minimum
        ((1, 2, 0, True, False, True), True),  # a flying defender in the same zone
        ((1, 2, 0, True, True, False), True),  # a flying attacker
        ((1, 2, 0, False, True, True), False),  # not a ranged attack
        ((2, 3, 1, True, True, True), False),  # flying helps only in the same zone
        ((1, 2, 1, True, False, False), True),  # exactly the minimum
    ],
)
def test_is_in_range(args, in_range):
    assert r.is_in_range(*args).result is in_range


def test_is_in_range_rejects_inverted_range():
    with pytest.raises(ParamError) as info:
        r.is_in_range(3, 1, 1, False, False, False)
    assert info.value.param == "range_min"


@pytest.mark.parametrize(
    ("los", "near", "far", "lo", "hi", "ok"),
    [
        (True, 2, 3, 1, 2, True),
        (False, 2, 3, 1, 2, False),
        (True, 3, 3, 1, 2, False),
        (True, 0, 1, 1, 2, True),  # only the far side is in range
        (True, 0, 0, 1, 2, False),
    ],
)
def test_can_ranged_attack_wall(los, near, far, lo, hi, ok):
    assert r.can_ranged_attack_wall(los, near, far, lo, hi).result is ok


def test_wall_zones_are_adjacent():
    with pytest.raises(ParamError) as info:
        r.can_ranged_attack_wall(True, 0, 2, 1, 2)
    assert info.value.param == "far_zone_distance"


# --- Helm of Fear, daze, attack actions ----------------------------------------------------


@pytest.mark.parametrize(
    ("args", "attacked", "canceled"),
    [
        (("sweep", "Warlock", "Fiend", 9, "Imp"), ["Imp", "Fiend"], False),
        (("sweep", "Warlock", "Fiend", 9, "guard"), [], True),
        (("sweep", "Imp", "Warlock", 9, "guard"), ["Imp", "Fiend"], False),
        (("sweep", "Fiend", "Warlock", 12, "Imp"), ["Fiend", "Imp"], False),
        (("triple_strike", "Warlock", "Imp", 9, "Fiend"), ["Fiend"] * 3, False),
        (("sweep", "Warlock", "Imp", 8, "guard"), ["Warlock", "Imp"], False),  # 8: no effect
        (("sweep", "Imp", "Warlock", 8, "guard"), ["Imp", "Warlock"], False),
        (("sweep", "Warlock", "Warlock", 9, "Imp"), ["Imp", "Fiend"], False),
        (("triple_strike", "Warlock", "Imp", 1, "Fiend"), ["Warlock"] * 3, False),
    ],
)
def test_helm_of_fear_targets(args, attacked, canceled):
    assert r.helm_of_fear_targets(*args).result == {
        "attacked": attacked,
        "action_canceled": canceled,
    }


def test_sweep_cannot_repeat_a_target():
    with pytest.raises(ParamError) as info:
        r.helm_of_fear_targets("sweep", "Warlock", "Imp", 9, "Imp")
    assert info.value.param == "second_target"


@pytest.mark.parametrize(
    ("attack", "rolls"), [("single", 1), ("double_strike", 2), ("triple_strike", 3), ("sweep", 2)]
)
def test_daze_rolls(attack, rolls):
    out = r.daze_rolls(attack).result
    assert out["rolls"] == rolls
    assert len(out["when"]) == rolls
    assert out["when"][0] == "end of Declare Attack step"


@pytest.mark.parametrize(
    ("attack", "objects", "attacks", "spends"),
    [
        ("sweep", 3, 2, True),
        ("sweep", 1, 1, True),
        ("triple_strike", 1, 3, True),
        ("zone", 4, 4, True),
        ("zone", 1, 1, True),
        ("counterstrike", 1, 1, False),
        ("collision", 1, 1, False),
    ],
)
def test_attack_count(attack, objects, attacks, spends):
    assert r.attack_count(attack, objects).result == {
        "attack_actions": 1,
        "attacks": attacks,
        "spends_creature_action": spends,
    }


# --- attacks on oneself, damage barrier ----------------------------------------------------


@pytest.mark.parametrize(
    ("target", "barrier", "counter", "out"),
    [
        ("itself", True, True, (True, False, False)),
        ("attached", True, True, (True, False, False)),
        ("another_creature", True, True, (False, True, True)),
        ("another_creature", False, True, (False, False, True)),
    ],
)
def test_attack_on_own_side(target, barrier, counter, out):
    res = r.attack_on_own_side(target, barrier, counter).result
    assert (res["ignores_guards"], res["damage_barrier"], res["counterstrike"]) == out


@pytest.mark.parametrize(
    ("attack", "step", "reveal"),
    [("damage_barrier", False, False), ("unavoidable", True, True), ("normal", True, True)],
)
def test_avoid_attack_step(attack, step, reveal):
    assert r.avoid_attack_step(attack).result == {
        "avoid_attack_step": step,
        "forces_block_reveal": reveal,
    }


# --- obstruct ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "second"),
    [
        ((True, 1, 0, 0, 0), True),  # the Vampiress gains Flying first
        ((False, 1, 0, 0, 0), False),
        ((True, 1, 1, 0, 0), False),  # a flying enemy obstructs a flyer
        ((False, 0, 0, 1, 0), False),  # entering an enemy's zone
        ((True, 0, 0, 2, 0), True),  # non-flying enemies do not obstruct a flyer
        ((False, 0, 0, 0, 0), True),
    ],
)
def test_can_make_second_move(args, second):
    assert r.can_make_second_move(*args).result is second


def test_obstruct_flyers_are_among_the_enemies():
    with pytest.raises(ParamError) as info:
        r.can_make_second_move(True, 1, 2, 0, 0)
    assert info.value.param == "start_zone_enemy_flyers"


# --- card rulings ----------------------------------------------------------------------------


def test_card_rulings():
    assert r.banished_creature("inactive", True).result == {
        "action_marker_on_return": "inactive",
        "ability_works": False,
    }
    assert r.battle_fury_attack("attack_action", 3).result == {
        "extra_attack": True,
        "after_strike": 3,
    }
    assert r.battle_fury_attack("counterstrike", 1).result["extra_attack"] is False
    assert r.decoy_mana("destroyed").result == {"mana_gained": 2}
    assert r.decoy_mana("countered").result == {"mana_gained": 0}
    assert r.can_open_gate_to_hell("controlling_mage", 6).result is True
    assert r.can_open_gate_to_hell("other_mage", 0).result is False
    assert r.can_open_gate_to_hell("creature", 0).result is False
    assert r.direct_damage_taken(2, "poison", ("poison",)).result == {"damage_taken": 0}
    assert r.direct_damage_taken(2, "flame", ("poison",)).result == {"damage_taken": 2}
    assert r.rouse_the_beast("final_quickcast").result["can_act_this_round"] is False
    assert r.rouse_the_beast("action_phase").result["can_act_this_round"] is True
    assert r.one_time_enchantment_revealed(False).result == {
        "effect_used": False,
        "destroyed": True,
    }
    assert r.one_time_enchantment_revealed(True).result["effect_used"] is True


@pytest.mark.parametrize(
    ("allows", "other", "pay", "removed", "paid"),
    [
        (False, True, False, True, 0),
        (False, False, True, False, 0),
        (True, False, True, True, 2),
        (True, False, False, False, 0),
        (True, True, True, True, 0),
    ],
)
def test_condition_removal(allows, other, pay, removed, paid):
    assert r.condition_removal(2, allows, other, pay).result == {
        "removed": removed,
        "mana_paid": paid,
    }


@pytest.mark.parametrize(
    ("mage", "restricted_to", "use", "allowed", "outcome"),
    [
        ("Forcemaster", "Warlock", "steal_equipment", True, "destroyed"),
        ("Wizard", "Forcemaster", "steal_enchantment", False, "cannot"),
        ("Priestess", "Warlock", "cast_bound_spell", False, "cannot"),
        ("Forcemaster", "Arcane Mage", "control", False, "cannot"),
        ("Wizard", "Arcane Mage", "control", True, "ok"),
        ("Warlock", "Dark Mage", "put_in_spellbook", True, "ok"),
        ("Warlock", "Warlock", "steal_equipment", True, "ok"),
        ("Wizard", "none", "steal_enchantment", True, "ok"),
    ],
)
def test_restricted_card_use(mage, restricted_to, use, allowed, outcome):
    assert r.restricted_card_use(mage, restricted_to, use).result == {
        "allowed": allowed,
        "outcome": outcome,
    }


def test_owner_armor_novice_upkeep():
    assert r.card_destination("Wizard", "Warlock", "hand").result == "Wizard's hand"
    assert r.card_destination("Wizard", "Wizard", "spellbook").result == "Wizard's spellbook"
    assert r.armor_value(2, 3, False).result == {"armor": 5}
    assert r.armor_value(2, 3, True).result == {"armor": 0}
    assert r.spellbook_points(1, 3, True).result == {"spell_points": 1}
    assert r.spellbook_points(1, 3, False).result == {"spell_points": 3}
    assert r.spellbook_points(3, 2, False).result == {"spell_points": 6}
    assert r.upkeep_payer("enchantment", 1, "Warlock", "Wizard").result == {
        "payer": "Warlock",
        "upkeep": 1,
    }
    assert r.upkeep_payer("essence_drain", 2, "Warlock", "Wizard").result == {
        "payer": "Wizard",
        "upkeep": 2,
    }
    with pytest.raises(ParamError) as info:
        r.upkeep_payer("essence_drain", 3, "Warlock", "Wizard")
    assert info.value.param == "upkeep_x"


def test_every_step_cites_a_magewars_entry(kb):
    outcomes = [
        r.cancellation("attack", "sweep", "other", False, "target", "teleport", True),
        r.taunted_creature_options(1, 1, True, True, True, False, True, False),
        r.helm_of_fear_targets("sweep", "Imp", "Warlock", 9, "guard"),
        r.restricted_card_use("Forcemaster", "Arcane Mage", "control"),
        r.has_flying(True, ("guard", "incapacitated", "restrained", "eagle_wings")),
    ]
    for outcome in outcomes:
        for step in outcome.steps:
            assert kb.get(step.cites) is not None, step.cites


# --- checks added for rulings that had none ------------------------------------------------


def test_chain_lightning_under_reverse_attack_goes_to_its_last_target():
    # magewars-card-chain-lightning: "如果连锁闪电被攻击逆转, 则攻击被重定向到连锁闪电的最后一个
    # 目标, 而非施法者上"
    chain = ("Timber Wolf", "Steelclaw Grizzly", "Wizard")
    assert r.chain_lightning_reversed(chain, 3).result == {"redirected_to": "Steelclaw Grizzly"}
    assert r.chain_lightning_reversed(chain, 2).result == {"redirected_to": "Timber Wolf"}
    assert r.chain_lightning_reversed(chain, 1).result == {"redirected_to": None}
    with pytest.raises(ParamError) as info:
        r.chain_lightning_reversed(chain, 4)
    assert info.value.param == "reversed_by"


@pytest.mark.parametrize(
    ("kind", "destroyed"),
    [
        ("enchantment attached to him", True),
        ("equipment attached to him", True),
        ("creature he controls", False),
        ("conjuration he controls", False),
        ("enchantment he controls on another object", False),
    ],
)
def test_what_a_mages_death_destroys(kind, destroyed):
    # magewars-rule-mage-death: "所有附属在他身上的结界和装备立即被摧毁" / "他控制的其它对象依然
    # 持续在场中"
    assert r.object_after_mage_death(kind).result == {"destroyed": destroyed}


@pytest.mark.parametrize(
    ("start", "teleported", "destination", "obstructed"),
    [(2, False, 0, True), (2, True, 0, False), (0, True, 1, True), (0, False, 3, False)],
)
def test_a_teleport_before_moving_cancels_obstruction(start, teleported, destination, obstructed):
    # magewars-rule-obstruct: "如果一个生物在执行任何移动前被传送, 并且如果将其传送到一个没有任何
    # 敌方对象能阻碍它的区域, 则其变为没有阻碍"
    out = r.is_obstructed_after_teleport(start, teleported, destination).result
    assert out == {"obstructed": obstructed}


@pytest.mark.parametrize("same", [True, False])
def test_steal_enchantment_pays_the_enchantments_cost_even_onto_the_same_target(same):
    # magewars-card-steal-enchantment: "你必须支付施放 Charm 的费用以将其再次放置到同一个目标上"
    assert r.steal_enchantment_recast(4, same, False).result == {"allowed": True, "mana_to_pay": 4}
    blocked = r.steal_enchantment_recast(4, same, True).result
    assert blocked == {"allowed": False, "mana_to_pay": 0}


def test_the_dissolve_erratum_is_not_a_form_input():
    # magewars-card-dissolve: "瓦解的范围应为 0-1": its examples fix the range, so no run can
    # give Dissolve another range.
    from kb.examples import all_examples

    for ex_id in ("magewars-range-dissolve-errata", "magewars-range-dissolve-two-zones"):
        example = all_examples()[ex_id]
        assert [p.name for p in example.params] == ["zones_away"]
        assert (example.fixed["range_min"], example.fixed["range_max"]) == (0, 1)
        with pytest.raises(ParamError):
            example.run({"range_max": 3})
        assert example.run({"zones_away": 3})[1].result is False
