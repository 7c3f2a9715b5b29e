"""One error shape for the API, an HTML page for the site; never a 5xx for bad input."""

from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)


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


def _is_api() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError):
        return error_json(exc.status, exc.code, exc.message, exc.param, exc.message_zh)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        status = exc.code or 500
        code = (exc.name or "error").lower().replace(" ", "_")
        if _is_api():
            return error_json(status, code, exc.description or exc.name)
        return render_template(
            "error.html", status=status, title=exc.name, message=exc.description
        ), status

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        log.exception("unhandled error on %s", request.path)
        if _is_api():
            return error_json(500, "internal_error", "internal error; it has been logged")
        return render_template(
            "error.html",
            status=500,
            title="Internal error",
            message="Something went wrong on our side.",
        ), 500
