"""Caps on what one request may ask of a worker (docs/TRUST.md, "Limits").

Body size is Flask's ``MAX_CONTENT_LENGTH`` (a chunked body is read up to it and refused past it,
``service.api.body``); moves per record and hands per match log are checked where records are
read (``service.api``); a seed's length where a seed is read (``service.rules.game.parse_seed``).
JSON depth is checked here, on the raw bytes, after orjson has accepted them, so that nothing later
(a ``repr`` in an error message, a walk) meets a body nested hundreds deep.
"""

from __future__ import annotations

import re

from .rules.game import MAX_SEED_CHARS  # noqa: F401  (documented here with the other caps)

# every byte but brackets and quotes: what is left describes the nesting
_OTHERS = bytes(b for b in range(256) if b not in b'[]{}"')
_ESCAPE = re.compile(rb"\\.", re.S)  # an escape inside a string: \" \\ \n \u... (two bytes each)
_STRING = re.compile(rb'"[^"]*"')     # a string, once escapes are gone
_INNERMOST = re.compile(rb"\[\]|\{\}")


def json_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether valid JSON ``raw`` nests arrays and objects more than ``limit`` deep.

    All in C. In valid JSON a backslash occurs only in a string and always starts a two-byte escape
    (``\\uXXXX``'s hex digits are neither quotes nor brackets), so removing every ``\\.`` left to
    right, *before anything else*, leaves each string as quote, characters without a quote, quote.
    Then ``bytes.translate`` keeps brackets and quotes, strings go, and each pass strips the
    innermost pairs: the body is too deep if brackets remain after ``limit`` passes. Tested against
    a parser on random JSON (tests/test_limits.py). A record (5 deep) costs a few microseconds.
    """
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    if b"\\" in raw:
        raw = _ESCAPE.sub(b"", raw)
    text = raw.translate(None, _OTHERS).replace(b'""', b"")
    if b'"' in text:
        text = _STRING.sub(b"", text)
    for _ in range(limit):
        text, found = _INNERMOST.subn(b"", text)
        if not text or not found:
            return False
    return bool(text)
