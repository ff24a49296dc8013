"""The referee's three ways of saying no, distinguished as python-chess does."""

import reprlib

from .messages import M, N_  # noqa: F401  (re-exported: every raise site imports its words from here)

_SHORT = reprlib.Repr()  # keyword arguments only from Python 3.12
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 2, 40, 40, 40
_SHORT.maxlist = _SHORT.maxdict = _SHORT.maxtuple = 4


def short(value) -> str:
    """A client's value as a message quotes it: ``repr`` cut short, whatever its size or depth.

    A message must never copy a megabyte back (issue 11), nor walk a value nested deep.
    """
    return _SHORT.repr(value)


class RefereeError(ValueError):
    """Base class: a request the referee refuses, with a stable reason code."""

    code = "referee_error"

    def __init__(self, reason: str, detail: str, **extra):
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.extra = extra


class InvalidRecord(RefereeError):
    """The record (or a calculator body) cannot describe any real game."""

    code = "invalid_record"


class IllegalMove(RefereeError):
    """A well-formed move the rules forbid at this point."""

    code = "illegal_move"

    def __init__(self, reason: str, detail: str, move_index: int | None = None, **extra):
        super().__init__(reason, detail, **extra)
        self.move_index = move_index


class NotApplicable(RefereeError):
    """The endpoint has no meaning for this game (Sixes has no tricks)."""

    code = "not_found"
