"""The HTTP API for bid-whist: every endpoint, success and error, checked against openapi.yaml."""

import copy

import pytest

from .contract import call, post
from .test_bid_whist import (BID_EXAMPLES, E10_DEAL, E10_MOVES, EX_MOVES, EXCHANGE, MATCH_EXAMPLE,
                             SCORE_EXAMPLES, TRICK_WINNER_EXAMPLES, bid, pas, play, record, result_record)

B = "/v1/games/bid-whist"




def test_catalogue_entry(client):
    entry = call(client, "GET", B).json
    assert entry["id"] == "bid-whist" and entry["players"] == {"min": 4, "max": 4}
    assert {o["name"] for o in entry["options"]} == {
        "target", "min_bid", "kitty", "first_lead", "downtown_outranks_uptown", "dealer_takes_at_equal",
        "no_trump_doubles", "defenders_score", "boston_wins", "kitty_before_declaring", "downtown_aces"}
    games = call(client, "GET", "/v1/games").json["games"]
    assert entry in games


def test_E1_seeded_deal(client):
    r = post(client, B + "/deals", {"seed": "doc-example-1", "dealer": 0, "options": {}})
    assert r.status_code == 201
    assert r.json["deal"]["kitty"] == ["QD", "KS", "7S", "8H", "TC", "4H"]
    assert r.json["deal"]["hands"][0] == ["QS", "8C", "TD", "JC", "6H", "3C", "3D", "8D", "3S", "5C", "7C", "2S"]
    assert r.json["options"] == {"target": 7, "min_bid": 1, "kitty": "book", "first_lead": "dealer_left",
                                 "downtown_outranks_uptown": True, "dealer_takes_at_equal": False,
                                 "no_trump_doubles": False, "defenders_score": "none", "boston_wins": False}
    assert r.json["match"] == {"scores": [0, 0], "hand_number": 1}


@pytest.mark.parametrize("body, status, code", [
    ({"seed": 5}, 400, "invalid_request"),
    ({"seed": "x", "dealer": 4}, 422, "invalid_record"),
    ({"seed": "x", "options": {"target": 8}}, 422, "invalid_record"),
    ({"seed": "x", "match": {"scores": [7, 0]}}, 422, "invalid_record"),
])
def test_deal_request_errors(client, body, status, code):
    r = post(client, B + "/deals", body)
    assert (r.status_code, r.json["code"]) == (status, code)


def test_state_legal_moves_validate_and_moves(client):
    rec = record(moves=[bid(0, 3, "uptown")])
    st = post(client, B + "/state", {"record": rec}).json
    assert st["phase"] == "bidding" and st["to_act"] == 1
    assert st["high_bid"] == {"seat": 0, "level": 3, "mode": "uptown"}
    lm = post(client, B + "/legal-moves", {"record": rec}).json
    assert lm["seat"] == 1 and lm["moves"][0] == pas(1) and lm["moves"][1] == bid(1, 3, "downtown")
    assert post(client, B + "/moves/validate", {"record": rec, "move": bid(1, 3, "uptown")}).json == {
        "legal": False, "reason": "bid_too_low", "detail": post(
            client, B + "/moves/validate", {"record": rec, "move": bid(1, 3, "uptown")}).json["detail"]}
    ok = post(client, B + "/moves/validate", {"record": rec, "move": bid(1, 3, "downtown")}).json
    assert ok == {"legal": True, "reason": None, "detail": None}
    r = post(client, B + "/moves", {"record": rec, "move": bid(1, 3, "downtown")})
    assert r.json["record"]["moves"][-1] == bid(1, 3, "downtown") and r.json["events"] == []
    r = post(client, B + "/moves", {"record": rec, "move": pas(2)})
    assert r.status_code == 422
    assert (r.json["code"], r.json["reason"], r.json["move_index"]) == ("illegal_move", "not_your_turn", 1)


def test_E10_through_the_api(client):
    rec = record(moves=E10_MOVES + [play(1, "7H"), play(2, "2H")])
    r = post(client, B + "/moves", {"record": rec, "move": play(3, "BJ")})
    assert (r.status_code, r.json["reason"], r.json["move_index"]) == (422, "must_follow_suit", 8)
    r = post(client, B + "/moves", {"record": rec, "move": play(3, "4H")})
    assert r.json["events"] == [{"type": "trick_won", "trick": 0, "seat": 2, "index": 8}]
    assert r.json["state"]["to_act"] == 2


def test_whole_hands_through_moves(client):
    for options in ({}, EXCHANGE):
        rec = post(client, B + "/deals", {"seed": "api-hand", "dealer": 1, "options": options}).json
        events = []
        while True:
            st = post(client, B + "/state", {"record": rec}).json
            if st["phase"] == "done":
                break
            move = st["legal_moves"][-1]
            if move["type"] == "discard":
                move = {"seat": move["seat"], "type": "discard", "cards": move["from"][:move["count"]]}
            r = post(client, B + "/moves", {"record": rec, "move": move})
            rec, events = r.json["record"], events + r.json["events"]
        kinds = [e["type"] for e in events]
        assert kinds.count("trick_won") == 12 and "hand_over" in kinds
        assert st["result"]["next_dealer"] == 2 and sum(st["result"]["books"]) == 13


def test_result_object_through_the_api(client):
    st = post(client, B + "/state", {"record": result_record()}).json
    assert st["result"]["deltas"] == [3, 0] and st["result"]["scores"] == [5, -1]


def test_views_and_moves_on_a_view(client):
    rec = record(moves=EX_MOVES, options=EXCHANGE)
    v = post(client, B + "/views", {"record": rec, "seat": 1}).json
    assert v["viewer"] == 1 and v["deal"]["kitty"] == E10_DEAL["kitty"] and v["deal"]["hands"][0] == [None] * 12
    lm = post(client, B + "/legal-moves", {"record": v}).json
    assert lm["moves"] == [{"seat": 1, "type": "discard", "count": 6,
                            "from": E10_DEAL["hands"][1] + E10_DEAL["kitty"]}]
    discard = {"seat": 1, "type": "discard", "cards": E10_DEAL["kitty"]}
    r = post(client, B + "/moves", {"record": v, "move": discard})
    assert r.json["record"]["viewer"] == 1 and r.json["state"]["legal_moves"] is None
    rec2 = {**rec, "moves": rec["moves"] + [discard]}
    other = post(client, B + "/views", {"record": rec2, "seat": 0}).json
    assert other["moves"][-1]["cards"] == [None] * 6 and other["deal"]["kitty"] == [None] * 6
    st = post(client, B + "/state", {"record": other}).json
    assert st["to_act"] == 0 and st["legal_moves"][0]["type"] == "play"
    r = post(client, B + "/moves", {"record": other, "move": play(0, "AS")})
    assert r.status_code == 200 and r.json["record"]["moves"][-2]["cards"] == [None] * 6
    assert post(client, B + "/legal-moves", {"record": v}).json["seat"] == 1
    v2 = post(client, B + "/views", {"record": rec, "seat": 2}).json
    assert post(client, B + "/legal-moves", {"record": v2}).json == {"seat": 1, "moves": None}


def test_calculators_answer_the_documents_api_bodies(client):
    for ex in TRICK_WINNER_EXAMPLES:
        assert post(client, B + "/trick-winner", ex["input"]).json == ex["expected"]
    for ex in BID_EXAMPLES:
        out = post(client, B + "/bids/validate", ex["input"]).json
        assert {k: out[k] for k in ex["expected"]} == ex["expected"]
    for ex in SCORE_EXAMPLES:
        out = post(client, B + "/score", ex["input"]).json
        assert {k: out[k] for k in ex["expected"]} == ex["expected"]
    out = post(client, B + "/matches/score", MATCH_EXAMPLE["input"]).json
    assert {k: out[k] for k in MATCH_EXAMPLE["expected"]} == MATCH_EXAMPLE["expected"]
    r = post(client, B + "/trick-winner", {"leader": 0, "trump": None, "direction": "uptown",
                                           "cards": [{"seat": 0, "card": "RJ"}]})
    assert r.json == {"seat": None, "card": None}


@pytest.mark.parametrize("path, body, status, code", [
    ("/trick-winner", {"leader": 0, "trump": "D"}, 400, "invalid_request"),
    ("/trick-winner", {"leader": 0, "trump": "D", "direction": "uptown", "cards": [], "x": 1}, 400,
     "invalid_request"),
    ("/trick-winner", {"leader": 0, "trump": "D", "direction": "uptown", "cards": []}, 422, "invalid_record"),
    ("/trick-winner", {"leader": 0, "trump": "D", "direction": "up",
                       "cards": [{"seat": 0, "card": "AS"}]}, 422, "invalid_record"),
    ("/bids/validate", {"dealer": 3}, 400, "invalid_request"),
    ("/bids/validate", {"dealer": 3, "bid": {"seat": 0, "type": "play", "card": "AS"}}, 422, "invalid_record"),
    ("/bids/validate", {"dealer": 3, "calls": [{"seat": 1, "type": "pass"}], "bid": {"seat": 0, "type": "pass"}},
     422, "illegal_move"),
    ("/score", {"contract": {"bidder": 0, "level": 1, "mode": "uptown"}, "books": [7, 7], "scores": [0, 0]},
     422, "invalid_record"),
    ("/score", {"contract": {"bidder": 0, "level": 1, "mode": "uptown"}}, 400, "invalid_request"),
    ("/matches/score", {"hands": "x"}, 400, "invalid_request"),
    ("/matches/score", {"scores": [9, 0], "hands": []}, 422, "invalid_record"),
])
def test_calculator_errors(client, path, body, status, code):
    r = post(client, B + path, body)
    assert (r.status_code, r.json["code"]) == (status, code)


def test_match_replay(client):
    opts = {"target": 5, "no_trump_doubles": True}
    rec = post(client, B + "/deals", {"seed": "bw-m1", "dealer": 0, "options": opts}).json
    hands = []
    while len(hands) < 40:
        while True:
            st = post(client, B + "/state", {"record": rec}).json
            if st["phase"] == "done":
                break
            rec = post(client, B + "/moves", {"record": rec, "move": st["legal_moves"][-1]}).json["record"]
        hands.append(rec)
        if st["result"]["match_over"]:
            break
        rec = post(client, B + "/deals", {"seed": f"bw-m{len(hands) + 1}", "dealer": st["result"]["next_dealer"],
                                          "options": opts,
                                          "match": {"scores": st["result"]["scores"],
                                                    "hand_number": len(hands) + 1}}).json
    out = post(client, B + "/matches/replay", {"hands": hands}).json
    assert out["scores"] == st["result"]["scores"] and len(out["per_hand"]) == len(hands)
    assert out["match_over"] and out["winner"] == st["result"]["winner"]
    # the same match from its score sheet
    sheet = [{"contract": {k: h["result"]["contract"][k] for k in ("bidder", "level", "mode")},
              "books": h["result"]["books"]} for h in out["per_hand"]]
    scored = post(client, B + "/matches/score", {"options": opts, "hands": sheet}).json
    assert scored["running_scores"] == out["running_scores"] and scored["winner"] == out["winner"]
    assert scored["over_after_hand"] == len(hands) - 1


def test_invalid_records_are_422(client):
    rec = record()
    rec["deal"] = copy.deepcopy(E10_DEAL)
    rec["deal"]["kitty"].pop()
    r = post(client, B + "/state", {"record": rec})
    assert (r.status_code, r.json["code"], r.json["reason"]) == (422, "invalid_record", "wrong_card_count")
    r = post(client, B + "/state", {"record": record(match={"scores": [0, -7]})})
    assert r.json["reason"] == "match_already_over"
