"""A stand-in for the ``cython`` module where Cython is not installed: the pure core runs without it.

The compiled core's hot classes are Cython extension types written in pure-Python mode
(``@cython.cclass``, ``cython.declare``, ``@cython.ccall``, ``@cython.locals``). Compiled, Cython
reads those names itself and this module is never imported. Run from source, each module tries
``import cython`` first (Cython's own stand-in, the same no-ops), and falls back to this one: the
runtime needs no Cython, which is only a build requirement (docs/PERFORMANCE.md, "The compiled core").
Only what the core uses is here; every decorator returns its argument and every type is Python's.
"""

from __future__ import annotations

compiled = False

# C types: as annotations and ``declare`` types they only document, so Python's own types stand in
int = int
bint = bool
Py_ssize_t = int
longlong = ulonglong = int


def _same(x):
    return x


cclass = ccall = cfunc = inline = final = _same


def locals(**types):
    """``@cython.locals(name=type, ...)``: C types of a function's locals, nothing at run time."""
    return _same


def declare(t=None, value=None, **kwargs):
    """``cython.declare(type, value)``: the value (``None`` where there is none), as Cython's stand-in."""
    return value


def cast(t, value, typecheck=False):
    return value
