"""Hostile events for ``…/tournaments/score`` (32 MiB cap): sizes are counted before the shape is
examined item by item, so a flood costs its parse, not seconds of field checks (docs/TRUST.md).
Work is counted (how many items the shape check was given), never timed."""

from __future__ import annotations

import pytest

import service.http.tournaments as endpoint

from .test_tournament_errors import BE, ex

N = 20_000  # far over every cap, small enough to build quickly


@pytest.fixture()
def shaped(monkeypatch):
    """The event bodies the item-by-item shape check was given."""
    seen = []
    original = endpoint.load_event
    monkeypatch.setattr(endpoint, "load_event", lambda data: seen.append(data) or original(data))
    return seen


@pytest.mark.parametrize("key, code, item", [
    ("entrants", "too_many_entrants", {"id": 5, "name": 6}),  # wrong types too: never examined
    ("rounds", "too_many_rounds", {"tables": []}),
    ("boards", "too_many_boards", {"seed": "s", "dealer": 0})])
def test_a_list_over_its_cap_is_refused_before_its_items_are_examined(client, shaped, key, code, item):
    body = {**ex("1"), key: [item] * N}
    resp = client.post(BE, json={k: v for k, v in body.items() if k != "game"})
    problem = resp.get_json()
    assert (resp.status_code, problem["code"]) == (422, code), problem
    assert shaped == [] and len(resp.data) < 1000


def test_too_many_tables_and_hands_are_counted_before_the_shape(client, shaped):
    body = {k: v for k, v in ex("1").items() if k != "game"}
    table = body["rounds"][0]["tables"][0]
    resp = client.post(BE, json={**body, "rounds": [{"tables": [table] * N}]})
    assert resp.get_json()["code"] == "too_many_tables" and shaped == []
    resp = client.post(BE, json={**body, "rounds": [{"tables": [{**table, "score_sheet": [{}] * N}]}]})
    assert resp.get_json()["code"] == "too_many_hands" and shaped == []


@pytest.mark.parametrize("where", ["event", "entrant", "table", "round"])
def test_a_flood_of_unknown_fields_is_the_shapes_400_naming_the_first_few(client, shaped, where):
    body = {k: v for k, v in ex("1").items() if k != "game"}
    flood = {f"f{i}": 0 for i in range(N)}
    if where == "event":
        body, path = {**body, **flood}, lambda e: e
    elif where == "entrant":
        body["entrants"][0].update(flood)
        path = lambda e: e["entrants"]["0"]  # noqa: E731
    elif where == "table":
        body["rounds"][0]["tables"][0].update(flood)
        path = lambda e: {"f0": ["Unknown field."]} if "rounds" in e else {}  # noqa: E731 (cut short that deep)
    else:
        body["rounds"][0].update(flood)
        path = lambda e: e["rounds"]["0"]  # noqa: E731
    resp = client.post(BE, json=body)
    problem = resp.get_json()
    assert (resp.status_code, problem["code"]) == (400, "invalid_request"), problem
    assert path(problem["errors"])["f0"] == ["Unknown field."] and len(resp.data) < 2000
    assert shaped == []


def test_a_table_with_more_seats_than_any_game_is_refused_at_once(client, shaped):
    body = {k: v for k, v in ex("1").items() if k != "game"}
    body["rounds"][0]["tables"][0]["seats"] = ["p1"] * N
    problem = client.post(BE, json=body).get_json()
    assert problem["code"] == "invalid_request" and "rounds" in problem["errors"]
    assert shaped == []


def test_a_normal_event_still_takes_the_shape_check(client, shaped):
    body = {k: v for k, v in ex("1").items() if k != "game"}
    assert client.post(BE, json=body).status_code == 200 and len(shaped) == 1
