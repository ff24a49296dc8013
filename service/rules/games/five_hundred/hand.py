"""One hand of Five Hundred: the phases, the checks of each move, the play, the result, the views."""

from __future__ import annotations

from ...cards import JOKER, NAMES, names
from ...errors import InvalidRecord, M, short
from ...game import Hand
from ...holdings import Holdings
from ...tricks import Ranking
from .auction import Auction
from .ranking import ranking_for, trick_winner_index
from .partner import check_call, partner_result, partner_state, revealed_by, take_call
from .scoring import settle, settle_played_out
from .tables import (ALL_SUITS, INT_LETTER, LETTERS, MISERE_FAMILY, POSITION, SUIT_INT, TRUMP_OF, VALUE,
                     calls_partner, plays_out, sides_of)

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

_MISSING = object()  # a field absent from a move whose absence is an illegal-move reason

_PHASE_MOVES = {
    "bidding": frozenset({"pass", "bid"}),
    "discard": frozenset({"discard"}),
    "nominate_joker": frozenset({"nominate_joker"}),
    "call_partner": frozenset({"call_partner"}),
    "play": frozenset({"play"}),
    "done": frozenset(),
}


_BELOW_JOKERS = (1 << JOKER) - 1  # the cards of every suit; the jokers are 64 and up
# seat -> card -> its play move as listed, and as a trick's JSON shows it (copied: a dict copied is
# cheaper than one built key by key)
_PLAY_MOVES = [[{"seat": seat, "type": "play", "card": NAMES[c]} for c in range(max(NAMES) + 1)]
               for seat in range(6)]
_PLAYED = [[{"seat": seat, "card": NAMES[c]} for c in range(max(NAMES) + 1)] for seat in range(6)]


@cython.locals(trick=list, out=list, entry=dict)
def _trick_json(trick) -> list[dict]:
    out = []
    for seat, card, named in trick:
        entry = _PLAYED[seat][card]
        entry = entry.copy()
        if named is not None:
            entry["suit"] = INT_LETTER[named]
        out.append(entry)
    return out


def _suit_letter(value) -> int | None:
    """A suit letter written exactly; None when it is not one."""
    if isinstance(value, str) and value in SUIT_INT:
        return SUIT_INT[value]
    return None


class FiveHundredHand(Hand):
    """Compiled, an extension type built on ``game.Hand`` (``hand.pxd``): its fields are C struct
    members and the per-move methods are called through C. No ``__dict__``: every field is declared,
    the called partner's too (``partner.py``, functions of the hand rather than a mixin, which an
    extension type cannot have)."""

    phase_moves = _PHASE_MOVES

    def __init__(self, game, options, dealer, match, viewer):
        super().__init__(game, options, dealer, match, viewer)
        self.num_sides, self.side_of = sides_of(options)
        self.position = POSITION[self.n]
        self.auction = Auction(self.n, dealer, options)
        self.deal_hands: list[list[int | None]] = []
        self.kitty: list[int | None] = []
        self.dead: list[int | None] | None = None
        self.hold: Holdings | None = None
        self.bid: str | None = None
        self.contractor: int | None = None
        self.misere = False
        self.active: list[int] = list(range(self.n))
        self.joker_suit: int | None = None
        self.free_joker = False
        self.ranking: Ranking | None = None
        self.nominate_open = False  # a view that cannot tell whether the contractor holds the joker
        self.tricks: list[dict] = []
        self.trick: list[tuple[int, int, int | None]] = []  # (seat, card, named suit)
        self.leader: int | None = None
        self.led_suit: int | None = None
        self.led_mask = 0  # suits led to completed tricks
        self.tricks_by_seat = [0] * self.n
        self.exposed = False
        self.calling = calls_partner(options)  # variant V1
        self.played_out = False  # variant V2: everyone passed and the hand is played out
        self._in_order: list[tuple[int, list[int]]] = [(0, [])] * self.n  # per seat: (cards, them in pack order)
        self.partner_card: int | None = None  # variant V1: the called card
        self.partner_seat: int | None = None  # its holder; None when alone, or (in a view) not yet known
        self.partner_known = False            # whether ``partner_seat`` is known to the referee replaying
        self.partner_revealed = False

    # --- set-up ---
    def begin(self) -> None:
        self.hold = Holdings(self.deal_hands)
        self.phase = "bidding"
        self.to_act = self.auction.to_act

    # --- the common move, checked and applied in one step ---
    @cython.locals(seat=cython.Py_ssize_t, card=cython.Py_ssize_t, ranking=Ranking)
    def play(self, move: dict, index: int) -> list[dict]:
        """A card (not the joker, no suit named) played in turn from a hand known to hold it,
        following suit: ``check`` would pass it (the same tests, on the known cards), so it is applied
        at once; anything else takes the shared order of checks, which also words a refusal."""
        if self.phase == "play" and move["type"] == "play" and move["seat"] == self.to_act \
                and not self.nominate_open and "suit" not in move:
            seat, card = move["seat"], move["card"]
            known = self.hold.known[seat]
            if card != JOKER and known >> card & 1:
                if self.trick:
                    ranking = self.ranking
                    same = known & ranking.suit_masks[self.led_suit]
                    ok = same >> card & 1 if same else not self.misere
                else:
                    ok = True
                if ok:
                    return self.recorded(move, self._play(move), index)
        return Hand.play(self, move, index)  # super() is not available in a cpdef method

    # --- the shared order of checks, with a view's uncertain nomination ---
    def check(self, move: dict) -> tuple[str, str] | None:
        kind = move["type"]
        if kind == "call_partner" and not self.calling:  # an unknown type without the variant
            raise InvalidRecord("invalid_move", M("'call_partner' is a move only with the option call_partner"))
        if self.phase == "done":
            return "hand_over", M("the hand is over")
        if self.nominate_open:  # the next move is the nomination, or what comes without one
            ok = kind == "nominate_joker" or (kind == "call_partner" if self._calls_after_exchange()
                                              else kind == "play" and move["card"] != JOKER)
        else:
            ok = kind in _PHASE_MOVES[self.phase]
        if not ok:
            return "wrong_phase", M("a {kind} move is not taken in phase {phase}", kind=short(kind), phase=short(self.phase))
        if move["seat"] != self.to_act:
            return self.turn_error(move)
        return self.check_move(move)

    def turn_error(self, move: dict) -> tuple[str, str]:
        if self.phase == "bidding":
            return self.auction.turn_error(move["seat"])
        if move["seat"] not in self.active:
            return "not_your_turn", M("seat {seat} has dropped out of this misere hand", seat=move['seat'])
        return super().turn_error(move)

    def check_move(self, move: dict) -> tuple[str, str] | None:
        kind = move["type"]
        if kind == "bid":
            return self.auction.check_bid(move["seat"], move["bid"])
        if kind == "discard":
            return self._check_discard(move)
        if kind == "nominate_joker":
            if move["suit"] is not None and _suit_letter(move["suit"]) is None:
                return "invalid_suit", M("suit must be one of S, C, D, H, or null to keep the joker free")
            return None
        if kind == "play":
            return self._check_play(move)
        if kind == "call_partner":
            return check_call(self, move)
        return None

    def _check_discard(self, move: dict) -> tuple[str, str] | None:
        cards = move["cards"]
        if not isinstance(cards, list) or len(cards) != 3:
            return "wrong_discard_count", M("a discard is a list of exactly 3 cards")
        seen = [c for c in cards if c is not None]
        if len(set(seen)) != len(seen):
            return "duplicate_card", M("a card is discarded twice")
        if len(seen) < 3 and self.viewer == self.contractor:
            raise InvalidRecord("view_incomplete", M("the contractor's own view must show its discards"))
        for c in seen:
            if not self.hold.may_hold(self.contractor, c):
                return "card_not_in_hand", M("{names} is not in the contractor's 13 cards", names=NAMES[c])
        return None

    def _check_play(self, move: dict) -> tuple[str, str] | None:
        seat, card = move["seat"], move["card"]
        named = move.get("suit")
        if not self.hold.may_hold(seat, card):
            return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=NAMES[card])
        if not self.trick and card == JOKER and self.free_joker:
            return self._joker_lead_error(named)
        if named is not None:
            return "unexpected_suit", M("a suit is named only when leading the free joker")
        if self.trick and self.hold.fully_known(seat):
            return self._follow_error(self.hold.known[seat], card)
        return None

    def _joker_lead_error(self, named) -> tuple[str, str] | None:
        number = len(self.tricks) + 1
        all_led = self.led_mask == ALL_SUITS
        if self.options["joker_lead_last_trick_only"] and number != 10:
            return "joker_lead_not_allowed", M("the free joker may be led only to the tenth trick")
        if all_led and number != 10:
            return "joker_lead_not_allowed", M("every suit has been led: the free joker may not be led")
        if named is None or named is _MISSING:
            return "joker_suit_required", M("leading the free joker, name a suit (S, C, D or H)")
        suit = _suit_letter(named)
        if suit is None:
            return "invalid_suit", M("{named} is not one of S, C, D, H", named=short(named))
        if self.led_mask >> suit & 1 and not all_led:
            return "joker_suit_already_led", M("{named} has already been led", named=named)
        return None

    def _follow_error(self, held: int, card: int) -> tuple[str, str] | None:
        same = held & self.ranking.suit_masks[self.led_suit]
        if same:
            if not same >> card & 1:
                return "must_follow_suit", M("seat must follow {led_suit}", led_suit=INT_LETTER[self.led_suit])
        elif (self.misere and self.free_joker and held >> JOKER & 1 and card != JOKER):
            return "must_play_joker", M("void in the led suit while holding the free joker: play it")
        return None

    # --- applying moves ---
    def apply(self, move: dict) -> list[dict]:
        kind = move["type"]
        if kind in ("pass", "bid"):
            self.auction.apply(move)
            if self.auction.over:
                if self.auction.thrown_in:
                    self._finish_thrown_in()
                elif self.auction.played_out:
                    self._start_play_out()
                else:
                    self._start_contract()
            else:
                self.to_act = self.auction.to_act
            return []
        if kind == "discard":
            self._discard(move["cards"])
            return []
        if kind == "nominate_joker":
            if self.nominate_open:
                self._learn_joker()
            if move["suit"] is not None:
                self.joker_suit = SUIT_INT[move["suit"]]
                self.free_joker = False
                self.ranking = ranking_for(self.pack.mask, self.bid, self.joker_suit)
            self.phase = "call_partner" if self._calls_after_exchange() else "play"
            return []
        if kind == "call_partner":
            self.nominate_open = False  # no nomination came: the contractor does not hold the joker
            take_call(self, move)
            return []
        return self._play(move)

    def _calls_after_exchange(self) -> bool:
        """Variant V1: the partner is called once the kitty is exchanged, never in a misere."""
        return self.calling and not self.misere

    def _start_play_out(self) -> None:
        """Variant V2: no contract, no kitty; no trumps with the joker free; ``dealer + 1`` leads."""
        self.played_out = True
        self.ranking = ranking_for(self.pack.mask, None, None)
        self.free_joker = True
        self.phase = "play"
        self.to_act = self.auction.to_act

    def _start_contract(self) -> None:
        a = self.auction
        self.bid, self.contractor = a.high_bid, a.high_bidder
        self.misere = self.bid in MISERE_FAMILY
        if self.misere:
            side = self.side_of[self.contractor]
            self.active = [s for s in range(self.n) if s == self.contractor or self.side_of[s] != side]
        self.ranking = ranking_for(self.pack.mask, self.bid, None)
        self.free_joker = TRUMP_OF.get(self.bid) is None
        hidden_kitty = self.viewer is not None and None in self.kitty
        if hidden_kitty and self.viewer == self.contractor:
            raise InvalidRecord("view_incomplete", M("the contractor's view must show the kitty"))
        for c in self.kitty:
            self.hold.add(self.contractor, c)
        self.phase = "discard"
        self.to_act = self.contractor

    def _discard(self, cards: list) -> None:
        c = self.contractor
        held = self.hold.held[c]
        for card in cards:
            if card is None:
                if None in held:  # an unseen discard: keep what is known (exposed cards stay)
                    held.remove(None)
                else:
                    self.hold.remove(c, None, public=False)
            else:  # a discard the record shows is out of play: no other seat may hold it
                self.hold.remove(c, card)
        self.to_act = c
        self.phase = "call_partner" if self._calls_after_exchange() else "play"
        if self.free_joker and self.options["joker_nomination"]:
            if self.hold.known[c] >> JOKER & 1:
                self.phase = "nominate_joker"
            elif not self.hold.fully_known(c) and self.hold.may_hold(c, JOKER):
                self.nominate_open = True

    def _learn_joker(self) -> None:
        """A view learns from a nomination that the contractor holds the joker."""
        self.nominate_open = False
        held = self.hold.held[self.contractor]
        if None in held:
            held.remove(None)
            self.hold.add(self.contractor, JOKER)

    @cython.locals(move=dict, seat=cython.Py_ssize_t, card=cython.Py_ssize_t, i=cython.Py_ssize_t,
                   size=cython.Py_ssize_t, at=cython.Py_ssize_t, win=cython.Py_ssize_t, trick=list, active=list,
                   cards=list, ranking=Ranking)
    def _play(self, move: dict) -> list[dict]:
        self.nominate_open = False
        seat, card = move["seat"], move["card"]
        named = move.get("suit")
        trick, ranking = self.trick, self.ranking
        if not trick:
            self.leader = seat
            if card == JOKER and self.free_joker:
                self.led_suit = SUIT_INT[named]
            else:
                self.led_suit = ranking.suit[card]
        trick.append((seat, card, SUIT_INT[named] if named is not None else None))
        self.hold.remove(seat, card)
        revealed = revealed_by(self, seat, card) if self.partner_card is not None else []
        active = self.active
        size = len(active)
        if len(trick) < size:
            i = 0
            for i in range(size):  # ``active.index(seat)``, without the method call
                at = active[i]
                if at == seat:
                    break
            self.to_act = active[(i + 1) % size]
            return revealed
        cards = [entry[1] for entry in trick]
        win = trick[trick_winner_index(ranking, cards, self.free_joker)][0]
        self.tricks.append({"leader": self.leader, "cards": _trick_json(trick), "winner": win})
        self.tricks_by_seat[win] += 1
        self.led_mask |= 1 << self.led_suit
        events = revealed + [{"type": "trick_won", "trick": len(self.tricks) - 1, "seat": win}]
        self.trick = []
        if self.bid == "open_misere" and len(self.tricks) == 1:
            self.exposed = True
        if (self.misere and win == self.contractor) or len(self.tricks) == 10:
            self._finish()
        else:
            self.leader = self.to_act = win
        return events

    def _finish_thrown_in(self) -> None:
        scores = list(self.match["scores"])
        self.phase, self.to_act = "done", None
        self.result = {
            "thrown_in": True, "contract": None, "tricks_by_seat": [0] * self.n,
            "tricks_by_side": [0] * self.num_sides, "made": None, "slam": False,
            "deltas": [0] * self.num_sides, "scores": scores, "match_over": False,
            "winner": None, "backwards": [], "next_dealer": (self.dealer + 1) % self.n,
        }
        self._variant_result()
        self.result["next_match"] = None if self.result["match_over"] else self.game.next_match(self.match, self.result, self)

    def _variant_result(self) -> None:
        """The result fields a variant adds, only while its option is on."""
        if plays_out(self.options):
            self.result["played_out"] = self.played_out
        if self.calling:
            self.result["partner"] = partner_result(self)

    def tricks_by_side(self) -> list[int]:
        out = [0] * self.num_sides
        for s, t in enumerate(self.tricks_by_seat):
            out[self.side_of[s]] += t
        return out

    def _finish(self) -> None:
        by_side = self.tricks_by_side()
        scores = list(self.match["scores"])
        if self.played_out:
            scored, contract = settle_played_out(self.options, by_side, scores), None
        else:
            side = self.side_of[self.contractor]
            partner = None if self.partner_seat is None else self.side_of[self.partner_seat]
            scored = settle(self.options, self.bid, side, by_side, scores, partner)
            contract = {"bid": self.bid, "seat": self.contractor, "side": side, "value": VALUE[self.bid]}
        self.phase, self.to_act = "done", None
        self.result = {
            "thrown_in": False,
            "contract": contract,
            "tricks_by_seat": list(self.tricks_by_seat), "tricks_by_side": by_side,
            "made": scored["made"], "slam": scored["slam"], "deltas": scored["deltas"],
            "scores": scored["scores"], "match_over": scored["match_over"],
            "winner": scored["winner"], "backwards": scored["backwards"],
            "next_dealer": (self.dealer + 1) % self.n,
        }
        self._variant_result()
        self.result["next_match"] = None if self.result["match_over"] else self.game.next_match(self.match, self.result, self)

    # --- listings ---
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if self.phase == "play":  # most listings: tested first
            return self._legal_plays(seat)
        if self.phase == "bidding":
            return self.auction.legal(seat)
        if self.phase == "discard":
            return [{"seat": seat, "type": "discard", "count": 3, "from": self._sorted(self.hold.known[seat])}]
        if self.phase == "nominate_joker":
            return [{"seat": seat, "type": "nominate_joker", "suit": s} for s in (*LETTERS, None)]
        if self.phase == "call_partner":
            held = self.hold.known[seat]
            return [{"seat": seat, "type": "call_partner", "card": NAMES[c]}
                    for c in self.pack.order if not held >> c & 1]
        return self._legal_plays(seat)

    def _sorted(self, mask: int) -> list[str]:
        """The names of a mask's cards in pack order."""
        return [NAMES[c] for c in self._in_pack_order(mask)]

    @cython.locals(low=cython.ulonglong, c=cython.Py_ssize_t, cards=list)
    def _in_pack_order(self, mask: int) -> list[int]:
        """A mask's cards in pack order: the pack's cards taken in turn, those below the jokers
        tested in C (no scan of bits, no sort)."""
        low = mask & _BELOW_JOKERS
        cards = []
        for c in self.pack.order:
            if c < 64:
                if low >> c & 1:
                    cards.append(c)
            elif mask >> c & 1:
                cards.append(c)
        return cards

    @cython.locals(seat=cython.Py_ssize_t, c=cython.Py_ssize_t, low=cython.ulonglong, joker_lead=cython.bint,
                   trick=list, ordered=list, listed=list, out=list, move=dict)
    def _legal_plays(self, seat: int) -> list[dict]:
        held = self.hold.known[seat]
        trick = self.trick
        if trick:
            same = held & self.ranking.suit_masks[self.led_suit]
            if same:
                allowed = same
            elif self.misere and self.free_joker and held >> JOKER & 1:
                allowed = 1 << JOKER
            else:
                allowed = held
        else:
            allowed = held
        # the allowed cards in pack order, filtered from the seat's cards put in that order once (and
        # again only when the seat holds a card they lack: the kitty, a view learning the joker)
        base, ordered = self._in_order[seat]
        if held & ~base:
            ordered = [c for c in self.hold.held[seat] if c is not None]
            if len(ordered) == held.bit_count():  # a hand's list holds what its mask says: no scan of bits
                ordered.sort(key=self.position.__getitem__)
            else:
                ordered = self._in_pack_order(held)
            self._in_order[seat] = held, ordered
        joker_lead = not trick and self.free_joker and allowed >> JOKER & 1  # listed once per suit
        low = allowed & _BELOW_JOKERS  # tested in C: a mask of the jokers' bits outgrows 64
        listed = _PLAY_MOVES[seat]
        out = []
        for c in ordered:
            if c < 64:
                if not low >> c & 1:
                    continue
            elif not allowed >> c & 1:
                continue
            if joker_lead and c == JOKER:
                for letter in LETTERS:
                    if self._joker_lead_error(letter) is None:
                        out.append({"seat": seat, "type": "play", "card": "JK", "suit": letter})
            else:
                move = listed[c]
                out.append(move.copy())
        return out

    # --- state ---
    def derived(self) -> dict:
        a = self.auction
        contract = None
        if self.bid is not None:
            contract = {"bid": self.bid, "seat": self.contractor, "side": self.side_of[self.contractor],
                        "value": VALUE[self.bid]}
        current = None
        if self.phase == "play" and self.leader is not None and self.trick:
            current = {"leader": self.leader, "cards": _trick_json(self.trick)}
        elif self.phase == "play":
            current = {"leader": self.to_act, "cards": []}
        exposed = None
        if self.exposed:
            exposed = {"seat": self.contractor, "cards": self._sorted(self.hold.known[self.contractor])}
        return {
            "auction": {"calls": [dict(c) for c in a.calls], "high_bid": a.high_bid,
                        "high_bidder": a.high_bidder, "to_act": None if a.over else a.to_act,
                        "auction_over": a.over, "thrown_in": a.thrown_in},
            "contract": contract,
            "joker_suit": None if self.joker_suit is None else INT_LETTER[self.joker_suit],
            "active_seats": list(self.active),
            "current_trick": current,
            "tricks": [dict(t) for t in self.tricks],
            "tricks_by_seat": list(self.tricks_by_seat),
            "exposed": exposed,
            **self._variant_state(),
        }

    def _variant_state(self) -> dict:
        out = {}
        if plays_out(self.options):
            out["played_out"] = self.played_out
        if self.calling:
            out["partner"] = partner_state(self)
        return out

    # --- views ---
    def deal_json(self, viewer: int | None) -> dict:
        show_exposed = self.exposed and viewer is not None
        remaining = self.hold.known[self.contractor] if show_exposed else 0

        def row(cards, visible):
            if visible:
                return names(cards)
            return [NAMES[c] if c is not None and remaining >> c & 1 else None for c in cards]

        hands = [row(h, viewer is None or s == viewer) for s, h in enumerate(self.deal_hands)]
        kitty_visible = viewer is None or (self.bid is not None and viewer == self.contractor)
        out = {"hands": hands, "kitty": row(self.kitty, kitty_visible)}
        if self.dead is not None:
            out["dead_hand"] = names(self.dead) if viewer is None else [None] * len(self.dead)
        return out

    def hidden_move_card(self, move: dict, viewer: int) -> bool:
        return move["seat"] != viewer

