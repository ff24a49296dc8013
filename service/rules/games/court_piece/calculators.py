"""The calculators and the whole-match replay (document, "API bodies" and "Whole matches")."""

from __future__ import annotations

from ...cards import NAMES, SUITS
from ...errors import IllegalMove, InvalidRecord, M, short
from ...game import is_int
from .deck import PACK, parse_card, trick_winner_index
from .scoring import score_outcome


class Calculators:
    """Mixed into ``CourtPiece``: trick winner, hand and match scores, match replay."""

    # ---- calculators
    def trick_winner(self, body):
        if not isinstance(body, dict):
            raise InvalidRecord("bad_request", M("the body must be an object"))
        extra = [k for k in body if k not in ("cards", "trump", "trump_from")]
        if extra:
            raise InvalidRecord("bad_request", M("unknown field {extra}", extra=short(extra[0])))
        cards = body.get("cards")
        if not isinstance(cards, list) or not 1 <= len(cards) <= 4:
            raise InvalidRecord("bad_trick", M("cards must list 1 to 4 cards in play order"))
        seats, ints = [], []
        for i, e in enumerate(cards):
            if not isinstance(e, dict) or set(e) != {"seat", "card"}:
                raise InvalidRecord("bad_trick", M("cards[{value}] must be {{seat, card}}", value=i))
            s = e["seat"]
            if not is_int(s) or not 0 <= s < 4:
                raise InvalidRecord("bad_seat", M("cards[{value}].seat: {value2} is not a seat 0-3", value=i, value2=short(s)))
            if i and s != (seats[0] + i) % 4:
                raise InvalidRecord("bad_trick", M("cards[{value}].seat must be {seats} (play order)", value=i, seats=(seats[0] + i) % 4))
            c = parse_card(e["card"], f"cards[{i}].card")
            if c in ints:
                raise InvalidRecord("duplicate_card", M("cards[{value}]: {names} twice", value=i, names=NAMES[c]))
            seats.append(s)
            ints.append(c)
        trump = body.get("trump")
        if trump is not None:
            if not (isinstance(trump, str) and len(trump) == 1 and trump in SUITS):
                raise InvalidRecord("bad_trump", M("trump must be S, H, D, C or null"))
            trump = SUITS.index(trump)
        tf = body.get("trump_from", 0)
        if not is_int(tf) or not 0 <= tf <= 3:
            raise InvalidRecord("bad_trump_from", M("trump_from must be an integer 0-3"))
        w = trick_winner_index(ints, trump, tf)
        return {"seat": seats[w], "card": NAMES[ints[w]]}

    def _outcome(self, h, dealer, where):
        if not isinstance(h, dict):
            raise InvalidRecord("bad_score_input", M("{where} must be an object", where=where))
        redeal = h.get("redeal", False)
        if not isinstance(redeal, bool):
            raise InvalidRecord("bad_score_input", M("{where}.redeal must be a boolean", where=where))
        if redeal:  # a redeal's result carries calling_team, winner_team (and no kot) as null: passed back, ignored
            return None, None, False, True
        # null is absent (court-piece.md: a result's fields a client passes back may be null)
        h = {k: v for k, v in h.items() if v is not None}
        if "calling_team" in h and not is_int(h["calling_team"]):
            raise InvalidRecord("bad_score_input", M("{where}.calling_team must be 0 or 1 (or omitted)", where=where))
        if "winner_team" in h and not is_int(h["winner_team"]):
            raise InvalidRecord("bad_score_input", M("{where}.winner_team must be 0 or 1", where=where))
        if "kot" in h and not isinstance(h["kot"], bool):
            raise InvalidRecord("bad_score_input", M("{where}.kot must be a boolean", where=where))
        calling = (dealer + 1) % 2
        if "calling_team" in h and h["calling_team"] != calling:
            raise InvalidRecord("calling_team_mismatch",
                                M("{where}.calling_team: with dealer {dealer} team {calling} calls", where=where, dealer=dealer, calling=calling))
        wt = h.get("winner_team")
        if wt not in (0, 1) or isinstance(wt, bool):
            raise InvalidRecord("bad_score_input", M("{where}.winner_team must be 0 or 1", where=where))
        kot = h.get("kot")
        if not isinstance(kot, bool):
            raise InvalidRecord("bad_score_input", M("{where}.kot must be a boolean", where=where))
        return calling, wt, kot, False

    def _score_body(self, body, allowed: set) -> tuple[dict, int]:
        """A score body's fields, options and dealer, checked in that order."""
        if not isinstance(body, dict):
            raise InvalidRecord("bad_score_input", M("the body must be an object"))
        extra = [k for k in body if k not in allowed]
        if extra:
            raise InvalidRecord("bad_score_input", M("unknown field {extra}", extra=short(extra[0])))
        options = self.parse_options(body.get("options"))
        dealer = body.get("dealer")
        if not is_int(dealer) or not 0 <= dealer < 4:
            raise InvalidRecord("bad_dealer", M("dealer: {dealer} is not a seat 0-3", dealer=short(dealer)))
        return options, dealer

    def score(self, body):
        options, dealer = self._score_body(
            body, {"options", "match", "dealer", "calling_team", "winner_team", "kot", "redeal"})
        match = self.parse_match(body.get("match"), options)
        calling, wt, kot, redeal = self._outcome(body, dealer, "body")
        return score_outcome(options, match, dealer, calling, wt, kot, redeal)

    def score_match(self, body):
        options, dealer = self._score_body(body, {"options", "scores", "dealer", "consecutive_wins", "hands"})
        raw_match = {"scores": body.get("scores", [0, 0])}
        if "consecutive_wins" in body:
            raw_match["consecutive_wins"] = body["consecutive_wins"]
        match = self.parse_match(raw_match, options)
        hands = body.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("bad_score_input", M("hands must be a list"))
        running, dealers = [], []
        over_after = None
        out = None
        for i, h in enumerate(hands):
            calling, wt, kot, redeal = self._outcome(h, dealer, f"hands[{i}]")
            out = score_outcome(options, match, dealer, calling, wt, kot, redeal)
            dealers.append(dealer)
            running.append(out["scores"])
            dealer = out["next_dealer"]
            if out["match_over"]:
                over_after = i
                break
            match = out["next_match"]
        scores = running[-1] if running else match["scores"]
        runs = out["consecutive_wins"] if out else (match["consecutive_wins"]
                                                    if options["scoring"] == "courts" else [0, 0])
        return {"running_scores": running, "scores": scores,
                "match_over": over_after is not None,
                "winner": out["winner"] if over_after is not None else None,
                "over_after_hand": over_after, "dealers": dealers, "next_dealer": dealer,
                "consecutive_wins": runs}

    def replay_match(self, body, max_hands=None, header=None):
        """``…/matches/replay``: the hand records of a match in order (``header``: ``Game.replay_match``'s)."""
        hands = body.get("hands") if isinstance(body, dict) else None
        if not isinstance(hands, list) or not hands:
            raise InvalidRecord("bad_request", M("hands must be a non-empty list of records"))
        if max_hands is not None and len(hands) > max_hands:
            raise InvalidRecord("too_many_hands", M("a match log may hold at most {max_hands} hands", max_hands=max_hands))
        per_hand = []
        first_options = None
        prev = None
        for h, record in enumerate(hands):
            try:
                hand = self.start(record, None if header is None else header(record))
            except InvalidRecord as e:
                e.extra["hand_index"] = h
                raise
            if hand.viewer is not None:
                raise InvalidRecord("bad_record", M("hands[{h}] is a view; a match log needs full records", h=h),
                                    hand_index=h)
            if first_options is None:
                first_options = hand.options
                m = hand.match
                if m["hand_number"] != 1 or m["scores"] != [0, 0] or m["consecutive_wins"] != [0, 0]:
                    raise InvalidRecord("match_mismatch", M("the first hand must be hand 1 at 0-0"), hand_index=h)
            else:
                if hand.options != first_options:
                    raise InvalidRecord("options_mismatch", M("hands[{h}] has other options", h=h), hand_index=h)
                if prev["match_over"]:
                    raise InvalidRecord("match_over", M("hands[{h}] comes after the match ended", h=h), hand_index=h)
                nm = prev["next_match"]
                m = hand.match
                if any(m[k] != nm[k] for k in ("hand_number", "scores", "consecutive_wins")):
                    raise InvalidRecord("match_mismatch", M("hands[{h}].match is not the previous result's "
                                        "next_match", h=h), hand_index=h)
                if hand.dealer != prev["next_dealer"]:
                    raise InvalidRecord("dealer_mismatch", M("hands[{h}].dealer must be {next_dealer}", h=h, next_dealer=prev['next_dealer']), hand_index=h)
            moves = record.get("moves", [])
            if not isinstance(moves, list):
                raise InvalidRecord("bad_moves", M("record.moves must be a list"), hand_index=h)
            fast = self._fast_move
            for i, raw in enumerate(moves):
                try:  # a canonical play in one pass; the full reading (and its where-string) otherwise
                    move = fast(raw, 4, PACK) or self.parse_move(raw, 4, PACK, hand.viewer, f"hands[{h}].moves[{i}]")
                    hand.play(move, i)
                except IllegalMove as e:
                    e.extra["hand_index"] = h
                    raise
                except InvalidRecord as e:
                    e.extra["hand_index"] = h
                    raise
            if hand.result is None:
                if h < len(hands) - 1:
                    raise InvalidRecord("hand_incomplete", M("hands[{h}] is not finished", h=h), hand_index=h)
                per_hand.append({"dealer": hand.dealer, "result": None, "deal_verified": hand.seed is not None})
                break
            per_hand.append({"dealer": hand.dealer, "result": hand.result, "deal_verified": hand.seed is not None})
            prev = hand.result
        last = next((p["result"] for p in reversed(per_hand) if p["result"]), None)
        scores = last["scores"] if last else [0, 0]
        return {"per_hand": per_hand, "running_scores": [p["result"]["scores"] for p in per_hand if p["result"]],
                "scores": scores,
                "match_over": bool(last and last["match_over"]),
                "winner": last["winner"] if last else None}

