"""Sixes: every rule and worked example of shared/rules/sixes.md."""

from __future__ import annotations

import copy

import pytest

from service.rules.errors import IllegalMove, InvalidRecord, NotApplicable
from service.rules.games import get
from service.rules.games.sixes import GAME, hand_sizes, settle

E1_HANDS = [["3C", "3S", "QD", "5C", "4H", "2S", "KD", "4S"],
            ["5S", "AD", "QH", "4C", "7D", "6D", "3H", "2D"],
            ["KH", "KS", "5H", "AH", "JH", "6H", "JC", "QC"],
            ["6C", "2C", "7H", "6S", "KC", "JD", "AS", "4D"],
            ["7S", "7C", "5D", "JS", "AC", "2H", "QS", "3D"]]


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def pas(seat):
    return {"seat": seat, "type": "pass"}


def e1(moves=(), **over):
    record = {"game": "sixes", "options": {}, "dealer": 0, "deal": {"hands": copy.deepcopy(E1_HANDS)},
              "moves": list(moves)}
    record.update(over)
    return record


E3_MOVES = [play(1, "6D"), play(2, "6H"), play(3, "7H"), play(4, "5D"), pas(0)]


def state(record):
    return GAME.replay(record).state()


def refusal(record, move):
    hand = GAME.replay(record)
    parsed = GAME.parse_move(move, hand.n, hand.pack, hand.viewer, "move")
    return hand.check(parsed)


def reason(record, move):
    r = refusal(record, move)
    return None if r is None else r[0]


def cards_of(moves):
    return sorted(m["card"] for m in moves if m["type"] == "play")


def invalid(record):
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(record)
    return err.value.reason


# --- registry, catalogue, options ---------------------------------------------------------------

def test_registered_under_its_id():
    assert get("sixes") is GAME


def test_catalogue_lists_players_options_and_move_types():
    cat = GAME.catalogue()
    assert cat["id"] == "sixes"
    assert cat["players"] == {"min": 3, "max": 6}
    opts = {o["name"]: o for o in cat["options"]}
    assert opts["players"]["default"] == 5 and opts["players"]["choices"] == [3, 4, 5, 6]
    assert opts["start_chips"]["default"] == 10
    assert (opts["start_chips"]["minimum"], opts["start_chips"]["maximum"]) == (1, 100)
    assert opts["voluntary_pass"]["default"] is False
    assert {t["type"] for t in cat["move_types"]} == {"play", "pass"}
    assert "40" in cat["deck"]


@pytest.mark.parametrize("options", [{"players": 7}, {"players": 2}, {"players": "5"},
                                     {"start_chips": 0}, {"start_chips": 101},
                                     {"voluntary_pass": 1}, {"target": 10}])
def test_option_unknown_or_out_of_range_is_invalid(options):
    assert invalid(e1(options=options)) in ("bad_option", "unknown_option")


def test_options_take_their_defaults():
    assert GAME.replay(e1()).options == {"players": 5, "start_chips": 10, "voluntary_pass": False}


# --- deck ---------------------------------------------------------------------------------------

def test_canonical_deck_order_is_40_cards_ace_to_king_with_jack_after_seven():
    from service.rules.cards import names
    order = names(GAME.pack({}).order)
    assert order == ("AS 2S 3S 4S 5S 6S 7S JS QS KS AH 2H 3H 4H 5H 6H 7H JH QH KH "
                     "AD 2D 3D 4D 5D 6D 7D JD QD KD AC 2C 3C 4C 5C 6C 7C JC QC KC").split()


@pytest.mark.parametrize("text", ["8H", "TD", "10C", "9S", "XX", "6", ""])
def test_cards_outside_the_pack_are_not_cards_of_this_game(text):
    hands = copy.deepcopy(E1_HANDS)
    hands[0][0] = text
    assert invalid(e1(deal={"hands": hands})) == "unknown_card"


def test_lower_case_input_is_accepted_and_output_canonical():
    hands = [[c.lower() for c in h] for h in E1_HANDS]
    hand = GAME.replay(e1([play(1, "6d")], deal={"hands": hands}))
    rec = hand.to_record()
    assert rec["deal"]["hands"] == E1_HANDS
    assert rec["moves"] == [play(1, "6D")]


# --- deal ---------------------------------------------------------------------------------------

def test_e1_seeded_deal():
    record = GAME.deal("doc-example-1", {}, 0, None)
    assert record["deal"] == {"hands": E1_HANDS}
    assert record["match"] == {"chips": [10] * 5, "hand_number": 1}
    assert record["options"] == {"players": 5, "start_chips": 10, "voluntary_pass": False}
    assert record["seed"] == "doc-example-1" and record["moves"] == []


def test_deal_is_one_card_at_a_time_from_the_dealers_left():
    from service.rules.cards import names
    from service.rules.shuffle import shuffled
    for n in (3, 4, 5):
        for dealer in range(n):
            cards = names(shuffled(GAME.pack({}).order, "abc"))
            rec = GAME.deal("abc", {"players": n}, dealer, None)
            for i, c in enumerate(cards):
                seat = (dealer + 1 + i) % n
                assert c in rec["deal"]["hands"][seat]
            for seat in range(n):
                assert rec["deal"]["hands"][seat] == [cards[i] for i in range(40)
                                                      if (dealer + 1 + i) % n == seat]


def test_deal_sizes_per_player_count():
    assert hand_sizes(5, 0) == [8] * 5
    assert hand_sizes(4, 2) == [10] * 4
    assert hand_sizes(3, 0) == [13, 14, 13]
    assert hand_sizes(3, 2) == [14, 13, 13]


def test_e11_four_players():
    rec = GAME.deal("e11", {"players": 4}, 2, None)
    assert [len(h) for h in rec["deal"]["hands"]] == [10] * 4
    from service.rules.cards import names
    from service.rules.shuffle import shuffled
    first = names(shuffled(GAME.pack({}).order, "e11"))[0]
    assert rec["deal"]["hands"][3][0] == first  # seat 3 is dealt first
    GAME.replay(rec)
    five = copy.deepcopy(rec)
    five["deal"]["hands"].append([])
    assert invalid(five) == "wrong_card_count"
    eights = copy.deepcopy(rec)
    eights["deal"]["hands"] = [h[:8] for h in rec["deal"]["hands"]]
    assert invalid(eights) == "wrong_card_count"


def test_e12_three_players():
    from service.rules.cards import names
    from service.rules.shuffle import shuffled
    rec = GAME.deal("e12", {"players": 3}, 0, None)
    cards = names(shuffled(GAME.pack({}).order, "e12"))
    assert rec["deal"]["hands"][1] == [cards[i] for i in range(0, 40, 3)]
    assert [len(h) for h in rec["deal"]["hands"]] == [13, 14, 13]
    GAME.replay(rec)
    bad = copy.deepcopy(rec)
    h = bad["deal"]["hands"]
    h[0], h[1] = h[1], h[0]  # seat 0 gets the 14 cards
    assert invalid(bad) == "wrong_card_count"


def test_deal_with_wrong_number_of_hands_is_invalid():
    assert invalid(e1(deal={"hands": E1_HANDS[:4]})) == "wrong_card_count"


def test_deal_with_a_card_twice_is_invalid():
    hands = copy.deepcopy(E1_HANDS)
    hands[0][0] = "6D"
    assert invalid(e1(deal={"hands": hands})) == "duplicate_card"


def test_deal_card_strings_checked_before_duplicates_before_counts():
    hands = copy.deepcopy(E1_HANDS)
    hands[0][0] = "6D"          # duplicate
    hands[1].append("8S")       # unknown card (and a wrong count)
    assert invalid(e1(deal={"hands": hands})) == "unknown_card"
    hands[1][-1] = "KD"         # duplicate too, and wrong count
    assert invalid(e1(deal={"hands": hands})) == "duplicate_card"


@pytest.mark.parametrize("deal", [None, [], {"hands": None}, {"hands": "x"},
                                  {"hands": E1_HANDS, "stock": []}])
def test_malformed_deal_is_invalid(deal):
    assert invalid(e1(deal=deal)) in ("bad_deal", "invalid_record")


def test_null_card_outside_a_view_is_invalid():
    hands = copy.deepcopy(E1_HANDS)
    hands[2][0] = None
    assert invalid(e1(deal={"hands": hands})) == "hidden_card"


@pytest.mark.parametrize("dealer", [5, -1, "0", None, 1.0, True])
def test_dealer_must_be_a_seat(dealer):
    assert invalid(e1(dealer=dealer)) == "bad_seat"


def test_dealer_is_whatever_the_client_sends():
    rec = GAME.deal("x", {}, 3, None)
    assert rec["dealer"] == 3
    assert GAME.replay(rec).dealer == 3


def test_deal_request_checks_options_dealer_and_match():
    with pytest.raises(InvalidRecord):
        GAME.deal("x", {"players": 7}, 0, None)
    with pytest.raises(InvalidRecord):
        GAME.deal("x", {"players": 3}, 3, None)
    with pytest.raises(InvalidRecord) as err:
        GAME.deal("x", {}, 0, {"chips": [0, 1, 1, 1, 1]})
    assert err.value.reason == "match_already_over"
    rec = GAME.deal("x", {"start_chips": 15, "players": 4}, 0, {"hand_number": 3})
    assert rec["match"] == {"chips": [15] * 4, "hand_number": 3}


def test_deal_without_a_seed_draws_one_and_is_reproducible():
    rec = GAME.deal(None, {}, 0, None)
    assert isinstance(rec["seed"], str)
    assert GAME.deal(rec["seed"], {}, 0, None)["deal"] == rec["deal"]


# --- match object -------------------------------------------------------------------------------

def test_match_absent_means_start_chips_and_hand_one():
    hand = GAME.replay(e1(options={"start_chips": 12}))
    assert hand.match == {"chips": [12] * 5, "hand_number": 1}
    assert hand.state()["chips"] == [12] * 5
    assert GAME.replay(e1(match=None)).match == {"chips": [10] * 5, "hand_number": 1}


@pytest.mark.parametrize("chips", [[0, 5, 5, 5, 5], [5, 5, -1, 5, 5]])
def test_match_with_a_player_at_zero_is_already_over(chips):
    assert invalid(e1(match={"chips": chips, "hand_number": 2})) == "match_already_over"


@pytest.mark.parametrize("match", [{"chips": [5, 5, 5, 5]}, {"chips": None}, {"chips": "x"},
                                   {"chips": [5, 5, 5, 5, 5.0]}, {"hand_number": 0},
                                   {"hand_number": None}, {"scores": [1] * 5}, []])
def test_malformed_match_is_invalid(match):
    assert invalid(e1(match=match)) == "bad_match"


# --- moves: shape -------------------------------------------------------------------------------

def test_e6_card_not_in_pack_inside_a_move_makes_the_record_invalid():
    assert invalid(e1(E3_MOVES + [{"seat": 2, "type": "play", "card": "8D"}])) == "unknown_card"
    # wherever it stands: even as the very first move
    assert invalid(e1([{"seat": 2, "type": "play", "card": "8D"}])) == "unknown_card"


@pytest.mark.parametrize("move", [{"seat": 1, "type": "play"}, {"seat": 1, "type": "play", "card": None},
                                  {"seat": 1, "type": "play", "card": 6},
                                  {"seat": 1, "type": "discard", "card": "6D"},
                                  {"seat": 5, "type": "pass"}, {"seat": "1", "type": "pass"},
                                  {"type": "pass"}, {"seat": 1, "type": "PASS"},
                                  {"seat": 1, "type": "pass", "card": "6D"}, "pass", None])
def test_malformed_moves_make_the_record_invalid(move):
    assert invalid(e1([move])) in ("bad_move", "bad_seat", "unknown_card")


@pytest.mark.parametrize("moves", [None, {}, "x"])
def test_moves_must_be_a_list(moves):
    rec = e1()
    rec["moves"] = moves
    assert invalid(rec) == "bad_moves"


def test_moves_may_be_absent():
    rec = e1()
    del rec["moves"]
    assert GAME.replay(rec).state()["to_act"] == 1


def test_illegal_move_reported_before_a_malformed_move_after_it():
    with pytest.raises(IllegalMove) as err:
        GAME.replay(e1([play(1, "6D"), play(2, "5H"), {"seat": 9, "type": "pass"}]))
    assert (err.value.reason, err.value.move_index) == ("card_not_playable", 1)


# --- E2: the opening ----------------------------------------------------------------------------

def test_e2_the_opening():
    st = state(e1())
    assert st["phase"] == "playing" and st["to_act"] == 1
    assert st["legal_moves"] == [{"seat": 1, "type": "play", "card": "6D"}]
    assert reason(e1(), play(1, "5S")) == "must_start_with_6d"
    assert reason(e1(), pas(1)) == "must_start_with_6d"
    assert reason(e1(), play(0, "3C")) == "not_your_turn"
    assert reason(e1(), play(1, "6D")) is None


def test_opening_6d_is_compulsory_even_with_voluntary_pass():
    rec = e1(options={"voluntary_pass": True})
    assert state(rec)["legal_moves"] == [{"seat": 1, "type": "play", "card": "6D"}]
    assert reason(rec, pas(1)) == "must_start_with_6d"


def test_opening_with_another_six_is_refused():
    hands = copy.deepcopy(E1_HANDS)
    assert "6S" in hands[3]
    hands[1][0], hands[3][3] = hands[3][3], hands[1][0]  # seat 1 holds 6S and 6D
    assert reason(e1(deal={"hands": hands}), play(1, "6S")) == "must_start_with_6d"


def test_who_dealt_does_not_change_who_opens():
    for dealer in range(5):
        rec = GAME.deal("opener", {}, dealer, None)
        holder = next(s for s, h in enumerate(rec["deal"]["hands"]) if "6D" in h)
        assert state(rec)["to_act"] == holder


# --- E3: first turns ----------------------------------------------------------------------------

def test_e3_first_turns():
    st = state(e1(E3_MOVES[:1]))
    assert st["to_act"] == 2 and st["legal_moves"] == [play(2, "6H")]
    assert st["layout"] == {"S": None, "H": None, "D": {"low": "6D", "high": "6D"}, "C": None}
    st = state(e1(E3_MOVES[:2]))
    assert st["to_act"] == 3 and cards_of(st["legal_moves"]) == ["6C", "6S", "7H"]
    assert len(st["legal_moves"]) == 3
    st = state(e1(E3_MOVES[:3]))
    assert st["to_act"] == 4 and st["legal_moves"] == [play(4, "5D")]
    st = state(e1(E3_MOVES[:4]))
    assert st["to_act"] == 0 and st["legal_moves"] == [pas(0)]
    assert reason(e1(E3_MOVES[:4]), play(0, "4H")) == "card_not_playable"
    st = state(e1(E3_MOVES))
    assert st["pot"] == 1 and st["chips"] == [9, 10, 10, 10, 10]
    assert st["to_act"] == 1 and st["legal_moves"] == [play(1, "7D")]
    assert st["layout"] == {"S": None, "H": {"low": "6H", "high": "7H"},
                            "D": {"low": "5D", "high": "6D"}, "C": None}
    assert st["tricks"] == [] and st["result"] is None and st["phase"] == "playing"
    assert st["hand_sizes"] == [8, 7, 7, 7, 7]


def test_legal_moves_listing_is_hand_order_then_pass():
    st = state(e1(E3_MOVES[:2]))
    assert st["legal_moves"] == [play(3, "6C"), play(3, "7H"), play(3, "6S")]
    st = state(e1(E3_MOVES[:2], options={"voluntary_pass": True}))
    assert st["legal_moves"] == [play(3, "6C"), play(3, "7H"), play(3, "6S"), pas(3)]


def test_state_hands_are_current_holdings_in_dealt_order():
    st = state(e1(E3_MOVES))
    assert st["hands"][1] == ["5S", "AD", "QH", "4C", "7D", "3H", "2D"]
    assert st["hands"][0] == E1_HANDS[0]


# --- E4: must play ------------------------------------------------------------------------------

def test_e4_must_play():
    assert reason(e1(E3_MOVES), pas(1)) == "must_play"
    rec = e1(E3_MOVES, options={"voluntary_pass": True})
    assert reason(rec, pas(1)) is None
    assert pas(1) in state(rec)["legal_moves"]
    st = state(e1(E3_MOVES + [pas(1)], options={"voluntary_pass": True}))
    assert st["pot"] == 2 and st["chips"] == [9, 9, 10, 10, 10] and st["to_act"] == 2


def test_turn_passes_to_the_next_seat_after_a_pass_or_a_play():
    assert state(e1(E3_MOVES[:4]))["to_act"] == 0
    assert state(e1(E3_MOVES))["to_act"] == 1


def test_not_your_turn_before_the_moves_own_checks():
    assert reason(e1(E3_MOVES), play(2, "KH")) == "not_your_turn"
    assert reason(e1(E3_MOVES), pas(3)) == "not_your_turn"


def test_card_not_in_hand():
    assert reason(e1(E3_MOVES), play(1, "4D")) == "card_not_in_hand"   # seat 3 holds it
    assert reason(e1(E3_MOVES), play(1, "6D")) == "card_not_in_hand"   # already played


def test_card_not_in_hand_checked_before_card_not_playable():
    assert reason(e1(E3_MOVES), play(1, "KS")) == "card_not_in_hand"


def test_record_with_an_illegal_move_reports_its_index():
    with pytest.raises(IllegalMove) as err:
        GAME.replay(e1(E3_MOVES + [pas(1)]))
    assert (err.value.reason, err.value.move_index) == ("must_play", 5)
    with pytest.raises(IllegalMove) as err:
        GAME.replay(e1([play(0, "3C")]))
    assert (err.value.reason, err.value.move_index) == ("not_your_turn", 0)


# --- E5: building past the seven ----------------------------------------------------------------

# A crafted deal (dealer 0): seat 0 holds only aces and twos, so he can never play early.
CRAFTED = [["AS", "2S", "AH", "2H", "AD", "2D", "AC", "2C"],
           ["6D", "3S", "3H", "3D", "3C", "4S", "4H", "4D"],
           ["6H", "4C", "5S", "5H", "5D", "5C", "7S", "7H"],
           ["7D", "6S", "7C", "JS", "JH", "JD", "JC", "KC"],
           ["6C", "QS", "QH", "QD", "QC", "KS", "KH", "KD"]]
CRAFTED_MOVES = [play(1, "6D"), play(2, "5D"), play(3, "7D"), play(4, "6C"), pas(0),
                 play(1, "4D"), play(2, "6H"), play(3, "JD"), play(4, "QD"), pas(0)]


def crafted(moves=(), **over):
    return e1(moves, deal={"hands": copy.deepcopy(CRAFTED)}, **over)


def test_e5_building_past_the_seven():
    rec = crafted(CRAFTED_MOVES[:3])
    hand = GAME.replay(rec)
    assert hand.layout()["D"] == {"low": "5D", "high": "7D"}
    from service.rules.cards import lookup
    playable = [r + "D" for r in "A234567JQK" if hand.playable >> lookup(r + "D") & 1]
    assert playable == ["4D", "JD"]
    st = hand.state()
    assert st["to_act"] == 4 and st["legal_moves"] == [play(4, "6C")]
    assert reason(rec, play(4, "QD")) == "card_not_playable"
    rec = crafted(CRAFTED_MOVES[:8])
    assert state(rec)["layout"]["D"] == {"low": "4D", "high": "JD"}
    assert reason(rec, play(4, "QD")) is None
    st = state(crafted(CRAFTED_MOVES[:9]))
    assert st["layout"]["D"] == {"low": "4D", "high": "QD"}


def test_e5_from_e1_diamonds_4d_and_jd():
    hand = GAME.replay(e1(E3_MOVES + [play(1, "7D")]))
    assert hand.layout()["D"] == {"low": "5D", "high": "7D"}
    from service.rules.cards import lookup
    assert [r for r in "A234567JQK" if hand.playable >> lookup(r + "D") & 1] == ["4", "J"]
    # seat 0 holds QD: not playable on 5D-7D
    assert hand.check_move({"seat": 0, "type": "play", "card": lookup("QD")})[0] == "card_not_playable"


def test_e5_a_complete_row_takes_no_more_cards():
    hand = GAME.replay(e1())
    from service.rules.cards import lookup
    hand.low[1], hand.high[1] = 0, 9  # hearts A..K complete
    hand.playable &= ~sum(1 << lookup(r + "H") for r in "A234567JQK")
    assert not any(hand.playable >> lookup(r + "H") & 1 for r in "A234567JQK")


def test_rows_grow_to_ace_and_king_and_then_close():
    from service.rules.games.sixes import SixesHand, SIXES_MASK
    from service.rules.cards import lookup
    hand = GAME.replay(e1())
    for r in "65432A":
        hand._lay(lookup(r + "H"))
    assert hand.layout()["H"] == {"low": "AH", "high": "6H"}
    assert hand.playable >> lookup("7H") & 1 and not hand.playable & (1 << lookup("AH"))
    for r in "7JQK":
        hand._lay(lookup(r + "H"))
    assert hand.layout()["H"] == {"low": "AH", "high": "KH"}
    assert not any(hand.playable >> lookup(r + "H") & 1 for r in "A234567JQK")
    assert isinstance(hand, SixesHand) and SIXES_MASK


def test_a_six_starts_a_row_only_for_its_own_suit():
    st = state(e1(E3_MOVES[:2]))
    assert st["layout"]["H"] == {"low": "6H", "high": "6H"}
    assert reason(e1(E3_MOVES[:2]), play(3, "6C")) is None
    assert reason(e1(E3_MOVES[:2]), play(3, "2C")) == "card_not_playable"


# --- round end, pot and settlement from a played record -----------------------------------------

def _play_out(record, choose=lambda moves: moves[0]):
    hand = GAME.replay(record)
    while hand.phase != "done":
        moves = hand.legal_moves()
        move = GAME.parse_move(choose(moves), hand.n, hand.pack, None, "m")
        hand.play(move, len(hand.moves))
        record["moves"].append(GAME.write_move(move))
    return hand


def test_round_ends_when_a_player_plays_his_last_card_and_he_takes_the_pot():
    rec = e1()
    hand = _play_out(rec)
    res = hand.result
    winner = res["round_winner"]
    assert hand.holdings.size(winner) == 0
    assert all(hand.holdings.size(s) > 0 for s in range(5) if s != winner)
    st = hand.state()
    assert st["phase"] == "done" and st["to_act"] is None and st["legal_moves"] == []
    assert st["pot"] == 0 and res["pot"] == sum(res["passes"]) - sum(res["unpaid_passes"])
    assert st["chips"] == res["chips"] and sum(res["chips"]) == 50
    expect = settle([10] * 5, res["passes"], winner)
    assert res["deltas"] == expect["deltas"] and res["chips"] == expect["chips"]
    assert res["next_dealer"] == 1  # E13: the opener deals next
    assert res["winner"] is None and res["winners"] == [] and res["match_over"] is False
    assert set(res) >= {"round_winner", "pot", "passes", "unpaid_passes", "deltas", "chips",
                        "match_over", "winner", "winners", "next_dealer"}
    # hand over: any further move is refused first with hand_over
    assert reason(rec, pas(0)) == "hand_over"
    assert reason(rec, play(winner, "6D")) == "hand_over"
    # the move events: the last move reports hand_over with the result
    last = rec["moves"].pop()
    h = GAME.replay(rec)
    events = h.play(GAME.parse_move(last, 5, h.pack, None, "m"), len(rec["moves"]))
    assert events == [{"type": "hand_over", "result": res, "index": len(rec["moves"])}]


def test_e13_next_dealer_is_the_opener_whatever_the_outcome():
    for pick in (0, -1):
        rec = e1()
        hand = _play_out(rec, lambda moves: moves[pick])
        assert hand.result["next_dealer"] == 1
    for dealer in range(5):
        rec = GAME.deal("e13", {}, dealer, None)
        opener = state(rec)["to_act"]
        assert _play_out(rec).result["next_dealer"] == opener


def test_match_over_event_when_a_round_leaves_someone_at_zero():
    # seat 0 has one chip: E3 puts him at 0; then play out with seat 0 never winning
    rec = e1(E3_MOVES, match={"chips": [1, 5, 5, 5, 5], "hand_number": 4})
    hand = GAME.replay(rec)
    while hand.phase != "done":
        moves = hand.legal_moves()
        move = GAME.parse_move(moves[0], 5, hand.pack, None, "m")
        events = hand.play(move, len(hand.moves))
    res = hand.result
    if res["round_winner"] != 0:
        assert res["chips"][0] == 0 and res["match_over"]
        assert [e["type"] for e in events] == ["hand_over", "match_over"]
        assert events[1]["winner"] == res["winner"]
        best = max(res["chips"])
        assert res["winners"] == [s for s in range(5) if res["chips"][s] == best]


def test_e14_free_passes():
    match = {"chips": [1, 5, 5, 5, 5], "hand_number": 2}
    st = state(crafted(CRAFTED_MOVES[:5], match=match))
    assert st["chips"] == [0, 5, 5, 5, 5] and st["pot"] == 1
    assert state(crafted(CRAFTED_MOVES[:9], match=match))["legal_moves"] == [pas(0)]
    hand = GAME.replay(crafted(CRAFTED_MOVES, match=match))
    assert hand.chips == [0, 5, 5, 5, 5] and hand.pot == 1
    assert hand.passes[0] == 2 and hand.unpaid[0] == 1
    assert hand.phase == "playing" and hand.to_act == 1   # seat 0 keeps playing


def test_e14_free_passes_settle_in_the_result():
    match = {"chips": [1, 5, 5, 5, 5], "hand_number": 2}
    rec = crafted(CRAFTED_MOVES, match=match)
    hand = _play_out(rec)
    res = hand.result
    assert res["passes"][0] >= 2 and res["unpaid_passes"][0] == res["passes"][0] - 1
    assert res["chips"] == settle([1, 5, 5, 5, 5], res["passes"], res["round_winner"])["chips"]
    assert sum(res["chips"]) == 21


def test_next_match_carries_chips_and_hand_number():
    rec = e1()
    hand = _play_out(rec)
    nxt = GAME.next_match(hand.match, hand.result, hand)
    assert nxt == {"chips": hand.result["chips"], "hand_number": 2}
    assert GAME.next_dealer(hand.result, hand) == 1


# --- E7-E10: settlement -------------------------------------------------------------------------

def test_e7_settlement():
    out = settle([10] * 5, [2, 0, 3, 1, 0], 1)
    assert out["paid"] == [2, 0, 3, 1, 0] and out["pot"] == 6
    assert out["deltas"] == [-2, 6, -3, -1, 0] and out["chips"] == [8, 16, 7, 9, 10]
    assert (out["match_over"], out["winner"], out["winners"]) == (False, None, [])


def test_e8_a_player_runs_out():
    out = settle([1, 5, 5, 5, 5], [3, 0, 0, 0, 1], 4)
    assert out["paid"] == [1, 0, 0, 0, 1] and out["unpaid_passes"] == [2, 0, 0, 0, 0]
    assert out["pot"] == 2 and out["chips"] == [0, 5, 5, 5, 6]
    assert (out["match_over"], out["winner"], out["winners"]) == (True, 4, [4])


def test_e9_out_of_chips_then_wins_the_round():
    out = settle([2, 6, 6, 6, 5], [3, 1, 1, 0, 0], 0)
    assert out["paid"][0] == 2 and out["unpaid_passes"][0] == 1
    assert out["pot"] == 4 and out["chips"] == [4, 5, 5, 6, 5]
    assert (out["match_over"], out["winner"], out["winners"]) == (False, None, [])


def test_e10_shared_win():
    out = settle([1, 7, 7, 5, 5], [1, 0, 0, 0, 0], 3)
    assert out["pot"] == 1 and out["chips"] == [0, 7, 7, 6, 5]
    assert (out["match_over"], out["winner"], out["winners"]) == (True, None, [1, 2])


def test_chips_are_conserved_by_settlement():
    import random
    rng = random.Random(6)
    for _ in range(300):
        n = rng.choice((3, 4, 5))
        chips = [rng.randint(1, 12) for _ in range(n)]
        passes = [rng.randint(0, 6) for _ in range(n)]
        out = settle(chips, passes, rng.randrange(n))
        assert sum(out["chips"]) == sum(chips) and sum(out["deltas"]) == 0
        assert min(out["chips"]) >= 0


# --- API bodies: the calculators ----------------------------------------------------------------

SCORE_EXAMPLES = [
    ({"options": {}, "chips": [10, 10, 10, 10, 10], "passes": [2, 0, 3, 1, 0], "round_winner": 1},
     {"pot": 6, "deltas": [-2, 6, -3, -1, 0], "chips": [8, 16, 7, 9, 10],
      "match_over": False, "winner": None, "winners": []}),
    ({"options": {}, "chips": [1, 5, 5, 5, 5], "passes": [3, 0, 0, 0, 1], "round_winner": 4},
     {"pot": 2, "deltas": [-1, 0, 0, 0, 1], "chips": [0, 5, 5, 5, 6], "match_over": True,
      "winner": 4, "winners": [4]}),
    ({"options": {}, "chips": [1, 7, 7, 5, 5], "passes": [1, 0, 0, 0, 0], "round_winner": 3},
     {"pot": 1, "deltas": [-1, 0, 0, 1, 0], "chips": [0, 7, 7, 6, 5], "match_over": True,
      "winner": None, "winners": [1, 2]}),
]


@pytest.mark.parametrize("body,expected", SCORE_EXAMPLES, ids=["E7", "E8", "E10"])
def test_api_score_examples(body, expected):
    out = GAME.score(copy.deepcopy(body))
    assert {k: out[k] for k in expected} == expected


def test_api_score_e9():
    out = GAME.score({"chips": [2, 6, 6, 6, 5], "passes": [3, 1, 1, 0, 0], "round_winner": 0})
    assert out["pot"] == 4 and out["chips"] == [4, 5, 5, 6, 5] and out["match_over"] is False
    assert out["unpaid_passes"] == [1, 0, 0, 0, 0] and out["round_winner"] == 0


def test_api_score_match_example():
    body = {"options": {"players": 4}, "chips": [3, 3, 3, 3],
            "hands": [{"passes": [1, 2, 0, 1], "round_winner": 2},
                      {"passes": [0, 2, 1, 3], "round_winner": 0},
                      {"passes": [2, 0, 0, 0], "round_winner": 1}]}
    expected = {"running_chips": [[2, 1, 7, 2], [6, 0, 6, 0]], "chips": [6, 0, 6, 0],
                "over_after_hand": 1, "winner": None, "winners": [0, 2]}
    out = GAME.score_match(body)
    assert {k: out[k] for k in expected} == expected


def test_api_score_match_goes_on():
    out = GAME.score_match({"hands": [{"passes": [1, 0, 0, 0, 0], "round_winner": 1}]})
    assert out["running_chips"] == [[9, 11, 10, 10, 10]] and out["over_after_hand"] is None
    assert out["winner"] is None and out["winners"] == []
    out = GAME.score_match({"options": {"players": 3, "start_chips": 2}, "hands": []})
    assert out["chips"] == [2, 2, 2] and out["running_chips"] == []


def test_api_score_match_single_winner():
    out = GAME.score_match({"options": {"players": 3}, "chips": [1, 2, 3],
                            "hands": [{"passes": [1, 0, 0], "round_winner": 2},
                                      {"passes": [9, 9, 9], "round_winner": 0}]})
    assert out["over_after_hand"] == 0 and out["winner"] == 2 and out["winners"] == [2]
    assert out["chips"] == [0, 2, 4] and len(out["running_chips"]) == 1


def test_api_score_defaults_chips_to_start_chips():
    out = GAME.score({"options": {"start_chips": 3, "players": 3}, "passes": [4, 0, 0],
                      "round_winner": 1})
    assert out["chips"] == [0, 6, 3] and out["winner"] == 1 and out["match_over"]


@pytest.mark.parametrize("body", [
    {"passes": [0] * 5},                                    # no round_winner
    {"round_winner": 0},                                    # no passes
    {"passes": [0] * 4, "round_winner": 0},                 # wrong length
    {"passes": [0, 0, 0, 0, -1], "round_winner": 0},        # negative
    {"passes": [0] * 5, "round_winner": 5},                 # not a seat
    {"passes": [0] * 5, "round_winner": 0, "chips": [0, 1, 1, 1, 1]},   # already over
    {"passes": [0] * 5, "round_winner": 0, "chips": [1, 1, 1, 1]},
    {"passes": [0] * 5, "round_winner": 0, "options": {"players": 9}},
    [],
])
def test_api_score_rejects_bad_bodies(body):
    with pytest.raises(InvalidRecord):
        GAME.score(body)


@pytest.mark.parametrize("body", [{}, {"hands": None}, {"hands": [None]},
                                  {"hands": [{"passes": [0] * 5}]},
                                  {"hands": [{"passes": [0] * 5, "round_winner": 7}]},
                                  {"hands": [], "chips": [0] * 5}])
def test_api_score_match_rejects_bad_bodies(body):
    with pytest.raises(InvalidRecord):
        GAME.score_match(body)


def test_trick_winner_and_bids_validate_do_not_apply():
    with pytest.raises(NotApplicable) as err:
        GAME.trick_winner({})
    assert err.value.code == "not_found"
    with pytest.raises(NotApplicable) as err:
        GAME.validate_bid({})
    assert err.value.code == "not_found"


# --- views --------------------------------------------------------------------------------------

def test_view_hides_other_hands_but_keeps_their_sizes():
    view = GAME.view(e1(E3_MOVES), 3)
    assert view["viewer"] == 3 and "seed" not in view
    assert view["deal"]["hands"][3] == E1_HANDS[3]
    for s in (0, 1, 2, 4):
        assert view["deal"]["hands"][s] == [None] * 8
    assert view["moves"] == E3_MOVES  # every move is public
    st = GAME.replay(view).state()
    full = state(e1(E3_MOVES))
    for key in ("layout", "pot", "chips", "hand_sizes", "to_act", "phase", "tricks"):
        assert st[key] == full[key]
    assert st["legal_moves"] is None  # viewer 3 is not to act
    assert st["hands"][3] == full["hands"][3] and st["hands"][0] == [None] * 8


def test_view_of_the_seat_to_act_lists_the_same_moves():
    view = GAME.view(e1(E3_MOVES), 1)
    assert GAME.replay(view).state()["legal_moves"] == state(e1(E3_MOVES))["legal_moves"]


def test_view_refuses_what_the_viewer_knows_is_wrong():
    view = GAME.view(e1(E3_MOVES), 1)
    assert reason(view, pas(1)) == "must_play"
    assert reason(view, play(1, "5S")) == "card_not_playable"
    assert reason(view, play(1, "4D")) == "card_not_in_hand"
    view = GAME.view(e1(E3_MOVES + [play(1, "7D")]), 0)
    assert reason(view, play(2, "3C")) == "card_not_in_hand"   # seat 0 holds 3C
    assert reason(view, play(2, "7D")) == "card_not_in_hand"   # already played
    assert reason(view, play(2, "KD")) == "card_not_in_hand"   # seat 0 holds KD
    assert reason(view, play(2, "JD")) is None                 # may be seat 2's
    assert reason(view, pas(2)) is None                        # seat 2's hand unknown
    assert reason(view, play(2, "QH")) == "card_not_playable"


def test_view_of_a_view_for_the_same_seat_and_not_another():
    view = GAME.view(e1(E3_MOVES), 2)
    assert GAME.view(view, 2) == view
    with pytest.raises(InvalidRecord) as err:
        GAME.view(view, 3)
    assert err.value.reason == "view_incomplete"


def test_view_without_the_viewers_cards_is_incomplete():
    view = GAME.view(e1(), 2)
    view["deal"]["hands"][2][0] = None
    assert invalid(view) == "view_incomplete"


def test_view_keeps_counts_checked():
    view = GAME.view(e1(), 2)
    view["deal"]["hands"][0] = [None] * 7
    assert invalid(view) == "wrong_card_count"


def test_view_before_the_opening_by_a_seat_without_6d():
    view = GAME.view(e1(), 0)
    st = GAME.replay(view).state()
    assert st["phase"] == "playing" and st["to_act"] is None and st["legal_moves"] is None
    assert reason(view, play(0, "3C")) == "not_your_turn"
    assert reason(view, pas(3)) == "must_start_with_6d"
    assert reason(view, play(3, "6S")) == "must_start_with_6d"
    assert reason(view, play(3, "6D")) is None      # seat 3 might hold it
    view["moves"] = [play(1, "6D")]
    st = GAME.replay(view).state()
    assert st["to_act"] == 2 and st["hand_sizes"] == [8, 7, 8, 8, 8]


def test_view_of_the_opener_before_the_opening():
    view = GAME.view(e1(), 1)
    st = GAME.replay(view).state()
    assert st["to_act"] == 1 and st["legal_moves"] == [play(1, "6D")]


def test_view_of_a_finished_round_reports_the_same_result():
    rec = e1()
    hand = _play_out(rec)
    for seat in range(5):
        st = GAME.replay(GAME.view(rec, seat)).state()
        assert st["result"] == hand.result and st["legal_moves"] == []


def test_null_viewer_field_is_a_bad_seat():
    rec = e1()
    rec["viewer"] = 7
    assert invalid(rec) == "bad_seat"


# --- misc record rules --------------------------------------------------------------------------

def test_record_of_another_game_is_invalid():
    assert invalid(e1(game="buck-euchre")) == "wrong_game"


def test_unknown_record_field_is_invalid():
    assert invalid(e1(extra=1)) == "unknown_field"


def test_record_round_trips_canonically():
    rec = e1(E3_MOVES)
    assert GAME.replay(rec).to_record() == {**rec, "options": {"players": 5, "start_chips": 10,
                                                               "voluntary_pass": False},
                                            "match": {"chips": [10] * 5, "hand_number": 1}}


def test_api_score_match_ignores_rounds_after_the_end():
    out = GAME.score_match({"options": {"players": 3}, "chips": [1, 2, 3],
                            "hands": [{"passes": [1, 0, 0], "round_winner": 2}, "junk"]})
    assert out["over_after_hand"] == 0 and out["chips"] == [0, 2, 4]


@pytest.mark.parametrize("hand", ["", "6D", {"6D": 1}, {}, 5, None])
def test_a_hand_that_is_not_a_list_is_invalid(hand):
    hands = copy.deepcopy(E1_HANDS)
    hands[0] = hand
    assert invalid(e1(deal={"hands": hands})) in ("invalid_record", "bad_deal")


def test_move_fast_path_agrees_with_the_core_checks():
    from service.rules.game import Game
    samples = [play(1, "6D"), play(1, "6d"), play(1, "jd"), pas(1), play(True, "6D"),
               {"seat": 1, "type": "play", "card": "6D", "x": 1}, {"seat": 1, "type": "pass", "x": 1},
               {"seat": 1, "type": "play", "card": ["6D"]}, {"seat": 1, "type": "play", "card": "6\u017f"},
               {"seat": 1, "type": "play", "card": "10D"}, {"seat": 5, "type": "pass"}]
    pack = GAME.pack({})
    for raw in samples:
        def run(parse):
            try:
                return parse(raw, 5, pack, None, "m")
            except InvalidRecord as exc:
                return exc.reason
        assert run(GAME.parse_move) == run(lambda *a: Game.parse_move(GAME, *a)), raw
