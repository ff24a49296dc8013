"""Hostile input straight into the rules module: only the referee's own errors, never a crash."""

import copy
import random

from service.rules.errors import RefereeError
from service.rules.games.five_hundred import GAME

JUNK = [None, True, 0, -1, 7, 99, 1.5, "", "x", "JK", "10h", "2S", "S", "NT", "misere", [], [None], {},
        {"seat": 0}, [1, 2], ["AS", "AS", "AS"], "pass", "bid", "play", "discard", "nominate_joker"]


def mutate(value, rng, depth=0):
    if isinstance(value, dict) and value and rng.random() < 0.7:
        out = dict(value)
        key = rng.choice(list(out))
        if rng.random() < 0.2:
            del out[key]
        else:
            out[key] = mutate(out[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.7:
        out = list(value)
        i = rng.randrange(len(out))
        r = rng.random()
        if r < 0.2:
            del out[i]
        elif r < 0.3:
            out.append(copy.deepcopy(out[i]))
        else:
            out[i] = mutate(out[i], rng, depth + 1)
        return out
    return rng.choice(JUNK)


def bodies():
    record = GAME.deal("hostile", {}, 3, None)
    hand = GAME.replay(record)
    while hand.phase != "done" and len(hand.moves) < 30:
        m = hand.legal_moves()[-1 if hand.phase == "bidding" and not hand.moves else 0]
        if m["type"] == "discard":
            m = {"seat": m["seat"], "type": "discard", "cards": m["from"][:3]}
        hand.play(GAME.parse_move(m, 4, hand.pack, None, "m"), len(hand.moves))
    record = hand.to_record()
    return {
        "replay": record,
        "view": hand.view_record(1),
        "trick_winner": {"options": {}, "contract": "8S", "joker_suit": None,
                         "cards": [{"seat": 2, "card": "AC"}, {"seat": 3, "card": "JC"}]},
        "validate_bid": {"options": {}, "dealer": 3, "calls": [{"seat": 0, "type": "bid", "bid": "6H"}],
                         "bid": {"seat": 1, "type": "pass"}},
        "score": {"options": {}, "contract": {"bid": "7H", "seat": 0}, "tricks_by_side": [8, 2],
                  "scores": [120, 200]},
        "score_match": {"options": {}, "scores": [0, 0],
                        "hands": [{"contract": {"bid": "6S", "seat": 0}, "tricks_by_side": [6, 4]}]},
    }


def test_hostile_bodies_only_raise_referee_errors():
    rng = random.Random(3)
    base = bodies()
    calls = {"replay": GAME.replay, "view": GAME.replay, "trick_winner": GAME.trick_winner,
             "validate_bid": GAME.validate_bid, "score": GAME.score, "score_match": GAME.score_match}
    for name, body in base.items():
        calls[name](copy.deepcopy(body))  # the unmutated body is fine
        for _ in range(600):
            bad = copy.deepcopy(body)
            for _ in range(rng.randint(1, 3)):
                bad = mutate(bad, rng)
            try:
                out = calls[name](bad)
                if name in ("replay", "view"):
                    out.state()
                    out.to_record()
            except RefereeError:
                pass
