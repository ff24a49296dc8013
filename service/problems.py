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


def problem(status: int, code: str, title: str, detail: str, **extra) -> Response:
    body = {"type": PROBLEM_TYPE + code, "title": title, "status": status, "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None})
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
