"""Static files under fingerprinted URLs, cached for a year; pages say they vary by cookie.

`url_for('static', filename=...)` gains `?v=<hash of the file's bytes>`, so a changed
file gets a new URL and a browser may keep each version forever. A request whose `v`
is not the file's current hash (an old page, a typo) is served but not cached long.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Flask, Response, request

LONG_CACHE = "public, max-age=31536000, immutable"
_hashes: dict[Path, tuple[tuple[int, int], str]] = {}


def fingerprint(path: Path) -> str:
    """A short hash of a file's bytes, recomputed only when its size or mtime changes."""
    stat = path.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    cached = _hashes.get(path)
    if cached is None or cached[0] != key:
        cached = (key, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
        _hashes[path] = cached
    return cached[1]


def _static_path(app: Flask, filename: str) -> Path | None:
    """The file a static URL names, if it is one inside the static folder (memoised)."""
    known = app.extensions.setdefault("static_paths", {})
    if filename not in known:
        root = Path(app.static_folder or "").resolve()
        path = (root / filename).resolve()
        known[filename] = path if path.is_file() and root in path.parents else None
    return known[filename]


def register_assets(app: Flask) -> None:
    @app.url_defaults
    def _versioned_static(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            path = _static_path(app, values["filename"])
            if path is not None:
                values["v"] = fingerprint(path)

    @app.after_request
    def _cache_headers(response: Response) -> Response:
        if request.endpoint == "static" and response.status_code == 200:
            path = _static_path(app, (request.view_args or {}).get("filename", ""))
            if path is not None and request.args.get("v") == fingerprint(path):
                response.headers["Cache-Control"] = LONG_CACHE
            else:
                response.headers["Cache-Control"] = "no-cache"
        elif response.mimetype == "text/html":
            response.vary.add("Cookie")  # the interface language is a cookie
        return response
