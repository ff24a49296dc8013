"""The ``/v1`` blueprint: parse the envelope, call the referee, serialise. Nothing else."""

from __future__ import annotations

from functools import cache

import orjson
from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from schemas import requests as rq
from schemas.games import calculator_schema

from .problems import ApiProblem
from .rules import games
from .rules.errors import InvalidRecord
from .rules.game import is_int

api = Blueprint("api", __name__)

_JSON_TYPES = ("application/json",)


def reply(payload, status: int = 200) -> Response:
    return Response(orjson.dumps(payload), status=status, mimetype="application/json")


def _check_accept() -> None:
    header = request.headers.get("Accept")
    if not header or header == "*/*" or header == "application/json":  # the usual cases, no parsing
        return
    accept = request.accept_mimetypes
    if accept and not accept.best_match(["application/json", "application/problem+json"]):
        raise ApiProblem(406, "not_acceptable", "this API answers application/json only")


def body(schema: type[rq.Envelope] | None = None) -> dict:
    _check_accept()
    mime = request.mimetype
    if mime not in _JSON_TYPES and not mime.endswith("+json"):
        raise ApiProblem(415, "unsupported_media_type", "send the body as application/json")
    raw = request.get_data(cache=False)
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise ApiProblem(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiProblem(400, "invalid_request", "the body must be a JSON object")
    if schema is not None:
        try:
            data = _instance(schema).load(data)
        except ValidationError as exc:
            raise ApiProblem(400, "invalid_request", "the request's shape is wrong",
                             errors=exc.normalized_messages()) from None
    return data


@cache
def _instance(schema: type[rq.Envelope]) -> rq.Envelope:
    """Schemas are stateless once built, and building one costs more than loading a body."""
    return schema()


def game_of(game_id: str):
    game = games.get(game_id)
    if game is None:
        raise ApiProblem(404, "unknown_game", f"no game {game_id!r}; known: {', '.join(games.GAMES)}")
    return game


def replay(game, record):
    moves = record.get("moves")
    if isinstance(moves, list) and len(moves) > current_app.config["MAX_MOVES"]:
        raise InvalidRecord("too_many_moves", f"a record may hold at most {current_app.config['MAX_MOVES']} moves")
    return game.replay(record)


@api.get("/healthz")
def healthz():
    _check_accept()
    return reply({"status": "ok"})


@api.get("/v1/games")
def catalogue():
    _check_accept()
    return reply({"games": [g.catalogue() for g in games.GAMES.values()]})


@api.get("/v1/games/<game_id>")
def game_entry(game_id):
    _check_accept()
    return reply(game_of(game_id).catalogue())


@api.post("/v1/games/<game_id>/deals")
def deals(game_id):
    game = game_of(game_id)
    data = body(rq.DealRequest)
    return reply(game.deal(data["seed"], data["options"], data["dealer"], data["match"]), 201)


@api.post("/v1/games/<game_id>/state")
def state(game_id):
    game = game_of(game_id)
    return reply(replay(game, body(rq.RecordRequest)["record"]).state())


@api.post("/v1/games/<game_id>/legal-moves")
def legal_moves(game_id):
    game = game_of(game_id)
    hand = replay(game, body(rq.RecordRequest)["record"])
    return reply({"seat": hand.to_act, "moves": hand.listing()})


def _record_and_move(game):
    data = body(rq.MoveRequest)
    hand = replay(game, data["record"])
    return hand, game.read_move(data["move"], hand)


@api.post("/v1/games/<game_id>/moves/validate")
def validate_move(game_id):
    hand, move = _record_and_move(game_of(game_id))
    refusal = hand.check(move)
    if refusal is None:
        return reply({"legal": True, "reason": None, "detail": None})
    return reply({"legal": False, "reason": refusal[0], "detail": refusal[1]})


@api.post("/v1/games/<game_id>/moves")
def make_move(game_id):
    game = game_of(game_id)
    hand, move = _record_and_move(game)
    events = hand.play(move, len(hand.moves))
    return reply({"record": hand.to_record(), "events": events, "state": hand.state()})


@api.post("/v1/games/<game_id>/views")
def view(game_id):
    game = game_of(game_id)
    data = body(rq.ViewRequest)
    hand = replay(game, data["record"])
    with game.documented_reasons():
        return reply(hand.view_record(_seat(data["seat"])))


def _seat(value):
    if not is_int(value):
        raise ApiProblem(400, "invalid_request", "seat must be an integer", errors={"seat": ["Not an integer."]})
    return value


def _calculator(game_id, method):
    game = game_of(game_id)
    schema = calculator_schema(game.id, method)
    if schema is None:  # the game has no such calculator: NotApplicable, 404
        return reply(getattr(game, method)({}))
    data = body(schema)
    with game.documented_reasons():
        return reply(getattr(game, method)(data))


@api.post("/v1/games/<game_id>/trick-winner")
def trick_winner(game_id):
    return _calculator(game_id, "trick_winner")


@api.post("/v1/games/<game_id>/bids/validate")
def validate_bid(game_id):
    return _calculator(game_id, "validate_bid")


@api.post("/v1/games/<game_id>/score")
def score(game_id):
    return _calculator(game_id, "score")


@api.post("/v1/games/<game_id>/matches/score")
def score_match(game_id):
    return _calculator(game_id, "score_match")


@api.post("/v1/games/<game_id>/matches/replay")
def replay_a_match(game_id):
    game = game_of(game_id)
    hands = body(rq.MatchReplayRequest)["hands"]
    limit = current_app.config["MAX_MOVES"]
    for i, h in enumerate(hands):
        if isinstance(h.get("moves"), list) and len(h["moves"]) > limit:
            raise InvalidRecord("too_many_moves", f"hands[{i}] holds more than {limit} moves", hand_index=i)
    return reply(game.replay_match({"hands": hands}, current_app.config["MAX_HANDS"]))
