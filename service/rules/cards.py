"""Cards as small ints, hands as bitmasks; strings exist only at the edge.

A card is ``suit * 16 + rank`` with suits S H D C = 0..3 and ranks 2..9, T, 11, 12, 13, J, Q, K, A
= 0..15 (Five Hundred's 11s-13s sit between the ten and the jack, where they rank). Jokers live
past the suits: ``JK`` 64, ``RJ`` 65, ``BJ`` 66, and their suit is ``JOKER_SUIT``.
"""

from __future__ import annotations

from .errors import InvalidRecord, M, short

SUITS = "SHDC"
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
JOKER_SUIT = 4
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
TEN, JACK, QUEEN, KING, ACE = 8, 12, 13, 14, 15
JOKER, RED_JOKER, BLACK_JOKER = 64, 65, 66
_JOKER_NAMES = {JOKER: "JK", RED_JOKER: "RJ", BLACK_JOKER: "BJ"}

NAMES: dict[int, str] = {s * 16 + r: RANKS[r] + SUITS[s] for s in range(4) for r in range(16)}
NAMES.update(_JOKER_NAMES)
_BY_NAME = {name: card for card, name in NAMES.items()}


def make(rank: str, suit: str) -> int:
    return SUITS.index(suit) * 16 + RANK_INDEX[rank]


def suit_of(card: int) -> int:
    """Printed suit (jokers have ``JOKER_SUIT``)."""
    return card >> 4 if card < 64 else JOKER_SUIT


def rank_of(card: int) -> int:
    return card & 15


def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour: spades-clubs, hearts-diamonds."""
    return (SPADES, HEARTS, DIAMONDS, CLUBS)[(CLUBS, DIAMONDS, HEARTS, SPADES)[suit]]


def name(card: int) -> str:
    return NAMES[card]


def lookup(text) -> int | None:
    """The card a string names in CONVENTIONS.md notation, or None."""
    if not isinstance(text, str):
        return None
    card = _BY_NAME.get(text)
    if card is None and 2 <= len(text) <= 3:
        up = text.upper()
        if up.startswith("10"):
            up = "T" + up[2:]
        card = _BY_NAME.get(up)
    return card


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[int]:
    """The cards of a mask, lowest int first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


SUIT_MASKS = tuple(0xFFFF << (16 * s) for s in range(4))

# A two-character name's place in a pack's ``by_chars``: both characters between "0" and "Z" (every
# two-character name of CONVENTIONS.md: 9H, TS, JK). The compiled replay reads a name's card there
# with two character reads and a list index, where ``canonical.get`` hashes each fresh string
# that a parsed body holds (measured by bench/profile.py; the figures are in the git log).
CHARS_LOW, CHARS_SPAN = 48, 43  # "0", and "Z" - "0" + 1


def chars_slot(text: str) -> int:
    """``text``'s place in ``by_chars``, or -1 when it is not two characters in range."""
    if len(text) != 2:
        return -1
    a, b = ord(text[0]) - CHARS_LOW, ord(text[1]) - CHARS_LOW
    return a * CHARS_SPAN + b if 0 <= a < CHARS_SPAN and 0 <= b < CHARS_SPAN else -1


class Pack:
    """One game's pack: its canonical order (the shuffle's input) and membership."""

    def __init__(self, order: str | list[str]):
        names = order.split() if isinstance(order, str) else list(order)
        self.order = tuple(_BY_NAME[n] for n in names)
        self.mask = mask_of(self.order)
        self.size = len(self.order)
        self.canonical = {NAMES[c]: c for c in self.order}  # canonical names: the common case, one lookup
        self.by_chars = [None] * (CHARS_SPAN * CHARS_SPAN)  # chars_slot(name) -> card, for two-character names
        for text, card in self.canonical.items():
            slot = chars_slot(text)
            if slot >= 0:
                self.by_chars[slot] = card

    def __contains__(self, card: int) -> bool:
        return bool(self.mask >> card & 1)

    def parse(self, text, where: str) -> int:
        card = self.canonical.get(text) if type(text) is str else None
        if card is not None:
            return card
        card = lookup(text)
        if card is None or not (self.mask >> card & 1):
            raise InvalidRecord("unknown_card", M("{where}: {text} is not a card of this pack", where=where, text=short(text)))
        return card

    def parse_list(self, items, where: str, hidden_ok: bool = False) -> list[int | None]:
        """A list of card strings; ``None`` entries only where a view may hide cards."""
        if not isinstance(items, list):
            raise InvalidRecord("invalid_record", M("{where} must be a list of cards", where=where))
        try:  # every card written canonically: done in one pass in C (keys are strings only)
            out = list(map(self.canonical.get, items))
        except TypeError:  # an unhashable item: the slow path words the error
            out = [None]
        if None not in out:
            return out
        out = []
        for i, text in enumerate(items):
            if text is None:
                if not hidden_ok:
                    raise InvalidRecord("hidden_card", M("{where}[{value}] is null outside a view", where=where, value=i))
                out.append(None)
            else:
                out.append(self.parse(text, f"{where}[{i}]"))
        return out


def names(cards) -> list[str | None]:
    return [None if c is None else NAMES[c] for c in cards]


def parse_suit(text) -> int | None:
    """A suit letter written exactly (no case folding, CONVENTIONS.md)."""
    if isinstance(text, str) and len(text) == 1 and text in SUITS:
        return SUITS.index(text)
    return None
