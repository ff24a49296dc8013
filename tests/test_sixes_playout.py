"""Sixes: seeded random playouts through Game.replay / Hand.play, checking invariants."""

from __future__ import annotations

import random

from service.rules.cards import NAMES
from service.rules.games.sixes import GAME, POS, SEQ_CARD, SUIT, hand_sizes, settle


def _parse(hand, move):
    return GAME.parse_move(move, hand.n, hand.pack, hand.viewer, "m")


def _check_listing(hand, rng):
    """Every listed move passes ``check``; every card not listed (and an unlisted pass) is refused."""
    listed = hand.legal_moves()
    assert listed
    seat = hand.to_act
    for m in listed:
        assert hand.check(_parse(hand, m)) is None, m
    cards = {m["card"] for m in listed if m["type"] == "play"}
    for c in hand.pack.order:
        if NAMES[c] not in cards:
            assert hand.check({"seat": seat, "type": "play", "card": c}) is not None
    if {"seat": seat, "type": "pass"} not in listed:
        assert hand.check({"seat": seat, "type": "pass"})[0] in ("must_play", "must_start_with_6d")
    other = (seat + 1 + rng.randrange(hand.n - 1)) % hand.n
    assert hand.check({"seat": other, "type": "pass"})[0] == "not_your_turn"
    return listed


def _check_invariants(hand, total_chips, dealt_count):
    st = hand.state()
    assert st["tricks"] == []
    # chips conserved: in hands plus pot
    assert sum(st["chips"]) + st["pot"] == total_chips
    assert min(st["chips"]) >= 0
    # every card played (in the layout) or held
    in_layout = 0
    for suit, row in enumerate("SHDC"):
        ends = st["layout"][row]
        if ends is not None:
            low, high = POS[hand.pack.parse(ends["low"], "x")], POS[hand.pack.parse(ends["high"], "x")]
            assert low <= 5 <= high
            in_layout += high - low + 1
            for p in range(low, high + 1):
                assert all(SEQ_CARD[suit][p] not in h for h in hand.holdings.held)
    plays = sum(1 for m in hand.moves if m["type"] == "play")
    assert in_layout == plays
    assert sum(st["hand_sizes"]) + plays == dealt_count == 40
    held = [c for h in hand.holdings.held for c in h]
    assert len(held) == len(set(held))
    return st


def _random_round(rng, record, check_views):
    hand = GAME.replay(record)
    n = hand.n
    total = sum(hand.match["chips"])
    steps = 0
    while hand.phase != "done":
        listed = _check_listing(hand, rng)
        move = rng.choice(listed)
        if check_views and rng.random() < 0.08:
            for seat in range(n):
                view = GAME.view(record, seat)
                vst = GAME.replay(view).state()
                fst = hand.state()
                if seat == hand.to_act:
                    assert vst["legal_moves"] == fst["legal_moves"]
                else:
                    assert vst["legal_moves"] is None
                for key in ("layout", "pot", "chips", "hand_sizes", "phase"):
                    assert vst[key] == fst[key]
                # the move about to be made is accepted from every seat's view
                vh = GAME.replay(view)
                assert vh.check(_parse(vh, move)) is None
        events = hand.play(_parse(hand, move), len(hand.moves))
        record["moves"].append(move)
        _check_invariants(hand, total, 40)
        steps += 1
        assert steps < 40 * 60
    res = hand.result
    # the round ended on the winner's last card; scores match the settlement table
    assert record["moves"][-1]["type"] == "play" and record["moves"][-1]["seat"] == res["round_winner"]
    assert hand.holdings.size(res["round_winner"]) == 0
    expect = settle(hand.match["chips"], res["passes"], res["round_winner"])
    for key in ("pot", "deltas", "chips", "match_over", "winner", "winners", "unpaid_passes"):
        assert res[key] == expect[key], key
    assert res["next_dealer"] == record["moves"][0]["seat"]
    assert record["moves"][0]["card"] == "6D"
    assert sum(res["chips"]) == total
    assert hand.state()["pot"] == 0
    types = [e["type"] for e in events]
    assert types == (["hand_over", "match_over"] if res["match_over"] else ["hand_over"])
    # the record replays to the same result, and every seat's view too
    assert GAME.replay(record).result == res
    if check_views:
        for seat in range(n):
            assert GAME.replay(GAME.view(record, seat)).result == res
    return hand


def test_random_playouts_keep_every_invariant():
    rng = random.Random(20261129)
    for i in range(300):
        n = rng.choice((3, 4, 5))
        options = {"players": n, "voluntary_pass": rng.random() < 0.3,
                   "start_chips": rng.choice((1, 2, 3, 10))}
        dealer = rng.randrange(n)
        chips = [rng.randint(1, 6) for _ in range(n)]
        record = GAME.deal(f"playout-{i}", options, dealer, {"chips": chips, "hand_number": 1})
        assert [len(h) for h in record["deal"]["hands"]] == hand_sizes(n, dealer)
        _random_round(rng, record, check_views=i % 10 == 0)


def test_random_matches_chain_rounds_until_someone_has_no_chips():
    rng = random.Random(66)
    for m in range(12):
        n = rng.choice((3, 4, 5))
        options = {"players": n, "start_chips": rng.choice((1, 2, 3)),
                   "voluntary_pass": rng.random() < 0.5}
        dealer = rng.randrange(n)
        match = None
        rounds = []
        for h in range(60):
            record = GAME.deal(f"match-{m}-{h}", options, dealer, match)
            if match is not None:
                assert record["match"]["hand_number"] == h + 1
            hand = _random_round(rng, record, check_views=False)
            res = hand.result
            rounds.append({"passes": res["passes"], "round_winner": res["round_winner"]})
            if res["match_over"]:
                break
            match = GAME.next_match(hand.match, res, hand)
            dealer = GAME.next_dealer(res, hand)
            assert dealer == record["moves"][0]["seat"]
        else:
            continue
        # the match calculator agrees with the chained replays
        out = GAME.score_match({"options": options, "hands": rounds})
        assert out["over_after_hand"] == len(rounds) - 1
        assert out["chips"] == res["chips"] and out["winners"] == res["winners"]
        assert out["winner"] == res["winner"]
        assert min(out["chips"]) == 0


def test_suit_and_sequence_tables_cover_the_pack():
    for card in GAME.pack({}).order:
        assert SEQ_CARD[SUIT[card]][POS[card]] == card


# --- hostile input: the referee answers a RefereeError, never anything else ---------------------

_JUNK = [None, True, 0, -1, 7, 2 ** 70, 1.5, "", "6D", "8H", "x", [], [None], {}, {"a": 1},
         [[]], ["6D"] * 9]


def _mutate(rng, value, depth=0):
    if rng.random() < 0.25 or depth > 4:
        return rng.choice(_JUNK)
    if isinstance(value, dict) and value:
        key = rng.choice(list(value))
        out = dict(value)
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = _mutate(rng, value[key], depth + 1)
        return out
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        out = list(value)
        r = rng.random()
        if r < 0.1:
            del out[i]
        elif r < 0.2:
            out.append(rng.choice(value))
        else:
            out[i] = _mutate(rng, value[i], depth + 1)
        return out
    return rng.choice(_JUNK)


def test_mutated_records_and_bodies_never_crash():
    from service.rules.errors import RefereeError
    rng = random.Random(404)
    bases = []
    for i, n in enumerate((3, 4, 5)):
        rec = GAME.deal(f"fuzz-{i}", {"players": n}, i % n, None)
        hand = GAME.replay(rec)
        while hand.phase != "done" and len(rec["moves"]) < 25:
            move = rng.choice(hand.legal_moves())
            hand.play(GAME.parse_move(move, n, hand.pack, None, "m"), len(hand.moves))
            rec["moves"].append(move)
        bases += [rec, GAME.view(rec, 0)]
    ok = 0
    for _ in range(1500):
        base = rng.choice(bases)
        rec = _mutate(rng, base)
        try:
            hand = GAME.replay(rec)
            hand.state()
            hand.to_record()
            if hand.viewer is None:
                GAME.view(rec, rng.randrange(hand.n))
            ok += 1
        except RefereeError:
            pass
    assert ok > 50
    bodies = [{"options": {}, "chips": [10] * 5, "passes": [2, 0, 3, 1, 0], "round_winner": 1},
              {"options": {"players": 4}, "chips": [3] * 4,
               "hands": [{"passes": [1, 2, 0, 1], "round_winner": 2}]}]
    for _ in range(800):
        i = rng.randrange(2)
        body = _mutate(rng, bodies[i])
        try:
            (GAME.score if i == 0 else GAME.score_match)(body)
        except RefereeError:
            pass
