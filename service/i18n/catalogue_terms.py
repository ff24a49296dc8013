"""The catalogue's move-type descriptions (``GET /v1/games``): one line per game and move type.

English msgids (``N_``), shown in the client's language by ``service.i18n``; a test checks every
move type of every game has one.
"""

from __future__ import annotations

from ..rules.messages import N_

MOVE_TYPES: dict[str, dict[str, str]] = {
    "buck-euchre": {
        "pass": N_("decline to order up the turned-up card's suit, or to name a trump"),
        "order_up": N_("make the turned-up card's suit trump; the dealer takes the card and discards"),
        "discard": N_("the dealer, after an order-up: lay one card of his six aside"),
        "name_trump": N_("after everyone passed the turn-up: name another suit (or no trump where allowed) as trump"),
        "stay": N_("play the hand against the maker"),
        "drop": N_("sit the hand out (the maker never drops)"),
        "play": N_("play a card to the trick"),
    },
    "bid-whist": {
        "pass": N_("make no bid"),
        "bid": N_("bid a number of books and a mode (uptown, downtown or no trump)"),
        "name_trump": N_("the winning bidder names the trump suit"),
        "choose_direction": N_("the winning bidder of a no-trump bid chooses uptown or downtown"),
        "discard": N_("the winning bidder lays aside cards after taking the kitty"),
        "play": N_("play a card to the trick"),
    },
    "five-hundred": {
        "pass": N_("make no bid"),
        "bid": N_("bid a contract: tricks and a suit, no trumps, or a misere"),
        "discard": N_("the contractor lays aside three cards after taking the kitty"),
        "nominate_joker": N_("the contractor holding the joker in no trumps or misere names its suit"),
        "play": N_("play a card to the trick (a led joker may name its suit)"),
        "call_partner": N_("five players: the contractor calls a card; its holder is his partner for the hand"),
    },
    "court-piece": {
        "call_trump": N_("the deciding seat calls the rang (trump): a suit, or in hidden trump a card of his first five laid face down"),
        "pass_to_partner": N_("the first chooser passes the choice of rang to his partner"),
        "timeout": N_("the host reports that the deciding seat did not choose in time"),
        "change_cards": N_("Rung Royal: the deciding seat asks for a new deal"),
        "play": N_("play a card to the sar (trick)"),
        "reveal": N_("hidden trump: turn the face-down card up; its suit is the rang from now on"),
        "change_trump": N_("Rung Royal: the caller changes the rang once, before the first card is played"),
    },
    "sixes": {
        "play": N_("play a card onto the table's rows"),
        "pass": N_("pass when no card can be played, paying one chip into the pot (none when he has no chips)"),
    },
}
