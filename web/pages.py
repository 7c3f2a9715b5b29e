"""Server-rendered pages: search, entry, game. Readable without JavaScript."""

from __future__ import annotations

from collections import OrderedDict
from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, render_template, request

from indexer.answer import ask
from kb.model import ENTRY_TYPES, PROVENANCE_LABELS
from kb.rulecheck import ParamError
from kb.sourceinfo import load_sources
from kb.termbase import STATUS_LABELS, STATUS_RANK, STATUSES
from kb.termcheck import CHECK_LABELS, OURS_CHECKS, SOURCE_CHECKS
from web.api import engine, kb, run_search, scrub, suggester, termbase
from web.errors import ApiError
from web.openapi import EXAMPLE_REQUESTS, spec

pages = Blueprint("pages", __name__)
PAGE_SIZE = 10


UI_LANGS = ("both", "zh", "en")


@pages.app_context_processor
def _globals() -> dict:
    ui = request.cookies.get("ui", "both")
    registry = kb().registry
    return {
        "ui": ui if ui in UI_LANGS else "both",
        "GAMES": registry.slugs,
        "GAME_NAMES": registry.names(),
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
    if result is not None and q.strip() and offset == 0 and error is None:
        answer = ask(
            engine(), q, request.args.get("game") or None, request.args.get("type") or None
        )
    empty_suggestions = []
    if result is not None and result.total == 0:
        words = [w for w in q.split() if w][:3] or [q]
        found = [s for w in words for s in suggester().suggest(w[:4], limit=4)]
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
        examples=engine().examples_for(found.id),
        runs=runs or {},
    ), status


@pages.post("/entries/<path:entry_id>/run/<example_id>")
def run_example(entry_id: str, example_id: str):
    """Runs a worked example from the plain form and shows the result in place."""
    example = next((ex for ex in engine().examples_for(entry_id) if ex.id == example_id), None)
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
    if slug not in kb().registry:
        abort(404, description=f"There is no game “{slug}”.")
    groups: OrderedDict[str, list] = OrderedDict()
    by_type: OrderedDict[str, list] = OrderedDict((t, []) for t in ENTRY_TYPES)
    for e in kb().by_game(slug):
        groups.setdefault(e.section or "—", []).append(e)
        by_type[e.type].append(e)
    by_type = OrderedDict((t, es) for t, es in by_type.items() if es)
    return render_template("game.html", slug=slug, groups=groups, by_type=by_type)


GLOSSARY_PAGE = 50  # terms per game and page
GLOSSARY_PREVIEW = 15  # terms per game when all games are shown
DIRECTIONS = {"zh-en": ("zh", "en"), "en-zh": ("en", "zh")}


def _page_arg(name: str) -> int:
    raw = request.args.get(name, "1")
    return int(raw) if raw.isdigit() and int(raw) > 0 else 1


@pages.get("/terms")
def terms():
    """The glossary: per game, paged, with each form's status and a definition column."""
    q = scrub(request.args.get("q", ""))[:100]
    game = request.args.get("game", "")
    if game and game not in kb().registry:
        abort(404, description=f"There is no game “{game}”.")
    status = request.args.get("status", "")
    if status and status not in STATUSES:
        abort(400, description=f"status must be one of {', '.join(STATUSES)}")
    direction = request.args.get("dir", "")
    if direction not in DIRECTIONS:
        direction = "en-zh" if game and kb().registry[game].source_lang == "en" else "zh-en"
    tb = termbase()
    records = tb.search(q, game or None, status or None)
    page = _page_arg("page")
    sections = []
    for slug in [game] if game else kb().registry.slugs:
        rows = [r for r in records if r.game == slug]
        if not rows:
            continue
        size = GLOSSARY_PAGE if game else GLOSSARY_PREVIEW
        pages_n = max(1, -(-len(rows) // size))
        current = min(page, pages_n) if game else 1
        sections.append(
            {
                "slug": slug,
                "total": len(rows),
                "rows": rows[(current - 1) * size : current * size],
                "page": current,
                "pages": pages_n,
                "more": not game and len(rows) > size,
            }
        )
    source, target = DIRECTIONS[direction]
    return render_template(
        "terms.html",
        q=q,
        game=game,
        status=status,
        direction=direction,
        source=source,
        target=target,
        sections=sections,
        tb=tb,
        total=len(records),
        STATUSES=STATUSES,
        STATUS_LABELS=STATUS_LABELS,
        counts=tb.counts(),
    )


@pages.get("/terms/check")
def terms_check():
    """The consistency report, computed once per termbase, filterable by game, check, side."""
    report = termbase().report
    game = request.args.get("game", "")
    check = request.args.get("check", "")
    where = request.args.get("where", "")
    if (
        (game and game not in kb().registry)
        or (check and check not in CHECK_LABELS)
        or (where and where not in ("ours", "source"))
    ):
        abort(400, description="unknown filter: game, check or where")
    findings = report.filter(game or None, check or None, where or None)
    return render_template(
        "terms_check.html",
        ours=[f for f in findings if f.where == "ours"],
        source=[f for f in findings if f.where == "source"],
        report=report,
        game=game,
        check=check,
        where=where,
        CHECK_LABELS=CHECK_LABELS,
        OURS_CHECKS=OURS_CHECKS,
        SOURCE_CHECKS=SOURCE_CHECKS,
        tb=termbase(),
    )


@pages.get("/terms/<game>/<path:key>")
def term(game: str, key: str):
    """A term page: every form with its status and evidence, every use in its sentence."""
    tb = termbase()
    record = tb.find(game, key) if game in kb().registry else None
    if record is None:
        abort(404, description=f"There is no term “{key}” in {game}.")
    base = kb()
    uses = tb.uses_of(record)
    by_entry: OrderedDict[str, list] = OrderedDict()
    for use in uses:
        by_entry.setdefault(use.entry_id, []).append(use)
    forms = {
        lang: sorted(record.forms_of(lang), key=lambda f: (not f.main, STATUS_RANK[f.status]))
        for lang in ("zh", "en")
    }
    counts = {(u.lang, u.form): 0 for u in uses}
    for u in uses:
        counts[(u.lang, u.form)] += 1
    defined = base.get(record.defined_by) if record.defined_by else None
    return render_template(
        "term.html",
        record=record,
        forms=forms,
        counts=counts,
        uses=by_entry,
        entries={i: base.get(i) for i in tb.entries_of(record)},
        defined=defined,
        STATUS_LABELS=STATUS_LABELS,
    )


@pages.get("/sources/<document>")
def source(document: str):
    """A source post: who made it, what its translator asks, and how we honour it."""
    base = kb()
    info = load_sources(base.root).get(document)
    if info is None:
        abort(404, description=f"There is no source “{document}”.")
    entries = [e for e in base.entries.values() if e.source.document == document]
    return render_template("source.html", info=info, entries=entries)


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
    target = request.args.get("next", "/")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/"):
        target = "/"  # only paths on this site: no open redirect
    resp = redirect(target)
    resp.set_cookie("ui", lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return resp
