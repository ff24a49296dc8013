"""What a viewer may see: the face-down card, the luck card, the hands."""

from __future__ import annotations

from ...cards import NAMES
from .deck import card_name


class Views:
    """Mixed into ``CourtPieceHand``: the cards a seat may see, card by card where they stand."""

    # ---- what a viewer may see
    def face_down_public(self):
        return self.face_down_set and (self.revealed or self.phase == "done")

    def sees_face_down(self, viewer):
        if viewer is None or self.face_down_public():
            return True
        return viewer == self.caller and not self.face_down_luck

    def visible(self, viewer, seat, pos) -> bool:
        if viewer is None:
            return True
        card = self.dealt[seat][pos]
        if self.face_down_set and card is not None and card == self.face_down and self.face_down_public():
            return True
        if seat == self.f and pos == 5 and self.luck:
            if not self.hidden:
                return True
            if self.face_down_luck:  # still the unseen face-down card
                return False
            # swapped into the first chooser's hand by change_trump
            return viewer == seat
        if seat != viewer:
            return False
        return pos < 5 or self.caller is not None

    def deal_json(self, viewer):
        hands = [[card_name(c) if self.visible(viewer, s, i) else None
                  for i, c in enumerate(self.dealt[s])] for s in range(4)]
        out = {"hands": hands}
        if self.draw_raw is not None:
            out["draw"] = self.draw_raw
        return out

    def hidden_move_card(self, move, viewer):
        if move["seat"] == viewer:
            return False
        return not (move.get("card") is not None and move["card"] == self.face_down
                    and self.face_down_public())


    def hand_json(self, seat, viewer):
        held = self.holdings.held[seat]
        out = []
        for c in held:
            if c is None:
                out.append(None)
            elif viewer is None or self.visible(viewer, seat, self.dealt[seat].index(c)):
                out.append(NAMES[c])
            else:
                out.append(None)
        return out

