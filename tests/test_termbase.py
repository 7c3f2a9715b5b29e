"""The termbase: complete for the sources' terms, exported as TBX and CSV that round-trip,
and checked for consistency."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

import pytest

from kb.termbase import check_consistency, load_termbase
from kb.termbase_io import from_tbx, to_tbx

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


@pytest.fixture(scope="module")
def tb(kb):
    return load_termbase(kb)


@pytest.mark.parametrize(("en", "zh"), WHI_TERMS)
def test_whi_terminology_has_both_official_forms(tb, en, zh):
    record = next((r for r in tb.for_game("whi") if r.en == en), None)
    assert record is not None, en
    assert zh in record.forms("zh")
    assert set(record.official) == {"zh", "en"}


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


def test_usage_is_computed_from_entries(tb):
    record = tb.find("fe0", "神速回避")
    assert "fe0-rule-god-speed-evasion" in tb.entries_of(record)
    assert tb.find("magewars", "连锁闪电").traditional == "連鎖閃電"


def test_tbx_parses_and_every_term_round_trips(client, tb):
    data = client.get("/api/terms.tbx").data
    root = ET.fromstring(data)
    assert root.tag == "martif" and root.get("type") == "TBX-Basic"
    assert len(root.findall(".//termEntry")) == len(tb.records)
    back = from_tbx(to_tbx(tb))
    assert len(back) == len(tb.records)
    for record, item in zip(tb.records, back, strict=True):
        assert (item["game"], item["zh"], item["en"]) == (record.game, record.zh, record.en)
        assert item["variants_zh"] == list(record.variants_zh)
        assert sorted(item["official"]) == sorted(record.official)


def test_csv_is_omegat_friendly(client, tb):
    text = client.get("/api/terms.csv?game=fe0").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(text)))
    assert all(len(r) == 3 for r in rows)
    assert ["神速回避", "god-speed evasion"] in [r[:2] for r in rows]
    assert client.get("/api/terms.csv?source=fr").status_code == 400


def test_terms_api_searches_both_languages(client):
    zh = client.get("/api/terms?q=反击").get_json()["terms"]
    assert any(t["en"] == "Counterstrike" for t in zh)
    en = client.get("/api/terms?q=god-speed&game=fe0").get_json()["terms"]
    assert any(t["zh"] == "神速回避" and t["entries"] for t in en)


def test_term_pages(client):
    assert client.get("/terms").status_code == 200
    html = client.get("/terms/fe0/神速回避").get_data(as_text=True)
    assert "god-speed evasion" in html and "/entries/fe0-rule-god-speed-evasion" in html
    assert client.get("/terms/fe0/不存在").status_code == 404
    assert client.get("/terms/check").status_code == 200


def test_consistency_report_runs_and_our_texts_are_clean(kb, tb):
    findings = check_consistency(kb, tb)
    ours = [str(f) for f in findings if f.where == "ours"]
    assert ours == [], ours
    # Real inconsistencies of the sources are reported, not hidden.
    assert any(f.where == "source" for f in findings)


def test_suggest_is_prefix_first_and_bounded(client):
    body = client.get("/api/suggest?q=神速").get_json()
    assert body["suggestions"] and body["suggestions"][0]["text"].startswith("神速")
    assert len(body["suggestions"]) <= 10
    assert client.get("/api/suggest?q=").get_json()["suggestions"] == []
    trad = client.get("/api/suggest?q=神速迴").get_json()["suggestions"]
    assert any("神速回避" in s["text"] for s in trad)
