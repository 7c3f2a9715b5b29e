"""Completeness of the KB: every entry bilingual and sourced, links resolve both ways,
every seed sentence accounted for, source text verbatim."""

from __future__ import annotations

import pytest

from kb.coverage import check_verbatim, ledger
from kb.links import missing_backlinks
from kb.model import GAMES, LANGS, VERBATIM_PROVENANCES


def test_every_entry_has_both_languages_provenance_and_source(kb):
    for entry in kb.entries.values():
        for lang in LANGS:
            assert entry.text.get(lang), f"{entry.id} lacks text.{lang}"
            assert entry.title.get(lang), f"{entry.id} lacks title.{lang}"
            assert entry.provenance.get(lang), f"{entry.id} lacks provenance.{lang}"
        assert entry.source.document and entry.source.locator, entry.id
        # The source language's text is the source's own words, never ours.
        assert entry.provenance.get(entry.source_lang) in VERBATIM_PROVENANCES, entry.id


def test_every_game_has_entries(kb):
    for game in GAMES:
        assert kb.by_game(game), f"no entries for {game}"


def test_related_links_go_both_ways(kb):
    assert missing_backlinks(kb) == {}


def test_parents_list_their_children(kb):
    """A judge on a parent's page (or its JSON) finds every part of it: each child is
    listed by its parent, which is an entry of the same game."""
    from kb.serialize import entry_json

    children = [e for e in kb.entries.values() if e.parent]
    assert children
    for entry in children:
        parent = kb.get(entry.parent)
        assert parent.game == entry.game, entry.id
        assert entry.id in entry_json(parent, kb)["children"], entry.id


def test_source_text_is_verbatim(kb):
    assert check_verbatim(kb) == []


@pytest.mark.parametrize(
    "book", ledger(__import__("kb.loader").loader.load_kb()), ids=lambda b: b.document
)
def test_every_seed_sentence_is_accounted_for(book):
    assert book.unaccounted == [], book.uncovered_runs[:5]
    assert book.unused_exclusions == []


def test_seeds_are_unchanged_copies(kb):
    """The project's seeds match the committed checksums (in any checkout), and the
    shared originals where a checkout has them beside it."""
    import hashlib
    from pathlib import Path

    sources = Path(kb.root) / "sources"
    sums = dict(
        reversed(line.split(None, 1)) for line in (sources / "SHA256SUMS").read_text().splitlines()
    )
    assert set(sums) == {p.name for p in sources.glob("*.txt")}
    for name, digest in sums.items():
        assert hashlib.sha256((sources / name).read_bytes()).hexdigest() == digest, name
    for shared in (Path(kb.root).parent.parent / "shared" / "seeds",):
        for seed in shared.glob("*.txt") if shared.is_dir() else ():
            assert (sources / seed.name).read_bytes() == seed.read_bytes(), seed.name


def test_fe0_has_every_official_qa(kb):
    ids = [f"fe0-qa-{n}" for n in range(70, 135)]
    for entry_id in ids:
        entry = kb.get(entry_id)
        assert entry is not None, entry_id
        assert entry.type == "qa"
        assert entry.source.date == "2015-06-24"
        n = entry_id.rsplit("-", 1)[1]
        assert f"Q{n}" in entry.text.zh and entry.text.en
        assert entry.provenance.zh == "translation"
        assert entry.provenance.en == "project-translation"
    assert len([e for e in kb.by_game("fe0") if e.type == "qa"]) == 65


def test_fe0_quirks_are_kept_and_noted(kb):
    q81 = kb.get("fe0-qa-81")
    assert "Q81：是的，算入。" in q81.text.zh  # the answer printed with the prefix "Q81"
    assert q81.note and "Q81" in q81.note.en
    about = kb.get("fe0-rule-about-the-post")
    assert "Eemlem" in about.text.zh and "Eemlem" in about.note.en


def test_fe0_tips_stay_with_their_rule(kb):
    tips = [e.id for e in kb.by_game("fe0") if "Cipher的操作要点！" in e.text.zh]
    assert set(tips) == {
        "fe0-rule-bond-cards",
        "fe0-rule-level-up-class-change",
        "fe0-rule-declare-attack",
    }


def test_every_entry_that_answers_something_carries_players_questions(kb):
    """At least six players' questions in Simplified and Traditional Chinese and English
    (two each), or a reason the entry answers nothing (a heading, the post's title)."""
    for entry in kb.entries.values():
        if entry.no_players_ask:
            assert not entry.players_ask, entry.id
            continue
        counts = {lang: len(entry.asks_in(lang)) for lang in ("zh", "zh-Hant", "en")}
        assert sum(counts.values()) >= 6 and min(counts.values()) >= 2, (entry.id, counts)


def test_players_questions_are_ours_and_shown_as_ours(kb):
    from kb.serialize import entry_json

    entry = kb.get("fe0-qa-108")
    body = entry_json(entry, kb)
    assert body["players_ask"]["provenance"] == "project"
    assert body["players_ask"]["zh"] == entry.asks_in("zh")
    # Never the source's words: no players' question is a sentence of the entry's text.
    for e in kb.entries.values():
        texts = " ".join(e.text.as_dict().values())
        assert not [p.q for p in e.players_ask if len(p.q) > 12 and p.q in texts], e.id
