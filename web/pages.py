"""Server-rendered pages: search, entry, game. Readable without JavaScript."""

from __future__ import annotations

from collections import OrderedDict

from flask import Blueprint, abort, render_template, request

from kb.model import ENTRY_TYPES, GAME_NAMES, GAMES, PROVENANCE_LABELS
from web.api import kb, run_search
from web.errors import ApiError

pages = Blueprint("pages", __name__)
PAGE_SIZE = 10


@pages.app_context_processor
def _globals() -> dict:
    return {
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
    return render_template(
        "search.html",
        q=q,
        game=request.args.get("game", ""),
        entry_type=request.args.get("type", ""),
        result=result,
        error=error,
        offset=offset,
        page_size=PAGE_SIZE,
    ), (400 if error else 200)


@pages.get("/entries/<path:entry_id>")
def entry(entry_id: str):
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
    )


@pages.get("/games/<slug>")
def game(slug: str):
    if slug not in GAMES:
        abort(404, description=f"There is no game “{slug}”.")
    groups: OrderedDict[str, list] = OrderedDict()
    for e in kb().by_game(slug):
        groups.setdefault(e.section or "—", []).append(e)
    return render_template("game.html", slug=slug, groups=groups)
