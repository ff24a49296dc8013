"""One error path: every failure, ours or the client's, answered as RFC 9457 problem+json."""

from __future__ import annotations

import logging

from flask import request
from werkzeug.exceptions import HTTPException

from ..rules.errors import IllegalMove, InvalidRecord, NotApplicable
from . import ops
from .problems import ApiProblem, from_http_exception, problem


def install(app) -> None:
    @app.errorhandler(HTTPException)
    def http_error(exc):
        return from_http_exception(exc)

    @app.errorhandler(ApiProblem)
    def api_problem(exc):
        return problem(exc.status, exc.code, exc.code.replace("_", " ").capitalize(), exc.detail, **exc.extra)

    @app.errorhandler(InvalidRecord)
    def invalid_record(exc):
        return problem(422, "invalid_record", "Invalid record", exc.detail, reason=exc.reason, **exc.extra)

    @app.errorhandler(IllegalMove)
    def illegal_move(exc):
        ops.count_illegal((request.view_args or {}).get("game_id"), exc.reason)
        return problem(422, "illegal_move", "Illegal move", exc.detail, reason=exc.reason,
                       move_index=exc.move_index, **exc.extra)

    @app.errorhandler(NotApplicable)
    def not_applicable(exc):
        return problem(404, "not_found", "Not found", exc.detail)

    @app.errorhandler(Exception)
    def unexpected(exc):  # a bug of ours: logged, never shown
        logging.getLogger("service.app").exception(
            "unhandled error, request_id %s", ops.request_id())
        return problem(500, "internal_error", "Internal error", "the referee failed; this is a bug")
