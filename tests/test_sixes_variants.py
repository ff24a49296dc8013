"""Sixes' variants (sixes.md, "Variants"): ante, pay_per_card, six players with the 48-card pack.

Every worked example VA1-VA5, VP1-VP4, VS1-VS4 is a test; seeded playouts over every combination
check the document's invariants (chips conserved, the variants' result fields present only while on).
"""

from __future__ import annotations

import itertools
import random

import pytest

from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games.sixes import GAME

from .contract import post, post_ok

BASE = "/v1/games/sixes"


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def pas(seat):
    return {"seat": seat, "type": "pass"}


# --- V1 ante --------------------------------------------------------------------------------

VA = [
    ({"options": {"ante": 1}, "chips": [10, 10, 10, 10, 10], "passes": [2, 0, 3, 1, 0], "round_winner": 1},
     {"pot": 11, "deltas": [-3, 10, -4, -2, -1], "chips": [7, 20, 6, 8, 9],
      "match_over": False, "winner": None, "winners": [], "antes": [1, 1, 1, 1, 1]}),
    ({"options": {"ante": 2}, "chips": [1, 5, 5, 5, 5], "passes": [3, 0, 0, 0, 1], "round_winner": 4},
     {"pot": 10, "deltas": [-1, -2, -2, -2, 7], "chips": [0, 3, 3, 3, 12],
      "match_over": True, "winner": 4, "winners": [4], "antes": [1, 2, 2, 2, 2]}),
    ({"options": {"ante": 3, "players": 4}, "chips": [3, 4, 9, 9], "passes": [1, 2, 0, 0], "round_winner": 2},
     {"pot": 13, "deltas": [-3, -4, 10, -3], "chips": [0, 0, 19, 6],
      "match_over": True, "winner": 2, "winners": [2], "antes": [3, 3, 3, 3]}),
]
VP = [
    ({"options": {"pay_per_card": True}, "chips": [10, 10, 10, 10, 10], "passes": [2, 0, 3, 1, 0],
      "round_winner": 1, "cards_left": [3, 0, 5, 1, 2]},
     {"pot": 17, "deltas": [-5, 17, -8, -2, -2], "chips": [5, 27, 2, 8, 8],
      "match_over": False, "winner": None, "winners": [], "card_payments": [3, 0, 5, 1, 2]}),
    ({"options": {"pay_per_card": True}, "chips": [4, 5, 5, 5, 5], "passes": [3, 0, 0, 0, 1],
      "round_winner": 4, "cards_left": [6, 2, 1, 1, 0]},
     {"pot": 9, "deltas": [-4, -2, -1, -1, 8], "chips": [0, 3, 4, 4, 13],
      "match_over": True, "winner": 4, "winners": [4], "card_payments": [1, 2, 1, 1, 0]}),
    ({"options": {"pay_per_card": True, "ante": 2, "players": 3}, "chips": [5, 5, 5],
      "passes": [1, 1, 0], "round_winner": 2, "cards_left": [4, 9, 0]},
     {"pot": 12, "deltas": [-5, -5, 10], "chips": [0, 0, 15], "match_over": True,
      "winner": 2, "winners": [2], "antes": [2, 2, 2], "card_payments": [2, 2, 0]}),
]
VS4 = ({"options": {"players": 6}, "chips": [10] * 6, "passes": [1, 0, 2, 0, 3, 1], "round_winner": 3},
       {"pot": 7, "deltas": [-1, 0, -2, 7, -3, -1], "chips": [9, 10, 8, 17, 7, 9],
        "match_over": False, "winner": None, "winners": []})
SCORE_EXAMPLES = VA + VP + [VS4]

MATCH_EXAMPLES = [
    ({"options": {"ante": 1, "start_chips": 3}, "chips": [3, 3, 3, 3, 3],
      "hands": [{"passes": [1, 0, 2, 1, 0], "round_winner": 1}, {"passes": [0, 1, 0, 0, 2], "round_winner": 0}]},
     {"running_chips": [[1, 11, 0, 1, 2]], "chips": [1, 11, 0, 1, 2], "over_after_hand": 0,
      "winner": 1, "winners": [1]}),
    ({"options": {"pay_per_card": True, "start_chips": 5}, "chips": [5, 5, 5, 5, 5],
      "hands": [{"passes": [1, 0, 2, 0, 0], "round_winner": 1, "cards_left": [2, 0, 3, 1, 1]},
                {"passes": [0, 0, 1, 1, 0], "round_winner": 3, "cards_left": [1, 2, 4, 0, 2]}]},
     {"running_chips": [[2, 15, 0, 4, 4]], "chips": [2, 15, 0, 4, 4], "over_after_hand": 0,
      "winner": 1, "winners": [1]}),
]


@pytest.mark.parametrize("body,expected", SCORE_EXAMPLES)
def test_score_examples(body, expected):
    out = GAME.score(body)
    assert {k: out[k] for k in expected} == expected
    assert ("antes" in out) == (body["options"].get("ante", 0) >= 1)
    assert ("card_payments" in out) == bool(body["options"].get("pay_per_card"))
    assert sum(out["deltas"]) == 0  # chips conserved


@pytest.mark.parametrize("body,expected", MATCH_EXAMPLES)
def test_match_examples(body, expected):
    out = GAME.score_match(body)
    assert {k: out[k] for k in expected} == expected
    assert "antes" not in out and "card_payments" not in out


@pytest.mark.parametrize("body,expected", SCORE_EXAMPLES + MATCH_EXAMPLES)
def test_examples_over_http(client, body, expected):
    path = "/matches/score" if "hands" in body else "/score"
    out = post_ok(client, BASE + path, body)
    assert {k: out[k] for k in expected} == expected


def test_cards_left_required_with_pay_per_card_and_ignored_without(client):
    body = {k: v for k, v in VP[0][0].items() if k != "cards_left"}
    resp = post(client, BASE + "/score", body)
    assert resp.status_code == 400 and resp.get_json()["code"] == "invalid_request"
    with pytest.raises(InvalidRecord):
        GAME.score(body)
    rounds = {"options": {"pay_per_card": True}, "hands": [{"passes": [0] * 5, "round_winner": 0}]}
    # a round without cards_left is refused as one without round_winner is (422 invalid_record)
    resp = post(client, BASE + "/matches/score", rounds)
    assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_record"
    no_winner = {"hands": [{"passes": [0] * 5}]}
    assert post(client, BASE + "/matches/score", no_winner).get_json()["code"] == "invalid_record"
    plain = {**VP[0][0], "options": {}}
    assert GAME.score(plain) == GAME.score({k: v for k, v in plain.items() if k != "cards_left"})


E1_DEAL = GAME.deal("doc-example-1", {}, 0, None)["deal"]


def test_va4_state_before_the_first_move(client):
    rec = GAME.deal("doc-example-1", {"ante": 1}, 0, None)
    assert rec["deal"] == E1_DEAL and rec["options"]["ante"] == 1
    st = post_ok(client, BASE + "/state", {"record": rec})
    assert st["pot"] == 5 and st["chips"] == [9, 9, 9, 9, 9] and st["to_act"] == 1
    assert st["legal_moves"] == [{"seat": 1, "type": "play", "card": "6D"}]


@pytest.mark.parametrize("value", [-1, 11, True, 1.5, "1", None])
def test_ante_out_of_range_is_invalid(value):
    with pytest.raises(InvalidRecord):
        GAME.deal("s", {"ante": value}, 0, None)


@pytest.mark.parametrize("value", [1, "true", None, 0])
def test_pay_per_card_not_a_boolean_is_invalid(value):
    with pytest.raises(InvalidRecord):
        GAME.deal("s", {"pay_per_card": value}, 0, None)


def test_deals_carry_the_variant_options_only_when_set():
    assert set(GAME.deal("s", {}, 0, None)["options"]) == {"players", "start_chips", "voluntary_pass"}
    rec = GAME.deal("s", {"ante": 0, "pay_per_card": False}, 0, None)
    assert rec["options"]["ante"] == 0 and rec["options"]["pay_per_card"] is False
    assert GAME.replay(rec).to_record()["options"] == rec["options"]


def test_ante_takes_a_short_stack_whose_passes_are_then_free():
    # VA2 in a record: seat 0 at one chip pays it as ante; his passes are unpaid
    rec = GAME.deal("doc-example-1", {"ante": 2}, 0, {"chips": [1, 5, 5, 5, 5]})
    hand = GAME.replay(rec)
    assert hand.state()["chips"] == [0, 3, 3, 3, 3] and hand.state()["pot"] == 9


# --- V3 six players ---------------------------------------------------------------------------

VS1_HANDS = [["AC", "3S", "QC", "AS", "2S", "4C", "AH", "4D"],
             ["3C", "3D", "9C", "7S", "AD", "9D", "QS", "7H"],
             ["KD", "8C", "2H", "KS", "2C", "6C", "KC", "6S"],
             ["4S", "JC", "8H", "QD", "9H", "7D", "6H", "6D"],
             ["9S", "JS", "5C", "JD", "JH", "2D", "8D", "4H"],
             ["7C", "3H", "5S", "KH", "5H", "QH", "8S", "5D"]]
VS2_HANDS = [["6D", "7D", "JD", "8S", "9S", "AC", "2C", "3C"], ["5D", "8D", "9D", "QD", "KD", "AS", "2S", "3S"],
             ["4D", "3D", "2D", "AD", "6S", "7S", "JS", "QS"], ["6H", "7H", "8H", "9H", "JH", "QH", "KH", "KS"],
             ["AH", "2H", "3H", "4H", "5H", "4S", "5S", "4C"], ["5C", "6C", "7C", "8C", "9C", "JC", "QC", "KC"]]
VS2_FIRST = [play(0, "6D"), play(1, "5D"), play(2, "4D"), play(3, "6H"), play(4, "5H"), play(5, "6C")]


def vs2(moves, **over):
    rec = {"game": "sixes", "options": {"players": 6}, "dealer": 5, "deal": {"hands": [list(h) for h in VS2_HANDS]},
           "moves": list(moves), "match": {"chips": [10] * 6, "hand_number": 1}}
    rec.update(over)
    return rec


def reason(rec, move):
    hand = GAME.replay(rec)
    return hand.check(GAME.parse_move(move, hand.n, hand.pack, None, "m"))


def test_vs1_seeded_deal(client):
    rec = post_ok(client, BASE + "/deals", {"seed": "doc-example-1", "dealer": 0, "options": {"players": 6}}, 201)
    assert rec["deal"]["hands"] == VS1_HANDS
    st = post_ok(client, BASE + "/state", {"record": rec})
    assert st["to_act"] == 3 and st["legal_moves"] == [{"seat": 3, "type": "play", "card": "6D"}]
    assert len(rec["match"]["chips"]) == 6


def test_vs2_the_8_and_9_between_the_7_and_the_jack(client):
    rec = vs2(VS2_FIRST)
    assert GAME.replay(rec).legal_moves() == [play(0, "7D")]
    assert reason(rec, play(0, "JD"))[0] == "card_not_playable"
    rec = vs2(VS2_FIRST + [play(0, "7D")])
    assert reason(rec, play(1, "QD"))[0] == "card_not_playable"
    assert reason(rec, pas(1))[0] == "must_play"
    moves = VS2_FIRST + [play(0, "7D"), play(1, "8D"), play(2, "3D"), play(3, "7H"), play(4, "4H"),
                         play(5, "7C"), pas(0)]
    out = post_ok(client, BASE + "/legal-moves", {"record": vs2(moves)})
    assert out == {"seat": 1, "moves": [play(1, "9D")]}
    layout = GAME.replay(vs2(moves)).state()["layout"]
    assert layout == {"S": None, "H": {"low": "4H", "high": "7H"}, "D": {"low": "3D", "high": "8D"},
                      "C": {"low": "6C", "high": "7C"}}


def test_vs3_cards_of_the_pack():
    five = {"game": "sixes", "options": {"players": 5}, "dealer": 4, "deal": {"hands": VS2_HANDS[:5]},
            "moves": [], "match": {"chips": [10] * 5}}
    with pytest.raises(InvalidRecord) as e:
        GAME.replay(five)
    assert e.value.reason == "unknown_card" and "8S" in e.value.detail
    ten = vs2([])
    ten["deal"]["hands"][3] = [c if c != "KH" else "TH" for c in ten["deal"]["hands"][3]]
    with pytest.raises(InvalidRecord) as e:
        GAME.replay(ten)
    assert e.value.reason == "unknown_card"
    uneven = vs2([])
    uneven["deal"]["hands"][0].append(uneven["deal"]["hands"][1].pop())
    with pytest.raises(InvalidRecord) as e:
        GAME.replay(uneven)
    assert e.value.reason == "wrong_card_count"


def test_catalogue_lists_the_variants(client):
    entry = client.get(BASE).get_json()
    names = {o["name"]: o for o in entry["options"]}
    assert names["ante"]["default"] == 0 and names["ante"]["maximum"] == 10
    assert names["pay_per_card"]["default"] is False
    assert names["players"]["choices"] == [3, 4, 5, 6]
    assert entry["players"] == {"min": 3, "max": 6}


# --- playouts -----------------------------------------------------------------------------------

COMBOS = [dict(zip(("players", "ante", "pay_per_card"), c))
          for c in itertools.product((3, 4, 5, 6), (0, 1, 3), (False, True))]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_rounds_conserve_chips(options, client):
    rng = random.Random(str(options))
    n = options["players"]
    for r in range(6):
        chips = [rng.randint(1, 6) for _ in range(n)]
        rec = GAME.deal(f"v{r}", options, rng.randrange(n), {"chips": chips, "hand_number": 1})
        hand = GAME.replay(rec)
        total = sum(chips)
        pack_size = 48 if n == 6 else 40
        assert sum(len(h) for h in rec["deal"]["hands"]) == pack_size
        while hand.phase != "done":
            st = hand.state()
            assert sum(st["chips"]) + st["pot"] == total and min(st["chips"]) >= 0
            move = rng.choice(hand.legal_moves())
            hand.play(GAME.parse_move(move, n, hand.pack, None, "m"), len(hand.moves))
        res = hand.result
        assert sum(res["chips"]) == total and sum(res["deltas"]) == 0 and min(res["chips"]) >= 0
        paid = [p - u for p, u in zip(res["passes"], res["unpaid_passes"])]
        assert res["pot"] == sum(res.get("antes", [0])) + sum(paid) + sum(res.get("card_payments", [0]))
        assert ("antes" in res) == (options["ante"] >= 1)
        assert ("cards_left" in res) == ("card_payments" in res) == options["pay_per_card"]
        sizes = [len(h) for h in hand.holdings.held]
        if options["pay_per_card"]:
            assert res["cards_left"] == sizes
            assert all(k <= c for k, c in zip(res["card_payments"], res["cards_left"]))
        # the calculator agrees with the replay
        body = {"options": options, "chips": chips, "passes": res["passes"], "round_winner": res["round_winner"]}
        if options["pay_per_card"]:
            body["cards_left"] = sizes
        calc = GAME.score(body)
        for key in ("pot", "deltas", "chips", "antes", "card_payments", "winners", "winner"):
            assert calc.get(key) == res.get(key), key
        if r == 0:  # and over HTTP, against the contract
            post_ok(client, BASE + "/state", {"record": hand.to_record()})
            post_ok(client, BASE + "/views", {"record": hand.to_record(), "seat": 0})


def test_illegal_moves_unchanged_by_the_variants():
    rec = GAME.deal("doc-example-1", {"ante": 2, "pay_per_card": True}, 0, None)
    rec["moves"] = [pas(1)]
    with pytest.raises(IllegalMove) as e:
        GAME.replay(rec)
    assert e.value.reason == "must_start_with_6d"
