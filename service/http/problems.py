"""Every failure as RFC 9457 problem+json with a stable ``code``."""

from __future__ import annotations

import orjson
from flask import Response
from werkzeug.exceptions import BadHost, ClientDisconnected, HTTPException

from .. import i18n
from ..contract.problems import PROBLEM_TYPE, PROBLEMS
from ..rules.messages import M, N_


_HTTP_CODES = {
    400: "invalid_json", 404: "not_found", 405: "method_not_allowed", 406: "not_acceptable",
    413: "payload_too_large", 415: "unsupported_media_type", 416: "range_not_satisfiable",
}


MAX_DETAIL_CHARS = 500  # a message quotes values shortened already (service.rules.errors.short); the cap holds anyway
MAX_FIELD_ERRORS = 20   # per level of ``errors``: the first ones, and how many were left out
MAX_MESSAGES = 3


def bounded_errors(errors, depth: int = 0, lang: str = i18n.DEFAULT):
    """marshmallow's ``errors`` kept to a few dozen entries and a few KiB, however many fields were wrong.

    A body with 60,000 unknown fields must not be answered with 60,000 messages (issue 11).
    """
    if isinstance(errors, dict):
        keys = list(errors)[:MAX_FIELD_ERRORS] if depth < 3 else []
        out = {k if isinstance(k, int) else str(k)[:60]: bounded_errors(errors[k], depth + 1, lang) for k in keys}
        if len(errors) > len(keys):
            out["_omitted"] = [M("{count} more", count=len(errors) - len(keys))]
        return out
    if isinstance(errors, list):
        return [str(i18n.translate(m, lang))[:200] for m in errors[:MAX_MESSAGES]]
    return str(i18n.translate(errors, lang))[:200]


def problem(status: int, code: str, title: str, detail: str, **extra) -> Response:
    """The problem answer, its ``title`` and ``detail`` in the negotiated language (``code`` never changes).

    The title is the code's own (``/problems/{code}``), so that one ``type`` has one title (RFC 9457, 3.1.3).
    """
    lang = i18n.current()
    title = i18n.translate(PROBLEMS[code][1] if code in PROBLEMS else title, lang)
    detail = i18n.translate(detail, lang)
    if len(detail) > MAX_DETAIL_CHARS:
        detail = detail[:MAX_DETAIL_CHARS - 1] + "…"
    body = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None})
    if "errors" in body:
        body["errors"] = bounded_errors(body["errors"], lang=lang)
    # marshmallow reports list items under int keys
    return Response(orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS), status=status,
                    mimetype="application/problem+json")


class ApiProblem(Exception):
    """Raised by the HTTP layer for request-level failures (400/404/415...)."""

    def __init__(self, status: int, code: str, detail: str, **extra):
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


# werkzeug's own descriptions of the HTTP errors the service answers, as msgids
_HTTP_DETAILS = {
    400: N_("The browser (or proxy) sent a request that this server could not understand."),
    404: N_("The requested URL was not found on the server. If you entered the URL manually please check "
            "your spelling and try again."),
    405: N_("The method is not allowed for the requested URL."),
    406: N_("The resource identified by the request is only capable of generating response entities which "
            "have content characteristics not acceptable according to the accept headers sent in the "
            "request."),
    413: N_("The data value transmitted exceeds the capacity limit."),
    415: N_("The server does not support the media type transmitted in the request."),
}


# werkzeug's 400s by what went wrong (a body the service reads itself is ``invalid_json`` from ``api``)
_BAD_REQUESTS = ((BadHost, "bad_host"), (ClientDisconnected, "incomplete_body"))


def from_http_exception(exc: HTTPException) -> Response:
    status = exc.code or 500
    code = _HTTP_CODES.get(status, "http_error")
    if status == 400:
        code = next((c for kind, c in _BAD_REQUESTS if isinstance(exc, kind)), "bad_request")
    detail = exc.description or exc.name
    if code in ("bad_host", "incomplete_body", "range_not_satisfiable"):
        detail = PROBLEMS[code][2]  # the page's own words say what was wrong
    resp = problem(status, code, exc.name, detail)
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
