"""Court Piece over HTTP: every endpoint, the documents' examples through the API, errors as problems."""

import copy

import random

import pytest

from .contract import call, conforms
from .test_court_piece_data import EXAMPLES

BASE = "/v1/games/court-piece"


def post(client, path, body):
    return call(client, "POST", BASE + path, json=body)  # every answer checked against openapi.yaml




def test_catalogue_entry(client):
    r = call(client, "GET", BASE)
    assert r.status_code == 200
    entry = r.get_json()
    conforms(entry, "GameInfo")
    assert entry["id"] == "court-piece" and entry["players"] == {"min": 4, "max": 4}
    assert [o["name"] for o in entry["options"]][:3] == ["mode", "rung_royal", "scoring"]
    assert {m["type"] for m in entry["move_types"]} == {
        "call_trump", "pass_to_partner", "timeout", "change_cards", "play", "reveal", "change_trump"}
    assert "court-piece" in [g["id"] for g in client.get("/v1/games").get_json()["games"]]


def test_deals_example_1_and_2(client):
    for n in (1, 2):
        ex = EXAMPLES[n]
        r = post(client, "/deals", ex["input"])
        assert r.status_code == 201
        body = r.get_json()
        assert body["dealer"] == ex["expected"]["dealer"]
        if n == 1:
            assert body["deal"]["hands"] == ex["expected"]["deal"]["hands"]
        else:
            assert body["deal"]["draw"] == ex["expected"]["draw"]


def test_state_legal_moves_and_views(client):
    rec = EXAMPLES[5]["input"]
    st = post(client, "/state", {"record": rec}).get_json()
    assert st["tricks"][0]["winning_card"] == "2S" and st["tricks"][0]["revealed_at"] == 2
    lm = post(client, "/legal-moves", {"record": EXAMPLES[8]["input"]}).get_json()
    assert lm == EXAMPLES[8]["expected"]
    view = post(client, "/views", {"record": EXAMPLES[9]["input"]["record"], "seat": 2}).get_json()
    assert view["viewer"] == 2 and view["moves"][0]["card"] is None
    assert view["deal"]["hands"][1] == [None] * 13
    lm = post(client, "/legal-moves", {"record": view}).get_json()
    assert lm == {"seat": 1, "moves": None}
    own = post(client, "/views", {"record": EXAMPLES[9]["input"]["record"], "seat": 1}).get_json()
    lm = post(client, "/legal-moves", {"record": own}).get_json()
    full = post(client, "/legal-moves", {"record": EXAMPLES[9]["input"]["record"]}).get_json()
    assert lm == full


def test_moves_and_validate(client):
    ex = EXAMPLES[7]["input"]
    r = post(client, "/moves/validate", ex)
    assert r.status_code == 200
    assert r.get_json()["legal"] is False and r.get_json()["reason"] == "must_play_trump_after_reveal"
    r = post(client, "/moves", ex)
    assert r.status_code == 422
    p = r.get_json()
    assert p["code"] == "illegal_move" and p["reason"] == "must_play_trump_after_reveal"
    assert p["move_index"] == 4 and r.mimetype == "application/problem+json"
    ok = {**ex, "move": {"seat": 3, "type": "play", "card": "2S"}}
    assert post(client, "/moves/validate", ok).get_json() == {"legal": True, "reason": None, "detail": None}
    r = post(client, "/moves", ok)
    assert r.status_code == 200
    body = r.get_json()
    assert body["record"]["moves"][-1] == {"seat": 3, "type": "play", "card": "2S"}
    assert body["events"] == [] and body["state"]["to_act"] == 0


def test_move_events_reveal_and_trick(client):
    ex = copy.deepcopy(EXAMPLES[5]["input"])
    last = ex["moves"].pop()
    r = post(client, "/moves", {"record": ex, "move": last}).get_json()
    assert r["events"] == [{"type": "trick_won", "trick": 0, "seat": 3, "index": 5}]
    ex["moves"] = ex["moves"][:3]
    r = post(client, "/moves", {"record": ex, "move": {"seat": 3, "type": "reveal"}}).get_json()
    assert r["events"] == [{"type": "trump_revealed", "seat": 3, "card": "QS", "trump": "S", "index": 3}]


def test_hand_over_and_redeal_events(client):
    ex = copy.deepcopy(EXAMPLES[11]["input"])
    last = ex["moves"].pop()
    r = post(client, "/moves", {"record": ex, "move": last}).get_json()
    assert [e["type"] for e in r["events"]] == ["trick_won", "hand_over"]
    ex = copy.deepcopy(EXAMPLES[16]["input"])
    move = ex["moves"].pop()
    r = post(client, "/moves", {"record": ex, "move": move}).get_json()
    assert [e["type"] for e in r["events"]] == ["redeal"]


def test_calculators(client):
    for n, path in ((10, "/trick-winner"), (17, "/score"), (18, "/score"), (19, "/score"), (20, "/score"),
                    (21, "/matches/score")):
        r = post(client, path, EXAMPLES[n]["input"])
        assert r.status_code == 200, r.get_json()
        body = r.get_json()
        for k, v in EXAMPLES[n]["expected"].items():
            assert body[k] == v, (n, k)
    r = client.post(BASE + "/bids/validate", json={})  # not published: Court Piece has no auction
    assert r.status_code == 404 and r.get_json()["code"] == "not_found"


def test_calculator_errors(client):
    body = copy.deepcopy(EXAMPLES[17]["input"])
    body["calling_team"] = 1
    r = post(client, "/score", body)
    assert r.status_code == 422 and r.get_json()["reason"] == "calling_team_mismatch"
    r = post(client, "/score", {**EXAMPLES[17]["input"], "surprise": 1})
    assert r.status_code == 400 and r.get_json()["code"] == "invalid_request"
    r = post(client, "/trick-winner", {"cards": "AS"})
    assert r.status_code == 400


def test_match_replay_example_22(client):
    r = post(client, "/matches/replay", EXAMPLES[22]["input"])
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["scores"] == [0, 1] and body["match_over"] is True and body["winner"] == 1
    for got, want in zip(body["per_hand"], EXAMPLES[22]["expected"]["per_hand"]):
        assert got["dealer"] == want["dealer"]
        for k, v in want["result"].items():
            assert got["result"][k] == v


@pytest.mark.parametrize("mutate, code", [
    (lambda r: r.update(dealer=9), "bad_dealer"),
    (lambda r: r["deal"]["hands"][0].pop(), "wrong_card_count"),
    (lambda r: r["moves"].append({"seat": 1, "type": "dance"}), "unknown_move_type"),
])
def test_invalid_records_are_422(client, mutate, code):
    rec = copy.deepcopy(EXAMPLES[3]["input"])
    mutate(rec)
    r = post(client, "/state", {"record": rec})
    assert r.status_code == 422
    assert r.get_json()["code"] == "invalid_record" and r.get_json()["reason"] == code


def test_openapi_has_court_piece_schemas(client):
    from .contract import spec as load
    spec = load()
    assert "/v1/games/court-piece/state" in spec["paths"]
    assert "CourtPieceState" in spec["components"]["schemas"]
    assert "CourtPieceRecord" in spec["components"]["schemas"]


@pytest.mark.parametrize("mode", ["single_sar", "double_sar", "hidden_trump"])
def test_random_hands_through_the_api_conform_to_the_contract(client, mode):
    rng = random.Random(mode)
    for i in range(2):
        record = post(client, "/deals", {"seed": f"api-{mode}-{i}", "options": {"mode": mode,
                                         "rung_royal": i == 1}, "match": {"hand_number": 2}}).get_json()
        conforms(record, "CourtPieceRecord")
        while True:
            state = post(client, "/state", {"record": record}).get_json()
            for seat in {state["to_act"] or 0, rng.randrange(4)}:
                view = post(client, "/views", {"record": record, "seat": seat}).get_json()
                conforms(view, "CourtPieceRecord")
                lm = post(client, "/legal-moves", {"record": view}).get_json()
                assert lm["moves"] == (state["legal_moves"] if seat == state["to_act"] or
                                       state["phase"] == "done" else None)
            if state["phase"] == "done":
                break
            move = rng.choice(state["legal_moves"])
            answer = post(client, "/moves", {"record": record, "move": move}).get_json()
            record = answer["record"]
