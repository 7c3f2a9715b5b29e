"""The JSON API of DESIGN.md: search, entries, games (and more as they land)."""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from indexer.search import MAX_LIMIT, QueryError, SearchService
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES, GAMES
from kb.serialize import entry_json, games_json
from web.errors import ApiError

api = Blueprint("api", __name__, url_prefix="/api")


def kb() -> KnowledgeBase:
    return current_app.extensions["kb"]


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
    return jsonify({"entries": [entry_json(e, base) for e in chosen]})


@api.get("/entries/<path:entry_id>")
def entry(entry_id: str):
    found = kb().get(entry_id)
    if found is None:
        raise ApiError(404, "not_found", f"no entry with id {entry_id!r}")
    return jsonify(entry_json(found, kb()))


@api.get("/games")
def games():
    return jsonify({"games": games_json(kb())})
