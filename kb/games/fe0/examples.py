"""Fire Emblem 0 worked examples, each bound to the entry whose ruling it runs."""

from __future__ import annotations

from kb.games.fe0.rules import (
    can_attack,
    can_be_lord,
    can_declare_critical_or_evasion,
    can_move,
    can_use_act_skill,
    can_use_class_change_skill,
    class_change_sequence,
    count_allied_units,
    game_setup,
    is_same_card_name,
    is_support_skill_active,
    is_support_successful,
    judgement_destruction_order,
    order_auto_skills,
    resolve_battle,
    resolve_deployment_phase,
    resolve_lord_destroyed,
    resolve_marching_forward,
    resolve_same_name_units,
    take_cards_from_deck,
    turn_permissions,
    unit_after_level_up,
    validate_deck,
)
from kb.rulecheck import Inert, Param, WorkedExample, with_phrases

UNIT_NAMES = ("马尔斯", "库洛姆", "希达", "卡因", "阿贝尔", "杰刚", "丽兹", "弗雷德里克")
FACTIONS = ("光之剑", "圣痕", "白夜", "暗夜")
ACTIONS = ("deploy", "level up", "class change")
RANGES = ("1", "2", "1-2", "-")
UNIT_ACTIONS = (
    "none",
    "moved",
    "attacked",
    "used a skill without the tap icon",
    "used a skill with the tap icon",
    "tapped by an effect",
)


def _qa(number: int, quote: str, zh: str, en: str) -> Inert:
    return Inert(f"fe0-qa-{number}", quote, zh, en)


INERT = {
    "lord_marker": _qa(
        71,
        "A71：不，不算入。",
        "主人公标志卡不算入卡组张数，有没有它结果都一样。",
        "The lord marker card is not counted, so it does not change the result.",
    ),
    "factions": _qa(
        73,
        "A73：是的，可以。",
        "不同势力可以混合构筑，势力数不影响结果。",
        "Factions may be mixed, so their number does not change the result.",
    ),
    "target_untapped": _qa(
        106,
        "不论敌方单位处于竖置还是横置状态，都可以攻击它。",
        "目标竖置还是横置都可以攻击，不影响结果。",
        "An untapped or tapped target can be attacked alike.",
    ),
    "target_range": _qa(
        107,
        "不论敌方单位的射程为何，都可以攻击它。",
        "目标的射程不影响能否攻击。",
        "The target's range does not change whether it can be attacked.",
    ),
    "allies": _qa(
        105,
        "只要有竖置状态的单位，并且那名那位的射程内有敌方单位，就可以攻击。",
        "每名竖置的单位都可以分别攻击，其他单位是否攻击过不影响结果。",
        "Each untapped unit may attack, whatever the others did.",
    ),
    "lord_moves": _qa(
        113,
        "A113：是的，可以。",
        "主人公也可以移动，是否主人公不影响结果。",
        "The lord moves like any unit, so being the lord does not change the result.",
    ),
    "first_turn_moves": _qa(
        93,
        "A93：是的，可以。",
        "先攻的第一个回合也可以移动，不影响结果。",
        "Units may move on the first player's first turn too.",
    ),
    "face_down": _qa(
        114,
        "翻面图标的意义是将自己的正面表示的羁绊卡转为背面表示。",
        "背面卡不能转为正面来支付，背面卡的张数不影响结果。",
        "Face-down bond cards cannot be turned face-up to pay, so their number does not matter.",
    ),
    "support_area": _qa(
        117,
        "A117：不，不算入。",
        "支援区的卡不算入我方单位数，不影响结果。",
        "Support area cards are not counted as units.",
    ),
    "support_faction": _qa(
        119,
        "A119：不，不会失败。",
        "战斗单位与支援卡势力不同，支援也不会失败。",
        "Different factions do not make a support fail.",
    ),
    "bond_factions": _qa(
        118,
        "A118：不，不会失败。",
        "没有与支援卡同势力的羁绊卡，支援也不会失败。",
        "No bond card of the support card's faction does not make it fail.",
    ),
    "other_allies": _qa(
        116,
        "A116：是的，成功。",
        "支援卡与未参战的我方单位同名时支援仍成功。",
        "A name shared with a unit not in the battle does not matter.",
    ),
    "support_failed": _qa(
        115,
        "A115：是的，可以。",
        "支援失败后仍可宣言，不影响结果。",
        "A failed support does not prevent the declaration.",
    ),
    "already_higher": _qa(
        100,
        "A100：是的，可以。",
        "战斗力已经更高时仍可宣言，不影响结果。",
        "A higher power already does not prevent the declaration.",
    ),
    "previous_power": Inert(
        "fe0-rule-level-up-class-change",
        "※升级后，单位的战斗力与能力等情报，仅限最上方的那1张卡的内容有效。",
        "升级后只有最上方那张卡的战斗力有效，升级前的战斗力不影响结果。",
        "After a level up only the top card's power counts, not the power before it.",
    ),
    "redraw": Inert(
        "fe0-rule-game-setup",
        "想要重抽的话，将6张卡全部返回卡组并切洗，然后从卡组最上方重新抽6张卡",
        "重抽是放回6张再抽6张，张数不变。",
        "A redraw returns 6 cards and draws 6 again: the counts do not change.",
    ),
}

IMAGES_NOTE = (
    "The source's example is an image (link excluded); the unit names, factions and "
    "costs are ours, chosen to match what the text says."
)


# --------------------------------------------------------------------------- parameter sets


def _battle_params(a_power: int, d_power: int, a_sup: int, d_sup: int, **kw) -> tuple[Param, ...]:
    return (
        Param("attacker_power", "int", a_power, "Attacking unit's power 攻击单位战斗力", 0, 200),
        Param("defender_power", "int", d_power, "Defending unit's power 防御单位战斗力", 0, 200),
        Param(
            "attacker_unit",
            "str",
            kw.get("a_unit", "马尔斯"),
            "Attacking unit 攻击单位",
            choices=UNIT_NAMES,
        ),
        Param(
            "defender_unit",
            "str",
            kw.get("d_unit", "库洛姆"),
            "Defending unit 防御单位",
            choices=UNIT_NAMES,
        ),
        Param(
            "attacker_support_unit",
            "str",
            kw.get("a_sup_unit", "希达"),
            "Attacker's support card 攻击方支援卡",
            choices=UNIT_NAMES,
        ),
        Param("attacker_support_value", "int", a_sup, "Its support value 支援力", 0, 100),
        Param(
            "defender_support_unit",
            "str",
            kw.get("d_sup_unit", "卡因"),
            "Defender's support card 防御方支援卡",
            choices=UNIT_NAMES,
        ),
        Param("defender_support_value", "int", d_sup, "Its support value 支援力", 0, 100),
        Param("critical_attack", "bool", kw.get("crit", False), "Critical attack 必杀攻击"),
        Param("god_speed_evasion", "bool", kw.get("evade", False), "God-speed evasion 神速回避"),
    )


def _deck_params(
    copies: tuple[int, ...], cost_1: int = 4, marker: bool = False, factions: int = 1
) -> tuple[Param, ...]:
    return (
        Param(
            "copies_per_card_name",
            "int_list",
            copies,
            "Copies of each card name (epithet + unit name) 每种卡名的张数",
            1,
            50,
            max_items=60,
        ),
        Param("cost_1_cards", "int", cost_1, "Cards with deployment cost 1 出击费用1的卡", 0, 200),
        Param(
            "lord_marker_included",
            "bool",
            marker,
            "Lord marker card in the pile 含主人公标志卡",
            inert=INERT["lord_marker"],
        ),
        Param(
            "factions_in_deck",
            "int",
            factions,
            "Factions in the deck 卡组中的势力数",
            1,
            4,
            inert=INERT["factions"],
        ),
    )


def _deploy_params(
    face_up: tuple[str, ...],
    face_down: int,
    field: tuple[str, ...],
    cards: tuple[str, ...],
    factions: tuple[str, ...],
    costs: tuple[int, ...],
    actions: tuple[str, ...],
) -> tuple[Param, ...]:
    return (
        Param(
            "face_up_bonds",
            "str_list",
            face_up,
            "Factions of the face-up bond cards 正面羁绊卡的势力",
            choices=FACTIONS,
            max_items=30,
        ),
        Param("face_down_bonds", "int", face_down, "Face-down bond cards 背面羁绊卡张数", 0, 50),
        Param(
            "battlefield_units",
            "str_list",
            field,
            "Units already on your battlefield 战场上已有的单位",
            choices=UNIT_NAMES,
        ),
        Param(
            "cards",
            "str_list",
            cards,
            "Cards played from hand, in order 依次使用的手牌",
            choices=UNIT_NAMES,
        ),
        Param("card_factions", "str_list", factions, "Their factions 各卡势力", choices=FACTIONS),
        Param(
            "card_costs",
            "int_list",
            costs,
            "Cost paid for each (deployment or class change) 各卡支付的费用",
            1,
            10,
        ),
        Param(
            "actions",
            "str_list",
            actions,
            "deploy / level up / class change 出击/升级/转职",
            choices=ACTIONS,
        ),
    )


def _deploy(
    ex_id: str,
    entry: str,
    title: str,
    face_up,
    face_down,
    field,
    cards,
    factions,
    costs,
    actions,
    expected: dict,
    note: str = "",
) -> WorkedExample:
    return WorkedExample(
        id=ex_id,
        entry_id=entry,
        title=title,
        check=resolve_deployment_phase,
        params=_deploy_params(
            tuple(face_up),
            face_down,
            tuple(field),
            tuple(cards),
            tuple(factions),
            tuple(costs),
            tuple(actions),
        ),
        expected={"deployed": [], "levelled_up": [], "refused": [], "class_change_draws": 0}
        | expected,
        note=note,
    )


def _attack_params(
    action: str = "none",
    unit_range: str = "1",
    in_range: bool = True,
    target_untapped: bool = True,
    target_range: str = "1",
    allies: int = 0,
    first_turn: bool = False,
) -> tuple[Param, ...]:
    return (
        Param(
            "action_this_turn",
            "str",
            action,
            "What the unit did this turn 本回合该单位的行动",
            choices=UNIT_ACTIONS,
        ),
        Param("unit_range", "str", unit_range, "Its range 射程", choices=RANGES),
        Param("enemy_in_range", "bool", in_range, "An enemy unit within range 射程内有敌方单位"),
        Param(
            "target_untapped",
            "bool",
            target_untapped,
            "Target is untapped 目标为竖置状态",
            inert=INERT["target_untapped"],
        ),
        Param(
            "target_range",
            "str",
            target_range,
            "Target's range 目标的射程",
            choices=RANGES,
            inert=INERT["target_range"],
        ),
        Param(
            "allies_attacked_this_turn",
            "int",
            allies,
            "Other allies that attacked already 已攻击过的其他我方单位",
            0,
            20,
            inert=INERT["allies"],
        ),
        Param(
            "first_players_first_turn", "bool", first_turn, "First player's first turn 先攻第1回合"
        ),
    )


def _move_params(untapped: bool, lord: bool, first_turn: bool = False) -> tuple[Param, ...]:
    return (
        Param("unit_untapped", "bool", untapped, "The unit is untapped 单位为竖置状态"),
        Param(
            "unit_is_lord",
            "bool",
            lord,
            "The unit is the lord 该单位是主人公",
            inert=INERT["lord_moves"],
        ),
        Param(
            "first_players_first_turn",
            "bool",
            first_turn,
            "First player's first turn 先攻第1回合",
            inert=INERT["first_turn_moves"],
        ),
    )


def _act_params(
    phase: bool = True,
    tapped: bool = False,
    tap_icon: bool = False,
    flip: int = 0,
    face_up: int = 3,
    face_down: int = 0,
    once: bool = False,
    used: int = 0,
) -> tuple[Param, ...]:
    return (
        Param("in_own_action_phase", "bool", phase, "In your own action phase 自己的行动阶段中"),
        Param("unit_tapped", "bool", tapped, "The unit is tapped 单位为横置状态"),
        Param("cost_has_tap_icon", "bool", tap_icon, "Cost has the tap icon 费用含横置图标"),
        Param("flip_cost", "int", flip, "Flip cost 〖翻面N〗", 0, 20),
        Param("face_up_bonds", "int", face_up, "Face-up bond cards 正面羁绊卡", 0, 50),
        Param(
            "face_down_bonds",
            "int",
            face_down,
            "Face-down bond cards 背面羁绊卡",
            0,
            50,
            inert=INERT["face_down"],
        ),
        Param("once_per_turn", "bool", once, "〖Once per turn〗 〖1回合1次〗"),
        Param("times_used_this_turn", "int", used, "Times used this turn 本回合已使用次数", 0, 20),
    )


def _support_params(
    unit: str, sup: str, unit_f: str, sup_f: str, bonds: tuple[str, ...], others: tuple[str, ...]
) -> tuple[Param, ...]:
    return (
        Param("battling_unit", "str", unit, "Battling unit 战斗单位", choices=UNIT_NAMES),
        Param(
            "support_unit", "str", sup, "Support card's unit name 支援卡单位名", choices=UNIT_NAMES
        ),
        Param(
            "battling_faction",
            "str",
            unit_f,
            "Battling unit's faction 战斗单位势力",
            choices=FACTIONS,
            inert=INERT["support_faction"],
        ),
        Param(
            "support_faction",
            "str",
            sup_f,
            "Support card's faction 支援卡势力",
            choices=FACTIONS,
            inert=INERT["support_faction"],
        ),
        Param(
            "bond_factions",
            "str_list",
            bonds,
            "Factions of your face-up bond cards 正面羁绊卡的势力",
            choices=FACTIONS,
            max_items=30,
            inert=INERT["bond_factions"],
        ),
        Param(
            "other_allied_units",
            "str_list",
            others,
            "Allied units not in the battle 未参与战斗的我方单位",
            choices=UNIT_NAMES,
            inert=INERT["other_allies"],
        ),
    )


def _skill_params(
    zone: str, succeeded: bool, sup_type: str, role: str, met: bool = True
) -> tuple[Param, ...]:
    return (
        Param(
            "card_zone",
            "str",
            zone,
            "Where the card is 卡片所在区域",
            choices=("support area", "battlefield"),
        ),
        Param("support_succeeded", "bool", succeeded, "The support succeeded 支援成功"),
        Param(
            "support_type", "str", sup_type, "Support type 支援类型", choices=("attack", "defence")
        ),
        Param(
            "own_role",
            "str",
            role,
            "Its owner is the 卡片持有者为",
            choices=("attacker", "defender"),
        ),
        Param("conditions_met", "bool", met, "The skill's conditions are met 满足能力条件"),
    )


def _declare_params(
    action: str,
    role: str,
    step: str,
    in_hand: bool = True,
    failed: bool = False,
    higher: bool = False,
    prayer: bool = False,
) -> tuple[Param, ...]:
    return (
        Param(
            "action",
            "str",
            action,
            "Declaration 宣言",
            choices=("critical attack", "god-speed evasion"),
        ),
        Param("role", "str", role, "Declared by the 宣言方", choices=("attacker", "defender")),
        Param(
            "step",
            "str",
            step,
            "Battle step 战斗步骤",
            choices=("critical attack step", "god-speed evasion step", "between two orb draws"),
        ),
        Param("same_name_card_in_hand", "bool", in_hand, "A same-name card in hand 手牌中有同名卡"),
        Param(
            "support_failed",
            "bool",
            failed,
            "Own support failed 己方支援失败",
            inert=INERT["support_failed"],
        ),
        Param(
            "own_power_already_higher",
            "bool",
            higher,
            "Own power already higher 己方战斗力已经更高",
            inert=INERT["already_higher"],
        ),
        Param(
            "emblem_of_prayer",
            "bool",
            prayer,
            "Opponent's Emblem of Prayer in effect 对手的『祈祷之纹章』生效",
        ),
    )


def _orb_params(orbs: int, to_break: int) -> tuple[Param, ...]:
    return (
        Param("orbs", "int", orbs, "Orbs left 剩余宝玉", 0, 10),
        Param("orbs_to_break", "int", to_break, "Orbs this attack breaks 破坏宝玉数", 1, 5),
    )


def _march_params(when: str, front: int, back: int) -> tuple[Param, ...]:
    return (
        Param(
            "when",
            "str",
            when,
            "When (for the player whose units may march) 时点",
            choices=("my turn", "opponent's turn", "start of opponent's turn"),
        ),
        Param("front_line_units", "int", front, "Units in the front line 前卫区单位数", 0, 20),
        Param("back_line_units", "int", back, "Units in the back line 后卫区单位数", 0, 20),
    )


def _auto_params(
    turn: tuple[str, ...], other: tuple[str, ...], during: int = 0, new: str = "卡因【自】"
) -> tuple[Param, ...]:
    return (
        Param(
            "turn_player_skills",
            "str_list",
            turn,
            "Turn player's (attacker's) auto skills, "
            "in their chosen order 回合玩家（攻击方）的自动型能力",
        ),
        Param(
            "other_player_skills",
            "str_list",
            other,
            "The other player's auto skills, in their chosen order 对手的自动型能力",
        ),
        Param(
            "new_skill_after",
            "int",
            during,
            "A new skill triggers while resolving skill no. (0: none) 在第几个能力处理中诱发新能力"
            "（0为无）",
            0,
            20,
        ),
        Param("new_skill", "str", new, "The newly triggered auto skill 新诱发的自动型能力"),
    )


def _deck_out_params(deck: int, retreat: int, take: int, dest: str) -> tuple[Param, ...]:
    return (
        Param("deck_cards", "int", deck, "Cards in the deck 卡组张数", 1, 200),
        Param("retreat_cards", "int", retreat, "Cards in the retreat area 退避区张数", 0, 200),
        Param("cards_to_take", "int", take, "Cards to take 要取出的张数", 1, 10),
        Param(
            "destination",
            "str",
            dest,
            "Taken to 取往",
            choices=("hand", "support area (support fails)", "support area (support succeeds)"),
        ),
    )


def _stack_params(
    power: int, bonus: int, top: int, beneath: int, lord: bool | None = None
) -> tuple[Param, ...]:
    extra: tuple[Param, ...] = ()
    if lord is not None:
        extra = (
            Param("unit_is_lord", "bool", lord, "The unit is the lord 该单位是主人公"),
            Param("orbs", "int", 0, "The lord's orbs left 主人公剩余宝玉", 0, 5),
        )
    return (
        Param(
            "previous_power",
            "int",
            power,
            "Power before the level up 升级前战斗力",
            0,
            200,
            inert=INERT["previous_power"],
        ),
        Param(
            "previous_power_bonus",
            "int",
            bonus,
            "Bonus from skill effects before it 升级前能力效果加成",
            0,
            200,
        ),
        Param("top_card_power", "int", top, "Power printed on the new top card 新卡战斗力", 0, 200),
        Param("cards_beneath", "int", beneath, "Cards beneath the top card 下方重叠的卡", 1, 20),
        Param("class_changed", "bool", True, "The top card came by class change 以转职重叠"),
        *extra,
    )


def _lord_param(cost: int) -> tuple[Param, ...]:
    return (Param("deployment_cost", "int", cost, "Deployment cost 出击费用", 1, 10),)


def _turn_params(first: bool, turn: int) -> tuple[Param, ...]:
    return (
        Param("first_player", "bool", first, "You are the first player 先攻玩家"),
        Param("own_turn_number", "int", turn, "Your own turn number 自己的第几个回合", 1, 50),
    )


STANDARD_DECK = (4,) * 12 + (2,)  # 50 cards: 12 card names × 4 + 1 card name × 2

# --------------------------------------------------------------------------- examples

_DECK = (
    WorkedExample(
        id="fe0-deck-building-rules",
        entry_id="fe0-rule-deck-building",
        title="A 50-card deck, at most 4 per card name, with a cost-1 lord "
        "50张、同名至多4张、有出击费用1主人公的卡组",
        check=validate_deck,
        params=_deck_params(STANDARD_DECK),
        expected={"legal": True, "cards_counted": 50, "broken_rules": []},
        note="The split into card names (12 × 4 + 2) is ours; the rule gives only the limits.",
    ),
    WorkedExample(
        id="fe0-deck-five-copies",
        entry_id="fe0-rule-deck-building",
        title="Five cards with the same card name break rule ② 同一卡名5张违反规则②",
        check=validate_deck,
        params=_deck_params((5, *(4,) * 11, 1)),
        expected={"legal": False, "cards_counted": 50, "broken_rules": ["②"]},
    ),
    WorkedExample(
        id="fe0-deck-more-than-50",
        entry_id="fe0-qa-70",
        title="A 51-card deck is allowed 51张的卡组可以使用",
        check=validate_deck,
        params=_deck_params((*(4,) * 12, 3)),
        expected={"legal": True, "cards_counted": 51, "broken_rules": []},
    ),
    WorkedExample(
        id="fe0-deck-fewer-than-50",
        entry_id="fe0-qa-70",
        title="A 49-card deck is not allowed 49张的卡组不能使用",
        check=validate_deck,
        params=_deck_params((*(4,) * 12, 1)),
        expected={"legal": False, "cards_counted": 49, "broken_rules": ["①"]},
    ),
    WorkedExample(
        id="fe0-lord-marker-not-counted",
        entry_id="fe0-qa-71",
        title="49 cards plus the lord marker card are a 49-card deck 49张卡加主人公标志卡仍是49张",
        check=validate_deck,
        params=_deck_params((*(4,) * 12, 1), marker=True),
        expected={"legal": False, "cards_counted": 49, "broken_rules": ["①"]},
        note="The marker does not count, so this pile of 50 cards is one card short.",
    ),
    WorkedExample(
        id="fe0-deck-mixed-factions",
        entry_id="fe0-qa-73",
        title="A deck mixing two factions is legal 混合两种势力的卡组合法",
        check=validate_deck,
        params=_deck_params(STANDARD_DECK, factions=2),
        expected={"legal": True, "cards_counted": 50, "broken_rules": []},
    ),
    WorkedExample(
        id="fe0-card-name-epithet",
        entry_id="fe0-rule-reading-a-card",
        title="Same unit name, different epithets: different card names "
        "单位名相同、称号不同：卡名不同",
        check=is_same_card_name,
        params=(
            Param("epithet_a", "str", "星之王子", "First card's epithet 卡A称号"),
            Param(
                "unit_name_a",
                "str",
                "马尔斯",
                "First card's unit name 卡A单位名",
                choices=UNIT_NAMES,
            ),
            Param("epithet_b", "str", "英雄王", "Second card's epithet 卡B称号"),
            Param(
                "unit_name_b",
                "str",
                "马尔斯",
                "Second card's unit name 卡B单位名",
                choices=UNIT_NAMES,
            ),
        ),
        expected=False,
        note="The epithets are illustrative. Card name = epithet + unit name, so each of the two "
        "Marth cards may have 4 copies in a deck.",
    ),
    WorkedExample(
        id="fe0-lord-cost-1",
        entry_id="fe0-rule-choosing-a-lord",
        title="A card with deployment cost 1 can be the lord 出击费用1的卡可以担任主人公",
        check=can_be_lord,
        params=_lord_param(1),
        expected=True,
        also_for=("fe0-rule-what-is-the-game",),
        aliases=("fe0-intro-lord-cost-1",),
    ),
    WorkedExample(
        id="fe0-lord-cost-3",
        entry_id="fe0-rule-choosing-a-lord",
        title="A card with deployment cost 3 cannot be the lord 出击费用3的卡不能担任主人公",
        check=can_be_lord,
        params=_lord_param(3),
        expected=False,
    ),
    WorkedExample(
        id="fe0-game-setup-counts",
        entry_id="fe0-rule-game-setup",
        title="After setup: 6 cards in hand, 5 orbs, 38 cards in the deck "
        "开始时：手牌6张、宝玉5张、卡组38张",
        check=game_setup,
        params=(
            Param("deck_cards", "int", 50, "Cards in the deck 卡组张数", 50, 200),
            Param(
                "redraw_hand", "bool", False, "Redraw the hand once 重抽手牌", inert=INERT["redraw"]
            ),
        ),
        expected={"hand": 6, "orbs": 5, "deck": 38},
        note="The source states 6 cards in hand and 5 orbs; 38 = 50 − 1 (lord) − 6 − 5.",
    ),
)

_DEPLOYMENT = (
    _deploy(
        ex_id="fe0-four-bonds-1-1-2",
        entry="fe0-rule-intro-deploy-and-bonds",
        title="4 bond cards pay deployment costs 1 + 1 + 2 羁绊卡4张可出击费用1+1+2的单位",
        face_up=("光之剑",) * 4,
        face_down=0,
        field=(),
        cards=("马尔斯", "希达", "阿贝尔"),
        factions=("光之剑",) * 3,
        costs=(1, 1, 2),
        actions=("deploy",) * 3,
        expected={"deployed": ["马尔斯", "希达", "阿贝尔"], "total_cost": 4, "bond_cards": 4},
        note=IMAGES_NOTE,
    ),
    _deploy(
        ex_id="fe0-deploy-example-1",
        entry="fe0-rule-deploy",
        title="《例1》 <光之剑> and <圣痕> face-up: all can be deployed "
        "《例1》正面有光之剑与圣痕，全部可出击",
        face_up=("光之剑", "圣痕"),
        face_down=0,
        field=(),
        cards=("马尔斯", "库洛姆"),
        factions=("光之剑", "圣痕"),
        costs=(1, 1),
        actions=("deploy",) * 2,
        expected={"deployed": ["马尔斯", "库洛姆"], "total_cost": 2, "bond_cards": 2},
        note=IMAGES_NOTE,
    ),
    _deploy(
        ex_id="fe0-deploy-example-2",
        entry="fe0-rule-deploy",
        title="《例2》 Only <光之剑> face-up: Chrom cannot be deployed "
        "《例2》正面只有光之剑，库洛姆不能出击",
        face_up=("光之剑",),
        face_down=1,
        field=(),
        cards=("马尔斯", "库洛姆"),
        factions=("光之剑", "圣痕"),
        costs=(1, 1),
        actions=("deploy",) * 2,
        expected={
            "deployed": ["马尔斯"],
            "refused": ["deploy 库洛姆"],
            "total_cost": 1,
            "bond_cards": 2,
        },
        note=IMAGES_NOTE + " 2 bond cards are enough for the two cost-1 cards, as the text says.",
    ),
    _deploy(
        ex_id="fe0-class-change-example",
        entry="fe0-rule-level-up-class-change",
        title="《例》 Marth's class change and Chrom's deployment total 4 "
        "《例》马尔斯转职与库洛姆出击合计4",
        face_up=("光之剑", "圣痕"),
        face_down=2,
        field=("马尔斯",),
        cards=("马尔斯", "库洛姆"),
        factions=("光之剑", "圣痕"),
        costs=(3, 1),
        actions=("class change", "deploy"),
        expected={
            "deployed": ["库洛姆"],
            "levelled_up": ["马尔斯"],
            "total_cost": 4,
            "bond_cards": 4,
            "class_change_draws": 1,
        },
        note="The text gives only the total 4; the split 3 + 1 and the 4 bond cards are ours. "
        "Its last clause says 「库洛姆」的升级 (level-up), read as a slip for Chrom's "
        "deployment, which is what the total counts.",
    ),
    _deploy(
        ex_id="fe0-total-cost-over-bonds",
        entry="fe0-rule-deployment-phase",
        title="Costs 2 + 2 cannot exceed 3 bond cards 费用合计不能超过羁绊卡数",
        face_up=("光之剑", "光之剑", "圣痕"),
        face_down=0,
        field=(),
        cards=("马尔斯", "库洛姆"),
        factions=("光之剑", "圣痕"),
        costs=(2, 2),
        actions=("deploy",) * 2,
        expected={
            "deployed": ["马尔斯"],
            "refused": ["deploy 库洛姆"],
            "total_cost": 2,
            "bond_cards": 3,
        },
        note="Reading: cards are played in the order given; the one that would take the total "
        "past the bond cards is refused.",
    ),
    _deploy(
        ex_id="fe0-deploy-nothing",
        entry="fe0-qa-77",
        title="Deploying nothing is allowed 可以不出击任何单位",
        face_up=("光之剑", "圣痕"),
        face_down=1,
        field=("马尔斯",),
        cards=(),
        factions=(),
        costs=(),
        actions=(),
        expected={"total_cost": 0, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-total-below-bonds",
        entry="fe0-qa-78",
        title="A total cost below the bond cards is allowed 费用合计可以低于羁绊卡数",
        face_up=("光之剑", "光之剑", "圣痕", "圣痕"),
        face_down=0,
        field=(),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(1,),
        actions=("deploy",),
        expected={"deployed": ["马尔斯"], "total_cost": 1, "bond_cards": 4},
    ),
    _deploy(
        ex_id="fe0-all-bonds-face-down-deploy",
        entry="fe0-qa-79",
        title="All bond cards face-down: no deployment 羁绊卡全为背面时不能出击",
        face_up=(),
        face_down=3,
        field=(),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(1,),
        actions=("deploy",),
        expected={"refused": ["deploy 马尔斯"], "total_cost": 0, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-all-bonds-face-down-class-change",
        entry="fe0-qa-80",
        title="All bond cards face-down: no class change 羁绊卡全为背面时不能转职",
        face_up=(),
        face_down=3,
        field=("马尔斯",),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(2,),
        actions=("class change",),
        expected={"refused": ["class change 马尔斯"], "total_cost": 0, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-face-down-bonds-count",
        entry="fe0-qa-81",
        title="Face-down bond cards count: 1 face-up + 2 face-down pay a cost of 3 "
        "背面羁绊卡也计入张数",
        face_up=("光之剑",),
        face_down=2,
        field=(),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(3,),
        actions=("deploy",),
        expected={"deployed": ["马尔斯"], "total_cost": 3, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-lower-cost-onto-higher",
        entry="fe0-qa-83",
        title="A cost-1 card levels up onto a cost-3 unit 费用1的卡可以重叠到费用3的单位上升级",
        face_up=("光之剑",) * 4,
        face_down=0,
        field=(),
        cards=("马尔斯", "马尔斯"),
        factions=("光之剑",) * 2,
        costs=(3, 1),
        actions=("deploy", "level up"),
        expected={
            "deployed": ["马尔斯"],
            "levelled_up": ["马尔斯"],
            "total_cost": 4,
            "bond_cards": 4,
        },
    ),
    _deploy(
        ex_id="fe0-class-change-twice",
        entry="fe0-qa-84",
        title="A class-changed unit class changes again 已转职的单位可以再次转职",
        face_up=("光之剑", "光之剑"),
        face_down=2,
        field=("马尔斯",),
        cards=("马尔斯", "马尔斯"),
        factions=("光之剑",) * 2,
        costs=(2, 2),
        actions=("class change",) * 2,
        expected={
            "levelled_up": ["马尔斯", "马尔斯"],
            "total_cost": 4,
            "bond_cards": 4,
            "class_change_draws": 2,
        },
        note="Q84 does not say when; here both class changes happen in one deployment phase, "
        "which allows its operations any number of times.",
    ),
    _deploy(
        ex_id="fe0-class-change-identical-card",
        entry="fe0-qa-85",
        title="Class changing into an identical card 可以转职为完全相同的卡",
        face_up=("光之剑", "光之剑"),
        face_down=1,
        field=("马尔斯",),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(3,),
        actions=("class change",),
        expected={
            "levelled_up": ["马尔斯"],
            "total_cost": 3,
            "bond_cards": 3,
            "class_change_draws": 1,
        },
        note="The check compares unit names only, so an identical card qualifies.",
    ),
    _deploy(
        ex_id="fe0-level-up-not-deployment",
        entry="fe0-qa-87",
        title="Levelling up is not deploying 升级不视为出击",
        face_up=("光之剑",),
        face_down=1,
        field=("马尔斯",),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(2,),
        actions=("level up",),
        expected={"levelled_up": ["马尔斯"], "total_cost": 2, "bond_cards": 2},
    ),
    _deploy(
        ex_id="fe0-class-change-same-turn",
        entry="fe0-qa-88",
        title="A unit deployed this turn class changes 本回合出击的单位可以转职",
        face_up=("光之剑", "光之剑"),
        face_down=2,
        field=(),
        cards=("马尔斯", "马尔斯"),
        factions=("光之剑",) * 2,
        costs=(1, 3),
        actions=("deploy", "class change"),
        expected={
            "deployed": ["马尔斯"],
            "levelled_up": ["马尔斯"],
            "total_cost": 4,
            "bond_cards": 4,
            "class_change_draws": 1,
        },
    ),
    _deploy(
        ex_id="fe0-no-second-same-name",
        entry="fe0-qa-90",
        title="No second unit with the same unit name 不能出击单位名相同的第二名单位",
        face_up=("光之剑", "光之剑"),
        face_down=0,
        field=("马尔斯", "希达"),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(1,),
        actions=("deploy",),
        expected={"refused": ["deploy 马尔斯"], "total_cost": 0, "bond_cards": 2},
    ),
    _deploy(
        ex_id="fe0-one-faction-bond-three-units",
        entry="fe0-qa-91",
        title="One <光之剑> bond card lets three <光之剑> units deploy "
        "1张光之剑羁绊卡可出击3名光之剑单位",
        face_up=("光之剑", "圣痕", "圣痕"),
        face_down=0,
        field=(),
        cards=("马尔斯", "希达", "卡因"),
        factions=("光之剑",) * 3,
        costs=(1, 1, 1),
        actions=("deploy",) * 3,
        expected={"deployed": ["马尔斯", "希达", "卡因"], "total_cost": 3, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-face-down-faction-not-seen",
        entry="fe0-qa-92",
        title="A face-down <光之剑> bond card does not allow a <光之剑> unit "
        "背面的光之剑羁绊卡不能满足势力条件",
        face_up=("圣痕", "圣痕"),
        face_down=1,
        field=(),
        cards=("马尔斯",),
        factions=("光之剑",),
        costs=(1,),
        actions=("deploy",),
        expected={"refused": ["deploy 马尔斯"], "total_cost": 0, "bond_cards": 3},
    ),
    _deploy(
        ex_id="fe0-all-face-down-game-goes-on",
        entry="fe0-qa-125",
        title="All bond cards face-down: the game goes on but no deployment "
        "羁绊卡全为背面：游戏继续，但不能出击",
        face_up=(),
        face_down=5,
        field=("马尔斯",),
        cards=("库洛姆",),
        factions=("圣痕",),
        costs=(1,),
        actions=("deploy",),
        expected={"refused": ["deploy 库洛姆"], "total_cost": 0, "bond_cards": 5},
    ),
    WorkedExample(
        id="fe0-class-change-bonus",
        entry_id="fe0-qa-82",
        title="A class change must draw 1 card 转职时必须抽1张卡",
        check=class_change_sequence,
        params=(
            Param("paid_class_change_cost", "bool", True, "Class change cost paid 支付了转职费用"),
            Param(
                "triggered_auto_skills", "int", 0, "Auto skills it triggers 诱发的自动型能力", 0, 10
            ),
        ),
        expected={"order": ["draw 1 card"], "cards_drawn": 1},
    ),
    WorkedExample(
        id="fe0-draw-before-auto-skills",
        entry_id="fe0-qa-89",
        title="Draw the class change bonus before the auto skills 先抽转职奖励，再处理自动型能力",
        check=class_change_sequence,
        params=(
            Param("paid_class_change_cost", "bool", True, "Class change cost paid 支付了转职费用"),
            Param(
                "triggered_auto_skills", "int", 2, "Auto skills it triggers 诱发的自动型能力", 0, 10
            ),
        ),
        expected={"order": ["draw 1 card", "auto skill 1", "auto skill 2"], "cards_drawn": 1},
    ),
    WorkedExample(
        id="fe0-effects-removed-on-class-change",
        entry_id="fe0-qa-86",
        title="A +20 effect is removed by the class change 转职后之前的能力效果消除",
        check=unit_after_level_up,
        params=_stack_params(50, 20, 70, 1),
        expected={"power": 70, "cards_with_active_skills": 1, "cards_to_retreat_if_destroyed": 2},
        note="Powers are ours: a 50-power unit with +20 class changes into a 70-power card; its "
        "power is 70, not 90.",
    ),
    WorkedExample(
        id="fe0-destroyed-stack-to-retreat",
        entry_id="fe0-qa-112",
        title="A destroyed stack of 3 cards all goes to the retreat area "
        "被击破时重叠的3张卡全部放置到退避区",
        check=unit_after_level_up,
        params=_stack_params(60, 0, 70, 2, lord=False),
        expected={"power": 70, "cards_with_active_skills": 1, "cards_to_retreat_if_destroyed": 3},
    ),
    WorkedExample(
        id="fe0-skills-beneath-inactive",
        entry_id="fe0-qa-129",
        title="Only the top card's skills work 只有最上方卡的能力有效",
        check=unit_after_level_up,
        params=_stack_params(40, 0, 70, 1),
        expected={"power": 70, "cards_with_active_skills": 1, "cards_to_retreat_if_destroyed": 2},
    ),
)

_TURN = (
    WorkedExample(
        id="fe0-first-turn-no-draw",
        entry_id="fe0-rule-beginning-phase",
        title="The first player's first turn: no draw, no attack, but moves and skills "
        "先攻第1回合：不抽卡、不攻击，但可以移动和使用能力",
        check=turn_permissions,
        params=_turn_params(True, 1),
        expected={
            "draws": False,
            "may_attack": False,
            "may_move": True,
            "may_use_act_skills": True,
        },
        also_for=("fe0-qa-93",),
        aliases=("fe0-first-turn-move-and-skills",),
        keywords=("draw", "抽卡", "first turn", "第1回合", "先攻"),
    ),
    WorkedExample(
        id="fe0-beginning-phase-march",
        entry_id="fe0-rule-beginning-phase",
        title="The opponent's back line marches forward at the start of the turn "
        "开始阶段对手后卫单位进军",
        check=resolve_marching_forward,
        params=_march_params("start of opponent's turn", 0, 2),
        expected={"marches": True, "front_line": 2, "back_line": 0},
    ),
    WorkedExample(
        id="fe0-first-turn-no-attack",
        entry_id="fe0-rule-action-phase",
        title="The first player cannot attack on the first turn 先攻第1回合不能攻击",
        check=can_attack,
        params=_attack_params(first_turn=True),
        expected=False,
    ),
    WorkedExample(
        id="fe0-tapped-unit-cannot-move",
        entry_id="fe0-rule-action-phase",
        title="A tapped unit cannot move 横置状态的单位不能移动",
        check=can_move,
        params=_move_params(False, False),
        expected=False,
    ),
    WorkedExample(
        id="fe0-first-turn-move",
        entry_id="fe0-qa-93",
        title="A unit moves on the first player's first turn 先攻第1回合可以移动单位",
        check=can_move,
        params=_move_params(True, False, True),
        expected=True,
    ),
    WorkedExample(
        id="fe0-no-attack-after-move",
        entry_id="fe0-qa-94",
        title="A unit that moved cannot attack 移动后的单位不能攻击",
        check=can_attack,
        params=_attack_params("moved"),
        expected=False,
    ),
    WorkedExample(
        id="fe0-attack-after-skill",
        entry_id="fe0-qa-95",
        title="A unit that used a skill and is untapped can attack 使用过能力但竖置的单位可以攻击",
        check=can_attack,
        params=_attack_params("used a skill without the tap icon"),
        expected=True,
    ),
    WorkedExample(
        id="fe0-several-units-attack",
        entry_id="fe0-qa-105",
        title="A second untapped unit may attack too 多名单位可以分别攻击",
        check=can_attack,
        params=_attack_params(allies=1),
        expected=True,
    ),
    WorkedExample(
        id="fe0-attack-untapped-enemy",
        entry_id="fe0-qa-106",
        title="An untapped enemy unit can be attacked 可以攻击竖置状态的敌方单位",
        check=can_attack,
        params=_attack_params(target_untapped=True),
        expected=True,
    ),
    WorkedExample(
        id="fe0-attack-other-range",
        entry_id="fe0-qa-107",
        title="An enemy with a different range can be attacked 可以攻击射程不同的敌方单位",
        check=can_attack,
        params=_attack_params(unit_range="1", target_range="2"),
        expected=True,
    ),
    WorkedExample(
        id="fe0-no-enemy-in-range",
        entry_id="fe0-qa-120",
        title="No enemy within range: no attack 射程内没有敌方单位时不能攻击",
        check=can_attack,
        params=_attack_params(in_range=False),
        expected=False,
    ),
    WorkedExample(
        id="fe0-range-dash-cannot-attack",
        entry_id="fe0-rule-declare-attack",
        title="A unit with range 「-」 cannot attack 射程为「-」的单位不能攻击",
        check=can_attack,
        params=_attack_params(unit_range="-", in_range=False),
        expected=False,
    ),
    WorkedExample(
        id="fe0-lord-moves-back",
        entry_id="fe0-qa-113",
        title="The lord may move to the back line 主人公可以移动到后卫区",
        check=can_move,
        params=_move_params(True, True),
        expected=True,
    ),
    WorkedExample(
        id="fe0-flip-3",
        entry_id="fe0-rule-skills",
        title="〖Flip 3〗 with 3 face-up bond cards 〖翻面3〗：将3张正面羁绊卡转为背面",
        check=can_use_act_skill,
        params=_act_params(flip=3, face_up=3),
        expected=True,
    ),
    WorkedExample(
        id="fe0-once-per-turn",
        entry_id="fe0-rule-skills",
        title=(
            "A 〖Once per turn〗 skill used already cannot be used again "
            "〖1回合1次〗的能力不能再次使用"
        ),
        check=can_use_act_skill,
        params=_act_params(once=True, used=1),
        expected=False,
    ),
    WorkedExample(
        id="fe0-tapped-unit-act-skill",
        entry_id="fe0-qa-103",
        title=(
            "A tapped unit uses a skill whose cost it can pay "
            "横置状态的单位可以使用能支付费用的起动型能力"
        ),
        check=can_use_act_skill,
        params=_act_params(tapped=True, flip=1, face_up=2),
        expected=True,
    ),
    WorkedExample(
        id="fe0-no-tapping-tapped-unit",
        entry_id="fe0-qa-104",
        title="A tapped unit cannot be tapped to pay a cost 不能横置已横置的单位来支付费用",
        check=can_use_act_skill,
        params=_act_params(tapped=True, tap_icon=True),
        expected=False,
    ),
    WorkedExample(
        id="fe0-no-face-down-to-face-up",
        entry_id="fe0-qa-114",
        title=(
            "Face-down bond cards cannot be turned face-up to pay "
            "不能将背面羁绊卡转为正面来支付费用"
        ),
        check=can_use_act_skill,
        params=_act_params(flip=2, face_up=1, face_down=3),
        expected=False,
    ),
    WorkedExample(
        id="fe0-act-skill-unlimited",
        entry_id="fe0-qa-126",
        title=(
            "Without 〖Once per turn〗 a skill is used again 没有〖1回合1次〗的能力可以无限次使用"
        ),
        check=can_use_act_skill,
        params=_act_params(flip=1, face_up=3, used=2),
        expected=True,
    ),
    WorkedExample(
        id="fe0-tapped-by-effect-no-tap-cost",
        entry_id="fe0-qa-127",
        title="A unit tapped by another skill cannot pay its own tap icon "
        "被其他能力横置的单位不能支付横置费用",
        check=can_use_act_skill,
        params=_act_params(tapped=True, tap_icon=True, flip=1, face_up=2),
        expected=False,
        note="`unit_tapped` stands for the unit tapped by another unit's skill effect or cost.",
    ),
    WorkedExample(
        id="fe0-support-area-not-units",
        entry_id="fe0-qa-117",
        title="Support area cards do not count as allied units 支援区的卡不算作我方单位",
        check=count_allied_units,
        params=(
            Param("front_line_units", "int", 2, "Units in the front line 前卫区单位数", 0, 20),
            Param("back_line_units", "int", 1, "Units in the back line 后卫区单位数", 0, 20),
            Param(
                "support_area_cards",
                "int",
                1,
                "Cards in the support area 支援区的卡",
                0,
                1,
                inert=INERT["support_area"],
            ),
        ),
        expected=3,
    ),
    WorkedExample(
        id="fe0-defender-marches-at-once",
        entry_id="fe0-rule-marching-forward",
        title="The defender's back line marches forward at once 防御方后卫单位立刻进军",
        check=resolve_marching_forward,
        params=_march_params("opponent's turn", 0, 2),
        expected={"marches": True, "front_line": 2, "back_line": 0},
    ),
    WorkedExample(
        id="fe0-attacker-does-not-march",
        entry_id="fe0-rule-marching-forward",
        title=(
            "The attacker's back line does not march during its own turn 攻击方在自己回合中不进军"
        ),
        check=resolve_marching_forward,
        params=_march_params("my turn", 0, 2),
        expected={"marches": False, "front_line": 0, "back_line": 2},
    ),
    WorkedExample(
        id="fe0-no-march-own-turn",
        entry_id="fe0-qa-123",
        title=(
            "An empty front line during your own turn: no marching forward 自己回合中前卫为空不进军"
        ),
        check=resolve_marching_forward,
        params=_march_params("my turn", 0, 3),
        expected={"marches": False, "front_line": 0, "back_line": 3},
    ),
    WorkedExample(
        id="fe0-march-start-of-opponent-turn",
        entry_id="fe0-qa-123",
        title="…then all march at the start of the opponent's turn 对手回合开始时全部进军",
        check=resolve_marching_forward,
        params=_march_params("start of opponent's turn", 0, 3),
        expected={"marches": True, "front_line": 3, "back_line": 0},
    ),
    WorkedExample(
        id="fe0-same-name-keep-lord",
        entry_id="fe0-qa-134",
        title=(
            "Two units named Marth, one the lord: keep the lord "
            "两名同名单位之一为主人公时保留主人公"
        ),
        check=resolve_same_name_units,
        params=(
            Param(
                "units",
                "str_list",
                ("马尔斯", "马尔斯", "希达"),
                "Units on your battlefield 战场上的我方单位",
                choices=UNIT_NAMES,
            ),
            Param("lord", "str", "马尔斯", "Your lord unit 主人公单位", choices=UNIT_NAMES),
        ),
        expected={"kept": ["马尔斯 (lord)", "希达"], "to_retreat": ["马尔斯"]},
    ),
    WorkedExample(
        id="fe0-attacker-skills-first",
        entry_id="fe0-rule-simultaneous-abilities",
        title="The attacker's skills resolve first, in the attacker's order 先处理攻击方的能力",
        check=order_auto_skills,
        params=_auto_params(("希达【自】", "马尔斯【常】"), ("库洛姆【自】",)),
        expected={"order": ["希达【自】", "马尔斯【常】", "库洛姆【自】"]},
        note="Reading: the attacker is the turn player (Q130 states the order by turn player).",
    ),
    WorkedExample(
        id="fe0-turn-player-auto-skills-first",
        entry_id="fe0-qa-130",
        title="The turn player's auto skills first, then the other player's "
        "先处理回合玩家的自动型能力，再处理对手的",
        check=order_auto_skills,
        params=_auto_params(("马尔斯【自】", "希达【自】"), ("库洛姆【自】",)),
        expected={"order": ["马尔斯【自】", "希达【自】", "库洛姆【自】"]},
    ),
    WorkedExample(
        id="fe0-new-auto-skill-goes-next",
        entry_id="fe0-qa-131",
        title="A newly triggered auto skill resolves before the waiting ones "
        "新诱发的自动型能力先于等待中的能力处理",
        check=order_auto_skills,
        params=_auto_params(("马尔斯【自】", "希达【自】"), ("库洛姆【自】",), 1),
        expected={"order": ["马尔斯【自】", "卡因【自】", "希达【自】", "库洛姆【自】"]},
    ),
)

_BATTLE = (
    WorkedExample(
        id="fe0-tied-power",
        entry_id="fe0-qa-108",
        title="Equal power: the defender is destroyed 战斗力相同时防御单位被击破",
        check=resolve_battle,
        params=_battle_params(50, 50, 0, 0, a_sup_unit="马尔斯", d_sup_unit="库洛姆"),
        expected={
            "defender_destroyed": True,
            "attacker_destroyed": False,
            "attacker": 50,
            "defender": 50,
        },
        note="Both supports fail here (same unit names), so the printed powers 50 and 50 meet.",
        also_for=("fe0-rule-judgement",),
        keywords=("tie", "equal", "same power", "相同", "一样", "平手"),
    ),
    WorkedExample(
        id="fe0-losing-attacker-survives",
        entry_id="fe0-qa-98",
        title="A weaker attacker is not destroyed 攻击方战斗力较低也不会被击破",
        check=resolve_battle,
        params=_battle_params(50, 70, 10, 20),
        expected={
            "defender_destroyed": False,
            "attacker_destroyed": False,
            "attacker": 60,
            "defender": 90,
        },
    ),
    WorkedExample(
        id="fe0-judgement-higher-destroys",
        entry_id="fe0-rule-judgement",
        title="Higher attacker power destroys the defender 攻击方战斗力更高时击破防御单位",
        check=resolve_battle,
        params=_battle_params(70, 50, 20, 30),
        expected={
            "defender_destroyed": True,
            "attacker_destroyed": False,
            "attacker": 90,
            "defender": 80,
        },
    ),
    WorkedExample(
        id="fe0-judgement-lord-orb",
        entry_id="fe0-rule-judgement",
        title="A destroyed lord gives up 1 orb into the hand 主人公被击破时将1张宝玉加入手牌",
        check=resolve_lord_destroyed,
        params=_orb_params(3, 1),
        expected={"orbs_after_each_draw": [2], "orbs_left": 2, "defeated": False},
    ),
    WorkedExample(
        id="fe0-intro-attack-fails",
        entry_id="fe0-rule-intro-attack",
        title=(
            "A lower total: the attack fails and both units stay "
            "数值较低时攻击失败，双方单位留在战场"
        ),
        check=resolve_battle,
        params=_battle_params(40, 60, 10, 10),
        expected={
            "defender_destroyed": False,
            "attacker_destroyed": False,
            "attacker": 50,
            "defender": 70,
        },
    ),
    WorkedExample(
        id="fe0-critical-100-to-200",
        entry_id="fe0-rule-critical-attack",
        title="Critical attack: power 100 becomes 200 必杀攻击：战斗力从100变为200",
        check=resolve_battle,
        params=_battle_params(80, 70, 20, 20, crit=True),
        expected={
            "defender_destroyed": True,
            "attacker_destroyed": False,
            "attacker": 200,
            "defender": 90,
        },
        note="The source gives only 100 → 200; the split 80 power + 20 support is ours, to show "
        "that the total after support is doubled.",
    ),
    WorkedExample(
        id="fe0-god-speed-evasion",
        entry_id="fe0-rule-god-speed-evasion",
        title="God-speed evasion: the defender is not destroyed 神速回避：防御单位不会被击破",
        check=resolve_battle,
        params=_battle_params(80, 50, 20, 10, evade=True),
        expected={
            "defender_destroyed": False,
            "attacker_destroyed": False,
            "attacker": 100,
            "defender": 60,
        },
    ),
    WorkedExample(
        id="fe0-battle-five-steps",
        entry_id="fe0-rule-battle-flow",
        title="All five steps: support, critical attack, evasion, judgement 战斗的五个步骤",
        check=resolve_battle,
        params=_battle_params(70, 60, 20, 30, crit=True, evade=True),
        expected={
            "defender_destroyed": False,
            "attacker_destroyed": False,
            "attacker": 180,
            "defender": 90,
        },
        note="The entry lists the steps only; the outcome follows the step rules it links to.",
    ),
    WorkedExample(
        id="fe0-support-different-name",
        entry_id="fe0-rule-support",
        title="《支援成功》 Different unit names: the support succeeds 单位名不同：支援成功",
        check=is_support_successful,
        params=_support_params("马尔斯", "希达", "光之剑", "光之剑", ("光之剑",), ()),
        expected=True,
    ),
    WorkedExample(
        id="fe0-support-same-name",
        entry_id="fe0-rule-support",
        title="《支援失败》 Same unit name: the support fails 单位名相同：支援失败",
        check=is_support_successful,
        params=_support_params("马尔斯", "马尔斯", "光之剑", "光之剑", ("光之剑",), ()),
        expected=False,
    ),
    WorkedExample(
        id="fe0-attack-type-support-skill",
        entry_id="fe0-rule-support",
        title="An attack-type support skill works for the attacker 攻击型支援能力在攻击时发动",
        check=is_support_skill_active,
        params=_skill_params("support area", True, "attack", "attacker"),
        expected=True,
        note="The card in the source's picture gives +20 this way; the card is not named.",
    ),
    WorkedExample(
        id="fe0-support-name-of-other-ally",
        entry_id="fe0-qa-116",
        title=(
            "A support card named like a non-battling ally succeeds "
            "与未参战单位同名的支援卡支援成功"
        ),
        check=is_support_successful,
        params=_support_params(
            "马尔斯", "希达", "光之剑", "光之剑", ("光之剑",), ("希达", "库洛姆")
        ),
        expected=True,
    ),
    WorkedExample(
        id="fe0-support-without-faction-bond",
        entry_id="fe0-qa-118",
        title="No bond card of the support card's faction: the support still succeeds "
        "没有与支援卡同势力的羁绊卡也不会支援失败",
        check=is_support_successful,
        params=_support_params("马尔斯", "希达", "光之剑", "光之剑", ("圣痕",), ()),
        expected=True,
    ),
    WorkedExample(
        id="fe0-support-other-faction",
        entry_id="fe0-qa-119",
        title=(
            "Support card of another faction: the support succeeds "
            "支援卡与战斗单位势力不同也支援成功"
        ),
        check=is_support_successful,
        params=_support_params("库洛姆", "希达", "圣痕", "光之剑", ("圣痕", "光之剑"), ()),
        expected=True,
    ),
    WorkedExample(
        id="fe0-support-skill-always-applies",
        entry_id="fe0-qa-99",
        title=(
            "A support skill whose conditions are met always takes effect "
            "满足条件的支援能力一定生效"
        ),
        check=is_support_skill_active,
        params=_skill_params("support area", True, "defence", "defender"),
        expected=True,
    ),
    WorkedExample(
        id="fe0-support-skill-on-battlefield",
        entry_id="fe0-qa-128",
        title="A support skill does nothing on the battlefield 战场上单位的支援能力无效",
        check=is_support_skill_active,
        params=_skill_params("battlefield", True, "attack", "attacker"),
        expected=False,
    ),
    WorkedExample(
        id="fe0-critical-when-already-higher",
        entry_id="fe0-qa-100",
        title=(
            "A critical attack when already higher after support 支援后战斗力已更高也可以必杀攻击"
        ),
        check=can_declare_critical_or_evasion,
        params=_declare_params("critical attack", "attacker", "critical attack step", higher=True),
        expected=True,
    ),
    WorkedExample(
        id="fe0-evasion-when-already-higher",
        entry_id="fe0-qa-100",
        title=(
            "God-speed evasion when the defender is already higher 防御方战斗力更高也可以神速回避"
        ),
        check=can_declare_critical_or_evasion,
        params=_declare_params(
            "god-speed evasion", "defender", "god-speed evasion step", higher=True
        ),
        expected=True,
    ),
    WorkedExample(
        id="fe0-emblem-of-prayer-no-critical",
        entry_id="fe0-qa-101",
        title="No critical attack against Emblem of Prayer 『祈祷之纹章』生效时不能必杀攻击",
        check=can_declare_critical_or_evasion,
        params=_declare_params("critical attack", "attacker", "critical attack step", prayer=True),
        expected=False,
    ),
    WorkedExample(
        id="fe0-no-evasion-between-orbs",
        entry_id="fe0-qa-111",
        title="No god-speed evasion between two orb draws 破坏2颗宝玉之间不能神速回避",
        check=can_declare_critical_or_evasion,
        params=_declare_params("god-speed evasion", "defender", "between two orb draws"),
        expected=False,
    ),
    WorkedExample(
        id="fe0-critical-after-failed-support",
        entry_id="fe0-qa-115",
        title="A critical attack after a failed support 支援失败后也可以必杀攻击",
        check=can_declare_critical_or_evasion,
        params=_declare_params("critical attack", "attacker", "critical attack step", failed=True),
        expected=True,
    ),
    WorkedExample(
        id="fe0-lord-keeps-four-orbs",
        entry_id="fe0-rule-orbs-and-victory",
        title="A destroyed lord with 5 orbs breaks 1 and stays 主人公被击破时破坏1颗宝玉",
        check=resolve_lord_destroyed,
        params=_orb_params(5, 1),
        expected={"orbs_after_each_draw": [4], "orbs_left": 4, "defeated": False},
    ),
    WorkedExample(
        id="fe0-lord-without-orbs-loses",
        entry_id="fe0-rule-how-to-win",
        title="The lord destroyed with no orb left: defeat 失去宝玉的主人公被击破即败北",
        check=resolve_lord_destroyed,
        params=_orb_params(0, 1),
        expected={"orbs_after_each_draw": [], "orbs_left": 0, "defeated": True},
    ),
    WorkedExample(
        id="fe0-two-orbs-one-by-one",
        entry_id="fe0-qa-109",
        title="Two broken orbs are taken one at a time 2颗宝玉逐张加入手牌",
        check=resolve_lord_destroyed,
        params=_orb_params(5, 2),
        expected={"orbs_after_each_draw": [4, 3], "orbs_left": 3, "defeated": False},
    ),
    WorkedExample(
        id="fe0-one-orb-two-break",
        entry_id="fe0-qa-110",
        title="1 orb left, an attacker that breaks 2: not defeated 剩1颗宝玉被破坏2颗时不会败北",
        check=resolve_lord_destroyed,
        params=_orb_params(1, 2),
        expected={"orbs_after_each_draw": [0], "orbs_left": 0, "defeated": False},
    ),
    WorkedExample(
        id="fe0-deck-out-reshuffle",
        entry_id="fe0-rule-deck-out",
        title="Drawing the last card: the retreat area becomes the new deck at once "
        "卡组为0时立刻以退避区制作新卡组",
        check=take_cards_from_deck,
        params=_deck_out_params(1, 12, 1, "hand"),
        expected={"deck": 12, "retreat": 0, "reshuffles": 1, "not_taken": 0},
    ),
    WorkedExample(
        id="fe0-support-deck-out-order",
        entry_id="fe0-qa-97",
        title="Reset the deck first, then the failed support card goes to the retreat area "
        "先重置卡组，再将支援失败的卡放置到退避区",
        check=take_cards_from_deck,
        params=_deck_out_params(1, 12, 1, "support area (support fails)"),
        expected={"deck": 12, "retreat": 1, "reshuffles": 1, "not_taken": 0},
        note="The failed support card is not part of the new deck (12 cards, not 13).",
    ),
)


def _destruction_params(lord: bool, orbs: int, skills: int, supports: int) -> tuple[Param, ...]:
    return (
        Param("defender_is_lord", "bool", lord, "The destroyed unit is the lord 被击破的是主人公"),
        Param("orbs", "int", orbs, "The lord's orbs left 主人公剩余宝玉", 0, 5),
        Param(
            "on_destroy_skills",
            "int",
            skills,
            "Skills that trigger on destruction 击破时发动的能力",
            0,
            5,
        ),
        Param("support_cards", "int", supports, "Support cards in play 支援区的卡", 0, 2),
    )


_NEW = (
    WorkedExample(
        id="fe0-judgement-destruction-order",
        entry_id="fe0-rule-judgement",
        title="On destruction: the unit to the retreat area, then its skills, then the supports "
        "击破时：先放置单位，再处理能力，最后放置支援卡",
        check=judgement_destruction_order,
        params=_destruction_params(False, 0, 1, 2),
        expected={
            "order": [
                "destroyed unit to the retreat area",
                "on-destruction skill 1",
                "support cards to the retreat area",
            ],
            "defeated": False,
        },
        keywords=("order", "顺序", "retreat", "退避区", "support", "支援卡"),
        note="One skill that triggers on destruction and both support cards are ours; the order "
        "is the judgement rule's ※ line.",
    ),
    WorkedExample(
        id="fe0-judgement-lord-destroyed-order",
        entry_id="fe0-rule-judgement",
        title="A destroyed lord: an orb into the hand instead of the retreat area "
        "主人公被击破：改为将1颗宝玉加入手牌",
        check=judgement_destruction_order,
        params=_destruction_params(True, 3, 0, 2),
        expected={
            "order": ["1 orb into the hand", "support cards to the retreat area"],
            "defeated": False,
        },
        keywords=("lord", "主人公", "orb", "宝玉"),
    ),
    WorkedExample(
        id="fe0-class-change-skill-after-class-change",
        entry_id="fe0-rule-skills",
        title="A Class Change Skill works once the unit has class changed "
        "经过转职的单位可以使用转职技",
        check=can_use_class_change_skill,
        params=(
            Param(
                "top_card_arrived_by",
                "str",
                "class change",
                "How the top card came into play 最上方的卡如何登场",
                choices=("deployed", "level up", "class change"),
            ),
        ),
        expected=True,
        keywords=("class change skill", "转职技", "CCS"),
    ),
    WorkedExample(
        id="fe0-class-change-skill-level-up",
        entry_id="fe0-rule-skills",
        title="A level up paying the deployment cost gives no Class Change Skill "
        "支付出击费用的升级不能使用转职技",
        check=can_use_class_change_skill,
        params=(
            Param(
                "top_card_arrived_by",
                "str",
                "level up",
                "How the top card came into play 最上方的卡如何登场",
                choices=("deployed", "level up", "class change"),
            ),
        ),
        expected=False,
        keywords=("class change skill", "转职技", "level up", "升级"),
    ),
)

# Every choice as a phrase in both languages (the form shows these; the API keeps the codes).
PHRASES: dict[str, tuple[str, str]] = {
    "马尔斯": ("马尔斯", "Marth"),
    "库洛姆": ("库洛姆", "Chrom"),
    "希达": ("希达", "Caeda"),
    "卡因": ("卡因", "Cain"),
    "阿贝尔": ("阿贝尔", "Abel"),
    "杰刚": ("杰刚", "Jagen"),
    "丽兹": ("丽兹", "Lissa"),
    "弗雷德里克": ("弗雷德里克", "Frederick"),
    "光之剑": ("光之剑", "Blade of Light"),
    "圣痕": ("圣痕", "Mark of Naga"),
    "白夜": ("白夜", "Hoshido"),
    "暗夜": ("暗夜", "Nohr"),
    "deploy": ("出击", "deploy"),
    "level up": ("升级（支付出击费用）", "level up (deployment cost)"),
    "class change": ("转职（支付转职费用）", "class change (class change cost)"),
    "deployed": ("直接出击", "deployed"),
    "1": ("1", "1"),
    "2": ("2", "2"),
    "1-2": ("1-2", "1-2"),
    "-": ("-（不能攻击）", "- (cannot attack)"),
    "none": ("什么也没做", "nothing"),
    "moved": ("移动了", "moved"),
    "attacked": ("攻击了", "attacked"),
    "used a skill without the tap icon": (
        "使用了无横置图标的能力",
        "used a skill without the tap icon",
    ),
    "used a skill with the tap icon": ("使用了有横置图标的能力", "used a skill with the tap icon"),
    "tapped by an effect": ("被效果横置", "tapped by an effect"),
    "support area": ("支援区", "support area"),
    "battlefield": ("战场", "battlefield"),
    "attack": ("攻击型", "attack type"),
    "defence": ("防御型", "defence type"),
    "attacker": ("攻击方", "attacker"),
    "defender": ("防御方", "defender"),
    "critical attack": ("必杀攻击", "critical attack"),
    "god-speed evasion": ("神速回避", "god-speed evasion"),
    "critical attack step": ("必杀攻击步骤", "critical attack step"),
    "god-speed evasion step": ("神速回避步骤", "god-speed evasion step"),
    "between two orb draws": ("两次抽取宝玉之间", "between two orb draws"),
    "my turn": ("我的回合中", "my turn"),
    "opponent's turn": ("对手的回合中", "the opponent's turn"),
    "start of opponent's turn": ("对手回合开始时", "the start of the opponent's turn"),
    "hand": ("手牌", "hand"),
    "support area (support fails)": ("支援区（支援失败）", "support area (support fails)"),
    "support area (support succeeds)": ("支援区（支援成功）", "support area (support succeeds)"),
}

EXAMPLES: tuple[WorkedExample, ...] = with_phrases(
    _DECK + _DEPLOYMENT + _TURN + _BATTLE + _NEW, PHRASES
)

# Entries that state no computable outcome, with the reason (for the examples report).
NOT_COMPUTABLE: dict[str, str] = {
    "fe0-rule-about-the-post": "post header (title, credits, terms of use)",
    "fe0-qa-overview": "heading of the rules Q&A section",
    "fe0-rule-preparation": "section heading with no rule of its own",
    "fe0-rule-play-area": "definition of the zones of the play area; no outcome to compute",
    "fe0-rule-turn-structure": "outline of the five phases; their outcomes are computed under "
    "the phases' own entries",
    "fe0-rule-bond-cards": "bond phase procedure (optionally place 1 card face-up) and a play "
    "tip; the bond counts are computed under fe0-rule-deployment-phase",
    "fe0-rule-end-phase": "procedure of ending the turn; no outcome to compute",
    "fe0-qa-72": "the lord marker card is an optional accessory (a tournament rule asks for a "
    "marker); no game-state outcome",
    "fe0-qa-74": "a prohibition that holds in every state (no turning bonds face-up in the "
    "beginning phase); nothing varies to compute",
    "fe0-qa-75": "placing a bond card is the player's free choice; no outcome to compute",
    "fe0-qa-76": "permission without a condition: a bond card of any faction may be placed",
    "fe0-qa-96": "how an orb card is chosen (freely, without looking); no outcome to compute",
    "fe0-qa-102": "permission to end the action phase with untapped units; no outcome to compute",
    "fe0-qa-121": "information rule (which of the opponent's cards may be looked at)",
    "fe0-qa-122": "there is no hand-size limit: nothing to compute",
    "fe0-qa-124": "procedure: show the card to the opponent before adding it to the hand",
    "fe0-qa-132": "several costs may be paid in any order; the order changes no outcome",
    "fe0-qa-133": "「may」 lets the player decline; a choice, not an outcome",
}
