"""The JSON API of DESIGN.md: search, entries, worked examples, terms, games, ask.

Every bound a parameter has is in web/limits.py and declared by web/openapi.py; a bad
parameter is a 400 that names it, never a 5xx.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from indexer.answer import ask as ask_question
from indexer.search import QueryError, SearchService
from kb.examples import all_examples, examples_for
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES, GAMES
from kb.rulecheck import ParamError, WorkedExample
from kb.serialize import entry_json, games_json
from kb.termbase import Termbase, TermRecord
from kb.termbase_io import to_csv, to_tbx
from web.body import json_body, scrub
from web.caching import served_content_hash
from web.errors import ApiError
from web.limits import (
    ENTRIES_DEFAULT_LIMIT,
    ENTRIES_MAX_LIMIT,
    MAX_INT_DIGITS,
    MAX_LIMIT,
    MAX_OFFSET,
    SEARCH_DEFAULT_LIMIT,
    SUGGEST_QUERY_CHARS,
    TERMS_QUERY_CHARS,
)
from web.openapi import spec

__all__ = ["api", "kb", "run_search", "scrub", "search_service", "termbase"]

api = Blueprint("api", __name__, url_prefix="/api")
_INT_RE = re.compile(r"-?[0-9]+")


def kb() -> KnowledgeBase:
    return current_app.extensions["kb"]


def termbase() -> Termbase:
    return current_app.extensions["termbase"]


def search_service() -> SearchService:
    return current_app.extensions["search"]


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


def int_arg(name: str, default: int, lo: int, hi: int) -> int:
    """An integer query parameter within bounds (absent: the default), or a 400 naming it.

    Only ASCII digits count: `int()` would also take " 5", "1_0" and other scripts' digits.
    """
    raw = request.args.get(name)
    if raw is None:
        return default
    if len(raw) > MAX_INT_DIGITS or not _INT_RE.fullmatch(raw):
        raise ApiError(400, "invalid_parameter", f"`{name}` must be an integer", name)
    value = int(raw)
    if not lo <= value <= hi:
        raise ApiError(400, "invalid_parameter", f"`{name}` must be between {lo} and {hi}", name)
    return value


def choice_arg(name: str, choices: tuple[str, ...]) -> str | None:
    """One of `choices`; absent or empty (a form's "all") means no filter."""
    value = request.args.get(name) or None
    if value is not None and value not in choices:
        raise ApiError(
            400,
            "invalid_parameter",
            f"unknown {name} {scrub(value)!r}; expected one of {', '.join(choices)}",
            name,
        )
    return value


def run_search(default_limit: int = SEARCH_DEFAULT_LIMIT):
    """Runs the search the request asks for; shared by the API and the search page."""
    limit = int_arg("limit", default_limit, 1, MAX_LIMIT)
    offset = int_arg("offset", 0, 0, MAX_OFFSET)
    game = choice_arg("game", GAMES)
    entry_type = choice_arg("type", ENTRY_TYPES)
    q = request.args.get("q", "")
    try:
        return search_service().search(q, game, entry_type, limit, offset)
    except QueryError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param) from None


@dataclass
class _Snapshot:
    """The cached answers of one served content; replaced whole, never edited."""

    version: str
    entries: dict[str, dict]
    examples: dict[str, dict]
    listing: list[dict]
    bulk: bytes | None = None


class ApiCache:
    """Answers that depend only on the served content, built once per content hash:
    every entry's JSON with its worked examples already run, every example's, the
    examples' listing and the bulk download. Built before the fork (the app warms it at
    start) and rebuilt when the served content changes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._snapshot: _Snapshot | None = None

    def current(self) -> _Snapshot:
        version = served_content_hash()
        snapshot = self._snapshot
        if snapshot is not None and snapshot.version == version:
            return snapshot
        with self._lock:
            if self._snapshot is None or self._snapshot.version != version:
                self._snapshot = self._build(version)
            return self._snapshot

    @staticmethod
    def _build(version: str) -> _Snapshot:
        examples = {ex_id: ex.as_dict() for ex_id, ex in all_examples().items()}
        base = kb()
        entries = {
            e.id: entry_json(e, base, [examples[x.id] for x in examples_for(e.id)])
            for e in base.entries.values()
        }
        listing = [ex.as_dict(include_result=False) for ex in all_examples().values()]
        return _Snapshot(version, entries, examples, listing)

    def entries(self) -> dict[str, dict]:
        return self.current().entries

    def example(self, example_id: str) -> dict | None:
        return self.current().examples.get(example_id)

    def example_listing(self) -> list[dict]:
        """Every example without its result (code, parameters, stated outcome)."""
        return self.current().listing

    def bulk(self) -> bytes:
        """Every entry as one JSON document, serialised once."""
        snapshot = self.current()
        if snapshot.bulk is None:
            snapshot.bulk = _bulk_document(snapshot.version, list(snapshot.entries.values()))
        return snapshot.bulk


def api_cache() -> ApiCache:
    return current_app.extensions.setdefault("api_cache", ApiCache())


def _warm_cache(state) -> None:
    """Runs the worked examples once at start (in gunicorn's master, before the fork)."""
    with state.app.app_context():
        api_cache().entries()


api.record_once(_warm_cache)


def _bulk_document(content_hash: str, entries: list[dict]) -> bytes:
    body = {"content_hash": content_hash, "total": len(entries), "entries": entries}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


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


def find_example(example_id: str) -> WorkedExample:
    example = all_examples().get(example_id)
    if example is None:
        raise ApiError(404, "not_found", f"no worked example with id {scrub(example_id)!r}")
    return example


def run_example(example: WorkedExample, params: dict | None) -> dict:
    """Runs an example with validated parameters (none: its defaults); a bad one is a
    400 naming it."""
    try:
        values, outcome = example.run(params or {})
    except ParamError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param) from None
    return {"ok": True, "example": example.id, "params": values, **outcome.as_dict()}


@api.get("/examples")
def examples():
    return jsonify({"examples": api_cache().example_listing()})


@api.get("/examples/<example_id>")
def example(example_id: str):
    found = api_cache().example(find_example(example_id).id)
    return jsonify(found)


@api.post("/examples/<example_id>/run")
def example_run(example_id: str):
    found = find_example(example_id)
    body = json_body()
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_body", 'the body must be a JSON object like {"params": {}}')
    unknown = sorted(set(body) - {"params"})
    if unknown:
        name = scrub(unknown[0])
        raise ApiError(400, "invalid_body", f"unknown field `{name}`; only `params`", name)
    if "params" in body and not isinstance(body["params"], dict):
        raise ApiError(400, "invalid_parameter", "`params` must be an object", "params")
    return jsonify(run_example(found, scrub(body.get("params"))))


def _entry_filters() -> dict[str, str]:
    """The game and type filters of an entries request, as given (none when absent)."""
    game = choice_arg("game", GAMES)
    entry_type = choice_arg("type", ENTRY_TYPES)
    return {k: v for k, v in (("game", game), ("type", entry_type)) if v}


def _filtered(entries: dict[str, dict], filters: dict[str, str]) -> list[dict]:
    return [e for e in entries.values() if all(e[k] == v for k, v in filters.items())]


@api.get("/entries")
def entries():
    """A page of entries in full; `next` is the URL of the following page."""
    filters = _entry_filters()
    limit = int_arg("limit", ENTRIES_DEFAULT_LIMIT, 1, ENTRIES_MAX_LIMIT)
    offset = int_arg("offset", 0, 0, MAX_OFFSET)
    chosen = _filtered(api_cache().entries(), filters)
    page = chosen[offset : offset + limit]
    has_more = offset + len(page) < len(chosen)
    following = url_for(".entries", **filters, limit=limit, offset=offset + limit)
    return jsonify(
        {
            "entries": page,
            "total": len(chosen),
            "limit": limit,
            "offset": offset,
            "has_more": has_more,
            "next": following if has_more else None,
            "download": url_for(".entries_download", **filters),
        }
    )


@api.get("/entries.json")
def entries_download():
    """Every entry (or every entry of a game or type) as one file, for offline use."""
    filters = _entry_filters()
    cache = api_cache()
    if filters:
        snapshot = cache.current()
        body = _bulk_document(snapshot.version, _filtered(snapshot.entries, filters))
    else:
        body = cache.bulk()
    name = "-".join(["rules-kb-entries", *filters.values()]) + ".json"
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename={name}"},
    )


@api.get("/entries/<path:entry_id>")
def entry(entry_id: str):
    found = api_cache().entries().get(entry_id)
    if found is None:
        raise ApiError(404, "not_found", f"no entry with id {scrub(entry_id)!r}")
    return jsonify(found)


@api.get("/terms")
def terms():
    game = choice_arg("game", GAMES)
    q = scrub(request.args.get("q", ""))[:TERMS_QUERY_CHARS]
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
    q = request.args.get("q")
    if not q:
        raise ApiError(400, "missing_parameter", "`q` is required: the question to answer", "q")
    return jsonify(ask_question(search_service(), kb(), q).as_dict())


@api.get("/suggest")
def suggest():
    q = request.args.get("q", "")
    found = current_app.extensions["suggester"].suggest(q)
    return jsonify(
        {"query": scrub(q[:SUGGEST_QUERY_CHARS]), "suggestions": [s.as_dict() for s in found]}
    )


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
