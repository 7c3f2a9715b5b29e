"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json.

It says exactly what the service does: every bound (web/limits.py), which parameters
are required, the enums, `additionalProperties: false` on every object the service
writes or reads, and which values may be null. Tests validate the document, every live
answer against its schemas, and run Schemathesis over every operation
(tests/test_schemathesis.py), so the description cannot drift from the service.
"""

from __future__ import annotations

from kb.model import ENTRY_TYPES, GAMES, PROVENANCES
from web.limits import (
    ENTRIES_DEFAULT_LIMIT,
    ENTRIES_MAX_LIMIT,
    MAX_BODY_BYTES,
    MAX_JSON_DEPTH,
    MAX_LIMIT,
    MAX_OFFSET,
    MAX_QUERY_CHARS,
    SEARCH_DEFAULT_LIMIT,
    SUGGEST_QUERY_CHARS,
    TERMS_QUERY_CHARS,
)

JSON = "application/json"


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(required: dict, optional: dict | None = None, **extra) -> dict:
    """A closed object: the properties listed, the `required` ones always present."""
    return {
        "type": "object",
        "required": list(required),
        "properties": {**required, **(optional or {})},
        "additionalProperties": False,
        **extra,
    }


def _array(items: dict, **extra) -> dict:
    return {"type": "array", "items": items, **extra}


def _q(name: str, desc: str, schema: dict | None = None, required: bool = False) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": desc,
        "schema": schema or {"type": "string"},
    }


def _path_id(desc: str, examples: list[str]) -> dict:
    return {
        "name": "id",
        "in": "path",
        "required": True,
        "description": desc,
        "schema": {"type": "string", "minLength": 1},
        "examples": {x: {"value": x} for x in examples},
    }


STRING = {"type": "string"}
STRINGS = _array(STRING)
INTEGER = {"type": "integer"}
GAME = {"type": "string", "enum": list(GAMES)}
TYPE = {"type": "string", "enum": list(ENTRY_TYPES)}
# A filter may be empty: the search form sends `game=` for "all games".
GAME_FILTER = {"type": "string", "enum": ["", *GAMES]}
TYPE_FILTER = {"type": "string", "enum": ["", *ENTRY_TYPES]}
PROVENANCE = {"type": "string", "enum": list(PROVENANCES)}
LANG = {"type": "string", "enum": ["zh", "en"]}
ANY = {}  # a worked example's result or stated outcome: whatever its rule check returns


def _error_response(desc: str) -> dict:
    return {"description": desc, "content": {JSON: {"schema": _ref("Error")}}}


HEADERS = {
    "ETag": {
        "description": "The served content hash and the code's fingerprint; the same on "
        "every replica built from one commit",
        "required": True,
        "schema": {"type": "string", "pattern": '^"[0-9a-f]*-[0-9a-f]+"$'},
    },
    "Cache-Control": {
        "description": "`public, max-age=300`; `no-cache` for /api/health",
        "required": True,
        "schema": {"type": "string", "enum": ["public, max-age=300", "no-cache"]},
    },
}
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "An ETag from an earlier answer: 304 with no body while the content "
    "is unchanged",
    "schema": {"type": "string"},
}
NOT_MODIFIED = {
    "description": "Not modified since the answer whose ETag was sent",
    "headers": HEADERS,
}
BAD_REQUEST = _error_response("Bad parameter (the error names it in `param`)")
NOT_FOUND = _error_response("No such resource")


def _get(
    summary: str,
    schema: dict,
    parameters: list[dict] | None = None,
    errors: dict | None = None,
    media: str = JSON,
    headers: dict | None = None,
    description: str | None = None,
) -> dict:
    """A GET operation: its 200 (with ETag and Cache-Control) and its 304."""
    op: dict = {"summary": summary}
    if description:
        op["description"] = description
    op["parameters"] = [*(parameters or []), IF_NONE_MATCH]
    op["responses"] = {
        "200": {
            "description": "OK",
            "headers": {**HEADERS, **(headers or {})},
            "content": {media: {"schema": schema}},
        },
        "304": NOT_MODIFIED,
        **(errors or {}),
    }
    return {"get": op}


LOCALIZED = _obj({}, {"zh": STRING, "en": STRING})
HIT = _obj(
    {
        "id": STRING,
        "game": GAME,
        "type": TYPE,
        "title": STRING,
        "snippet": {"type": "string", "description": "HTML-escaped; matches in <mark>"},
        "url": STRING,
        "score": {"type": "number"},
    }
)
PARAM_VALUE = {
    "anyOf": [
        INTEGER,
        {"type": "boolean"},
        STRING,
        _array({"anyOf": [INTEGER, STRING]}),
    ]
}
PARAM_SPEC = _obj(
    {
        "name": STRING,
        "kind": {"enum": ["int", "bool", "str", "int_list", "str_list"]},
        "default": PARAM_VALUE,
        "label": STRING,
    },
    {"min": INTEGER, "max": INTEGER, "choices": STRINGS},
)


def _example_schema(with_result: bool) -> dict:
    required = {
        "id": STRING,
        "entry": STRING,
        "title": STRING,
        "code": {"type": "string", "description": "Python that runs the example as shown"},
        "params": {"type": "object", "additionalProperties": PARAM_VALUE},
        "param_specs": _array(_ref("ParamSpec")),
        "expected": ANY,
    }
    if with_result:
        required |= {"result": ANY, "steps": STRINGS}
    return _obj(required)


SCHEMAS: dict = {
    "Error": _obj(
        {
            "error": _obj(
                {"code": STRING, "message": STRING},
                {"param": {"type": "string", "description": "The parameter at fault"}},
            )
        }
    ),
    "Localized": LOCALIZED,
    "Hit": HIT,
    "SearchResponse": _obj(
        {
            "query": {"type": "string", "description": "The query as searched (cleaned)"},
            "total": {"type": "integer", "minimum": 0},
            "results": _array(_ref("Hit"), maxItems=MAX_LIMIT),
            "facets": _obj(
                {
                    "game": {"type": "object", "additionalProperties": INTEGER},
                    "type": {"type": "object", "additionalProperties": INTEGER},
                }
            ),
        },
        {"notices": STRINGS},
    ),
    "ParamSpec": PARAM_SPEC,
    "Example": _example_schema(with_result=False),
    "ExampleRun": _example_schema(with_result=True),
    "Entry": _obj(
        {
            "id": STRING,
            "game": GAME,
            "type": TYPE,
            "title": _ref("Localized"),
            "text": _ref("Localized"),
            "provenance": _obj({}, {"zh": PROVENANCE, "en": PROVENANCE}),
            "source": _obj(
                {"document": STRING, "locator": STRING},
                {"date": {"type": "string", "format": "date"}, "credit": STRING},
            ),
            "terms": STRINGS,
            "related": STRINGS,
            "examples": _array(_ref("ExampleRun")),
            "citation": STRING,
            "url": STRING,
        },
        {
            "original": _ref("Localized"),
            "translator_note": _ref("Localized"),
            "note": _ref("Localized"),
            "term": _ref("Localized"),
            "section": STRING,
            "parent": STRING,
            "children": STRINGS,
            "cards": _array(_obj({"name": _ref("Localized")}, {"code": STRING})),
            "unresolved_refs": STRINGS,
            "table": _obj({"header": STRINGS, "rows": _array(STRINGS)}, {"caption": STRING}),
        },
    ),
    "EntriesPage": _obj(
        {
            "entries": _array(_ref("Entry"), maxItems=ENTRIES_MAX_LIMIT),
            "total": {"type": "integer", "minimum": 0},
            "limit": {"type": "integer", "minimum": 1, "maximum": ENTRIES_MAX_LIMIT},
            "offset": {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET},
            "has_more": {"type": "boolean"},
            "next": {
                "type": ["string", "null"],
                "description": "The URL of the next page; null on the last",
            },
            "download": {
                "type": "string",
                "description": "The URL of the bulk download of the same filter",
            },
        }
    ),
    "EntriesDownload": _obj(
        {
            "content_hash": STRING,
            "total": {"type": "integer", "minimum": 0},
            "entries": _array(_ref("Entry")),
        }
    ),
    "RunRequest": _obj(
        {},
        {
            "params": {
                "type": "object",
                "additionalProperties": PARAM_VALUE,
                "description": "Values for the example's parameters by name (see its "
                "`param_specs`); the rest keep their defaults. An unknown name or a "
                "value of the wrong kind or out of bounds is a 400 naming it.",
            }
        },
    ),
    "RunResult": _obj(
        {
            "ok": {"const": True},
            "example": STRING,
            "params": {"type": "object", "additionalProperties": PARAM_VALUE},
            "result": ANY,
            "steps": STRINGS,
        }
    ),
    "Term": _obj(
        {
            "game": GAME,
            "zh": STRING,
            "en": STRING,
            "official": _array(LANG),
            "kind": STRING,
            "variants": _obj({"zh": STRINGS, "en": STRINGS}),
            "traditional": STRING,
            "defined_by": {"type": ["string", "null"]},
            "definition": _ref("Localized"),
            "entries": STRINGS,
            "url": STRING,
        }
    ),
    "AnswerExample": _obj(
        {
            "id": STRING,
            "title": STRING,
            "code": STRING,
            "params": {"type": "object", "additionalProperties": PARAM_VALUE},
            "result": ANY,
            "steps": STRINGS,
            "expected": ANY,
        }
    ),
    "Answer": _obj(
        {
            "id": STRING,
            "game": GAME,
            "type": TYPE,
            "title": _ref("Localized"),
            "text": _ref("Localized"),
            "provenance": _obj({}, {"zh": PROVENANCE, "en": PROVENANCE}),
            "part": {"enum": ["qa", "corrected", "passage", "text"]},
            "citation": STRING,
            "url": STRING,
            "example": {"oneOf": [{"type": "null"}, _ref("AnswerExample")]},
            "confidence": {"enum": ["high", "medium", "low"]},
            "score": {"type": "number"},
        },
        {"probability": {"type": "number", "minimum": 0, "maximum": 1}},
    ),
    "AskResponse": _obj(
        {
            "query": STRING,
            "answer": {"oneOf": [{"type": "null"}, _ref("Answer")]},
            "related": _array(_ref("Hit")),
            "message": STRING,
        },
        {
            "covered": {
                "type": "boolean",
                "description": "false: these sources do not answer the question",
            },
            "scope": _obj({}, {"game": GAME, "detected": {"type": "boolean"}}),
        },
    ),
    "Suggestion": _obj({"text": STRING, "kind": {"enum": ["term", "entry"]}}, {"id": STRING}),
    "Game": _obj(
        {"slug": GAME, "name": _ref("Localized"), "entries": {"type": "integer", "minimum": 0}}
    ),
    "Health": _obj(
        {
            "status": {"const": "ok"},
            "entries": {"type": "integer", "minimum": 0},
            "content_hash": STRING,
            "index": _obj(
                {
                    "generation": STRING,
                    "entries": {"type": ["integer", "null"]},
                    "content_hash": {"type": ["string", "null"]},
                }
            ),
        }
    ),
}


def _paths() -> dict:
    game_q = _q("game", "Only this game (empty: every game)", GAME_FILTER)
    type_q = _q("type", "Only this entry type (empty: every type)", TYPE_FILTER)
    entry_id = _path_id("An entry id", ["fe0-qa-108", "whi-errata-p12-assign-damage"])
    example_id = _path_id("A worked example id", ["fe0-tied-power"])
    offset_q = _q(
        "offset",
        "Results to skip",
        {"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0},
    )
    entries_filters = [game_q, type_q]
    return {
        "/api/search": _get(
            "Search rulings in Chinese or English",
            _ref("SearchResponse"),
            [
                _q(
                    "q",
                    "Words, a question, a term or an official number (Q108, 16.9.5, "
                    f"page 12). Control characters are dropped and the text is cut to its "
                    f"first {MAX_QUERY_CHARS} characters (a notice says so).",
                ),
                game_q,
                type_q,
                _q(
                    "limit",
                    "Results per page",
                    {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_LIMIT,
                        "default": SEARCH_DEFAULT_LIMIT,
                    },
                ),
                offset_q,
            ],
            {"400": BAD_REQUEST},
        ),
        "/api/entries": _get(
            "Entries in full, a page at a time",
            _ref("EntriesPage"),
            [
                *entries_filters,
                _q(
                    "limit",
                    "Entries per page",
                    {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": ENTRIES_MAX_LIMIT,
                        "default": ENTRIES_DEFAULT_LIMIT,
                    },
                ),
                offset_q,
            ],
            {"400": BAD_REQUEST},
            description="Follow `next` until `has_more` is false; `download` is the same "
            "set in one file.",
        ),
        "/api/entries.json": _get(
            "Every entry in full, as one file for offline use",
            _ref("EntriesDownload"),
            entries_filters,
            {"400": BAD_REQUEST},
            headers={
                "Content-Disposition": {
                    "required": True,
                    "schema": {"type": "string", "pattern": "^attachment; filename="},
                }
            },
        ),
        "/api/entries/{id}": _get(
            "One entry in full", _ref("Entry"), [entry_id], {"404": NOT_FOUND}
        ),
        "/api/examples": _get(
            "Every worked example (code, parameters, stated outcome)",
            _obj({"examples": _array(_ref("Example"))}),
        ),
        "/api/examples/{id}": _get(
            "One worked example, run with its defaults",
            _ref("ExampleRun"),
            [example_id],
            {"404": NOT_FOUND},
        ),
        "/api/examples/{id}/run": {
            "post": {
                "summary": "Run a worked example with other values",
                "parameters": [example_id],
                "requestBody": {
                    "required": False,
                    "description": "Optional: no body runs the defaults. JSON only, at "
                    f"most {MAX_BODY_BYTES} bytes and {MAX_JSON_DEPTH} levels deep.",
                    "content": {
                        JSON: {
                            "schema": _ref("RunRequest"),
                            "examples": {
                                "tie": {"value": {"params": {"attacker_power": 40}}},
                                "defaults": {"value": {}},
                            },
                        }
                    },
                },
                "responses": {
                    "200": {
                        "description": "The example's result and reasoning steps",
                        "headers": {
                            "Cache-Control": {"required": True, "schema": {"const": "no-store"}}
                        },
                        "content": {JSON: {"schema": _ref("RunResult")}},
                    },
                    "400": _error_response("Bad body or parameter (the error names it in `param`)"),
                    "404": NOT_FOUND,
                    "413": _error_response(f"Body over {MAX_BODY_BYTES} bytes"),
                    "415": _error_response("Body is not application/json"),
                },
            }
        },
        "/api/terms": _get(
            "The termbase: search either language",
            _obj({"terms": _array(_ref("Term"))}),
            [
                _q(
                    "q",
                    f"A term in Chinese or English (its first {TERMS_QUERY_CHARS} "
                    "characters); empty lists every term",
                ),
                game_q,
            ],
            {"400": BAD_REQUEST},
        ),
        "/api/terms.tbx": _get(
            "The termbase as TBX-Basic",
            STRING,
            media="application/x-tbx+xml",
        ),
        "/api/terms.csv": _get(
            "The termbase as an OmegaT glossary (source, target, comment)",
            STRING,
            [_q("source", "Source language", {**LANG, "default": "zh"}), game_q],
            {"400": BAD_REQUEST},
            media="text/csv",
        ),
        "/api/games": _get("The four games", _obj({"games": _array(_ref("Game"))})),
        "/api/ask": _get(
            "The best ruling's answer with its worked example already run",
            _ref("AskResponse"),
            [
                _q(
                    "q",
                    "A rules question (cleaned and cut like a search). Text with no words "
                    "left after cleaning answers `answer: null` with a message.",
                    {"type": "string", "minLength": 1},
                    required=True,
                )
            ],
            {"400": BAD_REQUEST},
        ),
        "/api/suggest": _get(
            "Autocomplete of terms and entry titles",
            _obj(
                {
                    "query": {"type": "string", "maxLength": SUGGEST_QUERY_CHARS},
                    "suggestions": _array(_ref("Suggestion")),
                }
            ),
            [
                _q(
                    "q",
                    f"What has been typed so far (its first {SUGGEST_QUERY_CHARS} characters)",
                )
            ],
        ),
        "/api/health": _get(
            "Liveness, the served index generation and its KB content hash (also /healthz)",
            _ref("Health"),
        ),
        "/api/openapi.json": _get(
            "This document",
            {"type": "object", "required": ["openapi", "info", "paths", "components"]},
        ),
    }


def spec() -> dict:
    """The OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rules KB API",
            "version": "1.1.0",
            "description": "Bilingual official rulings of four games, verbatim with "
            "provenance; search, entries, worked examples, termbase. Every error is "
            '`{"error": {"code", "message", "param"?}}` with a 4xx status. Every GET '
            "answer carries an ETag and Cache-Control; send the ETag back in "
            "If-None-Match for a 304. A method a path does not offer is a 405 with Allow.",
        },
        "paths": _paths(),
        "components": {"schemas": SCHEMAS},
    }


# One live example request per endpoint, for the /api page and the tests.
EXAMPLE_REQUESTS: tuple[tuple[str, str], ...] = (
    ("GET", "/api/search?q=神速回避"),
    ("GET", "/api/search?q=same power attacker defender&game=fe0&limit=3"),
    ("GET", "/api/entries?game=fadingglory&type=rule"),
    ("GET", "/api/entries/fe0-qa-108"),
    ("GET", "/api/examples/fe0-tied-power"),
    ("GET", "/api/terms?q=反击"),
    ("GET", "/api/games"),
    ("GET", "/api/ask?q=两个单位战斗力一样的时候谁赢？"),
    ("GET", "/api/suggest?q=神速"),
    ("GET", "/api/health"),
    ("GET", "/api/terms.csv?game=whi"),
)
