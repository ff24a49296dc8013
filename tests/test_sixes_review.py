"""Sixes: a rules review against shared/rules/sixes.md (rule interactions and edges not covered elsewhere)."""

from __future__ import annotations

import copy

import pytest

from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games.sixes import GAME

from .test_sixes import CRAFTED_MOVES, E1_HANDS, E3_MOVES, crafted, e1, pas, play, reason, state


def _play_out(record, pick):
    """Play ``record`` to its end, always taking ``legal_moves[pick]``; the finished hand and its events."""
    hand = GAME.replay(record)
    events = []
    while hand.phase != "done":
        move = hand.legal_moves()[pick]
        events = hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
        record["moves"].append(move)
    return hand, events


# --- Validation order: step 5 starts with the opening check -------------------------------------

def test_validation_order_must_start_with_6d_before_card_not_in_hand():
    # seat 1 (holder of 6D) opens with a card he does not hold: the opening check comes first
    assert reason(e1(), play(1, "3C")) == "must_start_with_6d"
    # and with a card that is not playable either (a non-six of an unstarted suit)
    assert reason(e1(), play(1, "5S")) == "must_start_with_6d"


def test_validation_order_must_start_with_6d_in_a_view_before_the_opening():
    view = GAME.view(e1(), 0)            # seat 0 does not hold 6D: nobody is known to act
    assert reason(view, play(2, "3C")) == "must_start_with_6d"   # 3C is the viewer's own card
    assert reason(view, pas(4)) == "must_start_with_6d"


def test_legal_moves_endpoint_shape_in_a_view_before_the_opening():
    view = GAME.view(e1(), 0)
    hand = GAME.replay(view)
    assert (hand.to_act, hand.listing()) == (None, None)


# --- voluntary_pass interactions --------------------------------------------------------------

def test_voluntary_pass_lists_a_single_pass_when_nothing_is_playable():
    st = state(e1(E3_MOVES[:4], options={"voluntary_pass": True}))
    assert st["to_act"] == 0 and st["legal_moves"] == [pas(0)]


def test_voluntary_pass_without_chips_is_free():
    # "a player with no chips left passes without paying (and owes nothing)", voluntary or not
    match = {"chips": [1, 5, 5, 5, 5], "hand_number": 2}
    # crafted deal: seat 0 passes at move 4 and hits 0; later seat 1 passes voluntarily and pays
    moves = CRAFTED_MOVES[:5]
    st = state(crafted(moves, match=match, options={"voluntary_pass": True}))
    assert st["chips"] == [0, 5, 5, 5, 5] and st["pot"] == 1
    hand = GAME.replay(crafted(CRAFTED_MOVES, match=match, options={"voluntary_pass": True}))
    assert hand.chips == [0, 5, 5, 5, 5] and hand.pot == 1 and hand.unpaid[0] == 1
    # seat 1 can play but passes: pays; then seats 2-4 pass, then seat 0 passes free again
    more = [pas(1), pas(2), pas(3), pas(4), pas(0)]
    hand = GAME.replay(crafted(CRAFTED_MOVES + more, match=match, options={"voluntary_pass": True}))
    assert hand.chips == [0, 4, 4, 4, 4] and hand.pot == 5
    assert hand.passes == [3, 1, 1, 1, 1] and hand.unpaid == [2, 0, 0, 0, 0]


def test_voluntary_pass_never_applies_to_the_opening_even_in_a_view():
    view = GAME.view(e1(options={"voluntary_pass": True}), 1)
    assert reason(view, pas(1)) == "must_start_with_6d"


# --- Match end: E9 and E10 from played records --------------------------------------------------

def test_e9_out_of_chips_mid_round_then_wins_and_the_match_goes_on():
    # seed found offline: seat 0 passes twice with one chip (one pass unpaid) and then goes out
    rec = GAME.deal("e9-16", {}, 0, {"chips": [1, 9, 9, 9, 9], "hand_number": 1})
    hand, events = _play_out(rec, -1)
    res = hand.result
    assert res["round_winner"] == 0
    assert res["passes"][0] == 2 and res["unpaid_passes"] == [1, 0, 0, 0, 0]
    assert res["chips"][0] == 1 - 1 + res["pot"] > 0
    assert (res["match_over"], res["winner"], res["winners"]) == (False, None, [])
    assert [e["type"] for e in events] == ["hand_over"]
    assert sum(res["chips"]) == 37


def test_e10_shared_win_from_a_played_record():
    rec = GAME.deal("tie-27", {}, 0, {"chips": [1, 1, 3, 3, 2], "hand_number": 1})
    hand, events = _play_out(rec, -1)
    res = hand.result
    assert res["chips"] == [0, 2, 3, 3, 2]
    assert (res["match_over"], res["winner"], res["winners"]) == (True, None, [2, 3])
    assert res["round_winner"] not in res["winners"] or res["winner"] is None
    assert [e["type"] for e in events] == ["hand_over", "match_over"]
    assert events[1]["winner"] is None
    replayed = GAME.replay_match({"hands": [rec]})
    assert (replayed["winner"], replayed["winners"]) == (None, [2, 3])


def test_round_winner_is_never_reported_as_winner_while_the_match_goes_on():
    rec = e1()
    hand, _ = _play_out(rec, 0)
    res = hand.result
    assert res["round_winner"] is not None and res["winner"] is None and res["winners"] == []


def test_moves_after_the_round_are_refused_with_hand_over_and_their_index():
    rec = e1()
    _play_out(rec, 0)
    n = len(rec["moves"])
    with pytest.raises(IllegalMove) as err:
        GAME.replay({**rec, "moves": rec["moves"] + [pas(0)]})
    assert (err.value.reason, err.value.move_index) == ("hand_over", n)


def test_match_end_with_several_players_at_zero_settles_to_the_most_chips():
    out = GAME.score({"options": {"players": 4}, "chips": [1, 1, 5, 3],
                      "passes": [2, 1, 0, 0], "round_winner": 3})
    assert out["chips"] == [0, 0, 5, 5] and out["match_over"]
    assert (out["winner"], out["winners"]) == (None, [2, 3])


# --- Deal: the three-player pattern with every dealer -------------------------------------------

@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_three_players_the_dealers_left_gets_fourteen(dealer):
    rec = GAME.deal("three", {"players": 3}, dealer, None)
    sizes = [len(h) for h in rec["deal"]["hands"]]
    assert sizes[(dealer + 1) % 3] == 14 and sorted(sizes) == [13, 13, 14]
    bad = copy.deepcopy(rec)
    h = bad["deal"]["hands"]
    left, other = (dealer + 1) % 3, (dealer + 2) % 3
    h[left], h[other] = h[other], h[left]
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(bad)
    assert err.value.reason == "wrong_card_count"


def test_match_chips_must_match_the_players_option():
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(e1(options={"players": 4}, deal={"hands": [[]] * 4},
                       match={"chips": [5] * 5}))
    assert err.value.reason == "bad_match"   # match is checked before the deal


def test_match_already_over_is_checked_before_the_deal():
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(e1(deal={"hands": E1_HANDS[:2]}, match={"chips": [3, 0, 3, 3, 3]}))
    assert err.value.reason == "match_already_over"


# --- Next dealer --------------------------------------------------------------------------------

def test_next_dealer_is_the_opener_not_the_dealers_left():
    # E1 with dealer 3: seat 1 still opens (he holds 6D) and so deals next
    hands = copy.deepcopy(E1_HANDS)
    # dealer 3 deals 8 each with 5 players: the same hands stay valid
    rec = e1(dealer=3, deal={"hands": hands})
    assert state(rec)["to_act"] == 1
    hand, _ = _play_out(rec, -1)
    assert hand.result["next_dealer"] == 1


# --- Views: the derived fields named in the document --------------------------------------------

def test_view_state_has_every_documented_field():
    view = GAME.view(e1(E3_MOVES), 4)
    st = GAME.replay(view).state()
    assert set(st) >= {"phase", "to_act", "legal_moves", "tricks", "result", "layout", "pot",
                       "chips", "hand_sizes", "hands"}
    assert st["hands"][4] == E1_HANDS[4][:2] + E1_HANDS[4][3:]  # 5D played
    assert all(h == [None] * len(h) for s, h in enumerate(st["hands"]) if s != 4)
    assert st["hand_sizes"] == [8, 7, 7, 7, 7]


def test_api_legal_moves_of_a_view_before_the_opening_is_seat_null_moves_null(client):
    from .contract import call
    view = GAME.view(e1(), 0)
    resp = call(client, "POST", "/v1/games/sixes/legal-moves", json={"record": view})
    assert resp.status_code == 200 and resp.get_json() == {"seat": None, "moves": None}
    resp = call(client, "POST", "/v1/games/sixes/moves/validate",
                json={"record": view, "move": play(0, "3C")})
    assert resp.get_json() == {"legal": False, "reason": "not_your_turn",
                               "detail": resp.get_json()["detail"]}
