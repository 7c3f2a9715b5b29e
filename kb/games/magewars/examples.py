"""Mage Wars worked examples, each bound to the FAQ entry whose ruling it runs."""

from __future__ import annotations

from kb.games.magewars import rules as r
from kb.rulecheck import Inert, Param, WorkedExample, with_phrases

MAGES = r.MAGES
SCHOOLS = ("Dark", "Fire", "Holy", "Nature", "Arcane", "Mind", "War", "Earth", "Water", "Air")
CREATURES = (
    "Firebrand Imp",
    "Flame Fiend",
    "Timber Wolf",
    "Steelclaw Grizzly",
    "Mountain Gorilla",
    "Warlock",
    "Wizard",
)


def _ex(id_: str, entry: str, title: str, check, params, expected, **kw) -> WorkedExample:
    return WorkedExample(
        id=f"magewars-{id_}",
        entry_id=f"magewars-{entry}",
        title=title,
        check=check,
        params=tuple(params),
        expected=expected,
        **kw,
    )


# --- parameter sets, one per check ----------------------------------------------------


def _actions(zones: int, quick: int, full: int, quickcast: int | None = None):
    out = [
        Param("zones_moved", "int", zones, "Zones moved 移动的区域数", 0, 3),
        Param(
            "quick_actions",
            "int",
            quick,
            "Quick actions besides a second move 快速行动数（第二次移动除外）",
            0,
            2,
        ),
        Param("full_actions", "int", full, "Full actions 标准行动数", 0, 2),
    ]
    if quickcast is not None:
        out.append(
            Param(
                "quickcast_spells",
                "int",
                quickcast,
                "Spells cast with the quickcast action 快速施法行动施放的法术数",
                0,
                2,
            )
        )
    return out


def _bonus(attacks: int, melee: int, rage: int, tokens: int, gained: tuple[int, ...]):
    return [
        Param("attacks", "int", attacks, "Attacks in the attack action 攻击行动中的攻击次数", 1, 3),
        Param("melee_x", "int", melee, "Printed Melee +X 近战 +X", 0, 10),
        Param("rage_x", "int", rage, "Rage +X 狂怒 +X", 0, 10),
        Param("rage_tokens", "int", tokens, "Rage tokens before the action 已有狂怒记代物", 0, 10),
        Param(
            "tokens_gained",
            "int_list",
            gained,
            "Rage tokens gained after each attack 每次攻击后获得的记代物",
            0,
            5,
            max_items=2,
        ),
    ]


def _chain(base: int, ranged: int, lightning: tuple[int, ...]):
    return [
        Param("base_dice", "int", base, "Chain Lightning's attack dice 基础攻击骰子", 1, 20),
        Param("caster_ranged", "int", ranged, "Caster's Ranged +X 施法者远程 +X", 0, 10),
        Param(
            "target_lightning",
            "int_list",
            lightning,
            "Each target's Lightning +X, in chain order 各目标的闪电 +X",
            -5,
            10,
            max_items=10,
        ),
    ]


LIFE_EFFECTS = ("bull_endurance", "pet", "deathlock", "poisoned_blood")
FLYING_EFFECTS = ("eagle_wings", "maim_wings", "guard", "restrained", "incapacitated")
REGEN_EFFECTS = ("regrowth", "poisoned_blood", "deathlock")


def _life(printed: int, effects: tuple[str, ...]):
    return [
        Param("printed_life", "int", printed, "Printed life 印刷生命值", 1, 60),
        Param(
            "effects",
            "str_list",
            effects,
            "Effects, oldest timestamp first 效果（按时间戳先后）",
            choices=LIFE_EFFECTS,
        ),
    ]


def _flying(printed: bool, effects: tuple[str, ...]):
    return [
        Param("printed_flying", "bool", printed, "Flies by itself 本身具有飞行"),
        Param(
            "effects",
            "str_list",
            effects,
            "Effects, oldest timestamp first 效果（按时间戳先后）",
            choices=FLYING_EFFECTS,
        ),
    ]


def _extend(use: bool, countered_by: str):
    return [
        Param("wall_cost", "int", 7, "Wall spell's mana cost 墙体法术费用", 0, 40),
        Param("spell_level", "int", 2, "Wall spell's level 法术等级", 1, 6),
        Param("use_extend", "bool", use, "Use Extend 使用延伸"),
        Param(
            "countered_by",
            "str",
            countered_by,
            "Countered by 被什么反制",
            choices=("nothing", "Jinx", "another counter"),
        ),
    ]


def _push(east: int, north: int):
    return [
        Param(
            "target_east",
            "int",
            east,
            "Target's zones east of the source (west < 0) 目标在推斥来源东面的格数",
            -1,
            1,
        ),
        Param(
            "target_north",
            "int",
            north,
            "Target's zones north of the source (south < 0) 目标在推斥来源北面的格数",
            -1,
            1,
        ),
    ]


def _force_push(wall: str, paid: bool, flying: bool, movable: bool = True):
    return [
        Param(
            "wall",
            "str",
            wall,
            "Wall in the push's path 推斥路径上的墙体",
            choices=("none", "passage_damage", "wall", "outer"),
        ),
        Param("extra_mana_paid", "bool", paid, "Extra mana paid 支付了额外法力"),
        Param("target_flying", "bool", flying, "Target flies 目标具有飞行"),
        Param("target_can_move", "bool", movable, "Target can be moved 目标可以被移动"),
    ]


ENEMY_STATES = ("damaged", "undamaged", "guarding_damaged", "guarding_undamaged")


def _bloodthirsty(enemies: tuple[str, ...], attack: str, cost: int = 0, mana: int = 0):
    return [
        Param(
            "enemies",
            "str_list",
            enemies,
            "Enemy creatures in its zone 同区域的敌方生物",
            choices=ENEMY_STATES,
            max_items=8,
        ),
        Param("attack", "str", attack, "Attack 攻击", choices=("single", "sweep")),
        Param("attack_mana_cost", "int", cost, "Mana the attack costs 攻击需支付的法力", 0, 10),
        Param("mana_pool", "int", mana, "Controller's mana pool 控制者法力池", 0, 100),
    ]


TELEPORT_INERT = Inert(
    "magewars-rule-forced-action-effects",
    "可采取行动的状态仅在生物选择何种行动 ( 或目标 ) 的即刻进行判定",
    "只看生物选择行动时所在的位置（距嘲讽者几格）；传送本身不改变结果。",
    "Only where the creature is when it chooses its action counts; the teleport itself changes "
    "nothing.",
)


def _taunt(
    zones: int,
    ranged: bool = False,
    wall: bool = False,
    slowed: bool = False,
    teleported: bool = False,
    other: bool = False,
    itself: bool = False,
    reach: int = 1,
):
    return [
        Param(
            "taunt_reach",
            "int",
            reach,
            "The taunt reaches (0 = its zone, 1 = one zone away, as Thorg's) 嘲讽的范围",
            0,
            1,
        ),
        Param(
            "zones_away",
            "int",
            zones,
            "Zones from the taunter when choosing its action 选择行动时与嘲讽者的距离",
            0,
            3,
        ),
        Param(
            "can_ranged_attack",
            "bool",
            ranged,
            "Can make a ranged attack on the taunter 能远程攻击嘲讽者",
        ),
        Param(
            "passage_wall_between",
            "bool",
            wall,
            "Wall with passage damage in between 中间有通行伤害墙体",
        ),
        Param("slowed", "bool", slowed, "Slowed: no action left after a move 迟缓"),
        Param(
            "teleported_first",
            "bool",
            teleported,
            "Teleported by quickcast before choosing 选择行动前用快速施法传送",
            inert=TELEPORT_INERT,
        ),
        Param(
            "other_forced_action",
            "bool",
            other,
            "Also under another forced action 同时受其它强制行动",
        ),
        Param("taunts_itself", "bool", itself, "The taunter is the creature itself 嘲讽自己"),
    ]


def _trait(trait: str):
    return [Param("trait", "str", trait, "Trait 特性", choices=tuple(r.DICE_TABLE))]


def _samandriel(mage: bool, schools: tuple[str, ...], nonliving: bool):
    return [
        Param("target_is_mage", "bool", mage, "Target is a mage 目标是法师"),
        Param(
            "target_schools",
            "str_list",
            schools,
            "Schools on the target's card 目标的派系",
            choices=SCHOOLS,
            max_items=4,
        ),
        Param("target_nonliving", "bool", nonliving, "Target is Nonliving 目标为非活体"),
    ]


def _vampiric(damage: int, life: int, taken: int, self_: bool):
    return [
        Param("damage", "int", damage, "Damage dealt 造成的伤害", 0, 60),
        Param("target_life", "int", life, "Target's life 目标生命总量", 1, 60),
        Param("target_damage_taken", "int", taken, "Damage already on the target 已受伤害", 0, 60),
        Param(
            "attacker_is_target",
            "bool",
            self_,
            "The attacker is its own target (Reverse Attack) 攻击者攻击自己",
        ),
    ]


def _reverse_attack(attack: str, revealed: bool, avoided: bool = False):
    return [
        Param(
            "attack",
            "str",
            attack,
            "The Warlock's melee attack 邪术师的近战攻击",
            choices=("single", "double_strike", "triple_strike"),
        ),
        Param(
            "reverse_attack_revealed",
            "bool",
            revealed,
            "Wizard reveals Reverse Attack 巫师展示攻击逆转",
        ),
        Param(
            "later_strikes_avoided",
            "bool",
            avoided,
            "The later strikes on the Wizard are avoided 后续打击被回避",
        ),
    ]


def _reverse_magic(orig: int, new: int, mana: int, willing: bool = True):
    return [
        Param("original_cost", "int", orig, "Cost paid for the original target 原费用", 0, 40),
        Param("new_cost", "int", new, "Recalculated cost for the new target 新费用", 0, 40),
        Param("mana_available", "int", mana, "Mana left after the reveal cost 剩余法力", 0, 100),
        Param("willing_to_pay", "bool", willing, "Willing to pay the difference 愿意支付差额"),
    ]


def _cancel(kind: str, form: str, target: str, legal: bool, who: str, by: str, same: bool):
    return [
        Param(
            "kind",
            "str",
            kind,
            "Spell or attack 法术或攻击",
            choices=("spell", "attack"),
            inert=Inert(
                "magewars-rule-changing-range-or-target",
                "同样, 如果在计算伤害和效果步骤前发生以下任一情形, 则攻击失手并被取消",
                "法术和攻击适用同样的取消规则，是法术还是攻击不影响结果。",
                "Spells and attacks are canceled by the same rule, so which one it is does not "
                "change the result.",
            ),
        ),
        Param(
            "attack_form",
            "str",
            form,
            "Strikes 打击方式",
            choices=("single", "double_strike", "triple_strike", "sweep"),
        ),
        Param(
            "target", "str", target, "What is targeted 目标", choices=("other", "own_zone", "self")
        ),
        Param("target_still_legal", "bool", legal, "Target still legal 目标仍然合法"),
        Param(
            "who_moved",
            "str",
            who,
            "Who moved before resolution 谁被移动",
            choices=("nobody", "caster_or_source", "target"),
        ),
        Param(
            "moved_by",
            "str",
            by,
            "Moved by 移动方式",
            choices=("teleport", "push"),
            inert=Inert(
                "magewars-rule-targeting-your-zone",
                "并被移动 ( 推斥或传送 ) 到同一区域中",
                "推斥和传送同样对待，移动方式不影响结果。",
                "A push and a teleport are treated alike, so how it moved does not change the resu"
                "lt.",
            ),
        ),
        Param("to_same_zone", "bool", same, "Into the same zone 移动到同一区域"),
    ]


def _bound(event: str, spellbound: bool = True):
    return [
        Param(
            "event",
            "str",
            event,
            "What happens to the spell 法术的遭遇",
            choices=("countered", "jinxed", "target_moved", "stolen", "replaced"),
        ),
        Param("spellbound", "bool", spellbound, "The spell is spellbound 法术被绑定"),
    ]


def _range(
    lo: int, hi: int, away: int, ranged: bool = False, a_fly: bool = False, d_fly: bool = False
):
    return [
        Param("range_min", "int", lo, "Minimum range 最小范围", 0, 6),
        Param("range_max", "int", hi, "Maximum range 最大范围", 0, 6),
        Param("zones_away", "int", away, "Target's distance in zones 目标距离", 0, 6),
        Param("ranged_attack", "bool", ranged, "It is a ranged attack 远程攻击"),
        Param("attacker_flying", "bool", a_fly, "Attacker flies 攻击方飞行"),
        Param("defender_flying", "bool", d_fly, "Defender flies 防御方飞行"),
    ]


# Dissolve's erratum (“瓦解的范围应为 0-1”) is the rule under test: its range is fixed.
DISSOLVE_RANGE = {
    "range_min": 0,
    "range_max": 1,
    "ranged_attack": False,
    "attacker_flying": False,
    "defender_flying": False,
}


def DISSOLVE_DISTANCE(away: int) -> Param:  # noqa: N802 (reads as a constant)
    return Param("zones_away", "int", away, "Target's distance in zones 目标距离", 0, 6)


def _helm(attack: str, first: str, second: str, roll: int, redirect: str):
    return [
        Param("attack", "str", attack, "Attack 攻击", choices=("sweep", "triple_strike")),
        Param(
            "first_target",
            "str",
            first,
            "First target 首个目标",
            choices=("Warlock", "Imp", "Fiend"),
        ),
        Param(
            "second_target",
            "str",
            second,
            "Sweep's second target 横扫的第二个目标",
            choices=("Warlock", "Imp", "Fiend"),
        ),
        Param("helm_roll", "int", roll, "Helm of Fear's roll 恐惧头盔掷骰", 1, 12),
        Param(
            "redirect",
            "str",
            redirect,
            "If turned away on the first attack 首次攻击被转向时",
            choices=("Imp", "Fiend", "guard"),
        ),
    ]


def _attack_count(attack: str, objects: int):
    return [
        Param(
            "attack",
            "str",
            attack,
            "Attack 攻击",
            choices=(
                "single",
                "double_strike",
                "triple_strike",
                "sweep",
                "zone",
                "counterstrike",
                "wall",
                "collision",
                "conjuration",
            ),
        ),
        Param(
            "objects_in_zone",
            "int",
            objects,
            "Objects it can reach in the zone 区域中的对象",
            1,
            20,
        ),
    ]


def _own_side(target: str, barrier: bool = True, counter: bool = True):
    return [
        Param(
            "target",
            "str",
            target,
            "What it attacks 攻击对象",
            choices=("another_creature", "itself", "attached"),
        ),
        Param(
            "has_damage_barrier",
            "bool",
            barrier,
            "The attacked creature has a damage barrier 被攻击的生物有反伤屏障",
        ),
        Param(
            "has_counterstrike",
            "bool",
            counter,
            "The attacked creature has counterstrike 被攻击的生物有反击",
        ),
    ]


def _obstruct(flying: bool, s_enemies: int, s_flyers: int, n_enemies: int, n_flyers: int):
    return [
        Param("flying", "bool", flying, "Flies when it moves 移动时具有飞行"),
        Param(
            "start_zone_enemies",
            "int",
            s_enemies,
            "Enemy creatures in its zone 起始区域敌方生物",
            0,
            10,
        ),
        Param("start_zone_enemy_flyers", "int", s_flyers, "…of them flying 其中飞行的", 0, 10),
        Param(
            "new_zone_enemies",
            "int",
            n_enemies,
            "Enemy creatures in the zone entered 进入区域敌方生物",
            0,
            10,
        ),
        Param("new_zone_enemy_flyers", "int", n_flyers, "…of them flying 其中飞行的", 0, 10),
    ]


def _restricted(mage: str, restricted_to: str, use: str):
    return [
        Param("mage", "str", mage, "Mage 法师", choices=MAGES),
        Param(
            "restricted_to",
            "str",
            restricted_to,
            "Card restricted to 卡牌限定",
            choices=("none", *MAGES, "Arcane Mage", "Dark Mage"),
        ),
        Param(
            "use",
            "str",
            use,
            "What the mage does 法师的行为",
            choices=(
                "put_in_spellbook",
                "control",
                "steal_equipment",
                "steal_enchantment",
                "cast_bound_spell",
            ),
        ),
    ]


# --- the examples ------------------------------------------------------------------------

_ACTIONS = [
    _ex(
        "actions-stay-full",
        "rule-actions",
        "Stay in place, one full action 原地执行一个标准行动",
        r.action_marker_use,
        _actions(0, 0, 1),
        {"legal": True, "quick_actions_used": 0},
        fixed={"quickcast_spells": 0},
    ),
    _ex(
        "actions-move-quick",
        "rule-actions",
        "Move one zone and take a quick action 移动一格并执行快速行动",
        r.action_marker_use,
        _actions(1, 1, 0),
        {"legal": True, "quick_actions_used": 1},
        fixed={"quickcast_spells": 0},
    ),
    _ex(
        "actions-second-move",
        "rule-actions",
        "The second zone is the quick action 第二次移动作为快速行动",
        r.action_marker_use,
        _actions(2, 0, 0),
        {"legal": True, "quick_actions_used": 1},
        fixed={"quickcast_spells": 0},
    ),
    _ex(
        "actions-two-quick",
        "rule-actions",
        "Never two quick actions 不能执行两次快速行动",
        r.action_marker_use,
        _actions(0, 2, 0),
        {"legal": False, "quick_actions_used": 2},
        fixed={"quickcast_spells": 0},
    ),
    _ex(
        "actions-two-moves-and-attack",
        "rule-actions",
        "Two zones plus a quick attack is two quick actions 移动两格再快速攻击",
        r.action_marker_use,
        _actions(2, 1, 0),
        {"legal": False, "quick_actions_used": 2},
        fixed={"quickcast_spells": 0},
        note="The second move is the quick action, so a further quick action would be a "
        "second one.",
    ),
    _ex(
        "quickcast-move-two",
        "rule-quickcast-action",
        "Move two zones, then quickcast a quick spell 移动两格后快速施法",
        r.action_marker_use,
        _actions(2, 0, 0, 1),
        {"legal": True, "quick_actions_used": 1},
    ),
    _ex(
        "quickcast-move-attack",
        "rule-quickcast-action",
        "Move, melee attack, then quickcast 移动、近战攻击后快速施法",
        r.action_marker_use,
        _actions(1, 1, 0, 1),
        {"legal": True, "quick_actions_used": 1},
        note="Also the fourth combination: move and a quick action, then the quickcast action "
        "later in the round.",
    ),
    _ex(
        "quickcast-teleport-full",
        "rule-quickcast-action",
        "Quickcast a teleport, then a full action 快速施法传送后执行标准行动",
        r.action_marker_use,
        _actions(0, 0, 1, 1),
        {"legal": True, "quick_actions_used": 0},
        note="The teleport is not a move of the action marker: the mage stays in place for it.",
    ),
    _ex(
        "quickcast-twice",
        "rule-quickcast-action",
        "Only one quickcast action 只有一个快速施法行动",
        r.action_marker_use,
        _actions(0, 1, 0, 2),
        {"legal": False, "quick_actions_used": 1},
    ),
]

_BONUS = [
    _ex(
        "attack-bonus-rage-sweep",
        "rule-attack-bonus",
        "Sweep with Rage +3 and a counterstrike 横扫与狂怒 +3",
        r.attack_bonus_dice,
        _bonus(2, 0, 3, 2, (1,)),
        {"bonus_dice": [2, 1], "melee": [2, 3]},
        note="Reading: each rage token gives Melee +1, up to Rage +X.",
    ),
    _ex(
        "attack-bonus-melee-first-only",
        "rule-attack-bonus",
        "Melee +2 only on the first attack 近战 +2 仅限首次攻击",
        r.attack_bonus_dice,
        _bonus(2, 2, 0, 0, ()),
        {"bonus_dice": [2, 0], "melee": [2, 2]},
    ),
]

_CHAIN = [
    _ex(
        "chain-lightning-three-targets",
        "card-chain-lightning",
        "Chain Lightning: 8, 4 and 4 dice 连锁闪电：8、4、4 颗骰子",
        r.chain_lightning_dice,
        _chain(5, 1, (2, 0, 1)),
        {"dice": [8, 4, 4]},
    ),
    _ex(
        "chain-lightning-floor",
        "card-chain-lightning",
        "Never fewer than 1 die 不少于 1 颗骰子",
        r.chain_lightning_dice,
        _chain(5, 0, (0, 0, 0, 0, 0, 0, 0)),
        {"dice": [5, 4, 3, 2, 1, 1, 1]},
        note="The chain keeps going while it has a legal target; reading: the 1-die floor "
        "applies to the total after the target's own bonus.",
    ),
]

_EFFECTS = [
    _ex(
        "timestamp-basilisk-deathlock",
        "rule-conflicting-effects",
        "Bull Endurance, then Deathlock: 14 life 公牛耐力后死亡枷锁：14 点生命",
        r.creature_life,
        _life(10, ("bull_endurance", "deathlock")),
        {"life": 14},
    ),
    _ex(
        "timestamp-basilisk-after-transfer",
        "rule-conflicting-effects",
        "Bull Endurance moved away: Basilisk back to 10 公牛耐力转移后蛇蜥 10 点",
        r.creature_life,
        _life(10, ("deathlock",)),
        {"life": 10},
    ),
    _ex(
        "timestamp-wolf-transfer",
        "rule-conflicting-effects",
        "Transferred onto the Timber Wolf: still 10 转移到丛林灰狼：仍为 10 点",
        r.creature_life,
        _life(10, ("deathlock", "bull_endurance")),
        {"life": 10},
    ),
    _ex(
        "timestamp-wolf-deathlock-destroyed",
        "rule-conflicting-effects",
        "Deathlock destroyed: the wolf goes to 14 死亡枷锁被摧毁：灰狼 14 点",
        r.creature_life,
        _life(10, ("bull_endurance",)),
        {"life": 14},
    ),
    _ex(
        "timestamp-pet-before-deathlock",
        "rule-conflicting-effects",
        "A Pet made before Deathlock gains 3 life 死亡枷锁前的宠物获得 3 点生命",
        r.creature_life,
        _life(10, ("pet", "deathlock")),
        {"life": 13},
        note="The entry gives no printed life for the animal; 10 is ours.",
    ),
    _ex(
        "timestamp-pet-after-deathlock",
        "rule-conflicting-effects",
        "A Pet made after Deathlock gains nothing 死亡枷锁后的宠物不获得生命",
        r.creature_life,
        _life(10, ("deathlock", "pet")),
        {"life": 10},
        note="The entry gives no printed life for the animal; 10 is ours.",
    ),
    _ex(
        "timestamp-eagle-then-maim",
        "rule-conflicting-effects",
        "Eagle Wings, then Maim Wings: no Flying 雄鹰之翼后折翼：没有飞行",
        r.has_flying,
        _flying(False, ("eagle_wings", "maim_wings")),
        False,
    ),
    _ex(
        "timestamp-maim-then-eagle",
        "rule-conflicting-effects",
        "Eagle Wings transferred back: Flying 雄鹰之翼转回：具有飞行",
        r.has_flying,
        _flying(False, ("maim_wings", "eagle_wings")),
        True,
    ),
    _ex(
        "timestamp-regrowth-poisoned-blood",
        "rule-conflicting-effects",
        "Regrowth under Poisoned Blood: no regeneration 毒血攻心下不能重生",
        r.can_regenerate,
        [
            Param(
                "effects",
                "str_list",
                ("regrowth", "poisoned_blood"),
                "Effects, oldest timestamp first 效果（按时间戳先后）",
                choices=REGEN_EFFECTS,
            )
        ],
        False,
    ),
    _ex(
        "guard-loses-flying",
        "rule-guard",
        "A guarding creature loses Flying 守卫的生物失去飞行",
        r.has_flying,
        _flying(True, ("guard",)),
        False,
    ),
    _ex(
        "restrained-cannot-gain-flying",
        "condition-restrained",
        "Restrained: even later Eagle Wings give no Flying 束缚：之后的雄鹰之翼也无效",
        r.has_flying,
        _flying(True, ("restrained", "eagle_wings")),
        False,
    ),
    _ex(
        "incapacitated-loses-flying",
        "condition-incapacitated",
        "Incapacitated (e.g. by Knockdown): loses Flying 瘫痪（如被击倒）：失去飞行",
        r.has_flying,
        _flying(True, ("incapacitated",)),
        False,
        also_for=("magewars-card-knockdown",),
        aliases=("magewars-knockdown-loses-flying",),
    ),
]

_WALLS = [
    _ex(
        "extend-wall-of-fire",
        "trait-extend",
        "Extended Wall of Fire: 7 + 9 = 16 mana 延伸烈火之墙：共 16 点法力",
        r.extend_wall_cost,
        _extend(True, "nothing"),
        {"walls_placed": 2, "mana_paid": 16, "mana_returned": 0},
    ),
    _ex(
        "extend-countered-by-jinx",
        "trait-extend",
        "Countered by Jinx: all 16 mana back 被厄运反制：回收 16 点法力",
        r.extend_wall_cost,
        _extend(True, "Jinx"),
        {"walls_placed": 0, "mana_paid": 16, "mana_returned": 16},
    ),
    _ex(
        "walls-ranged-attack",
        "rule-walls",
        "Ranged attack on a wall: one side in range 远程攻击墙体：一侧在范围内",
        r.can_ranged_attack_wall,
        [
            Param("line_of_sight", "bool", True, "Line of sight to the wall 对墙体有视线"),
            Param(
                "near_zone_distance",
                "int",
                2,
                "Distance to the nearer zone beside it 近侧区域距离",
                0,
                6,
            ),
            Param("far_zone_distance", "int", 3, "Distance to the other zone 另一侧区域距离", 0, 6),
            Param("range_min", "int", 1, "Minimum range 最小范围", 0, 6),
            Param("range_max", "int", 2, "Maximum range 最大范围", 0, 6),
        ],
        True,
        note="The entry gives no numbers: a range 1-2 attack (like the Longbow) on a wall "
        "whose zones are 2 and 3 zones away.",
    ),
    _ex(
        "walls-flyer-pushed-into-outer-wall",
        "rule-walls",
        "A flyer pushed into the outer wall collides 飞行生物被推向外围墙体会撞击",
        r.force_push,
        _force_push("outer", False, True),
        {"pushed": False, "bashed": True, "passage_attack": False, "extra_mana_lost": 0},
        also_for=("magewars-card-force-push",),
        aliases=("magewars-force-push-flyer-outer-wall",),
    ),
]

_PUSH = [
    _ex(
        "push-east",
        "trait-push",
        "Source to the west: push east 向东推",
        r.push_directions,
        _push(1, 0),
        ["east"],
    ),
    _ex(
        "push-diagonal",
        "trait-push",
        "Diagonal source: east or north 斜向：向东或向北",
        r.push_directions,
        _push(1, 1),
        ["east", "north"],
    ),
    _ex(
        "push-same-zone",
        "trait-push",
        "Same zone: any of four directions 同一区域：四个方向",
        r.push_directions,
        _push(0, 0),
        ["north", "east", "south", "west"],
    ),
    _ex(
        "force-push-unpaid-wall",
        "card-force-push",
        "Unpaid: not pushed through, no bash 未支付：不被推过也不撞击",
        r.force_push,
        _force_push("passage_damage", False, False),
        {"pushed": False, "bashed": False, "passage_attack": False, "extra_mana_lost": 0},
    ),
    _ex(
        "force-push-grip",
        "card-force-push",
        "Cannot be pushed: the extra mana is lost 无法被推斥：额外法力失去",
        r.force_push,
        _force_push("passage_damage", True, False, False),
        {"pushed": False, "bashed": False, "passage_attack": False, "extra_mana_lost": 3},
        note="The extra mana is 3, as in the Reverse Magic entry's Force Push example.",
    ),
    _ex(
        "force-push-flyer",
        "card-force-push",
        "A flyer ignores the wall 飞行生物忽略墙体",
        r.force_push,
        _force_push("passage_damage", False, True),
        {"pushed": True, "bashed": False, "passage_attack": False, "extra_mana_lost": 0},
    ),
]

_FORCED = [
    _ex(
        "bloodthirsty-guard",
        "rule-forced-action-effects",
        "Bloodthirsty with a guard: not obliged 嗜血遇守卫：无须攻击",
        r.bloodthirsty_targets,
        _bloodthirsty(("guarding_undamaged", "damaged"), "single"),
        {"forced": False, "must_target": [], "mana_paid": 0},
    ),
    _ex(
        "bloodthirsty-sweep-two-damaged",
        "rule-forced-action-effects",
        "Sweep with two damaged enemies 横扫：两个受伤的敌方生物",
        r.bloodthirsty_targets,
        _bloodthirsty(("damaged", "damaged", "undamaged"), "sweep"),
        {"forced": True, "must_target": ["damaged", "damaged"], "mana_paid": 0},
    ),
    _ex(
        "bloodthirsty-sweep-one-damaged",
        "rule-forced-action-effects",
        "Sweep with one damaged enemy 横扫：仅一个受伤的敌方生物",
        r.bloodthirsty_targets,
        _bloodthirsty(("damaged", "undamaged", "undamaged"), "sweep"),
        {"forced": True, "must_target": ["damaged", "any"], "mana_paid": 0},
    ),
    _ex(
        "bloodthirsty-goran-pays",
        "rule-forced-action-effects",
        "Goran with 2 mana must attack and pay 戈伦有 2 点法力：必须攻击并支付",
        r.bloodthirsty_targets,
        _bloodthirsty(("damaged",), "single", 2, 2),
        {"forced": True, "must_target": ["damaged"], "mana_paid": 2},
        note="The damaged Wizard's Suppression Cloak makes the attack cost 2 mana.",
    ),
    _ex(
        "bloodthirsty-goran-no-mana",
        "rule-forced-action-effects",
        "Goran without 2 mana is free 戈伦没有 2 点法力：可执行其它行动",
        r.bloodthirsty_targets,
        _bloodthirsty(("damaged",), "single", 2, 1),
        {"forced": False, "must_target": [], "mana_paid": 0},
    ),
    _ex(
        "taunt-sosruko-same-zone",
        "rule-forced-action-effects",
        "Taunted by Sosruko in its zone 同区域被索斯鲁柯嘲讽",
        r.taunted_creature_options,
        _taunt(0, reach=0),
        {"forced": True, "options": ["melee attack the taunter"]},
    ),
    _ex(
        "taunt-wizard-teleports",
        "rule-forced-action-effects",
        "The Wizard teleports out of Sosruko's zone first 巫师先传送离开索斯鲁柯所在区域",
        r.taunted_creature_options,
        _taunt(1, teleported=True, reach=0),
        {"forced": False, "options": []},
        note="Sosruko taunts in its own zone (reach 0); after the teleport the Wizard is one zone "
        "away when he chooses his action. A reach of 1, as Thorg's, would still hold him.",
    ),
    _ex(
        "taunt-thorg-both",
        "rule-forced-action-effects",
        "Thorg one zone away: ranged attack or move in 索格在一格外：远程攻击或移入",
        r.taunted_creature_options,
        _taunt(1, ranged=True),
        {
            "forced": True,
            "options": [
                "ranged attack the taunter",
                "move into the taunter's zone, then melee attack it",
            ],
        },
    ),
    _ex(
        "taunt-thorg-only-move",
        "rule-forced-action-effects",
        "Thorg: only moving in is possible 索格：只能移入",
        r.taunted_creature_options,
        _taunt(1),
        {"forced": True, "options": ["move into the taunter's zone, then melee attack it"]},
    ),
    _ex(
        "taunt-thorg-passage-wall",
        "rule-forced-action-effects",
        "Thorg behind a passage-damage wall: ranged attack 通行伤害墙体：必须远程攻击",
        r.taunted_creature_options,
        _taunt(1, ranged=True, wall=True),
        {"forced": True, "options": ["ranged attack the taunter"]},
    ),
    _ex(
        "taunt-thorg-wall-no-ranged",
        "rule-forced-action-effects",
        "Wall and no ranged attack: free 有墙且不能远程：自由行动",
        r.taunted_creature_options,
        _taunt(1, wall=True),
        {"forced": False, "options": []},
    ),
    _ex(
        "taunt-thorg-slowed",
        "rule-forced-action-effects",
        "A slowed creature moves in but need not attack 迟缓生物移入后无须攻击",
        r.taunted_creature_options,
        _taunt(1, slowed=True),
        {"forced": True, "options": ["move into the taunter's zone"]},
    ),
    _ex(
        "taunt-and-bloodthirsty",
        "rule-forced-action-effects",
        "In Thorg's zone and also bloodthirsty: choose 同时嗜血：可选择",
        r.taunted_creature_options,
        _taunt(0, other=True),
        {"forced": True, "options": ["melee attack the taunter", "obey the other forced action"]},
        note="The moment after it moved into Thorg's zone and finds another damaged object there.",
    ),
    _ex(
        "taunt-itself",
        "trait-taunt",
        "A creature cannot taunt itself 生物不能嘲讽自己",
        r.taunted_creature_options,
        _taunt(0, itself=True, reach=0),
        {"forced": False, "options": []},
    ),
]

_DICE = [
    _ex(
        "dice-melee",
        "trait-dice-modifiers",
        "Melee +X: attack dice only 近战 +X：仅攻击骰子",
        r.dice_modified_by,
        _trait("Melee +X"),
        {"attack_dice": True, "effect_die": False},
    ),
    _ex(
        "dice-damage-type",
        "trait-dice-modifiers",
        "Damage type +X: both 伤害类型 +X：两者都修正",
        r.dice_modified_by,
        _trait("Damage type +X"),
        {"attack_dice": True, "effect_die": True},
    ),
    _ex(
        "dice-tough",
        "trait-dice-modifiers",
        "Tough -X: effect die only 强韧 -X：仅效果骰子",
        r.dice_modified_by,
        _trait("Tough -X"),
        {"attack_dice": False, "effect_die": True},
    ),
    _ex(
        "dice-samandriel-nonliving",
        "trait-dice-modifiers",
        "Samandriel against a Nonliving creature 萨曼德瑞尔对抗非活体",
        r.samandriel_bonus,
        _samandriel(False, (), True),
        {"attack_dice": 1, "effect_die": 1},
    ),
    _ex(
        "school-adramelech",
        "rule-question-creature-school",
        "Adramelech is a Dark creature 阿德拉梅莱克是黑暗系生物",
        r.samandriel_bonus,
        _samandriel(False, ("Dark", "Fire"), False),
        {"attack_dice": 1, "effect_die": 1},
    ),
    _ex(
        "school-warlock",
        "rule-question-creature-school",
        "The Warlock is not a Dark creature 邪术师不是黑暗生物",
        r.samandriel_bonus,
        _samandriel(True, ("Dark", "Fire"), False),
        {"attack_dice": 0, "effect_die": 0},
    ),
    _ex(
        "ranged-plus-dice",
        "trait-ranged",
        "Ranged +1 adds a die, not range 远程 +1 只加骰子",
        r.ranged_attack_dice,
        [
            Param("has_ranged_attack", "bool", True, "Has a ranged attack 具有远程攻击"),
            Param("attack_dice", "int", 3, "Ranged attack dice 远程攻击骰子", 0, 20),
            Param("ranged_x", "int", 1, "Ranged +X 远程 +X", 0, 10),
            Param("range_max", "int", 2, "Maximum range 最大范围", 0, 6),
        ],
        {"can_make_ranged_attack": True, "dice": 4, "range_max": 2},
        note="The entry gives no numbers; 3 dice at range 1-2 are ours.",
    ),
    _ex(
        "ranged-no-attack",
        "trait-ranged",
        "No ranged attack to improve 没有远程攻击",
        r.ranged_attack_dice,
        [
            Param("has_ranged_attack", "bool", False, "Has a ranged attack 具有远程攻击"),
            Param("attack_dice", "int", 3, "Ranged attack dice 远程攻击骰子", 0, 20),
            Param("ranged_x", "int", 1, "Ranged +X 远程 +X", 0, 10),
            Param("range_max", "int", 2, "Maximum range 最大范围", 0, 6),
        ],
        {"can_make_ranged_attack": False, "dice": None, "range_max": None},
    ),
]

_MARK = [
    _ex(
        "mark-of-death-creature",
        "card-mark-of-death",
        "A creature's attack gets +1 die 生物攻击获得 +1 骰子",
        r.mark_of_death_bonus,
        [
            Param(
                "attacker",
                "str",
                "creature",
                "Attacker 攻击来源",
                choices=("creature", "conjuration", "autonomous equipment", "damage barrier"),
            )
        ],
        {"bonus_dice": 1},
    ),
    _ex(
        "mark-of-death-conjuration",
        "card-mark-of-death",
        "A conjuration's attack gets nothing 魔物攻击无效",
        r.mark_of_death_bonus,
        [
            Param(
                "attacker",
                "str",
                "conjuration",
                "Attacker 攻击来源",
                choices=("creature", "conjuration", "autonomous equipment", "damage barrier"),
            )
        ],
        {"bonus_dice": 0},
    ),
    _ex(
        "damage-barrier-mark-of-death",
        "rule-damage-barrier",
        "No +1 die for a damage barrier 反伤屏障不获得 +1 骰子",
        r.mark_of_death_bonus,
        [
            Param(
                "attacker",
                "str",
                "damage barrier",
                "Attacker 攻击来源",
                choices=("creature", "conjuration", "autonomous equipment", "damage barrier"),
            )
        ],
        {"bonus_dice": 0},
    ),
    _ex(
        "damage-barrier-skips-avoid",
        "rule-damage-barrier",
        "A damage barrier forces no Block reveal 反伤屏障不迫使格挡展示",
        r.avoid_attack_step,
        [
            Param(
                "attack",
                "str",
                "damage_barrier",
                "Attack 攻击",
                choices=("normal", "unavoidable", "damage_barrier"),
            )
        ],
        {"avoid_attack_step": False, "forces_block_reveal": False},
    ),
    _ex(
        "damage-barrier-unavoidable",
        "rule-damage-barrier",
        "Other unavoidable attacks still force Block 其它无法回避的攻击仍迫使展示",
        r.avoid_attack_step,
        [
            Param(
                "attack",
                "str",
                "unavoidable",
                "Attack 攻击",
                choices=("normal", "unavoidable", "damage_barrier"),
            )
        ],
        {"avoid_attack_step": True, "forces_block_reveal": True},
    ),
    _ex(
        "damage-barrier-self-attack",
        "rule-damage-barrier",
        "A creature attacking itself: no own damage barrier or counterstrike "
        "生物攻击自己：不触发自身反伤屏障和反击",
        r.attack_on_own_side,
        _own_side("itself"),
        {"ignores_guards": True, "damage_barrier": False, "counterstrike": False},
        also_for=("magewars-rule-friendly-attacks",),
        aliases=("magewars-friendly-attack-itself",),
    ),
    _ex(
        "friendly-attack-other",
        "rule-friendly-attacks",
        "Attacking a friendly creature 攻击友方生物",
        r.attack_on_own_side,
        _own_side("another_creature"),
        {"ignores_guards": False, "damage_barrier": True, "counterstrike": True},
        note="Another creature's own damage barrier and counterstrike work as usual; the entry "
        "exempts only attacks on oneself.",
    ),
    _ex(
        "strangle-vine-attached",
        "card-strangle-vine",
        "Attacking the Strangle Vine on itself, past guards 越过守卫攻击附属在自身的缠绕藤蔓",
        r.attack_on_own_side,
        _own_side("attached"),
        {"ignores_guards": True, "damage_barrier": False, "counterstrike": False},
        also_for=("magewars-rule-guard",),
        aliases=("magewars-guard-attack-attached",),
    ),
]

_DEATH = [
    _ex(
        "mage-death-magebane-draw",
        "rule-mage-death",
        "Both mages die in one phase: a draw 两名法师同阶段死亡：平局",
        r.game_outcome,
        [
            Param(
                "mages_alive",
                "int",
                2,
                "Mages alive at the start of the phase 阶段开始时存活法师",
                1,
                6,
            ),
            Param(
                "mages_dying_this_phase",
                "int",
                2,
                "Mages who die in the phase 本阶段死亡法师",
                0,
                6,
            ),
        ],
        {"draw": True, "mages_left": 0},
    ),
    _ex(
        "mage-death-one-survives",
        "rule-mage-death",
        "One mage left: no draw 剩一名法师：非平局",
        r.game_outcome,
        [
            Param(
                "mages_alive",
                "int",
                2,
                "Mages alive at the start of the phase 阶段开始时存活法师",
                1,
                6,
            ),
            Param(
                "mages_dying_this_phase",
                "int",
                1,
                "Mages who die in the phase 本阶段死亡法师",
                0,
                6,
            ),
        ],
        {"draw": False, "mages_left": 1},
    ),
    _ex(
        "vampiric-excess-damage",
        "trait-vampiric",
        "Only the target's remaining life counts 仅计算目标剩余生命",
        r.vampiric_healing,
        _vampiric(7, 10, 6, False),
        {"damage_for_healing": 4, "healed": 2, "target_destroyed": True},
        note="The entry gives no numbers; 7 damage against 4 remaining life is ours. Healing "
        "half is from the Reverse Attack entry (6 heals 3).",
    ),
    _ex(
        "reverse-attack-vampiric",
        "card-reverse-attack",
        "Reversed vampiric attack: 6 damage, heal 3 吸血攻击被逆转：受 6 治疗 3",
        r.vampiric_healing,
        _vampiric(6, 20, 0, True),
        {"damage_for_healing": 6, "healed": 3, "target_destroyed": False},
        note="The Warlock's life is not given; 20 is ours.",
    ),
    _ex(
        "reverse-attack-vampiric-kills",
        "card-reverse-attack",
        "Killed before healing 治疗前已死亡",
        r.vampiric_healing,
        _vampiric(6, 20, 15, True),
        {"damage_for_healing": 5, "healed": 0, "target_destroyed": True},
        note="The Warlock's life is not given; 5 remaining life is ours.",
    ),
    _ex(
        "reverse-attack-single",
        "card-reverse-attack",
        "Reverse Attack: the Warlock hits himself 攻击逆转：邪术师攻击自己",
        r.reverse_attack_strikes,
        _reverse_attack("single", True),
        {
            "source": "Wizard",
            "targets": ["Warlock"],
            "wizard_damage_barrier": False,
            "wizard_may_counterstrike": True,
        },
    ),
    _ex(
        "reverse-attack-double-strike",
        "card-reverse-attack",
        "Double strike: the second strike hits the Wizard 两连击：第二次打击巫师",
        r.reverse_attack_strikes,
        _reverse_attack("double_strike", True),
        {
            "source": "Wizard",
            "targets": ["Warlock", "Wizard"],
            "wizard_damage_barrier": True,
            "wizard_may_counterstrike": True,
        },
    ),
    _ex(
        "attack-source-attacker",
        "rule-attack-source",
        "Normally the attacker is the source 攻击来源通常是攻击者",
        r.reverse_attack_strikes,
        _reverse_attack("single", False),
        {
            "source": "Warlock",
            "targets": ["Wizard"],
            "wizard_damage_barrier": True,
            "wizard_may_counterstrike": True,
        },
    ),
]

_MANA = [
    _ex(
        "pentagram-two-rounds",
        "card-pentagram",
        "Imp and Fiend in two rounds: 2 + 2 mana 两回合魔婴和狱鬼：2+2 点法力",
        r.pentagram_mana,
        [
            Param(
                "damaged_creatures",
                "str_list",
                ("Firebrand Imp", "Flame Fiend", "Firebrand Imp", "Flame Fiend"),
                "Different enemy creatures damaged, one per round each 各回合受伤的不同敌方生物",
                choices=CREATURES,
                display_only=True,
            ),
            Param(
                "in_rounds",
                "int_list",
                (1, 1, 2, 2),
                "The round each was damaged 各自受伤的回合",
                1,
                30,
            ),
        ],
        {"mana_per_round": {"1": 2, "2": 2}, "total": 4},
        note="List each different creature once per round in which it was damaged: two copies "
        "of a card are two creatures (list both); the same creature damaged twice in a round is "
        "listed once.",
    ),
    _ex(
        "reverse-magic-dissolve-pay",
        "card-reverse-magic",
        "Dissolve turned on the Lash of Hellfire: pay 2 瓦解改为狱火长鞭：支付 2 点",
        r.reverse_magic_cost,
        _reverse_magic(6, 8, 2),
        {"extra_cost": 2, "spell": "resolves"},
    ),
    _ex(
        "reverse-magic-dissolve-no-mana",
        "card-reverse-magic",
        "No 2 mana: the spell is canceled 没有 2 点法力：取消法术",
        r.reverse_magic_cost,
        _reverse_magic(6, 8, 0),
        {"extra_cost": 2, "spell": "canceled"},
    ),
    _ex(
        "reverse-magic-cheaper",
        "card-reverse-magic",
        "Cheaper equipment: no refund 费用较低的装备：不退回法力",
        r.reverse_magic_cost,
        _reverse_magic(6, 4, 0),
        {"extra_cost": 0, "spell": "resolves"},
        note='The entry says only "costs less than 6"; 4 is ours.',
    ),
    _ex(
        "reverse-magic-force-push",
        "card-reverse-magic",
        "Force Push through the wall: pay 3 more 原力推斥过墙：再付 3 点",
        r.reverse_magic_cost,
        _reverse_magic(3, 6, 3),
        {"extra_cost": 3, "spell": "resolves"},
    ),
    _ex(
        "reverse-magic-force-push-prepaid",
        "card-reverse-magic",
        "The Warlock already paid: nothing more 邪术师已支付：无须额外费用",
        r.reverse_magic_cost,
        _reverse_magic(6, 6, 0),
        {"extra_cost": 0, "spell": "resolves"},
    ),
    _ex(
        "mana-siphon-self",
        "card-mana-siphon",
        "Only the caster in range: he targets himself 范围内仅施法者：以自己为目标",
        r.mana_siphon_target,
        [
            Param(
                "opponents_in_range",
                "int",
                0,
                "Opponents in range when it resolves 范围内对手",
                0,
                5,
            )
        ],
        {"must_target_self": True, "legal_targets": 1},
    ),
    _ex(
        "mind-soothe-no-mana",
        "card-mind-soothe",
        "Without 2 mana no attack can be declared 没有 2 点法力不能宣告攻击",
        r.mind_soothe_attack,
        [
            Param("mana_available", "int", 1, "Attacker's mana 攻击方法力", 0, 100),
            Param(
                "revealed",
                "str",
                "before_attack",
                "When Mind Soothe was revealed 展示时机",
                choices=("before_attack", "in_response"),
            ),
        ],
        {"can_declare": False, "mana_paid": 0},
    ),
    _ex(
        "mind-soothe-in-response",
        "card-mind-soothe",
        "Revealed in response: too late for the cost 作为回应展示：为时已晚",
        r.mind_soothe_attack,
        [
            Param("mana_available", "int", 5, "Attacker's mana 攻击方法力", 0, 100),
            Param(
                "revealed",
                "str",
                "in_response",
                "When Mind Soothe was revealed 展示时机",
                choices=("before_attack", "in_response"),
            ),
        ],
        {"can_declare": True, "mana_paid": 0},
    ),
    _ex(
        "suppression-orb-no-mana",
        "card-suppression-orb",
        "No mana: the creature cannot move 没有法力：生物不能移动",
        r.can_move_under_suppression_orb,
        [
            Param("is_mage", "bool", False, "The creature is a mage 该生物是法师"),
            Param("controller_mana", "int", 0, "Controller's mana 控制者法力", 0, 100),
            Param("move_cost", "int", 1, "Mana the Orb asks for a move 移动所需法力", 1, 10),
        ],
        False,
        note="The entry does not state the Orb's amount; 1 is a placeholder — with no "
        "mana any cost stops the move.",
    ),
]

_CANCEL = [
    _ex(
        "cancel-hydra-triple-strike",
        "rule-changing-range-or-target",
        "Hydra's triple strike: target teleported 九头蛇三连击：目标被传送",
        r.cancellation,
        _cancel("attack", "triple_strike", "other", True, "target", "teleport", True),
        {"canceled": True, "later_strikes": "canceled"},
    ),
    _ex(
        "cancel-dwarf-sweep",
        "rule-changing-range-or-target",
        "Sweep: the Gorilla teleports away 横扫：猩猩被传送走",
        r.cancellation,
        _cancel("attack", "sweep", "other", True, "target", "teleport", False),
        {"canceled": True, "later_strikes": "different target"},
    ),
    _ex(
        "cancel-dwarf-teleported",
        "rule-changing-range-or-target",
        "Sweep: the attacker itself teleports 横扫：攻击者自身被传送",
        r.cancellation,
        _cancel("attack", "sweep", "other", True, "caster_or_source", "teleport", True),
        {"canceled": True, "later_strikes": "different target"},
    ),
    _ex(
        "cancel-wizard-own-zone-moved-away",
        "rule-changing-range-or-target",
        "Wizard teleported away from his target zone 巫师被传送离开目标区域",
        r.cancellation,
        _cancel("spell", "single", "own_zone", True, "caster_or_source", "teleport", False),
        {"canceled": True, "later_strikes": "none"},
    ),
    _ex(
        "cancel-target-illegal",
        "rule-changing-range-or-target",
        "The target is no longer legal 目标不再合法",
        r.cancellation,
        _cancel("spell", "single", "other", False, "nobody", "teleport", False),
        {"canceled": True, "later_strikes": "none"},
    ),
    _ex(
        "own-zone-same-zone",
        "rule-targeting-your-zone",
        "Own zone, teleported into the same zone: goes on 目标为自身区域，传送到同一区域",
        r.cancellation,
        _cancel("spell", "single", "own_zone", True, "caster_or_source", "teleport", True),
        {"canceled": False, "later_strikes": "none"},
        note="A push always moves one zone, so only a teleport can end in the same zone.",
    ),
    _ex(
        "yourself-different-zone",
        "rule-targeting-yourself",
        "Targeting yourself, moved elsewhere: goes on 以自己为目标被移走：不取消",
        r.cancellation,
        _cancel("spell", "single", "self", True, "caster_or_source", "push", False),
        {"canceled": False, "later_strikes": "none"},
    ),
    _ex(
        "spellbind-countered",
        "trait-spellbind",
        "A countered bound spell stays bound 被反制的绑定法术仍保持绑定",
        r.bound_spell_after,
        _bound("countered"),
        {"card": "stays bound"},
    ),
    _ex(
        "spellbind-replaced",
        "trait-spellbind",
        "A replaced bound spell returns to its owner 被更换的绑定法术返回拥有者",
        r.bound_spell_after,
        _bound("replaced"),
        {"card": "owner's spellbook"},
    ),
    _ex(
        "spellbind-priestess-drain-life",
        "trait-spellbind",
        "The Priestess cannot cast a stolen wand's restricted Drain Life "
        "女祭司不能施放窃取的魔杖上的限定法术生命汲取",
        r.restricted_card_use,
        _restricted("Priestess", "Warlock", "cast_bound_spell"),
        {"allowed": False, "outcome": "cannot"},
        note="The entry does not say which mage Drain Life is restricted to; any restriction "
        "but the Priestess gives this outcome (Warlock is a stand-in).",
        also_for=("magewars-rule-restricted-spells",),
        aliases=("magewars-restricted-priestess-wand",),
    ),
    _ex(
        "jinx-spellbound",
        "card-jinx",
        "Jinx on a spellbound spell 对绑定法术使用厄运",
        r.bound_spell_after,
        _bound("jinxed"),
        {"card": "stays bound"},
    ),
]

_RANGE = [
    _ex(
        "range-creature-spell",
        "rule-spell-range",
        "A creature spell (0-0) in your own zone 生物法术（0-0）",
        r.is_in_range,
        _range(0, 0, 0),
        True,
    ),
    _ex(
        "range-longbow-two-zones",
        "rule-spell-range",
        "Longbow 1-2 at two zones 长弓 1-2 射两格",
        r.is_in_range,
        _range(1, 2, 2, ranged=True),
        True,
    ),
    _ex(
        "range-longbow-same-zone",
        "rule-spell-range",
        "Longbow 1-2 in its own zone: out of range 长弓在同一区域：超出范围",
        r.is_in_range,
        _range(1, 2, 0, ranged=True),
        False,
    ),
    _ex(
        "range-dissolve-errata",
        "card-dissolve",
        "Dissolve (errata 0-1) one zone away 瓦解（勘误 0-1）一格外",
        r.is_in_range,
        [DISSOLVE_DISTANCE(1)],
        True,
        fixed=DISSOLVE_RANGE,
        note="The erratum fixes the range at 0-1, so the range is not a form input here; the "
        "printed range is not stated.",
    ),
    _ex(
        "range-dissolve-two-zones",
        "card-dissolve",
        "Dissolve cannot reach two zones 瓦解不能到达两格外",
        r.is_in_range,
        [DISSOLVE_DISTANCE(2)],
        False,
        fixed=DISSOLVE_RANGE,
    ),
    _ex(
        "flying-ignores-min-range",
        "trait-flying",
        "A flyer in the same zone ignores minimum range 飞行忽略最小范围",
        r.is_in_range,
        _range(1, 2, 0, ranged=True, d_fly=True),
        True,
    ),
]

_HELM = [
    _ex(
        "helm-of-fear-sweep",
        "card-helm-of-fear",
        "Sweep turned to the Imp, then the Fiend 横扫转向魔婴，然后狱鬼",
        r.helm_of_fear_targets,
        _helm("sweep", "Warlock", "Fiend", 9, "Imp"),
        {"attacked": ["Imp", "Fiend"], "action_canceled": False},
    ),
    _ex(
        "helm-of-fear-guard",
        "card-helm-of-fear",
        "Guard instead: the whole action is canceled 改为守卫：整个攻击行动取消",
        r.helm_of_fear_targets,
        _helm("sweep", "Warlock", "Fiend", 9, "guard"),
        {"attacked": [], "action_canceled": True},
    ),
    _ex(
        "helm-of-fear-second-attack",
        "card-helm-of-fear",
        "Turned away on the second attack: only the Fiend 第二次攻击被转向：只能攻击狱鬼",
        r.helm_of_fear_targets,
        _helm("sweep", "Imp", "Warlock", 9, "guard"),
        {"attacked": ["Imp", "Fiend"], "action_canceled": False},
        note="Guarding instead is not possible on the second attack: the redirect choice "
        '"guard" applies to a first attack only.',
    ),
    _ex(
        "helm-of-fear-triple-strike",
        "card-helm-of-fear",
        "Triple strike turned to the Fiend: all three strikes 三连击转向狱鬼：承受全部三次",
        r.helm_of_fear_targets,
        _helm("triple_strike", "Warlock", "Imp", 9, "Fiend"),
        {"attacked": ["Fiend", "Fiend", "Fiend"], "action_canceled": False},
    ),
]

_ATTACKS = [
    _ex(
        "daze-triple-strike",
        "condition-daze",
        "Dazed triple strike: three rolls 眩晕的三连击：投掷三次",
        r.daze_rolls,
        [Param("attack", "str", "triple_strike", "Attack 攻击", choices=tuple(r.STRIKES))],
        {"rolls": 3, "when": ["end of Declare Attack step", "start of attack", "start of attack"]},
    ),
    _ex(
        "daze-sweep",
        "condition-daze",
        "Dazed sweep: two rolls 眩晕的横扫：投掷两次",
        r.daze_rolls,
        [Param("attack", "str", "sweep", "Attack 攻击", choices=tuple(r.STRIKES))],
        {"rolls": 2, "when": ["end of Declare Attack step", "end of Declare Attack step"]},
        note="Reading: the sweep's second attack declares its new target, so its roll is at "
        "the end of its own Declare Attack step.",
    ),
    _ex(
        "attack-action-sweep",
        "rule-attack-action",
        "A sweep: one attack action, two attacks 横扫：一次攻击行动两次攻击",
        r.attack_count,
        _attack_count("sweep", 3),
        {"attack_actions": 1, "attacks": 2, "spends_creature_action": True},
    ),
    _ex(
        "attack-action-zone",
        "rule-attack-action",
        "A zone attack on four objects 区域攻击四个对象",
        r.attack_count,
        _attack_count("zone", 4),
        {"attack_actions": 1, "attacks": 4, "spends_creature_action": True},
    ),
    _ex(
        "attack-action-counterstrike",
        "rule-attack-action",
        "A counterstrike spends no action 反击不耗费行动",
        r.attack_count,
        _attack_count("counterstrike", 1),
        {"attack_actions": 1, "attacks": 1, "spends_creature_action": False},
    ),
]

_OTHER = [
    _ex(
        "obstruct-vampiress-flies",
        "rule-obstruct",
        "The Vampiress gains Flying and moves twice 吸血鬼获得飞行后移动两次",
        r.can_make_second_move,
        _obstruct(True, 1, 0, 0, 0),
        True,
        note="The same happens when a creature reveals Eagle Wings before it moves.",
    ),
    _ex(
        "obstruct-leaving-enemy-zone",
        "rule-obstruct",
        "Leaving an enemy's zone: no second move 离开有敌方的区域：不能再次移动",
        r.can_make_second_move,
        _obstruct(False, 1, 0, 0, 0),
        False,
    ),
    _ex(
        "banish-valshalla",
        "card-banish",
        "Banished Valshalla still gains rage tokens 被放逐的瓦尔莎拉仍获得怒气记代物",
        r.banished_creature,
        [
            Param(
                "action_marker",
                "str",
                "active",
                "Action marker when banished 放逐时的行动标记",
                choices=("active", "inactive"),
            ),
            Param(
                "ability_has_limited_range",
                "bool",
                False,
                "The ability works within a limited range 能力限定范围",
            ),
        ],
        {"action_marker_on_return": "active", "ability_works": True},
    ),
    _ex(
        "battle-fury-double-strike",
        "card-battle-fury",
        "After the whole double strike 在整个两连击之后",
        r.battle_fury_attack,
        [
            Param(
                "next_melee_attack",
                "str",
                "attack_action",
                "Its next melee attack 下一次近战攻击",
                choices=("attack_action", "counterstrike"),
            ),
            Param("strikes", "int", 2, "Strikes in that attack action 打击次数", 1, 3),
        ],
        {"extra_attack": True, "after_strike": 2},
    ),
    _ex(
        "battle-fury-counterstrike",
        "card-battle-fury",
        "A counterstrike cancels Battle Fury 反击使战斗怒火取消",
        r.battle_fury_attack,
        [
            Param(
                "next_melee_attack",
                "str",
                "counterstrike",
                "Its next melee attack 下一次近战攻击",
                choices=("attack_action", "counterstrike"),
            ),
            Param("strikes", "int", 1, "Strikes in that attack action 打击次数", 1, 3),
        ],
        {"extra_attack": False, "after_strike": 0},
    ),
    _ex(
        "decoy-destroyed",
        "card-decoy",
        "Decoy destroyed unrevealed: 2 mana 诱饵被销毁：2 点法力",
        r.decoy_mana,
        [
            Param(
                "event",
                "str",
                "destroyed",
                "What happens to Decoy 诱饵的遭遇",
                choices=("destroyed", "countered"),
            )
        ],
        {"mana_gained": 2},
    ),
    _ex(
        "decoy-countered",
        "card-decoy",
        "Decoy countered: no mana 诱饵被反制：没有法力",
        r.decoy_mana,
        [
            Param(
                "event",
                "str",
                "countered",
                "What happens to Decoy 诱饵的遭遇",
                choices=("destroyed", "countered"),
            )
        ],
        {"mana_gained": 0},
    ),
    _ex(
        "gate-to-hell-anywhere",
        "card-gate-to-hell",
        "Its mage opens it from anywhere 控制方法师可在任何地方开启",
        r.can_open_gate_to_hell,
        [
            Param(
                "opener",
                "str",
                "controlling_mage",
                "Who opens it 开启者",
                choices=("controlling_mage", "other_mage", "creature"),
            ),
            Param(
                "zones_away",
                "int",
                3,
                "Zones from the Gate 与大门的距离",
                0,
                6,
                inert=Inert(
                    "magewars-card-gate-to-hell",
                    "可以从竞技场的任何地方发动",
                    "控制者法师在竞技场任何地方都可以开启，距离不影响结果。",
                    "Its mage may open it from anywhere in the arena: the distance does not matter"
                    ".",
                ),
            ),
        ],
        True,
    ),
    _ex(
        "malacoda-poison-immune",
        "card-malacoda",
        "Malacoda takes none of its own poison 玛拉寇达不受自身毒系伤害",
        r.direct_damage_taken,
        [
            Param("damage", "int", 1, "Direct damage dealt 直接伤害", 0, 30),
            Param(
                "damage_type",
                "str",
                "poison",
                "Damage type 伤害类型",
                choices=("poison", "flame", "lightning", "acid", "psychic", "hydro"),
            ),
            Param(
                "immunities",
                "str_list",
                ("poison",),
                "Immunities 免疫",
                choices=("poison", "flame", "lightning", "acid", "psychic", "hydro"),
            ),
        ],
        {"damage_taken": 0},
        note="The entry gives no amount; 1 damage is ours.",
    ),
    _ex(
        "rouse-the-beast-final-quickcast",
        "card-rouse-the-beast",
        "Final Quickcast Phase: active but cannot act 最终快速施法阶段：翻面但不能行动",
        r.rouse_the_beast,
        [
            Param(
                "phase",
                "str",
                "final_quickcast",
                "Phase it is cast in 施放阶段",
                choices=("action_phase", "final_quickcast"),
            )
        ],
        {"marker_active": True, "can_act_this_round": False},
    ),
    _ex(
        "revealed-block-too-early",
        "rule-question-revealed-at-wrong-time",
        "Block revealed with no attack: wasted 没有攻击时展示格挡：浪费",
        r.one_time_enchantment_revealed,
        [Param("being_attacked", "bool", False, "The creature is being attacked 生物正被攻击")],
        {"effect_used": False, "destroyed": True},
    ),
    _ex(
        "removal-cost-sleep-damaged",
        "rule-removal-costs",
        "A sleeping creature damaged: nothing to pay 沉睡生物受伤：无须支付",
        r.condition_removal,
        [
            Param("removal_cost", "int", 2, "The condition's removal cost 移除费用", 0, 10),
            Param(
                "effect_allows_paying", "bool", False, "An effect allows paying it 有效果允许支付"
            ),
            Param("removed_by_other_cause", "bool", True, "Removed another way 因其它原因移除"),
            Param("pay", "bool", False, "The player wants to pay 玩家想支付"),
        ],
        {"removed": True, "mana_paid": 0},
        note="The removal cost 2 is ours.",
    ),
    _ex(
        "removal-cost-at-will",
        "rule-removal-costs",
        "No paying a removal cost at will 不能随意支付移除费用",
        r.condition_removal,
        [
            Param("removal_cost", "int", 2, "The condition's removal cost 移除费用", 0, 10),
            Param(
                "effect_allows_paying", "bool", False, "An effect allows paying it 有效果允许支付"
            ),
            Param("removed_by_other_cause", "bool", False, "Removed another way 因其它原因移除"),
            Param("pay", "bool", True, "The player wants to pay 玩家想支付"),
        ],
        {"removed": False, "mana_paid": 0},
        note="The removal cost 2 is ours.",
    ),
    _ex(
        "restricted-steal-lash",
        "rule-restricted-spells",
        "Forcemaster steals the Lash of Hellfire: destroyed 原力大师窃取狱火长鞭：被摧毁",
        r.restricted_card_use,
        _restricted("Forcemaster", "Warlock", "steal_equipment"),
        {"allowed": True, "outcome": "destroyed"},
    ),
    _ex(
        "restricted-forcefield",
        "rule-restricted-spells",
        "The Wizard cannot steal Forcefield 巫师不能窃取 Forcefield",
        r.restricted_card_use,
        _restricted("Wizard", "Forcemaster", "steal_enchantment"),
        {"allowed": False, "outcome": "cannot"},
    ),
    _ex(
        "restricted-huginn",
        "rule-restricted-spells",
        "No Mind Control on Huginn (Arcane Mage only) 不能精神控制胡金",
        r.restricted_card_use,
        _restricted("Forcemaster", "Arcane Mage", "control"),
        {"allowed": False, "outcome": "cannot"},
    ),
    _ex(
        "steal-enchantment-deathlink",
        "card-steal-enchantment",
        "The Wizard cannot take the Warlock's Deathlink 巫师不能控制死亡链接",
        r.restricted_card_use,
        _restricted("Wizard", "Warlock", "steal_enchantment"),
        {"allowed": False, "outcome": "cannot"},
        note="Deathlink is the Warlock's: read as restricted to the Warlock.",
    ),
    _ex(
        "owner-discard",
        "rule-owner",
        "A stolen card goes to its owner's discard pile 卡牌进入拥有者的弃牌堆",
        r.card_destination,
        [
            Param("owner", "str", "Wizard", "Owner 拥有者", choices=MAGES),
            Param(
                "controller",
                "str",
                "Warlock",
                "Controller 控制者",
                choices=MAGES,
                inert=Inert(
                    "magewars-rule-owner",
                    "其总是移动到其拥有者的弃牌堆魔法书或手牌中",
                    "卡牌总是进入拥有者的弃牌堆、魔法书或手牌，控制者是谁不影响结果。",
                    "A card always goes to its owner's pile, whoever controls it.",
                ),
            ),
            Param(
                "place",
                "str",
                "discard pile",
                "Where it goes 去向",
                choices=("discard pile", "spellbook", "hand"),
            ),
        ],
        "Wizard's discard pile",
    ),
    _ex(
        "armor-cannot-have",
        "trait-armor",
        "Cannot have armor: always 0 不能具有护甲：始终为 0",
        r.armor_value,
        [
            Param("printed_armor", "int", 0, "Printed armor 印刷护甲", 0, 20),
            Param("armor_bonus", "int", 2, "Armor gained from effects 效果给予的护甲", 0, 20),
            Param("cannot_have_armor", "bool", True, "Cannot-have-armor symbol 不能具有护甲符号"),
        ],
        {"armor": 0},
        note="The +2 armor bonus is ours; the entry gives no number.",
    ),
    _ex(
        "novice-holy-warlock",
        "trait-novice",
        "A Holy novice spell costs the Warlock 1 point 初级神圣系法术仅需 1 点",
        r.spellbook_points,
        [
            Param("level", "int", 1, "Spell level 法术等级", 1, 6),
            Param(
                "points_per_level",
                "int",
                3,
                "Normal points per level for this mage 每级法术点",
                1,
                3,
            ),
            Param("novice", "bool", True, "Novice 初级"),
        ],
        {"spell_points": 1},
    ),
    _ex(
        "novice-not-novice",
        "trait-novice",
        "The same spell, not Novice: 3 points 非初级：3 点",
        r.spellbook_points,
        [
            Param("level", "int", 1, "Spell level 法术等级", 1, 6),
            Param(
                "points_per_level",
                "int",
                3,
                "Normal points per level for this mage 每级法术点",
                1,
                3,
            ),
            Param("novice", "bool", False, "Novice 初级"),
        ],
        {"spell_points": 3},
    ),
    _ex(
        "upkeep-enchantment",
        "trait-upkeep",
        "The enchantment's controller pays its upkeep 结界控制方支付维持费用",
        r.upkeep_payer,
        [
            Param(
                "source",
                "str",
                "enchantment",
                "Upkeep from 维持来源",
                choices=("enchantment", "essence_drain"),
            ),
            Param("upkeep_x", "int", 1, "Upkeep +X 维持 +X", 0, 10),
            Param(
                "enchantment_controller",
                "str",
                "Warlock",
                "Enchantment's controller 结界控制方",
                choices=MAGES,
            ),
            Param(
                "creature_controller",
                "str",
                "Wizard",
                "Creature's controller 生物控制方",
                choices=MAGES,
            ),
        ],
        {"payer": "Warlock", "upkeep": 1},
        note="Upkeep +1 is ours; the entry gives no X.",
    ),
    _ex(
        "upkeep-essence-drain",
        "trait-upkeep",
        "Essence Drain: the creature's controller pays 2 精华汲取：生物控制方支付 2",
        r.upkeep_payer,
        [
            Param(
                "source",
                "str",
                "essence_drain",
                "Upkeep from 维持来源",
                choices=("enchantment", "essence_drain"),
            ),
            Param("upkeep_x", "int", 2, "Upkeep +X 维持 +X", 0, 10),
            Param(
                "enchantment_controller",
                "str",
                "Warlock",
                "Enchantment's controller 结界控制方",
                choices=MAGES,
            ),
            Param(
                "creature_controller",
                "str",
                "Wizard",
                "Creature's controller 生物控制方",
                choices=MAGES,
            ),
        ],
        {"payer": "Wizard", "upkeep": 2},
    ),
]

# Every choice as a phrase in both languages (the form shows these; the API keeps the codes).
PHRASES: dict[str, tuple[str, str]] = {
    "Aegis X": ("庇护 X", "Aegis X"),
    "Bloodthirsty +X": ("嗜血 +X", "Bloodthirsty +X"),
    "Charge +X": ("冲锋 +X", "Charge +X"),
    "Melee +X": ("近战 +X", "Melee +X"),
    "Rage +X": ("狂怒 +X", "Rage +X"),
    "Ranged +X": ("远程 +X", "Ranged +X"),
    "Damage type +X": ("伤害类型 +X", "Damage type +X"),
    "Vs. type/trait creature +X": ("对抗类型/特性生物 +X", "Vs. type/trait creature +X"),
    "Tough -X": ("强韧 -X", "Tough -X"),
    "Dark": ("黑暗系", "Dark"),
    "Fire": ("火系", "Fire"),
    "Holy": ("神圣系", "Holy"),
    "Nature": ("自然系", "Nature"),
    "Arcane": ("奥术", "Arcane"),
    "Mind": ("心灵系", "Mind"),
    "War": ("战争系", "War"),
    "Earth": ("大地系", "Earth"),
    "Water": ("水系", "Water"),
    "Air": ("风系", "Air"),
    "Arcane Mage": ("奥术法师", "an Arcane Mage"),
    "Dark Mage": ("黑暗法师", "a Dark Mage"),
    "Warlock": ("邪术师", "Warlock"),
    "Wizard": ("巫师", "Wizard"),
    "Forcemaster": ("Forcemaster（原力大师）", "Forcemaster"),
    "Priestess": ("女祭司", "Priestess"),
    "Beastmaster": ("兽王", "Beastmaster"),
    "Imp": ("魔婴", "Imp"),
    "Fiend": ("狱鬼", "Fiend"),
    "Firebrand Imp": ("火烙魔婴", "Firebrand Imp"),
    "Flame Fiend": ("烈焰狱鬼", "Flame Fiend"),
    "Timber Wolf": ("丛林灰狼", "Timber Wolf"),
    "Steelclaw Grizzly": ("钢爪灰熊", "Steelclaw Grizzly"),
    "Mountain Gorilla": ("高山猩猩", "Mountain Gorilla"),
    "acid": ("酸蚀", "acid"),
    "flame": ("火焰", "flame"),
    "lightning": ("闪电", "lightning"),
    "poison": ("毒素", "poison"),
    "psychic": ("精神", "psychic"),
    "hydro": ("水", "hydro"),
    "action_phase": ("行动阶段中", "during the action phase"),
    "final_quickcast": ("最终快速施法阶段", "the Final Quickcast Phase"),
    "active": ("激活面", "active"),
    "inactive": ("未激活面", "inactive"),
    "another_creature": ("另一个生物", "another creature"),
    "itself": ("自己", "itself"),
    "attached": ("附属在自己身上的对象", "an object attached to itself"),
    "attack_action": ("攻击行动", "an attack action"),
    "counterstrike": ("反击", "a counterstrike"),
    "before_attack": ("宣告攻击前", "before the attack"),
    "in_response": ("响应宣告的攻击", "in response to the declared attack"),
    "bull_endurance": ("公牛耐力", "Bull Endurance"),
    "pet": ("成为宠物", "becoming a Pet"),
    "deathlock": ("死亡枷锁", "Deathlock"),
    "poisoned_blood": ("毒血攻心", "Poisoned Blood"),
    "regrowth": ("体肤重生", "Regrowth"),
    "eagle_wings": ("雄鹰之翼", "Eagle Wings"),
    "maim_wings": ("折翼", "Maim Wings"),
    "guard": ("守卫标记", "a guard marker"),
    "restrained": ("束缚", "Restrained"),
    "incapacitated": ("瘫痪", "Incapacitated"),
    "cast_bound_spell": ("施放绑定的法术", "cast the bound spell"),
    "control": ("控制它", "control it"),
    "put_in_spellbook": ("放入法术书", "put it in a spellbook"),
    "steal_equipment": ("以 Steal Equipment 夺取", "take it with Steal Equipment"),
    "steal_enchantment": ("以结界窃取夺取", "take it with Steal Enchantment"),
    "caster_or_source": ("施法者或攻击来源", "the caster or source"),
    "target": ("目标", "the target"),
    "nobody": ("没有人", "nobody"),
    "controlling_mage": ("控制它的法师", "the mage who controls it"),
    "other_mage": ("其他法师", "another mage"),
    "creature": ("生物", "a creature"),
    "conjuration": ("魔物", "a conjuration"),
    "autonomous equipment": ("Autonomous 装备", "Autonomous equipment"),
    "damage barrier": ("反伤屏障", "a damage barrier"),
    "damage_barrier": ("反伤屏障的攻击", "a damage barrier attack"),
    "normal": ("普通攻击", "a normal attack"),
    "unavoidable": ("不可回避的攻击", "an unavoidable attack"),
    "countered": ("被反制", "countered"),
    "jinxed": ("受到厄运", "jinxed"),
    "target_moved": ("目标移动", "its target moved"),
    "stolen": ("随物件被窃取", "stolen with its object"),
    "replaced": ("被更换", "replaced"),
    "destroyed": ("被摧毁", "destroyed"),
    "damaged": ("受伤的", "damaged"),
    "undamaged": ("未受伤的", "undamaged"),
    "guarding_damaged": ("守卫中、受伤的", "guarding, damaged"),
    "guarding_undamaged": ("守卫中、未受伤的", "guarding, undamaged"),
    "discard pile": ("弃牌堆", "discard pile"),
    "spellbook": ("魔法书", "spellbook"),
    "hand": ("手牌", "hand"),
    "enchantment": ("结界自身的维持", "the enchantment's own upkeep"),
    "essence_drain": ("精华汲取", "Essence Drain"),
    "none": ("无限定", "no restriction"),
    "other": ("其他对象", "something else"),
    "own_zone": ("自己所在的区域", "its own zone"),
    "self": ("自己（或附属物）", "itself (or an attachment)"),
    "single": ("单次", "single"),
    "double_strike": ("两连击", "double strike"),
    "triple_strike": ("三连击", "triple strike"),
    "sweep": ("横扫", "sweep"),
    "zone": ("区域攻击", "zone attack"),
    "wall": ("墙体（无通行伤害）", "a wall without passage damage"),
    "collision": ("撞击", "collision"),
    "passage_damage": ("有通行伤害的墙体", "a wall with passage damage"),
    "outer": ("竞技场外墙", "the outer arena wall"),
    "spell": ("法术", "spell"),
    "attack": ("攻击", "attack"),
    "teleport": ("传送", "teleport"),
    "push": ("推斥", "push"),
    "Jinx": ("厄运", "Jinx"),
    "another counter": ("其他反制", "another counter"),
    "nothing": ("没有被反制", "nothing"),
    "enchantment attached to him": ("附属在他身上的结界", "an enchantment attached to him"),
    "equipment attached to him": ("附属在他身上的装备", "equipment attached to him"),
    "creature he controls": ("他控制的生物", "a creature he controls"),
    "conjuration he controls": ("他控制的魔物", "a conjuration he controls"),
    "enchantment he controls on another object": (
        "他控制的、附属在其他对象上的结界",
        "his enchantment on another object",
    ),
}

_NEW = [
    _ex(
        "chain-lightning-reversed",
        "card-chain-lightning",
        "Chain Lightning reversed: back to its last target, not the caster "
        "连锁闪电被逆转：转向上一个目标而非施法者",
        r.chain_lightning_reversed,
        [
            Param(
                "targets",
                "str_list",
                ("Timber Wolf", "Steelclaw Grizzly", "Wizard"),
                "The chain's targets, in order 连锁闪电依次的目标",
                choices=CREATURES,
                max_items=8,
            ),
            Param(
                "reversed_by",
                "int",
                3,
                "Target no. that reveals Reverse Attack 展示攻击逆转的目标序号",
                1,
                8,
            ),
        ],
        {"redirected_to": "Steelclaw Grizzly"},
        also_for=("magewars-card-reverse-attack",),
        keywords=("reverse attack", "攻击逆转", "chain lightning", "连锁闪电"),
        note="The targets are ours; the entries state only that the attack goes to Chain "
        "Lightning's last target, not the caster.",
    ),
    _ex(
        "mage-death-attachments-destroyed",
        "rule-mage-death",
        "A dead mage's attached enchantments and equipment are destroyed "
        "法师死亡：附属在他身上的结界和装备被摧毁",
        r.object_after_mage_death,
        [
            Param(
                "object_kind",
                "str",
                "equipment attached to him",
                "The object 对象",
                choices=tuple(r.OBJECTS_ZH),
            ),
        ],
        {"destroyed": True},
        keywords=("destroyed", "摧毁", "equipment", "装备", "enchantment", "结界"),
    ),
    _ex(
        "obstruct-teleport-before-moving",
        "rule-obstruct",
        "Teleported before moving into a free zone: unobstructed 移动前传送到无阻碍区域：没有阻碍",
        r.is_obstructed_after_teleport,
        [
            Param(
                "start_zone_enemies",
                "int",
                2,
                "Obstructing enemies in its starting zone 原区域能阻碍它的敌人",
                0,
                10,
            ),
            Param(
                "teleported_before_moving",
                "bool",
                True,
                "Teleported before any move 在任何移动前被传送",
            ),
            Param(
                "destination_enemies",
                "int",
                0,
                "Obstructing enemies where it arrives 传送到的区域能阻碍它的敌人",
                0,
                10,
            ),
        ],
        {"obstructed": False},
        keywords=("teleport", "传送", "obstruct", "阻碍"),
    ),
    _ex(
        "steal-enchantment-same-target",
        "card-steal-enchantment",
        "Steal Enchantment back onto the same target: pay Charm's cost "
        "结界窃取放回同一目标：支付 Charm 的费用",
        r.steal_enchantment_recast,
        [
            Param(
                "enchantment_cost",
                "int",
                3,
                "The stolen enchantment's casting cost 结界的施放费用",
                0,
                30,
            ),
            Param(
                "same_target",
                "bool",
                True,
                "Back onto the target it was on 放回原来的目标",
                inert=Inert(
                    "magewars-card-steal-enchantment",
                    "你能将当前所附属的同一个目标作为新的目标",
                    "新的目标可以是原来的目标，也可以是别的目标，费用一样。",
                    "The new target may be the same one or another: the cost is the same.",
                ),
            ),
            Param(
                "restricted_away",
                "bool",
                False,
                "Restricted to a school you do not belong to 限定于你不属于的法系",
            ),
        ],
        {"allowed": True, "mana_to_pay": 3},
        keywords=("cost", "费用", "same target", "同一个目标", "Charm"),
        note="Charm's cost is ours; the entry says only that its casting cost must be paid.",
    ),
]

EXAMPLES: tuple[WorkedExample, ...] = with_phrases(
    (
        *_ACTIONS,
        *_BONUS,
        *_CHAIN,
        *_EFFECTS,
        *_WALLS,
        *_PUSH,
        *_FORCED,
        *_DICE,
        *_MARK,
        *_DEATH,
        *_MANA,
        *_CANCEL,
        *_RANGE,
        *_HELM,
        *_ATTACKS,
        *_OTHER,
        *_NEW,
    ),
    PHRASES,
)

# Entries that state no computable outcome, with the reason (for the examples report).
NOT_COMPUTABLE: dict[str, str] = {
    "magewars-faq-overview": "title page and contents of the FAQ; no ruling",
    "magewars-rules-overview": "heading of the FAQ's rules part; no ruling",
    "magewars-codex-overview": "heading of the FAQ's Codex part; no ruling",
    "magewars-spells-overview": "heading of the FAQ's spells part; no ruling",
    "magewars-rule-other-rules": "group heading inside the rules part; no ruling",
    "magewars-card-divine-intervention": "only a cross-reference to "
    "magewars-rule-changing-range-or-target, whose examples run the ruling",
    "magewars-card-highland-unicorn": "erratum of the card's printed traits (Regenerate 2, "
    "Charge +2); states card text, no situation with an outcome",
}
