"""Warhammer: Invasion rule checks: pure functions citing the entries they implement."""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning


def _same_length(name: str, values: tuple, expected: int, of: str) -> None:
    if len(values) != expected:
        raise ParamError(name, f"`{name}` needs one value per {of} ({expected}), got {len(values)}")


def assign_combat_damage(
    damage_pool: int,
    defender_hit_points: tuple[int, ...],
    defender_damage: tuple[int, ...],
    defender_toughness: tuple[int, ...],
    extra_damage: tuple[int, ...],
    errata: bool = True,
) -> Outcome:
    """Assigns an attacker's combat damage pool to the defenders, then the capital, and applies it.

    Implements whi-errata-p12-assign-damage: with `errata=True` the corrected wording (enough
    damage to destroy each defender, damage cancellation ignored, as the translator's note
    answers); with `errata=False` the original wording (damage equal to each defender's
    remaining hit points, Toughness named as a reason to over-assign). Both readings give the
    same minimum (remaining hit points): the erratum changes the wording, not the number.
    Toughness X is read as cancelling X of the damage assigned to that unit (a damage
    cancellation effect, whi-term-moving-damage). Reading: when the pool cannot cover every
    minimum, it is spread over the defenders in the order listed and none reaches the capital;
    extra damage (the attacker's discretion) is assigned, in order, only from what is left after
    every minimum.
    """
    why = Reasoning()
    n = len(defender_hit_points)
    _same_length("defender_damage", defender_damage, n, "defender")
    _same_length("defender_toughness", defender_toughness, n, "defender")
    _same_length("extra_damage", extra_damage, n, "defender")
    for i, (hp, dmg) in enumerate(zip(defender_hit_points, defender_damage, strict=True)):
        if hp < 1:
            raise ParamError("defender_hit_points", f"defender {i + 1} needs at least 1 hit point")
        if dmg >= hp:
            raise ParamError(
                "defender_damage",
                f"defender {i + 1} already has {dmg} damage on {hp} hit points: it is destroyed",
            )
    p12 = "whi-errata-p12-assign-damage"
    minimum = [hp - dmg for hp, dmg in zip(defender_hit_points, defender_damage, strict=True)]
    for i, (need, tough) in enumerate(zip(minimum, defender_toughness, strict=True)):
        if errata:
            text = (
                f"Defender {i + 1} needs {need} damage to be destroyed (its remaining hit "
                "points); damage cancellation is ignored"
                + (f", so its Toughness {tough} does not raise the minimum" if tough else "")
                + "."
            )
        else:
            text = (
                f"Defender {i + 1} must be assigned damage equal to its remaining hit points: "
                f"{need} (original wording)"
                + (f"; its Toughness {tough} is only a reason to assign more" if tough else "")
                + "."
            )
        why.step(p12, text)
    total_minimum = sum(minimum)
    left = damage_pool
    assigned = []
    if damage_pool < total_minimum:
        for need in minimum:
            give = min(need, left)
            assigned.append(give)
            left -= give
        why.step(
            p12,
            f"The pool of {damage_pool} does not cover the {total_minimum} damage the defenders "
            f"need first: it all goes to defenders ({assigned}, in the order listed) and none "
            "can be assigned to the capital.",
        )
    else:
        left -= total_minimum
        assigned = list(minimum)
        why.step(
            p12,
            f"The pool of {damage_pool} covers every defender's minimum ({total_minimum}); "
            f"{left} damage is left.",
        )
        for i, extra in enumerate(extra_damage):
            give = min(extra, left)
            if give:
                assigned[i] += give
                left -= give
                why.step(
                    p12,
                    f"At the attacker's discretion {give} more damage is assigned to defender "
                    f"{i + 1}, in anticipation of damage cancellation"
                    + (" such as Toughness" if not errata else "")
                    + ".",
                )
    capital = left
    why.step(
        p12,
        f"{capital} damage is assigned to the attacked section of the capital; damage tokens "
        "are placed but not yet applied.",
    )
    destroyed = []
    for i, (hp, dmg, tough, got) in enumerate(
        zip(defender_hit_points, defender_damage, defender_toughness, assigned, strict=True)
    ):
        applied = max(got - tough, 0)
        if tough and got:
            why.step(
                "whi-term-moving-damage",
                f"Toughness {tough} is a damage cancellation effect: of the {got} damage "
                f"assigned to defender {i + 1}, {min(tough, got)} is cancelled and {applied} "
                "is applied.",
            )
        destroyed.append(dmg + applied >= hp)
        why.step(
            p12,
            f"Defender {i + 1} ends with {dmg + applied} damage on {hp} hit points: "
            + ("destroyed." if destroyed[-1] else "not destroyed."),
        )
    return why.done(
        {"minimum": minimum, "assigned": assigned, "capital": capital, "destroyed": destroyed}
    )


def resolve_counterstrike(
    counterstrike: int,
    attacker_hit_points: tuple[int, ...],
    attacker_toughness: tuple[int, ...],
    chosen_attacker: int,
    cancel_damage: int,
) -> Outcome:
    """Deals a defender's Counterstrike damage to one attacker, unsplit and uncancellable.

    Implements whi-term-counterstrike: when the unit is declared as a defender it immediately
    deals its Counterstrike damage; the damage cannot be split among attackers, cannot be
    cancelled (neither by Toughness nor by an effect such as Steel's Bane) and is applied as
    soon as it is assigned. `attacker_hit_points` are remaining hit points.
    """
    why = Reasoning()
    n = len(attacker_hit_points)
    if n == 0:
        raise ParamError("attacker_hit_points", "there must be at least one attacker")
    _same_length("attacker_toughness", attacker_toughness, n, "attacker")
    if any(hp < 1 for hp in attacker_hit_points):
        raise ParamError("attacker_hit_points", "each attacker needs at least 1 hit point left")
    if not 1 <= chosen_attacker <= n:
        raise ParamError("chosen_attacker", f"`chosen_attacker` must be 1 to {n}")
    cs = "whi-term-counterstrike"
    why.step(
        cs,
        f"Declared as a defender, the unit immediately deals its Counterstrike {counterstrike} "
        f"damage, all of it to attacker {chosen_attacker}: it cannot be split among the "
        f"{n} attacker(s).",
    )
    target = chosen_attacker - 1
    if attacker_toughness[target] or cancel_damage:
        why.step(
            cs,
            "Counterstrike damage is uncancellable: "
            + (f"Toughness {attacker_toughness[target]} " if attacker_toughness[target] else "")
            + ("and " if attacker_toughness[target] and cancel_damage else "")
            + (f"an effect cancelling {cancel_damage} damage " if cancel_damage else "")
            + "cancels none of it.",
        )
    damage = [counterstrike if i == target else 0 for i in range(n)]
    destroyed = [damage[i] >= attacker_hit_points[i] for i in range(n)]
    why.step(
        cs,
        f"The {counterstrike} damage is applied as soon as it is assigned, before any other "
        f"actions: attacker {chosen_attacker} ({attacker_hit_points[target]} hit points left) "
        + ("is destroyed." if destroyed[target] else "survives."),
    )
    return why.done({"damage": damage, "destroyed": destroyed})


def can_assign_indirect_damage(
    target: str,
    amount: int,
    remaining_hit_points: int,
    toughness: int,
    zone_burning: bool,
) -> Outcome:
    """Decides whether an amount of indirect damage may be assigned to one unit or capital section.

    Implements whi-term-indirect-damage: no indirect damage to a burning zone; no more to a unit
    than would destroy it, toughness included (remaining hit points + toughness); no more to a
    capital section than would burn it. Reading: "a burning zone" is the burned section of the
    capital; a unit standing in that zone may still be assigned indirect damage.
    """
    why = Reasoning()
    ind = "whi-term-indirect-damage"
    if target == "capital section":
        if toughness:
            raise ParamError("toughness", "a capital section has no toughness")
        if zone_burning:
            why.step(ind, "Indirect damage cannot be assigned to a burning zone.")
            limit = 0
        else:
            if remaining_hit_points < 1:
                raise ParamError(
                    "remaining_hit_points", "a section with no hit points left is burning"
                )
            limit = remaining_hit_points
            why.step(
                ind,
                f"No more indirect damage may go to a capital section than would burn it: {limit}.",
            )
    else:
        if remaining_hit_points < 1:
            raise ParamError("remaining_hit_points", "a unit in play has at least 1 hit point left")
        limit = remaining_hit_points + toughness
        why.step(
            ind,
            f"No more indirect damage may go to a unit than would destroy it, toughness "
            f"included: {remaining_hit_points} + {toughness} = {limit}"
            + (
                " (the zone is burning, but that limits the capital section, not the unit)"
                if zone_burning
                else ""
            )
            + ".",
        )
    legal = amount <= limit
    why.step(
        ind,
        f"Assigning {amount} " + ("is within" if legal else "exceeds") + f" the limit of {limit}.",
    )
    return why.done({"legal": legal, "max": limit})


def resolve_non_combat_damage(
    damage: int,
    cancel_amount: int,
    cancel_played: str,
    errata: bool = True,
) -> Outcome:
    """Applies damage from a card effect and says whether a cancelling action can still save it.

    Implements whi-errata-p17-non-combat-damage and whi-term-non-combat-damage. With
    `errata=True` non-combat damage is applied as soon as it is assigned, before any other
    action, so a cancel effect (e.g. Steel's Bane) counts only if played in response to the card
    that deals the damage. With `errata=False` (original wording: assigned, then applied like
    combat damage) the reading taken is that, as in combat, there is a moment between assignment
    and application in which a cancel can still be played.
    """
    why = Reasoning()
    p17 = "whi-errata-p17-non-combat-damage"
    term = "whi-term-non-combat-damage"
    if cancel_amount == 0:
        why.step(term, f"No damage is cancelled: all {damage} damage is applied.")
        return why.done({"applied": damage, "cancelled": 0})
    if cancel_played == "in response to the card":
        works = True
        why.step(
            term,
            "The cancel effect is played in response to the card that deals the damage: it "
            "resolves first, before the damage is assigned, so it can cancel it.",
        )
    elif errata:
        works = False
        why.step(
            p17,
            "Corrected wording: the damage is applied as soon as it is assigned, before any "
            "other actions can be taken; a cancel played after the assignment comes too late.",
        )
    else:
        works = True
        why.step(
            p17,
            "Original wording: the damage is first assigned, then applied as in combat, so a "
            "cancel played after the assignment still comes before the damage is applied.",
        )
    cancelled = min(cancel_amount, damage) if works else 0
    why.step(
        term if errata else p17,
        f"{cancelled} damage is cancelled and {damage - cancelled} is applied.",
    )
    return why.done({"applied": damage - cancelled, "cancelled": cancelled})


def reduce_value(kind: str, value: int, reduction: int) -> Outcome:
    """Reduces a cost or hit points by an effect, never below zero; a cost of 0 is not reduced.

    Implements whi-term-reduction (no number is reduced below zero) and whi-term-cost (cost is
    the printed top-left number; a card with a cost of 0 cannot be reduced).
    """
    why = Reasoning()
    if kind == "cost":
        why.step("whi-term-cost", f"The cost is the number printed top left: {value}.")
        if value == 0:
            why.step("whi-term-cost", "A card with a cost of 0 cannot be reduced: it stays 0.")
            return why.done({"value": 0, "reduced_by": 0})
    new = max(value - reduction, 0)
    if value - reduction < 0:
        why.step(
            "whi-term-reduction",
            f"Reducing {kind} {value} by {reduction} would go below zero; it stops at 0.",
        )
    else:
        why.step("whi-term-reduction", f"The {kind} is reduced by {reduction}: {value} → {new}.")
    return why.done({"value": new, "reduced_by": value - new})


def value_of_x(specified_by: str, specified_value: int) -> Outcome:
    """Gives the value of X: what a card, card effect or granted player choice sets, else zero.

    Implements whi-term-the-letter-x.
    """
    why = Reasoning()
    if specified_by == "nothing":
        why.step(
            "whi-term-the-letter-x",
            "Nothing specifies X, so X is 0"
            + (f" (the {specified_value} offered is not used)" if specified_value else "")
            + ".",
        )
        return why.done({"x": 0})
    why.step("whi-term-the-letter-x", f"X is specified by {specified_by}: X = {specified_value}.")
    return why.done({"x": specified_value})


def resolve_dwarf_cannon_crew(
    support_costs: tuple[int, ...],
    support_loyalty: tuple[int, ...],
) -> Outcome:
    """Resolves Dwarf Cannon Crew: search the top five for a support of cost ≤ 2, then shuffle.

    Implements whi-term-cost and whi-term-loyalty (the printed cost is compared with 2;
    loyalty is not part of the cost) and whi-multiple-effects (the shuffle after "Then" happens
    only if the search resolved). `support_costs` are the support cards among the top five.
    Reading: the search "resolved successfully" when a support card was found and put into the
    zone; a search that finds none did not, so the deck is not shuffled.
    """
    why = Reasoning()
    _same_length("support_loyalty", support_loyalty, len(support_costs), "support card")
    eligible = []
    for cost, loyalty in zip(support_costs, support_loyalty, strict=True):
        ok = cost <= 2
        if loyalty:
            why.step(
                "whi-term-loyalty",
                f"A support with cost {cost} and loyalty {loyalty}: loyalty is not part of the "
                f"cost for card effects, so it is compared as cost {cost}, not {cost + loyalty}.",
            )
        why.step(
            "whi-term-cost",
            f"Cost {cost} (top-left number) is "
            + ("2 or lower: eligible." if ok else "above 2: not eligible."),
        )
        if ok:
            eligible.append(cost)
    found = bool(eligible)
    if found:
        why.step(
            "whi-multiple-effects",
            f"A support card (cost {eligible[0]}) is put into this zone: the search resolved, "
            "so the effect after “Then” resolves and the deck is shuffled.",
        )
    else:
        why.step(
            "whi-multiple-effects",
            "No eligible support card: the search did not resolve, so the effect after “Then” "
            "does not resolve and the deck is not shuffled.",
        )
    return why.done({"eligible_costs": eligible, "put_into_zone": found, "shuffled": found})


def resolve_or_choice(preferred: str, units_able_to_be_corrupted: int) -> Outcome:
    """Resolves Warpstone Meteor's "corrupt or damage" choice: only a fully resolvable option.

    Implements whi-term-or. The capital option is taken to be always resolvable.
    """
    why = Reasoning()
    corrupt = "corrupt a unit"
    damage = "deal 1 damage to capital"
    if preferred == corrupt and units_able_to_be_corrupted == 0:
        why.step(
            "whi-term-or",
            "The player has no unit in the zone to corrupt: that option cannot be resolved "
            "completely, so he must deal 1 damage to his capital.",
        )
        return why.done({"resolved": damage})
    why.step(
        "whi-term-or",
        f"The player chooses to {preferred}, which he can resolve completely"
        + (
            f" ({units_able_to_be_corrupted} unit(s) he could corrupt)."
            if preferred == corrupt
            else "."
        ),
    )
    return why.done({"resolved": preferred})


def resolve_targeted_effect(target_states: tuple[str, ...], legal_when_played: bool) -> Outcome:
    """Checks an effect's targets when played and on resolution: all illegal cancels it.

    Implements whi-term-illegal-target and whi-term-target (targeting is checked both when the
    card is played and when it resolves). `target_states` is each target's state on resolution.
    """
    why = Reasoning()
    if not target_states:
        raise ParamError("target_states", "a targeting effect has at least one target")
    if not legal_when_played:
        why.step(
            "whi-term-target",
            "Targeting is checked when the card is played: with an illegal target it cannot be "
            "played that way.",
        )
        return why.done({"played": False, "cancelled": False, "affected": 0})
    why.step("whi-term-target", "The targets are legal when the card is played.")
    legal = sum(1 for s in target_states if s == "legal")
    for i, state in enumerate(target_states):
        if state != "legal":
            why.step(
                "whi-term-illegal-target",
                f"On resolution target {i + 1} is illegal: {state}.",
            )
    if legal == 0:
        why.step(
            "whi-term-illegal-target",
            "All targets have become illegal: the card effect is cancelled (the card still goes "
            "to the discard pile).",
        )
        return why.done({"played": True, "cancelled": True, "affected": 0})
    why.step(
        "whi-term-illegal-target",
        f"{legal} of {len(target_states)} target(s) are still legal: the effect resolves "
        "normally, affecting only the legal targets.",
    )
    return why.done({"played": True, "cancelled": False, "affected": legal})


def can_affect_king_kazador(
    effect_says_target: bool,
    played_by_opponent: bool,
    additional_resources: int,
) -> Outcome:
    """Decides whether a card effect can affect King Kazador, which taxes opponents' targeting.

    Implements whi-term-target: an effect targets only if its text says "target"; King
    Kazador's restriction ("Opponents cannot target this unit with card effects unless they pay
    an additional 3 resources per effect") therefore does not interact with non-targeting
    effects such as Troll Vomit. Paying at least 3 additional resources lifts it.
    """
    why = Reasoning()
    t = "whi-term-target"
    if not effect_says_target:
        why.step(
            t,
            "The effect does not say “target”, so it does not target King Kazador; his "
            "restriction does not interact with it and the effect affects him.",
        )
        return why.done({"targets": False, "can_affect": True})
    why.step(t, "The effect says “target”: it targets King Kazador.")
    if not played_by_opponent:
        why.step(t, "King Kazador's restriction applies only to opponents: no extra cost.")
        return why.done({"targets": True, "can_affect": True})
    ok = additional_resources >= 3
    why.step(
        t,
        f"An opponent targets him and pays {additional_resources} additional resources: "
        + (
            "at least the 3 required, so he can be targeted."
            if ok
            else "fewer than the 3 required, so he cannot be targeted."
        ),
    )
    return why.done({"targets": True, "can_affect": ok})


def can_hero_enter_zone(heroes_in_zone: int, method: str, by: str) -> Outcome:
    """Decides whether another Hero can enter a player's zone: limit one Hero per zone.

    Implements whi-term-limit-one-hero-per-zone (neither the player nor his opponent can play,
    take or give control of, move or put into play another Hero into a zone that has one) and
    whi-term-put-into-play (a put-into-play effect does not bypass it: the effect is cancelled,
    as with Rip Dere 'Eads Off).
    """
    why = Reasoning()
    lim = "whi-term-limit-one-hero-per-zone"
    verb = {
        "play": "play",
        "take or give control": "take control of"
        if by == "the zone's player"
        else "give control of",
        "move": "move",
        "put into play by a card effect": "put into play (via a card effect)",
    }[method]
    if heroes_in_zone == 0:
        why.step(lim, f"The zone has no Hero: {by} may {verb} a Hero into it.")
        return why.done({"allowed": True, "effect_cancelled": False})
    why.step(
        lim,
        f"The zone already has a Hero: {by} cannot {verb} another Hero into that zone.",
    )
    cancelled = method == "put into play by a card effect"
    if cancelled:
        why.step(
            "whi-term-put-into-play",
            "Putting into play does not bypass the “Limit one Hero per zone” restriction: the "
            "effect is cancelled.",
        )
    return why.done({"allowed": False, "effect_cancelled": cancelled})


def units_dealing_combat_damage(contributed: tuple[int, ...], damage_applied: int) -> Outcome:
    """Says which attacking units count as having dealt damage in combat.

    Implements whi-term-dealing-damage-in-combat: a unit that added at least 1 damage to the
    pool counts once at least 1 damage of the pool is applied to an opponent's unit or capital;
    then every contributing unit counts (Savage Gor and Bloodsworn both trigger Sadistic
    Mutation). `damage_applied` is the total applied in the Apply Damage step.
    """
    why = Reasoning()
    if not contributed:
        raise ParamError("contributed", "list at least one attacking unit")
    if damage_applied > sum(contributed):
        raise ParamError(
            "damage_applied",
            f"no more damage can be applied than the pool holds ({sum(contributed)})",
        )
    d = "whi-term-dealing-damage-in-combat"
    why.step(d, f"The units add {list(contributed)} to the combat damage pool.")
    if damage_applied == 0:
        why.step(
            d,
            "No damage from the pool is applied to an opponent's unit or capital: no unit has "
            "dealt damage in combat.",
        )
        return why.done({"dealt_damage": [False] * len(contributed)})
    why.step(
        d,
        f"{damage_applied} damage is applied to an opponent's unit or capital: every unit that "
        "contributed at least 1 damage has dealt damage in combat.",
    )
    for i, c in enumerate(contributed):
        if c == 0:
            why.step(d, f"Unit {i + 1} contributed no damage to the pool: it has not dealt damage.")
    return why.done({"dealt_damage": [c >= 1 for c in contributed]})


def max_response_triggers(copies_in_play: int, window: str) -> Outcome:
    """Counts how often a response action such as Rat Ogres' may trigger in one window.

    Implements whi-action: a response action triggers only at its stated trigger, once per copy
    in play and once per stated trigger.
    """
    why = Reasoning()
    if window != "the beginning of your turn":
        why.step(
            "whi-action",
            f"The stated trigger is “at the beginning of your turn”, not {window}: it cannot be "
            "triggered.",
        )
        return why.done({"max_triggers": 0})
    why.step(
        "whi-action",
        f"At the stated trigger each of the {copies_in_play} copies in play can trigger once: "
        f"{copies_in_play} time(s) in this window.",
    )
    return why.done({"max_triggers": copies_in_play})


def can_play_from_hand(
    card_type: str,
    phase: str,
    own_turn: bool,
    in_response: bool,
    can_pay_costs: bool,
) -> Outcome:
    """Decides whether a unit, support, development or quest card may be played from hand now.

    Implements whi-action (not in response to anything; only during the owner's Capital Phase)
    and whi-term-play (playing means paying all costs and following all restrictions).
    """
    why = Reasoning()
    ok = True
    if in_response:
        ok = False
        why.step("whi-action", f"A {card_type} card cannot be played in response to anything.")
    if phase != "Capital phase" or not own_turn:
        ok = False
        why.step(
            "whi-action",
            f"A {card_type} card must be played during its owner's Capital Phase; this is the "
            + ("owner's" if own_turn else "opponent's")
            + f" {phase}.",
        )
    if not can_pay_costs:
        ok = False
        why.step("whi-term-play", "Playing means paying all costs: the costs cannot be paid.")
    if ok:
        why.step(
            "whi-term-play",
            f"The {card_type} card is played from hand in its owner's Capital Phase, paying all "
            "costs: allowed.",
        )
    return why.done({"can_play": ok})


def turn_sequence(active_player: str, errata: bool = True) -> Outcome:
    """Lists the steps of a turn and the next active player, with or without the p. 14 erratum.

    Implements whi-errata-p14-turn-sequence: step 0 "Beginning of the Turn" (either player may
    take actions) exists only with `errata=True`; at step 5 the other player becomes the active
    player. The erratum quotes only steps 0 and 5; steps 1-4 are the Kingdom, Quest, Capital and
    Battlefield phases of the rulebook.
    """
    why = Reasoning()
    p14 = "whi-errata-p14-turn-sequence"
    steps = ["1. Kingdom", "2. Quest", "3. Capital", "4. Battlefield", "5. End of Turn"]
    if errata:
        steps = ["0. Beginning of the Turn", *steps]
        why.step(
            p14,
            "Step 0, Beginning of the Turn, comes before the Kingdom phase: either player may "
            "take actions.",
        )
    else:
        why.step(p14, "Without the erratum the turn starts with the Kingdom phase: no step 0.")
    other = "your opponent" if active_player == "you" else "you"
    why.step(
        p14,
        f"At End of Turn the other player, {other}, becomes the active player; proceed to the "
        "beginning of the next turn.",
    )
    return why.done({"steps": steps, "next_active_player": other})


def move_unit(
    role: str,
    from_zone: str,
    to_zone: str,
    may_act_from_any_zone: bool,
    resource_tokens: int,
    assigned_damage: int,
) -> Outcome:
    """Moves an attacking, defending or questing unit to another zone and says what it keeps.

    Implements whi-term-moving-units: an attacker moved out of the battlefield stops attacking, a
    defender moved out of the zone it defends stops defending (unless an effect lets it
    attack/defend from its new location, like Greyseer Thanquol); a questing unit moved out of
    the quest zone stops questing and the quest's resource tokens are discarded; the moved unit
    has entered the new zone but not entered play; damage assigned to it is still applied.
    Reading: the Thanquol-style exception is offered only for attacking and defending.
    """
    why = Reasoning()
    mu = "whi-term-moving-units"
    if from_zone == to_zone:
        raise ParamError("to_zone", "a move goes to another zone")
    if role == "attacking" and from_zone != "Battlefield" and not may_act_from_any_zone:
        raise ParamError("from_zone", "a unit attacks from the Battlefield unless an effect allows")
    if role == "questing" and from_zone != "Quest":
        raise ParamError("from_zone", "a questing unit is in the Quest zone")
    if role != "questing" and resource_tokens:
        raise ParamError("resource_tokens", "resource tokens are on a quest: questing units only")
    if role == "questing":
        keeps = False
        why.step(
            mu,
            f"Moved out of the quest zone, the unit is no longer questing; the {resource_tokens} "
            "resource token(s) on the quest are discarded.",
        )
        discarded = resource_tokens
    else:
        discarded = 0
        where = "the battlefield" if role == "attacking" else "the zone it is defending"
        action = "attack" if role == "attacking" else "defend"
        if may_act_from_any_zone:
            keeps = True
            why.step(
                mu,
                f"Moved out of {where}, but an effect lets it {action} from its new location "
                f"(like Greyseer Thanquol): it is still {role}.",
            )
        else:
            keeps = False
            why.step(mu, f"Moved out of {where}, the unit is no longer {role}.")
    why.step(
        mu,
        f"It has entered the {to_zone} zone but has not entered play"
        + (
            f"; the {assigned_damage} damage assigned to it is still applied."
            if assigned_damage
            else "."
        ),
    )
    return why.done(
        {
            "keeps_role": keeps,
            "entered_play": False,
            "tokens_discarded": discarded,
            "damage_applied": assigned_damage,
        }
    )


def change_zone(how: str, from_zone: str, to_zone: str, controller_is_owner: bool) -> Outcome:
    """Moves a card between zones and says whether it may, and whether it enters or leaves play.

    Implements whi-term-in-play (card effects move cards only between in-play zones unless they
    say otherwise, like destroy or sacrifice), whi-term-enters-play (played or put into play,
    from hand, deck or discard pile), whi-term-play (from the hand), whi-term-leaves-play,
    whi-term-out-of-play (to the owner's out-of-play zone, as a new card), whi-term-destroy and
    whi-term-sacrifice (into the owner's discard pile), whi-term-moving-units (a move is not
    entering play).
    """
    why = Reasoning()
    if from_zone == to_zone:
        raise ParamError("to_zone", "the card must change zone")
    in_play = ("Kingdom", "Quest", "Battlefield")
    src_in, dst_in = from_zone in in_play, to_zone in in_play

    def refuse(cites: str, text: str) -> Outcome:
        why.step(cites, text)
        return why.done(
            {
                "allowed": False,
                "enters_play": False,
                "leaves_play": False,
                "new_card": False,
                "goes_to": from_zone,
            }
        )

    if how == "play":
        if from_zone != "hand":
            return refuse("whi-term-play", "“Play” means to play from the hand.")
        if not dst_in:
            return refuse("whi-term-enters-play", "A played card enters play: in-play zone only.")
    elif how == "put into play":
        if src_in:
            return refuse("whi-term-enters-play", "Only a card out of play can be put into play.")
        if not dst_in:
            return refuse("whi-term-put-into-play", "A card is put into an in-play zone.")
    elif how == "move":
        if not (src_in and dst_in):
            return refuse(
                "whi-term-in-play",
                "A card effect that moves a card (like Pistoliers) can only move it from one in "
                f"play zone to another, not from {from_zone} to {to_zone}.",
            )
    elif how in ("destroy", "sacrifice"):
        cites = "whi-term-destroy" if how == "destroy" else "whi-term-sacrifice"
        if not src_in:
            done = "destroyed" if how == "destroy" else "sacrificed"
            return refuse(cites, f"Only a card in play can be {done}.")
        if to_zone != "discard pile":
            return refuse(cites, f"To {how} puts the card into its owner's discard pile.")
    elif not (src_in and to_zone in ("hand", "deck")):
        return refuse(
            "whi-term-in-play",
            "A return effect puts a card in play back into a hand or deck.",
        )
    enters = how in ("play", "put into play")
    leaves = src_in and not dst_in
    goes_to = to_zone
    if how == "play":
        why.step("whi-term-play", "The card is played from the hand, paying all costs.")
    elif how == "destroy":
        why.step("whi-term-destroy", "Destroy puts a card in play into its owner's discard pile.")
    elif how == "sacrifice":
        why.step(
            "whi-term-sacrifice",
            "Sacrifice puts a card you control into its owner's discard pile; it cannot be "
            "cancelled or prevented.",
        )
    if enters:
        why.step(
            "whi-term-enters-play",
            f"A card {'played' if how == 'play' else 'put into play'} from the {from_zone} has "
            f"entered play ({to_zone}).",
        )
    elif how == "move":
        why.step(
            "whi-term-in-play",
            f"The effect moves the card from {from_zone} to {to_zone}, both in-play zones.",
        )
        why.step("whi-term-moving-units", "A card moved between zones has not entered play.")
    if leaves:
        why.step(
            "whi-term-leaves-play",
            f"From {from_zone} (in play) to the {to_zone} (out of play): the card leaves play.",
        )
        goes_to = f"owner's {to_zone}"
        why.step(
            "whi-term-out-of-play",
            f"It goes to its owner's {to_zone}"
            + (", not its controller's" if not controller_is_owner else "")
            + ", and is treated as a new card: effects connected to it no longer affect it.",
        )
    return why.done(
        {
            "allowed": True,
            "enters_play": enters,
            "leaves_play": leaves,
            "new_card": leaves,
            "goes_to": goes_to,
        }
    )


def remove_unit(how: str, cancel_effect: bool, trigger: str) -> Outcome:
    """Destroys or sacrifices a unit and says whether it is prevented and which trigger fires.

    Implements whi-term-sacrifice (cannot be cancelled or prevented), whi-term-destroy
    (sacrificing is not destroying and vice versa) and whi-term-leaves-play. Reading: a destroy,
    unlike a sacrifice, is stopped by an effect that cancels or prevents it (`cancel_effect`).
    """
    why = Reasoning()
    if how == "sacrifice":
        why.step(
            "whi-term-sacrifice",
            "The unit is put into its owner's discard pile"
            + (
                ": a sacrifice cannot be cancelled or prevented by other effects."
                if cancel_effect
                else "."
            ),
        )
        gone = True
    elif cancel_effect:
        why.step(
            "whi-term-sacrifice",
            "Only a sacrifice is beyond cancelling: the effect cancels the destroy and the unit "
            "stays in play.",
        )
        gone = False
    else:
        why.step("whi-term-destroy", "The unit in play is put into its owner's discard pile.")
        gone = True
    fires = False
    if gone:
        if trigger == "when it leaves play":
            fires = True
            why.step("whi-term-leaves-play", "It went from play to the discard pile: it left play.")
        elif (trigger == "when destroyed") == (how == "destroy"):
            fires = True
            done = "destroyed" if how == "destroy" else "sacrificed"
            why.step(
                "whi-term-destroy" if how == "destroy" else "whi-term-sacrifice",
                f"The unit was {done}: the “{trigger}” trigger fires.",
            )
        else:
            why.step(
                "whi-term-destroy",
                "Sacrificing a unit is not destroying it, and vice versa: the "
                f"“{trigger}” trigger does not fire.",
            )
    else:
        why.step(
            "whi-term-destroy", f"The unit is still in play: the “{trigger}” trigger does not fire."
        )
    return why.done({"in_discard_pile": gone, "trigger_fires": fires})


def move_damage(
    amount: int,
    damage_on_source: int,
    destination_hit_points: int,
    destination_toughness: int,
) -> Outcome:
    """Moves damage tokens from one unit to another: not dealing damage, and past Toughness.

    Implements whi-term-moving-damage. `destination_hit_points` are its remaining hit points;
    the unit is destroyed once its damage reaches them (whi-errata-p12-assign-damage).
    """
    why = Reasoning()
    if amount > damage_on_source:
        raise ParamError("amount", f"only {damage_on_source} damage is there to move")
    md = "whi-term-moving-damage"
    why.step(
        md,
        f"Moving {amount} damage is not dealing or assigning damage: “deals damage” effects do "
        "not trigger.",
    )
    if destination_toughness:
        why.step(
            md,
            f"Moved damage bypasses damage cancellation: Toughness {destination_toughness} "
            "cancels none of it.",
        )
    destroyed = amount >= destination_hit_points
    why.step(
        "whi-errata-p12-assign-damage",
        f"{amount} damage on a unit with {destination_hit_points} hit points left: "
        + ("enough to destroy it." if destroyed else "not enough to destroy it."),
    )
    return why.done(
        {"moved": amount, "cancelled": 0, "counts_as_dealt": False, "destroyed": destroyed}
    )
