"""Request envelopes: marshmallow checks the top level; the referee checks the record itself.

Validating each card and move with a nested field object would cost more than the whole request
(DESIGN.md), so records, moves and calculator bodies are taken as raw JSON here and checked in bulk
by ``service.rules``, which also reports them in the agreed order.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, fields


class Envelope(Schema):
    class Meta:
        unknown = RAISE


class RecordRequest(Envelope):
    record = fields.Dict(required=True, metadata={"description": "a record, or a view of one"})


class MoveRequest(RecordRequest):
    move = fields.Raw(required=True, metadata={"description": "the move to check or make"})


class ViewRequest(RecordRequest):
    seat = fields.Raw(required=True, metadata={"description": "the seat whose view is wanted"})


class DealRequest(Envelope):
    seed = fields.String(load_default=None, allow_none=False, metadata={"description": "any string; drawn by the "
                                                      "service when absent and returned"})
    options = fields.Raw(load_default=None)
    dealer = fields.Raw(load_default=0)
    match = fields.Raw(load_default=None)


class MatchReplayRequest(Envelope):
    hands = fields.List(fields.Dict(), required=True,
                        metadata={"description": "the match's hands as records, in order"})
