"""``Accept``: the JSON endpoints answer JSON (problems as problem+json) and refuse anything else with 406."""

from __future__ import annotations

from flask import request

from ..rules.messages import M
from .problems import ApiProblem


def check_accept(req=None) -> None:
    req = req or request
    header = req.environ.get("HTTP_ACCEPT")
    if not header or header == "*/*" or header == "application/json":  # the usual cases, no parsing
        return
    accept = req.accept_mimetypes
    if accept and not accept.best_match(["application/json", "application/problem+json"]):
        raise ApiProblem(406, "not_acceptable", M("this API answers application/json only"))
