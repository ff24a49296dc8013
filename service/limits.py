"""Caps on what one request may ask of a worker (docs/TRUST.md, "Limits").

Body size is Flask's ``MAX_CONTENT_LENGTH`` (a chunked body is read up to it and refused past it,
``service.api.body``); moves per record and hands per match log are checked where records are
read (``service.api``); a seed's length where a seed is read (``service.rules.game.parse_seed``).
JSON depth is checked here, on the raw bytes, after orjson has accepted them, so that nothing later
(a ``repr`` in an error message, a walk) meets a body nested hundreds deep.
"""

from __future__ import annotations

import re

from .rules.errors import InvalidRecord, short
from .rules.messages import M
from .rules.game import MAX_SEED_CHARS  # noqa: F401  (documented here with the other caps)

# every byte but brackets and quotes: what is left describes the nesting
_OTHERS = bytes(b for b in range(256) if b not in b'[]{}"')
_PARENS = bytes.maketrans(b"[]{}", b"()()")  # in valid JSON brackets pair up: their kind does not matter
_ESCAPE = re.compile(rb"\\.", re.S)  # an escape inside a string: \" \\ \n \u... (two bytes each)


def json_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether valid JSON ``raw`` nests arrays and objects more than ``limit`` deep.

    All in C. In valid JSON a backslash occurs only in a string and always starts a two-byte escape
    (``\\uXXXX``'s hex digits are neither quotes nor brackets), so removing every ``\\.`` left to
    right, *before anything else*, leaves each string as quote, characters without a quote, quote.
    Then ``bytes.translate`` keeps brackets (as parentheses) and quotes, strings go (every other
    piece between quotes), and each ``bytes.replace`` strips exactly the innermost pairs (it does
    not rescan what it wrote): the body is too deep if brackets remain after ``limit`` passes.
    Tested against a parser on random JSON (tests/test_limits.py). Linear and at memory speed: a
    record (5 deep) costs a few microseconds, 32 MiB of groups 30 deep well under a second (a
    regular expression per pass took seconds).
    """
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    if b"\\" in raw:
        raw = _ESCAPE.sub(b"", raw)
    text = raw.translate(_PARENS, _OTHERS)
    if b'"' in text:
        text = b"".join(text.split(b'"')[::2])
    for _ in range(limit):
        text = text.replace(b"()", b"")
        if not text:
            return False
    return True


# --- numbers: integers written as integral floats, and integers no client can hold (issue 11) ---
_SAFE = 2 ** 53 - 1  # I-JSON's interoperable integers (RFC 7493, 2.2): beyond, a double is a range
# Outside strings a number follows ":", "," or "[" (and blanks, a sign); one with a fraction or an
# exponent has ".", "e" or "E" right after its digits; an integer beyond _SAFE has 16 digits or more.
# Two byte-for-byte maps (C, memory speed) find both without a regular expression or a walk: in
# the first, digits, blanks and signs go, those three separators become ":" and the markers ".",
# so a float leaves ":."; in the second, digits become "0", so a long integer leaves ":" and sixteen
# "0". A string can hold the same bytes (a seed "a:3.5"): then the body is walked for nothing,
# which costs a walk, never a wrong answer; strings of letters and cards ("hostile-0.37" included)
# leave neither.
_GONE = b"0123456789 \t\r\n-+"
_FLOATS = bytes(58 if b in b":,[" else 46 if b in b".eE" else 32 for b in range(256))
_DIGITS = bytes(58 if b in b":,[" else 48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG = b":" + b"0" * 16


def integral_floats(raw: bytes, data):
    """``data`` with every integral float (``3.0``, ``3e0``, ``30e-1``) as the integer it is.

    JSON Schema, and so ``openapi.yaml``, counts any number with a zero fractional part as an
    integer; the referee's parsers take Python ints. Converting once here, where the body is read,
    makes every field the contract calls an integer accept it, in every game, without each parser
    knowing. Floats that are not integral stay floats (and are refused where an integer is wanted),
    and so do those beyond 2**53 - 1, which are not one integer but a range of them. An integer
    beyond that (``9007199254740993``; orjson reads up to 2**64) is refused here: no JSON client
    can hold it exactly (RFC 7493), no game has that many points or chips, and sums of two of them
    would not be written back (422 ``invalid_record``, reason ``number_out_of_range``).
    """
    data, too_big = numbers(raw, data)
    if too_big is not None:
        raise too_big
    return data


def numbers(raw: bytes, data) -> tuple[object, InvalidRecord | None]:
    """``integral_floats`` that hands the refusal back instead of raising it, with the body
    converted all the same: ``service.api.body`` checks the envelope's shape first (a field the
    schema bounds is its 400; a ``2.0`` beside a huge number is still an integer)."""
    if b":." not in raw.translate(_FLOATS, _GONE) and _LONG not in raw.translate(_DIGITS, _GONE[10:]):
        return data, None
    huge: list[int] = []
    data = _ints(data, huge)
    if not huge:
        return data, None
    return data, InvalidRecord("number_out_of_range", M("the body holds the integer {value}; integers must lie within "
                                                         "+-{safe} (2**53 - 1, RFC 7493)", value=short(huge[0]), safe=_SAFE))


def _ints(value, huge: list):
    kind = type(value)
    if kind is float:
        return int(value) if value.is_integer() and -_SAFE <= value <= _SAFE else value
    if kind is int:
        if not -_SAFE <= value <= _SAFE:
            huge.append(value)
        return value
    if kind is list:
        return [_ints(v, huge) for v in value]
    if kind is dict:
        return {k: _ints(v, huge) for k, v in value.items()}
    return value
