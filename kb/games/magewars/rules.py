"""Mage Wars rule checks: pure functions citing the FAQ entries they implement.

Every check takes small immutable values and returns an `Outcome` whose steps, in English and
Chinese, cite the entry (magewars-…) whose ruling they apply, with a one-line verdict in both
languages. Where an entry is ambiguous, the docstring says which reading the check implements.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning, situation

MAGES_ZH = {
    "Warlock": "邪术师",
    "Wizard": "巫师",
    "Forcemaster": "Forcemaster",
    "Priestess": "女祭司",
    "Beastmaster": "兽王",
}


def _zh_mage(name: str) -> str:
    return MAGES_ZH.get(name, name)


# ---------------------------------------------------------------------------------------
# Actions 行动 / quickcast action 快速施法行动
# ---------------------------------------------------------------------------------------


@situation("一个行动标记能做什么", "What one action marker allows")
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
        why.step(
            a,
            f"{full_actions} full actions: one action marker gives at most one.",
            f"{full_actions} 个标准行动：一个行动标记最多只有一个。",
        )
        legal = False
    elif full_actions == 1 and (zones_moved or quick_actions):
        why.step(
            a,
            "A full action is taken only by staying in place, and instead of a quick action: "
            f"moving {zones_moved} zone(s) with {quick_actions} quick action(s) besides is not "
            "allowed.",
            "标准行动只能原地不动时进行，且代替快速行动："
            f"移动 {zones_moved} 个区域并另有 {quick_actions} 个快速行动是不允许的。",
        )
        legal = False
    elif full_actions == 1:
        why.step(
            a,
            "Staying in place and taking one full action: allowed.",
            "原地不动，进行一个标准行动：可以。",
        )
    if full_actions == 0 and zones_moved > 2:
        why.step(
            a,
            f"Moving {zones_moved} zones: one zone, plus a second zone as the quick "
            "action, is the most an action marker allows.",
            f"移动 {zones_moved} 个区域：一个行动标记最多移动一个区域，"
            "再用快速行动移动第二个区域。",
        )
        legal = False
    elif full_actions == 0:
        if zones_moved == 2:
            why.step(
                a,
                "The move into the second zone is taken as the quick action.",
                "移动到第二个区域用的是快速行动。",
            )
        elif zones_moved == 1:
            why.step(
                a, "Moving one zone leaves the quick action.", "移动一个区域后还可以进行快速行动。"
            )
        else:
            why.step(
                a,
                "Staying in place: a full action or a quick action may be taken.",
                "原地不动：可以进行一个标准行动或一个快速行动。",
            )
        if quick_used > 1:
            why.step(
                a,
                f"That makes {quick_used} quick actions: an action marker never gives two "
                "quick actions.",
                f"这样就是 {quick_used} 个快速行动：一个行动标记绝不会有两个快速行动。",
            )
            legal = False
        else:
            why.step(
                a,
                f"{quick_used} quick action(s) on the action marker: allowed.",
                f"行动标记上用了 {quick_used} 个快速行动：可以。",
            )
    q = "magewars-rule-quickcast-action"
    if quickcast_spells == 1:
        why.step(
            q,
            "The quickcast action adds one quick spell (for example a teleport) to "
            "the mage's normal action, before or after it.",
            "快速施法行动在法师的正常行动之前或之后额外施放一个快速法术（例如传送）。",
        )
    elif quickcast_spells > 1:
        why.step(
            q,
            f"{quickcast_spells} quickcast spells: the mage has only one quickcast "
            "action, a supplement to his one normal action.",
            f"{quickcast_spells} 个快速施法：法师只有一个快速施法行动，作为正常行动的补充。",
        )
        legal = False
    return why.done(
        {"legal": legal, "quick_actions_used": quick_used},
        "可以这样行动" if legal else "一个行动标记不允许这样行动",
        "The plan is allowed" if legal else "One action marker does not allow this plan",
    )


# ---------------------------------------------------------------------------------------
# Attack bonus 攻击奖励
# ---------------------------------------------------------------------------------------


@situation("攻击奖励骰子", "Bonus dice of an attack action")
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
            f"攻击之间获得的记代物最多列 {attacks - 1} 项（共 {attacks} 次攻击）",
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
                f"第 {i} 次攻击后生物获得 {tokens_gained[i - 1]} 个狂怒记代物：共 {tokens} 个。",
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
                f"第1次攻击：近战 +{melee_x} 加 {tokens} 个狂怒记代物（狂怒 +{rage_x}）"
                f"为近战 +{value}：首次攻击 +{bonus} 颗攻击骰子。",
            )
        else:
            bonus = max(0, value - applied)
            why.step(
                b,
                f"Attack {i + 1}: now Melee +{value}; +{applied} was already applied "
                f"on an earlier attack, so only the increase counts: +{bonus} "
                f"{'die' if bonus == 1 else 'dice'}.",
                f"第 {i + 1} 次攻击：现为近战 +{value}；之前的攻击已用过 +{applied}，"
                f"只计增加的部分：+{bonus} 颗骰子。",
            )
        applied = max(applied, value)
        bonus_dice.append(bonus)
    shown = "、".join(f"+{d}" for d in bonus_dice)
    return why.done(
        {"bonus_dice": bonus_dice, "melee": melee},
        f"各次攻击的奖励骰子：{shown}",
        f"Bonus dice per attack: {', '.join(f'+{d}' for d in bonus_dice)}",
    )


# ---------------------------------------------------------------------------------------
# Chain Lightning 连锁闪电
# ---------------------------------------------------------------------------------------


@situation("连锁闪电的骰子数", "Chain Lightning's dice per target")
def chain_lightning_dice(
    base_dice: int, caster_ranged: int, target_lightning: tuple[int, ...]
) -> Outcome:
    """Counts Chain Lightning's attack dice against each target of the chain.

    Implements magewars-card-chain-lightning: each jump rolls one die fewer than the one
    before (5, 4, 3 …); dice modifiers such as Ranged +X apply only to the first attack;
    each target's own Lightning +X applies to its own attack; never fewer than 1 die.
    Reading: the 1-die floor applies to the total after the target's bonus.
    """
    if not target_lightning:
        raise ParamError(
            "target_lightning",
            "Chain Lightning needs at least one target",
            "连锁闪电至少要有一个目标",
        )
    why = Reasoning()
    c = "magewars-card-chain-lightning"
    dice: list[int] = []
    for k, lightning in enumerate(target_lightning):
        ranged = caster_ranged if k == 0 else 0
        raw = base_dice - k + ranged + lightning
        total = max(1, raw)
        parts = f"{base_dice}" + (f"-{k}" if k else "")
        parts_zh = parts
        if ranged:
            parts += f"+{ranged} (Ranged)"
            parts_zh += f"+{ranged}（远程）"
        if lightning:
            parts += f"{lightning:+d} (Lightning)"
            parts_zh += f"{lightning:+d}（闪电）"
        if k == 0:
            why.step(
                c,
                f"Target 1: {parts} = {raw} dice; the caster's Ranged +{caster_ranged} "
                "counts on the first attack only.",
                f"目标1：{parts_zh} = {raw} 颗骰子；施法者的远程 +{caster_ranged} 只用于首次攻击。",
            )
        else:
            why.step(
                c,
                f"Target {k + 1}: {parts} = {raw} dice; modifiers of the first attack "
                "do not carry on, the target's own Lightning bonus does.",
                f"目标{k + 1}：{parts_zh} = {raw} 颗骰子；首次攻击的修正不延续，"
                "目标自身的闪电加成有效。",
            )
        if raw < 1:
            why.step(
                c,
                f"An attack cannot be reduced below 1 die: {raw} becomes 1.",
                f"攻击不能少于1颗骰子：{raw} 变为 1。",
            )
        dice.append(total)
    return why.done(
        {"dice": dice},
        f"各目标的骰子数：{'、'.join(map(str, dice)) or '无'}",
        f"Dice per target: {', '.join(map(str, dice)) or 'none'}",
    )


@situation("连锁闪电被攻击逆转", "Chain Lightning under Reverse Attack")
def chain_lightning_reversed(targets: tuple[str, ...], reversed_by: int) -> Outcome:
    """Finds where Chain Lightning goes when a target reveals Reverse Attack.

    Implements magewars-card-chain-lightning and magewars-card-reverse-attack (“如果连锁闪电
    被攻击逆转, 则攻击被重定向到连锁闪电的最后一个目标, 而非施法者上”). `targets` are the chain's
    targets in order; `reversed_by` is the number of the target that reveals Reverse Attack.
    Reading: the "last target" is the one the lightning jumped from; the first target has none
    before it, and for it the entries do not say where the attack goes.
    """
    if not targets:
        raise ParamError(
            "targets", "list the chain's targets, in order", "请依次列出连锁闪电的目标"
        )
    if not 1 <= reversed_by <= len(targets):
        raise ParamError(
            "reversed_by",
            f"`reversed_by` must be 1 to {len(targets)}",
            f"展示攻击逆转的目标序号须为 1 到 {len(targets)}",
        )
    why = Reasoning()
    c = "magewars-card-chain-lightning"
    me = targets[reversed_by - 1]
    if reversed_by == 1:
        why.step(
            c,
            f"{me}, the first target, reveals Reverse Attack: no earlier target of the chain, "
            "and the entries do not say where the attack then goes.",
            f"首个目标{me}展示攻击逆转：连锁闪电此前没有目标，条目没有说明此时攻击去向。",
        )
        return why.done(
            {"redirected_to": None},
            "首个目标逆转：来源未说明去向",
            "Reversed by the first target: the source does not say where it goes",
        )
    back = targets[reversed_by - 2]
    why.step(
        "magewars-card-reverse-attack",
        f"Target {reversed_by}, {me}, reveals Reverse Attack: the attack is redirected to Chain "
        f"Lightning's last target, {back}, not to the caster.",
        f"目标{reversed_by}（{me}）展示攻击逆转：攻击被重定向到连锁闪电的上一个目标{back}，而非施法者。",
    )
    return why.done(
        {"redirected_to": back},
        f"攻击转向上一个目标{back}，而非施法者",
        f"The attack goes back to {back}, not to the caster",
    )


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
EFFECT_NAMES_ZH = {
    "bull_endurance": "公牛耐力",
    "pet": "成为宠物",
    "deathlock": "死亡枷锁",
    "poisoned_blood": "毒血攻心",
    "regrowth": "体肤重生",
}


@situation("按时间戳结算生命效果", "Life effects in timestamp order")
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
    why.step(
        e,
        f"Printed life {printed_life}; effects apply in timestamp order.",
        f"印刷生命值 {printed_life}；效果按时间戳顺序生效。",
    )
    for effect in effects:
        name, name_zh = EFFECT_NAMES[effect], EFFECT_NAMES_ZH[effect]
        if effect in FINITE_LIFE:
            finite = True
            why.step(
                e,
                f"{name} gives Finite Life: no life can be gained from now on; "
                f"life already gained stays ({life}).",
                f"{name_zh}给予有限生命：此后不能再获得生命；已获得的生命保留（{life}）。",
            )
        elif effect in LIFE_EFFECTS:
            gain = LIFE_EFFECTS[effect]
            if finite:
                why.step(
                    e,
                    f"{name} tries to give +{gain} life, but Finite Life already "
                    f"applies: life stays {life}.",
                    f"{name_zh}试图给予 +{gain} 生命，但有限生命已经生效：生命仍为 {life}。",
                )
            else:
                life += gain
                why.step(
                    e,
                    f"{name} gives +{gain} life: {life}.",
                    f"{name_zh}给予 +{gain} 生命：{life}。",
                )
    return why.done({"life": life}, f"生命为 {life}", f"Life {life}")


BLOCKERS = {
    "guard": ("magewars-rule-guard", "a guard marker", "守卫标记"),
    "restrained": ("magewars-condition-restrained", "Restrained", "束缚"),
    "incapacitated": ("magewars-condition-incapacitated", "Incapacitated", "瘫痪"),
}


@situation("生物是否具有飞行", "Whether a creature has Flying")
def has_flying(printed_flying: bool, effects: tuple[str, ...]) -> Outcome:
    """Decides whether a creature has Flying after its effects, in timestamp order.

    Implements magewars-rule-conflicting-effects (Eagle Wings gives and Maim Wings removes
    Flying; the later timestamp wins), magewars-rule-guard, magewars-condition-restrained
    and magewars-condition-incapacitated (loses and cannot gain Flying, whatever the
    order), magewars-card-knockdown (incapacitation makes a creature lose Flying).
    """
    why = Reasoning()
    e = "magewars-rule-conflicting-effects"
    flying = printed_flying
    why.step(
        e,
        "It flies by itself." if printed_flying else "It cannot fly by itself.",
        "它本身会飞行。" if printed_flying else "它本身不会飞行。",
    )
    for effect in effects:
        if effect == "eagle_wings":
            flying = True
            why.step(
                e,
                "Eagle Wings (next timestamp) gives it Flying.",
                "雄鹰之翼（下一时间戳）给予它飞行。",
            )
        elif effect == "maim_wings":
            why.step(
                e,
                "Maim Wings (next timestamp) removes Flying"
                + (" (it had none)." if not flying else "."),
                "折翼（下一时间戳）移除飞行" + ("（它本来就没有）。" if not flying else "。"),
            )
            flying = False
    for effect in effects:
        if effect in BLOCKERS:
            cites, name, name_zh = BLOCKERS[effect]
            why.step(
                cites,
                f"With {name} it loses Flying and cannot gain it, whatever the timestamps.",
                f"有{name_zh}时，无论时间戳如何，它失去飞行且不能获得飞行。",
            )
            if effect == "incapacitated":
                why.step(
                    "magewars-card-knockdown",
                    "Incapacitation (e.g. Knockdown) makes it lose Flying until the marker is remo"
                    "ved.",
                    "瘫痪（例如击倒）使它失去飞行，直到标记被移除。",
                )
            flying = False
    return why.done(
        flying,
        "具有飞行" if flying else "没有飞行",
        "It has Flying" if flying else "It does not have Flying",
    )


@situation("体肤重生能否重生", "Whether Regrowth regenerates")
def can_regenerate(effects: tuple[str, ...]) -> Outcome:
    """Decides whether Regrowth's Regenerate works in the coming Upkeep Phase.

    Implements magewars-rule-conflicting-effects: Regenerate triggers anew each Upkeep
    Phase, so Finite Life (Poisoned Blood, Deathlock) stops it whatever the timestamps.
    """
    why = Reasoning()
    e = "magewars-rule-conflicting-effects"
    if "regrowth" not in effects:
        why.step(
            e,
            "Without Regrowth the creature has no Regenerate to trigger.",
            "没有体肤重生，生物没有可以触发的重生。",
        )
        return why.done(False, "没有重生", "No Regenerate")
    finite = [x for x in effects if x in FINITE_LIFE]
    if finite:
        why.step(
            e,
            f"Regenerate triggers again each Upkeep Phase and then meets Finite Life "
            f"({EFFECT_NAMES[finite[0]]}), whichever was attached first: it does not work.",
            f"重生每个维持阶段重新触发，然后遇到有限生命（{EFFECT_NAMES_ZH[finite[0]]}），"
            "不论哪个先附属：不起作用。",
        )
        return why.done(False, "有限生命阻止重生", "Finite Life stops Regenerate")
    why.step(
        e,
        "Regenerate triggers in the Upkeep Phase and nothing stops it.",
        "重生在维持阶段触发，没有东西阻止它。",
    )
    return why.done(True, "维持阶段重生生效", "Regenerate works in the Upkeep Phase")


# ---------------------------------------------------------------------------------------
# Extend 延伸
# ---------------------------------------------------------------------------------------


@situation("延伸墙体的费用", "The cost of an extended wall")
def extend_wall_cost(
    wall_cost: int, spell_level: int, use_extend: bool, countered_by: str
) -> Outcome:
    """Counts the mana and walls of a wall spell cast with or without Extend.

    Implements magewars-trait-extend: the extended wall costs the wall's cost plus its
    level; Extend triggers once per casting (at most two walls) and is not a second
    spell; a spell countered by Jinx returns all the mana and places no wall.
    `countered_by`: nothing, Jinx, another counter. Reading: only Jinx's refund is stated;
    a spell countered by something else places no wall, and whether its mana comes back is
    not stated (`mana_returned` None).
    """
    why = Reasoning()
    x = "magewars-trait-extend"
    paid = wall_cost
    walls = 1
    why.step(x, f"The wall costs {wall_cost} mana.", f"墙体需要 {wall_cost} 点法力。")
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
            f"延伸：第二面墙需要 {wall_cost} + 等级 {spell_level} = {second}；"
            f"合计 {wall_cost} + {second} = {paid} 点法力。"
            "它不是第二个法术（法师祸咒等只触发一次），"
            "延伸只触发一次：最多两面墙。",
        )
    if countered_by == "Jinx":
        why.step(
            x,
            f"The spell is countered by Jinx: all {paid} mana comes back and no wall is placed.",
            f"法术被厄运反制：回收全部 {paid} 点法力，不放置墙体。",
        )
        return why.done(
            {"walls_placed": 0, "mana_paid": paid, "mana_returned": paid},
            f"被厄运反制：没有墙，回收 {paid} 点法力",
            f"Countered by Jinx: no wall, all {paid} mana back",
        )
    if countered_by != "nothing":
        why.step(
            x,
            "The spell is countered by something other than Jinx: no wall is placed; the entry "
            "states the refund of all the mana only for Jinx.",
            "法术被厄运以外的效果反制：不放置墙体；条目只说明被厄运反制时回收全部法力。",
        )
        return why.done(
            {"walls_placed": 0, "mana_paid": paid, "mana_returned": None},
            f"被反制：没有墙，{paid} 点法力是否返还来源未说明",
            f"Countered: no wall; whether the {paid} mana comes back is not stated",
        )
    return why.done(
        {"walls_placed": walls, "mana_paid": paid, "mana_returned": 0},
        f"放置 {walls} 面墙，共 {paid} 点法力",
        f"{walls} wall(s) for {paid} mana",
    )


# ---------------------------------------------------------------------------------------
# Push 推斥 / Force Push 原力推斥
# ---------------------------------------------------------------------------------------

DIRECTIONS_ZH = {"north": "北", "east": "东", "south": "南", "west": "西"}


@situation("推斥的方向", "The directions of a push")
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
            "目标与来源在同一区域：推斥来源的控制者可以选择四个方向中的任一个。",
        )
        return why.done(
            ["north", "east", "south", "west"], "四个方向任选", "Any of the four directions"
        )
    dirs = []
    if target_east:
        dirs.append("east" if target_east > 0 else "west")
    if target_north:
        dirs.append("north" if target_north > 0 else "south")
    zh = "或".join(DIRECTIONS_ZH[d] for d in dirs)
    if len(dirs) == 2:
        why.step(
            p,
            f"The source is diagonal: the controller chooses {dirs[0]} or {dirs[1]}, "
            "the two closest orthogonal directions away from it.",
            f"来源在斜角：控制者在{zh}之间选择，即离开来源最近的两个正交方向。",
        )
    else:
        why.step(
            p,
            f"The push moves the target one zone away from the source: {dirs[0]}.",
            f"推斥使目标离开来源一个区域：向{zh}。",
        )
    return why.done(dirs, f"向{zh}推", f"Pushed {' or '.join(dirs)}")


@situation("原力推斥遇到墙", "Force Push against a wall")
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
            "生物不能被推斥（例如原力之握）：它留在原地，"
            + ("已支付的3点额外法力损失。" if lost else "没有支付额外法力。"),
        )
        out["extra_mana_lost"] = lost
        return why.done(
            out,
            "没有被推走" + ("，损失3点法力" if lost else ""),
            "Not pushed" + ("; 3 mana lost" if lost else ""),
        )
    if wall == "outer":
        why.step(
            "magewars-rule-walls",
            "The outer arena wall is a tall wall that even flyers cannot pass: the creature is "
            "not pushed and collides with it (bash).",
            "竞技场外墙是连飞行生物都不能越过的高墙：生物没有被推走，与墙相撞（撞击）。",
        )
        out["bashed"] = True
        return why.done(out, "撞上外墙：没有被推走", "It bashes into the outer wall: not pushed")
    if wall == "none":
        why.step(
            f,
            "Nothing blocks the path: the creature is pushed one zone.",
            "路径上没有阻挡：生物被推走一个区域。",
        )
        out["pushed"] = True
        return why.done(out, "被推走一个区域", "Pushed one zone")
    if target_flying:
        why.step(
            f,
            "A flying creature ignores walls when pushed: it is pushed, and walls "
            "neither attack nor bash it.",
            "飞行生物被推斥时无视墙体：它被推走，墙体不会攻击或撞击它。",
        )
        out["pushed"] = True
        return why.done(out, "飞行生物越过墙被推走", "The flyer is pushed over the wall")
    if wall == "wall":
        why.step(
            "magewars-rule-walls",
            "A non-flying creature pushed into a wall collides with it (bash) and stays.",
            "非飞行生物被推向墙体时与之相撞（撞击），留在原地。",
        )
        out["bashed"] = True
        return why.done(out, "撞墙：没有被推走", "It bashes into the wall: not pushed")
    if extra_mana_paid:
        why.step(
            f,
            "The extra mana was paid: the creature is forced through the wall with "
            "passage damage, which attacks it as it passes.",
            "支付了额外法力：生物被强行推过具有通行伤害的墙体，通过时受到墙体攻击。",
        )
        out["pushed"] = True
        out["passage_attack"] = True
        return why.done(
            out, "被推过墙，受到通行伤害攻击", "Pushed through the wall, attacked as it passes"
        )
    why.step(
        f,
        "The extra mana was not paid: the creature is not pushed through the wall "
        "with passage damage, and that wall does not bash it either.",
        "没有支付额外法力：生物不会被推过具有通行伤害的墙体，该墙也不会撞击它。",
    )
    return why.done(out, "没有被推走，也没有撞击", "Neither pushed nor bashed")


# ---------------------------------------------------------------------------------------
# Forced action effects 强制行动效果: Bloodthirsty 嗜血 and Taunt 嘲讽
# ---------------------------------------------------------------------------------------


@situation("嗜血生物必须攻击什么", "What a bloodthirsty creature must attack")
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
            f"区域中有 {len(guards)} 个敌方守卫：只有守卫是合法目标；"
            "强制行动不允许攻击不合法的目标。",
        )
    damaged = [x for x in legal if x.endswith("damaged") and not x.endswith("undamaged")]
    free = {"forced": False, "must_target": [], "mana_paid": 0}
    free_words = ("不受强制，可以执行其他行动", "Not forced: it may take any action")
    if not damaged:
        why.step(
            r,
            "No damaged enemy is a legal target: the creature need not attack and may "
            "take any action.",
            "没有受伤的敌人是合法目标：生物无需攻击，可以执行任何行动。",
        )
        return why.done(free, *free_words)
    if mana_pool < attack_mana_cost:
        why.step(
            r,
            f"Declaring the attack includes paying its cost ({attack_mana_cost} mana); "
            f"with {mana_pool} mana it cannot attack, so it may take another action.",
            f"宣告攻击包括支付其费用（{attack_mana_cost} 点法力）；"
            f"只有 {mana_pool} 点法力时不能攻击，"
            "所以可以执行其他行动。",
        )
        return why.done(free, *free_words)
    must = ["damaged"]
    why.step(
        r,
        "A damaged enemy is a legal target: the first attack must target one"
        + (f", paying {attack_mana_cost} mana." if attack_mana_cost else "."),
        "受伤的敌人是合法目标：首次攻击必须以它为目标"
        + (f"，并支付 {attack_mana_cost} 点法力。" if attack_mana_cost else "。"),
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
                "横扫的第二次攻击不能重复首个目标，但还有另一个受伤的敌人是合法目标：必须攻击它。",
            )
        elif rest:
            must.append("any")
            why.step(
                r,
                "No other damaged enemy: the sweep's second attack may target any other legal enem"
                "y.",
                "没有其他受伤的敌人：横扫的第二次攻击可以攻击任何其他合法的敌人。",
            )
        else:
            why.step(
                r,
                "No other legal enemy for the sweep's second attack.",
                "横扫的第二次攻击没有其他合法的敌人。",
            )
    return why.done(
        {"forced": True, "must_target": must, "mana_paid": attack_mana_cost},
        "必须攻击受伤的敌人" + (f"，支付 {attack_mana_cost} 点法力" if attack_mana_cost else ""),
        "It must attack a damaged enemy"
        + (f", paying {attack_mana_cost} mana" if attack_mana_cost else ""),
    )


TAUNT_OPTIONS_ZH = {
    "melee attack the taunter": "近战攻击嘲讽者",
    "ranged attack the taunter": "远程攻击嘲讽者",
    "move into the taunter's zone": "移动进嘲讽者所在区域",
    "move into the taunter's zone, then melee attack it": "移动进嘲讽者所在区域，然后近战攻击它",
    "obey the other forced action": "遵从另一个强制行动",
}


@situation("被嘲讽的生物必须怎样行动", "What a taunted creature must do")
def taunted_creature_options(
    taunt_reach: int,
    zones_away: int,
    can_ranged_attack: bool,
    passage_wall_between: bool,
    slowed: bool,
    teleported_first: bool,
    other_forced_action: bool,
    taunts_itself: bool,
) -> Outcome:
    """Lists the actions a taunted creature must choose from when it activates.

    Implements magewars-rule-forced-action-effects (the Sosruko and Thorg examples: whether an
    action can be taken is judged only when the creature chooses its action, “可采取行动的状态仅
    在生物选择何种行动 ( 或目标 ) 的即刻进行判定”) and magewars-trait-taunt (a creature cannot
    taunt itself). `taunt_reach` is how far the taunt reaches (0: the taunter's own zone, as
    Sosruko's; 1: also one zone away, as Thorg's); `zones_away` is the creature's distance to
    the taunter when it chooses its action, after any quickcast teleport. A teleport changes
    nothing by itself: what counts is where the creature then is.
    """
    if taunt_reach not in (0, 1):
        raise ParamError(
            "taunt_reach", "`taunt_reach` must be 0 or 1 (zones)", "嘲讽范围须为 0 或 1（区域）"
        )
    why = Reasoning()
    r = "magewars-rule-forced-action-effects"
    free = {"forced": False, "options": []}
    if taunts_itself:
        why.step(
            "magewars-trait-taunt",
            "A creature cannot taunt itself: the taunt is canceled.",
            "生物不能嘲讽自己：嘲讽被取消。",
        )
        return why.done(free, "嘲讽被取消，不受强制", "The taunt is canceled: not forced")
    if teleported_first:
        why.step(
            r,
            f"It teleported (quickcast) before choosing its action; whether an action can be "
            f"taken is judged only now, from where it is: {zones_away} zone(s) from the taunter.",
            "它在选择行动前以快速施法传送；能否采取行动只在此刻判定，以它现在的位置为准："
            f"距嘲讽者 {zones_away} 个区域。",
        )
    if zones_away > taunt_reach:
        why.step(
            r,
            f"{zones_away} zone(s) from the taunter, beyond the taunt's reach of {taunt_reach}: "
            "the taunt does not affect it.",
            f"距嘲讽者 {zones_away} 个区域，超出嘲讽的范围（{taunt_reach}）：不受嘲讽影响。",
        )
        return why.done(free, "不在嘲讽范围内，不受强制", "Out of the taunt's reach: not forced")
    options: list[str] = []
    if zones_away == 0:
        options.append("melee attack the taunter")
        why.step(
            r,
            "It is in the taunter's zone and can attack it: it must make a melee "
            "attack against the taunter and cannot leave the zone.",
            "它在嘲讽者所在区域并能攻击它：必须对嘲讽者进行近战攻击，不能离开该区域。",
        )
    else:
        if can_ranged_attack:
            options.append("ranged attack the taunter")
            why.step(
                r,
                "It can make a ranged attack against the taunter one zone away.",
                "它能对一格区域外的嘲讽者进行远程攻击。",
            )
        if passage_wall_between:
            why.step(
                r,
                "A taunt cannot force it through a wall with passage damage: moving "
                "into the taunter's zone is not required.",
                "嘲讽不能迫使它穿越具有通行伤害的墙体：不必移动进嘲讽者所在区域。",
            )
        elif slowed:
            options.append("move into the taunter's zone")
            why.step(
                r,
                "It can move into the taunter's zone, but with no further action "
                "(slowed) it need not attack there.",
                "它能移动进嘲讽者所在区域，但没有多余的行动（迟缓），不必在那里攻击。",
            )
        else:
            options.append("move into the taunter's zone, then melee attack it")
            why.step(
                r,
                "It can move into the taunter's zone, and then must try to make a "
                "melee attack against it.",
                "它能移动进嘲讽者所在区域，然后必须试图对其进行近战攻击。",
            )
    if options and other_forced_action:
        options.append("obey the other forced action")
        why.step(
            r,
            "It is also under another forced action (e.g. Bloodthirsty): it may "
            "choose which one to obey.",
            "它同时受另一个强制行动（例如嗜血）要求：可以选择遵从哪一个。",
        )
    if not options:
        why.step(
            r,
            "None of the taunt's actions can be taken: it may choose any action.",
            "嘲讽要求的行动都无法执行：可以自由选择任何行动。",
        )
        return why.done(
            free,
            "无法执行嘲讽的行动，可以自由行动",
            "No taunted action is possible: it acts freely",
        )
    if len(options) == 1:
        why.step(
            r,
            "Only one of these actions can be taken: it must take it.",
            "只有一种行动可以执行：必须执行它。",
        )
    else:
        why.step(
            r,
            "It must take one of these actions, as its controller chooses.",
            "必须从这些行动中选择一种，由控制者决定。",
        )
    return why.done(
        {"forced": True, "options": options},
        "必须：" + " 或 ".join(TAUNT_OPTIONS_ZH[o] for o in options),
        "It must " + " or ".join(options),
    )


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


@situation("特性修正哪种骰子", "Which dice a trait modifies")
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
        f"{trait}：{'修正' if attack else '不修正'}攻击骰子，"
        f"{'修正' if effect else '不修正'}效果骰子。",
    )
    zh = {
        (True, False): "只修正攻击骰子",
        (True, True): "修正攻击骰子和效果骰子",
        (False, True): "只修正效果骰子",
    }
    en = {
        (True, False): "Attack dice only",
        (True, True): "Attack dice and the effect die",
        (False, True): "The effect die only",
    }
    return why.done(
        {"attack_dice": attack, "effect_die": effect}, zh[attack, effect], en[attack, effect]
    )


@situation("萨曼德瑞尔对黑暗或非活体的加成", "Samandriel's bonus against Nonliving or Dark")
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
            "目标是法师：法师不属于任何派系（无论受训于何派系），所以不是黑暗系生物。",
        )
    else:
        dark = "Dark" in target_schools
        why.step(
            q,
            "A non-mage creature has the schools on its card "
            f"({', '.join(target_schools) or 'none'}): "
            + ("it is a Dark creature." if dark else "it is not a Dark creature."),
            f"非法师生物属于卡上所印的派系（{'、'.join(target_schools) or '无'}）："
            + ("是黑暗系生物。" if dark else "不是黑暗系生物。"),
        )
    if dark or target_nonliving:
        why.step(
            "magewars-trait-dice-modifiers",
            "Vs. Nonliving or Dark creatures +1 applies: +1 attack die and +1 to the "
            "effect die roll.",
            "对抗非活体或黑暗系生物 +1 适用：攻击骰子 +1，效果骰子结果 +1。",
        )
        return why.done(
            {"attack_dice": 1, "effect_die": 1},
            "加成适用：+1 攻击骰子、效果骰子 +1",
            "Bonus: +1 attack die, +1 effect die",
        )
    why.step(
        "magewars-trait-dice-modifiers",
        "The target is neither Nonliving nor Dark: no bonus.",
        "目标既不是非活体也不是黑暗系：没有加成。",
    )
    return why.done({"attack_dice": 0, "effect_die": 0}, "没有加成", "No bonus")


@situation("远程 +X 的作用", "What Ranged +X does")
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
        why.step(
            r,
            "The creature has no ranged attack: Ranged +X does not give it one.",
            "生物没有远程攻击：远程 +X 不会给它远程攻击。",
        )
        return why.done(
            {"can_make_ranged_attack": False, "dice": None, "range_max": None},
            "没有远程攻击",
            "No ranged attack",
        )
    why.step(
        r,
        f"Ranged +{ranged_x} adds dice only: {attack_dice} + {ranged_x} = "
        f"{attack_dice + ranged_x}; the range stays at {range_max}.",
        f"远程 +{ranged_x} 只增加骰子：{attack_dice} + {ranged_x} = {attack_dice + ranged_x}；"
        f"范围仍为 {range_max}。",
    )
    return why.done(
        {"can_make_ranged_attack": True, "dice": attack_dice + ranged_x, "range_max": range_max},
        f"{attack_dice + ranged_x} 颗骰子，范围仍为 {range_max}",
        f"{attack_dice + ranged_x} dice, range still {range_max}",
    )


ATTACKERS_ZH = {
    "creature": "生物",
    "conjuration": "魔物",
    "autonomous equipment": "Autonomous 装备",
    "damage barrier": "反伤屏障",
}


@situation("死亡印记的额外骰子", "Mark of Death's extra die")
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
            "生物攻击被标记的对象：死亡印记给予 +1 攻击骰子。",
        )
        return why.done({"bonus_dice": 1}, "+1 攻击骰子", "+1 attack die")
    if attacker == "damage barrier":
        why.step(
            "magewars-rule-damage-barrier",
            "A damage barrier gets no +1 attack die from Mark of Death.",
            "反伤屏障不会从死亡印记获得 +1 攻击骰子。",
        )
    why.step(
        "magewars-card-mark-of-death",
        f"The attack comes from a {attacker}, not a creature: Mark of Death has no effect.",
        f"攻击来自{ATTACKERS_ZH.get(attacker, attacker)}而非生物：死亡印记没有效果。",
    )
    return why.done({"bonus_dice": 0}, "没有额外骰子", "No extra die")


# ---------------------------------------------------------------------------------------
# Mage death 法师死亡 / Vampiric 吸血 / Reverse Attack 攻击逆转
# ---------------------------------------------------------------------------------------


@situation("法师死亡后游戏是否平局", "Whether the game is a draw when mages die")
def game_outcome(mages_alive: int, mages_dying_this_phase: int) -> Outcome:
    """Decides whether the game is a draw when mages die during one phase.

    Implements magewars-rule-mage-death: the game goes on to the end of the phase; if all
    the remaining mages have died by then, the game is a draw.
    """
    if mages_dying_this_phase > mages_alive:
        raise ParamError(
            "mages_dying_this_phase",
            "`mages_dying_this_phase` cannot exceed `mages_alive`",
            "本阶段死亡的法师数不能多于存活的法师数",
        )
    why = Reasoning()
    d = "magewars-rule-mage-death"
    left = mages_alive - mages_dying_this_phase
    if mages_dying_this_phase:
        why.step(
            d,
            f"{mages_dying_this_phase} mage(s) die: the game continues to the end of "
            "the phase, and a dead mage takes no further actions.",
            f"{mages_dying_this_phase} 名法师死亡：游戏继续进行到该阶段结束，"
            "死亡的法师不能再行动。",
        )
    if left == 0:
        why.step(
            d,
            "All the remaining mages died before the end of the phase: a draw.",
            "在该阶段结束前余下的法师全部死亡：平局。",
        )
        return why.done({"draw": True, "mages_left": 0}, "平局", "A draw")
    why.step(
        d,
        f"{left} mage(s) still alive at the end of the phase: not a draw.",
        f"该阶段结束时仍有 {left} 名法师存活：不是平局。",
    )
    return why.done(
        {"draw": False, "mages_left": left},
        f"不是平局，{left} 名法师存活",
        f"Not a draw: {left} mage(s) left",
    )


OBJECTS_ZH = {
    "enchantment attached to him": "附属在他身上的结界",
    "equipment attached to him": "附属在他身上的装备",
    "creature he controls": "他控制的生物",
    "conjuration he controls": "他控制的魔物",
    "enchantment he controls on another object": "他控制的、附属在其他对象上的结界",
}


@situation("法师死亡时什么被摧毁", "What a mage's death destroys")
def object_after_mage_death(object_kind: str) -> Outcome:
    """Says whether an object goes when its mage dies.

    Implements magewars-rule-mage-death (“所有附属在他身上的结界和装备立即被摧毁”; “他控制的
    其它对象依然持续在场中”). `object_kind`: enchantment attached to him, equipment attached to
    him, creature he controls, conjuration he controls, enchantment he controls on another
    object.
    """
    why = Reasoning()
    d = "magewars-rule-mage-death"
    what_zh = OBJECTS_ZH.get(object_kind, object_kind)
    if object_kind in ("enchantment attached to him", "equipment attached to him"):
        why.step(
            d,
            "All enchantments and equipment attached to the dead mage are destroyed at once.",
            "所有附属在死亡法师身上的结界和装备立即被摧毁。",
        )
        return why.done(
            {"destroyed": True}, f"{what_zh}立即被摧毁", f"The {object_kind} is destroyed at once"
        )
    why.step(
        d,
        "Other objects he controls stay in play.",
        "他控制的其它对象依然持续在场中。",
    )
    return why.done({"destroyed": False}, f"{what_zh}留在场中", f"The {object_kind} stays in play")


@situation("吸血攻击的治疗", "A vampiric attack's healing")
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
            "目标已受伤害必须小于其生命（它还活着）",
        )
    why = Reasoning()
    remaining = target_life - target_damage_taken
    counted = min(damage, remaining)
    why.step(
        "magewars-trait-vampiric",
        f"Remaining life {target_life} - {target_damage_taken} = {remaining}; of "
        f"{damage} damage, {counted} counts for healing.",
        f"剩余生命 {target_life} - {target_damage_taken} = {remaining}；"
        f"{damage} 点伤害中 {counted} 点计入治疗。",
    )
    destroyed = damage >= remaining
    healed = (counted + 1) // 2
    if attacker_is_target and destroyed:
        why.step(
            "magewars-card-reverse-attack",
            "The attacker is its own target and the damage kills it: it is dead before it heals.",
            "攻击者就是自己的目标，伤害足以杀死它：在获得治疗前它已经死亡。",
        )
        healed = 0
    else:
        why.step(
            "magewars-card-reverse-attack",
            f"Vampiric heals half of it: {healed}.",
            f"吸血治疗其一半：{healed} 点。",
        )
        if attacker_is_target:
            why.step(
                "magewars-card-reverse-attack",
                f"Attacking itself, it takes {damage} and heals {healed}: {damage - healed} "
                "more damage than before.",
                f"攻击自己：受到 {damage} 点伤害并治疗 {healed} 点，"
                f"比先前多受 {damage - healed} 点伤害。",
            )
    return why.done(
        {"damage_for_healing": counted, "healed": healed, "target_destroyed": destroyed},
        f"治疗 {healed} 点" + ("，目标被摧毁" if destroyed else ""),
        f"Heals {healed}" + ("; the target is destroyed" if destroyed else ""),
    )


@situation("攻击逆转下的邪术师攻击", "The Warlock's attack under Reverse Attack")
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
            "没有效果另作说明：攻击来源就是攻击者邪术师。",
        )
        return why.done(
            {
                "source": "Warlock",
                "targets": ["Wizard"] * strikes,
                "wizard_damage_barrier": True,
                "wizard_may_counterstrike": True,
            },
            f"邪术师是来源，{strikes} 次打击都攻击巫师",
            f"The Warlock is the source; {strikes} strike(s) on the Wizard",
        )
    why.step(
        r,
        "The Wizard reveals Reverse Attack: the Warlock attacks himself, and the "
        "Wizard is the source of that attack.",
        "巫师展示攻击逆转：邪术师攻击自己，巫师被视为这次攻击的来源。",
    )
    targets = ["Warlock"] + ["Wizard"] * (strikes - 1)
    if strikes > 1:
        why.step(
            r,
            f"The other {strikes - 1} strike(s) must keep the first strike's target: "
            "the Wizard is the target again.",
            f"其余 {strikes - 1} 次打击必须与首次打击目标相同：巫师再次成为目标。",
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
        "在反伤屏障和反击步骤，巫师作为防御者："
        + (
            "后续打击作用到他身上且没有回避，所以反伤屏障生效"
            if barrier
            else "对他的攻击被回避，所以没有反伤屏障"
        )
        + "；他仍然可以反击。",
    )
    return why.done(
        {
            "source": "Wizard",
            "targets": targets,
            "wizard_damage_barrier": barrier,
            "wizard_may_counterstrike": True,
        },
        "邪术师攻击自己，巫师是来源" + ("，巫师的反伤屏障生效" if barrier else ""),
        "The Warlock attacks himself, the Wizard is the source"
        + ("; the Wizard's damage barrier works" if barrier else ""),
    )


# ---------------------------------------------------------------------------------------
# Pentagram 五星魔阵 / Reverse Magic 魔法逆转 / Mana Siphon 法力虹吸 / Mind Soothe 心灵安抚
# ---------------------------------------------------------------------------------------

CREATURES_ZH = {
    "Firebrand Imp": "火烙魔婴",
    "Flame Fiend": "烈焰狱鬼",
    "Timber Wolf": "丛林灰狼",
    "Steelclaw Grizzly": "钢爪灰熊",
    "Mountain Gorilla": "高山猩猩",
    "Warlock": "邪术师",
    "Wizard": "巫师",
}


@situation("五星魔阵获得的法力", "The mana Pentagram gains")
def pentagram_mana(damaged_creatures: tuple[str, ...], in_rounds: tuple[int, ...]) -> Outcome:
    """Counts the mana Pentagram gains for damaging different creatures, round by round.

    Implements magewars-card-pentagram: "different creatures" counts within each round;
    the same creatures damaged in the next round give mana again. Each item of
    `damaged_creatures` is one different enemy creature damaged in round `in_rounds[i]`: two
    copies of a card are two creatures (two items); damaging a creature again in the same
    round gives no more mana, so it is listed once per round.
    """
    if len(in_rounds) != len(damaged_creatures):
        raise ParamError(
            "in_rounds",
            "`in_rounds` needs one round for each damaged creature",
            "每个受伤的生物都需要对应一个回合",
        )
    why = Reasoning()
    p = "magewars-card-pentagram"
    per: dict[int, int] = {}
    for creature, rnd in zip(damaged_creatures, in_rounds, strict=True):
        per[rnd] = per.get(rnd, 0) + 1
        why.step(
            p,
            f"Round {rnd}: {creature} is one more different creature damaged this round: +1 mana.",
            f"第 {rnd} 回合：{CREATURES_ZH.get(creature, creature)}是本回合又一个受伤的不同生物："
            "+1 法力。",
        )
    per_round = {str(rnd): n for rnd, n in sorted(per.items())}
    total = sum(per_round.values())
    why.step(
        p,
        f"Total {total} mana; a creature damaged again in the same round adds nothing, in the "
        "next round it counts again.",
        f"共 {total} 点法力；同一回合再次伤害同一生物不再增加，下一回合重新计算。",
    )
    return why.done(
        {"mana_per_round": per_round, "total": total},
        f"共获得 {total} 点法力",
        f"{total} mana in all",
    )


@situation("魔法逆转后的费用", "What Reverse Magic's new target costs")
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
        f"重新计算的费用 {new_cost}，已支付 {original_cost}：需再付 {extra} 点"
        + ("，且不退还任何法力。" if new_cost < original_cost else "。"),
    )
    if extra == 0:
        return why.done(
            {"extra_cost": 0, "spell": "resolves"},
            "无需再付，法术结算",
            "Nothing more to pay: the spell resolves",
        )
    if mana_available < extra:
        why.step(
            r,
            f"With {mana_available} mana he cannot pay {extra}: he must cancel the spell.",
            f"只有 {mana_available} 点法力，付不起 {extra} 点：必须取消法术。",
        )
        return why.done(
            {"extra_cost": extra, "spell": "canceled"},
            f"付不起 {extra} 点：法术取消",
            f"Cannot pay {extra}: the spell is canceled",
        )
    if not willing_to_pay:
        why.step(
            r,
            "He does not want to pay the difference: he may cancel the spell.",
            "他不愿支付差额：可以取消法术。",
        )
        return why.done(
            {"extra_cost": extra, "spell": "canceled"},
            "不付差额：法术取消",
            "He does not pay: the spell is canceled",
        )
    why.step(
        r,
        f"He pays {extra}: the spell resolves against the new target.",
        f"他支付 {extra} 点：法术对新目标结算。",
    )
    return why.done(
        {"extra_cost": extra, "spell": "resolves"},
        f"再付 {extra} 点，法术结算",
        f"He pays {extra} more: the spell resolves",
    )


@situation("法力虹吸的目标", "Mana Siphon's target")
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
            "法力虹吸结算时施法者是范围内唯一的目标；选择目标不是可选的：他必须以自己为目标。",
        )
        return why.done(
            {"must_target_self": True, "legal_targets": 1},
            "必须以自己为目标",
            "He must target himself",
        )
    why.step(
        m,
        f"{opponents_in_range} opponent(s) and the caster are in range when it "
        f"resolves: the caster chooses one of {opponents_in_range + 1} targets.",
        f"结算时范围内有 {opponents_in_range} 名对手和施法者："
        f"施法者从 {opponents_in_range + 1} 个目标中选择一个。",
    )
    return why.done(
        {"must_target_self": False, "legal_targets": opponents_in_range + 1},
        f"从 {opponents_in_range + 1} 个目标中选择",
        f"He chooses one of {opponents_in_range + 1} targets",
    )


@situation("心灵安抚与宣告攻击", "Mind Soothe and declaring an attack")
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
            "在宣告后才展示：最早也要到宣告攻击步骤结束时，那时费用已经支付；不需要2点法力。",
        )
        return why.done(
            {"can_declare": True, "mana_paid": 0},
            "可以宣告，不付2点法力",
            "It may declare, paying no 2 mana",
        )
    if mana_available < 2:
        why.step(
            m,
            f"The 2 mana is part of the attack's cost; with {mana_available} mana the "
            "attack cannot even be declared.",
            f"2点法力是攻击费用的一部分；只有 {mana_available} 点法力时连攻击都不能宣告。",
        )
        return why.done(
            {"can_declare": False, "mana_paid": 0}, "不能宣告攻击", "The attack cannot be declared"
        )
    why.step(
        m,
        "The attacker pays the 2 mana as part of the attack's cost and declares it.",
        "攻击者支付2点法力作为攻击费用的一部分并宣告攻击。",
    )
    return why.done(
        {"can_declare": True, "mana_paid": 2},
        "支付2点法力后宣告攻击",
        "It pays 2 mana and declares the attack",
    )


# ---------------------------------------------------------------------------------------
# Changing range or target 改变法术或攻击的范围或目标; targeting your zone / yourself
# ---------------------------------------------------------------------------------------

WHO_MOVED_ZH = {"caster_or_source": "施法者或攻击来源", "target": "目标", "nobody": "没有人"}


@situation("移动后法术或攻击是否被取消", "Whether a spell or attack is canceled after a move")
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
    is then illegal for the rest of the action), magewars-rule-targeting-your-zone (moved,
    pushed or teleported, into the same zone: not canceled) and
    magewars-rule-targeting-yourself (moved anywhere: not canceled). A push and a teleport
    are treated alike (both rulings name both).
    """
    if kind == "spell" and attack_form != "single":
        raise ParamError(
            "attack_form",
            "a spell has no strikes: `attack_form` must be single",
            "法术没有多次打击：攻击形式必须为单次",
        )
    if target == "own_zone" and who_moved == "target":
        raise ParamError(
            "who_moved",
            "the target is a zone, which does not move; the caster or source is the one that moves",
            "目标是区域，区域不会移动；移动的是施法者或攻击来源",
        )
    why = Reasoning()
    c = "magewars-rule-changing-range-or-target"
    step = "Resolve Spell" if kind == "spell" else "Damage and Effects"
    step_zh = "法术结算" if kind == "spell" else "计算伤害和效果"
    mover = "caster" if kind == "spell" else "source of the attack"
    kind_zh = "法术" if kind == "spell" else "攻击"
    how_zh = "推斥" if moved_by == "push" else "传送"
    canceled = False
    if not target_still_legal:
        why.step(
            c,
            f"Before the {step} step the target is no longer legal: canceled.",
            f"在{step_zh}步骤前目标不再合法：取消。",
        )
        canceled = True
    elif who_moved == "nobody":
        why.step(
            c,
            "Nobody moved and the target is still legal: it goes on.",
            "没有人移动，目标仍然合法：继续进行。",
        )
    else:
        place = "into the same zone" if to_same_zone else "to a different zone"
        place_zh = "到同一区域" if to_same_zone else "到不同区域"
        who = "target" if who_moved == "target" else mover
        if target == "self":
            why.step(
                "magewars-rule-targeting-yourself",
                f"The {kind} targets its own {mover} (or something attached to it), "
                f"moved ({moved_by}) {place}: not canceled.",
                f"该{kind_zh}以自己（或附属在自己身上的对象）为目标，被{how_zh}{place_zh}：不取消。",
            )
        elif target == "own_zone" and to_same_zone:
            why.step(
                "magewars-rule-targeting-your-zone",
                f"The {kind} targets the zone of its {mover}, who was moved ({moved_by}) "
                "into the same zone: not canceled.",
                f"该{kind_zh}以自己所在的区域为目标，被{how_zh}到同一区域中：不取消。",
            )
        else:
            why.step(
                c,
                f"The {who} moved ({moved_by}) {place} before the {step} step, even if "
                "still within range: canceled.",
                f"{WHO_MOVED_ZH.get(who_moved, who_moved)}在{step_zh}步骤前被{how_zh}{place_zh}，"
                "即便仍在范围内：取消。",
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
            "立即终止；已支付的费用不返还"
            + (
                "，法术牌被弃除（法术绑定除外）。"
                if kind == "spell"
                else "；近战攻击失手时防御生物仍失去守卫标记。"
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
            "后续打击必须命中同一目标，"
            + (
                "该目标在本行动后续中已不合法：也被取消。"
                if canceled
                else "目标仍然合法：继续进行。"
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
            "横扫的第二次攻击必须选择不同的目标"
            + ("（原目标在本行动后续中不合法）。" if canceled else "。"),
        )
    return why.done(
        {"canceled": canceled, "later_strikes": later},
        f"{kind_zh}被取消" if canceled else f"{kind_zh}不被取消",
        f"The {kind} is canceled" if canceled else f"The {kind} is not canceled",
    )


EVENTS_ZH = {
    "countered": "被反制",
    "jinxed": "受到厄运",
    "target_moved": "目标移动",
    "stolen": "被窃取",
    "replaced": "被更换",
}
CARD_PLACES_ZH = {
    "stays bound": "仍保持绑定",
    "owner's spellbook": "返回拥有者的法术书",
    "stolen with the object": "随物件一同被窃取",
    "discarded": "被弃除",
}


@situation("法术牌的去向", "Where the spell card goes")
def bound_spell_after(event: str, spellbound: bool) -> Outcome:
    """Decides where a spell card goes when its casting is stopped, stolen or replaced.

    Implements magewars-trait-spellbind (a countered, jinxed or moved-target bound spell
    stays bound; it is stolen with its object; a replaced one returns to its owner's
    spellbook), magewars-card-jinx and magewars-rule-changing-range-or-target (a spell
    canceled because its target became illegal or moved is discarded, except a spellbound
    one). Reading: for a spell that is not spellbound and is countered or jinxed, these
    entries do not say where the card goes (`card` None).
    """
    if not spellbound and event in ("stolen", "replaced"):
        raise ParamError(
            "event",
            f"only a spellbound spell can be {event} with its object",
            f"只有法术绑定的法术才会随物件{EVENTS_ZH[event]}",
        )
    why = Reasoning()
    s = "magewars-trait-spellbind"

    def place(card: str | None) -> Outcome:
        if card is None:
            return why.done(
                {"card": None}, "法术牌去向来源未说明", "Where the card goes is not stated"
            )
        return why.done({"card": card}, f"法术牌{CARD_PLACES_ZH[card]}", f"The spell card: {card}")

    if event == "stolen":
        why.step(
            s,
            "The object is stolen: the bound spell goes with it; the new controller may look at it"
            ".",
            "物件被窃取：绑定的法术随之一同被窃取；新的控制者可以查看它。",
        )
        return place("stolen with the object")
    if event == "replaced":
        why.step(
            s,
            "The bound spell is replaced: it returns to its owner's spellbook.",
            "绑定的法术被更换：返回其拥有者的法术书。",
        )
        return place("owner's spellbook")
    if not spellbound:
        if event == "target_moved":
            why.step(
                "magewars-rule-changing-range-or-target",
                "A spell canceled because its target moved is discarded.",
                "因目标移动而被取消的法术，其法术牌被弃除。",
            )
            return place("discarded")
        why.step(
            "magewars-card-jinx" if event == "jinxed" else s,
            f"The spell is not spellbound and {event}: the entries say only what happens to a "
            "spellbound spell in that case.",
            f"该法术没有法术绑定且{EVENTS_ZH[event]}：条目只说明法术绑定的法术在这种情况下的去向。",
        )
        return place(None)
    if event == "jinxed":
        why.step(
            "magewars-card-jinx",
            "Jinx on a spellbound spell: the card stays on the spellbinding equipment.",
            "对法术绑定的法术使用厄运：法术牌仍保留在法术绑定的装备上。",
        )
    why.step(
        s,
        "The effect is canceled, but the bound spell stays bound (not destroyed or discarded).",
        "效果被取消，但绑定的法术仍保持绑定（不被摧毁或弃除）。",
    )
    return place("stays bound")


# ---------------------------------------------------------------------------------------
# Range 法术范围 / Dissolve 瓦解 / Flying 飞行 / Walls 墙体
# ---------------------------------------------------------------------------------------


@situation("目标是否在范围内", "Whether a target is in range")
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
    (errata: range 0-1, fixed in its examples) and magewars-trait-flying (a ranged attack in
    the same zone ignores its minimum range if the attacker or the defender flies).
    """
    if range_min > range_max:
        raise ParamError(
            "range_min", "`range_min` cannot exceed `range_max`", "最小范围不能大于最大范围"
        )
    why = Reasoning()
    s = "magewars-rule-spell-range"
    why.step(
        s,
        f"Range {range_min}-{range_max}, target {zones_away} zone(s) away.",
        f"范围 {range_min}-{range_max}，目标相距 {zones_away} 个区域。",
    )
    yes = ("在范围内", "In range")
    no = ("超出范围", "Out of range")
    if zones_away > range_max:
        why.step(
            s,
            f"{zones_away} > {range_max}: out of range.",
            f"{zones_away} > {range_max}：超出范围。",
        )
        return why.done(False, *no)
    if zones_away >= range_min:
        why.step(s, "Within range.", "在范围内。")
        return why.done(True, *yes)
    if zones_away == 0 and ranged_attack and (attacker_flying or defender_flying):
        why.step(
            "magewars-trait-flying",
            "Same zone, a ranged attack, and a flyer involved: the minimum range is ignored.",
            "同一区域、远程攻击且有飞行生物参与：忽略最小范围。",
        )
        return why.done(True, *yes)
    why.step(
        s,
        f"{zones_away} < minimum {range_min}: out of range.",
        f"{zones_away} < 最小范围 {range_min}：超出范围。",
    )
    return why.done(False, *no)


@situation("能否远程攻击墙体", "Whether a wall can be attacked at range")
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
            "墙两侧的区域相邻：距离最多相差 1",
        )
    why = Reasoning()
    w = "magewars-rule-walls"
    if not line_of_sight:
        why.step(
            w,
            "No line of sight to the centre of the wall's border: no ranged attack.",
            "看不到墙所在边界的中心：不能远程攻击。",
        )
        return why.done(False, "不能远程攻击该墙", "It cannot attack the wall at range")
    inside = [d for d in (near_zone_distance, far_zone_distance) if range_min <= d <= range_max]
    if inside:
        why.step(
            w,
            f"Line of sight, and a zone beside the wall {inside[0]} zone(s) away is "
            f"within range {range_min}-{range_max}: it can attack the wall.",
            f"有视线，且墙一侧相距 {inside[0]} 个区域的区域在范围 {range_min}-{range_max} 内："
            "可以攻击该墙。",
        )
        return why.done(True, "可以远程攻击该墙", "It can attack the wall at range")
    why.step(
        w,
        f"Neither zone beside the wall ({near_zone_distance}, {far_zone_distance} "
        f"away) is within range {range_min}-{range_max}.",
        f"墙两侧的区域（相距 {near_zone_distance}、{far_zone_distance}）"
        f"都不在范围 {range_min}-{range_max} 内。",
    )
    return why.done(False, "不能远程攻击该墙", "It cannot attack the wall at range")


# ---------------------------------------------------------------------------------------
# Helm of Fear 恐惧头盔 / Daze 眩晕 / attack actions 攻击行动
# ---------------------------------------------------------------------------------------

HELM_ZH = {"Warlock": "邪术师", "Imp": "魔婴", "Fiend": "狱鬼"}


@situation("恐惧头盔与横扫或三连击", "Helm of Fear and a sweep or triple strike")
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
            why.step(
                h,
                f"The Warlock rolls {helm_roll} (< 9): the attack on him goes ahead.",
                f"邪术师掷出 {helm_roll}（< 9）：对他的攻击照常进行。",
            )
            first = "Warlock"
        elif redirect == "guard":
            why.step(
                h,
                f"The Warlock rolls {helm_roll} (9+) on the first attack and the "
                "attacker guards instead: the whole attack action is canceled.",
                f"邪术师在首次攻击时掷出 {helm_roll}（9+），攻击者改为守卫：整个攻击行动被取消。",
            )
            return why.done(
                {"attacked": [], "action_canceled": True},
                "改为守卫：整个攻击行动取消",
                "It guards instead: the action is canceled",
            )
        else:
            why.step(
                h,
                f"The Warlock rolls {helm_roll} (9+): the attacker turns to the "
                f"{redirect}; the Warlock is no longer a legal target this action.",
                f"邪术师掷出 {helm_roll}（9+）：攻击者转向{HELM_ZH.get(redirect, redirect)}；"
                "本行动中邪术师不再是合法目标。",
            )
            first = redirect
    else:
        first = first_target
        why.step(h, f"First attack: the {first}.", f"首次攻击：{HELM_ZH.get(first, first)}。")
    if attack == "triple_strike":
        why.step(
            h,
            f"The second and third strikes of a triple strike keep the first target: "
            f"the {first} takes all three.",
            f"三连击的第二、三次打击与首次目标相同：{HELM_ZH.get(first, first)}承受全部三次。",
        )
        return why.done(
            {"attacked": [first] * 3, "action_canceled": False},
            f"三次打击都攻击{HELM_ZH.get(first, first)}",
            f"All three strikes on the {first}",
        )
    if second_target == first:
        raise ParamError(
            "second_target",
            "a sweep's second attack must choose a different target",
            "横扫的第二次攻击必须选择不同的目标",
        )
    warlock_illegal = first_target == "Warlock" and turned
    legal = [x for x in ("Warlock", "Imp", "Fiend") if x != first]
    if warlock_illegal:
        legal.remove("Warlock")
    why.step(
        h,
        f"Legal targets for the sweep's second attack: {', '.join(legal)} (not the "
        f"{first} again" + (", nor the Warlock after Helm of Fear)." if warlock_illegal else ")."),
        "横扫第二次攻击的合法目标："
        f"{'、'.join(HELM_ZH[x] for x in legal)}（不能再选{HELM_ZH.get(first, first)}"
        + ("，恐惧头盔生效后也不能选邪术师）。" if warlock_illegal else "）。"),
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
            (
                "恐惧头盔使攻击者转向后邪术师已不合法"
                if warlock_illegal
                else f"邪术师在第二次攻击时掷出 {helm_roll}（9+）；此时已不能改为守卫"
            )
            + f"：唯一的合法目标是{HELM_ZH[second]}。",
        )
    elif second_target not in legal:
        raise ParamError(
            "second_target",
            f"`second_target` must be one of: {', '.join(legal)}",
            f"第二个目标必须是：{'、'.join(HELM_ZH[x] for x in legal)}",
        )
    else:
        why.step(
            h,
            f"Second attack of the sweep: the {second}.",
            f"横扫的第二次攻击：{HELM_ZH.get(second, second)}。",
        )
    return why.done(
        {"attacked": [first, second], "action_canceled": False},
        f"横扫攻击{HELM_ZH.get(first, first)}和{HELM_ZH.get(second, second)}",
        f"The sweep hits the {first} and the {second}",
    )


STRIKES = {"single": 1, "double_strike": 2, "triple_strike": 3, "sweep": 2}
ATTACKS_ZH = {
    "single": "单次攻击",
    "double_strike": "两连击",
    "triple_strike": "三连击",
    "sweep": "横扫",
    "zone": "区域攻击",
    "counterstrike": "反击",
    "wall": "墙体",
    "collision": "撞击",
    "conjuration": "魔物",
}


@situation("眩晕生物的掷骰", "A dazed creature's rolls")
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
    when_zh = {"end of Declare Attack step": "宣告攻击步骤结束时", "start of attack": "攻击开始时"}
    why.step(
        d,
        f"A dazed creature rolls for each of the {n} attack(s): "
        + "; ".join(f"#{i + 1} at the {w}" for i, w in enumerate(when))
        + ".",
        f"眩晕的生物为 {n} 次攻击各掷一次："
        + "；".join(f"第{i + 1}次在{when_zh[w]}" for i, w in enumerate(when))
        + "。",
    )
    return why.done({"rolls": n, "when": when}, f"掷 {n} 次眩晕骰", f"{n} daze roll(s)")


@situation("攻击行动与攻击次数", "Attack actions and attacks")
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
    what_zh = ATTACKS_ZH.get(attack, attack)
    if attack == "zone":
        n = objects_in_zone
        why.step(
            a,
            f"A zone attack is one attack action with a separate attack on each of "
            f"the {n} object(s) in the zone.",
            f"区域攻击是一个攻击行动，对区域中 {n} 个对象各进行一次攻击。",
        )
    elif attack == "sweep":
        n = min(2, objects_in_zone)
        why.step(
            a,
            f"A sweep is one attack action of {n} attack(s) on different objects.",
            f"横扫是一个攻击行动，对不同对象进行 {n} 次攻击。",
        )
    elif attack in STRIKES:
        n = STRIKES[attack]
        why.step(
            a,
            f"A {attack.replace('_', ' ')} is one attack action of {n} attack(s).",
            f"{what_zh}是一个攻击行动，共 {n} 次攻击。",
        )
    else:
        n = 1
        why.step(
            a,
            f"A {attack} attack spends no creature action, but counts as an attack action of its o"
            "wn.",
            f"{what_zh}的攻击不消耗生物的行动，但本身算作一个攻击行动。",
        )
    if not free:
        why.step(
            a,
            "It is made with a creature's (quick or full) action.",
            "它用生物的（快速或标准）行动进行。",
        )
    return why.done(
        {"attack_actions": 1, "attacks": n, "spends_creature_action": not free},
        f"1 个攻击行动，{n} 次攻击" + ("，不消耗生物行动" if free else ""),
        f"1 attack action of {n} attack(s)" + ("; no creature action spent" if free else ""),
    )


# ---------------------------------------------------------------------------------------
# Attacks on oneself 友方攻击; damage barrier 反伤屏障
# ---------------------------------------------------------------------------------------


@situation("攻击自己或友方时守卫与反伤", "Guards and barriers when attacking one's own side")
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
            "It attacks another creature (friendly or not): guards apply, and that creature's "
            "damage barrier and counterstrike work.",
            "攻击另一个生物（无论是否友方）：守卫照常适用，该生物的反伤屏障和反击生效。",
        )
        works = [
            w for w, on in (("反伤屏障", has_damage_barrier), ("反击", has_counterstrike)) if on
        ]
        works_en = [
            w
            for w, on in (
                ("damage barrier", has_damage_barrier),
                ("counterstrike", has_counterstrike),
            )
            if on
        ]
        return why.done(
            {
                "ignores_guards": False,
                "damage_barrier": has_damage_barrier,
                "counterstrike": has_counterstrike,
            },
            "守卫适用" + (f"，{'和'.join(works)}生效" if works else ""),
            "Guards apply" + (f"; its {' and '.join(works_en)} work(s)" if works_en else ""),
        )
    what = "itself" if target == "itself" else "an object attached to itself"
    what_zh = "自己" if target == "itself" else "附属在自己身上的对象"
    why.step(
        "magewars-rule-friendly-attacks",
        f"It attacks {what}: it may ignore guards, and its own damage barrier and counterstrike "
        "do not trigger.",
        f"它攻击{what_zh}：可以无视守卫，自己的反伤屏障和反击不会触发。",
    )
    why.step(
        "magewars-rule-guard",
        "Guarding does not stop a creature attacking itself or what is attached to it.",
        "守卫不能阻止生物攻击自己或附属在自己身上的对象。",
    )
    if target == "attached":
        why.step(
            "magewars-card-strangle-vine",
            "As with a Strangle Vine attached to it: attack it directly, past guards.",
            "例如附属在它身上的缠绕藤蔓：可以越过守卫直接攻击。",
        )
    else:
        why.step(
            "magewars-rule-damage-barrier",
            "A creature attacking itself does not trigger its own damage barrier.",
            "生物攻击自己不会触发自己的反伤屏障。",
        )
    return why.done(
        {"ignores_guards": True, "damage_barrier": False, "counterstrike": False},
        "无视守卫，不触发反伤屏障和反击",
        "Guards ignored; no damage barrier, no counterstrike",
    )


@situation("是否经过回避攻击步骤", "Whether the Avoid Attack step happens")
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
            "反伤屏障的攻击跳过回避攻击步骤：不会迫使格挡和攻击逆转被展示。",
        )
        return why.done(
            {"avoid_attack_step": False, "forces_block_reveal": False},
            "跳过回避攻击步骤，不迫使展示格挡",
            "No Avoid Attack step; Block is not forced out",
        )
    why.step(
        d,
        f"A{'n' if attack == 'unavoidable' else ''} {attack} attack goes through the "
        "Avoid Attack step: Block and Reverse Attack must be revealed"
        + (" (and discarded) as normal." if attack == "unavoidable" else "."),
        f"{'不可回避的' if attack == 'unavoidable' else '普通'}攻击经过回避攻击步骤："
        "格挡和攻击逆转必须展示" + ("（并照常弃除）。" if attack == "unavoidable" else "。"),
    )
    return why.done(
        {"avoid_attack_step": True, "forces_block_reveal": True},
        "经过回避攻击步骤，迫使展示格挡",
        "The Avoid Attack step happens; Block is forced out",
    )


# ---------------------------------------------------------------------------------------
# Obstruct 阻碍 / Suppression Orb 抑制法球
# ---------------------------------------------------------------------------------------


@situation("能否进行第二次移动", "Whether a creature may move a second time")
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
            raise ParamError(
                name,
                f"`{name}` counts some of the enemies: at most {total}",
                f"飞行的敌人是敌人的一部分：最多 {total} 个",
            )
    why = Reasoning()
    o = "magewars-rule-obstruct"
    start = start_zone_enemy_flyers if flying else start_zone_enemies
    new = new_zone_enemy_flyers if flying else new_zone_enemies
    kind = "flying enemies (it flies)" if flying else "enemy creatures"
    kind_zh = "飞行的敌人（它会飞行）" if flying else "敌方生物"
    no = ("受到阻碍，不能第二次移动", "Obstructed: no second move")
    if start:
        why.step(
            o,
            f"It leaves a zone with {start} {kind}: obstructed, no second move (even with Fast).",
            f"它离开有 {start} 个{kind_zh}的区域：受到阻碍，不能第二次移动（即使有迅捷）。",
        )
        return why.done(False, *no)
    if new:
        why.step(
            o,
            f"It enters a zone with {new} {kind}: obstructed, no second move.",
            f"它进入有 {new} 个{kind_zh}的区域：受到阻碍，不能第二次移动。",
        )
        return why.done(False, *no)
    why.step(
        o,
        f"Neither zone holds {kind}: unobstructed, it may move a second time (even "
        "into a zone with enemies).",
        f"两个区域都没有{kind_zh}：没有阻碍，可以第二次移动（即使进入有敌人的区域）。",
    )
    return why.done(True, "没有阻碍，可以第二次移动", "Unobstructed: it may move again")


@situation("移动前传送与阻碍", "A teleport before moving, and obstruction")
def is_obstructed_after_teleport(
    start_zone_enemies: int, teleported_before_moving: bool, destination_enemies: int
) -> Outcome:
    """Decides whether a creature that may teleport before its first move is obstructed.

    Implements magewars-rule-obstruct (“通过传送的移动忽略阻碍限制”; “如果一个生物在执行任何
    移动前被传送, 并且如果将其传送到一个没有任何敌方对象能阻碍它的区域, 则其变为没有阻碍”).
    Enemies are those that can obstruct it. Reading: without the teleport its starting zone
    decides; after the teleport only the destination does.
    """
    why = Reasoning()
    o = "magewars-rule-obstruct"
    if not teleported_before_moving:
        obstructed = start_zone_enemies > 0
        why.step(
            o,
            f"No teleport: its zone holds {start_zone_enemies} enemy creature(s) that can "
            "obstruct it: " + ("obstructed." if obstructed else "unobstructed."),
            f"没有传送：它所在区域有 {start_zone_enemies} 个能阻碍它的敌方生物："
            + ("受到阻碍。" if obstructed else "没有阻碍。"),
        )
    else:
        obstructed = destination_enemies > 0
        why.step(
            o,
            "Movement by teleport ignores obstruction: the zone it left no longer counts.",
            "通过传送的移动忽略阻碍限制：它离开的区域不再计算。",
        )
        why.step(
            o,
            f"It was teleported before any move into a zone with {destination_enemies} enemy "
            "creature(s) that can obstruct it: "
            + ("obstructed." if obstructed else "it becomes unobstructed."),
            f"它在任何移动前被传送到有 {destination_enemies} 个能阻碍它的敌方生物的区域："
            + ("受到阻碍。" if obstructed else "变为没有阻碍。"),
        )
    return why.done(
        {"obstructed": obstructed},
        "受到阻碍" if obstructed else "没有阻碍",
        "Obstructed" if obstructed else "Unobstructed",
    )


@situation("抑制法球下的移动", "Moving under Suppression Orb")
def can_move_under_suppression_orb(is_mage: bool, controller_mana: int, move_cost: int) -> Outcome:
    """Decides whether a creature can take a move action while Suppression Orb is in play.

    Implements magewars-card-suppression-orb: paying the mana is the cost of a non-mage
    creature's move, paid before it moves; with too little mana it cannot move. The
    amount is the card's (`move_cost`); the entry does not state it.
    """
    why = Reasoning()
    s = "magewars-card-suppression-orb"
    if is_mage:
        why.step(
            s,
            "The Orb's cost is on non-mage creatures: a mage moves freely.",
            "法球的费用针对非法师生物：法师可以自由移动。",
        )
        return why.done(True, "法师可以自由移动", "A mage moves freely")
    if controller_mana < move_cost:
        why.step(
            s,
            f"Its controller has {controller_mana} mana, less than the {move_cost} "
            "the move costs: it cannot take the move action.",
            f"其控制者只有 {controller_mana} 点法力，少于移动所需的 {move_cost} 点："
            "不能进行移动行动。",
        )
        return why.done(False, "法力不足，不能移动", "Not enough mana: it cannot move")
    why.step(
        s,
        f"Its controller pays {move_cost} mana first, then it moves.",
        f"其控制者先支付 {move_cost} 点法力，然后它移动。",
    )
    return why.done(
        True, f"支付 {move_cost} 点法力后移动", f"It moves after paying {move_cost} mana"
    )


# ---------------------------------------------------------------------------------------
# Card rulings with one outcome each
# ---------------------------------------------------------------------------------------


@situation("被放逐的生物", "A banished creature")
def banished_creature(action_marker: str, ability_has_limited_range: bool) -> Outcome:
    """Describes a banished creature: its action marker on return, its own abilities.

    Implements magewars-card-banish: the action marker is unchanged while out of the
    arena; its own traits and abilities still work, but one limited to a range treats
    everything in the arena as out of range.
    """
    why = Reasoning()
    b = "magewars-card-banish"
    marker_zh = "激活面" if action_marker == "active" else "未激活面"
    why.step(
        b,
        "Teleporting out of the arena does not change its action marker: it returns "
        f"{action_marker}.",
        f"传送出竞技场不改变其行动标记：回来时仍为{marker_zh}。",
    )
    if ability_has_limited_range:
        why.step(
            b,
            "The ability works within a limited range: everything in the arena is out of its range"
            ".",
            "该能力有范围限制：竞技场中的一切都在其范围之外。",
        )
    else:
        why.step(
            b,
            "The ability needs no range: it still works (e.g. Valshalla still gains rage tokens).",
            "该能力不需要范围：仍然有效（例如瓦尔莎拉仍获得狂怒记代物）。",
        )
    works = not ability_has_limited_range
    return why.done(
        {"action_marker_on_return": action_marker, "ability_works": works},
        f"回来时行动标记为{marker_zh}，能力{'仍有效' if works else '无效'}",
        f"Returns {action_marker}; its ability {'still works' if works else 'does not work'}",
    )


@situation("战斗怒火的额外攻击", "Battle Fury's extra attack")
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
            "Its next melee attack is a counterstrike: no extra attack, and Battle Fury is cancele"
            "d.",
            "它的下一次近战攻击是反击：没有额外攻击，战斗怒火被取消。",
        )
        return why.done(
            {"extra_attack": False, "after_strike": 0},
            "没有额外攻击，战斗怒火取消",
            "No extra attack; Battle Fury is canceled",
        )
    why.step(
        b,
        f"The extra attack comes after the entire attack action, i.e. after strike {strikes}.",
        f"额外攻击在整个攻击行动之后，即第 {strikes} 次打击之后。",
    )
    return why.done(
        {"extra_attack": True, "after_strike": strikes},
        f"第 {strikes} 次打击后进行额外攻击",
        f"An extra attack after strike {strikes}",
    )


@situation("诱饵给予的法力", "The mana Decoy gives")
def decoy_mana(event: str) -> Outcome:
    """Counts the mana Decoy's controller gains. `event`: destroyed or countered.

    Implements magewars-card-decoy: destroyed while unrevealed it is revealed and gives 2
    mana; countered, it never was on the battlefield and gives none.
    """
    why = Reasoning()
    d = "magewars-card-decoy"
    if event == "countered":
        why.step(
            d,
            "Countered (e.g. Mana Failure): it was never in play, so its ability gives nothing.",
            "被反制（例如法力失效）：它从未在场上，所以能力不给予任何东西。",
        )
        return why.done({"mana_gained": 0}, "不获得法力", "No mana")
    why.step(
        d,
        "Destroyed (e.g. Shadow Dispel), even unrevealed: a destroyed enchantment is "
        "revealed, so its controller gains 2 mana.",
        "被摧毁（例如暗影驱散），即使尚未展示：被摧毁的结界会被展示，所以控制者获得2点法力。",
    )
    return why.done({"mana_gained": 2}, "获得2点法力", "2 mana gained")


OPENERS_ZH = {
    "controlling_mage": "控制地狱之门的法师",
    "other_mage": "其他法师",
    "creature": "生物",
}


@situation("谁能开启地狱之门", "Who may open Gate to Hell")
def can_open_gate_to_hell(opener: str, zones_away: int) -> Outcome:
    """Decides whether this creature may take Gate to Hell's opening action from here.

    Implements magewars-card-gate-to-hell: only the mage who controls it, from anywhere in
    the arena. `opener`: controlling_mage, other_mage, creature.
    """
    why = Reasoning()
    g = "magewars-card-gate-to-hell"
    if opener != "controlling_mage":
        why.step(
            g,
            "Only the mage who controls the Gate may take the action to open it.",
            "只有控制地狱之门的法师才能进行开启大门的行动。",
        )
        return why.done(
            False, f"{OPENERS_ZH.get(opener, opener)}不能开启", "It may not open the Gate"
        )
    why.step(
        g,
        f"The controlling mage may open it from anywhere in the arena, here {zones_away} zone(s) a"
        "way.",
        f"控制者法师可以从竞技场的任何地方开启，此处相距 {zones_away} 个区域。",
    )
    return why.done(True, "控制者法师可以从任何地方开启", "Its mage may open it from anywhere")


DAMAGE_TYPES_ZH = {
    "poison": "毒素",
    "flame": "火焰",
    "lightning": "闪电",
    "acid": "酸蚀",
    "psychic": "精神",
    "hydro": "水",
}


@situation("免疫与直接伤害", "Immunity and direct damage")
def direct_damage_taken(damage: int, damage_type: str, immunities: tuple[str, ...]) -> Outcome:
    """Counts direct damage an object takes, given its immunities.

    Implements magewars-card-malacoda: Malacoda's ability deals direct poison damage, and
    Malacoda itself, immune to poison, takes none.
    """
    why = Reasoning()
    m = "magewars-card-malacoda"
    type_zh = DAMAGE_TYPES_ZH.get(damage_type, damage_type)
    if damage_type in immunities:
        why.step(
            m,
            f"It has {damage_type} immunity: it takes no {damage_type} damage.",
            f"它具有{type_zh}免疫：不受{type_zh}伤害。",
        )
        return why.done(
            {"damage_taken": 0}, f"{type_zh}免疫：不受伤害", f"Immune to {damage_type}: no damage"
        )
    why.step(
        m,
        f"No {damage_type} immunity: it takes {damage} direct damage.",
        f"没有{type_zh}免疫：受到 {damage} 点直接伤害。",
    )
    return why.done(
        {"damage_taken": damage}, f"受到 {damage} 点直接伤害", f"{damage} direct damage taken"
    )


@situation("兽性觉醒后能否行动", "Whether Rouse the Beast's target acts this round")
def rouse_the_beast(phase: str) -> Outcome:
    """Decides whether Rouse the Beast's target can still act this round.

    Implements magewars-card-rouse-the-beast: cast in the Final Quickcast Phase it flips
    the marker to active, but the action phase is over. Reading: cast earlier (during the
    action phase), the creature can still be activated.
    """
    why = Reasoning()
    r = "magewars-card-rouse-the-beast"
    why.step(
        r, "The target's action marker is flipped to its active side.", "目标的行动标记翻到激活面。"
    )
    if phase == "final_quickcast":
        why.step(
            r,
            "Cast in the Final Quickcast Phase, after the action phase: the creature "
            "cannot act this round.",
            "在最终快速施法阶段施放，已过了行动阶段：生物本回合不能行动。",
        )
        return why.done(
            {"marker_active": True, "can_act_this_round": False},
            "标记激活，但本回合不能行动",
            "Marker active, but no action this round",
        )
    why.step(
        r,
        "Cast before the action phase ends: the creature can still be activated.",
        "在行动阶段结束前施放：生物仍可被激活。",
    )
    return why.done(
        {"marker_active": True, "can_act_this_round": True},
        "本回合仍可行动",
        "It can still act this round",
    )


@situation("一次性结界展示的时机", "When a one-time enchantment is revealed")
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
            "Revealed while the creature is attacked: Block takes effect at once, then is destroye"
            "d.",
            "在生物被攻击时展示：格挡立即生效，然后被摧毁。",
        )
        return why.done(
            {"effect_used": True, "destroyed": True},
            "格挡生效后被摧毁",
            "Block takes effect, then is destroyed",
        )
    why.step(
        q,
        "Revealed when no attack is under way: the effect is irrelevant and wasted; "
        "it is destroyed and cannot be kept for a later attack.",
        "在没有攻击时展示：效果无关而被浪费；它被摧毁，不能留到之后的攻击。",
    )
    return why.done(
        {"effect_used": False, "destroyed": True}, "效果浪费，结界被摧毁", "Wasted and destroyed"
    )


@situation("状态的移除费用", "A condition's removal cost")
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
        why.step(
            r,
            "The condition is removed for another reason: no removal cost is paid.",
            "状态因其他原因被移除：不支付移除费用。",
        )
        return why.done(
            {"removed": True, "mana_paid": 0}, "状态移除，不付费用", "Removed at no cost"
        )
    if not effect_allows_paying:
        why.step(
            r,
            "No card or ability lets its removal cost be paid: it cannot be spent at will, and "
            "the condition stays.",
            "没有卡牌或能力允许支付移除费用：不能随意支付，状态保留。",
        )
        return why.done({"removed": False, "mana_paid": 0}, "状态保留", "The condition stays")
    if not pay:
        why.step(
            r,
            "An effect allows paying, but the player does not pay: it stays.",
            "有效果允许支付，但玩家没有支付：状态保留。",
        )
        return why.done(
            {"removed": False, "mana_paid": 0},
            "不付费用，状态保留",
            "Not paid: the condition stays",
        )
    why.step(
        r,
        f"An effect allows paying the removal cost: {removal_cost} mana removes it.",
        f"有效果允许支付移除费用：支付 {removal_cost} 点法力移除它。",
    )
    return why.done(
        {"removed": True, "mana_paid": removal_cost},
        f"支付 {removal_cost} 点法力移除",
        f"{removal_cost} mana removes it",
    )


MAGES = ("Warlock", "Wizard", "Forcemaster", "Priestess", "Beastmaster")
USES_ZH = {
    "put_in_spellbook": "放入法术书",
    "control": "控制",
    "steal_equipment": "以 Steal Equipment 夺取",
    "steal_enchantment": "以结界窃取夺取",
    "cast_bound_spell": "施放绑定的法术",
}


@situation("限定法术能否使用", "Whether a mage may use a restricted card")
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
    school_zh = {"Arcane Mage": "奥术法师", "Dark Mage": "黑暗法师"}
    needed = school.get(restricted_to, restricted_to)
    to_zh = school_zh.get(restricted_to) or (
        "无限定" if restricted_to == "none" else _zh_mage(restricted_to)
    )
    use_zh = USES_ZH.get(use, use)
    if restricted_to in school:
        why.step(
            "magewars-rule-question-creature-school",
            f"{restricted_to}: of the mages here, the {needed} trained in that school.",
            f"{to_zh}：这些法师中，{_zh_mage(needed)}受训于该派系。",
        )
    met = restricted_to == "none" or needed == mage
    if met:
        why.step(
            r,
            f"The restriction ({restricted_to}) allows the {mage}.",
            f"限定（{to_zh}）允许{_zh_mage(mage)}。",
        )
        return why.done(
            {"allowed": True, "outcome": "ok"},
            f"{_zh_mage(mage)}可以{use_zh}",
            f"The {mage} may do it",
        )
    why.step(
        r,
        f"Restricted to {restricted_to}: the {mage} can neither control nor use it.",
        f"限定于{to_zh}：{_zh_mage(mage)}既不能控制也不能使用它。",
    )
    if use == "steal_equipment":
        why.step(
            r,
            "Steal Equipment may target it, but since she cannot use it, it is destroyed.",
            "Steal Equipment 可以以它为目标，但因为不能使用，它被摧毁。",
        )
        return why.done(
            {"allowed": True, "outcome": "destroyed"},
            "可以夺取，但物品被摧毁",
            "It may be stolen, but is destroyed",
        )
    if use == "steal_enchantment":
        why.step(
            "magewars-card-steal-enchantment",
            "Steal Enchantment cannot take control of an enchantment restricted away from you.",
            "结界窃取不能用来控制一张你所不属于的限定法系结界。",
        )
    elif use == "cast_bound_spell":
        why.step(
            "magewars-trait-spellbind",
            "The stolen object comes with its bound spell, but the new controller cannot cast a "
            "restricted one.",
            "被窃取的物件连同绑定的法术一起到手，但新的控制者不能施放限定的法术。",
        )
    return why.done(
        {"allowed": False, "outcome": "cannot"},
        f"{_zh_mage(mage)}不能{use_zh}",
        f"The {mage} may not do it",
    )


@situation("结界窃取重新放置结界的费用", "What Steal Enchantment's new placement costs")
def steal_enchantment_recast(
    enchantment_cost: int, same_target: bool, restricted_away: bool
) -> Outcome:
    """Counts what it costs to put a stolen enchantment on its new target.

    Implements magewars-card-steal-enchantment (the new target may be the one it is attached
    to; “你必须支付施放 Charm 的费用以将其再次放置到同一个目标上”; an enchantment restricted
    away from you cannot be taken). Reading: the stolen enchantment's casting cost is paid
    whatever the new target.
    """
    why = Reasoning()
    s = "magewars-card-steal-enchantment"
    if restricted_away:
        why.step(
            s,
            "The enchantment is restricted to a school you do not belong to: Steal Enchantment "
            "cannot take control of it.",
            "该结界限定于你所不属于的法系：结界窃取不能用来控制它。",
        )
        return why.done(
            {"allowed": False, "mana_to_pay": 0}, "不能窃取该结界", "It cannot be stolen"
        )
    why.step(
        s,
        "The new target may be the very object it is attached to"
        + (" (it is here)." if same_target else "; here it is another one."),
        "新的目标可以是它当前附属的同一个目标"
        + ("（此处正是如此）。" if same_target else "；此处是另一个目标。"),
    )
    why.step(
        s,
        f"To place it on its target you pay the enchantment's own casting cost: {enchantment_cost}"
        " mana.",
        f"要把它放置到目标上，须支付施放该结界的费用：{enchantment_cost} 点法力。",
    )
    return why.done(
        {"allowed": True, "mana_to_pay": enchantment_cost},
        f"须支付该结界的施放费用 {enchantment_cost} 点法力",
        f"Pay the enchantment's casting cost: {enchantment_cost} mana",
    )


PLACES_ZH = {"discard pile": "弃牌堆", "spellbook": "魔法书", "hand": "手牌"}


@situation("卡牌进入谁的区域", "Whose pile a card goes to")
def card_destination(owner: str, controller: str, place: str) -> Outcome:
    """Names whose discard pile, spellbook or hand a card goes to.

    Implements magewars-rule-owner: always its owner's (the player who put it in his
    spellbook at the start), whoever controls it, unless an effect says otherwise.
    """
    why = Reasoning()
    o = "magewars-rule-owner"
    place_zh = PLACES_ZH.get(place, place)
    if owner != controller:
        why.step(
            o,
            f"The {controller} controls it, but the {owner} owns it.",
            f"{_zh_mage(controller)}控制它，但{_zh_mage(owner)}拥有它。",
        )
    why.step(
        o,
        f"A card moved to a {place} always goes to its owner's: the {owner}'s.",
        f"卡牌被移动到{place_zh}时总是进入其拥有者的{place_zh}：{_zh_mage(owner)}的。",
    )
    return why.done(
        f"{owner}'s {place}", f"进入{_zh_mage(owner)}的{place_zh}", f"To the {owner}'s {place}"
    )


@situation("生物的护甲", "A creature's armor")
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
            f"It bears the cannot-have-armor symbol: armor is always 0 (the +{armor_bonus} is not "
            "gained).",
            f"它带有不能具有护甲的标志：护甲始终为0（不获得 +{armor_bonus}）。",
        )
        return why.done({"armor": 0}, "护甲始终为 0", "Armor is always 0")
    total = printed_armor + armor_bonus
    why.step(
        a,
        f"Armor {printed_armor} + {armor_bonus} = {total}.",
        f"护甲 {printed_armor} + {armor_bonus} = {total}。",
    )
    return why.done({"armor": total}, f"护甲 {total}", f"Armor {total}")


@situation("法术书中的法术点", "Spell points in a spellbook")
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
        why.step(
            n,
            f"A Novice spell costs only 1 spell point, not {normal}.",
            f"初级法术只需1个法术点，而不是 {normal} 个。",
        )
        return why.done({"spell_points": 1}, "1 个法术点", "1 spell point")
    why.step(
        n,
        f"Not Novice: level {level} × {points_per_level} = {normal} points.",
        f"不是初级：等级 {level} × {points_per_level} = {normal} 点。",
    )
    return why.done({"spell_points": normal}, f"{normal} 个法术点", f"{normal} spell points")


@situation("谁支付维持费用", "Who pays an upkeep cost")
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
            raise ParamError(
                "upkeep_x", "Essence Drain always gives Upkeep +2", "精华汲取总是给予维持 +2"
            )
        why.step(
            u,
            f"Essence Drain gives the creature Upkeep +2: its controller, the "
            f"{creature_controller}, pays 2.",
            f"精华汲取给予生物维持 +2：由生物的控制者{_zh_mage(creature_controller)}支付2点。",
        )
        return why.done(
            {"payer": creature_controller, "upkeep": 2},
            f"{_zh_mage(creature_controller)}（生物的控制者）支付2点",
            f"The {creature_controller} (the creature's controller) pays 2",
        )
    why.step(
        u,
        f"The enchantment's own Upkeep +{upkeep_x}: its controller, the "
        f"{enchantment_controller}, pays {upkeep_x}, not the controller of what it is attached to.",
        f"结界自身的维持 +{upkeep_x}："
        f"由结界的控制者{_zh_mage(enchantment_controller)}支付 {upkeep_x} 点，"
        "而不是其附属对象的控制者。",
    )
    return why.done(
        {"payer": enchantment_controller, "upkeep": upkeep_x},
        f"{_zh_mage(enchantment_controller)}（结界的控制者）支付 {upkeep_x} 点",
        f"The {enchantment_controller} (the enchantment's controller) pays {upkeep_x}",
    )
