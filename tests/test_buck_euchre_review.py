"""Review of buck-euchre against shared/rules/buck-euchre.md: rules without a test, views, API bodies."""

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games import GAMES

from .contract import call
from .helpers import check, replay
from .test_buck_euchre import E3_DEAL, PASS4, be, deal_with

G = GAMES["buck-euchre"]
B = "/v1/games/buck-euchre"

# dealer 3, a club turned: seat 0 holds the five best clubs (right bower, left bower, A, K, Q)
MARCH_DEAL = {"hands": [["JC", "JS", "AC", "KC", "QC"], ["9S", "TS", "QS", "KS", "AS"],
                        ["9H", "TH", "QH", "KH", "AH"], ["9D", "TD", "QD", "KD", "AD"]],
              "turn_up": "9C", "stock": ["JH", "JD", "TC"]}
ORDERED = [(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay"), (2, "stay"),
           (3, "stay")]


def mv(seat, kind, **fields):
    return {"seat": seat, "type": kind, **fields}


def _march_moves():
    moves = []
    for lead, (c1, c2, c3) in zip(["JC", "JS", "AC", "KC", "QC"],
                                  [("9S", "9H", "9D"), ("TS", "TH", "TD"), ("QS", "QH", "QD"),
                                   ("KS", "KH", "KD"), ("AS", "AH", "AD")]):
        moves += [(0, "play", {"card": lead}), (1, "play", {"card": c1}), (2, "play", {"card": c2}),
                  (3, "play", {"card": c3})]
    return moves


# --- Views: the turn-up is public, so a view knows where it can be ---------------------------------

def test_view_refuses_a_club_turn_up_nobody_took():
    rec = be(deal=deal_with("9C"))  # clubs hand: the turn-up stays on the stock
    assert check(rec, mv(0, "play", card="9C")) == "card_not_in_hand"
    for seat in (1, 2, 3):
        assert check(G.view(rec, seat), mv(0, "play", card="9C")) == "card_not_in_hand"


def test_view_refuses_a_turned_down_card():
    rec = be(PASS4 + PASS4 + [(s, "stay") for s in range(4)], deal=deal_with("QH"))
    assert check(rec, mv(0, "play", card="QH")) == "card_not_in_hand"
    assert check(G.view(rec, 2), mv(0, "play", card="QH")) == "card_not_in_hand"


def test_view_refuses_the_ordered_up_turn_up_from_anyone_but_the_dealer():
    rec = be(ORDERED)  # the dealer picked JH up and discarded a card seat 2 cannot see
    assert check(rec, mv(0, "play", card="JH")) == "card_not_in_hand"
    assert check(G.view(rec, 2), mv(0, "play", card="JH")) == "card_not_in_hand"


def test_view_still_lets_the_dealer_play_the_turn_up_he_may_have_kept():
    moves = ORDERED + [(0, "play", {"card": "9S"}), (1, "play", {"card": "9H"}), (2, "play", {"card": "9D"})]
    rec = be(moves)
    assert check(rec, mv(3, "play", card="JH")) is None
    assert check(G.view(rec, 0), mv(3, "play", card="JH")) is None


def test_dealers_view_knows_his_discard_is_out_of_play():
    rec = be(ORDERED)
    assert check(rec, mv(0, "play", card="9C")) == "card_not_in_hand"
    assert check(G.view(rec, 3), mv(0, "play", card="9C")) == "card_not_in_hand"
    assert check(G.view(rec, 2), mv(0, "play", card="9C")) is None  # seat 2 cannot know it


def test_own_discard_hidden_in_own_view_is_view_incomplete():
    view = G.view(be([(0, "pass"), (1, "order_up")]), 3)
    view["moves"].append(mv(3, "discard", card=None))
    with pytest.raises(InvalidRecord) as exc:
        G.replay(view)
    assert exc.value.reason == "view_incomplete"


def test_dealers_view_lists_the_same_six_discards():
    rec = be([(0, "pass"), (1, "order_up")])
    assert G.replay(G.view(rec, 3)).listing() == G.replay(rec).listing()
    assert len(G.replay(rec).listing()) == 6


def test_view_hides_a_dropped_players_hand_and_the_stock_after_the_hand():
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "drop"), (2, "drop"),
              (3, "drop")])
    assert replay(rec).phase == "done"
    v = G.view(rec, 1)
    assert v["deal"]["hands"][0] == [None] * 5 and v["deal"]["hands"][2] == [None] * 5
    assert v["deal"]["stock"] == [None] * 3 and v["deal"]["turn_up"] == "JH"


def test_view_after_turn_down_keeps_the_turn_up_public():
    v = G.view(be(PASS4, deal=deal_with("QH")), 1)
    assert v["deal"]["turn_up"] == "QH" and G.replay(v).state()["turned_down"] is True


# --- Dropping --------------------------------------------------------------------------------------

def test_dealer_who_picked_up_for_another_may_drop():
    rec = be(ORDERED[:5])
    assert check(rec, mv(3, "drop")) is None
    hand = replay(be(ORDERED[:5] + [(3, "drop")]))
    assert hand.participants == [0, 1, 2] and hand.state()["dropped"] == [False, False, False, True]


def test_dealer_maker_is_skipped_when_dropping():
    rec = be([(0, "pass"), (1, "pass"), (2, "pass"), (3, "order_up"), (3, "discard", {"card": "JH"}),
              (0, "stay"), (1, "stay")])
    assert replay(rec).to_act == 2
    rec["moves"].append(mv(2, "stay"))
    hand = replay(rec)
    assert hand.phase == "playing" and hand.to_act == 0 and hand.participants == [0, 1, 2, 3]


def test_lone_participant_at_no_trump_is_credited_five_tricks():
    rec = be(PASS4 + PASS4 + [(0, "drop"), (1, "drop"), (2, "stay"), (3, "drop")], deal=deal_with("QH"))
    res = replay(rec).result
    assert (res["trump"], res["maker"], res["participants"]) == (None, None, [2])
    assert res["tricks_won"] == [0, 0, 5, 0] and res["deltas"] == [0, 0, -5, 0] and res["march"] is None


def test_dropped_seat_is_skipped_in_play_and_tricks_have_three_cards():
    rec = be(ORDERED[:4] + [(2, "drop"), (3, "stay"), (0, "play", {"card": "AS"})])
    hand = replay(rec)
    assert hand.to_act == 1
    rec["moves"] += [mv(1, "play", card="9H")]
    assert replay(rec).to_act == 3  # seat 2 dropped
    assert check(rec, mv(2, "play", card="9D")) == "not_your_turn"
    rec["moves"] += [mv(3, "play", card="TC")]
    st = replay(rec).state()
    assert st["tricks"][0]["winner"] == 1 and len(st["tricks"][0]["cards"]) == 3 and st["to_act"] == 1


# --- Trick play ------------------------------------------------------------------------------------

def test_left_bower_led_is_a_trump_lead_not_its_printed_suit():
    rec = be([(0, "play", {"card": "JC"}), (1, "play", {"card": "9S"}), (2, "play", {"card": "9H"}),
              (3, "play", {"card": "9D"}), (0, "play", {"card": "JS"})], deal=MARCH_DEAL)
    # JS is a club: seat 1 (all spades, no club) may play any card
    assert {m["card"] for m in replay(rec).legal_moves()} == {"TS", "QS", "KS", "AS"}
    assert replay(rec).state()["tricks"][0]["winner"] == 0


def test_left_bower_does_not_follow_its_printed_suit():
    # diamonds trump: hearts led, a hand whose only heart-printed card is JH is void in hearts
    assert G.trick_winner({"leader": 0, "trump": "D", "cards": [
        {"seat": 0, "card": "9H"}, {"seat": 1, "card": "AH"}, {"seat": 2, "card": "JH"}]}) == \
        {"seat": 2, "card": "JH"}
    assert G.trick_winner({"leader": 0, "trump": "D", "cards": [
        {"seat": 0, "card": "AD"}, {"seat": 1, "card": "JH"}, {"seat": 2, "card": "JD"}]}) == \
        {"seat": 2, "card": "JD"}


def test_other_suits_rank_a_k_q_j_t_9_in_a_trump_hand():
    assert G.trick_winner({"leader": 0, "trump": "D", "cards": [
        {"seat": 0, "card": "TS"}, {"seat": 1, "card": "JS"}, {"seat": 2, "card": "9S"}]}) == \
        {"seat": 1, "card": "JS"}


# --- March, result object and match end through a replayed hand ------------------------------------

def test_march_in_play_wins_the_match_at_once():
    rec = be(_march_moves(), deal=MARCH_DEAL)
    res = replay(rec).result
    assert res == {"trump": "C", "maker": None, "participants": [0, 1, 2, 3], "tricks_won": [5, 0, 0, 0],
                   "deltas": [-5, 5, 5, 5], "scores": [20, 30, 30, 30], "march": 0, "match_over": True,
                   "winner": 0, "next_dealer": 0, "next_match": None}
    res = replay({**rec, "options": {"march_wins": False}}).result
    assert res["march"] == 0 and res["match_over"] is False and res["winner"] is None


def test_march_events_end_with_hand_over_and_match_over():
    rec = be(_march_moves()[:-1], deal=MARCH_DEAL)
    hand = replay(rec)
    events = hand.play(G.read_move(mv(3, "play", card="AD"), hand), len(rec["moves"]))
    assert [e["type"] for e in events] == ["trick_won", "hand_over", "match_over"]
    assert events[0]["trick"] == 4 and events[0]["seat"] == 0 and events[2]["winner"] == 0
    assert all(e["index"] == 19 for e in events)


def test_march_beats_a_lower_score():
    body = {"options": {}, "maker": 2, "participants": [1, 2], "tricks_won": [0, 0, 5, 0],
            "scores": [-1, -1, 9, 9], "played_out": True}
    out = G.score(body)
    assert out["scores"] == [-1, 4, 4, 9] and out["winner"] == 2 and out["march"] == 2
    out = G.score({**body, "options": {"march_wins": False}})
    assert out["winner"] == 0 and out["match_over"] is True


def test_shared_lowest_score_record_is_valid_and_tie_break_hand_decides():
    rec = be(ORDERED, match={"scores": [-1, -1, 9, 9], "hand_number": 4})
    assert replay(rec).phase == "playing"
    # everybody at 0 or below but shared: still not over
    out = G.score({"options": {}, "maker": 0, "participants": [0, 1], "tricks_won": [3, 2, 0, 0],
                   "scores": [1, 0, 9, 9], "played_out": True})
    assert out["scores"] == [-2, -2, 9, 9] and out["match_over"] is False


def test_current_trick_is_null_outside_play_and_an_object_in_play():
    assert replay(be()).state()["current_trick"] is None
    st = replay(be(ORDERED + [(0, "play", {"card": "AS"})])).state()
    assert st["current_trick"] == {"leader": 0, "cards": [{"seat": 0, "card": "AS"}]}
    assert replay(be(_march_moves(), deal=MARCH_DEAL)).state()["current_trick"] is None


def test_a_trump_takes_a_trick_led_in_another_suit():
    # hearts ordered up by seat 1; seat 1, void in spades, trumps seat 0's ace of spades with the nine
    moves = ORDERED + [(0, "play", {"card": "AS"}), (1, "play", {"card": "9H"}), (2, "play", {"card": "9D"}),
                       (3, "play", {"card": "TC"})]
    hand = replay(be(moves))
    assert hand.state()["tricks"][0]["winner"] == 1  # a trump on a spade lead


def test_deal_refuses_match_scores_that_already_end_the_match():
    with pytest.raises(InvalidRecord) as exc:
        G.deal("x", {}, 0, {"scores": [3, -1, 5, 5]})
    assert exc.value.reason == "match_already_over"


def test_match_score_stops_at_a_march():
    out = G.score_match({"options": {}, "scores": [20, 20, 20, 20], "hands": [
        {"maker": 1, "participants": [0, 1], "tricks_won": [0, 5, 0, 0]},
        {"maker": 0, "participants": [0, 1], "tricks_won": [5, 0, 0, 0]}]})
    assert out == {"running_scores": [[25, 15, 20, 20]], "scores": [25, 15, 20, 20], "over_after_hand": 0,
                   "winner": 1}


def test_match_score_lone_hand_is_not_a_march():
    out = G.score_match({"options": {}, "scores": [20, 20, 20, 20], "hands": [
        {"maker": 1, "participants": [1], "tricks_won": [0, 5, 0, 0], "played_out": False}]})
    assert out["over_after_hand"] is None and out["scores"] == [20, 15, 20, 20]


# --- "API bodies": every example through HTTP -------------------------------------------------------

API_EXAMPLES = {
    "/trick-winner": [
        ({"leader": 1, "cards": [{"seat": 1, "card": "JH"}, {"seat": 2, "card": "AH"}, {"seat": 3, "card": "9D"},
                                 {"seat": 0, "card": "QS"}], "trump": "D"}, {"seat": 1, "card": "JH"}),
        ({"leader": 2, "cards": [{"seat": 2, "card": "JH"}, {"seat": 3, "card": "AH"}, {"seat": 0, "card": "9S"},
                                 {"seat": 1, "card": "QH"}], "trump": None}, {"seat": 3, "card": "AH"}),
    ],
    "/bids/validate": [
        ({"options": {}, "dealer": 3, "turn_up": "JH", "calls": [{"seat": 0, "type": "pass"}],
          "bid": {"seat": 1, "type": "order_up"}},
         {"valid": True, "reason": None, "next": 3, "auction_over": True, "contract": {"trump": "H", "maker": 1}}),
        ({"options": {}, "dealer": 3, "turn_up": "QH",
          "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"},
                    {"seat": 3, "type": "pass"}],
          "bid": {"seat": 0, "type": "name_trump", "suit": "H"}},
         {"valid": False, "reason": "suit_turned_down", "next": 0, "auction_over": False, "contract": None}),
        ({"options": {}, "dealer": 3, "turn_up": "QH",
          "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"},
                    {"seat": 3, "type": "pass"}, {"seat": 0, "type": "pass"},
                    {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}],
          "bid": {"seat": 3, "type": "pass"}},
         {"valid": True, "reason": None, "next": 0, "auction_over": True,
          "contract": {"trump": None, "maker": None}}),
    ],
    "/score": [
        ({"options": {}, "maker": 1, "participants": [0, 1, 3], "tricks_won": [1, 3, 0, 1],
          "scores": [13, 12, 20, 5], "played_out": True},
         {"deltas": [-1, -3, 0, -1], "scores": [12, 9, 20, 4], "march": None, "match_over": False,
          "winner": None}),
        ({"options": {}, "maker": 0, "participants": [0, 1, 2, 3], "tricks_won": [0, 2, 2, 1],
          "scores": [10, 10, 10, 10], "played_out": True},
         {"deltas": [5, -2, -2, -1], "scores": [15, 8, 8, 9], "march": None, "match_over": False,
          "winner": None}),
        ({"options": {}, "maker": 1, "participants": [1], "tricks_won": [0, 5, 0, 0],
          "scores": [9, 4, 9, 9], "played_out": False},
         {"deltas": [0, -5, 0, 0], "scores": [9, -1, 9, 9], "march": None, "match_over": True, "winner": 1}),
    ],
    "/matches/score": [
        ({"options": {}, "scores": [2, 1, 9, 9],
          "hands": [{"maker": 0, "participants": [0, 1], "tricks_won": [3, 2, 0, 0]},
                    {"maker": 2, "participants": [0, 1, 2, 3], "tricks_won": [1, 0, 3, 1]},
                    {"maker": None, "participants": [1, 2], "tricks_won": [0, 4, 1, 0]}]},
         {"running_scores": [[-1, -1, 9, 9], [-2, 4, 6, 8]], "scores": [-2, 4, 6, 8],
          "over_after_hand": 1, "winner": 0}),
    ],
}


@pytest.mark.parametrize("path, body, expected", [(p, b, e) for p, cases in API_EXAMPLES.items()
                                                  for b, e in cases])
def test_api_bodies_examples_over_http(client, path, body, expected):
    r = call(client, "POST", B + path, json=body)
    assert r.status_code == 200, r.json
    assert {k: r.json[k] for k in expected} == expected


def test_view_endpoint_refuses_the_turn_up_over_http(client):
    rec = be(deal=deal_with("9C"))
    view = call(client, "POST", B + "/views", json={"record": rec, "seat": 2}).json
    r = call(client, "POST", B + "/moves/validate", json={"record": view, "move": mv(0, "play", card="9C")})
    assert r.json["legal"] is False and r.json["reason"] == "card_not_in_hand"


def test_e3_full_record_state_over_http(client):
    rec = be(ORDERED[:3])
    st = call(client, "POST", B + "/state", json={"record": rec}).json
    assert (st["phase"], st["to_act"], st["trump"], st["maker"]) == ("dropping", 0, "H", 1)
    assert st["hands"][3] == ["TC", "QC", "KC", "AC", "JH"] and st["turn_up"] == "JH"
    assert st["turned_down"] is False and st["dropped"] == [False] * 4 and st["tricks_won"] == [0] * 4
    assert E3_DEAL["hands"][0] == st["hands"][0]


# --- Validation order ------------------------------------------------------------------------------

def test_each_phase_takes_only_its_own_move_types():
    naming = be(PASS4, deal=deal_with("QH"))
    assert check(naming, mv(0, "order_up")) == "wrong_phase"
    assert check(be(), mv(0, "name_trump", suit="S")) == "wrong_phase"
    assert check(be(ORDERED[:2]), mv(3, "drop")) == "wrong_phase"
    assert check(be(ORDERED[:3]), mv(0, "discard", card="9S")) == "wrong_phase"
    assert check(be(ORDERED[:3]), mv(0, "play", card="9S")) == "wrong_phase"
    assert check(be(ORDERED), mv(0, "stay")) == "wrong_phase"


def test_turn_is_checked_before_the_suit():
    naming = be(PASS4, deal=deal_with("QH"))
    assert check(naming, mv(1, "name_trump", suit="X")) == "not_your_turn"
    assert check(naming, mv(1, "name_trump", suit="H")) == "not_your_turn"


def test_a_suit_of_the_wrong_json_type_makes_the_record_invalid():
    with pytest.raises(InvalidRecord) as exc:
        replay(be(PASS4 + [(0, "name_trump", {"suit": 2})], deal=deal_with("QH")))
    assert exc.value.reason == "bad_move"
