"""Server-rendered pages: search, entry, game. Readable without JavaScript."""

from __future__ import annotations

import json
import re
from collections import OrderedDict

from flask import (
    Blueprint,
    abort,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup, escape

from indexer.answer import ask, covered_games
from indexer.suggest import Suggester
from kb.model import ENTRY_TYPES, PROVENANCE_LABELS, PROVENANCES, Entry
from kb.rulecheck import ParamError
from kb.termbase import STATUS_LABELS, STATUS_RANK, STATUSES
from kb.termcheck import CHECK_LABELS, OURS_CHECKS, SOURCE_CHECKS
from web.api import engine, kb, run_search, scope_named, scrub, suggester, termbase
from web.citation import citation_markdown, citation_text, permalink
from web.errors import ApiError
from web.i18n import (
    MESSAGES,
    UI_LANGS,
    Msg,
    normalize_ui,
    notice,
    page_lang,
    phrase,
    plain,
    script_strings_json,
)
from web.openapi import EXAMPLE_REQUESTS, spec
from web.render import TermMarker
from web.security import safe_redirect_path
from web.zero_results import TermFinder, zero_help

pages = Blueprint("pages", __name__)
PAGE_SIZE = 10

# The home page's example questions: real questions players ask, each answered by the KB
# (tests/test_pages.py checks every one gets an answer card).
HOME_QUESTIONS: tuple[tuple[str, str], ...] = (
    ("zh", "战斗力一样的时候防守方会被击破吗？"),
    ("en", "Must I destroy every defending unit before damaging the capital?"),
    ("zh", "生物可以攻击自己吗？"),
    ("en", "Can I play an action during my opponent's turn?"),
)

_HAN_RE = re.compile(r"[\u3400-\u9fff]")
_LATIN_RE = re.compile(r"[A-Za-z]")
_TAG_RE = re.compile(r"<[^>]+>")


def text_lang(text: str) -> str | None:
    """The language a short text is mostly written in (`zh`, `en`), None if neither."""
    han = len(_HAN_RE.findall(text))
    latin = len(_LATIN_RE.findall(text))
    if not han and not latin:
        return None
    return "zh" if han * 3 >= latin else "en"


_RUN_RE = re.compile(r"([\u3400-\u9fff\u3000-\u303f\uff00-\uffef]+)")
_WORD_RE = re.compile(r"[A-Za-z]{2,}")


def is_mixed(text: str) -> bool:
    """Whether a text holds both Chinese and English words."""
    return bool(_HAN_RE.search(text)) and bool(_WORD_RE.search(text))


def lang_runs(text: str, page: str) -> Markup:
    """A mixed text with each run in the other language wrapped in a `lang` span."""
    out = []
    for i, run in enumerate(_RUN_RE.split(text)):
        if not run:
            continue
        own = "zh" if i % 2 else ("en" if _WORD_RE.search(run) else None)
        if own and own != page:
            out.append(f'<span lang="{own}">{escape(run)}</span>')
        else:
            out.append(str(escape(run)))
    return Markup("".join(out))


def term_finder() -> TermFinder:
    current = engine()
    return current.memo("term_finder", lambda: TermFinder(current.termbase))


def _without_publisher_text(base) -> frozenset[str]:
    official = {
        e.game for e in base.entries.values() if "official" in e.provenance.as_dict().values()
    }
    return frozenset(g for g in base.registry.slugs if g not in official)


def games_without_publisher_text() -> frozenset[str]:
    """Games none of whose texts is the publisher's own (every one a translation)."""
    current = engine()
    return current.memo("no_publisher_text", lambda: _without_publisher_text(current.kb))


def term_marker() -> TermMarker:
    current = engine()
    return current.memo("term_marker", lambda: TermMarker(current.termbase))


def post_of(entry: Entry):
    return engine().source_posts.get(entry.source.document)


def warm(current) -> None:
    """Builds what the pages derive from a generation now (at start-up, before the fork;
    after a swap, when the new generation is opened), not in a worker's first request."""
    current.memo("term_finder", lambda: TermFinder(current.termbase))
    current.memo("term_marker", lambda: TermMarker(current.termbase))
    current.memo("no_publisher_text", lambda: _without_publisher_text(current.kb))
    current.memo("suggester", lambda: Suggester(current.kb, current.termbase))


@pages.before_app_request
def _interface_language() -> None:
    g.ui = normalize_ui(request.cookies.get("ui"))


def _title_lang(entry: Entry, ui: str) -> str:
    """Which of an entry's titles a list shows: the reader's language, else the source's."""
    want = ui if ui in ("zh", "en") else entry.source_lang
    return want if entry.title.get(want) else entry.source_lang


@pages.app_context_processor
def _globals() -> dict:
    ui = normalize_ui(request.cookies.get("ui")) if request else "both"
    registry = kb().registry
    lang = page_lang(ui)

    def t(key: str, **fields) -> Markup:
        return phrase(key, ui, **fields)

    def tt(key: str, **fields) -> str:
        return plain(key, ui, **fields)

    def tp(key: str, **fields) -> str:
        """Plain text in the page's language only (placeholders: no room for two)."""
        return plain(key, lang, **fields)

    def has(key: str) -> bool:
        return key in MESSAGES

    def in_lang(text: str, text_lang_: str | None = None) -> Markup:
        """Text marked with its language where it differs from the page's; plain text that
        mixes scripts (“翻译：萨莉雅 (translator Salia)”) gets a span per run."""
        if text_lang_ is None and not isinstance(text, Markup) and is_mixed(text):
            return lang_runs(text, lang)
        own = text_lang_ or text_lang(_TAG_RE.sub("", str(text)))
        body = text if isinstance(text, Markup) else escape(text)
        if own and own != lang:
            return Markup(f'<span lang="{own}">{body}</span>')
        return Markup(body)

    def entry_title(entry: Entry) -> Markup:
        which = _title_lang(entry, ui)
        return in_lang(entry.title.get(which) or entry.id, which)

    def cite_text(entry: Entry) -> str:
        """The entry's citation in the interface language (what the cite bar copies)."""
        return citation_text(entry, post_of(entry), ui if ui in ("zh", "en") else entry.source_lang)

    def game_name(slug: str, short: bool = False) -> Markup:
        return t(("gameshort." if short else "game.") + slug)

    def other_game_notice(name: str) -> Markup:
        """Which games these sources cover, when the question names another one."""
        return t("answer.other_game", name=name, **covered_games(registry))

    return {
        "ui": ui,
        "page_lang": lang,
        "t": t,
        "tt": tt,
        "tp": tp,
        "has_message": has,
        "in_lang": in_lang,
        "entry_title": entry_title,
        "cite_text": cite_text,
        "game_name": game_name,
        "other_game_notice": other_game_notice,
        "type_name": lambda entry_type: t(f"type.{entry_type}"),
        "msg": Msg,
        "Markup": Markup,
        "UI_LANGS": UI_LANGS,
        "GAMES": registry.slugs,
        "GAME_NAMES": registry.names(),
        "ENTRY_TYPES": ENTRY_TYPES,
        "PROVENANCES": PROVENANCES,
        "PROVENANCE_LABELS": PROVENANCE_LABELS,
        "script_strings_json": script_strings_json(),
        "no_publisher_text": games_without_publisher_text(),
    }


def _code(value: str) -> Markup:
    """An identifier quoted in a message: code, in no language."""
    return Markup('<code translate="no">{}</code>').format(value)


def _search_error(exc: ApiError) -> Markup:
    ui = g.ui
    value = request.args.get(exc.param or "", "")
    if exc.param == "game":
        return phrase("search.unknown_game", ui, v=_code(value))
    if exc.param == "type":
        return phrase("search.unknown_type", ui, v=_code(value))
    if exc.param == "offset":
        return phrase("search.bad_offset", ui)
    return phrase("search.error", ui, m=exc.message)


@pages.get("/")
def search():
    q = request.args.get("q", "")
    result, error = None, None
    if q.strip() or request.args.get("game") or request.args.get("type"):
        try:
            result = run_search(PAGE_SIZE)
        except ApiError as exc:
            error = _search_error(exc)
    offset = request.args.get("offset", "0")
    offset = int(offset) if offset.isdigit() else 0
    game = request.args.get("game", "")
    entry_type = request.args.get("type", "")
    answer = None
    if result is not None and q.strip() and offset == 0 and error is None:
        answer = ask(engine(), q, game or None, entry_type or None, scope_named())
    help_ = None
    if result is not None and result.total == 0:
        help_ = zero_help(
            result.query,
            game or None,
            entry_type or None,
            engine(),
            suggester(),
            term_finder(),
        )
    notices, facets = [], {"game": [], "type": []}
    if result is not None:
        notices = [notice(n, g.ui) for n in result.notices]
        facets = {
            "game": [(s, n) for s, n in result.facets.get("game", {}).items() if n],
            "type": [(t, n) for t, n in result.facets.get("type", {}).items() if n],
        }
    context = {
        "q": q,
        "game": game,
        "entry_type": entry_type,
        "result": result,
        "error": error,
        "offset": offset,
        "page_size": PAGE_SIZE,
        "answer": answer,
        "help": help_,
        "notices": notices,
        "facets": facets,
        "home_questions": HOME_QUESTIONS,
        "game_sizes": {slug: len(kb().by_game(slug)) for slug in kb().registry.slugs},
    }
    template = "_results.html" if request.args.get("partial") == "results" else "search.html"
    return render_template(template, **context), (400 if error else 200)


def _crumbs(found: Entry, parent: Entry | None) -> list[tuple[str | None, str, str | None]]:
    """(url, text, lang) after the game: the section, then the parent unless it repeats it."""
    crumbs: list[tuple[str | None, str, str | None]] = []
    parent_titles = set(parent.title.as_dict().values()) if parent else set()
    if found.section and found.section not in parent_titles:
        crumbs.append((None, found.section, text_lang(found.section)))
    if parent:
        lang = parent.source_lang
        crumbs.append((parent.url, parent.title.get(lang) or parent.id, lang))
    return crumbs


@pages.get("/entries/<path:entry_id>")
def entry(entry_id: str, runs: dict | None = None, status: int = 200):
    base = kb()
    found = base.get(entry_id)
    if found is None:
        abort(404, description=phrase("entry.not_found", g.ui, id=_code(entry_id)))
    related = [base.get(r) for r in found.related if base.get(r)]
    backlinks = [e for e in base.backlinks(found.id) if e.id not in found.related]
    parent = base.get(found.parent) if found.parent else None
    post = post_of(found)
    cite_lang = g.ui if g.ui in ("zh", "en") else found.source_lang
    marker = term_marker()
    used_terms = []
    for lang in found.langs_in_order:
        for record in marker.records(found.text.get(lang) or "", found.game, lang):
            if record not in used_terms:
                used_terms.append(record)
    examples = engine().examples_for(found.id)
    runs = runs or {}
    return render_template(
        "entry.html",
        entry=found,
        related=related,
        backlinks=backlinks,
        parent=parent,
        crumbs=_crumbs(found, parent),
        children=base.children(found.id),
        examples=examples,
        runs=runs,
        shows={
            ex.id: runs[ex.id]["shown"] if ex.id in runs else _shown_run(ex, ex.defaults)
            for ex in examples
        },
        cited=base.get,
        post=post,
        permalink=permalink(found),
        citation=citation_text(found, post, cite_lang),
        citation_md=citation_markdown(found, post, cite_lang),
        cite_lang=cite_lang,
        used_terms=used_terms,
    ), status


LAST_RUN = "_last"


def _shown_run(example, params: dict) -> dict:
    """A run as the example partial shows it: verdict, result, steps, heading, code."""
    _, outcome = example.run(params)
    return {
        "params": params,
        "heading": example.heading(params),
        "heading_detail": example.heading_parts(params),
        "code": example.code(params),
        **outcome.as_dict(),
    }


@pages.post("/entries/<path:entry_id>/run/<example_id>")
def run_example(entry_id: str, example_id: str):
    """Runs a worked example from the plain form and shows the result in place.

    A bad value is reported beside its field, in both languages, and the result shown before
    the run (the form carries its values in `_last`) stays on the page.
    """
    example = next((ex for ex in engine().examples_for(entry_id) if ex.id == example_id), None)
    if example is None:
        abort(404, description=f"Entry “{entry_id}” has no worked example “{example_id}”.")
    sent = {k: scrub(v) for k, v in request.form.items() if k != LAST_RUN}
    try:
        params, _ = example.run(sent)
    except ParamError as exc:
        run = {
            "ok": False,
            "error": exc.as_dict(),
            "param": exc.param,
            "sent": sent,
            "shown": _shown_run(example, _last_params(example)),
        }
        return entry(entry_id, {example_id: run}, 400)
    run = {"ok": True, "sent": sent, "shown": _shown_run(example, params)}
    return entry(entry_id, {example_id: run})


def _last_params(example) -> dict:
    """The values of the result shown before this run, or the defaults if they are unusable."""
    try:
        last = json.loads(request.form.get(LAST_RUN, "") or "{}")
        params, _ = example.run(last if isinstance(last, dict) else {})
        return params
    except (ValueError, ParamError, RecursionError):
        return example.defaults


@pages.get("/games/<slug>")
def game(slug: str):
    if slug not in kb().registry:
        abort(404, description=phrase("game.not_found", g.ui, slug=_code(slug)))
    groups: OrderedDict[str, list] = OrderedDict()
    by_type: OrderedDict[str, list] = OrderedDict((t, []) for t in ENTRY_TYPES)
    for e in kb().by_game(slug):
        groups.setdefault(e.section or "", []).append(e)
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


@pages.get("/sources/<name>")
def source(name: str):
    """A game's source posts: who made them, what their makers ask, how we honour it.
    (An old link by seed file name moves to its game's page.)"""
    posts = engine().source_posts
    if name in posts:
        return redirect(url_for("pages.source", name=posts[name].game), 301)
    infos = [p for p in posts.values() if p.game == name]
    if not infos:
        abort(404, description=f"There is no source for “{name}”.")
    base = kb()
    entries = {
        p.document: [e for e in base.entries.values() if e.source.document == p.document]
        for p in infos
    }
    return render_template("source.html", game=name, infos=infos, entries=entries)


@pages.get("/api")
def api_index():
    """Lists every endpoint with a live example request."""
    return render_template("api.html", spec=spec(), examples=EXAMPLE_REQUESTS)


@pages.get("/ui")
def set_ui_language():
    """Remembers the interface language (a cookie) and goes back where the user was."""
    lang = request.args.get("lang", "both")
    if lang not in UI_LANGS:
        abort(400, description=phrase("error.ui_lang", g.ui))
    # Only paths on this site (no open redirect) that fit in a header (no newline).
    resp = redirect(safe_redirect_path(request.args.get("next")))
    resp.set_cookie("ui", lang, max_age=365 * 24 * 3600, samesite="Lax", httponly=True)
    return resp
