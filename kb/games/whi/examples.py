"""Warhammer: Invasion worked examples, each bound to the entry whose ruling it runs."""

from __future__ import annotations

from kb.games.whi.rules import (
    assign_combat_damage,
    can_affect_king_kazador,
    can_assign_indirect_damage,
    can_hero_enter_zone,
    can_play_from_hand,
    change_zone,
    max_response_triggers,
    move_damage,
    move_unit,
    reduce_value,
    remove_unit,
    resolve_counterstrike,
    resolve_dwarf_cannon_crew,
    resolve_non_combat_damage,
    resolve_or_choice,
    resolve_targeted_effect,
    turn_sequence,
    units_dealing_combat_damage,
    value_of_x,
)
from kb.rulecheck import Inert, Param, WorkedExample, with_phrases

IN_PLAY_ZONES = ("Kingdom", "Quest", "Battlefield")
ALL_ZONES = (*IN_PLAY_ZONES, "deck", "hand", "discard pile")
TARGET_STATES = (
    "legal",
    "removed from play",
    "moved out of the specified zone",
    "targeted characteristics changed",
)
LOYALTY_INERT = Inert(
    "whi-term-loyalty",
    "However, it is not considered part of the cost for the purposes of card effects.",
    "忠诚不算作卡牌效果所指的费用：Dwarf Cannon Crew 只比较左上角的费用。",
    "Loyalty is not part of the cost for card effects: Dwarf Cannon Crew compares the printed "
    "cost only.",
)
KIND_INERT = Inert(
    "whi-term-reduction",
    "Any card effect that would reduce any number (cost, hit points, etc) cannot reduce that "
    "number below zero.",
    "费用和HP适用同一条规则：都不能减到0以下，所以减少的是哪种数字不影响结果。",
    "Costs and hit points follow the same rule, never below zero, so which number is reduced "
    "does not change the result.",
)
CARD_TYPE_INERT = Inert(
    "whi-action",
    "Playing a unit, support, development, or quest card from hand are actions with "
    "restrictions built into them.",
    "四种卡牌（单位、支援、发展、任务）的使用限制相同，卡牌类型不影响结果。",
    "The four card types share the same restrictions, so the type does not change the result.",
)
HERO_BY_INERT = Inert(
    "whi-term-limit-one-hero-per-zone",
    "His opponent also cannot play, give control of, move, or put into play (via a card effect) "
    "another Hero into that zone.",
    "该区域的玩家和他的对手受同样的限制，由谁进行不影响结果。",
    "The zone's player and his opponent are bound alike, so who does it does not change the "
    "result.",
)
OWNER_INERT = Inert(
    "whi-term-out-of-play",
    "If a card would go to an out of play zone, it goes to its owner’s out of play zone.",
    "离场的卡总是进入拥有者的场外区域，谁操控它都一样。",
    "A card leaving play always goes to its owner's zone, whoever controls it.",
)

COUNTERSTRIKE_INERT = Inert(
    "whi-term-counterstrike",
    "Counterstrike damage is combat damage that cannot be split among attackers, is "
    "uncancellable, and is applied as soon as it is assigned",
    "反击伤害不可抵消：坚韧和抵消效果都不影响结果。",
    "Counterstrike damage is uncancellable: neither Toughness nor a cancel effect changes it.",
)

PHASES = (
    "Beginning of the Turn",
    "Kingdom phase",
    "Quest phase",
    "Capital phase",
    "Battlefield phase",
    "End of Turn",
)


def _combat_params(pool: int, hp, dmg, tough, extra) -> tuple[Param, ...]:
    return (
        Param("damage_pool", "int", pool, "Attacker's combat damage pool 进攻方伤害池", 0, 200),
        Param(
            "defender_hit_points",
            "int_list",
            hp,
            "Each defender's hit points 各防御单位HP",
            1,
            50,
            max_items=10,
        ),
        Param(
            "defender_damage",
            "int_list",
            dmg,
            "Damage already on each defender 已有伤害",
            0,
            50,
            max_items=10,
        ),
        Param(
            "defender_toughness",
            "int_list",
            tough,
            "Each defender's Toughness 坚韧值",
            0,
            20,
            max_items=10,
        ),
        Param(
            "extra_damage",
            "int_list",
            extra,
            "Extra damage the attacker adds to each defender 额外分配的伤害",
            0,
            200,
            max_items=10,
        ),
    )


ORIGINAL_READING = Param(
    "original_reading",
    "str",
    "hit points possessed",
    "Original wording read as 原规则的理解",
    choices=("hit points possessed", "remaining hit points"),
)


def _non_combat_params(
    damage: int, cancel: int, played: str, inert: Inert | None = None
) -> tuple[Param, ...]:
    return (
        Param(
            "damage",
            "int",
            damage,
            "Damage to the unit (Nurgle's Pestilence: 1, corrupted 2) 对单位的伤害",
            0,
            50,
        ),
        Param(
            "cancel_amount",
            "int",
            cancel,
            "Damage a cancel effect cancels (Steel's Bane: 10) 抵消量",
            0,
            50,
        ),
        Param(
            "cancel_played",
            "str",
            played,
            "When the cancel is played 抵消效果使用时机",
            choices=("in response to the card", "after the damage is assigned"),
            inert=inert,
        ),
    )


def _reduce_params(kind: str, value: int, reduction: int) -> tuple[Param, ...]:
    return (
        Param(
            "kind",
            "str",
            kind,
            "Number reduced 被减少的数字",
            choices=("cost", "hit points"),
            inert=KIND_INERT,
        ),
        Param("value", "int", value, "Its value 数值", 0, 50),
        Param("reduction", "int", reduction, "Reduction 减少量", 0, 50),
    )


def _dcc_params(costs, loyalty) -> tuple[Param, ...]:
    return (
        Param(
            "support_costs",
            "int_list",
            costs,
            "Printed costs of the support cards among the top five 前五张中支援卡的费用",
            0,
            20,
            max_items=5,
        ),
        Param(
            "support_loyalty",
            "int_list",
            loyalty,
            "Their loyalty 它们的忠诚值",
            0,
            10,
            max_items=5,
            inert=LOYALTY_INERT,
        ),
    )


def _target_params(states, played: bool = True) -> tuple[Param, ...]:
    return (
        Param(
            "target_states",
            "str_list",
            states,
            "Each target on resolution 结算时各目标状态",
            choices=TARGET_STATES,
            max_items=10,
        ),
        Param("legal_when_played", "bool", played, "Targets legal when played 使用时目标合法"),
    )


def _hero_params(heroes: int, method: str, by: str) -> tuple[Param, ...]:
    return (
        Param("heroes_in_zone", "int", heroes, "Heroes already in the zone 区域内已有英雄", 0, 5),
        Param(
            "method",
            "str",
            method,
            "How the Hero would enter 英雄进入方式",
            choices=("play", "take or give control", "move", "put into play by a card effect"),
        ),
        Param(
            "by",
            "str",
            by,
            "Who does it 由谁进行",
            choices=("the zone's player", "the opponent"),
            inert=HERO_BY_INERT,
        ),
    )


def _dealt_params(contributed, applied: int) -> tuple[Param, ...]:
    return (
        Param(
            "contributed",
            "int_list",
            contributed,
            "Damage each attacker adds to the pool 各进攻单位提供的伤害",
            0,
            50,
            max_items=10,
        ),
        Param(
            "damage_applied",
            "int",
            applied,
            "Damage applied to opposing units or capital 执行到对手单位或首都的伤害",
            0,
            200,
        ),
    )


def _play_params(card_type: str, phase: str, own: bool, response: bool, pay: bool):
    return (
        Param(
            "card_type",
            "str",
            card_type,
            "Card type 卡牌类型",
            choices=("unit", "support", "development", "quest"),
            inert=CARD_TYPE_INERT,
        ),
        Param("phase", "str", phase, "Current phase 当前阶段", choices=PHASES),
        Param("own_turn", "bool", own, "The owner's own turn 拥有者自己的回合"),
        Param("in_response", "bool", response, "Played in response 作为响应使用"),
        Param("can_pay_costs", "bool", pay, "All costs can be paid 能支付所有费用"),
    )


def _move_unit_params(role, dst, anywhere, tokens, damage) -> tuple[Param, ...]:
    return (
        Param(
            "role",
            "str",
            role,
            "The unit is 单位正在",
            choices=("attacking", "defending", "questing"),
        ),
        Param("to_zone", "str", dst, "Moved to 移入区域", choices=IN_PLAY_ZONES),
        Param(
            "may_act_from_any_zone",
            "bool",
            anywhere,
            "An effect lets it attack/defend from its new location 可从新位置进攻/防御",
        ),
        Param(
            "resource_tokens",
            "int",
            tokens,
            "Resource tokens on the quest 任务上的资源指示物",
            0,
            50,
        ),
        Param(
            "assigned_damage", "int", damage, "Damage already assigned to it 已分配的伤害", 0, 50
        ),
    )


def _zone_params(how: str, src: str, dst: str, owner: bool | None = None) -> tuple[Param, ...]:
    owned = (
        Param(
            "controller_is_owner",
            "bool",
            owner,
            "Its controller is its owner 操控者即拥有者",
            inert=OWNER_INERT,
        ),
    )
    return (
        Param(
            "how",
            "str",
            how,
            "How the card changes zone 改变区域的方式",
            choices=(
                "play",
                "put into play",
                "move",
                "destroy",
                "sacrifice",
                "return to hand or deck",
            ),
        ),
        Param("from_zone", "str", src, "From 从", choices=ALL_ZONES),
        Param("to_zone", "str", dst, "To 到", choices=ALL_ZONES),
    ) + (owned if owner is not None else ())


def _remove_params(how: str, cancel: bool, trigger: str) -> tuple[Param, ...]:
    return (
        Param(
            "how", "str", how, "Destroy or sacrifice 消灭或牺牲", choices=("destroy", "sacrifice")
        ),
        Param("cancel_effect", "bool", cancel, "An effect tries to cancel it 有效果试图取消"),
        Param(
            "trigger",
            "str",
            trigger,
            "A card waiting for 等待的触发",
            choices=("when destroyed", "when sacrificed", "when it leaves play"),
        ),
    )


def _indirect_params(amount: int, hp: int, tough: int | None = None) -> tuple[Param, ...]:
    out = (
        Param("amount", "int", amount, "Indirect damage assigned 分配的间接伤害", 1, 50),
        Param("remaining_hit_points", "int", hp, "Hit points left 剩余HP", 0, 50),
    )
    if tough is not None:
        out += (Param("toughness", "int", tough, "Toughness 坚韧", 0, 20),)
    return out


_EXAMPLES: tuple[WorkedExample, ...] = (
    # --- Core Rulebook errata -------------------------------------------------------------
    WorkedExample(
        id="whi-assign-damage-corrected",
        entry_id="whi-errata-p12-assign-damage",
        title="Corrected p. 12: enough to destroy each defender, cancellation ignored "
        "更正后：先给每个防御单位分配足以消灭它的伤害（忽略抵消）",
        check=assign_combat_damage,
        params=_combat_params(6, (3, 2), (1, 0), (1, 0), (0, 0)),
        expected={
            "minimum": [2, 2],
            "assigned": [2, 2],
            "capital": 2,
            "destroyed": [False, True],
            "attacker_chooses_spread": False,
        },
        fixed={"errata": True},
        keywords=("minimum", "capital", "最低", "首都", "足以消灭"),
        note="Damage cancellation is ignored when finding the minimum (the translator's "
        "answer), so the Toughness 1 defender needs only its 2 remaining hit points before "
        "damage may go to the capital; Toughness then cancels 1 and it survives. Toughness "
        "X is read as cancelling X of the damage assigned to the unit.",
    ),
    WorkedExample(
        id="whi-assign-damage-original",
        entry_id="whi-errata-p12-assign-damage",
        title="Original p. 12: damage equal to the hit points each defender possesses "
        "原规则：分配与防御单位HP数相等的伤害",
        check=assign_combat_damage,
        params=(*_combat_params(6, (3, 2), (1, 0), (1, 0), (0, 0)), ORIGINAL_READING),
        expected={
            "minimum": [3, 2],
            "assigned": [3, 2],
            "capital": 1,
            "destroyed": [True, True],
            "attacker_chooses_spread": False,
        },
        fixed={"errata": False},
        keywords=("original", "原规则", "hit points", "HP数"),
        note="The same defenders and pool as the corrected example, so the difference is the "
        "erratum's: read literally, the original first sentence asks for “damage equal to the "
        "number of hit points each defending unit possesses” (3 for the damaged defender), "
        "where the corrected wording asks only for what destroys it (its 2 remaining). The "
        "original's next sentence says “remaining hit points”; choose that reading to see both "
        "wordings agree.",
    ),
    WorkedExample(
        id="whi-assign-damage-short-pool-extra",
        entry_id="whi-errata-p12-assign-damage",
        title="A short pool: nothing reaches the capital, and the extra asked for is kept "
        "伤害池不足：首都分不到伤害，额外分配照样保留",
        check=assign_combat_damage,
        params=_combat_params(5, (3, 2), (0, 0), (1, 0), (1, 0)),
        expected={
            "minimum": [3, 2],
            "assigned": [4, 1],
            "capital": 0,
            "destroyed": [True, False],
            "attacker_chooses_spread": True,
        },
        fixed={"errata": True},
        keywords=("extra", "short", "额外", "不足", "toughness", "坚韧"),
        note="The erratum limits only damage reaching the capital: with 5 damage for minimums "
        "of 3 and 2 nothing can reach it, so the attacker may spread the pool as he likes, "
        "here 1 more on the Toughness 1 defender (4 and 1).",
    ),
    WorkedExample(
        id="whi-turn-sequence-corrected",
        entry_id="whi-errata-p14-turn-sequence",
        title="Corrected p. 14: a Beginning of the Turn step 0 更正后：新增第0步回合开始",
        check=turn_sequence,
        params=(
            Param(
                "active_player",
                "str",
                "you",
                "Active player this turn 本回合主动玩家",
                choices=("you", "your opponent"),
            ),
        ),
        expected={
            "steps": [
                "0. Beginning of the Turn",
                "1. Kingdom",
                "2. Quest",
                "3. Capital",
                "4. Battlefield",
                "5. End of Turn",
            ],
            "next_active_player": "your opponent",
        },
        fixed={"errata": True},
        note="The erratum quotes only steps 0 and 5; steps 1-4 are the rulebook's four phases.",
    ),
    WorkedExample(
        id="whi-turn-sequence-original",
        entry_id="whi-errata-p14-turn-sequence",
        title="Before the p. 14 erratum: the turn starts with the Kingdom phase "
        "纠错前：回合从王国阶段开始",
        check=turn_sequence,
        params=(
            Param(
                "active_player",
                "str",
                "you",
                "Active player this turn 本回合主动玩家",
                choices=("you", "your opponent"),
            ),
        ),
        expected={
            "steps": ["1. Kingdom", "2. Quest", "3. Capital", "4. Battlefield", "5. End of Turn"],
            "next_active_player": "your opponent",
        },
        fixed={"errata": False},
        note="The source gives no original wording; the translator's note says step 0 was "
        "added before the Kingdom phase, so without the erratum there is no step 0.",
    ),
    WorkedExample(
        id="whi-non-combat-damage-corrected",
        entry_id="whi-errata-p17-non-combat-damage",
        title="Corrected p. 17: a cancel after assignment is too late "
        "更正后：伤害分配后立即执行，事后抵消来不及",
        check=resolve_non_combat_damage,
        params=_non_combat_params(1, 10, "after the damage is assigned"),
        expected={"applied": 1, "cancelled": 0},
        fixed={"errata": True},
        note="Nurgle's Pestilence deals 1 damage; Steel's Bane (cancel 10) is tried after the "
        "damage is assigned.",
    ),
    WorkedExample(
        id="whi-non-combat-damage-original",
        entry_id="whi-errata-p17-non-combat-damage",
        title="Original p. 17: assigned, then applied as in combat "
        "原规则：先分配，再像战斗伤害一样执行",
        check=resolve_non_combat_damage,
        params=_non_combat_params(
            1,
            10,
            "after the damage is assigned",
            Inert(
                "whi-errata-p17-non-combat-damage",
                "this damage is first assigned and then applied to the target in a manner "
                "similar to the way damage is handled in combat",
                "按原规则伤害先分配再执行，响应时使用或分配后使用的抵消都赶得上，时机不影响结果。",
                "Under the original wording the damage is assigned, then applied, so a cancel "
                "played in response or after the assignment both come in time.",
            ),
        ),
        expected={"applied": 0, "cancelled": 1},
        fixed={"errata": False},
        note="Reading: “applied in a manner similar to combat” leaves a moment between "
        "assignment and application in which a cancel can still be played.",
    ),
    # --- General clarifications ------------------------------------------------------------
    WorkedExample(
        id="whi-rat-ogres-once-per-copy",
        entry_id="whi-action",
        title="Rat Ogres: once per copy at the beginning of your turn "
        "鼠魔：回合开始时每份卡各触发一次",
        check=max_response_triggers,
        params=(
            Param("copies_in_play", "int", 2, "Copies of Rat Ogres in play 在场鼠魔数量", 0, 10),
            Param(
                "window",
                "str",
                "the beginning of your turn",
                "Action window 发动时机",
                choices=(
                    "the beginning of your turn",
                    "the beginning of the opponent's turn",
                    "another action window",
                ),
            ),
        ),
        expected={"max_triggers": 2},
    ),
    WorkedExample(
        id="whi-play-only-in-capital-phase",
        entry_id="whi-action",
        title="A support card cannot be played in the Battlefield phase 支援卡不能在战场阶段使用",
        check=can_play_from_hand,
        params=_play_params("support", "Battlefield phase", True, False, True),
        expected={"can_play": False},
    ),
    WorkedExample(
        id="whi-dwarf-cannon-crew-then-shuffle",
        entry_id="whi-multiple-effects",
        title="Dwarf Cannon Crew finds a support: then shuffle 矮人加农炮小组找到支援卡，然后洗牌",
        check=resolve_dwarf_cannon_crew,
        params=_dcc_params((4, 2), (0, 1)),
        expected={"eligible_costs": [2], "put_into_zone": True, "shuffled": True},
    ),
    WorkedExample(
        id="whi-dwarf-cannon-crew-no-shuffle",
        entry_id="whi-multiple-effects",
        title="No support found: no shuffle 未找到支援卡：不洗牌",
        check=resolve_dwarf_cannon_crew,
        params=_dcc_params((3, 5), (0, 0)),
        expected={"eligible_costs": [], "put_into_zone": False, "shuffled": False},
        note="Reading: the search “resolved successfully” only when a support card was found "
        "and put into the zone; finding none, the effect after “Then” does not happen.",
    ),
    # --- Terminology ----------------------------------------------------------------------
    WorkedExample(
        id="whi-cost-zero-not-reduced",
        entry_id="whi-term-cost",
        title="A card with a cost of 0 cannot be reduced 费用为0的卡不能被减少",
        check=reduce_value,
        params=_reduce_params("cost", 0, 1),
        expected={"value": 0, "reduced_by": 0},
    ),
    WorkedExample(
        id="whi-cost-regardless-of-loyalty",
        entry_id="whi-term-cost",
        title="Dwarf Cannon Crew: cost 2 or lower regardless of loyalty "
        "矮人加农炮小组：无论忠诚，费用2或以下即可",
        check=resolve_dwarf_cannon_crew,
        params=_dcc_params((2,), (2,)),
        expected={"eligible_costs": [2], "put_into_zone": True, "shuffled": True},
    ),
    WorkedExample(
        id="whi-reduction-not-below-zero",
        entry_id="whi-term-reduction",
        title="A reduction stops at zero 减少不能低于0",
        check=reduce_value,
        params=_reduce_params("cost", 2, 3),
        expected={"value": 0, "reduced_by": 2},
    ),
    WorkedExample(
        id="whi-x-is-zero",
        entry_id="whi-term-the-letter-x",
        title="X is 0 unless specified 未指定时X等于0",
        check=value_of_x,
        params=(
            Param(
                "specified_by",
                "str",
                "nothing",
                "What specifies X 由什么指定X",
                choices=("nothing", "the card", "a card effect", "a granted player choice"),
            ),
            Param("specified_value", "int", 3, "The value it gives 指定的数值", 0, 50),
        ),
        expected={"x": 0},
    ),
    WorkedExample(
        id="whi-loyalty-not-cost",
        entry_id="whi-term-loyalty",
        title="Loyalty is not part of the cost 忠诚不算作费用",
        check=resolve_dwarf_cannon_crew,
        params=_dcc_params((1, 3), (3, 0)),
        expected={"eligible_costs": [1], "put_into_zone": True, "shuffled": True},
        note="A cost 1 support with loyalty 3 is eligible for “cost 2 or lower”; a cost 3 "
        "support is not.",
    ),
    WorkedExample(
        id="whi-in-play-pistoliers",
        entry_id="whi-term-in-play",
        title="Pistoliers cannot move themselves to the discard pile 枪骑兵不能把自己移动到弃牌堆",
        check=change_zone,
        params=_zone_params("move", "Battlefield", "discard pile"),
        expected={
            "allowed": False,
            "enters_play": False,
            "leaves_play": False,
            "new_card": False,
            "goes_to": "Battlefield",
        },
    ),
    WorkedExample(
        id="whi-out-of-play-owner-new-card",
        entry_id="whi-term-out-of-play",
        title="To its owner's discard pile, as a new card 进入拥有者的弃牌堆，视为新卡",
        check=change_zone,
        params=_zone_params("destroy", "Kingdom", "discard pile", owner=False),
        expected={
            "allowed": True,
            "enters_play": False,
            "leaves_play": True,
            "new_card": True,
            "goes_to": "owner's discard pile",
        },
    ),
    WorkedExample(
        id="whi-enters-play-from-discard",
        entry_id="whi-term-enters-play",
        title="Put into play from the discard pile: it entered play 从弃牌堆放置进场：视为进场",
        check=change_zone,
        params=_zone_params("put into play", "discard pile", "Kingdom"),
        expected={
            "allowed": True,
            "enters_play": True,
            "leaves_play": False,
            "new_card": False,
            "goes_to": "Kingdom",
        },
    ),
    WorkedExample(
        id="whi-leaves-play-to-hand",
        entry_id="whi-term-leaves-play",
        title="Back into a hand: the card leaves play 回到手牌：离场",
        check=change_zone,
        params=_zone_params("return to hand or deck", "Quest", "hand"),
        expected={
            "allowed": True,
            "enters_play": False,
            "leaves_play": True,
            "new_card": True,
            "goes_to": "owner's hand",
        },
    ),
    WorkedExample(
        id="whi-play-pay-all-costs",
        entry_id="whi-term-play",
        title="Play means paying all costs 使用必须支付所有费用",
        check=can_play_from_hand,
        params=_play_params("unit", "Capital phase", True, False, False),
        expected={"can_play": False},
    ),
    WorkedExample(
        id="whi-put-into-play-rip-dere-eads-off",
        entry_id="whi-term-put-into-play",
        title="Rip Dere ‘Eads Off on a Hero where a Hero is: cancelled "
        "区域已有英雄时扯下他们的脑袋的效果被取消",
        check=can_hero_enter_zone,
        params=_hero_params(1, "put into play by a card effect", "the zone's player"),
        expected={"allowed": False, "effect_cancelled": True},
    ),
    WorkedExample(
        id="whi-one-hero-per-zone-move",
        entry_id="whi-term-limit-one-hero-per-zone",
        title="The opponent cannot move a second Hero into the zone "
        "对手也不能把第二个英雄移入该区域",
        check=can_hero_enter_zone,
        params=_hero_params(1, "move", "the opponent"),
        expected={"allowed": False, "effect_cancelled": False},
    ),
    WorkedExample(
        id="whi-sacrifice-not-cancelled",
        entry_id="whi-term-sacrifice",
        title="A sacrifice cannot be cancelled or prevented 牺牲不能被取消或防止",
        check=remove_unit,
        params=_remove_params("sacrifice", True, "when sacrificed"),
        expected={"in_discard_pile": True, "trigger_fires": True},
    ),
    WorkedExample(
        id="whi-sacrifice-is-not-destroy",
        entry_id="whi-term-destroy",
        title="Sacrificing is not destroying 牺牲不是消灭",
        check=remove_unit,
        params=_remove_params("sacrifice", False, "when destroyed"),
        expected={"in_discard_pile": True, "trigger_fires": False},
    ),
    WorkedExample(
        id="whi-or-warpstone-meteor",
        entry_id="whi-term-or",
        title="Warpstone Meteor with no unit to corrupt: 1 damage to capital "
        "次元石陨星：没有可腐化单位时对首都造成1点伤害",
        check=resolve_or_choice,
        params=(
            Param(
                "preferred",
                "str",
                "corrupt a unit",
                "Option the player prefers 玩家倾向的选项",
                choices=("corrupt a unit", "deal 1 damage to capital"),
            ),
            Param(
                "units_able_to_be_corrupted",
                "int",
                0,
                "His units in the zone he can corrupt 该区域可腐化的单位",
                0,
                20,
            ),
        ),
        expected={"resolved": "deal 1 damage to capital"},
    ),
    WorkedExample(
        id="whi-target-troll-vomit-king-kazador",
        entry_id="whi-term-target",
        title="Troll Vomit does not target: King Kazador does not interact "
        "巨魔呕吐不选目标：卡扎多国王不起作用",
        check=can_affect_king_kazador,
        params=(
            Param("effect_says_target", "bool", False, "The effect says “target” 效果写有“目标”"),
            Param("played_by_opponent", "bool", True, "Played by Kazador's opponent 由对手使用"),
            Param(
                "additional_resources", "int", 0, "Additional resources paid 额外支付的资源", 0, 20
            ),
        ),
        expected={"targets": False, "can_affect": True},
    ),
    WorkedExample(
        id="whi-illegal-target-flames-of-tzeentch",
        entry_id="whi-term-illegal-target",
        title="Flames of Tzeentch vs a sacrificed Lobber Crew: cancelled "
        "奸奇之焰的目标抛抛机小组被牺牲：效果取消",
        check=resolve_targeted_effect,
        params=_target_params(("removed from play",)),
        expected={"played": True, "cancelled": True, "affected": 0},
    ),
    WorkedExample(
        id="whi-illegal-target-some-legal",
        entry_id="whi-term-illegal-target",
        title="Some targets still legal: only they are affected 部分目标仍合法：只影响合法目标",
        check=resolve_targeted_effect,
        params=_target_params(("legal", "moved out of the specified zone")),
        expected={"played": True, "cancelled": False, "affected": 1},
    ),
    WorkedExample(
        id="whi-dealt-damage-sadistic-mutation",
        entry_id="whi-term-dealing-damage-in-combat",
        title="Savage Gor and Bloodsworn both dealt damage 羊角怪和血誓者都造成了伤害",
        check=units_dealing_combat_damage,
        params=_dealt_params((2, 1), 1),
        expected={"dealt_damage": [True, True]},
        note="The source gives no power for Savage Gor or Bloodsworn; 2 and 1 are stand-ins. "
        "A single applied point is enough for both Sadistic Mutations to trigger.",
    ),
    WorkedExample(
        id="whi-dealt-damage-none-applied",
        entry_id="whi-term-dealing-damage-in-combat",
        title="Nothing applied: no unit dealt damage 没有伤害被执行：没有单位造成伤害",
        check=units_dealing_combat_damage,
        params=_dealt_params((2, 1), 0),
        expected={"dealt_damage": [False, False]},
    ),
    WorkedExample(
        id="whi-non-combat-damage-nurgles-pestilence",
        entry_id="whi-term-non-combat-damage",
        title="Steel's Bane must answer Nurgle's Pestilence in response "
        "铲除祸根必须响应纳垢瘟疫的使用",
        check=resolve_non_combat_damage,
        params=_non_combat_params(1, 10, "in response to the card"),
        expected={"applied": 0, "cancelled": 1},
        fixed={"errata": True},
    ),
    WorkedExample(
        id="whi-counterstrike-uncancellable",
        entry_id="whi-term-counterstrike",
        title="Counterstrike: one attacker, not split, uncancellable 反击：不分摊、不可抵消",
        check=resolve_counterstrike,
        params=(
            Param("counterstrike", "int", 2, "Counterstrike value 反击值", 0, 20),
            Param(
                "attacker_hit_points",
                "int_list",
                (3, 2),
                "Each attacker's hit points left 各进攻单位剩余HP",
                1,
                50,
                max_items=10,
            ),
            Param(
                "attacker_toughness",
                "int_list",
                (0, 1),
                "Each attacker's Toughness 坚韧",
                0,
                20,
                max_items=10,
                inert=COUNTERSTRIKE_INERT,
            ),
            Param(
                "chosen_attacker",
                "int",
                2,
                "Attacker receiving it (1 = first) 承受反击的单位",
                1,
                10,
            ),
            Param(
                "cancel_damage",
                "int",
                0,
                "Damage a cancel effect would cancel 抵消量",
                0,
                50,
                inert=COUNTERSTRIKE_INERT,
            ),
        ),
        expected={"damage": [0, 2], "destroyed": [False, True]},
    ),
    WorkedExample(
        id="whi-indirect-damage-toughness",
        entry_id="whi-term-indirect-damage",
        title="Indirect damage to a unit: no more than lethal, toughness included "
        "间接伤害：不超过消灭单位所需（含坚韧）",
        check=can_assign_indirect_damage,
        params=_indirect_params(4, 2, 1),
        fixed={"target": "unit"},
        expected={"legal": False, "max": 3},
    ),
    WorkedExample(
        id="whi-indirect-damage-burning-zone",
        entry_id="whi-term-indirect-damage",
        title="No indirect damage to a burning zone 间接伤害不能分配给燃烧区域",
        check=can_assign_indirect_damage,
        params=_indirect_params(1, 0),
        fixed={"target": "capital section", "toughness": 0},
        expected={"legal": False, "max": 0},
        note="Reading: “a burning zone” is a capital section with no hit points left; a unit "
        "standing in that zone may still be assigned indirect damage (the limit is on the "
        "section, not on the units in it).",
    ),
    WorkedExample(
        id="whi-moving-damage-bypasses-toughness",
        entry_id="whi-term-moving-damage",
        title="Moved damage bypasses Toughness 移动的伤害无视坚韧",
        check=move_damage,
        params=(
            Param("amount", "int", 2, "Damage moved 移动的伤害", 0, 50),
            Param(
                "damage_on_source", "int", 2, "Damage on the source unit 来源单位上的伤害", 0, 50
            ),
            Param(
                "destination_hit_points",
                "int",
                2,
                "Destination's hit points left 目标剩余HP",
                1,
                50,
            ),
            Param(
                "destination_toughness",
                "int",
                1,
                "Destination's Toughness 目标坚韧",
                0,
                20,
                inert=Inert(
                    "whi-term-moving-damage",
                    "damage moved from one unit to another bypasses damage cancellation effects "
                    "(like Toughness)",
                    "移动的伤害绕过坚韧等伤害抵消效果，坚韧多少都不影响结果。",
                    "Moved damage bypasses Toughness, so its value does not change the result.",
                ),
            ),
        ),
        expected={
            "moved": 2,
            "cancelled": 0,
            "counts_as_dealt": False,
            "destroyed": True,
            "left_on_source": 0,
        },
    ),
    WorkedExample(
        id="whi-moving-attacker-out-of-battlefield",
        entry_id="whi-term-moving-units",
        title="An attacker moved out of the battlefield stops attacking 进攻单位移出战场即不再进攻",
        check=move_unit,
        params=_move_unit_params("attacking", "Kingdom", False, 0, 2),
        expected={
            "keeps_role": False,
            "entered_zone": "Kingdom",
            "entered_play": False,
            "tokens_discarded": 0,
            "damage_applied": 2,
        },
    ),
    WorkedExample(
        id="whi-moving-greyseer-thanquol",
        entry_id="whi-term-moving-units",
        title="Greyseer Thanquol may attack from any zone 灰先知山库可从任何区域进攻",
        check=move_unit,
        params=_move_unit_params("attacking", "Kingdom", True, 0, 0),
        expected={
            "keeps_role": True,
            "entered_zone": "Kingdom",
            "entered_play": False,
            "tokens_discarded": 0,
            "damage_applied": 0,
        },
    ),
    WorkedExample(
        id="whi-moving-questing-unit",
        entry_id="whi-term-moving-units",
        title="A questing unit moved out: its quest's resource tokens are discarded "
        "移出任务区：任务上的资源指示物被移除",
        check=move_unit,
        params=_move_unit_params("questing", "Battlefield", False, 3, 0),
        expected={
            "keeps_role": False,
            "entered_zone": "Battlefield",
            "entered_play": False,
            "tokens_discarded": 3,
            "damage_applied": 0,
        },
    ),
)

# Entries that state no computable outcome, with the reason (for the examples report).
NOT_COMPUTABLE: dict[str, str] = {
    "whi-about": "document header and description of the source; no ruling",
    "whi-errata-overview": "section heading of the errata; the three errata have their own "
    "examples",
    "whi-terminology-overview": "section heading of the terminology clarifications",
    "whi-term-zones-of-play": "definition listing the six zones; applied by the zone-change "
    "checks of the in-play, out-of-play and enters-play entries",
}

# Every choice as a phrase in both languages (the form shows these; the API keeps the codes).
PHRASES: dict[str, tuple[str, str]] = {
    "Kingdom": ("王国区", "Kingdom"),
    "Quest": ("任务区", "Quest zone"),
    "Battlefield": ("战场区", "Battlefield"),
    "deck": ("牌库", "deck"),
    "hand": ("手牌", "hand"),
    "discard pile": ("弃牌堆", "discard pile"),
    "Beginning of the Turn": ("回合开始", "Beginning of the Turn"),
    "Kingdom phase": ("王国阶段", "Kingdom phase"),
    "Quest phase": ("任务阶段", "Quest phase"),
    "Capital phase": ("首都阶段", "Capital phase"),
    "Battlefield phase": ("战场阶段", "Battlefield phase"),
    "End of Turn": ("回合结束", "End of Turn"),
    "legal": ("仍然合法", "still legal"),
    "removed from play": ("已离场", "removed from play"),
    "moved out of the specified zone": ("已移出指定区域", "moved out of the specified zone"),
    "targeted characteristics changed": ("被指定的特征已改变", "targeted characteristics changed"),
    "hit points possessed": ("单位拥有的HP数（印刷值）", "the hit points it possesses (printed)"),
    "remaining hit points": ("剩余HP数", "its remaining hit points"),
    "in response to the card": ("响应造成伤害的卡牌时", "in response to the damaging card"),
    "after the damage is assigned": ("伤害分配之后", "after the damage is assigned"),
    "cost": ("费用", "a cost"),
    "hit points": ("HP数", "hit points"),
    "you": ("你", "you"),
    "your opponent": ("你的对手", "your opponent"),
    "the beginning of your turn": ("你的回合开始时", "the beginning of your turn"),
    "the beginning of the opponent's turn": (
        "对手回合开始时",
        "the beginning of the opponent's turn",
    ),
    "another action window": ("其他发动时机", "another action window"),
    "unit": ("单位", "a unit"),
    "support": ("支援卡", "a support"),
    "development": ("发展卡", "a development"),
    "quest": ("任务卡", "a quest"),
    "nothing": ("没有东西指定", "nothing"),
    "the card": ("卡牌本身", "the card"),
    "a card effect": ("卡牌效果", "a card effect"),
    "a granted player choice": ("给予玩家的选择", "a granted player choice"),
    "play": ("使用", "play it"),
    "take or give control": ("操控（取得或给予）", "take or give control"),
    "move": ("移动", "move it"),
    "put into play by a card effect": ("利用卡牌效果放置进场", "put it into play by a card effect"),
    "the zone's player": ("该区域的玩家", "the zone's player"),
    "the opponent": ("对手", "the opponent"),
    "attacking": ("正在进攻", "attacking"),
    "defending": ("正在防御", "defending"),
    "questing": ("正在做任务", "questing"),
    "put into play": ("放置进场", "put into play"),
    "destroy": ("消灭", "destroy"),
    "sacrifice": ("牺牲", "sacrifice"),
    "return to hand or deck": ("返回手牌或牌库", "return to a hand or deck"),
    "when destroyed": ("被消灭时", "when destroyed"),
    "when sacrificed": ("被牺牲时", "when sacrificed"),
    "when it leaves play": ("离场时", "when it leaves play"),
    "corrupt a unit": ("腐化一个单位", "corrupt one of his units"),
    "deal 1 damage to capital": ("对首都造成1点伤害", "deal 1 damage to his capital"),
    "capital section": ("首都区域", "a capital section"),
}

EXAMPLES: tuple[WorkedExample, ...] = with_phrases(_EXAMPLES, PHRASES)
