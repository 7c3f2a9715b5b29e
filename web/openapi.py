"""The OpenAPI 3.1 description of the JSON API, served at /api/openapi.json.

It says exactly what the service does: every bound (web/limits.py), which parameters
are required, the enums, `additionalProperties: false` on every object the service
writes or reads, and which values may be null. Tests validate the document, every live
answer against its schemas, and run Schemathesis over every operation
(tests/test_schemathesis.py), so the description cannot drift from the service.
"""

from __future__ import annotations

from kb.model import ENTRY_TYPES, PROVENANCES
from kb.termbase import STATUSES
from kb.termbase_io import HEADER_MODES, LANGS
from kb.termcheck import OURS_CHECKS, SOURCE_CHECKS
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
# The game enums: replaced, wherever they stand, by the slugs of the registry served.
GAME = {"type": "string", "enum": ["<the registry's game slugs>"]}
TYPE = {"type": "string", "enum": list(ENTRY_TYPES)}
# A filter may be empty: the search form sends `game=` for "all games".
GAME_FILTER = {"type": "string", "enum": ["", "<the registry's game slugs>"]}
TYPE_FILTER = {"type": "string", "enum": ["", *ENTRY_TYPES]}
PROVENANCE = {"type": "string", "enum": list(PROVENANCES)}
LANG = {"type": "string", "enum": ["zh", "en"]}
# Whose words a termbase form is (kb/termbase.py STATUSES), and the export languages.
TERM_STATUS = {"type": "string", "enum": list(STATUSES)}
EXPORT_LANG = {"type": "string", "enum": list(LANGS)}
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
ATTACHMENT = {
    "Content-Disposition": {
        "required": True,
        "schema": {"type": "string", "pattern": "^attachment; filename="},
    }
}
STATUS_FILTER = {"type": "string", "enum": ["", *STATUSES]}
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
LOCALIZED_REF = {"$ref": "#/components/schemas/Localized"}
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
        "labels": LOCALIZED_REF,
    },
    {
        "min": INTEGER,
        "max": INTEGER,
        "choices": STRINGS,
        "choice_labels": {"type": "object", "additionalProperties": LOCALIZED_REF},
        "display_only": {
            "const": True,
            "description": "a name that only labels the steps; it cannot change the result",
        },
        "inert_reason": _obj(
            {
                "cites": STRING,
                "quote": {"type": "string", "description": "verbatim from the cited entry"},
                "zh": STRING,
                "en": STRING,
            },
            description="why the input cannot change the result: the ruling, quoted",
        ),
    },
)
STEP = _obj(
    {
        "zh": STRING,
        "en": STRING,
        "cites": {"type": "string", "description": "the id of the entry the step applies"},
    },
    {"url": STRING, "cite_title": LOCALIZED_REF},
)


def _example_schema(with_result: bool) -> dict:
    required = {
        "id": STRING,
        "entry": STRING,
        "entries": {
            **STRINGS,
            "description": "every entry the example is shown on (merged copies)",
        },
        "title": STRING,
        "situation": LOCALIZED_REF,
        "code": {"type": "string", "description": "Python that runs the example as shown"},
        "params": {"type": "object", "additionalProperties": PARAM_VALUE},
        "param_specs": _array(_ref("ParamSpec")),
        "expected": ANY,
    }
    optional: dict = {"aliases": {**STRINGS, "description": "ids of copies merged into it"}}
    if with_result:
        required |= {"result": ANY, "steps": STRINGS, "steps_detail": _array(_ref("Step"))}
        optional |= {"verdict": LOCALIZED_REF}
    return _obj(required, optional)


SCHEMAS: dict = {
    "Error": _obj(
        {
            "error": _obj(
                {"code": STRING, "message": STRING},
                {
                    "param": {"type": "string", "description": "The parameter at fault"},
                    "message_zh": {"type": "string", "description": "The message in Chinese"},
                },
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
        {
            "notices": STRINGS,
            "scope": _obj(
                {"game": GAME, "detected": {"const": True}},
                description="the game the query named; the results are in it",
            ),
        },
    ),
    "ParamSpec": PARAM_SPEC,
    "Step": STEP,
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
            "players_ask": _obj(
                {
                    "provenance": {
                        "const": "project",
                        "description": "written for this KB, never the source's words",
                    },
                    "zh": STRINGS,
                    "zh-Hant": STRINGS,
                    "en": STRINGS,
                },
                description="Players also ask (常见问法): questions in players' own words that "
                "the entry answers",
            ),
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
            "steps_detail": _array(_ref("Step")),
            "heading": {"type": "string", "description": "the heading for the values run"},
            "code": {"type": "string", "description": "code that reproduces this run"},
        },
        {"verdict": LOCALIZED_REF, "heading_detail": LOCALIZED_REF},
    ),
    "TermForm": _obj(
        {"form": STRING, "status": TERM_STATUS, "main": {"type": "boolean"}},
        {"traditional": STRING, "superseded_by": STRING},
    ),
    "Term": _obj(
        {
            "game": GAME,
            "key": STRING,
            "zh": STRING,
            "en": STRING,
            "status": _obj({"zh": TERM_STATUS, "en": TERM_STATUS}),
            "forms": _obj({"zh": _array(_ref("TermForm")), "en": _array(_ref("TermForm"))}),
            "kind": STRING,
            "pos": {"enum": ["noun", "verb", "adjective", "adverb", "properNoun", "other"]},
            "variants": _obj({"zh": STRINGS, "en": STRINGS}),
            "traditional": STRING,
            "traditional_source": {"enum": ["opencc", "reviewed"]},
            "evidence": _array(
                _obj(
                    {"forms": STRINGS, "where": STRING},
                    {"url": STRING, "quote": STRING, "seed": STRING},
                )
            ),
            "defined_by": {"type": ["string", "null"]},
            "definition": _ref("Localized"),
            "entries": STRINGS,
            "url": STRING,
        },
        {
            "uses": _array(
                _obj(
                    {
                        "entry": STRING,
                        "lang": LANG,
                        "form": STRING,
                        "before": STRING,
                        "match": STRING,
                        "after": STRING,
                        "url": STRING,
                    }
                )
            )
        },
    ),
    "Finding": _obj(
        {
            "check": STRING,
            "game": STRING,
            "term": STRING,
            "detail": STRING,
            "where": {"enum": ["ours", "source"]},
            "entries": STRINGS,
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
        },
        {"verdict": _ref("Localized")},
    ),
    "Answer": _obj(
        {
            "id": STRING,
            "game": GAME,
            "type": TYPE,
            "title": _ref("Localized"),
            "text": {
                "type": "object",
                "description": "the answering sentence, bullet or row (or the whole text), the "
                "question's language first",
                "properties": {"zh": STRING, "en": STRING},
                "additionalProperties": False,
            },
            "provenance": _obj({}, {"zh": PROVENANCE, "en": PROVENANCE}),
            "part": {"enum": ["qa", "corrected", "passage", "row", "text"]},
            "citation": STRING,
            "url": STRING,
            "example": {"oneOf": [{"type": "null"}, _ref("AnswerExample")]},
            "confidence": {"enum": ["high", "medium", "low"]},
            "probability": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "that this ruling answers the question (calibrated)",
            },
            "score": {"type": "number"},
        },
        {"verdict": _ref("Localized")},
    ),
    "AskResponse": _obj(
        {
            "query": STRING,
            "answer": {"oneOf": [{"type": "null"}, _ref("Answer")]},
            "covered": {
                "type": "boolean",
                "description": "false: these sources do not answer the question (answer null, "
                "related: the nearest rulings)",
            },
            "scope": _obj(
                {"detected": {"type": "boolean"}},
                {
                    "game": GAME,
                    "other_game": {
                        "type": "string",
                        "description": "a game these sources do not hold, named by the question",
                    },
                },
                description="the game the question is answered in (detected: named by it)",
            ),
            "lang": LANG,
            "related": _array(_ref("Hit")),
            "message": STRING,
        },
        {
            "corrected": {"type": "string", "description": "the spelling pass's reading"},
            "alternatives": _array(
                _obj(
                    {
                        "id": STRING,
                        "title": _ref("Localized"),
                        "url": STRING,
                        "text": _ref("Localized"),
                        "probability": {"type": "number", "minimum": 0, "maximum": 1},
                    }
                ),
                description="when unsure: the other candidate rulings' answering lines",
            ),
        },
    ),
    "Suggestion": _obj({"text": STRING, "kind": {"enum": ["term", "entry"]}}, {"id": STRING}),
    "Game": _obj(
        {"slug": GAME, "name": _ref("Localized"), "entries": {"type": "integer", "minimum": 0}}
    ),
    "Health": _obj(
        {
            "status": {"enum": ["ok", "failing"]},
            "entries": {"type": "integer", "minimum": 0},
            "content_hash": STRING,
            "index": _obj(
                {
                    "generation": STRING,
                    "entries": {"type": ["integer", "null"]},
                    "content_hash": {"type": ["string", "null"]},
                }
            ),
            "kb_on_disk": _obj(
                {"content_hash": {"type": ["string", "null"]}, "stale": {"type": "boolean"}},
                {"action": {"type": "string", "description": "what to run when stale"}},
            ),
        },
        {
            "problem": {"type": "string", "description": "why the engine cannot answer"},
            "refused_generation": {
                "type": "string",
                "description": "a newer generation kept out of service, and why",
            },
        },
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
    scope_q = _q(
        "scope",
        "named (default): a query that names a game (火纹0, Mage Wars …) is answered in that "
        "game; all: in every game",
        {"type": "string", "enum": ["", "named", "all"]},
    )
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
                scope_q,
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
            "The termbase: search either language; every form with its status",
            _obj({"terms": _array(_ref("Term"))}),
            [
                _q(
                    "q",
                    f"A term in Chinese (Simplified or Traditional) or English (its first "
                    f"{TERMS_QUERY_CHARS} characters); empty lists every term",
                ),
                game_q,
                _q("status", "Only terms with a form of this status", STATUS_FILTER),
            ],
            {"400": BAD_REQUEST},
        ),
        "/api/terms/check": _get(
            "The termbase consistency report (computed once per generation)",
            _obj(
                {
                    "total": {"type": "integer", "minimum": 0},
                    "counts": {"type": "object"},
                    "findings": _array(_ref("Finding")),
                }
            ),
            [
                game_q,
                _q(
                    "check",
                    "Only findings of this check",
                    {"enum": ["", *OURS_CHECKS, *SOURCE_CHECKS]},
                ),
                _q(
                    "where",
                    "ours (to fix) or source (the posts' own variants)",
                    {"enum": ["", "ours", "source"]},
                ),
            ],
            {"400": BAD_REQUEST},
        ),
        "/api/terms/{game}/{key}": _get(
            "One term with every use in its sentence (keyword in context)",
            _ref("Term"),
            [
                {"name": "game", "in": "path", "required": True, "schema": GAME},
                {
                    "name": "key",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "minLength": 1},
                    "examples": {"阻碍": {"value": "阻碍"}},
                },
            ],
            {"404": NOT_FOUND},
        ),
        "/api/terms.tbx": _get(
            "The termbase as TBX-Basic (zh, en, zh-Hant langSets; statuses)",
            STRING,
            [game_q],
            {"400": BAD_REQUEST},
            media="application/x-tbx+xml",
            headers=ATTACHMENT,
        ),
        "/api/terms.csv": _get(
            "A glossary per game and direction: source,target,notes",
            STRING,
            [
                _q(
                    "source",
                    "Source language (default: zh, or en when the target is Chinese)",
                    {"enum": ["", *LANGS]},
                ),
                _q(
                    "target",
                    "Target language (default: en, or zh when the source is en); one side "
                    "is en and the other Chinese (zh or zh-Hant), else a 400",
                    {"enum": ["", *LANGS]},
                ),
                game_q,
                _q("bom", "1 (default): start with a UTF-8 BOM; 0: none", {"enum": ["", "0", "1"]}),
                _q(
                    "header",
                    "row (default), comment (a # line OmegaT skips) or none",
                    {"enum": ["", *HEADER_MODES]},
                ),
            ],
            {"400": BAD_REQUEST},
            media="text/csv",
            headers=ATTACHMENT,
        ),
        "/api/games": _get(
            "The games of the KB, from its registry", _obj({"games": _array(_ref("Game"))})
        ),
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
                ),
                game_q,
                type_q,
                scope_q,
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
            "What is served (generation, content hash), whether the KB on disk is newer, "
            "and a real query answered (also /healthz)",
            _ref("Health"),
            errors={
                "503": {
                    "description": "The engine cannot answer (the body says why)",
                    "headers": HEADERS,
                    "content": {JSON: {"schema": _ref("Health")}},
                }
            },
        ),
        "/api/openapi.json": _get(
            "This document",
            {"type": "object", "required": ["openapi", "info", "paths", "components"]},
        ),
    }


def _with_games(node, game: dict, game_filter: dict):
    """The document with every use of GAME and GAME_FILTER replaced by the served
    registry's enums."""
    if node is GAME:
        return game
    if node is GAME_FILTER:
        return game_filter
    if isinstance(node, dict):
        return {k: _with_games(v, game, game_filter) for k, v in node.items()}
    if isinstance(node, list):
        return [_with_games(v, game, game_filter) for v in node]
    return node


def spec(games: tuple[str, ...] | None = None) -> dict:
    """The OpenAPI document; `games` are the served registry's slugs (every game enum)."""
    if games is None:
        from kb.registry import default_registry

        games = default_registry().slugs
    document = {
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
    game = {"type": "string", "enum": list(games)}
    return _with_games(document, game, {"type": "string", "enum": ["", *games]})


# One live example request per endpoint, for the /api page and the tests.
EXAMPLE_REQUESTS: tuple[tuple[str, str], ...] = (
    ("GET", "/api/search?q=神速回避"),
    ("GET", "/api/search?q=same power attacker defender&game=fe0&limit=3"),
    ("GET", "/api/entries?game=fadingglory&type=rule"),
    ("GET", "/api/entries/fe0-qa-108"),
    ("GET", "/api/examples/fe0-tied-power"),
    ("GET", "/api/terms?q=反击"),
    ("GET", "/api/terms/check?where=source&game=fe0"),
    ("GET", "/api/terms/magewars/阻碍"),
    ("GET", "/api/terms.tbx?game=fe0"),
    ("GET", "/api/games"),
    ("GET", "/api/ask?q=两个单位战斗力一样的时候谁赢？"),
    ("GET", "/api/suggest?q=神速"),
    ("GET", "/api/health"),
    ("GET", "/api/terms.csv?game=whi"),
)
