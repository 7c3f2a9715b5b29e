"""Mage Wars rule checks over their whole parameter space (Hypothesis).

Each property is an invariant a ruling states, checked far beyond the worked examples'
defaults: a chain loses one die per jump but never drops below one, Finite Life never
takes back life already gained, a taunt is judged from where the creature then is, and so on.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kb.games.magewars import rules as r
from kb.rulecheck import ParamError

FAST = settings(max_examples=100, deadline=None)
MAGES = st.sampled_from(r.MAGES)
small = st.integers(0, 8)


@FAST
@given(
    zones=st.integers(0, 3),
    quick=st.integers(0, 2),
    full=st.integers(0, 2),
    quickcast=st.integers(0, 2),
)
def test_one_marker_never_gives_two_quick_actions(zones, quick, full, quickcast):
    out = r.action_marker_use(zones, quick, full, quickcast).result
    used = quick + (1 if zones == 2 else 0)
    assert out["quick_actions_used"] == used
    legal = (
        quickcast <= 1
        and full <= 1
        and (full == 0 or (zones == 0 and quick == 0))
        and (full == 1 or (zones <= 2 and used <= 1))
    )
    assert out["legal"] is legal


@FAST
@given(attacks=st.integers(1, 4), melee=small, rage=small, tokens=small, data=st.data())
def test_bonus_dice_never_count_twice(attacks, melee, rage, tokens, data):
    gained = tuple(data.draw(st.lists(small, max_size=attacks - 1)))
    out = r.attack_bonus_dice(attacks, melee, rage, tokens, gained).result
    assert len(out["bonus_dice"]) == attacks
    assert sum(out["bonus_dice"]) == max(out["melee"]), "the total is the highest bonus reached"
    assert out["bonus_dice"][0] == melee + min(tokens, rage)


@FAST
@given(
    base=st.integers(1, 8),
    ranged=small,
    lightning=st.lists(st.integers(-3, 3), min_size=1, max_size=8),
)
def test_chain_lightning_loses_a_die_per_jump_but_never_below_one(base, ranged, lightning):
    dice = r.chain_lightning_dice(base, ranged, tuple(lightning)).result["dice"]
    for k, (d, bonus) in enumerate(zip(dice, lightning, strict=True)):
        assert d == max(1, base - k + bonus + (ranged if k == 0 else 0))
        assert d >= 1


@FAST
@given(
    targets=st.lists(st.sampled_from(("Wolf", "Bear", "Wizard", "Imp")), min_size=1, max_size=6),
    data=st.data(),
)
def test_reversed_chain_lightning_never_returns_to_the_caster(targets, data):
    k = data.draw(st.integers(1, len(targets)))
    out = r.chain_lightning_reversed(tuple(targets), k).result["redirected_to"]
    assert out == (targets[k - 2] if k > 1 else None)


LIFE = st.sampled_from(("bull_endurance", "pet", "deathlock", "poisoned_blood"))


@FAST
@given(printed=st.integers(1, 20), effects=st.lists(LIFE, max_size=5))
def test_finite_life_stops_later_gains_but_keeps_earlier_ones(printed, effects):
    life = r.creature_life(printed, tuple(effects)).result["life"]
    gains = {"bull_endurance": 4, "pet": 3}
    expected = printed
    for e in effects:
        if e in ("deathlock", "poisoned_blood"):
            break
        expected += gains[e]
    assert life == expected


FLY = st.sampled_from(("eagle_wings", "maim_wings", "guard", "restrained", "incapacitated"))


@FAST
@given(printed=st.booleans(), effects=st.lists(FLY, max_size=5))
def test_a_blocker_removes_flying_whatever_the_timestamps(printed, effects):
    out = r.has_flying(printed, tuple(effects)).result
    if any(e in ("guard", "restrained", "incapacitated") for e in effects):
        assert out is False
    else:
        wings = [e for e in effects if e in ("eagle_wings", "maim_wings")]
        assert out is (wings[-1] == "eagle_wings" if wings else printed)


@FAST
@given(effects=st.lists(st.sampled_from(("regrowth", "poisoned_blood", "deathlock")), max_size=4))
def test_finite_life_stops_regenerate_whatever_came_first(effects):
    out = r.can_regenerate(tuple(effects)).result
    assert out is ("regrowth" in effects and not {"poisoned_blood", "deathlock"} & set(effects))


@FAST
@given(
    cost=st.integers(0, 20),
    level=st.integers(1, 6),
    extend=st.booleans(),
    by=st.sampled_from(("nothing", "Jinx", "another counter")),
)
def test_an_extended_wall_costs_cost_plus_level_and_only_jinx_refunds(cost, level, extend, by):
    out = r.extend_wall_cost(cost, level, extend, by).result
    paid = cost + (cost + level if extend else 0)
    assert out["mana_paid"] == paid
    assert out["walls_placed"] == (0 if by != "nothing" else 2 if extend else 1)
    assert out["mana_returned"] == {"nothing": 0, "Jinx": paid, "another counter": None}[by]


@FAST
@given(east=st.integers(-1, 1), north=st.integers(-1, 1))
def test_a_push_moves_away_from_its_source(east, north):
    dirs = r.push_directions(east, north).result
    if (east, north) == (0, 0):
        assert sorted(dirs) == ["east", "north", "south", "west"]
    else:
        assert len(dirs) == (east != 0) + (north != 0)
        assert ("east" in dirs) is (east > 0) and ("west" in dirs) is (east < 0)


@FAST
@given(
    wall=st.sampled_from(("none", "passage_damage", "wall", "outer")),
    paid=st.booleans(),
    flying=st.booleans(),
    movable=st.booleans(),
)
def test_force_push_is_never_both_a_push_and_a_bash(wall, paid, flying, movable):
    out = r.force_push(wall, paid, flying, movable).result
    assert not (out["pushed"] and out["bashed"])
    if not movable:
        assert not out["pushed"] and out["extra_mana_lost"] == (3 if paid else 0)
    elif wall == "outer":
        assert out["bashed"], "even a flyer collides with the outer wall"
    elif flying:
        assert out["pushed"] and not out["passage_attack"]
    assert out["passage_attack"] is (movable and wall == "passage_damage" and paid and not flying)


ENEMIES = st.sampled_from(("damaged", "undamaged", "guarding_damaged", "guarding_undamaged"))


@FAST
@given(
    enemies=st.lists(ENEMIES, max_size=4),
    attack=st.sampled_from(("single", "sweep")),
    cost=st.integers(0, 3),
    mana=st.integers(0, 3),
)
def test_a_bloodthirsty_creature_must_attack_a_damaged_legal_enemy(enemies, attack, cost, mana):
    out = r.bloodthirsty_targets(tuple(enemies), attack, cost, mana).result
    guards = [e for e in enemies if e.startswith("guarding")]
    legal = guards or enemies
    damaged = [e for e in legal if e in ("damaged", "guarding_damaged")]
    forced = bool(damaged) and mana >= cost
    assert out["forced"] is forced
    assert out["mana_paid"] == (cost if forced else 0)
    if forced:
        assert out["must_target"][0] == "damaged"


@FAST
@given(
    reach=st.integers(0, 1),
    away=st.integers(0, 3),
    ranged=st.booleans(),
    wall=st.booleans(),
    slowed=st.booleans(),
    teleported=st.booleans(),
    other=st.booleans(),
    itself=st.booleans(),
)
def test_a_taunt_is_judged_from_where_the_creature_then_is(
    reach, away, ranged, wall, slowed, teleported, other, itself
):
    out = r.taunted_creature_options(reach, away, ranged, wall, slowed, teleported, other, itself)
    same = r.taunted_creature_options(
        reach, away, ranged, wall, slowed, not teleported, other, itself
    )
    assert out.result == same.result, "the teleport itself changes nothing"
    if itself or away > reach:
        assert out.result == {"forced": False, "options": []}
    elif away == 0:
        assert out.result["options"][0] == "melee attack the taunter"
    if out.result["options"]:
        assert out.result["forced"] is True


@FAST
@given(trait=st.sampled_from(tuple(r.DICE_TABLE)))
def test_the_dice_table(trait):
    out = r.dice_modified_by(trait).result
    assert (out["attack_dice"], out["effect_die"]) == r.DICE_TABLE[trait]


@FAST
@given(
    mage=st.booleans(),
    schools=st.lists(st.sampled_from(("Dark", "Fire", "Holy")), max_size=3),
    nonliving=st.booleans(),
)
def test_a_mage_is_never_a_dark_creature(mage, schools, nonliving):
    out = r.samandriel_bonus(mage, tuple(schools), nonliving).result
    bonus = nonliving or (not mage and "Dark" in schools)
    assert out == {"attack_dice": int(bonus), "effect_die": int(bonus)}


@FAST
@given(has=st.booleans(), dice=small, x=small, rng=small)
def test_ranged_adds_dice_never_range(has, dice, x, rng):
    out = r.ranged_attack_dice(has, dice, x, rng).result
    if has:
        assert out == {"can_make_ranged_attack": True, "dice": dice + x, "range_max": rng}
    else:
        assert out["can_make_ranged_attack"] is False


@FAST
@given(
    attacker=st.sampled_from(("creature", "conjuration", "autonomous equipment", "damage barrier"))
)
def test_mark_of_death_helps_only_creatures(attacker):
    assert r.mark_of_death_bonus(attacker).result == {"bonus_dice": int(attacker == "creature")}


@FAST
@given(alive=st.integers(1, 4), data=st.data())
def test_a_draw_only_when_every_remaining_mage_dies(alive, data):
    dying = data.draw(st.integers(0, alive))
    out = r.game_outcome(alive, dying).result
    assert out == {"draw": dying == alive, "mages_left": alive - dying}


@FAST
@given(kind=st.sampled_from(tuple(r.OBJECTS_ZH)))
def test_only_what_is_attached_to_a_dead_mage_is_destroyed(kind):
    out = r.object_after_mage_death(kind).result["destroyed"]
    assert out is kind.endswith("attached to him")


@FAST
@given(damage=st.integers(0, 20), life=st.integers(1, 20), data=st.data(), self_=st.booleans())
def test_vampiric_heals_half_of_what_the_target_could_take(damage, life, data, self_):
    taken = data.draw(st.integers(0, life - 1))
    out = r.vampiric_healing(damage, life, taken, self_).result
    counted = min(damage, life - taken)
    assert out["damage_for_healing"] == counted
    assert out["target_destroyed"] is (damage >= life - taken)
    if self_ and out["target_destroyed"]:
        assert out["healed"] == 0, "dead before it heals"
    else:
        assert out["healed"] == (counted + 1) // 2


@FAST
@given(
    attack=st.sampled_from(("single", "double_strike", "triple_strike")),
    revealed=st.booleans(),
    avoided=st.booleans(),
)
def test_later_strikes_keep_the_first_strikes_target(attack, revealed, avoided):
    out = r.reverse_attack_strikes(attack, revealed, avoided).result
    n = {"single": 1, "double_strike": 2, "triple_strike": 3}[attack]
    assert len(out["targets"]) == n
    assert out["wizard_may_counterstrike"] is True
    if revealed:
        assert out["source"] == "Wizard" and out["targets"][0] == "Warlock"
        assert out["wizard_damage_barrier"] is (n > 1 and not avoided)
    else:
        assert out["source"] == "Warlock" and set(out["targets"]) == {"Wizard"}


@FAST
@given(rounds=st.lists(st.integers(1, 4), max_size=8))
def test_pentagram_gives_one_mana_per_different_creature_per_round(rounds):
    names = tuple("Firebrand Imp" for _ in rounds)  # copies of one card are different creatures
    out = r.pentagram_mana(names, tuple(rounds)).result
    assert out["total"] == len(rounds)
    assert out["mana_per_round"] == {str(k): rounds.count(k) for k in sorted(set(rounds))}


@FAST
@given(orig=small, new=small, mana=small, willing=st.booleans())
def test_reverse_magic_never_refunds(orig, new, mana, willing):
    out = r.reverse_magic_cost(orig, new, mana, willing).result
    extra = max(0, new - orig)
    assert out["extra_cost"] == extra
    assert out["spell"] == ("resolves" if extra == 0 or (mana >= extra and willing) else "canceled")


@FAST
@given(opponents=st.integers(0, 3))
def test_mana_siphon_must_take_a_target(opponents):
    out = r.mana_siphon_target(opponents).result
    assert out == {"must_target_self": opponents == 0, "legal_targets": opponents + 1}


@FAST
@given(mana=small, revealed=st.sampled_from(("before_attack", "in_response")))
def test_mind_soothe_s_mana_is_paid_on_declaring(mana, revealed):
    out = r.mind_soothe_attack(mana, revealed).result
    if revealed == "in_response":
        assert out == {"can_declare": True, "mana_paid": 0}
    else:
        assert out == {"can_declare": mana >= 2, "mana_paid": 2 if mana >= 2 else 0}


@FAST
@given(
    kind=st.sampled_from(("spell", "attack")),
    form=st.sampled_from(("single", "double_strike", "triple_strike", "sweep")),
    target=st.sampled_from(("other", "own_zone", "self")),
    legal=st.booleans(),
    who=st.sampled_from(("nobody", "caster_or_source", "target")),
    by=st.sampled_from(("teleport", "push")),
    same=st.booleans(),
)
def test_a_move_before_resolution_cancels_unless_it_targets_its_mover(
    kind, form, target, legal, who, by, same
):
    try:
        out = r.cancellation(kind, form, target, legal, who, by, same).result
    except ParamError as exc:
        assert exc.param in ("attack_form", "who_moved") and exc.zh
        return
    spared = target == "self" or (target == "own_zone" and same)
    assert out["canceled"] is (not legal or (who != "nobody" and not spared))
    other_by = "push" if by == "teleport" else "teleport"
    assert out == r.cancellation(kind, form, target, legal, who, other_by, same).result


@FAST
@given(
    event=st.sampled_from(("countered", "jinxed", "target_moved", "stolen", "replaced")),
    bound=st.booleans(),
)
def test_a_bound_spell_is_never_discarded(event, bound):
    assume(bound or event not in ("stolen", "replaced"))
    card = r.bound_spell_after(event, bound).result["card"]
    if bound:
        assert card != "discarded"
    elif event == "target_moved":
        assert card == "discarded"
    else:
        assert card is None


@FAST
@given(
    lo=small, hi=small, away=small, ranged=st.booleans(), a_fly=st.booleans(), d_fly=st.booleans()
)
def test_range_is_inclusive_and_flyers_ignore_the_minimum_in_their_zone(
    lo, hi, away, ranged, a_fly, d_fly
):
    assume(lo <= hi)
    out = r.is_in_range(lo, hi, away, ranged, a_fly, d_fly).result
    flyer = away == 0 and ranged and (a_fly or d_fly)
    assert out is (away <= hi and (away >= lo or flyer))


@FAST
@given(sight=st.booleans(), near=small, step=st.integers(-1, 1), lo=small, hi=small)
def test_a_wall_is_in_range_when_a_zone_beside_it_is(sight, near, step, lo, hi):
    far = near + step
    assume(far >= 0)
    out = r.can_ranged_attack_wall(sight, near, far, lo, hi).result
    assert out is (sight and any(lo <= d <= hi for d in (near, far)))


@FAST
@given(
    attack=st.sampled_from(("sweep", "triple_strike")),
    first=st.sampled_from(("Warlock", "Imp", "Fiend")),
    second=st.sampled_from(("Warlock", "Imp", "Fiend")),
    roll=st.integers(1, 12),
    redirect=st.sampled_from(("Imp", "Fiend", "guard")),
)
def test_helm_of_fear_keeps_the_warlock_out_once_turned(attack, first, second, roll, redirect):
    try:
        out = r.helm_of_fear_targets(attack, first, second, roll, redirect).result
    except ParamError as exc:
        assert exc.param == "second_target"
        return
    if out["action_canceled"]:
        assert first == "Warlock" and roll >= 9 and redirect == "guard"
        return
    hit = out["attacked"]
    if attack == "triple_strike":
        assert len(set(hit)) == 1 and len(hit) == 3
    else:
        assert len(hit) == 2 and hit[0] != hit[1]
    if roll >= 9 and "Warlock" in (first, second):
        assert "Warlock" not in hit


@FAST
@given(attack=st.sampled_from(tuple(r.STRIKES)))
def test_a_dazed_creature_rolls_once_per_attack(attack):
    out = r.daze_rolls(attack).result
    assert out["rolls"] == r.STRIKES[attack] == len(out["when"])


@FAST
@given(
    attack=st.sampled_from(
        (
            "single",
            "double_strike",
            "triple_strike",
            "sweep",
            "zone",
            "counterstrike",
            "wall",
            "collision",
            "conjuration",
        )
    ),
    objects=st.integers(1, 6),
)
def test_every_attack_is_exactly_one_attack_action(attack, objects):
    out = r.attack_count(attack, objects).result
    assert out["attack_actions"] == 1
    assert out["spends_creature_action"] is (
        attack not in ("counterstrike", "wall", "collision", "conjuration")
    )
    if attack == "zone":
        assert out["attacks"] == objects


@FAST
@given(
    target=st.sampled_from(("another_creature", "itself", "attached")),
    barrier=st.booleans(),
    counter=st.booleans(),
)
def test_attacking_oneself_ignores_guards_and_triggers_nothing(target, barrier, counter):
    out = r.attack_on_own_side(target, barrier, counter).result
    if target == "another_creature":
        assert out == {"ignores_guards": False, "damage_barrier": barrier, "counterstrike": counter}
    else:
        assert out == {"ignores_guards": True, "damage_barrier": False, "counterstrike": False}


@FAST
@given(attack=st.sampled_from(("normal", "unavoidable", "damage_barrier")))
def test_only_a_damage_barrier_skips_the_avoid_attack_step(attack):
    out = r.avoid_attack_step(attack).result
    assert out["avoid_attack_step"] is out["forces_block_reveal"] is (attack != "damage_barrier")


@FAST
@given(flying=st.booleans(), s=small, data=st.data(), n=small)
def test_an_obstructed_zone_forbids_the_second_move(flying, s, data, n):
    sf = data.draw(st.integers(0, s))
    nf = data.draw(st.integers(0, n))
    out = r.can_make_second_move(flying, s, sf, n, nf).result
    assert out is (not (sf if flying else s) and not (nf if flying else n))


@FAST
@given(start=small, teleported=st.booleans(), dest=small)
def test_a_teleport_before_moving_counts_only_where_it_lands(start, teleported, dest):
    out = r.is_obstructed_after_teleport(start, teleported, dest).result["obstructed"]
    assert out is ((dest if teleported else start) > 0)


@FAST
@given(mage=st.booleans(), mana=small, cost=small)
def test_suppression_orb_taxes_only_non_mage_moves(mage, mana, cost):
    assert r.can_move_under_suppression_orb(mage, mana, cost).result is (mage or mana >= cost)


@FAST
@given(marker=st.sampled_from(("active", "inactive")), limited=st.booleans())
def test_banish_keeps_the_marker(marker, limited):
    out = r.banished_creature(marker, limited).result
    assert out == {"action_marker_on_return": marker, "ability_works": not limited}


@FAST
@given(nxt=st.sampled_from(("attack_action", "counterstrike")), strikes=st.integers(1, 3))
def test_battle_fury_waits_for_the_whole_action(nxt, strikes):
    out = r.battle_fury_attack(nxt, strikes).result
    expected = (
        {"extra_attack": False, "after_strike": 0}
        if nxt == "counterstrike"
        else {"extra_attack": True, "after_strike": strikes}
    )
    assert out == expected


@FAST
@given(event=st.sampled_from(("destroyed", "countered")))
def test_a_countered_decoy_gives_nothing(event):
    assert r.decoy_mana(event).result == {"mana_gained": 2 if event == "destroyed" else 0}


@FAST
@given(opener=st.sampled_from(("controlling_mage", "other_mage", "creature")), away=small)
def test_only_its_mage_opens_the_gate_from_anywhere(opener, away):
    assert r.can_open_gate_to_hell(opener, away).result is (opener == "controlling_mage")


TYPES = st.sampled_from(("poison", "flame", "lightning", "acid", "psychic", "hydro"))


@FAST
@given(damage=small, kind=TYPES, immune=st.lists(TYPES, max_size=3))
def test_immunity_stops_direct_damage_of_its_type(damage, kind, immune):
    out = r.direct_damage_taken(damage, kind, tuple(immune)).result
    assert out == {"damage_taken": 0 if kind in immune else damage}


@FAST
@given(phase=st.sampled_from(("action_phase", "final_quickcast")))
def test_rouse_the_beast_too_late_in_the_final_quickcast(phase):
    out = r.rouse_the_beast(phase).result
    assert out == {"marker_active": True, "can_act_this_round": phase != "final_quickcast"}


@FAST
@given(attacked=st.booleans())
def test_a_one_time_enchantment_is_always_destroyed(attacked):
    out = r.one_time_enchantment_revealed(attacked).result
    assert out == {"effect_used": attacked, "destroyed": True}


@FAST
@given(cost=small, allows=st.booleans(), other=st.booleans(), pay=st.booleans())
def test_a_removal_cost_is_paid_only_when_an_effect_allows(cost, allows, other, pay):
    out = r.condition_removal(cost, allows, other, pay).result
    if other:
        assert out == {"removed": True, "mana_paid": 0}
    else:
        paid = allows and pay
        assert out == {"removed": paid, "mana_paid": cost if paid else 0}


RESTRICTIONS = st.sampled_from(("none", *r.MAGES, "Arcane Mage", "Dark Mage"))
USES = st.sampled_from(
    ("put_in_spellbook", "control", "steal_equipment", "steal_enchantment", "cast_bound_spell")
)


@FAST
@given(mage=MAGES, to=RESTRICTIONS, use=USES)
def test_a_restricted_card_serves_only_its_mage(mage, to, use):
    out = r.restricted_card_use(mage, to, use).result
    needed = {"Arcane Mage": "Wizard", "Dark Mage": "Warlock"}.get(to, to)
    if to == "none" or needed == mage:
        assert out == {"allowed": True, "outcome": "ok"}
    elif use == "steal_equipment":
        assert out == {"allowed": True, "outcome": "destroyed"}
    else:
        assert out == {"allowed": False, "outcome": "cannot"}


@FAST
@given(cost=small, same=st.booleans(), restricted=st.booleans())
def test_a_stolen_enchantment_costs_its_casting_cost_wherever_it_goes(cost, same, restricted):
    out = r.steal_enchantment_recast(cost, same, restricted).result
    assert out == {"allowed": not restricted, "mana_to_pay": 0 if restricted else cost}


@FAST
@given(owner=MAGES, controller=MAGES, place=st.sampled_from(("discard pile", "spellbook", "hand")))
def test_a_card_always_goes_to_its_owner(owner, controller, place):
    assert r.card_destination(owner, controller, place).result == f"{owner}'s {place}"


@FAST
@given(printed=small, bonus=small, cannot=st.booleans())
def test_cannot_have_armor_means_zero(printed, bonus, cannot):
    assert r.armor_value(printed, bonus, cannot).result == {
        "armor": 0 if cannot else printed + bonus
    }


@FAST
@given(level=st.integers(1, 6), per=st.integers(1, 3), novice=st.booleans())
def test_a_novice_spell_costs_one_point(level, per, novice):
    out = r.spellbook_points(level, per, novice).result
    assert out == {"spell_points": 1 if novice else level * per}


@FAST
@given(
    source=st.sampled_from(("enchantment", "essence_drain")),
    x=st.integers(0, 4),
    ec=MAGES,
    cc=MAGES,
)
def test_upkeep_is_paid_by_the_controller_of_its_source(source, x, ec, cc):
    try:
        out = r.upkeep_payer(source, x, ec, cc).result
    except ParamError as exc:
        assert source == "essence_drain" and x != 2 and exc.param == "upkeep_x"
        return
    assert out == (
        {"payer": cc, "upkeep": 2} if source == "essence_drain" else {"payer": ec, "upkeep": x}
    )
