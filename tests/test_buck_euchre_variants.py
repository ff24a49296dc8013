"""Buck Euchre's variant V1 (buck-euchre.md, "Variants"): a no-trump call in the naming round.

Every worked example VN1-VN5 is a test; seeded playouts with the option check that a called no
trump is scored with the caller as maker (three tricks) and that the listing and checks agree.
"""

import random

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games import GAMES

from .contract import post_ok
from .helpers import check, replay
from .test_buck_euchre import PASS4, be, deal_with

G = GAMES["buck-euchre"]
BASE = "/v1/games/buck-euchre"
NT = {"allow_no_trump_call": True}


def nt(seat):
    return {"seat": seat, "type": "name_trump", "suit": "NT"}


def test_vn1_the_naming_round_lists_the_call():
    rec = be(PASS4, deal=deal_with("JD"), options=NT)
    assert replay(rec).legal_moves() == [{"seat": 0, "type": "pass"}] + [
        {"seat": 0, "type": "name_trump", "suit": s} for s in "SHC"] + [nt(0)]
    both = replay({**rec, "options": {**NT, "allow_turned_suit": True}}).legal_moves()
    assert [m.get("suit") for m in both[1:]] == ["S", "H", "D", "C", "NT"]
    # the turned-down suit still may not be named as trump
    assert check(rec, {"seat": 0, "type": "name_trump", "suit": "D"}) == "suit_turned_down"


VN2 = [
    ({"options": NT, "dealer": 3, "turn_up": "QH",
      "calls": [{"seat": s, "type": "pass"} for s in range(4)], "bid": nt(0)},
     {"valid": True, "reason": None, "next": 1, "auction_over": True, "contract": {"trump": None, "maker": 0}}),
    ({"options": {}, "dealer": 3, "turn_up": "QH",
      "calls": [{"seat": s, "type": "pass"} for s in range(4)], "bid": nt(0)},
     {"valid": False, "reason": "invalid_suit", "next": 0, "auction_over": False, "contract": None}),
    ({"options": NT, "dealer": 3, "turn_up": "QH",
      "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "pass"}], "bid": nt(1)},
     {"valid": False, "reason": "wrong_phase", "next": 2, "auction_over": False, "contract": None}),
]


@pytest.mark.parametrize("body,expected", VN2)
def test_vn2_the_call_ends_the_auction(body, expected, client):
    out = post_ok(client, BASE + "/bids/validate", body)
    assert {k: out[k] for k in expected} == expected


def test_lower_case_nt_is_invalid_suit_and_the_call_without_the_option_never_listed():
    rec = be(PASS4, deal=deal_with("QH"), options=NT)
    assert check(rec, {"seat": 0, "type": "name_trump", "suit": "nt"}) == "invalid_suit"
    plain = be(PASS4, deal=deal_with("QH"))
    assert check(plain, nt(0)) == "invalid_suit"
    assert nt(0) not in replay(plain).legal_moves()


def test_the_no_trump_maker_is_skipped_in_dropping():
    hand = replay(be(PASS4 + [(0, "name_trump", {"suit": "NT"})], deal=deal_with("QH"), options=NT))
    st = hand.state()
    assert st["phase"] == "dropping" and st["trump"] is None and st["maker"] == 0 and st["to_act"] == 1
    assert hand.check({"seat": 0, "type": "drop"})[0] == "not_your_turn"


VN3 = {"game": "buck-euchre", "options": NT, "dealer": 2, "deal": {"hands": [["AD", "TD", "JS", "QH", "QS"], ["TC", "9C", "KC", "TS", "QD"], ["JH", "JD", "KS", "TH", "AC"], ["AH", "AS", "KD", "JC", "9D"]], "turn_up": "9S", "stock": ["KH", "QC", "9H"]}, "moves": [{"seat": 3, "type": "pass"}, {"seat": 0, "type": "pass"}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}, {"seat": 3, "type": "name_trump", "suit": "NT"}, {"seat": 0, "type": "stay"}, {"seat": 1, "type": "stay"}, {"seat": 2, "type": "stay"}, {"seat": 3, "type": "play", "card": "9D"}, {"seat": 0, "type": "play", "card": "AD"}, {"seat": 1, "type": "play", "card": "QD"}], "match": {"scores": [25, 25, 25, 25], "hand_number": 1}}  # noqa: E501


def test_vn3_no_bowers_at_a_called_no_trump(client):
    out = post_ok(client, BASE + "/legal-moves", {"record": VN3})
    assert out == {"seat": 2, "moves": [{"seat": 2, "type": "play", "card": "JD"}]}
    assert check(VN3, {"seat": 2, "type": "play", "card": "JH"}) == "must_follow_suit"
    # the first lead was dealer + 1 = seat 3, the maker here; a called NT is trump null with a maker
    st = post_ok(client, BASE + "/state", {"record": VN3})
    assert st["trump"] is None and st["maker"] == 3


VN4 = [
    ({"options": NT, "maker": 1, "participants": [0, 1, 3], "tricks_won": [1, 3, 0, 1],
      "scores": [10, 10, 10, 10], "played_out": True},
     {"deltas": [-1, -3, 0, -1], "scores": [9, 7, 10, 9], "march": None, "match_over": False, "winner": None}),
    ({"options": NT, "maker": 0, "participants": [0, 1, 2, 3], "tricks_won": [2, 1, 1, 1],
      "scores": [10, 10, 10, 10], "played_out": True},
     {"deltas": [5, -1, -1, -1], "scores": [15, 9, 9, 9], "march": None, "match_over": False, "winner": None}),
]


@pytest.mark.parametrize("body,expected", VN4)
def test_vn4_the_no_trump_makers_scoring(body, expected, client):
    out = post_ok(client, BASE + "/score", body)
    assert {k: out[k] for k in expected} == expected


def _play_hand(rec, rng):
    hand = replay(rec)
    while hand.phase != "done":
        move = rng.choice(hand.legal_moves())
        hand.play(G.parse_move(move, 4, hand.pack, None, "m"), len(hand.moves))
    return hand


def test_vn5_a_march_at_no_trump_and_a_maker_left_alone():
    # seat 0 calls NT holding the four aces' worth: with E3's deal, spades AS KS QS TS 9S take
    # every trick at no trump when seat 0 leads them
    deal = {"hands": [["AS", "AH", "AD", "AC", "KS"], ["9H", "TH", "QH", "KH", "JH"],
                      ["9D", "TD", "QD", "KD", "JD"], ["9C", "TC", "QC", "KC", "JC"]],
            "turn_up": "9S", "stock": ["TS", "QS", "JS"]}
    moves = PASS4 + [(0, "name_trump", {"suit": "NT"}), (1, "stay"), (2, "stay"), (3, "stay")]
    rec = be(moves, deal=deal, options=NT)
    plays = [("AS", "9H", "9D", "9C"), ("AH", "TH", "TD", "TC"), ("AD", "QH", "QD", "QC"),
             ("AC", "KH", "KD", "KC"), ("KS", "JH", "JD", "JC")]
    # seat 0 leads (dealer 3 + 1) and wins every trick
    for cards in plays:
        for s, c in enumerate(cards):
            rec["moves"].append({"seat": s, "type": "play", "card": c})
    res = replay(rec).result
    assert res["trump"] is None and res["maker"] == 0 and res["march"] == 0 and res["match_over"]
    alone = be(PASS4 + [(0, "name_trump", {"suit": "NT"}), (1, "drop"), (2, "drop"), (3, "drop")],
               deal=deal, options=NT)
    res = replay(alone).result
    assert res["tricks_won"] == [5, 0, 0, 0] and res["march"] is None and res["deltas"][0] == -5


def test_option_must_be_a_boolean_and_deals_carry_it_only_when_set():
    with pytest.raises(InvalidRecord):
        G.deal("s", {"allow_no_trump_call": 1}, 0, None)
    assert "allow_no_trump_call" not in G.deal("s", {}, 0, None)["options"]
    assert G.deal("s", NT, 0, None)["options"]["allow_no_trump_call"] is True


def test_random_hands_with_the_call(client):
    rng = random.Random(15)
    called = 0
    for i in range(150):
        rec = G.deal(f"nt{i}", NT, rng.randrange(4), None)
        hand = replay(rec)
        while hand.phase != "done":
            listed = hand.legal_moves()
            for m in listed:
                assert hand.check(G.parse_move(m, 4, hand.pack, None, "m")) is None, m
            if hand.phase == "naming" and any(m.get("suit") == "NT" for m in listed) and rng.random() < .5:
                move = next(m for m in listed if m.get("suit") == "NT")
            elif hand.phase == "ordering" and rng.random() < .85:
                move = listed[0]  # pass, to reach the naming round often
            else:
                move = rng.choice(listed)
            hand.play(G.parse_move(move, 4, hand.pack, None, "m"), len(hand.moves))
        res = hand.result
        if res["maker"] is not None and res["trump"] is None:
            called += 1
            body = {k: res[k] for k in ("maker", "participants", "tricks_won")}
            body.update(options=NT, scores=rec["match"]["scores"],
                        played_out=len(hand.tricks) == 5)
            calc = G.score(body)
            assert calc["deltas"] == res["deltas"] and calc["march"] == res["march"]
            maker = res["maker"]
            if len(res["participants"]) > 1:
                t = res["tricks_won"][maker]
                assert res["deltas"][maker] == (-t if t >= 3 else G.parse_options(NT)["penalty"])
        if i < 3:
            post_ok(client, BASE + "/state", {"record": hand.to_record()})
    assert called > 10
