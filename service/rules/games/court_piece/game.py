"""The Court Piece game: reading a record and dealing."""

from __future__ import annotations

from ...cards import NAMES, SUITS
from ...errors import InvalidRecord, M, N_, short
from ...game import Game, is_int, parse_seed, remember_deal
from ...shuffle import new_seed, shuffled
from .calculators import Calculators
from .deck import CARD_INDEX, ORDER, PACK, card_name, parse_card
from .draw import check_draw, draw_json, run_draw
from .hand import CourtPieceHand
from .options import MATCH_FIELDS, OPTIONS, parse_court_piece_options

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

# seat -> card -> a canonical play as read (copied: a small dict copied is cheaper than one built)
_PLAYS = [[{"seat": seat, "type": "play", "card": c} for c in range(64)] for seat in range(4)]


def _row(cards: list, seat: int, hidden_ok: bool) -> list:
    """One hand of the deal: written canonically, in one pass in C; else card by card (the error)."""
    try:
        row = list(map(CARD_INDEX.get, cards))
    except TypeError:  # an unhashable item: the card-by-card reading words it
        row = [None]
    if None not in row:
        return row
    return [parse_card(c, f"deal.hands[{seat}][{i}]", hidden_ok) for i, c in enumerate(cards)]


class CourtPiece(Calculators, Game):
    id = "court-piece"
    name = N_("Court Piece / Rung")
    min_players = max_players = 4
    options = OPTIONS
    reasons = {"unknown_card": "bad_card", "hidden_card": "bad_card", "unknown_field": "bad_record",
               "bad_option": "bad_option", "wrong_game": "wrong_game"}
    move_fields = {
        "call_trump": {"suit?": "string", "card?": "card"},
        "pass_to_partner": {},
        "timeout": {},
        "change_cards": {},
        "play": {"card": "card"},
        "reveal": {},
        "change_trump": {"suit?": "string", "card?": "card"},
    }
    hidden_move_fields = {"call_trump": "card", "change_trump": "card"}
    hand_class = CourtPieceHand

    def players(self, options):
        return 4

    def parse_options(self, raw):
        return parse_court_piece_options(raw)

    def pack(self, options):
        return PACK

    def deck_description(self):
        return M("52 cards, aces high; canonical order {order}", order=ORDER)

    # ---- reading a record
    def parse_match(self, raw, options):
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise InvalidRecord("bad_match", M("match must be an object or null"))
        for k in raw:
            if k not in MATCH_FIELDS:
                raise InvalidRecord("bad_match", M("match: unknown field {value}", value=short(k)))
        for k, v in raw.items():
            if v is None:
                raise InvalidRecord("bad_match", M("match.{value} may be omitted but not null", value=k))
        hn = raw.get("hand_number", 1)
        if not is_int(hn) or hn < 1:
            raise InvalidRecord("bad_match", M("match.hand_number must be an integer >= 1"))
        out = {"hand_number": hn}
        for key in ("scores", "consecutive_wins"):
            v = raw.get(key, [0, 0])
            if not isinstance(v, list) or len(v) != 2 or not (is_int(v[0]) and is_int(v[1]) and v[0] >= 0 and v[1] >= 0):
                raise InvalidRecord("bad_match", M("match.{key} must be two integers >= 0", key=key))
            out[key] = list(v)
        runs = out["consecutive_wins"]
        if max(runs) >= 7 or min(runs) > 0:
            raise InvalidRecord("bad_match", M("match.consecutive_wins: at most one run, each below 7"))
        fgs = raw.get("first_game_seats", [])
        if not isinstance(fgs, list) or fgs and (not all(is_int(x) and 0 <= x < 4 for x in fgs)
                                                 or len(set(fgs)) != len(fgs)):
            raise InvalidRecord("bad_match", M("match.first_game_seats must be distinct seats 0-3"))
        out["first_game_seats"] = list(fgs)
        target = options["target_courts"] if options["scoring"] == "courts" else options["target_points"]
        if max(out["scores"]) >= target:
            raise InvalidRecord("match_over", M("a team already has {target}: the match is over", target=target))
        return out

    def parse_deal(self, raw, hand):
        viewer = hand.viewer
        extra = [k for k in raw if k not in ("hands", "draw")]
        if extra:
            raise InvalidRecord("bad_deal", M("deal: unknown field {extra}", extra=short(extra[0])))
        hands = raw.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("bad_deal", M("deal.hands must be four lists of cards"))
        parsed = [_row(h, s, viewer is not None) for s, h in enumerate(hands)]
        every = [c for h in parsed for c in h if c is not None]
        if len(set(every)) != len(every):  # the card-by-card scan only to name the duplicate
            seen = 0
            for s, h in enumerate(parsed):
                for i, c in enumerate(h):
                    if c is not None:
                        if seen >> c & 1:
                            raise InvalidRecord("duplicate_card", M("deal.hands[{value}][{value2}]: {names} twice", value=s, value2=i, names=NAMES[c]))
                        seen |= 1 << c
        for s, h in enumerate(parsed):
            if len(h) != 13:
                raise InvalidRecord("wrong_card_count", M("deal.hands[{value}] has {h} cards, not 13", value=s, h=len(h)))
        draw = None
        if "draw" in raw:
            o = hand.options
            if raw["draw"] is None or hand.match["hand_number"] != 1 or not o["first_hand_draw"]:
                raise InvalidRecord("bad_draw", M("a draw belongs only to a match's first hand with "
                                    "first_hand_draw on"))
            rounds, winner = check_draw(raw["draw"])
            if winner != (hand.dealer + 1) % 4:
                raise InvalidRecord("draw_mismatch", M("the draw makes seat {winner} the first chooser, not seat "
                                    "{dealer}", winner=winner, dealer=(hand.dealer + 1) % 4))
            draw = draw_json(rounds)
        hand.setup(parsed, draw)

    @cython.locals(fast=dict, index=dict, move=dict)
    def _fast_move(self, raw, n, pack):
        """A canonical play, the common case, in one pass; anything else None (``parse_move`` then)."""
        if type(raw) is dict and len(raw) == 3:  # typed, its gets are C calls
            fast, index = raw, CARD_INDEX
            if fast.get("type") == "play":
                seat, text = fast.get("seat"), fast.get("card")
                if type(seat) is int and 0 <= seat < 4 and type(text) is str:
                    card = index.get(text)
                    if card is not None:
                        move = _PLAYS[seat][card]
                        return move.copy()
        return None

    def parse_move(self, raw, n, pack, viewer, where):
        move = self._fast_move(raw, n, pack)
        if move is not None:
            return move
        if not isinstance(raw, dict):
            raise InvalidRecord("bad_move", M("{where} must be an object", where=where))
        seat = raw.get("seat")
        if not is_int(seat) or not 0 <= seat < 4:
            raise InvalidRecord("bad_seat", M("{where}.seat: {seat} is not a seat 0-3", where=where, seat=short(seat)))
        kind = raw.get("type")
        spec = self.move_fields.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise InvalidRecord("unknown_move_type", M("{where}.type: {kind} is not a move of this game", where=where, kind=short(kind)))
        move = {"seat": seat, "type": kind}
        allowed = {"seat", "type"} | {f.rstrip("?") for f in spec}
        extra = [k for k in raw if k not in allowed]
        if extra:
            raise InvalidRecord("bad_move", M("{where}: unknown field {extra} in a {kind} move", where=where, extra=short(extra[0]), kind=short(kind)))
        if kind in ("call_trump", "change_trump"):
            if ("suit" in raw) == ("card" in raw):
                raise InvalidRecord("bad_move", M("{where}: {kind} takes exactly one of suit and card", where=where, kind=kind))
            if "suit" in raw:
                s = raw["suit"]
                if not (isinstance(s, str) and len(s) == 1 and s in SUITS):
                    raise InvalidRecord("bad_move", M("{where}.suit must be one of S, H, D, C", where=where))
                move["suit"] = SUITS.index(s)
            else:
                move["card"] = parse_card(raw["card"], f"{where}.card", viewer is not None)
        elif kind == "play":
            if "card" not in raw:
                raise InvalidRecord("bad_move", M("{where}: a 'play' move needs 'card'", where=where))
            move["card"] = parse_card(raw["card"], f"{where}.card")
        return move

    def write_move(self, move):
        out = {"seat": move["seat"], "type": move["type"]}
        if "suit" in move:
            out["suit"] = SUITS[move["suit"]]
        if "card" in move:
            out["card"] = card_name(move["card"])
        return out

    def next_match(self, match, result, hand):
        return result["next_match"]

    # ---- dealing
    def deal(self, seed, options, dealer, match):
        if seed is not None and not isinstance(seed, str):
            raise InvalidRecord("bad_record", M("seed must be a string"))
        # CONVENTIONS.md: seed, options, dealer, match, in that order (a first hand with the draw
        # ignores the dealer, but a value that is no seat is still refused, before the match)
        options = self.parse_options(options)
        if dealer is not None and not (is_int(dealer) and 0 <= dealer < 4):
            raise InvalidRecord("bad_dealer", M("dealer: {dealer} is not a seat 0-3", dealer=short(dealer)))
        match = self.parse_match(match, options)
        seed = new_seed() if seed is None else parse_seed(seed)
        draw = None
        if options["first_hand_draw"] and match["hand_number"] == 1:
            rounds, winner = run_draw(shuffled(PACK.order, seed + "/draw"))
            dealer = (winner - 1) % 4
            draw = draw_json(rounds)
        elif dealer is None:
            raise InvalidRecord("bad_dealer", M("dealer is required (no first-hand draw)"))
        cards = shuffled(PACK.order, seed)
        deal = self.deal_cards(cards, dealer, options, match)
        if draw is not None:
            deal["draw"] = draw
        return remember_deal(self, {"game": self.id, "options": options, "dealer": dealer, "seed": seed,
                                    "deal": deal, "moves": [], "match": match})

    def _fresh_deal(self, seed, options, dealer, match):
        if options["first_hand_draw"] and match["hand_number"] == 1:
            return None  # the draw picks the dealer: ``deal`` says
        return dealer, self.deal_cards(shuffled(PACK.order, seed), dealer, options, match)

    def deal_cards(self, cards, dealer, options, match):
        hands = [[] for _ in range(4)]
        pos = 0
        for size in (5, 4, 4):
            for k in range(1, 5):
                seat = (dealer + k) % 4
                hands[seat] += cards[pos:pos + size]
                pos += size
        return {"hands": [[NAMES[c] for c in h] for h in hands]}

