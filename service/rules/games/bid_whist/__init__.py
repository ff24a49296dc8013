"""Bid Whist (``bid-whist``), as /shared/rules/bid-whist.md specifies.

54 cards (52 + red/big and black/little jokers), four players in two partnerships, 12 cards each and
a 6-card kitty that is the bidding team's first book. One round of bidding (levels 1-7, uptown /
downtown / no trump), the bidder names trump or the direction, twelve tricks, books over six.

Cards are the core's ints (``cards.py``); each seat's hand is a ``Holdings`` so that full records and
views replay the same way. A contract's ranking is a ``tricks.Ranking`` built once per (trump,
direction): in a trump contract the jokers are the two top trumps, at no trump they have no suit
(effective suit -1) and so never follow, never set the suit to follow and never win.
"""

from .game import GAME, BidWhist
from .hand import BidWhistHand
from .ranking import led_suit, legal_mask, ranking_for, winning_index
from .tables import DIRECTIONS, MODES, OPTIONS, ORDER, PACK

__all__ = ["GAME", "BidWhist", "BidWhistHand", "DIRECTIONS", "MODES", "OPTIONS", "ORDER", "PACK",
           "led_suit", "legal_mask", "ranking_for", "winning_index"]
