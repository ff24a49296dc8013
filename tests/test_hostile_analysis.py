"""Hostile input for ``…/analysis`` and ``…/hint`` (the corpus of tests/test_hostile.py, plus what
these two endpoints add): each body gets its documented problem, and the cost of a hostile search is
bounded in nodes (the budget and the per-request cap), never left to the clock."""

from __future__ import annotations

import copy

import orjson
import pytest

from service import create_app

from .contract import spec
from .test_api_analysis import EXAMPLES, first_position
from .test_hostile import BAD_RECORD, BAD_REQUEST, check, duplicate_card, envelope_cases, short_hand

GAMES = ("bid-whist", "court-piece", "five-hundred", "buck-euchre")


def field_cases(path, body):
    b = copy.deepcopy(body)
    yield "unknown field", {**b, "zzz": 1}, BAD_REQUEST
    yield "no record", {k: v for k, v in b.items() if k != "record"}, BAD_REQUEST
    yield "record and token", {**b, "record_token": "x"}, BAD_REQUEST
    yield "record a list", {**b, "record": []}, BAD_REQUEST
    yield "record null", {**b, "record": None}, BAD_REQUEST
    for value in (0, -1, 100_000_001, 2 ** 63 - 1, True, 1.5, "10", None, [], {}):
        yield f"max_nodes {value!r}", {**b, "max_nodes": value}, BAD_REQUEST
    if path == "hint":
        for value in (0, 65, 10 ** 9, False, 2.5, "16", None):  # 2.0 is the integer 2
            yield f"samples {value!r}", {**b, "samples": value}, BAD_REQUEST
        for value in (5, None, [], {}):
            yield f"seed {value!r}", {**b, "seed": value}, BAD_REQUEST
        for size in (257, 60_000):  # capped like a deal's seed (issue 30): 422, reason bad_seed
            yield f"seed of {size} characters", {**b, "seed": "s" * size}, BAD_RECORD
        yield "level unknown", {**b, "level": "expert"}, BAD_REQUEST
    record = b["record"]
    yield "duplicate card", {**b, "record": duplicate_card(record)}, BAD_RECORD
    yield "short hand", {**b, "record": short_hand(record)}, BAD_RECORD
    yield "unknown card", {**b, "record": {**record, "deal": {**record["deal"], "hands": [["ZZ"]]}}}, BAD_RECORD
    yield "moves not a list", {**b, "record": {**record, "moves": {}}}, BAD_RECORD
    yield "token garbage", {"record_token": "\u0000" * 300}, (422, "invalid_token")


@pytest.mark.parametrize("path", ("analysis", "hint"))
@pytest.mark.parametrize("game_id", GAMES)
def test_every_hostile_body_gets_its_documented_problem(app, game_id, path):
    client = app.test_client()
    url = f"/v1/games/{game_id}/{path}"
    record = next(e["record"] for e in EXAMPLES if e["record"]["game"] == game_id)
    body = {"record": record}
    assert client.post(url, json=body).status_code == 200
    raw = orjson.dumps(body)
    for name, kwargs, expected in envelope_cases(raw, app.config["MAX_RECORD_BYTES"]):
        check(client.post(url, **kwargs), url, name, expected)
    for name, payload, expected in field_cases(path, body):
        resp = client.post(url, data=orjson.dumps(payload), content_type="application/json")
        check(resp, url, name, expected)
    huge = b'{"max_nodes": 1' + b"0" * 40 + b"," + raw[1:]
    check(client.post(url, data=huge, content_type="application/json"), url, "max_nodes 10**40", BAD_REQUEST)
    assert "422" in spec()["paths"][url]["post"]["responses"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_largest_budget_is_held_to_the_request_cap(game_id):
    """``max_nodes`` at its maximum on a whole hand: the cap stops it, counted in nodes."""
    app = create_app({"TESTING": True, "MAX_ANALYSIS_NODES": 20_000})
    client = app.test_client()
    from service.rules.analysis.adapters import ADAPTERS
    record = first_position(game_id, f"hostile-cap-{game_id}", ADAPTERS[game_id].total)
    for path, extra in (("analysis", {}), ("hint", {"samples": 64})):
        resp = client.post(f"/v1/games/{game_id}/{path}",
                           json={"record": record, "max_nodes": 100_000_000, **extra})
        if resp.status_code == 200:  # small enough to prove inside the cap (Buck Euchre)
            assert resp.get_json()["nodes"] <= 20_000
            continue
        problem = resp.get_json()
        assert (resp.status_code, problem["code"]) == (422, "analysis_budget_exceeded"), problem
        assert problem["max_nodes"] == 20_000 and problem["nodes"] <= 20_001
