"""The game: deals, the record's deal, the calculators (bids, tricks, scores, matches)."""

from __future__ import annotations

from ...cards import NAMES, Pack, names, parse_suit
from ...errors import InvalidRecord, M, N_, short
from ...game import Game, hand_number, is_int, parse_int_list, parse_match, parse_seat
from ...options import parse_options
from .hand import BidWhistHand
from .ranking import ranking_for, winning_index
from .scoring import match_over, score_hand
from .tables import BID_TYPES, DIRECTIONS, HAND_SIZE, KITTY_SIZE, MODES, OPTIONS, PACK, TRICKS


def _body(body, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(body, dict):
        raise InvalidRecord("bad_body", M("{where} must be an object", where=where))
    allowed = set(required) | set(optional)
    extra = [k for k in body if k not in allowed]
    if extra:
        raise InvalidRecord("bad_body", M("{where}: unknown field {extra}", where=where, extra=short(extra[0])))
    missing = [k for k in required if k not in body]
    if missing:
        raise InvalidRecord("bad_body", M("{where}: {missing} is required", where=where, missing=short(missing[0])))
    return body


def _scores(value, options: dict, where: str) -> list[int]:
    scores = list(parse_int_list(value, 2, where))
    if match_over(scores, options):
        raise InvalidRecord("match_already_over",
                            M("{where} {scores} already end the match (target {target})", where=where, scores=scores, target=options['target']))
    return scores


def _contract(value, options: dict, where: str) -> tuple[int, int, str]:
    body = _body(value, where, ("bidder", "level", "mode"))
    bidder = parse_seat(body["bidder"], 4, f"{where}.bidder")
    level, mode = body["level"], body["mode"]
    if not is_int(level) or not options["min_bid"] <= level <= 7:
        raise InvalidRecord("bad_contract", M("{where}.level must be an integer from {min_bid} to 7", where=where, min_bid=options['min_bid']))
    if mode not in MODES:
        raise InvalidRecord("bad_contract", M("{where}.mode must be one of {modes}", where=where, modes=', '.join(MODES)))
    return bidder, level, mode


def _books(value, bidder: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != 2 or not all(is_int(v) and v >= 0 for v in value):
        raise InvalidRecord("bad_books", M("{where} must be two integers >= 0", where=where))
    if sum(value) != TRICKS + 1:
        raise InvalidRecord("bad_books", M("{where} must total {tricks} (the kitty book included)", where=where, tricks=TRICKS + 1))
    if value[bidder & 1] < 1:
        raise InvalidRecord("bad_books", M("{where}: the bidding team always has the kitty book", where=where))
    return list(value)


class BidWhist(Game):
    id = "bid-whist"
    name = N_("Bid Whist")
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
            raise InvalidRecord("bad_option", M("option 'kitty_before_declaring': true needs kitty 'exchange' or "
                                "'sported' (a kitty the bidder takes), not 'book'"))
        return options

    def deck_description(self) -> str:
        return N_("54 cards: 2-A in spades, hearts, diamonds, clubs, plus BJ (black, little) and RJ (red, big) jokers")

    def parse_match(self, raw, options: dict) -> dict:
        match = parse_match(raw, {"scores": [0, 0], "hand_number": 1},
                            {"scores": lambda v: list(parse_int_list(v, 2, "match.scores")),
                             "hand_number": hand_number})
        match["scores"] = list(match["scores"])
        if match_over(match["scores"], options):
            raise InvalidRecord("match_already_over", M("match.scores {scores} already end the match (target "
                                "{target})", scores=match['scores'], target=options['target']))
        return match

    def parse_deal(self, raw, hand: BidWhistHand) -> None:
        extra = [k for k in raw if k not in ("hands", "kitty")]
        if extra:
            raise InvalidRecord("bad_deal", M("record.deal: unknown field {extra}", extra=short(extra[0])))
        hands, kitty = raw.get("hands"), raw.get("kitty")
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("bad_deal", M("record.deal.hands must be a list of 4 lists of cards"))
        if not isinstance(kitty, list):
            raise InvalidRecord("bad_deal", M("record.deal.kitty must be a list of cards"))
        view = hand.viewer is not None
        parsed = [PACK.parse_list(h, f"record.deal.hands[{s}]", view) for s, h in enumerate(hands)]
        pkitty = PACK.parse_list(kitty, "record.deal.kitty", view)
        every = [c for h in parsed for c in h if c is not None] + [c for c in pkitty if c is not None]
        seen = 0
        for c in every if len(set(every)) != len(every) else ():  # a duplicate: found and named in order
            if c is not None:
                if seen >> c & 1:
                    raise InvalidRecord("duplicate_card", M("record.deal: {names} appears twice", names=NAMES[c]))
                seen |= 1 << c
        for s, h in enumerate(parsed):
            if len(h) != HAND_SIZE:
                raise InvalidRecord("wrong_card_count",
                                    M("record.deal.hands[{value}] holds {h} cards, not {hand_size}", value=s, h=len(h), hand_size=HAND_SIZE))
        if len(pkitty) != KITTY_SIZE:
            raise InvalidRecord("wrong_card_count",
                                M("record.deal.kitty holds {pkitty} cards, not {kitty_size}", pkitty=len(pkitty), kitty_size=KITTY_SIZE))
        if view and None in parsed[hand.viewer]:
            raise InvalidRecord("view_incomplete", M("the view lacks seat {viewer}'s own cards", viewer=hand.viewer))
        hand.set_deal(parsed, pkitty)

    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        hands = [[] for _ in range(4)]
        for j in range(4):  # one at a time from the dealer's left: every fourth card
            hands[(dealer + 1 + j) % 4] = cards[j:4 * HAND_SIZE:4]
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
                raise InvalidRecord("bad_trump", M("trump must be one of S H D C or null"))
        direction = body["direction"]
        if direction not in DIRECTIONS:
            raise InvalidRecord("bad_direction", M("direction must be uptown or downtown"))
        raw = body["cards"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
            raise InvalidRecord("bad_trick", M("cards must be a list of 1 to 4 {{seat, card}} objects"))
        cards = []
        seen = 0
        for i, item in enumerate(raw):
            item = _body(item, f"cards[{i}]", ("seat", "card"))
            seat = parse_seat(item["seat"], 4, f"cards[{i}].seat")
            if seat != (leader + i) % 4:
                raise InvalidRecord("bad_trick", M("cards[{value}] must be played by seat {leader}", value=i, leader=(leader + i) % 4))
            card = PACK.parse(item["card"], f"cards[{i}].card")
            if seen >> card & 1:
                raise InvalidRecord("duplicate_card", M("{card} appears twice in the trick", card=NAMES[card]))
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
            raise InvalidRecord("bad_body", M("calls must be a list of moves"))
        hand = BidWhistHand(self, options, dealer, {"scores": [0, 0], "hand_number": 1}, None)
        hand.begin()

        def call(raw, where):
            move = self.parse_move(raw, 4, PACK, None, where)
            if move["type"] not in BID_TYPES:
                raise InvalidRecord("bad_move", M("{where} must be a bid or a pass", where=where))
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
            raise InvalidRecord("bad_body", M("hands must be a list of {{contract, books}}"))
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
