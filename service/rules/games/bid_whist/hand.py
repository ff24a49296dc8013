"""One hand being replayed: phases, move checks, the kitty, tricks, views."""

from __future__ import annotations

from ...cards import NAMES, SUITS, names, parse_suit
from ...errors import InvalidRecord, M, short
from ...game import Hand
from ...holdings import Holdings
from ...tricks import Ranking
from .auction import bid_refusal, hardness
from .ranking import led_suit, ranking_for, winning_index
from .scoring import score_hand
from .tables import BID_TYPES, DIRECTIONS, KITTY_SIZE, MODES, TAKEN_KITTIES, TRICKS

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

_PHASE_MOVES = {
    "bidding": BID_TYPES,
    "declaring": frozenset(),  # set once the contract is known
    "discarding": frozenset({"discard"}),
    "playing": frozenset({"play"}),
    "done": frozenset(),
}


def _bids_over(options: dict, high, tie_ok: bool) -> tuple:
    """The (level, mode) bids ``bid_refusal`` accepts over ``high``, the standing bid's strength
    worked out once rather than per bid; what they depend on is the key of ``_BID_MOVES``."""
    hard = {mode: hardness(mode, options) for mode in MODES}
    old = None if high is None else (high[1], hardness(high[2], options))
    out = []
    for level in range(max(options["min_bid"], 1), 8):
        for mode in MODES:
            if old is not None:
                new = (level, hard[mode])
                if not (new > old or new == old and tie_ok):
                    continue
            out.append((level, mode))
    return tuple(out)


# seat -> card -> its play move, as listed (copied: a dict copied is cheaper than one built key by key)
_PLAY_MOVES = [[{"seat": seat, "type": "play", "card": NAMES[c]} if c in NAMES else None
                for c in range(max(NAMES) + 1)] for seat in range(4)]
# (seat, min_bid, downtown_outranks_uptown, standing level and mode, tie_ok) -> the bid moves listed
_BID_MOVES: dict[tuple, tuple] = {}


class BidWhistHand(Hand):
    """Compiled, an extension type built on ``game.Hand`` (``hand.pxd``): its fields are C struct
    members and the per-move methods are called through C. No ``__dict__``: every field is declared."""

    def __init__(self, game, options, dealer, match, viewer):
        super().__init__(game, options, dealer, match, viewer)
        self.phase_moves = dict(_PHASE_MOVES)
        self.dealt: list[list[int | None]] = [[] for _ in range(4)]
        self.kitty: list[int | None] = [None] * KITTY_SIZE
        self.hold = Holdings(self.dealt)

    def set_deal(self, hands, kitty) -> None:
        self.dealt = hands
        self.kitty = kitty
        self.hold = Holdings(hands)

    def begin(self) -> None:
        self.phase = "bidding"
        self.to_act = (self.dealer + 1) % 4
        self.calls = 0
        self.high = None  # (seat, level, mode)
        self.bidder = self.level = self.mode = None
        self.trump = self.direction = None
        self.ranking = None
        self.finished: list[tuple[int, list, int]] = []  # (leader, [(seat, card)], winner)
        self.leader = None
        self.trick: list[tuple[int, int]] = []
        self.trick_cards: list[int] = []
        self.led: int | None = None  # ``led_suit`` of the trick so far, kept as its cards come
        self.won = [0] * 4
        self.discards = None

    # --- the common move, checked and applied in one step ---
    @cython.locals(seat=cython.Py_ssize_t, ranking=Ranking)
    def play(self, move: dict, index: int) -> list[dict]:
        """A card played in turn from a hand known to hold it, following suit: ``check`` would pass it
        (the same tests, on the known cards), so it is applied at once; anything else takes the shared
        order of checks, which also words a refusal."""
        if self.phase == "playing" and move["type"] == "play" and move["seat"] == self.to_act:
            seat, card = move["seat"], move["card"]
            known = self.hold.known[seat]
            if known >> card & 1:
                ranking = self.ranking
                led = self.led
                if led is None or ranking.suit[card] == led or not known & ranking.suit_masks[led]:
                    return self.recorded(move, self._play(seat, card), index)
        return Hand.play(self, move, index)  # super() is not available in a cpdef method

    # --- checks (step 5 of CONVENTIONS.md "Checking a move") ---
    def check_move(self, move: dict):
        kind = move["type"]
        seat = move["seat"]
        if kind == "play":
            card = move["card"]
            if not self.hold.may_hold(seat, card):
                return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=NAMES[card])
            led = led_suit(self.ranking, self.trick_cards)
            if led is not None and self.ranking.suit[card] != led:
                if self.hold.known[seat] & self.ranking.suit_masks[led]:
                    return "must_follow_suit", M("seat {seat} must follow {led}", seat=seat, led=SUITS[led])
            return None
        if kind == "pass":
            if seat == self.dealer and self.high is None and self.calls == 3:
                return "dealer_must_bid", M("the three others passed: the dealer must bid")
            return None
        if kind == "bid":
            return bid_refusal(self.options, self.dealer, seat, move["level"], move["mode"], self.high)
        if kind == "name_trump":
            if parse_suit(move["suit"]) is None:
                return "invalid_suit", M("{suit} is not one of S H D C", suit=short(move['suit']))
            return None
        if kind == "choose_direction":
            if move["direction"] not in DIRECTIONS:
                return "invalid_direction", M("{direction} is not uptown or downtown", direction=short(move['direction']))
            return None
        if kind == "discard":
            cards = move["cards"]
            if len(cards) != KITTY_SIZE:
                return "wrong_discard_count", M("discard exactly {kitty_size} cards, not {cards}", kitty_size=KITTY_SIZE, cards=len(cards))
            seen = 0
            for c in cards:
                if c is not None:
                    if seen >> c & 1:
                        return "duplicate_card", M("{names} is discarded twice", names=NAMES[c])
                    seen |= 1 << c
            for c in cards:
                if c is not None and not self.hold.may_hold(seat, c):
                    return "card_not_in_hand", M("seat {seat} does not hold {names}", seat=seat, names=NAMES[c])
            if self.viewer == seat and None in cards:
                raise InvalidRecord("view_incomplete", M("the viewer's own discard cannot be hidden"))
            return None
        return None  # pragma: no cover - every type is handled above

    # --- applying ---
    def apply(self, move: dict) -> list[dict]:
        kind = move["type"]
        seat = move["seat"]
        if kind == "play":
            return self._play(seat, move["card"])
        if kind in BID_TYPES:
            if kind == "bid":
                self.high = (seat, move["level"], move["mode"])
            self.calls += 1
            if self.calls == 4:
                self.bidder, self.level, self.mode = self.high
                self.phase = "declaring"
                self.phase_moves["declaring"] = frozenset(
                    {"choose_direction" if self.mode == "no_trump" else "name_trump"})
                self.to_act = self.bidder
                if self.options.get("kitty_before_declaring"):  # variant V2: take, discard, declare
                    self._take_kitty()
            else:
                self.to_act = (seat + 1) % 4
            return []
        if kind == "name_trump":
            self.trump = parse_suit(move["suit"])
            self.direction = self.mode
            return self._declared()
        if kind == "choose_direction":
            self.direction = move["direction"]
            return self._declared()
        if kind == "discard":
            for c in move["cards"]:
                self.hold.remove(seat, c)
            self.discards = list(move["cards"])
            if self.ranking is None:  # kitty_before_declaring: the declaration comes next
                self.phase, self.to_act = "declaring", seat
            else:
                self._start_play()
            return []
        raise AssertionError(kind)  # pragma: no cover

    def _declared(self) -> list[dict]:
        self.ranking = ranking_for(self.trump, self.direction, self.options.get("downtown_aces", "good"))
        if self.options["kitty"] in TAKEN_KITTIES and self.discards is None:
            self._take_kitty()
        else:
            self._start_play()
        return []

    def _take_kitty(self) -> None:
        for c in self.kitty:
            self.hold.add(self.bidder, c)
        self.phase = "discarding"
        self.to_act = self.bidder

    def _start_play(self) -> None:
        self.phase = "playing"
        self.leader = self.bidder if self.options["first_lead"] == "bidder" else (self.dealer + 1) % 4
        self.to_act = self.leader
        self.trick = []
        self.trick_cards = []
        self.led = None

    def _play(self, seat: int, card: int) -> list[dict]:
        self.hold.remove(seat, card)
        self.trick.append((seat, card))
        self.trick_cards.append(card)
        if self.led is None and self.ranking.suit[card] >= 0:
            self.led = self.ranking.suit[card]
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return []
        winner = self.trick[winning_index(self.ranking, self.trick_cards)][0]
        self.finished.append((self.leader, self.trick, winner))
        self.won[winner] += 1
        events = [{"type": "trick_won", "trick": len(self.finished) - 1, "seat": winner}]
        if len(self.finished) == TRICKS:
            self._finish()
        else:
            self.leader = self.to_act = winner
            self.trick = []
            self.trick_cards = []
            self.led = None
        return events

    def books(self) -> list[int]:
        books = [self.won[0] + self.won[2], self.won[1] + self.won[3]]
        if self.bidder is not None:
            books[self.bidder & 1] += 1
        return books

    def _finish(self) -> None:
        books = self.books()
        scored = score_hand(self.options, self.bidder, self.level, self.mode, books,
                            self.match["scores"])
        self.result = {"contract": self.contract_json(), "books": books, **scored,
                       "next_dealer": (self.dealer + 1) % 4}
        self.result["next_match"] = None if self.result["match_over"] else self.game.next_match(self.match, self.result, self)
        self.phase = "done"
        self.to_act = None
        self.trick = []
        self.trick_cards = []
        self.led = None

    # --- listing ---
    @cython.locals(hand=list, suit=list, out=list, moves=list, move=dict, hidden=cython.bint)
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if self.phase == "bidding":
            out = []
            if self.check_move({"seat": seat, "type": "pass"}) is None:
                out.append({"seat": seat, "type": "pass"})
            options, high = self.options, self.high
            tie_ok = seat == self.dealer and options["dealer_takes_at_equal"]
            key = (seat, options["min_bid"], options["downtown_outranks_uptown"], high and high[1:], tie_ok)
            bids = _BID_MOVES.get(key)
            if bids is None:
                bids = _BID_MOVES[key] = tuple([{"seat": seat, "type": "bid", "level": level, "mode": mode}
                                                for level, mode in _bids_over(options, high, tie_ok)])
            for move in bids:
                out.append(move.copy())  # copies: a caller may change the moves it is given
            return out
        if self.phase == "declaring":
            if self.mode == "no_trump":
                return [{"seat": seat, "type": "choose_direction", "direction": d} for d in DIRECTIONS]
            return [{"seat": seat, "type": "name_trump", "suit": s} for s in SUITS]
        hand = self.hold.held[seat]
        if cython.compiled:  # a C loop: no rich comparison of each card with None
            hidden = False
            for c in hand:
                if c is None:
                    hidden = True
                    break
        else:
            hidden = None in hand
        if hidden:
            raise InvalidRecord("view_incomplete", M("the view lacks cards of seat {seat}'s hand", seat=seat))
        if self.phase == "discarding":
            return [{"seat": seat, "type": "discard", "count": KITTY_SIZE, "from": names(hand)}]
        # ``legal_mask`` inlined, by suit: a card of the suit led if the hand holds one (the suit's
        # mask is the cards of that suit), else any. No shift of a 67-bit mask per card
        led = self.led
        if led is not None:
            suit = self.ranking.suit
            follow = [c for c in hand if suit[c] == led]
            if follow:
                hand = follow
        moves = _PLAY_MOVES[seat]  # copied: a caller may change the moves it is given
        if cython.compiled:  # typed, each copy is a C call (PyDict_Copy), not a method looked up
            out = []
            for c in hand:
                move = moves[c]
                out.append(move.copy())
            return out
        return [moves[c].copy() for c in hand]

    # --- state ---
    def high_json(self):
        if self.high is None:
            return None
        return {"seat": self.high[0], "level": self.high[1], "mode": self.high[2]}

    def contract_json(self):
        if self.bidder is None:
            return None
        return {"bidder": self.bidder, "level": self.level, "mode": self.mode,
                "trump": None if self.trump is None else SUITS[self.trump],
                "direction": self.direction}

    def derived(self) -> dict:
        tricks = [{"leader": leader, "cards": [{"seat": s, "card": NAMES[c]} for s, c in cards],
                   "winner": winner} for leader, cards, winner in self.finished]
        current = None
        if self.phase == "playing":
            current = {"leader": self.leader,
                       "cards": [{"seat": s, "card": NAMES[c]} for s, c in self.trick]}
        return {
            "tricks": tricks,
            "current_trick": current,
            "high_bid": self.high_json(),
            "contract": self.contract_json(),
            "tricks_won": list(self.won),
            "books": self.books(),
            "hands": [names(h) for h in self.hold.held],
            "discards": None if self.discards is None else self._discards_json(),
        }

    def _discards_json(self):
        if self.viewer is not None and self.viewer != self.bidder:
            return [None] * len(self.discards)
        return names(self.discards)

    def deal_json(self, viewer: int | None) -> dict:
        hands = [names(h) if viewer is None or s == viewer else [None] * len(h)
                 for s, h in enumerate(self.dealt)]
        kitty_seen = viewer is None or self.options["kitty"] == "sported" or (
            self.options["kitty"] == "exchange" and viewer == self.bidder and (
                self.ranking is not None or self.options.get("kitty_before_declaring", False)))
        kitty = names(self.kitty) if kitty_seen else [None] * len(self.kitty)
        return {"hands": hands, "kitty": kitty}


# --- the game -------------------------------------------------------------------------------------
