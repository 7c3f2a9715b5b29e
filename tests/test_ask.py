"""The answer card: the right ruling with its citation and worked example, or an honest
'no clear answer'."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.relevance import load_queries
from kb.examples import examples_for

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("两个单位战斗力一样的时候谁赢？", "fe0-qa-108"),
        ("兩個單位戰鬥力一樣的時候誰贏？", "fe0-qa-108"),
        ("卡组可以少于50张吗", "fe0-qa-70"),
        (
            "how many dice does chain lightning roll on the second target?",
            "magewars-card-chain-lightning",
        ),
        ("Counterstrike", "whi-term-counterstrike"),
        ("Q108", "fe0-qa-108"),
        # Players' own words, not the rules' (抽光 = 耗尽, 一定要 = 必须, 自己人 = 友方).
        ("卡组抽光了怎么办", ("fe0-rule-deck-out", "fe0-qa-97")),
        ("轉職的時候一定要抽牌嗎", ("fe0-qa-82", "fe0-rule-level-up-class-change")),
        ("必杀是支援加完以后再翻倍吗", "fe0-rule-critical-attack"),
        ("生物能打自己人吗", "magewars-rule-friendly-attacks"),
        ("can I attack with a unit I just moved?", ("fe0-qa-94", "fe0-rule-action-phase")),
    ],
)
def test_questions_reach_the_right_answer(client, question, expected):
    body = client.get("/api/ask", query_string={"q": question}).get_json()
    answer = body["answer"]
    assert answer is not None, body
    expected = (expected,) if isinstance(expected, str) else expected
    assert answer["id"] in expected
    assert answer["citation"] and answer["url"] == f"/entries/{answer['id']}"
    assert set(answer["text"]) == set(answer["provenance"])


def test_a_question_at_the_edge_of_the_sources_leads_with_its_ruling(client):
    """This English tie question sits near the 'not covered' cut (0.70 to 0.76 as the model
    is refitted, the cut 0.72 to 0.75): whether it gets the card or the list of nearest
    rulings, Q&A 108 comes first."""
    q = "what happens when attacker and defender have the same power?"
    body = client.get("/api/ask", query_string={"q": q}).get_json()
    first = body["answer"]["id"] if body["answer"] else body["related"][0]["id"]
    assert first == "fe0-qa-108"


def test_a_question_two_linked_rulings_answer_leads_with_them(client):
    """拿破仑破灭了怎么办: 16.9.6 (the fate roll) and 16.9.7 (a leader's return) both answer
    it and the chooser can't tell them apart. Whether the card then shows one of them or
    says it is not sure enough, the first ruling the player sees is one of the two."""
    body = client.get("/api/ask", query_string={"q": "拿破仑破灭了怎么办"}).get_json()
    first = body["answer"] or body["related"][0]
    assert first["id"] in ("fadingglory-16.9.7", "fadingglory-16.9.6")
    if body["answer"] is None:
        assert body["related"][1]["id"] in ("fadingglory-16.9.7", "fadingglory-16.9.6")


def test_a_near_miss_says_it_is_unsure_and_offers_the_ruling(client):
    """同一張卡最多能放幾張 shares its words with Q85 and the deployment phase as much as
    with deck building: the card must not pretend, and the ruling must be one click away."""
    body = client.get("/api/ask", query_string={"q": "同一張卡最多能放幾張"}).get_json()
    answer = body["answer"]
    ids = [answer["id"], *(r["id"] for r in body["related"])]
    assert "fe0-rule-deck-building" in ids[:5]
    if answer["id"] != "fe0-rule-deck-building":
        assert answer["confidence"] == "low"


def test_a_qa_is_chosen_by_the_question_it_answers(client):
    """Q105 and Q106 share their words (竖置, 敌方, 攻击) but Q106 is the one asking
    whether an untapped enemy can be attacked."""
    body = client.get("/api/ask", query_string={"q": "can I attack an untapped enemy unit?"})
    assert body.get_json()["answer"]["id"] == "fe0-qa-106"


@pytest.mark.parametrize("question", ["驻军可以撤退吗", "can a garrison retreat"])
def test_the_card_shows_the_bullet_that_answers_not_the_entrys_opening(client, question):
    """9.4.4 opens with what garrisons are; the answer is one short bullet among six. The
    bullet is a ruling, not a heading, and every line is read with the entry's title
    (守备力量 / Garrisons), so the question's other word (后撤 / retreat) picks it."""
    card = client.get("/api/ask", query_string={"q": question}).get_json()["answer"]
    assert card["id"] == "fadingglory-9.4.4"
    assert card["part"] == "passage"
    assert card["text"] == {"zh": "· 不可移动或后撤", "en": "· May not move or retreat"}


def test_a_clear_answer_is_confident(client):
    """A question asked in the words of the ruling it reads (Q&A 108's own question)."""
    q = "is the defender destroyed when power is tied?"
    clear = client.get("/api/ask", query_string={"q": q}).get_json()
    assert clear["answer"]["id"] == "fe0-qa-108"
    assert clear["answer"]["confidence"] == "high"
    assert clear["answer"]["probability"] >= 0.97


def test_an_unsure_card_shows_the_other_candidates_answering_lines(engine):
    """Below the high band the card shows, beside its own, the answering lines of the next
    candidates; it says what it is unsure about in both languages."""
    from dataclasses import replace

    from indexer.answer import ask
    from indexer.confidence import model

    # Three rulings state the tie rule: the card is one, and Q&A 108 is beside it when unsure.
    # The bands are moved, not the fitted probabilities, so the test holds across refits.
    question = "战斗力一样的时候防守方会被击破吗？"
    sure = ask(engine, question, confidence_model=replace(model(), high=0.0, medium=0.0, low=0.0))
    unsure = ask(engine, question, confidence_model=replace(model(), high=1.01, medium=1.01))
    assert sure.answer.confidence == "high" and not sure.alternatives
    assert unsure.answer.confidence == "low" and unsure.answer.entry == sure.answer.entry
    assert unsure.alternatives and all(a["id"] != sure.answer.entry.id for a in unsure.alternatives)
    assert all(a["text"] and a["url"].startswith("/entries/") for a in unsure.alternatives)
    assert "Not sure" in unsure.message and "不确定" in unsure.message
    gone = ask(engine, question, confidence_model=replace(model(), high=2, medium=2, low=2))
    assert gone.answer is None and not gone.covered and gone.related
    assert "don't cover" in gone.message and "没有涉及" in gone.message


def test_qa_answer_carries_question_and_answer(client):
    answer = client.get("/api/ask?q=Q108").get_json()["answer"]
    assert "Q108" in answer["text"]["zh"] and "A108" in answer["text"]["zh"]
    assert answer["provenance"] == {"zh": "translation", "en": "project-translation"}


def test_errata_answer_is_the_corrected_wording(client):
    answer = client.get("/api/ask?q=page 17 non combat damage errata").get_json()["answer"]
    assert answer["id"] == "whi-errata-p17-non-combat-damage"
    assert answer["part"] == "corrected"
    assert "applied as soon as it is assigned" in answer["text"]["en"]


def test_answer_example_is_the_entrys_own_with_its_stated_outcome(client):
    answer = client.get("/api/ask?q=Q108").get_json()["answer"]
    example = answer["example"]
    own = examples_for("fe0-qa-108")[0]
    assert example["id"] == own.id
    assert example["result"] == own.expected and example["steps"]


@pytest.mark.parametrize("question", ["what is the meaning of life", "量子纠缠的原理", "   "])
def test_no_good_match_says_so(client, question):
    body = client.get("/api/ask", query_string={"q": question}).get_json()
    assert body["answer"] is None
    assert body["message"]


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("how many cards is an opening hand in Magic the Gathering?", "magic the gathering"),
        ("游戏王的手牌上限是几张", "游戏王"),
    ],
)
def test_a_question_about_another_game_says_which_games_are_covered(client, question, named):
    body = client.get("/api/ask", query_string={"q": question}).get_json()
    assert body["answer"] is None and body["covered"] is False
    assert body["scope"]["other_game"] == named
    assert named in body["message"] and "Mage Wars" in body["message"]
    html = client.get("/", query_string={"q": question}).get_data(as_text=True)
    assert 'class="other-game"' in html and "Fading Glory" in html


def test_answer_card_on_the_search_page(client):
    html = client.get("/?q=两个单位战斗力一样的时候谁赢？").get_data(as_text=True)
    assert 'class="answer confidence-' in html
    assert 'href="/entries/fe0-qa-108"' in html
    assert "#ex-" in html  # the jump to the run form


def test_command_line_answer(index_dir, engine):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "kb",
            "ask",
            "--index-dir",
            str(index_dir),
            "两个单位战斗力一样的时候谁赢？",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "fe0-qa-108" in out.stdout and "Cite:" in out.stdout
    assert "Worked example" in out.stdout


def test_the_command_line_and_the_api_give_the_same_answers(index_dir, engine, client):
    """`python -m kb ask` and `/api/ask` answer every benchmark question identically
    (the command line in a process of its own, over the same generation)."""
    questions = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")]
    out = subprocess.run(
        [sys.executable, "-m", "kb", "ask", "--json", "--index-dir", str(index_dir), *questions],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    cli = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(cli) == len(questions)
    for question, answer in zip(questions, cli, strict=True):
        api = client.get("/api/ask", query_string={"q": question}).get_json()
        assert answer == api, question


def test_a_filtered_question_never_answers_from_another_game(client):
    """The answer card takes the search's filters: with game=whi a tie question about
    Fire Emblem is answered from Warhammer's rulings or not at all."""
    for q in ("两个单位战斗力一样的时候谁赢？", "Q108", "神速回避", "what happens on a tie?"):
        body = client.get("/api/ask", query_string={"q": q, "game": "whi"}).get_json()
        assert body["answer"] is None or body["answer"]["game"] == "whi", q
        assert all(r["game"] == "whi" for r in body["related"]), q
        typed = client.get("/api/ask", query_string={"q": q, "type": "errata"}).get_json()
        assert typed["answer"] is None or typed["answer"]["type"] == "errata", q
    page = client.get("/?q=两个单位战斗力一样的时候谁赢？&game=whi").get_data(as_text=True)
    assert "fe0-qa-108" not in page


def test_a_warmed_engine_holds_every_entrys_words_and_answers_as_a_cold_one(index_dir, engine):
    """gunicorn's master warms the answer card's per-entry words before forking
    (gunicorn.conf.py `when_ready`): afterwards every entry's players' questions are
    already parsed, and the answers are those of an engine that makes them on demand."""
    from indexer.answer import ask, warm_answer_words
    from indexer.engine import open_engine

    cold, warm = open_engine(index_dir), open_engine(index_dir)
    warm_answer_words(warm)
    made = set(warm._memo)  # the engine's derived values (private: no public listing)
    assert {f"asks:{e.id}" for e in warm.kb.entries.values()} <= made
    questions = [q["q"] for q in load_queries(ROOT / "bench" / "queries.yaml")][:60]
    for question in questions:
        assert ask(warm, question).as_dict() == ask(cold, question).as_dict(), question
    assert {k for k in warm._memo if k.startswith("asks:")} == {
        k for k in made if k.startswith("asks:")
    }


@pytest.mark.parametrize(
    ("query", "expected"),
    [("Q108", "fe0-qa-108"), ("第108问", "fe0-qa-108"), ("16.9.5", "fadingglory-16.9.5")],
)
def test_an_official_number_alone_is_a_lookup_answered_for_certain(client, query, expected):
    """A judge typing Q108 cites a ruling: the card is that ruling, certain by construction
    (the model is not asked: number-only queries are too rare among players' questions)."""
    answer = client.get("/api/ask", query_string={"q": query}).get_json()["answer"]
    assert answer["id"] == expected
    assert answer["confidence"] == "high" and answer["probability"] == 1.0


def test_a_number_inside_a_question_is_weighed_like_any_question(client):
    answer = client.get("/api/ask", query_string={"q": "Q108 战斗力一样"}).get_json()["answer"]
    assert answer is not None and answer["id"] == "fe0-qa-108"
    assert answer["probability"] < 1.0


def test_a_citation_is_numbers_and_the_words_naming_their_kind(kb):
    from indexer.numbers import NumberReader

    reader = NumberReader(kb.registry)
    for query in ("Q108", "Q&A 108", "第108问", "rule 16.9.5", "p.12 erratum", "第12页", "108"):
        assert reader.scan(query)[1], query
    for query in ("Q108 战斗力一样", "战斗力100的单位能攻击吗", "16.9.5 领袖", "what is Q"):
        assert not reader.scan(query)[1], query


def test_the_confidence_models_are_never_fitted_on_a_blind_set_in_use():
    """Only a blind set already measured twice (retired) may join the fit."""
    from indexer.fit_confidence import RETIRED_BLIND, TRAINING

    blind = {p.name for p in (ROOT / "bench").glob("queries_blind*.yaml")} | {"queries_test.yaml"}
    in_use = blind - set(RETIRED_BLIND)
    assert "queries_test.yaml" in in_use
    assert not in_use & set(TRAINING)
    assert set(RETIRED_BLIND) <= blind
    assert all((ROOT / "bench" / name).exists() for name in TRAINING)


def test_words_of_a_question_rulings_dont_answer_count_only_as_whole_phrases(engine):
    """卡组推荐 (deck advice) is not a rules question, but 卡组 (a deck) and 多少 (how
    many) alone are the words of many rules questions."""
    from indexer.answer import asks_what_rules_dont_answer

    def flagged(question: str) -> bool:
        return asks_what_rules_dont_answer(engine, engine.parse(question).tokens)

    for question in (
        "火纹0 卡组推荐",
        "FE0 补充包多少钱",
        "best strategy for mage wars",
        "有什么打法思路",
    ):
        assert flagged(question), question
    for question in ("卡组抽光了怎么办", "起手抽多少张", "两边一样强怎么算", "can I buff my unit"):
        assert not flagged(question), question


def test_the_players_questions_table_gives_what_comparing_each_question_gives(engine):
    """Fit.asks looks each word up once in the entry's table of players' questions; the
    result is the one of comparing the question with each players' question in turn."""
    from indexer import tuning
    from indexer.answer import Fit

    def one_by_one(fit: Fit, entry) -> tuple[float, float, float]:
        best, best_f1 = (0.0, 0.0), 0.0
        mine = frozenset(fit.tokens) | {a for v in fit.alts.values() for a in v}
        for p in entry.players_ask:
            parsed = engine.parse(p.q)
            words = engine.analysis.index_words(parsed.search_text)
            senses = [
                (engine.stats.rarity(t), {t, *parsed.expansions.get(t, ())}) for t in parsed.tokens
            ]
            total = sum(w for w, _ in senses) or 1.0
            held = fit.share(words)
            reverse = sum(w for w, alts in senses if alts & mine) / total
            best = max(best, (held, reverse))
            if held + reverse:
                best_f1 = max(best_f1, 2 * held * reverse / (held + reverse))
        return best[0], best[1], best_f1

    questions = [q["q"] for q in load_queries(ROOT / "bench" / "queries_dev.yaml")][:40]
    compared = 0
    for question in [*questions, "主人公标志卡要算在50张里面吗", "Q108"]:
        pq = engine.parse(question)
        fit = Fit(engine, list(pq.tokens), pq.expansions)
        for hit in engine.search(pq, limit=tuning.CANDIDATES).hits:
            entry = engine.kb.entries[hit.id]
            assert fit.asks(entry) == one_by_one(fit, entry), (question, hit.id)
            compared += bool(entry.players_ask)
    assert compared > 100


def test_a_players_word_the_kb_understands_is_not_an_unknown_word(engine):
    """对面 (the KB says 对手) and 打死 (击破) are understood through the players' words:
    only a word neither the KB nor any of its expansions has counts as unknown (a sign
    the question is about something these sources never mention)."""
    from indexer import tuning
    from indexer.answer import candidate_features

    def unknown(question: str) -> float:
        pq = engine.parse(question)
        hits = engine.search(pq, limit=tuning.CANDIDATES).hits
        assert hits, question
        return candidate_features(engine, pq, hits)[1]["unknown_words"]

    assert engine.stats.df.get("对面", 0) == 0 and engine.stats.df.get("打死", 0) == 0
    assert unknown("对面的单位被打死了进哪里") == 0
    assert unknown("量子纠缠的单位被打死了进哪里") >= 1
