"""The JSON API of DESIGN.md: search, entries, games (and more as they land)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from indexer.answer import ask as ask_question
from indexer.search import MAX_LIMIT, QueryError, SearchService
from kb.examples import all_examples, examples_for
from kb.examples import find_example as lookup_example
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES, GAMES
from kb.rulecheck import ParamError, WorkedExample
from kb.serialize import entry_json, games_json
from kb.termbase import Termbase, TermRecord
from kb.termbase_io import to_csv, to_tbx
from web.errors import ApiError
from web.openapi import spec

api = Blueprint("api", __name__, url_prefix="/api")


def kb() -> KnowledgeBase:
    return current_app.extensions["kb"]


def termbase() -> Termbase:
    return current_app.extensions["termbase"]


def term_json(record: TermRecord, tb: Termbase) -> dict:
    return {
        "game": record.game,
        "zh": record.zh,
        "en": record.en,
        "official": list(record.official),
        "kind": record.kind,
        "variants": {"zh": list(record.variants_zh), "en": list(record.variants_en)},
        "traditional": record.traditional,
        "defined_by": record.defined_by,
        "definition": record.definition,
        "entries": list(tb.entries_of(record)),
        "url": f"/terms/{record.game}/{record.key}",
    }


def search_service() -> SearchService:
    return current_app.extensions["search"]


def int_arg(name: str, default: int, lo: int, hi: int) -> int:
    """An integer query parameter within bounds, or a 400 that names it."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, "invalid_parameter", f"`{name}` must be an integer", name) from None
    if not lo <= value <= hi:
        raise ApiError(400, "invalid_parameter", f"`{name}` must be between {lo} and {hi}", name)
    return value


def choice_arg(name: str, choices: tuple[str, ...]) -> str | None:
    value = request.args.get(name) or None
    if value is not None and value not in choices:
        raise ApiError(
            400,
            "invalid_parameter",
            f"unknown {name} {value!r}; expected one of {', '.join(choices)}",
            name,
        )
    return value


def run_search(default_limit: int = 10):
    """Runs the search the request asks for; shared by the API and the search page."""
    limit = int_arg("limit", default_limit, 1, MAX_LIMIT)
    offset = int_arg("offset", 0, 0, 10_000)
    game = choice_arg("game", GAMES)
    entry_type = choice_arg("type", ENTRY_TYPES)
    q = request.args.get("q", "")
    try:
        return search_service().search(q, game, entry_type, limit, offset)
    except QueryError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param) from None


@api.get("/search")
def search():
    result = run_search()
    body = {
        "query": result.query,
        "total": result.total,
        "results": [h.as_dict() for h in result.hits],
        "facets": result.facets,
    }
    if result.notices:
        body["notices"] = result.notices
    return jsonify(body)


def scrub(value: Any) -> Any:
    """Replaces lone surrogates in user JSON so that nothing echoed back can fail to encode."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    return value


def cite_links(steps: list[dict]) -> list[dict]:
    """Adds to each step the page and the title (both languages) of the entry it cites."""
    out = []
    for step in steps:
        cited = kb().get(step["cites"])
        extra = {"url": cited.url, "cite_title": cited.title.as_dict()} if cited else {}
        out.append(step | extra)
    return out


def example_json(example: WorkedExample, include_result: bool = True) -> dict:
    body = example.as_dict(include_result)
    if "steps_detail" in body:
        body["steps_detail"] = cite_links(body["steps_detail"])
    return body


def entry_examples(entry_id: str) -> list[dict]:
    """The worked examples of an entry, already run with their defaults."""
    return [example_json(ex) for ex in examples_for(entry_id)]


def find_example(example_id: str) -> WorkedExample:
    example = lookup_example(example_id)
    if example is None:
        raise ApiError(404, "not_found", f"no worked example with id {example_id!r}")
    return example


def run_example(example: WorkedExample, params: Any) -> dict:
    """Runs an example with validated parameters; a bad one is a 400 naming it.

    Besides the contract's `ok, params, result, steps` the answer gives the verdict and the
    steps in both languages with their citations' pages, the heading for these values and
    the code that reproduces the run.
    """
    if params is not None and not isinstance(params, dict):
        raise ApiError(
            400, "invalid_parameter", "`params` must be an object", "params", "params 必须是对象"
        )
    try:
        values, outcome = example.run(params)
    except ParamError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param, exc.zh) from None
    done = outcome.as_dict()
    done["steps_detail"] = cite_links(done["steps_detail"])
    return {
        "ok": True,
        "example": example.id,
        "params": values,
        **done,
        "heading": example.heading(values),
        **({"heading_detail": parts.as_dict()} if (parts := example.heading_parts(values)) else {}),
        "code": example.code(values),
    }


@api.get("/examples")
def examples():
    return jsonify(
        {"examples": [example_json(ex, include_result=False) for ex in all_examples().values()]}
    )


@api.get("/examples/<example_id>")
def example(example_id: str):
    return jsonify(example_json(find_example(example_id)))


@api.post("/examples/<example_id>/run")
def example_run(example_id: str):
    found = find_example(example_id)
    body: Any = {}
    if request.content_length or request.data:
        if not request.is_json:
            raise ApiError(415, "unsupported_media_type", "send the body as application/json")
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            raise ApiError(
                400, "invalid_body", 'the body must be a JSON object like {"params": {}}'
            )
    unknown = sorted(set(body) - {"params"})
    if unknown:
        raise ApiError(400, "invalid_body", f"unknown field `{scrub(unknown[0])}`", "params")
    return jsonify(run_example(found, scrub(body.get("params"))))


@api.get("/entries")
def entries():
    game = choice_arg("game", GAMES)
    entry_type = choice_arg("type", ENTRY_TYPES)
    base = kb()
    chosen = [
        e
        for e in base.entries.values()
        if (game is None or e.game == game) and (entry_type is None or e.type == entry_type)
    ]
    return jsonify({"entries": [entry_json(e, base, entry_examples(e.id)) for e in chosen]})


@api.get("/entries/<path:entry_id>")
def entry(entry_id: str):
    found = kb().get(entry_id)
    if found is None:
        raise ApiError(404, "not_found", f"no entry with id {entry_id!r}")
    return jsonify(entry_json(found, kb(), entry_examples(found.id)))


@api.get("/terms")
def terms():
    game = choice_arg("game", GAMES)
    q = scrub(request.args.get("q", ""))[:100]
    tb = termbase()
    return jsonify({"terms": [term_json(r, tb) for r in tb.search(q, game)]})


@api.get("/terms.tbx")
def terms_tbx():
    return Response(
        to_tbx(termbase()),
        mimetype="application/x-tbx+xml",
        headers={"Content-Disposition": "attachment; filename=rules-kb-terms.tbx"},
    )


@api.get("/terms.csv")
def terms_csv():
    source = request.args.get("source", "zh")
    if source not in ("zh", "en"):
        raise ApiError(400, "invalid_parameter", "`source` must be zh or en", "source")
    game = choice_arg("game", GAMES)
    return Response(
        to_csv(termbase(), source, game),
        mimetype="text/csv; charset=utf-8",
        headers={"Content-Disposition": "attachment; filename=rules-kb-terms.csv"},
    )


@api.get("/ask")
def ask():
    return jsonify(ask_question(search_service(), kb(), request.args.get("q", "")).as_dict())


@api.get("/suggest")
def suggest():
    q = request.args.get("q", "")
    found = current_app.extensions["suggester"].suggest(q)
    return jsonify({"query": q[:60], "suggestions": [s.as_dict() for s in found]})


@api.get("/openapi.json")
def openapi():
    return jsonify(spec())


@api.get("/health")
def health():
    """Liveness and what is served: the index generation and the KB it was built from."""
    info = search_service().generation()
    return jsonify(
        {"status": "ok", "entries": len(kb()), "content_hash": kb().content_hash, "index": info}
    )


@api.get("/games")
def games():
    return jsonify({"games": games_json(kb())})
