"""Each seat's cards as the referee knows them, for full records and for views alike.

In a full record every card is known. In a view another seat's cards are ``None``; a card played from
such a hand can only be refused when the viewer knows it is elsewhere (in the viewer's hand, already
played, or known to be in a third hand).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # run from source without Cython installed
    from . import _cython as cython


class Holdings:
    __slots__ = ("held", "known", "gone")

    @cython.locals(held=list, known=list)
    def __init__(self, hands: list[list[int | None]]):
        self.held = held = [list(h) for h in hands]
        self.known = known = []
        for h in held:
            mask = 0
            for c in h:
                if c is not None:  # a view's hidden card
                    mask |= 1 << c
            known.append(mask)
        self.gone = 0  # cards known to be out of every hand (played, shown discards)

    def hidden(self, seat: int) -> int:
        return self.held[seat].count(None)

    def fully_known(self, seat: int) -> bool:
        return None not in self.held[seat]

    def may_hold(self, seat: int, card: int) -> bool:
        """False only when the card is surely not in that seat's hand."""
        if self.known[seat] >> card & 1:
            return True
        if None not in self.held[seat]:
            return False
        if self.gone >> card & 1:
            return False
        return not any(k >> card & 1 for k in self.known)

    def add(self, seat: int, card: int | None) -> None:
        self.held[seat].append(card)
        if card is not None:
            self.known[seat] |= 1 << card

    @cython.locals(hand=list)
    def remove(self, seat: int, card: int | None, public: bool = True) -> None:
        """Take ``card`` out of ``seat``'s hand; ``None`` is a card the viewer cannot see."""
        hand = self.held[seat]
        known = self.known[seat]
        if card is not None and known >> card & 1:  # the usual case (every card of a full record)
            hand.remove(card)
            self.known[seat] = known & ~(1 << card)
            if public:
                self.gone |= 1 << card
            return
        if card is None:
            # an unseen card left: any card we knew there may be the one that went
            self.held[seat] = [None] * (len(hand) - 1)
            self.known[seat] = 0
            return
        hand.remove(None)
        if public:
            self.gone |= 1 << card

    def size(self, seat: int) -> int:
        return len(self.held[seat])
