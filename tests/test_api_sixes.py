"""Sixes over HTTP: every applicable endpoint, the two that do not apply, answers against openapi.yaml."""

from __future__ import annotations

import copy
import random

import pytest

from .contract import call, conforms, post_ok, spec
from .test_sixes import CRAFTED, CRAFTED_MOVES, E1_HANDS, E3_MOVES, SCORE_EXAMPLES, pas, play

BASE = "/v1/games/sixes"


def post(client, path, body, status=200):
    return post_ok(client, BASE + path, body, status)


def e1(moves=(), **over):
    record = {"game": "sixes", "dealer": 0, "deal": {"hands": copy.deepcopy(E1_HANDS)},
              "moves": list(moves)}
    record.update(over)
    return record


def test_catalogue_entry(client):
    resp = call(client, "GET", BASE)
    assert resp.status_code == 200
    entry = resp.get_json()
    conforms(entry, "GameInfo")
    assert entry["id"] == "sixes" and entry["players"] == {"min": 3, "max": 6}
    games = client.get("/v1/games").get_json()["games"]
    assert "sixes" in [g["id"] for g in games]


def test_deals_e1(client):
    rec = post(client, "/deals", {"seed": "doc-example-1", "dealer": 0, "options": {}}, 201)
    conforms(rec, "SixesRecord")
    assert rec["deal"]["hands"] == E1_HANDS
    assert rec["match"] == {"chips": [10] * 5, "hand_number": 1}
    assert rec["options"] == {"players": 5, "start_chips": 10, "voluntary_pass": False}


def test_deals_three_and_four_players(client):
    rec = post(client, "/deals", {"seed": "s", "dealer": 0, "options": {"players": 3}}, 201)
    assert [len(h) for h in rec["deal"]["hands"]] == [13, 14, 13]
    conforms(rec, "SixesRecord")
    rec = post(client, "/deals", {"seed": "s", "dealer": 2, "options": {"players": 4}}, 201)
    assert [len(h) for h in rec["deal"]["hands"]] == [10] * 4


def test_deals_refuses_bad_options_and_finished_matches(client):
    out = post(client, "/deals", {"seed": "s", "options": {"players": 7}}, 422)
    assert out["code"] == "invalid_record"
    out = post(client, "/deals", {"seed": "s", "match": {"chips": [0, 3, 3, 3, 3]}}, 422)
    assert out["reason"] == "match_already_over"


def test_state_e3(client):
    st = post(client, "/state", {"record": e1(E3_MOVES)})
    conforms(st, "SixesState")
    assert st["phase"] == "playing" and st["to_act"] == 1 and st["tricks"] == []
    assert st["legal_moves"] == [play(1, "7D")]
    assert st["pot"] == 1 and st["chips"] == [9, 10, 10, 10, 10]
    assert st["layout"] == {"S": None, "H": {"low": "6H", "high": "7H"},
                            "D": {"low": "5D", "high": "6D"}, "C": None}
    assert st["hand_sizes"] == [8, 7, 7, 7, 7] and st["result"] is None


def test_legal_moves_e2(client):
    out = post(client, "/legal-moves", {"record": e1()})
    conforms(out, "SixesLegalMoves")
    assert out == {"seat": 1, "moves": [play(1, "6D")]}


@pytest.mark.parametrize("move,reason", [
    (play(1, "5S"), "must_start_with_6d"), (pas(1), "must_start_with_6d"),
    (play(0, "3C"), "not_your_turn"), (play(1, "6D"), None)])
def test_validate_e2(client, move, reason):
    out = post(client, "/moves/validate", {"record": e1(), "move": move})
    conforms(out, "MoveCheck")
    assert out["legal"] is (reason is None) and out["reason"] == reason
    assert (out["detail"] is None) is (reason is None)


def test_validate_e3_e4(client):
    out = post(client, "/moves/validate", {"record": e1(E3_MOVES[:4]), "move": play(0, "4H")})
    assert out["reason"] == "card_not_playable"
    out = post(client, "/moves/validate", {"record": e1(E3_MOVES), "move": pas(1)})
    assert out["reason"] == "must_play"
    rec = e1(E3_MOVES, options={"voluntary_pass": True})
    assert post(client, "/moves/validate", {"record": rec, "move": pas(1)})["legal"] is True
    out = post(client, "/moves/validate", {"record": e1(E3_MOVES), "move": play(1, "4D")})
    assert out["reason"] == "card_not_in_hand"


def test_moves_appends_and_answers_the_new_state(client):
    out = post(client, "/moves", {"record": e1(E3_MOVES[:4]), "move": pas(0)})
    conforms(out, "SixesMoveAnswer")
    assert out["record"]["moves"] == E3_MOVES and out["events"] == []
    assert out["state"]["pot"] == 1 and out["state"]["chips"] == [9, 10, 10, 10, 10]


def test_moves_lower_case_card_comes_back_canonical(client):
    out = post(client, "/moves", {"record": e1(), "move": {"seat": 1, "type": "play", "card": "6d"}})
    assert out["record"]["moves"] == [play(1, "6D")]


def test_illegal_move_is_422_with_reason_and_index(client):
    out = post(client, "/moves", {"record": e1(E3_MOVES), "move": pas(1)}, 422)
    assert out["code"] == "illegal_move" and out["reason"] == "must_play" and out["move_index"] == 5
    conforms(out, "Problem")
    out = post(client, "/state", {"record": e1(E3_MOVES + [pas(1)])}, 422)
    assert (out["code"], out["reason"], out["move_index"]) == ("illegal_move", "must_play", 5)


def test_e6_card_outside_the_pack_is_invalid_record(client):
    out = post(client, "/state", {"record": e1(E3_MOVES + [{"seat": 2, "type": "play", "card": "8D"}])},
               422)
    assert out["code"] == "invalid_record" and out["reason"] == "unknown_card"
    out = post(client, "/moves/validate", {"record": e1(), "move": play(1, "10D")}, 422)
    assert out["code"] == "invalid_record"


def test_e11_e12_wrong_counts_are_invalid(client):
    rec = post(client, "/deals", {"seed": "e11", "dealer": 2, "options": {"players": 4}}, 201)
    rec["deal"]["hands"] = [h[:8] for h in rec["deal"]["hands"]]
    assert post(client, "/state", {"record": rec}, 422)["reason"] == "wrong_card_count"
    rec = post(client, "/deals", {"seed": "e12", "dealer": 0, "options": {"players": 3}}, 201)
    h = rec["deal"]["hands"]
    h[0], h[1] = h[1], h[0]
    assert post(client, "/state", {"record": rec}, 422)["reason"] == "wrong_card_count"


def test_views(client):
    view = post(client, "/views", {"record": e1(E3_MOVES), "seat": 2})
    conforms(view, "SixesRecord")
    assert view["viewer"] == 2 and view["deal"]["hands"][2] == E1_HANDS[2]
    assert view["deal"]["hands"][0] == [None] * 8
    st = post(client, "/state", {"record": view})
    assert st["legal_moves"] is None and st["layout"]["D"] == {"low": "5D", "high": "6D"}
    assert post(client, "/legal-moves", {"record": view}) == {"seat": 1, "moves": None}
    view1 = post(client, "/views", {"record": e1(E3_MOVES), "seat": 1})
    assert post(client, "/legal-moves", {"record": view1}) == {"seat": 1, "moves": [play(1, "7D")]}
    out = post(client, "/moves/validate", {"record": view1, "move": pas(1)})
    assert out["reason"] == "must_play"


def test_view_before_the_opening_without_6d(client):
    view = post(client, "/views", {"record": e1(), "seat": 0})
    st = post(client, "/state", {"record": view})
    conforms(st, "SixesState")
    assert st["to_act"] is None and st["legal_moves"] is None and st["phase"] == "playing"
    out = post(client, "/moves", {"record": view, "move": play(1, "6D")})
    assert out["state"]["to_act"] == 2


def test_trick_winner_and_bids_validate_are_404_and_not_published(client):
    for path in ("/trick-winner", "/bids/validate"):
        assert BASE + path not in spec()["paths"]
        resp = client.post(BASE + path, json={"cards": []})
        assert resp.status_code == 404
        body = resp.get_json()
        assert body["code"] == "not_found" and resp.mimetype == "application/problem+json"


@pytest.mark.parametrize("body,expected", SCORE_EXAMPLES, ids=["E7", "E8", "E10"])
def test_score_examples(client, body, expected):
    out = post(client, "/score", body)
    conforms(out, "SixesScore")
    assert {k: out[k] for k in expected} == expected


def test_matches_score_example(client):
    body = {"options": {"players": 4}, "chips": [3, 3, 3, 3],
            "hands": [{"passes": [1, 2, 0, 1], "round_winner": 2},
                      {"passes": [0, 2, 1, 3], "round_winner": 0},
                      {"passes": [2, 0, 0, 0], "round_winner": 1}]}
    expected = {"running_chips": [[2, 1, 7, 2], [6, 0, 6, 0]], "chips": [6, 0, 6, 0],
                "over_after_hand": 1, "winner": None, "winners": [0, 2]}
    out = post(client, "/matches/score", body)
    conforms(out, "SixesMatchScore")
    assert {k: out[k] for k in expected} == expected


@pytest.mark.parametrize("body,status", [
    ({"passes": [0] * 5, "round_winner": 0, "extra": 1}, 400),
    ({"passes": [0] * 5}, 400),
    ({"passes": "x", "round_winner": 0}, 400),
    ({"passes": [0] * 5, "round_winner": 9}, 422),
    ({"passes": [0] * 4, "round_winner": 0}, 422),
    ({"passes": [0] * 5, "round_winner": 0, "chips": [0, 1, 1, 1, 1]}, 422),
])
def test_score_refuses_bad_bodies(client, body, status):
    out = post(client, "/score", body, status)
    assert out["code"] == ("invalid_request" if status == 400 else "invalid_record")


def _played_round(client, record, rng):
    while True:
        st = post(client, "/state", {"record": record})
        if st["phase"] == "done":
            return record, st["result"]
        record = post(client, "/moves", {"record": record, "move": rng.choice(st["legal_moves"])})["record"]


def test_a_whole_round_over_http_and_the_match_replay(client):
    rng = random.Random(7)
    record = post(client, "/deals", {"seed": "http-1", "dealer": 0, "options": {"players": 3},
                                     "match": {"chips": [1, 1, 1]}}, 201)
    hands = []
    for h in range(20):
        record, result = _played_round(client, record, rng)
        conforms(result, "SixesResult")
        hands.append(record)
        if result["match_over"]:
            break
        record = post(client, "/deals", {"seed": f"http-{h + 2}", "dealer": result["next_dealer"],
                                         "options": {"players": 3},
                                         "match": {"chips": result["chips"], "hand_number": h + 2}}, 201)
    assert result["match_over"]
    out = post(client, "/matches/replay", {"hands": hands})
    conforms(out, "SixesMatchReplayAnswer")
    assert out["match_over"] and out["winner"] == result["winner"]
    assert out["scores"] == result["chips"]
    assert [p["result"]["round_winner"] for p in out["per_hand"]] == \
        [post(client, "/state", {"record": r})["result"]["round_winner"] for r in hands]


def test_finished_round_events(client):
    rng = random.Random(3)
    record = post(client, "/deals", {"seed": "ev", "dealer": 0, "match": {"chips": [1, 1, 1, 1, 1]}}, 201)
    record, result = _played_round(client, record, rng)
    last = record["moves"].pop()
    out = post(client, "/moves", {"record": record, "move": last})
    kinds = [e["type"] for e in out["events"]]
    assert kinds[0] == "hand_over" and out["events"][0]["result"] == result
    assert ("match_over" in kinds) is result["match_over"]
    assert all(e["index"] == len(record["moves"]) for e in out["events"])
    out = post(client, "/moves/validate", {"record": out["record"], "move": pas(0)})
    assert out["reason"] == "hand_over"


def test_crafted_free_pass_over_http(client):
    rec = {"game": "sixes", "dealer": 0, "deal": {"hands": copy.deepcopy(CRAFTED)},
           "moves": CRAFTED_MOVES, "match": {"chips": [1, 5, 5, 5, 5], "hand_number": 3}}
    st = post(client, "/state", {"record": rec})
    assert st["chips"] == [0, 5, 5, 5, 5] and st["pot"] == 1


def _match_log(client, seed, rounds_max=20):
    rng = random.Random(seed)
    record = post(client, "/deals", {"seed": f"{seed}-1", "dealer": 0, "options": {"players": 4},
                                     "match": {"chips": [4, 4, 4, 4]}}, 201)
    hands = []
    for h in range(rounds_max):
        record, result = _played_round(client, record, rng)
        hands.append(record)
        if result["match_over"]:
            return hands, result
        record = post(client, "/deals", {"seed": f"{seed}-{h + 2}", "dealer": result["next_dealer"],
                                         "options": {"players": 4},
                                         "match": {"chips": result["chips"], "hand_number": h + 2}}, 201)
    return hands, result


def test_match_replay_chains_dealer_and_chips(client):
    hands, result = _match_log(client, "chain")
    assert len(hands) > 1
    out = post(client, "/matches/replay", {"hands": hands})
    assert out["running_scores"][-1] == result["chips"] and out["match_over"]
    assert [h["dealer"] for h in out["per_hand"]] == [h["dealer"] for h in hands]
    # the next round is dealt by whoever played the 6D: any other dealer is refused
    second = dict(hands[1])
    second["dealer"] = (second["dealer"] + 1) % 4
    out = post(client, "/matches/replay", {"hands": [hands[0], second]}, 422)
    assert (out["reason"], out["hand_index"]) == ("wrong_dealer", 1)
    # chips must carry over
    second = copy.deepcopy(hands[1])
    second["match"]["chips"] = [c + 1 for c in second["match"]["chips"]]
    out = post(client, "/matches/replay", {"hands": [hands[0], second]}, 422)
    assert (out["reason"], out["hand_index"]) == ("match_mismatch", 1)
    # a round may omit match: it follows from the round before
    second = {k: v for k, v in hands[1].items() if k != "match"}
    assert post(client, "/matches/replay", {"hands": [hands[0], second]})["per_hand"][1]["result"] == \
        post(client, "/state", {"record": hands[1]})["result"]
    # nothing after the round that ended the match
    out = post(client, "/matches/replay", {"hands": hands + [hands[-1]]}, 422)
    assert out["reason"] == "match_already_over"
    unfinished = {**hands[0], "moves": hands[0]["moves"][:3]}
    assert post(client, "/matches/replay", {"hands": [unfinished]}, 422)["reason"] == "hand_incomplete"


@pytest.mark.parametrize("kwargs, status, code", [
    ({"data": "{not json", "content_type": "application/json"}, 400, "invalid_json"),
    ({"json": {"record": {}, "extra": 1}}, 400, "invalid_request"),
    ({"json": {"record": {"game": "sixes"}}}, 422, "invalid_record"),
    ({"json": {"record": {"game": "sixes", "dealer": 0, "deal": {"hands": [[None] * 8] * 5}}}},
     422, "invalid_record"),
])
def test_hostile_bodies_get_problems(client, kwargs, status, code):
    r = client.post(BASE + "/state", **kwargs)
    assert r.status_code == status and r.json["code"] == code
    assert r.headers["Content-Type"] == "application/problem+json"


SEQ = "A234567JQK"
ALL_CARDS = {r + s for s in "SHDC" for r in SEQ}


def _layout_cards(layout):
    out = set()
    for suit, ends in layout.items():
        if ends is not None:
            lo, hi = SEQ.index(ends["low"][0]), SEQ.index(ends["high"][0])
            out |= {SEQ[p] + suit for p in range(lo, hi + 1)}
    return out


def test_random_api_playouts_keep_the_invariants(client):
    rng = random.Random(2027)
    for k in range(6):
        n = 3 + k % 3
        options = {"players": n, "voluntary_pass": rng.random() < 0.3}
        chips = [rng.randint(1, 4) for _ in range(n)]
        rec = post(client, "/deals", {"seed": f"api-playout-{k}", "dealer": k % n, "options": options,
                                      "match": {"chips": chips}}, 201)
        assert sorted(c for h in rec["deal"]["hands"] for c in h) == sorted(ALL_CARDS)
        while True:
            st = post(client, "/state", {"record": rec})
            held = [c for h in st["hands"] for c in h]
            laid = _layout_cards(st["layout"])
            assert len(held) + len(laid) == 40 and set(held) | laid == ALL_CARDS
            assert sum(st["chips"]) + st["pot"] == sum(chips) and st["tricks"] == []
            if st["phase"] == "done":
                break
            legal = st["legal_moves"]
            assert legal and all(m["seat"] == st["to_act"] for m in legal)
            for move in legal:
                assert post(client, "/moves/validate", {"record": rec, "move": move})["legal"]
            listed = {m["card"] for m in legal if m["type"] == "play"}
            for card in rng.sample(sorted(ALL_CARDS - listed), 3):
                v = post(client, "/moves/validate",
                         {"record": rec, "move": {"seat": st["to_act"], "type": "play", "card": card}})
                assert v["legal"] is False and v["reason"] in (
                    "card_not_in_hand", "card_not_playable", "must_start_with_6d")
            if {"seat": st["to_act"], "type": "pass"} not in legal:
                v = post(client, "/moves/validate", {"record": rec, "move": pas(st["to_act"])})
                assert v["reason"] in ("must_play", "must_start_with_6d")
            view = post(client, "/views", {"record": rec, "seat": st["to_act"]})
            assert post(client, "/legal-moves", {"record": view})["moves"] == legal
            rec = post(client, "/moves", {"record": rec, "move": rng.choice(legal)})["record"]
        result = st["result"]
        assert st["hand_sizes"][result["round_winner"]] == 0 and st["pot"] == 0
        assert result["next_dealer"] == rec["moves"][0]["seat"]
        scored = post(client, "/score", {"options": options, "chips": chips, "passes": result["passes"],
                                         "round_winner": result["round_winner"]})
        for key in ("pot", "deltas", "chips", "match_over", "winner", "winners", "unpaid_passes"):
            assert scored[key] == result[key], key
        for seat in range(n):
            view = post(client, "/views", {"record": rec, "seat": seat})
            assert post(client, "/state", {"record": view})["result"] == result
