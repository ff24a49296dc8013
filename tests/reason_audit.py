"""Every answer the test suite sees, checked against the contract's enums (issue 13).

Connected to Flask's ``request_finished`` for every app the tests build (the fuzz tests' included):
each game operation's problem ``code`` must be one its contract lists for that status, each 422
``reason`` one of that operation's reasons, each ``legal``/``valid: false`` reason one of its
answer's. A miss is recorded and fails the test that caused it (``tests/conftest.py``), so a reason
the static scan could not see (computed, renamed, passed through) still cannot hide.
"""

from __future__ import annotations

from functools import cache

import orjson
from flask import request, request_finished

from schemas.openapi import operation_of

from .contract import spec

MISSES: list[str] = []
SEEN: set[tuple] = set()  # (game, operation, status, code, reason): what the suite covered


def _enum(schema: dict, field: str):
    if "allOf" in schema and field in schema.get("properties", {}):
        return set(schema["properties"][field]["enum"])
    return None


@cache
def _expected(path: str, method: str):
    """status -> (codes, reasons) and the 2xx answer's reasons, from the contract (None: unpublished)."""
    op = spec()["paths"].get(path, {}).get(method)
    if op is None:
        return None
    out, answer = {}, None
    for status, resp in op["responses"].items():
        media = next(iter(resp.get("content", {}).values()), {})
        schema = media.get("schema", {})
        if int(status) >= 400:
            out[int(status)] = (_enum(schema, "code"), _enum(schema, "reason"))
        elif int(status) < 300 and _enum(schema, "reason") is not None:
            answer = _enum(schema, "reason")
    return out, answer


def _audit(sender, response, **extra) -> None:
    found = operation_of(request.path)
    if found is None or response.is_streamed or not response.mimetype.endswith("json"):
        return
    expected = _expected(request.path, request.method.lower())
    if expected is None:
        return  # not published for this game: the route answers 404 not_found (tests/test_contract.py)
    by_status, answer = expected
    try:
        body = orjson.loads(response.get_data())
    except orjson.JSONDecodeError:
        return
    if not isinstance(body, dict):
        return
    status, where = response.status_code, f"{request.method} {request.path} {response.status_code}"
    code, reason = body.get("code"), body.get("reason")
    if status >= 400:
        if status not in by_status:
            if status != 500:  # a 500 is a bug the test itself reports
                MISSES.append(f"{where}: the contract lists no {status} for this operation")
            return
        codes, reasons = by_status[status]
        if codes is not None and code not in codes:
            MISSES.append(f"{where}: code {code!r} is not in the operation's enum {sorted(codes)}")
        if reasons is not None and reason is not None and reason not in reasons:
            MISSES.append(f"{where}: reason {reason!r} ({code}) is not in the operation's enum")
        SEEN.add((*found, status, code, reason))
    elif answer is not None and (body.get("legal") is False or body.get("valid") is False):
        if reason not in answer:
            MISSES.append(f"{where}: answer reason {reason!r} is not in the operation's enum")
        SEEN.add((*found, status, None, reason))


def install() -> None:
    request_finished.connect(_audit)
