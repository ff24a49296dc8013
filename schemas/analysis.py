"""``…/analysis`` and ``…/hint`` (shared/ANALYSIS.md): request envelopes, answers, and their
OpenAPI paths with examples computed by the service itself (so they are real answers)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from marshmallow import Schema, fields, validate

from .fields import enum
from .requests import RecordRequest

GAMES = ("bid-whist", "court-piece", "five-hundred", "buck-euchre")
MAX_NODES = 100_000_000
DEFAULT_NODES = 5_000_000  # service.rules.analysis.DEFAULT_MAX_NODES (the compiled core's ~1 s)
OBJECTIVES = ["team_tricks", "contract_side_tricks", "side_tricks", "misere_contractor_tricks",
              "paranoid_seat_tricks"]


class StrictInteger(fields.Integer):
    """A JSON integer: not a boolean, not a float, not a string of digits."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not int:
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


def _nodes(description: str) -> StrictInteger:
    return StrictInteger(load_default=DEFAULT_NODES, validate=validate.Range(1, MAX_NODES),
                         metadata={"description": description, "default": DEFAULT_NODES})


class AnalysisRequest(RecordRequest):
    max_nodes = _nodes("the search budget in nodes (moves applied); over it: 422 "
                       "`analysis_budget_exceeded`, never a guessed value")


class HintRequest(RecordRequest):
    samples = StrictInteger(load_default=16, validate=validate.Range(1, 64),
                            metadata={"description": "deals sampled", "default": 16})
    seed = fields.String(metadata={"description": "the sampling seed; drawn and returned when absent"})
    max_nodes = _nodes("the node budget for each sampled deal")


class MoveValue(Schema):
    move = fields.Dict(required=True, metadata={"description": "the move as `…/legal-moves` lists it"})
    value = fields.Integer(required=True)


class AnalysisAnswer(Schema):
    seat = fields.Integer(required=True, metadata={"description": "the seat to act"})
    objective = enum(OBJECTIVES)
    counted_seats = fields.List(fields.Integer(), required=True)
    goal = enum(["max", "min"])
    tricks_left = fields.Integer(required=True)
    value = fields.Integer(required=True)
    moves = fields.List(fields.Nested(MoveValue), required=True)
    best = fields.List(fields.Dict(), required=True)
    nodes = fields.Integer(required=True, metadata={"description": "informative: nodes searched"})


class MoveAverage(Schema):
    move = fields.Dict(required=True)
    average = fields.Float(required=True, metadata={"description": "the sum of the samples' values / samples"})


class HintAnswer(Schema):
    seat = fields.Integer(required=True)
    objective = enum(OBJECTIVES)
    goal = enum(["max", "min"])
    samples = fields.Integer(required=True)
    seed = fields.String(required=True)
    move = fields.Dict(required=True, metadata={"description": "the move with the best average "
                                                               "(ties: the first listed)"})
    moves = fields.List(fields.Nested(MoveAverage), required=True)
    nodes = fields.Integer(required=True)


@cache
def examples() -> dict:
    """One worked example of ANALYSIS.md per game, answered by the service's own library."""
    from service.rules import games
    from service.rules.analysis import analyse, hint

    data = json.loads((Path(__file__).resolve().parent.parent / "tests" / "data"
                       / "analysis_examples.json").read_text())
    out = {}
    for e in data:
        gid = e["record"]["game"]
        if gid in out:
            continue
        game = games.get(gid)
        hand = game.replay(e["record"])
        view = hand.view_record(hand.to_act)
        out[gid] = {"analysis": ({"record": e["record"]}, analyse(game, hand)),
                    "hint": ({"record": view, "samples": 4, "seed": "abc"},
                             hint(game, view, samples=4, seed="abc"))}
    return out


ERRORS = {"400": "`invalid_json`, `invalid_request`", "403": "`seat_forbidden`",
          "404": "`unknown_game`, `not_found` (Sixes; Court Piece's pile modes)",
          "406": "`not_acceptable`", "413": "`payload_too_large`", "415": "`unsupported_media_type`",
          "422": "`invalid_record`, `illegal_move`, `invalid_token`, `analysis_view_not_allowed`, "
                 "`analysis_not_in_play`, `analysis_not_viewers_turn`, `analysis_budget_exceeded` "
                 "(with `max_nodes` and `nodes`)",
          "503": "`sealing_unavailable`"}


def add_paths(spec, problems) -> None:
    """The two paths for every game of the catalogue (404 for Sixes), into ``spec``."""
    for name, schema in (("AnalysisRequest", AnalysisRequest), ("HintRequest", HintRequest),
                         ("AnalysisAnswer", AnalysisAnswer), ("HintAnswer", HintAnswer)):
        spec.components.schema(name, schema=schema)
    ex = examples()
    for gid in GAMES:  # Sixes has no tricks: its paths answer 404 `not_found` and are not published
        prefix = "".join(w.capitalize() for w in gid.split("-"))
        prefix = prefix[0].lower() + prefix[1:]
        for path, op, summary, request, answer in (
                ("analysis", "Analysis", "every legal move's double-dummy value", "AnalysisRequest",
                 "AnalysisAnswer"),
                ("hint", "Hint", "the best move on average over deals sampled from a seat's view",
                 "HintRequest", "HintAnswer")):
            body, real = ex[gid][path]
            responses = problems(400, 403, 404, 406, 413, 415, 422, 503)
            for status, text in ERRORS.items():
                responses[status]["description"] = text
            spec.path(path=f"/v1/games/{gid}/{path}", operations={"post": {
                "operationId": prefix + op, "tags": [gid], "summary": f"{gid}: {summary}",
                "description": "shared/ANALYSIS.md: who is counted and who wants what, the node "
                               "budget and the per-request cap (`REFEREE_MAX_ANALYSIS_NODES`).",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": request, "examples": {"worked_example": {
                        "summary": "ANALYSIS.md's worked example for this game", "value": body}}}}},
                "responses": {"200": {"description": "OK", "content": {"application/json": {
                    "schema": answer, "examples": {"worked_example": {
                        "summary": "The service's answer", "value": real}}}}}, **responses}}})
