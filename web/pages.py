"""Server-rendered pages: search, entry, game. Readable without JavaScript."""

from __future__ import annotations

from collections import OrderedDict

from flask import Blueprint, abort, current_app, redirect, render_template, request

from indexer.answer import ask
from kb.examples import examples_for
from kb.model import ENTRY_TYPES, GAME_NAMES, GAMES, PROVENANCE_LABELS
from kb.rulecheck import ParamError
from kb.termbase import check_consistency
from web.api import kb, run_search, scrub, search_service, termbase
from web.errors import ApiError
from web.openapi import EXAMPLE_REQUESTS, spec
from web.security import safe_redirect_path

pages = Blueprint("pages", __name__)
PAGE_SIZE = 10


UI_LANGS = ("both", "zh", "en")


@pages.app_context_processor
def _globals() -> dict:
    ui = request.cookies.get("ui", "both")
    return {
        "ui": ui if ui in UI_LANGS else "both",
        "GAMES": GAMES,
        "GAME_NAMES": GAME_NAMES,
        "ENTRY_TYPES": ENTRY_TYPES,
        "PROVENANCE_LABELS": PROVENANCE_LABELS,
    }


@pages.get("/")
def search():
    q = request.args.get("q", "")
    result, error = None, None
    if q.strip() or request.args.get("game") or request.args.get("type"):
        try:
            result = run_search(PAGE_SIZE)
        except ApiError as exc:
            error = exc.message
    offset = request.args.get("offset", "0")
    offset = int(offset) if offset.isdigit() else 0
    answer = None
    if result is not None and q.strip() and offset == 0:
        answer = ask(search_service(), kb(), q)
    empty_suggestions = []
    if result is not None and result.total == 0:
        suggester = current_app.extensions["suggester"]
        words = [w for w in q.split() if w][:3] or [q]
        found = [s for w in words for s in suggester.suggest(w[:4], limit=4)]
        empty_suggestions = [s.text for s in found][:8] or [
            "神速回避",
            "Counterstrike",
            "连锁闪电",
            "疲劳",
            "Q108",
        ]
    return render_template(
        "search.html",
        q=q,
        game=request.args.get("game", ""),
        entry_type=request.args.get("type", ""),
        result=result,
        error=error,
        offset=offset,
        page_size=PAGE_SIZE,
        answer=answer,
        empty_suggestions=empty_suggestions,
    ), (400 if error else 200)


@pages.get("/entries/<path:entry_id>")
def entry(entry_id: str, runs: dict | None = None, status: int = 200):
    base = kb()
    found = base.get(entry_id)
    if found is None:
        abort(404, description=f"There is no entry with id “{entry_id}”.")
    related = [base.get(r) for r in found.related if base.get(r)]
    backlinks = [e for e in base.backlinks(found.id) if e.id not in found.related]
    parent = base.get(found.parent) if found.parent else None
    return render_template(
        "entry.html",
        entry=found,
        related=related,
        backlinks=backlinks,
        parent=parent,
        children=base.children(found.id),
        examples=examples_for(found.id),
        runs=runs or {},
    ), status


@pages.post("/entries/<path:entry_id>/run/<example_id>")
def run_example(entry_id: str, example_id: str):
    """Runs a worked example from the plain form and shows the result in place."""
    example = next((ex for ex in examples_for(entry_id) if ex.id == example_id), None)
    if example is None:
        abort(404, description=f"Entry “{entry_id}” has no worked example “{example_id}”.")
    sent = {k: scrub(v) for k, v in request.form.items()}
    try:
        params, outcome = example.run(sent)
    except ParamError as exc:
        run = {"ok": False, "error": str(exc), "param": exc.param, "sent": sent}
        return entry(entry_id, {example_id: run}, 400)
    run = {"ok": True, "params": params, "sent": sent, **outcome.as_dict()}
    return entry(entry_id, {example_id: run})


@pages.get("/games/<slug>")
def game(slug: str):
    if slug not in GAMES:
        abort(404, description=f"There is no game “{slug}”.")
    groups: OrderedDict[str, list] = OrderedDict()
    by_type: OrderedDict[str, list] = OrderedDict((t, []) for t in ENTRY_TYPES)
    for e in kb().by_game(slug):
        groups.setdefault(e.section or "—", []).append(e)
        by_type[e.type].append(e)
    by_type = OrderedDict((t, es) for t, es in by_type.items() if es)
    return render_template("game.html", slug=slug, groups=groups, by_type=by_type)


@pages.get("/terms")
def terms():
    q = scrub(request.args.get("q", ""))[:100]
    game = request.args.get("game", "")
    if game and game not in GAMES:
        abort(404, description=f"There is no game “{game}”.")
    tb = termbase()
    records = tb.search(q, game or None)
    groups: OrderedDict[str, list] = OrderedDict((g, []) for g in GAMES)
    for r in records:
        groups[r.game].append(r)
    return render_template("terms.html", q=q, game=game, groups=groups, tb=tb, total=len(records))


@pages.get("/terms/check")
def terms_check():
    findings = check_consistency(kb(), termbase())
    return render_template("terms_check.html", findings=findings)


@pages.get("/terms/<game>/<path:key>")
def term(game: str, key: str):
    tb = termbase()
    record = tb.find(game, key) if game in GAMES else None
    if record is None:
        abort(404, description=f"There is no term “{key}” in {game}.")
    base = kb()
    renderings = []
    for lang in ("zh", "en"):
        for form in record.forms(lang):
            used = [
                e for e in base.by_game(game) if form.lower() in (e.text.get(lang) or "").lower()
            ]
            renderings.append(
                {
                    "lang": lang,
                    "form": form,
                    "entries": used,
                    "official": lang in record.official and form == record.forms(lang)[0],
                }
            )
    defined = base.get(record.defined_by) if record.defined_by else None
    entries = [base.get(i) for i in tb.entries_of(record)]
    return render_template(
        "term.html", record=record, renderings=renderings, defined=defined, entries=entries
    )


@pages.get("/api")
def api_index():
    """Lists every endpoint with a live example request."""
    return render_template("api.html", spec=spec(), examples=EXAMPLE_REQUESTS)


@pages.get("/ui")
def set_ui_language():
    """Remembers the interface language (a cookie) and goes back where the user was."""
    lang = request.args.get("lang", "both")
    if lang not in UI_LANGS:
        abort(400, description="lang must be both, zh or en")
    # Only paths on this site (no open redirect) that fit in a header (no newline).
    resp = redirect(safe_redirect_path(request.args.get("next")))
    resp.set_cookie("ui", lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return resp
