"""The auction, shared by the hand and the ``…/bids/validate`` calculator.

Compiled, ``Auction`` is an extension type (``auction.pxd``): the hand reads and calls it through C.
"""

from __future__ import annotations

from ...errors import M, short
from .tables import ALLOW_OPTION, BIDS, RUNG, SEVENS, plays_out

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython


_SWITCHES = tuple(sorted(set(ALLOW_OPTION.values())))


def _legal_bids(options: dict, high: int, blind_ok: bool, misere_ok: bool) -> tuple[str, ...]:
    """The bids ``check_bid`` accepts, in order; what they depend on is the key of ``_LEGAL``."""
    out = []
    for bid in BIDS:
        if RUNG[bid] <= high:
            continue
        switch = ALLOW_OPTION.get(bid)
        if switch is not None and not options[switch]:
            continue
        if bid == "blind_misere" and not blind_ok or bid == "misere" and not misere_ok:
            continue
        out.append(bid)
    return tuple(out)


_LEGAL: dict[tuple, tuple] = {}  # (standing rung, blind_ok, misere_ok, the switches) -> bids
# seat -> its pass, and each bid as listed (copied: a dict copied is cheaper than one built key by key)
_PASS_MOVES = [{"seat": seat, "type": "pass"} for seat in range(6)]
_BID_MOVES = [{bid: {"seat": seat, "type": "bid", "bid": bid} for bid in BIDS} for seat in range(6)]


class Auction:
    __slots__ = ("n", "dealer", "options", "calls", "passed", "called", "high", "high_bid",
                 "high_bidder", "to_act", "over", "thrown_in", "final_call", "played_out", "switches")

    def __init__(self, n: int, dealer: int, options: dict):
        self.n = n
        self.dealer = dealer
        self.options = options
        self.calls: list[dict] = []
        self.passed = 0  # bitmask of seats out of the auction
        self.called = 0  # bitmask of seats that have made any call
        self.high = -1
        self.high_bid: str | None = None
        self.high_bidder: int | None = None
        self.to_act: int | None = (dealer + 1) % n
        self.over = False
        self.thrown_in = False
        self.final_call = False  # raise_after_all_pass: the high bidder's final call is due
        self.played_out = False  # variant all_pass "play_out": everyone passed, the hand is played
        self.switches = tuple([bool(options[switch]) for switch in _SWITCHES])  # the bids the options allow

    @property
    def contract(self) -> dict | None:
        if self.over and self.high_bid is not None:
            return {"bid": self.high_bid, "seat": self.high_bidder}
        return None

    def turn_error(self, seat: int) -> tuple[str, str]:
        if self.passed >> seat & 1:
            return "cannot_rebid_after_pass", M("seat {seat} has passed and is out of the auction", seat=seat)
        return "not_your_turn", M("seat {to_act} is to call, not seat {seat}", to_act=self.to_act, seat=seat)

    def check_bid(self, seat: int, bid) -> tuple[str, str] | None:
        if bid not in RUNG:
            return "invalid_bid", M("{bid} is not a bid (6S..10NT, misere, open_misere, blind_misere)", bid=short(bid))
        if bid in ALLOW_OPTION and not self.options[ALLOW_OPTION[bid]]:
            return "bid_not_allowed", M("{bid} is switched off by {bid2}", bid=bid, bid2=ALLOW_OPTION[bid])
        if bid == "blind_misere" and self.called >> seat & 1:
            return "blind_misere_not_first_call", M("blind misere may only be the seat's first call")
        if RUNG[bid] <= self.high:
            return "bid_too_low", M("{bid} is not higher than {high_bid}", bid=bid, high_bid=self.high_bid)
        if bid == "misere" and not self.options["misere_without_seven"] and self.high_bid not in SEVENS:
            return "misere_needs_seven", M("misere may only be bid over a seven-trick bid")
        return None

    def refusal(self, move: dict) -> tuple[str, str] | None:
        """The general checks and the call's own, for a call checked outside a hand."""
        if self.over:
            if self.thrown_in:
                return "hand_over", M("the hand was thrown in")
            return "wrong_phase", M("the auction is over")
        if move["type"] not in ("pass", "bid"):
            return "wrong_phase", M("a {type} move is not taken in phase 'bidding'", type=short(move['type']))
        if move["seat"] != self.to_act:
            return self.turn_error(move["seat"])
        if move["type"] == "bid":
            return self.check_bid(move["seat"], move["bid"])
        return None

    @cython.locals(moves=dict, move=dict, out=list)
    def legal(self, seat: int) -> list[dict]:
        """The calls ``check_bid`` accepts, its tests taken without wording a refusal for each bid."""
        options, high = self.options, self.high
        blind_ok = not self.called >> seat & 1
        misere_ok = bool(options["misere_without_seven"] or self.high_bid in SEVENS)
        key = (high, blind_ok, misere_ok, self.switches)
        bids = _LEGAL.get(key)
        if bids is None:
            bids = _LEGAL[key] = _legal_bids(options, high, blind_ok, misere_ok)
        move = _PASS_MOVES[seat]
        out = [move.copy()]
        moves = _BID_MOVES[seat]
        for bid in bids:
            move = moves[bid]
            out.append(move.copy())
        return out

    @cython.locals(seat=cython.Py_ssize_t, nxt=cython.Py_ssize_t, full=cython.Py_ssize_t)
    def apply(self, move: dict) -> None:
        seat = move["seat"]
        bid = move.get("bid") if move["type"] == "bid" else None
        self.calls.append({"seat": seat, "type": "pass"} if bid is None
                          else {"seat": seat, "type": "bid", "bid": bid})
        self.called |= 1 << seat
        if bid is not None:
            self.high, self.high_bid, self.high_bidder = RUNG[bid], bid, seat
        if self.final_call:
            self.final_call = False
            self._end()
            return
        if bid is None:
            self.passed |= 1 << seat
        full = (1 << self.n) - 1
        if self.options["single_round_bidding"]:
            if seat == self.dealer:
                self._end()
            else:
                self.to_act = (seat + 1) % self.n
            return
        if self.passed == full:
            self._end()
        elif self.high_bid is not None and self.passed | (1 << self.high_bidder) == full:
            if self.options["raise_after_all_pass"] and bid is None:
                self.final_call = True
                self.to_act = self.high_bidder
            else:
                self._end()
        else:
            nxt = (seat + 1) % self.n
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % self.n
            self.to_act = nxt

    def _end(self) -> None:
        self.over = True
        if self.high_bid is None and plays_out(self.options):
            self.played_out = True
            self.to_act = (self.dealer + 1) % self.n  # the first caller leads
        elif self.high_bid is None:
            self.thrown_in = True
            self.to_act = None
        else:
            self.to_act = self.high_bidder

    def summary(self) -> dict:
        out = {"high_bid": self.high_bid, "high_bidder": self.high_bidder,
               "next": self.to_act, "auction_over": self.over, "thrown_in": self.thrown_in,
               "contract": self.contract}
        if plays_out(self.options):
            out["played_out"] = self.played_out
        return out


