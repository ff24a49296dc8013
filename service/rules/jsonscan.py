"""A request body's depth and numbers read in one pass over its bytes, before any parser sees it.

Compiled with the core (``setup.py``): one C loop over the body, a few comparisons a byte, where
``service.http.limits``'s scans (``bytes.translate`` and friends, which the pure core keeps using) make
three passes and deletions. Here, not in ``service``, only because the compiled core is built from
this package; nothing of the referee uses it (measured by bench/profile.py; the figures are in the git log).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # run from source without Cython installed
    from . import _cython as cython

compiled = cython.compiled  # whether this module is the C loop (limits.py takes its own scans if not)

TOO_DEEP = 1  # arrays and objects nest deeper than the limit
NUMBERS = 2  # outside strings, a number written with ".", "e" or "E", or sixteen digits in a row


@cython.ccall
@cython.locals(raw=bytes, limit=cython.Py_ssize_t, depth=cython.Py_ssize_t, digits=cython.Py_ssize_t,
               c=cython.uchar, in_string=cython.bint, escaped=cython.bint, flags=cython.Py_ssize_t)
def scan(raw, limit) -> int:
    """``TOO_DEEP | NUMBERS`` as they apply to ``raw``: exact for valid JSON (any other answer is
    harmless: the parser refuses the body). Outside strings a bracket opens or closes a level; a
    digit right before ".", "e" or "E" is a float's, which ``service.http.limits.numbers`` then reads
    (an integral one becomes an int), and so is a run of sixteen digits (maybe beyond 2**53 - 1).
    In a string, a backslash escapes the next byte and a quote ends it."""
    depth = digits = flags = 0
    in_string = escaped = False
    for c in raw:
        if in_string:
            if escaped:
                escaped = False
            elif c == 92:  # \
                escaped = True
            elif c == 34:  # "
                in_string = False
            continue
        if 48 <= c <= 57:  # a digit
            digits += 1
            if digits >= 16:
                flags |= NUMBERS
            continue
        if c == 46 or c == 101 or c == 69:  # . e E
            if digits:
                flags |= NUMBERS
        elif c == 34:
            in_string = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > limit:
                return flags | TOO_DEEP
        elif c == 93 or c == 125:  # ] }
            depth -= 1
        digits = 0
    return flags
