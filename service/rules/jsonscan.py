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
@cython.locals(raw=bytes, limit=cython.Py_ssize_t)
def scan(raw, limit) -> int:
    """``TOO_DEEP | NUMBERS`` as they apply to ``raw``: exact for valid JSON (any other answer is
    harmless: the parser refuses the body). Outside strings a bracket opens or closes a level; a
    digit right before ".", "e" or "E" is a float's, which ``service.http.limits.numbers`` then reads
    (an integral one becomes an int), and so is a run of sixteen digits (maybe beyond 2**53 - 1).
    In a string, a backslash escapes the next byte and a quote ends it."""
    return scan_part(raw, 0, len(raw), limit, 0) & (TOO_DEEP | NUMBERS)


_IN_STRING = 4  # ``scan_part``'s state beside its flags: inside a string,
_ESCAPED = 8  # right after its backslash,
_DIGITS = 16  # the digits in a row so far (at most 16) times this (bits 4-8),
_DEPTH = 512  # and the depth times this (bit 9 on)


@cython.ccall
@cython.locals(raw=bytes, begin=cython.Py_ssize_t, stop=cython.Py_ssize_t, limit=cython.Py_ssize_t,
               state=cython.Py_ssize_t, depth=cython.Py_ssize_t, digits=cython.Py_ssize_t, c=cython.uchar,
               in_string=cython.bint, escaped=cython.bint, flags=cython.Py_ssize_t)
def scan_part(raw, begin, stop, limit, state) -> int:
    """``scan`` of ``raw[begin:stop]``, from the state the part before left (0 at the start): the
    state to pass on, whose ``TOO_DEEP | NUMBERS`` bits are ``scan``'s answer once the body is read
    (a caller may read a body of megabytes in slices, with a pause between)."""
    flags = state & (TOO_DEEP | NUMBERS)
    in_string = (state & _IN_STRING) != 0
    escaped = (state & _ESCAPED) != 0
    digits = (state & (_DEPTH - 1)) >> 4  # (the bits below the depth's, which may be negative:
    depth = state >> 9  # closing brackets first, in a body the parser refuses anyway)
    stop = min(stop, len(raw))
    for c in raw[begin:stop]:
        if in_string:
            if escaped:
                escaped = False
            elif c == 92:  # \
                escaped = True
            elif c == 34:  # "
                in_string = False
            continue
        if 48 <= c <= 57:  # a digit
            if digits < 16:
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
    return flags + (_IN_STRING if in_string else 0) + (_ESCAPED if escaped else 0) + digits * _DIGITS + depth * _DEPTH

IN_STRING = 1  # ``pieces``'s state between two calls: inside a string,
ESCAPED = 2  # right after its backslash;
UNREADABLE = 4  # or stop: a closing bracket without its opening one, or nesting deeper than the stack
DEPTH = 8  # the state's depth is state // DEPTH


@cython.ccall
@cython.locals(raw=bytes, begin=cython.Py_ssize_t, stop=cython.Py_ssize_t, most=cython.Py_ssize_t,
               run_most=cython.Py_ssize_t, stack=cython.longlong[:], runs=list, state=cython.Py_ssize_t,
               last_start=cython.Py_ssize_t, last_end=cython.Py_ssize_t, last_count=cython.Py_ssize_t,
               i=cython.Py_ssize_t, n=cython.Py_ssize_t, depth=cython.Py_ssize_t,
               start=cython.Py_ssize_t, end=cython.Py_ssize_t, cur_start=cython.Py_ssize_t,
               cur_end=cython.Py_ssize_t, cur_count=cython.Py_ssize_t, c=cython.uchar,
               in_string=cython.bint, escaped=cython.bint)
def pieces(raw, begin, stop, most, run_most, stack, runs, state) -> int:
    """Where a large body may be parsed a piece at a time, read from ``raw[begin:stop]``: appended to
    ``runs`` as ``start, end, count``, in order. ``stack`` (an ``array("q")``) holds where each array
    or object still open starts; the answer is the state to pass to the call that reads on from
    ``stop`` (its depth, ``IN_STRING``, ``ESCAPED``), or ``UNREADABLE``: a caller may read a long body
    in slices.

    A piece is an array or object of at most ``most`` bytes inside a larger one (the outermost value
    is never one), not inside another piece; consecutive pieces with nothing but blanks and one comma
    between them (siblings in an array, if the body is valid) are joined into one run of ``count``
    values while the run spans at most ``run_most`` bytes. Exact for valid JSON; on anything else
    some spans, which the caller's parser, checking every piece and what is left around them,
    refuses (``service.http.pieces``). One C loop over the bytes, as ``scan``; the run being joined
    is kept in C until it is complete, so a flood of small values costs no Python object each."""
    in_string = (state & IN_STRING) != 0
    escaped = (state & ESCAPED) != 0
    depth = state // DEPTH
    stop = min(stop, len(raw))
    cur_start = cur_end = cur_count = 0
    n = len(runs)  # the last run in the list, kept in C too
    last_start = last_end = last_count = 0
    if n:
        last_start, last_end, last_count = runs[n - 3], runs[n - 2], runs[n - 1]
    i = begin - 1
    for c in raw[begin:stop]:
        i += 1
        if in_string:
            if escaped:
                escaped = False
            elif c == 92:  # \
                escaped = True
            elif c == 34:  # "
                in_string = False
            continue
        if c == 34:
            in_string = True
        elif c == 91 or c == 123:  # [ {
            if depth == len(stack):
                return UNREADABLE
            stack[depth] = i
            depth += 1
        elif c == 93 or c == 125:  # ] }
            if depth == 0:
                return UNREADABLE
            depth -= 1
            start = stack[depth]
            end = i + 1
            if depth == 0 or end - start > most:
                continue
            if cur_count and cur_end > start:  # the run being joined lies inside this value
                cur_count = 0
            if not cur_count:
                if n and last_end > start:  # so do these: this value is the piece now
                    while n and runs[n - 2] > start:
                        del runs[n - 3:]
                        n -= 3
                    if n:
                        last_start, last_end, last_count = runs[n - 3], runs[n - 2], runs[n - 1]
                if n and end - last_start <= run_most and _joins(raw, last_end, start):  # the last run, joined
                    cur_start, cur_end, cur_count = last_start, end, last_count + 1
                    del runs[n - 3:]
                    n -= 3
                    if n:
                        last_start, last_end, last_count = runs[n - 3], runs[n - 2], runs[n - 1]
                else:
                    cur_start, cur_end, cur_count = start, end, 1
                continue
            if end - cur_start <= run_most and _joins(raw, cur_end, start):
                cur_end = end
                cur_count += 1
                continue
            runs.extend((cur_start, cur_end, cur_count))
            n += 3
            last_start, last_end, last_count = cur_start, cur_end, cur_count
            cur_start, cur_end, cur_count = start, end, 1
    if cur_count:
        runs.extend((cur_start, cur_end, cur_count))
    return depth * DEPTH + (IN_STRING if in_string else 0) + (ESCAPED if escaped else 0)


@cython.ccall
@cython.locals(raw=bytes, a=cython.Py_ssize_t, b=cython.Py_ssize_t, j=cython.Py_ssize_t,
               commas=cython.Py_ssize_t, g=cython.uchar)
def _joins(raw, a, b) -> cython.bint:
    """Whether ``raw[a:b]`` is blanks and exactly one comma: what stands between two values of a list."""
    commas = 0
    for j in range(a, b):
        g = raw[j]
        if g == 44:  # ,
            commas += 1
        elif g != 32 and g != 9 and g != 10 and g != 13:  # not a blank
            return False
    return commas == 1
