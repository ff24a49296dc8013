"""Caps on what one request may ask of a worker (docs/TRUST.md, "Limits").

Body size is Flask's ``MAX_CONTENT_LENGTH`` (a chunked body is read up to it and refused past it,
``service.http.api.body``); moves per record and hands per match log are checked where records are
read (``service.http.api``); a seed's length where a seed is read (``service.rules.game.parse_seed``).
JSON depth is checked here, on the raw bytes, before the parser builds anything, so that neither
the parse nor anything later (a ``repr`` in an error message, a walk) meets a body nested deep.
"""

from __future__ import annotations

import gc
import re
import sys
from array import array
from itertools import accumulate
from operator import neg

from ..rules import jsonscan
from ..rules.errors import InvalidRecord, short
from ..rules.messages import M
from ..rules.game import MAX_SEED_CHARS  # noqa: F401  (documented here with the other caps)

_ESCAPE = re.compile(rb"\\.", re.S)  # an escape inside a string: \" \\ \n \u... (two bytes each)
# What both scans read: brackets (as parentheses: in valid JSON they pair up, their kind does not
# matter), quotes, digits (as "0") and the markers of a float (".", "e", "E", as "."), in their
# order; every other byte goes.
_MARKED = bytes(40 if b in b"[{" else 41 if b in b"]}" else 48 if 48 <= b <= 57 else 46 if b in b".eE" else b
                for b in range(256))
_UNMARKED = bytes(b for b in range(256) if b not in b'[]{}"0123456789.eE')


def shape(raw: bytes, limit: int, pause=None) -> tuple[bool, bytes | bool]:
    """``(whether raw nests deeper than limit, its glance for numbers)``, before any parser sees it.

    Compiled, one C loop (``service.rules.jsonscan``), whose glance is whether a number is worth a
    look; the pure core, the scans below, whose glance is ``marks(raw)``. ``numbers`` takes either.
    ``pause`` (a tournament's body: megabytes): the C loop reads ``SCAN_SLICE`` bytes between two.
    """
    if jsonscan.compiled:  # a limit beyond a C integer is no limit: capped, not an OverflowError
        limit = min(limit, sys.maxsize)
        if pause is None or len(raw) <= SCAN_SLICE:
            flags = jsonscan.scan(raw, limit)
        else:
            flags = 0
            for begin in range(0, len(raw), SCAN_SLICE):
                flags = jsonscan.scan_part(raw, begin, begin + SCAN_SLICE, limit, flags)
                if flags & jsonscan.TOO_DEEP:
                    break
                pause()
        return bool(flags & jsonscan.TOO_DEEP), bool(flags & jsonscan.NUMBERS)
    marked = marks(raw)
    return json_depth_exceeds(raw, limit, marked), marked


SCAN_SLICE = 2 << 20  # ~3 ms of the C loop


def marks(raw: bytes) -> bytes:
    """The body as both scans read it (``json_depth_exceeds``, ``numbers``): escapes removed first
    (see there), then one translation in C. A caller that runs both makes it once."""
    if raw.find(b"\\") >= 0:  # ``find``, not ``in`` (see _RUN)
        raw = _ESCAPE.sub(b"", raw)
    return raw.translate(_MARKED, _UNMARKED)


def json_depth_exceeds(raw: bytes, limit: int, marked: bytes | None = None) -> bool:
    """Whether ``raw`` nests arrays and objects more than ``limit`` deep, before any parser sees it.

    All in C, in time linear in the body. In valid JSON a backslash occurs only in a string and
    always starts a two-byte escape (``\\uXXXX``'s hex digits are neither quotes nor brackets), so
    removing every ``\\.`` left to right, *before anything else*, leaves each string as quote,
    characters without a quote, quote. Then ``bytes.translate`` (``marks``, then digits and markers
    dropped) keeps brackets (as parentheses) and quotes, strings go (every other piece between
    quotes), and each ``bytes.replace`` strips exactly
    the innermost pairs, one level of every group (it does not rescan what it wrote): a record (5
    deep) is gone after a few passes. What is left after ``_PASSES`` is deeper than that; its
    depth is the highest running sum of +1 per opening and -1 per closing bracket, which
    ``itertools.accumulate`` computes without a Python step per byte (a pass per level, as this
    scanner once did, costs ``depth × size``). Exact for valid JSON (tests/test_limits.py checks
    it against a parser on random JSON with every kind of escape); on invalid JSON it answers
    something, and the parser then refuses the body anyway.
    """
    text = (marks(raw) if marked is None else marked).translate(None, b"0.")
    bare = text.translate(None, b'"')
    if bare.count(b"(") <= limit:  # no more openings than the limit, in strings or not
        return False
    quotes = len(text) - len(bare)
    # A string without brackets is left as an adjacent pair of quotes. Paired left to right, the
    # first string holding a bracket keeps its opening quote (the next byte is a bracket): so when
    # every quote pairs with its neighbour, every pair was one string, and the quotes simply go;
    # otherwise strings are cut out.
    if quotes and 2 * text.count(b'""') != quotes:
        bare = b"".join(text.split(b'"')[::2])
    text = bare
    passes = min(limit, _PASSES)
    for _ in range(passes):
        text = text.replace(b"()", b"")
        if not text:
            return False
    return _depth(text) > limit - passes


def _depth(text: bytes) -> int:
    """The highest running sum of ``text`` (+1 per ``(``, -1 per ``)``), in C.

    Per run of equal brackets when runs are long (groups nested deep: two runs a group), per
    bracket when they are short: whichever costs fewer steps of ``accumulate``.
    """
    runs = 2 * text.count(b")(") + 2
    if 4 * runs < len(text):
        lengths = list(map(len, _RUNS.findall(text)))
        lengths[1::2] = map(neg, lengths[1::2])  # valid JSON opens first, then runs alternate
    else:
        lengths = array("b", text.translate(_SIGNS))
    return max(accumulate(lengths), default=0)


_PASSES = 6  # a record (5 deep) and a match log (6) are gone; what is left is measured in one pass
_RUNS = re.compile(rb"\(+|\)+")
_SIGNS = bytes.maketrans(b"()", b"\x01\xff")  # as signed bytes: +1 and -1


_GC_KEY = "referee.gc_paused"


def pause_gc(environ: dict) -> None:
    """The cyclic garbage collector off from the parse to the end of this request's answer.

    A body of many small arrays or objects (a 64 KiB body holds 21,000 ``[]``) makes the parser
    allocate containers faster than the collector's thresholds, and each collection it triggers
    walks every container built so far: measured, 8 times the parse itself. Nothing from the parse
    to the answer waits on I/O, so no other request of a gevent worker runs meanwhile (but while a
    search or a tournament pauses, ``service.http.pause``: those requests find the collector off and
    leave it so); the body and what was built from it go by reference counting when the answer is
    made, and the middleware (``service.http.ops``) turns the collector on again (``resume_gc``) for the
    request that turned it off, and it finds what is left. Before the parse (a slow client's body)
    the collector runs as usual.
    """
    if gc.isenabled():
        gc.disable()
        environ[_GC_KEY] = True


def resume_gc(environ: dict) -> None:
    if environ.pop(_GC_KEY, False):
        gc.enable()


# --- numbers: integers written as integral floats, and integers no client can hold (issue 11) ---
_SAFE = 2 ** 53 - 1  # I-JSON's interoperable integers (RFC 7493, 2.2): beyond, a double is a range
# A float has a digit right before its ".", "e" or "E"; an integer beyond _SAFE has 16 digits or
# more in a row. The first look is at ``marks`` (which the depth check made already): there digits
# are "0", those markers ".", and the bytes between them went, so a float leaves "0." (its digit and
# marker stand side by side: nothing between them went) and a long integer sixteen "0"; most bodies
# leave neither and need no second look. Letters gone can join a digit and an "e" of a string
# ("1st place"): that costs the second look, never a number missed. Otherwise two maps
# that delete (C, memory speed, no regular expression, no walk) look outside strings, where a number
# follows ":", "," or "[" (and blanks, a sign): in the first, those three separators become ":" and
# the markers ".", and every byte goes but a quote and the "u" and "a" of true, null and false (a
# marker after them is no number's), so a float leaves ":."; in the second, blanks and signs go and
# digits become "0", so a long integer leaves ":" and sixteen "0". A string can hold the same bytes
# (a seed "a:3.5"): then the body is walked for nothing, which costs a walk, never a wrong answer;
# strings of letters and cards ("hostile-0.37" included) leave neither. Bytes are searched with
# ``find``: ``in`` first tries the needle as an integer, and builds and formats an error saying it is not.
_RUN = b"0" * 16
_GONE = b"0123456789 \t\r\n-+"
_FLOATS = bytes(58 if b in b":,[" else 46 if b in b".eE" else b for b in range(256))
_NOT_FLOATS = bytes(b for b in range(256) if b not in b':,[.eE"ua')
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


def numbers(raw: bytes, data, marked: bytes | bool | None = None, pause=None) -> tuple[object, InvalidRecord | None]:
    """``integral_floats`` that hands the refusal back instead of raising it, with the body
    converted all the same: ``service.http.api.body`` checks the envelope's shape first (a field the
    schema bounds is its 400; a ``2.0`` beside a huge number is still an integer). ``marked``:
    ``marks(raw)``, if the caller has it, or the compiled scan's word (``shape``): True, a number
    to look at outside strings; False, none. ``pause``: called at each array and object walked (a
    10,000-hand event holding one ``1.0`` is walked whole: ~0.4 s, which a gevent worker's other
    requests would otherwise wait for)."""
    if marked is not True:
        if marked is False:
            return data, None
        glance = marks(raw) if marked is None else marked
        if glance.find(b"0.") < 0 and glance.find(_RUN) < 0:
            return data, None
        if raw.translate(_FLOATS, _NOT_FLOATS).find(b":.") < 0 \
                and raw.translate(_DIGITS, _GONE[10:]).find(_LONG) < 0:
            return data, None
    huge: list[int] = []
    data = _ints(data, huge, pause)
    if not huge:
        return data, None
    return data, InvalidRecord("number_out_of_range", M("the body holds the integer {value}; integers must lie within "
                                                         "+-{safe} (2**53 - 1, RFC 7493)", value=short(huge[0]), safe=_SAFE))


def _ints(value, huge: list, pause=None):
    """``value`` with its integral floats as ints; ints out of range go to ``huge``.

    Walked per container, not per value: ``map(type, …)`` in C says which kinds a list or an
    object holds, and only floats and containers are visited one by one (a flood of strings or
    small ints costs a pass in C, not a call per item).
    """
    kind = type(value)
    if kind is float:
        return _int(value)
    if kind is int:
        if not -_SAFE <= value <= _SAFE:
            huge.append(value)
        return value
    if kind is list:
        items = value
    elif kind is dict:
        items = value.values()
    else:
        return value
    if pause is not None:
        pause()
    kinds = set(map(type, items))
    if int in kinds:
        ints = items if len(kinds) == 1 else [v for v in items if type(v) is int]
        if min(ints) < -_SAFE or max(ints) > _SAFE:
            huge.extend(v for v in ints if not -_SAFE <= v <= _SAFE)
    if not kinds & _WALKED:
        return value
    if kind is list:
        return [(_int(v) if type(v) is float else _ints(v, huge, pause)) if type(v) in _WALKED else v for v in value]
    return {k: (_int(v) if type(v) is float else _ints(v, huge, pause)) if type(v) in _WALKED else v
            for k, v in value.items()}


def _int(value: float):
    return int(value) if value.is_integer() and -_SAFE <= value <= _SAFE else value


_WALKED = {float, list, dict}


# --- request headers the service parses (issue 30: gunicorn joins a repeated field with ",", so 95
# ``Accept-Language`` fields of 8 KB reached the negotiation as one 760 KB value: 0.5-1.8 s) ---
MAX_HEADER_CHARS = 4096  # of one parsed header, repeated fields joined
MAX_HEADER_ENTRIES = 32  # comma-separated entries (``;``-separated parameters of a Content-Type)
# environ key -> the separator of its entries
PARSED_HEADERS = (("HTTP_ACCEPT", ","), ("HTTP_ACCEPT_LANGUAGE", ","), ("HTTP_IF_NONE_MATCH", ","),
                  ("HTTP_IF_MATCH", ","), ("HTTP_RANGE", ","), ("HTTP_ACCESS_CONTROL_REQUEST_HEADERS", ","),
                  ("CONTENT_TYPE", ";"))


def cut_headers(environ: dict) -> None:
    """Each header the service (or werkzeug for it) parses, cut to its first ``MAX_HEADER_ENTRIES``
    entries within its first ``MAX_HEADER_CHARS`` characters, before anything reads it.

    Cut, not refused: no client sends that much for a real preference (a browser's ``Accept`` is ~130
    characters), and what is kept is still the client's own first choices, so an answer is never
    refused for it (docs/TRUST.md, "Limits"). An entry the character cap splits is dropped whole. The
    usual request pays a length and a ``count`` per header present.
    """
    get = environ.get
    for key, sep in PARSED_HEADERS:
        value = get(key)
        # shorter than the entry cap: neither cap can be reached (the usual "application/json")
        if value is not None and len(value) >= MAX_HEADER_ENTRIES and (
                len(value) > MAX_HEADER_CHARS or value.count(sep) >= MAX_HEADER_ENTRIES):
            environ[key] = cut_header(value, sep)


def cut_header(value: str, sep: str = ",") -> str:
    parts = value[:MAX_HEADER_CHARS + 1].split(sep, MAX_HEADER_ENTRIES)
    if len(value) > MAX_HEADER_CHARS or len(parts) > MAX_HEADER_ENTRIES:
        parts.pop()  # the entry the cut went through (or everything past the last kept entry)
    return sep.join(parts)
