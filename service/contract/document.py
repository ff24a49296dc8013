"""The contract document, ``openapi.yaml``: served by the API and the reference page, read at readiness.

It is package data (a link to the checkout's ``openapi.yaml``), so an installed wheel serves the
contract too. What changes only with a deployment (the contract, the catalogue) is answered with a
strong ETag, so a client or a shared cache asks again for a ``304``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import orjson
import yaml
from flask import Response, request

SPEC_PATH = Path(__file__).resolve().parent / "openapi.yaml"


@cache
def spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


@cache
def spec_json() -> bytes:
    return orjson.dumps(yaml.load(spec_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


def cacheable(data, mimetype: str, max_age: int = 300) -> Response:
    """An answer that changes only with a deployment: a strong ETag, ``304`` on ``If-None-Match``."""
    resp = Response(data, mimetype=mimetype)
    resp.cache_control.public = True
    resp.cache_control.max_age = max_age
    resp.add_etag()
    return resp.make_conditional(request)
