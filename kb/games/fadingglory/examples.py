"""Fading Glory worked examples, each bound to the entry whose ruling it runs."""

from __future__ import annotations

from dataclasses import replace

from kb.games.fadingglory.rules import (
    GARRISON_ACTIONS,
    KNOWN_OPTIONAL_RULES,
    LEADER_PHASES,
    can_garrison,
    can_join_attack,
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
    special_unit_reaction,
    stacked_leader_after_combat,
)
from kb.rulecheck import Inert, Param, WorkedExample, with_phrases

ARMS = ("infantry", "cavalry")
MOVERS = ("infantry", "cavalry", "leader")
COLOURS = ("black", "red", "green")
FATIGUE = {"optional_rules": ("16.8",)}
SPECIAL = {"optional_rules": ("16.7",)}
BASIC = {"optional_rules": ()}
LEADERS = {"optional_rules": ("16.9",)}


def _level(default: int) -> Param:
    return Param("level", "int", default, "Fatigue level (0 fresh … 4 exhausted) 疲劳等级", 0, 4)


def _fatigue_level_params(
    level: int, combats: int, end: bool, adjacent: bool, night: bool
) -> tuple[Param, ...]:
    return (
        _level(level),
        Param(
            "combats",
            "int",
            combats,
            "Combats taken part in (attack or defence) 参与战斗次数",
            0,
            10,
        ),
        Param(
            "end_of_own_combat_phase", "bool", end, "End of its own combat phase 自方战斗阶段结束"
        ),
        Param("adjacent_to_enemy", "bool", adjacent, "Adjacent to an enemy unit 与敌方单位相邻"),
        Param(
            "night_turn",
            "bool",
            night,
            "Night turn 夜间回合",
            inert=Inert(
                "fadingglory-16.8.2",
                "不与敌方单位相邻的自方单位，恢复一级（包括夜间回合）",
                "夜间回合照样恢复一级，是否夜间不影响结果。",
                "Recovery applies on night turns too, so a night turn does not change the result.",
            ),
        ),
    )


def _effects_params(level: int, ma: int) -> tuple[Param, ...]:
    return (
        _level(level),
        Param("movement_allowance", "int", ma, "Movement allowance 移动力", 0, 20),
    )


def _rough_params(arm: str, colour: str, mp: int) -> tuple[Param, ...]:
    return (
        Param("arm", "str", arm, "Arm 兵种", choices=MOVERS),
        Param(
            "movement_colour",
            "str",
            colour,
            "Colour of the movement value 移动值颜色",
            choices=COLOURS,
        ),
        Param("mp_left", "int", mp, "MP left before entering 进入前剩余MP", 1, 20),
    )


def _elite_params(roll: str, die: int, colour: str) -> tuple[Param, ...]:
    return (
        Param("roll", "str", roll, "Die roll for 骰子用途", choices=("rout", "rally")),
        Param("die_roll", "int", die, "Die roll 骰值", 1, 6),
        Param(
            "combat_strength_colour",
            "str",
            colour,
            "Colour of the combat strength 战力值颜色",
            choices=COLOURS,
        ),
    )


def _odds_params(attackers: int, in_range: int, own: bool) -> tuple[Param, ...]:
    return (
        Param(
            "attacking_units",
            "int",
            attackers,
            "Attacking units 攻击单位数",
            1,
            20,
            inert=Inert(
                "fadingglory-16.9.5",
                "任一攻击单位在，则如常结算",
                "只看有没有攻击单位在指挥范围内，攻击单位总数不影响结果。",
                "Only whether any attacker is in command range matters, not how many attack.",
            ),
        ),
        Param(
            "attacking_units_in_command_range",
            "int",
            in_range,
            "Attacking units in command range 指挥范围内的攻击单位数",
            0,
            20,
        ),
        Param("own_combat_phase", "bool", own, "Attacker's own combat phase 自方战斗阶段"),
    )


def _leader_ezoc_params(
    phase: str, in_ezoc: bool, stacked: bool, ezoc_after: bool, stacked_after: bool
) -> tuple[Param, ...]:
    return (
        Param("phase", "str", phase, "Phase 阶段", choices=LEADER_PHASES),
        Param("in_ezoc", "bool", in_ezoc, "Leader in an EZOC 领袖位于EZOC"),
        Param(
            "stacked_with_combat_unit",
            "bool",
            stacked,
            "Stacked with a friendly combat unit 与友方战斗单位堆叠",
        ),
        Param(
            "in_ezoc_after_retreat",
            "bool",
            ezoc_after,
            "Still in an EZOC after retreat 后退后仍在EZOC",
        ),
        Param(
            "stacked_after_retreat",
            "bool",
            stacked_after,
            "Stacked with a friendly combat unit after retreat 后退后与友方战斗单位堆叠",
        ),
    )


def _fate_params(leader: str, die: int) -> tuple[Param, ...]:
    return (
        Param(
            "leader",
            "str",
            leader,
            "Eliminated leader 破灭的领袖",
            choices=("Napoleon", "other leader"),
        ),
        Param("die_roll", "int", die, "Fate table die roll 皇帝命运表骰值", 1, 6),
    )


def _garrison_combat_params(combat: str, succeeded: bool, advances: bool) -> tuple[Param, ...]:
    return (
        Param(
            "combat",
            "str",
            combat,
            "Combat 战斗",
            choices=("attack_on_garrison_hex", "attack_from_garrison_hex"),
        ),
        Param(
            "attack_succeeded",
            "bool",
            succeeded,
            "Defenders eliminated or routed 防御单位破灭或退溃",
        ),
        Param(
            "winner_advances", "bool", advances, "Winner wants to advance into the hex 胜方战后挺进"
        ),
    )


_EXAMPLES: tuple[WorkedExample, ...] = (
    # --- 9.4.4 Garrisons -------------------------------------------------------------------
    WorkedExample(
        id="fadingglory-garrison-alone-no-reserves",
        entry_id="fadingglory-9.4.4",
        title="A garrison fighting alone: no reserves 仅守备力量参战时不可投入预备",
        check=can_garrison,
        params=(
            Param("action", "str", "commit_reserves", "Action 行动", choices=GARRISON_ACTIONS),
            Param(
                "garrison_only_participant",
                "bool",
                True,
                "Garrison is its side's only participant 该方只有守备力量参战",
            ),
        ),
        expected={"allowed": False},
        note="Read as one condition: reserves are barred only when the garrison is the only "
        "participant of its side in that combat.",
    ),
    WorkedExample(
        id="fadingglory-garrison-enemy-cannot-walk-in",
        entry_id="fadingglory-9.4.4",
        title="Enemies cannot simply move into a garrison hex 敌方不可直接移动进入守备格",
        check=can_garrison,
        params=(
            Param(
                "action",
                "str",
                "be_entered_by_enemy_movement",
                "Action 行动",
                choices=GARRISON_ACTIONS,
            ),
            Param(
                "garrison_only_participant",
                "bool",
                False,
                "Garrison is its side's only participant 该方只有守备力量参战",
            ),
        ),
        expected={"allowed": False},
    ),
    WorkedExample(
        id="fadingglory-garrison-failed-attack-covered",
        entry_id="fadingglory-9.4.4-covering-failed-attack",
        title="Failed attack from a garrison hex: no enemy advance "
        "守备格发起的进攻失败，敌不可挺进",
        check=garrison_hex_after_combat,
        params=_garrison_combat_params("attack_from_garrison_hex", False, True),
        expected={
            "enemy_may_advance": False,
            "enemy_advances": False,
            "garrison_eliminated": False,
        },
    ),
    WorkedExample(
        id="fadingglory-garrison-taken-no-advance",
        entry_id="fadingglory-9.4.4-attack-takes-hex",
        title="Defenders routed, victors stay put: garrison unaffected 胜方不挺进，守备格不受影响",
        check=garrison_hex_after_combat,
        params=_garrison_combat_params("attack_on_garrison_hex", True, False),
        expected={"enemy_may_advance": True, "enemy_advances": False, "garrison_eliminated": False},
    ),
    WorkedExample(
        id="fadingglory-garrison-occupied",
        entry_id="fadingglory-9.4.4-garrison-end",
        title="An enemy advances into the garrison hex: garrison destroyed "
        "敌方占据守备格，守备力量被消灭",
        check=garrison_hex_after_combat,
        params=_garrison_combat_params("attack_on_garrison_hex", True, True),
        expected={"enemy_may_advance": True, "enemy_advances": True, "garrison_eliminated": True},
    ),
    # --- N16.7 Special units ---------------------------------------------------------------
    WorkedExample(
        id="fadingglory-elite-rout-roll",
        entry_id="fadingglory-16.7",
        title="Elite unit: rout die roll -2 精锐单位溃退骰值-2",
        check=elite_die_roll,
        params=_elite_params("rout", 4, "red"),
        expected={"elite": True, "modified_roll": 2},
        note="Elite units are part of the basic rules (16.7: 基础规则中), so no optional-rule "
        "switch; the modified roll is not capped.",
    ),
    WorkedExample(
        id="fadingglory-elite-rally-roll",
        entry_id="fadingglory-16.7",
        title="Elite unit: rally die roll +1 精锐单位重整骰值+1",
        check=elite_die_roll,
        params=_elite_params("rally", 3, "red"),
        expected={"elite": True, "modified_roll": 4},
    ),
    WorkedExample(
        id="fadingglory-special-unit-kinds",
        entry_id="fadingglory-16.7",
        title="Red combat strength and red movement: elite guard 战力值与移动值皆红：精锐卫队",
        check=special_unit_kinds,
        params=(
            Param("arm", "str", "infantry", "Arm 兵种", choices=ARMS),
            Param(
                "combat_strength_colour",
                "str",
                "red",
                "Colour of the combat strength 战力值颜色",
                choices=COLOURS,
            ),
            Param(
                "movement_colour",
                "str",
                "red",
                "Colour of the movement value 移动值颜色",
                choices=COLOURS,
            ),
        ),
        expected={"special": True, "kinds": ["elite", "guard"]},
        fixed=SPECIAL,
    ),
    WorkedExample(
        id="fadingglory-light-infantry-rough-terrain",
        entry_id="fadingglory-16.7.1",
        title="Light infantry enter rough terrain for 1 MP and go on "
        "轻步兵花1MP进入崎岖地形后可继续移动",
        check=rough_terrain_entry,
        params=_rough_params("infantry", "green", 3),
        expected={"may_enter": True, "must_stop": False, "mp_left": 2},
        fixed=SPECIAL,
    ),
    WorkedExample(
        id="fadingglory-light-infantry-rough-terrain-basic",
        entry_id="fadingglory-16.7.1",
        title="Without optional rule 16.7: enter rough terrain and stop (6.3) "
        "不用可选规则：进入后停止",
        check=rough_terrain_entry,
        params=_rough_params("infantry", "green", 3),
        expected={"may_enter": True, "must_stop": True, "mp_left": 0},
        fixed=BASIC,
        note="Base rule 6.3 is not in the source; 16.7.1 names it as the rule it makes an "
        "exception to (enter and stop). A unit that stops is shown with 0 MP left.",
    ),
    WorkedExample(
        id="fadingglory-cossack-one-mp",
        entry_id="fadingglory-16.7.2",
        title="Cossacks with only 1 MP enter rough terrain and stop "
        "哥萨克只有1MP时进入崎岖地形后停止",
        check=rough_terrain_entry,
        params=_rough_params("cavalry", "green", 1),
        expected={"may_enter": True, "must_stop": True, "mp_left": 0},
        fixed=SPECIAL,
    ),
    WorkedExample(
        id="fadingglory-cossack-rough-terrain",
        entry_id="fadingglory-16.7.2",
        title="Cossacks spend 2 MP on rough terrain and go on 哥萨克花2MP进入崎岖地形后可继续移动",
        check=rough_terrain_entry,
        params=_rough_params("cavalry", "green", 4),
        expected={"may_enter": True, "must_stop": False, "mp_left": 2},
        fixed=SPECIAL,
    ),
    WorkedExample(
        id="fadingglory-cossack-rough-terrain-basic",
        entry_id="fadingglory-16.7.2",
        title="Without optional rule 16.7: Cossacks enter and stop (6.3) 不用可选规则：进入后停止",
        check=rough_terrain_entry,
        params=_rough_params("cavalry", "green", 4),
        expected={"may_enter": True, "must_stop": True, "mp_left": 0},
        fixed=BASIC,
    ),
    # --- N16.8 Fatigue ---------------------------------------------------------------------
    WorkedExample(
        id="fadingglory-fatigue-tired-marker",
        entry_id="fadingglory-16.8",
        title="Level 2 is tired, yellow marker 2级为劳累，黄色标记",
        check=fatigue_marker,
        params=(_level(2),),
        expected={"level": 2, "state": "tired", "marker": "yellow"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-exhausted-stays",
        entry_id="fadingglory-16.8.1",
        title="An exhausted unit fights again: still exhausted 力竭仍为力竭",
        check=fatigue_level,
        params=_fatigue_level_params(4, 1, False, True, False),
        expected={"level": 4, "state": "exhausted", "marker": "red"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-first-combat",
        entry_id="fadingglory-16.8.1",
        title="A fresh unit defends once: ready 新鲜单位参与一次战斗后为准备",
        check=fatigue_level,
        params=_fatigue_level_params(0, 1, False, True, False),
        expected={"level": 1, "state": "ready", "marker": "green"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-recovery-night",
        entry_id="fadingglory-16.8.2",
        title="Recovery at the end of the own combat phase, night turn too 夜间回合也恢复一级",
        check=fatigue_level,
        params=_fatigue_level_params(2, 0, True, False, True),
        expected={"level": 1, "state": "ready", "marker": "green"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-marker-removed",
        entry_id="fadingglory-16.8.2",
        title="Recovery from ready: the marker is removed 恢复至新鲜，移除疲劳标记",
        check=fatigue_level,
        params=_fatigue_level_params(1, 0, True, False, False),
        expected={"level": 0, "state": "fresh", "marker": "none"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-no-recovery-adjacent",
        entry_id="fadingglory-16.8.2",
        title="Adjacent to an enemy: no recovery 与敌方相邻不恢复",
        check=fatigue_level,
        params=_fatigue_level_params(3, 0, True, True, False),
        expected={"level": 3, "state": "weary", "marker": "orange"},
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-tired-effects",
        entry_id="fadingglory-16.8.3",
        title="Tired: no forced-march bonus 劳累：强行军无移动加成",
        check=fatigue_effects,
        params=_effects_params(2, 4),
        expected={
            "movement_allowance": 4,
            "forced_march_bonus": False,
            "may_voluntarily_enter_ezoc": True,
        },
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-weary-effects",
        entry_id="fadingglory-16.8.3",
        title="Weary: as tired, movement allowance -1 疲乏：同劳累，移动力-1",
        check=fatigue_effects,
        params=_effects_params(3, 4),
        expected={
            "movement_allowance": 3,
            "forced_march_bonus": False,
            "may_voluntarily_enter_ezoc": True,
        },
        fixed=FATIGUE,
    ),
    WorkedExample(
        id="fadingglory-fatigue-exhausted-effects",
        entry_id="fadingglory-16.8.3",
        title="Exhausted: as weary, and no voluntary entry into an EZOC 力竭：不得主动进入EZOC",
        check=fatigue_effects,
        params=_effects_params(4, 4),
        expected={
            "movement_allowance": 3,
            "forced_march_bonus": False,
            "may_voluntarily_enter_ezoc": False,
        },
        fixed=FATIGUE,
        note="The source's exhausted line says 同劳累、疲劳 (as tired and 'fatigue'); read as "
        "tired and weary (疲乏), so the -1 movement applies too.",
    ),
    # --- N16.9 Leaders ---------------------------------------------------------------------
    WorkedExample(
        id="fadingglory-command-range-ignores-terrain",
        entry_id="fadingglory-16.9.1",
        title="Command range ignores terrain, enemies and EZOCs "
        "指挥范围不受地形、敌方单位和EZOC影响",
        check=is_in_command_range,
        params=(
            Param("distance", "int", 3, "Hexes from the leader to the unit 单位距领袖格数", 0, 30),
            Param("command_range", "int", 3, "Command range (hexes) 指挥范围值", 0, 10),
            Param(
                "rough_terrain_between",
                "bool",
                True,
                "Rough terrain between 之间有崎岖地形",
                inert=Inert(
                    "fadingglory-16.9.1",
                    "16.9.1 指挥范围：地形、敌方单位和EZOC对指挥范围无影响。",
                    "崎岖地形对指挥范围无影响，不改变结果。",
                    "Rough terrain between have no effect on command range.",
                ),
            ),
            Param(
                "enemy_units_between",
                "bool",
                True,
                "Enemy units between 之间有敌方单位",
                inert=Inert(
                    "fadingglory-16.9.1",
                    "16.9.1 指挥范围：地形、敌方单位和EZOC对指挥范围无影响。",
                    "敌方单位对指挥范围无影响，不改变结果。",
                    "Enemy units between have no effect on command range.",
                ),
            ),
            Param(
                "ezoc_between",
                "bool",
                True,
                "EZOC between 之间有EZOC",
                inert=Inert(
                    "fadingglory-16.9.1",
                    "16.9.1 指挥范围：地形、敌方单位和EZOC对指挥范围无影响。",
                    "EZOC对指挥范围无影响，不改变结果。",
                    "EZOCs between have no effect on command range.",
                ),
            ),
        ),
        expected={"in_range": True},
        fixed=LEADERS,
        note="Read inclusively: a unit exactly at the command range value is within range.",
    ),
    WorkedExample(
        id="fadingglory-leader-ezoc-to-ezoc",
        entry_id="fadingglory-16.9.2",
        title="A leader may not go straight from one EZOC into another "
        "领袖不得从一个EZOC直接进入另一个EZOC",
        check=can_leader_move,
        params=(
            Param("leaving_ezoc", "bool", True, "Leaving an EZOC 离开EZOC"),
            Param("entering_ezoc", "bool", True, "Entering an EZOC 进入EZOC"),
        ),
        expected={"allowed": False},
        fixed=LEADERS,
        note="Any EZOC hex counts as 'another EZOC', even one of the same enemy unit.",
    ),
    WorkedExample(
        id="fadingglory-leader-stacking",
        entry_id="fadingglory-16.9.2",
        title="A leader ends stacked with one unit and two leaders "
        "领袖可与一个友方单位及多个领袖堆叠",
        check=can_leader_stack,
        params=(
            Param("friendly_units", "int", 1, "Friendly units in the hex 格内友方单位", 0, 5),
            Param(
                "friendly_leaders",
                "int",
                2,
                "Other friendly leaders in the hex 格内其他友方领袖",
                0,
                10,
                inert=Inert(
                    "fadingglory-16.9.2",
                    "移动阶段结束时可与一个友方单位和/或多个友方领袖堆叠。（无堆叠限制）",
                    "可与多个友方领袖堆叠（无堆叠限制），领袖数不影响结果。",
                    "Any number of friendly leaders may stack with it (no stacking limit).",
                ),
            ),
        ),
        expected={"allowed": True},
        fixed=LEADERS,
        note="Read as: at most one friendly combat unit, any number of leaders.",
    ),
    WorkedExample(
        id="fadingglory-leader-alone-eliminated",
        entry_id="fadingglory-16.9.3",
        title="A lone leader retreats and is still in an EZOC: eliminated "
        "领袖后退后仍在EZOC且无堆叠，破灭",
        check=leader_in_ezoc,
        params=_leader_ezoc_params("enemy_movement_phase", True, False, True, False),
        expected={"must_retreat": True, "eliminated": True},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-leader-alone-escapes",
        entry_id="fadingglory-16.9.3",
        title="A lone leader retreats out of the EZOC: survives 领袖后退脱离EZOC",
        check=leader_in_ezoc,
        params=_leader_ezoc_params("own_combat_phase", True, False, False, False),
        expected={"must_retreat": True, "eliminated": False},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-leader-reaction",
        entry_id="fadingglory-16.9.4",
        title="A leader reacts only with its stack; counter-charge strength unchanged "
        "领袖随堆叠单位反应，不影响反冲锋战斗力",
        check=leader_reaction,
        params=(
            Param("stacked_unit_reacts", "bool", False, "Stacked unit reacts 堆叠单位执行反应移动"),
            Param(
                "counter_charge_strength",
                "int",
                4,
                "Counter-charging cavalry strength 反冲锋骑兵战斗力",
                0,
                30,
            ),
        ),
        expected={"leader_may_react": False, "counter_charge_strength": 4},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-leader-out-of-command",
        entry_id="fadingglory-16.9.5",
        title="No attacker in command range: odds -1 无一攻击单位在指挥范围内，战力比-1",
        check=leader_command_odds_shift,
        params=_odds_params(2, 0, True),
        expected={"odds_shift": -1},
        fixed=LEADERS,
        note="战力比-1 read as one odds column in the defender's favour.",
    ),
    WorkedExample(
        id="fadingglory-leader-one-in-command",
        entry_id="fadingglory-16.9.5",
        title="One attacker in command range: resolve as normal 任一攻击单位在范围内，如常结算",
        check=leader_command_odds_shift,
        params=_odds_params(3, 1, True),
        expected={"odds_shift": 0},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-leader-command-basic",
        entry_id="fadingglory-16.9.5",
        title="Without optional rule 16.9: no command shift 不用领袖规则：无战力比调整",
        check=leader_command_odds_shift,
        params=_odds_params(2, 0, True),
        expected={"odds_shift": 0},
        fixed=BASIC,
    ),
    WorkedExample(
        id="fadingglory-leader-dies-in-retreat",
        entry_id="fadingglory-16.9.5",
        title="Stack eliminated during retreat: the leader too 堆叠单位后撤中破灭，领袖也破灭",
        check=stacked_leader_after_combat,
        params=(
            Param(
                "stack_result",
                "str",
                "eliminated_during_retreat",
                "Stacked units 堆叠单位",
                choices=("advance_after_combat", "retreat", "eliminated_during_retreat"),
            ),
            Param(
                "leader_joins_advance", "bool", False, "Leader joins an advance 领袖参与战后推进"
            ),
        ),
        expected={"leader_moves": True, "leader_eliminated": True},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-other-leader-eliminated",
        entry_id="fadingglory-16.9.6",
        title="A leader other than Napoleon: no morale penalty 非拿破仑领袖破灭无战意惩罚",
        check=eliminated_leader,
        params=_fate_params("other leader", 1),
        expected={"fate": "no roll", "allies_win": False, "french_morale_loss": 0, "rallies": True},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-napoleon-dies",
        entry_id="fadingglory-16.9.7",
        title="Emperor's fate 1: Napoleon dies, the Allies win 拿帝驾崩，联军立刻获胜",
        check=eliminated_leader,
        params=_fate_params("Napoleon", 1),
        expected={"fate": "dies", "allies_win": True, "french_morale_loss": 0, "rallies": False},
        fixed=LEADERS,
        note="A dead Napoleon is not rallied: the game is over.",
    ),
    WorkedExample(
        id="fadingglory-napoleon-wounded",
        entry_id="fadingglory-16.9.7",
        title="Emperor's fate 2: wounded, France loses 1 morale 拿帝受伤，法军损失1点战意",
        check=eliminated_leader,
        params=_fate_params("Napoleon", 2),
        expected={"fate": "wounded", "allies_win": False, "french_morale_loss": 1, "rallies": True},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-napoleon-escapes",
        entry_id="fadingglory-16.9.7",
        title="Emperor's fate 3-6: Napoleon escapes 拿帝逃脱，无影响",
        check=eliminated_leader,
        params=_fate_params("Napoleon", 3),
        expected={"fate": "escapes", "allies_win": False, "french_morale_loss": 0, "rallies": True},
        fixed=LEADERS,
    ),
    WorkedExample(
        id="fadingglory-rally-with-leader",
        entry_id="fadingglory-16.9.8",
        title="Rally with a leader: an empty adjacent hex outside EZOCs 随领袖重整：相邻非EZOC空格",
        check=is_temporary_rally_hex,
        params=(
            Param("event_card_drawn", "bool", True, "Event card drawn 抽到该事件卡"),
            Param("leader_on_map", "bool", True, "Leader on the map 领袖在地图上"),
            Param("distance_from_leader", "int", 1, "Hexes from the leader 距领袖格数", 0, 30),
            Param("hex_empty", "bool", True, "Hex empty 空格"),
            Param("hex_in_ezoc", "bool", False, "Hex in an EZOC 该格处于EZOC"),
        ),
        expected={"legal_rally_hex": True},
        fixed={"optional_rules": ("16.4", "16.9")},
        note="Read as three conditions (event drawn, rule 16.4 in use, leader on the map); "
        "'empty' = no combat unit, so the leader's own hex can qualify.",
    ),
)

# Entries that state no computable outcome, with the reason (for the examples report).
NOT_COMPUTABLE: dict[str, str] = {
    "fadingglory-16.5": "text of 16.5 not in the source",
    "fadingglory-v3-overview": "post header: title, byline and section headings",
    "fadingglory-16.9": "description of the leader counter and setup per scenario; no outcome "
    "to compute",
    "fadingglory-16.9.1.1": "pointer to scenario book 16.9.5.1 (not in the source) for the "
    "battles that use command priority",
}

_NEW = (
    WorkedExample(
        id="fadingglory-guard-must-be-committed",
        entry_id="fadingglory-16.7",
        title="A guard unit attacks only once committed 卫队单位需要投入才能参加攻击",
        check=can_join_attack,
        params=(
            Param(
                "movement_colour",
                "str",
                "red",
                "Colour of the movement value 移动值颜色",
                choices=COLOURS,
            ),
            Param("committed", "bool", False, "The unit has been committed 已投入"),
        ),
        expected={"may_attack": False},
        keywords=("guard", "卫队", "commit", "投入"),
    ),
    WorkedExample(
        id="fadingglory-light-infantry-avoid-combat-cavalry-zoc",
        entry_id="fadingglory-16.7.1",
        title="Light infantry cannot avoid combat in an enemy cavalry ZOC "
        "处于敌骑兵ZOC的轻步兵不可避免接战",
        check=special_unit_reaction,
        params=(
            Param("arm", "str", "infantry", "Arm 兵种", choices=ARMS),
            Param(
                "movement_colour",
                "str",
                "green",
                "Colour of the movement value 移动值颜色",
                choices=COLOURS,
            ),
            Param(
                "reaction",
                "str",
                "avoid_combat",
                "Reaction 反应",
                choices=("avoid_combat", "counter_charge", "infiltration"),
            ),
            Param("in_enemy_cavalry_zoc", "bool", True, "In an enemy cavalry ZOC 处于敌骑兵ZOC"),
        ),
        expected={"allowed": False},
        fixed=SPECIAL,
        keywords=("avoid combat", "避免接战", "light infantry", "轻步兵"),
        note="Rule 8.3 (avoiding combat) is a base rule not in the source.",
    ),
    WorkedExample(
        id="fadingglory-cossack-no-counter-charge",
        entry_id="fadingglory-16.7.2",
        title="Cossacks may not counter-charge in the reaction phase 哥萨克在反应阶段不能反冲锋",
        check=special_unit_reaction,
        params=(
            Param("arm", "str", "cavalry", "Arm 兵种", choices=ARMS),
            Param(
                "movement_colour",
                "str",
                "green",
                "Colour of the movement value 移动值颜色",
                choices=COLOURS,
            ),
            Param(
                "reaction",
                "str",
                "counter_charge",
                "Reaction 反应",
                choices=("avoid_combat", "counter_charge", "infiltration"),
            ),
            Param("in_enemy_cavalry_zoc", "bool", True, "In an enemy cavalry ZOC 处于敌骑兵ZOC"),
        ),
        expected={"allowed": False},
        fixed=SPECIAL,
        keywords=("reaction", "反应阶段", "counter-charge", "反冲锋", "渗透", "infiltration"),
        note="Choose avoid combat to see the other Cossack exception: even from an enemy cavalry "
        "ZOC (8.3.2).",
    ),
    WorkedExample(
        id="fadingglory-leader-ignores-rough-terrain",
        entry_id="fadingglory-16.9.2",
        title="A leader ignores rough terrain, as if clear ground 领袖无视崎岖地形，如平地",
        check=rough_terrain_entry,
        params=_rough_params("leader", "black", 3),
        expected={"may_enter": True, "must_stop": False, "mp_left": 2},
        fixed=LEADERS,
        keywords=("rough terrain", "崎岖地形", "leader", "领袖"),
        note="Reading: a clear hex costs the leader 1 MP (the base rules' terrain costs are not "
        "in the source).",
    ),
)


def _rules_in_the_form(example: WorkedExample) -> WorkedExample:
    """Offers the optional rules an example uses as a form input instead of a fixed switch,
    so every example can also be run with the rule off (or on)."""
    if "optional_rules" not in example.fixed:
        return example
    rules = Param(
        "optional_rules",
        "str_list",
        example.fixed["optional_rules"],
        "Optional rules in use 使用的可选规则",
        choices=KNOWN_OPTIONAL_RULES,
        max_items=4,
    )
    fixed = {k: v for k, v in example.fixed.items() if k != "optional_rules"}
    return replace(example, params=(*example.params, rules), fixed=fixed)


# Every choice as a phrase in both languages (the form shows these; the API keeps the codes).
PHRASES: dict[str, tuple[str, str]] = {
    "16.4": ("规则16.4", "rule 16.4"),
    "16.7": ("16.7 特别单位", "16.7 special units"),
    "16.8": ("16.8 疲劳", "16.8 fatigue"),
    "16.9": ("16.9 领袖", "16.9 leaders"),
    "infantry": ("步兵", "infantry"),
    "cavalry": ("骑兵", "cavalry"),
    "leader": ("领袖", "leader"),
    "black": ("黑色", "black"),
    "red": ("红色", "red"),
    "green": ("绿色", "green"),
    "rout": ("溃退", "rout"),
    "rally": ("重整", "rally"),
    "own_movement_phase": ("自方移动阶段", "its own movement phase"),
    "own_combat_phase": ("自方战斗阶段", "its own combat phase"),
    "enemy_movement_phase": ("敌方移动阶段", "the enemy movement phase"),
    "enemy_combat_phase": ("敌方战斗阶段", "the enemy combat phase"),
    "Napoleon": ("拿破仑", "Napoleon"),
    "other leader": ("其他领袖", "another leader"),
    "exert_zoc": ("拥有ZOC", "exert a ZOC"),
    "attack": ("发起攻击", "attack"),
    "move": ("移动", "move"),
    "retreat": ("后撤", "retreat"),
    "commit_reserves": ("投入预备", "commit reserves"),
    "affect_friendly_units": ("影响友方单位", "affect friendly units"),
    "be_entered_by_enemy_movement": ("被敌方靠移动进入", "be entered by enemy movement"),
    "be_entered_by_enemy_advance_after_combat": (
        "被敌方战后推进进入",
        "be entered by an enemy advance after combat",
    ),
    "attack_on_garrison_hex": ("攻击守备格", "an attack on the garrison hex"),
    "attack_from_garrison_hex": ("从守备格发起攻击", "an attack from the garrison hex"),
    "advance_after_combat": ("战后推进", "advance after combat"),
    "eliminated_during_retreat": ("后撤中破灭", "eliminated during the retreat"),
    "avoid_combat": ("避免接战", "avoid combat"),
    "counter_charge": ("反冲锋", "counter-charge"),
    "infiltration": ("渗透", "infiltration"),
}

EXAMPLES: tuple[WorkedExample, ...] = with_phrases(
    tuple(_rules_in_the_form(e) for e in (*_EXAMPLES, *_NEW)), PHRASES
)
