"""Court Piece, second reading of court-piece.md: rule interactions the first tests left open."""

import copy

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games.court_piece import GAME, PACK

from .test_court_piece_rules import DEAL_A, P, legal, mv, pile_run, reason, rec, state

# A hidden-trump hand (seed "last-0", dealer 0) played without any reveal to 6-6 after twelve tricks:
# seat 1 hid 3S and his only card left is that face-down 3S; seat 0 leads TS to the last trick.
LAST_DEAL = [
    "9C 5D 2C 5C 2S TH TS 8H 5H 6D 6S 6H QC".split(),
    "AS 3S 4D KD AD JD 4C 9S 7H KH KS 8C 2H".split(),
    "3H 7S 9H QD 4S 9D QH JH 7C 3D JC 6C 8S".split(),
    "5S TC QS KC 8D 3C AH TD 7D 4H 2D AC JS".split(),
]
LAST_PLAYS = ("1KS 27S 3QS 02S 17H 2JH 34H 06H 24S 35S 06S 1AS 1KH 29H 3AH 05H 3AC 05C 14C 26C 3KC 02C "
              "18C 27C 3TC 09C 1JD 2JC 2QH 3JS 0TH 12H 23D 32D 05D 1KD 14D 2QD 3TD 06D 23H 33C 08H 1AD "
              "0QC 19S 28S 37D 0TS").split()


def last_card_record():
    moves = [mv(1, "call_trump", card="3S")] + [P(int(p[0]), p[1:]) for p in LAST_PLAYS]
    return rec(deal=LAST_DEAL, mode="hidden_trump", moves=moves)


# ------------------------------------------------------------------ deals: order of checks
def test_deal_request_reports_a_bad_dealer_before_a_bad_match():
    # CONVENTIONS.md: …/deals checks seed, options, dealer and match, in that order
    for match in ({"hand_number": 0}, {"colour": 1}, {"scores": [10, 0]}):
        with pytest.raises(InvalidRecord) as err:
            GAME.deal("s", {"first_hand_draw": False}, 7, match)
        assert err.value.reason == "bad_dealer"
    with pytest.raises(InvalidRecord) as err:
        GAME.deal("s", {"x": 1}, 7, {"hand_number": 0})
    assert err.value.reason == "unknown_option"


def test_deal_request_first_hand_draw_ignores_a_valid_dealer():
    assert GAME.deal("draw-5", {}, 0, None)["dealer"] == 2
    assert GAME.deal("draw-5", {}, 3, {"hand_number": 1})["dealer"] == 2


# ------------------------------------------------------------------ the caller's last card
def test_caller_last_card_face_down_only_reveal_then_it_wins_as_a_trump():
    r = last_card_record()
    st = state(r)
    assert st["tricks_won"] == [6, 6] and st["trump_revealed"] is False
    assert st["to_act"] == 1 and st["hands"][1] == ["3S"]
    assert legal(r) == [mv(1, "reveal")]
    assert reason(r, P(1, "3S")) == "card_face_down"
    r["moves"].append(mv(1, "reveal"))
    assert legal(r) == [P(1, "3S")]
    r["moves"] += [P(1, "3S"), P(2, "9D"), P(3, "8D")]
    st = state(r)
    t = st["tricks"][-1]
    # the TS led before the reveal is a plain card; the 3S played after it is a trump and wins
    assert (t["winner"], t["winning_card"], t["revealed_at"]) == (1, "3S", 1)
    assert st["result"]["tricks_won"] == [6, 7] and st["result"]["winner_team"] == 1


def test_views_refuse_the_face_down_last_card_they_cannot_see():
    # another seat's view cannot see seat 1's last card, which can only be the face-down one
    r = last_card_record()
    for seat in (0, 2, 3):
        view = GAME.view(r, seat)
        assert view["deal"]["hands"][1] == [None] * 13
        assert reason(view, P(1, "3S")) == "card_face_down"
        assert reason(view, P(1, "AC")) == "card_not_in_hand"  # played already
        assert GAME.replay(view).state()["face_down_card"] is None


# ------------------------------------------------------------------ views: the unseen luck card
def test_view_of_the_unseen_luck_card_owner_refuses_cards_he_cannot_see():
    # hidden trump, both clocks expire: seat 1's luck card 5S lies face down, unseen even by him
    r = rec(mode="hidden_trump", moves=[mv(1, "timeout"), mv(3, "timeout")])
    view = GAME.view(r, 1)
    assert view["deal"]["hands"][1][5] is None
    assert reason(r, P(1, "5S")) == "card_face_down"
    assert reason(r, P(1, "AS")) == "card_not_in_hand"
    # the view may not accept a card its seat cannot be holding face up (it used to accept any)
    for card in ("5S", "AS", "AD"):
        assert reason(view, P(1, card)) is not None
    assert reason(view, P(1, "AH")) is None
    assert GAME.replay(view).legal_moves() == GAME.replay(r).legal_moves()
    bad = copy.deepcopy(view)
    bad["moves"].append(P(1, "AS"))
    with pytest.raises(Exception) as err:
        GAME.replay(bad)
    assert err.value.reason == "card_face_down"


def test_view_of_the_luck_owner_never_shows_the_card_in_state_or_events():
    r = rec(mode="hidden_trump", rung_royal=True, moves=[mv(1, "timeout"), mv(3, "timeout")])
    vst = GAME.replay(GAME.view(r, 1)).state()
    assert vst["face_down_card"] is None and vst["face_down_seat"] == 1 and vst["luck"] is True
    assert vst["luck_card"] is None and vst["hands"][1][5] is None
    assert [e for e in vst["events"] if e["type"] == "luck_card"] == [{"type": "luck_card", "card": None,
                                                                      "index": 1}]
    # the full record knows it, and keeps it out of the owner's legal plays
    assert P(1, "5S") not in legal(r)


# ------------------------------------------------------------------ reveal interactions
def test_after_another_seats_reveal_the_face_down_card_is_an_ordinary_card_that_must_follow():
    # Example 5's trick, then seat 3 leads AS: seat 1's only spade is the revealed QS, which he
    # now holds as an ordinary card and must play to follow suit
    moves = [mv(1, "call_trump", card="QS"), P(1, "AH"), P(2, "KS"), mv(3, "reveal"), P(3, "2S"),
             P(0, "2H"), P(3, "AS"), P(0, "KC")]
    r = rec(deal=DEAL_A, mode="hidden_trump", moves=moves)
    assert state(r)["hands"][1][0] == "QS" and state(r)["must_play_trump"] is None
    assert legal(r) == [P(1, "QS")]
    assert reason(r, P(1, "2C")) == "must_follow_suit"


def test_the_trump_obligation_lasts_one_card():
    # seat 3 demands on the first trick and must trump; on the next trick he leads freely
    moves = [mv(1, "call_trump", card="QS"), P(1, "AH"), P(2, "KS"), mv(3, "reveal"), P(3, "2S"),
             P(0, "2H")]
    r = rec(deal=DEAL_A, mode="hidden_trump", moves=moves)
    st = state(r)
    assert st["must_play_trump"] is None and st["to_act"] == 3
    assert P(3, "2D") in legal(r) and P(3, "QC") in legal(r)


def test_only_the_caller_may_reveal_on_lead_even_after_the_first_trick():
    moves = [mv(1, "call_trump", card="QS"), P(1, "2C"), P(2, "3D"), P(3, "QC"), P(0, "AC")]
    r = rec(deal=DEAL_A, mode="hidden_trump", moves=moves)
    assert state(r)["to_act"] == 0
    assert reason(r, mv(0, "reveal")) == "only_caller_reveals_on_lead"
    assert mv(0, "reveal") not in legal(r)


# ------------------------------------------------------------------ Rung Royal in open modes with a luck card
def test_open_luck_card_caller_may_change_trump_once_and_the_luck_card_stays_public():
    r = rec(rung_royal=True, moves=[mv(1, "timeout"), mv(3, "timeout")])
    assert [m for m in legal(r) if m["type"] == "change_trump"] == [
        mv(1, "change_trump", suit=s) for s in "HDC"]
    assert reason(r, mv(1, "change_trump", suit="S")) == "same_trump"
    r["moves"].append(mv(1, "change_trump", suit="H"))
    st = state(r)
    assert (st["trump"], st["luck"], st["luck_card"], st["trump_changed"]) == ("H", True, "5S", True)
    assert P(1, "5S") in st["legal_moves"]  # an ordinary card of the first chooser's hand
    assert GAME.view(r, 2)["deal"]["hands"][1][5] == "5S"


# ------------------------------------------------------------------ the clock options
def test_time_limit_uses_the_option_values():
    m = {"hand_number": 2, "first_game_seats": [1, 3]}
    assert state(rec(call_seconds=33, first_game_call_seconds=7, match=m))["time_limit_s"] == 7
    r = rec(call_seconds=33, first_game_call_seconds=7, match=m, moves=[mv(1, "timeout")])
    assert state(r)["time_limit_s"] == 33  # the partner's clock, even in his first game
    r["moves"].append(mv(3, "call_trump", suit="S"))
    assert state(r)["time_limit_s"] is None


# ------------------------------------------------------------------ double sar option combinations
def test_double_sar_ace_rule_wins_over_first_pair_blocked():
    # tricks 1-2 won with aces by one player: no capture, and trick 2 cannot pair with trick 3
    hand, caps = pile_run([1, 1, 1], aces=(0, 1), double_sar_ace_rule=True,
                          double_sar_first_pair_blocked=True)
    assert caps == [] and hand.pile == [0, 1, 2]
    hand, caps = pile_run([1, 1, 1], aces=(0,), double_sar_ace_rule=True,
                          double_sar_first_pair_blocked=True)
    assert caps[0]["tricks"] == 3


def test_double_sar_ace_rule_keeps_the_last_trick_rule():
    w = [0, 1, 2, 3] * 2 + [0, 1, 2, 3, 3]
    hand, caps = pile_run(w, aces=(11, 12), double_sar_ace_rule=True)
    assert caps == [{"type": "pile_captured", "seat": 3, "tricks": 13}]
    assert hand.phase == "done" and hand.result["kot"] is True


# ------------------------------------------------------------------ scoring
def test_a_redeal_keeps_the_courts_runs_and_the_scores():
    out = GAME.score({"options": {"scoring": "courts"}, "match": {"hand_number": 4, "scores": [1, 2],
                                                                  "consecutive_wins": [0, 3]},
                      "dealer": 2, "redeal": True})
    assert out["deltas"] == [0, 0] and out["scores"] == [1, 2] and out["consecutive_wins"] == [0, 3]
    assert out["next_dealer"] == 2 and out["next_match"]["hand_number"] == 5


def test_match_score_ignores_hands_after_the_match_ended():
    out = GAME.score_match({"options": {}, "scores": [9, 0], "dealer": 3,
                            "hands": [{"winner_team": 0, "kot": False}, {"nonsense": True}]})
    assert out["over_after_hand"] == 0 and out["winner"] == 0 and out["dealers"] == [3]


def test_next_match_is_null_when_the_match_is_over():
    out = GAME.score({"options": {"mode": "hidden_trump"}, "match": {"hand_number": 7, "scores": [9, 4]},
                      "dealer": 3, "winner_team": 0, "kot": False})
    assert out["match_over"] is True and out["next_match"] is None


def test_a_record_hand_that_ends_the_match_emits_match_over():
    m = {"hand_number": 5, "scores": [0, 9]}
    moves = [mv(1, "call_trump", suit="H")]
    hand = GAME.replay(rec(moves=moves, match=m))
    events = []
    while hand.phase != "done":
        events += hand.play(GAME.parse_move(hand.legal_moves()[0], 4, PACK, None, "m"), len(hand.moves))
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["hand_over", "match_over"]
    assert events[-1]["winner"] == hand.result["winner"] and hand.result["match_over"] is True
