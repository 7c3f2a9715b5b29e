"""The JSON API of DESIGN.md: search, entries, worked examples, terms, games, ask.

Every bound a parameter has is in web/limits.py and declared by web/openapi.py; a bad
parameter is a 400 that names it, never a 5xx. Every answer comes from the engine the
request took (one index generation); what depends only on that generation (every entry's
JSON with its examples, the examples' listing, the bulk download) is made once per
generation.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from flask import Blueprint, Response, current_app, g, jsonify, request, url_for

from indexer.answer import ask as ask_question
from indexer.engine import Engine, QueryError
from indexer.health import health_report
from indexer.suggest import Suggester
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES
from kb.rulecheck import ParamError, WorkedExample
from kb.serialize import entry_json, games_json
from kb.termbase import STATUSES, Termbase, TermRecord, Use
from kb.termbase_io import HEADER_MODES, LANGS, export_name, to_csv, to_tbx
from kb.termcheck import OURS_CHECKS, SOURCE_CHECKS
from web.body import json_body, scrub
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

__all__ = ["api", "engine", "kb", "run_search", "scrub", "suggester", "termbase"]

api = Blueprint("api", __name__, url_prefix="/api")
_INT_RE = re.compile(r"-?[0-9]+")


def engine() -> Engine:
    """The engine this request answers from (taken once, when the request started)."""
    found = g.get("engine")
    return found if found is not None else current_app.extensions["engines"].get()


def kb() -> KnowledgeBase:
    """The KB of the generation this request answers from."""
    return engine().kb


def termbase() -> Termbase:
    return engine().termbase


def game_slugs() -> tuple[str, ...]:
    return engine().games


def _forms_json(record: TermRecord, lang: str) -> list[dict]:
    out = []
    for f in record.forms_of(lang):
        item: dict = {"form": f.text, "status": f.status, "main": f.main}
        if record.is_superseded(lang, f.text):
            item["superseded_by"] = record.replacement(lang)
        if lang == "zh":
            item["traditional"] = record.traditional_of(f.text)
        out.append(item)
    return out


def term_json(record: TermRecord, tb: Termbase) -> dict:
    """A term with every form and whose words it is (status), its evidence and usage."""
    return {
        "game": record.game,
        "key": record.key,
        "zh": record.zh,
        "en": record.en,
        "status": {
            "zh": record.status_of("zh", record.zh),
            "en": record.status_of("en", record.en),
        },
        "forms": {"zh": _forms_json(record, "zh"), "en": _forms_json(record, "en")},
        "kind": record.kind,
        "pos": record.pos,
        "variants": {"zh": list(record.variants_zh), "en": list(record.variants_en)},
        "traditional": record.traditional,
        "traditional_source": "reviewed" if record.traditional_reviewed else "opencc",
        "evidence": [e.as_dict() for e in record.evidence],
        "defined_by": record.defined_by,
        "definition": record.definition,
        "entries": list(tb.entries_of(record)),
        "url": f"/terms/{record.game}/{record.key}",
    }


def use_json(use: Use) -> dict:
    return {
        "entry": use.entry_id,
        "lang": use.lang,
        "form": use.form,
        "before": use.before,
        "match": use.match,
        "after": use.after,
        "url": f"/entries/{use.entry_id}",
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


def scope_named() -> bool:
    """Whether a game the query names scopes it (`scope=all`: search every game)."""
    return choice_arg("scope", ("named", "all")) != "all"


def run_search(default_limit: int = SEARCH_DEFAULT_LIMIT):
    """Runs the search the request asks for; shared by the API and the search page."""
    limit = int_arg("limit", default_limit, 1, MAX_LIMIT)
    offset = int_arg("offset", 0, 0, MAX_OFFSET)
    game = choice_arg("game", game_slugs())
    entry_type = choice_arg("type", ENTRY_TYPES)
    q = request.args.get("q", "")
    try:
        return engine().search(q, game, entry_type, limit, offset, scope_named())
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
    if result.parsed is not None and result.parsed.scope_detected:
        body["scope"] = {"game": result.parsed.scope, "detected": True}
    return jsonify(body)


def cite_links(current: Engine, steps: list[dict]) -> list[dict]:
    """Adds to each step the page and the title (both languages) of the entry it cites."""
    out = []
    for step in steps:
        cited = current.kb.get(step["cites"])
        extra = {"url": cited.url, "cite_title": cited.title.as_dict()} if cited else {}
        out.append(step | extra)
    return out


# What WorkedExample.as_dict adds when it runs the example.
RESULT_KEYS = frozenset({"result", "steps", "steps_detail", "verdict"})


def example_json(current: Engine, example: WorkedExample, include_result: bool = True) -> dict:
    """A worked example, with its result at the defaults as the build computed it (the
    generation's examples.json holds `as_dict()` of the code its digest names)."""
    stored = current.example_results.get(example.id)
    if stored is None:
        body = example.as_dict(include_result=include_result)
    elif include_result:
        body = stored
    else:
        body = {k: v for k, v in stored.items() if k not in RESULT_KEYS}
    if "steps_detail" in body:
        body = body | {"steps_detail": cite_links(current, body["steps_detail"])}
    return body


@dataclass
class ApiSnapshot:
    """The answers that depend only on one generation: every entry's JSON with its worked
    examples already run, every example's, the examples' listing, the bulk download."""

    content_hash: str
    entries: dict[str, dict]
    examples: dict[str, dict]
    listing: list[dict]
    bulk: bytes | None = None

    @classmethod
    def of(cls, current: Engine) -> ApiSnapshot:
        examples = {x.id: example_json(current, x) for x in current.examples.by_id.values()}
        base = current.kb
        entries = {
            e.id: entry_json(e, base, [examples[x.id] for x in current.examples_for(e.id)])
            for e in base.entries.values()
        }
        listing = [
            example_json(current, x, include_result=False) for x in current.examples.by_id.values()
        ]
        return cls(current.content_hash, entries, examples, listing)

    def bulk_document(self) -> bytes:
        """Every entry as one JSON document, serialised once."""
        if self.bulk is None:
            self.bulk = _bulk_document(self.content_hash, list(self.entries.values()))
        return self.bulk


def api_snapshot(current: Engine | None = None) -> ApiSnapshot:
    current = current or engine()
    return current.memo("api_snapshot", lambda: ApiSnapshot.of(current))


def warm(current: Engine) -> None:
    """Runs the worked examples into their JSON once per generation (at start, in
    gunicorn's master before the fork; after a swap, when the generation is opened)."""
    api_snapshot(current)


def _bulk_document(content_hash: str, entries: list[dict]) -> bytes:
    body = {"content_hash": content_hash, "total": len(entries), "entries": entries}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def find_example(example_id: str) -> WorkedExample:
    example = engine().examples.find(example_id)
    if example is None:
        raise ApiError(404, "not_found", f"no worked example with id {scrub(example_id)!r}")
    return example


def run_example(example: WorkedExample, params: dict | None) -> dict:
    """Runs an example with validated parameters (none: its defaults); a bad one is a
    400 naming it, in both languages.

    Besides the contract's `ok, params, result, steps` the answer gives the verdict and the
    steps in both languages with their citations' pages, the heading for these values and
    the code that reproduces the run.
    """
    try:
        values, outcome = example.run(params or {})
    except ParamError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param, exc.zh) from None
    done = outcome.as_dict()
    done["steps_detail"] = cite_links(engine(), done["steps_detail"])
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
    return jsonify({"examples": api_snapshot().listing})


@api.get("/examples/<example_id>")
def example(example_id: str):
    return jsonify(api_snapshot().examples[find_example(example_id).id])


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
        raise ApiError(
            400, "invalid_parameter", "`params` must be an object", "params", "params 必须是对象"
        )
    return jsonify(run_example(found, scrub(body.get("params"))))


def _entry_filters() -> dict[str, str]:
    """The game and type filters of an entries request, as given (none when absent)."""
    game = choice_arg("game", game_slugs())
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
    chosen = _filtered(api_snapshot().entries, filters)
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
    snapshot = api_snapshot()
    if filters:
        body = _bulk_document(snapshot.content_hash, _filtered(snapshot.entries, filters))
    else:
        body = snapshot.bulk_document()
    name = "-".join(["rules-kb-entries", *filters.values()]) + ".json"
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f"attachment; filename={name}"},
    )


@api.get("/entries/<path:entry_id>")
def entry(entry_id: str):
    found = api_snapshot().entries.get(entry_id)
    if found is None:
        raise ApiError(404, "not_found", f"no entry with id {scrub(entry_id)!r}")
    return jsonify(found)


@api.get("/terms")
def terms():
    game = choice_arg("game", game_slugs())
    status = choice_arg("status", STATUSES)
    q = scrub(request.args.get("q", ""))[:TERMS_QUERY_CHARS]
    tb = termbase()
    return jsonify({"terms": [term_json(r, tb) for r in tb.search(q, game, status)]})


@api.get("/terms/check")
def terms_check():
    """The consistency report (computed once per termbase), filtered by game/check/where."""
    game = choice_arg("game", game_slugs())
    check = choice_arg("check", OURS_CHECKS + SOURCE_CHECKS)
    where = choice_arg("where", ("ours", "source"))
    report = termbase().report
    findings = report.filter(game, check, where)
    return jsonify(
        {
            "total": len(findings),
            "counts": report.counts(),
            "findings": [f.as_dict() for f in findings],
        }
    )


@api.get("/terms/<game>/<path:key>")
def term(game: str, key: str):
    """One term with every use in its sentence (keyword in context)."""
    tb = termbase()
    record = tb.find(game, key) if game in game_slugs() else None
    if record is None:
        raise ApiError(404, "not_found", f"no term {key!r} in {game!r}")
    return jsonify({**term_json(record, tb), "uses": [use_json(u) for u in tb.uses_of(record)]})


@api.get("/terms.tbx")
def terms_tbx():
    game = choice_arg("game", game_slugs())
    return Response(
        to_tbx(termbase(), game),
        content_type="application/x-tbx+xml; charset=utf-8",
        headers={"Content-Disposition": f"attachment; filename={export_name('tbx', game)}"},
    )


def _flag(name: str, default: bool) -> bool:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    if raw not in ("0", "1"):
        raise ApiError(400, "invalid_parameter", f"`{name}` must be 0 or 1", name)
    return raw == "1"


@api.get("/terms.csv")
def terms_csv():
    """One glossary per game and direction: source,target,notes; BOM and header optional."""
    source = choice_arg("source", LANGS)
    target = choice_arg("target", LANGS)
    # A side not given is the other language of the side given (zh → en by default).
    source = source or ("zh" if target in (None, "en") else "en")
    target = target or ("en" if source != "en" else "zh")
    if (source == "en") == (target == "en"):
        raise ApiError(
            400,
            "invalid_parameter",
            "one of `source` and `target` must be en, the other Chinese",
            "target",
        )
    game = choice_arg("game", game_slugs())
    header = choice_arg("header", HEADER_MODES) or "row"
    body = to_csv(termbase(), source, target, game, header)
    name = export_name("csv", game, source, target)
    if _flag("bom", True):
        body = "\ufeff" + body
    return Response(
        body.encode("utf-8"),
        content_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f"attachment; filename={name}"},
    )


@api.get("/ask")
def ask():
    q = request.args.get("q")
    if not q:
        raise ApiError(400, "missing_parameter", "`q` is required: the question to answer", "q")
    game = choice_arg("game", game_slugs())
    entry_type = choice_arg("type", ENTRY_TYPES)
    return jsonify(ask_question(engine(), q, game, entry_type, scope_named()).as_dict())


def suggester() -> Suggester:
    """Autocomplete over the served generation's terms and titles (made once per generation)."""
    current = engine()
    return current.memo("suggester", lambda: Suggester(current.kb, current.termbase))


@api.get("/suggest")
def suggest():
    q = request.args.get("q", "")
    found = suggester().suggest(q)
    return jsonify(
        {"query": scrub(q[:SUGGEST_QUERY_CHARS]), "suggestions": [s.as_dict() for s in found]}
    )


@api.get("/openapi.json")
def openapi():
    return jsonify(spec(game_slugs()))


@api.get("/health")
def health():
    """What is served (generation, content hash), whether the KB on disk is newer, and a
    real query answered through the engine: 503 when it cannot answer."""
    body, ok = health_report(
        engine(), current_app.extensions["kb_root"], current_app.extensions["engines"]
    )
    return jsonify(body), (200 if ok else 503)


@api.get("/games")
def games():
    return jsonify({"games": games_json(kb())})
