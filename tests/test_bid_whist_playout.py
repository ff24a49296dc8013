"""Seeded random playouts of Bid Whist: invariants over a few hundred hands with a spread of options."""

from __future__ import annotations

import random

import pytest

from service.rules.cards import NAMES, lookup
from service.rules.errors import IllegalMove
from service.rules.games.bid_whist import GAME, PACK

OPTION_SETS = [
    {},
    {"kitty": "exchange"},
    {"kitty": "exchange", "first_lead": "bidder", "min_bid": 3, "target": 5},
    {"downtown_outranks_uptown": False, "dealer_takes_at_equal": True, "defenders_score": "set_value"},
    {"no_trump_doubles": True, "defenders_score": "books_over_six", "boston_wins": True, "target": 9},
    {"min_bid": 4, "dealer_takes_at_equal": True, "kitty": "exchange", "no_trump_doubles": True},
]


def reference_score(options, bidder, level, mode, books, scores):
    """The table of "Hand scoring and match end", written out independently."""
    bt = bidder % 2
    m = 2 if (options.get("no_trump_doubles") and mode == "no_trump") else 1
    deltas = [0, 0]
    if books[bt] >= 6 + level:
        deltas[bt] = (books[bt] - 6) * m
    else:
        deltas[bt] = -level * m
        rule = options.get("defenders_score", "none")
        if rule == "set_value":
            deltas[1 - bt] = level * m
        elif rule == "books_over_six" and books[1 - bt] >= 7:
            deltas[1 - bt] = (books[1 - bt] - 6) * m
    new = [scores[0] + deltas[0], scores[1] + deltas[1]]
    target = options.get("target", 7)
    if options.get("boston_wins") and books[bt] == 13:
        return deltas, new, True, bt
    if max(new) >= target or min(new) <= -target:
        return deltas, new, True, 0 if new[0] > new[1] else 1
    return deltas, new, False, None


def concrete(move, rng):
    """A concrete move from a listing entry (the discard template picks 6 of its ``from``)."""
    if move["type"] == "discard":
        return {"seat": move["seat"], "type": "discard", "cards": rng.sample(move["from"], move["count"])}
    return dict(move)


def check_refusals(hand, st, rng):
    """A card not listed is refused; every listed move passes ``Hand.check``."""
    seat = st["to_act"]
    for move in st["legal_moves"]:
        if move["type"] != "discard":
            assert hand.check(GAME.parse_move(move, 4, PACK, None, "m")) is None, move
    if st["phase"] == "playing":
        listed = {m["card"] for m in st["legal_moves"]}
        held = st["hands"][seat]
        for card in held:
            if card not in listed:
                refusal = hand.check({"seat": seat, "type": "play", "card": lookup(card)})
                assert refusal and refusal[0] == "must_follow_suit"
        other = rng.choice([c for c in PACK.order if NAMES[c] not in held])
        assert hand.check({"seat": seat, "type": "play", "card": other})[0] == "card_not_in_hand"
        wrong = (seat + 1) % 4
        assert hand.check({"seat": wrong, "type": "play", "card": lookup(held[0])})[0] == "not_your_turn"
    if st["phase"] == "bidding":
        listed = {(m.get("level"), m.get("mode")) for m in st["legal_moves"] if m["type"] == "bid"}
        for level in range(0, 9):
            for mode in ("uptown", "downtown", "no_trump"):
                refusal = hand.check({"seat": seat, "type": "bid", "level": level, "mode": mode})
                assert (refusal is None) == ((level, mode) in listed)


def play_hand(seed, options, dealer, scores, rng, check_views):
    record = GAME.deal(seed, options, dealer, {"scores": scores, "hand_number": 1})
    hand = GAME.replay(record)
    full = sorted(c for h in record["deal"]["hands"] for c in h) + sorted(record["deal"]["kitty"])
    assert sorted(full) == sorted(NAMES[c] for c in PACK.order)
    step = 0
    while hand.phase != "done":
        st = hand.state()
        if step % 3 == 0:
            check_refusals(hand, st, rng)
        # card conservation: hands + played (+ kitty, or the discards) = 54 distinct cards
        played = [c["card"] for t in st["tricks"] for c in t["cards"]]
        if st["current_trick"]:
            played += [c["card"] for c in st["current_trick"]["cards"]]
        in_hands = [c for h in st["hands"] for c in h]
        if options.get("kitty") != "exchange" or st["phase"] in ("bidding", "declaring"):
            kitty_out = record["deal"]["kitty"]  # set aside (or not yet taken up)
        else:
            kitty_out = st["discards"] or []  # in the bidder's hand while discarding
        everything = in_hands + played + list(kitty_out)
        assert len(everything) == 54 and len(set(everything)) == 54
        assert len(st["tricks"]) == sum(st["tricks_won"])
        move = concrete(rng.choice(st["legal_moves"]), rng)
        if check_views and step % 4 == 0:
            rec = hand.to_record()
            for seat in range(4):
                view = GAME.view(rec, seat)
                vhand = GAME.replay(view)
                vst = vhand.state()
                assert vst["to_act"] == st["to_act"] and vst["phase"] == st["phase"]
                assert vst["tricks"] == st["tricks"] and vst["contract"] == st["contract"]
                assert vst["hands"][seat] == st["hands"][seat]
                assert all(c is None for s, h in enumerate(vst["hands"]) if s != seat for c in h)
                if seat == st["to_act"]:
                    assert vst["legal_moves"] == st["legal_moves"]
                else:
                    assert vst["legal_moves"] is None
                # the legal move is accepted by every view (as that seat may see it)
                shown = vhand.game.write_move(GAME.parse_move(move, 4, PACK, None, "m"))
                if move["type"] == "discard" and seat != move["seat"]:
                    shown["cards"] = [None] * 6
                assert vhand.check(GAME.parse_move(shown, 4, PACK, seat, "m")) is None
        hand.play(GAME.parse_move(move, 4, PACK, None, "m"), len(hand.moves))
        step += 1
    st = hand.state()
    res = st["result"]
    assert st["legal_moves"] == [] and st["to_act"] is None
    assert len(st["tricks"]) == 12 and sum(st["tricks_won"]) == 12
    assert all(h == [] for h in st["hands"])
    won = st["tricks_won"]
    books = [won[0] + won[2], won[1] + won[3]]
    books[res["contract"]["bidder"] % 2] += 1
    assert res["books"] == books and sum(books) == 13
    c = res["contract"]
    deltas, new, over, winner = reference_score(options, c["bidder"], c["level"], c["mode"], books, scores)
    assert (res["deltas"], res["scores"], res["match_over"], res["winner"]) == (deltas, new, over, winner)
    assert res["boston"] == (books[c["bidder"] % 2] == 13)
    assert res["next_dealer"] == (dealer + 1) % 4
    assert res["made"] == (books[c["bidder"] % 2] >= 6 + c["level"])
    assert c["level"] >= options.get("min_bid", 1)
    # each trick's winner leads the next; the first lead follows the option
    first = c["bidder"] if options.get("first_lead") == "bidder" else (dealer + 1) % 4
    leaders = [t["leader"] for t in st["tricks"]]
    assert leaders == [first] + [t["winner"] for t in st["tricks"][:-1]]
    # the full record replays to the same state, and so does the calculator
    replayed = GAME.replay(hand.to_record()).state()
    assert replayed == st
    for t in st["tricks"]:
        tw = GAME.trick_winner({"leader": t["leader"], "cards": t["cards"], "trump": c["trump"],
                                "direction": c["direction"]})
        assert tw["seat"] == t["winner"]
    out = GAME.score({"options": options, "contract": {k: c[k] for k in ("bidder", "level", "mode")},
                      "books": books, "scores": scores})
    assert out["scores"] == new
    # a move after the end is refused
    try:
        hand.play({"seat": 0, "type": "pass"}, len(hand.moves))
    except IllegalMove as exc:
        assert exc.reason == "hand_over"
    else:  # pragma: no cover
        raise AssertionError("a move after the end was accepted")
    return res


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_random_playouts(index):
    options = OPTION_SETS[index]
    rng = random.Random(1000 + index)
    target = options.get("target", 7)
    for n in range(50):
        scores = [rng.randint(-target + 1, target - 1), rng.randint(-target + 1, target - 1)]
        play_hand(f"playout-{index}-{n}", options, n % 4, scores, rng, check_views=n < 15)


def test_the_hand_is_an_extension_type_where_compiled():
    """Compiled, ``BidWhistHand`` is an extension type built on ``game.Hand``'s (``hand.pxd``): its
    fields are C struct members, and it has no ``__dict__``, so a field missing from the .pxd fails
    at once. From source it is a Python class that plays the same hands."""
    from service.rules import build
    from service.rules.games.bid_whist.hand import BidWhistHand
    hand = GAME.replay(GAME.deal("extension", {}, 0, None))
    if "service.rules.games.bid_whist.hand" not in build.COMPILED:
        assert BidWhistHand.__flags__ & (1 << 9)  # Py_TPFLAGS_HEAPTYPE: a class made by Python
        return
    assert not BidWhistHand.__flags__ & (1 << 9)
    assert not hasattr(hand, "__dict__")
    with pytest.raises(AttributeError):
        hand.undeclared = 1


def test_listed_moves_are_fresh_dicts():
    """The bid and play moves are copies of cached ones: changing what a listing gave changes no
    later listing."""
    rng = random.Random(5)
    hand = GAME.replay(GAME.deal("fresh", {}, 0, None))
    while hand.phase != "done":
        listed = hand.legal_moves()
        expected = [dict(m) for m in listed]
        for m in listed:
            m["seat"] = m["type"] = "changed"
        assert hand.legal_moves() == expected
        move = rng.choice(expected)
        if "count" in move:
            move = {"seat": move["seat"], "type": "discard", "cards": rng.sample(move["from"], move["count"])}
        hand.play(GAME.parse_move(move, 4, PACK, None, "m"), len(hand.moves))
