"""Trick-taking mechanics shared by every trick game: effective suits, following, winners.

A ``Ranking`` says, for one hand's trump (and contract), which suit each card belongs to and how
strong it is. Following suit and finding a trick's winner are then the same few lines for every game;
games differ only in the ranking they build (bowers, jokers, downtown, a trump not yet revealed).
"""

from __future__ import annotations

from .cards import JOKER_SUIT, JACK, SUIT_MASKS, same_colour_suit

try:
    import cython
except ImportError:  # run from source without Cython installed
    from . import _cython as cython

NO_SUIT = JOKER_SUIT  # effective suit of a card that belongs to no suit (a suitless joker)


class Ranking:
    """Effective suit and strength of each card (indexed by card int) under one trump."""

    __slots__ = ("trump", "suit", "power", "suit_masks")

    def __init__(self, trump: int | None, suit: list[int], power: list[int]):
        self.trump = trump
        self.suit = suit
        self.power = power
        masks = [0] * 5
        for card, s in enumerate(suit):
            if s >= 0:
                masks[s] |= 1 << card
        self.suit_masks = masks

    def follow(self, hand: int, led_suit: int) -> int:
        """The cards of ``hand`` (a mask) that may be played to a trick led in ``led_suit``."""
        same = hand & self.suit_masks[led_suit]
        return same or hand

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` takes the trick from ``best`` (which leads or wins so far)."""
        s, b = self.suit[card], self.suit[best]
        if s == b:
            return self.power[card] > self.power[best]
        return s == self.trump and self.trump is not None

    @cython.locals(suit=list, power=list, best=cython.Py_ssize_t, i=cython.Py_ssize_t)
    def winner(self, cards) -> int:
        """Index (in play order) of the winning card (``beats`` card by card, inlined)."""
        suit, power, trump = self.suit, self.power, self.trump
        best = 0
        best_suit, best_power = suit[cards[0]], power[cards[0]]
        for i in range(1, len(cards)):
            card = cards[i]
            s = suit[card]
            if s == best_suit:
                if power[card] > best_power:
                    best, best_power = i, power[card]
            elif s == trump and trump is not None:
                best, best_suit, best_power = i, s, power[card]
        return best


def _blank():
    return [-1] * 67, [0] * 67


def plain(trump: int | None, pack_mask: int, low: bool = False) -> Ranking:
    """Printed suits; ace high (or rank order reversed, ``low``); trump if any beats all."""
    suit, power = _blank()
    for card in range(64):
        if pack_mask >> card & 1:
            suit[card] = card >> 4
            power[card] = (15 - (card & 15)) if low else card & 15
    return Ranking(trump, suit, power)


def with_bowers(trump: int, pack_mask: int) -> Ranking:
    """Euchre-family ranking: the trump jack (right bower) then the same-colour jack (left) on top."""
    r = plain(trump, pack_mask)
    right = trump * 16 + JACK
    left = same_colour_suit(trump) * 16 + JACK
    r.suit[left] = trump
    r.power[right] = 31
    r.power[left] = 30
    return Ranking(trump, r.suit, r.power)


__all__ = ["Ranking", "plain", "with_bowers", "NO_SUIT", "SUIT_MASKS"]
