"""The calculators: trick winner, bid validation, hand score, match score (document, "API bodies")."""

from __future__ import annotations

from ...cards import NAMES
from ...errors import IllegalMove, InvalidRecord, M, short
from ...game import is_int
from .auction import Auction
from .hand import _suit_letter
from .ranking import ranking_for, trick_winner_index
from .scoring import settle, settle_played_out
from .tables import MISERE_FAMILY, RUNG, SUIT_INT, TRUMP_OF, calls_partner, plays_out, sides_of


class Calculators:
    """Mixed into ``FiveHundred``: the endpoints that need no record."""

    # --- calculators ---
    def _body(self, body, fields: tuple[str, ...]) -> dict:
        if not isinstance(body, dict):
            raise InvalidRecord("invalid_record", M("the body must be an object"))
        extra = [k for k in body if k not in fields]
        if extra:
            raise InvalidRecord("invalid_record", M("unknown field {extra}", extra=short(extra[0])))
        return body

    @staticmethod
    def _bid(value, where: str) -> str:
        if not isinstance(value, str) or value not in RUNG:
            raise InvalidRecord("invalid_bid", M("{where}: {value} is not a bid", where=where, value=short(value)))
        return value

    def _contract(self, value, options: dict, where: str) -> tuple[str, int, int | None]:
        """``(bid, seat, partner)``; ``partner`` (variant call_partner) is read only with the option on
        and a suit or no-trump bid, and ignored otherwise whatever its value."""
        if not isinstance(value, dict) or not {"bid", "seat"} <= set(value) <= {"bid", "seat", "partner"}:
            raise InvalidRecord("invalid_record", M("{where} must be an object with 'bid' and 'seat'", where=where))
        bid = self._bid(value["bid"], f"{where}.bid")
        seat = value["seat"]
        if not is_int(seat) or not 0 <= seat < options["players"]:
            raise InvalidRecord("bad_seat", M("{where}.seat: {seat} is not a seat", where=where, seat=short(seat)))
        partner = None
        if calls_partner(options) and bid not in MISERE_FAMILY:
            partner = value.get("partner")
            if partner is not None and (not is_int(partner) or not 0 <= partner < options["players"]
                                        or partner == seat):
                raise InvalidRecord("invalid_record", M("{where}.partner: {partner} is not a seat other than the "
                                    "contractor's (or null: alone)", where=where, partner=short(partner)))
        return bid, seat, partner

    def _scores(self, value, k: int, where: str) -> list[int]:
        if not isinstance(value, list) or len(value) != k or not all(map(is_int, value)):
            raise InvalidRecord("invalid_match", M("{where} must be a list of {value} integers (one per side)", where=where, value=k))
        return list(value)

    def _tricks(self, value, k: int, bid: str | None, where: str) -> list[int]:
        if (not isinstance(value, list) or len(value) != k
                or not all(is_int(t) and t >= 0 for t in value) or sum(value) > 10):
            raise InvalidRecord("invalid_record",
                                M("{where} must be {value} non-negative integers (one per side) totalling at most "
                                  "10", where=where, value=k))
        if bid is not None and bid not in MISERE_FAMILY and sum(value) != 10:
            raise InvalidRecord("invalid_record", M("{where}: a suit or no-trump hand has 10 tricks", where=where))
        return list(value)

    def trick_winner(self, body) -> dict:
        body = self._body(body, ("options", "contract", "joker_suit", "cards"))
        options = self.parse_options(body.get("options"))
        n, pack = options["players"], self.pack(options)
        bid = self._bid(body.get("contract"), "contract")
        joker_suit = body.get("joker_suit")
        if joker_suit is not None:
            if _suit_letter(joker_suit) is None:
                raise InvalidRecord("invalid_suit", M("joker_suit: {joker_suit} is not S, C, D, H or null", joker_suit=short(joker_suit)))
            if TRUMP_OF.get(bid) is not None:
                raise InvalidRecord("invalid_suit", M("the joker is nominated only in no trumps and misere"))
            joker_suit = SUIT_INT[joker_suit]
        raw = body.get("cards")
        if not isinstance(raw, list) or not 1 <= len(raw) <= n:
            raise InvalidRecord("invalid_record", M("cards must be a list of 1 to {n} plays", n=n))
        seats, cards = [], []
        for i, entry in enumerate(raw):
            where = f"cards[{i}]"
            if not isinstance(entry, dict) or not {"seat", "card"} <= set(entry) <= {"seat", "card", "suit"}:
                raise InvalidRecord("invalid_record", M("{where} must be an object with 'seat' and 'card'", where=where))
            seat = entry["seat"]
            if not is_int(seat) or not 0 <= seat < n or seat in seats:
                raise InvalidRecord("bad_seat", M("{where}.seat: {seat} is not a seat, or plays twice", where=where, seat=short(seat)))
            card = self._card(pack, entry["card"], f"{where}.card", False)
            if card in cards:
                raise InvalidRecord("duplicate_card", M("{where}: {card} is played twice", where=where, card=NAMES[card]))
            if entry.get("suit") is not None and _suit_letter(entry["suit"]) is None:
                raise InvalidRecord("invalid_suit", M("{where}.suit: {suit} is not S, C, D or H", where=where, suit=short(entry['suit'])))
            seats.append(seat)
            cards.append(card)
        steps = [(b - a) % n for a, b in zip(seats, seats[1:])]
        if sum(steps) >= n:
            raise InvalidRecord("invalid_record", M("cards must be in turn order from the leader"))
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
            raise InvalidRecord("invalid_dealer", M("dealer: {dealer} is not a seat 0-{n}", dealer=short(dealer), n=n - 1))
        calls = body.get("calls", [])
        if not isinstance(calls, list):
            raise InvalidRecord("invalid_move", M("calls must be a list of moves"))
        pack = self.pack(options)
        auction = Auction(n, dealer, options)
        for i, raw in enumerate(calls):
            move = self.parse_move(raw, n, pack, None, f"calls[{i}]")
            refusal = auction.refusal(move)
            if refusal:
                raise IllegalMove(refusal[0], refusal[1], move_index=i)
            auction.apply(move)
        if "bid" not in body:
            raise InvalidRecord("invalid_move", M("bid (the candidate call) is required"))
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
        if body.get("contract", ...) is None and plays_out(options):  # a hand played out after all passed
            tricks = self._tricks(body.get("tricks_by_side"), k, "played_out", "tricks_by_side")
            return settle_played_out(options, tricks, self._scores(body.get("scores", [0] * k), k, "scores"))
        bid, seat, partner = self._contract(body.get("contract"), options, "contract")
        tricks = self._tricks(body.get("tricks_by_side"), k, bid, "tricks_by_side")
        scores = self._scores(body.get("scores", [0] * k), k, "scores")
        return settle(options, bid, side_of[seat], tricks, scores, None if partner is None else side_of[partner])

    def score_match(self, body) -> dict:
        body = self._body(body, ("options", "scores", "hands"))
        options = self.parse_options(body.get("options"))
        k, side_of = sides_of(options)
        scores = self._scores(body.get("scores", [0] * k), k, "scores")
        hands = body.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("invalid_record", M("hands must be a list"))
        parsed = []
        for i, h in enumerate(hands):
            where = f"hands[{i}]"
            if not isinstance(h, dict) or not {"contract", "tricks_by_side"} >= set(h) or "contract" not in h:
                raise InvalidRecord("invalid_record", M("{where} must be {{contract, tricks_by_side}}", where=where))
            contract = None if h["contract"] is None else self._contract(h["contract"], options, f"{where}.contract")
            played_out = contract is None and plays_out(options)
            tricks = self._tricks(h.get("tricks_by_side", [0] * k), k,
                                  "played_out" if played_out else contract and contract[0], f"{where}.tricks_by_side")
            parsed.append((contract, tricks))
        running = []
        end = {"match_over": False, "winner": None, "backwards": []}
        over_after = None
        for i, (contract, tricks) in enumerate(parsed):
            out = None
            if contract is not None:
                bid, seat, partner = contract
                out = settle(options, bid, side_of[seat], tricks, scores,
                             None if partner is None else side_of[partner])
            elif plays_out(options):
                out = settle_played_out(options, tricks, scores)
            if out is not None:
                scores = out["scores"]
                end = {key: out[key] for key in ("match_over", "winner", "backwards")}
            running.append(list(scores))
            if end["match_over"]:
                over_after = i
                break
        return {"running_scores": running, "scores": scores, **end, "over_after_hand": over_after}

