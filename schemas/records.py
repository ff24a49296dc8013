"""Per-game wrappers built from a game's own schemas: requests and answers of the record endpoints."""

from __future__ import annotations

from dataclasses import dataclass, field

from marshmallow import Schema, fields

from .fields import OneOf, const, many, nested, seat


@dataclass
class GameSchemas:
    """Everything the contract says about one game; built by each ``schemas/<game>.py``."""

    game_id: str
    prefix: str
    record: type[Schema]
    moves: tuple
    state: type[Schema]
    result: type[Schema]
    deal_request: type[Schema]
    calculators: dict = field(default_factory=dict)  # method -> (input schema, answer schema)
    examples: dict = field(default_factory=dict)      # method -> [{"input", "expected"}]
    max_players: int = 4
    derived: dict = field(default_factory=dict)

    def __post_init__(self):
        p, n = self.prefix, self.max_players
        self.derived = _wrappers(p, self.record, self.moves, self.state, self.result, n)
        # the game's deal request plus the sealing switch (same component name)
        self.deal_request = type(self.deal_request.__name__, (self.deal_request,), {"seal": fields.Boolean(
            metadata={"default": False, "description": "answer with sealed tokens and the seed's commitment "
                                                       "(a SealedDeal) instead of the record (docs/TRUST.md)"})})


TOKEN = {"pattern": "^[A-Za-z0-9_-]+$"}


def token(description: str, required: bool = True) -> fields.String:
    return fields.String(required=required, metadata={**TOKEN, "description": description})


def seat_tokens(required: bool = True) -> fields.List:
    return fields.List(token("a token bound to this seat"), required=required, metadata={
        "description": "one token per seat, in seat order, each answering only with that seat's view"})


class SealedDeal(Schema):
    """``…/deals`` with ``seal: true``: no record and no seed, only what each party may hold."""

    record_token = token("the whole record sealed, seed included; for the referee's operator, never a player")
    seat_tokens = seat_tokens()
    seed_commitment = fields.String(required=True, metadata={
        "pattern": "^[0-9a-f]{64}$", "description": "hex SHA-256 of the seed's UTF-8 bytes, for "
                                                    "checking the deal once the seed is revealed"})


def sealed_move_answer(prefix: str, move_answer: type[Schema]) -> type[Schema]:
    """A game's move answer with the new token in place of the record (events and state as the game has them)."""
    attrs = {k: v for k, v in move_answer._declared_fields.items() if k != "record"}
    return Schema.from_dict({
        "record_token": token("the record with the move, sealed for the same seat as the token sent"),
        "seat_tokens": seat_tokens(required=False), **attrs}, name=prefix + "SealedMoveAnswer")


class TokenRequest(Schema):
    record_token = token("a token without a seat")


def _wrappers(p, record, moves, state, result, n):
    def make(name, attrs):
        return Schema.from_dict(attrs, name=p + name)

    move = OneOf(*moves, required=True)
    legal = make("LegalMoves", {"seat": seat(n, nullable=True), "moves": many(moves, nullable=True)})
    events = (
        make("TrickWonEvent", {"type": const("trick_won"), "index": fields.Integer(required=True),
                                "trick": fields.Integer(required=True), "seat": seat(n)}),
        make("HandOverEvent", {"type": const("hand_over"), "index": fields.Integer(required=True),
                                "result": nested(result)}),
        make("MatchOverEvent", {"type": const("match_over"), "index": fields.Integer(required=True),
                                 "winner": fields.Integer(required=True, allow_none=True)}),
    )
    rec = {"record": nested(record, required=False),
           "record_token": token("a sealed record from an earlier answer, instead of `record`; a token "
                                 "bound to a seat answers with that seat's view", required=False)}
    return {
        "RecordRequest": make("RecordRequest", dict(rec)),
        "MoveRequest": make("MoveRequest", {**rec, "move": move}),
        "ViewRequest": make("ViewRequest", {**rec, "seat": seat(n)}),
        "LegalMoves": legal,
        "MoveAnswer": make("MoveAnswer", {"record": nested(record), "events": many(events),
                                          "state": nested(state)}),
        "MatchReplayRequest": make("MatchReplayRequest", {
            "hands": many(record, required=False),
            "hand_tokens": fields.List(token("a token without a seat"), required=False, metadata={
                "description": "the match's hands as tokens, instead of `hands`"})}),
        "MatchReplayAnswer": make("MatchReplayAnswer", {
            "per_hand": many(make("HandOfMatch", {"dealer": seat(n), "result": nested(result), "deal_verified": fields.Boolean(
                required=True, metadata={"description": "the hand's record carried its seed, and its deal "
                                         "is that seed's (a record without a seed: false)"})})),
            "running_scores": fields.List(fields.List(fields.Integer()), required=True),
            "scores": fields.List(fields.Integer(), required=True),
            "match_over": fields.Boolean(required=True),
            "winner": fields.Integer(required=True, allow_none=True),
            "winners": fields.List(fields.Integer(), metadata={
                "description": "where a match can end shared (Sixes): every winner"})}),
    }


# trick shapes are shared by every trick game; seats up to Five Hundred's six players
class TrickCard(Schema):
    seat = seat(6)
    card = fields.String(required=True)


class Trick(Schema):
    leader = seat(6)
    cards = many(TrickCard)
    winner = seat(6)


class CurrentTrick(Schema):
    leader = seat(6)
    cards = many(TrickCard)


def record_schemas(prefix: str, game_id: str, options, deal, moves: tuple, match, n: int,
                   dealer_note: str = "") -> tuple[type[Schema], type[Schema]]:
    """A game's record and deal-request schemas: the same envelope for every game."""
    options_field = lambda: fields.Nested(options, allow_none=True)  # noqa: E731 - one per schema
    record = Schema.from_dict({
        "game": const(game_id),
        "options": options_field(),
        "dealer": seat(n),
        "seed": fields.String(metadata={"description": "the seed the deal came from (full records only)"}),
        "deal": nested(deal),
        "moves": many(moves, required=False),
        "match": fields.Nested(match, allow_none=True),
        "viewer": seat(n, required=False, metadata={"description": "present in a view: the seat it belongs to"}),
    }, name=f"{prefix}Record")
    meta = {"default": 0}
    if dealer_note:
        meta["description"] = dealer_note
    deal_request = Schema.from_dict({
        "seed": fields.String(metadata={"description": "any string; drawn by the service when absent"}),
        "options": options_field(),
        "dealer": seat(n, required=False, metadata=meta),
        "match": fields.Nested(match, allow_none=True),
    }, name=f"{prefix}DealRequest")
    return record, deal_request
