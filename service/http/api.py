"""The ``/v1`` blueprint: parse the envelope, call the referee, serialise. Nothing else."""

from __future__ import annotations

import itertools
from functools import cache

import orjson
from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError
from werkzeug.exceptions import ClientDisconnected, RequestEntityTooLarge
from werkzeug.wsgi import get_content_length

from schemas import requests as rq
from schemas.games import calculator_schema

from .. import i18n
from ..contract.document import cacheable
from ..rules import games
from ..rules.errors import IllegalMove, InvalidRecord, short
from ..rules.game import is_int
from ..rules.messages import M
from . import pieces
from .accept import check_accept as _check_accept
from .envelope import checker
from .limits import numbers, pause_gc, shape
from .problems import ApiProblem
from .tokens import KEY_ENV, ExpiredToken, InvalidToken, Keyring, seed_commitment
from .wsgi import Answer

api = Blueprint("api", __name__)

_JSON_TYPES = ("application/json",)


def reply(payload, status: int = 200) -> Response:
    return Answer.of_json(orjson.dumps(payload), status)


def body(schema: type[rq.Envelope] | None = None, cap: str = "MAX_CONTENT_LENGTH",
         check_accept: bool = True, pause=None) -> dict:
    """The request's JSON object, checked cheapest first: media type, size, syntax, depth, field count, shape.

    ``cap`` names the configured size cap of this kind of body (docs/TRUST.md, "Limits"): a deal
    request or a record needs far less than a match log, and a byte count is the cheapest refusal.
    ``pause`` (a tournament's: megabytes): the body is parsed a piece at a time and its numbers
    walked with a pause between (``service.http.pieces``), to the same value or the same error.
    """
    # the request and the app's config looked up once: each use of Flask's proxies costs a lookup
    req = request._get_current_object()
    environ, config = req.environ, _config()
    if check_accept:  # an endpoint with other answers (tournaments' CSV) negotiates its own
        _check_accept(req)
    mime = environ.get("CONTENT_TYPE")
    if mime != "application/json":  # the usual header needs no parsing
        mime = req.mimetype
    if mime not in _JSON_TYPES and not mime.endswith("+json"):
        raise ApiProblem(415, "unsupported_media_type", M("send the body as application/json"))
    raw = _raw_body(req, config[cap], config["MAX_CONTENT_LENGTH"])
    too_deep, glance = shape(raw, config["MAX_JSON_DEPTH"], pause)  # before the parser builds anything
    if too_deep:
        raise _too_deep()
    try:
        pause_gc(environ)
        data = orjson.loads(raw) if pause is None else pieces.loads(raw, pause)
    except orjson.JSONDecodeError as exc:
        if "depth limit" in str(exc):
            raise _too_deep() from None
        raise ApiProblem(400, "invalid_json", M("the body is not valid JSON: {value}", value=exc)) from None
    if not isinstance(data, dict):
        raise ApiProblem(400, "invalid_request", M("the body must be a JSON object"))
    data, too_big = numbers(raw, data, glance, pause)  # refused once the shape is known good: a field the schema bounds is its 400
    if schema is not None:
        instance = _instance(schema)
        if len(data) > len(instance.fields):  # a flood of unknown fields: refused before any is examined
            unknown = [k for k in itertools.islice(data, len(instance.fields) + 5) if k not in instance.fields]
            raise ApiProblem(400, "invalid_request", M("the request has {data} fields; {name} takes at most "
                             "{fields}", data=len(data), name=schema.__name__, fields=len(instance.fields)),
                             errors={k: ["Unknown field."] for k in unknown})
        fast = checker(schema)
        checked = fast(data) if fast is not None else None
        if checked is not None:  # the very dict marshmallow would answer (service/http/envelope.py)
            if too_big is not None:
                raise too_big
            return checked
        try:
            data = instance.load(data)
        except ValidationError as exc:
            raise ApiProblem(400, "invalid_request", M("the request's shape is wrong"),
                             errors=exc.normalized_messages()) from None
    if too_big is not None:
        raise too_big
    return data


def _config():
    """The app's config, read past Flask's proxy: an attribute the proxy itself lacks is found only
    after Python has built and formatted an ``AttributeError`` for it, on every request."""
    return current_app._get_current_object().config


def _raw_body(req, limit: int, cap: int | None) -> bytes:
    """The body's bytes, never more than ``limit`` (``cap``: Flask's ``MAX_CONTENT_LENGTH``).

    A body whose ``Content-Length`` is over the cap is refused before it is read; a chunked one (no
    length: gunicorn sets ``wsgi.input_terminated``) is read up to one byte past the cap and refused
    there, rather than silently cut to the cap (issue 11).
    """
    environ = req.environ
    length = get_content_length(environ)  # as ``req.content_length`` reads it, without building the headers
    if length is not None and length > limit:
        raise _too_large(limit)
    if length is None and environ.get("wsgi.input_terminated"):
        raw = environ["wsgi.input"].read(limit + 1)
        if len(raw) > limit:
            raise _too_large(limit)
        return raw
    if length is not None and "wsgi.input_terminated" in environ:
        # what ``get_data`` reads from a server that ends the stream itself (gunicorn), without
        # werkzeug's stream wrapper: the same bytes, the same 400 when the client goes, the same 413
        if cap is not None and length <= cap:
            try:
                raw = environ["wsgi.input"].read()
            except (OSError, ValueError):
                raise ClientDisconnected() from None
            if len(raw) > cap:
                raise RequestEntityTooLarge()
            return raw
    return req.get_data(cache=False)


def _too_large(limit: int) -> ApiProblem:
    return ApiProblem(413, "payload_too_large", M("this endpoint takes bodies of at most {limit} bytes", limit=limit))


def _too_deep() -> ApiProblem:
    limit = current_app.config["MAX_JSON_DEPTH"]
    return ApiProblem(400, "invalid_json", M("the body nests arrays and objects more than {limit} deep", limit=limit))


@cache
def _instance(schema: type[rq.Envelope]) -> rq.Envelope:
    """Schemas are stateless once built, and building one costs more than loading a body."""
    return schema()


def game_of(game_id: str):
    game = games.get(game_id)
    if game is None:
        raise ApiProblem(404, "unknown_game", M("no game {game_id}; known: {games}", game_id=short(game_id), games=', '.join(games.GAMES)))
    return game


def replay(game, record):
    moves = record.get("moves")
    limit = _config()["MAX_MOVES"]
    if isinstance(moves, list) and len(moves) > limit:
        raise InvalidRecord("too_many_moves", M("a record may hold at most {max_moves} moves", max_moves=limit))
    return game.replay(record, _header(record))


def _header(record) -> bytes | None:
    """The record without its moves as exact JSON: read from JSON (plain types, no NaN), equal bytes
    are equal values, so the referee reads a header it has seen once (``Game.replay``)."""
    if type(record) is not dict:
        return None
    header = record.copy()  # copied in one step, then the moves dropped: cheaper than a comprehension
    header.pop("moves", None)
    try:
        return orjson.dumps(header)
    except TypeError:  # nothing JSON gives; the record is read in full
        return None


@api.get("/healthz")
def healthz():
    _check_accept()
    return reply({"status": "ok"})


@cache
def _catalogue_bytes(game_id: str | None, lang: str = i18n.DEFAULT) -> bytes:
    """The catalogue in one language (its words: names, decks, option meanings, move types)."""
    if game_id is None:
        return orjson.dumps({"games": [i18n.catalogue_words(g.catalogue(), lang) for g in games.GAMES.values()]})
    return orjson.dumps(i18n.catalogue_words(games.GAMES[game_id].catalogue(), lang))


@api.get("/v1/games")
def catalogue():
    _check_accept()
    return cacheable(_catalogue_bytes(None, i18n.current()), "application/json")


@api.get("/v1/games/<game_id>")
def game_entry(game_id):
    _check_accept()
    return cacheable(_catalogue_bytes(game_of(game_id).id, i18n.current()), "application/json")


@api.post("/v1/games/<game_id>/deals")
def deals(game_id):
    game = game_of(game_id)
    data = body(rq.DealRequest, "MAX_DEAL_BYTES")
    ring = keyring() if data["seal"] else None  # refuse before dealing
    record = game.deal(data["seed"], data["options"], data["dealer"], data["match"])
    if ring is None:
        return reply(record, 201)
    return reply({"record_token": ring.seal(game.id, record),
                  "seat_tokens": seat_tokens(ring, game, record),
                  "seed_commitment": seed_commitment(record["seed"])}, 201)


@api.post("/v1/games/<game_id>/state")
def state(game_id):
    game = game_of(game_id)
    return reply(read_hand(game, body(rq.RecordRequest, "MAX_RECORD_BYTES"))[0].state())


@api.post("/v1/games/<game_id>/legal-moves")
def legal_moves(game_id):
    game = game_of(game_id)
    hand = read_hand(game, body(rq.RecordRequest, "MAX_RECORD_BYTES"))[0]
    return reply({"seat": hand.to_act, "moves": hand.listing()})


@api.post("/v1/games/<game_id>/moves/validate")
def validate_move(game_id):
    game = game_of(game_id)
    data = body(rq.MoveRequest, "MAX_RECORD_BYTES")
    hand = read_hand(game, data)[0]
    refusal = hand.check(game.read_move(data["move"], hand))
    if refusal is None:
        return reply({"legal": True, "reason": None, "detail": None})
    return reply({"legal": False, "reason": refusal[0], "detail": i18n.translate(refusal[1])})


@api.post("/v1/games/<game_id>/moves")
def make_move(game_id):
    game = game_of(game_id)
    data = body(rq.MoveRequest, "MAX_RECORD_BYTES")
    record, seat = open_record(game, data)
    hand = replay(game, record)  # the whole record: the move is judged on everything
    move = game.read_move(data["move"], hand)
    if seat is not None:
        if move["seat"] != seat:
            raise seat_forbidden(seat, M("a token issued to seat {seat} cannot make a move for seat {other}", seat=seat, other=move['seat']))
        # judged first on what the seat can know, so that a refusal tells it nothing more
        old_view = hand.view_record(seat)
        seen = game.replay(old_view)
        refusal = seen.check(game.read_move(data["move"], seen))
        if refusal is not None:
            raise IllegalMove(refusal[0], refusal[1], move_index=len(seen.moves))
    events = hand.play(move, len(hand.moves))
    if "record_token" not in data:
        return reply({"record": hand.to_record(), "events": events, "state": hand.state()})
    ring, new = keyring(), hand.to_record()
    if seat is None:
        return reply({"record_token": ring.seal(game.id, new), "seat_tokens": seat_tokens(ring, game, new),
                      "events": events, "state": hand.state()})
    events, after = seat_after_move(game, hand, seat, (old_view, seen))
    return reply({"record_token": ring.seal(game.id, new, seat), "events": events, "state": after})


@api.post("/v1/games/<game_id>/views")
def view(game_id):
    game = game_of(game_id)
    data = body(rq.ViewRequest, "MAX_RECORD_BYTES")
    record, bound = open_record(game, data)
    hand = replay(game, record)
    seat = _seat(data["seat"])
    if bound is not None and seat != bound:
        raise seat_forbidden(bound, M("a token issued to seat {seat} cannot see seat {other}'s view", seat=bound, other=seat))
    with game.documented_reasons():
        return reply(hand.view_record(seat))


@api.post("/v1/games/<game_id>/records/open")
def open_token(game_id):
    """The whole record, seed included, for the holder of a token without a seat (the deal's reveal)."""
    game = game_of(game_id)
    record, seat = open_record(game, body(rq.TokenRequest, "MAX_RECORD_BYTES"))
    if seat is not None:
        raise seat_forbidden(seat, M("a token issued to seat {seat} cannot open the whole record", seat=seat))
    return reply(replay(game, record).to_record())


# --- sealed records (docs/TRUST.md) ---
def keyring() -> Keyring:
    ring = current_app.extensions["referee_keyring"]
    if not ring:
        raise ApiProblem(503, "sealing_unavailable", M("this service has no token keys ({key_env} is empty)", key_env=KEY_ENV))
    return ring


def open_record(game, data) -> tuple[dict, int | None]:
    """The request's record and the seat its token is bound to (None: a plain record or an unbound token)."""
    if "record_token" not in data:
        return data["record"], None
    try:
        return keyring().open(game.id, data["record_token"])
    except ExpiredToken:
        raise ApiProblem(422, "token_expired", M("record_token expired (tokens last {ttl} s; docs/TRUST.md)", ttl=keyring().ttl)) from None
    except InvalidToken:
        raise ApiProblem(422, "invalid_token", M("record_token is not a valid {id} token from this service", id=game.id)) from None


def read_hand(game, data):
    """The replayed hand as the request may see it: a token bound to a seat gives that seat's view."""
    record, seat = open_record(game, data)
    hand = replay(game, record)
    if seat is not None:
        hand = game.replay(hand.view_record(seat))
    return hand, seat


def seat_tokens(ring: Keyring, game, record: dict) -> list[str]:
    return [ring.seal(game.id, record, s) for s in range(game.players(record["options"]))]


def seat_after_move(game, hand, seat: int, seen=None) -> tuple[list, dict]:
    """The last move's events and the state as ``seat`` sees them, replayed from its view alone.

    ``seen``: the view before the move and its replayed hand; when the move revealed nothing that
    changes the earlier view (most moves), that hand is the one to play the move on, and a second
    replay of the whole view is saved (issue 11: a seat token on a long record cost four replays).
    """
    view = hand.view_record(seat)
    earlier = {**view, "moves": view["moves"][:-1]}
    if seen is not None and seen[0] == earlier:
        before = seen[1]
    else:
        before = game.replay(earlier)
    last = game.parse_move(view["moves"][-1], before.n, before.pack, before.viewer, "move")
    events = before.play(last, len(before.moves))
    return events, before.state()


def seat_forbidden(seat: int, detail: str) -> ApiProblem:
    """``detail``: the whole sentence (one message per case: a phrase composed into another translates badly)."""
    return ApiProblem(403, "seat_forbidden", detail)


def _seat(value):
    if not is_int(value):
        raise ApiProblem(400, "invalid_request", M("seat must be an integer"), errors={"seat": ["Not an integer."]})
    return value


def _calculator(game_id, method):
    game = game_of(game_id)
    schema = calculator_schema(game.id, method)
    if schema is None:  # the game has no such calculator: NotApplicable, 404
        return reply(getattr(game, method)({}))
    data = body(schema, "MAX_RECORD_BYTES")
    with game.documented_reasons():
        answer = getattr(game, method)(data)
    if isinstance(answer, dict) and answer.get("detail"):  # a refused bid: its words in the client's language
        answer = {**answer, "detail": i18n.translate(answer["detail"])}
    return reply(answer)


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
    data = body(rq.MatchReplayRequest)
    config = _config()
    limit = config["MAX_MOVES"]
    if "hand_tokens" in data:
        if len(data["hand_tokens"]) > config["MAX_HANDS"]:  # before opening any
            raise InvalidRecord("too_many_hands", M("a match log may hold at most {max_hands} hands", max_hands=config['MAX_HANDS']))

        def opened(i, token):
            record, seat = open_record(game, {"record_token": token})
            if seat is not None:
                raise seat_forbidden(seat, M("a token issued to seat {seat} cannot replay a match", seat=seat))
            return _capped(record, i, limit)
        hands = _Lazy(data["hand_tokens"], opened)
    else:
        hands = [_capped(h, i, limit) for i, h in enumerate(data["hands"])]
    return reply(game.replay_match({"hands": hands}, config["MAX_HANDS"], _header))


def _capped(record, i: int, limit: int):
    if isinstance(record, dict) and isinstance(record.get("moves"), list) and len(record["moves"]) > limit:
        raise InvalidRecord("too_many_moves", M("hands[{value}] holds more than {limit} moves", value=i, limit=limit), hand_index=i)
    return record


class _Lazy(list):
    """A match's hand tokens, each opened only when the replay reaches its hand.

    The replay stops at the first bad hand, so a log of 500 tokens whose second hand is refused costs
    two decryptions, not 500 (issue 11). A list, so the games' ``replay_match`` take it as they take
    ``hands``; each token is opened once.
    """

    def __init__(self, items, opener):
        super().__init__(items)
        self._opener, self._opened = opener, {}

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        i = range(len(self))[i]
        if i not in self._opened:
            self._opened[i] = self._opener(i, list.__getitem__(self, i))
        return self._opened[i]

    def __iter__(self):
        return (self[i] for i in range(len(self)))
