"""Every failure as RFC 9457 problem+json with a stable ``code``."""

from __future__ import annotations

import orjson
from flask import Response
from werkzeug.exceptions import HTTPException

from .problem_type import PROBLEM_TYPE


_HTTP_CODES = {
    400: "invalid_json", 404: "not_found", 405: "method_not_allowed", 406: "not_acceptable",
    413: "payload_too_large", 415: "unsupported_media_type",
}


MAX_DETAIL_CHARS = 500  # a message quotes values shortened already (service.rules.errors.short); the cap holds anyway
MAX_FIELD_ERRORS = 20   # per level of ``errors``: the first ones, and how many were left out
MAX_MESSAGES = 3


def bounded_errors(errors, depth: int = 0):
    """marshmallow's ``errors`` kept to a few dozen entries and a few KiB, however many fields were wrong.

    A body with 60,000 unknown fields must not be answered with 60,000 messages (issue 11).
    """
    if isinstance(errors, dict):
        keys = list(errors)[:MAX_FIELD_ERRORS] if depth < 3 else []
        out = {k if isinstance(k, int) else str(k)[:60]: bounded_errors(errors[k], depth + 1) for k in keys}
        if len(errors) > len(keys):
            out["_omitted"] = [f"{len(errors) - len(keys)} more"]
        return out
    if isinstance(errors, list):
        return [str(m)[:200] for m in errors[:MAX_MESSAGES]]
    return str(errors)[:200]


def problem(status: int, code: str, title: str, detail: str, **extra) -> Response:
    if len(detail) > MAX_DETAIL_CHARS:
        detail = detail[:MAX_DETAIL_CHARS - 1] + "…"
    body = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None})
    if "errors" in body:
        body["errors"] = bounded_errors(body["errors"])
    # marshmallow reports list items under int keys
    return Response(orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS), status=status,
                    mimetype="application/problem+json")


class ApiProblem(Exception):
    """Raised by the HTTP layer for request-level failures (400/404/415...)."""

    def __init__(self, status: int, code: str, detail: str, **extra):
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


def from_http_exception(exc: HTTPException) -> Response:
    status = exc.code or 500
    code = _HTTP_CODES.get(status, "http_error")
    resp = problem(status, code, exc.name, exc.description or exc.name)
    if status == 405 and getattr(exc, "valid_methods", None):
        resp.headers["Allow"] = ", ".join(exc.valid_methods)
    return resp


# --- answers gunicorn gives itself, before the app sees a request (issue 11, item 9) ---
_GUNICORN_CODES = {400: "invalid_http", 403: "forbidden", 414: "uri_too_long", 417: "expectation_failed",
                   431: "headers_too_large", 500: "internal_error", 501: "not_implemented"}


def gunicorn_error(sock, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's ``util.write_error`` as problem+json: a bad header byte or ``Content-Length: -1`` is
    refused by gunicorn's parser before the app runs, and would otherwise be answered in HTML."""
    from gunicorn.util import write_nonblock
    code = _GUNICORN_CODES.get(status_int, "http_error")
    body = orjson.dumps({"type": PROBLEM_TYPE + code, "title": reason, "status": status_int,
                         "detail": (mesg or reason)[:200], "code": code})
    head = (f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode("latin-1")
    write_nonblock(sock, head + body)


def install_gunicorn_errors() -> None:
    """Called in each gunicorn worker (gunicorn.conf.py, ``post_worker_init``)."""
    import gunicorn.util
    gunicorn.util.write_error = gunicorn_error
