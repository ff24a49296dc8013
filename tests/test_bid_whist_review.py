"""Review of Bid Whist against shared/rules/bid-whist.md: rules the first suite left untested.

Each test is named after the rule (or the document's passage) it pins down.
"""

from __future__ import annotations


import pytest

from service.rules.errors import InvalidRecord
from service.rules.games.bid_whist import GAME, PACK

from .test_bid_whist import (E10_DEAL, EX_MOVES, EXCHANGE, bid, direction, pas, play, reason_of, record,
                             result_record, sc, state, trump, vb)

# Seat 0 leads 2H in a spade contract: seat 1 holds BJ and one heart, seat 2 is void in hearts and
# holds RJ, seat 3 holds the other hearts.
RUFF_DEAL = {"hands": [["2H", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S"],
                       ["BJ", "3H", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD"],
                       ["RJ", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"],
                       ["4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "KC"]],
             "kitty": ["3S", "2S", "QD", "KD", "AD", "AC"]}

# Seat 0 leads a spade in a spade contract: seat 1's only trump is BJ.
ONLY_JOKER_DEAL = {"hands": [["5S", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "4S", "3S"],
                             ["BJ", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
                             ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
                             ["RJ", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC"]],
                   "kitty": ["2S", "KH", "AH", "AD", "AC", "KC"]}


def cards_of(st):
    return [m["card"] for m in st["legal_moves"]]


def play_out(rec):
    """``rec`` played to the end, each seat taking its first listed move (discard: the first six)."""
    hand = GAME.replay(rec)
    moves = list(rec["moves"])
    while hand.phase != "done":
        move = hand.legal_moves()[0]
        if move["type"] == "discard":
            move = {"seat": move["seat"], "type": "discard", "cards": move["from"][:move["count"]]}
        hand.play(GAME.parse_move(move, 4, PACK, None, "m"), len(moves))
        moves.append(move)
    return {**rec, "moves": moves}


# --- the pack, the deal, the record ---------------------------------------------------------------

def test_deal_all_54_cards_once_for_any_seed_and_dealer():
    for dealer in range(4):
        deal = GAME.deal(f"review-{dealer}", {}, dealer, None)["deal"]
        everything = [c for h in deal["hands"] for c in h] + deal["kitty"]
        assert [len(h) for h in deal["hands"]] == [12] * 4 and len(deal["kitty"]) == 6
        assert sorted(everything) == sorted(PACK.canonical)


def test_match_scores_just_inside_minus_target_are_a_valid_start():
    st = state(record(match={"scores": [-6, 6], "hand_number": 9}))
    assert st["phase"] == "bidding"
    assert GAME.deal("x", {}, 0, {"scores": [-6, 6]})["match"] == {"scores": [-6, 6], "hand_number": 1}
    with pytest.raises(InvalidRecord) as err:
        GAME.deal("x", {"target": 5}, 0, {"scores": [-5, 0]})
    assert err.value.reason == "match_already_over"


def test_match_fields_may_be_omitted_but_not_null():
    for match in ({"scores": None}, {"hand_number": None}, {"scores": [0, True]}, {"hand_number": 1.5}):
        with pytest.raises(InvalidRecord):
            GAME.replay(record(match=match))


def test_derived_state_has_every_field_the_document_names():
    names = {"phase", "to_act", "legal_moves", "tricks", "result", "current_trick", "high_bid", "contract",
             "tricks_won", "hands", "discards"}
    for moves in ([], [bid(0, 1, "uptown")], [bid(0, 1, "uptown"), pas(1), pas(2), pas(3)],
                  [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S")]):
        st = state(record(moves=moves))
        assert names <= set(st)
    st = state(record())
    assert (st["current_trick"], st["high_bid"], st["contract"], st["result"], st["tricks"]) == (
        None, None, None, None, [])
    assert st["tricks_won"] == [0, 0, 0, 0]


# --- bidding ----------------------------------------------------------------------------------------

def test_dealer_may_pass_once_someone_has_bid():
    rec = record(moves=[pas(0), bid(1, 1, "uptown"), pas(2)])
    assert reason_of(rec, pas(3)) is None
    assert state(rec)["legal_moves"][0] == pas(3)


def test_min_bid_and_the_standing_bid_both_give_bid_too_low():
    rec = record(moves=[bid(0, 3, "uptown")], options={"min_bid": 2})
    assert reason_of(rec, bid(1, 1, "no_trump")) == "bid_too_low"
    assert reason_of(rec, bid(1, 8, "no_trump")) == "invalid_bid"
    assert reason_of(rec, bid(1, 3, "downtown")) is None


def test_forced_dealer_with_the_privilege_still_may_not_pass():
    opts = {"dealer_takes_at_equal": True, "min_bid": 2}
    rec = record(moves=[pas(0), pas(1), pas(2)], options=opts)
    assert reason_of(rec, pas(3)) == "dealer_must_bid"
    moves = state(rec)["legal_moves"]
    assert len(moves) == 18 and all(m["type"] == "bid" for m in moves)


def test_dealers_privilege_listing_holds_the_equal_bid_and_never_a_lower_one():
    calls = [pas(0), bid(1, 4, "downtown"), pas(2)]
    listed = state(record(moves=calls, options={"dealer_takes_at_equal": True}))["legal_moves"]
    assert listed[:3] == [pas(3), bid(3, 4, "downtown"), bid(3, 4, "no_trump")]
    listed = state(record(moves=calls))["legal_moves"]
    assert listed[:2] == [pas(3), bid(3, 4, "no_trump")]
    rec = record(moves=calls, options={"dealer_takes_at_equal": True})
    assert reason_of(rec, bid(3, 4, "uptown")) == "bid_too_low"
    assert reason_of(rec, bid(3, 3, "no_trump")) == "bid_too_low"


def test_after_the_fourth_call_the_last_bid_is_the_contract_even_if_the_bidder_then_passed_round():
    rec = record(moves=[bid(0, 1, "uptown"), bid(1, 1, "downtown"), pas(2), pas(3)])
    st = state(rec)
    assert st["phase"] == "declaring" and st["to_act"] == 1
    assert st["contract"]["bidder"] == 1 and st["contract"]["mode"] == "downtown"
    assert st["legal_moves"] == [trump(1, s) for s in "SHDC"]


def test_bids_validate_calls_of_an_unknown_type_are_bad_move_as_in_a_record():
    for body in ({"dealer": 3, "calls": [{"seat": 0, "type": "double"}], "bid": pas(0)},
                 {"dealer": 3, "bid": {"seat": 0, "type": "double"}}):
        with pytest.raises(InvalidRecord) as err:
            GAME.validate_bid(body)
        assert err.value.reason == "bad_move"


def test_bids_validate_forced_dealer_and_privilege_with_min_bid():
    out = vb([pas(0), pas(1), pas(2)], bid(3, 1, "uptown"), min_bid=2)
    assert (out["valid"], out["reason"], out["next"], out["auction_over"]) == (False, "bid_too_low", 3, False)
    out = vb([pas(0), pas(1), pas(2)], bid(3, 2, "no_trump"), min_bid=2)
    assert out["valid"] and out["next"] == 3 and out["contract"] == {"bidder": 3, "level": 2, "mode": "no_trump"}


# --- discarding -----------------------------------------------------------------------------------

@pytest.mark.parametrize("cards, reason", [
    (["7H", "7H", "AS", "AS", "AD"], "wrong_discard_count"),  # count first
    (["7H", "7H", "AS", "3C", "4C", "5C"], "duplicate_card"),  # then a repeat, before AS
    (["AS", "3H", "2C", "3C", "4C", "5C"], "card_not_in_hand"),
])
def test_discard_checks_in_the_documents_order(cards, reason):
    rec = record(moves=EX_MOVES, options=EXCHANGE)
    assert reason_of(rec, {"seat": 1, "type": "discard", "cards": cards}) == reason


def test_exchange_first_lead_bidder_leads_after_the_discard():
    opts = {**EXCHANGE, "first_lead": "bidder"}
    rec = record(moves=EX_MOVES + [{"seat": 1, "type": "discard", "cards": E10_DEAL["kitty"]}], options=opts)
    st = state(rec)
    assert st["phase"] == "playing" and st["to_act"] == 1 and st["current_trick"] == {"leader": 1, "cards": []}


def test_exchange_discarded_trumps_count_in_the_book_not_in_play():
    rec = record(moves=EX_MOVES + [{"seat": 1, "type": "discard",
                                    "cards": ["JC", "TC", "9C", "8C", "7C", "6C"]}], options=EXCHANGE)
    st = state(rec)
    assert st["hands"][1] == ["7H", "3H", "2C", "3C", "4C", "5C", "2S", "3S", "9H", "TH", "JH", "QH"]
    done = state(play_out(rec))
    assert sum(done["result"]["books"]) == 13
    won = done["tricks_won"]
    assert done["result"]["books"][1] == won[1] + won[3] + 1
    played = {c["card"] for t in done["tricks"] for c in t["cards"]}
    assert played.isdisjoint({"JC", "TC", "9C", "8C", "7C", "6C"})
    assert len(played) == 48


def test_exchange_views_after_the_hand_keep_the_kitty_and_discards_from_the_others():
    rec = play_out(record(moves=EX_MOVES, options=EXCHANGE))
    full = state(rec)
    for seat in range(4):
        view = GAME.view(rec, seat)
        st = state(view)
        assert st["phase"] == "done" and st["legal_moves"] == [] and st["result"] == full["result"]
        if seat == 1:
            assert view["deal"]["kitty"] == E10_DEAL["kitty"] and st["discards"] == full["discards"]
        else:
            assert view["deal"]["kitty"] == [None] * 6 and st["discards"] == [None] * 6
            assert view["moves"][5]["cards"] == [None] * 6


# --- trick play -----------------------------------------------------------------------------------

def test_joker_must_answer_a_trump_lead_when_it_is_the_only_trump_held():
    rec = record(ONLY_JOKER_DEAL, [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S"), play(0, "5S")])
    assert cards_of(state(rec)) == ["BJ"]
    assert reason_of(rec, play(1, "2H")) == "must_follow_suit"
    rec["moves"] += [play(1, "BJ"), play(2, "2D")]
    assert cards_of(state(rec)) == ["RJ"]
    rec["moves"].append(play(3, "RJ"))
    st = state(rec)
    assert st["tricks"][0]["winner"] == 3 and st["to_act"] == 3


def test_joker_may_not_answer_a_plain_lead_while_holding_that_suit_and_a_void_seat_ruffs_with_it():
    rec = record(RUFF_DEAL, [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S"), play(0, "2H")])
    assert cards_of(state(rec)) == ["3H"]
    assert reason_of(rec, play(1, "BJ")) == "must_follow_suit"
    rec["moves"].append(play(1, "3H"))
    assert len(state(rec)["legal_moves"]) == 12  # void in hearts: the joker (a trump) or any club
    rec["moves"] += [play(2, "RJ"), play(3, "AH")]
    st = state(rec)
    assert st["tricks"][0]["winner"] == 2 and st["to_act"] == 2


def test_at_no_trump_a_joker_answering_a_suit_lead_never_wins():
    rec = record(RUFF_DEAL, [bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "downtown"),
                             play(0, "2H")])
    assert cards_of(state(rec)) == ["3H"]
    rec["moves"] += [play(1, "3H"), play(2, "RJ"), play(3, "AH")]
    assert state(rec)["tricks"][0]["winner"] == 3  # downtown the ace is still best; the joker is nothing


def test_jokers_are_hearts_in_a_heart_contract_and_the_red_one_tops_the_ace_downtown():
    rec = record(RUFF_DEAL, [bid(0, 1, "downtown"), pas(1), pas(2), pas(3), trump(0, "H"), play(0, "2H")])
    assert cards_of(state(rec)) == ["BJ", "3H"]  # both are trumps
    rec["moves"].append(play(1, "BJ"))
    assert cards_of(state(rec)) == ["RJ"]  # seat 2's only heart is the red joker
    assert reason_of(rec, play(2, "2C")) == "must_follow_suit"
    rec["moves"] += [play(2, "RJ"), play(3, "AH")]
    assert state(rec)["tricks"][0]["winner"] == 2


# --- scoring and match end ----------------------------------------------------------------------

def test_made_exactly_at_six_plus_level_and_set_by_one_book():
    out = sc(0, 3, "uptown", [9, 4], [0, 0])
    assert (out["made"], out["deltas"]) == (True, [3, 0])
    out = sc(0, 3, "uptown", [8, 5], [0, 0])
    assert (out["made"], out["deltas"]) == (False, [-3, 0])
    out = sc(3, 7, "downtown", [1, 12], [0, 0])  # bid 7, 12 books: set by one
    assert (out["made"], out["deltas"]) == (False, [0, -7])


def test_books_over_six_defenders_need_seven_books_and_are_doubled_at_no_trump():
    assert sc(0, 2, "uptown", [7, 6], [0, 0], defenders_score="books_over_six")["deltas"] == [-2, 0]
    assert sc(0, 3, "no_trump", [6, 7], [0, 0], defenders_score="books_over_six",
              no_trump_doubles=True)["deltas"] == [-6, 2]
    assert sc(1, 3, "no_trump", [9, 4], [0, 0], defenders_score="books_over_six",
              no_trump_doubles=True)["deltas"] == [6, -6]


def test_boston_wins_at_once_even_from_behind():
    out = sc(0, 1, "uptown", [13, 0], [-6, 6], boston_wins=True)
    assert (out["deltas"], out["scores"], out["boston"], out["match_over"], out["winner"]) == (
        [7, 0], [1, 6], True, True, 0)
    out = sc(0, 1, "uptown", [13, 0], [-6, 6])
    assert (out["scores"], out["boston"], out["match_over"], out["winner"]) == ([1, 6], True, False, None)


def test_set_value_can_push_the_bidders_below_minus_target_and_the_defenders_win():
    out = sc(1, 3, "uptown", [5, 8], [4, -5], defenders_score="set_value")
    assert (out["deltas"], out["scores"], out["match_over"], out["winner"]) == ([3, -3], [7, -8], True, 0)
    out = sc(1, 2, "uptown", [6, 7], [0, -5])
    assert (out["scores"], out["match_over"], out["winner"]) == ([0, -7], True, 0)


def test_matches_score_later_hands_are_ignored_and_scores_default_to_zero():
    hands = [{"contract": {"bidder": 0, "level": 7, "mode": "no_trump"}, "books": [13, 0]},
             {"contract": {"bidder": 1, "level": 7, "mode": "no_trump"}, "books": [0, 13]}]
    out = GAME.score_match({"hands": hands})
    assert out == {"running_scores": [[7, 0]], "scores": [7, 0], "over_after_hand": 0, "winner": 0}


# --- whole hands: result, events, views --------------------------------------------------------

def test_result_of_a_set_hand_in_a_record_with_defenders_options():
    rec = result_record(scores=(0, 0), options={"defenders_score": "set_value"})
    # the same play, but the contract raised to 4 downtown: 9 books, 10 needed
    rec["moves"][0] = bid(0, 4, "downtown")
    res = state(rec)["result"]
    assert res["contract"]["level"] == 4 and res["books"] == [9, 4] and res["made"] is False
    assert (res["deltas"], res["scores"], res["match_over"], res["winner"]) == ([-4, 4], [-4, 4], False, None)


def test_no_events_but_on_tricks_and_the_end():
    hand = GAME.replay(record())
    for i, move in enumerate([bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "downtown"),
                              play(0, "RJ")]):
        assert hand.play(GAME.parse_move(move, 4, PACK, None, "m"), i) == []


def test_a_finished_hand_lists_nothing_for_everyone():
    rec = result_record()
    for seat in range(4):
        st = state(GAME.view(rec, seat))
        assert st["legal_moves"] == [] and st["to_act"] is None and st["phase"] == "done"
        assert st["result"] == state(rec)["result"]


def test_views_keep_hand_sizes_and_replay_to_the_viewers_legal_moves_mid_trick():
    rec = record(RUFF_DEAL, [bid(0, 1, "uptown"), pas(1), pas(2), pas(3), trump(0, "S"), play(0, "2H")])
    full = state(rec)
    view = GAME.view(rec, 1)
    st = state(view)
    assert st["legal_moves"] == full["legal_moves"] == [play(1, "3H")]
    assert [len(h) for h in st["hands"]] == [11, 12, 12, 12]
    assert st["hands"][0] == [None] * 11
    # the view accepts seat 1's legal card and refuses the joker, as the full record does
    assert reason_of(view, play(1, "BJ")) == "must_follow_suit"
    # another seat's view cannot know seat 1 holds a heart
    assert reason_of(GAME.view(rec, 3), play(1, "BJ")) is None


# --- record validation order (CONVENTIONS.md "Validating a record") --------------------------------

def test_record_problems_are_reported_in_the_agreed_order():
    def first(**changes):
        rec = record()
        for key, value in changes.items():
            if key == "kitty":
                rec["deal"]["kitty"] = value
            else:
                rec[key] = value
        with pytest.raises(InvalidRecord) as err:
            GAME.replay(rec)
        return err.value.reason
    bad = {"options": {"target": 8}, "dealer": 4, "match": {"scores": [7, 0]}, "kitty": ["2S"]}
    assert first(**bad) == "bad_option"
    assert first(**{**bad, "options": {"target": 8, "nope": 1}}) == "unknown_option"
    assert first(**{k: v for k, v in bad.items() if k != "options"}) == "bad_seat"
    assert first(match={"scores": [7, 0]}, kitty=["2S"]) == "match_already_over"
    # deal: card strings, then duplicates, then counts
    rec = record()
    rec["deal"]["kitty"] = ["2S", "3S"]  # short kitty, 2S and 3S already in the kitty: counts
    rec["deal"]["hands"][0][1] = "2S"  # a duplicate
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(rec)
    assert err.value.reason == "duplicate_card"
    rec["deal"]["hands"][3][0] = "XX"
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(rec)
    assert err.value.reason == "unknown_card"


def test_a_card_outside_the_pack_inside_a_move_is_an_invalid_record_not_an_illegal_move():
    rec = record(moves=[bid(0, 1, "no_trump"), pas(1), pas(2), pas(3), direction(0, "downtown"),
                        play(0, "JK")])
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(rec)
    assert err.value.reason == "unknown_card"


# --- the API -------------------------------------------------------------------------------------

def test_api_legal_moves_of_a_finished_hand_and_bids_validate_bad_move(client):
    from .contract import call
    r = call(client, "POST", "/v1/games/bid-whist/legal-moves", json={"record": result_record()})
    assert r.json == {"seat": None, "moves": []}
    r = call(client, "POST", "/v1/games/bid-whist/bids/validate",
             json={"dealer": 3, "calls": [{"seat": 0, "type": "double"}], "bid": pas(1)})
    assert (r.status_code, r.json["code"], r.json["reason"]) == (422, "invalid_record", "bad_move")


def test_api_moves_validate_in_the_declaring_phase(client):
    from .contract import call
    rec = record(moves=[pas(0), bid(1, 3, "no_trump"), pas(2), pas(3)])
    for move, reason in [(trump(1, "S"), "wrong_phase"), (direction(2, "uptown"), "not_your_turn"),
                         (direction(1, "up"), "invalid_direction"), (direction(1, "uptown"), None)]:
        r = call(client, "POST", "/v1/games/bid-whist/moves/validate", json={"record": rec, "move": move})
        assert r.json["reason"] == reason and r.json["legal"] is (reason is None)
