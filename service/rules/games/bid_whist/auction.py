"""The auction's rule: how hard each bid is and whether a bid may follow the standing one."""

from __future__ import annotations

from ...game import is_int
from .tables import MODES
from ...messages import M


def hardness(mode: str, options: dict) -> int:
    if mode == "no_trump":
        return 2
    if mode == "downtown" and options["downtown_outranks_uptown"]:
        return 1
    return 0


def bid_refusal(options: dict, dealer: int, seat: int, level, mode, high) -> tuple[str, str] | None:
    """The bid checks of "Bidding", in order; ``high`` is the standing ``(seat, level, mode)``."""
    if not (is_int(level) and 1 <= level <= 7) or mode not in MODES:
        return "invalid_bid", M("a bid is a level 1-7 and a mode of {modes}", modes=', '.join(MODES))
    if level < options["min_bid"]:
        return "bid_too_low", M("the lowest bid is {min_bid}", min_bid=options['min_bid'])
    if high is not None:
        new = (level, hardness(mode, options))
        old = (high[1], hardness(high[2], options))
        if new > old:
            return None
        if new == old and seat == dealer and options["dealer_takes_at_equal"]:
            return None
        return "bid_too_low", (M("{level} {mode} does not top the standing bid {high} {high2} of seat {high3}",
                               level=level, mode=mode, high=high[1], high2=high[2], high3=high[0]))
    return None
