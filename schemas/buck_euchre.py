"""Buck Euchre's bodies, for the contract (``openapi.yaml``) and the calculators' envelopes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rules.games.buck_euchre import GAME

from .chain import next_match_field
from .fields import options_schema, card, cards, enum, ints, many, move_schemas, nested, seat
from .records import record_schemas, CurrentTrick, GameSchemas, Trick, TrickCard

CARD = r"^(?:[9tjqkaTJQKA]|10)[shdcSHDC]$"
SUIT = ["S", "H", "D", "C"]


Options = options_schema("BuckEuchre", GAME.options)


def _options():
    return fields.Nested(Options, allow_none=True)


Match = Schema.from_dict({"scores": ints(4, required=False, metadata={"description": "before this hand"}),
                          "hand_number": fields.Integer(strict=True, validate=validate.Range(min=1))},
                         name="BuckEuchreMatch")
Deal = Schema.from_dict({
    "hands": fields.List(cards(CARD, nullable=True, length=5), required=True, validate=validate.Length(equal=4),
                         metadata={"description": "each seat's cards in the order dealt; null where a view hides"}),
    "turn_up": card(CARD),
    "stock": cards(CARD, nullable=True, length=3),
}, name="BuckEuchreDeal")

MOVES = move_schemas("BuckEuchre", GAME.id, 4, GAME.move_fields, {
    "card": lambda kind, f: card(CARD, nullable=kind == "discard"),
    "string": lambda kind, f: fields.String(required=True, metadata={
        "enum": SUIT + ["NT"],
        "description": "a suit; \"NT\" (no trump) only with the variant allow_no_trump_call, in the naming round"}),
})

Record, DealRequest = record_schemas("BuckEuchre", GAME.id, Options, Deal, MOVES, Match, GAME.max_players)

Result = Schema.from_dict({
    "trump": enum(SUIT, nullable=True),
    "maker": seat(nullable=True),
    "participants": ints(),
    "tricks_won": ints(4),
    "deltas": ints(4),
    "scores": ints(4),
    "march": seat(nullable=True),
    "match_over": fields.Boolean(required=True),
    "winner": seat(nullable=True),
    "next_dealer": seat(),
    "next_match": next_match_field("BuckEuchre", Match),
}, name="BuckEuchreResult")

State = Schema.from_dict({
    "phase": enum(["ordering", "discarding", "naming", "dropping", "playing", "done"]),
    "to_act": seat(nullable=True),
    "legal_moves": many(MOVES, nullable=True),
    "tricks": many(Trick),
    "current_trick": nested(CurrentTrick, nullable=True),
    "trump": enum(SUIT, nullable=True),
    "maker": seat(nullable=True),
    "turn_up": fields.String(required=True),
    "turned_down": fields.Boolean(required=True),
    "dropped": fields.List(fields.Boolean(), required=True),
    "tricks_won": ints(4),
    "hands": fields.List(fields.List(fields.String(allow_none=True)), required=True),
    "result": nested(Result, nullable=True),
}, name="BuckEuchreState")


TrickWinnerIn = Schema.from_dict({
    "leader": seat(), "cards": many(TrickCard), "trump": enum(SUIT, nullable=True),
}, name="BuckEuchreTrickWinnerRequest")
TrickWinnerOut = Schema.from_dict({"seat": seat(), "card": fields.String(required=True)},
                                  name="BuckEuchreTrickWinner")
_calls = (MOVES[0], MOVES[1], MOVES[3])  # pass, order_up, name_trump
BidIn = Schema.from_dict({
    "options": _options(), "dealer": seat(), "turn_up": card(CARD),
    "calls": many(_calls, required=False), "bid": fields.Raw(required=True, metadata={
        "type": "object", "description": "the candidate call (a move): pass, order_up or name_trump"}),
}, name="BuckEuchreBidRequest")
Contract = Schema.from_dict({"trump": enum(SUIT, nullable=True), "maker": seat(nullable=True)},
                            name="BuckEuchreContract")
BidOut = Schema.from_dict({
    "valid": fields.Boolean(required=True), "reason": fields.String(required=True, allow_none=True),
    "detail": fields.String(required=True, allow_none=True), "next": seat(nullable=True),
    "auction_over": fields.Boolean(required=True), "contract": nested(Contract, nullable=True),
}, name="BuckEuchreBidAnswer")
_outcome = {
    "maker": seat(nullable=True), "participants": ints(), "tricks_won": ints(4),
    "played_out": fields.Boolean(metadata={"default": True}),
}
ScoreIn = Schema.from_dict({"options": _options(), **_outcome, "scores": ints(4)},
                           name="BuckEuchreScoreRequest")
ScoreOut = Schema.from_dict({
    "deltas": ints(4), "scores": ints(4), "march": seat(nullable=True),
    "match_over": fields.Boolean(required=True), "winner": seat(nullable=True),
}, name="BuckEuchreScore")
HandOutcome = Schema.from_dict(_outcome, name="BuckEuchreHandOutcome")
MatchScoreIn = Schema.from_dict({
    "options": _options(), "scores": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=4)),
    "hands": many(HandOutcome),
}, name="BuckEuchreMatchScoreRequest")
MatchScoreOut = Schema.from_dict({
    "running_scores": fields.List(fields.List(fields.Integer()), required=True), "scores": ints(4),
    "over_after_hand": fields.Integer(required=True, allow_none=True), "winner": seat(nullable=True),
}, name="BuckEuchreMatchScore")

SCHEMAS = GameSchemas(
    game_id=GAME.id, prefix="BuckEuchre", record=Record, moves=MOVES, state=State, result=Result,
    deal_request=DealRequest,
    calculators={"trick_winner": (TrickWinnerIn, TrickWinnerOut), "validate_bid": (BidIn, BidOut),
                 "score": (ScoreIn, ScoreOut), "score_match": (MatchScoreIn, MatchScoreOut)},
)
