"""Fading Glory (Napoleonic 20, v3) rule checks: pure functions citing the entries they implement.

The optional rules N16.7 (special units), N16.8 (fatigue) and N16.9 (leaders) are switched on
by naming them in `optional_rules`, so each check can be run with and without them. Rule 9.4.4
(garrisons) is a standard rule and takes no switch. Every step is given in English and Chinese
and every outcome carries a one-line verdict in both.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning, situation

KNOWN_OPTIONAL_RULES = ("16.4", "16.7", "16.8", "16.9")

FATIGUE_LEVELS = (
    ("fresh", "none"),
    ("ready", "green"),
    ("tired", "yellow"),
    ("weary", "orange"),
    ("exhausted", "red"),
)
FATIGUE_ZH = (
    ("新鲜", "无标记"),
    ("准备", "绿色"),
    ("劳累", "黄色"),
    ("疲乏", "橙色"),
    ("力竭", "红色"),
)
EXHAUSTED = len(FATIGUE_LEVELS) - 1

LEADER_PHASES = (
    "own_movement_phase",
    "own_combat_phase",
    "enemy_movement_phase",
    "enemy_combat_phase",
)
PHASES_ZH = {
    "own_movement_phase": "自方移动阶段",
    "own_combat_phase": "自方战斗阶段",
    "enemy_movement_phase": "敌方移动阶段",
    "enemy_combat_phase": "敌方战斗阶段",
}

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
ARMS_ZH = {"infantry": "步兵", "cavalry": "骑兵", "leader": "领袖"}
COLOURS_ZH = {"black": "黑色", "red": "红色", "green": "绿色"}


def _check_optional_rules(optional_rules: tuple[str, ...]) -> None:
    unknown = [r for r in optional_rules if r not in KNOWN_OPTIONAL_RULES]
    if unknown:
        raise ParamError(
            "optional_rules",
            f"unknown optional rule {unknown[0]!r}; known: {', '.join(KNOWN_OPTIONAL_RULES)}",
            f"未知的可选规则 {unknown[0]!r}；可选：{'、'.join(KNOWN_OPTIONAL_RULES)}",
        )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _phase_name(phase: str) -> str:
    return phase.replace("own_", "its own ").replace("enemy_", "the enemy ").replace("_", " ")


def _fatigue(level: int) -> dict:
    state, marker = FATIGUE_LEVELS[level]
    return {"level": level, "state": state, "marker": marker}


def _fatigue_words(level: int) -> tuple[str, str]:
    state, marker = FATIGUE_LEVELS[level]
    zh_state, zh_marker = FATIGUE_ZH[level]
    zh = f"{level}级，{zh_state}（{zh_marker}{'' if level == 0 else '标记'}）"
    en = f"level {level}, {state} ({'no' if level == 0 else marker} marker)"
    return zh, en


# --- N16.8 Fatigue ------------------------------------------------------------------------------


@situation("疲劳等级与标记", "A fatigue level and its marker")
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
            "未使用可选规则16.8：没有疲劳等级，单位视为新鲜，无标记。",
        )
        return why.done(
            _fatigue(0), "不用疲劳规则：新鲜，无标记", "No fatigue rule: fresh, no marker"
        )
    out = _fatigue(level)
    marker = "no marker" if out["marker"] == "none" else f"a {out['marker']} marker"
    zh, en = _fatigue_words(level)
    why.step(
        "fadingglory-16.8",
        f"Fatigue level {level} of the five levels (0 to 4) is {out['state']}, shown by {marker}.",
        f"五级疲劳（0到4）中的{zh}。",
    )
    return why.done(out, zh, _sentence(en))


@situation("一个战斗阶段后的疲劳", "Fatigue after a combat phase")
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
            f"未使用可选规则16.8：战斗和恢复都不改变疲劳；仍为 {level} 级。",
        )
        zh, en = _fatigue_words(level)
        return why.done(_fatigue(level), f"不用疲劳规则：仍为{zh}", f"No fatigue rule: still {en}")
    before = level
    for n in range(1, combats + 1):
        if level == EXHAUSTED:
            why.step(
                "fadingglory-16.8.1",
                f"Combat {n}: the unit is already exhausted (level {EXHAUSTED}); an exhausted "
                "unit remains exhausted.",
                f"第 {n} 次战斗：单位已经力竭（{EXHAUSTED} 级）；力竭仍为力竭。",
            )
            break
        level += 1
        why.step(
            "fadingglory-16.8.1",
            f"Combat {n}: taking part in a combat (attacking or defending) adds one fatigue "
            f"level: {level - 1} → {level} ({FATIGUE_LEVELS[level][0]}).",
            f"第 {n} 次战斗：参与一次战斗（攻击或防御）增加一级疲劳："
            f"{level - 1} → {level}（{FATIGUE_ZH[level][0]}）。",
        )
    if combats == 0:
        why.step(
            "fadingglory-16.8.1",
            f"No combat this phase: fatigue stays at level {before}.",
            f"本阶段没有战斗：疲劳保持 {before} 级。",
        )
    if not end_of_own_combat_phase:
        why.step(
            "fadingglory-16.8.2",
            "Not the end of the unit's own combat phase: no recovery.",
            "不是自方战斗阶段结束时：不恢复。",
        )
    elif adjacent_to_enemy:
        why.step(
            "fadingglory-16.8.2",
            "End of its own combat phase, but the unit is adjacent to an enemy unit: no recovery.",
            "自方战斗阶段结束，但单位与敌方单位相邻：不恢复。",
        )
    else:
        night = " (a night turn: recovery applies on night turns too)" if night_turn else ""
        night_zh = "（夜间回合也同样恢复）" if night_turn else ""
        if level == 0:
            why.step(
                "fadingglory-16.8.2",
                f"End of its own combat phase, not adjacent to an enemy{night}: the unit is "
                "already fresh (level 0, no marker) and cannot recover further.",
                f"自方战斗阶段结束，不与敌方相邻{night_zh}：单位已是新鲜（0级，无标记），无法再恢复。",
            )
        else:
            level -= 1
            removed = "; the fatigue marker is removed" if level == 0 else ""
            removed_zh = "；移除疲劳标记" if level == 0 else ""
            why.step(
                "fadingglory-16.8.2",
                f"End of its own combat phase, not adjacent to an enemy{night}: it recovers one "
                f"level, {level + 1} → {level}{removed}.",
                f"自方战斗阶段结束，不与敌方相邻{night_zh}：恢复一级，"
                f"{level + 1} → {level}{removed_zh}。",
            )
    out = _fatigue(level)
    why.step(
        "fadingglory-16.8",
        f"Level {level} is {out['state']} ({'no' if level == 0 else out['marker']} marker).",
        f"{level} 级为{FATIGUE_ZH[level][0]}（{FATIGUE_ZH[level][1]}{'' if level == 0 else '标记'}"
        "）。",
    )
    zh, en = _fatigue_words(level)
    return why.done(out, f"疲劳变为{zh}", f"Fatigue becomes {en}")


@situation("疲劳的影响", "The effects of fatigue")
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
        why.step(
            "fadingglory-16.8",
            "Optional rule 16.8 is not in use: fatigue has no effects.",
            "未使用可选规则16.8：疲劳没有影响。",
        )
        return why.done(result, "不用疲劳规则：没有影响", "No fatigue rule: no effects")
    state = FATIGUE_LEVELS[level][0]
    state_zh = FATIGUE_ZH[level][0]
    if level <= 1:
        why.step(
            "fadingglory-16.8.3",
            f"Level {level} ({state}): no effect"
            + (" (fresh is not listed in 16.8.3; read as no effect)." if level == 0 else "."),
            f"{level} 级（{state_zh}）：没有影响"
            + ("（16.8.3未列出新鲜，理解为无影响）。" if level == 0 else "。"),
        )
        return why.done(result, f"{state_zh}：没有影响", f"{_sentence(state)}: no effects")
    result["forced_march_bonus"] = False
    why.step(
        "fadingglory-16.8.3",
        f"Level {level} ({state}): {'as tired: ' if level > 2 else ''}no movement bonus when "
        "using the forced march action (12.3).",
        f"{level} 级（{state_zh}）：{'同劳累：' if level > 2 else ''}执行强行军（12.3）"
        "时没有移动力加成。",
    )
    if level >= 3:
        result["movement_allowance"] = max(0, movement_allowance - 1)
        why.step(
            "fadingglory-16.8.3",
            f"{'As weary' if level > 3 else 'Weary'}: movement allowance reduced by 1, "
            f"{movement_allowance} → {result['movement_allowance']}"
            + (" (never below 0)." if movement_allowance == 0 else "."),
            f"{'同疲乏' if level > 3 else '疲乏'}：移动力减1，{movement_allowance} → "
            f"{result['movement_allowance']}"
            + ("（不低于0）。" if movement_allowance == 0 else "。"),
        )
    if level == EXHAUSTED:
        result["may_voluntarily_enter_ezoc"] = False
        why.step(
            "fadingglory-16.8.3",
            "Exhausted: may not voluntarily enter an EZOC, including by advance after combat.",
            "力竭：不能志愿进入EZOC，包括战后推进。",
        )
    parts_zh = ["无强行军加成"]
    parts_en = ["no forced-march bonus"]
    if level >= 3:
        parts_zh.append(f"移动力 {result['movement_allowance']}")
        parts_en.append(f"movement allowance {result['movement_allowance']}")
    if level == EXHAUSTED:
        parts_zh.append("不能志愿进入EZOC")
        parts_en.append("may not voluntarily enter an EZOC")
    return why.done(
        result,
        f"{state_zh}：{'，'.join(parts_zh)}",
        f"{_sentence(state)}: {', '.join(parts_en)}",
    )


# --- N16.7 Special units ------------------------------------------------------------------------


KINDS_ZH = {"elite": "精锐", "guard": "卫队", "light_infantry": "轻步兵", "cossack": "哥萨克"}
KINDS_EN = {
    "elite": "elite",
    "guard": "guard",
    "light_infantry": "light infantry",
    "cossack": "Cossack",
}


@situation("特别单位的种类", "The kinds of a special unit")
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
        f"战力{COLOURS_ZH[combat_strength_colour]}、移动值{COLOURS_ZH[movement_colour]}："
        + ("有非黑色的能力值，是特别单位。" if special else "能力值都是黑色，不是特别单位。"),
    )
    kinds: list[str] = []
    if combat_strength_colour == "red":
        kinds.append("elite")
        why.step(
            "fadingglory-16.7",
            "Red combat strength: an elite unit (rout die roll -2, rally die roll +1).",
            "战力值红色：精锐单位（溃退骰值-2，重整骰值+1）。",
        )
    if movement_colour == "red":
        kinds.append("guard")
        why.step(
            "fadingglory-16.7",
            "Red movement value: a guard unit; it must be committed to take part in an attack.",
            "移动值红色：卫队单位；需要通过“投入”才能参加攻击。",
        )
    if movement_colour == "green":
        rule, kind, name = (
            ("fadingglory-16.7.1", "light_infantry", "light infantry")
            if arm == "infantry"
            else ("fadingglory-16.7.2", "cossack", "Cossack cavalry")
        )
        name_zh = KINDS_ZH[kind]
        if "16.7" in optional_rules:
            kinds.append(kind)
            why.step(
                rule,
                f"{arm.capitalize()} with a green movement allowance: {name}.",
                f"移动力为绿色的{ARMS_ZH[arm]}：{name_zh}。",
            )
        else:
            why.step(
                rule,
                f"Green movement allowance, but optional rule 16.7 is not in use: no {name} "
                "abilities.",
                f"移动力为绿色，但未使用可选规则16.7：没有{name_zh}的能力。",
            )
    if not kinds:
        verdict = (
            ("特别单位，但没有特别能力", "A special unit without a special ability")
            if special
            else (
                "不是特别单位",
                "Not a special unit",
            )
        )
    else:
        verdict = (
            "、".join(KINDS_ZH[k] for k in kinds) + "单位",
            _sentence(" and ".join(KINDS_EN[k] for k in kinds)) + " unit",
        )
    return why.done({"special": special, "kinds": kinds}, *verdict)


@situation("精锐单位的骰值", "An elite unit's die roll")
def elite_die_roll(roll: str, die_roll: int, combat_strength_colour: str) -> Outcome:
    """Modifies a rout or rally die roll for an elite unit (red combat strength): rout -2, rally +1.

    Implements fadingglory-16.7. Reading: 16.7 describes elite units as part of the basic rules,
    so the modifiers apply with or without the optional rules; the modified roll is not capped
    (the source gives no limit).
    """
    why = Reasoning()
    roll_zh = "溃退" if roll == "rout" else "重整"
    if combat_strength_colour != "red":
        why.step(
            "fadingglory-16.7",
            f"Combat strength printed in {combat_strength_colour}: not an elite unit; the "
            f"{roll} die roll stays {die_roll}.",
            f"战力值为{COLOURS_ZH[combat_strength_colour]}：不是精锐单位；"
            f"{roll_zh}骰值仍为 {die_roll}。",
        )
        return why.done(
            {"elite": False, "modified_roll": die_roll},
            f"不是精锐：{roll_zh}骰值仍为 {die_roll}",
            f"Not elite: the {roll} roll stays {die_roll}",
        )
    modifier = -2 if roll == "rout" else 1
    why.step(
        "fadingglory-16.7",
        f"Red combat strength: an elite unit; its {roll} die roll is modified by "
        f"{modifier:+d}: {die_roll} → {die_roll + modifier}.",
        f"战力值红色：精锐单位；{roll_zh}骰值{modifier:+d}：{die_roll} → {die_roll + modifier}。",
    )
    return why.done(
        {"elite": True, "modified_roll": die_roll + modifier},
        f"精锐：{roll_zh}骰值 {die_roll} → {die_roll + modifier}",
        f"Elite: the {roll} roll {die_roll} → {die_roll + modifier}",
    )


@situation("卫队单位参加攻击", "A guard unit joining an attack")
def can_join_attack(movement_colour: str, committed: bool) -> Outcome:
    """Tells whether a unit may take part in an attack; a guard unit must first be committed.

    Implements fadingglory-16.7 (“移动值红色的是卫队单位（需要通过‘投入’参加攻击）”, part of the
    basic rules). Reading: other units are not restricted by 16.7; how a guard unit is committed
    (the basic rules' procedure) is not in the source.
    """
    why = Reasoning()
    if movement_colour != "red":
        why.step(
            "fadingglory-16.7",
            f"Movement value {movement_colour}: not a guard unit; 16.7 sets no condition on "
            "attacking.",
            f"移动值{COLOURS_ZH[movement_colour]}：不是卫队单位；16.7对其攻击没有限制。",
        )
        return why.done({"may_attack": True}, "可以参加攻击", "It may take part in the attack")
    if committed:
        why.step(
            "fadingglory-16.7",
            "A guard unit (red movement value) that has been committed: it may take part in the "
            "attack.",
            "已经“投入”的卫队单位（移动值红色）：可以参加攻击。",
        )
        return why.done(
            {"may_attack": True}, "卫队已投入：可以参加攻击", "Committed guard: it may attack"
        )
    why.step(
        "fadingglory-16.7",
        "A guard unit (red movement value) takes part in an attack only by being committed: not "
        "committed, it may not attack.",
        "卫队单位（移动值红色）需要通过“投入”参加攻击：未投入则不能参加攻击。",
    )
    return why.done(
        {"may_attack": False},
        "卫队未投入：不能参加攻击",
        "A guard unit not committed may not attack",
    )


REACTIONS_ZH = {
    "avoid_combat": "避免接战",
    "counter_charge": "反冲锋",
    "infiltration": "渗透",
}


@situation("反应阶段中特别单位的行动", "What a special unit may do in the reaction phase")
def special_unit_reaction(
    arm: str,
    movement_colour: str,
    reaction: str,
    in_enemy_cavalry_zoc: bool,
    optional_rules: tuple[str, ...] = ("16.7",),
) -> Outcome:
    """Decides what optional rule 16.7 allows a light infantry or Cossack unit in reaction.

    Implements fadingglory-16.7.1 (light infantry may avoid combat as in rule 8.3, but not while
    in an enemy cavalry ZOC) and fadingglory-16.7.2 (in the reaction phase Cossacks may not
    counter-charge (8.1) or infiltrate (16.2), and may avoid combat even from an enemy cavalry
    ZOC, an exception to 8.3.2). `reaction`: avoid_combat, counter_charge, infiltration. Other
    units, and these units without 16.7, follow base rules 8.1, 8.3 and 16.2, which are not in
    the source: the check then answers `None` (not decided here) rather than guess.
    """
    _check_optional_rules(optional_rules)
    why = Reasoning()
    kind = None
    if movement_colour == "green" and "16.7" in optional_rules:
        kind = "light_infantry" if arm == "infantry" else "cossack"
    what_zh = REACTIONS_ZH.get(reaction, reaction)
    what_en = reaction.replace("_", " ")

    def open_(cites: str, en: str, zh: str) -> Outcome:
        why.step(cites, en, zh)
        return why.done(
            {"allowed": None},
            f"{what_zh}由基础规则决定（来源未收录）",
            f"Left to the base rules (not in the source): {what_en}",
        )

    if kind is None:
        cites = "fadingglory-16.7.1" if arm == "infantry" else "fadingglory-16.7.2"
        reason_en = (
            "optional rule 16.7 is not in use"
            if movement_colour == "green"
            else f"a {movement_colour} movement value is neither light infantry nor Cossacks"
        )
        reason_zh = (
            "未使用可选规则16.7"
            if movement_colour == "green"
            else f"移动值{COLOURS_ZH[movement_colour]}既不是轻步兵也不是哥萨克"
        )
        return open_(
            cites,
            f"No 16.7 ability applies ({reason_en}): the base rules decide, and they are not in "
            "the source.",
            f"没有16.7的特别能力适用（{reason_zh}）：由基础规则决定，来源未收录。",
        )
    if kind == "light_infantry":
        if reaction != "avoid_combat":
            return open_(
                "fadingglory-16.7.1",
                f"Light infantry: 16.7.1 speaks only of avoiding combat; a {what_en} is left to "
                "the base rules.",
                f"轻步兵：16.7.1只涉及避免接战；{what_zh}由基础规则决定。",
            )
        ok = not in_enemy_cavalry_zoc
        why.step(
            "fadingglory-16.7.1",
            "Light infantry may avoid combat as in rule 8.3"
            + (", but not while in an enemy cavalry ZOC." if not ok else "."),
            "轻步兵可以如规则8.3避免接战" + ("，但处于敌骑兵ZOC时不可执行。" if not ok else "。"),
        )
    elif reaction == "avoid_combat":
        ok = True
        why.step(
            "fadingglory-16.7.2",
            "In the reaction phase Cossacks may avoid combat"
            + (
                " even from an enemy cavalry unit's ZOC (an exception to rule 8.3.2)."
                if in_enemy_cavalry_zoc
                else "."
            ),
            "在反应阶段，哥萨克可以避免接战"
            + (
                "，即使在敌方骑兵单位的ZOC中（规则8.3.2的例外）。" if in_enemy_cavalry_zoc else "。"
            ),
        )
    else:
        ok = False
        why.step(
            "fadingglory-16.7.2",
            "In the reaction phase Cossacks may not "
            f"{what_en.replace('counter charge', 'counter-charge')} "
            f"({'8.1' if reaction == 'counter_charge' else '16.2'}).",
            "在反应阶段，"
            f"哥萨克不能执行{what_zh}（{'8.1' if reaction == 'counter_charge' else '16.2'}）。",
        )
    name_zh = KINDS_ZH[kind]
    return why.done(
        {"allowed": ok},
        f"{name_zh}{'可以' if ok else '不能'}{what_zh}",
        f"{_sentence(KINDS_EN[kind])} {'may' if ok else 'may not'} {what_en}",
    )


@situation("进入崎岖地形", "Entering rough terrain")
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
    without optional rule 16.7 and to all other units; fadingglory-16.9.2 (with optional rule
    16.9 a leader ignores rough terrain, as if clear ground). Readings: a unit that stops has
    no MP left (mp_left 0); "只有1MP" is read as exactly 1 MP left; a clear hex costs a leader
    1 MP (the terrain costs of the base rules are not in the source); without 16.9 there are no
    leaders. `arm`: infantry, cavalry or leader.
    """
    _check_optional_rules(optional_rules)
    if mp_left < 1:
        raise ParamError(
            "mp_left", "`mp_left` must be at least 1 to enter a hex", "进入一格至少要剩 1 MP"
        )
    why = Reasoning()
    go_on = {"may_enter": True, "must_stop": False}
    stop = {"may_enter": True, "must_stop": True, "mp_left": 0}
    if arm == "leader":
        if "16.9" not in optional_rules:
            why.step(
                "fadingglory-16.9.2",
                "Optional rule 16.9 is not in use: there are no leaders.",
                "未使用可选规则16.9：没有领袖。",
            )
            return why.done(
                {"may_enter": False, "must_stop": False, "mp_left": mp_left},
                "不用领袖规则：没有领袖",
                "No leader rule: there are no leaders",
            )
        why.step(
            "fadingglory-16.9.2",
            f"A leader ignores rough terrain, as if clear ground: it spends 1 MP and may go on, "
            f"{mp_left} → {mp_left - 1} MP.",
            f"领袖无视崎岖地形，如平地：花费1MP并可继续移动，{mp_left} → {mp_left - 1} MP。",
        )
        return why.done(
            go_on | {"mp_left": mp_left - 1},
            f"领袖如同平地：可继续移动，剩 {mp_left - 1} MP",
            f"A leader treats it as clear: it goes on with {mp_left - 1} MP",
        )
    kind = None
    if movement_colour == "green" and "16.7" in optional_rules:
        kind = "light_infantry" if arm == "infantry" else "cossack"
    if kind == "light_infantry":
        why.step(
            "fadingglory-16.7.1",
            f"Light infantry (green movement, infantry) entering rough terrain spend 1 MP and "
            f"may continue: {mp_left} → {mp_left - 1} MP.",
            "轻步兵（移动力绿色的步兵）进入崎岖地形花费1MP，然后可继续移动："
            f"{mp_left} → {mp_left - 1} MP。",
        )
        return why.done(
            go_on | {"mp_left": mp_left - 1},
            f"轻步兵可继续移动，剩 {mp_left - 1} MP",
            f"Light infantry go on with {mp_left - 1} MP",
        )
    if kind == "cossack":
        if mp_left >= 2:
            why.step(
                "fadingglory-16.7.2",
                f"Cossacks (green movement, cavalry) entering rough terrain spend 2 MP and may "
                f"continue: {mp_left} → {mp_left - 2} MP.",
                "哥萨克（移动力绿色的骑兵）进入崎岖地形花费2MP，然后可继续移动："
                f"{mp_left} → {mp_left - 2} MP。",
            )
            return why.done(
                go_on | {"mp_left": mp_left - 2},
                f"哥萨克可继续移动，剩 {mp_left - 2} MP",
                f"Cossacks go on with {mp_left - 2} MP",
            )
        why.step(
            "fadingglory-16.7.2",
            "Cossacks with only 1 MP left may enter the rough terrain and then stop.",
            "只有1MP的哥萨克可以进入崎岖地形，然后停止。",
        )
        return why.done(stop, "哥萨克进入后停止", "Cossacks enter and stop")
    if movement_colour == "green":
        rule = "fadingglory-16.7.1" if arm == "infantry" else "fadingglory-16.7.2"
        reason = "optional rule 16.7 is not in use, so the exception does not apply"
        reason_zh = "未使用可选规则16.7，例外不适用"
    else:
        rule = "fadingglory-16.7"
        reason = f"a {movement_colour} movement value is neither light infantry nor Cossacks"
        reason_zh = f"移动值{COLOURS_ZH[movement_colour]}既不是轻步兵也不是哥萨克"
    why.step(
        rule,
        f"Base rule 6.3 applies ({reason}): the unit enters the rough terrain and stops; "
        "its remaining MPs are not used.",
        f"适用基础规则6.3（{reason_zh}）：单位进入崎岖地形后停止；剩余MP不再使用。",
    )
    return why.done(
        stop, "进入崎岖地形后停止（规则6.3）", "It enters the rough terrain and stops (6.3)"
    )


# --- N16.9 Leaders ------------------------------------------------------------------------------


def _no_leaders(why: Reasoning, cites: str) -> None:
    why.step(
        cites,
        "Optional rule 16.9 is not in use: there are no leaders, so this rule has no effect.",
        "未使用可选规则16.9：没有领袖，这条规则不起作用。",
    )


NO_LEADERS = ("不用领袖规则：没有领袖", "No leader rule: there are no leaders")


@situation("是否在领袖的指挥范围内", "Whether a unit is within a leader's command range")
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
        return why.done({"in_range": False}, *NO_LEADERS)
    ignored = [
        (name, zh)
        for name, zh, present in (
            ("rough terrain", "崎岖地形", rough_terrain_between),
            ("enemy units", "敌方单位", enemy_units_between),
            ("EZOCs", "EZOC", ezoc_between),
        )
        if present
    ]
    if ignored:
        why.step(
            "fadingglory-16.9.1",
            f"{_sentence(', '.join(n for n, _ in ignored))} in between: no effect on command range"
            ".",
            f"中间有{'、'.join(z for _, z in ignored)}：对指挥范围无影响。",
        )
    in_range = distance <= command_range
    why.step(
        "fadingglory-16.9",
        f"The unit is {distance} hex(es) away, the command range is {command_range} hex(es): "
        + ("within range (the limit counts as within)." if in_range else "out of range."),
        f"单位相距 {distance} 格，指挥范围为 {command_range} 格："
        + ("在范围内（正好到达上限也算在内）。" if in_range else "超出范围。"),
    )
    return why.done(
        {"in_range": in_range},
        "在指挥范围内" if in_range else "不在指挥范围内",
        "Within command range" if in_range else "Out of command range",
    )


@situation("领袖离开EZOC", "A leader leaving an EZOC")
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
        return why.done({"allowed": False}, *NO_LEADERS)
    if leaving_ezoc and entering_ezoc:
        why.step(
            "fadingglory-16.9.2",
            "The leader would leave one EZOC and enter another directly: not allowed.",
            "领袖将离开一个EZOC直接进入另一个EZOC：不允许。",
        )
        return why.done(
            {"allowed": False},
            "不能从EZOC直接进入另一个EZOC",
            "Not from one EZOC straight into another",
        )
    if leaving_ezoc:
        why.step(
            "fadingglory-16.9.2",
            "The leader voluntarily leaves an EZOC for a hex outside any EZOC: allowed.",
            "领袖志愿离开EZOC，进入不在EZOC的格：允许。",
        )
    else:
        why.step(
            "fadingglory-16.9.2",
            "The leader does not leave an EZOC: it moves like cavalry; 16.9.2 does not forbid "
            "this move.",
            "领袖没有离开EZOC：如同骑兵移动；16.9.2不禁止这次移动。",
        )
    return why.done({"allowed": True}, "可以这样移动", "The move is allowed")


@situation("领袖的堆叠", "Stacking a leader")
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
        return why.done({"allowed": False}, *NO_LEADERS)
    allowed = friendly_units <= 1
    why.step(
        "fadingglory-16.9.2",
        f"{friendly_units} friendly unit(s) and {friendly_leaders} other leader(s) in the hex: "
        + (
            "allowed (one friendly unit at most, leaders without limit)."
            if allowed
            else "not allowed (a leader may stack with one friendly unit only)."
        ),
        f"格中有 {friendly_units} 个友方单位和 {friendly_leaders} 个其他领袖："
        + (
            "允许（至多一个友方单位，领袖不限）。"
            if allowed
            else "不允许（领袖只能与一个友方单位堆叠）。"
        ),
    )
    return why.done(
        {"allowed": allowed},
        "可以堆叠" if allowed else "不能堆叠（友方单位超过一个）",
        "It may stack" if allowed else "It may not stack (more than one friendly unit)",
    )


@situation("位于EZOC的领袖", "A leader in an EZOC")
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
        return why.done({"must_retreat": False, "eliminated": False}, *NO_LEADERS)
    why.step(
        "fadingglory-16.9.3",
        "Leaders have no ZOC and are not required to attack enemy units.",
        "领袖没有ZOC，也无需攻击敌方单位。",
    )
    safe = ("不需后退", "It need not retreat")
    if not in_ezoc or stacked_with_combat_unit:
        why.step(
            "fadingglory-16.9.3",
            "The leader is "
            + ("not in an EZOC" if not in_ezoc else "stacked with a friendly combat unit")
            + ": it is not alone in an EZOC, so it need not retreat.",
            "领袖"
            + ("不在EZOC" if not in_ezoc else "与友方战斗单位堆叠")
            + "：并非单独位于EZOC，无需后退。",
        )
        return why.done({"must_retreat": False, "eliminated": False}, *safe)
    if phase not in ("own_combat_phase", "enemy_movement_phase"):
        why.step(
            "fadingglory-16.9.3",
            f"The leader is alone in an EZOC, but in {_phase_name(phase)}; the "
            "retreat is required only in its own combat phase or the enemy movement phase.",
            f"领袖单独位于EZOC，但现在是{PHASES_ZH.get(phase, phase)}；"
            "只有在自方战斗阶段或敌方移动阶段才必须后退。",
        )
        return why.done({"must_retreat": False, "eliminated": False}, *safe)
    why.step(
        "fadingglory-16.9.3",
        f"Alone in an EZOC during {_phase_name(phase)}: the leader must retreat one hex.",
        f"在{PHASES_ZH.get(phase, phase)}单独位于EZOC：领袖必须后退一格。",
    )
    eliminated = in_ezoc_after_retreat and not stacked_after_retreat
    if eliminated:
        why.step(
            "fadingglory-16.9.3",
            "After the retreat it is still in an EZOC and not stacked with a friendly combat "
            "unit: the leader is eliminated.",
            "后退后仍在EZOC，且没有友方战斗单位堆叠：领袖破灭。",
        )
        return why.done(
            {"must_retreat": True, "eliminated": True},
            "后退一格，仍在EZOC：领袖破灭",
            "It retreats and is eliminated",
        )
    why.step(
        "fadingglory-16.9.3",
        "After the retreat it is "
        + (
            "out of any EZOC"
            if not in_ezoc_after_retreat
            else "in an EZOC but stacked with a friendly combat unit"
        )
        + ": the leader survives.",
        "后退后"
        + ("已不在EZOC" if not in_ezoc_after_retreat else "虽在EZOC但与友方战斗单位堆叠")
        + "：领袖存活。",
    )
    return why.done(
        {"must_retreat": True, "eliminated": False},
        "后退一格，领袖存活",
        "It retreats one hex and survives",
    )


@situation("领袖的反应移动", "A leader in the reaction phase")
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
            {"leader_may_react": False, "counter_charge_strength": counter_charge_strength},
            *NO_LEADERS,
        )
    if stacked_unit_reacts:
        why.step(
            "fadingglory-16.9.4",
            "The unit stacked with the leader performs reaction movement: the leader may go "
            "with it.",
            "与领袖堆叠的单位执行反应移动：领袖可以一起移动。",
        )
    else:
        why.step(
            "fadingglory-16.9.4",
            "No unit stacked with the leader reacts: a leader performs no reaction movement on "
            "its own.",
            "没有与领袖堆叠的单位执行反应：领袖自己不执行反应移动。",
        )
    why.step(
        "fadingglory-16.9.4",
        f"Leaders do not affect counter-charging cavalry: its combat strength stays "
        f"{counter_charge_strength}.",
        f"领袖不影响反冲锋骑兵的战斗力：仍为 {counter_charge_strength}。",
    )
    return why.done(
        {
            "leader_may_react": stacked_unit_reacts,
            "counter_charge_strength": counter_charge_strength,
        },
        ("领袖可随堆叠单位反应" if stacked_unit_reacts else "领袖不能自己反应")
        + f"，反冲锋战力仍为 {counter_charge_strength}",
        (
            "The leader may react with its stack"
            if stacked_unit_reacts
            else "The leader may not react on its own"
        )
        + f"; counter-charge strength stays {counter_charge_strength}",
    )


@situation("领袖指挥对战力比的影响", "Leaders' command and the odds")
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
            "指挥范围内的攻击单位数不能多于攻击单位数",
        )
    why = Reasoning()
    if "16.9" not in optional_rules:
        _no_leaders(why, "fadingglory-16.9.5")
        return why.done(
            {"odds_shift": 0}, "不用领袖规则：战力比不变", "No leader rule: the odds are unchanged"
        )
    if not own_combat_phase:
        why.step(
            "fadingglory-16.9.5",
            "Not the attacker's own combat phase: leaders have an effect only in their own "
            "combat phase, so no shift.",
            "不是攻击方的自方战斗阶段：领袖只在自方战斗阶段产生影响，战力比不变。",
        )
        why.step(
            "fadingglory-16.9.4",
            "Leaders do not affect the combat strength of counter-charging cavalry.",
            "领袖不影响反冲锋骑兵的战斗力。",
        )
        return why.done({"odds_shift": 0}, "战力比不变", "The odds are unchanged")
    why.step(
        "fadingglory-16.9.5",
        "After the final odds of Step D, only the attacking units are checked; the defenders' "
        "command does not matter.",
        "在StepD确定最终战力比后，只检查攻击单位；防御方的指挥无关。",
    )
    if attacking_units_in_command_range == 0:
        why.step(
            "fadingglory-16.9.5",
            f"None of the {attacking_units} attacking unit(s) is within command range: the odds "
            "are shifted -1.",
            f"{attacking_units} 个攻击单位中无一在指挥范围内：战力比-1。",
        )
        return why.done(
            {"odds_shift": -1},
            "无一攻击单位在指挥范围内：战力比-1",
            "No attacker in command range: odds -1",
        )
    several = (
        " (more than one in range gives no additional effect)"
        if attacking_units_in_command_range > 1
        else ""
    )
    why.step(
        "fadingglory-16.9.5",
        f"{attacking_units_in_command_range} of the {attacking_units} attacking unit(s) within "
        f"command range{several}: the combat is resolved as normal.",
        f"{attacking_units} 个攻击单位中有 {attacking_units_in_command_range} 个在指挥范围内"
        + ("（多个在范围内无额外影响）" if several else "")
        + "：如常结算。",
    )
    return why.done(
        {"odds_shift": 0},
        "有攻击单位在指挥范围内：如常结算",
        "An attacker is in command range: as normal",
    )


RESULTS_ZH = {
    "advance_after_combat": "战后推进",
    "retreat": "后撤",
    "eliminated_during_retreat": "后撤中破灭",
}


@situation("与单位堆叠的领袖在战后", "A stacked leader after combat")
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
        return why.done({"leader_moves": False, "leader_eliminated": False}, *NO_LEADERS)
    if stack_result == "advance_after_combat":
        why.step(
            "fadingglory-16.9.5",
            "The stacked units advance after combat: the leader may choose whether to join; it "
            + ("joins." if leader_joins_advance else "stays."),
            "堆叠的单位战后推进：领袖可以选择是否参与；"
            + ("它参与。" if leader_joins_advance else "它留下。"),
        )
        return why.done(
            {"leader_moves": leader_joins_advance, "leader_eliminated": False},
            "领袖随单位推进" if leader_joins_advance else "领袖留在原地",
            "The leader advances with them" if leader_joins_advance else "The leader stays",
        )
    why.step(
        "fadingglory-16.9.5",
        "The stacked units retreat: the leader must retreat with them (its choice does not "
        "matter).",
        "堆叠的单位后撤：领袖必须一起后撤（它的选择无关）。",
    )
    if stack_result == "eliminated_during_retreat":
        why.step(
            "fadingglory-16.9.5",
            "The stacked units are eliminated during the retreat: the leader is eliminated too.",
            "堆叠的单位在后撤过程中破灭：领袖也破灭。",
        )
        return why.done(
            {"leader_moves": True, "leader_eliminated": True},
            "领袖随单位后撤并破灭",
            "The leader retreats and is eliminated",
        )
    return why.done(
        {"leader_moves": True, "leader_eliminated": False},
        "领袖必须随单位后撤",
        "The leader must retreat with them",
    )


@situation("破灭的领袖", "An eliminated leader")
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
            {"fate": "no roll", "allies_win": False, "french_morale_loss": 0, "rallies": False},
            *NO_LEADERS,
        )
    if leader != "Napoleon":
        why.step(
            "fadingglory-16.9.6",
            "A leader other than Napoleon is eliminated: no morale penalty and no die roll.",
            "拿破仑以外的领袖破灭：没有战意惩罚，也不掷骰。",
        )
        why.step(
            "fadingglory-16.9.7",
            "It is rallied automatically in its side's own movement phase and placed like any "
            "other unit.",
            "在自方移动阶段自动重整，如同其他单位一样放置。",
        )
        return why.done(
            {"fate": "no roll", "allies_win": False, "french_morale_loss": 0, "rallies": True},
            "无战意惩罚，下个自方移动阶段自动重整",
            "No morale penalty; rallied in its next own movement phase",
        )
    why.step(
        "fadingglory-16.9.6",
        f"Napoleon is eliminated: roll 1 die on the Emperor's fate table; the roll is {die_roll}.",
        f"拿破仑破灭：掷1骰查询皇帝命运表；骰值为 {die_roll}。",
    )
    if die_roll == 1:
        why.step(
            "fadingglory-16.9.7",
            "1: Napoleon dies; the Allies win immediately.",
            "1：拿帝驾崩，联军立刻获胜。",
        )
        return why.done(
            {"fate": "dies", "allies_win": True, "french_morale_loss": 0, "rallies": False},
            "拿帝驾崩，联军立刻获胜",
            "Napoleon dies: the Allies win at once",
        )
    if die_roll == 2:
        why.step(
            "fadingglory-16.9.7",
            "2: Napoleon is wounded; the French lose 1 morale point.",
            "2：拿帝受伤，法军损失1点战意。",
        )
        fate, loss = "wounded", 1
        verdict = ("拿帝受伤，法军损失1点战意", "Napoleon is wounded: France loses 1 morale")
    else:
        why.step(
            "fadingglory-16.9.7",
            f"{die_roll} (3-6): Napoleon escapes; no effect.",
            f"{die_roll}（3-6）：拿帝逃脱，无影响。",
        )
        fate, loss = "escapes", 0
        verdict = ("拿帝逃脱，无影响", "Napoleon escapes: no effect")
    why.step(
        "fadingglory-16.9.7",
        "He is rallied automatically in the French own movement phase, like other leaders.",
        "他在法军的自方移动阶段自动重整，和其他领袖一样。",
    )
    return why.done(
        {"fate": fate, "allies_win": False, "french_morale_loss": loss, "rallies": True}, *verdict
    )


@situation("随领袖重整的地点", "A hex for rallying with a leader")
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
        (text, zh)
        for text, zh, ok in (
            (
                "optional rule 16.9 (leaders) is not in use",
                "未使用可选规则16.9（领袖）",
                "16.9" in optional_rules,
            ),
            ("rule 16.4 is not in use", "未使用规则16.4", "16.4" in optional_rules),
            (
                "the rally-with-leader event card is not drawn",
                "没有抽到随领袖重整的事件卡",
                event_card_drawn,
            ),
            ("the leader is not on the map", "该领袖不在地图上", leader_on_map),
        )
        if not ok
    ]
    no = ("不是合法的重整地点", "Not a legal rally location")
    if failed:
        why.step(
            "fadingglory-16.9.8",
            f"No temporary rally hexes: {'; '.join(t for t, _ in failed)}.",
            f"没有临时重整地点：{'；'.join(z for _, z in failed)}。",
        )
        return why.done({"legal_rally_hex": False}, *no)
    why.step(
        "fadingglory-16.9.8",
        "The event card is drawn, rule 16.4 is in use and the leader is on the map: the "
        "leader's hex and the adjacent hexes may serve, for this event only.",
        "抽到了事件卡、使用规则16.4且领袖在地图上：领袖所在格和相邻格可以作为重整地点，仅限该事件。",
    )
    problems = []
    if distance_from_leader > 1:
        problems.append(
            (
                f"it is {distance_from_leader} hexes from the leader (0 or 1 needed)",
                f"距领袖 {distance_from_leader} 格（需为0或1）",
            )
        )
    if not hex_empty:
        problems.append(("it is not empty", "不是空格"))
    if hex_in_ezoc:
        problems.append(("it is in an EZOC", "处于EZOC"))
    legal = not problems
    where = "the leader's hex" if distance_from_leader == 0 else "the hex"
    where_zh = "领袖所在格" if distance_from_leader == 0 else "该格"
    why.step(
        "fadingglory-16.9.8",
        f"{where.capitalize()}: "
        + (
            "empty, within one hex of the leader and not in an EZOC: a legal rally location."
            if legal
            else f"not a legal rally location, {'; '.join(p for p, _ in problems)}."
        ),
        f"{where_zh}："
        + (
            "空格、距领袖不超过一格且不在EZOC：合法的重整地点。"
            if legal
            else f"不是合法的重整地点，{'；'.join(z for _, z in problems)}。"
        ),
    )
    if legal:
        return why.done(
            {"legal_rally_hex": True}, "合法的临时重整地点", "A legal rally location for this event"
        )
    return why.done({"legal_rally_hex": False}, *no)


# --- 9.4.4 Garrisons (standard rule) ------------------------------------------------------------


GARRISON_ANSWERS = {
    "exert_zoc": (True, "A garrison has a ZOC.", "守备力量拥有ZOC。"),
    "attack": (False, "A garrison may not attack.", "守备力量不可发起攻击。"),
    "move": (False, "A garrison may not move.", "守备力量不可移动。"),
    "retreat": (False, "A garrison may not retreat.", "守备力量不可后撤。"),
    "affect_friendly_units": (
        False,
        "Friendly units ignore the effects of garrisons.",
        "友方单位无视守备力量的效果。",
    ),
    "be_entered_by_enemy_movement": (
        False,
        "Enemy units may not enter a garrison's hex by movement: they must attack and "
        "advance after combat.",
        "敌方单位不能靠移动进入守备力量所在格：需要发起攻击并战后推进。",
    ),
    "be_entered_by_enemy_advance_after_combat": (
        True,
        "Enemy units enter a garrison's hex by attacking and advancing after combat.",
        "敌方单位通过发起攻击和战后推进进入守备力量所在格。",
    ),
}
GARRISON_ACTIONS_ZH = {
    "exert_zoc": "拥有ZOC",
    "attack": "发起攻击",
    "move": "移动",
    "retreat": "后撤",
    "commit_reserves": "投入预备",
    "affect_friendly_units": "影响友方单位",
    "be_entered_by_enemy_movement": "被敌方靠移动进入",
    "be_entered_by_enemy_advance_after_combat": "被敌方战后推进进入",
}


@situation("守备力量能做什么", "What a garrison can do")
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
        "守备力量初始战力为0，受所在地形调整。",
    )
    what_zh = GARRISON_ACTIONS_ZH.get(action, action)
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
            "预备（12.5）"
            + (
                "不可投入：该方只有守备力量参与战斗。"
                if not allowed
                else "不受9.4.4限制：该方还有其他单位参与战斗。"
            ),
        )
    else:
        allowed, text, zh = GARRISON_ANSWERS[action]
        why.step("fadingglory-9.4.4", text, zh)
    return why.done(
        {"allowed": allowed},
        f"{'可以' if allowed else '不可'}{what_zh}",
        f"{'Allowed' if allowed else 'Not allowed'}: {action.replace('_', ' ')}",
    )


@situation("战斗后的守备格", "A garrison hex after combat")
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
    kept = (
        "敌方不能进入守备格，守备力量不受影响",
        "The enemy may not enter the hex; the garrison is unaffected",
    )
    if combat == "attack_from_garrison_hex":
        if attack_succeeded:
            why.step(
                "fadingglory-9.4.4",
                "The attack from the garrison hex succeeds: the enemy lost and cannot advance "
                "into the garrison hex; the garrison is unaffected.",
                "从守备格发起的进攻成功：敌方失败，不能战后推进进入守备格；守备力量不受影响。",
            )
        else:
            why.step(
                "fadingglory-9.4.4-covering-failed-attack",
                "The attack launched from the garrison hex fails: the victorious defending units "
                "may not advance after combat into that hex"
                + (" (their wish to advance is refused)." if winner_advances else "."),
                "从守备格发起的进攻失败：胜利的防御单位不能战后挺进该格"
                + ("（其推进意愿被拒绝）。" if winner_advances else "。"),
            )
        return why.done(none, *kept)
    if not attack_succeeded:
        why.step(
            "fadingglory-9.4.4",
            "The enemy attack on the garrison hex does not eliminate or rout its defenders: no "
            "advance into the hex; the garrison is unaffected.",
            "敌方对守备格的攻击没有使防御单位破灭或退溃：不能推进进入该格；守备力量不受影响。",
        )
        return why.done(none, *kept)
    why.step(
        "fadingglory-9.4.4-attack-takes-hex",
        "The units in the garrison hex are eliminated or routed by the attack: the victorious "
        "units may advance after combat.",
        "守备格中的单位被攻击破灭或退溃：胜利的单位可以战后推进。",
    )
    if not winner_advances:
        why.step(
            "fadingglory-9.4.4-attack-takes-hex",
            "They choose not to advance: the garrison hex is unaffected.",
            "他们选择不推进：守备格不受影响。",
        )
        return why.done(
            none | {"enemy_may_advance": True},
            "敌方可推进但没有推进：守备力量不受影响",
            "The enemy may advance but does not: the garrison is unaffected",
        )
    why.step(
        "fadingglory-9.4.4-garrison-end",
        "They advance: an enemy unit occupies the garrison hex, so the garrison is destroyed and "
        "its effects disappear permanently.",
        "他们推进：敌方单位占领守备格，守备力量被永久消灭，效果消失。",
    )
    return why.done(
        {"enemy_may_advance": True, "enemy_advances": True, "garrison_eliminated": True},
        "敌方推进占领守备格：守备力量永久消灭",
        "The enemy occupies the hex: the garrison is gone for good",
    )
