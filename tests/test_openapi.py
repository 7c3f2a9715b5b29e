"""The OpenAPI document is valid, covers every API route, and describes live answers."""

from __future__ import annotations

import jsonschema
import pytest
from openapi_spec_validator import validate

from web.openapi import EXAMPLE_REQUESTS, spec


def test_document_is_valid_openapi_31(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


def test_every_api_route_is_described(app):
    described = set(spec()["paths"])
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = rule.rule.replace("<path:entry_id>", "{id}").replace("<example_id>", "{id}")
            path = path.replace("<game>", "{game}").replace("<path:key>", "{key}")
            assert path in described, f"{rule.rule} is not in the OpenAPI document"


def _schema_for(path: str, method: str, status: str) -> dict | None:
    doc = spec()
    op = doc["paths"][path][method]
    content = op["responses"][status].get("content", {})
    schema = content.get("application/json", {}).get("schema")
    if schema is None:
        return None
    return {**schema, "components": doc["components"]}


def _template(url: str) -> str:
    path = url.split("?")[0]
    if path.startswith("/api/entries/"):
        return "/api/entries/{id}"
    if path.startswith("/api/terms/") and path != "/api/terms/check":
        return "/api/terms/{game}/{key}"
    return path


@pytest.mark.parametrize(("method", "url"), EXAMPLE_REQUESTS)
def test_live_answers_match_their_schema(client, method, url):
    resp = client.open(url, method=method)
    assert resp.status_code == 200
    schema = _schema_for(_template(url), method.lower(), "200")
    if schema is not None:
        resolver_doc = {"components": spec()["components"]}
        jsonschema.validate(resp.get_json(), {**schema, **resolver_doc})


def test_errors_match_the_error_schema(client):
    resp = client.get("/api/search?q=x&limit=999")
    schema = {**spec()["components"]["schemas"]["Error"]}
    jsonschema.validate(resp.get_json(), schema)


def test_api_page_lists_every_endpoint(client):
    html = client.get("/api").get_data(as_text=True)
    for path in spec()["paths"]:
        assert path in html
