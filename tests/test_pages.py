"""Pages render for readers without JavaScript, with provenance visible and safe headers."""

from __future__ import annotations

import re

import pytest


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


# --- issue 17: phone-first pages, whose words, useful zero results, one language -----


def _as(client, ui: str):
    client.set_cookie("ui", ui)
    return client


def test_home_page_says_what_this_is_and_offers_questions_that_are_answered(client, app):
    from web.pages import HOME_QUESTIONS

    html = _as(client, "en").get("/").get_data(as_text=True)
    assert 'class="tagline"' in html and "quoted word for word" in html
    assert {lang for lang, _ in HOME_QUESTIONS} == {"zh", "en"}
    for _lang, question in HOME_QUESTIONS:
        assert question.replace("'", "&#39;") in html
        answer = client.get("/api/ask", query_string={"q": question}).get_json()["answer"]
        assert answer is not None and answer["confidence"] in ("high", "medium"), question


def test_zero_results_offer_terms_that_sound_like_the_pinyin(client):
    html = _as(client, "en").get("/?q=liansuo").get_data(as_text=True)
    assert "0 results" in html and "looks like pinyin" in html
    assert "连锁闪电" in html and "Chain Lightning" in html
    assert 'class="facet-h"' not in html, "no facet labels with nothing after them"
    assert "神速回避" not in html, "no fixed list unrelated to the query"


def test_zero_results_offer_the_same_question_in_another_game(client):
    html = _as(client, "en").get("/?q=疲劳&game=whi").get_data(as_text=True)
    assert "The same question in another game" in html
    assert 'href="/?q=%E7%96%B2%E5%8A%B3&amp;game=fadingglory"' in html


def test_zero_results_offer_the_spelling_pass_correction(client):
    html = _as(client, "en").get("/?q=chain+lightnig&game=fadingglory").get_data(as_text=True)
    assert "Did you mean" in html and "chain lightning" in html


def test_citation_names_the_source_post_and_an_absolute_link_never_the_file(client):
    html = _as(client, "en").get("/entries/fe0-qa-108").get_data(as_text=True)
    citation = re.search(r'<pre class="citation" id="citation-text"[^>]*>(.*?)</pre>', html, re.S)
    assert citation is not None
    text = citation.group(1)
    assert "“[FE0]TCG 火焰之纹章0 (Cipher) 卡表总导航+图文规则+规则Q&amp;A”" in text
    assert "last edited 2015-07-29" in text and "2015-06-24" in text
    assert text.endswith("http://localhost/entries/fe0-qa-108")
    assert "004_1b7e94789a4a6c70" not in html


def test_citation_uses_the_configured_public_base_url(client, app):
    app.config["PUBLIC_BASE_URL"] = "https://rules.example.org/"
    try:
        html = client.get("/entries/whi-term-counterstrike").get_data(as_text=True)
    finally:
        app.config.pop("PUBLIC_BASE_URL")
    assert "https://rules.example.org/entries/whi-term-counterstrike" in html
    assert "http://localhost/entries" not in html


def test_chinese_interface_cites_in_chinese(client):
    html = _as(client, "zh").get("/entries/whi-term-counterstrike").get_data(as_text=True)
    citation = re.search(r'id="citation-text"[^>]*>(.*?)</pre>', html, re.S).group(1)
    assert "出自：“Official Rules Clarification 官方规则说明”" in citation
    assert "战锤：入侵" in citation and "最后编辑于 2010-05-28" in citation


def test_static_files_are_fingerprinted_and_cached_for_a_year(client):
    html = client.get("/").get_data(as_text=True)
    css = re.search(r'href="(/static/style\.css\?v=([0-9a-f]{12}))"', html)
    js = re.search(r'src="(/static/app\.js\?v=[0-9a-f]{12})"', html)
    assert css and js
    with client.get(css.group(1)) as long:
        assert long.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    with client.get("/static/style.css?v=000000000000") as stale:
        assert stale.status_code == 200 and stale.headers["Cache-Control"] == "no-cache"
    assert "Cookie" in client.get("/").headers["Vary"]


def test_a_changed_file_gets_a_new_fingerprint(tmp_path):
    from web.assets import fingerprint

    path = tmp_path / "app.js"
    path.write_text("one", encoding="utf-8")
    before = fingerprint(path)
    path.write_text("two!", encoding="utf-8")
    assert fingerprint(path) != before


def test_terms_are_marked_once_per_text_and_are_not_tab_stops(client):
    html = client.get("/entries/fe0-rule-god-speed-evasion").get_data(as_text=True)
    text_zh = html.split('<div class="text-body" lang="zh">', 1)[1].split("</div>", 1)[0]
    assert text_zh.count("神速回避") > 1, "the term recurs in the text"
    terms = re.findall(r'<a class="term" href="([^"]+)" tabindex="-1"', text_zh)
    assert terms and len(terms) == len(set(terms)), "each term is marked once"
    assert not re.search(r'<a class="term"(?![^>]*tabindex="-1")', html), "no term is a Tab stop"
    # The keyboard reaches the same glossary pages through the entry's term list.
    assert all(f'href="{t}"' in html.split('class="inline term-list"', 1)[1] for t in terms)


def test_erratum_page_puts_what_changed_first_and_folds_the_notes(client):
    html = _as(client, "en").get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    changed = html.index('id="changed-h"')
    assert changed < html.index("Corrected wording") < html.index("Original wording")
    assert html.index('class="cite-bar"') < changed
    assert re.search(r'<details class="fold translator-note"\s*>', html)
    assert re.search(r'<details class="fold editor-note"\s*>', html)
    assert re.search(r'<details class="fold examples-fold">', html)


def test_erratum_breadcrumb_does_not_repeat_its_section(client):
    html = client.get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    crumbs = html.split('class="crumbs"', 1)[1].split("</nav>", 1)[0]
    assert crumbs.count("Core Set Rulebook Errata") == 1


def test_the_posts_own_label_is_a_heading_not_the_publishers_english(client, kb):
    """The post's Chinese label 原规则： heads the original wording; it is not part of the
    publisher's English (which starts with the FAQ's own words)."""
    entry = kb.get("whi-errata-p12-assign-damage")
    assert not entry.original.en.startswith("原规则")
    assert entry.original.en.startswith("The attacking player assigns damage")
    html = client.get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    assert '<h2 class="part">' in html and "原规则" in html.split('<div class="texts original">')[0]


def test_our_notes_name_no_internal_fields(client):
    html = _as(client, "en").get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    note = html.split('class="fold editor-note"', 1)[1].split("</details>", 1)[0]
    for field in ("text.zh", "original.en", "translator-note.zh"):
        assert field not in note
    assert (
        "the Chinese text" in note and 'href="/entries/whi-term-dealing-damage-in-combat"' in note
    )


@pytest.mark.parametrize(
    ("ui", "badge", "meaning"),
    [
        ("en", "source translation", "not the publisher"),
        ("zh", "原帖译文", "并非发行商原话"),
    ],
)
def test_badges_speak_the_interface_language_and_link_to_their_meaning(client, ui, badge, meaning):
    html = _as(client, ui).get("/entries/fe0-qa-108").get_data(as_text=True)
    assert 'href="#prov-translation" title="' in html
    assert re.search(rf'<a class="badge prov-translation"[^>]*>{badge}</a>', html)
    legend = html.split('id="whose-words"', 1)[1]
    assert 'id="prov-translation"' in legend and meaning in legend


def test_a_game_without_publisher_text_says_so(client):
    fe0 = _as(client, "en").get("/entries/fe0-qa-108").get_data(as_text=True)
    assert "hold no publisher text" in fe0
    assert "hold no publisher text" in client.get("/games/fe0").get_data(as_text=True)
    whi = client.get("/entries/whi-term-counterstrike").get_data(as_text=True)
    assert "hold no publisher text" not in whi


def test_official_is_shown_only_for_publisher_text(client, kb):
    for entry in kb.by_game("fe0")[:20]:
        html = client.get(entry.url).get_data(as_text=True)
        texts = html.split('id="whose-words"', 1)[0]
        assert 'class="badge prov-official"' not in texts, entry.id


@pytest.mark.parametrize(
    ("ui", "absent"),
    [
        ("zh", ("Copy citation", "Source post", "Whose words", "Corrected wording", "What the")),
        ("en", ("复制引用", "来源帖子", "这些文字出自谁", "更正后的文字", "勘误改动")),
    ],
)
def test_one_interface_language_when_chosen(client, ui, absent):
    html = _as(client, ui).get("/entries/whi-errata-p12-assign-damage").get_data(as_text=True)
    assert f'<html lang="{ui}">' in html
    found = [a for a in absent if a in _text(html)]
    assert found == []


def test_live_search_gets_the_results_alone(client):
    resp = client.get("/?q=神速回避&partial=results")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in html
    assert 'class="results"' in html and 'href="/entries/fe0-rule-god-speed-evasion"' in html
