"""The Flask application: `create_app()` loads the KB, makes sure the index serves it,
and registers the API and the pages. Flask's CLI and gunicorn find it here."""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import Flask

from indexer.analysis import warm_up
from indexer.answer import ask
from indexer.build import build_index, ensure_index
from indexer.hints import make_hints
from indexer.search import SearchService
from indexer.suggest import Suggester
from kb.loader import load_kb
from kb.termbase import load_termbase
from web.api import api
from web.caching import register_caching
from web.errors import register_error_handlers
from web.limits import MAX_BODY_BYTES
from web.pages import pages
from web.render import TermMarker, register_filters
from web.security import register_request_limits, register_security_headers

ROOT = Path(__file__).resolve().parent


def create_app(test_config: dict | None = None) -> Flask:
    """Builds the app; the KB is validated first and a broken KB stops the start."""
    app = Flask(__name__, instance_path=str(ROOT / "instance"))
    app.config.from_mapping(
        KB_ROOT=None,
        INDEX_DIR=os.environ.get("RULES_KB_INDEX_DIR") or str(Path(app.instance_path) / "index"),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SEARCH_CACHE_SIZE=int(os.environ.get("RULES_KB_SEARCH_CACHE", "2048")),
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    kb = load_kb(Path(app.config["KB_ROOT"]) if app.config["KB_ROOT"] else None)
    index_dir = Path(app.config["INDEX_DIR"])
    generation, built = ensure_index(kb, index_dir)
    if built:
        app.logger.info("built index generation %s for %d entries", generation.name, len(kb))
    termbase = load_termbase(kb)
    app.extensions["kb"] = kb
    app.extensions["termbase"] = termbase
    app.extensions["term_marker"] = TermMarker(termbase)
    app.extensions["suggester"] = Suggester(kb, termbase)
    app.extensions["search"] = SearchService(
        index_dir, make_hints(kb, termbase), cache_size=app.config["SEARCH_CACHE_SIZE"]
    )
    warm_up()  # jieba's dictionary now, not in the first request (and shared after fork)

    register_error_handlers(app)
    register_security_headers(app)
    register_request_limits(app)
    register_caching(app)
    register_filters(app)
    app.register_blueprint(api)
    app.register_blueprint(pages)

    app.add_url_rule("/healthz", "healthz", app.view_functions["api.health"])

    @app.cli.command("build-index")
    def build_index_command() -> None:
        """Rebuilds the search index into a new generation and swaps it in."""
        gen = build_index(app.extensions["kb"], index_dir)
        click.echo(f"built {gen} ({len(app.extensions['kb'])} entries)")

    @app.cli.command("ask")
    @click.argument("question")
    def ask_command(question: str) -> None:
        """Answers a rules question in the terminal, with citation and worked example."""
        click.echo(format_answer(ask(app.extensions["search"], app.extensions["kb"], question)))

    return app


def format_answer(result) -> str:
    """The answer card as terminal text."""
    lines = [f"Q: {result.query}"]
    if result.answer is None:
        lines.append(result.message)
    else:
        a = result.answer
        lines.append(f"[{a.confidence} confidence] {a.entry.title.get(a.entry.source_lang)}")
        if result.message:
            lines.append(result.message)
        for lang, text in a.text.items():
            lines.append(f"--- {lang} ({a.provenance.get(lang)})")
            lines.append(text)
        lines.append(f"Cite: {a.entry.citation()}")
        if a.example:
            lines.append(f"Worked example {a.example['id']}: {a.example['title']}")
            lines.append(f"  result: {a.example['result']}")
            lines.extend(f"  - {s}" for s in a.example["steps"])
    if result.related:
        lines.append("See also:")
        lines.extend(f"  {r['id']}: {r['title']}" for r in result.related)
    return "\n".join(lines)
