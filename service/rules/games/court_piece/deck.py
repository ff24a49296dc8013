"""The 52-card pack, card spellings, and a trick's winner under a trump that counts from a position."""

from __future__ import annotations

from ...cards import NAMES, SUITS, Pack, lookup
from ...errors import InvalidRecord, M, short

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

ORDER = ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
         "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
PACK = Pack(ORDER)
ACE = 15


def suit_name(s):
    return None if s is None else SUITS[s]


def card_name(c):
    return None if c is None else NAMES[c]


def _spellings():
    """Every accepted spelling of each card (any case, ``10`` for the ten) -> the card."""
    out = {}
    for card in PACK.order:
        name = NAMES[card]
        ranks = [name[0], name[0].lower()] + (["10"] if name[0] == "T" else [])
        for r in ranks:
            for s in (name[1], name[1].lower()):
                out[r + s] = card
    return out


CARD_INDEX = _spellings()


def parse_card(text, where: str, hidden_ok: bool = False):
    if type(text) is str:
        card = CARD_INDEX.get(text)
        if card is not None:
            return card
    if text is None and hidden_ok:
        return None
    card = lookup(text)
    if card is None or card not in PACK:
        if text is None:
            raise InvalidRecord("bad_card", M("{where}: null is a card only in a view", where=where))
        raise InvalidRecord("bad_card", M("{where}: {text} is not a card of the deck", where=where, text=short(text)))
    return card


@cython.locals(i=cython.Py_ssize_t, c=cython.Py_ssize_t, hi=cython.Py_ssize_t, best=cython.Py_ssize_t,
               suit=cython.Py_ssize_t)
def trick_winner_index(cards, trump, trump_from) -> int:
    """The winning position of a (partial) trick: the highest trump at a position >= trump_from,
    else the highest card of the suit led. ``trump`` None: no trump."""
    if trump is not None:
        suit, best, hi = trump, -1, -1
        for i in range(trump_from, len(cards)):
            c = cards[i]
            if c >> 4 == suit and c > hi:
                best, hi = i, c
        if best >= 0:
            return best
    best, hi = 0, cards[0]
    suit = hi >> 4
    for i in range(1, len(cards)):
        c = cards[i]
        if c >> 4 == suit and c > hi:
            best, hi = i, c
    return best
