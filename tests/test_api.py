"""The JSON API keeps DESIGN.md's shapes and never answers bad input with a 5xx."""

from __future__ import annotations

import pytest


def test_search_shape(client):
    body = client.get("/api/search?q=神速回避").get_json()
    assert set(body) >= {"query", "total", "results", "facets"}
    hit = body["results"][0]
    assert set(hit) == {"id", "game", "type", "title", "snippet", "url", "score"}
    assert hit["id"] == "fe0-rule-god-speed-evasion"
    assert hit["url"] == "/entries/fe0-rule-god-speed-evasion"
    assert set(body["facets"]) == {"game", "type"}


def test_chinese_is_readable_in_json(client):
    raw = client.get("/api/search?q=神速回避").get_data(as_text=True)
    assert "神速回避" in raw


def test_entries_lists_the_65_fe0_qas(client):
    entries = client.get("/api/entries?game=fe0&type=qa").get_json()["entries"]
    assert [e["id"] for e in entries] == [f"fe0-qa-{n}" for n in range(70, 135)]
    for e in entries:
        assert e["text"]["zh"] and e["text"]["en"]
        assert e["provenance"] == {"zh": "translation", "en": "project-translation"}
        assert e["source"]["date"] == "2015-06-24"


def test_entry_shape(client):
    e = client.get("/api/entries/fe0-qa-108").get_json()
    for key in (
        "id",
        "game",
        "type",
        "title",
        "text",
        "provenance",
        "source",
        "terms",
        "related",
        "examples",
        "citation",
    ):
        assert key in e, key
    assert list(e["text"]) == ["zh", "en"], "the source language comes first"
    assert e["source"] == {
        "document": "004_1b7e94789a4a6c70.txt",
        "locator": "Q&A 108",
        "date": "2015-06-24",
        "credit": e["source"]["credit"],
    }
    assert "fe0-qa-108" in e["citation"]


def test_errata_carry_original_wording(client):
    e = client.get("/api/entries/whi-errata-p12-assign-damage").get_json()
    assert e["type"] == "errata"
    assert "original" in e and e["original"]["en"]
    assert next(iter(e["text"])) == "en" and e["provenance"]["en"] == "official"


def test_games(client):
    games = client.get("/api/games").get_json()["games"]
    assert [g["slug"] for g in games] == ["whi", "magewars", "fadingglory", "fe0"]
    assert all(g["entries"] > 0 and g["name"]["zh"] and g["name"]["en"] for g in games)


@pytest.mark.parametrize(
    ("url", "status", "param"),
    [
        ("/api/entries/nope", 404, None),
        ("/api/search?q=x&limit=abc", 400, "limit"),
        ("/api/search?q=x&limit=0", 400, "limit"),
        ("/api/search?q=x&limit=51", 400, "limit"),
        ("/api/search?q=x&offset=-1", 400, "offset"),
        ("/api/search?q=x&game=chess", 400, "game"),
        ("/api/search?q=x&type=banana", 400, "type"),
        ("/api/entries?game=chess", 400, "game"),
        ("/api/nothing-here", 404, None),
    ],
)
def test_errors_are_json(client, url, status, param):
    resp = client.get(url)
    assert resp.status_code == status
    err = resp.get_json()["error"]
    assert err["code"] and err["message"]
    if param:
        assert err["param"] == param and param in err["message"]


def test_method_not_allowed_is_json(client):
    resp = client.post("/api/search")
    assert resp.status_code == 405
    assert resp.get_json()["error"]["code"] == "method_not_allowed"


@pytest.mark.parametrize(
    "q",
    [
        '"',
        "(((",
        "*",
        "q:",
        "[1 TO",
        "x" * 5000,
        "%00",
        "%ED%A0%80",
        "中" * 5000,
        "NOT NOT x",
        "%FF%FE",
    ],
)
def test_hostile_queries_never_5xx(client, q):
    resp = client.get(f"/api/search?q={q}")
    assert resp.status_code == 200
    assert resp.get_json()["total"] >= 0


def test_nul_byte_query(client):
    resp = client.get("/api/search", query_string={"q": "攻击\x00"})
    assert resp.status_code == 200
