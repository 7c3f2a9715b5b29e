"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json.

Tests validate the document itself and every live answer against its schemas, so the
description cannot drift from what the API does.
"""

from __future__ import annotations


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _q(name: str, desc: str, schema: dict | None = None, required: bool = False) -> dict:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": desc,
        "schema": schema or {"type": "string"},
    }


def _json(schema: dict, desc: str = "OK") -> dict:
    return {"description": desc, "content": {"application/json": {"schema": schema}}}


ERRORS = {
    "400": _json(_ref("Error"), "Bad parameter (the error names it)"),
    "404": _json(_ref("Error"), "Not found"),
}
LOCALIZED = {
    "type": "object",
    "properties": {"zh": {"type": "string"}, "en": {"type": "string"}},
    "additionalProperties": False,
}
GAME = {"type": "string", "enum": ["whi", "magewars", "fadingglory", "fe0"]}
TYPE = {
    "type": "string",
    "enum": ["rule", "optional_rule", "errata", "clarification", "term", "qa", "card"],
}
PROVENANCE = {
    "type": "string",
    "enum": ["official", "translation", "project-translation", "translator-note"],
}

SCHEMAS: dict = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "additionalProperties": False,
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "message_zh": {"type": "string", "description": "the message in Chinese"},
                    "param": {"type": "string"},
                },
            }
        },
    },
    "Hit": {
        "type": "object",
        "required": ["id", "game", "type", "title", "snippet", "url", "score"],
        "properties": {
            "id": {"type": "string"},
            "game": GAME,
            "type": TYPE,
            "title": {"type": "string"},
            "snippet": {"type": "string", "description": "HTML-escaped; matches in <mark>"},
            "url": {"type": "string"},
            "score": {"type": "number"},
        },
    },
    "SearchResponse": {
        "type": "object",
        "required": ["query", "total", "results", "facets"],
        "properties": {
            "query": {"type": "string"},
            "total": {"type": "integer", "minimum": 0},
            "results": {"type": "array", "items": _ref("Hit")},
            "facets": {
                "type": "object",
                "required": ["game", "type"],
                "properties": {
                    "game": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "type": {"type": "object", "additionalProperties": {"type": "integer"}},
                },
            },
            "notices": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Step": {
        "type": "object",
        "required": ["zh", "en", "cites"],
        "properties": {
            "zh": {"type": "string"},
            "en": {"type": "string"},
            "cites": {"type": "string", "description": "the id of the entry the step applies"},
            "url": {"type": "string"},
            "cite_title": LOCALIZED,
        },
    },
    "ParamSpec": {
        "type": "object",
        "required": ["name", "kind", "default", "label", "labels"],
        "properties": {
            "name": {"type": "string"},
            "kind": {"enum": ["int", "bool", "str", "int_list", "str_list"]},
            "default": {},
            "label": {"type": "string"},
            "labels": LOCALIZED,
            "min": {"type": "integer"},
            "max": {"type": "integer"},
            "choices": {"type": "array", "items": {"type": "string"}},
            "choice_labels": {"type": "object", "additionalProperties": LOCALIZED},
            "display_only": {
                "const": True,
                "description": "a name that only labels the steps; it cannot change the result",
            },
            "inert_reason": {
                "type": "object",
                "description": "why the input cannot change the result: the ruling, quoted",
                "required": ["cites", "quote", "zh", "en"],
                "properties": {
                    "cites": {"type": "string"},
                    "quote": {"type": "string", "description": "verbatim from the cited entry"},
                    "zh": {"type": "string"},
                    "en": {"type": "string"},
                },
            },
        },
    },
    "Example": {
        "type": "object",
        "required": ["id", "title", "code", "params"],
        "properties": {
            "id": {"type": "string"},
            "entry": {"type": "string"},
            "entries": {
                "type": "array",
                "items": {"type": "string"},
                "description": "every entry the example is shown on (merged copies)",
            },
            "aliases": {"type": "array", "items": {"type": "string"}},
            "title": {"type": "string"},
            "situation": LOCALIZED,
            "code": {"type": "string"},
            "params": {"type": "object"},
            "param_specs": {"type": "array", "items": _ref("ParamSpec")},
            "expected": {},
            "result": {},
            "verdict": LOCALIZED,
            "steps": {"type": "array", "items": {"type": "string"}},
            "steps_detail": {"type": "array", "items": _ref("Step")},
        },
    },
    "Entry": {
        "type": "object",
        "required": [
            "id",
            "game",
            "type",
            "title",
            "text",
            "provenance",
            "source",
            "terms",
            "related",
            "examples",
            "citation",
        ],
        "properties": {
            "id": {"type": "string"},
            "game": GAME,
            "type": TYPE,
            "title": LOCALIZED,
            "text": LOCALIZED,
            "original": LOCALIZED,
            "provenance": {"type": "object", "additionalProperties": PROVENANCE},
            "source": {
                "type": "object",
                "required": ["document", "locator"],
                "properties": {
                    "document": {"type": "string"},
                    "locator": {"type": "string"},
                    "date": {"type": "string", "format": "date"},
                    "credit": {"type": "string"},
                },
            },
            "terms": {"type": "array", "items": {"type": "string"}},
            "related": {"type": "array", "items": {"type": "string"}},
            "examples": {"type": "array", "items": _ref("Example")},
            "citation": {"type": "string"},
            "url": {"type": "string"},
        },
    },
    "RunResult": {
        "type": "object",
        "required": ["ok", "params", "result", "steps"],
        "properties": {
            "ok": {"const": True},
            "example": {"type": "string"},
            "params": {"type": "object"},
            "result": {},
            "verdict": LOCALIZED,
            "steps": {"type": "array", "items": {"type": "string"}},
            "steps_detail": {"type": "array", "items": _ref("Step")},
            "heading": {"type": "string", "description": "the heading for the values run"},
            "heading_detail": LOCALIZED,
            "code": {"type": "string", "description": "code that reproduces this run"},
        },
    },
    "Term": {
        "type": "object",
        "required": ["game", "zh", "en", "entries"],
        "properties": {
            "game": GAME,
            "zh": {"type": "string"},
            "en": {"type": "string"},
            "official": {"type": "array", "items": {"enum": ["zh", "en"]}},
            "kind": {"type": "string"},
            "variants": {"type": "object"},
            "traditional": {"type": "string"},
            "defined_by": {"type": ["string", "null"]},
            "definition": {"type": "object"},
            "entries": {"type": "array", "items": {"type": "string"}},
            "url": {"type": "string"},
        },
    },
    "Answer": {
        "type": "object",
        "required": [
            "id",
            "game",
            "type",
            "title",
            "text",
            "provenance",
            "citation",
            "url",
            "example",
            "confidence",
        ],
        "properties": {
            "id": {"type": "string"},
            "game": GAME,
            "type": TYPE,
            "title": LOCALIZED,
            "text": LOCALIZED,
            "provenance": {"type": "object", "additionalProperties": PROVENANCE},
            "part": {"type": "string"},
            "citation": {"type": "string"},
            "url": {"type": "string"},
            "example": {"oneOf": [{"type": "null"}, {"type": "object"}]},
            "confidence": {"enum": ["high", "medium", "low"]},
            "score": {"type": "number"},
        },
    },
    "AskResponse": {
        "type": "object",
        "required": ["query", "answer", "related"],
        "properties": {
            "query": {"type": "string"},
            "answer": {"oneOf": [{"type": "null"}, _ref("Answer")]},
            "related": {"type": "array", "items": _ref("Hit")},
            "message": {"type": "string"},
        },
    },
}


def spec() -> dict:
    """The OpenAPI document."""
    game_q = _q("game", "Filter by game", GAME)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rules KB API",
            "version": "1.0.0",
            "description": "Bilingual official rulings of four games, verbatim with "
            "provenance; search, entries, worked examples, termbase.",
        },
        "paths": {
            "/api/search": {
                "get": {
                    "summary": "Search rulings in Chinese or English",
                    "parameters": [
                        _q("q", "Question, term or number (Q108, 16.9.5, page 12)"),
                        game_q,
                        _q("type", "Filter by entry type", TYPE),
                        _q(
                            "limit",
                            "Results per page",
                            {"type": "integer", "minimum": 1, "maximum": 50, "default": 10},
                        ),
                        _q(
                            "offset",
                            "Results to skip",
                            {"type": "integer", "minimum": 0, "default": 0},
                        ),
                    ],
                    "responses": {"200": _json(_ref("SearchResponse")), **ERRORS},
                }
            },
            "/api/entries": {
                "get": {
                    "summary": "Every entry in full",
                    "parameters": [game_q, _q("type", "Filter by entry type", TYPE)],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["entries"],
                                "properties": {
                                    "entries": {"type": "array", "items": _ref("Entry")}
                                },
                            }
                        ),
                        **ERRORS,
                    },
                }
            },
            "/api/entries/{id}": {
                "get": {
                    "summary": "One entry in full",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": {"200": _json(_ref("Entry")), **ERRORS},
                }
            },
            "/api/examples/{id}/run": {
                "post": {
                    "summary": "Run a worked example with other values",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "requestBody": {
                        "required": False,
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {"params": {"type": "object"}},
                                }
                            }
                        },
                    },
                    "responses": {
                        "200": _json(_ref("RunResult")),
                        **ERRORS,
                        "415": _json(_ref("Error"), "Body is not JSON"),
                    },
                }
            },
            "/api/examples": {
                "get": {
                    "summary": "Every worked example (code, parameters, stated outcome)",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["examples"],
                                "properties": {
                                    "examples": {"type": "array", "items": _ref("Example")}
                                },
                            }
                        )
                    },
                }
            },
            "/api/examples/{id}": {
                "get": {
                    "summary": "One worked example, run with its defaults",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": {"200": _json(_ref("Example")), **ERRORS},
                }
            },
            "/api/terms": {
                "get": {
                    "summary": "The termbase: search either language",
                    "parameters": [_q("q", "Term in Chinese or English"), game_q],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["terms"],
                                "properties": {"terms": {"type": "array", "items": _ref("Term")}},
                            }
                        ),
                        **ERRORS,
                    },
                }
            },
            "/api/terms.tbx": {
                "get": {
                    "summary": "The termbase as TBX-Basic",
                    "responses": {
                        "200": {
                            "description": "TBX",
                            "content": {"application/x-tbx+xml": {"schema": {"type": "string"}}},
                        }
                    },
                }
            },
            "/api/terms.csv": {
                "get": {
                    "summary": "The termbase as an OmegaT glossary (source, target, comment)",
                    "parameters": [_q("source", "Source language", {"enum": ["zh", "en"]}), game_q],
                    "responses": {
                        "200": {
                            "description": "CSV",
                            "content": {"text/csv": {"schema": {"type": "string"}}},
                        },
                        **ERRORS,
                    },
                }
            },
            "/api/games": {
                "get": {
                    "summary": "The four games",
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["games"],
                                "properties": {
                                    "games": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["slug", "name", "entries"],
                                            "properties": {
                                                "slug": GAME,
                                                "name": LOCALIZED,
                                                "entries": {"type": "integer"},
                                            },
                                        },
                                    }
                                },
                            }
                        )
                    },
                }
            },
            "/api/ask": {
                "get": {
                    "summary": "The best ruling's answer with its worked example already run",
                    "parameters": [_q("q", "A rules question", required=True)],
                    "responses": {"200": _json(_ref("AskResponse"))},
                }
            },
            "/api/suggest": {
                "get": {
                    "summary": "Autocomplete of terms and entry titles",
                    "parameters": [_q("q", "What has been typed so far")],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["suggestions"],
                                "properties": {
                                    "suggestions": {
                                        "type": "array",
                                        "items": {
                                            "type": "object",
                                            "required": ["text", "kind"],
                                            "properties": {
                                                "text": {"type": "string"},
                                                "kind": {"enum": ["term", "entry"]},
                                                "id": {"type": "string"},
                                            },
                                        },
                                    }
                                },
                            }
                        )
                    },
                }
            },
            "/api/health": {
                "get": {
                    "summary": "Liveness, index generation and entry count (also /healthz)",
                    "responses": {"200": _json({"type": "object", "required": ["status"]})},
                }
            },
            "/api/openapi.json": {
                "get": {"summary": "This document", "responses": {"200": _json({"type": "object"})}}
            },
        },
        "components": {"schemas": SCHEMAS},
    }


# One live example request per endpoint, for the /api page and the tests.
EXAMPLE_REQUESTS: tuple[tuple[str, str], ...] = (
    ("GET", "/api/search?q=神速回避"),
    ("GET", "/api/search?q=same power attacker defender&game=fe0&limit=3"),
    ("GET", "/api/entries?game=fadingglory&type=rule"),
    ("GET", "/api/entries/fe0-qa-108"),
    ("GET", "/api/terms?q=反击"),
    ("GET", "/api/games"),
    ("GET", "/api/ask?q=两个单位战斗力一样的时候谁赢？"),
    ("GET", "/api/suggest?q=神速"),
    ("GET", "/api/health"),
    ("GET", "/api/terms.csv?game=whi"),
)
