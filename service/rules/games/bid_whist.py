"""Bid Whist (``bid-whist``), as /shared/rules/bid-whist.md specifies.

54 cards (52 + red/big and black/little jokers), four players in two partnerships, 12 cards each and
a 6-card kitty that is the bidding team's first book. One round of bidding (levels 1-7, uptown /
downtown / no trump), the bidder names trump or the direction, twelve tricks, books over six.

Cards are the core's ints (``cards.py``); each seat's hand is a ``Holdings`` so that full records and
views replay the same way. A contract's ranking is a ``tricks.Ranking`` built once per (trump,
direction): in a trump contract the jokers are the two top trumps, at no trump they have no suit
(effective suit -1) and so never follow, never set the suit to follow and never win.
"""

from __future__ import annotations

from ..cards import ACE, BLACK_JOKER, NAMES, RED_JOKER, SUITS, Pack, mask_of, names, parse_suit
from ..errors import InvalidRecord, short
from ..game import Game, Hand, hand_number, is_int, parse_int_list, parse_match, parse_seat
from ..holdings import Holdings
from ..options import Option, parse_options
from ..tricks import Ranking

ORDER = " ".join(r + s for s in SUITS for r in "23456789TJQKA") + " BJ RJ"
PACK = Pack(ORDER)

HAND_SIZE = 12
KITTY_SIZE = 6
TRICKS = 12
MODES = ("uptown", "downtown", "no_trump")
DIRECTIONS = ("uptown", "downtown")
BID_TYPES = frozenset({"bid", "pass"})

OPTIONS = (
    Option("target", "integer", 7, "the match ends when a team's score is >= target or <= -target",
           choices=(5, 7, 9)),
    Option("min_bid", "integer", 1, "the lowest bid level; also the floor for the forced dealer",
           choices=(1, 2, 3, 4)),
    Option("kitty", "string", "book",
           "book: the kitty is set aside unseen as the bidding team's first book; exchange: the bidder "
           "takes the kitty into hand after declaring and discards 6, which form that book; sported "
           "(variant): as exchange, but the kitty lies face up for everyone from the deal on",
           choices=("book", "exchange", "sported")),
    Option("first_lead", "string", "dealer_left", "who leads the first trick: the dealer's left "
           "(dealer + 1) or the bidder", choices=("dealer_left", "bidder")),
    Option("downtown_outranks_uptown", "boolean", True,
           "at equal level downtown beats uptown; false: they tie (only a higher level or no trump "
           "overcalls)"),
    Option("dealer_takes_at_equal", "boolean", False,
           "the dealer may take the contract by equalling the standing bid"),
    Option("no_trump_doubles", "boolean", False,
           "every score of a no-trump hand (made, set, defenders) is doubled"),
    Option("defenders_score", "string", "none",
           "what defenders gain when the bid fails: nothing, the bid's value, or their books over six",
           choices=("none", "set_value", "books_over_six")),
    Option("boston_wins", "boolean", False,
           "a bidding team that takes all 13 books wins the match at once"),
    Option("kitty_before_declaring", "boolean", False,
           "variant: the bidder takes the kitty and discards before naming trump or choosing the "
           "direction; needs kitty exchange or sported", variant=True),
    Option("downtown_aces", "string", "good",
           "variant: bad (the players' \"aces bad\") makes the ace the weakest card of every suit, "
           "below the king, whenever the direction is downtown", choices=("good", "bad"), variant=True),
)
TAKEN_KITTIES = ("exchange", "sported")  # the kitty values under which the bidder takes the kitty


# --- rankings -------------------------------------------------------------------------------------

def _ranking(trump: int | None, downtown: bool, aces_bad: bool = False) -> Ranking:
    """Ace best in both directions; downtown then 2 3 ... K. Jokers: top trumps, or suitless.

    ``aces_bad`` (variant ``downtown_aces: "bad"``): downtown, the ace is the weakest of its suit.
    """
    suit = [-1] * 67
    power = [0] * 67
    for card in PACK.order:
        if card < 64:
            rank = card & 15
            suit[card] = card >> 4
            if rank == ACE:
                power[card] = 0 if downtown and aces_bad else 16
            else:
                power[card] = 15 - rank if downtown else rank
    if trump is not None:
        suit[RED_JOKER] = suit[BLACK_JOKER] = trump
        power[RED_JOKER], power[BLACK_JOKER] = 31, 30
    return Ranking(trump, suit, power)


RANKINGS = {(trump, direction): _ranking(trump, direction == "downtown")
            for trump in (None, 0, 1, 2, 3) for direction in DIRECTIONS}
ACES_BAD = {(trump, "downtown"): _ranking(trump, True, True) for trump in (None, 0, 1, 2, 3)}


def ranking_for(trump: int | None, direction: str, downtown_aces: str = "good") -> Ranking:
    if downtown_aces == "bad" and direction == "downtown":
        return ACES_BAD[(trump, direction)]
    return RANKINGS[(trump, direction)]


def led_suit(ranking: Ranking, cards) -> int | None:
    """The suit to follow: that of the first card with a suit (a no-trump joker has none)."""
    for card in cards:
        s = ranking.suit[card]
        if s >= 0:
            return s
    return None


def winning_index(ranking: Ranking, cards) -> int | None:
    """Index (play order) of the card that wins; ``None`` if no card has a suit yet."""
    for first, card in enumerate(cards):
        if ranking.suit[card] >= 0:
            return first + ranking.winner(cards[first:])
    return None


def legal_mask(ranking: Ranking, hand: int, trick_cards) -> int:
    """The cards of ``hand`` (a mask) that may be played to the trick so far."""
    led = led_suit(ranking, trick_cards)
    if led is None:
        return hand
    return ranking.follow(hand, led)


# --- auction and scoring --------------------------------------------------------------------------

def hardness(mode: str, options: dict) -> int:
    if mode == "no_trump":
        return 2
    if mode == "downtown" and options["downtown_outranks_uptown"]:
        return 1
    return 0


def bid_refusal(options: dict, dealer: int, seat: int, level, mode, high) -> tuple[str, str] | None:
    """The bid checks of "Bidding", in order; ``high`` is the standing ``(seat, level, mode)``."""
    if not (is_int(level) and 1 <= level <= 7) or mode not in MODES:
        return "invalid_bid", f"a bid is a level 1-7 and a mode of {', '.join(MODES)}"
    if level < options["min_bid"]:
        return "bid_too_low", f"the lowest bid is {options['min_bid']}"
    if high is not None:
        new = (level, hardness(mode, options))
        old = (high[1], hardness(high[2], options))
        if new > old:
            return None
        if new == old and seat == dealer and options["dealer_takes_at_equal"]:
            return None
        return "bid_too_low", (f"{level} {mode} does not top the standing bid "
                               f"{high[1]} {high[2]} of seat {high[0]}")
    return None


def match_over(scores, options: dict) -> bool:
    target = options["target"]
    return any(s >= target or s <= -target for s in scores)


def score_hand(options: dict, bidder: int, level: int, mode: str, books, scores) -> dict:
    """The "Hand scoring" table and the match-end check, on the scores before the hand."""
    bt = bidder & 1
    dt = 1 - bt
    m = 2 if options["no_trump_doubles"] and mode == "no_trump" else 1
    b, d = books[bt], books[dt]
    deltas = [0, 0]
    made = b >= 6 + level
    if made:
        deltas[bt] = (b - 6) * m
    else:
        deltas[bt] = -level * m
        rule = options["defenders_score"]
        if rule == "set_value":
            deltas[dt] = level * m
        elif rule == "books_over_six" and d >= 7:
            deltas[dt] = (d - 6) * m
    new = [scores[0] + deltas[0], scores[1] + deltas[1]]
    boston = b == 13
    winner = None
    if boston and options["boston_wins"]:
        over, winner = True, bt
    else:
        over = match_over(new, options)
        if over:
            winner = 0 if new[0] > new[1] else 1
    return {"made": made, "deltas": deltas, "scores": new, "boston": boston,
            "match_over": over, "winner": winner}


# --- one hand -------------------------------------------------------------------------------------

_PHASE_MOVES = {
    "bidding": BID_TYPES,
    "declaring": frozenset(),  # set once the contract is known
    "discarding": frozenset({"discard"}),
    "playing": frozenset({"play"}),
    "done": frozenset(),
}


class BidWhistHand(Hand):

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
        self.won = [0] * 4
        self.discards = None

    # --- checks (step 5 of CONVENTIONS.md "Checking a move") ---
    def check_move(self, move: dict):
        kind = move["type"]
        seat = move["seat"]
        if kind == "play":
            card = move["card"]
            if not self.hold.may_hold(seat, card):
                return "card_not_in_hand", f"seat {seat} does not hold {NAMES[card]}"
            led = led_suit(self.ranking, self.trick_cards)
            if led is not None and self.ranking.suit[card] != led:
                if self.hold.known[seat] & self.ranking.suit_masks[led]:
                    return "must_follow_suit", f"seat {seat} must follow {SUITS[led]}"
            return None
        if kind == "pass":
            if seat == self.dealer and self.high is None and self.calls == 3:
                return "dealer_must_bid", "the three others passed: the dealer must bid"
            return None
        if kind == "bid":
            return bid_refusal(self.options, self.dealer, seat, move["level"], move["mode"], self.high)
        if kind == "name_trump":
            if parse_suit(move["suit"]) is None:
                return "invalid_suit", f"{short(move['suit'])} is not one of S H D C"
            return None
        if kind == "choose_direction":
            if move["direction"] not in DIRECTIONS:
                return "invalid_direction", f"{short(move['direction'])} is not uptown or downtown"
            return None
        if kind == "discard":
            cards = move["cards"]
            if len(cards) != KITTY_SIZE:
                return "wrong_discard_count", f"discard exactly {KITTY_SIZE} cards, not {len(cards)}"
            seen = 0
            for c in cards:
                if c is not None:
                    if seen >> c & 1:
                        return "duplicate_card", f"{NAMES[c]} is discarded twice"
                    seen |= 1 << c
            for c in cards:
                if c is not None and not self.hold.may_hold(seat, c):
                    return "card_not_in_hand", f"seat {seat} does not hold {NAMES[c]}"
            if self.viewer == seat and None in cards:
                raise InvalidRecord("view_incomplete", "the viewer's own discard cannot be hidden")
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

    def _play(self, seat: int, card: int) -> list[dict]:
        self.hold.remove(seat, card)
        self.trick.append((seat, card))
        self.trick_cards.append(card)
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
        self.phase = "done"
        self.to_act = None
        self.trick = []
        self.trick_cards = []

    # --- listing ---
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if self.phase == "bidding":
            out = []
            if self.check_move({"seat": seat, "type": "pass"}) is None:
                out.append({"seat": seat, "type": "pass"})
            for level in range(self.options["min_bid"], 8):
                for mode in MODES:
                    if bid_refusal(self.options, self.dealer, seat, level, mode, self.high) is None:
                        out.append({"seat": seat, "type": "bid", "level": level, "mode": mode})
            return out
        if self.phase == "declaring":
            if self.mode == "no_trump":
                return [{"seat": seat, "type": "choose_direction", "direction": d} for d in DIRECTIONS]
            return [{"seat": seat, "type": "name_trump", "suit": s} for s in SUITS]
        hand = self.hold.held[seat]
        if None in hand:
            raise InvalidRecord("view_incomplete", f"the view lacks cards of seat {seat}'s hand")
        if self.phase == "discarding":
            return [{"seat": seat, "type": "discard", "count": KITTY_SIZE, "from": names(hand)}]
        legal = legal_mask(self.ranking, mask_of(hand), self.trick_cards)
        return [{"seat": seat, "type": "play", "card": NAMES[c]} for c in hand if legal >> c & 1]

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

def _body(body, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(body, dict):
        raise InvalidRecord("bad_body", f"{where} must be an object")
    allowed = set(required) | set(optional)
    extra = [k for k in body if k not in allowed]
    if extra:
        raise InvalidRecord("bad_body", f"{where}: unknown field {short(extra[0])}")
    missing = [k for k in required if k not in body]
    if missing:
        raise InvalidRecord("bad_body", f"{where}: {short(missing[0])} is required")
    return body


def _scores(value, options: dict, where: str) -> list[int]:
    scores = list(parse_int_list(value, 2, where))
    if match_over(scores, options):
        raise InvalidRecord("match_already_over",
                            f"{where} {scores} already end the match (target {options['target']})")
    return scores


def _contract(value, options: dict, where: str) -> tuple[int, int, str]:
    body = _body(value, where, ("bidder", "level", "mode"))
    bidder = parse_seat(body["bidder"], 4, f"{where}.bidder")
    level, mode = body["level"], body["mode"]
    if not is_int(level) or not options["min_bid"] <= level <= 7:
        raise InvalidRecord("bad_contract", f"{where}.level must be an integer from "
                            f"{options['min_bid']} to 7")
    if mode not in MODES:
        raise InvalidRecord("bad_contract", f"{where}.mode must be one of {', '.join(MODES)}")
    return bidder, level, mode


def _books(value, bidder: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_int(v) and v >= 0 for v in value):
        raise InvalidRecord("bad_books", f"{where} must be two integers >= 0")
    if sum(value) != TRICKS + 1:
        raise InvalidRecord("bad_books", f"{where} must total {TRICKS + 1} (the kitty book included)")
    if value[bidder & 1] < 1:
        raise InvalidRecord("bad_books", f"{where}: the bidding team always has the kitty book")
    return list(value)


class BidWhist(Game):
    id = "bid-whist"
    name = "Bid Whist"
    min_players = max_players = 4
    options = OPTIONS
    move_fields = {
        "pass": {},
        "bid": {"level": "integer", "mode": "string"},
        "name_trump": {"suit": "string"},
        "choose_direction": {"direction": "string"},
        "discard": {"cards": "cards"},
        "play": {"card": "card"},
    }
    hidden_move_fields = {"discard": "cards"}
    hand_class = BidWhistHand

    def pack(self, options: dict) -> Pack:
        return PACK

    def parse_options(self, raw) -> dict:
        options = parse_options(raw, self.options)
        if options.get("kitty_before_declaring") and options["kitty"] == "book":
            raise InvalidRecord("bad_option", "option 'kitty_before_declaring': true needs kitty "
                                "'exchange' or 'sported' (a kitty the bidder takes), not 'book'")
        return options

    def deck_description(self) -> str:
        return "54 cards: 2-A in spades, hearts, diamonds, clubs, plus BJ (black, little) and RJ (red, big) jokers"

    def parse_match(self, raw, options: dict) -> dict:
        match = parse_match(raw, {"scores": [0, 0], "hand_number": 1},
                            {"scores": lambda v: list(parse_int_list(v, 2, "match.scores")),
                             "hand_number": hand_number})
        match["scores"] = list(match["scores"])
        if match_over(match["scores"], options):
            raise InvalidRecord("match_already_over", f"match.scores {match['scores']} already end the "
                                f"match (target {options['target']})")
        return match

    def parse_deal(self, raw, hand: BidWhistHand) -> None:
        extra = [k for k in raw if k not in ("hands", "kitty")]
        if extra:
            raise InvalidRecord("bad_deal", f"record.deal: unknown field {short(extra[0])}")
        hands, kitty = raw.get("hands"), raw.get("kitty")
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("bad_deal", "record.deal.hands must be a list of 4 lists of cards")
        if not isinstance(kitty, list):
            raise InvalidRecord("bad_deal", "record.deal.kitty must be a list of cards")
        view = hand.viewer is not None
        parsed = [PACK.parse_list(h, f"record.deal.hands[{s}]", view) for s, h in enumerate(hands)]
        pkitty = PACK.parse_list(kitty, "record.deal.kitty", view)
        seen = 0
        for c in [c for h in parsed for c in h] + pkitty:
            if c is not None:
                if seen >> c & 1:
                    raise InvalidRecord("duplicate_card", f"record.deal: {NAMES[c]} appears twice")
                seen |= 1 << c
        for s, h in enumerate(parsed):
            if len(h) != HAND_SIZE:
                raise InvalidRecord("wrong_card_count",
                                    f"record.deal.hands[{s}] holds {len(h)} cards, not {HAND_SIZE}")
        if len(pkitty) != KITTY_SIZE:
            raise InvalidRecord("wrong_card_count",
                                f"record.deal.kitty holds {len(pkitty)} cards, not {KITTY_SIZE}")
        if view and None in parsed[hand.viewer]:
            raise InvalidRecord("view_incomplete", f"the view lacks seat {hand.viewer}'s own cards")
        hand.set_deal(parsed, pkitty)

    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        hands = [[] for _ in range(4)]
        for i in range(4 * HAND_SIZE):
            hands[(dealer + 1 + i) % 4].append(cards[i])
        return {"hands": [names(h) for h in hands], "kitty": names(cards[4 * HAND_SIZE:])}

    # --- calculators ---
    def trick_winner(self, body) -> dict:
        body = _body(body, "body", ("leader", "cards", "direction"), ("trump", "options"))
        # ``options`` is read only for the variant downtown_aces; checked as a record's options are
        aces = self.parse_options(body.get("options")).get("downtown_aces", "good")
        leader = parse_seat(body["leader"], 4, "leader")
        trump = body.get("trump")
        if trump is not None:
            trump = parse_suit(trump)
            if trump is None:
                raise InvalidRecord("bad_trump", "trump must be one of S H D C or null")
        direction = body["direction"]
        if direction not in DIRECTIONS:
            raise InvalidRecord("bad_direction", "direction must be uptown or downtown")
        raw = body["cards"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
            raise InvalidRecord("bad_trick", "cards must be a list of 1 to 4 {seat, card} objects")
        cards = []
        seen = 0
        for i, item in enumerate(raw):
            item = _body(item, f"cards[{i}]", ("seat", "card"))
            seat = parse_seat(item["seat"], 4, f"cards[{i}].seat")
            if seat != (leader + i) % 4:
                raise InvalidRecord("bad_trick", f"cards[{i}] must be played by seat {(leader + i) % 4}")
            card = PACK.parse(item["card"], f"cards[{i}].card")
            if seen >> card & 1:
                raise InvalidRecord("duplicate_card", f"{NAMES[card]} appears twice in the trick")
            seen |= 1 << card
            cards.append(card)
        i = winning_index(ranking_for(trump, direction, aces), cards)
        if i is None:
            return {"seat": None, "card": None}
        return {"seat": (leader + i) % 4, "card": NAMES[cards[i]]}

    def validate_bid(self, body) -> dict:
        # a call of an unknown type is "bad_move", as in a record (the core's reason table)
        with self.documented_reasons():
            return self._validate_bid(body)

    def _validate_bid(self, body) -> dict:
        body = _body(body, "body", ("dealer", "bid"), ("options", "calls"))
        options = self.parse_options(body.get("options"))
        dealer = parse_seat(body["dealer"], 4, "dealer")
        calls = body.get("calls", [])
        if not isinstance(calls, list):
            raise InvalidRecord("bad_body", "calls must be a list of moves")
        hand = BidWhistHand(self, options, dealer, {"scores": [0, 0], "hand_number": 1}, None)
        hand.begin()

        def call(raw, where):
            move = self.parse_move(raw, 4, PACK, None, where)
            if move["type"] not in BID_TYPES:
                raise InvalidRecord("bad_move", f"{where} must be a bid or a pass")
            return move

        for i, raw in enumerate(calls):
            hand.play(call(raw, f"calls[{i}]"), i)
        move = call(body["bid"], "bid")
        refusal = hand.check(move)
        if refusal is None:
            hand.apply(move)
        over = hand.phase != "bidding"
        return {
            "valid": refusal is None,
            "reason": refusal and refusal[0],
            "detail": refusal and refusal[1],
            "high_bid": hand.high_json(),
            "next": hand.to_act,
            "auction_over": over,
            "contract": ({"bidder": hand.bidder, "level": hand.level, "mode": hand.mode}
                         if over else None),
        }

    def score(self, body) -> dict:
        body = _body(body, "body", ("contract", "books", "scores"), ("options",))
        options = self.parse_options(body.get("options"))
        bidder, level, mode = _contract(body["contract"], options, "contract")
        books = _books(body["books"], bidder, "books")
        scores = _scores(body["scores"], options, "scores")
        return score_hand(options, bidder, level, mode, books, scores)

    def score_match(self, body) -> dict:
        body = _body(body, "body", ("hands",), ("options", "scores"))
        options = self.parse_options(body.get("options"))
        scores = _scores(body.get("scores", [0, 0]), options, "scores")
        hands = body["hands"]
        if not isinstance(hands, list):
            raise InvalidRecord("bad_body", "hands must be a list of {contract, books}")
        parsed = []
        for i, item in enumerate(hands):
            item = _body(item, f"hands[{i}]", ("contract", "books"))
            bidder, level, mode = _contract(item["contract"], options, f"hands[{i}].contract")
            parsed.append((bidder, level, mode, _books(item["books"], bidder, f"hands[{i}].books")))
        running = []
        over_after = winner = None
        for i, (bidder, level, mode, books) in enumerate(parsed):
            out = score_hand(options, bidder, level, mode, books, scores)
            scores = out["scores"]
            running.append(scores)
            if out["match_over"]:
                over_after, winner = i, out["winner"]
                break
        return {"running_scores": running, "scores": scores, "over_after_hand": over_after,
                "winner": winner}


GAME = BidWhist()
