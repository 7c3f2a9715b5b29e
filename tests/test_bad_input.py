"""Regressions for the inputs that once gave a 5xx or a wrong 4xx (issue 18): each now
gets a 4xx (JSON on the API, the HTML error page elsewhere) and one log line."""

from __future__ import annotations

import io
import logging
import time

import pytest
from werkzeug.test import EnvironBuilder

from web.body import json_depth
from web.limits import MAX_BODY_BYTES, MAX_JSON_DEPTH

RUN = "/api/examples/fe0-tied-power/run"


def _nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def _assert_json_error(resp, status: int, code: str) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)[:300]
    assert resp.is_json
    err = resp.get_json()["error"]
    assert err["code"] == code and err["message"]
    return err


def _one_warning_line(caplog) -> str:
    """The request left exactly one log record, a warning of one line, and no error."""
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(records) == 1, [r.getMessage()[:200] for r in records]
    (record,) = records
    assert record.levelno == logging.WARNING and record.exc_info is None
    line = record.getMessage()
    assert "\n" not in line and len(line) < 600
    return line


@pytest.mark.parametrize(
    "body",
    [
        b'{"params": {"x": ' + _nested(490) + b"}}",  # the reported case
        _nested(1000),  # deep at the top level: json.loads itself raised RecursionError
        b'{"a":' * 5000 + b"1" + b"}" * 5000,
        b"[" * MAX_BODY_BYTES,  # unterminated, as deep as the size limit allows
    ],
)
def test_deep_json_is_a_400_with_one_log_line(client, caplog, body):
    caplog.set_level(logging.INFO)
    resp = client.post(RUN, data=body, content_type="application/json")
    err = _assert_json_error(resp, 400, "invalid_body")
    assert str(MAX_JSON_DEPTH) in err["message"]
    assert "400 invalid_body POST /api/examples/fe0-tied-power/run" in _one_warning_line(caplog)


def test_nesting_up_to_the_limit_is_read(client):
    body = b'{"params": {"attacker_power": ' + b"[" * (MAX_JSON_DEPTH - 2)
    body += b"1" + b"]" * (MAX_JSON_DEPTH - 2) + b"}}"
    resp = client.post(RUN, data=body, content_type="application/json")
    err = _assert_json_error(resp, 400, "invalid_parameter")
    assert err["param"] == "attacker_power", "decoded, then refused by the parameter's own check"


@pytest.mark.parametrize(
    ("raw", "depth"),
    [
        (b"1", 0),
        (b"{}", 1),
        (b'{"a": [1, {"b": []}]}', 4),
        (b'{"a": "[[[[{{{{"}', 1),  # brackets inside strings do not count
        (b'{"a": "\\"[[[["}', 1),  # nor after an escaped quote
        (b'["\\\\", [[]]]', 3),  # an escaped backslash ends before the quote
        (b'"[[[[', 0),  # unterminated string
    ],
)
def test_json_depth(raw, depth):
    assert json_depth(raw) == depth


def test_depth_scan_is_linear_on_hostile_bodies():
    for body in (b'"\\"' * 21_000, b'"' * MAX_BODY_BYTES, b"\\" * MAX_BODY_BYTES):
        start = time.perf_counter()
        json_depth(body)
        assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(
    ("body", "code", "param"),
    [
        (b'{"params": null}', "invalid_parameter", "params"),
        (b'{"params": []}', "invalid_parameter", "params"),
        (b'{"params": {}, "extra": 1}', "invalid_body", "extra"),
        (b'{"params": {"attacker_power": NaN}}', "invalid_body", None),
        (b'{"params": {"attacker_power": Infinity}}', "invalid_body", None),
        (b'{"params": {"attacker_power": 1' + b"0" * 5000 + b"}}", "invalid_body", None),
        (b"\xff\xfe", "invalid_body", None),
        (b"[]", "invalid_body", None),
    ],
)
def test_bad_bodies_are_400s_that_say_what(client, body, code, param):
    err = _assert_json_error(
        client.post(RUN, data=body, content_type="application/json"), 400, code
    )
    if param:
        assert err["param"] == param and param in err["message"]


def test_no_body_and_empty_object_run_the_defaults(client):
    for kwargs in ({}, {"json": {}}, {"json": {"params": {}}}):
        body = client.post(RUN, **kwargs).get_json()
        assert body["ok"] is True and body["params"]["attacker_power"] == 50


def test_body_that_is_not_json_is_415(client):
    resp = client.post(RUN, data="params=1", content_type="application/x-www-form-urlencoded")
    _assert_json_error(resp, 415, "unsupported_media_type")


def _chunked(client, body: bytes, url: str = RUN, content_type: str = "application/json"):
    """A body sent with Transfer-Encoding: chunked, as gunicorn hands it to the app: no
    Content-Length, a stream the server ends (wsgi.input_terminated)."""
    environ = EnvironBuilder(
        path=url,
        method="POST",
        headers={"Transfer-Encoding": "chunked", "Content-Type": content_type},
    ).get_environ()
    environ.update({"wsgi.input": io.BytesIO(body), "wsgi.input_terminated": True})
    environ.pop("CONTENT_LENGTH", None)
    # Straight to the WSGI app: the test client would rebuild the environ.
    return client.application.response_class.from_app(client.application, environ, buffered=True)


def test_chunked_body_over_the_limit_is_413(client, caplog):
    caplog.set_level(logging.INFO)
    body = b'{"params": {}, "x": "' + b"a" * MAX_BODY_BYTES + b'"}'
    _assert_json_error(_chunked(client, body), 413, "request_entity_too_large")
    assert "413" in _one_warning_line(caplog)


def test_chunked_body_within_the_limit_is_read(client):
    resp = _chunked(client, b'{"params": {"attacker_power": 40}}')
    assert resp.status_code == 200 and resp.get_json()["params"]["attacker_power"] == 40


def test_chunked_form_post_over_the_limit_is_413_page(client):
    body = b"attacker_power=" + b"1" * (MAX_BODY_BYTES + 10)
    url = "/entries/fe0-qa-108/run/fe0-tied-power"
    resp = _chunked(client, body, url, "application/x-www-form-urlencoded")
    assert resp.status_code == 413 and resp.mimetype == "text/html"


@pytest.mark.parametrize(
    "target",
    [
        "/a%0Ab",  # the reported case: a newline in a header value
        "/a%0D%0ASet-Cookie:%20x=1",
        "/a%00b",
        "/a%C2%85b",  # NEL, a C1 control
        "//evil.example",
        "/%5Cevil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "/" + "a" * 5000,
    ],
)
def test_ui_switch_never_redirects_off_site_or_splits_headers(client, caplog, target):
    caplog.set_level(logging.INFO)
    resp = client.get(f"/ui?lang=en&next={target}")
    assert resp.status_code == 302
    assert resp.headers["Location"] == "/"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    "target", ["/entries/fe0-qa-108", "/terms/fe0/神速回避", "/?q=神速回避&game=fe0"]
)
def test_ui_switch_goes_back_to_the_page(client, target):
    resp = client.get("/ui", query_string={"lang": "zh", "next": target})
    assert resp.status_code == 302
    assert resp.headers["Location"].startswith(target.split("?")[0][:9])
    assert resp.headers["Set-Cookie"].startswith("ui=zh")


@pytest.mark.parametrize(
    ("method", "url", "allowed"),
    [
        ("PUT", "/api/search", {"GET", "HEAD", "OPTIONS"}),
        ("DELETE", "/api/entries/fe0-qa-108", {"GET", "HEAD", "OPTIONS"}),
        ("GET", RUN, {"POST", "OPTIONS"}),
        ("POST", "/api/openapi.json", {"GET", "HEAD", "OPTIONS"}),
    ],
)
def test_405_names_the_allowed_methods(client, method, url, allowed):
    resp = client.open(url, method=method)
    _assert_json_error(resp, 405, "method_not_allowed")
    assert {m.strip() for m in resp.headers["Allow"].split(",")} == allowed


def test_405_on_a_page_is_the_html_page_with_allow(client):
    resp = client.post("/")
    assert resp.status_code == 405 and resp.mimetype == "text/html"
    assert "GET" in resp.headers["Allow"]
    assert "405" in resp.get_data(as_text=True)


def test_search_box_allows_only_what_a_search_reads(client):
    """The box's maxlength is MAX_QUERY_CHARS: a longer query would be cut anyway, and a
    box of 500 let Chinese text overflow gunicorn's request line (tests/test_http.py
    sends the longest one through a real gunicorn)."""
    from indexer.tuning import MAX_QUERY_CHARS

    html = client.get("/").get_data(as_text=True)
    assert f'name="q" type="search" value="" maxlength="{MAX_QUERY_CHARS}"' in html
