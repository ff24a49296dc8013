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


_C_MASKS = 1 << 64  # masks below this fit a C unsigned long long


class Holdings:
    __slots__ = ("held", "known", "gone")

    @cython.locals(held=list, known=list, low=cython.ulonglong, bit=cython.ulonglong, c=cython.Py_ssize_t)
    def __init__(self, hands: list[list[int | None]]):
        self.held = held = [list(h) for h in hands]
        self.known = known = []
        for h in held:
            low, high = 0, 0  # compiled, the cards below 64 in a C mask; the jokers' bits above
            for card in h:
                if card is not None:  # a view's hidden card
                    c = card
                    if c < 64:
                        bit = 1
                        bit <<= c
                        low |= bit
                    else:
                        high |= 1 << card
            known.append(high | low if high else low)
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

    @cython.locals(hand=list, low=cython.ulonglong, bit=cython.ulonglong, c=cython.Py_ssize_t)
    def remove(self, seat: int, card: int | None, public: bool = True) -> None:
        """Take ``card`` out of ``seat``'s hand; ``None`` is a card the viewer cannot see."""
        hand = self.held[seat]
        known = self.known[seat]
        if card is not None and card < 64 and 0 <= known < _C_MASKS and 0 <= self.gone < _C_MASKS:
            # the usual case in C (compiled): masks of 64 bits, a card known in that hand
            c = card
            bit = 1
            bit <<= c
            low = known
            if low & bit:
                hand.remove(card)
                self.known[seat] = low & ~bit
                if public:
                    low = self.gone
                    self.gone = low | bit
                return
        if card is not None and known >> card & 1:  # the same, past 64 bits (a joker)
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
