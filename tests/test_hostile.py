"""Hostile input for every endpoint of every game: each body gets its documented 4xx problem+json.

The corpus: bodies that are not JSON or not UTF-8, wrong content types, JSON of the wrong type,
missing, unknown and duplicated fields, unknown options, duplicate and foreign cards, impossible
counts, moves for seats that do not exist, huge arrays, deep nesting, oversized bodies, tokens of
every wrong shape. Each answer must be a problem whose status the contract documents for that path,
with the code the corpus expects, a few KiB at most; and none may make the app do much more work than
a normal request: work counted as the Python calls the app makes (``tests/work.py``), never timed.
The timings of the same bodies are ``make bench``'s (bench/hostile.py).
"""

from __future__ import annotations

import copy
import random

import orjson
import pytest

from schemas.games import calculator_schema

from .contract import spec
from .positions import MODES, position
from .work import WorkCounter

G = "/v1/games"
RECORD_PATHS = ("/state", "/legal-moves", "/moves", "/moves/validate", "/views")
CALCULATORS = {"/trick-winner": "trick_winner", "/bids/validate": "validate_bid", "/score": "score",
               "/matches/score": "score_match"}
PATHS = RECORD_PATHS + ("/deals", "/records/open", "/matches/replay") + tuple(CALCULATORS)
BAD_JSON, BAD_REQUEST, BAD_RECORD, BAD_TOKEN = (
    (400, "invalid_json"), (400, "invalid_request"), (422, "invalid_record"), (422, "invalid_token"))
WORK_FACTOR = 10  # a hostile body may make the app do at most this many normal requests' work
MAX_PROBLEM_BYTES = 4096  # docs/TRUST.md, "Limits": an error body is a few KiB at most


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
                ("huge move list", {**b, "record": {**record, "moves": [{"seat": 0, "type": "pass"}] * 1500}},
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
    yield "huge", {key: "A" * 60_000}, BAD_TOKEN  # under the record cap: the token's own refusal


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
    with WorkCounter(app) as work:
        normal = work.post(client, url, **good)[0]
        for name, kwargs, expected in cases:
            calls, resp = work.post(client, url, **kwargs)
            check(resp, url, name, expected if applicable else (404, "not_found"))
            if resp.status_code >= 400:
                assert len(resp.get_data()) <= MAX_PROBLEM_BYTES, (name, len(resp.get_data()))
            assert work.within(calls, WORK_FACTOR * normal), (name, calls, normal)


# --- the attack report's findings (issue 11), each reproduced ---
DEEP = 1000


def deep_move_bodies(game_id):
    """A move whose strings are written every way an escape can be, beside a seat nested 1000 deep."""
    hand, record = record_of(game_id)
    rec = orjson.dumps(record)
    deep = b"[" * DEEP + b"0" + b"]" * DEEP
    for text in (rb'"\n"', rb'"\\"', rb'"\""', rb'"\\\""', rb'"\u005c"', rb'"\u0022["', rb'"\\\\"', rb'"[\"{"'):
        yield text, b'{"record": ' + rec + b', "move": {"a": ' + text + b', "seat": ' + deep + b"}}"


@pytest.mark.parametrize("path", ("/moves", "/moves/validate", "/legal-moves", "/state"))
@pytest.mark.parametrize("game_id", sorted(MODES))
def test_nesting_is_refused_however_strings_are_written(client, game_id, path):
    for text, raw in deep_move_bodies(game_id):
        resp = client.post(f"{G}/{game_id}{path}", data=raw, content_type="application/json")
        assert (resp.status_code, resp.get_json()["code"]) == BAD_JSON, (text, resp.get_data()[:300])


def test_unknown_field_flood_is_refused_with_a_short_answer(app, client):
    url = f"{G}/sixes/deals"
    with WorkCounter(app) as work:
        normal = work.post(client, url, json={"seed": "s"})[0]
        for fields, expected in ((60_000, (413, "payload_too_large")), (1_300, BAD_REQUEST)):
            flood = orjson.dumps({"seed": "s", **{f"f{i}": 0 for i in range(fields)}})
            calls, resp = work.post(client, url, data=flood, content_type="application/json")
            assert (resp.status_code, resp.get_json()["code"]) == expected
            assert len(resp.get_data()) <= MAX_PROBLEM_BYTES
            assert work.within(calls, WORK_FACTOR * normal), (fields, calls, normal)
    record = record_of("sixes")[1]
    flood = {**record, **{f"f{i}": 0 for i in range(4_000)}}
    resp = client.post(f"{G}/sixes/state", json={"record": flood})
    assert resp.status_code == 422 and len(resp.get_data()) <= MAX_PROBLEM_BYTES


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_huge_value_is_never_echoed_whole(client, game_id):
    big = "x" * (1024 * 1024 - 200)
    hand, record = record_of(game_id)
    bodies = [("/deals", {"options": {big: 1}}), ("/deals", {"dealer": big}),
              ("/deals", {"match": {big: 1}}),
              ("/state", {"record": {**record, "dealer": big}}),
              ("/state", {"record": {**record, big: 1}}),
              ("/state", {"record": {**record, "moves": [{"seat": 0, "type": big}]}}),
              ("/moves/validate", {"record": record, "move": {"seat": big, "type": "play"}}),
              ("/state", {"record": replace_card(record, big)}),
              ("/state", {"record": {**record, "options": {"players": big}}})]
    for path, body in bodies:
        resp = client.post(f"{G}/{game_id}{path}", json=body)
        assert 400 <= resp.status_code < 500, (path, resp.status_code)
        assert len(resp.get_data()) <= MAX_PROBLEM_BYTES, (path, resp.get_json()["code"], len(resp.get_data()))


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_match_tokens_are_opened_one_at_a_time_and_stop_at_the_first_refusal(app, client, game_id, monkeypatch):
    from service.http.tokens import Keyring
    ring = app.extensions["referee_keyring"]
    good = ring.seal(game_id, record_of(game_id, finished=True)[1])
    bad = ring.seal(game_id, record_of(game_id)[1])  # not finished: hands[1] is refused
    opened = []
    real = Keyring.open
    monkeypatch.setattr(Keyring, "open", lambda self, g, t: opened.append(1) or real(self, g, t))
    tokens = [good, bad] + [good] * ((app.config["MAX_CONTENT_LENGTH"] - 3 * len(good)) // (len(good) + 3))
    resp = client.post(f"{G}/{game_id}/matches/replay", json={"hand_tokens": tokens[:500]})
    assert resp.status_code == 422 and resp.get_json()["hand_index"] == 1, resp.get_json()
    assert len(opened) <= 2


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_seed_longer_than_the_maximum_is_refused(client, game_id):
    from service.http.limits import MAX_SEED_CHARS
    ok = client.post(f"{G}/{game_id}/deals", json={"seed": "s" * MAX_SEED_CHARS})
    assert ok.status_code == 201
    resp = client.post(f"{G}/{game_id}/deals", json={"seed": "s" * (MAX_SEED_CHARS + 1)})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "bad_seed", resp.get_json()
    record = {**ok.get_json(), "seed": "s" * 60_000}
    resp = client.post(f"{G}/{game_id}/state", json={"record": record})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "bad_seed", resp.get_json()
    assert len(resp.get_data()) <= MAX_PROBLEM_BYTES


def _chunked(app, size):
    """A request as gunicorn hands a chunked body over: no Content-Length, ``wsgi.input_terminated``."""
    import io

    from werkzeug.test import EnvironBuilder, run_wsgi_app
    raw = b'{"seed": "' + b"s" * size + b'"}'
    env = EnvironBuilder(path=f"{G}/sixes/deals", method="POST", content_type="application/json",
                         input_stream=io.BytesIO(raw)).get_environ()
    env.pop("CONTENT_LENGTH", None)
    env["HTTP_TRANSFER_ENCODING"] = "chunked"
    env["wsgi.input_terminated"] = True
    body, status, headers = run_wsgi_app(app.wsgi_app, env)
    return int(status.split()[0]), b"".join(body)


def test_chunked_bodies_over_the_cap_are_413(app):
    status, body = _chunked(app, 3 * 1024 * 1024)
    assert status == 413 and orjson.loads(body)["code"] == "payload_too_large"
    status, body = _chunked(app, app.config["MAX_DEAL_BYTES"] + 1)
    assert status == 413 and orjson.loads(body)["code"] == "payload_too_large"
    status, body = _chunked(app, app.config["MAX_DEAL_BYTES"] - 20)
    assert status == 422 and orjson.loads(body)["reason"] == "bad_seed"  # read whole, then judged
    status, body = _chunked(app, 10)
    assert status == 201, body


@pytest.mark.parametrize("path, cap", [("/deals", "MAX_DEAL_BYTES"), ("/state", "MAX_RECORD_BYTES"),
                                       ("/score", "MAX_RECORD_BYTES"), ("/matches/replay", "MAX_CONTENT_LENGTH")])
def test_each_kind_of_body_has_its_size_cap(app, client, path, cap):
    """Checked on Content-Length before anything is read or parsed (docs/TRUST.md, "Limits")."""
    limit = app.config[cap]
    for size, status in ((limit, None), (limit + 1, 413)):
        raw = b'{"z": "' + b"x" * (size - 9) + b'"}'
        assert len(raw) == size
        resp = client.post(f"{G}/court-piece{path}", data=raw, content_type="application/json")
        assert (resp.status_code == 413) == (status == 413), (path, size, resp.status_code)


def test_field_errors_are_bounded(client):
    resp = client.post(f"{G}/sixes/matches/replay", json={"hands": ["x"] * 500})
    assert 400 <= resp.status_code < 500 and len(resp.get_data()) <= MAX_PROBLEM_BYTES
    errors = resp.get_json().get("errors") or {}
    assert sum(len(v) if isinstance(v, (list, dict)) else 1 for v in errors.values()) <= 50


# --- forged deals (issue 11, item 5) ---
def swapped(record):
    hands = copy.deepcopy(record["deal"]["hands"])
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return {**record, "deal": {**record["deal"], "hands": hands}}


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_record_with_a_seed_must_hold_that_seeds_deal(client, game_id):
    for options in MODES[game_id]:
        dealt = client.post(f"{G}/{game_id}/deals", json={"seed": "honest", "options": options, "dealer": 1}).get_json()
        assert client.post(f"{G}/{game_id}/state", json={"record": dealt}).status_code == 200
        forged = [swapped(dealt), {**dealt, "seed": "another"}]
        if game_id in ("bid-whist", "buck-euchre"):  # the same counts from any dealer: only the deal is wrong
            forged.append({**dealt, "dealer": 2})
        for record in forged:
            resp = client.post(f"{G}/{game_id}/state", json={"record": record})
            assert resp.status_code == 422 and resp.get_json()["reason"] == "deal_mismatch", (options, resp.get_json())
        # dealt by hand at a real table: no seed, taken as it stands
        plain = {k: v for k, v in swapped(dealt).items() if k != "seed"}
        assert client.post(f"{G}/{game_id}/state", json={"record": plain}).status_code == 200


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_match_replay_says_which_deals_were_verified(client, game_id):
    hand, record = record_of(game_id, finished=True)
    answer = client.post(f"{G}/{game_id}/matches/replay", json={"hands": [record]}).get_json()
    assert answer["per_hand"][0]["deal_verified"] is True
    plain = {k: v for k, v in record.items() if k != "seed"}
    answer = client.post(f"{G}/{game_id}/matches/replay", json={"hands": [plain]}).get_json()
    assert answer["per_hand"][0]["deal_verified"] is False
    resp = client.post(f"{G}/{game_id}/matches/replay", json={"hands": [swapped(record)]})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "deal_mismatch"


# --- integral floats and nulls (issue 11, item 6) ---
def floated(value):
    """Every integer of ``value`` written as an integral float, as a JSON Schema client may."""
    if type(value) is int:
        return float(value)
    if isinstance(value, list):
        return [floated(v) for v in value]
    if isinstance(value, dict):
        return {k: floated(v) for k, v in value.items()}
    return value


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_integers_written_as_integral_floats_are_integers(client, game_id):
    hand, record = record_of(game_id)
    move = hand.legal_moves()[0]
    if "from" in move:
        move = {"seat": move["seat"], "type": move["type"], "cards": move["from"][:move["count"]]}
    for path, body in (("/deals", {"seed": "f", "dealer": 1, "options": MODES[game_id][0]}),
                       ("/state", {"record": record}), ("/legal-moves", {"record": record}),
                       ("/moves", {"record": record, "move": move}), ("/views", {"record": record, "seat": 1})):
        plain = client.post(f"{G}/{game_id}{path}", json=body)
        floats = client.post(f"{G}/{game_id}{path}", data=orjson.dumps(floated(body)), content_type="application/json")
        assert (floats.status_code, floats.get_json()) == (plain.status_code, plain.get_json()), path


def test_court_piece_score_takes_a_redeals_nulls_back():
    """court-piece.md: a redeal's result has calling_team and winner_team null; a client passes them back."""
    from service import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"dealer": 0, "redeal": True, "calling_team": None, "winner_team": None, "kot": None}
    for path, payload in (("/score", body), ("/matches/score", {"dealer": 0, "hands": [body]})):
        resp = client.post(f"{G}/court-piece{path}", json=payload)
        assert resp.status_code == 200, (path, resp.get_json())
    resp = client.post(f"{G}/court-piece/score", json={"dealer": 0, "winner_team": 1, "kot": False, "calling_team": None})
    assert resp.status_code == 200, resp.get_json()


@pytest.mark.parametrize("name", ["BuckEuchreBidRequest", "FiveHundredBidRequest"])
def test_the_contract_says_the_candidate_call_is_an_object(name):
    """``bid`` is a call (a move object): a null bid is outside the contract, and refused as the shape it is."""
    assert spec()["components"]["schemas"][name]["properties"]["bid"]["type"] == "object"
