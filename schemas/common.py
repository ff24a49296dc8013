"""Shapes every game shares: problems, trick records, answers of the generic endpoints."""

from __future__ import annotations

from marshmallow import Schema, fields

from .fields import enum


class Problem(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True, metadata={"description": "stable machine-readable code"})
    reason = fields.String(metadata={"description": "rule or record reason code"})
    move_index = fields.Integer(metadata={"description": "index of the offending move"})
    hand_index = fields.Integer(metadata={"description": "index of the offending hand in a match log"})
    errors = fields.Dict(metadata={"description": "field -> messages"})
    max_nodes = fields.Integer(metadata={"description": "`analysis_budget_exceeded`: the budget that stopped "
                                                        "the search (`max_nodes`, or the per-request cap)"})
    nodes = fields.Integer(metadata={"description": "`analysis_budget_exceeded`: the nodes spent"})


class MoveCheck(Schema):
    legal = fields.Boolean(required=True)
    reason = fields.String(required=True, allow_none=True)
    detail = fields.String(required=True, allow_none=True)


class Health(Schema):
    status = enum(["ok"])


class Ready(Schema):
    status = enum(["ready"])
    games = fields.List(fields.String(), required=True)


class OptionInfo(Schema):
    name = fields.String(required=True)
    type = enum(["integer", "boolean", "string"])
    default = fields.Raw(required=True)
    meaning = fields.String(required=True)
    choices = fields.List(fields.Raw())
    minimum = fields.Integer()
    maximum = fields.Integer()
    nullable = fields.Boolean(metadata={"description": "null is an accepted value"})


class FieldInfo(Schema):
    kind = enum(["card", "cards", "string", "integer", "boolean"])
    required = fields.Boolean(required=True)


class MoveTypeInfo(Schema):
    type = fields.String(required=True)
    description = fields.String(required=True, metadata={
        "description": "what the move does, in the answer's language (`Content-Language`)"})
    fields = fields.Dict(keys=fields.String(), values=fields.Nested(FieldInfo), required=True)


class PlayerRange(Schema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class GameInfo(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    players = fields.Nested(PlayerRange, required=True)
    deck = fields.String(required=True)
    options = fields.List(fields.Nested(OptionInfo), required=True)
    move_types = fields.List(fields.Nested(MoveTypeInfo), required=True)


class Catalogue(Schema):
    games = fields.List(fields.Nested(GameInfo), required=True)
