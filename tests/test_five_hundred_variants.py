"""Five Hundred's variants (five-hundred.md, "Variants"): V1 called partner, V2 all-pass hands played out.

Every worked example (V1.1-V1.5, V2.1-V2.4) is a test; seeded playouts over both options check the
document's invariants: the hidden partner is never shown early in any view, the calculators agree
with the replay, the kitty of a played-out hand is seen by nobody.
"""

import random

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games.five_hundred import GAME

from .contract import post_ok
from .test_five_hundred import fill_deal, reason, rec, replay

BASE = "/v1/games/five-hundred"
CP = {"players": 5, "call_partner": True}
PO = {"all_pass": "play_out"}


def call(seat, card):
    return {"seat": seat, "type": "call_partner", "card": card}


def play(seat, card, suit=None):
    out = {"seat": seat, "type": "play", "card": card}
    if suit:
        out["suit"] = suit
    return out


def pas(seat):
    return {"seat": seat, "type": "pass"}


# --- V1 called partner -----------------------------------------------------------------------

KEEP = ["5H", "TC", "KD", "9D", "JH", "KC", "6D", "9C", "6H", "KH"]
V11_DEAL = fill_deal(5, hands={1: ["5H", "TC", "KD", "9D", "JH", "KC", "6D", "9C", "6H", "AS"], 4: ["AH"]},
                     kitty=["KH", "3C", "8C"])
V11_MOVES = [{"seat": 1, "type": "bid", "bid": "7H"}, pas(2), pas(3), pas(4), pas(0),
             {"seat": 1, "type": "discard", "cards": ["AS", "3C", "8C"]}]


def v11(*more, options=CP):
    return rec(V11_DEAL, V11_MOVES + list(more), dealer=0, options=options)


def test_v1_1_calling_a_card(client):
    hand = replay(v11())
    assert hand.phase == "call_partner" and hand.to_act == 1
    listed = hand.legal_moves()
    assert len(listed) == 43 and all(m["type"] == "call_partner" for m in listed)
    cards = [m["card"] for m in listed]
    assert {"AS", "3C", "8C", "AH", "JK"} <= set(cards) and not set(KEEP) & set(cards)
    order = [GAME.pack(hand.options).order.index(hand.pack.parse(c, "c")) for c in cards]
    assert order == sorted(order)  # canonical deck order
    assert reason(v11(), call(1, "KH")) == "partner_card_in_hand"
    st = post_ok(client, BASE + "/state", {"record": v11(call(1, "AH"))})
    assert st["partner"] == {"card": "AH", "seat": 4, "revealed": False}
    assert st["phase"] == "play" and st["to_act"] == 1
    st = post_ok(client, BASE + "/state", {"record": v11(call(1, "AS"))})
    assert st["partner"] == {"card": "AS", "seat": None, "revealed": False}
    out = post_ok(client, BASE + "/moves/validate", {"record": v11(), "move": call(1, "KH")})
    assert out["legal"] is False and out["reason"] == "partner_card_in_hand"


def test_v1_the_partner_in_views():
    full = v11(call(1, "AH"))
    seats = {s: replay(GAME.view(full, s)).state()["partner"]["seat"] for s in range(5)}
    assert seats == {0: None, 1: None, 2: None, 3: None, 4: 4}  # only the holder knows
    alone = v11(call(1, "AS"))
    seats = {s: replay(GAME.view(alone, s)).state()["partner"]["seat"] for s in range(5)}
    assert seats == {0: None, 1: None, 2: None, 3: None, 4: None}
    # the contractor knows he plays alone (the card is in his discards): seat None, and he knows it
    assert replay(GAME.view(alone, 1)).partner_known


def test_v1_call_checks_and_order():
    assert reason(v11(call(1, "AH")), call(1, "AS")) == "wrong_phase"  # a second call
    assert reason(v11(), call(2, "AH")) == "not_your_turn"
    assert reason(rec(V11_DEAL, V11_MOVES[:5], dealer=0, options=CP), call(1, "AH")) == "wrong_phase"
    for bad in ("ZZ", "1H", None, 7):  # a card string outside the pack: invalid record, in any phase
        with pytest.raises(InvalidRecord) as e:
            replay(rec(V11_DEAL, [call(1, bad)], dealer=0, options=CP))
        assert e.value.reason == "invalid_card"
    with pytest.raises(InvalidRecord) as e:
        replay(rec(V11_DEAL, [{"seat": 1, "type": "call_partner"}], dealer=0, options=CP))
    assert e.value.reason == "invalid_card"
    # without the option the move is an unknown type (an invalid record)
    with pytest.raises(InvalidRecord) as e:
        replay(v11(call(1, "AH"), options={"players": 5}))
    assert e.value.reason == "invalid_move"


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_v1_only_with_five_players(players):
    with pytest.raises(InvalidRecord) as e:
        GAME.deal("s", {"players": players, "call_partner": True}, 0, None)
    assert e.value.reason == "invalid_option"
    GAME.deal("s", {"players": players, "call_partner": False}, 0, None)


def test_v1_the_reveal_event_comes_before_trick_won(client):
    # seat 1 leads its hearts; seat 4 must follow with AH at some point: play AH to the first trick
    full = v11(call(1, "AH"))
    hand = replay(full)
    moves = list(full["moves"])
    lead = play(1, "6H")
    moves.append(lead)
    trick = [lead]
    for seat in (2, 3, 4, 0):
        h = replay({**full, "moves": moves})
        options = h.legal_moves()
        pick = next((m for m in options if m["card"] == "AH"), options[0])
        if seat == 0:
            out = post_ok(client, BASE + "/moves", {"record": {**full, "moves": moves}, "move": pick})
            types = [e["type"] for e in out["events"]]
            if "partner_revealed" in types:
                assert types.index("partner_revealed") < types.index("trick_won")
        moves.append(pick)
        trick.append(pick)
    st = replay({**full, "moves": moves}).state()
    assert st["partner"] == {"card": "AH", "seat": 4, "revealed": True}
    for s in range(5):
        assert replay(GAME.view({**full, "moves": moves}, s)).state()["partner"]["seat"] == 4
    assert hand.state()["partner"]["revealed"] is False


V1_SCORES = [
    ({"options": CP, "contract": {"bid": "7H", "seat": 1, "partner": 3},
      "tricks_by_side": [1, 4, 1, 3, 1], "scores": [0, 0, 0, 0, 0]},
     {"made": True, "slam": False, "value": 200, "deltas": [10, 200, 10, 200, 10],
      "scores": [10, 200, 10, 200, 10], "match_over": False, "winner": None, "backwards": []}),
    ({"options": CP, "contract": {"bid": "6D", "seat": 2, "partner": None},
      "tricks_by_side": [2, 1, 5, 1, 1], "scores": [0, 0, 0, 0, 0]},
     {"made": False, "slam": False, "value": 80, "deltas": [20, 10, -80, 10, 10],
      "scores": [20, 10, -80, 10, 10], "match_over": False, "winner": None, "backwards": []}),
    ({"options": CP, "contract": {"bid": "7D", "seat": 0, "partner": 3},
      "tricks_by_side": [5, 1, 1, 2, 1], "scores": [100, 0, 0, 330, 0]},
     {"made": True, "deltas": [180, 10, 10, 180, 10], "scores": [280, 10, 10, 510, 10],
      "match_over": True, "winner": 3, "backwards": []}),
    ({"options": CP, "contract": {"bid": "8H", "seat": 2, "partner": 1},
      "tricks_by_side": [0, 3, 5, 1, 1], "scores": [0, 250, 250, 0, 0]},
     {"made": True, "deltas": [0, 300, 300, 10, 10], "scores": [0, 550, 550, 10, 10],
      "match_over": True, "winner": None, "backwards": []}),
]


@pytest.mark.parametrize("body,expected", V1_SCORES)
def test_v1_2_to_v1_4_scoring(body, expected, client):
    out = post_ok(client, BASE + "/score", body)
    assert {k: out[k] for k in expected} == expected
    # matches/score reads the same contract
    m = post_ok(client, BASE + "/matches/score", {"options": body["options"], "scores": body["scores"],
                                                 "hands": [{k: body[k] for k in ("contract", "tricks_by_side")}]})
    assert m["scores"] == expected["scores"] and m["winner"] == expected["winner"]


def test_v1_partner_in_a_calculator_body_is_checked_only_when_read(client):
    body = dict(V1_SCORES[0][0])
    for bad in (1, "3", 9, -1):
        resp = client.post(BASE + "/score", json={**body, "contract": {**body["contract"], "partner": bad}})
        assert resp.status_code == 422 and resp.get_json()["code"] == "invalid_record", bad
    # ignored without the option, and for a misère bid, whatever its value
    plain = {**body, "options": {"players": 5}, "contract": {**body["contract"], "partner": "junk"}}
    assert GAME.score(plain)["deltas"] == [10, -200, 10, 30, 10]  # alone: 4 tricks of 7
    misere = {**body, "contract": {"bid": "misere", "seat": 1, "partner": "junk"},
              "tricks_by_side": [1, 0, 1, 1, 1]}
    assert GAME.score(misere)["made"] is True


def test_v1_5_misere_has_no_call():
    deal = fill_deal(5, hands={4: ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "2C", "3C", "4C"]},
                     kitty=["2D", "3D", "4D"])
    moves = [pas(0), pas(1), {"seat": 2, "type": "bid", "bid": "7S"}, pas(3),
             {"seat": 4, "type": "bid", "bid": "misere"}, pas(2)]
    r = rec(deal, moves, dealer=4, options=CP)
    hand = replay(r)
    assert hand.phase == "discard" and hand.to_act == 4
    r = {**r, "moves": moves + [{"seat": 4, "type": "discard", "cards": ["8S", "7S", "6S"]}]}
    hand = replay(r)
    assert hand.phase == "play" and hand.to_act == 4
    assert reason(r, call(4, "AH")) == "wrong_phase"
    assert hand.state()["partner"] is None
    with pytest.raises(InvalidRecord) as e:
        replay({**r, "options": {"players": 5}, "moves": r["moves"] + [call(4, "AH")]})
    assert e.value.reason == "invalid_move"


def test_v1_5_a_misere_under_the_variant_replays_in_every_seats_view():
    """Called partner and misère together: a view that cannot tell whether the contractor holds the
    joker (the kitty is hidden) takes the contractor's first card, as the full record does — no call
    comes in a misère, so the nomination's open question is settled by a play, not a call."""
    deal = fill_deal(5, hands={4: ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "2C", "3C", "4C"]},
                     kitty=["2D", "3D", "4D"])
    moves = [pas(0), pas(1), {"seat": 2, "type": "bid", "bid": "7S"}, pas(3),
             {"seat": 4, "type": "bid", "bid": "misere"}, pas(2),
             {"seat": 4, "type": "discard", "cards": ["8S", "7S", "6S"]}, play(4, "2C")]
    full = rec(deal, moves, dealer=4, options=CP)
    hand = replay(full)
    for seat in range(5):
        view = replay(GAME.view(full, seat))
        assert (view.phase, view.to_act) == (hand.phase, hand.to_act), seat
    assert replay(GAME.view(full, hand.to_act)).legal_moves()


def test_v1_deals_carry_the_option_only_when_set():
    assert "call_partner" not in GAME.deal("s", {"players": 5}, 0, None)["options"]
    assert "all_pass" not in GAME.deal("s", {}, 0, None)["options"]
    assert GAME.deal("s", CP, 0, None)["options"]["call_partner"] is True


# --- V2 played out ------------------------------------------------------------------------------

def test_v2_1_the_fourth_pass_starts_the_play(client):
    body = {"options": PO, "dealer": 3, "calls": [pas(0), pas(1), pas(2)], "bid": pas(3)}
    out = post_ok(client, BASE + "/bids/validate", body)
    expected = {"valid": True, "reason": None, "high_bid": None, "high_bidder": None, "next": 0,
                "auction_over": True, "thrown_in": False, "played_out": True, "contract": None}
    assert {k: out[k] for k in expected} == expected
    later = post_ok(client, BASE + "/bids/validate", {**body, "calls": body["calls"] + [pas(3)], "bid": pas(0)})
    assert later["valid"] is False and later["reason"] == "wrong_phase"
    won = post_ok(client, BASE + "/bids/validate", {"options": PO, "dealer": 3,
                                                    "calls": [{"seat": 0, "type": "bid", "bid": "6S"}, pas(1),
                                                              pas(2)], "bid": pas(3)})
    assert won["played_out"] is False
    assert "played_out" not in post_ok(client, BASE + "/bids/validate", {**body, "options": {}})


def test_v2_single_round_bidding_the_dealers_pass():
    hand = replay(rec(moves=[pas(0), pas(1), pas(2), pas(3)], options={**PO, "single_round_bidding": True}))
    assert hand.phase == "play" and hand.to_act == 0 and hand.state()["played_out"] is True


V2_SCORES = [
    ({"options": PO, "contract": None, "tricks_by_side": [6, 4], "scores": [0, 0]},
     {"made": None, "slam": False, "value": None, "deltas": [60, 40], "scores": [60, 40],
      "match_over": False, "winner": None, "backwards": []}),
    ({"options": PO, "contract": None, "tricks_by_side": [3, 7], "scores": [480, 460]},
     {"deltas": [30, 70], "scores": [510, 530], "match_over": False, "winner": None}),
    ({"options": {**PO, "defender_cap": 490}, "contract": None, "tricks_by_side": [5, 5], "scores": [470, 490]},
     {"deltas": [20, 0], "scores": [490, 490], "match_over": False, "winner": None}),
]


@pytest.mark.parametrize("body,expected", V2_SCORES)
def test_v2_2_scoring(body, expected, client):
    out = post_ok(client, BASE + "/score", body)
    assert {k: out[k] for k in expected} == expected


def test_v2_3_a_match(client):
    body = {"options": PO, "scores": [400, 450],
            "hands": [{"contract": None, "tricks_by_side": [6, 4]},
                      {"contract": {"bid": "6S", "seat": 0}, "tricks_by_side": [6, 4]},
                      {"contract": None, "tricks_by_side": [2, 8]}]}
    out = post_ok(client, BASE + "/matches/score", body)
    expected = {"running_scores": [[460, 490], [500, 530]], "scores": [500, 530], "match_over": True,
                "winner": 0, "backwards": [], "over_after_hand": 1}
    assert {k: out[k] for k in expected} == expected
    with pytest.raises(InvalidRecord):  # a played-out hand has ten tricks
        GAME.score({"options": PO, "contract": None, "tricks_by_side": [3, 4], "scores": [0, 0]})


def test_v2_4_the_free_joker_in_a_played_out_hand(client):
    lead = ["KS", "9C", "6D", "9H", "7S", "JC", "AD", "6C", "JK", "AH"]
    r = rec(fill_deal(4, hands={2: lead}), [pas(2), pas(3), pas(0), pas(1)], dealer=1, options=PO)
    st = post_ok(client, BASE + "/state", {"record": r})
    assert st["phase"] == "play" and st["to_act"] == 2 and st["contract"] is None and st["played_out"] is True
    assert st["active_seats"] == [0, 1, 2, 3]
    jokers = [m for m in st["legal_moves"] if m["card"] == "JK"]
    assert [m["suit"] for m in jokers] == ["S", "C", "D", "H"]
    assert len(st["legal_moves"]) == 9 + 4
    assert reason(r, play(2, "JK")) == "joker_suit_required"
    assert reason(r, {"seat": 2, "type": "discard", "cards": ["KS", "9C", "6D"]}) == "wrong_phase"
    assert reason(r, {"seat": 2, "type": "nominate_joker", "suit": "H"}) == "wrong_phase"
    for s in range(4):  # the kitty is never seen by anyone
        assert GAME.view(r, s)["deal"]["kitty"] == [None] * 3


def test_v2_without_the_option_all_pass_is_thrown_in():
    hand = replay(rec(moves=[pas(0), pas(1), pas(2), pas(3)]))
    assert hand.result["thrown_in"] and "played_out" not in hand.result and "played_out" not in hand.state()
    with pytest.raises(InvalidRecord) as e:
        GAME.deal("s", {"all_pass": "Play_out"}, 0, None)
    assert e.value.reason == "invalid_option"


# --- playouts -----------------------------------------------------------------------------------

def _random_move(hand, rng, pass_rate):
    listed = hand.legal_moves()
    if hand.phase == "bidding" and rng.random() < pass_rate:
        return listed[0]
    m = rng.choice(listed)
    if m["type"] == "discard":
        m = {"seat": m["seat"], "type": "discard", "cards": rng.sample(m["from"], 3)}
    return m


def _views_hide_the_partner(hand, record):
    st = hand.state()
    partner = st.get("partner")
    for s in range(hand.n):
        vst = replay(GAME.view(record, s)).state()
        if partner is None:
            assert vst.get("partner") is None
            continue
        vp = vst["partner"]
        assert vp["card"] == partner["card"] and vp["revealed"] == partner["revealed"]
        knows = partner["revealed"] or s == partner["seat"] or (s == hand.contractor and partner["seat"] is None)
        assert vp["seat"] == (partner["seat"] if knows else None), (s, vp, partner)
        assert "partner" not in str(GAME.view(record, s)["moves"]).replace("call_partner", "")


OPTIONS = [CP, {**CP, **PO}, PO, {**PO, "players": 3}, {**PO, "players": 2}, {**PO, "players": 6},
           {**CP, "joker_nomination": False, "single_round_bidding": True}]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_hands(options, client):
    rng = random.Random(repr(options))
    seen_partner = seen_played_out = 0
    for i in range(12):
        record = GAME.deal(f"v{i}", options, rng.randrange(options.get("players", 4)), None)
        hand = replay(record)
        pass_rate = 0.9 if "all_pass" in options and i % 2 else 0.5
        while hand.phase != "done":
            for m in hand.legal_moves():
                if m["type"] != "discard":
                    assert hand.check(GAME.parse_move(m, hand.n, hand.pack, None, "m")) is None, m
            move = _random_move(hand, rng, pass_rate)
            events = hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
            types = [e["type"] for e in events]
            if "partner_revealed" in types and "trick_won" in types:
                assert types.index("partner_revealed") < types.index("trick_won")
            record = hand.to_record()
            # every seat's view after the call, at the reveal and at the end; every 4th move between
            check = move["type"] == "call_partner" or "partner_revealed" in types or hand.phase == "done" \
                or len(hand.moves) % 4 == 0
            if options.get("call_partner") and hand.partner_card is not None and check:
                _views_hide_the_partner(hand, record)
        res = hand.result
        if res.get("played_out"):
            seen_played_out += 1
            assert res["contract"] is None and res["made"] is None and sum(res["tricks_by_side"]) == 10
            calc = GAME.score({"options": options, "contract": None, "tricks_by_side": res["tricks_by_side"],
                               "scores": record["match"]["scores"]})
            assert calc["deltas"] == res["deltas"] and calc["winner"] == res["winner"]
            assert not any(s >= 500 for s in res["scores"]) or res["winner"] is None or res["backwards"]
        elif res.get("partner"):
            seen_partner += 1
            c = res["contract"]
            body = {"options": options, "contract": {"bid": c["bid"], "seat": c["seat"],
                                                     "partner": res["partner"]["seat"]},
                    "tricks_by_side": res["tricks_by_side"], "scores": record["match"]["scores"]}
            calc = GAME.score(body)
            assert calc["deltas"] == res["deltas"] and calc["winner"] == res["winner"]
            if res["partner"]["seat"] is not None:
                assert res["deltas"][c["seat"]] == res["deltas"][res["partner"]["seat"]]
        if i == 0:
            post_ok(client, BASE + "/state", {"record": record})
            post_ok(client, BASE + "/views", {"record": record, "seat": 1})
    if options.get("call_partner"):
        assert seen_partner
    if "all_pass" in options:
        assert seen_played_out
