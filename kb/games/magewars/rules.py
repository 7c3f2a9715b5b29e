"""Mage Wars rule checks: pure functions citing the FAQ entries they implement.

Every check takes small immutable values and returns an `Outcome` whose steps cite the
entry (magewars-…) whose ruling they apply. Where an entry is ambiguous, the docstring
says which reading the check implements.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning

# ---------------------------------------------------------------------------------------
# Actions 行动 / quickcast action 快速施法行动
# ---------------------------------------------------------------------------------------


def action_marker_use(
    zones_moved: int, quick_actions: int, full_actions: int, quickcast_spells: int
) -> Outcome:
    """Decides whether one action marker (plus a mage's quickcast action) allows this plan.

    Implements magewars-rule-actions (stay and take a full or a quick action, or move up
    to one zone and take a quick action; the second zone is the quick action; never two
    quick actions) and magewars-rule-quickcast-action (the quickcast action adds one quick
    spell to the mage's normal action). Reading: the quick action after a move is
    optional; `quick_actions` counts quick actions other than a second move.
    """
    why = Reasoning()
    a = "magewars-rule-actions"
    legal = True
    quick_used = quick_actions + (1 if zones_moved == 2 else 0)
    if full_actions > 1:
        why.step(a, f"{full_actions} full actions: one action marker gives at most one.")
        legal = False
    elif full_actions == 1 and (zones_moved or quick_actions):
        why.step(
            a,
            "A full action is taken only by staying in place, and instead of a quick action: "
            f"moving {zones_moved} zone(s) with {quick_actions} quick action(s) besides is not "
            "allowed.",
        )
        legal = False
    elif full_actions == 1:
        why.step(a, "Staying in place and taking one full action: allowed.")
    if full_actions == 0 and zones_moved > 2:
        why.step(
            a,
            f"Moving {zones_moved} zones: one zone, plus a second zone as the quick "
            "action, is the most an action marker allows.",
        )
        legal = False
    elif full_actions == 0:
        if zones_moved == 2:
            why.step(a, "The move into the second zone is taken as the quick action.")
        elif zones_moved == 1:
            why.step(a, "Moving one zone leaves the quick action.")
        else:
            why.step(a, "Staying in place: a full action or a quick action may be taken.")
        if quick_used > 1:
            why.step(
                a,
                f"That makes {quick_used} quick actions: an action marker never gives two "
                "quick actions.",
            )
            legal = False
        else:
            why.step(a, f"{quick_used} quick action(s) on the action marker: allowed.")
    q = "magewars-rule-quickcast-action"
    if quickcast_spells == 1:
        why.step(
            q,
            "The quickcast action adds one quick spell (for example a teleport) to "
            "the mage's normal action, before or after it.",
        )
    elif quickcast_spells > 1:
        why.step(
            q,
            f"{quickcast_spells} quickcast spells: the mage has only one quickcast "
            "action, a supplement to his one normal action.",
        )
        legal = False
    return why.done({"legal": legal, "quick_actions_used": quick_used})


# ---------------------------------------------------------------------------------------
# Attack bonus 攻击奖励
# ---------------------------------------------------------------------------------------


def attack_bonus_dice(
    attacks: int,
    melee_x: int,
    rage_x: int,
    rage_tokens: int,
    tokens_gained: tuple[int, ...],
) -> Outcome:
    """Counts the Melee +X bonus dice on each attack of one attack action.

    Implements magewars-rule-attack-bonus: the bonus applies to the first attack only; a
    bonus gained during the action carries over, so a later attack gets only the increase
    over what was already applied. Rage tokens give Melee +1 each; reading: up to Rage +X
    (the entry's example stops at X). `tokens_gained[i]` is the tokens gained after attack
    i + 1 (e.g. from a counterstrike that damaged the attacker).
    """
    if len(tokens_gained) > attacks - 1:
        raise ParamError(
            "tokens_gained",
            "`tokens_gained` lists tokens gained between attacks: at most "
            f"{attacks - 1} for {attacks} attack(s)",
        )
    why = Reasoning()
    b = "magewars-rule-attack-bonus"
    bonus_dice: list[int] = []
    melee: list[int] = []
    applied = 0
    tokens = rage_tokens
    for i in range(attacks):
        if i > 0 and i - 1 < len(tokens_gained) and tokens_gained[i - 1]:
            tokens += tokens_gained[i - 1]
            why.step(
                b,
                f"After attack {i} the creature gains {tokens_gained[i - 1]} rage "
                f"token(s): {tokens} in all.",
            )
        rage = min(tokens, rage_x)
        value = melee_x + rage
        melee.append(value)
        if i == 0:
            bonus = value
            why.step(
                b,
                f"Attack 1: Melee +{melee_x} and {tokens} rage token(s) (Rage "
                f"+{rage_x}) make Melee +{value}: +{bonus} attack dice on the first "
                "attack.",
            )
        else:
            bonus = max(0, value - applied)
            why.step(
                b,
                f"Attack {i + 1}: now Melee +{value}; +{applied} was already applied "
                f"on an earlier attack, so only the increase counts: +{bonus} "
                f"{'die' if bonus == 1 else 'dice'}.",
            )
        applied = max(applied, value)
        bonus_dice.append(bonus)
    return why.done({"bonus_dice": bonus_dice, "melee": melee})


# ---------------------------------------------------------------------------------------
# Chain Lightning 连锁闪电
# ---------------------------------------------------------------------------------------


def chain_lightning_dice(
    base_dice: int, caster_ranged: int, target_lightning: tuple[int, ...]
) -> Outcome:
    """Counts Chain Lightning's attack dice against each target of the chain.

    Implements magewars-card-chain-lightning: each jump rolls one die fewer than the one
    before (5, 4, 3 …); dice modifiers such as Ranged +X apply only to the first attack;
    each target's own Lightning +X applies to its own attack; never fewer than 1 die.
    Reading: the 1-die floor applies to the total after the target's bonus.
    """
    why = Reasoning()
    c = "magewars-card-chain-lightning"
    dice: list[int] = []
    for k, lightning in enumerate(target_lightning):
        ranged = caster_ranged if k == 0 else 0
        raw = base_dice - k + ranged + lightning
        total = max(1, raw)
        parts = f"{base_dice}" + (f"-{k}" if k else "")
        if ranged:
            parts += f"+{ranged} (Ranged)"
        if lightning:
            parts += f"{lightning:+d} (Lightning)"
        if k == 0:
            why.step(
                c,
                f"Target 1: {parts} = {raw} dice; the caster's Ranged +{caster_ranged} "
                "counts on the first attack only.",
            )
        else:
            why.step(
                c,
                f"Target {k + 1}: {parts} = {raw} dice; modifiers of the first attack "
                "do not carry on, the target's own Lightning bonus does.",
            )
        if raw < 1:
            why.step(c, f"An attack cannot be reduced below 1 die: {raw} becomes 1.")
        dice.append(total)
    return why.done({"dice": dice})


# ---------------------------------------------------------------------------------------
# Conflicting effects 效果冲突 (timestamps); guard, restrained, incapacitated and Flying
# ---------------------------------------------------------------------------------------

LIFE_EFFECTS = {"bull_endurance": 4, "pet": 3}
FINITE_LIFE = ("deathlock", "poisoned_blood")
EFFECT_NAMES = {
    "bull_endurance": "Bull Endurance",
    "pet": "Becoming a Pet",
    "deathlock": "Deathlock",
    "poisoned_blood": "Poisoned Blood",
    "regrowth": "Regrowth",
}


def creature_life(printed_life: int, effects: tuple[str, ...]) -> Outcome:
    """Applies life effects to a creature in timestamp order (oldest first).

    Implements magewars-rule-conflicting-effects: Bull Endurance (+4) and becoming a Pet
    (+3) add life; Deathlock or Poisoned Blood give Finite Life, which stops later life
    gains but does not remove life gained before it.
    """
    why = Reasoning()
    e = "magewars-rule-conflicting-effects"
    life = printed_life
    finite = False
    why.step(e, f"Printed life {printed_life}; effects apply in timestamp order.")
    for effect in effects:
        if effect in FINITE_LIFE:
            finite = True
            why.step(
                e,
                f"{EFFECT_NAMES[effect]} gives Finite Life: no life can be gained from now on; "
                f"life already gained stays ({life}).",
            )
        elif effect in LIFE_EFFECTS:
            gain = LIFE_EFFECTS[effect]
            if finite:
                why.step(
                    e,
                    f"{EFFECT_NAMES[effect]} tries to give +{gain} life, but Finite Life already "
                    f"applies: life stays {life}.",
                )
            else:
                life += gain
                why.step(e, f"{EFFECT_NAMES[effect]} gives +{gain} life: {life}.")
    return why.done({"life": life})


def has_flying(printed_flying: bool, effects: tuple[str, ...]) -> Outcome:
    """Decides whether a creature has Flying after its effects, in timestamp order.

    Implements magewars-rule-conflicting-effects (Eagle Wings gives and Maim Wings removes
    Flying; the later timestamp wins), magewars-rule-guard, magewars-condition-restrained
    and magewars-condition-incapacitated (loses and cannot gain Flying, whatever the
    order), magewars-card-knockdown (incapacitation makes a creature lose Flying).
    """
    why = Reasoning()
    e = "magewars-rule-conflicting-effects"
    blockers = {
        "guard": ("magewars-rule-guard", "a guard marker"),
        "restrained": ("magewars-condition-restrained", "Restrained"),
        "incapacitated": ("magewars-condition-incapacitated", "Incapacitated"),
    }
    flying = printed_flying
    why.step(e, "It flies by itself." if printed_flying else "It cannot fly by itself.")
    for effect in effects:
        if effect == "eagle_wings":
            flying = True
            why.step(e, "Eagle Wings (next timestamp) gives it Flying.")
        elif effect == "maim_wings":
            why.step(
                e,
                "Maim Wings (next timestamp) removes Flying"
                + (" (it had none)." if not flying else "."),
            )
            flying = False
    for effect in effects:
        if effect in blockers:
            cites, name = blockers[effect]
            why.step(
                cites, f"With {name} it loses Flying and cannot gain it, whatever the timestamps."
            )
            if effect == "incapacitated":
                why.step(
                    "magewars-card-knockdown",
                    "Incapacitation (e.g. Knockdown) makes it "
                    "lose Flying until the marker is removed.",
                )
            flying = False
    return why.done(flying)


def can_regenerate(effects: tuple[str, ...]) -> Outcome:
    """Decides whether Regrowth's Regenerate works in the coming Upkeep Phase.

    Implements magewars-rule-conflicting-effects: Regenerate triggers anew each Upkeep
    Phase, so Finite Life (Poisoned Blood, Deathlock) stops it whatever the timestamps.
    """
    why = Reasoning()
    e = "magewars-rule-conflicting-effects"
    if "regrowth" not in effects:
        why.step(e, "Without Regrowth the creature has no Regenerate to trigger.")
        return why.done(False)
    finite = [x for x in effects if x in FINITE_LIFE]
    if finite:
        why.step(
            e,
            f"Regenerate triggers again each Upkeep Phase and then meets Finite Life "
            f"({EFFECT_NAMES[finite[0]]}), whichever was attached first: it does not work.",
        )
        return why.done(False)
    why.step(e, "Regenerate triggers in the Upkeep Phase and nothing stops it.")
    return why.done(True)


# ---------------------------------------------------------------------------------------
# Extend 延伸
# ---------------------------------------------------------------------------------------


def extend_wall_cost(
    wall_cost: int, spell_level: int, use_extend: bool, countered: bool
) -> Outcome:
    """Counts the mana and walls of a wall spell cast with or without Extend.

    Implements magewars-trait-extend: the extended wall costs the wall's cost plus its
    level; Extend triggers once per casting (at most two walls) and is not a second
    spell; a countered spell (e.g. by Jinx) returns all the mana and places no wall.
    """
    why = Reasoning()
    x = "magewars-trait-extend"
    paid = wall_cost
    walls = 1
    why.step(x, f"The wall costs {wall_cost} mana.")
    if use_extend:
        second = wall_cost + spell_level
        paid += second
        walls = 2
        why.step(
            x,
            f"Extend: the second wall costs {wall_cost} + level {spell_level} = "
            f"{second}; {wall_cost} + {second} = {paid} mana in all. It is not a "
            "second spell (Magebane and the like trigger once), and Extend triggers "
            "once: at most two walls.",
        )
    if countered:
        why.step(
            x,
            f"The spell is countered (e.g. by Jinx): all {paid} mana comes back and "
            "no wall is placed.",
        )
        return why.done({"walls_placed": 0, "mana_paid": paid, "mana_returned": paid})
    return why.done({"walls_placed": walls, "mana_paid": paid, "mana_returned": 0})


# ---------------------------------------------------------------------------------------
# Push 推斥 / Force Push 原力推斥
# ---------------------------------------------------------------------------------------


def push_directions(target_east: int, target_north: int) -> Outcome:
    """Lists the directions a push may move its target, from where it is to the source.

    Implements magewars-trait-push: one zone away from the source; a diagonal source gives
    the two closest orthogonal directions; the same zone gives any of the four.
    `target_east`/`target_north` are the target's zone offset from the source (-1 to 1).
    """
    why = Reasoning()
    p = "magewars-trait-push"
    if target_east == 0 and target_north == 0:
        why.step(
            p,
            "Target and source share a zone: the controller of the push source may "
            "choose any of the four directions.",
        )
        return why.done(["north", "east", "south", "west"])
    dirs = []
    if target_east:
        dirs.append("east" if target_east > 0 else "west")
    if target_north:
        dirs.append("north" if target_north > 0 else "south")
    if len(dirs) == 2:
        why.step(
            p,
            f"The source is diagonal: the controller chooses {dirs[0]} or {dirs[1]}, "
            "the two closest orthogonal directions away from it.",
        )
    else:
        why.step(p, f"The push moves the target one zone away from the source: {dirs[0]}.")
    return why.done(dirs)


def force_push(
    wall: str, extra_mana_paid: bool, target_flying: bool, target_can_move: bool
) -> Outcome:
    """Resolves Force Push against a wall in the push's path.

    Implements magewars-card-force-push (the extra mana pushes through a wall with passage
    damage; unpaid, no push and no bash; an unmovable target loses the extra mana; a flyer
    ignores walls except the outer arena wall) and magewars-rule-walls (the outer wall is
    tall: a pushed flyer collides with it as a non-flyer collides with a wall). `wall` is
    "none", "passage_damage" (a wall with passage damage), "wall" (one without it) or
    "outer".
    """
    why = Reasoning()
    f = "magewars-card-force-push"
    out = {"pushed": False, "bashed": False, "passage_attack": False, "extra_mana_lost": 0}
    if not target_can_move:
        lost = 3 if extra_mana_paid else 0
        why.step(
            f,
            "The creature cannot be pushed (e.g. Force Grip): it stays, and "
            + ("the 3 extra mana paid is lost." if lost else "no extra mana was paid."),
        )
        out["extra_mana_lost"] = lost
        return why.done(out)
    if wall == "outer":
        why.step(
            "magewars-rule-walls",
            "The outer arena wall is a tall wall that even flyers "
            "cannot pass: the creature is not pushed and collides "
            "with it (bash).",
        )
        out["bashed"] = True
        return why.done(out)
    if wall == "none":
        why.step(f, "Nothing blocks the path: the creature is pushed one zone.")
        out["pushed"] = True
        return why.done(out)
    if target_flying:
        why.step(
            f,
            "A flying creature ignores walls when pushed: it is pushed, and walls "
            "neither attack nor bash it.",
        )
        out["pushed"] = True
        return why.done(out)
    if wall == "wall":
        why.step(
            "magewars-rule-walls",
            "A non-flying creature pushed into a wall collides with it (bash) and stays.",
        )
        out["bashed"] = True
        return why.done(out)
    if extra_mana_paid:
        why.step(
            f,
            "The extra mana was paid: the creature is forced through the wall with "
            "passage damage, which attacks it as it passes.",
        )
        out["pushed"] = True
        out["passage_attack"] = True
    else:
        why.step(
            f,
            "The extra mana was not paid: the creature is not pushed through the wall "
            "with passage damage, and that wall does not bash it either.",
        )
    return why.done(out)


# ---------------------------------------------------------------------------------------
# Forced action effects 强制行动效果: Bloodthirsty 嗜血 and Taunt 嘲讽
# ---------------------------------------------------------------------------------------


def bloodthirsty_targets(
    enemies: tuple[str, ...], attack: str, attack_mana_cost: int, mana_pool: int
) -> Outcome:
    """Works out what a bloodthirsty creature must attack in its zone.

    Implements magewars-rule-forced-action-effects: it must attack a damaged enemy if it
    legally can (a guard makes the others illegal), paying any cost of the attack; a
    sweep's second attack must take another damaged enemy if there is one, else any; if
    it cannot, it is free. `enemies` are the enemy creatures in its zone: damaged,
    undamaged, guarding_damaged or guarding_undamaged.
    """
    why = Reasoning()
    r = "magewars-rule-forced-action-effects"
    guards = [x for x in enemies if x.startswith("guarding")]
    legal = guards if guards else list(enemies)
    if guards:
        why.step(
            r,
            f"{len(guards)} enemy guard(s) in the zone: only guards are legal targets; "
            "a forced action never allows an illegal target.",
        )
    damaged = [x for x in legal if x.endswith("damaged") and not x.endswith("undamaged")]
    free = {"forced": False, "must_target": [], "mana_paid": 0}
    if not damaged:
        why.step(
            r,
            "No damaged enemy is a legal target: the creature need not attack and may "
            "take any action.",
        )
        return why.done(free)
    if mana_pool < attack_mana_cost:
        why.step(
            r,
            f"Declaring the attack includes paying its cost ({attack_mana_cost} mana); "
            f"with {mana_pool} mana it cannot attack, so it may take another action.",
        )
        return why.done(free)
    must = ["damaged"]
    why.step(
        r,
        "A damaged enemy is a legal target: the first attack must target one"
        + (f", paying {attack_mana_cost} mana." if attack_mana_cost else "."),
    )
    if attack == "sweep":
        rest = list(legal)
        rest.remove(damaged[0])
        if len(damaged) > 1:
            must.append("damaged")
            why.step(
                r,
                "The sweep's second attack cannot repeat the first target, but "
                "another damaged enemy is legal: it must target that one.",
            )
        elif rest:
            must.append("any")
            why.step(
                r,
                "No other damaged enemy: the sweep's second attack may target any "
                "other legal enemy.",
            )
        else:
            why.step(r, "No other legal enemy for the sweep's second attack.")
    return why.done({"forced": True, "must_target": must, "mana_paid": attack_mana_cost})


def taunted_creature_options(
    zones_away: int,
    can_ranged_attack: bool,
    passage_wall_between: bool,
    slowed: bool,
    teleported_away_first: bool,
    other_forced_action: bool,
    taunts_itself: bool,
) -> Outcome:
    """Lists the actions a taunted creature must choose from when it activates.

    Implements magewars-rule-forced-action-effects (the Sosruko and Thorg examples) and
    magewars-trait-taunt (a creature cannot taunt itself). Reading: `zones_away` is the
    distance to the taunter when the creature chooses its action; a teleport by quickcast
    beforehand takes it out of the taunt.
    """
    why = Reasoning()
    r = "magewars-rule-forced-action-effects"
    if taunts_itself:
        why.step("magewars-trait-taunt", "A creature cannot taunt itself: the taunt is canceled.")
        return why.done({"forced": False, "options": []})
    if teleported_away_first:
        why.step(
            r,
            "Before choosing its action it teleported (quickcast) out of the "
            "taunter's zone: whether an action can be taken is judged only now, so the "
            "taunt does not affect it.",
        )
        return why.done({"forced": False, "options": []})
    options: list[str] = []
    if zones_away == 0:
        options.append("melee attack the taunter")
        why.step(
            r,
            "It is in the taunter's zone and can attack it: it must make a melee "
            "attack against the taunter and cannot leave the zone.",
        )
    else:
        if can_ranged_attack:
            options.append("ranged attack the taunter")
            why.step(r, "It can make a ranged attack against the taunter one zone away.")
        if passage_wall_between:
            why.step(
                r,
                "A taunt cannot force it through a wall with passage damage: moving "
                "into the taunter's zone is not required.",
            )
        elif slowed:
            options.append("move into the taunter's zone")
            why.step(
                r,
                "It can move into the taunter's zone, but with no further action "
                "(slowed) it need not attack there.",
            )
        else:
            options.append("move into the taunter's zone, then melee attack it")
            why.step(
                r,
                "It can move into the taunter's zone, and then must try to make a "
                "melee attack against it.",
            )
    if options and other_forced_action:
        options.append("obey the other forced action")
        why.step(
            r,
            "It is also under another forced action (e.g. Bloodthirsty): it may "
            "choose which one to obey.",
        )
    if not options:
        why.step(r, "None of the taunt's actions can be taken: it may choose any action.")
    elif len(options) == 1:
        why.step(r, "Only one of these actions can be taken: it must take it.")
    else:
        why.step(r, "It must take one of these actions, as its controller chooses.")
    return why.done({"forced": bool(options), "options": options})


# ---------------------------------------------------------------------------------------
# Dice-modifying traits 修正骰子的特性; Samandriel; Ranged +X; Mark of Death
# ---------------------------------------------------------------------------------------

DICE_TABLE = {
    "Aegis X": (True, False),
    "Bloodthirsty +X": (True, False),
    "Charge +X": (True, False),
    "Melee +X": (True, False),
    "Rage +X": (True, False),
    "Ranged +X": (True, False),
    "Damage type +X": (True, True),
    "Vs. type/trait creature +X": (True, True),
    "Tough -X": (False, True),
}


def dice_modified_by(trait: str) -> Outcome:
    """Looks up whether a trait modifies the attack dice and the effect die.

    Implements the table of magewars-trait-dice-modifiers.
    """
    why = Reasoning()
    attack, effect = DICE_TABLE[trait]
    why.step(
        "magewars-trait-dice-modifiers",
        f"{trait}: {'modifies' if attack else 'does not modify'} the attack dice, "
        f"{'modifies' if effect else 'does not modify'} the effect die.",
    )
    return why.done({"attack_dice": attack, "effect_die": effect})


def samandriel_bonus(
    target_is_mage: bool, target_schools: tuple[str, ...], target_nonliving: bool
) -> Outcome:
    """Counts Samandriel's bonus against Nonliving or Dark creatures.

    Implements magewars-trait-dice-modifiers (vs. Nonliving or Dark creatures +1: +1
    attack die and +1 to the effect die roll) and magewars-rule-question-creature-school
    (a non-mage creature has the schools on its card; a mage belongs to no school).
    """
    why = Reasoning()
    q = "magewars-rule-question-creature-school"
    dark = False
    if target_is_mage:
        why.step(
            q,
            "The target is a mage: mages belong to no school, whatever they trained "
            "in, so it is not a Dark creature.",
        )
    else:
        dark = "Dark" in target_schools
        why.step(
            q,
            "A non-mage creature has the schools on its card "
            f"({', '.join(target_schools) or 'none'}): "
            + ("it is a Dark creature." if dark else "it is not a Dark creature."),
        )
    if dark or target_nonliving:
        why.step(
            "magewars-trait-dice-modifiers",
            "Vs. Nonliving or Dark creatures +1 applies: +1 attack die and +1 to the "
            "effect die roll.",
        )
        return why.done({"attack_dice": 1, "effect_die": 1})
    why.step("magewars-trait-dice-modifiers", "The target is neither Nonliving nor Dark: no bonus.")
    return why.done({"attack_dice": 0, "effect_die": 0})


def ranged_attack_dice(
    has_ranged_attack: bool, attack_dice: int, ranged_x: int, range_max: int
) -> Outcome:
    """Applies Ranged +X to a creature's ranged attack.

    Implements magewars-trait-ranged: Ranged +X adds X dice to a ranged attack only; it
    neither lengthens the range nor gives a ranged attack to a creature without one.
    """
    why = Reasoning()
    r = "magewars-trait-ranged"
    if not has_ranged_attack:
        why.step(r, "The creature has no ranged attack: Ranged +X does not give it one.")
        return why.done({"can_make_ranged_attack": False, "dice": None, "range_max": None})
    why.step(
        r,
        f"Ranged +{ranged_x} adds dice only: {attack_dice} + {ranged_x} = "
        f"{attack_dice + ranged_x}; the range stays at {range_max}.",
    )
    return why.done(
        {"can_make_ranged_attack": True, "dice": attack_dice + ranged_x, "range_max": range_max}
    )


def mark_of_death_bonus(attacker: str) -> Outcome:
    """Counts Mark of Death's extra attack die for an attack on the marked object.

    Implements magewars-card-mark-of-death (works only against attacks by creatures, not
    by conjurations, Autonomous equipment or damage barriers) and
    magewars-rule-damage-barrier (a damage barrier gets no +1 die against it).
    """
    why = Reasoning()
    if attacker == "creature":
        why.step(
            "magewars-card-mark-of-death",
            "A creature attacks the marked object: Mark of Death gives +1 attack die.",
        )
        return why.done({"bonus_dice": 1})
    if attacker == "damage barrier":
        why.step(
            "magewars-rule-damage-barrier",
            "A damage barrier gets no +1 attack die from Mark of Death.",
        )
    why.step(
        "magewars-card-mark-of-death",
        f"The attack comes from a {attacker}, not a creature: Mark of Death has no effect.",
    )
    return why.done({"bonus_dice": 0})


# ---------------------------------------------------------------------------------------
# Mage death 法师死亡 / Vampiric 吸血 / Reverse Attack 攻击逆转
# ---------------------------------------------------------------------------------------


def game_outcome(mages_alive: int, mages_dying_this_phase: int) -> Outcome:
    """Decides whether the game is a draw when mages die during one phase.

    Implements magewars-rule-mage-death: the game goes on to the end of the phase; if all
    the remaining mages have died by then, the game is a draw.
    """
    if mages_dying_this_phase > mages_alive:
        raise ParamError(
            "mages_dying_this_phase", "`mages_dying_this_phase` cannot exceed `mages_alive`"
        )
    why = Reasoning()
    d = "magewars-rule-mage-death"
    left = mages_alive - mages_dying_this_phase
    if mages_dying_this_phase:
        why.step(
            d,
            f"{mages_dying_this_phase} mage(s) die: the game continues to the end of "
            "the phase, and a dead mage takes no further actions.",
        )
    if left == 0:
        why.step(d, "All the remaining mages died before the end of the phase: a draw.")
    else:
        why.step(d, f"{left} mage(s) still alive at the end of the phase: not a draw.")
    return why.done({"draw": left == 0, "mages_left": left})


def vampiric_healing(
    damage: int, target_life: int, target_damage_taken: int, attacker_is_target: bool
) -> Outcome:
    """Works out the healing of a vampiric attack.

    Implements magewars-trait-vampiric (damage beyond the target's remaining life, its life
    minus the damage on it, does not count for healing) and magewars-card-reverse-attack
    (half the damage heals: 6 damage heals 3; a mage that attacks himself and dies is dead
    before he heals). Reading: half of an odd amount is rounded up.
    """
    if target_damage_taken >= target_life:
        raise ParamError(
            "target_damage_taken",
            "`target_damage_taken` must be less than `target_life` (it is alive)",
        )
    why = Reasoning()
    remaining = target_life - target_damage_taken
    counted = min(damage, remaining)
    why.step(
        "magewars-trait-vampiric",
        f"Remaining life {target_life} - {target_damage_taken} = {remaining}; of "
        f"{damage} damage, {counted} counts for healing.",
    )
    destroyed = damage >= remaining
    healed = (counted + 1) // 2
    if attacker_is_target and destroyed:
        why.step(
            "magewars-card-reverse-attack",
            "The attacker is its own target and the damage kills it: it is dead before it heals.",
        )
        healed = 0
    else:
        why.step("magewars-card-reverse-attack", f"Vampiric heals half of it: {healed}.")
        if attacker_is_target:
            why.step(
                "magewars-card-reverse-attack",
                f"Attacking itself, it takes {damage} and heals {healed}: {damage - healed} "
                "more damage than before.",
            )
    return why.done(
        {"damage_for_healing": counted, "healed": healed, "target_destroyed": destroyed}
    )


def reverse_attack_strikes(
    attack: str, reverse_attack_revealed: bool, later_strikes_avoided: bool
) -> Outcome:
    """Traces a Warlock's melee attack on the Wizard, with or without Reverse Attack.

    Implements magewars-rule-attack-source (the source is the attacker unless an effect
    says otherwise) and magewars-card-reverse-attack (the reversed strike hits the
    Warlock, the Wizard is its source; later strikes of a double or triple strike keep the
    first target, the Wizard; his damage barrier works only if a strike hit him and was
    not avoided; he may still counterstrike).
    """
    why = Reasoning()
    r = "magewars-card-reverse-attack"
    strikes = {"single": 1, "double_strike": 2, "triple_strike": 3}[attack]
    if not reverse_attack_revealed:
        why.step(
            "magewars-rule-attack-source",
            "No effect says otherwise: the source of the attack is the attacker, the Warlock.",
        )
        targets = ["Wizard"] * strikes
        return why.done(
            {
                "source": "Warlock",
                "targets": targets,
                "wizard_damage_barrier": True,
                "wizard_may_counterstrike": True,
            }
        )
    why.step(
        r,
        "The Wizard reveals Reverse Attack: the Warlock attacks himself, and the "
        "Wizard is the source of that attack.",
    )
    targets = ["Warlock"] + ["Wizard"] * (strikes - 1)
    if strikes > 1:
        why.step(
            r,
            f"The other {strikes - 1} strike(s) must keep the first strike's target: "
            "the Wizard is the target again.",
        )
    barrier = strikes > 1 and not later_strikes_avoided
    why.step(
        r,
        "In the damage barrier and counterstrike steps the Wizard is the defender: "
        + (
            "a later strike hit him and was not avoided, so his damage barrier works"
            if barrier
            else "the attack on him was avoided, so no damage barrier"
        )
        + "; he may still counterstrike.",
    )
    return why.done(
        {
            "source": "Wizard",
            "targets": targets,
            "wizard_damage_barrier": barrier,
            "wizard_may_counterstrike": True,
        }
    )


# ---------------------------------------------------------------------------------------
# Pentagram 五星魔阵 / Reverse Magic 魔法逆转 / Mana Siphon 法力虹吸 / Mind Soothe 心灵安抚
# ---------------------------------------------------------------------------------------


def pentagram_mana(damaged_creatures: tuple[str, ...], in_rounds: tuple[int, ...]) -> Outcome:
    """Counts the mana Pentagram gains for damaging different creatures, round by round.

    Implements magewars-card-pentagram: "different creatures" counts within each round;
    the same creatures damaged in the next round give mana again. `in_rounds[i]` is the
    round in which `damaged_creatures[i]` was damaged.
    """
    if len(in_rounds) != len(damaged_creatures):
        raise ParamError("in_rounds", "`in_rounds` needs one round for each damaged creature")
    why = Reasoning()
    p = "magewars-card-pentagram"
    seen: dict[int, list[str]] = {}
    for creature, rnd in zip(damaged_creatures, in_rounds, strict=True):
        names = seen.setdefault(rnd, [])
        if creature in names:
            why.step(p, f"Round {rnd}: {creature} was already damaged this round: no mana.")
        else:
            names.append(creature)
            why.step(p, f"Round {rnd}: {creature} is a different creature this round: +1 mana.")
    per_round = {str(rnd): len(names) for rnd, names in sorted(seen.items())}
    total = sum(per_round.values())
    why.step(p, f"Total {total} mana.")
    return why.done({"mana_per_round": per_round, "total": total})


def reverse_magic_cost(
    original_cost: int, new_cost: int, mana_available: int, willing_to_pay: bool
) -> Outcome:
    """Works out what the player of Reverse Magic pays for the spell's new target.

    Implements magewars-card-reverse-magic: the cost is recalculated; the difference must
    be paid (or the spell canceled); a lower new cost refunds nothing. The reveal cost (5)
    is separate.
    """
    why = Reasoning()
    r = "magewars-card-reverse-magic"
    extra = max(0, new_cost - original_cost)
    why.step(
        r,
        f"Recalculated cost {new_cost} against the {original_cost} already paid: "
        f"{extra} more to pay"
        + (", and nothing is refunded." if new_cost < original_cost else "."),
    )
    if extra == 0:
        return why.done({"extra_cost": 0, "spell": "resolves"})
    if mana_available < extra:
        why.step(r, f"With {mana_available} mana he cannot pay {extra}: he must cancel the spell.")
        return why.done({"extra_cost": extra, "spell": "canceled"})
    if not willing_to_pay:
        why.step(r, "He does not want to pay the difference: he may cancel the spell.")
        return why.done({"extra_cost": extra, "spell": "canceled"})
    why.step(r, f"He pays {extra}: the spell resolves against the new target.")
    return why.done({"extra_cost": extra, "spell": "resolves"})


def mana_siphon_target(opponents_in_range: int) -> Outcome:
    """Decides whom Mana Siphon must target when it resolves.

    Implements magewars-card-mana-siphon: the target is chosen as it enters the arena and
    is not optional; if the caster is the only mage in range, he must target himself.
    """
    why = Reasoning()
    m = "magewars-card-mana-siphon"
    if opponents_in_range == 0:
        why.step(
            m,
            "When Mana Siphon resolves the caster is the only target in range; "
            "choosing a target is not optional: he must target himself.",
        )
        return why.done({"must_target_self": True, "legal_targets": 1})
    why.step(
        m,
        f"{opponents_in_range} opponent(s) and the caster are in range when it "
        f"resolves: the caster chooses one of {opponents_in_range + 1} targets.",
    )
    return why.done({"must_target_self": False, "legal_targets": opponents_in_range + 1})


def mind_soothe_attack(mana_available: int, revealed: str) -> Outcome:
    """Decides whether an attacker can declare an attack against Mind Soothe's 2 mana.

    Implements magewars-card-mind-soothe: the 2 mana is part of the attack's cost, paid
    when declaring; it cannot be revealed in response to a declared attack (the cost is
    already paid by then). `revealed`: before_attack or in_response.
    """
    why = Reasoning()
    m = "magewars-card-mind-soothe"
    if revealed == "in_response":
        why.step(
            m,
            "Revealed in response to the declaration: the earliest moment is the end "
            "of the Declare Attack step, when the cost is already paid; no 2 mana.",
        )
        return why.done({"can_declare": True, "mana_paid": 0})
    if mana_available < 2:
        why.step(
            m,
            f"The 2 mana is part of the attack's cost; with {mana_available} mana the "
            "attack cannot even be declared.",
        )
        return why.done({"can_declare": False, "mana_paid": 0})
    why.step(m, "The attacker pays the 2 mana as part of the attack's cost and declares it.")
    return why.done({"can_declare": True, "mana_paid": 2})


# ---------------------------------------------------------------------------------------
# Changing range or target 改变法术或攻击的范围或目标; targeting your zone / yourself
# ---------------------------------------------------------------------------------------


def cancellation(
    kind: str,
    attack_form: str,
    target: str,
    target_still_legal: bool,
    who_moved: str,
    moved_by: str,
    to_same_zone: bool,
) -> Outcome:
    """Decides whether a spell or attack is canceled after a move or a loss of legality.

    Implements magewars-rule-changing-range-or-target (canceled if the target is no longer
    legal, or the caster/source or the target moved before the Resolve Spell / Damage and
    Effects step, even within range or teleported into the same zone; the original target
    is then illegal for the rest of the action), magewars-rule-targeting-your-zone (moved
    into the same zone: not canceled) and magewars-rule-targeting-yourself (moved anywhere:
    not canceled). Only a teleport can end in the same zone (magewars-trait-push).
    """
    if kind == "spell" and attack_form != "single":
        raise ParamError("attack_form", "a spell has no strikes: `attack_form` must be single")
    if moved_by == "push" and to_same_zone and who_moved != "nobody":
        raise ParamError(
            "to_same_zone",
            "a push always moves one zone (magewars-trait-push); "
            "only a teleport ends in the same zone",
        )
    if target == "own_zone" and who_moved == "target":
        raise ParamError(
            "who_moved",
            "the target is a zone, which does not move; the caster or source is the one that moves",
        )
    why = Reasoning()
    c = "magewars-rule-changing-range-or-target"
    step = "Resolve Spell" if kind == "spell" else "Damage and Effects"
    mover = "caster" if kind == "spell" else "source of the attack"
    canceled = False
    if not target_still_legal:
        why.step(c, f"Before the {step} step the target is no longer legal: canceled.")
        canceled = True
    elif who_moved == "nobody":
        why.step(c, "Nobody moved and the target is still legal: it goes on.")
    else:
        place = "into the same zone" if to_same_zone else "to a different zone"
        who = "target" if who_moved == "target" else mover
        if target == "self":
            why.step(
                "magewars-rule-targeting-yourself",
                f"The {kind} targets its own {mover} (or something attached to it), "
                f"moved ({moved_by}) {place}: not canceled.",
            )
        elif target == "own_zone" and to_same_zone:
            why.step(
                "magewars-rule-targeting-your-zone",
                f"The {kind} targets the zone of its {mover}, who was moved ({moved_by}) "
                "into the same zone: not canceled.",
            )
        else:
            why.step(
                c,
                f"The {who} moved ({moved_by}) {place} before the {step} step, even if "
                "still within range: canceled.",
            )
            canceled = True
    if canceled:
        why.step(
            c,
            "It ends at once; costs paid stay paid"
            + (
                ", and the spell card is discarded (unless spellbound)."
                if kind == "spell"
                else "; a missed melee attack still removes the defender's guard marker."
            ),
        )
    later = "none"
    if attack_form in ("double_strike", "triple_strike"):
        later = "canceled" if canceled else "proceed"
        why.step(
            c,
            "The later strikes must hit the same target, "
            + (
                "now illegal for the rest of the action: canceled too."
                if canceled
                else "which is still legal: they proceed."
            ),
        )
    elif attack_form == "sweep":
        later = "different target"
        why.step(
            c,
            "A sweep's second attack must choose a different target"
            + (
                " (the original target is illegal for the rest of the action)." if canceled else "."
            ),
        )
    return why.done({"canceled": canceled, "later_strikes": later})


def bound_spell_after(event: str, spellbound: bool) -> Outcome:
    """Decides where a spell card goes when its casting is stopped, stolen or replaced.

    Implements magewars-trait-spellbind (a countered, jinxed or moved-target bound spell
    stays bound; it is stolen with its object; a replaced one returns to its owner's
    spellbook), magewars-card-jinx and magewars-rule-changing-range-or-target (a canceled
    spell is discarded, except a spellbound one).
    """
    if not spellbound and event in ("stolen", "replaced"):
        raise ParamError("event", f"only a spellbound spell can be {event} with its object")
    why = Reasoning()
    s = "magewars-trait-spellbind"
    if event == "stolen":
        why.step(
            s,
            "The object is stolen: the bound spell goes with it; the new controller "
            "may look at it.",
        )
        return why.done({"card": "stolen with the object"})
    if event == "replaced":
        why.step(s, "The bound spell is replaced: it returns to its owner's spellbook.")
        return why.done({"card": "owner's spellbook"})
    if not spellbound:
        why.step(
            "magewars-rule-changing-range-or-target",
            "A spell that was cast and canceled is discarded.",
        )
        return why.done({"card": "discarded"})
    if event == "jinxed":
        why.step(
            "magewars-card-jinx",
            "Jinx on a spellbound spell: the card stays on the spellbinding equipment.",
        )
    why.step(
        s, "The effect is canceled, but the bound spell stays bound (not destroyed or discarded)."
    )
    return why.done({"card": "stays bound"})


# ---------------------------------------------------------------------------------------
# Range 法术范围 / Dissolve 瓦解 / Flying 飞行 / Walls 墙体
# ---------------------------------------------------------------------------------------


def is_in_range(
    range_min: int,
    range_max: int,
    zones_away: int,
    ranged_attack: bool,
    attacker_flying: bool,
    defender_flying: bool,
) -> Outcome:
    """Decides whether a target is within a spell's or attack's range.

    Implements magewars-rule-spell-range (the range on the card; an attack spell's attack
    uses the spell's range; an object's attack uses its attack bar), magewars-card-dissolve
    (errata: range 0-1) and magewars-trait-flying (a ranged attack in the same zone ignores
    its minimum range if the attacker or the defender flies).
    """
    if range_min > range_max:
        raise ParamError("range_min", "`range_min` cannot exceed `range_max`")
    why = Reasoning()
    why.step(
        "magewars-rule-spell-range",
        f"Range {range_min}-{range_max}, target {zones_away} zone(s) away.",
    )
    if zones_away > range_max:
        why.step("magewars-rule-spell-range", f"{zones_away} > {range_max}: out of range.")
        return why.done(False)
    if zones_away >= range_min:
        why.step("magewars-rule-spell-range", "Within range.")
        return why.done(True)
    if zones_away == 0 and ranged_attack and (attacker_flying or defender_flying):
        why.step(
            "magewars-trait-flying",
            "Same zone, a ranged attack, and a flyer involved: the minimum range is ignored.",
        )
        return why.done(True)
    why.step("magewars-rule-spell-range", f"{zones_away} < minimum {range_min}: out of range.")
    return why.done(False)


def can_ranged_attack_wall(
    line_of_sight: bool,
    near_zone_distance: int,
    far_zone_distance: int,
    range_min: int,
    range_max: int,
) -> Outcome:
    """Decides whether a creature can make a ranged attack against a wall.

    Implements magewars-rule-walls: it needs line of sight to the wall (the centre of the
    zone border) and at least one of the two zones beside the wall within range.
    """
    if abs(near_zone_distance - far_zone_distance) > 1:
        raise ParamError(
            "far_zone_distance",
            "the two zones beside a wall are adjacent: their distances differ by at most 1",
        )
    why = Reasoning()
    w = "magewars-rule-walls"
    if not line_of_sight:
        why.step(w, "No line of sight to the centre of the wall's border: no ranged attack.")
        return why.done(False)
    inside = [d for d in (near_zone_distance, far_zone_distance) if range_min <= d <= range_max]
    if inside:
        why.step(
            w,
            f"Line of sight, and a zone beside the wall {inside[0]} zone(s) away is "
            f"within range {range_min}-{range_max}: it can attack the wall.",
        )
        return why.done(True)
    why.step(
        w,
        f"Neither zone beside the wall ({near_zone_distance}, {far_zone_distance} "
        f"away) is within range {range_min}-{range_max}.",
    )
    return why.done(False)


# ---------------------------------------------------------------------------------------
# Helm of Fear 恐惧头盔 / Daze 眩晕 / attack actions 攻击行动
# ---------------------------------------------------------------------------------------


def helm_of_fear_targets(
    attack: str, first_target: str, second_target: str, helm_roll: int, redirect: str
) -> Outcome:
    """Traces a sweep or triple strike against a zone of Warlock (Helm of Fear), Imp, Fiend.

    Implements magewars-card-helm-of-fear: on 9+ the attacker turns away from the Warlock,
    who stays illegal for the rest of the action; on the first attack it may guard instead
    (the whole action is canceled), on a later attack it must take a legal target; a
    sweep's attacks take different targets, a triple strike's strikes the same one.
    `redirect` is the attacker's choice on a first attack turned away; the roll is made
    each time the Warlock is targeted (one value for all).
    """
    why = Reasoning()
    h = "magewars-card-helm-of-fear"
    turned = helm_roll >= 9
    if first_target == "Warlock":
        if not turned:
            why.step(h, f"The Warlock rolls {helm_roll} (< 9): the attack on him goes ahead.")
            first = "Warlock"
        elif redirect == "guard":
            why.step(
                h,
                f"The Warlock rolls {helm_roll} (9+) on the first attack and the "
                "attacker guards instead: the whole attack action is canceled.",
            )
            return why.done({"attacked": [], "action_canceled": True})
        else:
            why.step(
                h,
                f"The Warlock rolls {helm_roll} (9+): the attacker turns to the "
                f"{redirect}; the Warlock is no longer a legal target this action.",
            )
            first = redirect
    else:
        first = first_target
        why.step(h, f"First attack: the {first}.")
    if attack == "triple_strike":
        why.step(
            h,
            f"The second and third strikes of a triple strike keep the first target: "
            f"the {first} takes all three.",
        )
        return why.done({"attacked": [first] * 3, "action_canceled": False})
    if second_target == first:
        raise ParamError("second_target", "a sweep's second attack must choose a different target")
    warlock_illegal = first_target == "Warlock" and turned
    legal = [x for x in ("Warlock", "Imp", "Fiend") if x != first]
    if warlock_illegal:
        legal.remove("Warlock")
    why.step(
        h,
        f"Legal targets for the sweep's second attack: {', '.join(legal)} (not the "
        f"{first} again" + (", nor the Warlock after Helm of Fear)." if warlock_illegal else ")."),
    )
    second = second_target
    if second_target == "Warlock" and (warlock_illegal or turned):
        others = [x for x in ("Imp", "Fiend") if x != first]
        second = others[0]
        why.step(
            h,
            (
                "The Warlock is illegal after Helm of Fear turned the attacker away"
                if warlock_illegal
                else f"The Warlock rolls {helm_roll} (9+) on the second "
                "attack; guarding instead is no longer possible"
            )
            + f": the only legal target is the {second}.",
        )
    elif second_target not in legal:
        raise ParamError("second_target", f"`second_target` must be one of: {', '.join(legal)}")
    else:
        why.step(h, f"Second attack of the sweep: the {second}.")
    return why.done({"attacked": [first, second], "action_canceled": False})


STRIKES = {"single": 1, "double_strike": 2, "triple_strike": 3, "sweep": 2}


def daze_rolls(attack: str) -> Outcome:
    """Counts the rolls a dazed creature makes for one attack action, and when.

    Implements magewars-condition-daze: a roll for every attack, including each strike of
    a triple strike and both attacks of a sweep, at the end of the Declare Attack step or
    at the start of an attack that has none. Reading: later strikes of a double or triple
    strike have no Declare Attack step; a sweep's second attack declares its new target.
    """
    why = Reasoning()
    d = "magewars-condition-daze"
    n = STRIKES[attack]
    when = ["end of Declare Attack step"]
    for _ in range(1, n):
        when.append("end of Declare Attack step" if attack == "sweep" else "start of attack")
    why.step(
        d,
        f"A dazed creature rolls for each of the {n} attack(s): "
        + "; ".join(f"#{i + 1} at the {w}" for i, w in enumerate(when))
        + ".",
    )
    return why.done({"rolls": n, "when": when})


def attack_count(attack: str, objects_in_zone: int) -> Outcome:
    """Counts the attack actions and attacks of one attack, and whether it spends an action.

    Implements magewars-rule-attack-action: double strike, triple strike and sweep are one
    attack action of several attacks; a zone attack is one action with a separate attack
    on each object in the zone; counterstrikes, walls, collisions and conjurations attack
    without spending a creature's action, each as an attack action of its own. Reading: a
    sweep makes at most one attack per object in reach.
    """
    why = Reasoning()
    a = "magewars-rule-attack-action"
    free = attack in ("counterstrike", "wall", "collision", "conjuration")
    if attack == "zone":
        n = objects_in_zone
        why.step(
            a,
            f"A zone attack is one attack action with a separate attack on each of "
            f"the {n} object(s) in the zone.",
        )
    elif attack == "sweep":
        n = min(2, objects_in_zone)
        why.step(a, f"A sweep is one attack action of {n} attack(s) on different objects.")
    elif attack in STRIKES:
        n = STRIKES[attack]
        why.step(a, f"A {attack.replace('_', ' ')} is one attack action of {n} attack(s).")
    else:
        n = 1
        why.step(
            a,
            f"A {attack} attack spends no creature action, but counts as an attack "
            "action of its own.",
        )
    if not free:
        why.step(a, "It is made with a creature's (quick or full) action.")
    return why.done({"attack_actions": 1, "attacks": n, "spends_creature_action": not free})


# ---------------------------------------------------------------------------------------
# Attacks on oneself 友方攻击; damage barrier 反伤屏障
# ---------------------------------------------------------------------------------------


def attack_on_own_side(target: str, has_damage_barrier: bool, has_counterstrike: bool) -> Outcome:
    """Decides whether guards, the damage barrier and counterstrike apply to an attack.

    Implements magewars-rule-friendly-attacks, magewars-card-strangle-vine,
    magewars-rule-guard and magewars-rule-damage-barrier: a creature attacking itself or
    an object attached to it (e.g. Strangle Vine) ignores guards and triggers neither its
    own damage barrier nor counterstrike. `target`: another_creature, itself, attached.
    `has_*` describe the attacked creature (for itself/attached: the attacker itself).
    """
    why = Reasoning()
    if target == "another_creature":
        why.step(
            "magewars-rule-friendly-attacks",
            "It attacks another creature (friendly or "
            "not): guards apply, and that creature's "
            "damage barrier and counterstrike work.",
        )
        return why.done(
            {
                "ignores_guards": False,
                "damage_barrier": has_damage_barrier,
                "counterstrike": has_counterstrike,
            }
        )
    what = "itself" if target == "itself" else "an object attached to itself"
    why.step(
        "magewars-rule-friendly-attacks",
        f"It attacks {what}: it may ignore guards, and "
        "its own damage barrier and counterstrike do "
        "not trigger.",
    )
    why.step(
        "magewars-rule-guard",
        "Guarding does not stop a creature attacking itself or what is attached to it.",
    )
    if target == "attached":
        why.step(
            "magewars-card-strangle-vine",
            "As with a Strangle Vine attached to it: attack it directly, past guards.",
        )
    else:
        why.step(
            "magewars-rule-damage-barrier",
            "A creature attacking itself does not trigger its own damage barrier.",
        )
    return why.done({"ignores_guards": True, "damage_barrier": False, "counterstrike": False})


def avoid_attack_step(attack: str) -> Outcome:
    """Decides whether an attack goes through the Avoid Attack step, forcing Block out.

    Implements magewars-rule-damage-barrier: a damage barrier attack skips the Avoid
    Attack step and forces no Block or Reverse Attack to be revealed; other unavoidable
    attacks still force them (revealed and discarded). `attack`: normal, unavoidable,
    damage_barrier.
    """
    why = Reasoning()
    d = "magewars-rule-damage-barrier"
    if attack == "damage_barrier":
        why.step(
            d,
            "A damage barrier attack skips the Avoid Attack step: Block and Reverse "
            "Attack are not forced out.",
        )
        return why.done({"avoid_attack_step": False, "forces_block_reveal": False})
    why.step(
        d,
        f"A{'n' if attack == 'unavoidable' else ''} {attack} attack goes through the "
        "Avoid Attack step: Block and Reverse Attack must be revealed"
        + (" (and discarded) as normal." if attack == "unavoidable" else "."),
    )
    return why.done({"avoid_attack_step": True, "forces_block_reveal": True})


# ---------------------------------------------------------------------------------------
# Obstruct 阻碍 / Suppression Orb 抑制法球
# ---------------------------------------------------------------------------------------


def can_make_second_move(
    flying: bool,
    start_zone_enemies: int,
    start_zone_enemy_flyers: int,
    new_zone_enemies: int,
    new_zone_enemy_flyers: int,
) -> Outcome:
    """Decides whether a creature may take a second move after its first.

    Implements magewars-rule-obstruct: moving out of or into an obstructed zone forbids
    the second move (even with Fast); a creature that gains Flying (e.g. Eagle Wings)
    before moving is obstructed only by flying enemies. Reading: enemies that can obstruct
    are enemy creatures, and for a flyer enemy flying creatures.
    """
    for name, flyers, total in (
        ("start_zone_enemy_flyers", start_zone_enemy_flyers, start_zone_enemies),
        ("new_zone_enemy_flyers", new_zone_enemy_flyers, new_zone_enemies),
    ):
        if flyers > total:
            raise ParamError(name, f"`{name}` counts some of the enemies: at most {total}")
    why = Reasoning()
    o = "magewars-rule-obstruct"
    start = start_zone_enemy_flyers if flying else start_zone_enemies
    new = new_zone_enemy_flyers if flying else new_zone_enemies
    kind = "flying enemies (it flies)" if flying else "enemy creatures"
    if start:
        why.step(
            o, f"It leaves a zone with {start} {kind}: obstructed, no second move (even with Fast)."
        )
        return why.done(False)
    if new:
        why.step(o, f"It enters a zone with {new} {kind}: obstructed, no second move.")
        return why.done(False)
    why.step(
        o,
        f"Neither zone holds {kind}: unobstructed, it may move a second time (even "
        "into a zone with enemies).",
    )
    return why.done(True)


def can_move_under_suppression_orb(is_mage: bool, controller_mana: int, move_cost: int) -> Outcome:
    """Decides whether a creature can take a move action while Suppression Orb is in play.

    Implements magewars-card-suppression-orb: paying the mana is the cost of a non-mage
    creature's move, paid before it moves; with too little mana it cannot move. The
    amount is the card's (`move_cost`); the entry does not state it.
    """
    why = Reasoning()
    s = "magewars-card-suppression-orb"
    if is_mage:
        why.step(s, "The Orb's cost is on non-mage creatures: a mage moves freely.")
        return why.done(True)
    if controller_mana < move_cost:
        why.step(
            s,
            f"Its controller has {controller_mana} mana, less than the {move_cost} "
            "the move costs: it cannot take the move action.",
        )
        return why.done(False)
    why.step(s, f"Its controller pays {move_cost} mana first, then it moves.")
    return why.done(True)


# ---------------------------------------------------------------------------------------
# Card rulings with one outcome each
# ---------------------------------------------------------------------------------------


def banished_creature(action_marker: str, ability_has_limited_range: bool) -> Outcome:
    """Describes a banished creature: its action marker on return, its own abilities.

    Implements magewars-card-banish: the action marker is unchanged while out of the
    arena; its own traits and abilities still work, but one limited to a range treats
    everything in the arena as out of range.
    """
    why = Reasoning()
    b = "magewars-card-banish"
    why.step(
        b,
        f"Teleporting out of the arena does not change its action marker: it returns "
        f"{action_marker}.",
    )
    if ability_has_limited_range:
        why.step(
            b,
            "The ability works within a limited range: everything in the arena is out "
            "of its range.",
        )
    else:
        why.step(
            b,
            "The ability needs no range: it still works (e.g. Valshalla still gains rage tokens).",
        )
    return why.done(
        {"action_marker_on_return": action_marker, "ability_works": not ability_has_limited_range}
    )


def battle_fury_attack(next_melee_attack: str, strikes: int) -> Outcome:
    """Decides when Battle Fury's extra attack comes, or whether it is canceled.

    Implements magewars-card-battle-fury: after the whole triggering attack action (all its
    strikes); none after a counterstrike, which cancels Battle Fury if it is the creature's
    next melee attack. `next_melee_attack`: attack_action or counterstrike.
    """
    why = Reasoning()
    b = "magewars-card-battle-fury"
    if next_melee_attack == "counterstrike":
        why.step(
            b,
            "Its next melee attack is a counterstrike: no extra attack, and Battle "
            "Fury is canceled.",
        )
        return why.done({"extra_attack": False, "after_strike": 0})
    why.step(
        b, f"The extra attack comes after the entire attack action, i.e. after strike {strikes}."
    )
    return why.done({"extra_attack": True, "after_strike": strikes})


def decoy_mana(event: str) -> Outcome:
    """Counts the mana Decoy's controller gains. `event`: destroyed or countered.

    Implements magewars-card-decoy: destroyed while unrevealed it is revealed and gives 2
    mana; countered, it never was on the battlefield and gives none.
    """
    why = Reasoning()
    d = "magewars-card-decoy"
    if event == "countered":
        why.step(
            d, "Countered (e.g. Mana Failure): it was never in play, so its ability gives nothing."
        )
        return why.done({"mana_gained": 0})
    why.step(
        d,
        "Destroyed (e.g. Shadow Dispel), even unrevealed: a destroyed enchantment is "
        "revealed, so its controller gains 2 mana.",
    )
    return why.done({"mana_gained": 2})


def can_open_gate_to_hell(opener: str, zones_away: int) -> Outcome:
    """Decides whether this creature may take Gate to Hell's opening action from here.

    Implements magewars-card-gate-to-hell: only the mage who controls it, from anywhere in
    the arena. `opener`: controlling_mage, other_mage, creature.
    """
    why = Reasoning()
    g = "magewars-card-gate-to-hell"
    if opener != "controlling_mage":
        why.step(g, "Only the mage who controls the Gate may take the action to open it.")
        return why.done(False)
    why.step(
        g,
        f"The controlling mage may open it from anywhere in the arena, here "
        f"{zones_away} zone(s) away.",
    )
    return why.done(True)


def direct_damage_taken(damage: int, damage_type: str, immunities: tuple[str, ...]) -> Outcome:
    """Counts direct damage an object takes, given its immunities.

    Implements magewars-card-malacoda: Malacoda's ability deals direct poison damage, and
    Malacoda itself, immune to poison, takes none.
    """
    why = Reasoning()
    m = "magewars-card-malacoda"
    if damage_type in immunities:
        why.step(m, f"It has {damage_type} immunity: it takes no {damage_type} damage.")
        return why.done({"damage_taken": 0})
    why.step(m, f"No {damage_type} immunity: it takes {damage} direct damage.")
    return why.done({"damage_taken": damage})


def rouse_the_beast(phase: str) -> Outcome:
    """Decides whether Rouse the Beast's target can still act this round.

    Implements magewars-card-rouse-the-beast: cast in the Final Quickcast Phase it flips
    the marker to active, but the action phase is over. Reading: cast earlier (during the
    action phase), the creature can still be activated.
    """
    why = Reasoning()
    r = "magewars-card-rouse-the-beast"
    why.step(r, "The target's action marker is flipped to its active side.")
    if phase == "final_quickcast":
        why.step(
            r,
            "Cast in the Final Quickcast Phase, after the action phase: the creature "
            "cannot act this round.",
        )
        return why.done({"marker_active": True, "can_act_this_round": False})
    why.step(r, "Cast before the action phase ends: the creature can still be activated.")
    return why.done({"marker_active": True, "can_act_this_round": True})


def one_time_enchantment_revealed(being_attacked: bool) -> Outcome:
    """Decides what a revealed one-time enchantment (e.g. Block) does.

    Implements magewars-rule-question-revealed-at-wrong-time: it takes effect at once and
    is destroyed; revealed at the wrong moment its effect is wasted; it cannot be kept.
    """
    why = Reasoning()
    q = "magewars-rule-question-revealed-at-wrong-time"
    if being_attacked:
        why.step(
            q,
            "Revealed while the creature is attacked: Block takes effect at once, then "
            "is destroyed.",
        )
        return why.done({"effect_used": True, "destroyed": True})
    why.step(
        q,
        "Revealed when no attack is under way: the effect is irrelevant and wasted; "
        "it is destroyed and cannot be kept for a later attack.",
    )
    return why.done({"effect_used": False, "destroyed": True})


def condition_removal(
    removal_cost: int, effect_allows_paying: bool, removed_by_other_cause: bool, pay: bool
) -> Outcome:
    """Decides whether a condition is removed and what its removal cost takes.

    Implements magewars-rule-removal-costs: the removal cost can be paid only when a card
    or ability says so; a condition removed another way (e.g. a sleeping creature damaged)
    costs nothing.
    """
    why = Reasoning()
    r = "magewars-rule-removal-costs"
    if removed_by_other_cause:
        why.step(r, "The condition is removed for another reason: no removal cost is paid.")
        return why.done({"removed": True, "mana_paid": 0})
    if not effect_allows_paying:
        why.step(
            r,
            "No card or ability lets its removal cost be paid: it cannot be spent at "
            "will, and the condition stays.",
        )
        return why.done({"removed": False, "mana_paid": 0})
    if not pay:
        why.step(r, "An effect allows paying, but the player does not pay: it stays.")
        return why.done({"removed": False, "mana_paid": 0})
    why.step(r, f"An effect allows paying the removal cost: {removal_cost} mana removes it.")
    return why.done({"removed": True, "mana_paid": removal_cost})


MAGES = ("Warlock", "Wizard", "Forcemaster", "Priestess", "Beastmaster")


def restricted_card_use(mage: str, restricted_to: str, use: str) -> Outcome:
    """Decides whether a mage may take or use a card restricted to a kind of mage.

    Implements magewars-rule-restricted-spells (only the named mage may put it in a
    spellbook, control or use it; Steal Equipment may take a restricted item, which is then
    destroyed; a stolen wand's restricted bound spell cannot be cast), magewars-card-steal-
    enchantment and magewars-trait-spellbind. Reading: "Arcane Mage" is met by the Wizard
    and "Dark Mage" by the Warlock (magewars-rule-question-creature-school names where they
    trained).
    """
    why = Reasoning()
    r = "magewars-rule-restricted-spells"
    school = {"Arcane Mage": "Wizard", "Dark Mage": "Warlock"}
    needed = school.get(restricted_to, restricted_to)
    if restricted_to in school:
        why.step(
            "magewars-rule-question-creature-school",
            f"{restricted_to}: of the mages here, the {needed} trained in that school.",
        )
    met = restricted_to == "none" or needed == mage
    if met:
        why.step(r, f"The restriction ({restricted_to}) allows the {mage}.")
        return why.done({"allowed": True, "outcome": "ok"})
    why.step(r, f"Restricted to {restricted_to}: the {mage} can neither control nor use it.")
    if use == "steal_equipment":
        why.step(r, "Steal Equipment may target it, but since she cannot use it, it is destroyed.")
        return why.done({"allowed": True, "outcome": "destroyed"})
    if use == "steal_enchantment":
        why.step(
            "magewars-card-steal-enchantment",
            "Steal Enchantment cannot take control of an enchantment restricted away from you.",
        )
    elif use == "cast_bound_spell":
        why.step(
            "magewars-trait-spellbind",
            "The stolen object comes with its bound spell, but "
            "the new controller cannot cast a restricted one.",
        )
    return why.done({"allowed": False, "outcome": "cannot"})


def card_destination(owner: str, controller: str, place: str) -> Outcome:
    """Names whose discard pile, spellbook or hand a card goes to.

    Implements magewars-rule-owner: always its owner's (the player who put it in his
    spellbook at the start), whoever controls it, unless an effect says otherwise.
    """
    why = Reasoning()
    o = "magewars-rule-owner"
    if owner != controller:
        why.step(o, f"The {controller} controls it, but the {owner} owns it.")
    why.step(o, f"A card moved to a {place} always goes to its owner's: the {owner}'s.")
    return why.done(f"{owner}'s {place}")


def armor_value(printed_armor: int, armor_bonus: int, cannot_have_armor: bool) -> Outcome:
    """Works out a creature's armor.

    Implements magewars-trait-armor: with the "cannot have armor" symbol the armor is
    always 0 and cannot be gained.
    """
    why = Reasoning()
    a = "magewars-trait-armor"
    if cannot_have_armor:
        why.step(
            a,
            f"It bears the cannot-have-armor symbol: armor is always 0 (the +"
            f"{armor_bonus} is not gained).",
        )
        return why.done({"armor": 0})
    why.step(a, f"Armor {printed_armor} + {armor_bonus} = {printed_armor + armor_bonus}.")
    return why.done({"armor": printed_armor + armor_bonus})


def spellbook_points(level: int, points_per_level: int, novice: bool) -> Outcome:
    """Counts the spell points a spell costs in a spellbook.

    Implements magewars-trait-novice: a Novice spell costs 1 point whatever its school.
    `points_per_level` is what the spell's school normally costs this mage per level (3
    for the Warlock's Holy spell in the entry). Reading: "1 point" is flat.
    """
    why = Reasoning()
    n = "magewars-trait-novice"
    normal = level * points_per_level
    if novice:
        why.step(n, f"A Novice spell costs only 1 spell point, not {normal}.")
        return why.done({"spell_points": 1})
    why.step(n, f"Not Novice: level {level} × {points_per_level} = {normal} points.")
    return why.done({"spell_points": normal})


def upkeep_payer(
    source: str, upkeep_x: int, enchantment_controller: str, creature_controller: str
) -> Outcome:
    """Names who pays an upkeep cost and how much.

    Implements magewars-trait-upkeep: an enchantment's own Upkeep +X is paid by the
    enchantment's controller; Essence Drain instead gives the creature Upkeep +2, paid by
    the creature's controller. `source`: enchantment or essence_drain.
    """
    why = Reasoning()
    u = "magewars-trait-upkeep"
    if source == "essence_drain":
        if upkeep_x != 2:
            raise ParamError("upkeep_x", "Essence Drain always gives Upkeep +2")
        why.step(
            u,
            f"Essence Drain gives the creature Upkeep +2: its controller, the "
            f"{creature_controller}, pays 2.",
        )
        return why.done({"payer": creature_controller, "upkeep": 2})
    why.step(
        u,
        f"The enchantment's own Upkeep +{upkeep_x}: its controller, the "
        f"{enchantment_controller}, pays {upkeep_x}, not the controller of what it is "
        "attached to.",
    )
    return why.done({"payer": enchantment_controller, "upkeep": upkeep_x})
