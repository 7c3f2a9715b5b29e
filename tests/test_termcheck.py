"""The consistency report finds real problems: each check is proven by planting the problem
in a copy of the KB and watching it be caught, and the KB as it stands is clean."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.loader import load_kb
from kb.termbase import load_termbase
from kb.termcheck import check_consistency, same_name


def _report(root: Path):
    kb = load_kb(root)
    return check_consistency(kb, load_termbase(kb))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _entry(root: Path, entry_id: str) -> Path:
    return root / "games" / entry_id.split("-")[0] / "entries" / f"{entry_id}.md"


def _terms(root: Path, game: str) -> Path:
    return root / "games" / game / "terms.yaml"


def _ours(report, check: str, game: str | None = None):
    return [f for f in report.ours if f.check == check and (game is None or f.game == game)]


@pytest.fixture(scope="module")
def report(kb):
    return check_consistency(kb, load_termbase(kb))


def test_our_texts_and_records_are_clean(report):
    assert [str(f) for f in report.ours] == []


def test_source_variants_are_reported_once_and_apart(report):
    assert report.source, "the posts' own variants are reported, not hidden"
    keys = [(f.check, f.game, f.term) for f in report.source]
    assert len(keys) == len(set(keys))
    variants = {f.term: f.detail for f in report.source if f.check == "source-variants"}
    assert "摧毁 ×" in variants["摧毁"] and "销毁 ×" in variants["摧毁"]


def test_a_removed_occurrence_is_caught_by_the_count(kb_copy):
    """Replacing one “god-speed evasion” in its own entry was silent before."""
    _edit(
        _entry(kb_copy, "fe0-rule-god-speed-evasion"),
        "god-speed evasion",
        "an evasion",
    )
    found = _ours(_report(kb_copy), "count", "fe0")
    assert [f.term for f in found] == ["神速回避"]
    assert found[0].entries == ("fe0-rule-god-speed-evasion",)


def test_a_removed_term_record_is_caught(kb_copy):
    path = _terms(kb_copy, "fe0")
    text = path.read_text(encoding="utf-8")
    start = text.index("- zh: 神速回避\n")
    end = text.index("\n- zh: ", start + 1)
    path.write_text(text[:start] + text[end + 1 :], encoding="utf-8")
    found = _ours(_report(kb_copy), "unknown-term", "fe0")
    assert [f.term for f in found] == ["神速回避"]
    assert "fe0-rule-god-speed-evasion" in found[0].entries


def test_a_planted_merge_is_caught(kb_copy):
    """Valshalla's Wrath token folded back into the Rage token record, as it once was."""
    path = _terms(kb_copy, "magewars")
    text = path.read_text(encoding="utf-8")
    start = text.index("- zh: 怒气记代物\n")
    end = text.index("\n- zh: ", start + 1)
    wrath = text[start:end]
    evidence = wrath[wrath.index("  evidence:") : wrath.index("  definition:")]
    text = text[:start] + text[end + 1 :]
    text = text.replace(
        "- zh: 狂怒记代物\n  en: rage token\n  status: {zh: source, en: project}\n  kind: marker\n",
        "- zh: 狂怒记代物\n  en: rage token\n  status: {zh: source, en: project}\n  kind: marker\n"
        "  variants: {zh: [怒气记代物], en: [{Rage token: publisher}, {Wrath token: publisher}]}\n"
        + evidence.replace("forms: [Wrath token]", "forms: [Wrath token, Rage token]"),
    )
    path.write_text(text, encoding="utf-8")
    found = _ours(_report(kb_copy), "merged", "magewars")
    assert any("Rage token / Wrath token" in f.detail for f in found), [str(f) for f in found]


def test_one_source_word_in_two_records_is_caught(kb_copy):
    _edit(
        _terms(kb_copy, "magewars"),
        "- zh: 狂怒记代物\n  en: rage token\n  status: {zh: source, en: project}\n  kind: marker\n",
        "- zh: 狂怒记代物\n  en: rage token\n  status: {zh: source, en: project}\n  kind: marker\n"
        "  variants: {zh: [怒气记代物]}\n",
    )
    found = _ours(_report(kb_copy), "merged", "magewars")
    assert any("“怒气记代物” is a form of" in f.detail for f in found)


def test_a_planted_uk_spelling_in_a_us_game_is_caught(kb_copy):
    text = _entry(kb_copy, "magewars-trait-armor").read_text(encoding="utf-8")
    body = text.split("## text.en\n", 1)[1]
    _entry(kb_copy, "magewars-trait-armor").write_text(
        text.replace(body, body.replace("Armor", "Armour", 1)), encoding="utf-8"
    )
    found = _ours(_report(kb_copy), "spelling")
    assert [(f.game, f.entries) for f in found] == [("magewars", ("magewars-trait-armor",))]
    assert "“Armour” (→ Armor)" in found[0].detail


def test_the_publishers_own_english_is_never_style_checked(kb):
    """whi's English is the FAQ's (official): only our notes and translations are read."""
    from kb.termcheck import our_english

    entry = kb.get("whi-term-destroy")
    assert entry.provenance.en == "official"
    assert [s for s, _ in our_english(entry)] == [
        s
        for s in ("translator-note", "note")
        if getattr(entry, s.replace("-", "_"), None) is not None
        and getattr(entry, s.replace("-", "_")).en
    ]


def test_phase_capitalisation_and_publisher_forms_are_caught(kb_copy):
    _edit(
        _entry(kb_copy, "magewars-card-jinx"),
        "spellbound spell",
        "spellbound spell in the upkeep phase",
    )
    _edit(
        _entry(kb_copy, "magewars-rule-obstruct"),
        "Movement by teleport ignores hindering.",
        "Movement by teleport ignores obstruct restrictions.",
    )
    report = _report(kb_copy)
    caps = _ours(report, "capitalisation", "magewars")
    assert [(f.term, f.entries) for f in caps] == [("维持阶段", ("magewars-card-jinx",))]
    old = _ours(report, "publisher-form", "magewars")
    assert [(f.term, f.entries) for f in old] == [("阻碍", ("magewars-rule-obstruct",))]
    assert "“obstruct”" in old[0].detail and "“Hinder”" in old[0].detail


def test_a_source_status_the_source_does_not_bear_out_is_caught(kb_copy):
    _edit(
        _terms(kb_copy, "magewars"),
        "- zh: 官方规则\n  en: official rule\n  status: {zh: source, en: project}",
        "- zh: 官方规则\n  en: official rule\n  status: {zh: source, en: source}",
    )
    found = _ours(_report(kb_copy), "status", "magewars")
    assert [f.term for f in found] == ["官方规则"]


def test_names_written_two_ways_are_one_term_but_rage_and_wrath_are_two():
    for a, b in [
        ("Core Set Rulebook", "Core Rulebook"),
        ("Thorg, Chief Bodyguard", "Thorg"),
        ("attack dice", "attack die"),
        ("Sacrifice", "Sacrifce"),
        ("Passage Attacks", "Passage Attack"),
        ("bind", "bound"),
    ]:
        assert same_name(a, b), (a, b)
    assert not same_name("Rage token", "Wrath token")
    assert not same_name("Seeking Dispel", "Dispel Magic")


def test_report_is_computed_once_per_termbase(kb, monkeypatch):
    import kb.termcheck as termcheck

    calls = []
    real = termcheck.check_consistency
    monkeypatch.setattr(termcheck, "check_consistency", lambda *a: calls.append(1) or real(*a))
    tb = load_termbase(kb)
    assert tb.report is tb.report
    assert len(calls) == 1


def test_report_page_filters_and_links_its_terms(client):
    html = client.get("/terms/check?where=source&game=fadingglory").get_data(as_text=True)
    assert (
        "/terms/fadingglory/%E6%8B%BF%E7%A0%B4%E4%BB%91" in html
        or "/terms/fadingglory/拿破仑" in html
    )
    assert "/terms/magewars/" not in html  # other games' findings are filtered out
    assert client.get("/terms/check?check=nonsense").status_code == 400
    body = client.get("/api/terms/check?where=ours").get_json()
    assert body["total"] == 0 and body["findings"] == []
    body = client.get("/api/terms/check?check=source-variants&game=fe0").get_json()
    assert body["total"] > 0 and {f["game"] for f in body["findings"]} == {"fe0"}
