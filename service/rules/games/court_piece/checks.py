"""Which moves are legal: the checks of each move type and the legal-move listing."""

from __future__ import annotations

from ...cards import NAMES, SUIT_MASKS, SUITS
from ...errors import InvalidRecord, M


class Checks:
    """Mixed into ``CourtPieceHand``: step 2 and step 5 of the order of checks, and the listing."""

    # ---- checking
    def disabled(self, move):
        t = move["type"]
        if t == "reveal" and not self.hidden:
            return "not_hidden_mode", M("reveal exists only in hidden trump")
        if t in ("change_cards", "change_trump") and not self.options["rung_royal"]:
            return "extras_disabled", M("{t} needs the rung_royal option", t=t)
        return None

    def playable(self, seat) -> int:
        m = self.holdings.known[seat]
        if seat == self.caller and self.face_down is not None and not self.revealed:
            m &= ~(1 << self.face_down)
        return m

    def legal_mask(self, seat, pm=None) -> int:
        if pm is None:
            pm = self.playable(seat)
        if self.must_trump == seat:
            if self.trick:
                same = pm & SUIT_MASKS[self.trick[0][1] >> 4]
                if same:
                    return same
            return (pm & SUIT_MASKS[self.trump]) or pm
        if self.trick:
            return (pm & SUIT_MASKS[self.trick[0][1] >> 4]) or pm
        return pm

    def first_five(self, seat):
        return self.dealt[seat][:5]

    def check_move(self, move):
        t = move["type"]
        seat = move["seat"]
        if t == "play":
            card = move["card"]
            if not self.holdings.may_hold(seat, card):
                return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=NAMES[card])
            if seat == self.caller and card == self.face_down and not self.revealed:
                return "card_face_down", M("the face-down card cannot be played before the reveal")
            if (seat == self.caller and self.face_down_set and self.face_down is None
                    and not self.revealed and not self.holdings.known[seat] >> card & 1
                    and self.holdings.hidden(seat) == 1):
                # a view that cannot see the face-down card: the one card of this hand it cannot
                # see is that card (the viewer's own unseen luck card, or the caller's last card),
                # so a card not known to be held could only be the face-down one
                return "card_face_down", (M("the only card of this hand the view cannot see is the face-down "
                                          "card, which cannot be played before the reveal"))
            pm = self.playable(seat)
            if not pm >> card & 1:  # a view: check against the cards known to be held, plus this one
                pm |= 1 << card
            legal = self.legal_mask(seat, pm)
            if not legal >> card & 1:
                if self.trick and pm & SUIT_MASKS[self.trick[0][1] >> 4]:
                    return "must_follow_suit", M("a card of the suit led must be played")
                return "must_play_trump_after_reveal", M("after his own reveal the seat must play trump")
            return None
        if t == "call_trump":
            if not self.hidden and "suit" not in move:
                return "suit_required", M("call_trump names a suit in this mode")
            if self.hidden and "card" not in move:
                return "card_required", M("call_trump lays a card face down in hidden trump")
            if self.hidden:
                return self.first_five_check(seat, move["card"])
            return None
        if t == "pass_to_partner":
            if seat == self.p or self.passed:
                return "partner_cannot_pass", M("only the first chooser may pass, once")
            return None
        if t in ("timeout", "change_cards"):
            return None
        if t == "reveal":
            if self.revealed:
                return "trump_already_revealed", M("the trump is already revealed")
            if not self.trick:
                if seat != self.caller:
                    return "only_caller_reveals_on_lead", M("only the caller may reveal when leading")
                return None
            if self.playable(seat) & SUIT_MASKS[self.trick[0][1] >> 4]:
                return "can_follow_suit", M("a seat that can follow suit may not reveal")
            return None
        if t == "change_trump":
            if self.trump_changed:
                return "trump_already_changed", M("trump may be changed once")
            if seat != self.caller:
                return "only_caller_changes_trump", M("only the caller may change trump")
            if self.cards_played or (self.hidden and self.revealed):
                return "too_late_to_change_trump", M("trump may change only before the first card")
            if not self.hidden and "suit" not in move:
                return "suit_required", M("change_trump names a suit in this mode")
            if self.hidden and "card" not in move:
                return "card_required", M("change_trump lays a card face down in hidden trump")
            if not self.hidden:
                if move["suit"] == self.trump:
                    return "same_trump", M("that suit is already trump")
                return None
            card = move["card"]
            if card is not None and card == self.face_down:
                return "same_trump", M("that card is already face down")
            return self.first_five_check(seat, card)
        return None

    def first_five_check(self, seat, card):
        if card is None:
            if self.viewer == seat:
                raise InvalidRecord("view_incomplete", M("the view hides its own seat's face-down card"))
            return None
        five = self.first_five(seat)
        if card in five:
            return None
        if None not in five or not self.holdings.may_hold(seat, card):
            return "card_not_in_first_five", M("{card} is not among seat {seat}'s first five", card=NAMES[card], seat=seat)
        return None

    # ---- listing
    def legal_moves(self):
        s = self.to_act
        out = []
        if self.phase == "choose_trump":
            if self.hidden:
                out += [{"seat": s, "type": "call_trump", "card": NAMES[c]} for c in self.first_five(s)]
            else:
                out += [{"seat": s, "type": "call_trump", "suit": x} for x in SUITS]
            if s == self.f and not self.passed:
                out.append({"seat": s, "type": "pass_to_partner"})
            if self.options["rung_royal"]:
                out.append({"seat": s, "type": "change_cards"})
            out.append({"seat": s, "type": "timeout"})
            return out
        legal = self.legal_mask(s)
        out += [{"seat": s, "type": "play", "card": NAMES[c]}
                for c in self.holdings.held[s] if c is not None and legal >> c & 1]
        if self.hidden and self.check_move({"seat": s, "type": "reveal"}) is None:
            out.append({"seat": s, "type": "reveal"})
        if self.options["rung_royal"] and not self.trump_changed and s == self.caller \
                and not self.cards_played and not (self.hidden and self.revealed):
            if self.hidden:
                out += [{"seat": s, "type": "change_trump", "card": NAMES[c]}
                        for c in self.first_five(s) if c != self.face_down]
            else:
                out += [{"seat": s, "type": "change_trump", "suit": x}
                        for i, x in enumerate(SUITS) if i != self.trump]
        return out

