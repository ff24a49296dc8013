"""A large JSON body parsed a piece at a time, with a pause between the pieces (issue 30).

``orjson.loads`` of a whole 10,000-hand event (12-24 MB) is one C call of ~100 ms that cannot yield:
the worker's other requests wait for it. So the body is cut where it can be without changing what
the parse gives: ``service.rules.jsonscan.pieces`` finds, in one C pass, the arrays and objects of at
most ``PIECE_BYTES`` inside larger ones (a tournament's records), joined into runs of siblings of at
most ``RUN_BYTES``. Each run is parsed as an array of its values, with a pause after each; what is
left around them (the *skeleton*: the event, its rounds and tables, each run replaced by a
placeholder string) is parsed last, and the runs' values are put back where their placeholders stand.

The answer is ``orjson.loads(raw)``'s, exactly, or its very error:

- JSON's grammar is context-free: a value may be replaced by any other value. If the skeleton and
  every run parse, the body does too, and gives the skeleton with each placeholder replaced (a run
  of several values must stand where a list's element stands: checked while filling). Numbers,
  strings, duplicate keys (the last value, at the first one's place) are read by orjson itself in
  both. If the body parses, the pass found its values exactly, and every piece parses.
- A placeholder is a string starting with U+0000, which a body can only write as ``\\u0000``: a body
  that holds that escape anywhere is parsed whole, so no string of the client's is taken for one.
- Anything that fails (a piece, the skeleton, a placeholder out of place, the pass itself) is
  answered by parsing the whole body in one call, so a refused body gets the very problem it got
  before (orjson checks a document before it builds anything: ~35 ms for 12 MB that fail at the end).

Only the compiled core has the C pass; the pure core, and a body under ``WHOLE_BYTES``, are parsed whole.
"""

from __future__ import annotations

from array import array

import orjson

from ..rules import jsonscan

WHOLE_BYTES = 1 << 20  # below: one parse (~10 ms), no machinery
PIECE_BYTES = 64 * 1024  # a record is 1-20 KB: the pieces are the records and score-sheet lines
RUN_BYTES = 256 * 1024  # a run's parse is ~2 ms
_MARK = "\x00"


class Misplaced(Exception):
    """A placeholder where the body could not have held its values: the body is parsed whole."""


STACK = 1024  # arrays and objects open at once (orjson's own limit): deeper, the body is parsed whole
SCAN_BYTES = 1 << 20  # the C pass reads this much between two pauses (~5 ms)


def loads(raw: bytes, pause) -> object:
    """``orjson.loads(raw)``, calling ``pause()`` between pieces of the work."""
    if len(raw) < WHOLE_BYTES or not jsonscan.compiled or raw.find(b"\\u0000") >= 0:
        return orjson.loads(raw)
    return pieced(raw, pause, find(raw, pause))


def find(raw: bytes, pause, piece: int | None = None, run: int | None = None, scan: int | None = None) -> list | None:
    """``jsonscan.pieces`` over the whole body, ``scan`` bytes at a time: the runs, flat, or None
    where the body cannot be valid JSON (it is then parsed whole, for its error). The sizes are this
    module's unless given."""
    piece, run, scan = piece or PIECE_BYTES, run or RUN_BYTES, scan or SCAN_BYTES
    stack = array("q", bytes(8 * STACK))
    runs: list = []
    state = 0
    for begin in range(0, len(raw), scan):
        state = jsonscan.pieces(raw, begin, begin + scan, piece, run, stack, runs, state)
        if state & jsonscan.UNREADABLE:
            return None
        pause()
    return None if state else runs


def pieced(raw: bytes, pause, runs: list | None) -> object:
    """``loads`` once ``runs`` (``find``'s answer) are found."""
    if runs:
        try:
            return assemble(raw, runs, pause)
        except (orjson.JSONDecodeError, Misplaced):
            pass
    return orjson.loads(raw)  # the error, exactly as the whole body's parse words it (or, were the pass wrong, the value)


def assemble(raw: bytes, runs: list, pause) -> object:
    """The body's value from its runs and its skeleton; ``orjson.JSONDecodeError`` or ``Misplaced``
    where the body is not valid JSON (``pieced`` then parses it whole, for its error)."""
    values, skeleton, at = [], [], 0
    for k in range(0, len(runs), 3):
        start, end = runs[k], runs[k + 1]
        values.append(orjson.loads(b"[" + raw[start:end] + b"]"))
        skeleton.append(raw[at:start])
        skeleton.append(b'"\\u0000%d"' % (k // 3))
        at = end
        pause()
    skeleton.append(raw[at:])
    data = orjson.loads(b"".join(skeleton))
    pause()
    if type(data) is not dict and type(data) is not list:  # the runs lay inside no container
        raise Misplaced
    return _fill(data, values, pause)


def _fill(node, values: list, pause):
    """``node`` (a container of the skeleton) with each placeholder replaced by its run's values: a
    dict in place, a list anew (a run of several values takes several places)."""
    if type(node) is dict:
        for key, value in node.items():
            if key[:1] == _MARK:  # a run where a key stands
                raise Misplaced
            kind = type(value)
            if kind is str and value[:1] == _MARK:
                run = values[int(value[1:])]
                if len(run) != 1:  # several values as one member's
                    raise Misplaced
                node[key] = run[0]  # a value replaced: the dict's size and order stay
            elif kind is dict or kind is list:
                node[key] = _fill(value, values, pause)
        pause()
        return node
    out = []
    for value in node:
        kind = type(value)
        if kind is str and value[:1] == _MARK:
            out.extend(values[int(value[1:])])
        else:
            out.append(_fill(value, values, pause) if kind is dict or kind is list else value)
    pause()
    return out


DUMP_ITEMS = 256  # a list written this many items at a time


def dumps(value, pause) -> bytes:
    """``orjson.dumps(value)``, byte for byte, written a piece at a time with a pause between: a
    10,000-hand event's answer (~4 MB) is one C call of ~20-40 ms otherwise. Objects and lists are
    written as orjson writes them without options (compact: ``{"k":v,…}``, ``[a,…]``): an object's
    members one by one, a list of more than ``DUMP_ITEMS`` items in slices of that many (each
    written as a list, its brackets dropped), anything else in one call."""
    kind = type(value)
    if kind is dict:
        return b"{" + b",".join(orjson.dumps(k) + b":" + dumps(v, pause) for k, v in value.items()) + b"}"
    if kind is list and len(value) > DUMP_ITEMS:
        parts = []
        for at in range(0, len(value), DUMP_ITEMS):
            parts.append(orjson.dumps(value[at:at + DUMP_ITEMS])[1:-1])
            pause()
        return b"[" + b",".join(parts) + b"]"
    return orjson.dumps(value)
