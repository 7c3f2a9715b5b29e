"""A fifth game flows through the whole service from its own folder: a copy of the KB
gets the fixture folder `tests/fixtures/fifth/gamma`, its seed, and one line in
`games/games.yaml`, and nothing else changes: loading, the index, search, ask, pages, the
API, the OpenAPI document and the termbase exports all know it."""

from __future__ import annotations

import csv
import io
import shutil
import xml.etree.ElementTree as ET
from urllib.parse import quote

import pytest

from app import create_app
from tests.conftest import FIXTURES


@pytest.fixture(scope="module")
def five(tmp_path_factory):
    from kb.loader import KB_ROOT

    root = tmp_path_factory.mktemp("five") / "kb"
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(KB_ROOT / "games", root / "games", ignore=skip)
    shutil.copytree(KB_ROOT / "sources", root / "sources")
    shutil.copytree(FIXTURES / "fifth" / "gamma", root / "games" / "gamma", ignore=skip)
    shutil.copy(FIXTURES / "fifth" / "gamma_faq.txt", root / "sources" / "gamma_faq.txt")
    posts = root / "sources" / "sources.yaml"  # its seed's record: who made it, its title
    record = (FIXTURES / "fifth" / "gamma_source.yaml").read_text(encoding="utf-8")
    posts.write_text(posts.read_text(encoding="utf-8") + "\n" + record, encoding="utf-8")
    registry = root / "games" / "games.yaml"
    registry.write_text(
        registry.read_text(encoding="utf-8").replace(
            "games: [whi, magewars, fadingglory, fe0]",
            "games: [whi, magewars, fadingglory, fe0, gamma]",
        ),
        encoding="utf-8",
    )
    index = tmp_path_factory.mktemp("five-index")
    app = create_app({"TESTING": True, "KB_ROOT": str(root), "INDEX_DIR": str(index)})
    return app.test_client()


def test_the_fifth_game_is_loaded_and_listed(five):
    games = five.get("/api/games").get_json()["games"]
    assert [g["slug"] for g in games] == ["whi", "magewars", "fadingglory", "fe0", "gamma"]
    assert games[-1] == {
        "slug": "gamma",
        "name": {"zh": "伽马对决", "en": "Gamma Duel"},
        "entries": 2,
    }


def test_its_entries_are_searched_filtered_and_numbered(five):
    hits = five.get("/api/search?q=生命值同时归零").get_json()["results"]
    assert hits[0]["id"] == "gamma-qa-1"
    only = five.get("/api/search?q=平局&game=gamma").get_json()
    assert {h["game"] for h in only["results"]} == {"gamma"}
    assert only["facets"]["game"]["gamma"] == only["total"]
    assert five.get("/api/search?q=Q1&game=gamma").get_json()["results"][0]["id"] == "gamma-qa-1"
    assert five.get("/api/search?q=x&game=gammma").status_code == 400


def test_its_players_words_and_names_apply(five):
    """血 (a player's word declared in its folder) reaches 生命值; its name is a game name."""
    hits = five.get("/api/search?q=两边血同时没了算平局吗").get_json()["results"]
    assert hits[0]["id"] == "gamma-qa-1"


def test_it_is_answered_with_its_worked_example(five):
    body = five.get("/api/ask?q=双方生命值同时归零算平局吗").get_json()
    assert body["answer"]["id"] == "gamma-qa-1"
    assert body["answer"]["example"]["id"] == "gamma-both-at-zero"
    assert body["answer"]["example"]["result"] == "draw"
    run = five.post("/api/examples/gamma-both-at-zero/run", json={"params": {"life_a": 3}})
    assert run.get_json()["result"] == "player a wins"
    # Filtered to the game, whatever the card says: its ruling and the nearest ones are its own.
    filtered = five.get("/api/ask?q=平局&game=gamma").get_json()
    shown = ([filtered["answer"]] if filtered["answer"] else []) + filtered["related"]
    assert shown and {r["game"] for r in shown} == {"gamma"}


def test_its_pages_are_served(five):
    game = five.get("/games/gamma")
    assert game.status_code == 200 and "伽马对决" in game.get_data(as_text=True)
    entry = five.get("/entries/gamma-qa-1").get_data(as_text=True)
    assert "伽马对决" in entry and "Gamma Duel" in entry, "its names from its declaration"
    assert "同时归零时" in entry and f"/terms/gamma/{quote('生命值')}" in entry
    home = five.get("/").get_data(as_text=True)
    assert 'value="gamma"' in home
    assert five.get("/terms?game=gamma").status_code == 200
    source = five.get("/sources/gamma").get_data(as_text=True)
    assert "伽马对决 官方问答" in source and "/entries/gamma-qa-1" in source


def test_the_api_description_lists_it(five):
    spec = five.get("/api/openapi.json").get_json()
    game_param = next(
        p for p in spec["paths"]["/api/search"]["get"]["parameters"] if p["name"] == "game"
    )
    assert game_param["schema"]["enum"][-1] == "gamma"


def test_its_terms_are_exported(five):
    terms = five.get("/api/terms?game=gamma").get_json()["terms"]
    assert {t["zh"] for t in terms} == {"生命值", "平局"}
    tbx = ET.fromstring(five.get("/api/terms.tbx").data)
    assert any("Gamma Duel" in (e.text or "") for e in tbx.iter())
    rows = list(
        csv.reader(io.StringIO(five.get("/api/terms.csv?game=gamma").get_data(as_text=True)))
    )
    assert any("生命值" in row for row in rows)
