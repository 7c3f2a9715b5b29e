"""One error shape for the API, an HTML page for the site; never a 5xx for bad input.

Every client error is logged on one line (status, code, method, path, message), so a
fuzzer's thousands of bad requests cost a line each, not a traceback.
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

# Headers of a werkzeug HTTPException that are about the error page itself, not the error.
_BODY_HEADERS = {"content-type", "content-length"}
_LOG_TEXT = 200


class ApiError(Exception):
    """A client error the API reports as `{"error": {"code", "message"}}`."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        param: str | None = None,
        message_zh: str | None = None,
    ):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.param = param
        self.message_zh = message_zh


def error_json(
    status: int, code: str, message: str, param: str | None = None, message_zh: str | None = None
):
    body: dict = {"error": {"code": code, "message": message}}
    if param:
        body["error"]["param"] = param
    if message_zh:
        body["error"]["message_zh"] = message_zh
    return jsonify(body), status


def is_api_request() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def _one_line(text: str) -> str:
    """Text fit for a single log line: no line breaks or control characters, bounded."""
    flat = "".join(c if c.isprintable() else " " for c in text)
    return flat if len(flat) <= _LOG_TEXT else flat[:_LOG_TEXT] + "…"


def log_client_error(status: int, code: str, message: str) -> None:
    """One line on the app's logger (Flask gives it a timestamped handler; gunicorn
    passes it to its error log)."""
    current_app.logger.warning(
        "%d %s %s %s: %s",
        status,
        code,
        request.method,
        _one_line(request.full_path.rstrip("?")),
        _one_line(message),
    )


def _exception_headers(exc: HTTPException) -> list[tuple[str, str]]:
    """What an HTTPException says beyond its page: `Allow` on a 405, `Retry-After` …"""
    return [(k, v) for k, v in exc.get_headers() if k.lower() not in _BODY_HEADERS]


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        log_client_error(exc.status, exc.code, exc.message)
        return error_json(exc.status, exc.code, exc.message, exc.param, exc.message_zh)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        status = exc.code or 500
        code = (exc.name or "error").lower().replace(" ", "_")
        message = exc.description or exc.name
        if status < 500:
            log_client_error(status, code, message)
        headers = _exception_headers(exc)
        if is_api_request():
            body, status = error_json(status, code, message)
            return body, status, headers
        page = render_template("error.html", status=status, title=exc.name, message=message)
        return page, status, headers

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        current_app.logger.exception(
            "unhandled error on %s %s", request.method, _one_line(request.path)
        )
        if is_api_request():
            return error_json(500, "internal_error", "internal error; it has been logged")
        return render_template(
            "error.html",
            status=500,
            title="Internal error",
            message="Something went wrong on our side.",
        ), 500
