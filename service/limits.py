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


# --- integers written as integral floats (issue 11, item 6) ---
_EXACT = 2 ** 53  # beyond it a float is not one integer but a range of them
# Outside strings a number follows (after blanks) ":", "," or "[" (the body is an object); a string
# may hold the same bytes (a seed "a:3.5"), and then the body is walked for nothing, which is rare.
_FLOAT_TOKEN = re.compile(rb"[:,\[]\s*-?[0-9]+\.")


def integral_floats(raw: bytes, data):
    """``data`` with every integral float written with a point (``3.0``) as the integer it is.

    JSON Schema, and so ``openapi.yaml``, counts ``3.0`` as an integer; the referee's parsers take
    Python ints. Converting once here, where the body is read, makes every field the contract calls
    an integer accept it, in every game, without each parser knowing. Cheap: a body without a ``.``
    (cards, moves, tokens and drawn seeds have none) is not even scanned (``bytes.__contains__``
    runs at memory speed), and one whose points are all inside strings (a seed "t-0.5") is scanned
    but not walked. A float written with an exponent and no point (``3e0``; no JSON
    library writes an integral float that way below 2**53) is not converted. Floats that are not
    integral, or too large to be one integer, are left as they are (and refused where an integer is
    wanted).
    """
    if b"." not in raw or not _FLOAT_TOKEN.search(raw):
        return data
    return _ints(data)


def _ints(value):
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() and -_EXACT <= value <= _EXACT else value
    if kind is list:
        return [_ints(v) for v in value]
    if kind is dict:
        return {k: _ints(v) for k, v in value.items()}
    return value
