"""How long a record may be: the rules' bound on a Sixes round, and the service's cap on any record.

docs/TRUST.md, "Long records": a Sixes round is finite because a voluntary pass costs a chip (rules/
sixes.md: "a player may also pass (and pay) when he could play"), so a record longer than the rules
allow is refused before any move is replayed; ``REFEREE_MAX_MOVES`` (800) holds every legal round at
the stacks the rules suggest (10 to 15 chips) and keeps the longest record within a few normal
requests' cost.
Work is counted (tests/work.py), never timed.
"""

from __future__ import annotations

import random

import pytest

from service import create_app
from service.rules.games.sixes import GAME, SixesHand

from .keys import TEST_KEYS
from .test_hostile import record_of
from .work import WorkCounter

G = "/v1/games/sixes"


def _stall(record, rng, pass_rate=0.9, limit=10_000):
    """Play ``record`` out, passing whenever the rules let a seat and ``rng`` agrees: the longest rounds."""
    hand = GAME.replay(record)
    while hand.phase != "done" and len(hand.moves) < limit:
        moves = hand.legal_moves()
        passing = [m for m in moves if m["type"] == "pass"]
        move = passing[0] if passing and rng.random() < pass_rate else rng.choice(moves)
        hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
    return hand


@pytest.mark.parametrize("players", (3, 4, 5, 6))
@pytest.mark.parametrize("options", ({}, {"voluntary_pass": True}, {"voluntary_pass": True, "ante": 2}))
def test_every_round_ends_within_the_rules_bound(players, options):
    rng = random.Random(players)
    for k in range(3):
        chips = [rng.randint(1, 12) for _ in range(players)]
        record = GAME.deal(f"stall-{k}", {"players": players, **options}, 0, {"chips": chips, "hand_number": 1})
        bound = GAME.replay(record).max_moves()
        hand = _stall(record, rng)
        assert hand.phase == "done" and len(hand.moves) <= bound


def test_the_bound_is_the_rules_arithmetic():
    # plays: the pack less one card per other seat; a forced run of passes is at most n - 1 long;
    # each chip left after the antes pays at most one voluntary pass, worth one more round of seats
    def bound(players, **options):
        chips = {"chips": [10] * players, "hand_number": 1}
        return GAME.replay(GAME.deal("b", {"players": players, **options}, 0, chips)).max_moves()
    assert [bound(n) for n in (3, 4, 5, 6)] == [38 + 2 * 37, 37 + 3 * 36, 36 + 4 * 35, 43 + 5 * 42]
    assert bound(5, voluntary_pass=True) == 176 + 5 * 50
    assert bound(5, voluntary_pass=True, ante=3) == 176 + 5 * 35


def test_the_cap_holds_every_legal_round_at_the_stacks_the_rules_suggest(app):
    # sixes.md, Decision 6: "The seed suggests 10 to 15" chips; the longest such round is 6 players
    # with voluntary passes and 15 chips each: 253 + 6 * 90 = 793 moves
    cap = app.config["MAX_MOVES"]
    for n in (3, 4, 5, 6):
        for start in range(1, 16):
            record = GAME.deal("c", {"players": n, "voluntary_pass": True, "start_chips": start}, 0, None)
            assert GAME.replay(record).max_moves() <= cap


def _chipless_can_play():
    """A position where the seat to act has no chip left, voluntary passes are on, and it can play."""
    rng = random.Random(7)
    for k in range(200):
        record = GAME.deal(f"broke-{k}", {"voluntary_pass": True}, 0, {"chips": [1] * 5, "hand_number": 1})
        hand = GAME.replay(record)
        while hand.phase != "done":
            seat = hand.to_act
            if hand.moves and hand.chips[seat] == 0 and any(m["type"] == "play" for m in hand.legal_moves()):
                return hand
            moves = hand.legal_moves()
            move = next((m for m in moves if m["type"] == "pass"), None) or rng.choice(moves)
            hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
    raise AssertionError("no such position")


def test_a_voluntary_pass_costs_a_chip_so_a_seat_without_one_must_play():
    # "With option voluntary_pass: true a player may also pass (and pay) when he could play"
    hand = _chipless_can_play()
    seat = hand.to_act
    assert {"seat": seat, "type": "pass"} not in hand.legal_moves()
    refusal = hand.check({"seat": seat, "type": "pass"})
    assert refusal[0] == "must_play" and "costs a chip" in refusal[1]
    # a seat with a chip may still pass when it could play
    record = hand.to_record()
    record["match"]["chips"] = [c + 1 for c in record["match"]["chips"]]
    richer = GAME.replay(record)
    assert richer.chips[seat] >= 1 and {"seat": seat, "type": "pass"} in richer.legal_moves()


def test_a_seat_without_chips_still_passes_free_when_it_cannot_play():
    # "a player with no chips left passes without paying (and owes nothing)"
    hand = _chipless_can_play()
    rng = random.Random(3)
    while hand.phase != "done":
        seat, moves = hand.to_act, hand.legal_moves()
        if hand.chips[seat] == 0 and moves == [{"seat": seat, "type": "pass"}]:
            before = hand.unpaid[seat]
            hand.play(GAME.parse_move(moves[0], hand.n, hand.pack, None, "m"), len(hand.moves))
            assert hand.unpaid[seat] == before + 1
            return
        hand.play(GAME.parse_move(rng.choice(moves), hand.n, hand.pack, None, "m"), len(hand.moves))
    pytest.skip("the round ended before a forced free pass")


def _counting_plays(monkeypatch):
    played = []
    original = SixesHand.play
    monkeypatch.setattr(SixesHand, "play", lambda self, move, i: played.append(i) or original(self, move, i))
    return played


@pytest.mark.parametrize("options, chips, bound", [({}, [10] * 5, 176),
                                                   ({"voluntary_pass": True}, [1] * 5, 176 + 25)])
def test_a_record_longer_than_the_rules_allow_is_refused_before_any_move(client, monkeypatch, options, chips, bound):
    record = GAME.deal("long", options, 0, {"chips": chips, "hand_number": 1})
    record["moves"] = [{"seat": 0, "type": "pass"}] * (bound + 1)
    played = _counting_plays(monkeypatch)
    resp = client.post(G + "/state", json={"record": record})
    body = resp.get_json()
    assert resp.status_code == 422 and (body["code"], body["reason"]) == ("invalid_record", "too_many_moves")
    assert f"at most {bound}" in body["detail"] and played == []
    record["moves"] = record["moves"][:bound]  # at the bound: replayed (and refused at its first bad move)
    assert client.post(G + "/state", json={"record": record}).get_json()["reason"] != "too_many_moves"


def _long(moves: int, **over):
    """A legal Sixes record of ``moves`` moves: voluntary passes paid from deep stacks."""
    record = GAME.deal("long", {"voluntary_pass": True, **over}, 0, {"chips": [400] * 5, "hand_number": 1})
    hand = GAME.replay(record)
    while len(hand.moves) < moves:
        legal = hand.legal_moves()
        move = next((m for m in legal if m["type"] == "pass"), legal[0])
        hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))
    return hand


@pytest.fixture(scope="module")
def sealing_app():
    return create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})


def test_the_longest_record_accepted_costs_its_replay_and_no_more(sealing_app):
    # the clock's ratio is make bench's (bench/hostile.py: ~5x a normal move, ~7x with a seat token);
    # here the work: beyond a normal request, a bounded number of calls per move replayed
    app, ring = sealing_app, sealing_app.extensions["referee_keyring"]
    cap = app.config["MAX_MOVES"]
    client = app.test_client()
    normal_hand, normal = record_of("sixes")
    normal_move = normal_hand.legal_moves()[0]
    hand = _long(cap - 1)
    record, move = hand.to_record(), hand.legal_moves()[0]
    extra = cap - len(normal["moves"])
    with WorkCounter(app) as work:
        base, resp = work.post(client, G + "/moves", json={"record": normal, "move": normal_move})
        assert resp.status_code == 200
        calls, resp = work.post(client, G + "/moves", json={"record": record, "move": move})
        assert resp.status_code == 200 and len(resp.get_json()["record"]["moves"]) == cap
        assert work.within(calls - base, 20 * extra), (calls, base)  # one replay, one record written back
        # a seat token replays the record and the seat's view, and unseals and seals it
        seat_base, resp = work.post(client, G + "/moves", json={
            "record_token": ring.seal("sixes", normal, normal_move["seat"]), "move": normal_move})
        assert resp.status_code == 200
        seat_calls, resp = work.post(client, G + "/moves", json={
            "record_token": ring.seal("sixes", record, move["seat"]), "move": move})
        assert resp.status_code == 200 and work.within(seat_calls - seat_base, 50 * extra), (seat_calls, seat_base)
        # one move more than the cap: refused before anything is replayed
        over = {**record, "moves": record["moves"] + [move, move]}
        refused, resp = work.post(client, G + "/moves", json={"record": over, "move": move})
        assert resp.get_json()["reason"] == "too_many_moves" and work.within(refused, base)


def test_match_replay_refuses_a_hand_over_the_rules_bound_before_replaying_it(client, monkeypatch):
    record = GAME.deal("long", {}, 0, None)
    record["moves"] = [{"seat": 0, "type": "pass"}] * 177
    played = _counting_plays(monkeypatch)
    body = client.post(G + "/matches/replay", json={"hands": [record]}).get_json()
    assert (body["reason"], body.get("hand_index")) == ("too_many_moves", 0) and played == []
