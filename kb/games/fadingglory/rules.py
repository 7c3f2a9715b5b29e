"""Fading Glory (Napoleonic 20, v3) rule checks: pure functions citing the entries they implement.

The optional rules N16.7 (special units), N16.8 (fatigue) and N16.9 (leaders) are switched on
by naming them in `optional_rules`, so each check can be run with and without them. Rule 9.4.4
(garrisons) is a standard rule and takes no switch.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning

KNOWN_OPTIONAL_RULES = ("16.4", "16.7", "16.8", "16.9")

FATIGUE_LEVELS = (
    ("fresh", "none"),
    ("ready", "green"),
    ("tired", "yellow"),
    ("weary", "orange"),
    ("exhausted", "red"),
)
EXHAUSTED = len(FATIGUE_LEVELS) - 1

LEADER_PHASES = (
    "own_movement_phase",
    "own_combat_phase",
    "enemy_movement_phase",
    "enemy_combat_phase",
)

GARRISON_ACTIONS = (
    "exert_zoc",
    "attack",
    "move",
    "retreat",
    "commit_reserves",
    "affect_friendly_units",
    "be_entered_by_enemy_movement",
    "be_entered_by_enemy_advance_after_combat",
)


def _check_optional_rules(optional_rules: tuple[str, ...]) -> None:
    unknown = [r for r in optional_rules if r not in KNOWN_OPTIONAL_RULES]
    if unknown:
        raise ParamError(
            "optional_rules",
            f"unknown optional rule {unknown[0]!r}; known: {', '.join(KNOWN_OPTIONAL_RULES)}",
        )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _phase_name(phase: str) -> str:
    return phase.replace("own_", "its own ").replace("enemy_", "the enemy ").replace("_", " ")


def _fatigue(level: int) -> dict:
    state, marker = FATIGUE_LEVELS[level]
    return {"level": level, "state": state, "marker": marker}


# --- N16.8 Fatigue ------------------------------------------------------------------------------


def fatigue_marker(level: int, optional_rules: tuple[str, ...] = ("16.8",)) -> Outcome:
    """Names the fatigue state and marker colour of a fatigue level 0-4.

    Implements fadingglory-16.8 (five levels: 0 fresh/no marker, 1 ready/green, 2 tired/yellow,
    3 weary/orange, 4 exhausted/red). Without optional rule 16.8 no unit carries a fatigue
    level; the check then reports every unit as fresh without a marker (our reading).
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.8" not in optional_rules:
        why.step(
            "fadingglory-16.8",
            "Optional rule 16.8 is not in use: there are no fatigue levels, so the unit is "
            "treated as fresh and carries no marker.",
        )
        return why.done(_fatigue(0))
    out = _fatigue(level)
    marker = "no marker" if out["marker"] == "none" else f"a {out['marker']} marker"
    why.step(
        "fadingglory-16.8",
        f"Fatigue level {level} of the five levels (0 to 4) is {out['state']}, shown by {marker}.",
    )
    return why.done(out)


def fatigue_level(
    level: int,
    combats: int,
    end_of_own_combat_phase: bool,
    adjacent_to_enemy: bool,
    night_turn: bool,
    optional_rules: tuple[str, ...] = ("16.8",),
) -> Outcome:
    """Gives a unit's fatigue level after a combat phase: +1 per combat, then recovery.

    Implements fadingglory-16.8.1 (each combat, attacking or defending, adds one level; an
    exhausted unit stays exhausted) and fadingglory-16.8.2 (at the end of its own combat phase
    a unit not adjacent to an enemy unit recovers one level, night turns included; at level 0
    the marker is removed), with the levels of fadingglory-16.8. Reading: the combats of the
    phase are counted first, recovery comes at its end, so a unit that fought and is no longer
    adjacent to an enemy at the end of its own combat phase still recovers one level.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.8" not in optional_rules:
        why.step(
            "fadingglory-16.8",
            "Optional rule 16.8 is not in use: combats and recovery do not change fatigue; "
            f"the level stays {level}.",
        )
        return why.done(_fatigue(level))
    before = level
    for n in range(1, combats + 1):
        if level == EXHAUSTED:
            why.step(
                "fadingglory-16.8.1",
                f"Combat {n}: the unit is already exhausted (level {EXHAUSTED}); an exhausted "
                "unit remains exhausted.",
            )
            break
        level += 1
        why.step(
            "fadingglory-16.8.1",
            f"Combat {n}: taking part in a combat (attacking or defending) adds one fatigue "
            f"level: {level - 1} → {level} ({FATIGUE_LEVELS[level][0]}).",
        )
    if combats == 0:
        why.step("fadingglory-16.8.1", f"No combat this phase: fatigue stays at level {before}.")
    if not end_of_own_combat_phase:
        why.step(
            "fadingglory-16.8.2",
            "Not the end of the unit's own combat phase: no recovery.",
        )
    elif adjacent_to_enemy:
        why.step(
            "fadingglory-16.8.2",
            "End of its own combat phase, but the unit is adjacent to an enemy unit: no recovery.",
        )
    else:
        night = " (a night turn: recovery applies on night turns too)" if night_turn else ""
        if level == 0:
            why.step(
                "fadingglory-16.8.2",
                f"End of its own combat phase, not adjacent to an enemy{night}: the unit is "
                "already fresh (level 0, no marker) and cannot recover further.",
            )
        else:
            level -= 1
            removed = "; the fatigue marker is removed" if level == 0 else ""
            why.step(
                "fadingglory-16.8.2",
                f"End of its own combat phase, not adjacent to an enemy{night}: it recovers one "
                f"level, {level + 1} → {level}{removed}.",
            )
    out = _fatigue(level)
    why.step(
        "fadingglory-16.8",
        f"Level {level} is {out['state']} ({'no' if level == 0 else out['marker']} marker).",
    )
    return why.done(out)


def fatigue_effects(
    level: int,
    movement_allowance: int,
    optional_rules: tuple[str, ...] = ("16.8",),
) -> Outcome:
    """Applies the effects of a fatigue level to movement, forced march and entering an EZOC.

    Implements fadingglory-16.8.3 (ready: none; tired: no forced-march movement bonus (12.3);
    weary: as tired and movement allowance -1; exhausted: as tired and weary, and may not
    voluntarily enter an EZOC, advance after combat included), with the levels of
    fadingglory-16.8. Readings: fresh (level 0), not listed in 16.8.3, has no effect; the
    exhausted line's "同劳累、疲劳" is read as "as tired and weary"; the allowance never drops
    below 0. The size of the forced-march bonus (12.3) is not in the source, so only whether
    it is granted is reported.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    result = {
        "movement_allowance": movement_allowance,
        "forced_march_bonus": True,
        "may_voluntarily_enter_ezoc": True,
    }
    if "16.8" not in optional_rules:
        why.step("fadingglory-16.8", "Optional rule 16.8 is not in use: fatigue has no effects.")
        return why.done(result)
    state = FATIGUE_LEVELS[level][0]
    if level <= 1:
        why.step(
            "fadingglory-16.8.3",
            f"Level {level} ({state}): no effect"
            + (" (fresh is not listed in 16.8.3; read as no effect)." if level == 0 else "."),
        )
        return why.done(result)
    result["forced_march_bonus"] = False
    why.step(
        "fadingglory-16.8.3",
        f"Level {level} ({state}): {'as tired: ' if level > 2 else ''}no movement bonus when "
        "using the forced march action (12.3).",
    )
    if level >= 3:
        result["movement_allowance"] = max(0, movement_allowance - 1)
        why.step(
            "fadingglory-16.8.3",
            f"{'As weary' if level > 3 else 'Weary'}: movement allowance reduced by 1, "
            f"{movement_allowance} → {result['movement_allowance']}"
            + (" (never below 0)." if movement_allowance == 0 else "."),
        )
    if level == EXHAUSTED:
        result["may_voluntarily_enter_ezoc"] = False
        why.step(
            "fadingglory-16.8.3",
            "Exhausted: may not voluntarily enter an EZOC, including by advance after combat.",
        )
    return why.done(result)


# --- N16.7 Special units ------------------------------------------------------------------------


def special_unit_kinds(
    arm: str,
    combat_strength_colour: str,
    movement_colour: str,
    optional_rules: tuple[str, ...] = ("16.7",),
) -> Outcome:
    """Classifies a unit by the colours of its values: elite, guard, light infantry, Cossack.

    Implements fadingglory-16.7 (any value not black: special unit; red combat strength: elite;
    red movement value: guard, committed to attack), fadingglory-16.7.1 (infantry with a green
    movement allowance: light infantry) and fadingglory-16.7.2 (cavalry with a green movement
    allowance: Cossacks). Reading: elite and guard units belong to the basic rules (16.7 says
    "in the basic rules"), so they are recognised with or without optional rule 16.7; light
    infantry and Cossacks only with it.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    special = combat_strength_colour != "black" or movement_colour != "black"
    why.step(
        "fadingglory-16.7",
        f"Combat strength {combat_strength_colour}, movement {movement_colour}: "
        + (
            "a value is not black, so this is a special unit."
            if special
            else "all values are black, so this is not a special unit."
        ),
    )
    kinds: list[str] = []
    if combat_strength_colour == "red":
        kinds.append("elite")
        why.step(
            "fadingglory-16.7",
            "Red combat strength: an elite unit (rout die roll -2, rally die roll +1).",
        )
    if movement_colour == "red":
        kinds.append("guard")
        why.step(
            "fadingglory-16.7",
            "Red movement value: a guard unit; it must be committed to take part in an attack.",
        )
    if movement_colour == "green":
        rule, kind, name = (
            ("fadingglory-16.7.1", "light_infantry", "light infantry")
            if arm == "infantry"
            else ("fadingglory-16.7.2", "cossack", "Cossack cavalry")
        )
        if "16.7" in optional_rules:
            kinds.append(kind)
            why.step(rule, f"{arm.capitalize()} with a green movement allowance: {name}.")
        else:
            why.step(
                rule,
                f"Green movement allowance, but optional rule 16.7 is not in use: no {name} "
                "abilities.",
            )
    return why.done({"special": special, "kinds": kinds})


def elite_die_roll(roll: str, die_roll: int, combat_strength_colour: str) -> Outcome:
    """Modifies a rout or rally die roll for an elite unit (red combat strength): rout -2, rally +1.

    Implements fadingglory-16.7. Reading: 16.7 describes elite units as part of the basic rules,
    so the modifiers apply with or without the optional rules; the modified roll is not capped
    (the source gives no limit).
    """
    why = Reasoning()
    if combat_strength_colour != "red":
        why.step(
            "fadingglory-16.7",
            f"Combat strength printed in {combat_strength_colour}: not an elite unit; the "
            f"{roll} die roll stays {die_roll}.",
        )
        return why.done({"elite": False, "modified_roll": die_roll})
    modifier = -2 if roll == "rout" else 1
    why.step(
        "fadingglory-16.7",
        f"Red combat strength: an elite unit; its {roll} die roll is modified by "
        f"{modifier:+d}: {die_roll} → {die_roll + modifier}.",
    )
    return why.done({"elite": True, "modified_roll": die_roll + modifier})


def rough_terrain_entry(
    arm: str,
    movement_colour: str,
    mp_left: int,
    optional_rules: tuple[str, ...] = ("16.7",),
) -> Outcome:
    """Decides whether a unit entering rough terrain may go on, and the MPs it keeps.

    Implements fadingglory-16.7.1 (light infantry: 1 MP to enter, may continue) and
    fadingglory-16.7.2 (Cossacks: 2 MP to enter and continue; with only 1 MP they may enter
    and stop), exceptions to base rule 6.3 (enter rough terrain and stop), which applies
    without optional rule 16.7 and to all other units. Readings: a unit that stops has no MP
    left (mp_left 0); "只有1MP" is read as exactly 1 MP left.
    """
    _check_optional_rules(optional_rules)
    if mp_left < 1:
        raise ParamError("mp_left", "`mp_left` must be at least 1 to enter a hex")
    why = Reasoning()
    kind = None
    if movement_colour == "green" and "16.7" in optional_rules:
        kind = "light_infantry" if arm == "infantry" else "cossack"
    if kind == "light_infantry":
        why.step(
            "fadingglory-16.7.1",
            f"Light infantry (green movement, infantry) entering rough terrain spend 1 MP and "
            f"may continue: {mp_left} → {mp_left - 1} MP.",
        )
        return why.done({"may_enter": True, "must_stop": False, "mp_left": mp_left - 1})
    if kind == "cossack":
        if mp_left >= 2:
            why.step(
                "fadingglory-16.7.2",
                f"Cossacks (green movement, cavalry) entering rough terrain spend 2 MP and may "
                f"continue: {mp_left} → {mp_left - 2} MP.",
            )
            return why.done({"may_enter": True, "must_stop": False, "mp_left": mp_left - 2})
        why.step(
            "fadingglory-16.7.2",
            "Cossacks with only 1 MP left may enter the rough terrain and then stop.",
        )
        return why.done({"may_enter": True, "must_stop": True, "mp_left": 0})
    if movement_colour == "green":
        rule = "fadingglory-16.7.1" if arm == "infantry" else "fadingglory-16.7.2"
        reason = "optional rule 16.7 is not in use, so the exception does not apply"
    else:
        rule = "fadingglory-16.7"
        reason = f"a {movement_colour} movement value is neither light infantry nor Cossacks"
    why.step(
        rule,
        f"Base rule 6.3 applies ({reason}): the unit enters the rough terrain and stops; "
        "its remaining MPs are not used.",
    )
    return why.done({"may_enter": True, "must_stop": True, "mp_left": 0})


# --- N16.9 Leaders ------------------------------------------------------------------------------


def _no_leaders(why: Reasoning, cites: str) -> None:
    why.step(
        cites, "Optional rule 16.9 is not in use: there are no leaders, so this rule has no effect."
    )


def is_in_command_range(
    distance: int,
    command_range: int,
    rough_terrain_between: bool,
    enemy_units_between: bool,
    ezoc_between: bool,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Tells whether a unit is within a leader's command range, whatever lies in between.

    Implements fadingglory-16.9 (the command range value is a number of hexes) and
    fadingglory-16.9.1 (terrain, enemy units and EZOCs have no effect on command range).
    Reading: "within" is inclusive, a unit exactly `command_range` hexes away is in range;
    distance counts the hexes from the leader to the unit, the leader's own hex being 0.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9")
        return why.done({"in_range": False})
    ignored = [
        name
        for name, present in (
            ("rough terrain", rough_terrain_between),
            ("enemy units", enemy_units_between),
            ("EZOCs", ezoc_between),
        )
        if present
    ]
    if ignored:
        why.step(
            "fadingglory-16.9.1",
            f"{_sentence(', '.join(ignored))} in between: no effect on command range.",
        )
    in_range = distance <= command_range
    why.step(
        "fadingglory-16.9",
        f"The unit is {distance} hex(es) away, the command range is {command_range} hex(es): "
        + ("within range (the limit counts as within)." if in_range else "out of range."),
    )
    return why.done({"in_range": in_range})


def can_leader_move(
    leaving_ezoc: bool,
    entering_ezoc: bool,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Tells whether a leader may make one move, given the EZOCs of its start and end hexes.

    Implements fadingglory-16.9.2 (a leader may voluntarily leave an EZOC, but not directly
    from one EZOC into another). Reading: any hex in an EZOC counts as "another EZOC", even
    one projected by the same enemy unit; a move into an EZOC from a hex free of EZOCs is not
    forbidden by 16.9.2 (the cavalry movement rules then apply, not in the source).
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.2")
        return why.done({"allowed": False})
    if leaving_ezoc and entering_ezoc:
        why.step(
            "fadingglory-16.9.2",
            "The leader would leave one EZOC and enter another directly: not allowed.",
        )
        return why.done({"allowed": False})
    if leaving_ezoc:
        why.step(
            "fadingglory-16.9.2",
            "The leader voluntarily leaves an EZOC for a hex outside any EZOC: allowed.",
        )
    else:
        why.step(
            "fadingglory-16.9.2",
            "The leader does not leave an EZOC: it moves like cavalry; 16.9.2 does not forbid "
            "this move.",
        )
    return why.done({"allowed": True})


def can_leader_stack(
    friendly_units: int,
    friendly_leaders: int,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Tells whether a leader may end the movement phase in a hex with these friendly pieces.

    Implements fadingglory-16.9.2 (at the end of the movement phase a leader may stack with one
    friendly unit and/or several friendly leaders; no stacking limit). Reading: at most one
    friendly combat unit, any number of other leaders.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.2")
        return why.done({"allowed": False})
    allowed = friendly_units <= 1
    why.step(
        "fadingglory-16.9.2",
        f"{friendly_units} friendly unit(s) and {friendly_leaders} other leader(s) in the hex: "
        + (
            "allowed (one friendly unit at most, leaders without limit)."
            if allowed
            else "not allowed (a leader may stack with one friendly unit only)."
        ),
    )
    return why.done({"allowed": allowed})


def leader_in_ezoc(
    phase: str,
    in_ezoc: bool,
    stacked_with_combat_unit: bool,
    in_ezoc_after_retreat: bool,
    stacked_after_retreat: bool,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Decides whether a leader in an EZOC must retreat one hex and whether it is then eliminated.

    Implements fadingglory-16.9.3 (leaders have no ZOC and need not attack; a leader alone in an
    EZOC during its own combat phase or the enemy movement phase must retreat one hex; if it is
    then still in an EZOC and not stacked with a friendly combat unit, it is eliminated).
    Reading: "alone" means not stacked with a friendly combat unit (other leaders do not count).
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.3")
        return why.done({"must_retreat": False, "eliminated": False})
    why.step(
        "fadingglory-16.9.3",
        "Leaders have no ZOC and are not required to attack enemy units.",
    )
    if not in_ezoc or stacked_with_combat_unit:
        why.step(
            "fadingglory-16.9.3",
            "The leader is "
            + ("not in an EZOC" if not in_ezoc else "stacked with a friendly combat unit")
            + ": it is not alone in an EZOC, so it need not retreat.",
        )
        return why.done({"must_retreat": False, "eliminated": False})
    if phase not in ("own_combat_phase", "enemy_movement_phase"):
        why.step(
            "fadingglory-16.9.3",
            f"The leader is alone in an EZOC, but in {_phase_name(phase)}; the "
            "retreat is required only in its own combat phase or the enemy movement phase.",
        )
        return why.done({"must_retreat": False, "eliminated": False})
    why.step(
        "fadingglory-16.9.3",
        f"Alone in an EZOC during {_phase_name(phase)}: the leader must retreat one hex.",
    )
    eliminated = in_ezoc_after_retreat and not stacked_after_retreat
    if eliminated:
        why.step(
            "fadingglory-16.9.3",
            "After the retreat it is still in an EZOC and not stacked with a friendly combat "
            "unit: the leader is eliminated.",
        )
    else:
        why.step(
            "fadingglory-16.9.3",
            "After the retreat it is "
            + (
                "out of any EZOC"
                if not in_ezoc_after_retreat
                else "in an EZOC but stacked with a friendly combat unit"
            )
            + ": the leader survives.",
        )
    return why.done({"must_retreat": True, "eliminated": eliminated})


def leader_reaction(
    stacked_unit_reacts: bool,
    counter_charge_strength: int,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Tells whether a leader may move in the reaction phase, and a counter-charge's strength.

    Implements fadingglory-16.9.4 (a leader performs no reaction movement on its own but may
    with the units it is stacked with; leaders do not affect the combat strength of
    counter-charging cavalry).
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.4")
        return why.done(
            {"leader_may_react": False, "counter_charge_strength": counter_charge_strength}
        )
    if stacked_unit_reacts:
        why.step(
            "fadingglory-16.9.4",
            "The unit stacked with the leader performs reaction movement: the leader may go "
            "with it.",
        )
    else:
        why.step(
            "fadingglory-16.9.4",
            "No unit stacked with the leader reacts: a leader performs no reaction movement on "
            "its own.",
        )
    why.step(
        "fadingglory-16.9.4",
        f"Leaders do not affect counter-charging cavalry: its combat strength stays "
        f"{counter_charge_strength}.",
    )
    return why.done(
        {
            "leader_may_react": stacked_unit_reacts,
            "counter_charge_strength": counter_charge_strength,
        }
    )


def leader_command_odds_shift(
    attacking_units: int,
    attacking_units_in_command_range: int,
    own_combat_phase: bool,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Gives the odds shift of an attack for leaders' command: -1 if no attacker is in range.

    Implements fadingglory-16.9.5 (after Step D, if no attacking unit of the combat is in any
    leader's command range, the odds are shifted -1; one or several in range, or in the range
    of several leaders: no shift; command affects attacks only, not defence, and only in the
    own combat phase) and fadingglory-16.9.4 (no effect on counter-charging cavalry). Reading:
    "战力比-1" is a shift of one odds column in the defender's favour; outside the own combat
    phase (a counter-charge) leaders have no effect, so no shift.
    """
    _check_optional_rules(optional_rules)
    if attacking_units_in_command_range > attacking_units:
        raise ParamError(
            "attacking_units_in_command_range",
            "`attacking_units_in_command_range` cannot exceed `attacking_units`",
        )
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.5")
        return why.done({"odds_shift": 0})
    if not own_combat_phase:
        why.step(
            "fadingglory-16.9.5",
            "Not the attacker's own combat phase: leaders have an effect only in their own "
            "combat phase, so no shift.",
        )
        why.step(
            "fadingglory-16.9.4",
            "Leaders do not affect the combat strength of counter-charging cavalry.",
        )
        return why.done({"odds_shift": 0})
    why.step(
        "fadingglory-16.9.5",
        "After the final odds of Step D, only the attacking units are checked; the defenders' "
        "command does not matter.",
    )
    if attacking_units_in_command_range == 0:
        why.step(
            "fadingglory-16.9.5",
            f"None of the {attacking_units} attacking unit(s) is within command range: the odds "
            "are shifted -1.",
        )
        return why.done({"odds_shift": -1})
    several = (
        " (more than one in range gives no additional effect)"
        if attacking_units_in_command_range > 1
        else ""
    )
    why.step(
        "fadingglory-16.9.5",
        f"{attacking_units_in_command_range} of the {attacking_units} attacking unit(s) within "
        f"command range{several}: the combat is resolved as normal.",
    )
    return why.done({"odds_shift": 0})


def stacked_leader_after_combat(
    stack_result: str,
    leader_joins_advance: bool,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Decides whether a leader stacked with friendly units moves with them or is eliminated.

    Implements fadingglory-16.9.5 (a stacked leader may choose to join an advance after combat
    (9.9); it must join a retreat, and is eliminated if the stacked units are eliminated during
    the retreat (9.8.3, 9.8.4, 9.8.7)). `stack_result` is one of "advance_after_combat",
    "retreat", "eliminated_during_retreat".
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.5")
        return why.done({"leader_moves": False, "leader_eliminated": False})
    if stack_result == "advance_after_combat":
        why.step(
            "fadingglory-16.9.5",
            "The stacked units advance after combat: the leader may choose whether to join; it "
            + ("joins." if leader_joins_advance else "stays."),
        )
        return why.done({"leader_moves": leader_joins_advance, "leader_eliminated": False})
    why.step(
        "fadingglory-16.9.5",
        "The stacked units retreat: the leader must retreat with them (its choice does not "
        "matter).",
    )
    if stack_result == "eliminated_during_retreat":
        why.step(
            "fadingglory-16.9.5",
            "The stacked units are eliminated during the retreat: the leader is eliminated too.",
        )
        return why.done({"leader_moves": True, "leader_eliminated": True})
    return why.done({"leader_moves": True, "leader_eliminated": False})


def eliminated_leader(
    leader: str,
    die_roll: int,
    optional_rules: tuple[str, ...] = ("16.9",),
) -> Outcome:
    """Resolves an eliminated leader: no morale penalty, except Napoleon's fate table roll.

    Implements fadingglory-16.9.6 (no morale penalty for an eliminated leader except Napoleon:
    roll 1 die on the Emperor's fate table) and fadingglory-16.9.7 (the table: 1 Napoleon dies,
    the Allies win at once; 2 wounded, France loses 1 morale point; 3-6 escapes, no effect;
    eliminated leaders are rallied automatically in their side's next own movement phase).
    Reading: a dead Napoleon is not rallied, the game being over; `die_roll` is ignored for
    other leaders.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.6")
        return why.done(
            {"fate": "no roll", "allies_win": False, "french_morale_loss": 0, "rallies": False}
        )
    if leader != "Napoleon":
        why.step(
            "fadingglory-16.9.6",
            "A leader other than Napoleon is eliminated: no morale penalty and no die roll.",
        )
        why.step(
            "fadingglory-16.9.7",
            "It is rallied automatically in its side's own movement phase and placed like any "
            "other unit.",
        )
        return why.done(
            {"fate": "no roll", "allies_win": False, "french_morale_loss": 0, "rallies": True}
        )
    why.step(
        "fadingglory-16.9.6",
        f"Napoleon is eliminated: roll 1 die on the Emperor's fate table; the roll is {die_roll}.",
    )
    if die_roll == 1:
        why.step("fadingglory-16.9.7", "1: Napoleon dies; the Allies win immediately.")
        return why.done(
            {"fate": "dies", "allies_win": True, "french_morale_loss": 0, "rallies": False}
        )
    if die_roll == 2:
        why.step("fadingglory-16.9.7", "2: Napoleon is wounded; the French lose 1 morale point.")
        fate, loss = "wounded", 1
    else:
        why.step("fadingglory-16.9.7", f"{die_roll} (3-6): Napoleon escapes; no effect.")
        fate, loss = "escapes", 0
    why.step(
        "fadingglory-16.9.7",
        "He is rallied automatically in the French own movement phase, like other leaders.",
    )
    return why.done(
        {"fate": fate, "allies_win": False, "french_morale_loss": loss, "rallies": True}
    )


def is_temporary_rally_hex(
    event_card_drawn: bool,
    leader_on_map: bool,
    distance_from_leader: int,
    hex_empty: bool,
    hex_in_ezoc: bool,
    optional_rules: tuple[str, ...] = ("16.4", "16.9"),
) -> Outcome:
    """Tells whether a hex is a temporary legal rally location for a "rally with leader" event.

    Implements fadingglory-16.9.8 (if the event card is drawn, rule 16.4 is used and the leader
    is on the map, the empty hexes that are the leader's or adjacent to it and not in an EZOC
    are legal rally locations for that event only). Readings: the three conditions are all
    required; "empty" means without combat units, so the leader's own hex qualifies when no
    combat unit is in it.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    failed = [
        text
        for text, ok in (
            ("optional rule 16.9 (leaders) is not in use", "16.9" in optional_rules),
            ("rule 16.4 is not in use", "16.4" in optional_rules),
            ("the rally-with-leader event card is not drawn", event_card_drawn),
            ("the leader is not on the map", leader_on_map),
        )
        if not ok
    ]
    if failed:
        why.step("fadingglory-16.9.8", f"No temporary rally hexes: {'; '.join(failed)}.")
        return why.done({"legal_rally_hex": False})
    why.step(
        "fadingglory-16.9.8",
        "The event card is drawn, rule 16.4 is in use and the leader is on the map: the "
        "leader's hex and the adjacent hexes may serve, for this event only.",
    )
    problems = []
    if distance_from_leader > 1:
        problems.append(f"it is {distance_from_leader} hexes from the leader (0 or 1 needed)")
    if not hex_empty:
        problems.append("it is not empty")
    if hex_in_ezoc:
        problems.append("it is in an EZOC")
    legal = not problems
    where = "the leader's hex" if distance_from_leader == 0 else "the hex"
    why.step(
        "fadingglory-16.9.8",
        f"{where.capitalize()}: "
        + (
            "empty, within one hex of the leader and not in an EZOC: a legal rally location."
            if legal
            else f"not a legal rally location, {'; '.join(problems)}."
        ),
    )
    return why.done({"legal_rally_hex": legal})


# --- 9.4.4 Garrisons (standard rule) ------------------------------------------------------------


def can_garrison(action: str, garrison_only_participant: bool) -> Outcome:
    """Answers what a garrison can do or suffer; strength 0 before terrain.

    Implements fadingglory-9.4.4 (strength 0 modified by terrain; has a ZOC; may not attack,
    move or retreat; reserves may not be committed (12.5) when the garrison is its side's only
    participant in the combat; friendly units ignore it; enemy units enter its hex only by
    attacking and advancing after combat). `garrison_only_participant` matters only for
    "commit_reserves". Reading: that bullet is one condition ("if the garrison is that side's
    only participant"), so reserves may be committed when other units of the side take part.
    """
    why = Reasoning()
    why.step(
        "fadingglory-9.4.4",
        "A garrison's initial combat strength is 0, modified by the terrain it is in.",
    )
    if action == "commit_reserves":
        allowed = not garrison_only_participant
        why.step(
            "fadingglory-9.4.4",
            "Reserves (12.5) "
            + (
                "may not be committed: the garrison is its side's only participant in the combat."
                if not allowed
                else "are not barred by 9.4.4: other units of the garrison's side take part too."
            ),
        )
        return why.done({"allowed": allowed})
    answers = {
        "exert_zoc": (True, "A garrison has a ZOC."),
        "attack": (False, "A garrison may not attack."),
        "move": (False, "A garrison may not move."),
        "retreat": (False, "A garrison may not retreat."),
        "affect_friendly_units": (False, "Friendly units ignore the effects of garrisons."),
        "be_entered_by_enemy_movement": (
            False,
            "Enemy units may not enter a garrison's hex by movement: they must attack and "
            "advance after combat.",
        ),
        "be_entered_by_enemy_advance_after_combat": (
            True,
            "Enemy units enter a garrison's hex by attacking and advancing after combat.",
        ),
    }
    allowed, text = answers[action]
    why.step("fadingglory-9.4.4", text)
    return why.done({"allowed": allowed})


def garrison_hex_after_combat(
    combat: str,
    attack_succeeded: bool,
    winner_advances: bool,
) -> Outcome:
    """Decides whether the enemy may advance into a garrison hex after a combat, and its effect.

    Implements fadingglory-9.4.4 (enemies enter only by attack and advance after combat),
    fadingglory-9.4.4-covering-failed-attack (after a failed attack launched from the garrison
    hex the victorious defenders may not advance into it), fadingglory-9.4.4-attack-takes-hex
    (when the hex's units are eliminated or routed by an attack the victors may advance; if
    they do not, the garrison is unaffected) and fadingglory-9.4.4-garrison-end (an enemy
    occupying the hex destroys the garrison for good). `combat` is "attack_on_garrison_hex" or
    "attack_from_garrison_hex"; `attack_succeeded` means the defenders were eliminated or
    routed; `winner_advances` is the winner's wish to advance into the garrison hex.
    """
    why = Reasoning()
    none = {"enemy_may_advance": False, "enemy_advances": False, "garrison_eliminated": False}
    if combat == "attack_from_garrison_hex":
        if attack_succeeded:
            why.step(
                "fadingglory-9.4.4",
                "The attack from the garrison hex succeeds: the enemy lost and cannot advance "
                "into the garrison hex; the garrison is unaffected.",
            )
        else:
            why.step(
                "fadingglory-9.4.4-covering-failed-attack",
                "The attack launched from the garrison hex fails: the victorious defending units "
                "may not advance after combat into that hex"
                + (" (their wish to advance is refused)." if winner_advances else "."),
            )
        return why.done(none)
    if not attack_succeeded:
        why.step(
            "fadingglory-9.4.4",
            "The enemy attack on the garrison hex does not eliminate or rout its defenders: no "
            "advance into the hex; the garrison is unaffected.",
        )
        return why.done(none)
    why.step(
        "fadingglory-9.4.4-attack-takes-hex",
        "The units in the garrison hex are eliminated or routed by the attack: the victorious "
        "units may advance after combat.",
    )
    if not winner_advances:
        why.step(
            "fadingglory-9.4.4-attack-takes-hex",
            "They choose not to advance: the garrison hex is unaffected.",
        )
        return why.done(none | {"enemy_may_advance": True})
    why.step(
        "fadingglory-9.4.4-garrison-end",
        "They advance: an enemy unit occupies the garrison hex, so the garrison is destroyed and "
        "its effects disappear permanently.",
    )
    return why.done(
        {"enemy_may_advance": True, "enemy_advances": True, "garrison_eliminated": True}
    )
