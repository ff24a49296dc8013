"""The first-hand draw for the first chooser (document, "First hand of a match: the draw")."""

from __future__ import annotations

from ...cards import NAMES, lookup
from ...errors import InvalidRecord, M, short
from ...game import is_int
from .deck import PACK

def run_draw(cards) -> tuple[list[list[tuple[int, int]]], int]:
    """The first-hand draw from a shuffled pack: rounds of (seat, card) until one seat tops."""
    rounds = []
    seats = [0, 1, 2, 3]
    pos = 0
    while True:
        if pos + len(seats) > len(cards):  # cannot happen with 52 cards; suits break the last tie
            last = rounds[-1]
            top = max(c & 15 for _, c in last)
            tied = [(s, c) for s, c in last if c & 15 == top]
            return rounds, min(tied, key=lambda sc: sc[1] >> 4)[0]
        rnd = [(s, cards[pos + i]) for i, s in enumerate(seats)]
        pos += len(seats)
        rounds.append(rnd)
        top = max(c & 15 for _, c in rnd)
        seats = [s for s, c in rnd if c & 15 == top]
        if len(seats) == 1:
            return rounds, seats[0]


def check_draw(raw) -> tuple[list[list[tuple[int, int]]], int]:
    """A record's ``deal.draw``: valid rounds (bad_draw); its rounds of (seat, card) and the winning seat."""
    if not isinstance(raw, list) or not raw:
        raise InvalidRecord("bad_draw", M("deal.draw must be a non-empty list of rounds"))
    seats = [0, 1, 2, 3]
    seen = set()
    winner = None
    rounds = []
    for r, rnd in enumerate(raw):
        if winner is not None:
            raise InvalidRecord("bad_draw", M("deal.draw[{r}]: the draw was already decided", r=r))
        if not isinstance(rnd, list) or len(rnd) != len(seats):
            raise InvalidRecord("bad_draw", M("deal.draw[{r}] must list seats {seats}", r=r, seats=seats))
        cards = []
        for i, entry in enumerate(rnd):
            where = f"deal.draw[{r}][{i}]"
            if not isinstance(entry, dict) or len(entry) != 2 or "seat" not in entry or "card" not in entry:
                raise InvalidRecord("bad_draw", M("{where} must be {{seat, card}}", where=where))
            if entry["seat"] != seats[i] or not is_int(entry["seat"]):
                raise InvalidRecord("bad_draw", M("{where}.seat must be {seats}", where=where, seats=seats[i]))
            card = lookup(entry["card"])
            if card is None or card not in PACK:
                raise InvalidRecord("bad_card", M("{where}.card: {card} is not a card", where=where, card=short(entry['card'])))
            if card in seen:
                raise InvalidRecord("bad_draw", M("{where}.card: {card} drawn twice", where=where, card=NAMES[card]))
            seen.add(card)
            cards.append(card)
        rounds.append(list(zip(seats, cards)))
        top = max(c & 15 for c in cards)
        tied = [s for s, c in zip(seats, cards) if c & 15 == top]
        if len(tied) == 1:
            winner = tied[0]
        elif len(seen) + len(tied) > 52:
            winner = min(((s, c) for s, c in zip(seats, cards) if c & 15 == top),
                         key=lambda sc: sc[1] >> 4)[0]
        seats = tied
    if winner is None:
        raise InvalidRecord("bad_draw", M("deal.draw ends with a tie"))
    return rounds, winner


def draw_json(rounds):
    return [[{"seat": s, "card": NAMES[c]} for s, c in rnd] for rnd in rounds]

