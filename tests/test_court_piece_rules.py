"""Court Piece rules, one test per rule of court-piece.md (the worked examples are in *_examples)."""

import copy

import pytest

from service.rules.errors import IllegalMove, InvalidRecord
from service.rules.games.court_piece import GAME, PACK

DEAL_A = [
    "QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H KC AC".split(),
    "QS AH KH 2C 3C 4C 5C 6C 7C 8C 9C TC JC".split(),
    "KS AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D".split(),
    "AS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2D QC".split(),
]
DEAL_O = [
    "AS KS QS 9H 6H 3H TD 7D 4D JC 8C 5C 2D".split(),
    "AH KH QH JS 8S 5S 9D 6D 3D TC 7C 4C 2C".split(),
    "AD KD QD TS 7S 4S JH 8H 5H 9C 6C 3C 2S".split(),
    "AC KC QC 9S 6S 3S TH 7H 4H JD 8D 5D 2H".split(),
]
DEAL_S = [[r + s for r in "AKQJT98765432"] for s in "SHDC"]


def rec(deal=DEAL_O, moves=(), mode="single_sar", dealer=0, match=None, **options):
    return {"game": "court-piece", "options": {"mode": mode, **options}, "dealer": dealer,
            "deal": {"hands": copy.deepcopy(deal)}, "moves": [dict(m) for m in moves],
            "match": match if match is not None else {"hand_number": 2, "scores": [0, 0]}}


def mv(seat, type_, **fields):
    return {"seat": seat, "type": type_, **fields}


def P(seat, card):
    return mv(seat, "play", card=card)


def reason(record, move):
    hand = GAME.replay(record)
    refusal = hand.check(GAME.parse_move(move, 4, PACK, hand.viewer, "move"))
    return refusal and refusal[0]


def invalid(record):
    with pytest.raises(InvalidRecord) as err:
        GAME.replay(record)
    return err.value.reason


def state(record):
    return GAME.replay(record).state()


def legal(record):
    return GAME.replay(record).legal_moves()


# ------------------------------------------------------------------ deal
def test_deal_is_reproducible_and_packets_go_five_four_four_from_dealer_plus_one():
    a = GAME.deal("x", {}, 1, {"hand_number": 2})
    assert a == GAME.deal("x", {}, 1, {"hand_number": 2})
    from service.rules.shuffle import shuffled
    from service.rules.cards import NAMES
    cards = [NAMES[c] for c in shuffled(PACK.order, "x")]
    hands = a["deal"]["hands"]
    assert hands[2][:5] == cards[0:5] and hands[3][:5] == cards[5:10]
    assert hands[0][:5] == cards[10:15] and hands[1][:5] == cards[15:20]
    assert hands[2][5:9] == cards[20:24] and hands[1][9:13] == cards[48:52]
    assert a["match"] == {"hand_number": 2, "scores": [0, 0], "consecutive_wins": [0, 0],
                          "first_game_seats": []}
    assert a["options"]["mode"] == "single_sar" and a["options"]["target_points"] == 10


def test_unseeded_deal_returns_its_seed():
    a = GAME.deal(None, {}, 0, {"hand_number": 3})
    assert a == GAME.deal(a["seed"], {}, 0, {"hand_number": 3})


def test_first_hand_draw_sets_the_dealer_and_the_record_replays():
    a = GAME.deal("draw-5", {"mode": "hidden_trump"}, 0, None)
    assert a["dealer"] == 2 and a["deal"]["draw"][-1] == [{"seat": 0, "card": "5D"}, {"seat": 3, "card": "8H"}]
    hand = GAME.replay(a)
    assert hand.to_act == 3
    # no draw when the option is off or in a later hand
    assert "draw" not in GAME.deal("draw-5", {"first_hand_draw": False}, 0, None)["deal"]
    assert "draw" not in GAME.deal("draw-5", {}, 0, {"hand_number": 2})["deal"]
    assert GAME.deal("draw-5", {"first_hand_draw": False}, 0, None)["dealer"] == 0


def test_draw_is_checked():
    a = GAME.deal("draw-5", {}, 0, None)
    bad = copy.deepcopy(a)
    bad["dealer"] = 1
    assert invalid(bad) == "draw_mismatch"
    bad = copy.deepcopy(a)
    bad["deal"]["draw"] = None
    assert invalid(bad) == "bad_draw"
    bad = copy.deepcopy(a)
    bad["match"]["hand_number"] = 2
    assert invalid(bad) == "bad_draw"
    bad = copy.deepcopy(a)
    bad["options"]["first_hand_draw"] = False
    assert invalid(bad) == "bad_draw"
    bad = copy.deepcopy(a)
    bad["deal"]["draw"] = bad["deal"]["draw"][:1]  # ends on a tie
    assert invalid(bad) == "bad_draw"
    bad = copy.deepcopy(a)
    bad["deal"]["draw"][1][0]["seat"] = 1  # only the tied seats draw again
    assert invalid(bad) == "bad_draw"
    # without a draw the named dealer stands
    ok = copy.deepcopy(a)
    del ok["deal"]["draw"], ok["seed"]  # dealt by hand: a seed would have to match its deal
    ok["dealer"] = 1
    assert GAME.replay(ok).to_act == 2


# ------------------------------------------------------------------ invalid records
@pytest.mark.parametrize("mutate, code", [
    (lambda r: r.update(game="buck-euchre"), "wrong_game"),
    (lambda r: r.update(extra=1), "bad_record"),
    (lambda r: r["options"].update(colour="red"), "unknown_option"),
    (lambda r: r["options"].update(mode="Hidden"), "bad_option"),
    (lambda r: r["options"].update(target_points=0), "bad_option"),
    (lambda r: r.update(dealer=4), "bad_dealer"),
    (lambda r: r.update(dealer=True), "bad_dealer"),
    (lambda r: r.update(match={"hand_number": 0}), "bad_match"),
    (lambda r: r.update(match={"scores": None}), "bad_match"),
    (lambda r: r.update(match={"scores": [-1, 0]}), "bad_match"),
    (lambda r: r.update(match={"consecutive_wins": [1, 2]}), "bad_match"),
    (lambda r: r.update(match={"consecutive_wins": [7, 0]}), "bad_match"),
    (lambda r: r.update(match={"first_game_seats": [4]}), "bad_match"),
    (lambda r: r.update(match={"color": 1}), "bad_match"),
    (lambda r: r.update(match={"scores": [10, 3]}), "match_over"),
    (lambda r: r.update(viewer=7), "bad_viewer"),
    (lambda r: r.update(deal=[]), "bad_deal"),
    (lambda r: r["deal"].update(extra=1), "bad_deal"),
    (lambda r: r["deal"]["hands"].pop(), "bad_deal"),
    (lambda r: r["deal"]["hands"][0].pop(), "wrong_card_count"),
    (lambda r: r["deal"]["hands"][0].__setitem__(0, "1S"), "bad_card"),
    (lambda r: r["deal"]["hands"][0].__setitem__(0, None), "bad_card"),
    (lambda r: r["deal"]["hands"][0].__setitem__(0, "KS"), "duplicate_card"),
    (lambda r: r.update(moves=None), "bad_moves"),
    (lambda r: r.update(moves=[1]), "bad_move"),
    (lambda r: r.update(moves=[{"seat": 4, "type": "timeout"}]), "bad_seat"),
    (lambda r: r.update(moves=[{"type": "timeout"}]), "bad_seat"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "bid"}]), "unknown_move_type"),
    (lambda r: r.update(moves=[{"seat": 1}]), "unknown_move_type"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump"}]), "bad_move"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump", "suit": "S", "card": "AH"}]), "bad_move"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump", "suit": "s"}]), "bad_move"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump", "suit": "S", "x": 1}]), "bad_move"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump", "suit": "S"}, {"seat": 1, "type": "play"}]),
     "bad_move"),
    (lambda r: r.update(moves=[{"seat": 1, "type": "call_trump", "suit": "S"},
                               {"seat": 1, "type": "play", "card": "ZZ"}]), "bad_card"),
])
def test_invalid_records(mutate, code):
    r = rec()
    mutate(r)
    assert invalid(r) == code


def test_records_report_options_before_dealer_before_match_before_deal():
    r = rec()
    r["options"]["x"] = 1
    r["dealer"] = 9
    r["match"] = {"hand_number": 0}
    r["deal"] = None
    assert invalid(r) == "unknown_option"
    del r["options"]["x"]
    assert invalid(r) == "bad_dealer"
    r["dealer"] = 0
    assert invalid(r) == "bad_match"
    r["match"] = None
    assert invalid(r) == "bad_deal"


def test_deal_checks_cards_then_duplicates_then_counts():
    r = rec()
    r["deal"]["hands"][0].pop()
    r["deal"]["hands"][1][0] = "AS"
    assert invalid(r) == "duplicate_card"
    r["deal"]["hands"][2][0] = "XX"
    assert invalid(r) == "bad_card"


def test_an_illegal_move_is_reported_before_a_malformed_one_after_it():
    r = rec(moves=[mv(2, "call_trump", suit="S"), {"seat": 9}])
    with pytest.raises(IllegalMove) as err:
        GAME.replay(r)
    assert err.value.reason == "not_your_turn" and err.value.move_index == 0


def test_card_aliases_are_accepted_and_written_canonically():
    r = rec(moves=[mv(1, "call_trump", suit="H"), P(1, "js"), P(2, "10s")])
    r["deal"]["hands"][0][0] = "as"
    hand = GAME.replay(r)
    out = hand.to_record()
    assert out["deal"]["hands"][0][0] == "AS"
    assert out["moves"][1:] == [P(1, "JS"), P(2, "TS")]


def test_absent_moves_and_null_match_are_a_new_hand():
    r = rec()
    del r["moves"]
    r["match"] = None
    hand = GAME.replay(r)
    assert hand.match == {"hand_number": 1, "scores": [0, 0], "consecutive_wins": [0, 0],
                          "first_game_seats": []}


# ------------------------------------------------------------------ choosing trumps
def test_first_chooser_time_limit_and_first_game_clock():
    assert state(rec())["time_limit_s"] == 20
    r = rec(match={"hand_number": 2, "first_game_seats": [1, 3]})
    assert state(r)["time_limit_s"] == 10
    r["moves"] = [mv(1, "pass_to_partner")]
    assert state(r)["time_limit_s"] == 20  # the partner always has call_seconds
    r = rec(match={"hand_number": 2, "first_game_seats": [1]}, call_seconds=30, first_game_call_seconds=7)
    assert state(r)["time_limit_s"] == 7
    r["moves"] = [mv(1, "timeout")]
    assert state(r)["time_limit_s"] == 30
    r["moves"].append(mv(3, "call_trump", suit="D"))
    assert state(r)["time_limit_s"] is None


def test_choose_trump_listing_and_state():
    st = state(rec())
    assert st["phase"] == "choose_trump" and st["to_act"] == 1 and st["deciding"] == 1
    assert st["legal_moves"] == [mv(1, "call_trump", suit=s) for s in "SHDC"] + [
        mv(1, "pass_to_partner"), mv(1, "timeout")]
    st = state(rec(mode="hidden_trump", rung_royal=True))
    assert st["legal_moves"] == [mv(1, "call_trump", card=c) for c in DEAL_O[1][:5]] + [
        mv(1, "pass_to_partner"), mv(1, "change_cards"), mv(1, "timeout")]
    for key in ("caller", "calling_team", "trump", "luck_card", "current_trick", "result"):
        assert st[key] is None
    assert st["passed_to_partner"] is False and st["first_chooser"] == 1 and st["dealer"] == 0


def test_first_chooser_timeout_is_a_pass_and_the_partner_cannot_pass():
    r = rec(moves=[mv(1, "timeout")])
    st = state(r)
    assert st["passed_to_partner"] is True and st["to_act"] == 3 and st["deciding"] == 3
    assert reason(r, mv(3, "pass_to_partner")) == "partner_cannot_pass"
    assert reason(r, mv(1, "pass_to_partner")) == "not_your_turn"
    assert reason(rec(), mv(3, "pass_to_partner")) == "not_your_turn"


def test_partner_calls_and_leads():
    r = rec(moves=[mv(1, "pass_to_partner"), mv(3, "call_trump", suit="C")])
    st = state(r)
    assert (st["caller"], st["calling_team"], st["to_act"], st["trump"]) == (3, 1, 3, "C")
    assert st["events"] == [{"type": "passed_to_partner", "seat": 1, "index": 0},
                            {"type": "trump_called", "seat": 3, "index": 1}]


def test_call_trump_reasons():
    assert reason(rec(), mv(1, "call_trump", card="AH")) == "suit_required"
    assert reason(rec(mode="hidden_trump"), mv(1, "call_trump", suit="H")) == "card_required"
    assert reason(rec(mode="hidden_trump"), mv(1, "call_trump", card="JS")) is None
    assert reason(rec(mode="hidden_trump"), mv(1, "call_trump", card="5S")) == "card_not_in_first_five"
    assert reason(rec(mode="hidden_trump"), mv(1, "call_trump", card="AS")) == "card_not_in_first_five"
    assert reason(rec(), mv(0, "call_trump", suit="H")) == "not_your_turn"


def test_any_suit_may_be_called_in_open_modes():
    for s in "SHDC":
        assert reason(rec(), mv(1, "call_trump", suit=s)) is None


def test_luck_card_open_mode_stays_in_hand():
    r = rec(moves=[mv(1, "timeout"), mv(3, "timeout")])
    st = state(r)
    assert st["luck"] is True and st["luck_card"] == "5S" and st["trump"] == "S" and st["caller"] == 1
    assert {"type": "luck_card", "card": "5S", "index": 1} in st["events"]
    assert P(1, "5S") in st["legal_moves"]


def test_luck_card_hidden_mode_is_face_down_and_unseen():
    r = rec(mode="hidden_trump", moves=[mv(1, "timeout"), mv(3, "timeout")])
    st = state(r)
    assert st["luck"] is True and st["luck_card"] is None and st["trump"] is None
    assert st["face_down_card"] == "5S" and st["face_down_seat"] == 1 and st["caller"] == 1
    assert {"type": "luck_card", "card": None, "index": 1} in st["events"]
    assert reason(r, P(1, "5S")) == "card_face_down"
    # the owner does not see it either
    view = GAME.view(r, 1)
    assert view["deal"]["hands"][1][5] is None
    assert view["deal"]["hands"][1][:5] == DEAL_O[1][:5] and view["deal"]["hands"][1][6:] == DEAL_O[1][6:]
    vst = GAME.replay(view).state()
    assert vst["face_down_card"] is None and vst["legal_moves"] == st["legal_moves"]


# ------------------------------------------------------------------ wrong phase, disabled moves
def test_disabled_moves_are_reported_before_phase_and_turn():
    done = rec(moves=[mv(1, "change_cards")], rung_royal=True)
    assert reason(done, mv(1, "timeout")) == "hand_over"
    assert reason(rec(), mv(3, "reveal")) == "not_hidden_mode"
    assert reason(rec(moves=[mv(1, "call_trump", suit="H")]), mv(2, "reveal")) == "not_hidden_mode"
    assert reason(rec(), mv(2, "change_cards")) == "extras_disabled"
    assert reason(rec(), mv(2, "change_trump", suit="S")) == "extras_disabled"


def test_wrong_phase_whoever_sends_it():
    assert reason(rec(), P(3, "AC")) == "wrong_phase"
    assert reason(rec(mode="hidden_trump"), mv(2, "reveal")) == "wrong_phase"
    assert reason(rec(rung_royal=True), mv(2, "change_trump", suit="S")) == "wrong_phase"
    played = rec(moves=[mv(1, "call_trump", suit="H")], rung_royal=True)
    for m in (mv(0, "call_trump", suit="S"), mv(0, "pass_to_partner"), mv(0, "timeout"),
              mv(0, "change_cards")):
        assert reason(played, m) == "wrong_phase"


# ------------------------------------------------------------------ play
OPEN_H = [mv(1, "call_trump", suit="H")]


def test_following_suit_and_discarding():
    r = rec(moves=OPEN_H + [P(1, "JS")])
    assert [m["card"] for m in legal(r)] == ["TS", "7S", "4S", "2S"]
    assert reason(r, P(2, "AD")) == "must_follow_suit"
    assert reason(r, P(2, "AS")) == "card_not_in_hand"
    assert reason(r, P(3, "9S")) == "not_your_turn"


def test_trumping_is_never_compulsory():
    # deal S: seat 2 holds only diamonds; with hearts trump seat 1 leads... seat 2 cannot follow spades
    r = rec(deal=DEAL_S, moves=[mv(1, "call_trump", suit="D"), P(1, "2H")])
    assert len(legal(r)) == 13  # seat 2 void: any card, trump or not
    r = rec(deal=DEAL_A, moves=[mv(1, "call_trump", suit="S"), P(1, "AH")])
    # seat 2 has one spade (KS) and no heart: may discard a diamond
    assert reason(r, P(2, "3D")) is None and reason(r, P(2, "KS")) is None


def test_trump_beats_led_suit_and_off_suit_never_wins():
    r = rec(deal=DEAL_A, moves=[mv(1, "call_trump", suit="S"), P(1, "AH"), P(2, "3D"), P(3, "2S"),
                                 P(0, "2H")])
    assert state(r)["tricks"][0]["winner"] == 3
    r = rec(deal=DEAL_A, moves=[mv(1, "call_trump", suit="C"), P(1, "AH"), P(2, "AD"), P(3, "AS"),
                                 P(0, "2H")])
    t = state(r)["tricks"][0]
    assert (t["winner"], t["winning_card"]) == (1, "AH")
    assert "revealed_at" not in t and "taken_by" not in t


def test_already_played_card_is_not_in_hand():
    r = rec(moves=OPEN_H + [P(1, "AH"), P(2, "JH"), P(3, "TH"), P(0, "9H")])
    assert reason(r, P(1, "AH")) == "card_not_in_hand"
    st = state(r)
    assert st["current_trick"] == {"leader": 1, "cards": []} and st["to_act"] == 1
    assert st["hands"][1] == DEAL_O[1][1:]


def test_play_listing_in_dealt_order():
    r = rec(moves=OPEN_H)
    assert legal(r) == [P(1, c) for c in DEAL_O[1]]


def test_hand_ends_the_moment_a_team_has_seven_and_goon_kot_scores_four():
    # deal S, seat 1 calls diamonds (held by seat 2): seat 2 trumps everything
    moves = [mv(1, "call_trump", suit="D")]
    r = rec(deal=DEAL_S, moves=moves)
    hand = GAME.replay(r)
    while hand.phase != "done":
        m = hand.legal_moves()[-1] if hand.to_act != 2 else hand.legal_moves()[0]
        hand.play(GAME.parse_move(m, 4, PACK, None, "m"), len(hand.moves))
    res = hand.result
    assert res["tricks_won"] == [7, 0] and res["winner_team"] == 0
    assert res["goon_kot"] is True and res["kot"] is False
    assert res["deltas"] == [4, 0] and res["next_dealer"] == 1
    assert len(hand.tricks) == 7
    assert hand.check({"seat": 2, "type": "play", "card": 40})[0] == "hand_over"


# ------------------------------------------------------------------ hidden trump
HID = [mv(1, "call_trump", card="QS")]


def hidden(moves=(), **o):
    return rec(deal=DEAL_A, mode="hidden_trump", moves=HID + list(moves), **o)


def test_reveal_reasons():
    r = hidden()
    assert reason(r, mv(1, "reveal")) is None  # the caller about to lead
    r = hidden([P(1, "AH")])
    assert reason(r, mv(2, "reveal")) is None  # no heart
    r = hidden([P(1, "AH"), P(2, "KS"), mv(3, "reveal")])
    assert reason(r, mv(3, "reveal")) == "trump_already_revealed"
    r = rec(deal=DEAL_O, mode="hidden_trump", moves=[mv(1, "call_trump", card="JS"), P(1, "AH")])
    assert reason(r, mv(2, "reveal")) == "can_follow_suit"
    r = rec(deal=DEAL_O, mode="hidden_trump",
            moves=[mv(1, "call_trump", card="JS"), P(1, "AH"), P(2, "JH"), P(3, "TH"), P(0, "9H")])
    assert reason(r, mv(1, "reveal")) is None
    # a non-caller about to lead may not reveal
    r = rec(deal=DEAL_O, mode="hidden_trump",
            moves=[mv(1, "call_trump", card="JS"), P(1, "TC"), P(2, "9C"), P(3, "AC"), P(0, "JC")])
    assert state(r)["to_act"] == 3
    assert reason(r, mv(3, "reveal")) == "only_caller_reveals_on_lead"


def test_reveal_event_state_and_views():
    r = hidden([P(1, "AH"), P(2, "KS"), mv(3, "reveal")])
    st = state(r)
    assert st["trump"] == "S" and st["trump_revealed"] is True and st["must_play_trump"] == 3
    assert st["events"][-1] == {"type": "trump_revealed", "seat": 3, "card": "QS", "trump": "S", "index": 3}
    assert [m["card"] for m in st["legal_moves"]] == "AS JS TS 9S 8S 7S 6S 5S 4S 3S 2S".split()
    for seat in range(4):
        view = GAME.view(r, seat)
        assert view["moves"][0]["card"] == "QS"
        assert view["deal"]["hands"][1][0] == "QS"
    # the revealed card is an ordinary card of the caller's hand now
    r = hidden([mv(1, "reveal")])
    assert legal(r) == [P(1, "QS")]


def test_before_the_reveal_the_face_down_card_is_private():
    r = hidden()
    for seat in (0, 2, 3):
        view = GAME.view(r, seat)
        assert view["moves"][0] == {"seat": 1, "type": "call_trump", "card": None}
        assert view["deal"]["hands"][1] == [None] * 13
        vst = GAME.replay(view).state()
        assert vst["face_down_card"] is None and vst["face_down_seat"] == 1
        assert vst["legal_moves"] is None
    view = GAME.view(r, 1)
    assert view["moves"][0]["card"] == "QS" and view["deal"]["hands"][1] == DEAL_A[1]
    assert GAME.replay(view).state()["face_down_card"] == "QS"
    assert GAME.replay(view).legal_moves() == GAME.replay(r).legal_moves()


def test_face_down_card_does_not_oblige_following_and_a_revealing_caller_follows_with_it():
    # deal O: seat 1 passes, seat 3 hides 9S; his other spades 6S 3S must follow, the 9S never has to
    base = [mv(1, "pass_to_partner"), mv(3, "call_trump", card="9S")]
    r = rec(deal=DEAL_O, mode="hidden_trump", moves=base)
    assert state(r)["caller"] == 3 and state(r)["to_act"] == 3
    moves = base + [P(3, "TH"), P(0, "9H"), P(1, "AH"), P(2, "JH"),   # seat 1 wins
                    P(1, "JS"), P(2, "TS")]
    r = rec(deal=DEAL_O, mode="hidden_trump", moves=moves)
    # seat 3 holds 6S 3S besides the face-down 9S: must follow with them
    assert [m["card"] for m in legal(r) if m["type"] == "play"] == ["6S", "3S"]
    assert reason(r, mv(3, "reveal")) == "can_follow_suit"
    moves += [P(3, "6S"), P(0, "AS")]
    moves += [P(0, "KS"), P(1, "8S"), P(2, "7S"), P(3, "3S"),   # seat 0 wins
              P(0, "QS"), P(1, "5S"), P(2, "4S")]
    r = rec(deal=DEAL_O, mode="hidden_trump", moves=moves)
    # seat 3's only spade is the face-down 9S: he may discard, or reveal and must then play it
    lm = legal(r)
    assert mv(3, "reveal") in lm and P(3, "9S") not in lm and P(3, "AC") in lm
    r["moves"].append(mv(3, "reveal"))
    assert legal(r) == [P(3, "9S")]
    r["moves"].append(P(3, "9S"))
    t = state(r)["tricks"][-1]
    assert t["winner"] == 3 and t["revealed_at"] == 3  # the 9S, a trump after the reveal, wins


def test_after_a_reveal_by_a_seat_without_trump_any_card():
    # deal S: seat 1 hides AH and leads 2H; seat 2 (diamonds only) demands, holds no trump: any card
    r = rec(deal=DEAL_S, mode="hidden_trump", moves=[mv(1, "call_trump", card="AH"), P(1, "2H")])
    assert reason(r, mv(2, "reveal")) is None
    r["moves"].append(mv(2, "reveal"))
    assert state(r)["must_play_trump"] == 2 and state(r)["trump"] == "H"
    assert legal(r) == [P(2, c) for c in DEAL_S[2]]
    r["moves"] += [P(2, "2D"), P(3, "2C"), P(0, "2S")]
    t = state(r)["tricks"][0]
    assert (t["winner"], t["revealed_at"]) == (1, 1)  # the 2H led before the reveal is plain, and wins


def test_after_ones_own_reveal_a_held_trump_is_compulsory():
    # deal A, hidden QS: seat 0 wins two club tricks, leads 2H; seat 2 (no heart) demands: his KS
    moves = [P(1, "2C"), P(2, "3D"), P(3, "QC"), P(0, "AC"),
             P(0, "KC"), P(1, "3C"), P(2, "4D"), P(3, "2D"),
             P(0, "2H"), P(1, "KH")]
    r = hidden(moves)
    r["moves"].append(mv(2, "reveal"))
    assert legal(r) == [P(2, "KS")]
    assert reason(r, P(2, "5D")) == "must_play_trump_after_reveal"
    # seat 3 after seat 2 discarded: no heart, demands and may play any of his spades
    r = hidden(moves + [P(2, "5D"), mv(3, "reveal")])
    assert {m["card"] for m in legal(r)} == set(DEAL_A[3][:11])
    assert state(r)["must_play_trump"] == 3


def test_trump_counts_from_the_reveal_and_tricks_after_it_use_trump_from_zero():
    moves = [P(1, "AH"), P(2, "KS"), mv(3, "reveal"), P(3, "2S"), P(0, "2H"),   # seat 3 wins with 2S
             P(3, "2D"), P(0, "3H"), P(1, "2C"), P(2, "AD")]                   # seat 0 can't follow: 3H
    st = state(hidden(moves))
    assert [t["revealed_at"] for t in st["tricks"]] == [2, None]
    assert st["tricks"][1]["winner"] == 2
    moves += [P(2, "KD"), P(3, "AS"), P(0, "4H"), P(1, "3C")]  # spade on a diamond lead trumps
    st = state(hidden(moves))
    assert st["tricks"][2]["winner"] == 3 and st["tricks"][2]["revealed_at"] is None


def test_reveal_on_lead_sets_revealed_at_zero():
    st = state(hidden([mv(1, "reveal"), P(1, "QS"), P(2, "KS"), P(3, "AS"), P(0, "2H")]))
    t = st["tricks"][0]
    assert t["revealed_at"] == 0 and t["winner"] == 3


def test_face_down_card_cannot_be_played_and_caller_last_card_is_reveal():
    assert reason(hidden(), P(1, "QS")) == "card_face_down"
    assert reason(hidden(), P(2, "QS")) == "not_your_turn"


def test_unrevealed_trump_is_exposed_in_the_result_and_views_at_the_end():
    from .test_court_piece_data import EXAMPLES
    r = copy.deepcopy(EXAMPLES[12]["input"])
    for seat in range(4):
        view = GAME.view(r, seat)
        assert view["moves"][0]["card"] == "JS" and view["deal"]["hands"][1][3] == "JS"
        assert GAME.replay(view).state()["result"]["face_down_card"] == "JS"


def test_luck_card_revealed_at_the_end_is_public():
    # deal S, hidden: both time out; the unseen luck card 9H; seat 1 holds hearts only
    r = rec(deal=DEAL_S, mode="hidden_trump", moves=[mv(1, "timeout"), mv(3, "timeout")])
    hand = GAME.replay(r)
    assert hand.face_down == PACK.parse("9H", "x")
    # seat 1 leads hearts: nobody can follow, nobody has to reveal
    while hand.phase != "done":
        lm = hand.legal_moves()
        m = next((x for x in lm if x["type"] == "play"), lm[0])
        hand.play(GAME.parse_move(m, 4, PACK, None, "m"), len(hand.moves))
    rec_done = hand.to_record()
    assert hand.result["face_down_card"] == "9H" and hand.result["trump"] == "H"
    for seat in range(4):
        assert GAME.view(rec_done, seat)["deal"]["hands"][1][5] == "9H"


def test_caller_whose_last_card_is_face_down_may_only_reveal():
    # deal S, hidden: seat 1 hides AH; only hearts; he leads 12 hearts, the others discard;
    # team 1 wins each, at 7 the hand stops, so use the luck route to reach the last card: the
    # hand stops at seven, so exercise the rule directly on a late position
    r = rec(deal=DEAL_S, mode="hidden_trump", moves=[mv(1, "call_trump", card="AH")])
    hand = GAME.replay(r)
    hand.holdings.held[1] = [hand.face_down]
    hand.holdings.known[1] = 1 << hand.face_down
    assert hand.legal_moves() == [mv(1, "reveal")]


# ------------------------------------------------------------------ Rung Royal extras
def test_change_cards_is_a_redeal_without_hand_over():
    r = rec(rung_royal=True, moves=[mv(1, "pass_to_partner"), mv(3, "change_cards")])
    hand = GAME.replay(r)
    assert hand.phase == "done" and hand.result["redeal"] is True and hand.result["next_dealer"] == 0
    assert [e["type"] for e in hand.events][-1] == "redeal"
    assert "hand_over" not in [e["type"] for e in hand.events]
    assert hand.result["next_match"]["hand_number"] == 3
    assert reason(rec(rung_royal=True), mv(2, "change_cards")) == "not_your_turn"


def test_change_trump_open_mode():
    r = rec(rung_royal=True, moves=OPEN_H)
    lm = legal(r)
    assert lm[-3:] == [mv(1, "change_trump", suit=s) for s in "SDC"]
    assert reason(r, mv(1, "change_trump", suit="H")) == "same_trump"
    assert reason(r, mv(1, "change_trump", card="AS")) == "suit_required"
    r["moves"].append(mv(1, "change_trump", suit="C"))
    st = state(r)
    assert st["trump"] == "C" and st["trump_changed"] is True and st["to_act"] == 1
    assert st["events"][-1] == {"type": "trump_changed", "seat": 1, "index": 1}
    assert reason(r, mv(1, "change_trump", suit="D")) == "trump_already_changed"
    assert all(m["type"] == "play" for m in legal(r))


def test_change_trump_reasons_in_order():
    r = rec(rung_royal=True, moves=OPEN_H + [P(1, "AH")])
    assert reason(r, mv(2, "change_trump", suit="S")) == "only_caller_changes_trump"
    r["moves"] += [P(2, "JH"), P(3, "TH"), P(0, "9H")]
    assert reason(r, mv(1, "change_trump", suit="S")) == "too_late_to_change_trump"
    h = rec(deal=DEAL_A, mode="hidden_trump", rung_royal=True, moves=HID)
    assert reason(h, mv(1, "change_trump", suit="S")) == "card_required"
    assert reason(h, mv(1, "change_trump", card="QS")) == "same_trump"
    assert reason(h, mv(1, "change_trump", card="3C")) is None
    assert reason(h, mv(1, "change_trump", card="4C")) == "card_not_in_first_five"
    h["moves"].append(mv(1, "reveal"))
    assert reason(h, mv(1, "change_trump", card="3C")) == "too_late_to_change_trump"


def test_change_trump_hidden_mode_keeps_trump_hidden_and_returns_the_old_card():
    r = rec(deal=DEAL_A, mode="hidden_trump", rung_royal=True, moves=HID + [mv(1, "change_trump", card="AH")])
    st = state(r)
    assert st["face_down_card"] == "AH" and st["trump"] is None and st["trump_revealed"] is False
    assert P(1, "QS") in st["legal_moves"] and P(1, "AH") not in st["legal_moves"]
    for seat in (0, 2, 3):
        view = GAME.view(r, seat)
        assert [m.get("card") for m in view["moves"]] == [None, None]
    r["moves"] += [mv(1, "reveal")]
    st = state(r)
    assert st["trump"] == "H" and st["legal_moves"] == [P(1, "AH"), P(1, "KH")]
    view = GAME.view(r, 0)
    assert [m.get("card") for m in view["moves"]] == [None, "AH", None]


def test_change_trump_swaps_the_unseen_luck_card_into_the_hand():
    r = rec(mode="hidden_trump", rung_royal=True,
            moves=[mv(1, "timeout"), mv(3, "timeout"), mv(1, "change_trump", card="AH")])
    assert GAME.view(r, 1)["deal"]["hands"][1][5] == "5S"
    assert GAME.view(r, 0)["deal"]["hands"][1][5] is None
    assert GAME.view(r, 0)["moves"][2]["card"] is None
    vh = GAME.replay(GAME.view(r, 1))
    assert vh.legal_moves() == GAME.replay(r).legal_moves()
    assert vh.state()["face_down_card"] == "AH"


# ------------------------------------------------------------------ views
def test_views_before_trumps_show_only_the_first_five():
    r = rec()
    for seat in range(4):
        view = GAME.view(r, seat)
        assert view["viewer"] == seat and "seed" not in view
        for s in range(4):
            expected = DEAL_O[s][:5] + [None] * 8 if s == seat else [None] * 13
            assert view["deal"]["hands"][s] == expected
    r["moves"] = OPEN_H
    assert GAME.view(r, 2)["deal"]["hands"][2] == DEAL_O[2]
    r["moves"] = [mv(1, "timeout"), mv(3, "timeout")]
    view = GAME.view(r, 0)
    assert view["deal"]["hands"][1] == [None] * 5 + ["5S"] + [None] * 7


def test_view_legal_moves_are_null_for_other_seats_and_a_view_cannot_give_another_view():
    r = rec(moves=OPEN_H)
    view = GAME.view(r, 0)
    hand = GAME.replay(view)
    assert hand.state()["legal_moves"] is None
    with pytest.raises(InvalidRecord) as err:
        hand.view_record(2)
    assert err.value.reason == "view_incomplete"


def test_view_checks_other_seats_moves_against_what_it_knows():
    r = rec(moves=OPEN_H)
    view = GAME.view(r, 0)
    assert reason(view, P(1, "AS")) == "card_not_in_hand"  # the viewer holds it
    assert reason(view, P(1, "2D")) == "card_not_in_hand"
    assert reason(view, P(1, "KD")) is None              # may be in seat 1's hand
    view["moves"].append(P(1, "KD"))
    assert reason(view, P(2, "KD")) == "card_not_in_hand"  # played already


def test_view_lacking_a_needed_card_is_incomplete():
    r = rec(moves=OPEN_H)
    view = GAME.view(r, 1)
    view["deal"]["hands"][1][7] = None
    assert invalid(view) == "view_incomplete"
    view = GAME.view(rec(), 1)
    view["deal"]["hands"][1][0] = None
    assert invalid(view) == "view_incomplete"
    # a null card outside a view is a bad card
    r2 = rec()
    r2["deal"]["hands"][0][0] = None
    assert invalid(r2) == "bad_card"


# ------------------------------------------------------------------ double sar piles
def pile_run(winners, aces=(), **options):
    """Feed tricks with the given winners straight into a double sar hand's pile logic."""
    hand = GAME.replay(rec(mode="double_sar", moves=[mv(1, "call_trump", suit="S")], **options))
    low = [PACK.parse(c, "x") for c in ("2H", "3H", "4H")]
    events = []
    for t, w in enumerate(winners):
        hi = PACK.parse("AH" if t in aces else "KH", "x")
        leader = hand.to_act
        hand.trick = [((leader + i) % 4, hi if (leader + i) % 4 == w else low[i - 1 if i else 0])
                      for i in range(4)]
        if w == leader:
            hand.trick = [(leader, hi)] + [((leader + i) % 4, low[i - 1]) for i in range(1, 4)]
        else:
            k = (w - leader) % 4
            cards = [low[0], low[1], low[2]]
            seq = []
            j = 0
            for i in range(4):
                if i == k:
                    seq.append(((leader + i) % 4, hi))
                else:
                    seq.append(((leader + i) % 4, cards[j]))
                    j += 1
            hand.trick = seq
        hand.leader = leader
        events += hand.finish_trick()
        if hand.phase == "done":
            break
    return hand, [e for e in events if e["type"] == "pile_captured"]


def test_double_sar_two_in_a_row_by_the_same_player_captures():
    hand, caps = pile_run([1, 1])
    assert hand.won == [0, 2] and caps == [{"type": "pile_captured", "seat": 1, "tricks": 2}]
    hand, caps = pile_run([1, 3, 1])  # partners do not pair
    assert caps == [] and hand.pile == [0, 1, 2]
    hand, caps = pile_run([1, 2, 2])
    assert hand.won == [3, 0]


def test_double_sar_the_trick_after_a_capture_starts_a_new_pile():
    hand, caps = pile_run([1, 1, 1])
    assert hand.won == [0, 2] and hand.pile == [2]
    hand, caps = pile_run([1, 1, 1, 1])
    assert hand.won == [0, 4] and hand.pile == []


def test_double_sar_last_trick_takes_the_pile():
    hand, caps = pile_run([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 2])
    assert hand.won == [13, 0] and hand.phase == "done"
    assert hand.result["kot"] is False and hand.result["goon_kot"] is True


def test_double_sar_all_thirteen_ends_once_the_result_is_certain():
    hand, _ = pile_run([1, 1] + [0, 0] * 4)
    assert hand.won == [8, 2] and hand.phase == "done" and len(hand.tricks) == 10
    assert hand.result["winner_team"] == 0 and hand.result["kot"] is False
    hand, _ = pile_run([0, 0] * 4)  # 8-0: not certain yet, play on
    assert hand.phase == "play"


def test_double_sar_first_seven_option():
    hand, _ = pile_run([0, 0] * 4, double_sar_kot="first_seven")
    assert hand.phase == "done" and hand.won == [8, 0] and hand.result["goon_kot"] is True
    assert hand.result["deltas"] == [4, 0]


def test_double_sar_kot_takes_all_thirteen():
    hand, _ = pile_run([1, 1] * 6 + [3])
    assert hand.won == [0, 13] and hand.result["kot"] is True and hand.result["deltas"] == [0, 3]


def test_double_sar_first_pair_blocked():
    hand, caps = pile_run([1, 1], double_sar_first_pair_blocked=True)
    assert caps == [] and hand.pile == [0, 1]
    hand, caps = pile_run([1, 1, 1], double_sar_first_pair_blocked=True)
    assert caps[0]["tricks"] == 3
    hand, caps = pile_run([0, 1, 1], double_sar_first_pair_blocked=True)  # 2-3 pair normally
    assert caps[0]["tricks"] == 3


def test_double_sar_no_capture_on_eleven_and_twelve():
    w = [0, 1, 2, 3] * 2 + [0, 1, 2, 2, 1]
    hand, caps = pile_run(w, double_sar_no_capture_11_12=True)
    assert [c["tricks"] for c in caps] == [13]
    hand, caps = pile_run(w)
    assert [c["tricks"] for c in caps] == [12, 1]


def test_double_sar_ace_rule():
    hand, caps = pile_run([1, 1, 1], aces=(0, 1), double_sar_ace_rule=True)
    assert caps == []  # two aces: no capture, and the second cannot start a pair
    hand, caps = pile_run([1, 1, 1, 1], aces=(0, 1), double_sar_ace_rule=True)
    assert caps == [{"type": "pile_captured", "seat": 1, "tricks": 4}]
    hand, caps = pile_run([1, 1], aces=(1,), double_sar_ace_rule=True)
    assert caps[0]["tricks"] == 2
    hand, caps = pile_run([1, 1], aces=(0, 1))
    assert caps[0]["tricks"] == 2


def test_double_sar_state_has_pile_and_taken_by():
    r = rec(mode="double_sar", moves=[mv(1, "call_trump", suit="S"), P(1, "AH"), P(2, "JH"), P(3, "TH"),
                                       P(0, "9H")])
    st = state(r)
    assert st["pile"] == [0] and st["tricks"][0]["taken_by"] is None and st["tricks_won"] == [0, 0]


# ------------------------------------------------------------------ scoring
def score(**body):
    base = {"options": {}, "match": {"hand_number": 2, "scores": [0, 0]}, "dealer": 0, "kot": False,
            "redeal": False}
    base.update(body)
    return GAME.score(base)


def test_points_table():
    assert score(winner_team=1)["deltas"] == [0, 1]                 # callers (dealer 0 -> team 1)
    assert score(winner_team=1, kot=True)["deltas"] == [0, 3]
    assert score(winner_team=0)["deltas"] == [2, 0]
    assert score(winner_team=0, kot=True)["deltas"] == [4, 0]


def test_next_dealer_rules():
    assert score(winner_team=1)["next_dealer"] == 0
    assert score(winner_team=1, kot=True)["next_dealer"] == 2
    assert score(winner_team=0)["next_dealer"] == 1
    assert score(winner_team=0, kot=True)["next_dealer"] == 1
    for w, k in ((0, False), (1, True), (1, False)):
        assert score(winner_team=w, kot=k, options={"dealer_rotation": "rotate"})["next_dealer"] == 1
    assert score(redeal=True, dealer=3)["next_dealer"] == 3


def test_courts_scoring():
    c = {"scoring": "courts"}
    out = score(options=c, winner_team=1, kot=True, match={"consecutive_wins": [3, 0]})
    assert out["deltas"] == [0, 1] and out["consecutive_wins"] == [0, 0]
    out = score(options=c, winner_team=0, kot=True, match={"consecutive_wins": [0, 5]})
    assert out["deltas"] == [3, 0] and out["consecutive_wins"] == [0, 0]
    out = score(options=c, winner_team=0, match={"consecutive_wins": [0, 5]})
    assert out["deltas"] == [0, 0] and out["consecutive_wins"] == [1, 0]
    out = score(options=c, winner_team=0, match={"consecutive_wins": [5, 0]})
    assert out["consecutive_wins"] == [6, 0]
    out = score(options={**c, "target_courts": 1}, winner_team=0, match={"consecutive_wins": [6, 0]})
    assert out["match_over"] is True and out["winner"] == 0 and out["next_match"] is None
    out = score(options=c, redeal=True, match={"consecutive_wins": [4, 0], "scores": [1, 2]})
    assert out["consecutive_wins"] == [4, 0] and out["scores"] == [1, 2]


def test_next_match_copies_first_game_seats():
    out = score(winner_team=1, match={"hand_number": 4, "scores": [2, 3], "first_game_seats": [2]})
    assert out["next_match"] == {"hand_number": 5, "scores": [2, 4], "consecutive_wins": [0, 0],
                                 "first_game_seats": [2]}


@pytest.mark.parametrize("body, code", [
    ({"winner_team": 1, "calling_team": 0}, "calling_team_mismatch"),
    ({"winner_team": 2}, "bad_score_input"),
    ({"winner_team": True}, "bad_score_input"),
    ({"winner_team": 1, "kot": "yes"}, "bad_score_input"),
    ({"winner_team": 1, "match": {"scores": [10, 0]}}, "match_over"),
    ({"winner_team": 1, "dealer": 5}, "bad_dealer"),
    ({"winner_team": 1, "options": {"mode": "x"}}, "bad_option"),
])
def test_score_refuses_impossible_outcomes(body, code):
    with pytest.raises(InvalidRecord) as err:
        score(**body)
    assert err.value.reason == code


def test_score_accepts_the_implied_calling_team():
    assert score(winner_team=1, calling_team=1)["deltas"] == [0, 1]


def test_match_score_with_redeals_and_courts():
    out = GAME.score_match({"options": {"scoring": "courts", "target_courts": 1}, "scores": [0, 0],
                            "dealer": 0, "consecutive_wins": [0, 5],
                            "hands": [{"redeal": True}, {"winner_team": 1, "kot": False},
                                      {"winner_team": 1, "kot": False}, {"winner_team": 0, "kot": False}]})
    assert out["running_scores"] == [[0, 0], [0, 0], [0, 1]]
    assert out["dealers"] == [0, 0, 0] and out["over_after_hand"] == 2 and out["winner"] == 1
    out = GAME.score_match({"options": {}, "scores": [0, 0], "dealer": 1, "hands": []})
    assert out["running_scores"] == [] and out["next_dealer"] == 1 and out["match_over"] is False
    with pytest.raises(InvalidRecord) as err:
        GAME.score_match({"scores": [0, 0], "dealer": 1, "hands": [{"winner_team": 0, "kot": False,
                                                                    "calling_team": 1}]})
    assert err.value.reason == "calling_team_mismatch"


@pytest.mark.parametrize("cards, trump, tf, expected", [
    (["AS"], None, 0, ("AS", 0)),
    (["2H", "AH"], "S", 0, ("AH", 1)),
    (["2H", "AH", "3S"], "S", 0, ("3S", 2)),
    (["2H", "AS", "3S"], "S", 2, ("3S", 2)),
    (["2H", "AS", "KH"], "S", 2, ("KH", 2)),
    (["2H", "AD", "KC", "3H"], None, 0, ("3H", 3)),
])
def test_trick_winner_calculator(cards, trump, tf, expected):
    body = {"cards": [{"seat": (2 + i) % 4, "card": c} for i, c in enumerate(cards)], "trump": trump,
            "trump_from": tf}
    out = GAME.trick_winner(body)
    assert out == {"seat": (2 + expected[1]) % 4, "card": expected[0]}


@pytest.mark.parametrize("body, code", [
    ({"cards": []}, "bad_trick"),
    ({"cards": [{"seat": 0, "card": "AS"}, {"seat": 2, "card": "KS"}]}, "bad_trick"),
    ({"cards": [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "AS"}]}, "duplicate_card"),
    ({"cards": [{"seat": 0, "card": "XS"}]}, "bad_card"),
    ({"cards": [{"seat": 0, "card": "AS"}], "trump": "s"}, "bad_trump"),
    ({"cards": [{"seat": 0, "card": "AS"}], "trump_from": 4}, "bad_trump_from"),
])
def test_trick_winner_refuses_bad_bodies(body, code):
    with pytest.raises(InvalidRecord) as err:
        GAME.trick_winner(body)
    assert err.value.reason == code


def test_bids_validate_is_not_applicable():
    from service.rules.errors import NotApplicable
    with pytest.raises(NotApplicable):
        GAME.validate_bid({})


# ------------------------------------------------------------------ match replay
def _match():
    from .test_court_piece_data import EXAMPLES
    return copy.deepcopy(EXAMPLES[22]["input"]["hands"])


def replay_error(hands):
    with pytest.raises((InvalidRecord, IllegalMove)) as err:
        GAME.replay_match({"hands": hands})
    return err.value.reason, err.value.extra.get("hand_index")


def test_match_replay_checks_the_chain():
    h = _match()
    h[1]["options"]["target_courts"] = 2
    assert replay_error(h) == ("options_mismatch", 1)
    h = _match()
    h[1]["match"]["hand_number"] = 3
    assert replay_error(h) == ("match_mismatch", 1)
    h = _match()
    h[1]["dealer"] = 1
    assert replay_error(h) == ("dealer_mismatch", 1)
    h = _match()
    h[0]["moves"] = []
    assert replay_error(h) == ("hand_incomplete", 0)
    h = _match()
    h[0]["match"] = {"hand_number": 2, "scores": [0, 0]}
    assert replay_error(h) == ("match_mismatch", 0)
    h = _match()
    h.append(copy.deepcopy(h[1]))
    assert replay_error(h)[0] == "match_over"
    h = _match()
    h[1]["moves"][2]["card"] = "AS"
    assert replay_error(h) == ("card_not_in_hand", 1)


def test_match_replay_last_hand_may_be_unfinished():
    h = _match()
    h[1]["moves"] = h[1]["moves"][:5]
    out = GAME.replay_match({"hands": h})
    assert out["per_hand"][1]["result"] is None and out["match_over"] is False


def test_a_seven_six_hand_plays_all_thirteen_tricks_and_stops_at_seven():
    import random
    rng = random.Random(76)
    seen = set()
    for i in range(400):
        hand = GAME.replay(GAME.deal(f"76-{i}", {"mode": "hidden_trump"}, 0, {"hand_number": 2}))
        while hand.phase != "done":
            m = rng.choice(hand.legal_moves())
            hand.play(GAME.parse_move(m, 4, PACK, None, "m"), len(hand.moves))
        won = sorted(hand.result["tricks_won"])
        assert won[1] == 7 and len(hand.tricks) == sum(won)
        seen.add(won[0])
        if {0, 6} <= seen:
            break
    assert 6 in seen  # some hand went the distance, 7-6


def test_a_record_that_is_not_an_object_or_has_a_bad_seed():
    for bad in ([], "x", None):
        with pytest.raises(InvalidRecord) as err:
            GAME.replay(bad)
        assert err.value.reason == "bad_record"
    r = rec()
    r["seed"] = 5
    assert invalid(r) == "bad_record"
    r = rec()
    r["viewer"] = None
    assert invalid(r) == "bad_viewer"


def test_deal_request_checks_its_inputs():
    for args, code in ((("s", {"mode": "x"}, 0, None), "bad_option"),
                       (("s", {}, 7, {"hand_number": 2}), "bad_dealer"),
                       (("s", {}, 0, {"scores": [10, 0]}), "match_over"),
                       (("s", {}, 0, {"hand_number": 0}), "bad_match")):
        with pytest.raises(InvalidRecord) as err:
            GAME.deal(*args)
        assert err.value.reason == code
