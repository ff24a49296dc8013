"""Five Hundred: every rule and worked example of shared/rules/five-hundred.md."""

import pytest

from service.rules.cards import JOKER, NAMES, lookup
from service.rules.errors import IllegalMove, InvalidRecord, NotApplicable
from service.rules.games import GAMES
from service.rules.games.five_hundred import (
    BIDS, GAME, MISERE_FAMILY, PACKS, RUNG, SUIT_INT, TRUMP_OF, VALUE, FiveHundredHand, ranking_for,
    sides_of,
)
from service.rules.holdings import Holdings

# ---------------------------------------------------------------------------------------------
# helpers


def opts(**kw):
    return GAME.parse_options(kw)


def fill_deal(players=4, hands=None, kitty=None):
    """A deal: the given cards where given, the rest of the pack in canonical order."""
    hands = {s: list(h) for s, h in (hands or {}).items()}
    used = {NAMES[lookup(c)] for h in hands.values() for c in h} | set(kitty or [])
    rest = [NAMES[c] for c in PACKS[players].order if NAMES[c] not in used]
    out = []
    for s in range(players):
        h = hands.get(s, [])
        while len(h) < 10:
            h.append(rest.pop(0))
        out.append(h)
    k = list(kitty or [])
    while len(k) < 3:
        k.append(rest.pop(0))
    deal = {"hands": out, "kitty": k}
    if players == 2:
        deal["dead_hand"] = rest[:10]
        rest = rest[10:]
    assert not rest
    return deal


def rec(deal=None, moves=(), dealer=3, options=None, match=None, **extra):
    options = options or {}
    players = options.get("players", 4)
    players = players if players in PACKS else 4
    r = {"game": "five-hundred", "options": options, "dealer": dealer,
         "deal": deal or fill_deal(players), "moves": moves if moves is None else list(moves)}
    if match is not None:
        r["match"] = match
    r.update(extra)
    return r


def replay(r):
    return GAME.replay(r)


def reason(r, move):
    """The reason ``move`` is refused after record ``r`` (None when legal)."""
    hand = replay(r)
    parsed = GAME.parse_move(move, hand.n, hand.pack, hand.viewer, "move")
    refusal = hand.check(parsed)
    return refusal and refusal[0]


def then(r, *moves):
    """``r`` with ``moves`` appended, each checked legal."""
    for m in moves:
        got = reason(r, m)
        assert got is None, (m, got)
        r = {**r, "moves": r["moves"] + [m]}
    return r


def invalid(r):
    with pytest.raises(InvalidRecord) as e:
        replay(r)
    return e.value.reason


def calls(*seq, start=0, n=4):
    """Moves for a sequence of calls from seat ``start``: 'p' = pass, otherwise a bid string."""
    out = []
    seat = start
    for c in seq:
        out.append({"seat": seat, "type": "pass"} if c == "p" else {"seat": seat, "type": "bid", "bid": c})
        seat = (seat + 1) % n
    return out


def position(contract, joker_suit, hand, trick, led_suits, trick_number, players=4, contractor=0,
             options=None):
    """A hand object at a worked example's position; the acting seat follows the trick's last card."""
    o = opts(players=players, **(options or {}))
    h = FiveHundredHand(GAME, o, 3, {"scores": [0] * sides_of(o)[0], "hand_number": 1}, None)
    n = players
    h.bid, h.contractor = contract, contractor
    h.misere = contract in MISERE_FAMILY
    if h.misere:
        k, side_of = sides_of(o)
        h.active = [s for s in range(n) if s == contractor or side_of[s] != side_of[contractor]]
    h.joker_suit = None if joker_suit is None else SUIT_INT[joker_suit]
    h.free_joker = TRUMP_OF.get(contract) is None and joker_suit is None
    h.ranking = ranking_for(h.pack.mask, contract, h.joker_suit)
    if trick:
        seat = h.active[(h.active.index(trick[-1]["seat"]) + 1) % len(h.active)]
    else:
        seat = h.active[0]
    hands = [[] for _ in range(n)]
    hands[seat] = [lookup(c) for c in hand]
    h.deal_hands, h.kitty = hands, []
    h.hold = Holdings(hands)
    h.tricks = [{"leader": 0, "cards": [], "winner": 0}] * (trick_number - 1)
    h.led_mask = 0
    for s in led_suits:
        h.led_mask |= 1 << SUIT_INT[s]
    h.trick = [(t["seat"], lookup(t["card"]), SUIT_INT.get(t.get("suit"))) for t in trick]
    if trick:
        h.leader = trick[0]["seat"]
        first = h.trick[0]
        h.led_suit = first[2] if first[1] == JOKER and h.free_joker else h.ranking.suit[first[1]]
    h.phase, h.to_act = "play", seat
    return h


def legal_cards(h):
    out = []
    for m in h.legal_moves():
        out.append({"card": m["card"], "suit": m["suit"]} if "suit" in m else m["card"])
    return out


def play_reason(h, card, suit=None):
    move = {"seat": h.to_act, "type": "play", "card": card}
    if suit is not None:
        move["suit"] = suit
    parsed = GAME.parse_move(move, h.n, h.pack, None, "move")
    refusal = h.check(parsed)
    return refusal and refusal[0]


# ---------------------------------------------------------------------------------------------
# registry, packs, colours


def test_registered_and_catalogued():
    assert GAMES["five-hundred"] is GAME
    cat = GAME.catalogue()
    assert cat["players"] == {"min": 2, "max": 6}
    assert [o["name"] for o in cat["options"]] == [
        "players", "six_player_teams", "single_round_bidding", "allow_misere", "allow_open_misere",
        "allow_blind_misere", "misere_without_seven", "raise_after_all_pass", "joker_nomination",
        "joker_lead_last_trick_only", "defender_cap", "target", "call_partner", "all_pass"]
    assert [m["type"] for m in cat["move_types"]] == ["pass", "bid", "discard", "nominate_joker", "play",
                                                      "call_partner"]


CANONICAL = {
    2: "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH JK",
    3: "7S 8S 9S TS JS QS KS AS 7C 8C 9C TC JC QC KC AC 7D 8D 9D TD JD QD KD AD 7H 8H 9H TH JH QH KH AH JK",
    4: "5S 6S 7S 8S 9S TS JS QS KS AS 5C 6C 7C 8C 9C TC JC QC KC AC 4D 5D 6D 7D 8D 9D TD JD QD KD AD 4H "
       "5H 6H 7H 8H 9H TH JH QH KH AH JK",
    5: "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D "
       "8D 9D TD JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK",
    6: "2S 3S 4S 5S 6S 7S 8S 9S TS 11S 12S JS QS KS AS 2C 3C 4C 5C 6C 7C 8C 9C TC 11C 12C JC QC KC AC 2D "
       "3D 4D 5D 6D 7D 8D 9D TD 11D 12D 13D JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH 11H 12H 13H JH QH KH "
       "AH JK",
}


@pytest.mark.parametrize("players", range(2, 7))
def test_packs_and_canonical_deck_order(players):
    pack = GAME.pack(opts(players=players))
    assert " ".join(NAMES[c] for c in pack.order) == CANONICAL[players]
    hands = players + (1 if players == 2 else 0)
    assert pack.size == 10 * hands + 3 == {2: 33, 3: 33, 4: 43, 5: 53, 6: 63}[players]


def test_card_input_accepts_ten_and_lower_case_output_is_canonical():
    deal = fill_deal(4, {0: ["10h", "js"]})
    hand = replay(rec(deal))
    assert hand.to_record()["deal"]["hands"][0][:2] == ["TH", "JS"]


def test_six_player_extra_ranks_parse():
    deal = fill_deal(6, {0: ["11S", "12d", "13H"]})
    assert replay(rec(deal, options={"players": 6})).to_record()["deal"]["hands"][0][:3] == ["11S", "12D", "13H"]


def test_thirteen_of_spades_is_not_in_the_six_player_pack():
    deal = fill_deal(6)
    deal["hands"][0][0] = "13S"
    assert invalid(rec(deal, options={"players": 6})) == "invalid_card"


def test_hearts_trumps_order_in_the_43_card_pack():
    r = ranking_for(PACKS[4].mask, "7H", None)
    hearts = [c for c in PACKS[4].order if r.suit[c] == SUIT_INT["H"]]
    hearts.sort(key=lambda c: -r.power[c])
    assert [NAMES[c] for c in hearts] == "JK JH JD AH KH QH TH 9H 8H 7H 6H 5H 4H".split()
    diamonds = sorted((c for c in PACKS[4].order if r.suit[c] == SUIT_INT["D"]), key=lambda c: -r.power[c])
    assert [NAMES[c] for c in diamonds] == "AD KD QD TD 9D 8D 7D 6D 5D 4D".split()


def test_left_bower_is_the_same_colour_jack():
    for trump, left in (("S", "JC"), ("C", "JS"), ("H", "JD"), ("D", "JH")):
        r = ranking_for(PACKS[4].mask, "6" + trump, None)
        assert r.suit[lookup(left)] == SUIT_INT[trump]


def test_no_trumps_has_no_bowers_and_plain_order():
    r = ranking_for(PACKS[6].mask, "6NT", None)
    spades = sorted((c for c in PACKS[6].order if r.suit[c] == SUIT_INT["S"]), key=lambda c: -r.power[c])
    assert [NAMES[c] for c in spades] == "AS KS QS JS 12S 11S TS 9S 8S 7S 6S 5S 4S 3S 2S".split()
    assert r.suit[lookup("JC")] == SUIT_INT["C"]


# ---------------------------------------------------------------------------------------------
# deal


def test_e1_seeded_deal():
    r = GAME.deal("five-hundred-demo", {}, 3, None)
    assert r["deal"] == {
        "hands": [["7D", "7C", "9C", "6D", "TH", "7S", "6C", "6S", "TS", "QS"],
                  ["KD", "5S", "QH", "9H", "JH", "JC", "4D", "AS", "JK", "6H"],
                  ["9D", "QD", "AC", "JS", "5D", "TD", "9S", "KS", "8D", "7H"],
                  ["KC", "AD", "KH", "AH", "8H", "5C", "4H", "QC", "JD", "8C"]],
        "kitty": ["5H", "TC", "8S"]}
    assert r["seed"] == "five-hundred-demo" and r["dealer"] == 3 and r["moves"] == []
    assert r["options"] == {"players": 4, "six_player_teams": "two_teams_of_three",
                            "single_round_bidding": False, "allow_misere": True, "allow_open_misere": True,
                            "allow_blind_misere": True, "misere_without_seven": False,
                            "raise_after_all_pass": False, "joker_nomination": True,
                            "joker_lead_last_trick_only": False, "defender_cap": None, "target": 500}
    assert r["match"] == {"scores": [0, 0], "hand_number": 1}
    assert replay(r).phase == "bidding"


def test_e2_seeded_two_player_deal():
    r = GAME.deal("two-demo", {"players": 2}, 0, None)
    assert r["deal"] == {
        "hands": [["KC", "8D", "AH", "KH", "JD", "TS", "9S", "TH", "8S", "7H"],
                  ["JK", "QS", "7C", "AS", "AC", "8H", "KS", "9D", "QD", "QH"]],
        "kitty": ["TC", "TD", "9H"],
        "dead_hand": ["JC", "7S", "7D", "JS", "8C", "QC", "JH", "AD", "KD", "9C"]}


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_pattern_3_4_3_with_a_kitty_card_after_each_round(players, dealer, monkeypatch):
    import service.rules.game as core
    monkeypatch.setattr(core, "shuffled", lambda deck, seed: list(deck))
    r = GAME.deal("x", {"players": players}, dealer, None)
    order = [NAMES[c] for c in PACKS[players].order]
    receivers = [(dealer + 1) % 2, dealer, "dead"] if players == 2 else \
        [(dealer + 1 + k) % players for k in range(players)]
    R = len(receivers)
    for k, who in enumerate(receivers):
        idx = [3 * k + i for i in range(3)] + [3 * R + 1 + 4 * k + i for i in range(4)] + \
              [7 * R + 2 + 3 * k + i for i in range(3)]
        got = r["deal"]["dead_hand"] if who == "dead" else r["deal"]["hands"][who]
        assert got == [order[i] for i in idx]
    assert r["deal"]["kitty"] == [order[3 * R], order[7 * R + 1], order[10 * R + 2]]
    assert ("dead_hand" in r["deal"]) == (players == 2)


def test_four_player_kitty_indices_are_12_29_42(monkeypatch):
    import service.rules.game as core
    monkeypatch.setattr(core, "shuffled", lambda deck, seed: list(deck))
    r = GAME.deal("x", {}, 3, None)
    order = [NAMES[c] for c in PACKS[4].order]
    assert r["deal"]["kitty"] == [order[12], order[29], order[42]]


def test_unseeded_deal_returns_a_seed_that_reproduces_it():
    r = GAME.deal(None, {"players": 5}, 2, None)
    assert GAME.deal(r["seed"], {"players": 5}, 2, None)["deal"] == r["deal"]


# ---------------------------------------------------------------------------------------------
# sides and the match object


@pytest.mark.parametrize("options, sides", [
    ({"players": 2}, [0, 1]),
    ({"players": 3}, [0, 1, 2]),
    ({"players": 4}, [0, 1, 0, 1]),
    ({"players": 5}, [0, 1, 2, 3, 4]),
    ({"players": 6}, [0, 1, 0, 1, 0, 1]),
    ({"players": 6, "six_player_teams": "three_teams_of_two"}, [0, 1, 2, 0, 1, 2]),
    ({"players": 4, "six_player_teams": "three_teams_of_two"}, [0, 1, 0, 1]),
])
def test_sides_by_player_count(options, sides):
    k, side_of = sides_of(opts(**options))
    assert list(side_of) == sides and k == len(set(sides))


def test_match_defaults_and_hand_number():
    r = rec(options={"players": 3}, dealer=0)
    assert replay(r).match == {"scores": [0, 0, 0], "hand_number": 1}
    assert replay(rec(match={"hand_number": 4})).match == {"scores": [0, 0], "hand_number": 4}
    assert replay(rec(match=None)).match == {"scores": [0, 0], "hand_number": 1}
    # "Nothing else is read": another field is refused, as every game's match object does (core)
    assert invalid(rec(match={"scores": [5, 0], "note": 1})) == "invalid_match"


@pytest.mark.parametrize("match", [
    [1, 2], {"scores": [0, 0, 0]}, {"scores": None}, {"hand_number": None}, {"hand_number": 0},
    {"scores": [0, "1"]}, {"hand_number": 1.5}, {"scores": [True, 0]},
])
def test_invalid_match(match):
    assert invalid(rec(match=match)) == "invalid_match"


# ---------------------------------------------------------------------------------------------
# records that are refused


def test_invalid_options():
    assert invalid(rec(options={"jokers": 2})) == "unknown_option"
    for bad in ({"players": 7}, {"players": 1}, {"players": "4"}, {"target": 0}, {"target": True},
                {"defender_cap": "490"}, {"six_player_teams": "three"}, {"allow_misere": 1},
                {"single_round_bidding": None}):
        assert invalid(rec(options=bad)) == "invalid_option", bad


def test_options_accept_null_defender_cap_and_teams_with_any_count():
    assert replay(rec(options={"defender_cap": None})).options["defender_cap"] is None
    assert replay(rec(options={"defender_cap": 490, "target": 1000,
                               "six_player_teams": "three_teams_of_two"})).options["target"] == 1000


def test_invalid_dealer():
    assert invalid(rec(dealer=4)) == "invalid_dealer"
    assert invalid(rec(dealer="0")) == "invalid_dealer"
    assert invalid({k: v for k, v in rec().items() if k != "dealer"}) == "invalid_dealer"


def test_problems_reported_options_then_dealer_then_match_then_deal():
    bad_deal = fill_deal()
    bad_deal["kitty"] = ["XX", "5H", "6H"]
    assert invalid(rec(bad_deal, dealer=9, options={"zz": 1}, match=5)) == "unknown_option"
    assert invalid(rec(bad_deal, dealer=9, options={"players": 9}, match=5)) == "invalid_option"
    assert invalid(rec(bad_deal, dealer=9, match=5)) == "invalid_dealer"
    assert invalid(rec(bad_deal, match=5)) == "invalid_match"
    assert invalid(rec(bad_deal)) == "invalid_card"


def _deal_with(f, players=4):
    d = fill_deal(players)
    f(d)
    return d


@pytest.mark.parametrize("mutate, why", [
    (lambda d: d["hands"].pop(), "wrong_card_count"),
    (lambda d: d["hands"][1].pop(), "wrong_card_count"),
    (lambda d: d["hands"][1].append(d["kitty"].pop()), "wrong_card_count"),
    (lambda d: d["kitty"].pop(), "wrong_card_count"),
    (lambda d: d.__setitem__("dead_hand", []), "wrong_card_count"),
    (lambda d: d.__setitem__("hands", "x"), "wrong_card_count"),
    (lambda d: d["hands"][0].__setitem__(0, "2S"), "invalid_card"),
    (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "invalid_card"),
    (lambda d: d["hands"][0].__setitem__(0, None), "invalid_card"),
    (lambda d: d["hands"][0].__setitem__(0, "th"), "duplicate_card"),
    (lambda d: d["kitty"].__setitem__(0, d["hands"][2][0]), "duplicate_card"),
])
def test_invalid_deals(mutate, why):
    assert invalid(rec(_deal_with(mutate))) == why


def test_card_strings_before_duplicates_before_counts():
    d = fill_deal()
    d["hands"][0].append(d["hands"][1][0])  # a duplicate and a wrong count
    d["kitty"][0] = "1S"
    assert invalid(rec(d)) == "invalid_card"
    d["kitty"][0] = "TC" if "TC" not in d["kitty"] else "TS"
    assert invalid(rec(d)) == "duplicate_card"


def test_two_player_dead_hand_required_and_only_with_two():
    d = fill_deal(2)
    del d["dead_hand"]
    assert invalid(rec(d, options={"players": 2}, dealer=0)) == "wrong_card_count"
    d = fill_deal(2)
    d["dead_hand"].pop()
    assert invalid(rec(d, options={"players": 2}, dealer=0)) == "wrong_card_count"
    assert replay(rec(fill_deal(2), options={"players": 2}, dealer=1)).phase == "bidding"


@pytest.mark.parametrize("moves, why", [
    ("x", "invalid_move"),
    (None, "invalid_move"),
    ([5], "invalid_move"),
    ([{"seat": 4, "type": "pass"}], "invalid_move"),
    ([{"seat": "0", "type": "pass"}], "invalid_move"),
    ([{"seat": 0, "type": "double"}], "invalid_move"),
    ([{"seat": 0}], "invalid_move"),
    ([{"seat": 0, "type": "pass", "bid": "6S"}], "invalid_move"),
    ([{"seat": 0, "type": "bid"}], "invalid_move"),
    ([{"seat": 0, "type": "play", "card": "2S"}], "invalid_card"),
    ([{"seat": 0, "type": "play", "card": None}], "invalid_card"),
    ([{"seat": 0, "type": "discard", "cards": ["AS", "XX", "KS"]}], "invalid_card"),
])
def test_invalid_moves(moves, why):
    assert invalid(rec(moves=moves)) == why


def test_card_outside_the_pack_in_a_move_is_invalid_record_not_card_not_in_hand():
    r = then(rec(), *calls("6S", "p", "p", "p"))
    assert invalid({**r, "moves": r["moves"] + [{"seat": 0, "type": "play", "card": "2S"}]}) == "invalid_card"


def test_illegal_move_reported_with_index_before_a_later_malformed_move():
    r = rec(moves=[{"seat": 1, "type": "pass"}, {"seat": 9, "type": "pass"}])
    with pytest.raises(IllegalMove) as e:
        replay(r)
    assert e.value.reason == "not_your_turn" and e.value.move_index == 0


def test_moves_absent_means_no_moves():
    r = rec()
    del r["moves"]
    assert replay(r).phase == "bidding"


# ---------------------------------------------------------------------------------------------
# bids


def test_the_28_bids_in_order_and_their_values():
    assert BIDS == ("6S 6C 6D 6H 6NT 7S 7C 7D 7H 7NT misere 8S 8C 8D 8H 8NT 9S 9C 9D 9H 9NT 10S 10C "
                    "10D open_misere blind_misere 10H 10NT").split()
    assert RUNG["open_misere"] == RUNG["blind_misere"]
    assert RUNG["10D"] < RUNG["open_misere"] < RUNG["10H"]
    assert RUNG["7NT"] < RUNG["misere"] < RUNG["8S"]
    table = {6: [40, 60, 80, 100, 120], 7: [140, 160, 180, 200, 220], 8: [240, 260, 280, 300, 320],
             9: [340, 360, 380, 400, 420], 10: [440, 460, 480, 500, 520]}
    for t, row in table.items():
        assert [VALUE[f"{t}{d}"] for d in ("S", "C", "D", "H", "NT")] == row
    assert (VALUE["misere"], VALUE["open_misere"], VALUE["blind_misere"]) == (250, 500, 500)


def bv(calls_, bid, dealer=3, **options):
    return GAME.validate_bid({"options": options, "dealer": dealer, "calls": calls_, "bid": bid})


def test_api_bids_validate_examples():
    assert bv([{"seat": 0, "type": "bid", "bid": "6H"}, {"seat": 1, "type": "bid", "bid": "7S"}],
              {"seat": 2, "type": "bid", "bid": "misere"}) | {"detail": None} == {
        "valid": True, "reason": None, "detail": None, "high_bid": "misere", "high_bidder": 2, "next": 3,
        "auction_over": False, "thrown_in": False, "contract": None}
    got = bv([{"seat": 0, "type": "bid", "bid": "7D"}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}],
             {"seat": 3, "type": "pass"})
    assert {k: got[k] for k in ("valid", "reason", "high_bid", "high_bidder", "next", "auction_over",
                                "thrown_in", "contract")} == {
        "valid": True, "reason": None, "high_bid": "7D", "high_bidder": 0, "next": 0, "auction_over": True,
        "thrown_in": False, "contract": {"bid": "7D", "seat": 0}}
    got = bv([{"seat": 0, "type": "pass"}, {"seat": 1, "type": "bid", "bid": "6S"},
              {"seat": 2, "type": "bid", "bid": "6C"}, {"seat": 3, "type": "pass"}],
             {"seat": 0, "type": "bid", "bid": "7S"})
    assert {k: got[k] for k in ("valid", "reason", "high_bid", "high_bidder", "next", "auction_over",
                                "thrown_in", "contract")} == {
        "valid": False, "reason": "cannot_rebid_after_pass", "high_bid": "6C", "high_bidder": 2, "next": 1,
        "auction_over": False, "thrown_in": False, "contract": None}


def test_e12_bids():
    # after 6H, misere needs a seven
    assert bv(calls("6H"), {"seat": 1, "type": "bid", "bid": "misere"})["reason"] == "misere_needs_seven"
    # after 6H 7S it is valid
    got = bv(calls("6H", "7S"), {"seat": 2, "type": "bid", "bid": "misere"})
    assert got["valid"] and got["high_bidder"] == 2 and got["next"] == 3
    # after 7D misere, 8S outranks it although worth less
    assert bv(calls("7D", "misere"), {"seat": 2, "type": "bid", "bid": "8S"})["valid"]
    # after 10D, open misere is valid
    assert bv(calls("10D"), {"seat": 1, "type": "bid", "bid": "open_misere"})["valid"]
    # after pass 6S 6C pass, seat 0 has passed
    assert bv(calls("p", "6S", "6C", "p"), {"seat": 0, "type": "bid", "bid": "7S"})["reason"] == \
        "cannot_rebid_after_pass"
    # an ended auction: wrong_phase, or hand_over if thrown in
    assert bv(calls("7D", "p", "p", "p"), {"seat": 1, "type": "bid", "bid": "8S"})["reason"] == "wrong_phase"
    got = bv(calls("p", "p", "p", "p"), {"seat": 0, "type": "pass"})
    assert got["reason"] == "hand_over" and got["thrown_in"] and got["next"] is None


def test_bid_checks_in_order():
    assert bv([], {"seat": 0, "type": "bid", "bid": "11S"})["reason"] == "invalid_bid"
    assert bv([], {"seat": 0, "type": "bid", "bid": "6s"})["reason"] == "invalid_bid"
    assert bv([], {"seat": 0, "type": "bid", "bid": "MISERE"})["reason"] == "invalid_bid"
    assert bv([], {"seat": 0, "type": "bid", "bid": "misere"}, allow_misere=False)["reason"] == "bid_not_allowed"
    assert bv([], {"seat": 0, "type": "bid", "bid": "open_misere"}, allow_open_misere=False)["reason"] == \
        "bid_not_allowed"
    assert bv([], {"seat": 0, "type": "bid", "bid": "blind_misere"}, allow_blind_misere=False)["reason"] == \
        "bid_not_allowed"
    # bid_not_allowed comes before bid_too_low
    assert bv(calls("10NT"), {"seat": 1, "type": "bid", "bid": "misere"}, allow_misere=False)["reason"] == \
        "bid_not_allowed"
    # blind misere only as the seat's first call, checked before bid_too_low
    seq = calls("6S", "6C", "6D", "6H")
    assert bv(seq, {"seat": 0, "type": "bid", "bid": "blind_misere"})["reason"] == "blind_misere_not_first_call"
    assert bv(calls("6S", "10H"), {"seat": 2, "type": "bid", "bid": "blind_misere"})["reason"] == "bid_too_low"
    assert bv(calls("6S"), {"seat": 1, "type": "bid", "bid": "blind_misere"})["valid"]
    assert bv(calls("6S"), {"seat": 1, "type": "bid", "bid": "6S"})["reason"] == "bid_too_low"
    assert bv(calls("8S"), {"seat": 1, "type": "bid", "bid": "misere"})["reason"] == "bid_too_low"
    assert bv([], {"seat": 0, "type": "bid", "bid": "misere"})["reason"] == "misere_needs_seven"
    assert bv([], {"seat": 0, "type": "bid", "bid": "misere"}, misere_without_seven=True)["valid"]
    assert bv(calls("6NT"), {"seat": 1, "type": "bid", "bid": "misere"}, misere_without_seven=True)["valid"]
    # open and blind misere need no seven, and neither overcalls the other
    assert bv([], {"seat": 0, "type": "bid", "bid": "open_misere"})["valid"]
    assert bv(calls("open_misere"), {"seat": 1, "type": "bid", "bid": "blind_misere"})["reason"] == "bid_too_low"
    assert bv(calls("blind_misere"), {"seat": 1, "type": "bid", "bid": "open_misere"})["reason"] == "bid_too_low"
    assert bv(calls("open_misere"), {"seat": 1, "type": "bid", "bid": "10H"})["valid"]
    # out of turn
    assert bv([], {"seat": 2, "type": "pass"})["reason"] == "not_your_turn"


def test_bids_validate_refuses_bad_calls_and_bodies():
    with pytest.raises(IllegalMove) as e:
        bv(calls("6S", "6S"), {"seat": 2, "type": "pass"})
    assert e.value.reason == "bid_too_low" and e.value.move_index == 1
    with pytest.raises(InvalidRecord):
        bv([], {"seat": 0, "type": "bid", "bid": 7})
    with pytest.raises(InvalidRecord):
        bv([], {"seat": 0, "type": "pass"}, dealer=9)
    with pytest.raises(InvalidRecord):
        GAME.validate_bid({"options": {}, "dealer": 0, "calls": []})
    assert bv([], {"seat": 0, "type": "play", "card": "AS"})["reason"] == "wrong_phase"


def test_auction_continuous_turns_skip_passed_seats():
    r = then(rec(), *calls("6S", "p", "6C", "p"))
    hand = replay(r)
    assert hand.to_act == 0
    r = then(r, {"seat": 0, "type": "bid", "bid": "6D"})
    assert replay(r).to_act == 2
    r = then(r, {"seat": 2, "type": "pass"})
    hand = replay(r)
    assert hand.phase == "discard" and hand.to_act == 0 and hand.state()["contract"]["bid"] == "6D"


def test_high_bidder_never_raises_own_bid_in_the_default_auction():
    hand = replay(then(rec(), *calls("6S", "p", "p", "p")))
    assert hand.phase == "discard"


def test_dealer_may_bid_after_all_others_pass_and_that_ends_the_auction():
    hand = replay(then(rec(), *calls("p", "p", "p", "6S")))
    assert hand.phase == "discard" and hand.contractor == 3


def test_all_pass_throws_the_hand_in():
    hand = replay(then(rec(match={"scores": [30, -20]}), *calls("p", "p", "p", "p")))
    s = hand.state()
    assert s["phase"] == "done" and s["to_act"] is None and s["legal_moves"] == []
    assert s["result"] == {"thrown_in": True, "contract": None, "tricks_by_seat": [0, 0, 0, 0],
                           "tricks_by_side": [0, 0], "made": None, "slam": False, "deltas": [0, 0],
                           "scores": [30, -20], "match_over": False, "winner": None, "backwards": [],
                           "next_dealer": 0, "next_match": {"scores": [30, -20], "hand_number": 2}}
    assert s["auction"]["thrown_in"] and s["auction"]["auction_over"]
    assert reason(then(rec(), *calls("p", "p", "p", "p")), {"seat": 0, "type": "bid", "bid": "6S"}) == "hand_over"


def test_wrong_phase_and_turn_checks_order():
    r = rec()
    assert reason(r, {"seat": 2, "type": "play", "card": "AS"}) == "wrong_phase"
    assert reason(r, {"seat": 2, "type": "discard", "cards": ["AS", "KS", "QS"]}) == "wrong_phase"
    assert reason(r, {"seat": 2, "type": "nominate_joker", "suit": "S"}) == "wrong_phase"
    assert reason(r, {"seat": 2, "type": "bid", "bid": "zz"}) == "not_your_turn"
    r = then(r, *calls("p"))
    assert reason(r, {"seat": 0, "type": "bid", "bid": "zz"}) == "cannot_rebid_after_pass"


def test_bidding_listing():
    hand = replay(rec())
    legal = hand.legal_moves()
    assert legal[0] == {"seat": 0, "type": "pass"}
    assert [m["bid"] for m in legal[1:]] == [b for b in BIDS if b != "misere"]
    assert len(legal) == 28
    hand = replay(then(rec(), *calls("7NT")))
    assert [m.get("bid") for m in hand.legal_moves()] == [None] + BIDS[BIDS.index("misere"):]
    assert len(hand.legal_moves()) == 29 - 10
    hand = replay(then(rec(options={"misere_without_seven": True}), *calls("6S", "6C", "p", "p")))
    assert "blind_misere" not in [m.get("bid") for m in hand.legal_moves()]
    assert "open_misere" in [m.get("bid") for m in hand.legal_moves()]
    hand = replay(rec(options={"misere_without_seven": True}))
    assert len(hand.legal_moves()) == 29


def test_single_round_bidding():
    o = {"single_round_bidding": True}
    r = then(rec(options=o), *calls("6S", "p", "7H"))
    hand = replay(r)
    assert hand.to_act == 3 and hand.phase == "bidding"
    assert reason(r, {"seat": 1, "type": "bid", "bid": "8S"}) == "cannot_rebid_after_pass"
    assert reason(r, {"seat": 0, "type": "bid", "bid": "8S"}) == "not_your_turn"
    assert reason(r, {"seat": 3, "type": "bid", "bid": "7S"}) == "bid_too_low"
    hand = replay(then(r, {"seat": 3, "type": "pass"}))
    assert hand.phase == "discard" and hand.contractor == 2 and hand.bid == "7H"
    # a bid by the last caller ends it, even though others had not passed
    hand = replay(then(rec(options=o), *calls("6S", "6C", "6D", "6H")))
    assert hand.contractor == 3 and hand.phase == "discard"
    hand = replay(then(rec(options=o), *calls("p", "p", "p", "p")))
    assert hand.result["thrown_in"]
    # each seat calls after the others passed: no early end
    hand = replay(then(rec(options=o), *calls("6S", "p", "p")))
    assert hand.to_act == 3 and hand.phase == "bidding"


def test_single_round_misere_needs_seven_still_applies():
    r = then(rec(options={"single_round_bidding": True}), *calls("7C"))
    assert reason(r, {"seat": 1, "type": "bid", "bid": "misere"}) is None
    r = then(rec(options={"single_round_bidding": True}), *calls("6C", "p"))
    assert reason(r, {"seat": 2, "type": "bid", "bid": "misere"}) == "misere_needs_seven"


def test_raise_after_all_pass():
    o = {"raise_after_all_pass": True}
    r = then(rec(options=o), *calls("7S", "p", "p", "p"))
    hand = replay(r)
    assert hand.phase == "bidding" and hand.to_act == 0
    assert reason(r, {"seat": 1, "type": "bid", "bid": "8S"}) == "cannot_rebid_after_pass"
    assert reason(r, {"seat": 0, "type": "bid", "bid": "7S"}) == "bid_too_low"
    assert reason(r, {"seat": 0, "type": "bid", "bid": "blind_misere"}) == "blind_misere_not_first_call"
    keep = replay(then(r, {"seat": 0, "type": "pass"}))
    assert keep.phase == "discard" and keep.bid == "7S" and keep.contractor == 0
    up = replay(then(r, {"seat": 0, "type": "bid", "bid": "8NT"}))
    assert up.phase == "discard" and up.bid == "8NT" and up.contractor == 0
    assert up.state()["auction"]["auction_over"]
    # the dealer's bid after three passes gets no final call
    hand = replay(then(rec(options=o), *calls("p", "p", "p", "6S")))
    assert hand.phase == "discard"
    # misere over a seven on the final call
    assert reason(r, {"seat": 0, "type": "bid", "bid": "misere"}) is None


def test_raise_after_all_pass_via_validate_bid():
    got = bv(calls("7S", "p", "p"), {"seat": 3, "type": "pass"}, raise_after_all_pass=True)
    assert got["valid"] and not got["auction_over"] and got["next"] == 0
    got = bv(calls("7S", "p", "p", "p"), {"seat": 0, "type": "bid", "bid": "9H"}, raise_after_all_pass=True)
    assert got["auction_over"] and got["contract"] == {"bid": "9H", "seat": 0}


# ---------------------------------------------------------------------------------------------
# kitty exchange


def contract_record(bid="7H", seat=0, deal=None, options=None, dealer=3, match=None):
    """A record whose auction ends with ``bid`` by ``seat`` (everyone else passes)."""
    options = options or {}
    n = options.get("players", 4)
    r = rec(deal or fill_deal(n), dealer=dealer, options=options, match=match)
    first = (dealer + 1) % n
    moves = []
    s = first
    while s != seat:
        moves.append({"seat": s, "type": "pass"})
        s = (s + 1) % n
    moves.append({"seat": seat, "type": "bid", "bid": bid})
    for k in range(1, n):
        t = (seat + k) % n
        if (t - first) % n > (seat - first) % n:
            moves.append({"seat": t, "type": "pass"})
    r = then(r, *moves)
    assert replay(r).phase == "discard", moves
    return r


def test_kitty_listing_is_one_template_of_the_13_cards_in_canonical_order():
    deal = fill_deal(4, {0: ["AH", "5S", "JK", "4D", "TC", "KH", "QS", "9D", "6C", "8H"]},
                     kitty=["7S", "AD", "4H"])
    r = contract_record("7H", 0, deal)
    hand = replay(r)
    assert hand.legal_moves() == [{"seat": 0, "type": "discard", "count": 3,
                                   "from": ["5S", "7S", "QS", "6C", "TC", "4D", "9D", "AD", "4H", "8H", "KH",
                                            "AH", "JK"]}]
    assert hand.state()["to_act"] == 0


def test_discard_checks():
    deal = fill_deal(4, {0: ["AH", "5S", "JK", "4D", "TC", "KH", "QS", "9D", "6C", "8H"]},
                     kitty=["7S", "AD", "4H"])
    r = contract_record("7H", 0, deal)
    d = lambda cards: {"seat": 0, "type": "discard", "cards": cards}  # noqa: E731
    assert reason(r, d(["5S", "7S"])) == "wrong_discard_count"
    assert reason(r, d(["5S", "7S", "QS", "6C"])) == "wrong_discard_count"
    assert reason(r, d("5S")) == "wrong_discard_count"
    assert reason(r, d(["5S", "5S", "QS"])) == "duplicate_card"
    assert reason(r, d(["5S", "KS", "QS"])) == "card_not_in_hand"
    assert reason(r, {"seat": 1, "type": "discard", "cards": ["5S", "7S", "QS"]}) == "not_your_turn"
    assert reason(r, {"seat": 0, "type": "play", "card": "5S"}) == "wrong_phase"
    assert reason(r, {"seat": 0, "type": "pass"}) == "wrong_phase"
    # kitty cards may be discarded, and the discards are out of play
    hand = replay(then(r, d(["7S", "ad", "4H"])))
    assert hand.phase == "play" and hand.to_act == 0
    assert sorted(hand.hold.held[0]) == sorted(lookup(c) for c in deal["hands"][0])
    assert hand.to_record()["moves"][-1]["cards"] == ["7S", "AD", "4H"]


def test_discard_is_needed_in_misere_too():
    r = contract_record("misere", 1, options={"misere_without_seven": True})
    assert replay(r).phase == "discard" and replay(r).to_act == 1


# ---------------------------------------------------------------------------------------------
# joker nomination


def test_nomination_phase_only_for_no_trumps_or_misere_with_the_joker_kept():
    deal = fill_deal(4, {0: ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]},
                     kitty=["5S", "4D", "4H"])
    discard = {"seat": 0, "type": "discard", "cards": ["5S", "4D", "4H"]}
    assert replay(then(contract_record("7NT", 0, deal), discard)).phase == "nominate_joker"
    assert replay(then(contract_record("open_misere", 0, deal), discard)).phase == "nominate_joker"
    assert replay(then(contract_record("7S", 0, deal), discard)).phase == "play"
    assert replay(then(contract_record("7NT", 0, deal, options={"joker_nomination": False}), discard)).phase \
        == "play"
    # the joker discarded: no nomination
    hand = replay(then(contract_record("7NT", 0, deal), {"seat": 0, "type": "discard", "cards": ["JK", "4D", "4H"]}))
    assert hand.phase == "play"
    # a nomination when the phase does not happen is wrong_phase
    r = then(contract_record("7S", 0, deal), discard)
    assert reason(r, {"seat": 0, "type": "nominate_joker", "suit": "S"}) == "wrong_phase"


def test_joker_in_kitty_reaches_the_contractor_for_nomination():
    deal = fill_deal(4, {}, kitty=["JK", "4D", "4H"])
    r = contract_record("8NT", 2, deal)
    hand = replay(then(r, {"seat": 2, "type": "discard", "cards": ["4D", "4H", deal["hands"][2][0]]}))
    assert hand.phase == "nominate_joker" and hand.to_act == 2


def test_joker_held_by_a_defender_is_free_and_no_nomination_happens():
    deal = fill_deal(4, {1: ["JK"]})
    r = contract_record("8NT", 0, deal)
    hand = replay(then(r, {"seat": 0, "type": "discard", "cards": deal["kitty"]}))
    assert hand.phase == "play" and hand.free_joker


def nominate_record(suit, bid="9NT"):
    deal = fill_deal(4, {0: ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"]},
                     kitty=["5S", "4D", "4H"])
    r = then(contract_record(bid, 0, deal), {"seat": 0, "type": "discard", "cards": ["5S", "4D", "4H"]})
    return r


def test_nomination_listing_and_checks():
    r = nominate_record(None)
    hand = replay(r)
    assert hand.legal_moves() == [{"seat": 0, "type": "nominate_joker", "suit": s} for s in ("S", "C", "D", "H", None)]
    assert reason(r, {"seat": 0, "type": "nominate_joker", "suit": "X"}) == "invalid_suit"
    assert reason(r, {"seat": 0, "type": "nominate_joker", "suit": "h"}) == "invalid_suit"
    assert reason(r, {"seat": 0, "type": "nominate_joker"}) == "invalid_suit"
    assert reason(r, {"seat": 0, "type": "nominate_joker", "suit": 3}) == "invalid_suit"
    assert reason(r, {"seat": 1, "type": "nominate_joker", "suit": "H"}) == "not_your_turn"
    assert reason(r, {"seat": 0, "type": "play", "card": "AS"}) == "wrong_phase"
    hearts = replay(then(r, {"seat": 0, "type": "nominate_joker", "suit": "H"}))
    assert hearts.state()["joker_suit"] == "H" and hearts.phase == "play" and hearts.to_act == 0
    free = replay(then(r, {"seat": 0, "type": "nominate_joker", "suit": None}))
    assert free.state()["joker_suit"] is None and free.free_joker
    assert free.to_record()["moves"][-1] == {"seat": 0, "type": "nominate_joker", "suit": None}


def test_nominated_joker_is_a_card_of_its_suit_when_following():
    # contractor nominated hearts; after a spade lead is won... use a position instead
    h = position("9NT", "H", ["JK", "7S"], [{"seat": 3, "card": "AH"}], [], 2)
    assert legal_cards(h) == ["JK"]
    assert play_reason(h, "7S") == "must_follow_suit"
    h = position("9NT", "H", ["JK", "7S"], [{"seat": 3, "card": "AS"}], [], 2)
    assert legal_cards(h) == ["7S"]
    h = position("9NT", "H", ["JK", "7C"], [{"seat": 3, "card": "AS"}], [], 2)
    assert legal_cards(h) == ["7C", "JK"]
    # a nominated joker is led like any card, with no suit
    h = position("9NT", "H", ["JK", "7C"], [], ["H", "S", "C", "D"], 5)
    assert legal_cards(h) == ["7C", "JK"]
    assert play_reason(h, "JK", "S") == "unexpected_suit"


# ---------------------------------------------------------------------------------------------
# trick play: worked examples


def test_e3_left_bower_hearts_trumps():
    h = position("7H", None, ["JD", "9S", "5C", "8H"], [{"seat": 1, "card": "AD"}],
                 ["H", "S", "C", "H", "C", "S"], 7)
    assert legal_cards(h) == ["9S", "5C", "JD", "8H"]


def test_e4_trick_winner_with_bowers():
    got = GAME.trick_winner({"options": {}, "contract": "8S", "joker_suit": None,
                             "cards": [{"seat": 2, "card": "AC"}, {"seat": 3, "card": "JC"},
                                       {"seat": 0, "card": "AS"}, {"seat": 1, "card": "KC"}]})
    assert {k: got[k] for k in ("seat", "card")} == {"seat": 3, "card": "JC"}


def test_e5_free_joker_no_trumps_must_follow():
    h = position("8NT", None, ["JK", "7C", "AD"], [{"seat": 0, "card": "KC"}],
                 ["D", "D", "S", "H", "S", "C", "H"], 8)
    assert legal_cards(h) == ["7C"]
    assert play_reason(h, "JK") == "must_follow_suit"


def test_e6_free_joker_no_trumps_void():
    h = position("8NT", None, ["JK", "9H", "AD"], [{"seat": 0, "card": "KC"}],
                 ["D", "D", "S", "H", "S", "C", "H"], 8)
    assert legal_cards(h) == ["AD", "9H", "JK"]
    assert play_reason(h, "JK") is None and play_reason(h, "AD") is None


def test_e7_free_joker_in_misere_must_be_played_when_void():
    h = position("misere", None, ["QS", "JK", "6D"], [{"seat": 1, "card": "4H"}],
                 ["S", "C", "D", "S", "C", "D", "C"], 8, contractor=1)
    assert h.active == [0, 1, 2] and h.to_act == 2
    assert legal_cards(h) == ["JK"]
    assert play_reason(h, "QS") == "must_play_joker"
    assert play_reason(h, "JK") is None


def test_misere_must_play_joker_applies_to_the_contractor_too_and_not_when_following():
    h = position("open_misere", None, ["QS", "JK", "6D"], [{"seat": 0, "card": "4H"}], [], 2, contractor=1)
    assert h.to_act == 1 and legal_cards(h) == ["JK"]
    h = position("misere", None, ["QS", "JK", "6D"], [{"seat": 1, "card": "5S"}], [], 2, contractor=1)
    assert legal_cards(h) == ["QS"]
    assert play_reason(h, "JK") == "must_follow_suit"


def test_e8_leading_the_free_joker():
    h = position("7NT", None, ["JK", "TS", "4D"], [], ["S", "H", "S", "H", "H", "S", "S"], 8)
    assert legal_cards(h) == ["TS", "4D", {"card": "JK", "suit": "C"}, {"card": "JK", "suit": "D"}]
    assert play_reason(h, "JK", "S") == "joker_suit_already_led"
    assert play_reason(h, "JK") == "joker_suit_required"
    assert play_reason(h, "JK", "X") == "invalid_suit"
    assert play_reason(h, "JK", "c") == "invalid_suit"
    assert play_reason(h, "JK", "C") is None
    assert play_reason(h, "TS", "C") == "unexpected_suit"
    assert play_reason(h, "AS") == "card_not_in_hand"


def test_e9_all_four_suits_led():
    h = position("7NT", None, ["JK", "TS", "4D"], [], ["S", "H", "C", "D", "S", "H", "C"], 8)
    assert legal_cards(h) == ["TS", "4D"]
    assert play_reason(h, "JK", "S") == "joker_lead_not_allowed"
    assert play_reason(h, "JK") == "joker_lead_not_allowed"
    h = position("7NT", None, ["JK"], [], ["S", "H", "C", "D", "S", "H", "C", "D", "S"], 10)
    assert legal_cards(h) == [{"card": "JK", "suit": s} for s in "SCDH"]


def test_joker_lead_on_the_tenth_trick_when_not_all_suits_led_still_needs_an_unled_suit():
    h = position("7NT", None, ["JK"], [], ["S", "H", "C", "S", "H", "C", "S", "H", "C"], 10)
    assert legal_cards(h) == [{"card": "JK", "suit": "D"}]
    assert play_reason(h, "JK", "S") == "joker_suit_already_led"


def test_joker_lead_last_trick_only_option():
    o = {"joker_lead_last_trick_only": True}
    h = position("7NT", None, ["JK", "TS"], [], ["S"], 9, options=o)
    assert legal_cards(h) == ["TS"]
    assert play_reason(h, "JK", "D") == "joker_lead_not_allowed"
    h = position("7NT", None, ["JK"], ["S"], ["S"], 10, options=o) if False else \
        position("7NT", None, ["JK"], [], ["S"], 10, options=o)
    assert legal_cards(h) == [{"card": "JK", "suit": s} for s in "CDH"]


def test_free_joker_lead_names_the_led_suit_others_must_follow_it():
    h = position("7NT", None, ["AD", "KS", "9D"], [{"seat": 0, "card": "JK", "suit": "D"}], ["S"], 2)
    assert legal_cards(h) == ["9D", "AD"]
    assert play_reason(h, "KS") == "must_follow_suit"


def test_joker_in_a_suit_contract_is_the_top_trump_and_is_led_without_a_suit():
    h = position("7S", None, ["JK", "4D", "5C"], [], [], 1)
    assert legal_cards(h) == ["5C", "4D", "JK"]
    assert play_reason(h, "JK", "S") == "unexpected_suit"
    # a spade lead: the joker is a spade and must follow
    h = position("7S", None, ["JK", "4D"], [{"seat": 3, "card": "5S"}], [], 1)
    assert legal_cards(h) == ["JK"]
    # a club lead: the left bower JC is a spade, so the seat is void in clubs
    h = position("7S", None, ["JC", "4D"], [{"seat": 3, "card": "5C"}], [], 1)
    assert legal_cards(h) == ["JC", "4D"]
    # a spade lead: the left bower must follow spades
    h = position("7S", None, ["JC", "4D"], [{"seat": 3, "card": "5S"}], [], 1)
    assert legal_cards(h) == ["JC"]


def tw(contract, cards, joker_suit=None, **options):
    got = GAME.trick_winner({"options": options, "contract": contract, "joker_suit": joker_suit,
                             "cards": [dict(zip(("seat", "card"), c)) if len(c) == 2 else
                                       {"seat": c[0], "card": c[1], "suit": c[2]} for c in cards]})
    return got["seat"], got["card"]


def test_e10_nominated_joker_in_no_trumps():
    assert tw("9NT", [(1, "AH"), (2, "JK"), (3, "5H"), (0, "KH")], "H") == (2, "JK")
    assert tw("9NT", [(0, "9S"), (1, "JK"), (2, "7S"), (3, "8D")], "H") == (0, "9S")


def test_e11_six_player_ranks():
    assert tw("6NT", [(4, "13D"), (5, "TD"), (0, "12D"), (1, "JD"), (2, "11D"), (3, "AS")], players=6) == \
        (1, "JD")


def test_trick_winners():
    # the joker is the top trump in a suit contract
    assert tw("7H", [(0, "JH"), (1, "JK"), (2, "AH"), (3, "JD")]) == (1, "JK")
    # right bower over left bower over the ace of trumps
    assert tw("7H", [(0, "AH"), (1, "JD"), (2, "JH"), (3, "KH")]) == (2, "JH")
    # a low trump beats the led suit's ace
    assert tw("7H", [(0, "AS"), (1, "4H"), (2, "KS"), (3, "QS")]) == (1, "4H")
    # off-suit cards never win
    assert tw("7NT", [(0, "5S"), (1, "AH"), (2, "AD"), (3, "AC")]) == (0, "5S")
    # the free joker wins wherever it is, led or discarded, in no trumps and misere
    assert tw("7NT", [(0, "5S"), (1, "AS"), (2, "JK"), (3, "KS")]) == (2, "JK")
    assert tw("misere", [(0, "JK", "D"), (1, "AD"), (2, "KD")]) == (0, "JK")
    # misere: no bowers
    assert tw("misere", [(0, "JD"), (1, "AH"), (2, "QD")]) == (2, "QD")


def test_trick_winner_refuses_bad_bodies():
    bad = [
        {"options": {}, "contract": "7X", "joker_suit": None, "cards": [{"seat": 0, "card": "AS"}]},
        {"options": {}, "contract": "7S", "joker_suit": "H", "cards": [{"seat": 0, "card": "AS"}]},
        {"options": {}, "contract": "7NT", "joker_suit": "x", "cards": [{"seat": 0, "card": "AS"}]},
        {"options": {}, "contract": "7NT", "joker_suit": None, "cards": []},
        {"options": {}, "contract": "7NT", "joker_suit": None, "cards": [{"seat": 0, "card": "2S"}]},
        {"options": {}, "contract": "7NT", "joker_suit": None,
         "cards": [{"seat": 0, "card": "AS"}, {"seat": 0, "card": "KS"}]},
        {"options": {}, "contract": "7NT", "joker_suit": None,
         "cards": [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "AS"}]},
        {"options": {}, "contract": "7NT", "joker_suit": None,
         "cards": [{"seat": 0, "card": "AS"}, {"seat": 2, "card": "KS"}, {"seat": 1, "card": "QS"}]},
        {"options": {"x": 1}, "contract": "7NT", "joker_suit": None, "cards": [{"seat": 0, "card": "AS"}]},
        "x",
    ]
    for body in bad:
        with pytest.raises(InvalidRecord):
            GAME.trick_winner(body)


# ---------------------------------------------------------------------------------------------
# play through records


def played_hand(bid, seat, deal, plays, options=None, discard=None, nominate=None, match=None, dealer=3):
    """Play a whole hand: ``plays`` are card strings in play order, seats following the rules."""
    r = contract_record(bid, seat, deal, options=options, match=match, dealer=dealer)
    r = then(r, {"seat": seat, "type": "discard", "cards": discard or deal["kitty"]})
    if replay(r).phase == "nominate_joker":
        r = then(r, {"seat": seat, "type": "nominate_joker", "suit": nominate})
    for card in plays:
        hand = replay(r)
        move = {"seat": hand.to_act, "type": "play", "card": card}
        if isinstance(card, tuple):
            move["card"], move["suit"] = card
        r = then(r, move)
    return r


def auto(r, leads):
    """Play on: the contractor leads ``leads`` in order whenever it leads; everyone else (and the
    contractor once ``leads`` run out) plays the first listed card."""
    leads = list(leads)
    hand = replay(r)
    while hand.phase == "play":
        if hand.to_act == hand.contractor and not hand.trick and leads:
            move = {"seat": hand.to_act, "type": "play", "card": leads.pop(0)}
        else:
            move = hand.legal_moves()[0]
        r = then(r, move)
        hand = replay(r)
    return r


def test_contractor_leads_first_winner_leads_next_and_trick_records():
    deal = fill_deal(4, {0: ["AS", "KS"], 1: ["5S", "6S"], 2: ["7S", "8S"], 3: ["9S", "TS"]})
    r = played_hand("6NT", 2, deal, ["7S", "9S", "AS", "5S"])
    hand = replay(r)
    s = hand.state()
    assert s["tricks"] == [{"leader": 2, "cards": [{"seat": 2, "card": "7S"}, {"seat": 3, "card": "9S"},
                                                   {"seat": 0, "card": "AS"}, {"seat": 1, "card": "5S"}],
                            "winner": 0}]
    assert s["to_act"] == 0 and s["tricks_by_seat"] == [1, 0, 0, 0]
    assert s["current_trick"] == {"leader": 0, "cards": []}
    assert s["contract"] == {"bid": "6NT", "seat": 2, "side": 0, "value": 120}
    assert s["active_seats"] == [0, 1, 2, 3] and s["exposed"] is None
    r2 = then(r, {"seat": 0, "type": "play", "card": "KS"})
    assert replay(r2).state()["current_trick"] == {"leader": 0, "cards": [{"seat": 0, "card": "KS"}]}
    assert reason(r2, {"seat": 1, "type": "play", "card": deal["hands"][1][5]}) == "must_follow_suit"
    assert reason(r2, {"seat": 1, "type": "play", "card": "AS"}) == "card_not_in_hand"
    assert reason(r2, {"seat": 2, "type": "play", "card": "8S"}) == "not_your_turn"


def test_play_events_and_moves_endpoint_style_index():
    deal = fill_deal(4, {0: ["AS", "KS"], 1: ["5S", "6S"], 2: ["7S", "8S"], 3: ["9S", "TS"]})
    r = played_hand("6NT", 2, deal, ["7S", "9S", "AS"])
    hand = replay(r)
    events = hand.play(GAME.parse_move({"seat": 1, "type": "play", "card": "5S"}, 4, hand.pack, None, "m"), 9)
    assert events == [{"type": "trick_won", "trick": 0, "seat": 0, "index": 9}]


def full_deal_4():
    """Seat 0 holds every spade but 5S..7S, seats 1-3 the rest in suit blocks (easy to script)."""
    return fill_deal(4, {
        0: ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH"],
        1: ["5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC"],
        2: ["4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"],
        3: ["4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "AD"]},
        kitty=["5S", "6S", "7S"])


def test_full_suit_hand_slam_and_scoring_through_a_record():
    deal = full_deal_4()
    # seat 0 bids 7S, keeps its cards, leads its top cards: takes all ten tricks (a slam)
    r = played_hand("7S", 0, deal, [], match={"scores": [100, 50]})
    r = auto(r, ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH"])
    hand = replay(r)
    assert hand.tricks[0]["cards"][1] == {"seat": 1, "card": "JC"}  # the left bower follows spades
    res = hand.state()["result"]
    assert res["contract"] == {"bid": "7S", "seat": 0, "side": 0, "value": 140}
    assert res["tricks_by_seat"] == [10, 0, 0, 0] and res["tricks_by_side"] == [10, 0]
    assert res["made"] and res["slam"] and res["deltas"] == [250, 0] and res["scores"] == [350, 50]
    assert res["next_dealer"] == 0 and not res["match_over"]
    assert hand.state()["legal_moves"] == [] and hand.state()["current_trick"] is None


def misere_deal():
    # seat 1 (contractor) holds low cards; seat 3 (partner) drops out
    return fill_deal(4, {
        1: ["5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H", "5H"],
        0: ["AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "AH", "KH"],
        2: ["JS", "TS", "9S", "JC", "TC", "9C", "QD", "JD", "QH", "JH"]},
        kitty=["JK", "6D", "6H"])


def test_misere_partner_drops_out_and_tricks_have_three_cards():
    deal = misere_deal()
    r = played_hand("misere", 1, deal, ["5S", "9S", "AS"], options={"misere_without_seven": True},
                    discard=["JK", "6D", "6H"])
    hand = replay(r)
    s = hand.state()
    assert s["active_seats"] == [0, 1, 2]
    assert s["tricks"][0]["cards"] == [{"seat": 1, "card": "5S"}, {"seat": 2, "card": "9S"},
                                       {"seat": 0, "card": "AS"}]
    assert s["to_act"] == 0
    assert reason(r, {"seat": 3, "type": "play", "card": deal["hands"][3][0]}) == "not_your_turn"


def test_misere_made_after_ten_tricks():
    deal = misere_deal()
    r = played_hand("misere", 1, deal, [], options={"misere_without_seven": True}, discard=["JK", "6D", "6H"],
                    match={"scores": [100, 0]})
    r = auto(r, ["5S"])
    hand = replay(r)
    # ten tricks, the contractor took none: made
    assert hand.phase == "done"
    res = hand.result
    assert res["made"] and res["deltas"] == [0, 250] and res["tricks_by_seat"][3] == 0


def test_misere_contractor_winning_a_trick_stops_the_hand():
    deal = fill_deal(4, {
        1: ["AS", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H", "5H"],
        0: ["5S", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "AH", "KH"]},
        kitty=["JK", "6D", "6H"])
    r = played_hand("misere", 0 + 1, deal, [], options={"misere_without_seven": True},
                    discard=["JK", "6D", "6H"], match={"scores": [100, 0]})
    # contractor (seat 1) leads AS: wins unless someone plays higher (no one can)
    r = then(r, {"seat": 1, "type": "play", "card": "AS"})
    hand = replay(r)
    two = [c for c in deal["hands"][2] if c.endswith("S")]
    r = then(r, {"seat": 2, "type": "play", "card": two[0] if two else deal["hands"][2][0]},
             {"seat": 0, "type": "play", "card": "5S"})
    hand = replay(r)
    assert hand.phase == "done"
    assert len(hand.tricks) == 1 and hand.result["made"] is False
    assert hand.result["deltas"] == [0, -250] and hand.result["scores"] == [100, -250]


def test_open_misere_exposes_after_the_first_trick_in_state_and_views():
    deal = misere_deal()
    r = played_hand("open_misere", 1, deal, ["5S", "9S"], discard=["JK", "6D", "6H"])
    assert replay(r).state()["exposed"] is None
    v = replay(r).view_record(0)
    assert v["deal"]["hands"][1] == [None] * 10
    r = then(r, {"seat": 0, "type": "play", "card": "AS"})
    hand = replay(r)
    assert hand.state()["exposed"] == {"seat": 1, "cards": ["6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H", "5H"]}
    for viewer in (0, 2, 3):
        v = hand.view_record(viewer)
        assert v["deal"]["hands"][1] == [None, "6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H", "5H"]
        assert v["deal"]["kitty"] == [None, None, None]
        assert v["moves"][4]["cards"] == [None, None, None]
        vh = replay(v)
        assert vh.state()["exposed"] == hand.state()["exposed"]
        assert vh.to_act == hand.to_act
    # a defender's view now checks the contractor's plays fully
    v = hand.view_record(0)
    v = then(v, {"seat": 0, "type": "play", "card": "KS"})
    assert reason(v, {"seat": 1, "type": "play", "card": "5C"}) == "must_follow_suit"
    assert reason(v, {"seat": 1, "type": "play", "card": "QS"}) == "card_not_in_hand"


def test_open_misere_kitty_card_kept_is_exposed_where_it_stands():
    deal = misere_deal()
    r = played_hand("open_misere", 1, deal, ["5S", "9S", "AS"], discard=["JK", "6D", "5H"])
    v = replay(r).view_record(2)
    assert v["deal"]["kitty"] == [None, None, "6H"]
    assert v["deal"]["hands"][1][-1] is None and v["deal"]["hands"][1][-2] == "4H"


def test_blind_misere_is_played_closed():
    deal = misere_deal()
    r = played_hand("blind_misere", 1, deal, ["5S", "9S", "AS"], discard=["JK", "6D", "6H"])
    assert replay(r).state()["exposed"] is None
    assert replay(r).view_record(0)["deal"]["hands"][1] == [None] * 10


def test_six_player_misere_two_partners_drop_out():
    o = {"players": 6, "misere_without_seven": True}
    r = contract_record("misere", 0, options=o)
    hand = replay(then(r, {"seat": 0, "type": "discard", "cards": r["deal"]["kitty"]}))
    assert hand.active == [0, 1, 3, 5]
    o = {"players": 6, "six_player_teams": "three_teams_of_two", "misere_without_seven": True}
    r = contract_record("misere", 4, options=o)
    hand = replay(r)
    assert hand.active == [0, 2, 3, 4, 5]


def test_two_and_three_player_play_and_no_partners_drop():
    r = contract_record("misere", 1, options={"players": 3, "misere_without_seven": True}, dealer=0)
    assert replay(r).active == [0, 1, 2]
    r = contract_record("6S", 1, options={"players": 2}, dealer=0)
    hand = replay(then(r, {"seat": 1, "type": "discard", "cards": r["deal"]["kitty"]}))
    assert hand.active == [0, 1] and hand.to_act == 1


# ---------------------------------------------------------------------------------------------
# scoring


def sc(contract, seat, tricks, scores, **options):
    return GAME.score({"options": options, "contract": {"bid": contract, "seat": seat},
                       "tricks_by_side": tricks, "scores": scores})


def test_api_score_examples():
    assert sc("7H", 0, [8, 2], [120, 200]) == {
        "made": True, "slam": False, "value": 200, "deltas": [200, 20], "scores": [320, 220],
        "match_over": False, "winner": None, "backwards": []}
    assert sc("7NT", 1, [0, 10], [120, 200]) == {
        "made": True, "slam": True, "value": 220, "deltas": [0, 250], "scores": [120, 450],
        "match_over": False, "winner": None, "backwards": []}


def test_e13_slam_of_a_contract_worth_more_than_250_scores_its_value():
    got = sc("8NT", 0, [10, 0], [0, 0])
    assert got["slam"] and got["deltas"] == [320, 0]


def test_e14_failures():
    assert sc("9D", 3, [2, 8], [0, 0])["deltas"] == [20, -380]
    got = sc("misere", 0, [1, 0], [100, 0])
    assert got["deltas"] == [-250, 0] and got["scores"] == [-150, 0] and not got["made"]
    got = sc("open_misere", 1, [9, 0], [0, 0])
    assert got["made"] and got["deltas"] == [0, 500]
    assert sc("blind_misere", 1, [0, 1], [0, 0])["deltas"] == [0, -500]


def test_e15_match_end():
    got = sc("6S", 0, [6, 4], [470, 480])
    assert got["deltas"] == [40, 40] and got["scores"] == [510, 520]
    assert got["match_over"] and got["winner"] == 0 and got["backwards"] == []
    got = sc("8H", 2, [7, 3], [-400, 300])
    assert got["deltas"] == [-300, 30] and got["scores"] == [-700, 330]
    assert got["match_over"] and got["winner"] == 1 and got["backwards"] == [0]


def test_reaching_500_by_defending_does_not_win():
    got = sc("7S", 1, [3, 7], [480, 0])
    assert got["scores"] == [510, 140] and not got["match_over"] and got["winner"] is None


def test_a_failed_contract_above_500_does_not_win():
    got = sc("6S", 0, [5, 5], [600, 0])
    assert not got["made"] and not got["match_over"]


def test_e16_defender_cap():
    got = sc("8C", 1, [3, 7], [480, 100], defender_cap=490)
    assert got["deltas"] == [10, -260] and got["scores"] == [490, -160]
    assert sc("8C", 1, [3, 7], [490, 100], defender_cap=490)["deltas"] == [0, -260]
    assert sc("8C", 1, [3, 7], [495, 100], defender_cap=490)["deltas"] == [0, -260]
    assert sc("8C", 1, [3, 7], [100, 100], defender_cap=490)["deltas"] == [30, -260]


def test_multi_side_scoring_and_backwards_with_more_sides():
    # three players: each defender scores its own tricks
    assert sc("7H", 0, [7, 2, 1], [0, 0, 0], players=3)["deltas"] == [200, 20, 10]
    # five players: a defender going out backwards; the highest remaining side wins
    got = sc("10NT", 2, [0, 0, 9, 1, 0], [0, 100, 0, 0, 50], players=5)
    assert got["scores"] == [0, 100, -520, 10, 50] and got["backwards"] == [2] and got["winner"] == 1
    # a tie among the remaining sides leaves no winner
    got = sc("10NT", 2, [0, 0, 9, 1, 0], [0, 90, 0, 80, 90], players=5)
    assert got["backwards"] == [2] and got["match_over"] and got["winner"] is None
    # six players, three teams of two
    assert sc("6H", 4, [3, 6, 1], [0, 0, 0], players=6, six_player_teams="three_teams_of_two")["deltas"] == \
        [30, 100, 10]


def test_target_option():
    got = sc("6S", 0, [6, 4], [170, 0], target=200)
    assert got["match_over"] and got["winner"] == 0
    got = sc("8S", 0, [6, 4], [0, 0], target=200)
    assert got["match_over"] and got["backwards"] == [0] and got["winner"] == 1


def test_score_refuses_bad_bodies():
    for body in [
        {"options": {}, "contract": {"bid": "7Z", "seat": 0}, "tricks_by_side": [7, 3], "scores": [0, 0]},
        {"options": {}, "contract": {"bid": "7S", "seat": 4}, "tricks_by_side": [7, 3], "scores": [0, 0]},
        {"options": {}, "contract": {"bid": "7S", "seat": 0}, "tricks_by_side": [7, 2], "scores": [0, 0]},
        {"options": {}, "contract": {"bid": "7S", "seat": 0}, "tricks_by_side": [7, 3, 0], "scores": [0, 0]},
        {"options": {}, "contract": {"bid": "7S", "seat": 0}, "tricks_by_side": [7, 3], "scores": [0]},
        {"options": {}, "contract": {"bid": "7S", "seat": 0}, "tricks_by_side": [-1, 11], "scores": [0, 0]},
        {"options": {}, "contract": None, "tricks_by_side": [7, 3], "scores": [0, 0]},
    ]:
        with pytest.raises(InvalidRecord):
            GAME.score(body)


def test_api_match_score_example():
    got = GAME.score_match({"options": {}, "scores": [470, 480],
                            "hands": [{"contract": None, "tricks_by_side": [0, 0]},
                                      {"contract": {"bid": "6S", "seat": 0}, "tricks_by_side": [6, 4]},
                                      {"contract": {"bid": "7H", "seat": 1}, "tricks_by_side": [3, 7]}]})
    assert got == {"running_scores": [[470, 480], [510, 520]], "scores": [510, 520], "match_over": True,
                   "winner": 0, "backwards": [], "over_after_hand": 1}


def test_match_score_that_goes_on():
    got = GAME.score_match({"options": {}, "hands": [{"contract": {"bid": "7H", "seat": 1},
                                                      "tricks_by_side": [3, 7]}]})
    assert got == {"running_scores": [[30, 200]], "scores": [30, 200], "match_over": False, "winner": None,
                   "backwards": [], "over_after_hand": None}


def test_record_scoring_with_match_scores_and_defender_cap():
    deal = full_deal_4()
    # 10NT by seat 0, who holds the joker: nominate spades; it still takes all ten
    r = played_hand("10NT", 0, deal, [], nominate="S", match={"scores": [0, 480], "hand_number": 3},
                    options={"defender_cap": 490})
    r = auto(r, ["JK", "AS", "KS", "QS", "JS", "TS", "9S", "8S", "AH", "KH"])
    res = replay(r).result
    assert res["made"] and res["slam"] and res["deltas"] == [520, 0] and res["match_over"] and res["winner"] == 0


def test_matches_replay_chain_through_core():
    from service.rules.match import replay_match
    first = then(rec(match={"scores": [10, 20]}), *calls("p", "p", "p", "p"))
    second = then(rec(dealer=0), *calls("p", "p", "p", "p", start=1))
    got = replay_match(GAME, [first, second])
    assert got["running_scores"] == [[10, 20], [10, 20]] and not got["match_over"]


def test_calculators_exist():
    for f in (GAME.trick_winner, GAME.validate_bid, GAME.score, GAME.score_match):
        try:
            f({})
        except NotApplicable:
            raise AssertionError(f)
        except (InvalidRecord, IllegalMove):
            pass


# ---------------------------------------------------------------------------------------------
# views


def test_views_hide_other_hands_kitty_and_dead_hand():
    r = GAME.deal("v", {"players": 2}, 0, None)
    v = GAME.view(r, 1)
    assert v["viewer"] == 1 and "seed" not in v
    assert v["deal"]["hands"][1] == r["deal"]["hands"][1]
    assert v["deal"]["hands"][0] == [None] * 10
    assert v["deal"]["kitty"] == [None] * 3 and v["deal"]["dead_hand"] == [None] * 10
    assert replay(v).state()["legal_moves"] is not None  # seat 1 calls first
    assert replay(GAME.view(r, 0)).state()["legal_moves"] is None


def test_kitty_visible_only_to_the_contractor_once_the_auction_ended():
    deal = fill_deal(4)
    r = contract_record("7H", 2, deal)
    assert GAME.view(r, 2)["deal"]["kitty"] == deal["kitty"]
    assert GAME.view(r, 1)["deal"]["kitty"] == [None] * 3
    before = then(rec(deal), *calls("p", "p", "7H"))
    assert GAME.view(before, 2)["deal"]["kitty"] == [None] * 3
    r = then(r, {"seat": 2, "type": "discard", "cards": [deal["hands"][2][0]] + deal["kitty"][:2]})
    assert GAME.view(r, 2)["moves"][-1]["cards"] == [deal["hands"][2][0]] + deal["kitty"][:2]
    assert GAME.view(r, 0)["moves"][-1]["cards"] == [None, None, None]
    # the contractor's view replays to the same legal moves
    hv = replay(GAME.view(r, 2))
    assert hv.legal_moves() == replay(r).legal_moves()


def test_view_checks_only_what_the_viewer_can_know():
    deal = fill_deal(4)
    r = contract_record("7NT", 2, deal)
    r = then(r, {"seat": 2, "type": "discard", "cards": deal["kitty"]})
    v = GAME.view(r, 0)
    # seat 2's cards are unknown to seat 0: any card seat 0 does not hold may be played by seat 2
    mine = set(deal["hands"][0])
    other = next(c for c in deal["hands"][1] if c not in mine)
    assert reason(v, {"seat": 2, "type": "play", "card": other}) is None
    assert reason(v, {"seat": 2, "type": "play", "card": deal["hands"][0][0]}) == "card_not_in_hand"


def test_view_incomplete():
    r = GAME.deal("v", {}, 0, None)
    v = GAME.view(r, 1)
    v["deal"]["hands"][1][0] = None
    assert invalid(v) == "view_incomplete"
    # the contractor's view without the kitty
    r = contract_record("7H", 2)
    v = GAME.view(r, 2)
    v["deal"]["kitty"] = [None] * 3
    assert invalid(v) == "view_incomplete"
    with pytest.raises(InvalidRecord) as e:
        GAME.view(GAME.view(r, 1), 2)
    assert e.value.reason == "view_incomplete"


def test_view_with_uncertain_nomination():
    # seat 0 does not hold the joker and cannot see whether the contractor does
    deal = fill_deal(4, {2: ["JK"]})
    r = then(contract_record("8NT", 2, deal), {"seat": 2, "type": "discard", "cards": deal["kitty"]})
    full = replay(r)
    assert full.phase == "nominate_joker"
    v = GAME.view(r, 0)
    assert reason(v, {"seat": 2, "type": "nominate_joker", "suit": "D"}) is None
    v2 = then(v, {"seat": 2, "type": "nominate_joker", "suit": "D"})
    assert replay(v2).state()["joker_suit"] == "D"
    assert reason(v2, {"seat": 2, "type": "play", "card": "JK"}) is None
    # and when the contractor does not hold it, the view accepts a lead of another card
    deal = fill_deal(4, {3: ["JK"]})
    r = then(contract_record("8NT", 2, deal), {"seat": 2, "type": "discard", "cards": deal["kitty"]})
    assert replay(r).phase == "play"
    v = GAME.view(r, 0)
    assert reason(v, {"seat": 2, "type": "play", "card": deal["hands"][2][0]}) is None
    assert reason(v, {"seat": 2, "type": "play", "card": "JK"}) == "wrong_phase"
    # the joker holder's view knows there is no nomination
    v = GAME.view(r, 3)
    assert replay(v).phase == "play"
    assert reason(v, {"seat": 2, "type": "nominate_joker", "suit": "D"}) == "wrong_phase"


def test_view_round_trip_of_a_full_hand_for_every_seat():
    deal = full_deal_4()
    r = played_hand("7S", 0, deal, [])
    r = auto(r, ["JK", "AS", "KS"])
    r = {**r, "moves": r["moves"][:-5]}
    hand = replay(r)
    for seat in range(4):
        v = hand.view_record(seat)
        vh = replay(v)
        assert vh.state()["tricks"] == hand.state()["tricks"]
        assert vh.to_act == hand.to_act
        assert (vh.listing() is None) == (seat != hand.to_act)
        if seat == hand.to_act:
            assert vh.listing() == hand.listing()


def test_any_three_of_the_13_cards_is_a_legal_discard():
    import itertools
    r = contract_record("7H", 0, fill_deal(4))
    hand = replay(r)
    holding = hand.legal_moves()[0]["from"]
    combos = list(itertools.combinations(holding, 3))
    assert len(combos) == 286
    for combo in combos:
        move = GAME.parse_move({"seat": 0, "type": "discard", "cards": list(combo)}, 4, hand.pack, None, "m")
        assert hand.check(move) is None


def test_play_check_order():
    # card_not_in_hand comes before the joker-lead checks
    h = position("7NT", None, ["TS", "4D"], [], ["S", "H", "C", "D"], 5)
    assert play_reason(h, "JK") == "card_not_in_hand"
    # unexpected_suit comes before the following checks
    h = position("8NT", None, ["JK", "7C", "AD"], [{"seat": 0, "card": "KC"}], [], 2)
    assert play_reason(h, "AD", "D") == "unexpected_suit"
    # the free joker played to another seat's lead never carries a suit
    h = position("8NT", None, ["JK", "AD"], [{"seat": 0, "card": "KC"}], [], 2)
    assert play_reason(h, "JK", "C") == "unexpected_suit"
    # joker_lead_not_allowed comes before joker_suit_required
    h = position("7NT", None, ["JK", "TS"], [], ["S", "H", "C", "D"], 5)
    assert play_reason(h, "JK") == "joker_lead_not_allowed"


def test_dead_hand_never_plays_and_two_player_tricks_have_two_cards():
    r = contract_record("6NT", 1, options={"players": 2}, dealer=0)
    r = then(r, {"seat": 1, "type": "discard", "cards": r["deal"]["kitty"]})
    r = auto(r, [])
    hand = replay(r)
    assert len(hand.tricks) == 10 and all(len(t["cards"]) == 2 for t in hand.tricks)
    played = {c["card"] for t in hand.tricks for c in t["cards"]}
    assert not played & set(r["deal"]["dead_hand"])
    assert sum(hand.result["tricks_by_side"]) == 10 and hand.result["next_dealer"] == 1
