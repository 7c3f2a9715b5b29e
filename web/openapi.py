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
# The game enum: replaced, wherever it stands, by the slugs of the registry served.
GAME = {"type": "string", "enum": ["<the registry's game slugs>"]}
# Whose words a termbase form is (kb/termbase.py STATUSES).
TERM_STATUS = {"type": "string", "enum": ["publisher", "source", "project", "unverified"]}
EXPORT_LANG = {"type": "string", "enum": ["zh", "en", "zh-Hant"]}
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
    "TermForm": {
        "type": "object",
        "required": ["form", "status", "main"],
        "properties": {
            "form": {"type": "string"},
            "status": TERM_STATUS,
            "main": {"type": "boolean"},
            "traditional": {"type": "string"},
            "superseded_by": {"type": "string"},
        },
    },
    "Term": {
        "type": "object",
        "required": ["game", "key", "zh", "en", "status", "forms", "entries"],
        "properties": {
            "game": GAME,
            "key": {"type": "string"},
            "zh": {"type": "string"},
            "en": {"type": "string"},
            "status": {
                "type": "object",
                "properties": {"zh": TERM_STATUS, "en": TERM_STATUS},
                "required": ["zh", "en"],
            },
            "forms": {
                "type": "object",
                "properties": {
                    "zh": {"type": "array", "items": _ref("TermForm")},
                    "en": {"type": "array", "items": _ref("TermForm")},
                },
            },
            "kind": {"type": "string"},
            "pos": {"enum": ["noun", "verb", "adjective", "adverb", "properNoun", "other"]},
            "variants": {"type": "object"},
            "traditional": {"type": "string"},
            "traditional_source": {"enum": ["opencc", "reviewed"]},
            "evidence": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["forms", "where"],
                    "properties": {
                        "forms": {"type": "array", "items": {"type": "string"}},
                        "where": {"type": "string"},
                        "url": {"type": "string"},
                        "quote": {"type": "string"},
                        "seed": {"type": "string"},
                    },
                },
            },
            "defined_by": {"type": ["string", "null"]},
            "definition": {"type": "object"},
            "entries": {"type": "array", "items": {"type": "string"}},
            "url": {"type": "string"},
            "uses": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["entry", "lang", "before", "match", "after", "url"],
                    "properties": {
                        "entry": {"type": "string"},
                        "lang": {"enum": ["zh", "en"]},
                        "form": {"type": "string"},
                        "before": {"type": "string"},
                        "match": {"type": "string"},
                        "after": {"type": "string"},
                        "url": {"type": "string"},
                    },
                },
            },
        },
    },
    "Finding": {
        "type": "object",
        "required": ["check", "game", "term", "detail", "where", "entries"],
        "properties": {
            "check": {"type": "string"},
            "game": {"type": "string"},
            "term": {"type": "string"},
            "detail": {"type": "string"},
            "where": {"enum": ["ours", "source"]},
            "entries": {"type": "array", "items": {"type": "string"}},
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


def _with_games(node, game: dict):
    """The document with every use of GAME replaced by the served registry's enum."""
    if node is GAME:
        return game
    if isinstance(node, dict):
        return {k: _with_games(v, game) for k, v in node.items()}
    if isinstance(node, list):
        return [_with_games(v, game) for v in node]
    return node


def spec(games: tuple[str, ...] | None = None) -> dict:
    """The OpenAPI document; `games` are the served registry's slugs (every game enum)."""
    game_q = _q("game", "Filter by game", GAME)
    if games is None:
        from kb.registry import default_registry

        games = default_registry().slugs
    document = {
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
                    "summary": "The termbase: search either language; every form with its status",
                    "parameters": [
                        _q("q", "Term in Chinese (Simplified or Traditional) or English"),
                        game_q,
                        _q("status", "Only terms with a form of this status", TERM_STATUS),
                    ],
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
            "/api/terms/check": {
                "get": {
                    "summary": "The termbase consistency report (computed once per termbase)",
                    "parameters": [
                        game_q,
                        _q("check", "Only findings of this check"),
                        _q(
                            "where",
                            "ours (to fix) or source (the posts' own variants)",
                            {"enum": ["ours", "source"]},
                        ),
                    ],
                    "responses": {
                        "200": _json(
                            {
                                "type": "object",
                                "required": ["total", "counts", "findings"],
                                "properties": {
                                    "total": {"type": "integer"},
                                    "counts": {"type": "object"},
                                    "findings": {"type": "array", "items": _ref("Finding")},
                                },
                            }
                        ),
                        **ERRORS,
                    },
                }
            },
            "/api/terms/{game}/{key}": {
                "get": {
                    "summary": "One term with every use in its sentence (keyword in context)",
                    "parameters": [
                        {"name": "game", "in": "path", "required": True, "schema": GAME},
                        {
                            "name": "key",
                            "in": "path",
                            "required": True,
                            "schema": {"type": "string"},
                        },
                    ],
                    "responses": {"200": _json(_ref("Term")), **ERRORS},
                }
            },
            "/api/terms.tbx": {
                "get": {
                    "summary": "The termbase as TBX-Basic (zh, en, zh-Hant langSets; statuses)",
                    "parameters": [game_q],
                    "responses": {
                        "200": {
                            "description": "TBX",
                            "content": {"application/x-tbx+xml": {"schema": {"type": "string"}}},
                        },
                        **ERRORS,
                    },
                }
            },
            "/api/terms.csv": {
                "get": {
                    "summary": "A glossary per game and direction: source,target,notes",
                    "parameters": [
                        _q("source", "Source language (default zh)", EXPORT_LANG),
                        _q(
                            "target",
                            "Target language (default en, or zh when source is en)",
                            EXPORT_LANG,
                        ),
                        game_q,
                        _q(
                            "bom",
                            "1 (default): start with a UTF-8 BOM; 0: none",
                            {"enum": ["0", "1"]},
                        ),
                        _q(
                            "header",
                            "row (default), comment (a # line OmegaT skips) or none",
                            {"enum": ["row", "comment", "none"]},
                        ),
                    ],
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
    return _with_games(document, {"type": "string", "enum": list(games)})


# One live example request per endpoint, for the /api page and the tests.
EXAMPLE_REQUESTS: tuple[tuple[str, str], ...] = (
    ("GET", "/api/search?q=神速回避"),
    ("GET", "/api/search?q=same power attacker defender&game=fe0&limit=3"),
    ("GET", "/api/entries?game=fadingglory&type=rule"),
    ("GET", "/api/entries/fe0-qa-108"),
    ("GET", "/api/terms?q=反击"),
    ("GET", "/api/terms/check?where=source&game=fe0"),
    ("GET", "/api/terms/magewars/阻碍"),
    ("GET", "/api/terms.tbx?game=fe0"),
    ("GET", "/api/games"),
    ("GET", "/api/ask?q=两个单位战斗力一样的时候谁赢？"),
    ("GET", "/api/suggest?q=神速"),
    ("GET", "/api/health"),
    ("GET", "/api/terms.csv?game=whi&source=en&target=zh"),
)
