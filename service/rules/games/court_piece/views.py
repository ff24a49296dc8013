"""What a viewer may see: the face-down card, the luck card, the hands.

Functions of the hand, not a mixin: compiled, ``CourtPieceHand`` is an extension type, which can
have no Python base class. None of them runs per move; the hand's ``deal_json``,
``hidden_move_card`` and ``sees_face_down`` call them.
"""

from __future__ import annotations

from ...cards import NAMES
from .deck import card_name


def face_down_public(hand):
    return hand.face_down_set and (hand.revealed or hand.phase == "done")


def sees_face_down(hand, viewer):
    if viewer is None or face_down_public(hand):
        return True
    return viewer == hand.caller and not hand.face_down_luck


def visible(hand, viewer, seat, pos) -> bool:
    """Whether ``viewer`` may see the card dealt to ``seat`` at ``pos``, where it stands now."""
    if viewer is None:
        return True
    card = hand.dealt[seat][pos]
    if hand.face_down_set and card is not None and card == hand.face_down and face_down_public(hand):
        return True
    if seat == hand.f and pos == 5 and hand.luck:
        if not hand.hidden:
            return True
        if hand.face_down_luck:  # still the unseen face-down card
            return False
        # swapped into the first chooser's hand by change_trump
        return viewer == seat
    if seat != viewer:
        return False
    return pos < 5 or hand.caller is not None


def deal_json(hand, viewer):
    hands = [[card_name(c) if visible(hand, viewer, s, i) else None
              for i, c in enumerate(hand.dealt[s])] for s in range(4)]
    out = {"hands": hands}
    if hand.draw_raw is not None:
        out["draw"] = hand.draw_raw
    return out


def hidden_move_card(hand, move, viewer):
    if move["seat"] == viewer:
        return False
    return not (move.get("card") is not None and move["card"] == hand.face_down
                and face_down_public(hand))


def hand_json(hand, seat, viewer):
    held = hand.holdings.held[seat]
    out = []
    for c in held:
        if c is None:
            out.append(None)
        elif viewer is None or visible(hand, viewer, seat, hand.dealt[seat].index(c)):
            out.append(NAMES[c])
        else:
            out.append(None)
    return out
