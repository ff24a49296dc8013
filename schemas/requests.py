"""Request envelopes: marshmallow checks the top level; the referee checks the record itself.

Validating each card and move with a nested field object would cost more than the whole request
(DESIGN.md), so records, moves and calculator bodies are taken as raw JSON here and checked in bulk
by ``service.rules``, which also reports them in the agreed order.

A record may come sealed, as ``record_token`` (docs/TRUST.md): every record-taking envelope takes
exactly one of ``record`` and ``record_token``.
"""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validates_schema

from service.rules.messages import M

TOKEN_DESCRIPTION = "a sealed record from an earlier answer (docs/TRUST.md), instead of `record`"


class StrictBoolean(fields.Boolean):
    """JSON true or false only: marshmallow's own takes 1, "yes" and friends (and 1 == True in a set)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not bool:
            raise self.make_error("invalid")
        return value


class Strings(fields.List):
    """A list of strings checked in one pass: marshmallow's own examines each item through a field
    object, which for 500 hand tokens costs more than opening the two the replay gets to (issue 11)."""

    def __init__(self, **kwargs):
        super().__init__(fields.String(), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is list and all(type(v) is str for v in value):
            return value
        return super()._deserialize(value, attr, data, **kwargs)


class Envelope(Schema):
    class Meta:
        unknown = RAISE


def _exactly_one(data, first, second):
    if (first in data) == (second in data):
        message = M("send exactly one of {first} and {second}", first=repr(first), second=repr(second))
        raise ValidationError({first: [message], second: [message]})


class RecordRequest(Envelope):
    record = fields.Dict(metadata={"description": "a record, or a view of one"})
    record_token = fields.String(metadata={"description": TOKEN_DESCRIPTION})
    exactly_one = (("record", "record_token"),)  # also read by service/http/envelope.py's fast check

    @validates_schema
    def _one_record(self, data, **kwargs):
        for pair in self.exactly_one:
            _exactly_one(data, *pair)


class MoveRequest(RecordRequest):
    move = fields.Raw(required=True, metadata={"description": "the move to check or make"})


class ViewRequest(RecordRequest):
    seat = fields.Raw(required=True, metadata={"description": "the seat whose view is wanted"})


class TokenRequest(Envelope):
    record_token = fields.String(required=True, metadata={"description": TOKEN_DESCRIPTION})


class DealRequest(Envelope):
    seed = fields.String(load_default=None, allow_none=False, metadata={"description": "any string; drawn by the "
                                                      "service when absent and returned"})
    options = fields.Raw(load_default=None)
    dealer = fields.Raw(load_default=0)
    match = fields.Raw(load_default=None)
    seal = StrictBoolean(load_default=False,
                          metadata={"description": "answer with sealed tokens and the seed's commitment "
                                                   "instead of the record"})


class MatchReplayRequest(Envelope):
    hands = fields.List(fields.Dict(), metadata={"description": "the match's hands as records, in order"})
    hand_tokens = Strings(metadata={"description": "the match's hands as record tokens "
                                                                        "without a seat, in order"})
    exactly_one = (("hands", "hand_tokens"),)  # also read by service/http/envelope.py's fast check

    @validates_schema
    def _one_list(self, data, **kwargs):
        for pair in self.exactly_one:
            _exactly_one(data, *pair)
