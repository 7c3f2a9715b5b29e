"""Pages render for readers without JavaScript, with provenance visible and safe headers."""

from __future__ import annotations

import re


def _text(html: str) -> str:
    """The page's text with tags removed (terms in entry texts are wrapped in links)."""
    return re.sub(r"<[^>]+>", "", html)


def test_search_page_shows_results(client):
    html = client.get("/?q=神速回避").get_data(as_text=True)
    assert 'href="/entries/fe0-rule-god-speed-evasion"' in html
    assert "<mark" in html


def test_search_page_handles_bad_filter(client):
    resp = client.get("/?q=x&game=chess")
    assert resp.status_code == 400
    assert "unknown game" in resp.get_data(as_text=True)


def test_entry_page_shows_both_languages_and_provenance(client):
    resp = client.get("/entries/fe0-qa-108")
    assert resp.status_code == 200
    html = _text(resp.get_data(as_text=True))
    assert "A108：是的，会被击破。" in html
    assert "A108: Yes, it is destroyed." in html
    assert "source translation" in html and "our translation" in html
    assert "Q&amp;A 108" in html and "2015-06-24" in html


def test_official_text_is_marked_official(client):
    html = client.get("/entries/whi-term-counterstrike").get_data(as_text=True)
    assert 'class="badge prov-official"' in html


def test_errata_page_shows_original(client):
    html = client.get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    assert "Original wording" in html


def test_game_page_lists_every_entry(client, kb):
    html = client.get("/games/fe0").get_data(as_text=True)
    for entry in kb.by_game("fe0"):
        assert f'href="/entries/{entry.id}"' in html


def test_404_page(client):
    resp = client.get("/entries/nope")
    assert resp.status_code == 404
    assert "nope" in resp.get_data(as_text=True)
    assert client.get("/games/chess").status_code == 404


def test_security_headers(client):
    resp = client.get("/")
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["Referrer-Policy"]


def test_no_inline_script(client):
    for url in ("/", "/?q=攻击", "/entries/fe0-qa-108", "/games/whi"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and "onclick" not in html


def test_query_is_escaped_in_page(client):
    html = client.get("/?q=<script>alert(1)</script>").get_data(as_text=True)
    assert "<script>alert(1)" not in html


def test_ui_language_switch_is_remembered(client):
    resp = client.get("/ui?lang=zh&next=/entries/fe0-qa-108")
    assert resp.status_code == 302 and resp.headers["Location"] == "/entries/fe0-qa-108"
    html = client.get("/").get_data(as_text=True)
    assert 'class="ui-zh"' in html and '<html lang="zh">' in html
    client.get("/ui?lang=en&next=/")
    assert 'class="ui-en"' in client.get("/").get_data(as_text=True)


def test_ui_switch_never_redirects_off_site(client):
    for target in ("//evil.example/", "https://evil.example/", "javascript:alert(1)"):
        resp = client.get("/ui", query_string={"lang": "zh", "next": target})
        assert resp.headers["Location"] == "/"
    assert client.get("/ui?lang=klingon").status_code == 400


def test_errata_page_shows_a_word_level_diff(client):
    html = client.get("/entries/whi-errata-p17-non-combat-damage").get_data(as_text=True)
    assert "<del>and then applied to the target" in html
    assert "<ins>before any other actions can be taken</ins>" in html


def test_terms_are_marked_with_the_other_language(client):
    html = client.get("/entries/fe0-rule-god-speed-evasion").get_data(as_text=True)
    assert 'class="term"' in html and 'data-tip="god-speed evasion"' in html
