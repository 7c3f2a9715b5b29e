"""Fire Emblem 0 rule checks over their whole parameter space (Hypothesis).

Each property is an invariant a ruling states, checked far beyond the worked examples'
defaults: a tie destroys the defender at every power, a losing attacker is never destroyed,
the lord never leaves with orbs left, and so on.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from kb.games.fe0 import rules
from kb.rulecheck import ParamError

FAST = settings(max_examples=100, deadline=None)
NAMES = ("马尔斯", "库洛姆", "希达", "卡因", "阿贝尔")
FACTIONS = ("光之剑", "圣痕", "白夜", "暗夜")
power = st.integers(0, 150)
name = st.sampled_from(NAMES)


@FAST
@given(cost=st.integers(1, 10))
def test_only_a_cost_1_card_can_be_the_lord(cost):
    assert rules.can_be_lord(cost).result is (cost == 1)


@FAST
@given(
    e1=st.sampled_from(("星之王子", "英雄王")),
    u1=name,
    e2=st.sampled_from(("星之王子", "英雄王")),
    u2=name,
)
def test_a_card_name_is_epithet_plus_unit_name(e1, u1, e2, u2):
    assert rules.is_same_card_name(e1, u1, e2, u2).result is (e1 == e2 and u1 == u2)


@FAST
@given(
    copies=st.lists(st.integers(1, 6), max_size=20),
    data=st.data(),
    marker=st.booleans(),
    factions=st.integers(1, 4),
)
def test_a_deck_is_legal_exactly_when_the_three_rules_hold(copies, data, marker, factions):
    cost_1 = data.draw(st.integers(0, sum(copies)))
    out = rules.validate_deck(tuple(copies), cost_1, marker, factions).result
    legal = sum(copies) >= 50 and all(c <= 4 for c in copies) and cost_1 >= 1
    assert out["legal"] is legal
    assert out["cards_counted"] == sum(copies), "the lord marker card is never counted"
    assert out == rules.validate_deck(tuple(copies), cost_1, not marker, 1).result


@FAST
@given(deck=st.integers(50, 200), redraw=st.booleans())
def test_setup_always_leaves_6_in_hand_and_5_orbs(deck, redraw):
    out = rules.game_setup(deck, redraw).result
    assert out == {"hand": 6, "orbs": 5, "deck": deck - 12}


@st.composite
def deployments(draw):
    face_up = tuple(draw(st.lists(st.sampled_from(FACTIONS), max_size=5)))
    face_down = draw(st.integers(0, 4))
    field = tuple(draw(st.lists(name, max_size=3, unique=True)))
    n = draw(st.integers(0, 4))
    cards = tuple(draw(st.lists(name, min_size=n, max_size=n)))
    factions = tuple(draw(st.lists(st.sampled_from(FACTIONS), min_size=n, max_size=n)))
    costs = tuple(draw(st.lists(st.integers(1, 4), min_size=n, max_size=n)))
    actions = tuple(
        draw(
            st.lists(
                st.sampled_from(("deploy", "level up", "class change")), min_size=n, max_size=n
            )
        )
    )
    return face_up, face_down, field, cards, factions, costs, actions


@FAST
@given(d=deployments())
def test_deployment_never_pays_more_than_the_bond_cards(d):
    face_up, face_down, field, cards, _factions, _costs, actions = d
    out = rules.resolve_deployment_phase(*d).result
    assert out["bond_cards"] == len(face_up) + face_down, "face-down bond cards count (Q81)"
    assert out["total_cost"] <= out["bond_cards"]
    assert len(out["deployed"]) + len(out["levelled_up"]) + len(out["refused"]) == len(cards)
    refused_changes = sum(1 for r in out["refused"] if r.startswith("class change "))
    assert out["class_change_draws"] == actions.count("class change") - refused_changes
    if not face_up:
        assert out["deployed"] == [] and out["levelled_up"] == [], "no face-up faction (Q79/80)"
    for deployed in out["deployed"]:
        assert deployed not in field, "no second unit of a name (Q90)"


@FAST
@given(paid=st.booleans(), skills=st.integers(0, 5))
def test_the_class_change_bonus_is_drawn_first_and_only_on_a_class_change(paid, skills):
    out = rules.class_change_sequence(paid, skills).result
    assert out["cards_drawn"] == (1 if paid else 0)
    assert (out["order"][:1] == ["draw 1 card"]) is paid
    assert len(out["order"]) == skills + out["cards_drawn"]


@FAST
@given(
    prev=power,
    bonus=st.integers(0, 50),
    top=power,
    beneath=st.integers(1, 5),
    changed=st.booleans(),
    lord=st.booleans(),
    orbs=st.integers(0, 5),
)
def test_only_the_top_card_counts_and_a_lord_with_orbs_stays(
    prev, bonus, top, beneath, changed, lord, orbs
):
    out = rules.unit_after_level_up(prev, bonus, top, beneath, changed, lord, orbs).result
    assert out["cards_with_active_skills"] == 1
    if changed or not bonus:
        assert out["power"] == top
    else:
        assert out["power"] is None, "the source is silent on a plain level up"
    expected = 0 if lord and orbs else beneath + 1
    assert out["cards_to_retreat_if_destroyed"] == expected


@FAST
@given(first=st.booleans(), turn=st.integers(1, 20))
def test_only_the_first_players_first_turn_skips_draw_and_attack(first, turn):
    out = rules.turn_permissions(first, turn).result
    first_turn = first and turn == 1
    assert out["draws"] is (not first_turn) and out["may_attack"] is (not first_turn)
    assert out["may_move"] and out["may_use_act_skills"]


ACTIONS = (
    "none",
    "moved",
    "attacked",
    "used a skill without the tap icon",
    "used a skill with the tap icon",
    "tapped by an effect",
)
RANGES = ("1", "2", "1-2", "-")


@FAST
@given(
    action=st.sampled_from(ACTIONS),
    rng=st.sampled_from(RANGES),
    in_range=st.booleans(),
    untapped=st.booleans(),
    target=st.sampled_from(RANGES),
    allies=st.integers(0, 5),
    first=st.booleans(),
)
def test_an_untapped_unit_with_an_enemy_in_range_attacks(
    action, rng, in_range, untapped, target, allies, first
):
    ok = rules.can_attack(action, rng, in_range, untapped, target, allies, first).result
    untapped_now = action in ("none", "used a skill without the tap icon")
    assert ok is (untapped_now and rng != "-" and in_range and not first)
    # the target's state and range, and the other attackers, never matter (Q105–107)
    assert ok is rules.can_attack(action, rng, in_range, True, "1", 0, first).result


@FAST
@given(untapped=st.booleans(), lord=st.booleans(), first=st.booleans())
def test_exactly_an_untapped_unit_moves(untapped, lord, first):
    assert rules.can_move(untapped, lord, first).result is untapped


@FAST
@given(
    phase=st.booleans(),
    tapped=st.booleans(),
    icon=st.booleans(),
    flip=st.integers(0, 5),
    up=st.integers(0, 5),
    down=st.integers(0, 5),
    once=st.booleans(),
    used=st.integers(0, 3),
)
def test_an_act_skill_needs_its_phase_its_limit_and_payable_costs(
    phase, tapped, icon, flip, up, down, once, used
):
    ok = rules.can_use_act_skill(phase, tapped, icon, flip, up, down, once, used).result
    assert ok is (phase and not (once and used) and not (icon and tapped) and flip <= up)
    assert ok is rules.can_use_act_skill(phase, tapped, icon, flip, up, 0, once, used).result


@FAST
@given(front=st.integers(0, 5), back=st.integers(0, 5), support=st.integers(0, 1))
def test_support_area_cards_are_never_units(front, back, support):
    assume(front + back >= 1)
    assert rules.count_allied_units(front, back, support).result == front + back


@FAST
@given(
    when=st.sampled_from(("my turn", "opponent's turn", "start of opponent's turn")),
    front=st.integers(0, 4),
    back=st.integers(0, 4),
)
def test_units_never_march_during_their_own_turn(when, front, back):
    assume(front + back >= 1)
    out = rules.resolve_marching_forward(when, front, back).result
    marches = front == 0 and when != "my turn"
    assert out["marches"] is marches
    assert out["front_line"] + out["back_line"] == front + back
    if marches:
        assert out["back_line"] == 0


@FAST
@given(units=st.lists(name, min_size=1, max_size=6), data=st.data())
def test_one_unit_of_each_name_stays_and_the_lord_is_kept(units, data):
    lord = data.draw(st.sampled_from(units))
    out = rules.resolve_same_name_units(tuple(units), lord).result
    assert len(out["kept"]) == len(set(units))
    assert f"{lord} (lord)" in out["kept"]
    assert len(out["kept"]) + len(out["to_retreat"]) == len(units)


@FAST
@given(
    turn=st.lists(st.sampled_from(("A", "B", "C")), unique=True),
    other=st.lists(st.sampled_from(("X", "Y")), unique=True),
    data=st.data(),
)
def test_the_turn_players_skills_come_first_and_a_new_one_goes_next(turn, other, data):
    after = data.draw(st.integers(0, len(turn) + len(other)))
    out = rules.order_auto_skills(tuple(turn), tuple(other), after, "N").result["order"]
    waiting = [*turn, *other]
    assert [s for s in out if s != "N"] == waiting
    if after:
        assert out.index("N") == after, "right after the skill during which it triggered"
    else:
        assert "N" not in out


@FAST
@given(
    unit=name,
    sup=name,
    f1=st.sampled_from(FACTIONS),
    f2=st.sampled_from(FACTIONS),
    bonds=st.lists(st.sampled_from(FACTIONS), max_size=3),
    others=st.lists(name, max_size=3, unique=True),
)
def test_a_support_fails_only_on_the_same_unit_name(unit, sup, f1, f2, bonds, others):
    assume(unit not in others)
    ok = rules.is_support_successful(unit, sup, f1, f2, tuple(bonds), tuple(others)).result
    assert ok is (unit != sup)


@FAST
@given(
    zone=st.sampled_from(("support area", "battlefield")),
    ok=st.booleans(),
    kind=st.sampled_from(("attack", "defence")),
    role=st.sampled_from(("attacker", "defender")),
    met=st.booleans(),
)
def test_a_support_skill_needs_the_support_area_and_its_side(zone, ok, kind, role, met):
    out = rules.is_support_skill_active(zone, ok, kind, role, met).result
    matches = (kind == "attack") == (role == "attacker")
    assert out is (zone == "support area" and ok and matches and met)


@FAST
@given(
    action=st.sampled_from(("critical attack", "god-speed evasion")),
    role=st.sampled_from(("attacker", "defender")),
    step=st.sampled_from(
        ("critical attack step", "god-speed evasion step", "between two orb draws")
    ),
    hand=st.booleans(),
    failed=st.booleans(),
    higher=st.booleans(),
    prayer=st.booleans(),
)
def test_critical_and_evasion_only_in_their_own_step(
    action, role, step, hand, failed, higher, prayer
):
    out = rules.can_declare_critical_or_evasion(action, role, step, hand, failed, higher, prayer)
    critical = action == "critical attack"
    own = "critical attack step" if critical else "god-speed evasion step"
    owner = "attacker" if critical else "defender"
    assert out.result is (role == owner and step == own and hand and not (critical and prayer))
    if step == "between two orb draws" and role == owner:
        assert ("fe0-qa-111" in [s.cites for s in out.steps]) is (not critical)


@FAST
@given(
    a=power,
    d=power,
    sa=st.integers(0, 40),
    sd=st.integers(0, 40),
    crit=st.booleans(),
    evade=st.booleans(),
    a_sup=name,
    d_sup=name,
)
def test_a_tie_destroys_the_defender_and_a_losing_attacker_survives(
    a, d, sa, sd, crit, evade, a_sup, d_sup
):
    out = rules.resolve_battle(a, d, "马尔斯", "库洛姆", a_sup, sa, d_sup, sd, crit, evade).result
    att = (a + (sa if a_sup != "马尔斯" else 0)) * (2 if crit else 1)
    dfn = d + (sd if d_sup != "库洛姆" else 0)
    assert (out["attacker"], out["defender"]) == (att, dfn)
    assert out["attacker_destroyed"] is False, "the attacker is never destroyed (Q98)"
    assert out["defender_destroyed"] is (att >= dfn and not evade), "ties destroy (Q108)"


@FAST
@given(p=power)
def test_equal_power_destroys_the_defender_at_every_power(p):
    out = rules.resolve_battle(p, p, "马尔斯", "库洛姆", "马尔斯", 0, "库洛姆", 0).result
    assert out["defender_destroyed"] is True


@FAST
@given(
    lord=st.booleans(), orbs=st.integers(0, 5), skills=st.integers(0, 3), supports=st.integers(0, 2)
)
def test_on_destruction_the_unit_goes_first_and_the_supports_last(lord, orbs, skills, supports):
    out = rules.judgement_destruction_order(lord, orbs, skills, supports).result
    if lord and not orbs:
        assert out == {"order": ["defeat"], "defeated": True}
        return
    order = out["order"]
    assert order[0] == ("1 orb into the hand" if lord else "destroyed unit to the retreat area")
    assert len(order) == 1 + skills + (1 if supports else 0)
    if supports:
        assert order[-1] == "support cards to the retreat area"


@FAST
@given(arrived=st.sampled_from(("deployed", "level up", "class change")))
def test_a_class_change_skill_needs_a_class_change(arrived):
    assert rules.can_use_class_change_skill(arrived).result is (arrived == "class change")


@FAST
@given(orbs=st.integers(0, 5), breaks=st.integers(1, 5))
def test_orbs_break_one_at_a_time_and_only_an_orbless_lord_loses(orbs, breaks):
    out = rules.resolve_lord_destroyed(orbs, breaks).result
    assert out["defeated"] is (orbs == 0)
    assert out["orbs_left"] == max(orbs - breaks, 0)
    assert out["orbs_after_each_draw"] == list(range(orbs - 1, out["orbs_left"] - 1, -1))


@FAST
@given(
    deck=st.integers(1, 10),
    retreat=st.integers(0, 10),
    take=st.integers(1, 10),
    dest=st.sampled_from(
        ("hand", "support area (support fails)", "support area (support succeeds)")
    ),
)
def test_the_deck_is_rebuilt_the_moment_it_runs_out(deck, retreat, take, dest):
    try:
        out = rules.take_cards_from_deck(deck, retreat, take, dest).result
    except ParamError as exc:
        assert exc.param == "cards_to_take" and dest != "hand" and take != 1
        return
    taken = take - out["not_taken"]
    failed_support = 1 if dest == "support area (support fails)" else 0
    assert out["deck"] + out["retreat"] + taken - failed_support == deck + retreat
    assert out["reshuffles"] <= 1 or retreat == 0
    if out["not_taken"]:
        assert out["deck"] == 0
