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
HINT_GAMES = GAMES + ("sixes",)
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


LEVELS = ["basic", "strong"]
METHODS = ["only_move", "heuristic", "double_dummy", "rollouts"]


class HintRequest(RecordRequest):
    samples = StrictInteger(validate=validate.Range(1, 64),
                            metadata={"description": "deals sampled; default 16 for ANALYSIS.md's card-play hint, "
                                                     "else the player's own (8 double dummy, 6 rollouts, "
                                                     "120 in Sixes)"})
    seed = fields.String(metadata={"description": "the sampling seed (at most 256 characters, else 422 `bad_seed`); "
                                                  "drawn and returned when absent"})
    max_nodes = _nodes("the node budget for each sampled deal")
    level = fields.String(validate=validate.OneOf(LEVELS), metadata={
        "description": "the computer player: `strong` (sampled deals scored by playouts, the double-dummy hint "
                       "near the end of the card play) or `basic` (a fast heuristic a beginner can beat). "
                       "Absent: `strong`, and in the card play of the four trick-taking games exactly "
                       "ANALYSIS.md's hint (422 `analysis_budget_exceeded` over the budget); sent, the card play "
                       "always answers (playouts where the double-dummy samples would pass their budget)",
        "enum": LEVELS})


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
    move = fields.Dict(required=True, metadata={"description": "a candidate, ready to post to `…/moves`"})
    average = fields.Float(metadata={"description": "`double_dummy`: the sum of the samples' values / samples"})
    estimate = fields.Float(metadata={"description": "`rollouts`: the candidate's mean outcome over the samples "
                                                     "(card play: the tricks the seat's side takes from here; "
                                                     "otherwise the seat's score advantage in the game's points)"})


class HintAnswer(Schema):
    seat = fields.Integer(required=True)
    level = enum(LEVELS)
    method = enum(METHODS)
    objective = fields.String(metadata={"description": "ANALYSIS.md's objective row (`double_dummy`, card-play "
                                                       "`rollouts`), or `score_advantage`", "enum": OBJECTIVES + ["score_advantage"]})
    goal = fields.String(metadata={"description": "`max` or `min`: what the seat wants of the values", "enum": ["max", "min"]})
    samples = fields.Integer(required=True, metadata={"description": "deals sampled (0: no sampling)"})
    seed = fields.String(required=True)
    move = fields.Dict(required=True, metadata={"description": "the chosen move: always legal and concrete "
                                                               "(a discard names its cards), ready to post"})
    moves = fields.List(fields.Nested(MoveAverage), required=True, metadata={
        "description": "the candidates considered, each with its estimate where the method makes one"})
    nodes = fields.Integer(required=True, metadata={"description": "nodes spent: searches, playout moves, sampling"})


@cache
def examples() -> dict:
    """Real answers of the service's own library: per trick-taking game, ANALYSIS.md's worked
    example (analysis, and the card-play hint); per game, the players at the first decision of a
    seeded deal (``strong`` and ``basic``)."""
    from service.rules import games
    from service.rules.analysis import analyse
    from service.rules.players import answer

    data = json.loads((Path(__file__).resolve().parent.parent / "tests" / "data"
                       / "analysis_examples.json").read_text())
    out: dict = {}
    for e in data:
        gid = e["record"]["game"]
        if gid in out:
            continue
        game = games.get(gid)
        hand = game.replay(e["record"])
        view = hand.view_record(hand.to_act)
        out[gid] = {"analysis": ({"record": e["record"]}, analyse(game, hand)),
                    "hint": ({"record": view, "samples": 4, "seed": "abc"},
                             answer(game, view, samples=4, seed="abc"))}
    for gid in HINT_GAMES:
        game = games.get(gid)
        record = game.deal(f"hint-example-{gid}", {}, 0, None)
        hand = game.replay(record)
        while len(hand.legal_moves()) < 2:  # the first real decision
            hand.play(game.parse_move(hand.legal_moves()[0], hand.n, hand.pack, None, "m"), len(hand.moves))
        view = hand.view_record(hand.to_act)
        for level in ("strong", "basic"):
            body = {"record": view, "level": level, "seed": "abc"}
            out.setdefault(gid, {})[f"hint_{level}"] = (body, answer(game, view, level, seed="abc"))
    return out


ERRORS = {"400": "`invalid_json`, `invalid_request`", "403": "`seat_forbidden`",
          "404": "`unknown_game`, `not_found` (`…/analysis` only: Sixes; Court Piece's pile modes)",
          "406": "`not_acceptable`", "413": "`payload_too_large`", "415": "`unsupported_media_type`",
          "422": "`invalid_record` (a hint's `seed` over 256 characters: reason `bad_seed`), `illegal_move`, `invalid_token`, `analysis_view_not_allowed`, "
                 "`analysis_not_in_play`, `analysis_not_viewers_turn`, `analysis_budget_exceeded` "
                 "(with `max_nodes` and `nodes`)",
          "503": "`sealing_unavailable`"}


def add_paths(spec, problems) -> None:
    """The two paths for every game of the catalogue (404 for Sixes), into ``spec``."""
    for name, schema in (("AnalysisRequest", AnalysisRequest), ("HintRequest", HintRequest),
                         ("AnalysisAnswer", AnalysisAnswer), ("HintAnswer", HintAnswer)):
        spec.components.schema(name, schema=schema)
    ex = examples()
    for gid in HINT_GAMES:
        prefix = "".join(w.capitalize() for w in gid.split("-"))
        prefix = prefix[0].lower() + prefix[1:]
        for path, op, summary, request, answer in (
                ("analysis", "Analysis", "every legal move's double-dummy value", "AnalysisRequest",
                 "AnalysisAnswer"),
                ("hint", "Hint", "a computer player's move for the seat to act, from its view only",
                 "HintRequest", "HintAnswer")):
            if path not in ex[gid] and f"{path}_strong" not in ex[gid]:
                continue
            if path == "analysis" and gid not in GAMES:
                continue  # Sixes has no tricks: its analysis answers 404 `not_found` and is not published
            pairs = [(k, ex[gid][k]) for k in (path, f"{path}_strong", f"{path}_basic") if k in ex[gid]]
            titles = {"analysis": "ANALYSIS.md's worked example for this game",
                      "hint": "ANALYSIS.md's worked example (card play, no `level`)",
                      "hint_strong": "`strong` at the first decision of a seeded deal",
                      "hint_basic": "`basic` at the same decision"}
            responses = problems(400, 403, 404, 406, 413, 415, 422, 503)
            for status, text in ERRORS.items():
                responses[status]["description"] = text
            spec.path(path=f"/v1/games/{gid}/{path}", operations={"post": {
                "operationId": prefix + op, "tags": [gid], "summary": f"{gid}: {summary}",
                "description": "shared/ANALYSIS.md: who is counted and who wants what, the node "
                               "budget and the per-request cap (`REFEREE_MAX_ANALYSIS_NODES`)."
                               + (" The hint answers every decision of the game (README, \"Play against the "
                                  "computer\"): `level`, `method` and each candidate's estimate." if path == "hint" else ""),
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": request, "examples": {k: {"summary": titles[k], "value": body}
                                                    for k, (body, _) in pairs}}}},
                "responses": {"200": {"description": "OK", "content": {"application/json": {
                    "schema": answer, "examples": {k: {"summary": titles[k] + ": the service's answer",
                                                       "value": real} for k, (_, real) in pairs}}}},
                    **responses}}})
