"""A stand-in for the ``cython`` module where Cython is not installed: the pure core runs without it.

The compiled core's hot classes are Cython extension types declared in ``.pxd`` files; their
sources name ``cython`` only for C types of locals (``@cython.locals``), functions called in C as well
(``@cython.ccall``) and ``cython.compiled``.
Compiled, Cython reads those names itself and this module is never imported. Run from source, each module tries
``import cython`` first (Cython's own stand-in, the same no-ops), and falls back to this one: the
runtime needs no Cython, which is only a build requirement (docs/PERFORMANCE.md, "The compiled core").
Only what the core uses is here; every decorator returns its argument and every type is Python's.
"""

from __future__ import annotations

compiled = False

# C types of locals: they only document, so Python's own types stand in
bint = bool
Py_ssize_t = ulonglong = uchar = int


class longlong(int):  # noqa: N801 (Cython's name)
    """A C ``long long``; ``longlong[:]``, a typed memoryview of them, is itself here."""

    def __class_getitem__(cls, item):
        return cls


def locals(**types):
    """``@cython.locals(name=type, ...)``: C types of a function's locals, nothing at run time."""
    return lambda function: function


def ccall(function):
    """``@cython.ccall``: a function other compiled code calls in C (a ``cpdef``); Python's as it is."""
    return function
