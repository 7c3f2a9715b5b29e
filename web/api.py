"""The JSON API of DESIGN.md: search, entries, games (and more as they land)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from indexer.answer import ask as ask_question
from indexer.search import MAX_LIMIT, QueryError, SearchService
from kb.examples import all_examples, examples_for
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES, GAMES
from kb.rulecheck import ParamError, WorkedExample
from kb.serialize import entry_json, games_json
from kb.termbase import STATUSES, Termbase, TermRecord, Use
from kb.termbase_io import HEADER_MODES, LANGS, export_name, to_csv, to_tbx
from kb.termcheck import OURS_CHECKS, SOURCE_CHECKS
from web.errors import ApiError
from web.openapi import spec

api = Blueprint("api", __name__, url_prefix="/api")


def kb() -> KnowledgeBase:
    return current_app.extensions["kb"]


def termbase() -> Termbase:
    return current_app.extensions["termbase"]


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


def entry_examples(entry_id: str) -> list[dict]:
    """The worked examples of an entry, already run with their defaults."""
    return [ex.as_dict() for ex in examples_for(entry_id)]


def find_example(example_id: str) -> WorkedExample:
    example = all_examples().get(example_id)
    if example is None:
        raise ApiError(404, "not_found", f"no worked example with id {example_id!r}")
    return example


def run_example(example: WorkedExample, params: Any) -> dict:
    """Runs an example with validated parameters; a bad one is a 400 naming it."""
    if params is not None and not isinstance(params, dict):
        raise ApiError(400, "invalid_parameter", "`params` must be an object", "params")
    try:
        values, outcome = example.run(params)
    except ParamError as exc:
        raise ApiError(400, "invalid_parameter", str(exc), exc.param) from None
    return {"ok": True, "example": example.id, "params": values, **outcome.as_dict()}


@api.get("/examples")
def examples():
    return jsonify(
        {"examples": [ex.as_dict(include_result=False) for ex in all_examples().values()]}
    )


@api.get("/examples/<example_id>")
def example(example_id: str):
    return jsonify(find_example(example_id).as_dict())


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
    status = choice_arg("status", STATUSES)
    q = scrub(request.args.get("q", ""))[:100]
    tb = termbase()
    return jsonify({"terms": [term_json(r, tb) for r in tb.search(q, game, status)]})


@api.get("/terms/check")
def terms_check():
    """The consistency report (computed once per termbase), filtered by game/check/where."""
    game = choice_arg("game", GAMES)
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
    record = tb.find(game, key) if game in GAMES else None
    if record is None:
        raise ApiError(404, "not_found", f"no term {key!r} in {game!r}")
    return jsonify({**term_json(record, tb), "uses": [use_json(u) for u in tb.uses_of(record)]})


@api.get("/terms.tbx")
def terms_tbx():
    game = choice_arg("game", GAMES)
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
    source = choice_arg("source", LANGS) or "zh"
    target = choice_arg("target", LANGS) or ("en" if source != "en" else "zh")
    if (source == "en") == (target == "en"):
        raise ApiError(
            400,
            "invalid_parameter",
            "one of `source` and `target` must be en, the other Chinese",
            "target",
        )
    game = choice_arg("game", GAMES)
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
