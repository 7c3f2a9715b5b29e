"""Fixtures of the browser tests (loaded with `pytest_plugins`): the app served on a local
port, Debian's Chromium through Playwright, and a page per viewport that fails the test on
any console error."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from tests.browser_support import ARGS, CHROMIUM, DESKTOP, PHONE, playwright_sync, watch_errors


def buffered(app):
    """The app with each response read whole (and its file closed) before the server writes it.

    Werkzeug's development server closes a response's iterator only after draining the socket,
    and that drain raises when the browser has already dropped the connection (as Chromium does
    with a favicon it no longer needs): the static file is then left open, and the
    ResourceWarning fails whichever test the garbage collector happens to run in. gunicorn, which
    serves the site, closes it; this wrapper gives the test server the same guarantee."""

    def wsgi(environ, start_response):
        iterable = app(environ, start_response)
        try:
            body = b"".join(iterable)
        finally:
            close = getattr(iterable, "close", None)
            if close is not None:
                close()
        return [body]

    return wsgi


@pytest.fixture(scope="module")
def base_url(app):
    server = make_server("127.0.0.1", 0, buffered(app), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (./dev test installs it as root)")
    with playwright_sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def page(request, browser, base_url):
    context = browser.new_context(
        viewport=request.param, base_url=base_url, permissions=["clipboard-read", "clipboard-write"]
    )
    pg = context.new_page()
    errors = watch_errors(pg)
    pg.viewport_name = request.node.callspec.id  # type: ignore[attr-defined]
    yield pg
    context.close()
    assert errors == [], f"browser errors: {errors}"
