"""The termbase: whose words each form is (publisher, source, ours, unverified) with its
evidence, the publisher names it holds, records that are right, and the glossary and term
pages a translator works from."""

from __future__ import annotations

import re

import pytest

from kb.termbase import STATUSES, TermbaseError, load_records, load_termbase

WHI_TERMS = [
    ("Cost", "费用"),
    ("Reduction", "减少"),
    ("Loyalty", "忠诚"),
    ("Zones of Play", "使用区域"),
    ("In Play", "场上"),
    ("Out of Play", "场外"),
    ("Play", "使用"),
    ("Put into Play", "放置进场"),
    ("Enters Play", "进场"),
    ("Destroy", "消灭"),
    ("Leaves Play", "离场"),
    ("Target", "目标"),
    ("Illegal Target", "非法目标"),
    ("Non Combat Damage", "非战斗伤害"),
    ("Counterstrike", "反击"),
    ("Indirect Damage", "间接伤害"),
    ("Moving Damage", "移动伤害"),
    ("Moving Units", "移动单位"),
]

# Mage Wars: the publisher's names (card database, Codex and FAQ quoted by the publisher),
# and the renderings of ours they replace, which stay as search keys.
MAGEWARS_NAMES = [
    ("阻碍", "Hinder", "obstruct"),
    ("撞击", "Bash", "collision"),
    ("通行伤害", "Passage Attacks", "passage damage"),
    ("延伸", "Extendable", "Extend"),
    ("两连击", "Doublestrike", "double strike"),
    ("三连击", "Triplestrike", "triple strike"),
    ("法力池", "mana supply", "mana pool"),
    ("心灵安抚", "Pacify", "Mind Soothe"),
    ("暗影驱散", "Seeking Dispel", "Shadow Dispel"),
    ("法力失效", "Nullify", "Mana Failure"),
    ("原力之握", "Force Hold", "Force Grip"),
    ("烈焰狱鬼", "Flaming Hellion", "Flame Fiend"),
    ("死亡链接", "Death Link", "Deathlink"),
    ("怒气记代物", "Wrath token", "rage token"),
    ("无法移动", "Unmovable", "unable to move"),
    ("Thorg", "Thorg, Chief Bodyguard", None),
    ("烈火之墙", "Wall of Fire", None),
    ("生命汲取", "Drain Life", None),
]


@pytest.fixture(scope="module")
def tb(kb):
    return load_termbase(kb)


@pytest.mark.parametrize(("en", "zh"), WHI_TERMS)
def test_whi_terms_are_the_publishers_english_and_the_posts_chinese(tb, en, zh):
    record = next((r for r in tb.for_game("whi") if r.en == en), None)
    assert record is not None, en
    assert zh in record.forms("zh")
    assert record.status_of("en", en) == "publisher"
    assert record.status_of("zh", record.zh) == "source"
    assert any(e.seed == "000_a41495d33ea323b3.txt" for e in record.evidence_for(en))


@pytest.mark.parametrize(("zh", "en", "former"), MAGEWARS_NAMES)
def test_mage_wars_names_are_the_publishers_with_evidence(tb, zh, en, former):
    record = tb.find("magewars", zh)
    assert record is not None and record.en == en
    assert record.status_of("en", en) == "publisher"
    evidence = record.evidence_for(en)
    assert evidence and all(e.where and e.url for e in evidence)
    if former:
        assert former in record.forms("en"), "the former rendering stays a search key"
        assert record.status_of("en", former) == "project"
        assert record.is_superseded("en", former)


def test_every_form_has_a_status_and_publisher_forms_cite_their_source(tb):
    for r in tb.records:
        for lang in ("zh", "en"):
            for form in r.forms(lang):
                status = r.status_of(lang, form)
                assert status in STATUSES, (r.key, form)
                if status in ("publisher", "unverified"):
                    assert r.evidence_for(form), (r.key, form)


def test_fire_emblem_has_no_publisher_english_and_community_forms_say_so(tb):
    """The game was published in Japanese only: English seen in community references is
    `unverified`, with where it was seen; our former rendering “lord” stays a key."""
    fe0 = tb.for_game("fe0")
    assert not any(r.publisher_forms("en") for r in fe0)
    mc = tb.find("fe0", "主人公")
    assert mc.en == "Main Character" and mc.status_of("en", "Main Character") == "unverified"
    assert "MC" in mc.forms("en") and "lord" in mc.forms("en")
    assert "Japanese only" in mc.evidence_for("Main Character")[0].where
    emblem = tb.find("fe0", "祈祷之纹章")
    assert emblem.status_of("en", "Miracle Emblem") == "unverified"


def test_records_the_audit_found_wrong_are_right(tb):
    rage, wrath = tb.find("magewars", "狂怒记代物"), tb.find("magewars", "怒气记代物")
    assert "怒气记代物" not in rage.forms("zh") and wrath.en == "Wrath token"
    assert "怒气" not in tb.find("magewars", "狂怒").forms("zh")
    assert tb.find("magewars", "迟缓").kind == "trait"
    assert tb.find("magewars", "长弓").kind == "attack"
    assert tb.find("fe0", "木仓").traditional == "槍"
    assert tb.find("magewars", "销毁") is None  # a variant, not a record
    assert tb.find("magewars", "摧毁").traditional_of("销毁") == "銷毀"


def test_every_term_entry_has_a_record(kb, tb):
    for entry in kb.entries.values():
        if entry.type == "term":
            assert any(
                entry.term.zh in r.forms("zh") and entry.term.en in r.forms("en")
                for r in tb.for_game(entry.game)
            ), entry.id


def test_every_entry_term_is_in_the_termbase(kb, tb):
    for entry in kb.entries.values():
        forms = {f for r in tb.for_game(entry.game) for f in (*r.forms("zh"), *r.forms("en"))}
        missing = [t for t in entry.terms if t not in forms]
        assert missing == [], (entry.id, missing)


def test_usage_and_uses_in_context_are_computed_from_entries(tb):
    record = tb.find("fe0", "神速回避")
    assert "fe0-rule-god-speed-evasion" in tb.entries_of(record)
    uses = tb.uses_of(record)
    assert uses and all(
        u.match in ("神速回避", "god-speed evasion") or u.lang == "en" for u in uses
    )
    use = next(u for u in uses if u.entry_id == "fe0-rule-god-speed-evasion" and u.lang == "zh")
    assert use.match == "神速回避" and len(use.before + use.after) > 0
    assert tb.uses_of(record) is uses, "computed once per termbase"
    assert tb.find("magewars", "连锁闪电").traditional == "連鎖閃電"


def _write(root, game, transform):
    path = root / "games" / game / "terms.yaml"
    text = path.read_text(encoding="utf-8")
    new = transform(text)
    assert new != text
    path.write_text(new, encoding="utf-8")
    return path


def test_a_publisher_form_without_evidence_is_refused_with_file_and_line(kb_copy):
    path = _write(
        kb_copy,
        "fadingglory",
        lambda t: t.replace(
            "- zh: 强行军\n  en: forced march\n  status: {zh: source, en: project}",
            "- zh: 强行军\n  en: forced march\n  status: {zh: source, en: publisher}",
        ),
    )
    with pytest.raises(TermbaseError) as err:
        load_records(kb_copy)
    message = str(err.value)
    line = path.read_text(encoding="utf-8").split("\n").index("- zh: 强行军") + 1
    assert f"{path}:{line}:" in message and "needs an `evidence` item" in message


def test_the_old_official_flag_is_refused_clearly(kb_copy):
    _write(
        kb_copy,
        "fe0",
        lambda t: t.replace("  status: {zh: source, en: project}", "  official: [zh]", 1),
    )
    with pytest.raises(TermbaseError, match="`official` is replaced by `status"):
        load_records(kb_copy)


def test_an_unknown_status_is_refused(kb_copy):
    _write(
        kb_copy,
        "fe0",
        lambda t: t.replace(
            "  status: {zh: source, en: project}", "  status: {zh: source, en: ours}", 1
        ),
    )
    with pytest.raises(TermbaseError, match="status 'ours'; expected one of publisher"):
        load_records(kb_copy)


def test_traditional_exceptions_are_reviewed_forms_of_real_terms(tb):
    exceptions = tb.records[0].hant_exceptions
    assert exceptions, "the reviewed list is loaded"
    zh_forms = {f for r in tb.records for f in r.forms("zh")}
    assert set(exceptions) <= zh_forms, "no stale exception"


# --- pages -------------------------------------------------------------------------------


def test_glossary_shows_statuses_definitions_and_pages_per_game(client):
    html = client.get("/terms?game=magewars").get_data(as_text=True)
    assert "Definition" in html and "st-publisher" in html and "st-source" in html
    assert "Codex, “Hinder”" not in html  # evidence is on the term page, not the table
    assert 'aria-label="Mage Wars pages"' in html and "page=2" in html
    page2 = client.get("/terms?game=magewars&page=2").get_data(as_text=True)
    first_rows = re.findall(r'<tr id="magewars-([^"]+)"', html)
    second_rows = re.findall(r'<tr id="magewars-([^"]+)"', page2)
    assert first_rows and second_rows and not set(first_rows) & set(second_rows)
    everything = client.get("/terms").get_data(as_text=True)
    assert "/terms?game=magewars" in everything  # each game previews and links its pages


def test_glossary_links_the_exports_for_the_game_and_direction_in_view(client):
    html = client.get("/terms?game=fe0&dir=en-zh").get_data(as_text=True)
    assert "/api/terms.tbx?game=fe0" in html
    assert "/api/terms.csv?game=fe0&amp;source=en&amp;target=zh" in html
    assert "/api/terms.csv?game=fe0&amp;source=en&amp;target=zh-Hant" in html
    html = client.get("/terms?game=magewars").get_data(as_text=True)
    assert "/api/terms.csv?game=magewars&amp;source=zh&amp;target=en" in html


def test_glossary_filters_by_status(client):
    html = client.get("/terms?game=fe0&status=publisher").get_data(as_text=True)
    assert "0 terms" in html
    html = client.get("/terms?status=unverified&game=fe0").get_data(as_text=True)
    assert "Main Character" in html


def test_term_page_shows_each_use_in_its_sentence_with_links_and_evidence(client):
    html = client.get("/terms/magewars/阻碍").get_data(as_text=True)
    assert "<mark>阻碍</mark>" in html and "/entries/magewars-rule-obstruct" in html
    assert "<mark>hindered</mark>" in html or "<mark>Hinder</mark>" in html
    assert "Mangler Caltrops" in html and "github.com/sIKE23/Mage-Wars" in html
    assert "obstruct" in html and "replaced by" in html
    assert client.get("/terms/fe0/不存在").status_code == 404


def test_terms_api_gives_every_form_with_its_status(client):
    terms = client.get("/api/terms?q=hinder&game=magewars").get_json()["terms"]
    hinder = next(t for t in terms if t["zh"] == "阻碍")
    forms = {f["form"]: f for f in hinder["forms"]["en"]}
    assert forms["Hinder"]["status"] == "publisher" and forms["Hinder"]["main"]
    assert (
        forms["obstruct"]["status"] == "project" and forms["obstruct"]["superseded_by"] == "Hinder"
    )
    assert "official" not in hinder
    assert hinder["forms"]["zh"][0]["traditional"] == "阻礙"
    assert client.get("/api/terms?status=publisher&game=fe0").get_json()["terms"] == []
    assert client.get("/api/terms?status=ours").status_code == 400
    detail = client.get("/api/terms/magewars/阻碍").get_json()
    assert any(u["entry"] == "magewars-rule-obstruct" for u in detail["uses"])


def test_term_counts_per_status_are_reported_per_game(tb):
    counts = tb.counts()
    assert counts["fe0"]["publisher"] == 0 and counts["fe0"]["unverified"] > 0
    assert counts["magewars"]["publisher"] > counts["magewars"]["project"]
    assert sum(counts["whi"].values()) == sum(
        len(r.forms("zh")) + len(r.forms("en")) for r in tb.for_game("whi")
    )
