"""The JSON API of DESIGN.md: search, entries, games (and more as they land)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request

from indexer.answer import ask as ask_question
from indexer.engine import Engine, QueryError
from indexer.health import health_report
from indexer.suggest import Suggester
from indexer.tuning import MAX_LIMIT, MAX_OFFSET
from kb.loader import KnowledgeBase
from kb.model import ENTRY_TYPES
from kb.rulecheck import ParamError, WorkedExample
from kb.serialize import entry_json, games_json
from kb.termbase import STATUSES, Termbase, TermRecord, Use
from kb.termbase_io import HEADER_MODES, LANGS, export_name, to_csv, to_tbx
from kb.termcheck import OURS_CHECKS, SOURCE_CHECKS
from web.errors import ApiError
from web.openapi import spec

api = Blueprint("api", __name__, url_prefix="/api")


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
    offset = int_arg("offset", 0, 0, MAX_OFFSET)
    game = choice_arg("game", game_slugs())
    entry_type = choice_arg("type", ENTRY_TYPES)
    q = request.args.get("q", "")
    try:
        return engine().search(q, game, entry_type, limit, offset)
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
    """A worked example, with its result at the defaults as the build computed it."""
    body = example.as_dict(include_result=False)
    if include_result:
        body = engine().example_results.get(example.id) or example.as_dict()
    if "steps_detail" in body:
        body = body | {"steps_detail": cite_links(body["steps_detail"])}
    return body


def entry_examples(entry_id: str) -> list[dict]:
    """The worked examples of an entry, already run with their defaults."""
    return [example_json(ex) for ex in engine().examples_for(entry_id)]


def find_example(example_id: str) -> WorkedExample:
    example = engine().examples.find(example_id)
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
        {
            "examples": [
                example_json(ex, include_result=False) for ex in engine().examples.by_id.values()
            ]
        }
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
    game = choice_arg("game", game_slugs())
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
    game = choice_arg("game", game_slugs())
    status = choice_arg("status", STATUSES)
    q = scrub(request.args.get("q", ""))[:100]
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
    source = choice_arg("source", LANGS) or "zh"
    target = choice_arg("target", LANGS) or ("en" if source != "en" else "zh")
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
    game = choice_arg("game", game_slugs())
    entry_type = choice_arg("type", ENTRY_TYPES)
    q = request.args.get("q", "")
    return jsonify(ask_question(engine(), q, game, entry_type).as_dict())


def suggester() -> Suggester:
    """Autocomplete over the served generation's terms and titles (made once per generation)."""
    current = engine()
    return current.memo("suggester", lambda: Suggester(current.kb, current.termbase))


@api.get("/suggest")
def suggest():
    q = request.args.get("q", "")
    found = suggester().suggest(q)
    return jsonify({"query": q[:60], "suggestions": [s.as_dict() for s in found]})


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
