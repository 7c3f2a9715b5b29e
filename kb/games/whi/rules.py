"""Warhammer: Invasion rule checks: pure functions citing the entries they implement.

Every step is given in English and Chinese; every outcome carries a one-line verdict in both.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning, situation

ZONES_ZH = {
    "Kingdom": "王国区",
    "Quest": "任务区",
    "Battlefield": "战场区",
    "deck": "牌库",
    "hand": "手牌",
    "discard pile": "弃牌堆",
}
ROLES_ZH = {"attacking": "进攻", "defending": "防御", "questing": "做任务"}
CARD_TYPES_ZH = {"unit": "单位卡", "support": "支援卡", "development": "发展卡", "quest": "任务卡"}
PHASES_ZH = {
    "Beginning of the Turn": "回合开始",
    "Kingdom phase": "王国阶段",
    "Quest phase": "任务阶段",
    "Capital phase": "首都阶段",
    "Battlefield phase": "战场阶段",
    "End of Turn": "回合结束",
}


def _same_length(name: str, values: tuple, expected: int, of: str, of_zh: str) -> None:
    if len(values) != expected:
        raise ParamError(
            name,
            f"`{name}` needs one value per {of} ({expected}), got {len(values)}",
            f"`{name}` 需要每个{of_zh}一个值（{expected} 个），实际为 {len(values)} 个",
        )


def _list(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


@situation("分配战斗伤害", "Assigning combat damage")
def assign_combat_damage(
    damage_pool: int,
    defender_hit_points: tuple[int, ...],
    defender_damage: tuple[int, ...],
    defender_toughness: tuple[int, ...],
    extra_damage: tuple[int, ...],
    errata: bool = True,
    original_reading: str = "remaining hit points",
) -> Outcome:
    """Assigns an attacker's combat damage pool to the defenders, then the capital, and applies it.

    Implements whi-errata-p12-assign-damage. The only limit either wording sets is on the
    capital: no damage reaches it until every defender has been assigned its minimum. With
    `errata=True` (corrected wording) the minimum is what would destroy the defender, damage
    cancellation ignored (the translator's answer): its remaining hit points. With
    `errata=False` the original wording asks for "damage equal to the number of hit points each
    defending unit possesses", then for "the number of remaining hit points": `original_reading`
    picks "hit points possessed" (the printed hit points) or "remaining hit points".
    `extra_damage` is what the attacker chooses to add to each defender above its minimum (at
    his discretion, in anticipation of damage cancellation). When the pool covers every minimum
    and extra, the rest goes to the capital. Otherwise nothing can reach the capital and the
    attacker may spread the pool over the defenders as he likes; the spread shown fills each
    defender's minimum and extra in the order listed (so an extra asked for is never dropped for
    a capital that cannot be reached), and `attacker_chooses_spread` says the spread is his.
    Toughness X is read as cancelling X of the damage assigned to that unit (a damage
    cancellation effect, whi-term-moving-damage).
    """
    why = Reasoning()
    n = len(defender_hit_points)
    _same_length("defender_damage", defender_damage, n, "defender", "防御单位")
    _same_length("defender_toughness", defender_toughness, n, "defender", "防御单位")
    _same_length("extra_damage", extra_damage, n, "defender", "防御单位")
    if original_reading not in ("remaining hit points", "hit points possessed"):
        raise ParamError(
            "original_reading",
            "`original_reading` must be remaining hit points or hit points possessed",
            "`original_reading` 须为“剩余HP”或“拥有的HP”",
        )
    for i, (hp, dmg) in enumerate(zip(defender_hit_points, defender_damage, strict=True)):
        if hp < 1:
            raise ParamError(
                "defender_hit_points",
                f"defender {i + 1} needs at least 1 hit point",
                f"防御单位{i + 1}至少要有 1 点HP",
            )
        if dmg >= hp:
            raise ParamError(
                "defender_damage",
                f"defender {i + 1} already has {dmg} damage on {hp} hit points: it is destroyed",
                f"防御单位{i + 1}的 {hp} 点HP上已有 {dmg} 点伤害：它已被消灭",
            )
    p12 = "whi-errata-p12-assign-damage"
    printed = not errata and original_reading == "hit points possessed"
    if printed:
        minimum = list(defender_hit_points)
    else:
        minimum = [hp - dmg for hp, dmg in zip(defender_hit_points, defender_damage, strict=True)]
    for i, (need, tough) in enumerate(zip(minimum, defender_toughness, strict=True)):
        if errata:
            why.step(
                p12,
                f"Defender {i + 1} needs {need} damage to be destroyed (its remaining hit "
                "points); damage cancellation is ignored"
                + (f", so its Toughness {tough} does not raise the minimum" if tough else "")
                + ".",
                f"防御单位{i + 1}需要 {need} 点伤害才会被消灭（剩余HP）；忽略伤害抵消"
                + (f"，所以坚韧 {tough} 不提高最低伤害" if tough else "")
                + "。",
            )
        elif printed:
            why.step(
                p12,
                f"Original wording, “damage equal to the number of hit points each defending "
                f"unit possesses”: defender {i + 1} must be assigned {need}, its hit points, "
                "whatever damage it already has"
                + (f"; its Toughness {tough} is only a reason to assign more" if tough else "")
                + ".",
                f"原规则“与该单位HP数相等的伤害”：防御单位{i + 1}必须被分配 {need} 点，即其HP，"
                "不论已有多少伤害" + (f"；坚韧 {tough} 只是多分配的理由" if tough else "") + "。",
            )
        else:
            why.step(
                p12,
                f"Original wording, “a minimum damage equal to the number of remaining hit "
                f"points”: defender {i + 1} must be assigned {need}"
                + (f"; its Toughness {tough} is only a reason to assign more" if tough else "")
                + ".",
                f"原规则“至少等于剩余HP数的伤害”：防御单位{i + 1}必须被分配 {need} 点"
                + (f"；坚韧 {tough} 只是多分配的理由" if tough else "")
                + "。",
            )
    desired = [m + x for m, x in zip(minimum, extra_damage, strict=True)]
    for i, x in enumerate(extra_damage):
        if x:
            why.step(
                p12,
                f"At the attacker's discretion {x} more damage goes to defender {i + 1}, in "
                "anticipation of damage cancellation"
                + (" such as the Toughness keyword" if not errata else "")
                + f": {desired[i]} in all.",
                f"进攻方自行决定给防御单位{i + 1}多分配 {x} 点伤害以预防伤害抵消"
                + ("（如坚韧关键词）" if not errata else "")
                + f"：共 {desired[i]} 点。",
            )
    total_minimum, total_desired = sum(minimum), sum(desired)
    free = damage_pool < total_desired
    if not free:
        assigned = list(desired)
        capital = damage_pool - total_desired
        why.step(
            p12,
            f"The pool of {damage_pool} covers every defender's minimum ({total_minimum})"
            + (
                f" and the extra asked for ({total_desired} in all)"
                if total_desired > total_minimum
                else ""
            )
            + f": {capital} damage is left for the attacked section of the capital.",
            f"伤害池 {damage_pool} 点足够满足每个防御单位的最低伤害（{total_minimum}）"
            + (f"及额外分配（共 {total_desired}）" if total_desired > total_minimum else "")
            + f"：剩下 {capital} 点分配给首都被进攻的区域。",
        )
    else:
        assigned, left = [], damage_pool
        for want in desired:
            give = min(want, left)
            assigned.append(give)
            left -= give
        capital = 0
        below = damage_pool < total_minimum
        short = "every defender's minimum" if below else "every minimum and extra"
        short_zh = "每个防御单位的最低伤害" if below else "最低伤害加额外分配"
        need = total_minimum if below else total_desired
        why.step(
            p12,
            f"The pool of {damage_pool} does not cover {short} ({need}): no damage can be "
            "assigned to the capital, so the attacker spreads the whole pool over the defenders "
            f"as he likes. Shown: in the order listed, {_list(assigned)}.",
            f"伤害池 {damage_pool} 点不足以满足{short_zh}（{need}）：首都不能分到伤害，"
            f"进攻方可随意把全部伤害分给防御单位。此处按列出顺序：{_list(assigned)}。",
        )
    why.step(
        p12,
        f"{capital} damage is assigned to the attacked section of the capital; damage tokens "
        "are placed but not yet applied.",
        f"首都被进攻的区域分到 {capital} 点伤害；伤害指示物已放置，但尚未执行。",
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
                f"坚韧 {tough} 是伤害抵消效果：分配给防御单位{i + 1}的 {got} 点伤害中，"
                f"{min(tough, got)} 点被抵消，{applied} 点被执行。",
            )
        destroyed.append(dmg + applied >= hp)
        why.step(
            p12,
            f"Defender {i + 1} ends with {dmg + applied} damage on {hp} hit points: "
            + ("destroyed." if destroyed[-1] else "not destroyed."),
            f"防御单位{i + 1}最终在 {hp} 点HP上有 {dmg + applied} 点伤害："
            + ("被消灭。" if destroyed[-1] else "未被消灭。"),
        )
    killed = sum(destroyed)
    choice_zh = "（分配方式由进攻方决定）" if free else ""
    choice_en = " (the spread is the attacker's choice)" if free else ""
    return why.done(
        {
            "minimum": minimum,
            "assigned": assigned,
            "capital": capital,
            "destroyed": destroyed,
            "attacker_chooses_spread": free,
        },
        f"首都受到 {capital} 点伤害，{n} 个防御单位中 {killed} 个被消灭{choice_zh}",
        f"{capital} damage reaches the capital; {killed} of {n} defender(s) destroyed{choice_en}",
    )


@situation("结算反击", "Resolving Counterstrike")
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
        raise ParamError(
            "attacker_hit_points", "there must be at least one attacker", "至少要有一个进攻单位"
        )
    _same_length("attacker_toughness", attacker_toughness, n, "attacker", "进攻单位")
    if any(hp < 1 for hp in attacker_hit_points):
        raise ParamError(
            "attacker_hit_points",
            "each attacker needs at least 1 hit point left",
            "每个进攻单位至少剩 1 点HP",
        )
    if not 1 <= chosen_attacker <= n:
        raise ParamError(
            "chosen_attacker",
            f"`chosen_attacker` must be 1 to {n}",
            f"承受反击的单位须为 1 到 {n}",
        )
    cs = "whi-term-counterstrike"
    why.step(
        cs,
        f"Declared as a defender, the unit immediately deals its Counterstrike {counterstrike} "
        f"damage, all of it to attacker {chosen_attacker}: it cannot be split among the "
        f"{n} attacker(s).",
        f"被宣布为防御者时，该单位立即造成反击 {counterstrike} 点伤害，全部给进攻单位"
        f"{chosen_attacker}：不能由 {n} 个进攻单位分担。",
    )
    target = chosen_attacker - 1
    tough = attacker_toughness[target]
    if tough or cancel_damage:
        what_en = " and ".join(
            x
            for x in (
                f"Toughness {tough}" if tough else "",
                f"an effect cancelling {cancel_damage} damage" if cancel_damage else "",
            )
            if x
        )
        what_zh = "和".join(
            x
            for x in (
                f"坚韧 {tough}" if tough else "",
                f"抵消 {cancel_damage} 点伤害的效果" if cancel_damage else "",
            )
            if x
        )
        why.step(
            cs,
            f"Counterstrike damage is uncancellable: {what_en} cancels none of it.",
            f"反击伤害不可抵消：{what_zh}一点也抵消不了。",
        )
    damage = [counterstrike if i == target else 0 for i in range(n)]
    destroyed = [damage[i] >= attacker_hit_points[i] for i in range(n)]
    why.step(
        cs,
        f"The {counterstrike} damage is applied as soon as it is assigned, before any other "
        f"actions: attacker {chosen_attacker} ({attacker_hit_points[target]} hit points left) "
        + ("is destroyed." if destroyed[target] else "survives."),
        f"这 {counterstrike} 点伤害分配后立即执行，任何发动都不能抢先：进攻单位{chosen_attacker}"
        f"（剩余 {attacker_hit_points[target]} 点HP）"
        + ("被消灭。" if destroyed[target] else "存活。"),
    )
    return why.done(
        {"damage": damage, "destroyed": destroyed},
        f"进攻单位{chosen_attacker}受到 {counterstrike} 点反击伤害，"
        + ("被消灭" if destroyed[target] else "存活"),
        f"Attacker {chosen_attacker} takes {counterstrike} Counterstrike damage and "
        + ("is destroyed" if destroyed[target] else "survives"),
    )


@situation("分配间接伤害", "Assigning indirect damage")
def can_assign_indirect_damage(
    target: str,
    amount: int,
    remaining_hit_points: int,
    toughness: int,
) -> Outcome:
    """Decides whether an amount of indirect damage may be assigned to one unit or capital section.

    Implements whi-term-indirect-damage: no indirect damage to a burning zone; no more to a unit
    than would destroy it, toughness included (remaining hit points + toughness); no more to a
    capital section than would burn it. Reading: a capital section with no hit points left is
    burning, and that is "a burning zone"; a unit has at least 1 hit point left while in play.
    """
    why = Reasoning()
    ind = "whi-term-indirect-damage"
    if target == "capital section":
        if toughness:
            raise ParamError("toughness", "a capital section has no toughness", "首都区域没有坚韧")
        limit = remaining_hit_points
        if remaining_hit_points == 0:
            why.step(
                ind,
                "The section has no hit points left: it is burning, and indirect damage cannot be "
                "assigned to a burning zone.",
                "该区域已没有剩余HP：正在燃烧，间接伤害不能分配给燃烧的区域。",
            )
        else:
            why.step(
                ind,
                f"No more indirect damage may go to a capital section than would burn it: {limit}.",
                f"分配给首都区域的间接伤害不能超过焚毁它所需：{limit} 点。",
            )
    else:
        if remaining_hit_points < 1:
            raise ParamError(
                "remaining_hit_points",
                "a unit in play has at least 1 hit point left",
                "场上的单位至少剩 1 点HP",
            )
        limit = remaining_hit_points + toughness
        why.step(
            ind,
            f"No more indirect damage may go to a unit than would destroy it, toughness "
            f"included: {remaining_hit_points} + {toughness} = {limit}.",
            "分配给单位的间接伤害不能超过消灭它所需（含坚韧）："
            f"{remaining_hit_points} + {toughness} = {limit} 点。",
        )
    legal = amount <= limit
    why.step(
        ind,
        f"Assigning {amount} " + ("is within" if legal else "exceeds") + f" the limit of {limit}.",
        f"分配 {amount} 点"
        + ("在" if legal else "超出")
        + f"上限 {limit} 点"
        + ("之内。" if legal else "。"),
    )
    where_zh = "首都区域" if target == "capital section" else "单位"
    return why.done(
        {"legal": legal, "max": limit},
        f"{'可以' if legal else '不能'}给该{where_zh}分配 {amount} 点间接伤害（上限 {limit}）",
        f"{amount} indirect damage {'may' if legal else 'may not'} be assigned to this {target} "
        f"(at most {limit})",
    )


@situation("非战斗伤害与抵消", "Non-combat damage and a cancel")
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
        why.step(
            term,
            f"No damage is cancelled: all {damage} damage is applied.",
            f"没有伤害被抵消：{damage} 点伤害全部执行。",
        )
        return why.done(
            {"applied": damage, "cancelled": 0},
            f"执行 {damage} 点伤害，无抵消",
            f"{damage} damage applied, none cancelled",
        )
    if cancel_played == "in response to the card":
        works = True
        why.step(
            term,
            "The cancel effect is played in response to the card that deals the damage: it "
            "resolves first, before the damage is assigned, so it can cancel it.",
            "抵消效果是响应造成伤害的卡牌而使用的：它先结算，在伤害分配之前，所以能抵消。",
        )
    elif errata:
        works = False
        why.step(
            p17,
            "Corrected wording: the damage is applied as soon as it is assigned, before any "
            "other actions can be taken; a cancel played after the assignment comes too late.",
            "更正后：伤害一分配就立即执行，任何其他发动都来不及；分配之后才用的抵消太晚了。",
        )
    else:
        works = True
        why.step(
            p17,
            "Original wording: the damage is first assigned, then applied as in combat, so a "
            "cancel played after the assignment still comes before the damage is applied.",
            "原规则：伤害先分配，再像战斗中那样执行，所以分配后使用的抵消仍在执行之前。",
        )
    cancelled = min(cancel_amount, damage) if works else 0
    why.step(
        term if errata else p17,
        f"{cancelled} damage is cancelled and {damage - cancelled} is applied.",
        f"{cancelled} 点伤害被抵消，{damage - cancelled} 点被执行。",
    )
    return why.done(
        {"applied": damage - cancelled, "cancelled": cancelled},
        f"执行 {damage - cancelled} 点伤害，抵消 {cancelled} 点",
        f"{damage - cancelled} damage applied, {cancelled} cancelled",
    )


@situation("减少费用或HP", "Reducing a cost or hit points")
def reduce_value(kind: str, value: int, reduction: int) -> Outcome:
    """Reduces a cost or hit points by an effect, never below zero; a cost of 0 is not reduced.

    Implements whi-term-reduction (no number is reduced below zero) and whi-term-cost (cost is
    the printed top-left number; a card with a cost of 0 cannot be reduced).
    """
    why = Reasoning()
    kind_zh = "费用" if kind == "cost" else "HP"
    if kind == "cost":
        why.step(
            "whi-term-cost",
            f"The cost is the number printed top left: {value}.",
            f"费用是卡牌左上角印的数字：{value}。",
        )
        if value == 0:
            why.step(
                "whi-term-cost",
                "A card with a cost of 0 cannot be reduced: it stays 0.",
                "费用为0的卡不能被减少：仍为0。",
            )
            return why.done(
                {"value": 0, "reduced_by": 0},
                "费用仍为 0，未被减少",
                "The cost stays 0, not reduced",
            )
    new = max(value - reduction, 0)
    if value - reduction < 0:
        why.step(
            "whi-term-reduction",
            f"Reducing {kind} {value} by {reduction} would go below zero; it stops at 0.",
            f"把{kind_zh} {value} 减少 {reduction} 会低于0；减到0为止。",
        )
    else:
        why.step(
            "whi-term-reduction",
            f"The {kind} is reduced by {reduction}: {value} → {new}.",
            f"{kind_zh}减少 {reduction}：{value} → {new}。",
        )
    return why.done(
        {"value": new, "reduced_by": value - new},
        f"{kind_zh}变为 {new}（减少了 {value - new}）",
        f"The {kind} becomes {new} (reduced by {value - new})",
    )


SPECIFIERS_ZH = {
    "the card": "卡牌",
    "a card effect": "卡牌效果",
    "a granted player choice": "给予玩家的选择",
}


@situation("字母X的值", "The value of X")
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
            "没有任何东西指定X，所以X等于0"
            + (f"（给出的 {specified_value} 不被采用）" if specified_value else "")
            + "。",
        )
        return why.done({"x": 0}, "X = 0（未被指定）", "X = 0 (not specified)")
    why.step(
        "whi-term-the-letter-x",
        f"X is specified by {specified_by}: X = {specified_value}.",
        f"X由{SPECIFIERS_ZH.get(specified_by, specified_by)}指定：X = {specified_value}。",
    )
    return why.done(
        {"x": specified_value},
        f"X = {specified_value}（由{SPECIFIERS_ZH.get(specified_by, specified_by)}指定）",
        f"X = {specified_value} (specified by {specified_by})",
    )


@situation("矮人加农炮小组的搜索", "Dwarf Cannon Crew's search")
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
    _same_length("support_loyalty", support_loyalty, len(support_costs), "support card", "支援卡")
    eligible = []
    for cost, loyalty in zip(support_costs, support_loyalty, strict=True):
        ok = cost <= 2
        if loyalty:
            why.step(
                "whi-term-loyalty",
                f"A support with cost {cost} and loyalty {loyalty}: loyalty is not part of the "
                f"cost for card effects, so it is compared as cost {cost}, not {cost + loyalty}.",
                f"费用 {cost}、忠诚 {loyalty} 的支援卡：忠诚不算作卡牌效果所指的费用，"
                f"所以按费用 {cost} 比较，而不是 {cost + loyalty}。",
            )
        why.step(
            "whi-term-cost",
            f"Cost {cost} (top-left number) is "
            + ("2 or lower: eligible." if ok else "above 2: not eligible."),
            f"费用 {cost}（左上角数字）" + ("不超过2：符合。" if ok else "高于2：不符合。"),
        )
        if ok:
            eligible.append(cost)
    found = bool(eligible)
    if found:
        why.step(
            "whi-multiple-effects",
            f"A support card (cost {eligible[0]}) is put into this zone: the search resolved, "
            "so the effect after “Then” resolves and the deck is shuffled.",
            f"一张支援卡（费用 {eligible[0]}）放入该区域：搜索已成功结算，所以“然后”之后的效果"
            "也结算，洗牌。",
        )
        return why.done(
            {"eligible_costs": eligible, "put_into_zone": True, "shuffled": True},
            f"找到费用 {eligible[0]} 的支援卡放入该区域，然后洗牌",
            f"A cost {eligible[0]} support is put into the zone, then the deck is shuffled",
        )
    why.step(
        "whi-multiple-effects",
        "No eligible support card: the search did not resolve, so the effect after “Then” "
        "does not resolve and the deck is not shuffled.",
        "没有符合条件的支援卡：搜索没有成功结算，所以“然后”之后的效果不结算，不洗牌。",
    )
    return why.done(
        {"eligible_costs": [], "put_into_zone": False, "shuffled": False},
        "没有可放入的支援卡，不洗牌",
        "No support card is put into the zone, and the deck is not shuffled",
    )


@situation("次元石陨星的“或者”", "Warpstone Meteor's “or”")
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
            "该玩家在该区域没有可腐化的单位：这个选项不能完全实行，所以他必须对自己的首都造成1点伤害。",
        )
        return why.done(
            {"resolved": damage}, "必须对首都造成1点伤害", "He must deal 1 damage to his capital"
        )
    why.step(
        "whi-term-or",
        f"The player chooses to {preferred}, which he can resolve completely"
        + (
            f" ({units_able_to_be_corrupted} unit(s) he could corrupt)."
            if preferred == corrupt
            else "."
        ),
        ("玩家选择腐化一个单位" if preferred == corrupt else "玩家选择对首都造成1点伤害")
        + "，他能完全实行"
        + (
            f"（有 {units_able_to_be_corrupted} 个可腐化的单位）。"
            if preferred == corrupt
            else "。"
        ),
    )
    if preferred == corrupt:
        return why.done({"resolved": preferred}, "腐化一个单位", "He corrupts one of his units")
    return why.done(
        {"resolved": preferred}, "对首都造成1点伤害", "He deals 1 damage to his capital"
    )


TARGET_STATES_ZH = {
    "removed from play": "已离场",
    "moved out of the specified zone": "已移出指定区域",
    "targeted characteristics changed": "被指定的特征已改变",
}


@situation("结算时检查目标", "Checking targets on resolution")
def resolve_targeted_effect(target_states: tuple[str, ...], legal_when_played: bool) -> Outcome:
    """Checks an effect's targets when played and on resolution: all illegal cancels it.

    Implements whi-term-illegal-target and whi-term-target (targeting is checked both when the
    card is played and when it resolves). `target_states` is each target's state on resolution.
    """
    why = Reasoning()
    if not target_states:
        raise ParamError(
            "target_states",
            "a targeting effect has at least one target",
            "指定目标的效果至少有一个目标",
        )
    if not legal_when_played:
        why.step(
            "whi-term-target",
            "Targeting is checked when the card is played: with an illegal target it cannot be "
            "played that way.",
            "使用卡牌时就检查目标：目标不合法时不能这样使用。",
        )
        return why.done(
            {"played": False, "cancelled": False, "affected": 0},
            "目标不合法，不能这样使用该卡",
            "The card cannot be played with an illegal target",
        )
    why.step(
        "whi-term-target",
        "The targets are legal when the card is played.",
        "使用卡牌时目标合法。",
    )
    legal = sum(1 for s in target_states if s == "legal")
    for i, state in enumerate(target_states):
        if state != "legal":
            why.step(
                "whi-term-illegal-target",
                f"On resolution target {i + 1} is illegal: {state}.",
                f"结算时目标{i + 1}不合法：{TARGET_STATES_ZH.get(state, state)}。",
            )
    if legal == 0:
        why.step(
            "whi-term-illegal-target",
            "All targets have become illegal: the card effect is cancelled (the card still goes "
            "to the discard pile).",
            "所有目标都已不合法：卡牌效果被取消（卡牌仍进入弃牌堆）。",
        )
        return why.done(
            {"played": True, "cancelled": True, "affected": 0},
            "所有目标都不合法，效果被取消",
            "Every target is illegal: the effect is cancelled",
        )
    why.step(
        "whi-term-illegal-target",
        f"{legal} of {len(target_states)} target(s) are still legal: the effect resolves "
        "normally, affecting only the legal targets.",
        f"{len(target_states)} 个目标中仍有 {legal} 个合法：效果正常结算，只影响合法目标。",
    )
    return why.done(
        {"played": True, "cancelled": False, "affected": legal},
        f"效果结算，只影响 {legal} 个合法目标",
        f"The effect resolves on the {legal} legal target(s) only",
    )


@situation("卡扎多国王与“目标”", "King Kazador and “target”")
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
            "效果没有写“目标”，所以不以卡扎多国王为目标；他的限制与之无关，效果照样影响他。",
        )
        return why.done(
            {"targets": False, "can_affect": True},
            "效果不选目标，能影响卡扎多国王",
            "The effect does not target, so it affects King Kazador",
        )
    why.step(
        t,
        "The effect says “target”: it targets King Kazador.",
        "效果写有“目标”：它以卡扎多国王为目标。",
    )
    if not played_by_opponent:
        why.step(
            t,
            "King Kazador's restriction applies only to opponents: no extra cost.",
            "卡扎多国王的限制只针对对手：无需额外费用。",
        )
        return why.done(
            {"targets": True, "can_affect": True},
            "己方效果可以选他为目标",
            "His own side's effect may target him",
        )
    ok = additional_resources >= 3
    why.step(
        t,
        f"An opponent targets him and pays {additional_resources} additional resources: "
        + (
            "at least the 3 required, so he can be targeted."
            if ok
            else "fewer than the 3 required, so he cannot be targeted."
        ),
        f"对手以他为目标并额外支付 {additional_resources} 个资源："
        + ("达到所需的3个，可以选他为目标。" if ok else "少于所需的3个，不能选他为目标。"),
    )
    return why.done(
        {"targets": True, "can_affect": ok},
        "对手付了3个资源，可以选他为目标" if ok else "对手没付够3个资源，不能选他为目标",
        "The opponent pays the 3 resources and may target him"
        if ok
        else "Without 3 more resources the opponent may not target him",
    )


HERO_METHODS_ZH = {
    "play": "使用",
    "take or give control": "操控",
    "move": "移动",
    "put into play by a card effect": "利用卡牌效果放置进场",
}


@situation("每个区域限一个英雄", "Limit one Hero per zone")
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
    who_zh = "该区域的玩家" if by == "the zone's player" else "对手"
    verb_zh = HERO_METHODS_ZH[method]
    if heroes_in_zone == 0:
        why.step(
            lim,
            f"The zone has no Hero: {by} may {verb} a Hero into it.",
            f"该区域没有英雄：{who_zh}可以{verb_zh}一个英雄进入该区域。",
        )
        return why.done(
            {"allowed": True, "effect_cancelled": False},
            "区域里没有英雄，可以进入",
            "The zone has no Hero: it may enter",
        )
    why.step(
        lim,
        f"The zone already has a Hero: {by} cannot {verb} another Hero into that zone.",
        f"该区域已有英雄：{who_zh}不能{verb_zh}另一个英雄进入该区域。",
    )
    cancelled = method == "put into play by a card effect"
    if cancelled:
        why.step(
            "whi-term-put-into-play",
            "Putting into play does not bypass the “Limit one Hero per zone” restriction: the "
            "effect is cancelled.",
            "放置进场不能绕过“限定每个区域一个英雄”的限制：该效果被取消。",
        )
        return why.done(
            {"allowed": False, "effect_cancelled": True},
            "不能进入，放置进场的效果被取消",
            "It may not enter: the put-into-play effect is cancelled",
        )
    return why.done(
        {"allowed": False, "effect_cancelled": False},
        "区域已有英雄，不能再进入第二个",
        "The zone has a Hero: a second one may not enter",
    )


@situation("哪些单位在战斗中造成了伤害", "Which units dealt damage in combat")
def units_dealing_combat_damage(contributed: tuple[int, ...], damage_applied: int) -> Outcome:
    """Says which attacking units count as having dealt damage in combat.

    Implements whi-term-dealing-damage-in-combat: a unit that added at least 1 damage to the
    pool counts once at least 1 damage of the pool is applied to an opponent's unit or capital;
    then every contributing unit counts (Savage Gor and Bloodsworn both trigger Sadistic
    Mutation). `damage_applied` is the total applied in the Apply Damage step.
    """
    why = Reasoning()
    if not contributed:
        raise ParamError("contributed", "list at least one attacking unit", "至少列出一个进攻单位")
    if damage_applied > sum(contributed):
        raise ParamError(
            "damage_applied",
            f"no more damage can be applied than the pool holds ({sum(contributed)})",
            f"执行的伤害不能多于伤害池中的 {sum(contributed)} 点",
        )
    d = "whi-term-dealing-damage-in-combat"
    why.step(
        d,
        f"The units add {_list(contributed)} to the combat damage pool.",
        f"各单位向战斗伤害池加入 {_list(contributed)}。",
    )
    if damage_applied == 0:
        why.step(
            d,
            "No damage from the pool is applied to an opponent's unit or capital: no unit has "
            "dealt damage in combat.",
            "伤害池中没有伤害执行到对手的单位或首都：没有单位在战斗中造成了伤害。",
        )
        return why.done(
            {"dealt_damage": [False] * len(contributed)},
            "没有单位在战斗中造成伤害",
            "No unit dealt damage in combat",
        )
    why.step(
        d,
        f"{damage_applied} damage is applied to an opponent's unit or capital: every unit that "
        "contributed at least 1 damage has dealt damage in combat.",
        f"{damage_applied} 点伤害执行到对手的单位或首都："
        "每个至少提供了1点伤害的单位都在战斗中造成了伤害。",
    )
    for i, c in enumerate(contributed):
        if c == 0:
            why.step(
                d,
                f"Unit {i + 1} contributed no damage to the pool: it has not dealt damage.",
                f"单位{i + 1}没有向伤害池提供伤害：它没有造成伤害。",
            )
    dealt = [c >= 1 for c in contributed]
    return why.done(
        {"dealt_damage": dealt},
        f"{len(contributed)} 个进攻单位中 {sum(dealt)} 个在战斗中造成了伤害",
        f"{sum(dealt)} of {len(contributed)} attacking unit(s) dealt damage in combat",
    )


WINDOWS_ZH = {
    "the beginning of the opponent's turn": "对手回合开始时",
    "another action window": "其他发动时机",
}


@situation("响应发动可触发几次", "How often a response action triggers")
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
            f"规定的触发点是“你的回合开始时”，不是{WINDOWS_ZH.get(window, window)}：不能触发。",
        )
        return why.done({"max_triggers": 0}, "此时不能触发", "It cannot trigger now")
    why.step(
        "whi-action",
        f"At the stated trigger each of the {copies_in_play} copies in play can trigger once: "
        f"{copies_in_play} time(s) in this window.",
        f"在规定的触发点，场上 {copies_in_play} 份卡各可触发一次：本时机共 {copies_in_play} 次。",
    )
    return why.done(
        {"max_triggers": copies_in_play},
        f"本时机最多触发 {copies_in_play} 次",
        f"At most {copies_in_play} trigger(s) in this window",
    )


@situation("从手牌使用卡牌", "Playing a card from hand")
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
    type_zh = CARD_TYPES_ZH.get(card_type, card_type)
    if in_response:
        ok = False
        why.step(
            "whi-action",
            f"A {card_type} card cannot be played in response to anything.",
            f"{type_zh}不能被用来响应任何东西。",
        )
    if phase != "Capital phase" or not own_turn:
        ok = False
        why.step(
            "whi-action",
            f"A {card_type} card must be played during its owner's Capital Phase; this is the "
            + ("owner's" if own_turn else "opponent's")
            + f" {phase}.",
            f"{type_zh}必须在拥有者的首都阶段使用；现在是"
            + ("拥有者" if own_turn else "对手")
            + f"的{PHASES_ZH.get(phase, phase)}。",
        )
    if not can_pay_costs:
        ok = False
        why.step(
            "whi-term-play",
            "Playing means paying all costs: the costs cannot be paid.",
            "使用意味着支付所有费用：费用付不起。",
        )
    if ok:
        why.step(
            "whi-term-play",
            f"The {card_type} card is played from hand in its owner's Capital Phase, paying all "
            "costs: allowed.",
            f"在拥有者的首都阶段从手牌使用{type_zh}并支付所有费用：可以。",
        )
    return why.done(
        {"can_play": ok},
        f"现在{'可以' if ok else '不能'}使用这张{type_zh}",
        f"The {card_type} card {'can' if ok else 'cannot'} be played now",
    )


@situation("回合顺序", "The turn sequence")
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
            "第0步“回合开始”在王国阶段之前：双方玩家都可以发动。",
        )
    else:
        why.step(
            p14,
            "Without the erratum the turn starts with the Kingdom phase: no step 0.",
            "没有这条纠错时，回合从王国阶段开始：没有第0步。",
        )
    other = "your opponent" if active_player == "you" else "you"
    other_zh = "你的对手" if active_player == "you" else "你"
    why.step(
        p14,
        f"At End of Turn the other player, {other}, becomes the active player; proceed to the "
        "beginning of the next turn.",
        f"回合结束时另一位玩家（{other_zh}）成为主动玩家；进入下一回合的开始。",
    )
    return why.done(
        {"steps": steps, "next_active_player": other},
        f"回合共 {len(steps)} 步，下回合由{other_zh}主动",
        f"A turn of {len(steps)} steps; {other} will be the next active player",
    )


@situation("移动进攻、防御或做任务的单位", "Moving an attacking, defending or questing unit")
def move_unit(
    role: str,
    to_zone: str,
    may_act_from_any_zone: bool,
    resource_tokens: int,
    assigned_damage: int,
    defended_zone: str = "Kingdom",
) -> Outcome:
    """Moves an attacking, defending or questing unit to another zone and says what it keeps.

    Implements whi-term-moving-units: an attacker moved out of the battlefield stops attacking, a
    defender moved out of the zone it defends stops defending (unless an effect lets it
    attack/defend from its new location, like Greyseer Thanquol); a questing unit moved out of
    the quest zone stops questing and the quest's resource tokens are discarded; the moved unit
    has entered the new zone but not entered play; damage assigned to it is still applied.
    The zone it leaves follows from its role: the Battlefield for an attacker, the Quest zone for
    a questing unit, `defended_zone` for a defender. Reading: the Thanquol-style exception is
    offered only for attacking and defending (the ruling names only those).
    """
    why = Reasoning()
    mu = "whi-term-moving-units"
    from_zone = {"attacking": "Battlefield", "questing": "Quest"}.get(role, defended_zone)
    if from_zone == to_zone:
        raise ParamError(
            "to_zone",
            f"a move goes to another zone: the unit is already in the {from_zone}",
            f"移动必须去另一个区域：该单位已在{ZONES_ZH[from_zone]}",
        )
    if role != "questing" and resource_tokens:
        raise ParamError(
            "resource_tokens",
            "resource tokens are on a quest: questing units only",
            "资源指示物在任务上：只有做任务的单位才有",
        )
    to_zh, from_zh = ZONES_ZH.get(to_zone, to_zone), ZONES_ZH.get(from_zone, from_zone)
    if role == "questing":
        keeps = False
        why.step(
            mu,
            f"Moved out of the quest zone, the unit is no longer questing; the {resource_tokens} "
            "resource token(s) on the quest are discarded.",
            f"移出任务区后该单位不再做任务；任务上的 {resource_tokens} 个资源指示物被移除。",
        )
        discarded = resource_tokens
    else:
        discarded = 0
        where = "the battlefield" if role == "attacking" else f"the {from_zone} it is defending"
        where_zh = "战场区" if role == "attacking" else f"它所防御的{from_zh}"
        action = "attack" if role == "attacking" else "defend"
        role_zh = ROLES_ZH[role]
        if may_act_from_any_zone:
            keeps = True
            why.step(
                mu,
                f"Moved out of {where}, but an effect lets it {action} from its new location "
                f"(like Greyseer Thanquol): it is still {role}.",
                f"移出{where_zh}，但有效果让它能从新区域{role_zh}（如灰先知山库）：它仍在{role_zh}。",
            )
        else:
            keeps = False
            why.step(
                mu,
                f"Moved out of {where}, the unit is no longer {role}.",
                f"移出{where_zh}后该单位不再{role_zh}。",
            )
    why.step(
        mu,
        f"It has entered the {to_zone} zone but has not entered play"
        + (
            f"; the {assigned_damage} damage assigned to it is still applied."
            if assigned_damage
            else "."
        ),
        f"它进入了{to_zh}，但不视为进场"
        + (f"；已分配给它的 {assigned_damage} 点伤害仍然执行。" if assigned_damage else "。"),
    )
    role_zh = ROLES_ZH[role]
    return why.done(
        {
            "keeps_role": keeps,
            "entered_zone": to_zone,
            "entered_play": False,
            "tokens_discarded": discarded,
            "damage_applied": assigned_damage,
        },
        f"移到{to_zh}后{'仍在' if keeps else '不再'}{role_zh}，不视为进场",
        f"Moved to the {to_zone}, it is {'still' if keeps else 'no longer'} {role}; it has not "
        "entered play",
    )


HOW_ZH = {
    "play": "使用",
    "put into play": "放置进场",
    "move": "移动",
    "destroy": "消灭",
    "sacrifice": "牺牲",
    "return to hand or deck": "返回手牌或牌库",
}


@situation("卡牌改变区域", "A card changing zone")
def change_zone(
    how: str, from_zone: str, to_zone: str, controller_is_owner: bool = True
) -> Outcome:
    """Moves a card between zones and says whether it may, and whether it enters or leaves play.

    Implements whi-term-in-play (card effects move cards only between in-play zones unless they
    say otherwise, like destroy or sacrifice), whi-term-enters-play (played or put into play,
    from hand, deck or discard pile), whi-term-play (from the hand), whi-term-leaves-play,
    whi-term-out-of-play (to the owner's out-of-play zone, as a new card), whi-term-destroy and
    whi-term-sacrifice (into the owner's discard pile), whi-term-moving-units (a move is not
    entering play). `controller_is_owner` only changes the wording: a card leaving play goes to
    its owner's zone either way.
    """
    why = Reasoning()
    if from_zone == to_zone:
        raise ParamError("to_zone", "the card must change zone", "卡牌必须改变区域")
    in_play = ("Kingdom", "Quest", "Battlefield")
    src_in, dst_in = from_zone in in_play, to_zone in in_play
    src_zh, dst_zh = ZONES_ZH.get(from_zone, from_zone), ZONES_ZH.get(to_zone, to_zone)
    how_zh = HOW_ZH.get(how, how)

    def refuse(cites: str, text: str, zh: str) -> Outcome:
        why.step(cites, text, zh)
        return why.done(
            {
                "allowed": False,
                "enters_play": False,
                "leaves_play": False,
                "new_card": False,
                "goes_to": from_zone,
            },
            f"不能这样{how_zh}：卡牌留在{src_zh}",
            f"Not allowed: the card stays in the {from_zone}",
        )

    if how == "play":
        if from_zone != "hand":
            return refuse(
                "whi-term-play", "“Play” means to play from the hand.", "“使用”是指从手牌使用。"
            )
        if not dst_in:
            return refuse(
                "whi-term-enters-play",
                "A played card enters play: in-play zone only.",
                "使用的卡会进场：只能进入场上区域。",
            )
    elif how == "put into play":
        if src_in:
            return refuse(
                "whi-term-enters-play",
                "Only a card out of play can be put into play.",
                "只有场外的卡才能被放置进场。",
            )
        if not dst_in:
            return refuse(
                "whi-term-put-into-play",
                "A card is put into an in-play zone.",
                "卡牌只能被放置进场上区域。",
            )
    elif how == "move":
        if not (src_in and dst_in):
            return refuse(
                "whi-term-in-play",
                "A card effect that moves a card (like Pistoliers) can only move it from one in "
                f"play zone to another, not from {from_zone} to {to_zone}.",
                f"移动卡牌的卡牌效果（如枪骑兵）只能把它从一个场上区域移到另一个场上区域，"
                f"不能从{src_zh}移到{dst_zh}。",
            )
    elif how in ("destroy", "sacrifice"):
        cites = "whi-term-destroy" if how == "destroy" else "whi-term-sacrifice"
        if not src_in:
            done = "destroyed" if how == "destroy" else "sacrificed"
            return refuse(
                cites, f"Only a card in play can be {done}.", f"只有场上的卡才能被{how_zh}。"
            )
        if to_zone != "discard pile":
            return refuse(
                cites,
                f"To {how} puts the card into its owner's discard pile.",
                f"{how_zh}是把卡牌放入其拥有者的弃牌堆。",
            )
    elif not (src_in and to_zone in ("hand", "deck")):
        return refuse(
            "whi-term-in-play",
            "A return effect puts a card in play back into a hand or deck.",
            "返回效果是把场上的卡放回手牌或牌库。",
        )
    enters = how in ("play", "put into play")
    leaves = src_in and not dst_in
    goes_to = to_zone
    if how == "play":
        why.step(
            "whi-term-play",
            "The card is played from the hand, paying all costs.",
            "从手牌使用该卡并支付所有费用。",
        )
    elif how == "destroy":
        why.step(
            "whi-term-destroy",
            "Destroy puts a card in play into its owner's discard pile.",
            "消灭是把场上的卡放入其拥有者的弃牌堆。",
        )
    elif how == "sacrifice":
        why.step(
            "whi-term-sacrifice",
            "Sacrifice puts a card you control into its owner's discard pile; it cannot be "
            "cancelled or prevented.",
            "牺牲是把你操控的卡放入其拥有者的弃牌堆；不能被取消或防止。",
        )
    if enters:
        why.step(
            "whi-term-enters-play",
            f"A card {'played' if how == 'play' else 'put into play'} from the {from_zone} has "
            f"entered play ({to_zone}).",
            f"从{src_zh}{how_zh}的卡视为进场（{dst_zh}）。",
        )
    elif how == "move":
        why.step(
            "whi-term-in-play",
            f"The effect moves the card from {from_zone} to {to_zone}, both in-play zones.",
            f"效果把卡从{src_zh}移到{dst_zh}，都是场上区域。",
        )
        why.step(
            "whi-term-moving-units",
            "A card moved between zones has not entered play.",
            "在区域间移动的卡不视为进场。",
        )
    if leaves:
        why.step(
            "whi-term-leaves-play",
            f"From {from_zone} (in play) to the {to_zone} (out of play): the card leaves play.",
            f"从{src_zh}（场上）到{dst_zh}（场外）：该卡离场。",
        )
        goes_to = f"owner's {to_zone}"
        why.step(
            "whi-term-out-of-play",
            f"It goes to its owner's {to_zone}"
            + (", not its controller's" if not controller_is_owner else "")
            + ", and is treated as a new card: effects connected to it no longer affect it.",
            f"它进入其拥有者的{dst_zh}"
            + ("，而不是操控者的" if not controller_is_owner else "")
            + "，并被视为一张新卡：与它联系着的效果不再影响它。",
        )
    if leaves:
        verdict_zh = f"可以：卡牌离场，进入拥有者的{dst_zh}，视为新卡"
        verdict_en = f"Allowed: the card leaves play for its owner's {to_zone}, as a new card"
    elif enters:
        verdict_zh = f"可以：卡牌进场（{dst_zh}）"
        verdict_en = f"Allowed: the card enters play ({to_zone})"
    else:
        verdict_zh = f"可以：卡牌移到{dst_zh}，不视为进场"
        verdict_en = f"Allowed: the card moves to the {to_zone} without entering play"
    return why.done(
        {
            "allowed": True,
            "enters_play": enters,
            "leaves_play": leaves,
            "new_card": leaves,
            "goes_to": goes_to,
        },
        verdict_zh,
        verdict_en,
    )


TRIGGERS_ZH = {
    "when destroyed": "被消灭时",
    "when sacrificed": "被牺牲时",
    "when it leaves play": "离场时",
}


@situation("消灭或牺牲一个单位", "Destroying or sacrificing a unit")
def remove_unit(how: str, cancel_effect: bool, trigger: str) -> Outcome:
    """Destroys or sacrifices a unit and says whether it is prevented and which trigger fires.

    Implements whi-term-sacrifice (cannot be cancelled or prevented), whi-term-destroy
    (sacrificing is not destroying and vice versa) and whi-term-leaves-play. Reading: a destroy,
    unlike a sacrifice, is stopped by an effect that cancels or prevents it (`cancel_effect`).
    """
    why = Reasoning()
    trig_zh = TRIGGERS_ZH.get(trigger, trigger)
    if how == "sacrifice":
        why.step(
            "whi-term-sacrifice",
            "The unit is put into its owner's discard pile"
            + (
                ": a sacrifice cannot be cancelled or prevented by other effects."
                if cancel_effect
                else "."
            ),
            "该单位进入其拥有者的弃牌堆"
            + ("：牺牲不能被其他效果取消或防止。" if cancel_effect else "。"),
        )
        gone = True
    elif cancel_effect:
        why.step(
            "whi-term-sacrifice",
            "Only a sacrifice is beyond cancelling: the effect cancels the destroy and the unit "
            "stays in play.",
            "只有牺牲不能被取消：该效果取消了消灭，单位留在场上。",
        )
        gone = False
    else:
        why.step(
            "whi-term-destroy",
            "The unit in play is put into its owner's discard pile.",
            "场上的该单位进入其拥有者的弃牌堆。",
        )
        gone = True
    fires = False
    if gone:
        if trigger == "when it leaves play":
            fires = True
            why.step(
                "whi-term-leaves-play",
                "It went from play to the discard pile: it left play.",
                "它从场上进入弃牌堆：离场了。",
            )
        elif (trigger == "when destroyed") == (how == "destroy"):
            fires = True
            done = "destroyed" if how == "destroy" else "sacrificed"
            why.step(
                "whi-term-destroy" if how == "destroy" else "whi-term-sacrifice",
                f"The unit was {done}: the “{trigger}” trigger fires.",
                f"该单位被{'消灭' if how == 'destroy' else '牺牲'}了：“{trig_zh}”的触发发生。",
            )
        else:
            why.step(
                "whi-term-destroy",
                "Sacrificing a unit is not destroying it, and vice versa: the "
                f"“{trigger}” trigger does not fire.",
                f"牺牲单位不是消灭它，反之亦然：“{trig_zh}”的触发不会发生。",
            )
    else:
        why.step(
            "whi-term-destroy",
            f"The unit is still in play: the “{trigger}” trigger does not fire.",
            f"该单位仍在场上：“{trig_zh}”的触发不会发生。",
        )
    where_zh = "进入弃牌堆" if gone else "留在场上"
    where_en = "goes to the discard pile" if gone else "stays in play"
    return why.done(
        {"in_discard_pile": gone, "trigger_fires": fires},
        f"单位{where_zh}，“{trig_zh}”{'触发' if fires else '不触发'}",
        f"The unit {where_en}; “{trigger}” {'fires' if fires else 'does not fire'}",
    )


@situation("移动伤害", "Moving damage")
def move_damage(
    amount: int,
    damage_on_source: int,
    destination_hit_points: int,
    destination_toughness: int,
) -> Outcome:
    """Moves damage tokens from one unit to another: not dealing damage, and past Toughness.

    Implements whi-term-moving-damage. `destination_hit_points` are its remaining hit points;
    the unit is destroyed once its damage reaches them (whi-errata-p12-assign-damage). The
    moved tokens leave the source unit.
    """
    why = Reasoning()
    if amount > damage_on_source:
        raise ParamError(
            "amount",
            f"only {damage_on_source} damage is there to move",
            f"来源单位上只有 {damage_on_source} 点伤害可以移动",
        )
    md = "whi-term-moving-damage"
    why.step(
        md,
        f"Moving {amount} damage is not dealing or assigning damage: “deals damage” effects do "
        "not trigger.",
        f"移动 {amount} 点伤害不算造成或分配伤害：“造成伤害”的效果不会触发。",
    )
    if destination_toughness:
        why.step(
            md,
            f"Moved damage bypasses damage cancellation: Toughness {destination_toughness} "
            "cancels none of it.",
            f"移动的伤害绕过伤害抵消：坚韧 {destination_toughness} 一点也抵消不了。",
        )
    left = damage_on_source - amount
    why.step(
        md,
        f"The source unit keeps {left} of its {damage_on_source} damage.",
        f"来源单位原有 {damage_on_source} 点伤害，剩下 {left} 点。",
    )
    destroyed = amount >= destination_hit_points
    why.step(
        "whi-errata-p12-assign-damage",
        f"{amount} damage on a unit with {destination_hit_points} hit points left: "
        + ("enough to destroy it." if destroyed else "not enough to destroy it."),
        f"剩余 {destination_hit_points} 点HP的单位受到 {amount} 点移来的伤害："
        + ("足以消灭它。" if destroyed else "不足以消灭它。"),
    )
    return why.done(
        {
            "moved": amount,
            "cancelled": 0,
            "counts_as_dealt": False,
            "destroyed": destroyed,
            "left_on_source": left,
        },
        f"移动 {amount} 点伤害，无抵消；目标单位" + ("被消灭" if destroyed else "未被消灭"),
        f"{amount} damage moved, none cancelled; the destination is "
        + ("destroyed" if destroyed else "not destroyed"),
    )
