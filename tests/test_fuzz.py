"""Property-based fuzzing of the API: any input gives a well-formed JSON answer or a
JSON 4xx error, never a 5xx."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.examples import all_examples

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

operators = st.sampled_from(
    [
        '"',
        "(",
        ")",
        "*",
        "?",
        ":",
        "~2",
        "^",
        "AND",
        "OR",
        "NOT",
        "[",
        "]",
        "{",
        "}",
        "TO",
        "\\",
        "-",
        "+",
        "!",
        "&&",
        "||",
        "/",
        "\x00",
    ]
)
query_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(operators, st.text(max_size=8)), max_size=40).map(" ".join),
    st.text(alphabet="攻击神速回避連鎖閃電的是吗？ ", max_size=400),
)
number_text = st.one_of(st.integers(-(10**6), 10**6).map(str), st.text(max_size=6))


def _is_wellformed(resp) -> dict:
    assert resp.status_code < 500, resp.get_data(as_text=True)[:300]
    assert resp.is_json
    body = resp.get_json()
    if resp.status_code >= 400:
        assert set(body) == {"error"}
        assert body["error"]["code"] and body["error"]["message"]
    return body


@FUZZ
@given(
    q=query_text,
    limit=st.one_of(st.none(), number_text),
    offset=st.one_of(st.none(), number_text),
    game=st.one_of(st.none(), st.sampled_from(["fe0", "whi", "chess", ""]), st.text(max_size=5)),
)
def test_search_never_5xx(client, q, limit, offset, game):
    params = {"q": q}
    for key, value in (("limit", limit), ("offset", offset), ("game", game)):
        if value is not None:
            params[key] = value
    body = _is_wellformed(client.get("/api/search", query_string=params))
    if "results" in body:
        assert body["total"] >= len(body["results"])
        json.dumps(body, ensure_ascii=False).encode("utf-8")


json_values = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=20)
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.dictionaries(st.text(max_size=10), children, max_size=5)
    ),
    max_leaves=20,
)


@FUZZ
@given(
    example_id=st.sampled_from([*sorted(all_examples()), "nope", "../x"]),
    body=st.one_of(
        json_values,
        st.fixed_dictionaries({"params": json_values}),
        st.builds(
            lambda d: {"params": d},
            st.dictionaries(
                st.sampled_from(["attacker_power", "defender_power", "x"]), json_values, max_size=3
            ),
        ),
    ),
)
def test_example_run_never_5xx(client, example_id, body):
    resp = client.post(f"/api/examples/{example_id}/run", json=body)
    payload = _is_wellformed(resp)
    if resp.status_code == 200:
        assert payload["ok"] is True and isinstance(payload["steps"], list)


@FUZZ
@given(raw=st.binary(max_size=200))
def test_example_run_with_any_bytes(client, raw):
    example_id = sorted(all_examples())[0]
    resp = client.post(f"/api/examples/{example_id}/run", data=raw, content_type="application/json")
    _is_wellformed(resp)


def test_oversized_body_is_413_json(client):
    example_id = sorted(all_examples())[0]
    resp = client.post(
        f"/api/examples/{example_id}/run", data="x" * 200_000, content_type="application/json"
    )
    assert resp.status_code == 413
    assert resp.get_json()["error"]["code"]


@FUZZ
@given(
    limit=st.one_of(st.none(), number_text),
    offset=st.one_of(st.none(), number_text),
    game=st.one_of(st.none(), st.sampled_from(["fe0", "whi", "", "chess"])),
    entry_type=st.one_of(st.none(), st.sampled_from(["qa", "rule", "", "x"])),
)
def test_entries_pages_never_5xx_and_link_up(client, limit, offset, game, entry_type):
    params = {
        k: v
        for k, v in (("limit", limit), ("offset", offset), ("game", game), ("type", entry_type))
        if v is not None
    }
    body = _is_wellformed(client.get("/api/entries", query_string=params))
    if "entries" in body:
        assert len(body["entries"]) <= body["limit"]
        assert body["has_more"] == (body["offset"] + len(body["entries"]) < body["total"])
        if body["next"]:
            following = _is_wellformed(client.get(body["next"]))
            assert following["offset"] == body["offset"] + body["limit"]


@FUZZ
@given(target=st.text(max_size=60))
def test_ui_switch_never_5xx_and_stays_on_site(client, target):
    resp = client.get("/ui", query_string={"lang": "en", "next": target})
    assert resp.status_code == 302
    location = resp.headers["Location"]
    assert location.startswith("/") and not location.startswith("//")
    assert all(c.isprintable() for c in location)


@FUZZ
@given(
    body=st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers()), lambda c: st.lists(c, max_size=2)
    ).map(lambda v: json.dumps({"params": {"attacker_power": v}}))
)
def test_nested_params_are_refused_by_name_never_5xx(client, body):
    resp = client.post(
        "/api/examples/fe0-tied-power/run", data=body, content_type="application/json"
    )
    payload = _is_wellformed(resp)
    if resp.status_code == 400:
        assert payload["error"].get("param") in ("attacker_power", None)
