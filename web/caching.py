"""HTTP caching of the API: an ETag for what is served, Cache-Control on every GET, 304s.

Every API answer is a function of the served content (the KB and the index built from
it) and of this code, so one validator serves them all: the content hash of the served
index generation joined to a fingerprint of the code. Replicas built from one commit
compute the same ETag, so a 304 holds behind any load balancer; a deploy that changes
the JSON but not the KB still changes the ETag.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Flask, Response, request

from web.errors import is_api_request

ROOT = Path(__file__).resolve().parent.parent
# Code whose output is in API answers: the app, its views, the KB code (rule checks and
# worked examples run in answers) and the query side.
_CODE_DIRS = ("web", "kb", "indexer")

# Data changes with a deploy or a rebuild: caches may keep an answer a few minutes and
# then revalidate (a 304 costs nothing to send).
PUBLIC = "public, max-age=300"
# Health must say what is served now.
REVALIDATE = "no-cache"
# Errors and the answers to POSTs are not stored at all.
NO_STORE = "no-store"
_ALWAYS_REVALIDATE = {"api.health", "healthz"}


def served_content_hash() -> str:
    """The content hash of the index generation this request answers from (the KB it was
    built from)."""
    from web.api import engine

    return engine().content_hash


@cache
def code_fingerprint() -> str:
    """A short hash of the code that shapes the answers, the same on every replica."""
    digest = hashlib.sha256()
    files = [ROOT / "app.py"]
    for folder in _CODE_DIRS:
        files.extend(sorted((ROOT / folder).rglob("*.py")))
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def current_etag() -> str:
    """The ETag of every API answer now (without quotes)."""
    return f"{served_content_hash()}-{code_fingerprint()}"


def register_caching(app: Flask) -> None:
    """ETag and Cache-Control on the API's answers; 304 when If-None-Match matches."""

    @app.after_request
    def _cache_headers(response: Response) -> Response:
        if not (is_api_request() or request.endpoint == "healthz"):
            return response
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            response.headers["Cache-Control"] = NO_STORE
            return response
        if "ETag" not in response.headers:
            response.set_etag(current_etag())
        revalidate = request.endpoint in _ALWAYS_REVALIDATE
        response.headers["Cache-Control"] = REVALIDATE if revalidate else PUBLIC
        if "If-None-Match" not in request.headers:
            return response  # nothing to compare (werkzeug's check was a tenth of a search)
        return response.make_conditional(request)
