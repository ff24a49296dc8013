"""The card order of each contract, built once: trump, direction, and "aces bad"."""

from __future__ import annotations

from ...cards import ACE, BLACK_JOKER, RED_JOKER
from ...tricks import Ranking
from .tables import DIRECTIONS, PACK


def _ranking(trump: int | None, downtown: bool, aces_bad: bool = False) -> Ranking:
    """Ace best in both directions; downtown then 2 3 ... K. Jokers: top trumps, or suitless.

    ``aces_bad`` (variant ``downtown_aces: "bad"``): downtown, the ace is the weakest of its suit.
    """
    suit = [-1] * 67
    power = [0] * 67
    for card in PACK.order:
        if card < 64:
            rank = card & 15
            suit[card] = card >> 4
            if rank == ACE:
                power[card] = 0 if downtown and aces_bad else 16
            else:
                power[card] = 15 - rank if downtown else rank
    if trump is not None:
        suit[RED_JOKER] = suit[BLACK_JOKER] = trump
        power[RED_JOKER], power[BLACK_JOKER] = 31, 30
    return Ranking(trump, suit, power)


RANKINGS = {(trump, direction): _ranking(trump, direction == "downtown")
            for trump in (None, 0, 1, 2, 3) for direction in DIRECTIONS}
ACES_BAD = {(trump, "downtown"): _ranking(trump, True, True) for trump in (None, 0, 1, 2, 3)}


def ranking_for(trump: int | None, direction: str, downtown_aces: str = "good") -> Ranking:
    if downtown_aces == "bad" and direction == "downtown":
        return ACES_BAD[(trump, direction)]
    return RANKINGS[(trump, direction)]


def led_suit(ranking: Ranking, cards) -> int | None:
    """The suit to follow: that of the first card with a suit (a no-trump joker has none)."""
    for card in cards:
        s = ranking.suit[card]
        if s >= 0:
            return s
    return None


def winning_index(ranking: Ranking, cards) -> int | None:
    """Index (play order) of the card that wins; ``None`` if no card has a suit yet."""
    for first, card in enumerate(cards):
        if ranking.suit[card] >= 0:
            return first + ranking.winner(cards[first:])
    return None


def legal_mask(ranking: Ranking, hand: int, trick_cards) -> int:
    """The cards of ``hand`` (a mask) that may be played to the trick so far."""
    led = led_suit(ranking, trick_cards)
    if led is None:
        return hand
    return ranking.follow(hand, led)


# --- auction and scoring --------------------------------------------------------------------------
