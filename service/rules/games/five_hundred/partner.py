"""Variant V1, ``call_partner`` (five players): the contractor calls a card; its holder is the partner.

The call is public, the holder is not: the record never names the partner, so a view hides nothing
beyond the usual cards, and the referee says who the partner is only to a seat that can know it
(the holder, the contractor playing alone, everyone once the card is played or the hand is done).
"""

from __future__ import annotations

from ...cards import NAMES
from ...messages import M


class PartnerCall:
    """Mixed into ``FiveHundredHand``: the ``call_partner`` phase, the reveal, the state's ``partner``."""

    partner_card: int | None = None
    partner_seat: int | None = None  # the holder; None when alone, or (in a view) not yet known
    partner_known = False            # whether ``partner_seat`` is known to the referee replaying
    partner_revealed = False

    def _calls_after_exchange(self) -> bool:
        return self.calling and not self.misere

    def _check_call(self, move: dict) -> tuple[str, str] | None:
        card = move["card"]
        if self.hold.known[self.contractor] >> card & 1:
            return "partner_card_in_hand", M("{card} is in the contractor's own hand", card=NAMES[card])
        return None

    def _call(self, move: dict) -> None:
        card = move["card"]
        self.partner_card = card
        holder = next((s for s, h in enumerate(self.deal_hands) if s != self.contractor and card in h), None)
        if holder is not None:
            self.partner_seat, self.partner_known = holder, True
        elif self.viewer is None or self.viewer == self.contractor and self._contractor_discarded(card):
            self.partner_known = True  # nobody holds it: the contractor plays alone
        self.phase = "play"
        self.to_act = self.contractor

    def _contractor_discarded(self, card: int) -> bool:
        discard = next(m for m in self.moves if m["type"] == "discard")
        return card in discard["cards"]

    def _revealed_by(self, seat: int, card: int) -> list[dict]:
        """The ``partner_revealed`` event when the called card is played (before ``trick_won``)."""
        if card != self.partner_card or self.partner_card is None:
            return []
        self.partner_seat, self.partner_known, self.partner_revealed = seat, True, True
        return [{"type": "partner_revealed", "seat": seat, "card": NAMES[card]}]

    def partner_state(self) -> dict | None:
        if self.partner_card is None:
            return None
        revealed = self.partner_revealed or self.phase == "done"
        seat = None
        if self.partner_known and (revealed or self.viewer is None or self.viewer == self.partner_seat
                                   or self.viewer == self.contractor and self.partner_seat is None):
            seat = self.partner_seat
        return {"card": NAMES[self.partner_card], "seat": seat, "revealed": revealed}

    def partner_result(self) -> dict | None:
        if self.partner_card is None:
            return None
        return {"card": NAMES[self.partner_card], "seat": self.partner_seat}
