"""The referee's three ways of saying no, distinguished as python-chess does."""


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
