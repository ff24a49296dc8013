"""Which moves are legal: step 2 and step 5 of the order of checks, and the listing but the plays.

Functions of the hand, not a mixin: compiled, ``CourtPieceHand`` is an extension type, which can
have no Python base class. What a play needs per move (``playable``, ``legal_mask``, the listing
of the plays) is the hand's own; these check and list the rarer moves, and word a refused play.
"""

from __future__ import annotations

from ...cards import NAMES, SUIT_MASKS, SUITS
from ...errors import InvalidRecord, M


def disabled(hand, move):
    """Step 2: reveal belongs to hidden trump; change_cards and change_trump to rung_royal."""
    t = move["type"]
    if t == "reveal" and not hand.hidden:
        return "not_hidden_mode", M("reveal exists only in hidden trump")
    if t in ("change_cards", "change_trump") and not hand.options["rung_royal"]:
        return "extras_disabled", M("{t} needs the rung_royal option", t=t)
    return None


def check_move(hand, move):
    """Step 5: the move type's own checks."""
    t = move["type"]
    seat = move["seat"]
    if t == "play":
        card = move["card"]
        if not hand.holdings.may_hold(seat, card):
            return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=NAMES[card])
        if seat == hand.caller and card == hand.face_down and not hand.revealed:
            return "card_face_down", M("the face-down card cannot be played before the reveal")
        if (seat == hand.caller and hand.face_down_set and hand.face_down is None
                and not hand.revealed and not hand.holdings.known[seat] >> card & 1
                and hand.holdings.hidden(seat) == 1):
            # a view that cannot see the face-down card: the one card of this hand it cannot
            # see is that card (the viewer's own unseen luck card, or the caller's last card),
            # so a card not known to be held could only be the face-down one
            return "card_face_down", (M("the only card of this hand the view cannot see is the face-down "
                                      "card, which cannot be played before the reveal"))
        pm = hand.playable(seat)
        if not pm >> card & 1:  # a view: check against the cards known to be held, plus this one
            pm |= 1 << card
        legal = hand.legal_mask(seat, pm)
        if not legal >> card & 1:
            if hand.trick and pm & SUIT_MASKS[hand.trick[0][1] >> 4]:
                return "must_follow_suit", M("a card of the suit led must be played")
            return "must_play_trump_after_reveal", M("after his own reveal the seat must play trump")
        return None
    if t == "call_trump":
        if not hand.hidden and "suit" not in move:
            return "suit_required", M("call_trump names a suit in this mode")
        if hand.hidden and "card" not in move:
            return "card_required", M("call_trump lays a card face down in hidden trump")
        if hand.hidden:
            return first_five_check(hand, seat, move["card"])
        return None
    if t == "pass_to_partner":
        if seat == hand.p or hand.passed:
            return "partner_cannot_pass", M("only the first chooser may pass, once")
        return None
    if t in ("timeout", "change_cards"):
        return None
    if t == "reveal":
        if hand.revealed:
            return "trump_already_revealed", M("the trump is already revealed")
        if not hand.trick:
            if seat != hand.caller:
                return "only_caller_reveals_on_lead", M("only the caller may reveal when leading")
            return None
        if hand.playable(seat) & SUIT_MASKS[hand.trick[0][1] >> 4]:
            return "can_follow_suit", M("a seat that can follow suit may not reveal")
        return None
    if t == "change_trump":
        if hand.trump_changed:
            return "trump_already_changed", M("trump may be changed once")
        if seat != hand.caller:
            return "only_caller_changes_trump", M("only the caller may change trump")
        if hand.cards_played or (hand.hidden and hand.revealed):
            return "too_late_to_change_trump", M("trump may change only before the first card")
        if not hand.hidden and "suit" not in move:
            return "suit_required", M("change_trump names a suit in this mode")
        if hand.hidden and "card" not in move:
            return "card_required", M("change_trump lays a card face down in hidden trump")
        if not hand.hidden:
            if move["suit"] == hand.trump:
                return "same_trump", M("that suit is already trump")
            return None
        card = move["card"]
        if card is not None and card == hand.face_down:
            return "same_trump", M("that card is already face down")
        return first_five_check(hand, seat, card)
    return None


def first_five_check(hand, seat, card):
    if card is None:
        if hand.viewer == seat:
            raise InvalidRecord("view_incomplete", M("the view hides its own seat's face-down card"))
        return None
    five = hand.first_five(seat)
    if card in five:
        return None
    if None not in five or not hand.holdings.may_hold(seat, card):
        return "card_not_in_first_five", M("{card} is not among seat {seat}'s first five", card=NAMES[card], seat=seat)
    return None


# ---- listing (the plays are the hand's own)
def trump_choices(hand):
    """The moves of the choice of trumps."""
    s = hand.to_act
    out = []
    if hand.hidden:
        out += [{"seat": s, "type": "call_trump", "card": NAMES[c]} for c in hand.first_five(s)]
    else:
        out += [{"seat": s, "type": "call_trump", "suit": x} for x in SUITS]
    if s == hand.f and not hand.passed:
        out.append({"seat": s, "type": "pass_to_partner"})
    if hand.options["rung_royal"]:
        out.append({"seat": s, "type": "change_cards"})
    out.append({"seat": s, "type": "timeout"})
    return out


def extra_choices(hand, s):
    """The moves of the play other than a card: the reveal, a change of trump."""
    out = []
    if hand.hidden and check_move(hand, {"seat": s, "type": "reveal"}) is None:
        out.append({"seat": s, "type": "reveal"})
    if hand.options["rung_royal"] and not hand.trump_changed and s == hand.caller \
            and not hand.cards_played and not (hand.hidden and hand.revealed):
        if hand.hidden:
            out += [{"seat": s, "type": "change_trump", "card": NAMES[c]}
                    for c in hand.first_five(s) if c != hand.face_down]
        else:
            out += [{"seat": s, "type": "change_trump", "suit": x}
                    for i, x in enumerate(SUITS) if i != hand.trump]
    return out
