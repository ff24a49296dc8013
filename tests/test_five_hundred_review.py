"""Five Hundred, review: rules of shared/rules/five-hundred.md that had no test, and the bugs found."""

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games.five_hundred import GAME

from .test_five_hundred import (
    bv, calls, contract_record, fill_deal, invalid, played_hand, reason, rec, replay, sc, then,
)

# ---------------------------------------------------------------------------------------------
# "Records that are refused": a wrong option value is `invalid_option`, in the calculators too


@pytest.mark.parametrize("options", [
    {"players": 9}, {"players": "4"}, {"allow_misere": 1}, {"six_player_teams": "three"},
    {"single_round_bidding": None}, {"target": 0}, {"defender_cap": "490"},
])
def test_calculators_report_a_wrong_option_value_as_invalid_option(options):
    bodies = [
        (GAME.validate_bid, {"options": options, "dealer": 0, "calls": [], "bid": {"seat": 1, "type": "pass"}}),
        (GAME.trick_winner, {"options": options, "contract": "7S", "joker_suit": None,
                             "cards": [{"seat": 0, "card": "AS"}]}),
        (GAME.score, {"options": options, "contract": {"bid": "7S", "seat": 0}, "tricks_by_side": [7, 3],
                      "scores": [0, 0]}),
        (GAME.score_match, {"options": options, "scores": [0, 0], "hands": []}),
    ]
    for method, body in bodies:
        with pytest.raises(InvalidRecord) as e:
            method(body)
        assert e.value.reason == "invalid_option", (method.__name__, options)


def test_calculators_report_an_unknown_option_as_unknown_option():
    with pytest.raises(InvalidRecord) as e:
        GAME.validate_bid({"options": {"jokers": 2}, "dealer": 0, "bid": {"seat": 1, "type": "pass"}})
    assert e.value.reason == "unknown_option"


def test_api_calculator_wrong_option_value_is_422_invalid_option(client):
    resp = client.post("/v1/games/five-hundred/bids/validate",
                       json={"options": {"players": 7}, "dealer": 0, "calls": [],
                             "bid": {"seat": 1, "type": "pass"}})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "invalid_option"


# ---------------------------------------------------------------------------------------------
# "Validating a record": deal card strings, then duplicates, then counts (a part that is not a list
# is a count problem, so a bad card string elsewhere is reported first)


def test_deal_card_string_reported_before_a_kitty_that_is_not_a_list():
    d = fill_deal()
    d["hands"][0][0] = "ZZ"
    d["kitty"] = "x"
    assert invalid(rec(d)) == "invalid_card"
    d["hands"][0][0] = d["hands"][1][0]
    assert invalid(rec(d)) == "duplicate_card"
    d = fill_deal()
    d["kitty"] = "x"
    assert invalid(rec(d)) == "wrong_card_count"


def test_deal_card_string_reported_before_a_hand_that_is_not_a_list():
    d = fill_deal()
    d["hands"][3] = None
    d["kitty"][0] = "2S"  # not in the 4-player pack
    assert invalid(rec(d)) == "invalid_card"
    d = fill_deal()
    d["hands"][3] = "x"
    assert invalid(rec(d)) == "wrong_card_count"


def test_dead_hand_that_is_not_a_list_is_wrong_card_count_after_card_strings():
    d = fill_deal(2)
    d["dead_hand"] = None
    assert invalid(rec(d, options={"players": 2}, dealer=0)) == "wrong_card_count"
    d["hands"][0][0] = "5S"  # not in the 33-card pack
    assert invalid(rec(d, options={"players": 2}, dealer=0)) == "invalid_card"


# ---------------------------------------------------------------------------------------------
# Views: "Moves of other seats are checked only against what the viewer can know" — the contractor
# knows its own discards, which are out of play


def test_contractor_view_refuses_another_seat_playing_a_discarded_card():
    deal = fill_deal(4)
    r = contract_record("7NT", 2, deal)
    r = then(r, {"seat": 2, "type": "discard", "cards": deal["kitty"]})
    r = then(r, replay(r).legal_moves()[0])  # the contractor leads
    move = {"seat": 3, "type": "play", "card": deal["kitty"][0]}
    assert reason(r, move) == "card_not_in_hand"
    assert reason(GAME.view(r, 2), move) == "card_not_in_hand"
    # another seat cannot know where that card is
    assert reason(GAME.view(r, 0), move) is None


# ---------------------------------------------------------------------------------------------
# Auction rules without a test of their own


def test_raise_after_all_pass_final_call_after_a_contested_auction():
    o = {"raise_after_all_pass": True}
    # 6S (0), 7S (1), pass (2), pass (3), pass (0): seat 1 is left alone after a pass -> final call
    r = then(rec(options=o), *calls("6S", "7S", "p", "p", "p"))
    hand = replay(r)
    assert hand.phase == "bidding" and hand.to_act == 1
    assert reason(r, {"seat": 0, "type": "bid", "bid": "8S"}) == "cannot_rebid_after_pass"
    done = replay(then(r, {"seat": 1, "type": "bid", "bid": "7NT"}))
    assert done.phase == "discard" and (done.bid, done.contractor) == ("7NT", 1)


def test_raise_after_all_pass_ignored_in_single_round_bidding():
    o = {"raise_after_all_pass": True, "single_round_bidding": True}
    hand = replay(then(rec(options=o), *calls("7S", "p", "p", "p")))
    assert hand.phase == "discard" and hand.contractor == 0


def test_raise_after_all_pass_final_pass_does_not_throw_in():
    got = bv(calls("6S", "p", "p", "p"), {"seat": 0, "type": "pass"}, raise_after_all_pass=True)
    assert got["valid"] and got["auction_over"] and not got["thrown_in"]
    assert got["contract"] == {"bid": "6S", "seat": 0} and got["next"] == 0


def test_two_player_auction_all_pass_throws_in_and_deal_passes():
    r = rec(fill_deal(2), options={"players": 2}, dealer=1)
    hand = replay(then(r, *calls("p", "p", start=0, n=2)))
    assert hand.result["thrown_in"] and hand.result["next_dealer"] == 0


def test_single_round_bidding_passed_seat_out_of_turn_is_cannot_rebid_after_pass():
    got = bv(calls("p", "6S"), {"seat": 0, "type": "bid", "bid": "7S"}, single_round_bidding=True)
    assert got["reason"] == "cannot_rebid_after_pass" and got["next"] == 2


# ---------------------------------------------------------------------------------------------
# Hand scoring and match end


def test_made_contract_to_target_wins_even_if_another_side_is_out_backwards():
    # rule 1 comes first: the contracting side wins, backwards stays []
    got = sc("10NT", 0, [10, 0, 0], [0, -600, 0], players=3)
    assert got["match_over"] and got["winner"] == 0 and got["backwards"] == []


def test_every_side_out_backwards_leaves_no_winner():
    got = sc("10NT", 0, [9, 1], [-490, -600])
    assert got["backwards"] == [0, 1] and got["match_over"] and got["winner"] is None


def test_defender_cap_applies_per_defending_side_with_three_players():
    got = sc("6S", 0, [6, 3, 1], [0, 480, 100], players=3, defender_cap=490)
    assert got["deltas"] == [40, 10, 10]


def test_misere_defenders_score_nothing_through_a_record():
    from .test_five_hundred import misere_deal
    deal = misere_deal()
    r = played_hand("misere", 1, deal, [], options={"misere_without_seven": True})
    hand = replay(r)
    while hand.phase == "play":
        r = then(r, hand.legal_moves()[0])
        hand = replay(r)
    res = hand.result
    assert res["contract"]["bid"] == "misere" and res["slam"] is False
    assert res["deltas"][0] == 0 and res["deltas"][1] in (250, -250)
    assert res["tricks_by_seat"][3] == 0  # the partner dropped out


# ---------------------------------------------------------------------------------------------
# Events and derived state


def test_last_trick_events_in_order_trick_won_hand_over_match_over():
    from .test_five_hundred import auto, full_deal_4
    deal = full_deal_4()
    r = played_hand("10NT", 0, deal, [], nominate="S", match={"scores": [0, 480], "hand_number": 3})
    r = auto(r, ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH"])
    last = r["moves"][-1]
    before = {**r, "moves": r["moves"][:-1]}
    hand = replay(before)
    events = hand.play(GAME.read_move(last, hand), len(before["moves"]))
    assert [e["type"] for e in events] == ["trick_won", "hand_over", "match_over"]
    assert events[0] == {"type": "trick_won", "trick": 9, "seat": 0, "index": len(before["moves"])}
    assert events[1]["result"] == hand.result and events[2]["winner"] == 0
    assert all(e["index"] == len(before["moves"]) for e in events)


def test_derived_state_fields_while_bidding():
    s = replay(then(rec(), *calls("6S"))).state()
    assert s["phase"] == "bidding" and s["to_act"] == 1 and s["result"] is None
    assert s["auction"] == {"calls": [{"seat": 0, "type": "bid", "bid": "6S"}], "high_bid": "6S",
                            "high_bidder": 0, "to_act": 1, "auction_over": False, "thrown_in": False}
    assert s["contract"] is None and s["joker_suit"] is None and s["current_trick"] is None
    assert s["exposed"] is None and s["tricks"] == [] and s["tricks_by_seat"] == [0, 0, 0, 0]
    assert s["active_seats"] == [0, 1, 2, 3]


def test_joker_nomination_is_public_in_every_view():
    deal = fill_deal(4, {0: ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]},
                     kitty=["5S", "4D", "4H"])
    r = then(contract_record("9NT", 0, deal), {"seat": 0, "type": "discard", "cards": ["5S", "4D", "4H"]},
             {"seat": 0, "type": "nominate_joker", "suit": "H"})
    for seat in range(4):
        v = GAME.view(r, seat)
        assert v["moves"][-1] == {"seat": 0, "type": "nominate_joker", "suit": "H"}
        assert replay(v).state()["joker_suit"] == "H"
        hidden = v["moves"][-2]["cards"]
        assert hidden == (["5S", "4D", "4H"] if seat == 0 else [None, None, None])
