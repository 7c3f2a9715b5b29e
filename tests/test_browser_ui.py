"""The site for a judge on a phone, a player typing Chinese and a translator, in Chromium:
input-method composition, the first screen at 390 px, citation and sharing, printing,
tables and words that never break, dark mode, and the interface language switch."""

from __future__ import annotations

import pytest

from tests.browser_support import DESKTOP, PHONE, axe_violations, pdf_pages, watch_errors

pytest_plugins = ("tests.browser_fixtures",)  # the base_url and browser fixtures
expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = pytest.mark.browser

QUESTION = "两个单位战斗力一样的时候谁赢？"
ERRATUM = "/entries/whi-errata-p12-assign-damage"


@pytest.fixture()
def new_page(browser, base_url):
    """Opens pages with chosen options; every one must end without a console error."""
    opened = []

    def make(viewport=PHONE, ui=None, init_script=None, expected_error=None, **options):
        context = browser.new_context(viewport=viewport, base_url=base_url, **options)
        if ui:
            context.add_cookies([{"name": "ui", "value": ui, "url": base_url}])
        if init_script:
            context.add_init_script(init_script)
        pg = context.new_page()
        opened.append((context, watch_errors(pg), expected_error))
        return pg

    yield make
    for context, errors, expected in opened:
        context.close()
        unexpected = [e for e in errors if not (expected and expected in e)]
        assert unexpected == [], f"browser errors: {unexpected}"


# --- Chinese input -------------------------------------------------------------------


def test_no_live_search_while_an_input_method_is_composing(new_page):
    pg = new_page()
    asked: list[str] = []
    searches = ("partial=", "/api/")
    pg.on("request", lambda r: asked.append(r.url) if any(s in r.url for s in searches) else None)
    pg.goto("/")
    pg.focus("#q")
    cdp = pg.context.new_cdp_session(pg)
    for typed in ("l", "lian", "liansu", "liansuo"):  # pinyin, still being composed
        at = len(typed)
        cdp.send(
            "Input.imeSetComposition", {"text": typed, "selectionStart": at, "selectionEnd": at}
        )
        pg.wait_for_timeout(80)
    pg.wait_for_timeout(700)  # well past the live search's 250 ms pause
    assert asked == [], f"searched while composing: {asked}"
    assert "q=" not in pg.url and pg.locator("section.results").count() == 0
    cdp.send("Input.insertText", {"text": "连锁"})  # the input method commits the characters
    pg.wait_for_selector("section.results")
    assert "liansuo" not in " ".join(asked)
    assert "q=%E8%BF%9E%E9%94%81" in pg.url
    assert "连锁" in pg.inner_text("#live-status")


def test_live_results_are_announced_with_game_names_and_facets(new_page):
    pg = new_page(viewport=DESKTOP, ui="en")
    pg.goto("/")
    pg.type("#q", "反击", delay=30)
    pg.wait_for_selector("ol.hits a[href='/entries/whi-term-counterstrike']")
    status = pg.locator("#live-status")
    assert status.get_attribute("role") == "status"
    assert "results for “反击”" in status.inner_text()
    games = pg.locator("ol.hits .badge.game").all_inner_texts()
    assert "Warhammer: Invasion" in games and "whi" not in games
    assert pg.locator("nav.facets a").count() >= 2


# --- a judge on a phone --------------------------------------------------------------


def test_header_is_one_row_and_the_menu_opens(new_page):
    pg = new_page()
    pg.goto("/entries/fe0-qa-108")
    header = pg.locator("header.site").bounding_box()
    assert header["height"] <= 64, f"header is {header['height']} px tall"
    tops = pg.evaluate(
        "[...document.querySelectorAll('header.site > *')].filter(e => e.checkVisibility())"
        ".map(e => e.getBoundingClientRect().top)"
    )
    assert max(tops) - min(tops) < 16, f"header items sit on several rows: {tops}"
    pg.click("button.menu-toggle")
    assert pg.locator("#menu a[href='/games/whi']").is_visible()
    assert pg.locator("#menu-q").is_visible(), "the menu offers search on other pages"
    pg.keyboard.press("Escape")
    assert not pg.locator("#menu a[href='/games/whi']").is_visible()


def test_menu_works_without_javascript(new_page):
    pg = new_page(java_script_enabled=False)
    pg.goto("/games/fe0")
    assert not pg.locator("#menu a[href='/games/whi']").is_visible()
    pg.click("a.menu-toggle")
    assert pg.locator("#menu a[href='/games/whi']").is_visible()


def test_the_answer_is_on_the_first_screen_of_a_phone(new_page):
    pg = new_page()
    pg.goto("/?q=" + QUESTION)
    assert pg.locator("#q").bounding_box()["y"] < 200
    verdict = pg.locator("section.answer .texts p").first.bounding_box()
    bottom = verdict["y"] + verdict["height"]
    assert bottom <= PHONE["height"], f"the answer ends at {bottom} px"


def test_erratum_on_a_phone_shows_the_change_and_the_citation_bar_first(new_page):
    pg = new_page()
    pg.goto(ERRATUM)
    bar = pg.locator(".cite-bar button[data-copy=citation-text]").bounding_box()
    changed = pg.locator("#changed-h").bounding_box()
    assert bar["y"] < 844 and changed["y"] < 844
    assert pg.locator("details.translator-note").get_attribute("open") is None
    assert pg.locator("details.editor-note").get_attribute("open") is None
    assert not pg.locator("section.examples").is_visible(), "examples are folded on errata"


def test_copy_buttons_say_what_they_copied(new_page, base_url):
    pg = new_page(ui="en", permissions=["clipboard-read", "clipboard-write"])
    pg.goto("/entries/fe0-qa-108")
    text_button = pg.locator("button[data-copy=citation-text]")
    md_button = pg.locator("button[data-copy=citation-md]")
    text_button.click()
    expect(text_button).to_have_text("Citation copied")
    copied = pg.evaluate("navigator.clipboard.readText()")
    assert f"{base_url}/entries/fe0-qa-108" in copied
    assert "[FE0]TCG 火焰之纹章0 (Cipher) 卡表总导航+图文规则+规则Q&A" in copied
    assert "2015-07-29" in copied and "2015-06-24" in copied
    assert ".txt" not in copied and "004_1b7e" not in copied
    md_button.click()
    expect(md_button).to_have_text("Markdown citation copied")
    expect(text_button).to_have_text("Copy citation")  # the other button forgets its state
    copied_md = pg.evaluate("navigator.clipboard.readText()")
    assert copied_md.startswith("[") and f"]({base_url}/entries/fe0-qa-108)" in copied_md
    expect(pg.locator(".cite-status")).to_have_text("Markdown citation copied")


def test_copy_without_the_clipboard_api_selects_the_text_and_says_so(new_page):
    no_clipboard = "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => {}});"
    pg = new_page(init_script=no_clipboard)  # both languages (the default)
    pg.goto("/entries/fe0-qa-108")
    pg.click("button[data-copy=citation-text]")
    area = pg.locator(".cite-fallback textarea")
    expect(area).to_be_visible()
    assert area.input_value() == pg.locator("#citation-text").inner_text().strip()
    selected = pg.evaluate(
        "(() => { const a = document.activeElement; return a.selectionEnd - a.selectionStart; })()"
    )
    assert selected == len(area.input_value())
    said = pg.locator(".cite-status").inner_text()
    assert "Ctrl+C" in said and "已选中" in said and "Selected" in said


def test_share_uses_web_share_where_there_is_one(new_page, base_url):
    fake_share = "navigator.share = async (data) => { window.__shared = data; };"
    pg = new_page(ui="zh", init_script=fake_share)
    pg.goto("/entries/fe0-qa-108")
    share = pg.locator("button[data-share]")
    share.click()
    pg.wait_for_function("window.__shared !== undefined")
    assert pg.evaluate("window.__shared.url") == f"{base_url}/entries/fe0-qa-108"
    expect(share).to_have_text("已分享")


def test_share_without_web_share_gives_a_copyable_link(new_page, base_url):
    no_share = "Object.defineProperty(Navigator.prototype, 'share', {get: () => undefined});"
    pg = new_page(ui="en", init_script=no_share, permissions=["clipboard-read", "clipboard-write"])
    pg.goto("/entries/fe0-qa-108")
    share = pg.locator("button[data-share]")
    share.click()
    expect(share).to_have_text("Link copied")
    link = f"{base_url}/entries/fe0-qa-108"
    assert pg.evaluate("navigator.clipboard.readText()") == link
    assert pg.locator(".cite-fallback textarea").input_value() == link


# --- printing ------------------------------------------------------------------------

LONGEST = [
    ERRATUM,
    "/entries/fe0-qa-108",
    "/entries/magewars-rule-forced-action-effects",
    "/entries/magewars-rule-conflicting-effects",
    "/entries/magewars-trait-dice-modifiers",
    "/entries/fadingglory-16.9.5",
]
FIELD_NAMES = ("text.zh", "text.en", "original.zh", "original.en", "translator-note", "note.en")


@pytest.mark.parametrize("path", LONGEST)
def test_an_entry_prints_on_at_most_two_a4_pages(new_page, path):
    pg = new_page(viewport=DESKTOP)
    pg.goto(path)
    pages = pdf_pages(pg.pdf(format="A4", print_background=True))
    assert pages <= 2, f"{path} prints on {pages} A4 pages"
    pg.emulate_media(media="print")
    printed = pg.inner_text("body")
    assert not [f for f in FIELD_NAMES if f in printed], "internal field names in print"
    folded = pg.evaluate(
        "[...document.querySelectorAll('summary, button, details:not([open])')]"
        ".filter(e => e.checkVisibility()).length"
    )
    assert folded == 0, "collapsed controls are printed"


# --- tables and words ----------------------------------------------------------------

WIDE_PAGES = [
    "/",
    "/?q=神速回避",
    "/?q=liansuo",
    ERRATUM,
    "/entries/magewars-trait-dice-modifiers",
    "/games/fe0",
    "/terms",
    "/terms?game=magewars&page=2",
    "/terms/magewars/阻碍",
    "/terms/check",
    "/sources/fe0",
    "/entries/magewars-trait-dice-modifiers",
    "/api",
]
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const host = node.parentElement;
    if (host.closest('pre, code, textarea') || !host.checkVisibility()) continue;
    for (const m of node.textContent.matchAll(/[A-Za-z0-9]{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.bottom)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", WIDE_PAGES)
def test_no_sideways_scrolling_and_no_word_broken_in_two(new_page, path, viewport):
    pg = new_page(viewport=viewport)
    pg.goto(path)
    overflow = pg.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{path} scrolls sideways by {overflow}px"
    broken = pg.evaluate(BROKEN_WORDS)
    assert broken == [], f"{path} breaks words mid-word: {broken[:10]}"


# --- whose words ---------------------------------------------------------------------


@pytest.mark.parametrize("how", ["tap", "keyboard"])
def test_a_badge_tells_what_it_means_by_tap_and_by_keyboard(new_page, how):
    pg = new_page(ui="en", has_touch=True)
    pg.goto("/entries/fe0-qa-108")
    badge = pg.locator(".text-h a.badge.prov-translation").first
    if how == "tap":
        badge.tap()
    else:
        badge.focus()
        pg.keyboard.press("Enter")
    tip = pg.locator(".tip")
    expect(tip).to_contain_text("not the publisher")
    assert badge.get_attribute("aria-expanded") == "true"
    pg.keyboard.press("Escape")
    assert not tip.is_visible()


# --- one interface language ----------------------------------------------------------

LANGUAGE_PAGES = [
    "/",
    "/?q=神速回避",
    "/?q=liansuo",
    "/?q=疲劳&game=whi",
    ERRATUM,
    "/entries/fe0-qa-108",
    "/entries/magewars-trait-dice-modifiers",
    "/games/fe0",
    "/api",
    "/entries/no-such-entry",
]
# Names and formats that stay as they are in a Chinese interface.
LATIN_IN_CHINESE = {"API", "JSON", "OpenAPI", "TBX", "CSV", "OmegaT", "Markdown", "FAQ", "Cipher"}
WRONG_LANGUAGE = """(mode) => {
  const wrong = [];
  const allowed = new Set(ALLOWED);
  const skip = 'script, style, pre, code, textarea, [translate=no], .text-body, .snippet, .asks, ' +
    'section.answer, section.example';  // the answer card's and the examples' own words
  const langOf = (el) => (el.closest('[lang]') || document.documentElement).getAttribute('lang');
  const check = (text, lang, where) => {
    if (mode === 'zh' && lang.startsWith('zh')) {
      const words = (text.match(/[A-Za-z]{3,}/g) || []).filter(w => !allowed.has(w));
      if (words.length) wrong.push(where + ': ' + text.trim().slice(0, 80));
    }
    if (mode === 'en' && lang === 'en' && /[\\u3400-\\u9fff]/.test(text)) {
      wrong.push(where + ': ' + text.trim().slice(0, 80));
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, host = node.parentElement;
    if (!node.textContent.trim() || host.closest(skip) || !host.checkVisibility()) continue;
    check(node.textContent, langOf(host), host.tagName.toLowerCase());
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (el.closest(skip)) continue;
    for (const attr of ['aria-label', 'placeholder', 'title']) {
      if (el.hasAttribute(attr)) check(el.getAttribute(attr), langOf(el), '@' + attr);
    }
  }
  return wrong;
}""".replace("ALLOWED", str(sorted(LATIN_IN_CHINESE)))


@pytest.mark.parametrize("ui", ["zh", "en"])
@pytest.mark.parametrize("path", LANGUAGE_PAGES)
def test_the_chosen_interface_language_covers_the_page(new_page, path, ui):
    pg = new_page(viewport=DESKTOP, ui=ui, expected_error="404 (NOT FOUND)")
    pg.goto(path)
    assert pg.get_attribute("html", "lang") == ui
    wrong = pg.evaluate(WRONG_LANGUAGE, ui)
    assert wrong == [], f"{path} in {ui}: {wrong[:8]}"


def test_switching_the_language_keeps_the_page(new_page):
    pg = new_page(viewport=DESKTOP)
    pg.goto("/entries/fe0-qa-108")
    pg.click(".ui-switch a[href*='lang=en']")
    pg.wait_for_url("**/entries/fe0-qa-108")
    assert pg.inner_text(".text-h >> nth=0").startswith("Chinese")
    pg.click(".ui-switch a[href*='lang=zh']")
    pg.wait_for_url("**/entries/fe0-qa-108")
    assert pg.inner_text(".text-h >> nth=0").startswith("中文")


# --- dark mode -----------------------------------------------------------------------


def test_dark_mode_follows_the_system_setting(new_page):
    pg = new_page(color_scheme="dark", bypass_csp=True)
    pg.goto(ERRATUM)
    background = pg.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 20, 23)"
    assert axe_violations(pg) == []
