"""One small adapter per game: read a replayed engine hand into a ``Play`` and say who counts.

Everything the solver needs from a game's ``Hand`` is read here and only here, by the attribute
names the game modules document (so a module split or rename costs a line here). The objective
table is ANALYSIS.md's "The objective: who counts, and who wants what".
"""

from __future__ import annotations

from ..cards import JOKER, SUIT_MASKS, SUITS, lookup
from ..games.bid_whist import led_suit
from ..games.five_hundred import TRUMP_OF
from .play import (CHANGE_CARD, CHANGE_SUIT, JOKER_LEAD, REVEAL, BidWhistPlay, BuckEuchrePlay,
                   CourtPiecePlay, FiveHundredPlay)


class Objective:
    __slots__ = ("name", "counted", "maxers", "seat")

    def __init__(self, name: str, seat: int, counted, maxers):
        self.name, self.seat = name, seat
        self.counted = sorted(counted)
        self.maxers = set(maxers)

    @property
    def goal(self) -> str:
        return "max" if self.seat in self.maxers else "min"


def move_code(move: dict) -> int:
    """A listed move (``…/legal-moves``' JSON) as the solver's move int."""
    kind = move["type"]
    if kind == "reveal":
        return REVEAL
    if kind == "change_trump":
        if "card" in move:
            return CHANGE_CARD + lookup(move["card"])
        return CHANGE_SUIT + SUITS.index(move["suit"])
    card = lookup(move["card"])
    if "suit" in move and move["suit"] is not None:  # Five Hundred: a led free joker names a suit
        return JOKER_LEAD + SUITS.index(move["suit"])
    return card


class Adapter:
    game_id = ""
    play_phase = ""
    total = 0

    def done(self, hand) -> int:
        raise NotImplementedError

    def objective(self, hand, seat: int, hands: list[int] | None = None) -> Objective:
        """ANALYSIS.md's objective row for ``seat``; ``hands`` (a sample's remaining cards) where
        the sides depend on cards the view hides (Five Hundred's called partner)."""
        raise NotImplementedError

    def remaining(self, hand) -> list[int]:
        """Each seat's remaining cards (masks), as the replayed hand knows them."""
        raise NotImplementedError

    def play(self, hand, objective: Objective, hands: list[int] | None = None, **over):
        raise NotImplementedError

    def common(self, hand, objective, hands, seats, trick):
        n = len(hands)
        leader = hand.leader if trick else hand.to_act  # engines set the leader with the first card
        return dict(hands=hands, seats=seats, trick=trick, leader=leader, to_act=hand.to_act,
                    done=self.done(hand), total=self.total,
                    counted=tuple(s in objective.counted for s in range(n)),
                    maxer=tuple(s in objective.maxers for s in range(n)))

    def in_play(self, hand) -> bool:
        return hand.phase == self.play_phase

    def holdings(self, hand):
        """The engine's ``Holdings`` of the hand (each seat's cards, ``None`` where a view hides one)."""
        raise NotImplementedError

    def shown_void(self, hand, move: dict) -> int:
        """Cards the seat of ``move`` (about to be played on ``hand``) shows it does not hold."""
        return 0

    def pile_taker(self, hand):
        """The seat that took a pile (kitty, turn-up) into its hand, or None."""
        return None

    def joker_known(self, hand, moves) -> tuple[int, int]:
        """(forbid, require) masks the auction's aftermath sets on the contractor (Five Hundred)."""
        return 0, 0

    def absent(self, hand) -> list[tuple[int, int]]:
        """(seat, mask): cards a seat is known not to hold now, besides its voids."""
        return []

    def face_down_unknown(self, hand) -> bool:
        """Whether the view hides the face-down trump card (Court Piece, hidden trump)."""
        return False

    def applies(self, options: dict) -> bool:
        return True


def _team(seat: int) -> set[int]:
    return {seat, (seat + 2) % 4}


class BidWhistAdapter(Adapter):
    game_id, play_phase, total = "bid-whist", "playing", 12

    def done(self, hand):
        return len(hand.finished)

    def remaining(self, hand):
        return list(hand.hold.known)

    def holdings(self, hand):
        return hand.hold

    def shown_void(self, hand, move):
        if move["type"] != "play" or not hand.trick_cards:
            return 0
        r = hand.ranking
        led = led_suit(r, hand.trick_cards)
        return r.suit_masks[led] if led is not None and r.suit[move["card"]] != led else 0

    def pile_taker(self, hand):
        return hand.bidder if hand.options.get("kitty") != "book" else None

    def objective(self, hand, seat, hands=None):
        return Objective("team_tricks", seat, _team(seat), _team(seat))

    def play(self, hand, objective, hands=None, **over):
        hands = list(hands if hands is not None else self.remaining(hand))
        return BidWhistPlay(hand.ranking, **self.common(hand, objective, hands, range(4), hand.trick))


class BuckEuchreAdapter(Adapter):
    game_id, play_phase, total = "buck-euchre", "playing", 5

    def done(self, hand):
        return len(hand.tricks)

    def remaining(self, hand):
        return list(hand.holdings.known)

    def holdings(self, hand):
        return hand.holdings

    def shown_void(self, hand, move):
        if move["type"] != "play" or not hand.trick:
            return 0
        r = hand.ranking
        led = r.suit[hand.trick[0][1]]
        return r.suit_masks[led] if r.suit[move["card"]] != led else 0

    def pile_taker(self, hand):
        return hand.dealer if hand.picked_up else None

    def objective(self, hand, seat, hands=None):
        return Objective("paranoid_seat_tricks", seat, {seat}, {seat})

    def play(self, hand, objective, hands=None, **over):
        hands = list(hands if hands is not None else self.remaining(hand))
        seats = sorted(hand.participants)
        order = [s for s in ((hand.dealer + i) % 4 for i in range(1, 5)) if s in seats]
        return BuckEuchrePlay(hand.ranking, **self.common(hand, objective, hands, order, hand.trick))


class CourtPieceAdapter(Adapter):
    game_id, play_phase, total = "court-piece", "play", 13

    def applies(self, options):
        return options.get("mode") in ("single_sar", "hidden_trump")

    def done(self, hand):
        return len(hand.tricks)

    def remaining(self, hand):
        return list(hand.holdings.known)

    def holdings(self, hand):
        return hand.holdings

    def shown_void(self, hand, move):
        """Not following held no playable card of the suit led (the unrevealed face-down card
        is not playable: the sampler exempts it); after a reveal, not trumping held no trump;
        revealing while following held no playable card of the suit led."""
        if not hand.trick:
            return 0
        led = hand.trick[0][1] >> 4
        if move["type"] == "reveal":
            return SUIT_MASKS[led]
        if move["type"] != "play" or move["card"] >> 4 == led:
            return 0
        out = SUIT_MASKS[led]
        if hand.must_trump == move["seat"] and move["card"] >> 4 != hand.trump:
            out |= SUIT_MASKS[hand.trump]
        return out

    def face_down_unknown(self, hand) -> bool:
        return hand.hidden and not hand.revealed and hand.face_down is None

    def objective(self, hand, seat, hands=None):
        return Objective("team_tricks", seat, _team(seat), _team(seat))

    def play(self, hand, objective, hands=None, face_down=None, **over):
        hands = list(hands if hands is not None else self.remaining(hand))
        fd = hand.face_down if face_down is None else face_down
        revealed = hand.revealed
        trump = hand.trump if revealed else (None if fd is None else fd >> 4)
        o = hand.options
        can_change = bool(o["rung_royal"]) and not hand.trump_changed and not hand.cards_played \
            and not (hand.hidden and revealed)
        first_five = [c for c in hand.first_five(hand.caller)] if can_change else []
        return CourtPiecePlay(
            hidden=hand.hidden, revealed=revealed, trump=trump, face_down=fd, caller=hand.caller,
            trump_from=hand.trump_from, must_trump=hand.must_trump, won=hand.won,
            counts_whole_trick=o["reveal_counts_current_trick"], can_change=can_change,
            first_five=first_five, started=bool(hand.cards_played),
            **self.common(hand, objective, hands, range(4), hand.trick))


class FiveHundredAdapter(Adapter):
    game_id, play_phase, total = "five-hundred", "play", 10

    def done(self, hand):
        return len(hand.tricks)

    def remaining(self, hand):
        return list(hand.hold.known)

    def holdings(self, hand):
        return hand.hold

    def shown_void(self, hand, move):
        """Not following held nothing of the suit led; in a misère, not playing the free joker
        when void held no free joker (the rule makes it compulsory)."""
        if move["type"] == "nominate_joker" or move["type"] != "play" or not hand.trick:
            return 0
        r = hand.ranking
        if r.suit[move["card"]] == hand.led_suit:
            return 0
        out = r.suit_masks[hand.led_suit]
        if hand.misere and hand.free_joker and move["card"] != JOKER:
            out |= 1 << JOKER
        return out

    def pile_taker(self, hand):
        return hand.contractor

    def joker_known(self, hand, moves) -> tuple[int, int]:
        """(forbid, require) of the contractor for the free joker: with ``joker_nomination`` a
        contractor who holds the free joker after discarding must nominate, so a nomination shows
        he holds it and its absence shows he does not."""
        if hand.contractor is None or hand.bid is None or not hand.options.get("joker_nomination") \
                or TRUMP_OF.get(hand.bid) is not None:
            return 0, 0
        nominated = any(isinstance(m, dict) and m.get("type") == "nominate_joker" for m in moves)
        return (0, 1 << JOKER) if nominated else (1 << JOKER, 0)

    @staticmethod
    def partner(hand, hands=None):
        """The called partner's seat (variant ``call_partner``), None when the contractor is alone.

        ANALYSIS.md: "the contracting side is the contractor and the seat whose dealt hand holds
        the called card … the contractor alone when the card is among his discards". A full
        record names the holder (the engine's ``partner_seat``); a view may not, and then the
        sample decides: the seat whose remaining cards (``hands``) hold the called card, else
        nobody (it is among the discards — it cannot have been played: that reveals the partner).
        """
        if hand.partner_card is None:
            return None
        if hand.partner_known:
            return hand.partner_seat
        if hands is None:
            raise ValueError("the view hides the called partner: a sample's hands are needed")
        bit = 1 << hand.partner_card
        return next((s for s, h in enumerate(hands) if s != hand.contractor and h & bit), None)

    def absent(self, hand):
        """The contractor never holds the card he called (the call is refused otherwise)."""
        if hand.partner_card is None or hand.partner_known:
            return []
        return [(hand.contractor, 1 << hand.partner_card)]

    def objective(self, hand, seat, hands=None):
        active = list(hand.active)
        if hand.bid is None:  # all_pass: "play_out" — every side for itself
            side = {s for s in active if hand.side_of[s] == hand.side_of[seat]}
            return Objective("side_tricks", seat, side, side)
        if hand.misere:
            c = hand.contractor
            return Objective("misere_contractor_tricks", seat, {c}, set(active) - {c})
        c = hand.contractor
        if hand.options.get("call_partner"):
            contract = {c} | ({self.partner(hand, hands)} - {None})
        else:
            contract = {s for s in active if hand.side_of[s] == hand.side_of[c]}
        counted = contract if seat in contract else set(active) - contract
        return Objective("contract_side_tricks", seat, counted, counted)

    def play(self, hand, objective, hands=None, **over):
        hands = list(hands if hands is not None else self.remaining(hand))
        trick = [(s, c) for s, c, _ in hand.trick]
        return FiveHundredPlay(
            ranking=hand.ranking, free_joker=hand.free_joker, led_suit=hand.led_suit, led_mask=hand.led_mask,
            misere=hand.misere, contractor=hand.contractor,
            last_trick_only=hand.options["joker_lead_last_trick_only"],
            **self.common(hand, objective, hands, hand.active, trick))


ADAPTERS = {a.game_id: a for a in (BidWhistAdapter(), BuckEuchreAdapter(), CourtPieceAdapter(),
                                    FiveHundredAdapter())}
