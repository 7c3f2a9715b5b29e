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


def _walk(client, url: str) -> list[dict]:
    """Every entry of a listing, following `next` page by page."""
    seen: list[dict] = []
    while url:
        body = client.get(url).get_json()
        assert body["has_more"] == (body["next"] is not None)
        assert len(body["entries"]) <= body["limit"]
        seen.extend(body["entries"])
        url = body["next"]
    assert len(seen) == body["total"]
    return seen


def test_entries_lists_the_65_fe0_qas(client):
    entries = _walk(client, "/api/entries?game=fe0&type=qa&limit=20")
    assert [e["id"] for e in entries] == [f"fe0-qa-{n}" for n in range(70, 135)]
    for e in entries:
        assert e["text"]["zh"] and e["text"]["en"]
        assert e["provenance"] == {"zh": "translation", "en": "project-translation"}
        assert e["source"]["date"] == "2015-06-24"


def test_entries_are_paged(client, kb):
    first = client.get("/api/entries").get_json()
    assert first["total"] == len(kb) and first["offset"] == 0
    assert len(first["entries"]) == first["limit"] == 50
    assert first["has_more"] is True and first["next"] == "/api/entries?limit=50&offset=50"
    last = client.get(f"/api/entries?limit=50&offset={len(kb) - 3}").get_json()
    assert len(last["entries"]) == 3 and last["has_more"] is False and last["next"] is None
    beyond = client.get("/api/entries?offset=10000").get_json()
    assert beyond["entries"] == [] and beyond["has_more"] is False
    assert [e["id"] for e in _walk(client, "/api/entries?limit=100")] == list(kb.entries)


def test_next_keeps_the_filters(client):
    body = client.get("/api/entries?game=fe0&limit=10&offset=10").get_json()
    assert body["next"] == "/api/entries?game=fe0&limit=10&offset=20"
    assert body["download"] == "/api/entries.json?game=fe0"


def test_bulk_download_is_the_whole_set(client, kb):
    resp = client.get("/api/entries.json")
    assert resp.status_code == 200 and resp.mimetype == "application/json"
    assert resp.headers["Content-Disposition"] == "attachment; filename=rules-kb-entries.json"
    body = resp.get_json()
    assert body["total"] == len(kb) == len(body["entries"])
    assert body["entries"] == _walk(client, "/api/entries?limit=100")
    assert body["content_hash"] == client.get("/api/health").get_json()["index"]["content_hash"]
    qas = client.get("/api/entries.json?game=fe0&type=qa").get_json()
    assert [e["id"] for e in qas["entries"]] == [f"fe0-qa-{n}" for n in range(70, 135)]


def test_worked_examples_run_once_not_per_request(client, monkeypatch):
    """Entries carry their examples already run; serving them runs nothing again."""
    from kb.rulecheck import WorkedExample

    calls = []
    real = WorkedExample.run
    monkeypatch.setattr(WorkedExample, "run", lambda self, *a: calls.append(1) or real(self, *a))
    for url in ("/api/entries", "/api/entries.json", "/api/entries/fe0-qa-108"):
        assert client.get(url).status_code == 200
    assert client.get("/api/examples/fe0-tied-power").get_json()["result"]
    assert calls == []
    ex = client.get("/api/entries/fe0-qa-108").get_json()["examples"][0]
    assert ex["result"] == ex["expected"] and ex["steps"]


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
        ("/api/search?q=x&offset=10001", 400, "offset"),
        ("/api/search?q=x&limit=%205", 400, "limit"),
        ("/api/search?q=x&offset=", 400, "offset"),
        ("/api/search?q=x&limit=1_0", 400, "limit"),
        ("/api/search?q=x&limit=%D9%A1", 400, "limit"),
        ("/api/entries?game=chess", 400, "game"),
        ("/api/entries?limit=0", 400, "limit"),
        ("/api/entries?limit=101", 400, "limit"),
        ("/api/entries?offset=10001", 400, "offset"),
        ("/api/entries.json?type=banana", 400, "type"),
        ("/api/ask", 400, "q"),
        ("/api/ask?q=", 400, "q"),
        ("/api/terms.csv?source=fr", 400, "source"),
        ("/api/examples/nope", 404, None),
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
    assert "GET" in resp.headers["Allow"]


def test_empty_filters_mean_every_game_and_type(client):
    """The search form sends `game=` and `type=` for "all"; the API reads them so too."""
    everything = client.get("/api/search?q=attack").get_json()
    assert client.get("/api/search?q=attack&game=&type=").get_json() == everything


def test_ask_with_only_blanks_answers_nothing(client):
    body = client.get("/api/ask?q=%20%20").get_json()
    assert body["answer"] is None and body["message"]


def test_get_answers_carry_etag_and_cache_control(client):
    resp = client.get("/api/entries/fe0-qa-108")
    content_hash = client.get("/api/health").get_json()["index"]["content_hash"]
    etag = resp.headers["ETag"]
    assert etag.startswith(f'"{content_hash}-') and etag.endswith('"')
    assert resp.headers["Cache-Control"] == "public, max-age=300"
    again = client.get("/api/entries/fe0-qa-108", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag
    weak = client.get("/api/search?q=x", headers={"If-None-Match": f"W/{etag}"})
    assert weak.status_code == 304, "one validator for every answer of this content"
    other = client.get("/api/entries/fe0-qa-108", headers={"If-None-Match": '"old-0"'})
    assert other.status_code == 200 and other.get_json()["id"] == "fe0-qa-108"


@pytest.mark.parametrize(
    "url",
    [
        "/api/search?q=x",
        "/api/entries",
        "/api/entries.json",
        "/api/examples",
        "/api/terms.tbx",
        "/api/terms.csv",
        "/api/games",
        "/api/openapi.json",
        "/api/ask?q=Q108",
        "/api/suggest?q=神",
    ],
)
def test_every_get_is_cacheable(client, url):
    resp = client.get(url)
    assert resp.status_code == 200
    assert resp.headers["Cache-Control"] == "public, max-age=300" and resp.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": resp.headers["ETag"]}).status_code == 304


def test_health_revalidates_and_errors_are_not_stored(client):
    for url in ("/healthz", "/api/health"):
        resp = client.get(url)
        assert resp.headers["Cache-Control"] == "no-cache" and resp.headers["ETag"]
    for resp in (client.get("/api/entries/nope"), client.get("/api/search?limit=0")):
        assert resp.headers["Cache-Control"] == "no-store" and "ETag" not in resp.headers
    run = client.post("/api/examples/fe0-tied-power/run", json={})
    assert run.headers["Cache-Control"] == "no-store" and "ETag" not in run.headers


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
