"""The worked-example partial as a plain page (no JavaScript): verdict first, steps in both
languages with citation links, words instead of codes, an error beside its field with the
previous result kept, and a heading that follows the values run."""

from __future__ import annotations

import json
import re

from kb.examples import all_examples

URL = "/entries/fe0-qa-108"
RUN = "/entries/fe0-qa-108/run/fe0-tied-power"


def section(html: str, example_id: str) -> str:
    start = html.index(f'id="ex-{example_id}"')
    return html[start : html.index("</section>", start)]


def test_an_example_reads_at_a_glance(client):
    html = section(client.get(URL).get_data(as_text=True), "fe0-tied-power")
    verdict = html.index('class="ex-verdict"')
    assert verdict < html.index('class="ex-result"'), "the verdict comes before the raw result"
    assert "防御单位被击破（50 对 50）" in html and "The defender is destroyed (50 vs 50)" in html
    assert 'class="cite" href="/entries/fe0-qa-108"' in html, "citations are links"
    assert "[fe0-qa-108]" not in html, "no bare ids in the steps"
    assert ">攻击单位战斗力</span>" in html and "Attacking unit&#39;s power" in html
    assert "<code>attacker_power</code>" not in html, "labels in words, not code names"
    assert ">是 · Yes</option>" in html and ">否 · No</option>" in html


def test_choices_are_phrases(client):
    html = client.get("/entries/fadingglory-9.4.4").get_data(as_text=True)
    assert ">被敌方战后推进进入 · be entered by an enemy advance after combat</option>" in html
    assert ">be_entered_by_enemy_advance_after_combat<" not in html


def test_a_declared_inert_input_says_why_on_the_page(client):
    html = section(
        client.get("/entries/fe0-qa-106").get_data(as_text=True), "fe0-attack-untapped-enemy"
    )
    assert 'id="fe0-attack-untapped-enemy-target_untapped-inert"' in html
    assert "不论敌方单位处于竖置还是横置状态，都可以攻击它。" in html


def test_the_plain_form_runs_and_the_heading_follows_the_values(client):
    resp = client.post(RUN, data={"attacker_power": "40"})
    assert resp.status_code == 200
    html = section(resp.get_data(as_text=True), "fe0-tied-power")
    heading = re.sub(r"<[^>]+>", "", re.search(r'class="ex-heading">(.*?)</h3>', html).group(1))
    assert heading != all_examples()["fe0-tied-power"].title
    assert "your values" in heading and "你的数值" in heading
    assert 'class="l-zh" lang="zh">战斗的结算（你的数值）</span>' in html
    assert "攻击失败，双方都未被击破（40 对 50）" in html
    assert "the source states" not in html, "the stated outcome belongs to the example's values"


def test_a_bad_value_is_reported_beside_its_field_and_the_previous_result_stays(client):
    previous = client.post(RUN, data={"attacker_power": "40"}).get_data(as_text=True)
    last = json.loads(re.search(r"name=\"_last\" value='([^']*)'", previous).group(1))
    assert last["attacker_power"] == 40
    resp = client.post(RUN, data={"attacker_power": "999", "_last": json.dumps(last)})
    assert resp.status_code == 400
    html = section(resp.get_data(as_text=True), "fe0-tied-power")
    field = html[html.index('data-param="attacker_power"') :]
    field = field[: field.index("</div>")]
    assert 'aria-invalid="true"' in field
    assert 'role="alert"' in field and "不能大于 200" in field and "must be at most 200" in field
    assert "攻击失败，双方都未被击破（40 对 50）" in html, "the previous result is kept"
    assert 'value="999"' in field, "what the reader typed is kept too"
