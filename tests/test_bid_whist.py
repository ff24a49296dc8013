"""Bid Whist rules (shared/rules/bid-whist.md): deal, record checks, auction, declaring, kitty,
trick play, scoring, views and every worked example with the document's exact numbers."""

from __future__ import annotations

import copy

import pytest

from service.rules.cards import lookup, mask_of, names
from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games import get
from service.rules.games.bid_whist import GAME, PACK, legal_mask, ranking_for

ORDER = """2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD
2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC
BJ RJ""".split()

# E10's deal
E10_DEAL = {"hands": [["RJ", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"],
                      ["7H", "3H", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
                      ["2H", "AH", "QC", "KC", "AC", "2D", "3D", "4D", "5D", "6D", "7D", "8D"],
                      ["BJ", "KH", "9D", "TD", "JD", "QD", "KD", "AD", "4H", "5H", "6H", "8H"]],
            "kitty": ["2S", "3S", "9H", "TH", "JH", "QH"]}

# A deal built so that seat 0 bidding 3 downtown in spades takes exactly 8 tricks (9 books):
# the result object of the document ("Result object").
RESULT_DEAL = {"hands": [["RJ", "BJ", "AS", "2S", "3S", "4S", "5S", "6S", "KH", "QH", "JH", "TH"],
                         ["KS", "AH", "2H", "3H", "4H", "5H", "2D", "3D", "4D", "5D", "6D", "7D"],
                         ["8D", "9D", "TD", "JD", "QD", "KD", "AD", "2C", "3C", "4C", "5C", "6C"],
                         ["6H", "7H", "8H", "9H", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"]],
               "kitty": ["7S", "8S", "9S", "TS", "JS", "QS"]}
RESULT_TRICKS = [  # cards in play order; seats follow from the leader
    "KH AH 8D 6H", "2H 9D 7H QH", "3H TD 8H JH", "4H JD 9H TH", "5H QD 7C RJ",
    "BJ KS KD 8C", "AS 2D AD 9C", "2S 3D 2C TC", "3S 4D 3C JC", "4S 5D 4C QC",
    "5S 6D 5C KC", "6S 7D 6C AC"]


def record(deal=None, moves=(), options=None, dealer=3, match=None, **extra):
    out = {"game": "bid-whist", "options": options or {}, "dealer": dealer,
           "deal": copy.deepcopy(deal or E10_DEAL), "moves": [dict(m) for m in moves]}
    if match is not None:
        out["match"] = match
    out.update(extra)
    return out


def bid(seat, level, mode):
    return {"seat": seat, "type": "bid", "level": level, "mode": mode}


def pas(seat):
    return {"seat": seat, "type": "pass"}


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def trump(seat, suit):
    return {"seat": seat, "type": "name_trump", "suit": suit}


def direction(seat, d):
    return {"seat": seat, "type": "choose_direction", "direction": d}


def reason_of(rec, move):
    """The refusal reason of ``move`` after ``rec`` (None when legal)."""
    hand = GAME.replay(rec)
    parsed = GAME.parse_move(move, 4, PACK, hand.viewer, "move")
    refusal = hand.check(parsed)
    return refusal and refusal[0]


def state(rec):
    return GAME.replay(rec).state()


def invalid(rec):
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(rec)
    return err.value.reason


def full_moves(rec, tricks):
    """``rec``'s moves plus the plays of ``tricks``, each card by the seat the referee says acts."""
    hand = GAME.replay(rec)
    moves = list(rec["moves"])
    for trick in tricks:
        for card in trick.split():
            move = play(hand.to_act, card)
            hand.play(GAME.parse_move(move, 4, PACK, None, "m"), len(moves))
            moves.append(move)
    return moves


# --- the pack and the deal ----------------------------------------------------------------------

def test_pack_is_54_cards_in_canonical_order():
    assert names(PACK.order) == ORDER
    assert PACK.size == 54
    assert GAME.catalogue()["id"] == "bid-whist"
    assert get("bid-whist") is GAME


def test_E1_seeded_deal():
    rec = GAME.deal("doc-example-1", {}, 0, None)
    assert rec["deal"] == {
        "hands": [["QS", "8C", "TD", "JC", "6H", "3C", "3D", "8D", "3S", "5C", "7C", "2S"],
                  ["9S", "4C", "9C", "2D", "6S", "4S", "3H", "5S", "QH", "RJ", "KD", "QC"],
                  ["JD", "8S", "BJ", "KC", "KH", "AH", "6C", "AD", "TH", "5H", "2H", "5D"],
                  ["6D", "JS", "2C", "7D", "AS", "JH", "4D", "9H", "TS", "7H", "AC", "9D"]],
        "kitty": ["QD", "KS", "7S", "8H", "TC", "4H"]}
    assert rec["match"] == {"scores": [0, 0], "hand_number": 1}
    assert rec["options"]["target"] == 7 and rec["options"]["kitty"] == "book"
    assert rec["seed"] == "doc-example-1" and rec["moves"] == []


def test_deal_goes_one_card_at_a_time_from_the_dealers_left():
    from service.rules.shuffle import shuffled
    cards = names(shuffled(PACK.order, "x"))
    for dealer in range(4):
        deal = GAME.deal("x", {}, dealer, None)["deal"]
        for i in range(48):
            seat = (dealer + 1 + i) % 4
            assert deal["hands"][seat][i // 4] == cards[i]
        assert deal["kitty"] == cards[48:]


def test_deal_is_replayable_and_bidding_starts_left_of_dealer():
    rec = GAME.deal("abc", {"kitty": "exchange"}, 2, {"scores": [3, -2]})
    st = state(rec)
    assert st["phase"] == "bidding" and st["to_act"] == 3
    assert rec["match"] == {"scores": [3, -2], "hand_number": 1}


def test_input_cards_may_be_lower_case_and_ten_output_canonical():
    deal = copy.deepcopy(E10_DEAL)
    deal["hands"][0][5] = "10s"
    deal["hands"][3][0] = "bj"
    rec = record(deal, [bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "uptown"),
                        {"seat": 0, "type": "play", "card": "10s"}])
    hand = GAME.replay(rec)
    out = hand.to_record()
    assert out["deal"]["hands"][0][5] == "TS" and out["deal"]["hands"][3][0] == "BJ"
    assert out["moves"][-1]["card"] == "TS"


# --- record validation ----------------------------------------------------------------------------

@pytest.mark.parametrize("mutate, reason", [
    (lambda r: r["deal"]["hands"][0].pop(), "wrong_card_count"),
    (lambda r: r["deal"]["kitty"].pop(), "wrong_card_count"),
    (lambda r: r["deal"]["hands"][1].__setitem__(0, "RJ"), "duplicate_card"),
    (lambda r: r["deal"]["kitty"].__setitem__(0, "JK"), "unknown_card"),
    (lambda r: r["deal"]["kitty"].__setitem__(0, "1S"), "unknown_card"),
    (lambda r: r["deal"]["kitty"].__setitem__(0, None), "hidden_card"),
    (lambda r: r.__setitem__("dealer", 4), "bad_seat"),
    (lambda r: r.__setitem__("dealer", "0"), "bad_seat"),
    (lambda r: r["moves"].append({"seat": 4, "type": "pass"}), "bad_seat"),
    (lambda r: r["moves"].append({"seat": 0, "type": "double"}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "bid", "level": "3", "mode": "uptown"}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "bid", "level": 3}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "bid", "level": True, "mode": "uptown"}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "bid", "level": 3, "mode": 3}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "play", "card": "ZZ"}), "unknown_card"),
    (lambda r: r["moves"].append({"seat": 0, "type": "play", "card": ["AS"]}), "unknown_card"),
    (lambda r: r["moves"].append({"seat": 0, "type": "play", "card": None}), "unknown_card"),
    (lambda r: r["moves"].append({"seat": True, "type": "play", "card": "AS"}), "bad_seat"),
    (lambda r: r["moves"].append({"seat": 0, "type": "play", "card": "AS", "x": 1}), "bad_move"),
    (lambda r: r["moves"].append({"seat": 0, "type": "play"}), "bad_move"),
    (lambda r: r["moves"].append(["pass"]), "bad_move"),
    (lambda r: r["deal"].__setitem__("hands", r["deal"]["hands"][:3]), "bad_deal"),
    (lambda r: r["deal"].__setitem__("kitty", "2S"), "bad_deal"),
    (lambda r: r["deal"]["hands"][2].__setitem__(0, 7), "unknown_card"),
    (lambda r: r["moves"].append({"seat": 0, "type": "discard", "cards": "2S"}), "invalid_record"),
    (lambda r: r.__setitem__("options", {"colour": 1}), "unknown_option"),
    (lambda r: r.__setitem__("options", {"target": 6}), "bad_option"),
    (lambda r: r.__setitem__("options", {"min_bid": 5}), "bad_option"),
    (lambda r: r.__setitem__("options", {"kitty": "Book"}), "bad_option"),
    (lambda r: r.__setitem__("options", {"boston_wins": 1}), "bad_option"),
    (lambda r: r.__setitem__("match", {"scores": [7, 0]}), "match_already_over"),
    (lambda r: r.__setitem__("match", {"scores": [0, -7]}), "match_already_over"),
    (lambda r: r.__setitem__("match", {"scores": [0, 0, 0]}), "bad_match"),
    (lambda r: r.__setitem__("match", {"hand_number": 0}), "bad_match"),
    (lambda r: r.__setitem__("moves", None), "bad_moves"),
    (lambda r: r["deal"].__setitem__("stock", []), "bad_deal"),
])
def test_invalid_records(mutate, reason):
    rec = record()
    mutate(rec)
    assert invalid(rec) == reason


def test_duplicates_are_reported_before_counts():
    rec = record()
    rec["deal"]["hands"][1][1] = "RJ"  # RJ twice (seats 0 and 1)
    rec["deal"]["hands"][2].pop()  # and a short hand
    assert invalid(rec) == "duplicate_card"


def test_scores_at_minus_target_plus_one_are_fine_and_target_option_moves_the_end():
    assert state(record(match={"scores": [6, -6]}))["phase"] == "bidding"
    assert state(record(match={"scores": [8, -8]}, options={"target": 9}))["phase"] == "bidding"
    assert invalid(record(match={"scores": [5, 0]}, options={"target": 5})) == "match_already_over"


def test_illegal_move_in_record_is_reported_with_its_index():
    rec = record(moves=[pas(0), pas(1), pas(2), pas(3)])
    with pytest.raises(IllegalMove) as err:
        GAME.replay(rec)
    assert err.value.reason == "dealer_must_bid" and err.value.move_index == 3


def test_illegal_move_is_reported_before_a_malformed_move_after_it():
    rec = record(moves=[pas(1), {"seat": 9, "type": "pass"}])
    with pytest.raises(IllegalMove) as err:
        GAME.replay(rec)
    assert err.value.reason == "not_your_turn" and err.value.move_index == 0


# --- bidding ------------------------------------------------------------------------------------

def test_E2_overcall_by_difficulty():
    rec = record(moves=[bid(0, 3, "uptown")])
    assert reason_of(rec, bid(1, 3, "downtown")) is None
    assert reason_of(rec, bid(1, 3, "no_trump")) is None
    assert reason_of(rec, bid(1, 3, "uptown")) == "bid_too_low"
    assert reason_of(rec, bid(1, 2, "no_trump")) == "bid_too_low"
    assert reason_of(rec, bid(1, 4, "uptown")) is None


def test_E3_downtown_does_not_outrank_uptown_when_switched_off():
    rec = record(moves=[bid(0, 3, "uptown")], options={"downtown_outranks_uptown": False})
    assert reason_of(rec, bid(1, 3, "downtown")) == "bid_too_low"
    assert reason_of(rec, bid(1, 3, "no_trump")) is None
    rec = record(moves=[bid(0, 3, "downtown")], options={"downtown_outranks_uptown": False})
    assert reason_of(rec, bid(1, 3, "uptown")) == "bid_too_low"


def test_E4_forced_dealer():
    rec = record(moves=[pas(0), pas(1), pas(2)])
    assert reason_of(rec, pas(3)) == "dealer_must_bid"
    moves = state(rec)["legal_moves"]
    assert len(moves) == 21 and all(m["type"] == "bid" for m in moves)
    assert {(m["level"], m["mode"]) for m in moves} == {
        (lv, md) for lv in range(1, 8) for md in ("uptown", "downtown", "no_trump")}
    rec = record(moves=[pas(0), pas(1), pas(2)], options={"min_bid": 4})
    moves = state(rec)["legal_moves"]
    assert len(moves) == 12 and {m["level"] for m in moves} == {4, 5, 6, 7}
    assert reason_of(rec, bid(3, 3, "no_trump")) == "bid_too_low"
    assert reason_of(rec, bid(3, 4, "uptown")) is None


def test_E5_dealers_privilege():
    calls = [pas(0), bid(1, 4, "no_trump"), pas(2)]
    assert reason_of(record(moves=calls), bid(3, 4, "no_trump")) == "bid_too_low"
    rec = record(moves=calls, options={"dealer_takes_at_equal": True})
    assert reason_of(rec, bid(3, 4, "no_trump")) is None
    st = state(record(moves=calls + [bid(3, 4, "no_trump")], options={"dealer_takes_at_equal": True}))
    assert st["phase"] == "declaring" and st["to_act"] == 3
    assert st["contract"] == {"bidder": 3, "level": 4, "mode": "no_trump", "trump": None, "direction": None}


def test_dealers_privilege_is_only_the_dealers_and_only_at_equal():
    opts = {"dealer_takes_at_equal": True}
    rec = record(moves=[bid(0, 3, "downtown")], options=opts)
    assert reason_of(rec, bid(1, 3, "downtown")) == "bid_too_low"  # not the dealer
    rec = record(moves=[bid(0, 3, "downtown"), pas(1), pas(2)], options=opts)
    assert reason_of(rec, bid(3, 3, "downtown")) is None
    assert reason_of(rec, bid(3, 3, "uptown")) == "bid_too_low"
    # with uptown and downtown equally hard, the dealer may take 3 uptown over 3 downtown
    rec = record(moves=[bid(0, 3, "downtown"), pas(1), pas(2)],
                 options={**opts, "downtown_outranks_uptown": False})
    assert reason_of(rec, bid(3, 3, "uptown")) is None
    assert reason_of(rec, bid(3, 2, "no_trump")) == "bid_too_low"


def test_E6_out_of_range_bids():
    rec = record(moves=[])
    assert reason_of(rec, bid(0, 8, "uptown")) == "invalid_bid"
    assert reason_of(rec, bid(0, 0, "uptown")) == "invalid_bid"
    assert reason_of(rec, bid(0, 2, "sideways")) == "invalid_bid"
    assert reason_of(rec, bid(0, 2, "Uptown")) == "invalid_bid"  # no case folding


def test_min_bid_applies_to_every_bid_and_invalid_bid_comes_first():
    rec = record(options={"min_bid": 3})
    assert reason_of(rec, bid(0, 2, "no_trump")) == "bid_too_low"
    assert reason_of(rec, bid(0, 9, "no_trump")) == "invalid_bid"
    assert [m for m in state(rec)["legal_moves"] if m["type"] == "bid"][0]["level"] == 3


def test_each_seat_calls_once_in_turn_and_the_last_bid_is_the_contract():
    rec = record(moves=[bid(0, 1, "uptown"), pas(1), bid(2, 2, "downtown")])
    st = state(rec)
    assert st["to_act"] == 3 and st["high_bid"] == {"seat": 2, "level": 2, "mode": "downtown"}
    assert st["contract"] is None
    assert reason_of(rec, pas(0)) == "not_your_turn"
    rec["moves"].append(pas(3))
    st = state(rec)
    assert st["phase"] == "declaring" and st["to_act"] == 2
    assert st["contract"] == {"bidder": 2, "level": 2, "mode": "downtown", "trump": None, "direction": None}
    assert st["high_bid"] == {"seat": 2, "level": 2, "mode": "downtown"}


def test_bidding_listing_pass_first_then_bids_by_level_then_mode():
    st = state(record(moves=[bid(0, 3, "downtown")]))
    moves = st["legal_moves"]
    assert moves[0] == pas(1)
    assert moves[1:4] == [bid(1, 3, "no_trump"), bid(1, 4, "uptown"), bid(1, 4, "downtown")]
    assert len(moves) == 1 + 1 + 4 * 3


def test_wrong_phase_whoever_sends_it():
    rec = record()
    assert reason_of(rec, play(2, "2H")) == "wrong_phase"
    assert reason_of(rec, trump(0, "S")) == "wrong_phase"
    # no discarding phase without the exchange option
    assert reason_of(rec, {"seat": 1, "type": "discard", "cards": ["2S"] * 6}) == "wrong_phase"
    assert reason_of(rec, pas(2)) == "not_your_turn"


# --- declaring ----------------------------------------------------------------------------------

def test_declaring_suit_contract():
    rec = record(moves=[bid(0, 2, "downtown"), pas(1), pas(2), pas(3)])
    st = state(rec)
    assert st["legal_moves"] == [trump(0, s) for s in "SHDC"]
    assert reason_of(rec, direction(0, "uptown")) == "wrong_phase"
    assert reason_of(rec, direction(1, "uptown")) == "wrong_phase"
    assert reason_of(rec, trump(1, "S")) == "not_your_turn"
    assert reason_of(rec, trump(0, "X")) == "invalid_suit"
    assert reason_of(rec, trump(0, "s")) == "invalid_suit"
    assert reason_of(rec, pas(0)) == "wrong_phase"
    rec["moves"].append(trump(0, "C"))
    st = state(rec)
    assert st["contract"] == {"bidder": 0, "level": 2, "mode": "downtown", "trump": "C", "direction": "downtown"}
    assert st["phase"] == "playing" and st["to_act"] == 0  # dealer 3: seat 0 leads


def test_declaring_no_trump_contract():
    rec = record(moves=[pas(0), bid(1, 3, "no_trump"), pas(2), pas(3)])
    st = state(rec)
    assert st["legal_moves"] == [direction(1, "uptown"), direction(1, "downtown")]
    assert reason_of(rec, trump(1, "S")) == "wrong_phase"
    assert reason_of(rec, trump(0, "S")) == "wrong_phase"
    assert reason_of(rec, direction(1, "sideways")) == "invalid_direction"
    assert reason_of(rec, direction(1, "Downtown")) == "invalid_direction"
    assert reason_of(rec, direction(2, "uptown")) == "not_your_turn"
    rec["moves"].append(direction(1, "downtown"))
    st = state(rec)
    assert st["contract"] == {"bidder": 1, "level": 3, "mode": "no_trump", "trump": None, "direction": "downtown"}
    assert st["to_act"] == 0 and st["current_trick"] == {"leader": 0, "cards": []}


def test_first_lead_option_bidder_leads():
    rec = record(moves=[pas(0), bid(1, 3, "no_trump"), pas(2), pas(3), direction(1, "uptown")],
                 options={"first_lead": "bidder"})
    assert state(rec)["to_act"] == 1


# --- the kitty ----------------------------------------------------------------------------------

EXCHANGE = {"kitty": "exchange"}
EX_MOVES = [pas(0), bid(1, 2, "uptown"), pas(2), pas(3), trump(1, "C")]


def test_kitty_book_mode_has_no_discarding_and_counts_one_book():
    rec = record(moves=EX_MOVES)
    st = state(rec)
    assert st["phase"] == "playing" and st["books"] == [0, 1] and st["discards"] is None
    assert len(st["hands"][1]) == 12


def test_exchange_bidder_takes_kitty_after_declaring_and_discards_six():
    rec = record(moves=EX_MOVES, options=EXCHANGE)
    st = state(rec)
    assert st["phase"] == "discarding" and st["to_act"] == 1
    hand18 = E10_DEAL["hands"][1] + E10_DEAL["kitty"]
    assert st["hands"][1] == hand18
    assert st["legal_moves"] == [{"seat": 1, "type": "discard", "count": 6, "from": hand18}]
    # before declaring, the kitty is not in hand
    assert state(record(moves=EX_MOVES[:4], options=EXCHANGE))["hands"][1] == E10_DEAL["hands"][1]


@pytest.mark.parametrize("cards, reason", [
    (["7H", "3H", "2C", "3C", "4C"], "wrong_discard_count"),
    (["7H", "3H", "2C", "3C", "4C", "5C", "6C"], "wrong_discard_count"),
    ([], "wrong_discard_count"),
    (["7H", "3H", "2C", "3C", "4C", "7H"], "duplicate_card"),
    (["7H", "3H", "2C", "3C", "4C", "AS"], "card_not_in_hand"),
    (["7H", "3H", "2C", "3C", "4C", "5C"], None),
    (["2S", "3S", "9H", "TH", "JH", "QH"], None),  # the kitty straight back
    (["JC", "TC", "9C", "8C", "7C", "6C"], None),  # trumps may be discarded
])
def test_discard_checks(cards, reason):
    rec = record(moves=EX_MOVES, options=EXCHANGE)
    assert reason_of(rec, {"seat": 1, "type": "discard", "cards": cards}) == reason
    assert reason_of(rec, {"seat": 2, "type": "discard", "cards": cards}) == "not_your_turn"
    assert reason_of(rec, play(1, "7H")) == "wrong_phase"


def test_jokers_may_be_discarded():
    deal = copy.deepcopy(E10_DEAL)
    rec = record(deal, [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S")], options=EXCHANGE)
    assert reason_of(rec, {"seat": 0, "type": "discard",
                           "cards": ["RJ", "AS", "KS", "2S", "3S", "QH"]}) is None


def test_discards_are_the_first_book_and_leave_the_hand():
    rec = record(moves=EX_MOVES + [{"seat": 1, "type": "discard",
                                    "cards": ["2S", "3S", "9H", "TH", "JH", "QH"]}], options=EXCHANGE)
    st = state(rec)
    assert st["phase"] == "playing" and st["to_act"] == 0
    assert st["hands"][1] == E10_DEAL["hands"][1]
    assert st["discards"] == ["2S", "3S", "9H", "TH", "JH", "QH"]
    assert st["books"] == [0, 1]
    # the discarded cards cannot be played
    rec["moves"].append(play(0, "AS"))
    assert reason_of(rec, play(1, "QH")) == "card_not_in_hand"


# --- trick play ---------------------------------------------------------------------------------

E10_MOVES = [bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "downtown"), play(0, "RJ")]


def test_E10_no_trump_joker_lead():
    rec = record(moves=E10_MOVES)
    st = state(rec)
    assert st["to_act"] == 1
    assert [m["card"] for m in st["legal_moves"]] == E10_DEAL["hands"][1]
    rec["moves"].append(play(1, "7H"))
    assert [m["card"] for m in state(rec)["legal_moves"]] == ["2H", "AH"]
    assert reason_of(rec, play(2, "QC")) == "must_follow_suit"
    rec["moves"].append(play(2, "2H"))
    assert [m["card"] for m in state(rec)["legal_moves"]] == ["KH", "4H", "5H", "6H", "8H"]
    assert reason_of(rec, play(3, "BJ")) == "must_follow_suit"
    rec["moves"].append(play(3, "BJ"))
    with pytest.raises(IllegalMove) as err:
        GAME.replay(rec)
    assert err.value.reason == "must_follow_suit" and err.value.move_index == 8
    rec["moves"][-1] = play(3, "4H")
    st = state(rec)
    assert st["to_act"] == 2 and st["tricks_won"] == [0, 0, 1, 0]
    assert st["tricks"] == [{"leader": 0, "winner": 2, "cards": [
        {"seat": 0, "card": "RJ"}, {"seat": 1, "card": "7H"}, {"seat": 2, "card": "2H"},
        {"seat": 3, "card": "4H"}]}]
    assert st["current_trick"] == {"leader": 2, "cards": []}


def test_joker_may_be_played_at_no_trump_when_void_or_before_a_suit_is_set():
    rec = record(moves=E10_MOVES)
    # seat 1 may play anything after the joker lead (no suit yet)
    assert reason_of(rec, play(1, "2C")) is None
    # both jokers lead: the third card sets the suit
    deal = copy.deepcopy(E10_DEAL)
    deal["hands"][1][0], deal["hands"][3][0] = "BJ", "7H"
    rec = record(deal, E10_MOVES + [play(1, "BJ")])
    assert len(state(rec)["legal_moves"]) == 12
    rec["moves"].append(play(2, "2H"))
    assert [m["card"] for m in state(rec)["legal_moves"]] == ["7H", "KH", "4H", "5H", "6H", "8H"]
    rec["moves"].append(play(3, "8H"))
    assert state(rec)["tricks"][0]["winner"] == 2  # downtown: 2H beats 8H; jokers never win


def test_no_trump_joker_led_then_void_hand_may_play_joker():
    # seat 3 void in the suit to follow may throw the joker; it never wins
    deal = {"hands": [["RJ", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
                      ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS"],
                      ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
                      ["BJ", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"]],
            "kitty": ["AS", "AH", "AD", "AC", "KD", "KC"]}
    rec = record(deal, [bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "uptown"),
                        play(0, "2C"), play(1, "2S"), play(2, "2H")])
    assert reason_of(rec, play(3, "BJ")) is None
    rec["moves"].append(play(3, "BJ"))
    st = state(rec)
    assert st["tricks"][0]["winner"] == 0 and st["to_act"] == 0


def test_E11_joker_lead_in_trump_contract():
    r = ranking_for(0, "uptown")  # spades uptown
    trick = [lookup("RJ")]
    hand = mask_of(map(lookup, ["BJ", "2S", "KH", "3D"]))
    assert set(names(c for c in range(67) if legal_mask(r, hand, trick) >> c & 1)) == {"BJ", "2S"}
    hand = mask_of(map(lookup, ["KH", "3D", "4C"]))
    assert set(names(c for c in range(67) if legal_mask(r, hand, trick) >> c & 1)) == {"KH", "3D", "4C"}


def test_E11_in_a_record_and_joker_may_not_answer_a_plain_lead_while_holding_the_suit():
    # trump spades uptown, seat 0 leads RJ: seat 1 holds BJ and 2S among hearts/diamonds
    deal = {"hands": [["RJ", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"],
                      ["BJ", "2S", "KH", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
                      ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "AH"],
                      ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]],
            "kitty": ["3S", "AC", "QD", "KD", "AD", "2D"]}
    rec = record(deal, [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S"), play(0, "RJ")])
    assert [m["card"] for m in state(rec)["legal_moves"]] == ["BJ", "2S"]
    assert reason_of(rec, play(1, "KH")) == "must_follow_suit"
    rec["moves"] += [play(1, "2S"), play(2, "2H"), play(3, "2C")]
    st = state(rec)
    assert st["tricks"][0]["winner"] == 0
    # seat 0 leads a diamond-less hand: a spade; now seat 1 leads hearts later... check a plain lead
    rec["moves"] += [play(0, "4S"), play(1, "BJ"), play(2, "3H"), play(3, "3C")]
    st = state(rec)
    assert st["tricks"][1]["winner"] == 1  # BJ beats 4S
    rec["moves"].append(play(1, "KH"))
    assert reason_of(rec, play(2, "4H")) is None
    rec["moves"] += [play(2, "AH"), play(3, "4C")]
    # seat 0 void in hearts may trump
    assert [m["card"] for m in state(rec)["legal_moves"]] == deal["hands"][0][1:11]


def test_play_checks_order():
    rec = record(moves=E10_MOVES + [play(1, "7H")])
    assert reason_of(rec, play(2, "AS")) == "card_not_in_hand"
    assert reason_of(rec, play(2, "RJ")) == "card_not_in_hand"  # already played
    assert reason_of(rec, play(3, "2H")) == "not_your_turn"
    assert reason_of(rec, pas(2)) == "wrong_phase"


TW = GAME.trick_winner


def tw(leader, cards, trump_suit, dirn):
    return TW({"leader": leader, "trump": trump_suit, "direction": dirn,
               "cards": [{"seat": (leader + i) % 4, "card": c} for i, c in enumerate(cards.split())]})


def test_E7_joker_is_a_trump():
    assert tw(0, "2S AS 3H BJ", "H", "uptown") == {"seat": 3, "card": "BJ"}


def test_E8_trump_clubs_downtown():
    assert tw(1, "RJ 2C AC BJ", "C", "downtown") == {"seat": 1, "card": "RJ"}
    assert tw(2, "KC AC 2C 3D", "C", "downtown") == {"seat": 3, "card": "AC"}


def test_E9_no_trump_joker_led():
    assert tw(0, "RJ 7H 2H 4H", None, "downtown") == {"seat": 2, "card": "2H"}
    assert tw(2, "BJ RJ 9C AD", None, "uptown") == {"seat": 0, "card": "9C"}


def test_rankings_uptown_and_downtown_ace_high():
    assert tw(0, "KS AS QS 2S", None, "uptown")["card"] == "AS"
    assert tw(0, "KS 3S QS 2S", None, "uptown")["card"] == "KS"
    assert tw(0, "KS 3S QS 2S", None, "downtown")["card"] == "2S"
    assert tw(0, "KS 3S AS 2S", None, "downtown")["card"] == "AS"
    assert tw(0, "KS 3S TS 9S", "S", "downtown")["card"] == "3S"
    assert tw(0, "AS RJ BJ 2S", "S", "downtown")["card"] == "RJ"
    assert tw(0, "AS BJ 2S 3S", "S", "uptown")["card"] == "BJ"
    assert tw(0, "AH KD 2D 3C", "D", "uptown")["card"] == "KD"
    assert tw(0, "AH KD 2D 3C", "D", "downtown")["card"] == "2D"
    assert tw(0, "2H RJ 3H KH", None, "uptown")["card"] == "KH"  # jokers never win at no trump
    assert tw(0, "RJ BJ", None, "uptown") == {"seat": None, "card": None}
    assert tw(0, "RJ BJ 5D", None, "uptown") == {"seat": 2, "card": "5D"}


@pytest.mark.parametrize("body", [
    None, [],
    {"leader": 0, "cards": [], "trump": None, "direction": "uptown"},
    {"leader": 0, "cards": [{"seat": 1, "card": "2S"}], "trump": None, "direction": "uptown"},
    {"leader": 0, "cards": [{"seat": 0, "card": "2S"}, {"seat": 1, "card": "2S"}], "trump": None,
     "direction": "uptown"},
    {"leader": 0, "cards": [{"seat": 0, "card": "2S"}], "trump": "s", "direction": "uptown"},
    {"leader": 0, "cards": [{"seat": 0, "card": "2S"}], "trump": None, "direction": "sideways"},
    {"leader": 0, "cards": [{"seat": 0, "card": "JK"}], "trump": None, "direction": "uptown"},
    {"leader": 5, "cards": [{"seat": 0, "card": "2S"}], "trump": None, "direction": "uptown"},
    {"leader": 0, "cards": [{"seat": 0, "card": "2S"}], "trump": None, "direction": "uptown", "x": 1},
])
def test_trick_winner_rejects_bad_bodies(body):
    with pytest.raises(InvalidRecord):
        TW(body)


# --- the API bodies of the document ------------------------------------------------------------

TRICK_WINNER_EXAMPLES = [
    {"input": {"leader": 0,
               "cards": [{"seat": 0, "card": "2S"}, {"seat": 1, "card": "AS"}, {"seat": 2, "card": "3H"},
                         {"seat": 3, "card": "BJ"}], "trump": "H", "direction": "uptown"},
     "expected": {"seat": 3, "card": "BJ"}},
    {"input": {"leader": 0,
               "cards": [{"seat": 0, "card": "RJ"}, {"seat": 1, "card": "7H"}, {"seat": 2, "card": "2H"},
                         {"seat": 3, "card": "4H"}], "trump": None, "direction": "downtown"},
     "expected": {"seat": 2, "card": "2H"}}]

BID_EXAMPLES = [
    {"input": {"options": {}, "dealer": 3,
               "calls": [{"seat": 0, "type": "bid", "level": 3, "mode": "uptown"}],
               "bid": {"seat": 1, "type": "bid", "level": 3, "mode": "downtown"}},
     "expected": {"valid": True, "reason": None,
                  "high_bid": {"seat": 1, "level": 3, "mode": "downtown"}, "next": 2,
                  "auction_over": False, "contract": None}},
    {"input": {"options": {}, "dealer": 3,
               "calls": [{"seat": 0, "type": "bid", "level": 3, "mode": "uptown"}],
               "bid": {"seat": 1, "type": "bid", "level": 3, "mode": "uptown"}},
     "expected": {"valid": False, "reason": "bid_too_low",
                  "high_bid": {"seat": 0, "level": 3, "mode": "uptown"}, "next": 1,
                  "auction_over": False, "contract": None}},
    {"input": {"options": {"dealer_takes_at_equal": True}, "dealer": 3,
               "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "bid", "level": 4, "mode": "no_trump"},
                         {"seat": 2, "type": "pass"}],
               "bid": {"seat": 3, "type": "bid", "level": 4, "mode": "no_trump"}},
     "expected": {"valid": True, "reason": None,
                  "high_bid": {"seat": 3, "level": 4, "mode": "no_trump"}, "next": 3,
                  "auction_over": True, "contract": {"bidder": 3, "level": 4, "mode": "no_trump"}}}]

SCORE_EXAMPLES = [
    {"input": {"options": {}, "contract": {"bidder": 2, "level": 2, "mode": "uptown"}, "books": [10, 3],
               "scores": [1, 3]},
     "expected": {"made": True, "deltas": [4, 0], "scores": [5, 3], "boston": False,
                  "match_over": False, "winner": None}},
    {"input": {"options": {"defenders_score": "set_value"},
               "contract": {"bidder": 1, "level": 4, "mode": "downtown"}, "books": [4, 9],
               "scores": [2, 0]},
     "expected": {"made": False, "deltas": [4, -4], "scores": [6, -4], "boston": False,
                  "match_over": False, "winner": None}}]

MATCH_EXAMPLE = {
    "input": {"options": {}, "scores": [5, -2],
              "hands": [{"contract": {"bidder": 1, "level": 2, "mode": "uptown"}, "books": [6, 7]},
                        {"contract": {"bidder": 0, "level": 1, "mode": "uptown"}, "books": [8, 5]},
                        {"contract": {"bidder": 3, "level": 3, "mode": "no_trump"}, "books": [2, 11]}]},
    "expected": {"running_scores": [[5, -4], [7, -4]], "scores": [7, -4], "over_after_hand": 1,
                 "winner": 0}}


def _subset(answer, expected):
    for key, value in expected.items():
        assert answer[key] == value, key


@pytest.mark.parametrize("example", TRICK_WINNER_EXAMPLES)
def test_api_body_trick_winner(example):
    _subset(GAME.trick_winner(copy.deepcopy(example["input"])), example["expected"])


@pytest.mark.parametrize("example", BID_EXAMPLES)
def test_api_body_bids_validate(example):
    _subset(GAME.validate_bid(copy.deepcopy(example["input"])), example["expected"])


@pytest.mark.parametrize("example", SCORE_EXAMPLES)
def test_api_body_score(example):
    _subset(GAME.score(copy.deepcopy(example["input"])), example["expected"])


def test_api_body_matches_score():
    _subset(GAME.score_match(copy.deepcopy(MATCH_EXAMPLE["input"])), MATCH_EXAMPLE["expected"])


def vb(calls, candidate, **options):
    return GAME.validate_bid({"options": options, "dealer": 3, "calls": calls, "bid": candidate})


def test_bids_validate_more_cases():
    # E2's third case and E3
    out = vb([bid(0, 3, "uptown")], bid(1, 2, "no_trump"))
    assert out["valid"] is False and out["reason"] == "bid_too_low" and out["next"] == 1
    assert vb([bid(0, 3, "uptown")], bid(1, 3, "downtown"),
              downtown_outranks_uptown=False)["reason"] == "bid_too_low"
    assert vb([bid(0, 3, "uptown")], bid(1, 3, "no_trump"), downtown_outranks_uptown=False)["valid"]
    # E4: the forced dealer
    out = vb([pas(0), pas(1), pas(2)], pas(3))
    assert out["reason"] == "dealer_must_bid" and out["high_bid"] is None and out["next"] == 3
    out = vb([pas(0), pas(1), pas(2)], bid(3, 1, "uptown"))
    assert out["valid"] and out["auction_over"] and out["contract"] == {"bidder": 3, "level": 1, "mode": "uptown"}
    # E5 default: refused
    out = vb([pas(0), bid(1, 4, "no_trump"), pas(2)], bid(3, 4, "no_trump"))
    assert out == {"valid": False, "reason": "bid_too_low", "detail": out["detail"],
                   "high_bid": {"seat": 1, "level": 4, "mode": "no_trump"}, "next": 3,
                   "auction_over": False, "contract": None}
    # E6
    assert vb([], bid(0, 8, "uptown"))["reason"] == "invalid_bid"
    assert vb([], bid(0, 2, "sideways"))["reason"] == "invalid_bid"
    # the dealer passes after a bid: auction over, the bidder declares next
    out = vb([pas(0), bid(1, 2, "downtown"), pas(2)], pas(3))
    assert out["valid"] and out["auction_over"] and out["next"] == 1
    assert out["contract"] == {"bidder": 1, "level": 2, "mode": "downtown"}
    # out of turn, and a call after the auction
    assert vb([], pas(1))["reason"] == "not_your_turn"
    out = vb([pas(0), bid(1, 2, "downtown"), pas(2), pas(3)], pas(0))
    assert out["reason"] == "wrong_phase" and out["auction_over"] and out["next"] == 1


def test_bids_validate_rejects_illegal_calls_and_bad_bodies():
    with pytest.raises(IllegalMove) as err:
        vb([pas(0), pas(2)], pas(3))
    assert err.value.move_index == 1 and err.value.reason == "not_your_turn"
    for body in [None, {"dealer": 3}, {"dealer": 9, "bid": pas(0)},
                 {"dealer": 3, "calls": "x", "bid": pas(0)},
                 {"dealer": 3, "bid": play(0, "2S")},
                 {"dealer": 3, "bid": pas(0), "options": {"target": 8}},
                 {"dealer": 3, "calls": [trump(0, "S")], "bid": pas(0)}]:
        with pytest.raises(InvalidRecord):
            GAME.validate_bid(body)


def sc(bidder, level, mode, books, scores, **options):
    return GAME.score({"options": options, "contract": {"bidder": bidder, "level": level, "mode": mode},
                       "books": books, "scores": scores})


def test_E12_made_scores_every_book_over_six():
    out = sc(0, 2, "uptown", [10, 3], [1, 3])
    assert (out["made"], out["deltas"], out["scores"], out["match_over"]) == (True, [4, 0], [5, 3], False)


def test_E13_set_and_defenders_options():
    out = sc(1, 4, "downtown", [4, 9], [2, 0])
    assert (out["made"], out["deltas"], out["scores"]) == (False, [0, -4], [2, -4])
    out = sc(1, 4, "downtown", [4, 9], [2, 0], defenders_score="set_value")
    assert (out["deltas"], out["scores"]) == ([4, -4], [6, -4])
    out = sc(1, 4, "downtown", [4, 9], [2, 0], defenders_score="books_over_six")
    assert out["deltas"] == [0, -4]
    # books_over_six when the defenders have 8 books: +2
    out = sc(1, 5, "uptown", [8, 5], [0, 0], defenders_score="books_over_six")
    assert out["deltas"] == [2, -5]


def test_E14_no_trump_doubles():
    out = sc(0, 3, "no_trump", [11, 2], [0, 0], no_trump_doubles=True)
    assert (out["deltas"], out["scores"], out["match_over"], out["winner"]) == ([10, 0], [10, 0], True, 0)
    out = sc(0, 5, "no_trump", [10, 3], [0, 0], no_trump_doubles=True)
    assert (out["deltas"], out["scores"], out["match_over"], out["winner"]) == ([-10, 0], [-10, 0], True, 1)
    # the defenders' gain is doubled too; a suit contract is not
    out = sc(0, 2, "no_trump", [7, 6], [0, 0], no_trump_doubles=True, defenders_score="set_value")
    assert out["deltas"] == [-4, 4]
    assert sc(0, 2, "downtown", [9, 4], [0, 0], no_trump_doubles=True)["deltas"] == [3, 0]


def test_E15_match_won_at_the_target():
    out = sc(0, 1, "uptown", [8, 5], [5, -2])
    assert (out["deltas"], out["scores"], out["match_over"], out["winner"]) == ([2, 0], [7, -2], True, 0)


def test_E16_match_lost_at_minus_the_target():
    out = sc(0, 3, "downtown", [7, 6], [-5, 3])
    assert (out["deltas"], out["scores"], out["match_over"], out["winner"]) == ([-3, 0], [-8, 3], True, 1)
    out = sc(0, 3, "downtown", [7, 6], [-5, 3], target=9)
    assert (out["scores"], out["match_over"], out["winner"]) == ([-8, 3], False, None)


def test_E17_boston():
    out = sc(0, 7, "no_trump", [13, 0], [0, 6])
    assert (out["deltas"], out["boston"], out["scores"], out["match_over"], out["winner"]) == (
        [7, 0], True, [7, 6], True, 0)
    out = sc(0, 7, "no_trump", [13, 0], [0, 0], target=9, boston_wins=True)
    assert (out["scores"], out["match_over"], out["winner"]) == ([7, 0], True, 0)
    out = sc(2, 7, "no_trump", [13, 0], [0, 0], target=9)
    assert (out["scores"], out["boston"], out["match_over"], out["winner"]) == ([7, 0], True, False, None)


def test_exactly_the_target_ends_the_match_and_minus_target_loses():
    assert sc(1, 1, "uptown", [6, 7], [0, 6])["winner"] == 1
    assert sc(1, 1, "uptown", [8, 5], [0, -6])["winner"] == 0  # team 1 at -7
    assert sc(1, 1, "uptown", [8, 5], [0, -6], target=9)["match_over"] is False


@pytest.mark.parametrize("body", [
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [10, 2], "scores": [0, 0]},
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [0, 13], "scores": [0, 0]},
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [14, -1], "scores": [0, 0]},
    {"contract": {"bidder": 0, "level": 8, "mode": "uptown"}, "books": [10, 3], "scores": [0, 0]},
    {"contract": {"bidder": 0, "level": 1, "mode": "uptown"}, "books": [10, 3], "scores": [0, 0],
     "options": {"min_bid": 2}},
    {"contract": {"bidder": 0, "level": 2, "mode": "up"}, "books": [10, 3], "scores": [0, 0]},
    {"contract": {"bidder": 4, "level": 2, "mode": "uptown"}, "books": [10, 3], "scores": [0, 0]},
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [10, 3], "scores": [7, 0]},
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [10, 3]},
    {"contract": {"bidder": 0, "level": 2, "mode": "uptown"}, "books": [10, 3], "scores": [0, 0],
     "options": {"nope": 1}},
])
def test_score_rejects_impossible_bodies(body):
    with pytest.raises(InvalidRecord):
        GAME.score(body)


def test_matches_score_more():
    out = GAME.score_match({"hands": []})
    assert out == {"running_scores": [], "scores": [0, 0], "over_after_hand": None, "winner": None}
    out = GAME.score_match({"options": {"boston_wins": True}, "scores": [0, 0], "hands": [
        {"contract": {"bidder": 1, "level": 1, "mode": "uptown"}, "books": [0, 13]},
        {"contract": {"bidder": 0, "level": 1, "mode": "uptown"}, "books": [13, 0]}]})
    assert out == {"running_scores": [[0, 7]], "scores": [0, 7], "over_after_hand": 0, "winner": 1}
    with pytest.raises(InvalidRecord):
        GAME.score_match({"scores": [0, 7], "hands": []})
    with pytest.raises(InvalidRecord):
        GAME.score_match({"hands": [{"contract": {"bidder": 1, "level": 1, "mode": "uptown"}}]})


# --- whole hands ---------------------------------------------------------------------------------

def result_record(scores=(2, -1), options=None):
    rec = record(RESULT_DEAL, [bid(0, 3, "downtown"), pas(1), pas(2), pas(3), trump(0, "S")],
                 options=options, match={"scores": list(scores), "hand_number": 4})
    rec["moves"] = full_moves(rec, RESULT_TRICKS)
    return rec


def test_result_object_of_the_document():
    st = state(result_record())
    assert st["phase"] == "done" and st["to_act"] is None and st["legal_moves"] == []
    assert st["result"] == {
        "contract": {"bidder": 0, "level": 3, "mode": "downtown", "trump": "S", "direction": "downtown"},
        "books": [9, 4], "made": True, "deltas": [3, 0], "scores": [5, -1], "boston": False,
        "match_over": False, "winner": None, "next_dealer": 0, "next_match": {"scores": [5, -1], "hand_number": 5}}
    assert st["tricks_won"] == [8, 4, 0, 0]
    assert [t["winner"] for t in st["tricks"]] == [1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert st["current_trick"] is None
    assert st["hands"] == [[], [], [], []]


def test_hand_over_after_the_last_trick():
    rec = result_record()
    assert reason_of(rec, play(0, "AS")) == "hand_over"
    assert reason_of(rec, pas(0)) == "hand_over"


def test_events_of_the_last_move():
    rec = result_record(scores=(4, 0))
    last = rec["moves"].pop()
    hand = GAME.replay(rec)
    events = hand.play(GAME.parse_move(last, 4, PACK, None, "m"), len(rec["moves"]))
    assert [e["type"] for e in events] == ["trick_won", "hand_over", "match_over"]
    assert events[0] == {"type": "trick_won", "trick": 11, "seat": 0, "index": 52}
    assert events[1]["result"]["scores"] == [7, 0] and events[2]["winner"] == 0


def test_boston_in_a_full_record():
    deal = {"hands": [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S"],
                      ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH"],
                      ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
                      ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"]],
            "kitty": ["2S", "AH", "AD", "AC", "BJ", "RJ"]}
    rec = record(deal, [bid(0, 7, "no_trump"), pas(1), pas(2), pas(3), direction(0, "uptown")],
                 match={"scores": [0, 6]})
    tricks = [f"{s} {h} {d} {c}" for s, h, d, c in zip(*deal["hands"])]
    rec["moves"] = full_moves(rec, tricks)
    res = state(rec)["result"]
    assert res["books"] == [13, 0] and res["boston"] is True and res["deltas"] == [7, 0]
    assert res["scores"] == [7, 6] and res["match_over"] and res["winner"] == 0


# --- views -----------------------------------------------------------------------------------------

def test_view_hides_other_hands_and_the_kitty():
    rec = record(moves=E10_MOVES)
    view = GAME.view(rec, 2)
    assert view["viewer"] == 2
    assert view["deal"]["hands"][2] == E10_DEAL["hands"][2]
    for s in (0, 1, 3):
        assert view["deal"]["hands"][s] == [None] * 12
    assert view["deal"]["kitty"] == [None] * 6
    assert view["moves"][-1] == play(0, "RJ")  # played cards are public
    assert "seed" not in view


def test_view_legal_moves_only_for_the_seat_to_act():
    rec = record(moves=E10_MOVES + [play(1, "7H")])
    full = state(rec)
    assert state(GAME.view(rec, 2))["legal_moves"] == full["legal_moves"]
    assert state(GAME.view(rec, 1))["legal_moves"] is None
    view_state = state(GAME.view(rec, 1))
    assert view_state["hands"][0] == [None] * 11 and view_state["hands"][1] == E10_DEAL["hands"][1][1:]


def test_moves_of_other_seats_are_checked_against_what_the_viewer_knows():
    rec = record(moves=E10_MOVES + [play(1, "7H")])
    view = GAME.view(rec, 1)
    # seat 2 playing a card seat 1 holds, or one already played, is refused
    assert reason_of(view, play(2, "3H")) == "card_not_in_hand"
    assert reason_of(view, play(2, "RJ")) == "card_not_in_hand"
    # seat 2 playing a club: the viewer cannot know it holds hearts
    assert reason_of(view, play(2, "QC")) is None
    assert reason_of(view, play(3, "QC")) == "not_your_turn"


def test_view_needs_the_viewers_own_cards():
    view = GAME.view(record(), 0)
    view["deal"]["hands"][0][3] = None
    assert invalid(view) == "view_incomplete"
    view = GAME.view(record(), 0)
    with pytest.raises(InvalidRecord) as err:
        GAME.view(view, 1)
    assert err.value.reason == "view_incomplete"
    assert GAME.view(GAME.view(record(), 0), 0) == GAME.view(record(), 0)


def test_exchange_views_show_the_kitty_to_the_bidder_after_declaring_only():
    rec = record(moves=EX_MOVES[:4], options=EXCHANGE)
    assert GAME.view(rec, 1)["deal"]["kitty"] == [None] * 6
    rec = record(moves=EX_MOVES, options=EXCHANGE)
    assert GAME.view(rec, 1)["deal"]["kitty"] == E10_DEAL["kitty"]
    assert GAME.view(rec, 0)["deal"]["kitty"] == [None] * 6
    assert state(GAME.view(rec, 1))["legal_moves"] == state(rec)["legal_moves"]
    assert state(GAME.view(rec, 0))["hands"][1] == [None] * 18
    discard = {"seat": 1, "type": "discard", "cards": ["2S", "3S", "9H", "TH", "JH", "QH"]}
    rec["moves"].append(discard)
    assert GAME.view(rec, 1)["moves"][-1] == discard
    other = GAME.view(rec, 2)
    assert other["moves"][-1] == {"seat": 1, "type": "discard", "cards": [None] * 6}
    st = state(other)
    assert st["discards"] == [None] * 6 and st["hands"][1] == [None] * 12
    assert state(GAME.view(rec, 1))["discards"] == discard["cards"]
    # the views replay on: seat 0 leads, each view accepts seat 0's lead
    rec["moves"].append(play(0, "AS"))
    for s in range(4):
        v = GAME.view(rec, s)
        assert state(v)["to_act"] == 1
        if s == 1:
            assert state(v)["legal_moves"] == state(rec)["legal_moves"]


def test_view_rejects_a_hidden_discard_of_the_viewer_and_a_null_in_a_play():
    rec = record(moves=EX_MOVES + [{"seat": 1, "type": "discard",
                                    "cards": ["2S", "3S", "9H", "TH", "JH", "QH"]}], options=EXCHANGE)
    view = GAME.view(rec, 1)
    view["moves"][-1]["cards"] = [None] * 6
    assert invalid(view) == "view_incomplete"
    view = GAME.view(rec, 2)
    view["moves"].append({"seat": 0, "type": "play", "card": None})
    assert invalid(view) == "unknown_card"


def test_options_catalogue():
    opts = {o["name"]: o for o in GAME.catalogue()["options"]}
    assert list(opts) == ["target", "min_bid", "kitty", "first_lead", "downtown_outranks_uptown",
                          "dealer_takes_at_equal", "no_trump_doubles", "defenders_score", "boston_wins",
                          "kitty_before_declaring", "downtown_aces"]
    assert opts["target"]["choices"] == [5, 7, 9] and opts["target"]["default"] == 7
    assert opts["min_bid"]["choices"] == [1, 2, 3, 4]
    assert opts["defenders_score"]["choices"] == ["none", "set_value", "books_over_six"]
    assert [m["type"] for m in GAME.catalogue()["move_types"]] == [
        "pass", "bid", "name_trump", "choose_direction", "discard", "play"]


def test_a_view_of_the_bidder_without_the_kitty_cannot_list_the_discard():
    view = GAME.view(record(moves=EX_MOVES[:4], options=EXCHANGE), 1)
    view["moves"].append({"seat": 1, "type": "name_trump", "suit": "C"})
    hand = GAME.replay(view)  # replaying is fine; the listing needs the kitty
    assert hand.phase == "discarding"
    with pytest.raises(InvalidRecord) as err:
        hand.state()
    assert err.value.reason == "view_incomplete"
    # another seat's view of the same point lists nothing and needs nothing
    other = GAME.view(record(moves=EX_MOVES, options=EXCHANGE), 3)
    assert state(other)["legal_moves"] is None


def test_a_move_after_the_end_in_a_record_is_hand_over():
    rec = result_record()
    rec["moves"].append(pas(0))
    with pytest.raises(IllegalMove) as err:
        GAME.replay(rec)
    assert err.value.reason == "hand_over" and err.value.move_index == 53


def test_lower_case_and_ten_in_moves_take_the_full_parse():
    rec = record(moves=E10_MOVES)
    rec["moves"].append({"seat": 1, "type": "play", "card": "7h"})
    assert GAME.replay(rec).to_record()["moves"][-1] == play(1, "7H")
