"""Buck Euchre, rule by rule and example by example from shared/rules/buck-euchre.md."""

import pytest

from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games import GAMES

from .helpers import check, record, replay

G = GAMES["buck-euchre"]
E3_DEAL = {"hands": [["9S", "TS", "QS", "KS", "AS"], ["9H", "TH", "QH", "KH", "AH"],
                     ["9D", "TD", "QD", "KD", "AD"], ["9C", "TC", "QC", "KC", "AC"]],
           "turn_up": "JH", "stock": ["JS", "JD", "JC"]}


def deal_with(turn_up, hands=None):
    """E3's deal with another turn-up (swapped with the stock or a hand card)."""
    deal = {"hands": [list(h) for h in (hands or E3_DEAL["hands"])], "turn_up": turn_up,
            "stock": ["JS", "JD", "JC", "JH"]}
    deal["stock"].remove(turn_up) if turn_up in deal["stock"] else None
    for h in deal["hands"]:
        if turn_up in h:
            h[h.index(turn_up)] = deal["stock"].pop()
    deal["stock"] = deal["stock"][:3]
    return deal


def be(moves=(), deal=E3_DEAL, dealer=3, **kw):
    return record("buck-euchre", deal, [dict(zip(("seat", "type"), m[:2]), **(m[2] if len(m) > 2 else {}))
                                        for m in moves], dealer=dealer, **kw)


PASS4 = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")]


# --- deal ---------------------------------------------------------------------------------------

def test_e1_seeded_deal():
    rec = G.deal("doc-example-1", {}, 0, None)
    assert rec["deal"] == {"hands": [["JS", "KS", "9D", "TC", "TS"], ["9S", "JD", "KD", "QH", "AS"],
                                     ["KC", "AD", "QC", "KH", "AC"], ["TD", "9C", "AH", "TH", "9H"]],
                           "turn_up": "JH", "stock": ["QD", "JC", "QS"]}
    assert rec["seed"] == "doc-example-1" and rec["moves"] == []
    assert rec["match"] == {"scores": [25] * 4, "hand_number": 1}


def test_unseeded_deal_returns_a_seed_that_reproduces_it():
    rec = G.deal(None, {}, 2, None)
    assert G.deal(rec["seed"], {}, 2, None)["deal"] == rec["deal"]


def test_card_notation_aliases_and_canonical_output():
    deal = {"hands": [["9s", "10S", "qs", "KS", "AS"], *E3_DEAL["hands"][1:]], "turn_up": "jh",
            "stock": ["JS", "jd", "JC"]}
    rec = be(deal=deal)
    hand = replay(rec)
    assert hand.to_record()["deal"]["hands"][0] == ["9S", "TS", "QS", "KS", "AS"]
    assert hand.to_record()["deal"]["turn_up"] == "JH"


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d["hands"][0].__setitem__(0, "8S"), "unknown_card"),
    (lambda d: d["hands"][0].__setitem__(0, "XX"), "unknown_card"),
    (lambda d: d["hands"][0].__setitem__(0, "TS"), "duplicate_card"),
    (lambda d: d["hands"][0].pop(), "wrong_card_count"),
    (lambda d: d["stock"].pop(), "wrong_card_count"),
    (lambda d: d.pop("turn_up"), "wrong_card_count"),
    (lambda d: d["hands"].pop(), "wrong_card_count"),
    (lambda d: d["hands"][1].__setitem__(0, None), "hidden_card"),
])
def test_invalid_deals(mutate, reason):
    deal = {"hands": [list(h) for h in E3_DEAL["hands"]], "turn_up": "JH", "stock": ["JS", "JD", "JC"]}
    mutate(deal)
    with pytest.raises(InvalidRecord) as exc:
        replay(be(deal=deal))
    assert exc.value.reason == reason


@pytest.mark.parametrize("rec, reason", [
    (be(dealer=4), "bad_seat"),
    (be(dealer=True), "bad_seat"),
    (be(options={"colour": 1}), "unknown_option"),
    (be(options={"target": 0}), "bad_option"),
    (be(options={"penalty": 26}), "bad_option"),
    (be(options={"march_wins": 1}), "bad_option"),
    (be(match={"scores": [25, 25, 25]}), "bad_match"),
    (be(match={"scores": None}), "bad_match"),
    (be(match={"hand_number": 0}), "bad_match"),
    (be(match={"scores": [3, 0, 5, 5]}), "match_already_over"),
    (be(moves=[(4, "pass")]), "bad_seat"),
    (be(moves=[(0, "bid")]), "bad_move"),
    (be(moves=[(0, "pass"), (1, "order_up"), (3, "discard", {"card": 9})]), "unknown_card"),
    (be(moves=[(0, "pass"), (1, "order_up"), (3, "discard")]), "bad_move"),
    (be(moves=[(0, "pass", {"suit": "S"})]), "bad_move"),
    ({**be(), "moves": ["pass"]}, "bad_move"),
    (be(moves=[(0, "pass"), (1, "order_up"), (3, "discard", {"card": "8C"})]), "unknown_card"),
    (be(game="five-hundred"), "wrong_game"),
    (be(extra_field=1), "unknown_field"),
])
def test_invalid_records(rec, reason):
    with pytest.raises(InvalidRecord) as exc:
        G.replay(rec)
    assert exc.value.reason == reason


def test_records_report_options_before_dealer_before_match_before_deal():
    rec = be(dealer=9, options={"x": 1}, match={"hand_number": 0}, deal={"hands": []})
    with pytest.raises(InvalidRecord) as exc:
        replay(rec)
    assert exc.value.reason == "unknown_option"
    with pytest.raises(InvalidRecord) as exc:
        replay({**rec, "options": {}})
    assert exc.value.reason == "bad_seat"
    with pytest.raises(InvalidRecord) as exc:
        replay({**rec, "options": {}, "dealer": 3})
    assert exc.value.reason == "bad_match"


def test_moves_absent_is_no_moves_and_null_is_invalid():
    rec = be()
    del rec["moves"]
    assert replay(rec).phase == "ordering"
    with pytest.raises(InvalidRecord):
        replay({**rec, "moves": None})


def test_illegal_move_reported_before_a_malformed_move_after_it():
    rec = be(moves=[(1, "pass"), (0, "bid")])
    with pytest.raises(IllegalMove) as exc:
        replay(rec)
    assert exc.value.reason == "not_your_turn" and exc.value.move_index == 0


# --- phases ---------------------------------------------------------------------------------------

def test_e2_club_turned():
    rec = be(deal=deal_with("9C"))
    hand = replay(rec)
    assert (hand.phase, hand.to_act, hand.state()["trump"], hand.maker) == ("playing", 0, "C", None)
    assert check(rec, {"seat": 0, "type": "pass"}) == "wrong_phase"
    assert check(rec, {"seat": 0, "type": "drop"}) == "wrong_phase"
    assert check(rec, {"seat": 1, "type": "play", "card": "9H"}) == "not_your_turn"
    assert hand.state()["dropped"] == [False] * 4 and hand.participants == [0, 1, 2, 3]


def test_e3_order_up_and_the_dealers_discard():
    rec = be([(0, "pass"), (1, "order_up")])
    st = replay(rec).state()
    assert (st["trump"], st["maker"], st["phase"], st["to_act"]) == ("H", 1, "discarding", 3)
    assert sorted(m["card"] for m in st["legal_moves"]) == sorted(["9C", "TC", "QC", "KC", "AC", "JH"])
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"})])
    st = replay(rec).state()
    assert (st["phase"], st["to_act"]) == ("dropping", 0)
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay")])
    assert replay(rec).to_act == 2
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay"), (2, "drop")])
    assert replay(rec).to_act == 3
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay"), (2, "drop"),
              (3, "stay")])
    st = replay(rec).state()
    assert (st["phase"], st["to_act"]) == ("playing", 0)
    assert sorted(m["card"] for m in st["legal_moves"]) == sorted(E3_DEAL["hands"][0])
    assert st["hands"][3] == ["TC", "QC", "KC", "AC", "JH"]  # the turn-up last in hand order


def test_dealer_may_order_up_himself_and_discard_the_turn_up():
    rec = be([(0, "pass"), (1, "pass"), (2, "pass"), (3, "order_up"), (3, "discard", {"card": "JH"})])
    hand = replay(rec)
    assert hand.maker == 3 and hand.phase == "dropping" and hand.to_act == 0


def test_discard_of_a_card_not_held():
    rec = be([(0, "pass"), (1, "order_up")])
    assert check(rec, {"seat": 3, "type": "discard", "card": "9S"}) == "card_not_in_hand"
    assert check(rec, {"seat": 2, "type": "discard", "card": "9D"}) == "not_your_turn"


def test_all_four_pass_turns_the_card_down():
    hand = replay(be(PASS4))
    assert hand.phase == "naming" and hand.to_act == 0 and hand.state()["turned_down"]


def test_e4_naming_the_turned_down_suit():
    rec = be(PASS4, deal=deal_with("QH"))
    assert check(rec, {"seat": 0, "type": "name_trump", "suit": "H"}) == "suit_turned_down"
    assert check(rec, {"seat": 0, "type": "name_trump", "suit": "X"}) == "invalid_suit"
    assert check(rec, {"seat": 0, "type": "name_trump", "suit": "h"}) == "invalid_suit"
    assert check({**rec, "options": {"allow_turned_suit": True}},
                 {"seat": 0, "type": "name_trump", "suit": "H"}) is None
    moves = replay(rec).legal_moves()
    assert moves == [{"seat": 0, "type": "pass"}] + [
        {"seat": 0, "type": "name_trump", "suit": s} for s in "SDC"]
    assert len(replay({**rec, "options": {"allow_turned_suit": True}}).legal_moves()) == 5


def test_naming_makes_trump_without_picking_up():
    rec = be(PASS4 + [(0, "pass"), (1, "name_trump", {"suit": "S"})], deal=deal_with("QH"))
    hand = replay(rec)
    assert (hand.state()["trump"], hand.maker, hand.phase, hand.to_act) == ("S", 1, "dropping", 0)
    assert all(len(h) == 5 for h in hand.holdings.held)


def test_e5_no_trump_hand():
    rec = be(PASS4 + PASS4, deal=deal_with("QH"))
    hand = replay(rec)
    assert (hand.state()["trump"], hand.maker, hand.phase, hand.to_act) == (None, None, "dropping", 0)
    for seat in (0, 1, 2):
        rec["moves"].append({"seat": seat, "type": "stay"})
    assert replay(rec).to_act == 3
    assert check(rec, {"seat": 3, "type": "drop"}) is None


def _named_spades_by_2(drops):
    moves = PASS4 + [(0, "pass"), (1, "pass"), (2, "name_trump", {"suit": "S"})]
    for seat in (0, 1, 3):
        moves.append((seat, "drop" if seat in drops else "stay"))
    return be(moves, deal=deal_with("QH"))


def test_e6_leader_after_drops():
    hand = replay(_named_spades_by_2({0, 1}))
    assert hand.participants == [2, 3] and hand.to_act == 2
    hand = replay(_named_spades_by_2({0}))
    assert hand.participants == [1, 2, 3] and hand.to_act == 1


def test_maker_never_drops_and_is_skipped():
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "stay"), (2, "stay")])
    assert check(rec, {"seat": 1, "type": "stay"}) == "not_your_turn"


def test_tricks_have_as_many_cards_as_participants():
    rec = _named_spades_by_2({0, 1})
    rec["moves"] += [{"seat": 2, "type": "play", "card": "AD"}, {"seat": 3, "type": "play", "card": "AC"}]
    hand = replay(rec)
    assert hand.state()["tricks"] == [{"leader": 2, "cards": [{"seat": 2, "card": "AD"},
                                                              {"seat": 3, "card": "AC"}], "winner": 2}]


def test_lone_participant_takes_five_without_play():
    rec = be([(0, "pass"), (1, "order_up"), (3, "discard", {"card": "9C"}), (0, "drop"), (2, "drop"),
              (3, "drop")], match={"scores": [9, 4, 9, 9]})
    hand = replay(rec)
    assert hand.phase == "done" and hand.state()["tricks"] == []
    assert hand.result["tricks_won"] == [0, 5, 0, 0] and hand.result["deltas"] == [0, -5, 0, 0]
    assert hand.result["march"] is None and hand.result["winner"] == 1


def test_e16_void_hand():
    hand = replay(be(PASS4 + PASS4 + [(s, "drop") for s in (0, 1, 2, 3)], deal=deal_with("QH")))
    assert hand.result["participants"] == [] and hand.result["deltas"] == [0, 0, 0, 0]
    assert hand.result["scores"] == [25] * 4 and not hand.result["match_over"]


def test_hand_over_refuses_every_move():
    rec = be(PASS4 + PASS4 + [(s, "drop") for s in (0, 1, 2, 3)], deal=deal_with("QH"))
    assert check(rec, {"seat": 0, "type": "play", "card": "9S"}) == "hand_over"
    assert replay(rec).state()["legal_moves"] == [] and replay(rec).to_act is None


def test_wrong_phase_is_reported_whoever_sends_it():
    assert check(be(), {"seat": 2, "type": "play", "card": "9D"}) == "wrong_phase"
    assert check(be(), {"seat": 2, "type": "drop"}) == "wrong_phase"


# --- trick play -----------------------------------------------------------------------------------

def test_e7_bowers():
    assert G.trick_winner({"leader": 0, "trump": "D", "cards": [
        {"seat": 0, "card": "AD"}, {"seat": 1, "card": "JH"}, {"seat": 2, "card": "KD"},
        {"seat": 3, "card": "JD"}]}) == {"seat": 3, "card": "JD"}
    assert G.trick_winner({"leader": 1, "trump": "D", "cards": [
        {"seat": 1, "card": "JH"}, {"seat": 2, "card": "AH"}, {"seat": 3, "card": "9D"},
        {"seat": 0, "card": "QS"}]}) == {"seat": 1, "card": "JH"}


def test_e9_no_trump_trick():
    assert G.trick_winner({"leader": 2, "trump": None, "cards": [
        {"seat": 2, "card": "JH"}, {"seat": 3, "card": "AH"}, {"seat": 0, "card": "9S"},
        {"seat": 1, "card": "QH"}]}) == {"seat": 3, "card": "AH"}


def test_trump_beats_a_higher_card_of_the_led_suit_and_off_suit_never_wins():
    assert G.trick_winner({"leader": 0, "trump": "S", "cards": [
        {"seat": 0, "card": "AH"}, {"seat": 1, "card": "9S"}, {"seat": 2, "card": "AD"}]}) == \
        {"seat": 1, "card": "9S"}
    assert G.trick_winner({"leader": 0, "trump": "S", "cards": [
        {"seat": 0, "card": "9H"}, {"seat": 1, "card": "AD"}]}) == {"seat": 0, "card": "9H"}


E8_DEAL = {"hands": [["KC", "TS", "AS", "KS", "QS"], ["JC", "9H", "AD", "TD", "9D"],
                     ["AH", "TH", "KH", "JD", "JS"], ["AC", "QC", "9C", "JH", "9S"]],
           "turn_up": "QH", "stock": ["TC", "QD", "KD"]}
HEARTS_DEAL = {"hands": [["AH", "TS", "AS", "KS", "QS"], ["JC", "KH", "9H", "TD", "9D"],
                         ["AD", "TH", "QH", "JD", "JS"], ["AC", "QC", "9C", "JH", "9S"]],
               "turn_up": "QD", "stock": ["KC", "TC", "KD"]}


def _spades_named_by_0(deal, lead):
    return be(PASS4 + [(0, "name_trump", {"suit": "S"}), (1, "stay"), (2, "stay"), (3, "stay"),
                       (0, "play", {"card": lead})], deal=deal)


def test_e8_following_with_the_left_bower():
    rec = _spades_named_by_0(E8_DEAL, "KC")  # clubs led: JC is a spade, seat 1 is void in clubs
    assert {m["card"] for m in replay(rec).legal_moves()} == {"JC", "9H", "AD", "TD", "9D"}
    rec = _spades_named_by_0(E8_DEAL, "TS")  # spades led: JC is seat 1's only trump
    assert [m["card"] for m in replay(rec).legal_moves()] == ["JC"]
    assert check(rec, {"seat": 1, "type": "play", "card": "9H"}) == "must_follow_suit"
    rec = _spades_named_by_0(HEARTS_DEAL, "AH")  # hearts led, hand JC KH 9H ...: KH, 9H
    assert {m["card"] for m in replay(rec).legal_moves()} == {"KH", "9H"}
    assert check(rec, {"seat": 1, "type": "play", "card": "JC"}) == "must_follow_suit"


def test_no_obligation_to_trump_or_beat():
    rec = _spades_named_by_0(HEARTS_DEAL, "AH")
    rec["moves"].append({"seat": 1, "type": "play", "card": "9H"})
    assert check(rec, {"seat": 2, "type": "play", "card": "TH"}) is None
    assert check(rec, {"seat": 2, "type": "play", "card": "JS"}) == "must_follow_suit"
    rec = _spades_named_by_0(E8_DEAL, "KC")
    assert check(rec, {"seat": 1, "type": "play", "card": "TD"}) is None  # void: need not trump


def test_play_of_a_card_not_held():
    rec = be(deal=deal_with("9C"))
    assert check(rec, {"seat": 0, "type": "play", "card": "9H"}) == "card_not_in_hand"


# --- scoring (the score calculator and replayed hands use one function) ----------------------------

def score(**kw):
    body = {"options": {}, "played_out": True, "scores": [25] * 4}
    body.update(kw)
    return G.score(body)


def test_e10_ordinary_scoring():
    assert score(maker=1, participants=[0, 1, 3], tricks_won=[1, 3, 0, 1], scores=[13, 12, 20, 5]) == {
        "deltas": [-1, -3, 0, -1], "scores": [12, 9, 20, 4], "march": None, "match_over": False,
        "winner": None}


def test_e11_set_maker_and_bucked_player():
    assert score(maker=0, participants=[0, 1, 2, 3], tricks_won=[2, 2, 1, 0],
                 scores=[10] * 4)["deltas"] == [5, -2, -1, 5]
    assert score(maker=0, participants=[0, 1, 2, 3], tricks_won=[0, 2, 2, 1], scores=[10] * 4) == {
        "deltas": [5, -2, -2, -1], "scores": [15, 8, 8, 9], "march": None, "match_over": False,
        "winner": None}


def test_e12_no_trump_scoring():
    assert score(maker=None, participants=[0, 2, 3], tricks_won=[3, 0, 0, 2])["deltas"] == [-3, 0, 5, -2]


def test_e13_march():
    out = score(maker=2, participants=[0, 2, 3], tricks_won=[0, 0, 5, 0], scores=[3, 4, 22, 9])
    assert out == {"deltas": [5, 0, -5, 5], "scores": [8, 4, 17, 14], "march": 2, "match_over": True,
                   "winner": 2}
    out = score(options={"march_wins": False}, maker=2, participants=[0, 2, 3], tricks_won=[0, 0, 5, 0],
                scores=[3, 4, 22, 9])
    assert out["match_over"] is False and out["march"] == 2


def test_e14_lone_player():
    assert score(maker=1, participants=[1], tricks_won=[0, 5, 0, 0], scores=[9, 4, 9, 9],
                 played_out=False) == {"deltas": [0, -5, 0, 0], "scores": [9, -1, 9, 9], "march": None,
                                       "match_over": True, "winner": 1}


def test_e15_crossing_zero_together():
    out = score(maker=0, participants=[0, 1], tricks_won=[3, 2, 0, 0], scores=[2, 1, 9, 9])
    assert out["scores"] == [-1, -1, 9, 9] and not out["match_over"] and out["winner"] is None
    out = score(maker=0, participants=[0, 1], tricks_won=[2, 3, 0, 0], scores=[2, 1, 9, 9])
    assert out["scores"] == [7, -2, 9, 9] and out["winner"] == 1


def test_e17_penalty_option():
    assert score(options={"penalty": 10}, maker=3, participants=[0, 3], tricks_won=[4, 0, 0, 1])[
        "deltas"] == [-4, 0, 0, 10]


@pytest.mark.parametrize("body", [
    {"maker": 1, "participants": [0, 3], "tricks_won": [1, 3, 0, 1]},      # maker dropped
    {"maker": 1, "participants": [0, 1, 3], "tricks_won": [1, 3, 0, 2]},   # six tricks
    {"maker": 1, "participants": [0, 1, 1], "tricks_won": [1, 4, 0, 0]},   # a seat twice
    {"maker": 1, "participants": [0, 1], "tricks_won": [1, 3, 1, 0]},      # a dropped seat with a trick
    {"maker": 5, "participants": [0, 1], "tricks_won": [1, 4, 0, 0]},
])
def test_impossible_outcomes_are_invalid(body):
    with pytest.raises(InvalidRecord):
        score(**body)


def test_match_score_doc_example():
    assert G.score_match({"options": {}, "scores": [2, 1, 9, 9], "hands": [
        {"maker": 0, "participants": [0, 1], "tricks_won": [3, 2, 0, 0]},
        {"maker": 2, "participants": [0, 1, 2, 3], "tricks_won": [1, 0, 3, 1]},
        {"maker": None, "participants": [1, 2], "tricks_won": [0, 4, 1, 0]}]}) == {
        "running_scores": [[-1, -1, 9, 9], [-2, 4, 6, 8]], "scores": [-2, 4, 6, 8],
        "over_after_hand": 1, "winner": 0}


# --- bids/validate --------------------------------------------------------------------------------

BID_EXAMPLES = [
    ({"options": {}, "dealer": 3, "turn_up": "JH", "calls": [{"seat": 0, "type": "pass"}],
      "bid": {"seat": 1, "type": "order_up"}},
     {"valid": True, "reason": None, "next": 3, "auction_over": True, "contract": {"trump": "H", "maker": 1}}),
    ({"options": {}, "dealer": 3, "turn_up": "QH", "calls": [{"seat": s, "type": "pass"} for s in range(4)],
      "bid": {"seat": 0, "type": "name_trump", "suit": "H"}},
     {"valid": False, "reason": "suit_turned_down", "next": 0, "auction_over": False, "contract": None}),
    ({"options": {}, "dealer": 3, "turn_up": "QH",
      "calls": [{"seat": s % 4, "type": "pass"} for s in range(7)], "bid": {"seat": 3, "type": "pass"}},
     {"valid": True, "reason": None, "next": 0, "auction_over": True,
      "contract": {"trump": None, "maker": None}}),
]


@pytest.mark.parametrize("body, expected", BID_EXAMPLES)
def test_bids_validate_doc_examples(body, expected):
    out = G.validate_bid(body)
    assert {k: out[k] for k in expected} == expected


def test_bids_validate_club_turned_is_over_from_the_start():
    out = G.validate_bid({"options": {}, "dealer": 3, "turn_up": "9C", "calls": [],
                          "bid": {"seat": 0, "type": "pass"}})
    assert out["valid"] is False and out["reason"] == "wrong_phase" and out["auction_over"] is True


def test_bids_validate_name_trump_after_the_turn_down():
    out = G.validate_bid({"options": {}, "dealer": 3, "turn_up": "QH",
                          "calls": [{"seat": s, "type": "pass"} for s in range(4)],
                          "bid": {"seat": 0, "type": "name_trump", "suit": "S"}})
    assert out["valid"] and out["contract"] == {"trump": "S", "maker": 0} and out["next"] == 1
