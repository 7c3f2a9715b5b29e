"""Fire Emblem 0 (Cipher) rule checks: pure functions citing the entries they implement.

Unit names and factions are plain strings (e.g. "马尔斯", "光之剑"); lists of cards are
tuples. Every check returns an `Outcome` whose steps, in English and Chinese, cite the entry
they apply, with a one-line verdict in both languages.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning, situation

DECK_MINIMUM = 50
SAME_CARD_NAME_MAXIMUM = 4
OPENING_HAND = 6
STARTING_ORBS = 5

ACTIONS_ZH = {"deploy": "出击", "level up": "升级", "class change": "转职"}
SIDES_ZH = {"attacker": "攻击方", "defender": "防御方", "player": "己方"}


# English names of the units and factions the examples use (fe0 terms.yaml); any other name
# (a skill, an epithet) is shown as given.
NAMES_EN = {
    "马尔斯": "Marth",
    "库洛姆": "Chrom",
    "希达": "Caeda",
    "卡因": "Cain",
    "阿贝尔": "Abel",
    "杰刚": "Jagen",
    "丽兹": "Lissa",
    "弗雷德里克": "Frederick",
    "光之剑": "Blade of Light",
    "圣痕": "Mark of Naga",
    "白夜": "Hoshido",
    "暗夜": "Nohr",
}


def _en(name: str) -> str:
    return NAMES_EN.get(name, name)


def _names(values) -> str:
    return "、".join(values) if values else "无"


# --------------------------------------------------------------------------- deck building


@situation("能否担任主人公", "Whether a card can be the lord")
def can_be_lord(deployment_cost: int) -> Outcome:
    """Tells whether a card can serve as the lord: its deployment cost must be exactly 1.

    Implements fe0-rule-choosing-a-lord and fe0-rule-what-is-the-game.
    """
    why = Reasoning()
    ok = deployment_cost == 1
    why.step(
        "fe0-rule-choosing-a-lord",
        f"The lord must be a card with deployment cost 1; this card costs {deployment_cost}, "
        + ("so it can be the lord." if ok else "so it cannot be the lord."),
        f"主人公必须是出击费用为1的卡；这张卡的费用是 {deployment_cost}，"
        + ("所以可以担任主人公。" if ok else "所以不能担任主人公。"),
    )
    return why.done(
        ok,
        "可以担任主人公" if ok else "不能担任主人公",
        "It can be the lord" if ok else "It cannot be the lord",
    )


@situation("两张卡是否同名", "Whether two cards share a card name")
def is_same_card_name(
    epithet_a: str, unit_name_a: str, epithet_b: str, unit_name_b: str
) -> Outcome:
    """Tells whether two cards share a card name (epithet + unit name) for the 4-copy limit.

    Implements fe0-rule-reading-a-card (card name = epithet + unit name) and
    fe0-rule-deck-building rule ② (the limit is per card name, not per unit name).
    """
    why = Reasoning()
    same = (epithet_a, unit_name_a) == (epithet_b, unit_name_b)
    why.step(
        "fe0-rule-reading-a-card",
        f"Card names are epithet + unit name: 「{epithet_a} {unit_name_a}」 and "
        f"「{epithet_b} {unit_name_b}」 are "
        + ("the same card name." if same else "different card names."),
        f"卡名由称号加单位名组成：「{epithet_a} {unit_name_a}」与「{epithet_b} {unit_name_b}」"
        + ("是相同的卡名。" if same else "是不同的卡名。"),
    )
    if same:
        text = "They count together toward the limit of 4 cards with the same card name."
        zh = "它们一起计入同名卡最多4张的限制。"
    elif unit_name_a == unit_name_b:
        text = (
            f"Same unit name {_en(unit_name_a)} but different epithets: each card name may "
            "have up to 4 copies of its own."
        )
        zh = f"单位名同为{unit_name_a}但称号不同：每个卡名各自最多可放4张。"
    else:
        text = "Different card names: each has its own limit of 4 copies."
        zh = "卡名不同：各自有最多4张的限制。"
    why.step("fe0-rule-deck-building", text, zh)
    return why.done(
        same,
        "同一卡名，合计最多4张" if same else "不同卡名，各自最多4张",
        "The same card name: 4 copies in all" if same else "Different card names: 4 of each",
    )


@situation("检查卡组", "Checking a deck")
def validate_deck(
    copies_per_card_name: tuple[int, ...],
    cost_1_cards: int,
    lord_marker_included: bool = False,
    factions_in_deck: int = 1,
) -> Outcome:
    """Checks the three deck-building rules: at least 50 cards, at most 4 per card name, a lord.

    Implements fe0-rule-deck-building, fe0-qa-70 (more than 50 is allowed, fewer is not),
    fe0-qa-71 (the lord marker card is not counted), fe0-qa-73 (factions may be mixed) and
    fe0-rule-reading-a-card (a card name is epithet + unit name). Each number of
    `copies_per_card_name` is the number of copies of one card name; their sum is the deck.
    `broken_rules` names the rules (①②③ of fe0-rule-deck-building) the deck breaks.
    """
    counted = sum(copies_per_card_name)
    if cost_1_cards > counted:
        raise ParamError(
            "cost_1_cards",
            "`cost_1_cards` cannot exceed the cards in the deck",
            "出击费用1的卡不能多于卡组张数",
        )
    why = Reasoning()
    why.step(
        "fe0-rule-reading-a-card",
        f"The deck has {len(copies_per_card_name)} card names (epithet + unit name) and "
        f"{counted} cards in all.",
        f"卡组共有 {len(copies_per_card_name)} 种卡名（称号+单位名），合计 {counted} 张。",
    )
    if lord_marker_included:
        why.step(
            "fe0-qa-71",
            f"The lord marker card is not counted: the deck is {counted} cards, not {counted + 1}.",
            f"主人公标志卡不算入：卡组是 {counted} 张，而不是 {counted + 1} 张。",
        )
    legal = True
    broken: list[str] = []
    problems_zh: list[str] = []
    problems_en: list[str] = []
    if counted > DECK_MINIMUM:
        why.step(
            "fe0-qa-70",
            f"{counted} cards: more than 50 is allowed.",
            f"{counted} 张：超过50张也可以。",
        )
    elif counted == DECK_MINIMUM:
        why.step(
            "fe0-rule-deck-building",
            "Exactly 50 cards: rule ① (no fewer than 50) is met.",
            "正好50张：满足规则①（不少于50张）。",
        )
    else:
        legal = False
        broken.append("①")
        problems_zh.append(f"只有 {counted} 张")
        problems_en.append(f"only {counted} cards")
        why.step(
            "fe0-qa-70",
            f"{counted} cards: a deck may not have fewer than 50 cards.",
            f"{counted} 张：卡组不能少于50张。",
        )
    over = [n for n in copies_per_card_name if n > SAME_CARD_NAME_MAXIMUM]
    if over:
        legal = False
        broken.append("②")
        problems_zh.append("同名卡超过4张")
        problems_en.append("more than 4 of a card name")
        why.step(
            "fe0-rule-deck-building",
            f"{len(over)} card name(s) have more than 4 copies ({', '.join(map(str, over))}): "
            "rule ② allows at most 4 cards with the same card name.",
            f"有 {len(over)} 种卡名超过4张（{'、'.join(map(str, over))}）："
            "规则②规定同名卡最多4张。",
        )
    else:
        why.step(
            "fe0-rule-deck-building",
            "No card name has more than 4 copies: rule ② is met.",
            "没有卡名超过4张：满足规则②。",
        )
    if cost_1_cards >= 1:
        why.step(
            "fe0-rule-choosing-a-lord",
            f"{cost_1_cards} card(s) with deployment cost 1: one can be set aside as the lord "
            "(rule ③).",
            f"有 {cost_1_cards} 张出击费用1的卡：可以选1张作为主人公（规则③）。",
        )
    else:
        legal = False
        broken.append("③")
        problems_zh.append("没有出击费用1的卡")
        problems_en.append("no cost-1 card")
        why.step(
            "fe0-rule-deck-building",
            "No card with deployment cost 1: rule ③ needs 1 such card as the lord.",
            "没有出击费用1的卡：规则③需要1张这样的卡作为主人公。",
        )
    if factions_in_deck > 1:
        why.step(
            "fe0-qa-73",
            f"{factions_in_deck} factions are mixed: that is allowed.",
            f"混合了 {factions_in_deck} 种势力：可以。",
        )
    if legal:
        return why.done(
            {"legal": True, "cards_counted": counted, "broken_rules": []},
            f"{counted} 张的合法卡组",
            f"A legal {counted}-card deck",
        )
    return why.done(
        {"legal": False, "cards_counted": counted, "broken_rules": broken},
        f"卡组不合法：{'，'.join(problems_zh)}",
        f"Not a legal deck: {', '.join(problems_en)}",
    )


@situation("游戏开始前的准备", "Setting up a game")
def game_setup(deck_cards: int, redraw_hand: bool = False) -> Outcome:
    """Counts the cards after setting up: the lord out, 6 cards in hand, 5 orbs, the rest deck.

    Implements fe0-rule-game-setup (steps ② and ⑤–⑦).
    """
    why = Reasoning()
    why.step(
        "fe0-rule-game-setup",
        f"Step ②: the lord (deployment cost 1) leaves the {deck_cards}"
        f"-card deck: {deck_cards - 1} cards are shuffled as the deck.",
        f"步骤②：主人公（出击费用1）从 {deck_cards} 张的卡组中取出："
        f"其余 {deck_cards - 1} 张切洗作为卡组。",
    )
    why.step("fe0-rule-game-setup", "Step ⑤: draw 6 cards as the hand.", "步骤⑤：抽6张卡作为手牌。")
    if redraw_hand:
        why.step(
            "fe0-rule-game-setup",
            "Step ⑥: the one redraw returns all 6 cards, shuffles "
            "and draws 6 again: the counts do not change.",
            "步骤⑥：唯一一次重抽把6张全部放回卡组切洗，再抽6张：张数不变。",
        )
    deck = deck_cards - 1 - OPENING_HAND - STARTING_ORBS
    why.step(
        "fe0-rule-game-setup",
        f"Step ⑦: 5 cards face-down as orbs; {deck} cards remain in the deck.",
        f"步骤⑦：5张卡背面放置为宝玉；卡组剩 {deck} 张。",
    )
    return why.done(
        {"hand": OPENING_HAND, "orbs": STARTING_ORBS, "deck": deck},
        f"手牌6张、宝玉5张、卡组 {deck} 张",
        f"6 cards in hand, 5 orbs, {deck} cards in the deck",
    )


# --------------------------------------------------------------------------- deployment phase


@situation("出击阶段的出击与升级", "Deploying and levelling up in the deployment phase")
def resolve_deployment_phase(
    face_up_bonds: tuple[str, ...],
    face_down_bonds: int,
    battlefield_units: tuple[str, ...],
    cards: tuple[str, ...],
    card_factions: tuple[str, ...],
    card_costs: tuple[int, ...],
    actions: tuple[str, ...],
) -> Outcome:
    """Plays cards in the deployment phase in order and tells which are allowed and the costs.

    Implements fe0-rule-deployment-phase (total cost ≤ bond cards; a face-up bond card of the
    card's faction), fe0-rule-deploy (no second unit of a name), fe0-rule-level-up-class-change
    (level up onto a same-name unit; the class change bonus), fe0-rule-intro-deploy-and-bonds
    and fe0-qa-77, 78, 79, 80, 81, 82, 83, 84, 87, 88, 90, 91, 92, 125.
    `actions[i]` is "deploy", "level up" (paying the card's deployment cost) or "class change"
    (paying its class change cost); `card_costs[i]` is the cost paid. Reading: the player plays
    the cards in the order given; a card that breaks a rule is refused and costs nothing, and
    the next cards are still tried. Q&A 79/80/125 speak of bond cards that are all face-down;
    with no bond card at all the deployment rule itself refuses the card.
    """
    for name, values in (
        ("card_factions", card_factions),
        ("card_costs", card_costs),
        ("actions", actions),
    ):
        if len(values) != len(cards):
            raise ParamError(
                name,
                f"`{name}` needs one item per card in `cards` ({len(cards)})",
                f"`{name}` 需要与所用手牌一一对应（{len(cards)} 项）",
            )
    if len(set(battlefield_units)) != len(battlefield_units):
        raise ParamError(
            "battlefield_units",
            "two units with the same name cannot both stay on the battlefield (fe0-qa-134)",
            "同名单位不能同时留在战场上（Q&A134）",
        )
    why = Reasoning()
    bonds = len(face_up_bonds) + face_down_bonds
    if face_down_bonds:
        why.step(
            "fe0-qa-81",
            f"Bond cards: {len(face_up_bonds)} face-up + {face_down_bonds} face-down = {bonds}; "
            "face-down cards count, but their factions cannot be referred to.",
            f"羁绊卡：正面 {len(face_up_bonds)} 张 + 背面 {face_down_bonds} 张 = {bonds} 张；"
            "背面卡计入张数，但不能参照其势力。",
        )
    else:
        why.step(
            "fe0-rule-deployment-phase",
            f"Bond cards: {bonds}, all face-up.",
            f"羁绊卡：{bonds} 张，全部正面。",
        )
    faces = ", ".join(f"<{_en(f)}>" for f in dict.fromkeys(face_up_bonds)) or "none"
    faces_zh = "、".join(f"<{f}>" for f in dict.fromkeys(face_up_bonds)) or "无"
    if cards and not face_up_bonds and face_down_bonds:
        why.step(
            "fe0-qa-125",
            "All bond cards are face-down: the game goes on, but no unit can be deployed.",
            "羁绊卡全部为背面：游戏继续，但不能出击单位。",
        )
    field = list(battlefield_units)
    beneath_cost: dict[str, int | None] = {}
    changed: set[str] = set()
    deployed: list[str] = []
    deployed_now: set[str] = set()
    levelled: list[str] = []
    refused: list[str] = []
    total = draws = 0
    for name, faction, cost, action in zip(cards, card_factions, card_costs, actions, strict=True):
        label = f"{action} {name}"
        label_en = f"{action} {_en(name)}"
        label_zh = f"{ACTIONS_ZH.get(action, action)}{name}"
        if action == "deploy" and name in field:
            refused.append(label)
            why.step(
                "fe0-qa-90",
                f"{_en(name)} is already on the battlefield: a unit with the same "
                f"unit name cannot be deployed (it can only level up onto it).",
                f"战场上已有{name}：不能出击同单位名的单位（只能在其上升级）。",
            )
            continue
        if action != "deploy" and name not in field:
            refused.append(label)
            why.step(
                "fe0-rule-level-up-class-change",
                f"No {_en(name)} on the battlefield: a card "
                "can only level up onto a unit with the same unit name.",
                f"战场上没有{name}：卡只能重叠到同单位名的单位上升级。",
            )
            continue
        if faction not in face_up_bonds:
            refused.append(label)
            if not face_up_bonds and face_down_bonds:
                cite = "fe0-qa-79" if action == "deploy" else "fe0-qa-80"
            elif action == "deploy":
                cite = "fe0-qa-92" if face_down_bonds else "fe0-rule-deploy"
            else:
                cite = "fe0-rule-deployment-phase"
            why.step(
                cite,
                f"{label_en}: it is <{_en(faction)}>, and the face-up bond cards show "
                f"{faces}: at least 1 face-up <{_en(faction)}> bond card is needed.",
                f"{label_zh}：它是<{faction}>，正面羁绊卡的势力为{faces_zh}："
                f"至少需要1张正面的<{faction}>羁绊卡。",
            )
            continue
        if total + cost > bonds:
            refused.append(label)
            why.step(
                "fe0-rule-deployment-phase",
                f"{label_en}: the total cost would be {total} + "
                f"{cost} = {total + cost}, more than the {bonds} bond cards.",
                f"{label_zh}：费用合计将为 {total} + {cost} = {total + cost}，"
                f"超过羁绊卡的 {bonds} 张。",
            )
            continue
        total += cost
        if action == "deploy":
            field.append(name)
            deployed.append(name)
            deployed_now.add(name)
            beneath_cost[name] = cost
            why.step(
                "fe0-rule-deploy",
                f"Deploy {_en(name)} (<{_en(faction)}> is face-up) for {cost}: "
                f"total {total} of {bonds}.",
                f"出击{name}（<{faction}>为正面），费用 {cost}：合计 {total}/{bonds}。",
            )
            continue
        levelled.append(name)
        kind = "deployment" if action == "level up" else "class change"
        kind_zh = "出击费用" if action == "level up" else "转职费用"
        why.step(
            "fe0-rule-level-up-class-change",
            f"{_en(name)} levels up onto the {_en(name)} on the "
            f"battlefield, paying the {kind} cost {cost}: total {total} of {bonds}.",
            f"{name}重叠到战场上的{name}上升级，支付{kind_zh} {cost}：合计 {total}/{bonds}。",
        )
        why.step(
            "fe0-qa-87",
            f"Levelling up {_en(name)} does not count as deploying it.",
            f"{name}的升级不算作出击。",
        )
        below = beneath_cost.get(name)
        if action == "level up" and below is not None and cost < below:
            why.step(
                "fe0-qa-83",
                f"A card costing {cost} may be stacked onto a unit whose "
                f"deployment cost is {below}.",
                f"费用 {cost} 的卡可以重叠到出击费用为 {below} 的单位上。",
            )
        if name in deployed_now:
            why.step(
                "fe0-qa-88",
                f"{_en(name)} was deployed this turn; it may still level up.",
                f"{name}是本回合出击的；仍可升级。",
            )
        if name in changed and action == "class change":
            why.step(
                "fe0-qa-84",
                f"{_en(name)} has already class changed; it may class change again.",
                f"{name}已经转职过；仍可再次转职。",
            )
        beneath_cost[name] = cost if action == "level up" else None
        if action == "class change":
            changed.add(name)
            draws += 1
            why.step(
                "fe0-qa-82",
                "Class change bonus: draw 1 card from the deck (mandatory), "
                "before any auto skill that the class change triggers.",
                "转职奖励：从卡组抽1张卡（必须抽），在转职诱发的自动型能力之前。",
            )
    if not cards:
        why.step(
            "fe0-qa-77",
            "No unit is deployed or levelled up: that is allowed.",
            "不出击也不升级任何单位：可以。",
        )
    elif not total:
        why.step(
            "fe0-rule-deployment-phase",
            "Every card was refused: nothing is paid.",
            "所有卡都不能使用：不支付任何费用。",
        )
    elif total < bonds:
        why.step(
            "fe0-qa-78",
            f"Total cost {total} is lower than the {bonds} bond cards: that is allowed.",
            f"费用合计 {total} 低于羁绊卡的 {bonds} 张：可以。",
        )
    else:
        why.step(
            "fe0-rule-deployment-phase",
            f"Total cost {total} equals the {bonds} bond cards: it does not exceed them.",
            f"费用合计 {total} 等于羁绊卡的 {bonds} 张：没有超过。",
        )
    parts_zh = []
    parts_en = []
    if deployed:
        parts_zh.append(f"出击{_names(deployed)}")
        parts_en.append(f"deployed {', '.join(map(_en, deployed))}")
    if levelled:
        parts_zh.append(f"升级{_names(levelled)}")
        parts_en.append(f"levelled up {', '.join(map(_en, levelled))}")
    if refused:
        parts_zh.append(f"{len(refused)} 张不能使用")
        parts_en.append(f"{len(refused)} refused")
    return why.done(
        {
            "deployed": deployed,
            "levelled_up": levelled,
            "refused": refused,
            "total_cost": total,
            "bond_cards": bonds,
            "class_change_draws": draws,
        },
        ("，".join(parts_zh) or "没有出击或升级") + f"（费用 {total}/{bonds}）",
        ("; ".join(parts_en) or "Nothing deployed or levelled up").capitalize()
        + f" (cost {total} of {bonds})",
    )


@situation("转职时的处理顺序", "What happens on a class change, in order")
def class_change_sequence(paid_class_change_cost: bool, triggered_auto_skills: int) -> Outcome:
    """Lists what happens on a level up, in order: the class change bonus draw, then auto skills.

    Implements fe0-rule-level-up-class-change (the bonus is drawn only for a class change,
    i.e. when the class change cost is paid), fe0-qa-82 (the draw is mandatory) and fe0-qa-89
    (draw first, then resolve the auto skills that the class change triggers).
    """
    why = Reasoning()
    order: list[str] = []
    if paid_class_change_cost:
        order.append("draw 1 card")
        why.step(
            "fe0-qa-82",
            "The class change cost was paid: this is a class change, and "
            "drawing 1 card (the class change bonus) is mandatory.",
            "支付了转职费用：这是转职，必须抽1张卡（转职奖励）。",
        )
        if triggered_auto_skills:
            why.step(
                "fe0-qa-89",
                f"Draw first; after that resolve the {triggered_auto_skills} "
                "triggered auto skill(s).",
                f"先抽卡；之后处理诱发的 {triggered_auto_skills} 个自动型能力。",
            )
    else:
        why.step(
            "fe0-rule-level-up-class-change",
            "The deployment cost was paid: a level up "
            "but not a class change, so no class change bonus is drawn.",
            "支付的是出击费用：这是升级而不是转职，所以没有转职奖励。",
        )
    order += [f"auto skill {i}" for i in range(1, triggered_auto_skills + 1)]
    if paid_class_change_cost:
        return why.done(
            {"order": order, "cards_drawn": 1},
            f"先抽1张卡，再处理 {triggered_auto_skills} 个自动型能力",
            f"Draw 1 card first, then resolve {triggered_auto_skills} auto skill(s)",
        )
    return why.done(
        {"order": order, "cards_drawn": 0},
        f"不抽卡，处理 {triggered_auto_skills} 个自动型能力",
        f"No draw; resolve {triggered_auto_skills} auto skill(s)",
    )


@situation("升级后的单位", "A unit after a level up")
def unit_after_level_up(
    previous_power: int,
    previous_power_bonus: int,
    top_card_power: int,
    cards_beneath: int,
    class_changed: bool = True,
    unit_is_lord: bool = False,
    orbs: int = 0,
) -> Outcome:
    """Describes a stacked unit after a level up: its power, skills and where its cards go.

    Implements fe0-rule-level-up-class-change (only the top card is valid; the stack is 1
    unit and goes to the retreat area whole when destroyed), fe0-qa-86 (effects received
    before a class change are removed), fe0-qa-129 (the skills of the cards beneath have no
    effect), fe0-qa-112 (a destroyed class-changed unit: every card of the stack goes to the
    retreat area) and fe0-rule-orbs-and-victory (a destroyed lord with orbs is not put into
    the retreat area: an orb is broken instead). `class_changed` says the top card was put on
    by paying its class change cost. Reading: Q&A 86 speaks of a class change only; for a
    level up paying the deployment cost the source does not say whether earlier effects stay,
    so the power is then reported as unknown (None) when there was such an effect.
    """
    why = Reasoning()
    power: int | None = top_card_power
    if previous_power_bonus and class_changed:
        why.step(
            "fe0-qa-86",
            f"The unit had {previous_power} + {previous_power_bonus} from "
            "skill effects; those effects are removed by the class change.",
            f"单位原有 {previous_power} + 能力效果 {previous_power_bonus}；"
            "转职后这些效果全部消除。",
        )
    elif previous_power_bonus:
        power = None
        why.step(
            "fe0-rule-level-up-class-change",
            f"A level up paying the deployment cost: the top card's power is {top_card_power}, "
            f"but the source says only of a class change that earlier effects (+"
            f"{previous_power_bonus}) are removed (Q&A 86), so whether they stay is not stated.",
            f"支付出击费用的升级：最上方卡的战斗力为 {top_card_power}，但来源只说转职会消除之前的"
            f"效果（+{previous_power_bonus}，Q&A86），升级时是否保留并未说明。",
        )
    why.step(
        "fe0-rule-level-up-class-change",
        f"Only the top card counts: power {top_card_power}.",
        f"只有最上方的卡有效：战斗力 {top_card_power}。",
    )
    why.step(
        "fe0-qa-129",
        f"The skills of the {cards_beneath} card(s) beneath have no effect; "
        "only the top card's skills can be used.",
        f"下方 {cards_beneath} 张卡的能力无效；只能使用最上方卡的能力。",
    )
    stack = cards_beneath + 1
    if unit_is_lord and orbs:
        to_retreat = 0
        why.step(
            "fe0-rule-orbs-and-victory",
            f"It is the lord with {orbs} orb(s): if destroyed it is not put into the retreat "
            "area; 1 orb is broken instead and the stack stays.",
            f"它是还有 {orbs} 颗宝玉的主人公：被击破时不放置到退避区，而是破坏1颗宝玉，"
            "重叠的卡留在场上。",
        )
    else:
        to_retreat = stack
        why.step(
            "fe0-qa-112" if class_changed else "fe0-rule-level-up-class-change",
            f"If destroyed, all {stack} cards of the stack go to the retreat area"
            + (" (the lord has no orb left: that player is defeated)." if unit_is_lord else "."),
            f"被击破时，重叠的 {stack} 张卡全部放置到退避区"
            + ("（主人公已没有宝玉：该玩家败北）。" if unit_is_lord else "。"),
        )
    shown = "来源未说明" if power is None else str(power)
    shown_en = "not stated" if power is None else str(power)
    return why.done(
        {
            "power": power,
            "cards_with_active_skills": 1,
            "cards_to_retreat_if_destroyed": to_retreat,
        },
        f"战斗力 {shown}，只有最上方的卡有效；被击破时 {to_retreat} 张进入退避区",
        f"Power {shown_en}, only the top card counts; {to_retreat} card(s) to the retreat "
        "area if destroyed",
    )


# --------------------------------------------------------------------------- turn and actions


@situation("本回合可以做什么", "What the turn player may do this turn")
def turn_permissions(first_player: bool, own_turn_number: int) -> Outcome:
    """Tells what the turn player may do this turn: draw, attack, move, use 【ACT】 skills.

    Implements fe0-rule-beginning-phase (the first player does not draw on their first turn),
    fe0-rule-action-phase (nor attack) and fe0-qa-93 (but may move units and use skills).
    """
    why = Reasoning()
    first_turn = first_player and own_turn_number == 1
    if first_turn:
        why.step(
            "fe0-rule-beginning-phase",
            "The first player's first turn: no draw in the beginning phase.",
            "先攻的第一个回合：开始阶段不抽卡。",
        )
        why.step(
            "fe0-rule-action-phase",
            "The first player cannot attack on their first turn.",
            "先攻的第一个回合不能攻击。",
        )
        why.step(
            "fe0-qa-93",
            "Units may still move and use skills on that turn.",
            "该回合仍可移动单位和使用能力。",
        )
    else:
        who = "first" if first_player else "second"
        why.step(
            "fe0-rule-beginning-phase",
            f"Turn {own_turn_number} of the {who} player: draw 1 card in the beginning phase.",
            f"{'先攻' if first_player else '后攻'}玩家的第 {own_turn_number} 个回合："
            "开始阶段抽1张卡。",
        )
        why.step(
            "fe0-rule-action-phase",
            "Untapped units may attack, move and use 【ACT】 skills in the action phase.",
            "行动阶段中，竖置的单位可以攻击、移动和使用【起】能力。",
        )
    return why.done(
        {
            "draws": not first_turn,
            "may_attack": not first_turn,
            "may_move": True,
            "may_use_act_skills": True,
        },
        "不抽卡、不能攻击，但可以移动和使用能力"
        if first_turn
        else "抽卡，可以攻击、移动和使用能力",
        "No draw and no attack, but units may move and use skills"
        if first_turn
        else "Draw, and units may attack, move and use skills",
    )


@situation("能否宣告攻击", "Whether a unit can declare an attack")
def can_attack(
    action_this_turn: str,
    unit_range: str,
    enemy_in_range: bool,
    target_untapped: bool = True,
    target_range: str = "1",
    allies_attacked_this_turn: int = 0,
    first_players_first_turn: bool = False,
) -> Outcome:
    """Tells whether an allied unit can declare an attack in the action phase.

    Implements fe0-rule-action-phase and fe0-rule-declare-attack (an untapped unit attacks one
    enemy within its range; range "-" cannot attack; not on the first player's first turn),
    fe0-qa-94 (not after moving), fe0-qa-95 (after using a skill if still untapped), fe0-qa-105
    (each untapped unit may attack), fe0-qa-106 (the target may be untapped or tapped),
    fe0-qa-107 (the target's range does not matter) and fe0-qa-120 (no enemy in range).
    `action_this_turn`: none, moved, attacked, used a skill without the tap icon, used a skill
    with the tap icon, tapped by an effect.
    """
    tapping = {
        "moved": (
            "fe0-qa-94",
            "Moving tapped the unit, and a tapped unit cannot attack.",
            "移动使单位横置，横置的单位不能攻击。",
        ),
        "attacked": (
            "fe0-rule-declare-attack",
            "Declaring its attack tapped the unit: it cannot attack again.",
            "宣告攻击时单位已横置：不能再次攻击。",
        ),
        "used a skill with the tap icon": (
            "fe0-rule-skills",
            "The tap icon of its skill's cost tapped the unit: it cannot attack.",
            "能力费用中的横置图标使单位横置：不能攻击。",
        ),
        "tapped by an effect": (
            "fe0-rule-action-phase",
            "The unit is tapped: only untapped units can attack.",
            "单位是横置状态：只有竖置的单位才能攻击。",
        ),
    }
    why = Reasoning()
    no = ("不能宣告攻击", "It cannot declare an attack")
    if first_players_first_turn:
        why.step(
            "fe0-rule-action-phase",
            "The first player cannot attack on their first turn.",
            "先攻的第一个回合不能攻击。",
        )
        return why.done(False, *no)
    if action_this_turn in tapping:
        cite, text, zh = tapping[action_this_turn]
        why.step(cite, text, zh)
        return why.done(False, *no)
    if action_this_turn == "used a skill without the tap icon":
        why.step(
            "fe0-qa-95",
            "Using a skill without the tap icon left the unit untapped: it may still attack.",
            "使用没有横置图标的能力后单位仍为竖置：还可以攻击。",
        )
    else:
        why.step("fe0-rule-action-phase", "The unit is untapped.", "单位是竖置状态。")
    if allies_attacked_this_turn:
        why.step(
            "fe0-qa-105",
            f"{allies_attacked_this_turn} other unit(s) attacked already: "
            "each untapped unit may attack in turn.",
            f"已有 {allies_attacked_this_turn} 名其他单位攻击过：每名竖置的单位都可以分别攻击。",
        )
    if unit_range == "-":
        why.step(
            "fe0-rule-declare-attack",
            "A unit with range 「-」 cannot attack.",
            "射程为「-」的单位不能攻击。",
        )
        return why.done(False, *no)
    if not enemy_in_range:
        why.step(
            "fe0-qa-120",
            f"No enemy unit is within range {unit_range}: it cannot attack.",
            f"射程 {unit_range} 内没有敌方单位：不能攻击。",
        )
        return why.done(False, *no)
    why.step(
        "fe0-qa-106",
        f"The target is {'untapped' if target_untapped else 'tapped'}: either can be attacked.",
        f"目标是{'竖置' if target_untapped else '横置'}状态：两种都可以攻击。",
    )
    if target_range != unit_range:
        why.step(
            "fe0-qa-107",
            f"The target's range {target_range} differs from the "
            f"attacker's {unit_range}: that does not matter.",
            f"目标的射程 {target_range} 与攻击单位的 {unit_range} 不同：没有关系。",
        )
    why.step(
        "fe0-rule-declare-attack",
        "Choose the enemy unit within range and tap the attacking unit.",
        "选择射程内的敌方单位，将攻击单位横置。",
    )
    return why.done(True, "可以宣告攻击", "It can declare an attack")


@situation("能否移动单位", "Whether a unit can move")
def can_move(
    unit_untapped: bool, unit_is_lord: bool, first_players_first_turn: bool = False
) -> Outcome:
    """Tells whether a unit can move between the front line and the back line.

    Implements fe0-rule-action-phase (only an untapped unit moves, and moving taps it),
    fe0-qa-113 (the lord may move to the back line) and fe0-qa-93 (moving is allowed on the
    first player's first turn).
    """
    why = Reasoning()
    if first_players_first_turn:
        why.step(
            "fe0-qa-93",
            "On the first player's first turn, units may move.",
            "先攻的第一个回合也可以移动单位。",
        )
    if unit_is_lord:
        why.step(
            "fe0-qa-113",
            "The lord may move to the back line like any unit.",
            "主人公也可以像其他单位一样移动到后卫区。",
        )
    if not unit_untapped:
        why.step(
            "fe0-rule-action-phase",
            "The unit is already tapped: it cannot move.",
            "单位已经横置：不能移动。",
        )
        return why.done(False, "不能移动", "It cannot move")
    why.step(
        "fe0-rule-action-phase",
        "The unit is untapped: it moves to the other line and becomes tapped.",
        "单位是竖置状态：移动到另一区域并横置。",
    )
    return why.done(True, "可以移动（移动后横置）", "It can move (and becomes tapped)")


@situation("能否使用【起】能力", "Whether an 【ACT】 skill can be used")
def can_use_act_skill(
    in_own_action_phase: bool,
    unit_tapped: bool,
    cost_has_tap_icon: bool,
    flip_cost: int,
    face_up_bonds: int,
    face_down_bonds: int = 0,
    once_per_turn: bool = False,
    times_used_this_turn: int = 0,
) -> Outcome:
    """Tells whether an 【ACT】 skill can be used now, checking its timing, limit and costs.

    Implements fe0-rule-skills (【ACT】 only in your own action phase; 〖Once per turn〗; the
    tap icon; the flip icon turns face-up bond cards face-down), fe0-rule-action-phase,
    fe0-qa-103 (a tapped unit may use a skill without the tap icon), fe0-qa-104 and fe0-qa-127
    (a tapped unit cannot pay a tap icon, whatever tapped it), fe0-qa-114 (face-down bond cards
    cannot be turned face-up to pay) and fe0-qa-126 (no limit without 〖Once per turn〗).
    """
    why = Reasoning()
    ok = True
    if not in_own_action_phase:
        ok = False
        why.step(
            "fe0-rule-skills",
            "【ACT】 skills are used only in your own action phase.",
            "【起】能力只能在自己的行动阶段中使用。",
        )
    if once_per_turn and times_used_this_turn >= 1:
        ok = False
        why.step(
            "fe0-rule-skills",
            "〖Once per turn〗: it has already been used this turn.",
            "〖1回合1次〗：本回合已经使用过了。",
        )
    elif times_used_this_turn:
        why.step(
            "fe0-qa-126",
            f"Used {times_used_this_turn} time(s) already; without "
            "〖Once per turn〗 it may be used again while the cost can be paid.",
            f"已使用 {times_used_this_turn} 次；没有〖1回合1次〗的限制，"
            "只要能支付费用就可以再次使用。",
        )
    if cost_has_tap_icon and unit_tapped:
        ok = False
        why.step(
            "fe0-qa-104",
            "The cost has the tap icon, but the unit is already tapped: a "
            "tapped unit cannot be tapped to pay.",
            "费用含横置图标，但单位已经横置：不能再横置来支付。",
        )
        why.step(
            "fe0-qa-127",
            "It does not matter what tapped it (another skill's effect or cost).",
            "不论是什么使它横置的（其他能力的效果或费用）都一样。",
        )
    elif cost_has_tap_icon:
        why.step(
            "fe0-rule-skills",
            "Tap icon: the untapped unit is tapped to pay.",
            "横置图标：将竖置的单位横置来支付。",
        )
    elif unit_tapped:
        why.step(
            "fe0-qa-103",
            "The unit is tapped, but the cost has no tap icon: a tapped unit may use it.",
            "单位已横置，但费用没有横置图标：横置的单位也可以使用。",
        )
    if flip_cost > face_up_bonds:
        ok = False
        cite = "fe0-qa-114" if face_down_bonds else "fe0-rule-skills"
        why.step(
            cite,
            f"〖Flip {flip_cost}〗 needs {flip_cost} face-up bond cards; there are "
            f"{face_up_bonds}"
            + (" (face-down cards cannot be turned face-up to pay)." if face_down_bonds else "."),
            f"〖翻面{flip_cost}〗需要 {flip_cost} 张正面羁绊卡；只有 {face_up_bonds} 张"
            + ("（不能把背面卡转为正面来支付）。" if face_down_bonds else "。"),
        )
    elif flip_cost:
        why.step(
            "fe0-rule-skills",
            f"〖Flip {flip_cost}〗: turn {flip_cost} of the "
            f"{face_up_bonds} face-up bond cards face-down.",
            f"〖翻面{flip_cost}〗：将 {face_up_bonds} 张正面羁绊卡中的 {flip_cost} 张转为背面。",
        )
    if ok:
        why.step(
            "fe0-rule-action-phase", "The 【ACT】 skill can be used.", "可以使用这个【起】能力。"
        )
    return why.done(
        ok,
        "可以使用该能力" if ok else "不能使用该能力",
        "The skill can be used" if ok else "The skill cannot be used",
    )


@situation("战场上的我方单位数", "Counting allied units on the battlefield")
def count_allied_units(
    front_line_units: int, back_line_units: int, support_area_cards: int = 1
) -> Outcome:
    """Counts the allied units on the battlefield; support area cards are not units there.

    Implements fe0-rule-play-area (the battlefield is the front and back lines) and
    fe0-qa-117 (cards in the support area do not count).
    """
    if front_line_units + back_line_units < 1:
        raise ParamError(
            "front_line_units",
            "the lord is always on the battlefield: at least 1 unit",
            "主人公总在战场上：至少1名单位",
        )
    why = Reasoning()
    units = front_line_units + back_line_units
    why.step(
        "fe0-rule-play-area",
        f"The battlefield is the front line ({front_line_units}) "
        f"and the back line ({back_line_units}): {units} unit(s).",
        f"战场由前卫区（{front_line_units}）和后卫区（{back_line_units}）组成：共 {units} 名单位。",
    )
    if support_area_cards:
        why.step(
            "fe0-qa-117",
            f"The {support_area_cards} card(s) in the support area do not count.",
            f"支援区中的 {support_area_cards} 张卡不算入。",
        )
    return why.done(
        units, f"战场上有 {units} 名我方单位", f"{units} allied unit(s) on the battlefield"
    )


WHEN_ZH = {
    "my turn": "我的回合中",
    "opponent's turn": "对手的回合中",
    "start of opponent's turn": "对手回合开始时",
}


@situation("进军", "Marching forward")
def resolve_marching_forward(when: str, front_line_units: int, back_line_units: int) -> Outcome:
    """Tells whether a player's back-line units march forward to an empty front line.

    Implements fe0-rule-marching-forward (the defender marches at once; the attacker only at
    the start of the opponent's turn), fe0-rule-beginning-phase (the turn player marches the
    opponent's units forward) and fe0-qa-123 (never during your own turn). Reading: the
    attacker is the turn player and the defender the other player; `when` is seen from the
    player whose units may march: "my turn", "opponent's turn", "start of opponent's turn".
    """
    if front_line_units + back_line_units < 1:
        raise ParamError(
            "back_line_units",
            "the lord is always on the battlefield: at least 1 unit",
            "主人公总在战场上：至少1名单位",
        )
    why = Reasoning()
    unchanged = {"marches": False, "front_line": front_line_units, "back_line": back_line_units}
    if front_line_units:
        why.step(
            "fe0-rule-marching-forward",
            f"The front line still has {front_line_units} unit(s): no marching forward.",
            f"前卫区还有 {front_line_units} 名单位：不发生进军。",
        )
        return why.done(
            unchanged, "不进军（前卫区还有单位）", "No march (the front line is not empty)"
        )
    if when == "my turn":
        why.step(
            "fe0-qa-123",
            "The front line is empty during my own turn (I am the attacker): "
            "no marching forward now; my units march at the start of the opponent's turn.",
            "在我自己的回合中前卫区空了（我是攻击方）：现在不进军；等到对手回合开始时才进军。",
        )
        return why.done(unchanged, "现在不进军", "No march now")
    if when == "start of opponent's turn":
        why.step(
            "fe0-rule-beginning-phase",
            "At the start of the opponent's turn their "
            f"beginning phase marches my {back_line_units} back-line unit(s) forward.",
            f"对手回合开始时，其开始阶段让我的 {back_line_units} 名后卫单位进军到前卫区。",
        )
    else:
        why.step(
            "fe0-rule-marching-forward",
            "The front line became empty during the "
            f"opponent's turn (I am the defender): my {back_line_units} back-line unit(s) "
            "march forward at once.",
            f"在对手的回合中前卫区空了（我是防御方）：我的 {back_line_units} 名后卫单位立刻进军。",
        )
    why.step(
        "fe0-rule-marching-forward",
        "Marching forward does not trigger 「when moving」 skills.",
        "进军不会诱发「移动时」发动的能力。",
    )
    return why.done(
        {"marches": True, "front_line": back_line_units, "back_line": 0},
        f"{back_line_units} 名后卫单位进军到前卫区",
        f"{back_line_units} back-line unit(s) march to the front line",
    )


@situation("战场上的同名单位", "Units with the same name on the battlefield")
def resolve_same_name_units(units: tuple[str, ...], lord: str) -> Outcome:
    """Keeps one unit of each name on a player's battlefield, the lord if it is one of them.

    Implements fe0-qa-134 (choose 1 of the same-name units, the others go to the retreat
    area; if one is the lord unit, the lord must be kept).
    """
    if lord not in units:
        raise ParamError(
            "lord",
            "`lord` must be one of `units` (the lord is on the battlefield)",
            "主人公必须是战场上的单位之一",
        )
    why = Reasoning()
    kept: list[str] = []
    retreat: list[str] = []
    for name in dict.fromkeys(units):
        copies = units.count(name)
        kept.append(f"{name} (lord)" if name == lord else name)
        retreat += [name] * (copies - 1)
        if copies == 1:
            continue
        if name == lord:
            why.step(
                "fe0-qa-134",
                f"{copies} units named {_en(name)}: one is the lord, so the lord "
                f"must be kept; the other {copies - 1} go to the retreat area.",
                f"{copies} 名单位名为{name}：其中一名是主人公，必须保留主人公；"
                f"其余 {copies - 1} 名放置到退避区。",
            )
        else:
            why.step(
                "fe0-qa-134",
                f"{copies} units named {_en(name)}: choose 1 to keep; the other "
                f"{copies - 1} go to the retreat area.",
                f"{copies} 名单位名为{name}：选择1名保留；其余 {copies - 1} 名放置到退避区。",
            )
    if not retreat:
        why.step(
            "fe0-qa-134",
            "No two units share a name: nothing to resolve.",
            "没有同名的单位：无需处理。",
        )
    return why.done(
        {"kept": kept, "to_retreat": retreat},
        f"{len(retreat)} 名单位放置到退避区" + ("（保留主人公）" if lord in retreat else ""),
        f"{len(retreat)} unit(s) go to the retreat area"
        + (" (the lord is kept)" if lord in retreat else ""),
    )


@situation("同时诱发的自动型能力的顺序", "The order of auto skills triggered together")
def order_auto_skills(
    turn_player_skills: tuple[str, ...],
    other_player_skills: tuple[str, ...],
    new_skill_after: int = 0,
    new_skill: str = "new skill",
) -> Outcome:
    """Orders auto skills that trigger at the same time, with one skill triggered meanwhile.

    Implements fe0-rule-simultaneous-abilities (the attacker's skills first, in the order the
    attacker likes), fe0-qa-130 (the turn player's skills in their chosen order, then the other
    player's) and fe0-qa-131 (a skill triggered while one resolves goes right after it, before
    the waiting ones). Each list is given in its owner's chosen order; `new_skill_after` is the
    place, in that combined order, of the skill during whose resolution `new_skill` triggers
    (0: no new skill).
    """
    waiting = [*turn_player_skills, *other_player_skills]
    if len(set(waiting)) != len(waiting):
        raise ParamError(
            "other_player_skills", "skill names must all be different", "能力名称必须各不相同"
        )
    if new_skill_after > len(waiting):
        raise ParamError(
            "new_skill_after",
            f"`new_skill_after` must be 0 to {len(waiting)} (the number of listed skills)",
            f"新能力诱发时处理中的能力序号须为 0 到 {len(waiting)}",
        )
    if new_skill_after and new_skill in waiting:
        raise ParamError(
            "new_skill",
            "`new_skill` must differ from the listed skills",
            "新诱发的能力不能与列出的能力同名",
        )
    why = Reasoning()
    why.step(
        "fe0-rule-simultaneous-abilities",
        "Skills of the attacker (in a battle, the turn "
        "player) are resolved first, in the order that player likes.",
        "攻击方（战斗中即回合玩家）的能力先处理，顺序由该玩家决定。",
    )
    if turn_player_skills:
        why.step(
            "fe0-qa-130",
            f"The turn player resolves {', '.join(turn_player_skills)}.",
            f"回合玩家处理{_names(turn_player_skills)}。",
        )
    if other_player_skills:
        why.step(
            "fe0-qa-130",
            f"Then the other player resolves {', '.join(other_player_skills)}.",
            f"然后对手处理{_names(other_player_skills)}。",
        )
    order = list(waiting)
    if new_skill_after:
        during = waiting[new_skill_after - 1]
        order.insert(new_skill_after, new_skill)
        why.step(
            "fe0-qa-131",
            f"{new_skill} triggers while {during} resolves: it is "
            f"resolved right after {during}, before the skills still waiting.",
            f"{new_skill}在处理{during}时诱发：在{during}处理完毕后、其他等待中的能力之前先处理。",
        )
    return why.done(
        {"order": order},
        f"处理顺序：{_names(order)}",
        f"Resolved in the order {', '.join(order) or 'none'}",
    )


# --------------------------------------------------------------------------- battle


def _support_step(why: Reasoning, side: str, unit: str, support_unit: str) -> bool:
    side_zh = SIDES_ZH.get(side, side)
    if support_unit == unit:
        why.step(
            "fe0-rule-support",
            f"The {side}'s support card {_en(support_unit)} has the same "
            "unit name as the battling unit: a unit cannot support itself, the support "
            "fails and the card goes to the retreat area.",
            f"{side_zh}的支援卡{support_unit}与战斗单位同单位名：单位不能支援自己，支援失败，"
            "该卡放置到退避区。",
        )
        return False
    why.step(
        "fe0-rule-support",
        f"The {side}'s support card {_en(support_unit)} has a different "
        f"unit name from {_en(unit)}: the support succeeds.",
        f"{side_zh}的支援卡{support_unit}与{unit}单位名不同：支援成功。",
    )
    return True


@situation("支援是否成功", "Whether a support succeeds")
def is_support_successful(
    battling_unit: str,
    support_unit: str,
    battling_faction: str,
    support_faction: str,
    bond_factions: tuple[str, ...] = (),
    other_allied_units: tuple[str, ...] = (),
) -> Outcome:
    """Tells whether a support succeeds: only a different unit name from the battling unit counts.

    Implements fe0-rule-support, fe0-qa-116 (a name shared with a unit not in the battle does
    not matter), fe0-qa-118 (no bond card of the support card's faction does not matter) and
    fe0-qa-119 (the factions of the battling unit and the support card do not matter).
    """
    if battling_unit in other_allied_units:
        raise ParamError(
            "other_allied_units",
            "the battling unit cannot also be another allied unit with the same name (fe0-qa-90)",
            "战斗单位不能同时是另一名同名的我方单位（Q&A90）",
        )
    why = Reasoning()
    ok = _support_step(why, "player", battling_unit, support_unit)
    if ok and support_unit in other_allied_units:
        why.step(
            "fe0-qa-116",
            f"{_en(support_unit)} is also an allied unit that is not in the "
            "battle: that does not matter, the support succeeds.",
            f"{support_unit}也是没有参与战斗的我方单位：没有关系，支援成功。",
        )
    if ok and support_faction not in bond_factions:
        why.step(
            "fe0-qa-118",
            f"No bond card of the support card's faction <{_en(support_faction)}>:"
            " that does not matter.",
            f"没有与支援卡势力<{support_faction}>相同的羁绊卡：没有关系。",
        )
    if ok and support_faction != battling_faction:
        why.step(
            "fe0-qa-119",
            f"The support card is <{_en(support_faction)}> and the battling unit "
            f"<{_en(battling_faction)}>: different factions do not matter.",
            f"支援卡是<{support_faction}>，战斗单位是<{battling_faction}>：势力不同没有关系。",
        )
    return why.done(
        ok,
        "支援成功" if ok else "支援失败（单位名相同）",
        "The support succeeds" if ok else "The support fails (same unit name)",
    )


@situation("支援能力是否发动", "Whether a support skill takes effect")
def is_support_skill_active(
    card_zone: str,
    support_succeeded: bool,
    support_type: str,
    own_role: str,
    conditions_met: bool = True,
) -> Outcome:
    """Tells whether a card's support skill 【SUPP】 takes effect.

    Implements fe0-rule-skills ⑥ and fe0-rule-support (only from the support area after a
    successful support; attack-type when attacking, defence-type when defending),
    fe0-qa-128 (not while the card is a unit on the battlefield) and fe0-qa-99 (it always takes
    effect when its conditions are met; a 「may」 skill may be declined).
    """
    why = Reasoning()
    no = ("支援能力不发动", "The support skill does not take effect")
    type_zh = "攻击型" if support_type == "attack" else "防御型"
    role_zh = SIDES_ZH.get(own_role, own_role)
    if card_zone != "support area":
        why.step(
            "fe0-qa-128",
            "A support skill of a unit on the battlefield has no effect.",
            "战场上的单位的支援能力无效。",
        )
        return why.done(False, *no)
    if not support_succeeded:
        why.step(
            "fe0-rule-support",
            "The support failed: its support skill does not activate.",
            "支援失败：支援能力不发动。",
        )
        return why.done(False, *no)
    needed = "attack" if own_role == "attacker" else "defence"
    if support_type != needed:
        why.step(
            "fe0-rule-skills",
            f"A {support_type}-type support skill activates only when "
            f"its owner is {'attacking' if support_type == 'attack' else 'defending'}; "
            f"this player is the {own_role}.",
            f"{type_zh}支援能力只在自己{'攻击' if support_type == 'attack' else '防御'}时发动；"
            f"该玩家是{role_zh}。",
        )
        return why.done(False, *no)
    if not conditions_met:
        why.step(
            "fe0-qa-99",
            "The skill's own conditions are not met: no effect.",
            "不满足能力自身的条件：无效。",
        )
        return why.done(False, *no)
    why.step(
        "fe0-rule-support",
        f"The support succeeded and the {support_type}-type skill "
        f"matches the {own_role}: it activates.",
        f"支援成功，且{type_zh}能力与{role_zh}相符：发动。",
    )
    why.step(
        "fe0-qa-99",
        "With its conditions met it always takes effect (a 「may」 skill may still be declined).",
        "满足条件时必定生效（「可以」的能力仍可选择不使用）。",
    )
    return why.done(True, "支援能力发动", "The support skill takes effect")


STEPS_ZH = {
    "critical attack step": "必杀攻击步骤",
    "god-speed evasion step": "神速回避步骤",
    "between two orb draws": "两次抽取宝玉之间",
}


@situation(
    "能否宣言必杀攻击或神速回避", "Whether a critical attack or god-speed evasion can be declared"
)
def can_declare_critical_or_evasion(
    action: str,
    role: str,
    step: str,
    same_name_card_in_hand: bool,
    support_failed: bool = False,
    own_power_already_higher: bool = False,
    emblem_of_prayer: bool = False,
) -> Outcome:
    """Tells whether a player can declare a critical attack or god-speed evasion now.

    Implements fe0-rule-battle-flow (step 3 is the critical attack, step 4 god-speed evasion),
    fe0-rule-critical-attack and fe0-rule-god-speed-evasion (discard a same-name card;
    attacker / defender only), fe0-qa-100 (also when already higher), fe0-qa-101 (no critical
    attack while the opponent's Emblem of Prayer is in effect), fe0-qa-111 (no god-speed
    evasion between two orb draws; a critical attack is simply not in its step then) and
    fe0-qa-115 (also after a failed support).
    """
    why = Reasoning()
    critical = action == "critical attack"
    action_zh = "必杀攻击" if critical else "神速回避"
    own_step = "critical attack step" if critical else "god-speed evasion step"
    cite = "fe0-rule-critical-attack" if critical else "fe0-rule-god-speed-evasion"
    owner = "attacker" if critical else "defender"
    no = (f"现在不能宣言{action_zh}", f"The {action} cannot be declared now")
    if role != owner:
        why.step(
            cite,
            f"Only the {owner} chooses whether to make a {action}.",
            f"只有{SIDES_ZH[owner]}才能选择是否进行{action_zh}。",
        )
        return why.done(False, *no)
    if step == "between two orb draws" and not critical:
        why.step(
            "fe0-qa-111",
            "Orbs are broken after the judgement: god-speed evasion cannot "
            "be declared between two orb draws.",
            "宝玉在判定之后破坏：两次抽取宝玉之间不能进行神速回避。",
        )
        return why.done(False, *no)
    if step != own_step:
        why.step(
            "fe0-rule-battle-flow",
            f"A {action} is declared only in the {own_step}, not in the {step}.",
            f"{action_zh}只能在{STEPS_ZH[own_step]}中宣言，不能在{STEPS_ZH.get(step, step)}。",
        )
        return why.done(False, *no)
    if not same_name_card_in_hand:
        why.step(
            cite,
            f"No card with the {role}'s unit name in hand to place in the retreat area.",
            f"手牌中没有与{SIDES_ZH[role]}单位同名的卡可以放置到退避区。",
        )
        return why.done(False, *no)
    if critical and emblem_of_prayer:
        why.step(
            "fe0-qa-101",
            "The opponent's Emblem of Prayer is in effect: no critical attack.",
            "对手的『祈祷之纹章』生效中：不能进行必杀攻击。",
        )
        return why.done(False, *no)
    if support_failed:
        why.step(
            "fe0-qa-115",
            "The support failed and the support area is empty: that does not prevent it.",
            "支援失败、支援区中没有卡：不妨碍宣言。",
        )
    if own_power_already_higher:
        why.step(
            "fe0-qa-100",
            f"The {role}'s power after support is already higher: it may still be declared.",
            f"加上支援后{SIDES_ZH[role]}的战斗力已经更高：仍可宣言。",
        )
    why.step(
        cite,
        f"Place a same-name card from hand in the retreat area: the {action} is declared.",
        f"从手牌将1张同名卡放置到退避区：宣言{action_zh}。",
    )
    return why.done(True, f"可以宣言{action_zh}", f"The {action} can be declared")


@situation("战斗的结算", "Resolving a battle")
def resolve_battle(
    attacker_power: int,
    defender_power: int,
    attacker_unit: str,
    defender_unit: str,
    attacker_support_unit: str,
    attacker_support_value: int,
    defender_support_unit: str,
    defender_support_value: int,
    critical_attack: bool = False,
    god_speed_evasion: bool = False,
) -> Outcome:
    """Resolves one battle: support, critical attack, god-speed evasion, judgement.

    Implements fe0-rule-battle-flow (the five steps in order), fe0-rule-support (support fails
    when the support card has the battling unit's name), fe0-rule-critical-attack (doubles the
    total after support), fe0-rule-god-speed-evasion, fe0-rule-judgement, fe0-rule-intro-attack,
    fe0-qa-108 (ties destroy the defender), fe0-qa-98 (a losing attacker is never destroyed) and
    fe0-qa-115 (a critical attack after a failed support).
    """
    why = Reasoning()
    why.step(
        "fe0-rule-battle-flow",
        f"Declare attack: {_en(attacker_unit)} attacks {_en(defender_unit)}.",
        f"攻击指定：{attacker_unit}攻击{defender_unit}。",
    )
    totals = {}
    supported = {}
    for side, power, unit, support_unit, support_value in (
        ("attacker", attacker_power, attacker_unit, attacker_support_unit, attacker_support_value),
        ("defender", defender_power, defender_unit, defender_support_unit, defender_support_value),
    ):
        supported[side] = _support_step(why, side, unit, support_unit)
        totals[side] = power + support_value if supported[side] else power
        if supported[side]:
            why.step(
                "fe0-rule-support",
                f"The {side}: {power} + {support_value} = {totals[side]}.",
                f"{SIDES_ZH[side]}：{power} + {support_value} = {totals[side]}。",
            )
    if critical_attack:
        if not supported["attacker"]:
            why.step(
                "fe0-qa-115",
                "The attacker's support failed: a critical attack is still allowed.",
                "攻击方支援失败：仍可进行必杀攻击。",
            )
        why.step(
            "fe0-rule-critical-attack",
            f"Critical attack doubles the attacker's power after support: "
            f"{totals['attacker']} × 2 = {totals['attacker'] * 2}.",
            "必杀攻击使攻击方加上支援后的战斗力翻倍："
            f"{totals['attacker']} × 2 = {totals['attacker'] * 2}。",
        )
        totals["attacker"] *= 2
    a, d = totals["attacker"], totals["defender"]
    if god_speed_evasion:
        why.step(
            "fe0-rule-god-speed-evasion",
            "The defender evades with god-speed evasion: it is not destroyed by this attack.",
            "防御方以神速回避闪避：不会被这次攻击击破。",
        )
        return why.done(
            {"defender_destroyed": False, "attacker_destroyed": False, **totals},
            f"神速回避：防御单位未被击破（{a} 对 {d}）",
            f"God-speed evasion: the defender is not destroyed ({a} vs {d})",
        )
    if a >= d:
        tie = a == d
        why.step(
            "fe0-qa-108" if tie else "fe0-rule-judgement",
            f"Judgement: attacker {a} ≥ defender {d}"
            f"{' (a tie: the attacker wins ties)' if tie else ''}, the defending unit is "
            "destroyed.",
            f"判定：攻击方 {a} ≥ 防御方 {d}{'（战斗力相同也算攻击方胜）' if tie else ''}，"
            "防御单位被击破。",
        )
        return why.done(
            {"defender_destroyed": True, "attacker_destroyed": False, **totals},
            f"防御单位被击破（{a} 对 {d}）",
            f"The defender is destroyed ({a} vs {d})",
        )
    why.step(
        "fe0-qa-98",
        f"Judgement: attacker {a} < defender {d}: the "
        "attack fails; the attacking unit is not destroyed either.",
        f"判定：攻击方 {a} < 防御方 {d}：攻击失败；攻击单位也不会被击破。",
    )
    return why.done(
        {"defender_destroyed": False, "attacker_destroyed": False, **totals},
        f"攻击失败，双方都未被击破（{a} 对 {d}）",
        f"The attack fails; neither unit is destroyed ({a} vs {d})",
    )


@situation("判定步骤中的击破顺序", "The order of a destruction in the judgement step")
def judgement_destruction_order(
    defender_is_lord: bool, orbs: int, on_destroy_skills: int, support_cards: int
) -> Outcome:
    """Lists, in order, what happens when the judgement destroys the defending unit.

    Implements fe0-rule-judgement (“将被击破的单位放置到退避区”→“处理击破时发动的能力”→
    “将支援卡放置到退避区”; a destroyed lord instead gives up an orb, chosen face-down, into the
    hand) and fe0-rule-orbs-and-victory (a lord destroyed with no orb: defeat). Reading: the
    orb replaces the first step (the lord is not put into the retreat area), and skills that
    trigger on destruction still resolve before the support cards leave.
    """
    why = Reasoning()
    j = "fe0-rule-judgement"
    order: list[str] = []
    if defender_is_lord and orbs == 0:
        why.step(
            "fe0-rule-orbs-and-victory",
            "The lord is destroyed with no orb left: its player is defeated.",
            "没有宝玉的主人公单位被击破：该玩家败北。",
        )
        return why.done(
            {"order": ["defeat"], "defeated": True},
            "主人公没有宝玉：败北",
            "The lord has no orb left: defeat",
        )
    if defender_is_lord:
        order.append("1 orb into the hand")
        why.step(
            "fe0-rule-orbs-and-victory",
            f"The lord ({orbs} orb(s)) is not put into the retreat area: 1 orb is broken instead; "
            "its player chooses 1 face-down card of the orb area and adds it to the hand.",
            f"主人公（{orbs} 颗宝玉）不放置到退避区，而是破坏1颗宝玉："
            "防御方从宝玉区背面选择1张加入手牌。",
        )
    else:
        order.append("destroyed unit to the retreat area")
        why.step(
            j,
            "First the destroyed unit goes to the retreat area.",
            "首先将被击破的单位放置到退避区。",
        )
    if on_destroy_skills:
        order += [f"on-destruction skill {i}" for i in range(1, on_destroy_skills + 1)]
        why.step(
            j,
            f"Then the {on_destroy_skills} skill(s) that trigger on destruction are resolved.",
            f"然后处理击破时发动的 {on_destroy_skills} 个能力。",
        )
    if support_cards:
        order.append("support cards to the retreat area")
        why.step(
            j,
            f"Last the {support_cards} support card(s) go to the retreat area, and the support "
            "values and critical attack effects end.",
            f"最后将 {support_cards} 张支援卡放置到退避区，消除支援力和必杀攻击的效果。",
        )
    first_zh = "先取1颗宝玉加入手牌" if defender_is_lord else "先将被击破的单位放置到退避区"
    first_en = (
        "first an orb into the hand" if defender_is_lord else "first the unit to the retreat area"
    )
    return why.done(
        {"order": order, "defeated": False},
        f"{first_zh}，再处理击破时的能力，最后放置支援卡",
        f"{first_en.capitalize()}, then on-destruction skills, then the support cards",
    )


@situation("能否使用转职技", "Whether a Class Change Skill can be used")
def can_use_class_change_skill(top_card_arrived_by: str) -> Outcome:
    """Tells whether a unit may use a Class Change Skill (转职技) of its top card.

    Implements fe0-rule-skills (“单位在经过转职之后才能使用的能力”) with
    fe0-rule-level-up-class-change (a class change is a level up paying the class change cost;
    only the top card's skills are valid, fe0-qa-129). `top_card_arrived_by`: deployed,
    level up (paying the deployment cost) or class change. Reading: the skill is usable when
    the top card that carries it was put on by a class change.
    """
    why = Reasoning()
    ok = top_card_arrived_by == "class change"
    if ok:
        why.step(
            "fe0-rule-level-up-class-change",
            "The top card was put on by paying its class change cost: the unit has class changed.",
            "最上方的卡是支付转职费用重叠上去的：这名单位经过了转职。",
        )
        why.step(
            "fe0-rule-skills",
            "A Class Change Skill is usable only after the unit has class changed: it can be used.",
            "转职技是单位经过转职之后才能使用的能力：可以使用。",
        )
    else:
        how = (
            "was deployed"
            if top_card_arrived_by == "deployed"
            else "levelled up paying the deployment cost"
        )
        how_zh = "是直接出击的" if top_card_arrived_by == "deployed" else "是支付出击费用升级的"
        why.step(
            "fe0-rule-level-up-class-change",
            f"The unit {how}: that is not a class change (no class change cost was paid).",
            f"这名单位{how_zh}：不是转职（没有支付转职费用）。",
        )
        why.step(
            "fe0-rule-skills",
            "A Class Change Skill is usable only after the unit has class changed: it cannot be "
            "used.",
            "转职技是单位经过转职之后才能使用的能力：不能使用。",
        )
    return why.done(
        ok,
        "可以使用转职技" if ok else "不能使用转职技（未经转职）",
        "The Class Change Skill can be used" if ok else "No Class Change Skill: not class changed",
    )


@situation("主人公被击破与宝玉", "A destroyed lord and its orbs")
def resolve_lord_destroyed(orbs: int, orbs_to_break: int = 1) -> Outcome:
    """Breaks orbs one by one when the lord is destroyed; a lord without orbs loses the game.

    Implements fe0-rule-orbs-and-victory, fe0-rule-how-to-win and fe0-rule-judgement (an orb
    is broken instead of the lord and taken into the hand), fe0-qa-109 (several orbs are taken
    one at a time) and fe0-qa-110 (with 1 orb left, a "breaks 2 orbs" attacker takes that orb
    but does not win). Reading: defeat needs the lord to be destroyed while it has no orb.
    """
    why = Reasoning()
    if orbs == 0:
        why.step(
            "fe0-rule-orbs-and-victory",
            "The lord is destroyed with no orb left: that player is defeated.",
            "没有宝玉的主人公单位被击破：该玩家败北。",
        )
        return why.done(
            {"orbs_after_each_draw": [], "orbs_left": 0, "defeated": True},
            "没有宝玉的主人公被击破：败北",
            "The lord is destroyed with no orb: defeat",
        )
    why.step(
        "fe0-rule-orbs-and-victory",
        f"The lord has {orbs} orb(s): instead of going to "
        f"the retreat area it stays, and the attack breaks up to {orbs_to_break} orb(s).",
        f"主人公有 {orbs} 颗宝玉：不放置到退避区而是留在场上，"
        f"这次攻击最多破坏 {orbs_to_break} 颗宝玉。",
    )
    after: list[int] = []
    left = orbs
    for n in range(1, min(orbs, orbs_to_break) + 1):
        left -= 1
        after.append(left)
        why.step(
            "fe0-qa-109" if orbs_to_break > 1 else "fe0-rule-judgement",
            f"Orb {n}: choose 1 face-down card of the orb area and add it to the hand; "
            f"{left} left.",
            f"第 {n} 颗宝玉：从宝玉区背面选择1张加入手牌；剩 {left} 颗。",
        )
    if orbs_to_break > orbs:
        why.step(
            "fe0-qa-110",
            f"{orbs_to_break - orbs} more orb(s) to break but none left: the "
            "lord was not destroyed without orbs, so the player is not defeated.",
            f"还要破坏 {orbs_to_break - orbs} 颗但已没有宝玉：主人公并不是在没有宝玉时被击破，"
            "所以不会败北。",
        )
    return why.done(
        {"orbs_after_each_draw": after, "orbs_left": left, "defeated": False},
        f"破坏 {len(after)} 颗宝玉，剩 {left} 颗，没有败北",
        f"{len(after)} orb(s) broken, {left} left; not defeated",
    )


DESTINATIONS_ZH = {
    "hand": "手牌",
    "support area (support fails)": "支援区（支援失败）",
    "support area (support succeeds)": "支援区（支援成功）",
}


@situation("从卡组取卡与卡组耗尽", "Taking cards from the deck, and running out")
def take_cards_from_deck(
    deck_cards: int, retreat_cards: int, cards_to_take: int = 1, destination: str = "hand"
) -> Outcome:
    """Takes cards from the deck, rebuilding the deck from the retreat area the moment it is empty.

    Implements fe0-rule-deck-out (at 0 cards, shuffle the whole retreat area as the new deck
    at once) and fe0-qa-97 (a failed support card goes to the retreat area only after that
    reset). `destination`: hand, support area (support fails), support area (support succeeds).
    Reading: if the retreat area is empty too, nothing can be taken; the source does not say
    more, so such cards are reported as not taken.
    """
    support = destination != "hand"
    if support and cards_to_take != 1:
        raise ParamError(
            "cards_to_take", "a support turns over exactly 1 card", "支援时只翻开1张卡"
        )
    why = Reasoning()
    dest_zh = DESTINATIONS_ZH.get(destination, destination)
    deck, retreat = deck_cards, retreat_cards
    reshuffles = not_taken = 0
    for _ in range(cards_to_take):
        if deck == 0:
            not_taken += 1
            continue
        deck -= 1
        if deck:
            continue
        if retreat:
            why.step(
                "fe0-qa-97" if support else "fe0-rule-deck-out",
                f"The deck is at 0: at "
                f"once the {retreat} retreat-area cards are shuffled face-down as the new "
                "deck.",
                f"卡组变为0张：立刻将退避区的 {retreat} 张卡以背面切洗，作为新的卡组。",
            )
            deck, retreat = retreat, 0
            reshuffles += 1
        else:
            why.step(
                "fe0-rule-deck-out",
                "The deck is at 0 and the retreat area is empty: "
                "there is nothing to shuffle into a new deck.",
                "卡组为0张且退避区也是空的：没有卡可以切洗成新卡组。",
            )
    taken = cards_to_take - not_taken
    why.step(
        "fe0-rule-deck-out",
        f"{taken} card(s) taken to the {destination}; the deck has {deck} card(s).",
        f"取 {taken} 张卡到{dest_zh}；卡组剩 {deck} 张。",
    )
    if not_taken:
        why.step(
            "fe0-rule-deck-out",
            f"{not_taken} card(s) could not be taken: the source does not say what happens then.",
            f"有 {not_taken} 张卡取不到：来源没有说明这时会怎样。",
        )
    if destination == "support area (support fails)" and taken:
        retreat += 1
        why.step(
            "fe0-qa-97",
            "Only then is the failed support card placed in the retreat area.",
            "这之后才将支援失败的卡放置到退避区。",
        )
    elif support and taken:
        why.step(
            "fe0-rule-judgement",
            "The successful support card stays in the support area "
            "until the judgement, then goes to the retreat area.",
            "支援成功的卡留在支援区直到判定结束，然后放置到退避区。",
        )
    return why.done(
        {"deck": deck, "retreat": retreat, "reshuffles": reshuffles, "not_taken": not_taken},
        f"卡组 {deck} 张、退避区 {retreat} 张" + ("，重置了卡组" if reshuffles else ""),
        f"Deck {deck}, retreat area {retreat}" + ("; the deck was rebuilt" if reshuffles else ""),
    )
