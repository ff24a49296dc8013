"""Five Hundred over HTTP: every endpoint, the document's API bodies, answers against openapi.yaml."""

from __future__ import annotations

import pytest

from .contract import call, conforms, post_ok
from .test_five_hundred import calls, contract_record, fill_deal, misere_deal, played_hand, rec

BASE = "/v1/games/five-hundred"


def post(client, path, body, status=200):
    return post_ok(client, BASE + path, body, status)


def test_catalogue_entry(client):
    resp = call(client, "GET", BASE)
    entry = resp.get_json()
    conforms(entry, "GameInfo")
    assert entry["id"] == "five-hundred" and entry["players"] == {"min": 2, "max": 6}
    assert "five-hundred" in [g["id"] for g in client.get("/v1/games").get_json()["games"]]


def test_deals_e1_and_e2(client):
    r = post(client, "/deals", {"seed": "five-hundred-demo", "options": {}, "dealer": 3}, 201)
    conforms(r, "FiveHundredRecord")
    assert r["deal"]["hands"][1] == ["KD", "5S", "QH", "9H", "JH", "JC", "4D", "AS", "JK", "6H"]
    assert r["deal"]["kitty"] == ["5H", "TC", "8S"]
    assert r["options"]["players"] == 4 and r["options"]["defender_cap"] is None
    assert r["match"] == {"scores": [0, 0], "hand_number": 1}
    r = post(client, "/deals", {"seed": "two-demo", "options": {"players": 2}, "dealer": 0}, 201)
    assert r["deal"]["dead_hand"] == ["JC", "7S", "7D", "JS", "8C", "QC", "JH", "AD", "KD", "9C"]


@pytest.mark.parametrize("players", [3, 5, 6])
def test_deals_every_player_count(client, players):
    r = post(client, "/deals", {"seed": "s", "options": {"players": players}, "dealer": 1}, 201)
    assert [len(h) for h in r["deal"]["hands"]] == [10] * players and len(r["deal"]["kitty"]) == 3
    assert post(client, "/state", {"record": r})["to_act"] == 2 % players


def test_deals_refuse_bad_options_and_dealer(client):
    assert post(client, "/deals", {"seed": "s", "options": {"players": 7}}, 422)["reason"] == "invalid_option"
    assert post(client, "/deals", {"seed": "s", "options": {"x": 1}}, 422)["reason"] == "unknown_option"
    assert post(client, "/deals", {"seed": "s", "dealer": 4}, 422)["reason"] == "invalid_dealer"
    assert post(client, "/deals", {"seed": "s", "match": {"scores": [1]}}, 422)["reason"] == "invalid_match"
    assert post(client, "/deals", {"seed": 5}, 400)["code"] == "invalid_request"


def test_state_and_legal_moves(client):
    r = then_contract()
    st = post(client, "/state", {"record": r})
    conforms(st, "FiveHundredState")
    assert st["phase"] == "discard" and st["to_act"] == 0
    assert st["legal_moves"][0]["type"] == "discard" and st["legal_moves"][0]["count"] == 3
    assert st["auction"]["calls"][0] == {"seat": 0, "type": "bid", "bid": "7H"}
    out = post(client, "/legal-moves", {"record": r})
    conforms(out, "FiveHundredLegalMoves")
    assert out["seat"] == 0 and len(out["moves"][0]["from"]) == 13


def then_contract():
    return contract_record("7H", 0, fill_deal(4))


def test_moves_validate_and_illegal_moves(client):
    r = rec()
    out = post(client, "/moves/validate", {"record": r, "move": {"seat": 0, "type": "bid", "bid": "misere"}})
    assert out == {"legal": False, "reason": "misere_needs_seven", "detail": out["detail"]}
    out = post(client, "/moves/validate", {"record": r, "move": {"seat": 0, "type": "bid", "bid": "6S"}})
    assert out == {"legal": True, "reason": None, "detail": None}
    out = post(client, "/moves", {"record": r, "move": {"seat": 1, "type": "pass"}}, 422)
    assert (out["code"], out["reason"], out["move_index"]) == ("illegal_move", "not_your_turn", 0)
    bad = {**r, "moves": calls("6S", "6S")}
    out = post(client, "/state", {"record": bad}, 422)
    assert (out["reason"], out["move_index"]) == ("bid_too_low", 1)


def test_moves_events_and_canonical_output(client):
    deal = fill_deal(4, {0: ["AS", "KS"], 1: ["5S", "6S"], 2: ["7S", "8S"], 3: ["9S", "TS"]})
    r = played_hand("6NT", 2, deal, ["7S", "9S", "AS"])
    out = post(client, "/moves", {"record": r, "move": {"seat": 1, "type": "play", "card": "5s"}})
    conforms(out, "FiveHundredMoveAnswer")
    assert out["record"]["moves"][-1] == {"seat": 1, "type": "play", "card": "5S"}
    assert out["events"] == [{"type": "trick_won", "trick": 0, "seat": 0, "index": len(r["moves"])}]
    assert out["state"]["to_act"] == 0


def test_hand_over_events_and_result(client):
    r = rec(moves=calls("p", "p", "p"))
    out = post(client, "/moves", {"record": r, "move": {"seat": 3, "type": "pass"}})
    assert [e["type"] for e in out["events"]] == ["hand_over"]
    assert out["state"]["result"]["thrown_in"] and out["state"]["result"]["next_dealer"] == 0


def test_invalid_records(client):
    d = fill_deal()
    d["hands"][0][0] = "2S"
    out = post(client, "/state", {"record": rec(d)}, 422)
    assert (out["code"], out["reason"]) == ("invalid_record", "invalid_card")
    r = then_contract()
    r["moves"].append({"seat": 0, "type": "play", "card": "2S"})
    assert post(client, "/state", {"record": r}, 422)["reason"] == "invalid_card"
    assert post(client, "/state", {"record": rec(moves=[{"seat": 7, "type": "pass"}])}, 422)["reason"] == \
        "invalid_move"


def test_views_and_view_requests(client):
    deal = misere_deal()
    r = played_hand("open_misere", 1, deal, ["5S", "9S", "AS"], discard=["JK", "6D", "6H"])
    v = post(client, "/views", {"record": r, "seat": 2})
    conforms(v, "FiveHundredRecord")
    assert v["viewer"] == 2 and v["deal"]["hands"][2] == deal["hands"][2]
    assert v["deal"]["hands"][0] == [None] * 10
    assert v["deal"]["hands"][1][1:] == deal["hands"][1][1:]
    st = post(client, "/state", {"record": v})
    assert st["exposed"]["seat"] == 1 and st["legal_moves"] is None
    v0 = post(client, "/views", {"record": r, "seat": 0})
    lm = post(client, "/legal-moves", {"record": v0})
    assert lm == post(client, "/legal-moves", {"record": r})
    out = post(client, "/moves", {"record": v0, "move": lm["moves"][0]})
    assert out["record"]["viewer"] == 0


def test_views_refuse_a_seat_that_does_not_exist(client):
    r = rec()
    for seat in (4, -1):
        assert post(client, "/views", {"record": r, "seat": seat}, 422)["code"] == "invalid_record"


def test_api_trick_winner_examples(client):
    out = post(client, "/trick-winner", {"options": {}, "contract": "8S", "joker_suit": None,
                                         "cards": [{"seat": 2, "card": "AC"}, {"seat": 3, "card": "JC"},
                                                   {"seat": 0, "card": "AS"}, {"seat": 1, "card": "KC"}]})
    assert {k: out[k] for k in ("seat", "card")} == {"seat": 3, "card": "JC"}
    out = post(client, "/trick-winner", {"options": {}, "contract": "9NT", "joker_suit": "H",
                                         "cards": [{"seat": 1, "card": "AH"}, {"seat": 2, "card": "JK"},
                                                   {"seat": 3, "card": "5H"}, {"seat": 0, "card": "KH"}]})
    assert {k: out[k] for k in ("seat", "card")} == {"seat": 2, "card": "JK"}
    out = post(client, "/trick-winner", {"options": {"players": 6}, "contract": "6NT", "joker_suit": None,
                                         "cards": [{"seat": 4, "card": "13D"}, {"seat": 5, "card": "TD"},
                                                   {"seat": 0, "card": "12D"}, {"seat": 1, "card": "JD"},
                                                   {"seat": 2, "card": "11D"}, {"seat": 3, "card": "AS"}]})
    assert out["seat"] == 1 and out["card"] == "JD"


BID_EXAMPLES = [
    ({"options": {}, "dealer": 3,
      "calls": [{"seat": 0, "type": "bid", "bid": "6H"}, {"seat": 1, "type": "bid", "bid": "7S"}],
      "bid": {"seat": 2, "type": "bid", "bid": "misere"}},
     {"valid": True, "reason": None, "high_bid": "misere", "high_bidder": 2, "next": 3,
      "auction_over": False, "thrown_in": False, "contract": None}),
    ({"options": {}, "dealer": 3,
      "calls": [{"seat": 0, "type": "bid", "bid": "7D"}, {"seat": 1, "type": "pass"},
                {"seat": 2, "type": "pass"}], "bid": {"seat": 3, "type": "pass"}},
     {"valid": True, "reason": None, "high_bid": "7D", "high_bidder": 0, "next": 0,
      "auction_over": True, "thrown_in": False, "contract": {"bid": "7D", "seat": 0}}),
    ({"options": {}, "dealer": 3,
      "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "bid", "bid": "6S"},
                {"seat": 2, "type": "bid", "bid": "6C"}, {"seat": 3, "type": "pass"}],
      "bid": {"seat": 0, "type": "bid", "bid": "7S"}},
     {"valid": False, "reason": "cannot_rebid_after_pass", "high_bid": "6C",
      "high_bidder": 2, "next": 1, "auction_over": False, "thrown_in": False,
      "contract": None}),
]


@pytest.mark.parametrize("body,expected", BID_EXAMPLES)
def test_api_bids_validate_examples(client, body, expected):
    out = post(client, "/bids/validate", body)
    conforms(out, "FiveHundredBidAnswer")
    assert {k: out[k] for k in expected} == expected


def test_bids_validate_illegal_call_in_calls_is_422(client):
    out = post(client, "/bids/validate", {"options": {}, "dealer": 3, "calls": calls("6S", "6S"),
                                          "bid": {"seat": 2, "type": "pass"}}, 422)
    assert out["code"] == "illegal_move" and out["move_index"] == 1


SCORE_EXAMPLES = [
    ({"options": {}, "contract": {"bid": "7H", "seat": 0}, "tricks_by_side": [8, 2], "scores": [120, 200]},
     {"made": True, "slam": False, "value": 200, "deltas": [200, 20], "scores": [320, 220],
      "match_over": False, "winner": None, "backwards": []}),
    ({"options": {}, "contract": {"bid": "7NT", "seat": 1}, "tricks_by_side": [0, 10], "scores": [120, 200]},
     {"made": True, "slam": True, "value": 220, "deltas": [0, 250], "scores": [120, 450],
      "match_over": False, "winner": None, "backwards": []}),
]


@pytest.mark.parametrize("body,expected", SCORE_EXAMPLES)
def test_api_score_examples(client, body, expected):
    out = post(client, "/score", body)
    conforms(out, "FiveHundredScore")
    assert {k: out[k] for k in expected} == expected


def test_api_matches_score_example(client):
    body = {"options": {}, "scores": [470, 480],
            "hands": [{"contract": None, "tricks_by_side": [0, 0]},
                      {"contract": {"bid": "6S", "seat": 0}, "tricks_by_side": [6, 4]},
                      {"contract": {"bid": "7H", "seat": 1}, "tricks_by_side": [3, 7]}]}
    expected = {"running_scores": [[470, 480], [510, 520]], "scores": [510, 520], "match_over": True,
                "winner": 0, "backwards": [], "over_after_hand": 1}
    out = post(client, "/matches/score", body)
    conforms(out, "FiveHundredMatchScore")
    assert {k: out[k] for k in expected} == expected


@pytest.mark.parametrize("path,body,status", [
    ("/score", {"contract": {"bid": "7H", "seat": 0}, "tricks_by_side": [8, 2], "extra": 1}, 400),
    ("/score", {"tricks_by_side": [8, 2]}, 400),
    ("/score", {"contract": {"bid": "7H", "seat": 0}, "tricks_by_side": [8, 1]}, 422),
    ("/trick-winner", {"contract": "7H", "cards": "x"}, 400),
    ("/trick-winner", {"contract": "7H", "cards": [{"seat": 0, "card": "2S"}]}, 422),
    ("/bids/validate", {"dealer": 0}, 400),
    ("/matches/score", {"hands": [{"contract": {"bid": "6S", "seat": 9}, "tricks_by_side": [6, 4]}]}, 422),
])
def test_calculator_bad_bodies(client, path, body, status):
    out = post(client, path, body, status)
    assert out["code"] in ("invalid_request", "invalid_record")


def test_matches_replay(client):
    first = rec(moves=calls("p", "p", "p", "p"), match={"scores": [10, 20]})
    deal = misere_deal()
    second = played_hand("6NT", 1, deal, [], dealer=0)
    hand2 = post(client, "/state", {"record": second})
    # finish the second hand with the first listed move each time
    while hand2["phase"] != "done":
        out = post(client, "/moves", {"record": second, "move": hand2["legal_moves"][0]})
        second, hand2 = out["record"], out["state"]
    second = {**second, "match": {"scores": [10, 20], "hand_number": 2}}
    out = post(client, "/matches/replay", {"hands": [first, second]})
    conforms(out, "FiveHundredMatchReplayAnswer")
    assert out["running_scores"][0] == [10, 20] and len(out["per_hand"]) == 2
    assert out["scores"] == [a + d for a, d in zip([10, 20], hand2["result"]["deltas"])]
