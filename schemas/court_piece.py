"""Court Piece's bodies, for the contract (``openapi.yaml``) and the calculators' envelopes."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rules.games.court_piece import GAME

from .fields import card, cards, enum, ints, many, move_schemas, nested, options_schema, seat
from .records import record_schemas, CurrentTrick, GameSchemas, TrickCard

CARD = r"^(?:[2-9tjqkaTJQKA]|10)[shdcSHDC]$"
SUIT = ["S", "H", "D", "C"]
P = "CourtPiece"

Options = options_schema(P, GAME.options)


def _options():
    return fields.Nested(Options, allow_none=True)


Match = Schema.from_dict({
    "hand_number": fields.Integer(strict=True, validate=validate.Range(min=1),
                                  metadata={"description": "1-based number of this hand (redeals count)"}),
    "scores": fields.List(fields.Integer(strict=True, validate=validate.Range(min=0)),
                          validate=validate.Length(equal=2),
                          metadata={"description": "team scores before this hand: points, or courts"}),
    "consecutive_wins": fields.List(fields.Integer(strict=True, validate=validate.Range(0, 6)),
                                    validate=validate.Length(equal=2),
                                    metadata={"description": "courts scoring: hands won in a row by each team"}),
    "first_game_seats": fields.List(fields.Integer(strict=True, validate=validate.Range(0, 3)),
                                    metadata={"description": "seats whose player is in his very first game"}),
}, name=f"{P}Match")

DrawCard = Schema.from_dict({"seat": seat(), "card": card(CARD)}, name=f"{P}DrawCard")
Deal = Schema.from_dict({
    "hands": fields.List(cards(CARD, nullable=True, length=13), required=True, validate=validate.Length(equal=4),
                         metadata={"description": "each seat's 13 cards in dealt order (positions 0-4 are the "
                                                  "first five, hands[dealer+1][5] the luck card); null where a "
                                                  "view hides"}),
    "draw": fields.List(fields.List(fields.Nested(DrawCard)), metadata={
        "description": "a match's first hand with first_hand_draw: the draw for the first chooser, in rounds"}),
}, name=f"{P}Deal")

MOVES = move_schemas(P, GAME.id, 4, GAME.move_fields, {
    "card": lambda kind, f: card(CARD, nullable=kind in ("call_trump", "change_trump")),
    "string": lambda kind, f: fields.String(required=True, validate=validate.OneOf(SUIT),
                                            metadata={"description": "a suit, exactly S, H, D or C"}),
})

Record, DealRequest = record_schemas(P, GAME.id, Options, Deal, MOVES, Match, GAME.max_players, dealer_note="ignored in a first hand with first_hand_draw")

NextMatch = Schema.from_dict({
    "hand_number": fields.Integer(required=True), "scores": ints(2), "consecutive_wins": ints(2),
    "first_game_seats": ints(),
}, name=f"{P}NextMatch")

_score = {
    "deltas": ints(2), "scores": ints(2), "consecutive_wins": ints(2), "next_dealer": seat(),
    "match_over": fields.Boolean(required=True), "winner": fields.Integer(required=True, allow_none=True),
    "next_match": nested(NextMatch, nullable=True),
}

Result = Schema.from_dict({
    "redeal": fields.Boolean(required=True),
    "winner_team": fields.Integer(required=True, allow_none=True),
    "tricks_won": ints(2),
    "calling_team": fields.Integer(required=True, allow_none=True),
    "caller": seat(nullable=True),
    "kot": fields.Boolean(required=True),
    "goon_kot": fields.Boolean(required=True),
    "trump": enum(SUIT, nullable=True),
    "face_down_card": fields.String(required=True, allow_none=True),
    **_score,
}, name=f"{P}Result")

Trick = Schema.from_dict({
    "leader": seat(), "cards": many(TrickCard), "winner": seat(), "winning_card": fields.String(required=True),
    "revealed_at": fields.Integer(allow_none=True, metadata={
        "description": "hidden trump and hidden rung only: position of the first card played after the reveal, in its trick"}),
    "taken_by": fields.Integer(allow_none=True, metadata={
        "description": "double sar and hidden rung only: the team that took the trick, null while on the pile"}),
}, name=f"{P}Trick")

Event = Schema.from_dict({
    "type": enum(["trump_called", "passed_to_partner", "timeout", "luck_card", "trump_changed",
                  "trump_revealed", "trick_won", "pile_captured", "redeal", "hand_over", "match_over"]),
    "index": fields.Integer(required=True),
    "seat": seat(required=False), "card": fields.String(allow_none=True), "trump": enum(SUIT, required=False),
    "trick": fields.Integer(), "tricks": fields.Integer(), "result": fields.Nested(Result),
    "winner": fields.Integer(allow_none=True),
}, name=f"{P}Event")

State = Schema.from_dict({
    "phase": enum(["choose_trump", "play", "done"]),
    "to_act": seat(nullable=True),
    "legal_moves": many(MOVES, nullable=True),
    "time_limit_s": fields.Integer(required=True, allow_none=True),
    "mode": enum(["single_sar", "double_sar", "hidden_trump", "hidden_rung"]),
    "dealer": seat(),
    "first_chooser": seat(),
    "deciding": seat(nullable=True),
    "passed_to_partner": fields.Boolean(required=True),
    "caller": seat(nullable=True),
    "calling_team": fields.Integer(required=True, allow_none=True),
    "trump": enum(SUIT, nullable=True),
    "trump_revealed": fields.Boolean(required=True),
    "luck": fields.Boolean(required=True),
    "luck_card": fields.String(required=True, allow_none=True),
    "face_down_card": fields.String(required=True, allow_none=True),
    "face_down_seat": seat(nullable=True),
    "must_play_trump": seat(nullable=True),
    "trump_changed": fields.Boolean(required=True),
    "tricks": many(Trick),
    "current_trick": nested(CurrentTrick, nullable=True),
    "tricks_won": ints(2),
    "pile": fields.List(fields.Integer(), metadata={"description": "double sar and hidden rung only: tricks in the centre"}),
    "hands": fields.List(fields.List(fields.String(allow_none=True)), required=True),
    "events": many(Event),
    "result": nested(Result, nullable=True),
}, name=f"{P}State")


TrickWinnerIn = Schema.from_dict({
    "cards": many(TrickCard, metadata={"description": "1-4 cards in play order; the first card's seat led"}),
    "trump": enum(SUIT, nullable=True, required=False),
    "trump_from": fields.Integer(strict=True, validate=validate.Range(0, 3), metadata={
        "default": 0, "description": "position from which trump-suit cards count as trumps"}),
}, name=f"{P}TrickWinnerRequest")
TrickWinnerOut = Schema.from_dict({"seat": seat(), "card": fields.String(required=True)},
                                  name=f"{P}TrickWinner")
ScoreIn = Schema.from_dict({
    "options": _options(), "match": fields.Nested(Match, allow_none=True), "dealer": seat(),
    "calling_team": fields.Integer(strict=True, allow_none=True, metadata={
        "description": "optional: implied by the dealer, (dealer + 1) mod 2; null is absent"}),
    "winner_team": fields.Integer(strict=True, allow_none=True, metadata={
        "description": "0 or 1 (null or absent on a redeal, whose result carries it as null)"}),
    "kot": fields.Boolean(allow_none=True, metadata={"description": "the winner won by kot or goon kot"}),
    "redeal": fields.Boolean(metadata={"default": False}),
}, name=f"{P}ScoreRequest")
ScoreOut = Schema.from_dict(_score, name=f"{P}Score")
HandOutcome = Schema.from_dict({
    "winner_team": fields.Integer(strict=True, allow_none=True), "kot": fields.Boolean(allow_none=True),
    "calling_team": fields.Integer(strict=True, allow_none=True), "redeal": fields.Boolean(),
}, name=f"{P}HandOutcome")
MatchScoreIn = Schema.from_dict({
    "options": _options(),
    "scores": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
    "dealer": seat(),
    "consecutive_wins": fields.List(fields.Integer(strict=True), validate=validate.Length(equal=2)),
    "hands": many(HandOutcome),
}, name=f"{P}MatchScoreRequest")
MatchScoreOut = Schema.from_dict({
    "running_scores": fields.List(fields.List(fields.Integer()), required=True), "scores": ints(2),
    "match_over": fields.Boolean(required=True), "winner": fields.Integer(required=True, allow_none=True),
    "over_after_hand": fields.Integer(required=True, allow_none=True), "dealers": ints(),
    "next_dealer": seat(), "consecutive_wins": ints(2),
}, name=f"{P}MatchScore")

SCHEMAS = GameSchemas(
    game_id=GAME.id, prefix=P, record=Record, moves=MOVES, state=State, result=Result,
    deal_request=DealRequest,
    calculators={"trick_winner": (TrickWinnerIn, TrickWinnerOut), "score": (ScoreIn, ScoreOut),
                 "score_match": (MatchScoreIn, MatchScoreOut)},
)

# Court Piece's moves cause more events than the three every game shares (court-piece.md, "Derived
# state", events): the move answer lists them all.
SCHEMAS.derived["MoveAnswer"] = Schema.from_dict({
    "record": nested(Record), "events": many(Event), "state": nested(State),
}, name=f"{P}MoveAnswer")
