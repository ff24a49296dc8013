"""Bid Whist's bodies, for the contract (``openapi.yaml``) and the calculators' envelopes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rules.games.bid_whist import DIRECTIONS, GAME, MODES

from .chain import next_match_field
from .fields import OneOf, card, cards, const, enum, ints, many, move_schemas, nested, options_schema, seat
from .records import record_schemas, CurrentTrick, GameSchemas, Trick, TrickCard

CARD = r"^(?:(?:[2-9tjqkaTJQKA]|10)[shdcSHDC]|[rRbB][jJ])$"
SUIT = ["S", "H", "D", "C"]

Options = options_schema("BidWhist", GAME.options)


def _options():
    return fields.Nested(Options, allow_none=True)


Match = Schema.from_dict({"scores": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2),
                                                metadata={"description": "per team, before this hand; "
                                                          "default [0, 0]"}),
                          "hand_number": fields.Integer(strict=True, validate=validate.Range(min=1))},
                         name="BidWhistMatch")
Deal = Schema.from_dict({
    "hands": fields.List(cards(CARD, nullable=True, length=12), required=True,
                         validate=validate.Length(equal=4),
                         metadata={"description": "each seat's 12 cards in the order dealt; null where a view hides"}),
    "kitty": cards(CARD, nullable=True, length=6,
                   description="the 6 leftover cards in shuffled order; null where a view hides"),
}, name="BidWhistDeal")

_STRINGS = {"suit": SUIT, "mode": list(MODES), "direction": list(DIRECTIONS)}

MOVES = move_schemas("BidWhist", GAME.id, 4, GAME.move_fields, {
    "card": lambda kind, f: card(CARD),
    "cards": lambda kind, f: cards(CARD, nullable=True, description="6 cards; null in others' views"),
    # the values are listed, not enforced: another string is an illegal move (invalid_bid, invalid_suit,
    # invalid_direction), answered by the referee, not a malformed request
    "string": lambda kind, f: fields.String(required=True, metadata={
        "description": "one of " + ", ".join(_STRINGS[f]) + "; another string is an illegal move"}),
    "integer": lambda kind, f: fields.Integer(required=True, strict=True,
                                              metadata={"description": "books over six, 1-7"}),
})
_PASS, _BID, _NAME_TRUMP, _CHOOSE_DIRECTION, _DISCARD, _PLAY = MOVES

DiscardTemplate = Schema.from_dict({
    "seat": seat(), "type": const("discard"),
    "count": fields.Integer(required=True, metadata={"description": "how many cards to discard (6)"}),
    "from": cards(CARD, description="the bidder's 18 cards in hand order"),
    "Meta": type("Meta", (), {"register": False}),
}, name="BidWhistDiscardTemplate")
LISTED = (_PASS, _BID, _NAME_TRUMP, _CHOOSE_DIRECTION, DiscardTemplate, _PLAY)

Record, DealRequest = record_schemas("BidWhist", GAME.id, Options, Deal, MOVES, Match, GAME.max_players)

HighBid = Schema.from_dict({"seat": seat(), "level": fields.Integer(required=True),
                            "mode": enum(MODES)}, name="BidWhistHighBid")
Contract = Schema.from_dict({
    "bidder": seat(), "level": fields.Integer(required=True), "mode": enum(MODES),
    "trump": enum(SUIT, nullable=True), "direction": enum(DIRECTIONS, nullable=True),
}, name="BidWhistContract")
BareContract = Schema.from_dict({
    "bidder": seat(), "level": fields.Integer(required=True, strict=True), "mode": enum(MODES),
}, name="BidWhistBareContract")

_SCORED = {
    "made": fields.Boolean(required=True),
    "deltas": ints(2, metadata={"description": "this hand's change per team"}),
    "scores": ints(2, metadata={"description": "per team, after the hand"}),
    "boston": fields.Boolean(required=True, metadata={"description": "the bidding team took all 13 books"}),
    "match_over": fields.Boolean(required=True),
    "winner": fields.Integer(required=True, allow_none=True, metadata={"description": "the team that won the match"}),
}
Result = Schema.from_dict({
    "contract": nested(Contract),
    "books": ints(2, metadata={"description": "per team, the kitty book included"}),
    **_SCORED,
    "next_dealer": seat(),
    "next_match": next_match_field("BidWhist", Match),
}, name="BidWhistResult")

State = Schema.from_dict({
    "phase": enum(["bidding", "declaring", "discarding", "playing", "done"]),
    "to_act": seat(nullable=True),
    "legal_moves": many(LISTED, nullable=True),
    "tricks": many(Trick),
    "current_trick": nested(CurrentTrick, nullable=True),
    "high_bid": nested(HighBid, nullable=True),
    "contract": nested(Contract, nullable=True),
    "tricks_won": ints(4),
    "books": ints(2, metadata={"description": "per team so far, the kitty book included once there is a bidder"}),
    "hands": fields.List(fields.List(fields.String(allow_none=True)), required=True),
    "discards": fields.List(fields.String(allow_none=True), required=True, allow_none=True),
    "result": nested(Result, nullable=True),
}, name="BidWhistState")


TrickWinnerIn = Schema.from_dict({
    "leader": seat(), "cards": many(TrickCard), "trump": enum(SUIT, nullable=True),
    "direction": enum(DIRECTIONS),
    "options": fields.Nested(Options, allow_none=True, metadata={
        "description": "optional (absent: the defaults); read only for the variant downtown_aces, "
                       "checked like a record's options"}),
}, name="BidWhistTrickWinnerRequest")
TrickWinnerOut = Schema.from_dict({
    "seat": seat(nullable=True, metadata={"description": "null only for a no-trump trick of jokers alone"}),
    "card": fields.String(required=True, allow_none=True),
}, name="BidWhistTrickWinner")
BidIn = Schema.from_dict({
    "options": _options(), "dealer": seat(),
    "calls": many((_PASS, _BID), required=False),
    "bid": OneOf(_PASS, _BID, required=True, metadata={"description": "the candidate call"}),
}, name="BidWhistBidRequest")
BidOut = Schema.from_dict({
    "valid": fields.Boolean(required=True), "reason": fields.String(required=True, allow_none=True),
    "detail": fields.String(required=True, allow_none=True),
    "high_bid": nested(HighBid, nullable=True), "next": seat(nullable=True),
    "auction_over": fields.Boolean(required=True), "contract": nested(BareContract, nullable=True),
}, name="BidWhistBidAnswer")
_outcome = {"contract": nested(BareContract),
            "books": ints(2, metadata={"description": "per team, the kitty book included (total 13)"})}
ScoreIn = Schema.from_dict({"options": _options(), **_outcome, "scores": ints(2)},
                           name="BidWhistScoreRequest")
ScoreOut = Schema.from_dict(dict(_SCORED), name="BidWhistScore")
HandOutcome = Schema.from_dict(dict(_outcome), name="BidWhistHandOutcome")
MatchScoreIn = Schema.from_dict({
    "options": _options(),
    "scores": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
    "hands": many(HandOutcome),
}, name="BidWhistMatchScoreRequest")
MatchScoreOut = Schema.from_dict({
    "running_scores": fields.List(fields.List(fields.Integer()), required=True), "scores": ints(2),
    "over_after_hand": fields.Integer(required=True, allow_none=True),
    "winner": fields.Integer(required=True, allow_none=True),
}, name="BidWhistMatchScore")

SCHEMAS = GameSchemas(
    game_id=GAME.id, prefix="BidWhist", record=Record, moves=MOVES, state=State, result=Result,
    deal_request=DealRequest,
    calculators={"trick_winner": (TrickWinnerIn, TrickWinnerOut), "validate_bid": (BidIn, BidOut),
                 "score": (ScoreIn, ScoreOut), "score_match": (MatchScoreIn, MatchScoreOut)},
)
# the listing holds a discard *template*, not a discard move (CONVENTIONS.md "Parameterized moves")
SCHEMAS.derived["LegalMoves"] = Schema.from_dict(
    {"seat": seat(nullable=True), "moves": many(LISTED, nullable=True)}, name="BidWhistLegalMoves")
