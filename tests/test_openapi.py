"""The OpenAPI document is valid, covers every API route, and describes live answers:
every operation's, the worked examples' and their runs' included."""

from __future__ import annotations

import re

import jsonschema
import pytest
from openapi_spec_validator import validate

from kb.examples import all_examples
from web.openapi import EXAMPLE_REQUESTS, spec

DOC = spec()
# At least one live request for every operation of the document.
REQUESTS: tuple[tuple[str, str], ...] = (
    *EXAMPLE_REQUESTS,
    ("GET", "/api/search?q=Q108&game=&type=&offset=0"),
    ("GET", "/api/entries"),
    ("GET", "/api/entries?limit=100&offset=200"),
    ("GET", "/api/entries.json"),
    ("GET", "/api/entries/whi-errata-p12-assign-damage"),
    ("GET", "/api/examples"),
    ("GET", "/api/terms.tbx"),
    ("GET", "/api/terms"),
    ("GET", "/api/ask?q=%20"),
    ("GET", "/api/ask?q=zzzz%20qqqq"),
    ("GET", "/api/openapi.json"),
    ("POST", "/api/examples/fe0-tied-power/run"),
)


def _operation(method: str, url: str) -> tuple[str, dict]:
    """The document's path template and operation for a concrete request."""
    path = url.split("?")[0]
    for template, ops in DOC["paths"].items():
        pattern = "^" + re.sub(r"\\\{\w+\\\}", r"[^?]+?", re.escape(template)) + "$"
        if re.match(pattern, path) and method.lower() in ops:
            if "{" in template and template.endswith("/run") != path.endswith("/run"):
                continue
            if template == "/api/terms/{game}/{key}" and path == "/api/terms/check":
                continue
            return template, ops[method.lower()]
    raise AssertionError(f"{method} {url} is not in the OpenAPI document")


def _validator(schema: dict) -> jsonschema.Draft202012Validator:
    full = {**schema, "components": DOC["components"]}
    return jsonschema.Draft202012Validator(
        full, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
    )


def _check(resp, op: dict) -> None:
    """The answer's status is documented, and its headers and body match the document."""
    documented = op["responses"].get(str(resp.status_code))
    assert documented, f"status {resp.status_code} is not documented"
    for name, header in documented.get("headers", {}).items():
        if header.get("required"):
            assert name in resp.headers, f"{name} missing"
            jsonschema.validate(resp.headers[name], header["schema"])
    content = documented.get("content")
    if not content:
        assert resp.get_data() == b""
        return
    (media, body_schema), *_ = content.items()
    assert resp.mimetype == media
    if media == "application/json":
        errors = sorted(_validator(body_schema["schema"]).iter_errors(resp.get_json()), key=str)
        assert not errors, [f"{list(e.absolute_path)}: {e.message}"[:300] for e in errors[:5]]


def test_document_is_valid_openapi_31(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_every_api_route_is_described(app):
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = rule.rule.replace("<game>", "{game}").replace("<path:key>", "{key}")
            path = re.sub(r"<(?:\w+:)?\w+>", "{id}", path)
            assert path in DOC["paths"], f"{rule.rule} is not in the OpenAPI document"
            methods = set(rule.methods or ()) - {"HEAD", "OPTIONS"}
            assert {m.lower() for m in methods} <= set(DOC["paths"][path])


def test_every_operation_has_a_live_request():
    covered = {(_operation(m, u)[0], m.lower()) for m, u in REQUESTS}
    declared = {(path, method) for path, ops in DOC["paths"].items() for method in ops}
    assert declared == covered


@pytest.mark.parametrize(("method", "url"), REQUESTS)
def test_live_answers_match_their_schema(client, method, url):
    resp = client.open(url, method=method)
    assert resp.status_code == 200
    _check(resp, _operation(method, url)[1])


@pytest.mark.parametrize(("method", "url"), [r for r in REQUESTS if r[0] == "GET"])
def test_not_modified_answers_match_their_schema(client, method, url):
    etag = client.get(url).headers["ETag"]
    resp = client.get(url, headers={"If-None-Match": etag})
    assert resp.status_code == 304
    _check(resp, _operation(method, url)[1])


def test_every_worked_example_and_its_run_match_their_schemas(client):
    one = DOC["paths"]["/api/examples/{id}"]["get"]
    run = DOC["paths"]["/api/examples/{id}/run"]["post"]
    for example_id in all_examples():
        _check(client.get(f"/api/examples/{example_id}"), one)
        _check(client.post(f"/api/examples/{example_id}/run", json={"params": {}}), run)


def test_runs_with_other_values_match_the_schema(client):
    run = DOC["paths"]["/api/examples/{id}/run"]["post"]
    for params in ({"attacker_power": 40}, {"critical_attack": True, "defender_power": 90}):
        resp = client.post("/api/examples/fe0-tied-power/run", json={"params": params})
        assert resp.status_code == 200
        _check(resp, run)


@pytest.mark.parametrize(
    ("method", "url", "kwargs"),
    [
        ("GET", "/api/search?q=x&limit=999", {}),
        ("GET", "/api/entries?offset=-1", {}),
        ("GET", "/api/entries/nope", {}),
        ("GET", "/api/examples/nope", {}),
        ("GET", "/api/ask", {}),
        ("GET", "/api/terms?game=chess", {}),
        ("GET", "/api/terms.csv?source=xx", {}),
        ("GET", "/api/entries.json?game=chess", {}),
        ("POST", "/api/examples/nope/run", {"json": {}}),
        ("POST", "/api/examples/fe0-tied-power/run", {"json": {"params": {"nope": 1}}}),
        ("POST", "/api/examples/fe0-tied-power/run", {"json": {"params": None}}),
        ("POST", "/api/examples/fe0-tied-power/run", {"data": "x", "content_type": "text/plain"}),
        (
            "POST",
            "/api/examples/fe0-tied-power/run",
            {"data": "x" * 70_000, "content_type": "application/json"},
        ),
    ],
)
def test_errors_are_documented_and_match_the_error_schema(client, method, url, kwargs):
    resp = client.open(url, method=method, **kwargs)
    assert 400 <= resp.status_code < 500
    _check(resp, _operation(method, url)[1])


def test_bounds_in_the_document_are_the_services(client):
    """A value just past each declared bound is refused; the bound itself is accepted."""
    for path, ops in DOC["paths"].items():
        if "{" in path or "get" not in ops:
            continue
        for param in ops["get"]["parameters"]:
            schema = param["schema"]
            for bound, outside in (("minimum", -1), ("maximum", 1)):
                if bound in schema:
                    name, value = param["name"], schema[bound]
                    ok = client.get(path, query_string={name: value, "q": "x"})
                    bad = client.get(path, query_string={name: value + outside, "q": "x"})
                    assert ok.status_code == 200, (path, name, value)
                    assert bad.status_code == 400 and bad.get_json()["error"]["param"] == name


def test_enums_in_the_document_are_the_services(client):
    for path, ops in DOC["paths"].items():
        if "{" in path or "get" not in ops:
            continue
        for param in ops["get"]["parameters"]:
            values = param["schema"].get("enum")
            if not values:
                continue
            name = param["name"]
            for value in values:
                resp = client.get(path, query_string={name: value, "q": "x"})
                assert resp.status_code == 200, (path, name, value)
            bad = client.get(path, query_string={name: "nope", "q": "x"})
            assert bad.status_code == 400 and bad.get_json()["error"]["param"] == name


def test_api_page_lists_every_endpoint(client):
    html = client.get("/api").get_data(as_text=True)
    for path in DOC["paths"]:
        assert path in html
