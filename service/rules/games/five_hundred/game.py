"""The Five Hundred game: reading a record (the document's own reason strings) and dealing."""

from __future__ import annotations

from ...cards import NAMES, Pack, lookup, names
from ...errors import InvalidRecord, M, N_, short
from ...game import Game, is_int, parse_match
from .calculators import Calculators
from .hand import _MISSING, FiveHundredHand
from .tables import _FAST_BY_PACK, _FAST_CARDS, OPTIONS, PACKS, sides_of

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

# players -> seat -> a card's canonical name -> its play parsed (copied: a dict copied is cheaper than
# one built key by key)
_PARSED_PLAYS = {n: [{name: {"seat": seat, "type": "play", "card": card} for name, card in cards.items()}
                     for seat in range(n)] for n, cards in _FAST_CARDS.items()}

_MOVE_FIELDS = {
    "pass": {},
    "bid": {"bid": "string"},
    "discard": {"cards": "cards"},
    "nominate_joker": {"suit": "string"},
    "play": {"card": "card", "suit?": "string"},
    "call_partner": {"card": "card"},  # variant call_partner only (five players)
}


class FiveHundred(Calculators, Game):
    id = "five-hundred"
    name = N_("Five Hundred")
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
        return N_("10 cards a hand and 3 to the kitty: 33 cards (A-7 and the joker) for 2-3 players, 43 for 4 "
                "(black A-5, red A-4, joker), 53 for 5 (full pack and joker), 63 for 6 (adds 11s, 12s and "
                "red 13s)")

    # --- reading a record ---
    def parse_options(self, raw) -> dict:
        """The core's options, with the document's ``invalid_option`` for a wrong type or value
        (records go through ``documented_reasons`` anyway; the calculators call this directly)."""
        try:
            options = super().parse_options(raw)
        except InvalidRecord as exc:
            if exc.reason == "bad_option":
                exc.reason = "invalid_option"
            raise
        if options.get("call_partner") and options["players"] != 5:
            raise InvalidRecord("invalid_option", M("option 'call_partner': true is accepted only with players 5, "
                                "not {players}", players=options['players']))
        return options

    def parse_match(self, raw, options: dict) -> dict:
        k = sides_of(options)[0]

        def scores(value):
            if not isinstance(value, list) or len(value) != k or not all(map(is_int, value)):
                raise InvalidRecord("invalid_match", M("match.scores must be a list of {value} integers (one per "
                                                       "side)", value=k))
            return list(value)

        def number(value):
            if not is_int(value) or value < 1:
                raise InvalidRecord("invalid_match", M("match.hand_number must be an integer >= 1"))
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
            raise InvalidRecord("invalid_card", M("{where} is null outside a view", where=where))
        card = lookup(text)
        if card is None or not pack.mask >> card & 1:
            raise InvalidRecord("invalid_card", M("{where}: {text} is not a card of this pack", where=where, text=short(text)))
        return card

    def _row(self, pack: Pack, cards: list, where: str, view: bool) -> list:
        """A hand or the kitty: written canonically, in one pass in C; else card by card (the error)."""
        try:
            row = list(map(_FAST_BY_PACK[pack].get, cards))
        except TypeError:  # an unhashable item: the card-by-card reading words it
            row = [None]
        if None not in row:
            return row
        return [self._card(pack, t, f"{where}[{i}]", view) for i, t in enumerate(cards)]

    def parse_deal(self, raw, hand: FiveHundredHand) -> None:
        n, pack, view = hand.n, hand.pack, hand.viewer is not None
        extra = [k for k in raw if k not in ("hands", "kitty", "dead_hand")]
        if extra:
            raise InvalidRecord("invalid_record", M("record.deal: unknown field {extra}", extra=short(extra[0])))
        hands = raw.get("hands")
        kitty = raw.get("kitty")
        dead = raw.get("dead_hand")
        # card strings first, wherever they stand (CONVENTIONS.md: card strings, duplicates, counts);
        # a part that is not a list is a count problem, reported after them
        rows = hands if isinstance(hands, list) else []
        parsed = [self._row(pack, h, f"deal.hands[{s}]", view) if isinstance(h, list) else None
                  for s, h in enumerate(rows)]
        pkitty = self._row(pack, kitty, "deal.kitty", view) if isinstance(kitty, list) else None
        pdead = None
        if isinstance(dead, list):
            pdead = self._row(pack, dead, "deal.dead_hand", view)
        every = [c for h in parsed if h for c in h] + (pkitty or []) + (pdead or [])
        if None in every:
            every = [c for c in every if c is not None]
        if len(set(every)) != len(every):  # the card-by-card scan only to name the duplicate
            seen = 0
            for c in every:
                if seen >> c & 1:
                    raise InvalidRecord("duplicate_card", M("{names} appears twice in the deal", names=NAMES[c]))
                seen |= 1 << c
        if not isinstance(hands, list) or None in parsed:
            raise InvalidRecord("wrong_card_count", M("deal.hands must be a list of card lists, one per seat"))
        if pkitty is None:
            raise InvalidRecord("wrong_card_count", M("deal.kitty must be a list of 3 cards"))
        if "dead_hand" in raw and pdead is None:
            raise InvalidRecord("wrong_card_count", M("deal.dead_hand must be a list of 10 cards"))
        if len(parsed) != n:
            raise InvalidRecord("wrong_card_count", M("deal.hands must hold {n} hands, one per seat", n=n))
        for s, h in enumerate(parsed):
            if len(h) != 10:
                raise InvalidRecord("wrong_card_count", M("deal.hands[{value}] must hold 10 cards", value=s))
        if len(pkitty) != 3:
            raise InvalidRecord("wrong_card_count", M("deal.kitty must hold 3 cards"))
        if n == 2 and pdead is None:
            raise InvalidRecord("wrong_card_count", M("deal.dead_hand is required with 2 players"))
        if n != 2 and pdead is not None:
            raise InvalidRecord("wrong_card_count", M("deal.dead_hand exists only with 2 players"))
        if pdead is not None and len(pdead) != 10:
            raise InvalidRecord("wrong_card_count", M("deal.dead_hand must hold 10 cards"))
        if view and None in parsed[hand.viewer]:
            raise InvalidRecord("view_incomplete", M("the view must show seat {viewer}'s own cards", viewer=hand.viewer))
        hand.deal_hands, hand.kitty, hand.dead = parsed, pkitty, pdead

    @cython.locals(d=dict, plays=dict, move=dict)
    def _fast_move(self, raw, n: int, pack: Pack) -> dict | None:
        """A canonical play or call (the bulk of every record) in one pass; anything else None."""
        if type(raw) is not dict:
            return None
        d = raw  # compiled: a dict's own lookups, not method calls
        if len(d) == 3:
            kind, seat = d.get("type"), d.get("seat")
            if type(seat) is int and 0 <= seat < n:
                if kind == "play":
                    name = d.get("card")
                    if type(name) is str:
                        plays = _PARSED_PLAYS[n][seat]
                        move = plays.get(name)
                        if move is not None:
                            return move.copy()
                elif kind == "bid" and type(d.get("bid")) is str:
                    return {"seat": seat, "type": "bid", "bid": d["bid"]}
        elif len(d) == 2 and d.get("type") == "pass":
            seat = d.get("seat")
            if type(seat) is int and 0 <= seat < n:
                return {"seat": seat, "type": "pass"}
        return None

    def parse_move(self, raw, n: int, pack: Pack, viewer, where: str) -> dict:
        fast = self._fast_move(raw, n, pack)
        if fast is not None:
            return fast
        if not isinstance(raw, dict):
            raise InvalidRecord("invalid_move", M("{where} must be an object", where=where))
        seat = raw.get("seat")
        if not is_int(seat) or not 0 <= seat < n:
            raise InvalidRecord("invalid_move", M("{where}.seat: {seat} is not a seat 0-{n}", where=where, seat=short(seat), n=n - 1))
        kind = raw.get("type")
        if kind == "call_partner" and n != 5:  # the variant exists only with five players
            kind = None
        if not isinstance(kind, str) or kind not in _MOVE_FIELDS:
            raise InvalidRecord("invalid_move", M("{where}.type: {kind} is not a move of this game ({move_fields})",
                                where=where, kind=short(kind), move_fields=', '.join(_MOVE_FIELDS)))
        allowed = {"seat", "type"} | {f.rstrip("?") for f in _MOVE_FIELDS[kind]}
        extra = [k for k in raw if k not in allowed]
        if extra:
            raise InvalidRecord("invalid_move", M("{where}: unknown field {extra} in a {kind} move", where=where, extra=short(extra[0]), kind=short(kind)))
        move = {"seat": seat, "type": kind}
        if kind == "bid":
            if not isinstance(raw.get("bid"), str):
                raise InvalidRecord("invalid_move", M("{where}: a 'bid' move needs a string 'bid'", where=where))
            move["bid"] = raw["bid"]
        elif kind == "discard":
            if "cards" not in raw:
                raise InvalidRecord("invalid_move", M("{where}: a 'discard' move needs 'cards'", where=where))
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
                raise InvalidRecord("invalid_move", M("{where}: a 'play' move needs 'card'", where=where))
            move["card"] = self._card(pack, raw["card"], f"{where}.card", False)
            if raw.get("suit") is not None:
                move["suit"] = raw["suit"]
        elif kind == "call_partner":
            if "card" not in raw:
                raise InvalidRecord("invalid_card", M("{where}: a 'call_partner' move needs 'card'", where=where))
            move["card"] = self._card(pack, raw["card"], f"{where}.card", False)
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
        elif kind == "call_partner":
            out["card"] = NAMES[move["card"]]
        return out

    # --- dealing ---
    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        hands, kitty, dead = _places(options["players"], dealer)
        out = {"hands": [[NAMES[cards[i]] for i in places] for places in hands],
               "kitty": [NAMES[cards[i]] for i in kitty]}
        if dead is not None:
            out["dead_hand"] = [NAMES[cards[i]] for i in dead]
        return out


_PLACES: dict[tuple[int, int], tuple] = {}


def _places(n: int, dealer: int) -> tuple:
    """Where each seat's cards, the kitty's and the dead hand's lie in the shuffled pack (packets of
    3, 4, 3 from the dealer's left, a card to the kitty after each round), worked out once per table."""
    places = _PLACES.get((n, dealer))
    if places is None:
        receivers = [(dealer + 1) % n, dealer, None] if n == 2 else [(dealer + 1 + k) % n for k in range(n)]
        got: dict = {seat: [] for seat in receivers}
        kitty = []
        i = 0
        for size in (3, 4, 3):
            for seat in receivers:
                got[seat] += range(i, i + size)
                i += size
            kitty.append(i)
            i += 1
        assert i == 10 * len(receivers) + 3
        places = _PLACES[(n, dealer)] = (tuple(got[s] for s in range(n)), kitty, got.get(None))
    return places

