"""Card powers under a contract: bowers, the nominated joker, and the free joker that has no suit."""

from __future__ import annotations

from ...cards import JOKER
from ...tricks import NO_SUIT, Ranking, plain, with_bowers
from .tables import TRUMP_OF

_RANKINGS: dict = {}


def ranking_for(pack_mask: int, bid: str, joker_suit: int | None) -> Ranking:
    """Effective suits and powers under a contract; a free joker has no suit (``NO_SUIT``).

    Rankings are never changed once built, so they are cached (a handful per pack).
    """
    key = (pack_mask, TRUMP_OF.get(bid), joker_suit)
    r = _RANKINGS.get(key)
    if r is None:
        r = _RANKINGS[key] = _build_ranking(pack_mask, bid, joker_suit)
    return r


def _build_ranking(pack_mask: int, bid: str, joker_suit: int | None) -> Ranking:
    trump = TRUMP_OF.get(bid)
    if trump is not None:
        r = with_bowers(trump, pack_mask)
        suit, power = r.suit, r.power
        suit[JOKER], power[JOKER] = trump, 32
    else:
        r = plain(None, pack_mask)
        suit, power = r.suit, r.power
        if joker_suit is None:
            suit[JOKER], power[JOKER] = NO_SUIT, 99
        else:
            suit[JOKER], power[JOKER] = joker_suit, 16
    return Ranking(trump, suit, power)


def trick_winner_index(ranking: Ranking, cards: list[int], free_joker: bool) -> int:
    if free_joker and JOKER in cards:
        return cards.index(JOKER)
    return ranking.winner(cards)

