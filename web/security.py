"""Security at the edges: response headers (no inline script, no sniffing, no referrer
leaks), redirect targets that stay on this site and fit in a header, and one size limit
for every request body, chunked ones included."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from flask import Flask, Response

from web.assets import register_assets

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
# Longer redirect targets are not ones this site links to.
MAX_REDIRECT_CHARS = 2000


def register_security_headers(app: Flask) -> None:
    """Security headers on every response; cache headers too (fingerprinted static files)."""
    register_assets(app)

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response


def safe_redirect_path(target: str | None, default: str = "/") -> str:
    """`target` when it is a path on this site that can go in a Location header, else
    `default`: no other host (open redirect), no control character (a newline would
    split the header), nothing absurdly long."""
    if not target or len(target) > MAX_REDIRECT_CHARS or not target.startswith("/"):
        return default
    if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in target):
        return default
    if target.startswith("//") or "\\" in target:
        return default
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return default
    return target


class BodyLimit:
    """WSGI middleware: a body sent without Content-Length (chunked) is read here, up to
    one byte past the app's MAX_CONTENT_LENGTH, and handed on as an ordinary body of
    known length. Werkzeug then refuses an oversized one with 413 exactly as it refuses
    a declared Content-Length; without this it silently cuts a chunked body at the
    limit, and the truncated JSON was a confusing 400."""

    def __init__(self, wsgi_app: Callable, app: Flask, chunk: int = 64 * 1024):
        self.wsgi_app = wsgi_app
        self.app = app
        self.chunk = chunk

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if _is_streamed(environ):
            limit = self.app.config.get("MAX_CONTENT_LENGTH")
            if limit is not None:
                body = _read_at_most(environ["wsgi.input"], limit + 1, self.chunk)
                environ["wsgi.input"] = io.BytesIO(body)
                environ["CONTENT_LENGTH"] = str(len(body))
                # Now an ordinary body: werkzeug ignores Content-Length beside "chunked".
                environ.pop("HTTP_TRANSFER_ENCODING", None)
                environ.pop("wsgi.input_terminated", None)
        return self.wsgi_app(environ, start_response)


def _is_streamed(environ: dict) -> bool:
    if environ.get("CONTENT_LENGTH"):
        return False
    encoding = environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return "chunked" in encoding and bool(environ.get("wsgi.input_terminated"))


def _read_at_most(stream, size: int, chunk: int) -> bytes:
    parts: list[bytes] = []
    left = size
    while left > 0:
        data = stream.read(min(chunk, left))
        if not data:
            break
        parts.append(data)
        left -= len(data)
    return b"".join(parts)


def register_request_limits(app: Flask) -> None:
    """Applies MAX_CONTENT_LENGTH to chunked bodies too (see BodyLimit)."""
    app.wsgi_app = BodyLimit(app.wsgi_app, app)  # type: ignore[method-assign]
