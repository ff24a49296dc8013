"""Numbers at the API's edge: integers in every spelling JSON Schema calls an integer, and integers
no client can hold (issue 11, item 6; docs/TRUST.md, "Limits")."""

from __future__ import annotations

import copy

import pytest

from .positions import MODES
from .test_hostile import G, record_of
from .test_limits import written

SPELLINGS = (1, 2, 4)  # 3e0, 30e-1, 3.0E+0 (test_limits.written)


def _body(game_id):
    hand, record = record_of(game_id)
    move = hand.legal_moves()[0]
    if "from" in move:
        move = {"seat": move["seat"], "type": move["type"], "cards": move["from"][:move["count"]]}
    return (("/deals", {"seed": "f", "dealer": 1, "options": MODES[game_id][0]}),
            ("/state", {"record": record}), ("/moves", {"record": record, "move": move}),
            ("/views", {"record": record, "seat": 1}))


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_integers_written_with_an_exponent_are_integers(client, game_id):
    for path, body in _body(game_id):
        plain = client.post(f"{G}/{game_id}{path}", json=body)
        assert plain.status_code in (200, 201), (path, plain.get_json())
        for style in SPELLINGS:
            raw = written(body, style)
            spelt = client.post(f"{G}/{game_id}{path}", data=raw, content_type="application/json")
            assert (spelt.status_code, spelt.get_json()) == (plain.status_code, plain.get_json()), (path, raw[:80])


@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_non_integral_number_is_still_refused_where_an_integer_is_wanted(client, game_id):
    for raw in (b'{"seed": "f", "dealer": 25e-1}', b'{"seed": "f", "dealer": 1.5}', b'{"seed": "f", "dealer": 1e300}'):
        resp = client.post(f"{G}/{game_id}/deals", data=raw, content_type="application/json")
        assert resp.status_code in (400, 422) and resp.get_json()["code"] in ("invalid_request", "invalid_record")


def _with_huge_match(record, value):
    record = copy.deepcopy(record)
    match = record.setdefault("match", {})
    key = "chips" if "chips" in match else "scores"
    match[key] = [value] * len(match.get(key) or [0, 0])
    return record


@pytest.mark.parametrize("game_id", sorted(MODES))
@pytest.mark.parametrize("value", [2 ** 64 - 1, 2 ** 63 - 1, 2 ** 53, -(2 ** 53)])
def test_integers_beyond_what_a_client_can_hold_are_refused_not_a_500(client, game_id, value):
    # a finished hand adds its deltas to the match: 2**64 - 1 chips plus a pot was a 500 (orjson
    # writes at most 64-bit integers)
    _, record = record_of(game_id, finished=True)
    record = _with_huge_match(record, value)
    for path, body in (("/state", {"record": record}), ("/matches/replay", {"hands": [record]})):
        resp = client.post(f"{G}/{game_id}{path}", json=body)
        problem = resp.get_json()
        assert resp.status_code == 422, (path, problem)
        assert (problem["code"], problem["reason"]) == ("invalid_record", "number_out_of_range"), problem


@pytest.mark.parametrize("path", ["/score", "/matches/score"])
def test_the_calculators_refuse_them_too(client, path):
    chips = [2 ** 63] * 5
    body = ({"chips": chips, "passes": [0] * 5, "round_winner": 0} if path == "/score"
            else {"chips": chips, "hands": [{"passes": [1] * 5, "round_winner": 0}]})
    problem = client.post(f"{G}/sixes{path}", json=body).get_json()
    assert (problem["status"], problem["reason"]) == (422, "number_out_of_range")
    assert client.post(f"{G}/sixes{path}", json={**body, "chips": [2 ** 53 - 1] * 5}).status_code == 200


@pytest.mark.parametrize("command", ["replay", "analyse", "tournament"])
@pytest.mark.parametrize("text", ['{"game": "sixes", "hands": [{"dealer": ' + "1" * 10_000 + "}]}",
                                  "[" * 100_000 + "]" * 100_000])
def test_the_command_line_refuses_numbers_and_nesting_python_cannot_read(tmp_path, capsys, command, text):
    # the CLI reads files with the stdlib: past 4,300 digits it raises ValueError, past the stack
    # RecursionError, and both were tracebacks
    from service.cli import EXIT_USAGE, main
    path = tmp_path / "hostile.json"
    path.write_text(text)
    assert main([command, str(path)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("referee: ") and "Traceback" not in err and len(err) < 500


def test_an_integral_float_beside_a_huge_integer_is_still_an_integer(client):
    # found by schemathesis's positive-data check: the huge number was refused, but the 2.0 beside
    # it stayed a float and the shape check answered 400 for a body the contract allows
    raw = (b'{"dealer": 2.0, "turn_up": "9S", "calls": [], '
           b'"bid": {"seat": 3.0, "type": "pass", "x": -1865952867002685696}}')
    problem = client.post(f"{G}/buck-euchre/bids/validate", data=raw, content_type="application/json").get_json()
    assert (problem["status"], problem["reason"]) == (422, "number_out_of_range"), problem
