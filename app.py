"""The Flask application: `create_app()` loads the KB, makes sure the index serves it,
and registers the API and the pages. Flask's CLI and gunicorn find it here."""

from __future__ import annotations

import os
from pathlib import Path

import click
from flask import Flask

from indexer.build import build_index, ensure_index
from indexer.search import SearchService
from kb.loader import load_kb
from web.api import api
from web.errors import register_error_handlers
from web.pages import pages
from web.render import register_filters
from web.security import register_security_headers

ROOT = Path(__file__).resolve().parent


def create_app(test_config: dict | None = None) -> Flask:
    """Builds the app; the KB is validated first and a broken KB stops the start."""
    app = Flask(__name__, instance_path=str(ROOT / "instance"))
    app.config.from_mapping(
        KB_ROOT=None,
        INDEX_DIR=os.environ.get("RULES_KB_INDEX_DIR") or str(Path(app.instance_path) / "index"),
        MAX_CONTENT_LENGTH=64 * 1024,
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
    app.extensions["kb"] = kb
    app.extensions["search"] = SearchService(index_dir)

    register_error_handlers(app)
    register_security_headers(app)
    register_filters(app)
    app.register_blueprint(api)
    app.register_blueprint(pages)

    @app.cli.command("build-index")
    def build_index_command() -> None:
        """Rebuilds the search index into a new generation and swaps it in."""
        gen = build_index(app.extensions["kb"], index_dir)
        click.echo(f"built {gen} ({len(app.extensions['kb'])} entries)")

    return app
