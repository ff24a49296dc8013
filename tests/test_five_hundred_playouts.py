"""Seeded random playouts of Five Hundred through ``Game.replay``/``Hand.play``, checking invariants.

Every player count and a spread of options; every listed move passes ``Hand.check``; a card not
listed is refused; cards are conserved; scores match the table; each seat to act gets the same
listing from its own view.
"""

import itertools
import random

import pytest

from service.rules.cards import lookup
from service.rules.games.five_hundred import GAME, MISERE_FAMILY, VALUE, settle, sides_of

OPTION_SETS = [
    {"players": 4},
    {"players": 4, "single_round_bidding": True, "joker_lead_last_trick_only": True},
    {"players": 4, "raise_after_all_pass": True, "misere_without_seven": True, "defender_cap": 490},
    {"players": 4, "joker_nomination": False, "allow_blind_misere": False},
    {"players": 2},
    {"players": 3},
    {"players": 5, "raise_after_all_pass": True},
    {"players": 6},
    {"players": 6, "six_player_teams": "three_teams_of_two", "misere_without_seven": True},
]


def parse(move, hand):
    return GAME.parse_move(move, hand.n, hand.pack, hand.viewer, "move")


def concrete(template, rng):
    if template["type"] == "discard":
        return {"seat": template["seat"], "type": "discard", "cards": rng.sample(template["from"], 3)}
    return dict(template)


def choose(legal, rng, bias_bids):
    if legal[0]["type"] in ("pass", "bid") and bias_bids:
        # bid now and then, mostly pass, so contracts of every kind happen and auctions end
        if rng.random() < 0.55 or len(legal) == 1:
            return legal[0]
        return rng.choice(legal[1:])
    return rng.choice(legal)


def check_view_listing(record, hand):
    seat = hand.to_act
    view = hand.view_record(seat)
    vhand = GAME.replay(view)
    assert vhand.phase == hand.phase
    assert vhand.listing() == hand.listing()
    # every other seat's view lists nothing but agrees on whose turn it is and on the public state
    # (a view that cannot tell whether the contractor holds the joker reports phase play)
    skip = ("legal_moves", "phase", "current_trick") if hand.phase == "nominate_joker" else ("legal_moves",)
    public = {k: v for k, v in hand.state().items() if k not in skip}
    for other in range(hand.n):
        if other == seat:
            continue
        ohand = GAME.replay(hand.view_record(other))
        assert ohand.to_act == seat
        assert ohand.listing() is None
        assert {k: v for k, v in ohand.state().items() if k not in skip} == public


def playout(options, seed, rng, check_views):
    n = options["players"]
    record = GAME.deal(seed, options, rng.randrange(n), {"scores": [rng.randrange(-400, 450, 10)
                                                                    for _ in range(sides_of(GAME.parse_options(options))[0])]})
    hand = GAME.replay(record)
    pack_mask = hand.pack.mask
    step = 0
    while hand.phase != "done":
        legal = hand.listing()
        assert legal, (hand.phase, hand.to_act)
        for m in legal:
            if m["type"] != "discard":
                assert hand.check(parse(m, hand)) is None, m
        if hand.phase == "play":
            listed = {m["card"] for m in legal}
            for c in hand.hold.held[hand.to_act]:
                name = GAME.write_move({"seat": 0, "type": "play", "card": c})["card"]
                if name not in listed:
                    assert hand.check(parse({"seat": hand.to_act, "type": "play", "card": name}, hand)) is not None
            # an inactive seat (or any seat but the one to act) is refused
            wrong = (hand.to_act + 1) % n
            assert hand.check(parse({"seat": wrong, "type": "play", "card": legal[0]["card"]}, hand))[0] \
                == "not_your_turn"
        if check_views and (step % 7 == 0 or check_views == "all"):
            record["moves"] = [GAME.write_move(m) for m in hand.moves]
            check_view_listing(record, hand)
        move = concrete(choose(legal, rng, True), rng)
        if move["type"] == "discard":
            assert hand.check(parse(move, hand)) is None
        hand.play(parse(move, hand), len(hand.moves))
        step += 1
        # card conservation: every card held, discarded, played or in the kitty/dead hand
        assert sum(len(h) for h in hand.hold.held) <= 10 * n + 3
    record["moves"] = [GAME.write_move(m) for m in hand.moves]
    again = GAME.replay(record)
    assert again.state() == hand.state()
    check_result(hand, record, pack_mask)
    return hand


def check_result(hand, record, pack_mask):
    r = hand.result
    n = hand.n
    k, side_of = sides_of(hand.options)
    assert r["next_dealer"] == (hand.dealer + 1) % n
    if r["thrown_in"]:
        assert r["scores"] == hand.match["scores"] and r["deltas"] == [0] * k
        assert not hand.tricks
        return
    c = r["contract"]
    active = hand.active
    # every trick has one card per active seat, each card once
    played = [lookup(x["card"]) for t in hand.tricks for x in t["cards"]]
    assert len(played) == len(set(played)) == len(hand.tricks) * len(active)
    assert all(len(t["cards"]) == len(active) for t in hand.tricks)
    if c["bid"] in MISERE_FAMILY:
        assert len(active) == n - (sum(1 for s in range(n) if side_of[s] == c["side"]) - 1)
        wins = [t["winner"] for t in hand.tricks]
        assert c["seat"] not in wins[:-1]
        assert len(hand.tricks) == 10 or wins[-1] == c["seat"]
    else:
        assert len(hand.tricks) == 10
        assert sum(r["tricks_by_seat"]) == 10
    # all cards accounted for: what is left in hands + played + discards + kitty at the start
    left = [c for h in hand.hold.held for c in h]
    discards = [lookup(x) for m in record["moves"] if m["type"] == "discard" for x in m["cards"]]
    dead = [lookup(x) for x in record["deal"].get("dead_hand", [])]
    everything = left + played + discards + dead
    assert len(everything) == len(set(everything)) == bin(pack_mask).count("1")
    assert sum(r["tricks_by_side"]) == len(hand.tricks)
    expected = settle(hand.options, c["bid"], c["side"], r["tricks_by_side"], hand.match["scores"])
    for key in ("made", "slam", "deltas", "scores", "match_over", "winner", "backwards"):
        assert r[key] == expected[key]
    assert c["value"] == VALUE[c["bid"]]
    # scores by hand: the contracting side gets +-value (or 250 slam), defenders 10/trick (suit/NT)
    delta = r["deltas"][c["side"]]
    if r["made"]:
        assert delta in (c["value"], 250)
    else:
        assert delta == -c["value"]


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_random_playouts(index):
    options = OPTION_SETS[index]
    rng = random.Random(500 + index)
    kinds = set()
    for i in range(40):
        hand = playout(options, f"playout-{index}-{i}", rng, check_views="all" if i < 3 else i < 8)
        if hand.result["contract"]:
            kinds.add(hand.result["contract"]["bid"])
    assert len(kinds) >= 3


def test_playouts_reach_misere_nomination_and_joker_leads():
    rng = random.Random(7)
    seen = set()
    for i in itertools.count():
        options = {"players": 4, "misere_without_seven": True}
        hand = playout(options, f"misere-{i}", rng, check_views=False)
        if hand.result["contract"]:
            bid = hand.result["contract"]["bid"]
            seen.add("misere" if bid in MISERE_FAMILY else "nt" if bid.endswith("NT") else "suit")
            if any(m["type"] == "nominate_joker" for m in hand.moves):
                seen.add("nominated")
            if any(x.get("suit") for t in hand.tricks for x in t["cards"]):
                seen.add("joker_lead")
        if len(seen) == 5 or i > 400:
            break
    assert seen == {"misere", "nt", "suit", "nominated", "joker_lead"}
