"""Bid Whist's pack, sizes, modes and option table."""

from __future__ import annotations

from ...cards import SUITS, Pack
from ...options import Option


ORDER = " ".join(r + s for s in SUITS for r in "23456789TJQKA") + " BJ RJ"
PACK = Pack(ORDER)

HAND_SIZE = 12
KITTY_SIZE = 6
TRICKS = 12
MODES = ("uptown", "downtown", "no_trump")
DIRECTIONS = ("uptown", "downtown")
BID_TYPES = frozenset({"bid", "pass"})

OPTIONS = (
    Option("target", "integer", 7, "the match ends when a team's score is >= target or <= -target",
           choices=(5, 7, 9)),
    Option("min_bid", "integer", 1, "the lowest bid level; also the floor for the forced dealer",
           choices=(1, 2, 3, 4)),
    Option("kitty", "string", "book",
           "book: the kitty is set aside unseen as the bidding team's first book; exchange: the bidder "
           "takes the kitty into hand after declaring and discards 6, which form that book; sported "
           "(variant): as exchange, but the kitty lies face up for everyone from the deal on",
           choices=("book", "exchange", "sported")),
    Option("first_lead", "string", "dealer_left", "who leads the first trick: the dealer's left "
           "(dealer + 1) or the bidder", choices=("dealer_left", "bidder")),
    Option("downtown_outranks_uptown", "boolean", True,
           "at equal level downtown beats uptown; false: they tie (only a higher level or no trump "
           "overcalls)"),
    Option("dealer_takes_at_equal", "boolean", False,
           "the dealer may take the contract by equalling the standing bid"),
    Option("no_trump_doubles", "boolean", False,
           "every score of a no-trump hand (made, set, defenders) is doubled"),
    Option("defenders_score", "string", "none",
           "what defenders gain when the bid fails: nothing, the bid's value, or their books over six",
           choices=("none", "set_value", "books_over_six")),
    Option("boston_wins", "boolean", False,
           "a bidding team that takes all 13 books wins the match at once"),
    Option("kitty_before_declaring", "boolean", False,
           "variant: the bidder takes the kitty and discards before naming trump or choosing the "
           "direction; needs kitty exchange or sported", variant=True),
    Option("downtown_aces", "string", "good",
           "variant: bad (the players' \"aces bad\") makes the ace the weakest card of every suit, "
           "below the king, whenever the direction is downtown", choices=("good", "bad"), variant=True),
)
TAKEN_KITTIES = ("exchange", "sported")  # the kitty values under which the bidder takes the kitty


# --- rankings -------------------------------------------------------------------------------------
