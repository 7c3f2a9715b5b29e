"""Fire Emblem 0 (Cipher) rule checks: pure functions citing the entries they implement.

Unit names and factions are plain strings (e.g. "马尔斯", "光之剑"); lists of cards are
tuples. Every check returns an `Outcome` whose steps cite the entry they apply.
"""

from __future__ import annotations

from kb.rulecheck import Outcome, ParamError, Reasoning

DECK_MINIMUM = 50
SAME_CARD_NAME_MAXIMUM = 4
OPENING_HAND = 6
STARTING_ORBS = 5


# --------------------------------------------------------------------------- deck building


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
    )
    return why.done(ok)


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
    )
    if same:
        text = "They count together toward the limit of 4 cards with the same card name."
    elif unit_name_a == unit_name_b:
        text = (
            f"Same unit name {unit_name_a} but different epithets: each card name may "
            "have up to 4 copies of its own."
        )
    else:
        text = "Different card names: each has its own limit of 4 copies."
    why.step("fe0-rule-deck-building", text)
    return why.done(same)


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
    """
    counted = sum(copies_per_card_name)
    if cost_1_cards > counted:
        raise ParamError("cost_1_cards", "`cost_1_cards` cannot exceed the cards in the deck")
    why = Reasoning()
    why.step(
        "fe0-rule-reading-a-card",
        f"The deck has {len(copies_per_card_name)} card names (epithet + unit name) and "
        f"{counted} cards in all.",
    )
    if lord_marker_included:
        why.step(
            "fe0-qa-71",
            f"The lord marker card is not counted: the deck is {counted} cards, not {counted + 1}.",
        )
    legal = True
    if counted > DECK_MINIMUM:
        why.step("fe0-qa-70", f"{counted} cards: more than 50 is allowed.")
    elif counted == DECK_MINIMUM:
        why.step("fe0-rule-deck-building", "Exactly 50 cards: rule ① (no fewer than 50) is met.")
    else:
        legal = False
        why.step("fe0-qa-70", f"{counted} cards: a deck may not have fewer than 50 cards.")
    over = [n for n in copies_per_card_name if n > SAME_CARD_NAME_MAXIMUM]
    if over:
        legal = False
        why.step(
            "fe0-rule-deck-building",
            f"{len(over)} card name(s) have more than 4 copies ({', '.join(map(str, over))}): "
            "rule ② allows at most 4 cards with the same card name.",
        )
    else:
        why.step("fe0-rule-deck-building", "No card name has more than 4 copies: rule ② is met.")
    if cost_1_cards >= 1:
        why.step(
            "fe0-rule-choosing-a-lord",
            f"{cost_1_cards} card(s) with deployment cost 1: one can be set aside as the lord "
            "(rule ③).",
        )
    else:
        legal = False
        why.step(
            "fe0-rule-deck-building",
            "No card with deployment cost 1: rule ③ needs 1 such card as the lord.",
        )
    if factions_in_deck > 1:
        why.step("fe0-qa-73", f"{factions_in_deck} factions are mixed: that is allowed.")
    return why.done({"legal": legal, "cards_counted": counted})


def game_setup(deck_cards: int, redraw_hand: bool = False) -> Outcome:
    """Counts the cards after setting up: the lord out, 6 cards in hand, 5 orbs, the rest deck.

    Implements fe0-rule-game-setup (steps ② and ⑤–⑦).
    """
    why = Reasoning()
    why.step(
        "fe0-rule-game-setup",
        f"Step ②: the lord (deployment cost 1) leaves the {deck_cards}"
        f"-card deck: {deck_cards - 1} cards are shuffled as the deck.",
    )
    why.step("fe0-rule-game-setup", "Step ⑤: draw 6 cards as the hand.")
    if redraw_hand:
        why.step(
            "fe0-rule-game-setup",
            "Step ⑥: the one redraw returns all 6 cards, shuffles "
            "and draws 6 again: the counts do not change.",
        )
    deck = deck_cards - 1 - OPENING_HAND - STARTING_ORBS
    why.step(
        "fe0-rule-game-setup",
        f"Step ⑦: 5 cards face-down as orbs; {deck} cards remain in the deck.",
    )
    return why.done({"hand": OPENING_HAND, "orbs": STARTING_ORBS, "deck": deck})


# --------------------------------------------------------------------------- deployment phase


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
    the next cards are still tried.
    """
    for name, values in (
        ("card_factions", card_factions),
        ("card_costs", card_costs),
        ("actions", actions),
    ):
        if len(values) != len(cards):
            raise ParamError(name, f"`{name}` needs one item per card in `cards` ({len(cards)})")
    if len(set(battlefield_units)) != len(battlefield_units):
        raise ParamError(
            "battlefield_units",
            "two units with the same name cannot both stay on the battlefield (fe0-qa-134)",
        )
    why = Reasoning()
    bonds = len(face_up_bonds) + face_down_bonds
    if face_down_bonds:
        why.step(
            "fe0-qa-81",
            f"Bond cards: {len(face_up_bonds)} face-up + {face_down_bonds} face-down = {bonds}; "
            "face-down cards count, but their factions cannot be referred to.",
        )
    else:
        why.step("fe0-rule-deployment-phase", f"Bond cards: {bonds}, all face-up.")
    faces = ", ".join(f"<{f}>" for f in dict.fromkeys(face_up_bonds)) or "none"
    if cards and not face_up_bonds and face_down_bonds:
        why.step(
            "fe0-qa-125",
            "All bond cards are face-down: the game goes on, but no unit can be deployed.",
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
        if action == "deploy" and name in field:
            refused.append(label)
            why.step(
                "fe0-qa-90",
                f"{name} is already on the battlefield: a unit with the same "
                f"unit name cannot be deployed (it can only level up onto it).",
            )
            continue
        if action != "deploy" and name not in field:
            refused.append(label)
            why.step(
                "fe0-rule-level-up-class-change",
                f"No {name} on the battlefield: a card "
                "can only level up onto a unit with the same unit name.",
            )
            continue
        if faction not in face_up_bonds:
            refused.append(label)
            if not face_up_bonds:
                cite = "fe0-qa-79" if action == "deploy" else "fe0-qa-80"
            elif action == "deploy":
                cite = "fe0-qa-92" if face_down_bonds else "fe0-rule-deploy"
            else:
                cite = "fe0-rule-deployment-phase"
            why.step(
                cite,
                f"{label}: it is <{faction}>, and the face-up bond cards show "
                f"{faces}: at least 1 face-up <{faction}> bond card is needed.",
            )
            continue
        if total + cost > bonds:
            refused.append(label)
            why.step(
                "fe0-rule-deployment-phase",
                f"{label}: the total cost would be {total} + "
                f"{cost} = {total + cost}, more than the {bonds} bond cards.",
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
                f"Deploy {name} (<{faction}> is face-up) for {cost}: total {total} of {bonds}.",
            )
            continue
        levelled.append(name)
        kind = "deployment" if action == "level up" else "class change"
        why.step(
            "fe0-rule-level-up-class-change",
            f"{name} levels up onto the {name} on the "
            f"battlefield, paying the {kind} cost {cost}: total {total} of {bonds}.",
        )
        why.step("fe0-qa-87", f"Levelling up {name} does not count as deploying it.")
        below = beneath_cost.get(name)
        if action == "level up" and below is not None and cost < below:
            why.step(
                "fe0-qa-83",
                f"A card costing {cost} may be stacked onto a unit whose "
                f"deployment cost is {below}.",
            )
        if name in deployed_now:
            why.step("fe0-qa-88", f"{name} was deployed this turn; it may still level up.")
        if name in changed and action == "class change":
            why.step("fe0-qa-84", f"{name} has already class changed; it may class change again.")
        beneath_cost[name] = cost if action == "level up" else None
        if action == "class change":
            changed.add(name)
            draws += 1
            why.step(
                "fe0-qa-82",
                "Class change bonus: draw 1 card from the deck (mandatory), "
                "before any auto skill that the class change triggers.",
            )
    if not cards:
        why.step("fe0-qa-77", "No unit is deployed or levelled up: that is allowed.")
    elif not total:
        why.step("fe0-rule-deployment-phase", "Every card was refused: nothing is paid.")
    elif total < bonds:
        why.step(
            "fe0-qa-78",
            f"Total cost {total} is lower than the {bonds} bond cards: that is allowed.",
        )
    else:
        why.step(
            "fe0-rule-deployment-phase",
            f"Total cost {total} equals the {bonds} bond cards: it does not exceed them.",
        )
    return why.done(
        {
            "deployed": deployed,
            "levelled_up": levelled,
            "refused": refused,
            "total_cost": total,
            "bond_cards": bonds,
            "class_change_draws": draws,
        }
    )


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
        )
        if triggered_auto_skills:
            why.step(
                "fe0-qa-89",
                f"Draw first; after that resolve the {triggered_auto_skills} "
                "triggered auto skill(s).",
            )
    else:
        why.step(
            "fe0-rule-level-up-class-change",
            "The deployment cost was paid: a level up "
            "but not a class change, so no class change bonus is drawn.",
        )
    order += [f"auto skill {i}" for i in range(1, triggered_auto_skills + 1)]
    return why.done({"order": order, "cards_drawn": 1 if paid_class_change_cost else 0})


def unit_after_level_up(
    previous_power: int, previous_power_bonus: int, top_card_power: int, cards_beneath: int
) -> Outcome:
    """Describes a stacked unit after a level up: the top card's power, skills and its cards.

    Implements fe0-rule-level-up-class-change (only the top card is valid; the stack is 1
    unit), fe0-qa-86 (effects received before the class change are removed), fe0-qa-129 (the
    skills of the cards beneath have no effect) and fe0-qa-112 (when destroyed, every card of
    the stack goes to the retreat area).
    """
    why = Reasoning()
    if previous_power_bonus:
        why.step(
            "fe0-qa-86",
            f"The unit had {previous_power} + {previous_power_bonus} from "
            "skill effects; those effects are removed by the class change.",
        )
    why.step("fe0-rule-level-up-class-change", f"Only the top card counts: power {top_card_power}.")
    why.step(
        "fe0-qa-129",
        f"The skills of the {cards_beneath} card(s) beneath have no effect; "
        "only the top card's skills can be used.",
    )
    why.step(
        "fe0-qa-112",
        f"If destroyed, all {cards_beneath + 1} cards of the stack go to the retreat area.",
    )
    return why.done(
        {
            "power": top_card_power,
            "cards_with_active_skills": 1,
            "cards_to_retreat_if_destroyed": cards_beneath + 1,
        }
    )


# --------------------------------------------------------------------------- turn and actions


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
        )
        why.step("fe0-rule-action-phase", "The first player cannot attack on their first turn.")
        why.step("fe0-qa-93", "Units may still move and use skills on that turn.")
    else:
        who = "first" if first_player else "second"
        why.step(
            "fe0-rule-beginning-phase",
            f"Turn {own_turn_number} of the {who} player: draw 1 card in the beginning phase.",
        )
        why.step(
            "fe0-rule-action-phase",
            "Untapped units may attack, move and use 【ACT】 skills in the action phase.",
        )
    return why.done(
        {
            "draws": not first_turn,
            "may_attack": not first_turn,
            "may_move": True,
            "may_use_act_skills": True,
        }
    )


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
        "moved": ("fe0-qa-94", "Moving tapped the unit, and a tapped unit cannot attack."),
        "attacked": (
            "fe0-rule-declare-attack",
            "Declaring its attack tapped the unit: it cannot attack again.",
        ),
        "used a skill with the tap icon": (
            "fe0-rule-skills",
            "The tap icon of its skill's cost tapped the unit: it cannot attack.",
        ),
        "tapped by an effect": (
            "fe0-rule-action-phase",
            "The unit is tapped: only untapped units can attack.",
        ),
    }
    why = Reasoning()
    if first_players_first_turn:
        why.step("fe0-rule-action-phase", "The first player cannot attack on their first turn.")
        return why.done(False)
    if action_this_turn in tapping:
        cite, text = tapping[action_this_turn]
        why.step(cite, text)
        return why.done(False)
    if action_this_turn == "used a skill without the tap icon":
        why.step(
            "fe0-qa-95",
            "Using a skill without the tap icon left the unit untapped: it may still attack.",
        )
    else:
        why.step("fe0-rule-action-phase", "The unit is untapped.")
    if allies_attacked_this_turn:
        why.step(
            "fe0-qa-105",
            f"{allies_attacked_this_turn} other unit(s) attacked already: "
            "each untapped unit may attack in turn.",
        )
    if unit_range == "-":
        why.step("fe0-rule-declare-attack", "A unit with range 「-」 cannot attack.")
        return why.done(False)
    if not enemy_in_range:
        why.step("fe0-qa-120", f"No enemy unit is within range {unit_range}: it cannot attack.")
        return why.done(False)
    why.step(
        "fe0-qa-106",
        f"The target is {'untapped' if target_untapped else 'tapped'}: either can be attacked.",
    )
    if target_range != unit_range:
        why.step(
            "fe0-qa-107",
            f"The target's range {target_range} differs from the "
            f"attacker's {unit_range}: that does not matter.",
        )
    why.step(
        "fe0-rule-declare-attack", "Choose the enemy unit within range and tap the attacking unit."
    )
    return why.done(True)


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
        why.step("fe0-qa-93", "On the first player's first turn, units may move.")
    if unit_is_lord:
        why.step("fe0-qa-113", "The lord may move to the back line like any unit.")
    if not unit_untapped:
        why.step("fe0-rule-action-phase", "The unit is already tapped: it cannot move.")
        return why.done(False)
    why.step(
        "fe0-rule-action-phase",
        "The unit is untapped: it moves to the other line and becomes tapped.",
    )
    return why.done(True)


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
        why.step("fe0-rule-skills", "【ACT】 skills are used only in your own action phase.")
    if once_per_turn and times_used_this_turn >= 1:
        ok = False
        why.step("fe0-rule-skills", "〖Once per turn〗: it has already been used this turn.")
    elif times_used_this_turn:
        why.step(
            "fe0-qa-126",
            f"Used {times_used_this_turn} time(s) already; without "
            "〖Once per turn〗 it may be used again while the cost can be paid.",
        )
    if cost_has_tap_icon and unit_tapped:
        ok = False
        why.step(
            "fe0-qa-104",
            "The cost has the tap icon, but the unit is already tapped: a "
            "tapped unit cannot be tapped to pay.",
        )
        why.step(
            "fe0-qa-127", "It does not matter what tapped it (another skill's effect or cost)."
        )
    elif cost_has_tap_icon:
        why.step("fe0-rule-skills", "Tap icon: the untapped unit is tapped to pay.")
    elif unit_tapped:
        why.step(
            "fe0-qa-103",
            "The unit is tapped, but the cost has no tap icon: a tapped unit may use it.",
        )
    if flip_cost > face_up_bonds:
        ok = False
        cite = "fe0-qa-114" if face_down_bonds else "fe0-rule-skills"
        why.step(
            cite,
            f"〖Flip {flip_cost}〗 needs {flip_cost} face-up bond cards; there are "
            f"{face_up_bonds}"
            + (" (face-down cards cannot be turned face-up to pay)." if face_down_bonds else "."),
        )
    elif flip_cost:
        why.step(
            "fe0-rule-skills",
            f"〖Flip {flip_cost}〗: turn {flip_cost} of the "
            f"{face_up_bonds} face-up bond cards face-down.",
        )
    if ok:
        why.step("fe0-rule-action-phase", "The 【ACT】 skill can be used.")
    return why.done(ok)


def count_allied_units(
    front_line_units: int, back_line_units: int, support_area_cards: int = 1
) -> Outcome:
    """Counts the allied units on the battlefield; support area cards are not units there.

    Implements fe0-rule-play-area (the battlefield is the front and back lines) and
    fe0-qa-117 (cards in the support area do not count).
    """
    if front_line_units + back_line_units < 1:
        raise ParamError(
            "front_line_units", "the lord is always on the battlefield: at least 1 unit"
        )
    why = Reasoning()
    units = front_line_units + back_line_units
    why.step(
        "fe0-rule-play-area",
        f"The battlefield is the front line ({front_line_units}) "
        f"and the back line ({back_line_units}): {units} unit(s).",
    )
    if support_area_cards:
        why.step(
            "fe0-qa-117", f"The {support_area_cards} card(s) in the support area do not count."
        )
    return why.done(units)


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
            "back_line_units", "the lord is always on the battlefield: at least 1 unit"
        )
    why = Reasoning()
    unchanged = {"marches": False, "front_line": front_line_units, "back_line": back_line_units}
    if front_line_units:
        why.step(
            "fe0-rule-marching-forward",
            f"The front line still has {front_line_units} unit(s): no marching forward.",
        )
        return why.done(unchanged)
    if when == "my turn":
        why.step(
            "fe0-qa-123",
            "The front line is empty during my own turn (I am the attacker): "
            "no marching forward now; my units march at the start of the opponent's turn.",
        )
        return why.done(unchanged)
    if when == "start of opponent's turn":
        why.step(
            "fe0-rule-beginning-phase",
            "At the start of the opponent's turn their "
            f"beginning phase marches my {back_line_units} back-line unit(s) forward.",
        )
    else:
        why.step(
            "fe0-rule-marching-forward",
            "The front line became empty during the "
            f"opponent's turn (I am the defender): my {back_line_units} back-line unit(s) "
            "march forward at once.",
        )
    why.step(
        "fe0-rule-marching-forward", "Marching forward does not trigger 「when moving」 skills."
    )
    return why.done({"marches": True, "front_line": back_line_units, "back_line": 0})


def resolve_same_name_units(units: tuple[str, ...], lord: str) -> Outcome:
    """Keeps one unit of each name on a player's battlefield, the lord if it is one of them.

    Implements fe0-qa-134 (choose 1 of the same-name units, the others go to the retreat
    area; if one is the lord unit, the lord must be kept).
    """
    if lord not in units:
        raise ParamError("lord", "`lord` must be one of `units` (the lord is on the battlefield)")
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
                f"{copies} units named {name}: one is the lord, so the lord "
                f"must be kept; the other {copies - 1} go to the retreat area.",
            )
        else:
            why.step(
                "fe0-qa-134",
                f"{copies} units named {name}: choose 1 to keep; the other "
                f"{copies - 1} go to the retreat area.",
            )
    if not retreat:
        why.step("fe0-qa-134", "No two units share a name: nothing to resolve.")
    return why.done({"kept": kept, "to_retreat": retreat})


def order_auto_skills(
    turn_player_skills: tuple[str, ...],
    other_player_skills: tuple[str, ...],
    new_skill_during: str = "none",
    new_skill: str = "new skill",
) -> Outcome:
    """Orders auto skills that trigger at the same time, with one skill triggered meanwhile.

    Implements fe0-rule-simultaneous-abilities (the attacker's skills first, in the order the
    attacker likes), fe0-qa-130 (the turn player's skills in their chosen order, then the other
    player's) and fe0-qa-131 (a skill triggered while one resolves goes right after it, before
    the waiting ones). Each list is given in its owner's chosen order; `new_skill_during` names
    the skill during whose resolution `new_skill` triggers ("none": no new skill).
    """
    waiting = [*turn_player_skills, *other_player_skills]
    if len(set(waiting)) != len(waiting):
        raise ParamError("other_player_skills", "skill names must all be different")
    if new_skill_during != "none" and new_skill_during not in waiting:
        raise ParamError(
            "new_skill_during", "`new_skill_during` must be one of the listed skills or none"
        )
    if new_skill_during != "none" and new_skill in waiting:
        raise ParamError("new_skill", "`new_skill` must differ from the listed skills")
    why = Reasoning()
    why.step(
        "fe0-rule-simultaneous-abilities",
        "Skills of the attacker (in a battle, the turn "
        "player) are resolved first, in the order that player likes.",
    )
    if turn_player_skills:
        why.step("fe0-qa-130", f"The turn player resolves {', '.join(turn_player_skills)}.")
    if other_player_skills:
        why.step("fe0-qa-130", f"Then the other player resolves {', '.join(other_player_skills)}.")
    order = list(waiting)
    if new_skill_during != "none":
        order.insert(order.index(new_skill_during) + 1, new_skill)
        why.step(
            "fe0-qa-131",
            f"{new_skill} triggers while {new_skill_during} resolves: it is "
            f"resolved right after {new_skill_during}, before the skills still waiting.",
        )
    return why.done({"order": order})


# --------------------------------------------------------------------------- battle


def _support_step(why: Reasoning, side: str, unit: str, support_unit: str) -> bool:
    if support_unit == unit:
        why.step(
            "fe0-rule-support",
            f"The {side}'s support card {support_unit} has the same "
            "unit name as the battling unit: a unit cannot support itself, the support "
            "fails and the card goes to the retreat area.",
        )
        return False
    why.step(
        "fe0-rule-support",
        f"The {side}'s support card {support_unit} has a different "
        f"unit name from {unit}: the support succeeds.",
    )
    return True


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
        )
    why = Reasoning()
    ok = _support_step(why, "player", battling_unit, support_unit)
    if ok and support_unit in other_allied_units:
        why.step(
            "fe0-qa-116",
            f"{support_unit} is also an allied unit that is not in the "
            "battle: that does not matter, the support succeeds.",
        )
    if ok and support_faction not in bond_factions:
        why.step(
            "fe0-qa-118",
            f"No bond card of the support card's faction <{support_faction}>:"
            " that does not matter.",
        )
    if ok and support_faction != battling_faction:
        why.step(
            "fe0-qa-119",
            f"The support card is <{support_faction}> and the battling unit "
            f"<{battling_faction}>: different factions do not matter.",
        )
    return why.done(ok)


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
    if card_zone != "support area":
        why.step("fe0-qa-128", "A support skill of a unit on the battlefield has no effect.")
        return why.done(False)
    if not support_succeeded:
        why.step("fe0-rule-support", "The support failed: its support skill does not activate.")
        return why.done(False)
    needed = "attack" if own_role == "attacker" else "defence"
    if support_type != needed:
        why.step(
            "fe0-rule-skills",
            f"A {support_type}-type support skill activates only when "
            f"its owner is {'attacking' if support_type == 'attack' else 'defending'}; "
            f"this player is the {own_role}.",
        )
        return why.done(False)
    if not conditions_met:
        why.step("fe0-qa-99", "The skill's own conditions are not met: no effect.")
        return why.done(False)
    why.step(
        "fe0-rule-support",
        f"The support succeeded and the {support_type}-type skill "
        f"matches the {own_role}: it activates.",
    )
    why.step(
        "fe0-qa-99",
        "With its conditions met it always takes effect (a 「may」 skill may still be declined).",
    )
    return why.done(True)


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
    attack while the opponent's Emblem of Prayer is in effect), fe0-qa-111 (no evasion between
    two orb draws) and fe0-qa-115 (also after a failed support).
    """
    why = Reasoning()
    critical = action == "critical attack"
    own_step = "critical attack step" if critical else "god-speed evasion step"
    cite = "fe0-rule-critical-attack" if critical else "fe0-rule-god-speed-evasion"
    owner = "attacker" if critical else "defender"
    if role != owner:
        why.step(cite, f"Only the {owner} chooses whether to make a {action}.")
        return why.done(False)
    if step == "between two orb draws":
        why.step(
            "fe0-qa-111",
            "Orbs are broken after the judgement: god-speed evasion cannot "
            "be declared between two orb draws.",
        )
        return why.done(False)
    if step != own_step:
        why.step(
            "fe0-rule-battle-flow",
            f"A {action} is declared only in the {own_step}, not in the {step}.",
        )
        return why.done(False)
    if not same_name_card_in_hand:
        why.step(cite, f"No card with the {role}'s unit name in hand to place in the retreat area.")
        return why.done(False)
    if critical and emblem_of_prayer:
        why.step("fe0-qa-101", "The opponent's Emblem of Prayer is in effect: no critical attack.")
        return why.done(False)
    if support_failed:
        why.step(
            "fe0-qa-115",
            "The support failed and the support area is empty: that does not prevent it.",
        )
    if own_power_already_higher:
        why.step(
            "fe0-qa-100",
            f"The {role}'s power after support is already higher: it may still be declared.",
        )
    why.step(
        cite, f"Place a same-name card from hand in the retreat area: the {action} is declared."
    )
    return why.done(True)


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
    why.step("fe0-rule-battle-flow", f"Declare attack: {attacker_unit} attacks {defender_unit}.")
    totals = {}
    supported = {}
    for side, power, unit, support_unit, support_value in (
        ("attacker", attacker_power, attacker_unit, attacker_support_unit, attacker_support_value),
        ("defender", defender_power, defender_unit, defender_support_unit, defender_support_value),
    ):
        supported[side] = _support_step(why, side, unit, support_unit)
        totals[side] = power + support_value if supported[side] else power
        if supported[side]:
            why.step("fe0-rule-support", f"The {side}: {power} + {support_value} = {totals[side]}.")
    if critical_attack:
        if not supported["attacker"]:
            why.step(
                "fe0-qa-115", "The attacker's support failed: a critical attack is still allowed."
            )
        why.step(
            "fe0-rule-critical-attack",
            f"Critical attack doubles the attacker's power after support: "
            f"{totals['attacker']} × 2 = {totals['attacker'] * 2}.",
        )
        totals["attacker"] *= 2
    if god_speed_evasion:
        why.step(
            "fe0-rule-god-speed-evasion",
            "The defender evades with god-speed evasion: it is not destroyed by this attack.",
        )
        return why.done({"defender_destroyed": False, "attacker_destroyed": False, **totals})
    if totals["attacker"] >= totals["defender"]:
        tie = totals["attacker"] == totals["defender"]
        why.step(
            "fe0-qa-108" if tie else "fe0-rule-judgement",
            f"Judgement: attacker {totals['attacker']} ≥ defender {totals['defender']}"
            f"{' (a tie: the attacker wins ties)' if tie else ''}, the defending unit is "
            "destroyed.",
        )
        destroyed = True
    else:
        why.step(
            "fe0-qa-98",
            f"Judgement: attacker {totals['attacker']} < defender {totals['defender']}: the "
            "attack fails; the attacking unit is not destroyed either.",
        )
        destroyed = False
    return why.done({"defender_destroyed": destroyed, "attacker_destroyed": False, **totals})


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
        )
        return why.done({"orbs_after_each_draw": [], "orbs_left": 0, "defeated": True})
    why.step(
        "fe0-rule-orbs-and-victory",
        f"The lord has {orbs} orb(s): instead of going to "
        f"the retreat area it stays, and the attack breaks up to {orbs_to_break} orb(s).",
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
        )
    if orbs_to_break > orbs:
        why.step(
            "fe0-qa-110",
            f"{orbs_to_break - orbs} more orb(s) to break but none left: the "
            "lord was not destroyed without orbs, so the player is not defeated.",
        )
    return why.done({"orbs_after_each_draw": after, "orbs_left": left, "defeated": False})


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
        raise ParamError("cards_to_take", "a support turns over exactly 1 card")
    why = Reasoning()
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
            )
            deck, retreat = retreat, 0
            reshuffles += 1
        else:
            why.step(
                "fe0-rule-deck-out",
                "The deck is at 0 and the retreat area is empty: "
                "there is nothing to shuffle into a new deck.",
            )
    taken = cards_to_take - not_taken
    why.step(
        "fe0-rule-deck-out",
        f"{taken} card(s) taken to the {destination}; the deck has {deck} card(s).",
    )
    if not_taken:
        why.step(
            "fe0-rule-deck-out",
            f"{not_taken} card(s) could not be taken: the source does not say what happens then.",
        )
    if destination == "support area (support fails)" and taken:
        retreat += 1
        why.step("fe0-qa-97", "Only then is the failed support card placed in the retreat area.")
    elif support and taken:
        why.step(
            "fe0-rule-judgement",
            "The successful support card stays in the support area "
            "until the judgement, then goes to the retreat area.",
        )
    return why.done(
        {"deck": deck, "retreat": retreat, "reshuffles": reshuffles, "not_taken": not_taken}
    )
