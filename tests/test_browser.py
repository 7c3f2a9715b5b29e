"""The site in a real browser: Debian's Chromium driven by Playwright, headless.

Covers what a new user does: search in Chinese and English, filter, open an entry,
copy a citation, run an example with new values, on a desktop and a 390-px phone;
and an axe-core accessibility scan. Screenshots land in tests/screenshots/.
"""

from __future__ import annotations

import json

import pytest

from tests.browser_support import axe_violations, shot

pytest_plugins = ("tests.browser_fixtures",)  # the base_url, browser and page fixtures
pytestmark = pytest.mark.browser


def test_chinese_question_reaches_its_ruling_in_one_click(page):
    page.goto("/")
    shot(page, "home")
    page.fill("#q", "神速回避")
    page.press("#q", "Enter")
    page.wait_for_selector("section.results")
    shot(page, "search-zh")
    page.click("ol.hits a[href='/entries/fe0-rule-god-speed-evasion']")
    assert page.url.endswith("/entries/fe0-rule-god-speed-evasion")
    assert "神速回避" in page.inner_text("h1")


def test_english_question_reaches_its_ruling_in_one_click(page):
    page.goto("/")
    page.fill("#q", "same power attacker defender destroyed")
    page.press("#q", "Enter")
    page.wait_for_selector("section.results")
    shot(page, "search-en")
    page.click("a[href='/entries/fe0-qa-108']")
    page.wait_for_url("**/entries/fe0-qa-108")
    assert "A108" in page.inner_text("main")


def test_results_appear_as_you_type(page):
    page.goto("/")
    page.type("#q", "反击", delay=30)
    page.wait_for_selector("ol.hits a[href='/entries/whi-term-counterstrike']")


def test_filter_by_game(page):
    page.goto("/?q=攻击")
    page.select_option("#game", "whi")
    page.click("form.search button[type=submit]")
    page.wait_for_selector("section.results")
    ids = page.locator("ol.hits code.id").all_inner_texts()
    assert ids and all(i.startswith("whi-") for i in ids)


def test_entry_page_and_copy_citation(page):
    page.goto("/entries/whi-term-counterstrike")
    assert page.locator(".badge.prov-official").count() >= 1
    page.click("button.copy[data-copy=citation-text]")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "whi-term-counterstrike" in copied and "Warhammer: Invasion" in copied
    page.click("button.copy[data-copy=citation-md]")
    copied_md = page.evaluate("navigator.clipboard.readText()")
    assert copied_md.startswith("[") and "](http" in copied_md
    shot(page, "entry-whi")


def test_run_an_example_with_new_values(page):
    page.goto("/entries/fe0-qa-108")
    example = page.locator("section.example").first
    before = example.locator("code.result").inner_text()
    assert json.loads(before)["defender_destroyed"] is True
    example.locator("input[name=attacker_power]").fill("40")
    example.locator("button[type=submit]").click()
    page.wait_for_function(
        "() => document.querySelector('section.example code.result').textContent.includes('40')"
    )
    after = json.loads(example.locator("code.result").inner_text())
    assert after["defender_destroyed"] is False and after["attacker"] == 40
    assert page.url.endswith("/entries/fe0-qa-108"), "ran in place, no navigation"
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
    shot(page, "entry-example-run")


def test_bad_example_value_gets_a_clear_message(page):
    page.goto("/entries/fe0-qa-108")
    example = page.locator("section.example").first
    field = example.locator("input[name=attacker_power]")
    field.evaluate("f => { f.removeAttribute('max'); f.value = '999'; }")
    example.locator("button[type=submit]").click()
    alert = example.locator("[role=alert]")
    alert.wait_for()
    assert "attacker_power" in alert.inner_text()


def test_entry_texts_stack_on_a_phone(page):
    page.goto("/entries/fe0-qa-108")
    boxes = [
        page.locator(".texts").first.locator("section.text").nth(i).bounding_box() for i in range(2)
    ]
    if page.viewport_name == "phone":
        assert boxes[1]["y"] > boxes[0]["y"] + boxes[0]["height"] - 1
    else:
        assert abs(boxes[1]["y"] - boxes[0]["y"]) < 2, "side by side on a desktop"


def test_example_form_works_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, base_url=base_url)
    pg = context.new_page()
    pg.goto("/entries/fe0-qa-108")
    example = pg.locator("section.example").first
    example.locator("input[name=attacker_power]").fill("45")
    example.locator("button[type=submit]").click()
    pg.wait_for_load_state()
    result = json.loads(pg.locator("section.example code.result").first.inner_text())
    assert result["attacker"] == 45 and result["defender_destroyed"] is False
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/?q=神速回避",
        "/?q=liansuo",
        "/entries/fe0-qa-108",
        "/entries/whi-errata-p12-assign-damage",
        "/games/magewars",
        "/terms",
        "/terms?game=magewars&page=2",
        "/terms/magewars/阻碍",
        "/terms/check",
        "/sources/fe0",
        "/api",
    ],
)
def test_accessibility_scan(browser, base_url, path, scheme):
    """axe-core finds nothing serious, in the light scheme and in dark mode."""
    context = browser.new_context(base_url=base_url, bypass_csp=True, color_scheme=scheme)
    pg = context.new_page()
    pg.goto(path)
    bad = axe_violations(pg)
    context.close()
    assert bad == [], bad


# --- worked examples: the run form -----------------------------------------------------------


def _example(page):
    page.goto("/entries/fe0-qa-108")
    return page.locator("section#ex-fe0-tied-power")


def test_run_result_scrolls_into_view_and_heading_follows_the_values(page):
    example = _example(page)
    title = example.locator("h3.ex-heading").inner_text()
    button = example.locator("button[type=submit]")
    button.scroll_into_view_if_needed()
    example.locator("input[name=attacker_power]").fill("40")
    button.click()
    example.locator(".ex-verdict", has_text="40 vs 50").wait_for()
    page.wait_for_function(
        """() => { const r = document.querySelector('#ex-fe0-tied-power .ex-output')
                     .getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight; }"""
    )
    heading = example.locator("h3.ex-heading").inner_text()
    assert heading != title and "your values" in heading
    assert "攻击失败" in example.locator(".ex-verdict").inner_text()
    shot(page, "example-run-scrolled")


def test_bad_value_error_sits_beside_its_field_and_previous_result_stays(page):
    example = _example(page)
    example.locator("input[name=attacker_power]").fill("40")
    example.locator("button[type=submit]").click()
    example.locator(".ex-verdict", has_text="40 vs 50").wait_for()
    field = example.locator(".field[data-param=attacker_power]")
    field.locator("input").evaluate("f => { f.removeAttribute('max'); f.value = '999'; }")
    example.locator("button[type=submit]").click()
    error = field.locator(".field-error[role=alert]")
    error.wait_for()
    text = error.inner_text()
    assert "200" in text and ("不能大于" in text or "must be at most" in text)
    assert field.locator("input").get_attribute("aria-invalid") == "true"
    assert "40 vs 50" in example.locator(".ex-verdict").inner_text(), "previous result kept"
    focused = page.evaluate("document.activeElement.name")
    assert focused == "attacker_power"
    shot(page, "example-field-error")
    # a good value clears the error
    field.locator("input").fill("60")
    example.locator("button[type=submit]").click()
    example.locator(".ex-verdict", has_text="60 vs 50").wait_for()
    assert field.locator(".field-error").count() == 0
    assert field.locator("input").get_attribute("aria-invalid") is None


def test_steps_cite_entries_as_links_and_choices_read_as_phrases(page):
    page.goto("/entries/fadingglory-9.4.4")
    example = page.locator("section.example").first
    links = example.locator("ol.steps a.cite")
    assert links.count() >= 1
    assert links.first.get_attribute("href").startswith("/entries/fadingglory-")
    options = example.locator("select[name=action] option").all_inner_texts()
    assert all("_" not in o for o in options), options
    width = example.locator("form.run").bounding_box()["width"]
    assert width <= page.viewport_size["width"], "the form fits the screen"
