"""Bid Whist's variants (bid-whist.md, "Variants"): the sported kitty, the kitty seen before
declaring, aces bad downtown. Every worked example (V1.1-V3.4) is a test; seeded playouts check
that no card of a sported kitty is hidden from anyone and that a view answers what the record does.
"""

from __future__ import annotations

import random

import pytest

from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games.bid_whist import GAME

from .contract import post_ok
from .test_bid_whist import E10_DEAL, bid, pas, play, record

BASE = "/v1/games/bid-whist"
KITTY = ["2S", "3S", "9H", "TH", "JH", "QH"]
AUCTION = [bid(0, 1, "no_trump"), pas(1), pas(2), pas(3)]
DOWNTOWN = {"seat": 0, "type": "choose_direction", "direction": "downtown"}
FROM18 = ["RJ", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S",
          "2S", "3S", "9H", "TH", "JH", "QH"]
SPORTED = {"kitty": "sported"}
BEFORE = {"kitty": "exchange", "kitty_before_declaring": True}


def hand(rec):
    return GAME.replay(rec)


def check(rec, move):
    h = hand(rec)
    refusal = h.check(GAME.parse_move(move, 4, h.pack, h.viewer, "m"))
    return refusal and refusal[0]


# --- V1 sported kitty ---------------------------------------------------------------------------

def test_v1_1_the_kitty_in_every_view_from_the_deal_on(client):
    view = post_ok(client, BASE + "/views", {"record": record(options=SPORTED), "seat": 2})
    assert view["deal"] == {"hands": [[None] * 12, [None] * 12, E10_DEAL["hands"][2], [None] * 12],
                            "kitty": KITTY}
    for seat in range(4):  # every seat, every phase
        for n in range(0, 6):
            moves = (AUCTION + [DOWNTOWN])[:n]
            assert GAME.view(record(moves=moves, options=SPORTED), seat)["deal"]["kitty"] == KITTY


def test_v1_2_taking_it(client):
    out = post_ok(client, BASE + "/legal-moves", {"record": record(moves=AUCTION + [DOWNTOWN], options=SPORTED)})
    assert out == {"seat": 0, "moves": [{"seat": 0, "type": "discard", "count": 6, "from": FROM18}]}
    assert hand(record(moves=AUCTION + [DOWNTOWN], options=SPORTED)).phase == "discarding"


V13_DISCARD = {"seat": 0, "type": "discard", "cards": ["6S", "5S", "4S", "2S", "3S", "9H"]}


def test_v1_3_after_the_discard(client):
    rec = record(moves=AUCTION + [DOWNTOWN, V13_DISCARD], options=SPORTED)
    view = post_ok(client, BASE + "/views", {"record": rec, "seat": 1})
    assert view["moves"][-1] == {"seat": 0, "type": "discard", "cards": [None] * 6}
    assert view["deal"]["kitty"] == KITTY
    st = post_ok(client, BASE + "/state", {"record": rec})
    assert st["books"] == [1, 0] and st["to_act"] == 0 and st["phase"] == "playing"
    # from seat 1's view, the bidder's hand shows nothing it cannot know (which kitty cards were kept)
    vst = post_ok(client, BASE + "/state", {"record": view})
    assert vst["hands"][0] == [None] * 12
    with pytest.raises(InvalidRecord):
        hand(record(options={"kitty": "Sported"}))


def test_v1_while_discarding_another_seat_sees_the_six_kitty_cards_in_the_bidders_hand():
    view = GAME.view(record(moves=AUCTION + [DOWNTOWN], options=SPORTED), 3)
    st = hand(view).state()
    assert st["hands"][0] == [None] * 12 + KITTY


def test_v1_exchange_still_hides_the_kitty_from_the_others():
    rec = record(moves=AUCTION + [DOWNTOWN], options={"kitty": "exchange"})
    assert GAME.view(rec, 1)["deal"]["kitty"] == [None] * 6
    assert GAME.view(rec, 0)["deal"]["kitty"] == KITTY


# --- V2 kitty before declaring -------------------------------------------------------------------

def test_v2_1_the_discard_comes_first(client):
    out = post_ok(client, BASE + "/state", {"record": record(moves=AUCTION, options=BEFORE)})
    assert out["phase"] == "discarding" and out["to_act"] == 0
    assert out["legal_moves"] == [{"seat": 0, "type": "discard", "count": 6, "from": FROM18}]
    assert out["contract"]["trump"] is None and out["contract"]["direction"] is None


def test_v2_2_declaring_too_early():
    with pytest.raises(IllegalMove) as e:
        hand(record(moves=AUCTION + [DOWNTOWN], options=BEFORE))
    assert e.value.reason == "wrong_phase" and e.value.move_index == 4


V23_DISCARD = {"seat": 0, "type": "discard", "cards": KITTY}


def test_v2_3_then_declaring(client):
    rec = record(moves=AUCTION + [V23_DISCARD], options=BEFORE)
    out = post_ok(client, BASE + "/state", {"record": rec})
    assert out["phase"] == "declaring" and out["to_act"] == 0
    assert out["legal_moves"] == [{"seat": 0, "type": "choose_direction", "direction": "uptown"},
                                  {"seat": 0, "type": "choose_direction", "direction": "downtown"}]
    assert check(rec, V23_DISCARD) == "wrong_phase"  # a second discard
    assert check(rec, play(0, "RJ")) == "wrong_phase"  # a play before declaring
    rec["moves"].append(DOWNTOWN)
    h = hand(rec)
    assert h.phase == "playing" and h.to_act == 0
    assert [m["card"] for m in h.legal_moves()] == E10_DEAL["hands"][0]


def test_v2_4_invalid_combination(client):
    for opts in ({"kitty_before_declaring": True}, {"kitty_before_declaring": True, "kitty": "book"}):
        with pytest.raises(InvalidRecord):
            hand(record(options=opts))
        with pytest.raises(InvalidRecord):
            GAME.deal("s", opts, 0, None)
        resp = client.post(BASE + "/deals", json={"seed": "s", "dealer": 0, "options": opts})
        assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_record"
    assert hand(record(options={**BEFORE, "kitty": "sported"})).phase == "bidding"


def test_v2_the_bidders_view_shows_the_kitty_from_the_end_of_the_auction():
    assert GAME.view(record(moves=AUCTION[:3], options=BEFORE), 0)["deal"]["kitty"] == [None] * 6
    assert GAME.view(record(moves=AUCTION, options=BEFORE), 0)["deal"]["kitty"] == KITTY
    assert GAME.view(record(moves=AUCTION, options=BEFORE), 2)["deal"]["kitty"] == [None] * 6


def test_v2_bids_validate_next_is_the_bidder_who_discards(client):
    out = post_ok(client, BASE + "/bids/validate", {"options": BEFORE, "dealer": 3, "calls": AUCTION[:3],
                                                    "bid": pas(3)})
    assert out["auction_over"] and out["next"] == 0


# --- V3 aces bad downtown ------------------------------------------------------------------------

V3 = [
    ({"options": {"downtown_aces": "bad"}, "leader": 2,
      "cards": [{"seat": 2, "card": "KC"}, {"seat": 3, "card": "AC"}, {"seat": 0, "card": "2C"},
                {"seat": 1, "card": "3D"}], "trump": "C", "direction": "downtown"},
     {"seat": 0, "card": "2C"}),
    ({"options": {"downtown_aces": "bad"}, "leader": 3,
      "cards": [{"seat": 3, "card": "AD"}, {"seat": 0, "card": "QD"}, {"seat": 1, "card": "KD"},
                {"seat": 2, "card": "JD"}], "trump": None, "direction": "downtown"},
     {"seat": 2, "card": "JD"}),
    ({"options": {"downtown_aces": "bad"}, "leader": 1,
      "cards": [{"seat": 1, "card": "2H"}, {"seat": 2, "card": "BJ"}, {"seat": 3, "card": "AH"},
                {"seat": 0, "card": "3H"}], "trump": "H", "direction": "downtown"},
     {"seat": 2, "card": "BJ"}),
    ({"options": {"downtown_aces": "bad"}, "leader": 0,
      "cards": [{"seat": 0, "card": "KH"}, {"seat": 1, "card": "AH"}, {"seat": 2, "card": "2H"},
                {"seat": 3, "card": "QH"}], "trump": "H", "direction": "uptown"},
     {"seat": 1, "card": "AH"}),
]


@pytest.mark.parametrize("body,expected", V3)
def test_v3_trick_winner(body, expected, client):
    out = post_ok(client, BASE + "/trick-winner", body)
    assert {k: out[k] for k in expected} == expected


def test_v3_options_absent_or_checked_like_a_records(client):
    body = {k: v for k, v in V3[0][0].items() if k != "options"}
    assert post_ok(client, BASE + "/trick-winner", body)["seat"] == 3  # aces good: the ace wins
    for bad in ({"downtown_aces": "Bad"}, {"no_such": 1}):
        resp = client.post(BASE + "/trick-winner", json={**body, "options": bad})
        assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_record"


def test_v3_4_in_a_record(client):
    moves = AUCTION + [DOWNTOWN, play(0, "RJ"), play(1, "7H"), play(2, "AH"), play(3, "KH")]
    st = post_ok(client, BASE + "/state", {"record": record(moves=moves, options={"downtown_aces": "bad"})})
    assert st["tricks"][0]["winner"] == 1
    assert hand(record(moves=moves)).state()["tricks"][0]["winner"] == 2


def test_deals_carry_the_new_options_only_when_set():
    assert "kitty_before_declaring" not in GAME.deal("s", {}, 0, None)["options"]
    assert "downtown_aces" not in GAME.deal("s", {"kitty": "sported"}, 0, None)["options"]
    assert GAME.deal("s", {"downtown_aces": "good"}, 0, None)["options"]["downtown_aces"] == "good"


# --- playouts ------------------------------------------------------------------------------------

COMBOS = [{"kitty": k, **({"kitty_before_declaring": True} if b else {}), **({"downtown_aces": "bad"} if a else {})}
          for k in ("book", "exchange", "sported") for b in (False, True) for a in (False, True)
          if not (b and k == "book")]


def _move(h, rng):
    listed = h.legal_moves()
    m = rng.choice(listed)
    if m["type"] == "discard":
        m = {"seat": m["seat"], "type": "discard", "cards": rng.sample(m["from"], m["count"])}
    return m


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: "-".join(map(str, o.values())))
def test_random_hands(options, client):
    rng = random.Random(str(options))
    for i in range(8):
        rec = GAME.deal(f"bw{i}", options, rng.randrange(4), None)
        h = GAME.replay(rec)
        while h.phase != "done":
            m = _move(h, rng)
            h.play(GAME.parse_move(m, 4, h.pack, None, "m"), len(h.moves))
            full = h.to_record()
            for seat in range(4):
                view = GAME.view(full, seat)
                kitty = view["deal"]["kitty"]
                if options["kitty"] == "sported":  # no card of a sported kitty hidden from anyone
                    assert kitty == rec["deal"]["kitty"]
                elif options["kitty"] == "book" or seat != h.bidder:
                    assert kitty == [None] * 6
                vh = GAME.replay(view)
                assert vh.state()["phase"] == h.phase and vh.to_act == h.to_act
                if seat == h.to_act and h.phase != "done":
                    assert vh.legal_moves() == h.legal_moves()
        assert sum(h.result["books"]) == 13
        if i == 0:
            post_ok(client, BASE + "/state", {"record": h.to_record()})
