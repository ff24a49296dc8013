"""Variant V1, ``call_partner`` (five players): the contractor calls a card; its holder is the partner.

The call is public, the holder is not: the record never names the partner, so a view hides nothing
beyond the usual cards, and the referee says who the partner is only to a seat that can know it
(the holder, the contractor playing alone, everyone once the card is played or the hand is done).

Functions of the hand, not a mixin: compiled, ``FiveHundredHand`` is an extension type, which can
have no Python base class. Its ``partner_*`` fields hold the call (``hand.pxd``); only the call and
the reveal change them.
"""

from __future__ import annotations

from ...cards import NAMES
from ...messages import M


def check_call(hand, move: dict) -> tuple[str, str] | None:
    card = move["card"]
    if hand.hold.known[hand.contractor] >> card & 1:
        return "partner_card_in_hand", M("{card} is in the contractor's own hand", card=NAMES[card])
    return None


def take_call(hand, move: dict) -> None:
    """The call made: the holder is the partner, known at once to a referee who sees every hand."""
    card = move["card"]
    hand.partner_card = card
    holder = next((s for s, h in enumerate(hand.deal_hands) if s != hand.contractor and card in h), None)
    if holder is not None:
        hand.partner_seat, hand.partner_known = holder, True
    elif hand.viewer is None or hand.viewer == hand.contractor and _contractor_discarded(hand, card):
        hand.partner_known = True  # nobody holds it: the contractor plays alone
    hand.phase = "play"
    hand.to_act = hand.contractor


def _contractor_discarded(hand, card: int) -> bool:
    discard = next(m for m in hand.moves if m["type"] == "discard")
    return card in discard["cards"]


def revealed_by(hand, seat: int, card: int) -> list[dict]:
    """The ``partner_revealed`` event when the called card is played (before ``trick_won``)."""
    if card != hand.partner_card or hand.partner_card is None:
        return []
    hand.partner_seat, hand.partner_known, hand.partner_revealed = seat, True, True
    return [{"type": "partner_revealed", "seat": seat, "card": NAMES[card]}]


def partner_state(hand) -> dict | None:
    if hand.partner_card is None:
        return None
    revealed = hand.partner_revealed or hand.phase == "done"
    seat = None
    if hand.partner_known and (revealed or hand.viewer is None or hand.viewer == hand.partner_seat
                               or hand.viewer == hand.contractor and hand.partner_seat is None):
        seat = hand.partner_seat
    return {"card": NAMES[hand.partner_card], "seat": seat, "revealed": revealed}


def partner_result(hand) -> dict | None:
    if hand.partner_card is None:
        return None
    return {"card": NAMES[hand.partner_card], "seat": hand.partner_seat}
