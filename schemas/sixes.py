"""Sixes' bodies, for the contract (``openapi.yaml``) and the calculators' envelopes.

Sixes has no tricks and no auction: no trick-winner or bids/validate calculator (404 ``not_found``),
``tricks`` is always ``[]`` and the layout, pot and chips take their place in the state.
"""

from __future__ import annotations

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.rules.games.sixes import GAME
from service.rules.messages import M

from .chain import next_match_field
from .fields import card, enum, ints, many, move_schemas, nested, options_schema, seat
from .records import record_schemas, GameSchemas, Trick

N = 6  # at most six players (3 to 5, or 6 with the 48-card pack: variant)
CARD = r"^[a2-9jqkA2-9JQK][shdcSHDC]$"
SUITS = ["S", "H", "D", "C"]


def _seat(**kw):
    return seat(N, **kw)


def _counts(**meta):
    return fields.List(fields.Integer(strict=True), required=True,
                       validate=validate.Length(min=3, max=N), metadata=meta)


Options = options_schema("Sixes", GAME.options)


def _options():
    return fields.Nested(Options, allow_none=True)


Match = Schema.from_dict({
    "chips": fields.List(fields.Integer(strict=True, validate=validate.Range(min=1)),
                         validate=validate.Length(min=3, max=N),
                         metadata={"description": "each seat's chips before this round (all >= 1: a "
                                                  "round that leaves someone at 0 ends the match)"}),
    "hand_number": fields.Integer(strict=True, validate=validate.Range(min=1)),
}, name="SixesMatch")

Deal = Schema.from_dict({
    "hands": fields.List(fields.List(fields.String(allow_none=True, metadata={"pattern": CARD})),
                         required=True, validate=validate.Length(min=3, max=N),
                         metadata={"description": "each seat's cards in the order dealt (8 each with 5 "
                                                  "players, 10 with 4, 14/13/13 with 3 from the "
                                                  "dealer's left; 8 each of the 48-card pack with 6 "
                                                  "players); null where a view hides"}),
}, name="SixesDeal")

MOVES = move_schemas("Sixes", GAME.id, N, GAME.move_fields, {
    "card": lambda kind, f: card(CARD),
})

Record, DealRequest = record_schemas("Sixes", GAME.id, Options, Deal, MOVES, Match, GAME.max_players)

def _variant_counts(description):
    field = _counts(description=description)
    field.required = False
    return field


_VARIANT_RESULT = {
    "antes": _variant_counts("variant ante >= 1 only: what each seat paid into the pot before the "
                             "opening (all he had if that was less than the ante)"),
    "card_payments": _variant_counts("variant pay_per_card only: what each seat paid per card left "
                                     "(as far as his chips went; the winner's 0)"),
}

Result = Schema.from_dict({
    "round_winner": _seat(metadata={"description": "the seat that went out first and took the pot"}),
    "pot": fields.Integer(required=True, metadata={"description": "the chips the round winner took"}),
    "passes": _counts(description="every pass of each seat this round"),
    "unpaid_passes": _counts(description="passes made without a chip to pay"),
    "deltas": _counts(description="this round's change of each seat's chips"),
    "chips": _counts(description="each seat's chips after the round"),
    "scores": _counts(description="the same as chips (the name every game's result shares)"),
    "match_over": fields.Boolean(required=True),
    "winner": _seat(nullable=True, metadata={"description": "the single match winner; null while the "
                                                             "match goes on or when the most chips are shared"}),
    "winners": ints(metadata={"description": "the match winners (every seat with the most chips once "
                                             "the match is over); [] while it goes on"}),
    "next_dealer": _seat(metadata={"description": "whoever played the six of diamonds this round"}),
    "next_match": next_match_field("Sixes", Match),
    **_VARIANT_RESULT,
    "cards_left": _variant_counts("variant pay_per_card only: the cards each seat still held when "
                                  "the round ended (the winner's 0)"),
}, name="SixesResult")

RowEnds = Schema.from_dict({"low": fields.String(required=True), "high": fields.String(required=True)},
                           name="SixesRow")
# An object keyed by the four suits, written as a map (propertyNames + exactly four entries) rather
# than four named properties: a generated Python client turns the property "D" into an attribute
# ``d``, which openapi-python-client's own parser uses for the raw dict, and breaks.
def _layout(**meta):
    return fields.Dict(keys=fields.String(), values=fields.Nested(RowEnds, allow_none=True), required=True,
                       metadata={**meta, "propertyNames": {"enum": list(SUITS)}, "minProperties": len(SUITS),
                                 "maxProperties": len(SUITS)})

State = Schema.from_dict({
    "phase": enum(["playing", "done"]),
    "to_act": _seat(nullable=True, metadata={
        "description": "null once done (and, in a view, before the opening when the viewer does not "
                       "hold the six of diamonds)"}),
    "legal_moves": many(MOVES, nullable=True),
    "tricks": many(Trick, metadata={"description": "always []: Sixes has no tricks"}),
    "layout": _layout(description="each suit's row ends (keys S, H, D, C); null before its six"),
    "pot": fields.Integer(required=True, metadata={"description": "chips in the pot (0 once done)"}),
    "chips": _counts(description="current chips, after what was paid so far this round"),
    "hand_sizes": _counts(description="cards each seat holds"),
    "hands": fields.List(fields.List(fields.String(allow_none=True)), required=True),
    "result": nested(Result, nullable=True),
}, name="SixesState")


_round = {
    "passes": fields.List(fields.Integer(strict=True, validate=validate.Range(min=0)), required=True,
                          validate=validate.Length(min=3, max=N),
                          metadata={"description": "each seat's passes in the round"}),
    "round_winner": _seat(metadata={"description": "the seat that went out"}),
    "cards_left": fields.List(fields.Integer(strict=True, validate=validate.Range(min=0)),
                              validate=validate.Length(min=3, max=N),
                              metadata={"description": "variant pay_per_card: each seat's cards left when "
                                                       "the round ended (required with it, ignored without; "
                                                       "the round winner's entry is not used)"}),
}


class _CardsLeftWithPayPerCard(Schema):
    """``cards_left`` is required exactly when ``options.pay_per_card`` is on (sixes.md V2)."""

    envelope_checks = True

    @validates_schema
    def _cards_left(self, data, **kwargs):
        options = data.get("options") or {}
        if isinstance(options, dict) and options.get("pay_per_card") is True and "cards_left" not in data:
            raise ValidationError(M("required with options.pay_per_card"), "cards_left")
_chips_in = fields.List(fields.Integer(strict=True, validate=validate.Range(min=1)),
                        validate=validate.Length(min=3, max=N),
                        metadata={"description": "chips before (default: start_chips each)"})
ScoreIn = type("SixesScoreRequest", (_CardsLeftWithPayPerCard,),
               {"options": _options(), "chips": _chips_in, **_round,
                "Meta": type("Meta", (), {"register": False})})
ScoreOut = Schema.from_dict({
    "round_winner": _seat(), "pot": fields.Integer(required=True),
    "passes": _counts(), "unpaid_passes": _counts(), "deltas": _counts(), "chips": _counts(),
    "match_over": fields.Boolean(required=True), "winner": _seat(nullable=True),
    "winners": ints(), **_VARIANT_RESULT,
}, name="SixesScore")


RoundOutcome = Schema.from_dict(dict(_round), name="SixesRoundOutcome")



MatchScoreIn = Schema.from_dict({
    "options": _options(),
    "chips": fields.List(fields.Integer(strict=True, validate=validate.Range(min=1)),
                         validate=validate.Length(min=3, max=N),
                         metadata={"description": "chips before the first round (default: start_chips each)"}),
    "hands": many(RoundOutcome, metadata={"description": "one per round, in order"}),
}, name="SixesMatchScoreRequest")
MatchScoreOut = Schema.from_dict({
    "running_chips": fields.List(fields.List(fields.Integer()), required=True),
    "chips": _counts(),
    "over_after_hand": fields.Integer(required=True, allow_none=True),
    "match_over": fields.Boolean(required=True),
    "winner": _seat(nullable=True), "winners": ints(),
}, name="SixesMatchScore")

SCHEMAS = GameSchemas(
    game_id=GAME.id, prefix="Sixes", record=Record, moves=MOVES, state=State, result=Result,
    deal_request=DealRequest, max_players=N,
    calculators={"score": (ScoreIn, ScoreOut), "score_match": (MatchScoreIn, MatchScoreOut)},
)
