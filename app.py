"""The Flask application: `create_app()` validates the KB, makes sure an index generation
serves it, and registers the API and the pages. Flask's CLI and gunicorn find it here.

Every request answers from one engine (one index generation: its KB snapshot, index and
statistics together), taken once when the request starts; a rebuild that moves `current`
is picked up by the next request.
"""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import Flask, g

from indexer.answer import ask, warm_answer_words
from indexer.build import build_index, ensure_engine, open_validated
from indexer.confidence import model
from indexer.paths import default_index_dir
from indexer.serving import EngineHolder
from kb.loader import KB_ROOT
from kb.termbase import to_traditional
from kb.validate import load_valid_kb
from web import api as api_views
from web import pages as page_views
from web.api import api
from web.caching import code_fingerprint, register_caching
from web.errors import register_error_handlers
from web.limits import MAX_BODY_BYTES
from web.pages import pages
from web.render import register_filters
from web.security import register_request_limits, register_security_headers

ROOT = Path(__file__).resolve().parent


def warm(engine) -> None:
    """Makes what the API and the pages derive from a generation (entries' JSON with their
    examples run, term marker, suggester …) once: in gunicorn's master before the fork, and
    when a worker moves to a new generation. A process that serves without forking (the
    command line, the development server, a test) makes each of them on first use
    instead: its first answer does not wait 70 ms for pages it may never show."""
    api_views.warm(engine)
    page_views.warm(engine)


def create_app(test_config: dict | None = None) -> Flask:
    """Builds the app; a KB that fails validation (file and line named) stops the start."""
    app = Flask(__name__, instance_path=str(ROOT / "instance"))
    app.config.from_mapping(
        KB_ROOT=None,
        INDEX_DIR=str(default_index_dir()),
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SEARCH_CACHE_SIZE=int(os.environ.get("RULES_KB_SEARCH_CACHE", "2048")),
    )
    if test_config:
        app.config.from_mapping(test_config)
    app.json.ensure_ascii = False
    app.json.sort_keys = False

    kb_root = Path(app.config["KB_ROOT"]) if app.config["KB_ROOT"] else KB_ROOT
    index_dir = Path(app.config["INDEX_DIR"])
    cache_size = app.config["SEARCH_CACHE_SIZE"]
    # A generation built from this very KB, validated by this code, serves as it is; any
    # other start validates the files (a failure names file and line) and builds.
    engine = open_validated(kb_root, index_dir, cache_size)
    if engine is None:
        kb, termbase = load_valid_kb(kb_root)
        engine, built = ensure_engine(
            kb, termbase, index_dir, log=app.logger.warning, cache_size=cache_size
        )
        if built:
            app.logger.info("built index generation %s for %d entries", engine.name, len(kb))
    app.extensions["engines"] = EngineHolder(
        index_dir, engine, app.config["SEARCH_CACHE_SIZE"], on_open=warm
    )
    app.extensions["kb_root"] = kb_root

    @app.before_request
    def _take_engine() -> None:
        g.engine = app.extensions["engines"].get()

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
        fresh, tb = load_valid_kb(kb_root)
        gen = build_index(fresh, index_dir, termbase=tb)
        click.echo(f"built {gen} ({len(fresh)} entries)")

    @app.cli.command("ask")
    @click.argument("question")
    def ask_command(question: str) -> None:
        """Answers a rules question in the terminal, with citation and worked example."""
        click.echo(ask(app.extensions["engines"].get(), question).as_text())

    return app


def warm_before_fork(app: Flask) -> None:
    """What a server makes once for all its workers before forking them (gunicorn's
    `when_ready`): the answer card's per-entry words (each of a cold worker's first few
    hundred asks cost 10 to 30 ms), its confidence model, the code's fingerprint, the
    termbase's consistency report (0.7 s on the first `/terms/check`), OpenCC's converter
    and the compiled templates. Not in
    `create_app`: the command line and the development server don't need the second it
    takes. First of all, what the pages and the API derive from the generation (`warm`)."""
    engine = app.extensions["engines"].engine
    warm(engine)
    warm_answer_words(engine)
    model()  # the answer card's trees and their leaf tables (25 to 40 ms a worker)
    code_fingerprint()  # every API answer's ETag hashes the code once (5 ms)
    for name in app.jinja_env.list_templates(extensions=["html"]):
        app.jinja_env.get_template(name)  # compiled once (a page's first render was 0.1 s)
    if engine.termbase.kb is not None:
        _ = engine.termbase.report
    to_traditional("术语")  # loads OpenCC's converter (60 ms on the glossary's first page)
