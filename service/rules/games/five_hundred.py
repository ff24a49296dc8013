"""Five Hundred (Australian rules, Avondale schedule), 2 to 6 players — ``five-hundred``.

The rules are ``shared/rules/five-hundred.md``. Cards are the core's ints (``suit * 16 + rank`` with
suits S H D C = 0..3, the joker 64); the document's suit order S C D H appears only in listings and
in the canonical deck order.

Local mechanisms the core may want to hoist (see the report): the document's own ``invalid_record``
reason strings (``invalid_option``, ``invalid_dealer``, ``invalid_match``, ``invalid_card``,
``invalid_move``) are produced by overriding ``start``/``parse_move``; an option type that may be
``null`` and one with only a minimum (``_Option``); a free joker (no suit, wins every trick) on top of
``tricks.Ranking``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JOKER, NAMES, Pack, lookup, names
from ..errors import IllegalMove, InvalidRecord
from ..game import Game, Hand, is_int, parse_match
from ..holdings import Holdings
from ..options import Option
from ..tricks import NO_SUIT, Ranking, plain, with_bowers

# ---------------------------------------------------------------------------------------------
# static tables

LETTERS = "SCDH"  # the document's suit order (listings, nominations, deck order)
SUIT_INT = {"S": 0, "H": 1, "D": 2, "C": 3}  # letter -> core suit int
INT_LETTER = "SHDC"
ALL_SUITS = 0b1111

_DENOMS = ("S", "C", "D", "H", "NT")
BIDS: list[str] = []
for _t in range(6, 11):
    for _d in _DENOMS:
        if _t == 10 and _d == "H":
            BIDS += ["open_misere", "blind_misere"]
        BIDS.append(f"{_t}{_d}")
    if _t == 7:
        BIDS.append("misere")
MISERE_FAMILY = ("misere", "open_misere", "blind_misere")
RUNG: dict[str, int] = {}
_r = 0
for _b in BIDS:
    if _b == "blind_misere":
        RUNG[_b] = RUNG["open_misere"]
        continue
    RUNG[_b] = _r
    _r += 1
VALUE: dict[str, int] = {"misere": 250, "open_misere": 500, "blind_misere": 500}
TRICKS_BID: dict[str, int] = {}
TRUMP_OF: dict[str, int | None] = {}
for _b in BIDS:
    if _b in MISERE_FAMILY:
        continue
    _d = "NT" if _b.endswith("NT") else _b[-1]
    _t = int(_b[: -len(_d)])
    VALUE[_b] = 40 + 20 * _DENOMS.index(_d) + 100 * (_t - 6)
    TRICKS_BID[_b] = _t
    TRUMP_OF[_b] = None if _d == "NT" else SUIT_INT[_d]
SEVENS = frozenset(b for b in BIDS if b.startswith("7"))
ALLOW_OPTION = {"misere": "allow_misere", "open_misere": "allow_open_misere",
                "blind_misere": "allow_blind_misere"}

_ASC = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")


def _order(players: int) -> list[str]:
    """The canonical deck order of the pack for ``players`` (document, "Canonical deck order")."""
    out = []
    for letter in LETTERS:
        red = letter in "DH"
        if players <= 3:
            ranks = _ASC[5:8] + ("T", "J", "Q", "K", "A")
        elif players == 4:
            ranks = _ASC[2 if red else 3:9] + ("J", "Q", "K", "A")
        elif players == 5:
            ranks = _ASC[:9] + ("J", "Q", "K", "A")
        else:
            ranks = _ASC[:9] + (("11", "12", "13") if red else ("11", "12")) + ("J", "Q", "K", "A")
        out += [r + letter for r in ranks]
    return out + ["JK"]


PACKS = {p: Pack(_order(p)) for p in range(2, 7)}
_FAST_CARDS = {p: {NAMES[c]: c for c in PACKS[p].order} for p in range(2, 7)}  # canonical names only
_FAST_BY_PACK = {PACKS[p]: _FAST_CARDS[p] for p in range(2, 7)}
POSITION = {p: {c: i for i, c in enumerate(PACKS[p].order)} for p in range(2, 7)}


@dataclass(frozen=True)
class _Option(Option):
    """An option that may be ``null`` or has only a lower bound (core ``Option`` needs both)."""

    nullable: bool = False
    at_least: int | None = None

    def parse(self, value):
        if value is None and self.nullable:
            return None
        ok = is_int(value) and (self.at_least is None or value >= self.at_least)
        if not ok:
            raise InvalidRecord("invalid_option", f"option {self.name!r}: {value!r} is not {self.describe()}")
        return value

    def describe(self) -> str:
        text = "an integer" if self.at_least is None else f"an integer >= {self.at_least}"
        return text + (" or null" if self.nullable else "")

    def to_json(self) -> dict:
        """The catalogue entry (the contract's ``OptionInfo``: a null default says it may be null)."""
        out = super().to_json()
        if self.at_least is not None:
            out["minimum"] = self.at_least
        return out


OPTIONS = (
    Option("players", "integer", 4, "number of players; selects the pack, the sides and the deal",
           minimum=2, maximum=6),
    Option("six_player_teams", "string", "two_teams_of_three",
           "six players only: two sides of three (alternate seats) or three sides of two (partners "
           "opposite)", choices=("two_teams_of_three", "three_teams_of_two")),
    Option("single_round_bidding", "boolean", False, "American auction: one call per seat, highest bid wins"),
    Option("allow_misere", "boolean", True, "misere may be bid"),
    Option("allow_open_misere", "boolean", True, "open_misere may be bid"),
    Option("allow_blind_misere", "boolean", True, "blind_misere may be bid"),
    Option("misere_without_seven", "boolean", False, "misere may be bid without a standing seven-trick bid"),
    Option("raise_after_all_pass", "boolean", False,
           "after all others have passed, the high bidder gets one final call (raise or keep); "
           "nobody may re-enter the auction"),
    Option("joker_nomination", "boolean", True,
           "the contractor holding the joker in no trumps or misere may nominate its suit"),
    Option("joker_lead_last_trick_only", "boolean", False, "the free joker may be led only to the last trick"),
    _Option("defender_cap", "integer", None,
            "integer or null (off): trick points of a defending side cannot lift its score above this "
            "(490 or 480)", nullable=True),
    _Option("target", "integer", 500, "winning score; going out backwards at -target", at_least=1),
)


def sides_of(options: dict) -> tuple[int, tuple[int, ...]]:
    """(number of sides, side of each seat)."""
    n = options["players"]
    if n == 4:
        return 2, (0, 1, 0, 1)
    if n == 6:
        if options["six_player_teams"] == "two_teams_of_three":
            return 2, tuple(s % 2 for s in range(6))
        return 3, tuple(s % 3 for s in range(6))
    return n, tuple(range(n))


_RANKINGS: dict = {}


def ranking_for(pack_mask: int, bid: str, joker_suit: int | None) -> Ranking:
    """Effective suits and powers under a contract; a free joker has no suit (``NO_SUIT``).

    Rankings are never changed once built, so they are cached (a handful per pack).
    """
    key = (pack_mask, TRUMP_OF.get(bid), joker_suit)
    r = _RANKINGS.get(key)
    if r is None:
        r = _RANKINGS[key] = _build_ranking(pack_mask, bid, joker_suit)
    return r


def _build_ranking(pack_mask: int, bid: str, joker_suit: int | None) -> Ranking:
    trump = TRUMP_OF.get(bid)
    if trump is not None:
        r = with_bowers(trump, pack_mask)
        suit, power = r.suit, r.power
        suit[JOKER], power[JOKER] = trump, 32
    else:
        r = plain(None, pack_mask)
        suit, power = r.suit, r.power
        if joker_suit is None:
            suit[JOKER], power[JOKER] = NO_SUIT, 99
        else:
            suit[JOKER], power[JOKER] = joker_suit, 16
    return Ranking(trump, suit, power)


def trick_winner_index(ranking: Ranking, cards: list[int], free_joker: bool) -> int:
    if free_joker and JOKER in cards:
        return cards.index(JOKER)
    return ranking.winner(cards)


def settle(options: dict, bid: str, side: int, tricks_by_side: list[int], scores: list[int]) -> dict:
    """Score one hand and decide the match (document, "Hand scoring, and match end")."""
    k = len(scores)
    value = VALUE[bid]
    won = tricks_by_side[side]
    deltas = [0] * k
    slam = False
    if bid in MISERE_FAMILY:
        made = won == 0
        deltas[side] = value if made else -value
    else:
        made = won >= TRICKS_BID[bid]
        slam = won == 10
        deltas[side] = (max(value, 250) if slam else value) if made else -value
        cap = options["defender_cap"]
        for o in range(k):
            if o == side:
                continue
            points = 10 * tricks_by_side[o]
            if cap is not None:
                points = 0 if scores[o] >= cap else min(points, cap - scores[o])
            deltas[o] = points
    new = [a + b for a, b in zip(scores, deltas)]
    out = {"made": made, "slam": slam, "value": value, "deltas": deltas, "scores": new}
    out.update(match_end(options, made, side, new))
    return out


def match_end(options: dict, made: bool, side: int, scores: list[int]) -> dict:
    target = options["target"]
    if made and scores[side] >= target:
        return {"match_over": True, "winner": side, "backwards": []}
    back = [s for s, v in enumerate(scores) if v <= -target]
    if not back:
        return {"match_over": False, "winner": None, "backwards": []}
    rest = [s for s in range(len(scores)) if s not in back]
    winner = None
    if rest:
        best = max(scores[s] for s in rest)
        top = [s for s in rest if scores[s] == best]
        winner = top[0] if len(top) == 1 else None
    return {"match_over": True, "winner": winner, "backwards": back}


# ---------------------------------------------------------------------------------------------
# the auction (shared by the hand and the bids/validate calculator)

class Auction:
    __slots__ = ("n", "dealer", "options", "calls", "passed", "called", "high", "high_bid",
                 "high_bidder", "to_act", "over", "thrown_in", "final_call")

    def __init__(self, n: int, dealer: int, options: dict):
        self.n = n
        self.dealer = dealer
        self.options = options
        self.calls: list[dict] = []
        self.passed = 0  # bitmask of seats out of the auction
        self.called = 0  # bitmask of seats that have made any call
        self.high = -1
        self.high_bid: str | None = None
        self.high_bidder: int | None = None
        self.to_act: int | None = (dealer + 1) % n
        self.over = False
        self.thrown_in = False
        self.final_call = False  # raise_after_all_pass: the high bidder's final call is due

    @property
    def contract(self) -> dict | None:
        if self.over and not self.thrown_in:
            return {"bid": self.high_bid, "seat": self.high_bidder}
        return None

    def turn_error(self, seat: int) -> tuple[str, str]:
        if self.passed >> seat & 1:
            return "cannot_rebid_after_pass", f"seat {seat} has passed and is out of the auction"
        return "not_your_turn", f"seat {self.to_act} is to call, not seat {seat}"

    def check_bid(self, seat: int, bid) -> tuple[str, str] | None:
        if bid not in RUNG:
            return "invalid_bid", f"{bid!r} is not a bid (6S..10NT, misere, open_misere, blind_misere)"
        if bid in ALLOW_OPTION and not self.options[ALLOW_OPTION[bid]]:
            return "bid_not_allowed", f"{bid} is switched off by {ALLOW_OPTION[bid]}"
        if bid == "blind_misere" and self.called >> seat & 1:
            return "blind_misere_not_first_call", "blind misere may only be the seat's first call"
        if RUNG[bid] <= self.high:
            return "bid_too_low", f"{bid} is not higher than {self.high_bid}"
        if bid == "misere" and not self.options["misere_without_seven"] and self.high_bid not in SEVENS:
            return "misere_needs_seven", "misere may only be bid over a seven-trick bid"
        return None

    def refusal(self, move: dict) -> tuple[str, str] | None:
        """The general checks and the call's own, for a call checked outside a hand."""
        if self.over:
            if self.thrown_in:
                return "hand_over", "the hand was thrown in"
            return "wrong_phase", "the auction is over"
        if move["type"] not in ("pass", "bid"):
            return "wrong_phase", f"a {move['type']!r} move is not taken in phase 'bidding'"
        if move["seat"] != self.to_act:
            return self.turn_error(move["seat"])
        if move["type"] == "bid":
            return self.check_bid(move["seat"], move["bid"])
        return None

    def legal(self, seat: int) -> list[dict]:
        out = [{"seat": seat, "type": "pass"}]
        for bid in BIDS:
            if self.check_bid(seat, bid) is None:
                out.append({"seat": seat, "type": "bid", "bid": bid})
        return out

    def apply(self, move: dict) -> None:
        seat = move["seat"]
        bid = move.get("bid") if move["type"] == "bid" else None
        self.calls.append({"seat": seat, "type": "pass"} if bid is None
                          else {"seat": seat, "type": "bid", "bid": bid})
        self.called |= 1 << seat
        if bid is not None:
            self.high, self.high_bid, self.high_bidder = RUNG[bid], bid, seat
        if self.final_call:
            self.final_call = False
            self._end()
            return
        if bid is None:
            self.passed |= 1 << seat
        full = (1 << self.n) - 1
        if self.options["single_round_bidding"]:
            if seat == self.dealer:
                self._end()
            else:
                self.to_act = (seat + 1) % self.n
            return
        if self.passed == full:
            self._end()
        elif self.high_bid is not None and self.passed | (1 << self.high_bidder) == full:
            if self.options["raise_after_all_pass"] and bid is None:
                self.final_call = True
                self.to_act = self.high_bidder
            else:
                self._end()
        else:
            nxt = (seat + 1) % self.n
            while self.passed >> nxt & 1:
                nxt = (nxt + 1) % self.n
            self.to_act = nxt

    def _end(self) -> None:
        self.over = True
        if self.high_bid is None:
            self.thrown_in = True
            self.to_act = None
        else:
            self.to_act = self.high_bidder

    def summary(self) -> dict:
        return {"high_bid": self.high_bid, "high_bidder": self.high_bidder,
                "next": self.to_act, "auction_over": self.over, "thrown_in": self.thrown_in,
                "contract": self.contract}


# ---------------------------------------------------------------------------------------------
# one hand

_MISSING = object()  # a field absent from a move whose absence is an illegal-move reason


def _suit_letter(value) -> int | None:
    """A suit letter written exactly; None when it is not one."""
    if isinstance(value, str) and value in SUIT_INT:
        return SUIT_INT[value]
    return None


class FiveHundredHand(Hand):
    phase_moves = {
        "bidding": frozenset({"pass", "bid"}),
        "discard": frozenset({"discard"}),
        "nominate_joker": frozenset({"nominate_joker"}),
        "play": frozenset({"play"}),
        "done": frozenset(),
    }

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

    # --- set-up ---
    def begin(self) -> None:
        self.hold = Holdings(self.deal_hands)
        self.phase = "bidding"
        self.to_act = self.auction.to_act

    # --- the shared order of checks, with a view's uncertain nomination ---
    def check(self, move: dict) -> tuple[str, str] | None:
        if self.phase == "done":
            return "hand_over", "the hand is over"
        kind = move["type"]
        if self.nominate_open:
            ok = kind == "nominate_joker" or (kind == "play" and move["card"] != JOKER)
        else:
            ok = kind in self.phase_moves[self.phase]
        if not ok:
            return "wrong_phase", f"a {kind!r} move is not taken in phase {self.phase!r}"
        if move["seat"] != self.to_act:
            return self.turn_error(move)
        return self.check_move(move)

    def turn_error(self, move: dict) -> tuple[str, str]:
        if self.phase == "bidding":
            return self.auction.turn_error(move["seat"])
        if move["seat"] not in self.active:
            return "not_your_turn", f"seat {move['seat']} has dropped out of this misere hand"
        return super().turn_error(move)

    def check_move(self, move: dict) -> tuple[str, str] | None:
        kind = move["type"]
        if kind == "bid":
            return self.auction.check_bid(move["seat"], move["bid"])
        if kind == "discard":
            return self._check_discard(move)
        if kind == "nominate_joker":
            if move["suit"] is not None and _suit_letter(move["suit"]) is None:
                return "invalid_suit", "suit must be one of S, C, D, H, or null to keep the joker free"
            return None
        if kind == "play":
            return self._check_play(move)
        return None

    def _check_discard(self, move: dict) -> tuple[str, str] | None:
        cards = move["cards"]
        if not isinstance(cards, list) or len(cards) != 3:
            return "wrong_discard_count", "a discard is a list of exactly 3 cards"
        seen = [c for c in cards if c is not None]
        if len(set(seen)) != len(seen):
            return "duplicate_card", "a card is discarded twice"
        if len(seen) < 3 and self.viewer == self.contractor:
            raise InvalidRecord("view_incomplete", "the contractor's own view must show its discards")
        for c in seen:
            if not self.hold.may_hold(self.contractor, c):
                return "card_not_in_hand", f"{NAMES[c]} is not in the contractor's 13 cards"
        return None

    def _check_play(self, move: dict) -> tuple[str, str] | None:
        seat, card = move["seat"], move["card"]
        named = move.get("suit")
        if not self.hold.may_hold(seat, card):
            return "card_not_in_hand", f"seat {seat} does not hold {NAMES[card]}"
        if not self.trick and card == JOKER and self.free_joker:
            return self._joker_lead_error(named)
        if named is not None:
            return "unexpected_suit", "a suit is named only when leading the free joker"
        if self.trick and self.hold.fully_known(seat):
            return self._follow_error(self.hold.known[seat], card)
        return None

    def _joker_lead_error(self, named) -> tuple[str, str] | None:
        number = len(self.tricks) + 1
        all_led = self.led_mask == ALL_SUITS
        if self.options["joker_lead_last_trick_only"] and number != 10:
            return "joker_lead_not_allowed", "the free joker may be led only to the tenth trick"
        if all_led and number != 10:
            return "joker_lead_not_allowed", "every suit has been led: the free joker may not be led"
        if named is None or named is _MISSING:
            return "joker_suit_required", "leading the free joker, name a suit (S, C, D or H)"
        suit = _suit_letter(named)
        if suit is None:
            return "invalid_suit", f"{named!r} is not one of S, C, D, H"
        if self.led_mask >> suit & 1 and not all_led:
            return "joker_suit_already_led", f"{named} has already been led"
        return None

    def _follow_error(self, held: int, card: int) -> tuple[str, str] | None:
        same = held & self.ranking.suit_masks[self.led_suit]
        if same:
            if not same >> card & 1:
                return "must_follow_suit", f"seat must follow {INT_LETTER[self.led_suit]}"
        elif (self.misere and self.free_joker and held >> JOKER & 1 and card != JOKER):
            return "must_play_joker", "void in the led suit while holding the free joker: play it"
        return None

    # --- applying moves ---
    def apply(self, move: dict) -> list[dict]:
        kind = move["type"]
        if kind in ("pass", "bid"):
            self.auction.apply(move)
            if self.auction.over:
                if self.auction.thrown_in:
                    self._finish_thrown_in()
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
            self.phase = "play"
            return []
        return self._play(move)

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
            raise InvalidRecord("view_incomplete", "the contractor's view must show the kitty")
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
        self.phase = "play"
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

    def _play(self, move: dict) -> list[dict]:
        self.nominate_open = False
        seat, card = move["seat"], move["card"]
        named = move.get("suit")
        if not self.trick:
            self.leader = seat
            if card == JOKER and self.free_joker:
                self.led_suit = SUIT_INT[named]
            else:
                self.led_suit = self.ranking.suit[card]
        self.trick.append((seat, card, SUIT_INT[named] if named is not None else None))
        self.hold.remove(seat, card)
        if len(self.trick) < len(self.active):
            i = self.active.index(seat)
            self.to_act = self.active[(i + 1) % len(self.active)]
            return []
        cards = [c for _, c, _ in self.trick]
        win = self.trick[trick_winner_index(self.ranking, cards, self.free_joker)][0]
        self.tricks.append({"leader": self.leader, "cards": self._trick_json(self.trick), "winner": win})
        self.tricks_by_seat[win] += 1
        self.led_mask |= 1 << self.led_suit
        events = [{"type": "trick_won", "trick": len(self.tricks) - 1, "seat": win}]
        self.trick = []
        if self.bid == "open_misere" and len(self.tricks) == 1:
            self.exposed = True
        if (self.misere and win == self.contractor) or len(self.tricks) == 10:
            self._finish()
        else:
            self.leader = self.to_act = win
        return events

    @staticmethod
    def _trick_json(trick) -> list[dict]:
        out = []
        for seat, card, named in trick:
            entry = {"seat": seat, "card": NAMES[card]}
            if named is not None:
                entry["suit"] = INT_LETTER[named]
            out.append(entry)
        return out

    def _finish_thrown_in(self) -> None:
        scores = list(self.match["scores"])
        self.phase, self.to_act = "done", None
        self.result = {
            "thrown_in": True, "contract": None, "tricks_by_seat": [0] * self.n,
            "tricks_by_side": [0] * self.num_sides, "made": None, "slam": False,
            "deltas": [0] * self.num_sides, "scores": scores, "match_over": False,
            "winner": None, "backwards": [], "next_dealer": (self.dealer + 1) % self.n,
        }

    def tricks_by_side(self) -> list[int]:
        out = [0] * self.num_sides
        for s, t in enumerate(self.tricks_by_seat):
            out[self.side_of[s]] += t
        return out

    def _finish(self) -> None:
        side = self.side_of[self.contractor]
        by_side = self.tricks_by_side()
        scored = settle(self.options, self.bid, side, by_side, list(self.match["scores"]))
        self.phase, self.to_act = "done", None
        self.result = {
            "thrown_in": False,
            "contract": {"bid": self.bid, "seat": self.contractor, "side": side, "value": VALUE[self.bid]},
            "tricks_by_seat": list(self.tricks_by_seat), "tricks_by_side": by_side,
            "made": scored["made"], "slam": scored["slam"], "deltas": scored["deltas"],
            "scores": scored["scores"], "match_over": scored["match_over"],
            "winner": scored["winner"], "backwards": scored["backwards"],
            "next_dealer": (self.dealer + 1) % self.n,
        }

    # --- listings ---
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if self.phase == "bidding":
            return self.auction.legal(seat)
        if self.phase == "discard":
            return [{"seat": seat, "type": "discard", "count": 3, "from": self._sorted(self.hold.known[seat])}]
        if self.phase == "nominate_joker":
            return [{"seat": seat, "type": "nominate_joker", "suit": s} for s in (*LETTERS, None)]
        return self._legal_plays(seat)

    def _sorted(self, mask: int) -> list[str]:
        cards = [c for c in range(65) if mask >> c & 1]
        cards.sort(key=self.position.__getitem__)
        return [NAMES[c] for c in cards]

    def _legal_plays(self, seat: int) -> list[dict]:
        held = self.hold.known[seat]
        if self.trick:
            same = held & self.ranking.suit_masks[self.led_suit]
            if same:
                allowed = same
            elif self.misere and self.free_joker and held >> JOKER & 1:
                allowed = 1 << JOKER
            else:
                allowed = held
        else:
            allowed = held
        out = []
        for name in self._sorted(allowed):
            if name == "JK" and not self.trick and self.free_joker:
                for letter in LETTERS:
                    if self._joker_lead_error(letter) is None:
                        out.append({"seat": seat, "type": "play", "card": "JK", "suit": letter})
            else:
                out.append({"seat": seat, "type": "play", "card": name})
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
            current = {"leader": self.leader, "cards": self._trick_json(self.trick)}
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
        }

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


# ---------------------------------------------------------------------------------------------
# the game

_MOVE_FIELDS = {
    "pass": {},
    "bid": {"bid": "string"},
    "discard": {"cards": "cards"},
    "nominate_joker": {"suit": "string"},
    "play": {"card": "card", "suit?": "string"},
}


class FiveHundred(Game):
    id = "five-hundred"
    name = "Five Hundred"
    min_players, max_players = 2, 6
    options = OPTIONS
    move_fields = _MOVE_FIELDS
    hidden_move_fields = {"discard": "cards"}
    hand_class = FiveHundredHand
    reasons = {"bad_option": "invalid_option", "bad_dealer": "invalid_dealer", "bad_match": "invalid_match",
               "unknown_card": "invalid_card", "hidden_card": "invalid_card", "bad_moves": "invalid_move",
               "bad_move": "invalid_move", "unknown_move_type": "invalid_move", "bad_seat": "invalid_move",
               "bad_viewer": "bad_seat", "bad_record": "invalid_record", "bad_deal": "wrong_card_count"}

    def players(self, options: dict) -> int:
        return options["players"]

    def pack(self, options: dict) -> Pack:
        return PACKS[options["players"]]

    def deck_description(self) -> str:
        return ("10 cards a hand and 3 to the kitty: 33 cards (A-7 and the joker) for 2-3 players, 43 for 4 "
                "(black A-5, red A-4, joker), 53 for 5 (full pack and joker), 63 for 6 (adds 11s, 12s and "
                "red 13s)")

    # --- reading a record ---
    def parse_options(self, raw) -> dict:
        """The core's options, with the document's ``invalid_option`` for a wrong type or value
        (records go through ``documented_reasons`` anyway; the calculators call this directly)."""
        try:
            return super().parse_options(raw)
        except InvalidRecord as exc:
            if exc.reason == "bad_option":
                exc.reason = "invalid_option"
            raise

    def parse_match(self, raw, options: dict) -> dict:
        k = sides_of(options)[0]

        def scores(value):
            if not isinstance(value, list) or len(value) != k or not all(map(is_int, value)):
                raise InvalidRecord("invalid_match", f"match.scores must be a list of {k} integers (one per side)")
            return list(value)

        def number(value):
            if not is_int(value) or value < 1:
                raise InvalidRecord("invalid_match", "match.hand_number must be an integer >= 1")
            return value

        return parse_match(raw, {"scores": [0] * k, "hand_number": 1},
                           {"scores": scores, "hand_number": number})

    def _card(self, pack: Pack, text, where: str, hidden_ok: bool):
        card = _FAST_BY_PACK[pack].get(text) if type(text) is str else None
        if card is not None:
            return card
        if text is None:
            if hidden_ok:
                return None
            raise InvalidRecord("invalid_card", f"{where} is null outside a view")
        card = lookup(text)
        if card is None or not pack.mask >> card & 1:
            raise InvalidRecord("invalid_card", f"{where}: {text!r} is not a card of this pack")
        return card

    def parse_deal(self, raw, hand: FiveHundredHand) -> None:
        n, pack, view = hand.n, hand.pack, hand.viewer is not None
        extra = [k for k in raw if k not in ("hands", "kitty", "dead_hand")]
        if extra:
            raise InvalidRecord("invalid_record", f"record.deal: unknown field {extra[0]!r}")
        hands = raw.get("hands")
        kitty = raw.get("kitty")
        dead = raw.get("dead_hand")
        # card strings first, wherever they stand (CONVENTIONS.md: card strings, duplicates, counts);
        # a part that is not a list is a count problem, reported after them
        rows = hands if isinstance(hands, list) else []
        parsed = [[self._card(pack, t, f"deal.hands[{s}][{i}]", view) for i, t in enumerate(h)]
                  if isinstance(h, list) else None for s, h in enumerate(rows)]
        pkitty = ([self._card(pack, t, f"deal.kitty[{i}]", view) for i, t in enumerate(kitty)]
                  if isinstance(kitty, list) else None)
        pdead = None
        if isinstance(dead, list):
            pdead = [self._card(pack, t, f"deal.dead_hand[{i}]", view) for i, t in enumerate(dead)]
        seen = 0
        for c in [c for h in parsed if h for c in h] + (pkitty or []) + (pdead or []):
            if c is None:
                continue
            if seen >> c & 1:
                raise InvalidRecord("duplicate_card", f"{NAMES[c]} appears twice in the deal")
            seen |= 1 << c
        if not isinstance(hands, list) or None in parsed:
            raise InvalidRecord("wrong_card_count", "deal.hands must be a list of card lists, one per seat")
        if pkitty is None:
            raise InvalidRecord("wrong_card_count", "deal.kitty must be a list of 3 cards")
        if "dead_hand" in raw and pdead is None:
            raise InvalidRecord("wrong_card_count", "deal.dead_hand must be a list of 10 cards")
        if len(parsed) != n:
            raise InvalidRecord("wrong_card_count", f"deal.hands must hold {n} hands, one per seat")
        for s, h in enumerate(parsed):
            if len(h) != 10:
                raise InvalidRecord("wrong_card_count", f"deal.hands[{s}] must hold 10 cards")
        if len(pkitty) != 3:
            raise InvalidRecord("wrong_card_count", "deal.kitty must hold 3 cards")
        if n == 2 and pdead is None:
            raise InvalidRecord("wrong_card_count", "deal.dead_hand is required with 2 players")
        if n != 2 and pdead is not None:
            raise InvalidRecord("wrong_card_count", "deal.dead_hand exists only with 2 players")
        if pdead is not None and len(pdead) != 10:
            raise InvalidRecord("wrong_card_count", "deal.dead_hand must hold 10 cards")
        if view and None in parsed[hand.viewer]:
            raise InvalidRecord("view_incomplete", f"the view must show seat {hand.viewer}'s own cards")
        hand.deal_hands, hand.kitty, hand.dead = parsed, pkitty, pdead

    def parse_move(self, raw, n: int, pack: Pack, viewer, where: str) -> dict:
        # fast path: a canonical play or call (the bulk of every record)
        if type(raw) is dict and len(raw) == 3:
            kind, seat = raw.get("type"), raw.get("seat")
            if type(seat) is int and 0 <= seat < n:
                if kind == "play" and type(raw.get("card")) is str:
                    card = _FAST_CARDS[n].get(raw["card"])
                    if card is not None:
                        return {"seat": seat, "type": "play", "card": card}
                elif kind == "bid" and type(raw.get("bid")) is str:
                    return {"seat": seat, "type": "bid", "bid": raw["bid"]}
        elif type(raw) is dict and len(raw) == 2 and raw.get("type") == "pass":
            seat = raw.get("seat")
            if type(seat) is int and 0 <= seat < n:
                return {"seat": seat, "type": "pass"}
        if not isinstance(raw, dict):
            raise InvalidRecord("invalid_move", f"{where} must be an object")
        seat = raw.get("seat")
        if not is_int(seat) or not 0 <= seat < n:
            raise InvalidRecord("invalid_move", f"{where}.seat: {seat!r} is not a seat 0-{n - 1}")
        kind = raw.get("type")
        if not isinstance(kind, str) or kind not in _MOVE_FIELDS:
            raise InvalidRecord("invalid_move", f"{where}.type: {kind!r} is not a move of this game "
                                f"({', '.join(_MOVE_FIELDS)})")
        allowed = {"seat", "type"} | {f.rstrip("?") for f in _MOVE_FIELDS[kind]}
        extra = [k for k in raw if k not in allowed]
        if extra:
            raise InvalidRecord("invalid_move", f"{where}: unknown field {extra[0]!r} in a {kind!r} move")
        move = {"seat": seat, "type": kind}
        if kind == "bid":
            if not isinstance(raw.get("bid"), str):
                raise InvalidRecord("invalid_move", f"{where}: a 'bid' move needs a string 'bid'")
            move["bid"] = raw["bid"]
        elif kind == "discard":
            if "cards" not in raw:
                raise InvalidRecord("invalid_move", f"{where}: a 'discard' move needs 'cards'")
            cards = raw["cards"]
            if cards is None and viewer is not None:  # a hidden discard written as one null
                cards = [None, None, None]
            elif isinstance(cards, list):
                cards = [self._card(pack, t, f"{where}.cards[{i}]", viewer is not None)
                         for i, t in enumerate(cards)]
            move["cards"] = cards
        elif kind == "nominate_joker":
            move["suit"] = raw.get("suit", _MISSING)
        elif kind == "play":
            if "card" not in raw:
                raise InvalidRecord("invalid_move", f"{where}: a 'play' move needs 'card'")
            move["card"] = self._card(pack, raw["card"], f"{where}.card", False)
            if raw.get("suit") is not None:
                move["suit"] = raw["suit"]
        return move

    def write_move(self, move: dict) -> dict:
        out = {"seat": move["seat"], "type": move["type"]}
        kind = move["type"]
        if kind == "bid":
            out["bid"] = move["bid"]
        elif kind == "discard":
            out["cards"] = names(move["cards"])
        elif kind == "nominate_joker":
            out["suit"] = move["suit"]
        elif kind == "play":
            out["card"] = NAMES[move["card"]]
            if move.get("suit") is not None:
                out["suit"] = move["suit"]
        return out

    # --- dealing ---
    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        n = options["players"]
        receivers = [(dealer + 1) % n, dealer, None] if n == 2 else [(dealer + 1 + k) % n for k in range(n)]
        r = len(receivers)
        got: dict = {seat: [] for seat in receivers}
        kitty = []
        i = 0
        for size in (3, 4, 3):
            for seat in receivers:
                got[seat] += cards[i:i + size]
                i += size
            kitty.append(cards[i])
            i += 1
        assert i == 10 * r + 3
        out = {"hands": [names(got[s]) for s in range(n)], "kitty": names(kitty)}
        if n == 2:
            out["dead_hand"] = names(got[None])
        return out

    # --- calculators ---
    def _body(self, body, fields: tuple[str, ...]) -> dict:
        if not isinstance(body, dict):
            raise InvalidRecord("invalid_record", "the body must be an object")
        extra = [k for k in body if k not in fields]
        if extra:
            raise InvalidRecord("invalid_record", f"unknown field {extra[0]!r}")
        return body

    @staticmethod
    def _bid(value, where: str) -> str:
        if not isinstance(value, str) or value not in RUNG:
            raise InvalidRecord("invalid_bid", f"{where}: {value!r} is not a bid")
        return value

    def _contract(self, value, options: dict, where: str) -> tuple[str, int]:
        if not isinstance(value, dict) or set(value) != {"bid", "seat"}:
            raise InvalidRecord("invalid_record", f"{where} must be an object with 'bid' and 'seat'")
        bid = self._bid(value["bid"], f"{where}.bid")
        seat = value["seat"]
        if not is_int(seat) or not 0 <= seat < options["players"]:
            raise InvalidRecord("bad_seat", f"{where}.seat: {seat!r} is not a seat")
        return bid, seat

    def _scores(self, value, k: int, where: str) -> list[int]:
        if not isinstance(value, list) or len(value) != k or not all(map(is_int, value)):
            raise InvalidRecord("invalid_match", f"{where} must be a list of {k} integers (one per side)")
        return list(value)

    def _tricks(self, value, k: int, bid: str | None, where: str) -> list[int]:
        if (not isinstance(value, list) or len(value) != k
                or not all(is_int(t) and t >= 0 for t in value) or sum(value) > 10):
            raise InvalidRecord("invalid_record",
                                f"{where} must be {k} non-negative integers (one per side) totalling at most 10")
        if bid is not None and bid not in MISERE_FAMILY and sum(value) != 10:
            raise InvalidRecord("invalid_record", f"{where}: a suit or no-trump hand has 10 tricks")
        return list(value)

    def trick_winner(self, body) -> dict:
        body = self._body(body, ("options", "contract", "joker_suit", "cards"))
        options = self.parse_options(body.get("options"))
        n, pack = options["players"], self.pack(options)
        bid = self._bid(body.get("contract"), "contract")
        joker_suit = body.get("joker_suit")
        if joker_suit is not None:
            if _suit_letter(joker_suit) is None:
                raise InvalidRecord("invalid_suit", f"joker_suit: {joker_suit!r} is not S, C, D, H or null")
            if TRUMP_OF.get(bid) is not None:
                raise InvalidRecord("invalid_suit", "the joker is nominated only in no trumps and misere")
            joker_suit = SUIT_INT[joker_suit]
        raw = body.get("cards")
        if not isinstance(raw, list) or not 1 <= len(raw) <= n:
            raise InvalidRecord("invalid_record", f"cards must be a list of 1 to {n} plays")
        seats, cards = [], []
        for i, entry in enumerate(raw):
            where = f"cards[{i}]"
            if not isinstance(entry, dict) or not {"seat", "card"} <= set(entry) <= {"seat", "card", "suit"}:
                raise InvalidRecord("invalid_record", f"{where} must be an object with 'seat' and 'card'")
            seat = entry["seat"]
            if not is_int(seat) or not 0 <= seat < n or seat in seats:
                raise InvalidRecord("bad_seat", f"{where}.seat: {seat!r} is not a seat, or plays twice")
            card = self._card(pack, entry["card"], f"{where}.card", False)
            if card in cards:
                raise InvalidRecord("duplicate_card", f"{where}: {NAMES[card]} is played twice")
            if entry.get("suit") is not None and _suit_letter(entry["suit"]) is None:
                raise InvalidRecord("invalid_suit", f"{where}.suit: {entry['suit']!r} is not S, C, D or H")
            seats.append(seat)
            cards.append(card)
        steps = [(b - a) % n for a, b in zip(seats, seats[1:])]
        if sum(steps) >= n:
            raise InvalidRecord("invalid_record", "cards must be in turn order from the leader")
        ranking = ranking_for(pack.mask, bid, joker_suit)
        free = TRUMP_OF.get(bid) is None and joker_suit is None
        i = trick_winner_index(ranking, cards, free)
        return {"seat": seats[i], "card": NAMES[cards[i]], "index": i}

    def validate_bid(self, body) -> dict:
        body = self._body(body, ("options", "dealer", "calls", "bid"))
        options = self.parse_options(body.get("options"))
        n = options["players"]
        dealer = body.get("dealer")
        if not is_int(dealer) or not 0 <= dealer < n:
            raise InvalidRecord("invalid_dealer", f"dealer: {dealer!r} is not a seat 0-{n - 1}")
        calls = body.get("calls", [])
        if not isinstance(calls, list):
            raise InvalidRecord("invalid_move", "calls must be a list of moves")
        pack = self.pack(options)
        auction = Auction(n, dealer, options)
        for i, raw in enumerate(calls):
            move = self.parse_move(raw, n, pack, None, f"calls[{i}]")
            refusal = auction.refusal(move)
            if refusal:
                raise IllegalMove(refusal[0], refusal[1], move_index=i)
            auction.apply(move)
        if "bid" not in body:
            raise InvalidRecord("invalid_move", "bid (the candidate call) is required")
        move = self.parse_move(body["bid"], n, pack, None, "bid")
        refusal = auction.refusal(move)
        if refusal is None:
            auction.apply(move)
        out = {"valid": refusal is None, "reason": refusal and refusal[0], "detail": refusal and refusal[1]}
        out.update(auction.summary())
        return out

    def score(self, body) -> dict:
        body = self._body(body, ("options", "contract", "tricks_by_side", "scores"))
        options = self.parse_options(body.get("options"))
        k, side_of = sides_of(options)
        bid, seat = self._contract(body.get("contract"), options, "contract")
        tricks = self._tricks(body.get("tricks_by_side"), k, bid, "tricks_by_side")
        scores = self._scores(body.get("scores", [0] * k), k, "scores")
        return settle(options, bid, side_of[seat], tricks, scores)

    def score_match(self, body) -> dict:
        body = self._body(body, ("options", "scores", "hands"))
        options = self.parse_options(body.get("options"))
        k, side_of = sides_of(options)
        scores = self._scores(body.get("scores", [0] * k), k, "scores")
        hands = body.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("invalid_record", "hands must be a list")
        parsed = []
        for i, h in enumerate(hands):
            where = f"hands[{i}]"
            if not isinstance(h, dict) or not {"contract", "tricks_by_side"} >= set(h) or "contract" not in h:
                raise InvalidRecord("invalid_record", f"{where} must be {{contract, tricks_by_side}}")
            contract = None if h["contract"] is None else self._contract(h["contract"], options, f"{where}.contract")
            tricks = self._tricks(h.get("tricks_by_side", [0] * k), k, contract and contract[0],
                                  f"{where}.tricks_by_side")
            parsed.append((contract, tricks))
        running = []
        end = {"match_over": False, "winner": None, "backwards": []}
        over_after = None
        for i, (contract, tricks) in enumerate(parsed):
            if contract is not None:
                bid, seat = contract
                out = settle(options, bid, side_of[seat], tricks, scores)
                scores = out["scores"]
                end = {key: out[key] for key in ("match_over", "winner", "backwards")}
            running.append(list(scores))
            if end["match_over"]:
                over_after = i
                break
        return {"running_scores": running, "scores": scores, **end, "over_after_hand": over_after}


GAME = FiveHundred()
