"""Hostile input for every endpoint of every game: each body gets its documented 4xx problem+json.

The corpus: bodies that are not JSON or not UTF-8, wrong content types, JSON of the wrong type,
missing, unknown and duplicated fields, unknown options, duplicate and foreign cards, impossible
counts, moves for seats that do not exist, huge arrays, deep nesting, oversized bodies, tokens of
every wrong shape. Each answer must be a problem whose status the contract documents for that path,
with the code the corpus expects; and none may cost much more than a normal request (a ratio of
timings on the same machine, never an absolute time).
"""

from __future__ import annotations

import copy
import random
import time

import orjson
import pytest

from schemas.games import calculator_schema

from .contract import spec
from .positions import MODES, position

G = "/v1/games"
RECORD_PATHS = ("/state", "/legal-moves", "/moves", "/moves/validate", "/views")
CALCULATORS = {"/trick-winner": "trick_winner", "/bids/validate": "validate_bid", "/score": "score",
               "/matches/score": "score_match"}
PATHS = RECORD_PATHS + ("/deals", "/records/open", "/matches/replay") + tuple(CALCULATORS)
BAD_JSON, BAD_REQUEST, BAD_RECORD, BAD_TOKEN = (
    (400, "invalid_json"), (400, "invalid_request"), (422, "invalid_record"), (422, "invalid_token"))
SLOW_FACTOR = 10  # a hostile body may cost at most this many normal requests (measured: under 4)


def nested(depth: int) -> bytes:
    return b'{"x": ' + b"[" * depth + b"]" * depth + b"}"


def record_of(game_id, finished=False):
    """A position in mid-hand (or a finished hand, for match logs)."""
    rng = random.Random(game_id)
    while True:
        hand, record = position(game_id, MODES[game_id][0], f"hostile-{rng.random()}", 1.0 if finished else 0.4, rng)
        if (hand.phase == "done") == finished:
            return hand, record


def valid_body(game_id, path, ring):
    hand, record = record_of(game_id)
    move = hand.legal_moves()[0] if hand.phase != "done" else {"seat": 0, "type": "play", "card": "AS"}
    if "from" in move:
        move = {"seat": move["seat"], "type": move["type"], "cards": move["from"][:move["count"]]}
    return {
        "/state": {"record": record}, "/legal-moves": {"record": record},
        "/moves": {"record": record, "move": move}, "/moves/validate": {"record": record, "move": move},
        "/views": {"record": record, "seat": 1}, "/deals": {"seed": "s", "options": MODES[game_id][0]},
        "/records/open": {"record_token": ring.seal(game_id, record)},
        "/matches/replay": {"hands": [record_of(game_id, finished=True)[1]]},
    }.get(path, {})


def envelope_cases(body: bytes, max_body: int):
    """Cases every POST endpoint answers alike: (name, request kwargs, expected (status, code))."""
    js = "application/json"
    yield "not json", {"data": b"{not json", "content_type": js}, BAD_JSON
    yield "not utf-8", {"data": b'{"a": "\xff\xfe"}', "content_type": js}, BAD_JSON
    yield "lone surrogate", {"data": b'{"a": "\\ud800"}', "content_type": js}, BAD_JSON
    yield "NaN", {"data": b'{"a": NaN}', "content_type": js}, BAD_JSON
    yield "infinite number", {"data": b'{"a": 1e400}', "content_type": js}, BAD_JSON
    yield "truncated", {"data": body[: len(body) // 2], "content_type": js}, BAD_JSON
    yield "nested 40 deep", {"data": nested(40), "content_type": js}, BAD_JSON
    yield "nested 5000 deep", {"data": nested(5000), "content_type": js}, BAD_JSON
    yield "array body", {"data": b"[]", "content_type": js}, BAD_REQUEST
    yield "number body", {"data": b"5", "content_type": js}, BAD_REQUEST
    yield "null body", {"data": b"null", "content_type": js}, BAD_REQUEST
    yield "string body", {"data": b'"x"', "content_type": js}, BAD_REQUEST
    yield "text/plain", {"data": body, "content_type": "text/plain"}, (415, "unsupported_media_type")
    yield "form", {"data": body, "content_type": "application/x-www-form-urlencoded"}, \
        (415, "unsupported_media_type")
    yield "no content type", {"data": body}, (415, "unsupported_media_type")
    yield "accepts html only", {"data": body, "content_type": js, "headers": {"Accept": "text/html"}}, \
        (406, "not_acceptable")
    yield "oversized", {"data": b'{"x": "' + b"x" * (max_body + 10) + b'"}', "content_type": js}, \
        (413, "payload_too_large")


def field_cases(game_id, path, body, ring):
    """Cases of one endpoint: (name, JSON body, expected (status, code))."""
    b = copy.deepcopy(body)
    yield "unknown field", {**b, "zzz": 1}, BAD_REQUEST
    if path == "/deals":
        yield from [("seed not a string", {**b, "seed": 5}, BAD_REQUEST),
                    ("seed null", {**b, "seed": None}, BAD_REQUEST),
                    ("seal not a boolean", {**b, "seal": "yes"}, BAD_REQUEST),
                    ("seal 1", {**b, "seal": 1}, BAD_REQUEST),
                    ("unknown option", {**b, "options": {"bogus": 1}}, BAD_RECORD),
                    ("options not an object", {**b, "options": "x"}, BAD_RECORD),
                    ("dealer out of range", {**b, "dealer": 99}, BAD_RECORD),
                    ("dealer a string", {**b, "dealer": "0"}, BAD_RECORD),
                    ("match not an object", {**b, "match": "x"}, BAD_RECORD),
                    ("match hand_number 0", {**b, "match": {"hand_number": 0}}, BAD_RECORD)]
        return
    if path == "/records/open":
        yield from [("no token", {}, BAD_REQUEST), ("token a number", {"record_token": 5}, BAD_REQUEST),
                    ("record instead", {"record": {}}, BAD_REQUEST)]
        yield from token_cases(game_id, "record_token", ring)
        return
    if path == "/matches/replay":
        record = b["hands"][0]
        yield from [("no hands", {}, BAD_REQUEST), ("hands a string", {"hands": "x"}, BAD_REQUEST),
                    ("hands of numbers", {"hands": [5]}, BAD_REQUEST),
                    ("hands and tokens", {"hands": [record], "hand_tokens": []}, BAD_REQUEST),
                    ("too many hands", {"hands": [{}] * 600}, BAD_RECORD),
                    ("too many tokens", {"hand_tokens": ["x"] * 600}, BAD_RECORD),
                    ("duplicate card in a hand", {"hands": [duplicate_card(record)]}, BAD_RECORD)]
        for name, token, expected in token_cases(game_id, "t", ring):
            yield f"hand_tokens {name}", {"hand_tokens": [token["t"]]}, expected
        return
    if path in CALCULATORS:
        schema = calculator_schema(game_id, CALCULATORS[path])
        if schema is None:
            return
        for name in schema._declared_fields:
            for wrong in ([], "x", 5.5, None, {"a": [[[]]]}, [None] * 5000):
                yield f"{name}={wrong!r}"[:40], {name: wrong}, None  # any answer but a 5xx; a 4xx documented
        yield "empty", {}, None
        return
    # the record endpoints
    record = b["record"]
    yield from [("no record", {k: v for k, v in b.items() if k != "record"}, BAD_REQUEST),
                ("record a string", {**b, "record": "x"}, BAD_REQUEST),
                ("record null", {**b, "record": None}, BAD_REQUEST),
                ("record a list", {**b, "record": [record]}, BAD_REQUEST),
                ("record and token", {**b, "record_token": "x"}, BAD_REQUEST),
                ("token a number", {**drop(b, "record"), "record_token": 5}, BAD_REQUEST),
                ("another game's record", {**b, "record": {**record, "game": other(game_id)}}, BAD_RECORD),
                ("unknown record field", {**b, "record": {**record, "zz": 1}}, BAD_RECORD),
                ("unknown option", {**b, "record": {**record, "options": {"bogus": True}}}, BAD_RECORD),
                ("option out of range", {**b, "record": {**record, "options": {"players": 99}}}, BAD_RECORD),
                ("dealer a string", {**b, "record": {**record, "dealer": "0"}}, BAD_RECORD),
                ("no deal", {**b, "record": drop(record, "deal")}, BAD_RECORD),
                ("duplicate card", {**b, "record": duplicate_card(record)}, BAD_RECORD),
                ("foreign card", {**b, "record": replace_card(record, "ZZ")}, BAD_RECORD),
                ("joker of another game", {**b, "record": replace_card(record, "RJ" if game_id != "bid-whist"
                                                                       else "JK")}, BAD_RECORD),
                ("a card short", {**b, "record": short_hand(record)}, BAD_RECORD),
                ("null card outside a view", {**b, "record": replace_card(record, None)}, BAD_RECORD),
                ("moves not a list", {**b, "record": {**record, "moves": "x"}}, BAD_RECORD),
                ("move by seat 99", {**b, "record": {**record, "moves": [{"seat": 99, "type": "pass"}]}}, BAD_RECORD),
                ("move of an unknown type", {**b, "record": {**record, "moves": [{"seat": 0, "type": "x"}]}},
                 BAD_RECORD),
                ("huge move list", {**b, "record": {**record, "moves": [{"seat": 0, "type": "pass"}] * 3000}},
                 BAD_RECORD),
                ("match of the wrong shape", {**b, "record": {**record, "match": [1]}}, BAD_RECORD)]
    yield from [(f"token {n}", {**drop(b, "record"), **t}, e) for n, t, e in token_cases(game_id, "record_token", ring)]
    if "move" in b:
        yield from [("no move", drop(b, "move"), BAD_REQUEST),
                    ("move a number", {**b, "move": 5}, BAD_RECORD),
                    ("move by seat 99", {**b, "move": {**b["move"], "seat": 99}}, BAD_RECORD),
                    ("move seat a string", {**b, "move": {**b["move"], "seat": "0"}}, BAD_RECORD),
                    ("move of an unknown type", {**b, "move": {"seat": 0, "type": "teleport"}}, BAD_RECORD),
                    ("move with an extra field", {**b, "move": {**b["move"], "zz": 1}}, BAD_RECORD),
                    ("move with a foreign card", {**b, "move": {"seat": 0, "type": "play", "card": "ZZ"}},
                     BAD_RECORD)]
    if path == "/views":
        yield from [("no seat", drop(b, "seat"), BAD_REQUEST), ("seat a string", {**b, "seat": "1"}, BAD_REQUEST),
                    ("seat true", {**b, "seat": True}, BAD_REQUEST), ("seat 99", {**b, "seat": 99}, BAD_RECORD),
                    ("seat -1", {**b, "seat": -1}, BAD_RECORD)]


def token_cases(game_id, key, ring):
    good = ring.seal(game_id, record_of(game_id)[1])
    yield "empty", {key: ""}, BAD_TOKEN
    yield "not base64", {key: "!!!not-a-token!!!"}, BAD_TOKEN
    yield "short", {key: "AAAA"}, BAD_TOKEN
    yield "truncated", {key: good[:-5]}, BAD_TOKEN
    yield "flipped", {key: good[:40] + ("B" if good[40] != "B" else "C") + good[41:]}, BAD_TOKEN
    yield "another game's", {key: ring.seal(other(game_id), record_of(other(game_id))[1])}, BAD_TOKEN
    yield "huge", {key: "A" * 200_000}, BAD_TOKEN


def other(game_id):
    return "sixes" if game_id != "sixes" else "buck-euchre"


def drop(d, key):
    return {k: v for k, v in d.items() if k != key}


def duplicate_card(record):
    hands = copy.deepcopy(record["deal"]["hands"])
    hands[1][0] = hands[0][0]
    return {**record, "deal": {**record["deal"], "hands": hands}}


def replace_card(record, card):
    hands = copy.deepcopy(record["deal"]["hands"])
    hands[0][0] = card
    return {**record, "deal": {**record["deal"], "hands": hands}}


def short_hand(record):
    hands = copy.deepcopy(record["deal"]["hands"])
    hands[0] = hands[0][1:]
    return {**record, "deal": {**record["deal"], "hands": hands}}


def documented(path, status):
    if path not in spec()["paths"]:  # a calculator the game lacks: unpublished, 404 `not_found`
        return status == 404
    return str(status) in spec()["paths"][path]["post"]["responses"]


def check(resp, url, name, expected):
    assert resp.status_code < 500, (name, resp.status_code, resp.get_data()[:300])
    if expected is None and resp.status_code < 400:  # a calculator body that happens to be valid
        return
    assert resp.status_code >= 400, (name, resp.status_code)
    assert resp.mimetype == "application/problem+json", (name, resp.mimetype)
    problem = resp.get_json()
    assert problem["status"] == resp.status_code and isinstance(problem["detail"], str), name
    assert documented(url, resp.status_code), (name, resp.status_code)
    assert "Traceback" not in problem["detail"], name
    if expected is None:
        assert (resp.status_code, problem["code"]) in (BAD_REQUEST, BAD_RECORD), (name, problem)
    else:
        assert (resp.status_code, problem["code"]) == expected, (name, problem)


def timed(client, url, kwargs, runs=3) -> float:
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        client.post(url, **kwargs)
        best = min(best, time.perf_counter() - t)
    return best


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("game_id", sorted(MODES))
def test_every_hostile_body_gets_its_documented_problem(app, game_id, path):
    client, ring = app.test_client(), app.extensions["referee_keyring"]
    url = f"{G}/{game_id}{path}"
    body = valid_body(game_id, path, ring)
    raw = orjson.dumps(body)
    applicable = path not in CALCULATORS or calculator_schema(game_id, CALCULATORS[path]) is not None
    cases = [(n, kw, e) for n, kw, e in envelope_cases(raw, app.config["MAX_CONTENT_LENGTH"])]
    js = "application/json"
    cases += [(n, {"data": orjson.dumps(j), "content_type": js}, e) for n, j, e in field_cases(game_id, path, body, ring)]
    if path not in CALCULATORS:
        ok = client.post(url, json=body)
        assert ok.status_code in (200, 201), ok.get_json()  # the corpus starts from a good body
    good = {"data": raw, "content_type": "application/json"}
    normal = timed(client, url, good, runs=5) if applicable else None
    for name, kwargs, expected in cases:
        resp = client.post(url, **kwargs)
        check(resp, url, name, expected if applicable else (404, "not_found"))
        if normal is not None:
            cost = timed(client, url, kwargs)
            assert cost <= SLOW_FACTOR * max(normal, timed(client, url, good)), (name, cost, normal)
