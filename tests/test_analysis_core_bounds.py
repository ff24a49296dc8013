"""The compiled core's sure-trick bounds where four seats play as two partnerships, and within a
trick where any two sides of five or six seats play (docs/SOLVER.md), each on a small Court Piece or
Five Hundred position built for it: the bound alone answers the zero-window test
(no node: no move applied), and the pure search, the oracle, agrees with the answer and with every
root move's value."""

from __future__ import annotations

import pytest

from bench.analysis import position
from service.rules import games
from service.rules.analysis import core
from service.rules.analysis.adapters import ADAPTERS
from service.rules.analysis.solver import Solver
from service.rules.cards import lookup

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built (or pure asked)")

SPADES = 0
FAR = 1 << 40


def court_piece(hands, leader, counted_seat, won=(0, 0), trick=(), trump=SPADES):
    """A single sar play model with these cards left (each seat's, the trick's apart), spades
    trump, ``won`` tricks per team so far; ``counted_seat``'s team counted."""
    k = max(len(h) for h in hands)
    hand = games.get("court-piece").replay(position("court-piece", "core-bounds", 13, {"mode": "single_sar"}))
    adapter = ADAPTERS["court-piece"]
    masks = [sum(1 << lookup(c) for c in h) for h in hands]
    p = adapter.play(hand, adapter.objective(hand, counted_seat), hands=masks)
    p.trump, p.done, p.won = trump, 13 - k, list(won)
    p.trick = [(s, lookup(c)) for s, c in trick]
    p.leader, p.to_act = leader, (leader + len(trick)) % 4
    return p


def five_hundred(hands, leader, counted_seat, trick=()):
    """A Five Hundred no-trump play model with the free joker (a ten no trump of the five- or
    six-handed seed below: seat 4 alone against four, or seats 0, 2 and 4 against 1, 3 and 5),
    these cards left; ``counted_seat``'s side counted."""
    seed = {5: "bench-whole-five-hundred-58", 6: "bench-whole-five-hundred-162"}[len(hands)]
    hand = games.get("five-hundred").replay(position("five-hundred", seed, 10, {"players": len(hands)}))
    assert hand.bid == "10NT" and hand.free_joker
    adapter = ADAPTERS["five-hundred"]
    masks = [sum(1 << lookup(c) for c in h) for h in hands]
    p = adapter.play(hand, adapter.objective(hand, counted_seat), hands=masks)
    p.done = 10 - max(len(h) for h in hands)
    p.trick = [(s, lookup(c)) for s, c in trick]
    p.led_suit = p._suit[p.trick[0][1]] if trick else None
    p.leader, p.to_act = leader, (leader + len(trick)) % len(hands)
    return p


def bound_alone(make, alpha, beta):
    """The core's fail-soft answer to the test (alpha, beta) at the position, and its nodes."""
    compiled = core.Compiled(make())
    assert compiled.load(make())
    v = compiled.core.search(alpha, beta, 0, FAR, FAR, None)
    return v, compiled.core.nodes


def oracle(make):
    """The position's value and every root move's, by the pure search; the core's root values."""
    p = make()
    moves = p.moves(p.to_act)
    pure = Solver(p).values(moves)
    fast = core.make_solver(make())
    assert isinstance(fast, core.CoreSolver)
    assert fast.values(moves) == pure
    best = max if p.maxer[p.to_act] else min
    return best(pure.values())


# (what the bound knows, the cards left per seat, the position, the test (alpha, beta), the value)
CASES = [
    # seat 1 (counted) leads: its ace of clubs, then the two of hearts to the partner's ace, whose ace
    # of diamonds is the third trick; the partner keeps a club to follow (alone: one sure trick, the
    # crossing one more)
    ("the leader cashes, then crosses to the partner who cashes on",
     [["KH", "KD", "KC"], ["AC", "2H", "3D"], ["QH", "QD", "QC"], ["AH", "AD", "4C"]],
     dict(leader=1, counted_seat=1), (2, 3), 3),
    # ace and two of diamonds opposite king and four (DDS's "Kx opposite Ax"): the ace, the two to the
    # king, then the partner's ace of hearts
    ("the leader cashes its ace and crosses to the partner's king",
     [["QD", "JD", "KH"], ["AD", "2D", "3C"], ["TD", "9D", "QH"], ["KD", "4D", "AH"]],
     dict(leader=1, counted_seat=1), (2, 3), 3),
    # hearts led by the counted side; the second hand must follow, the partner (third) holds the four,
    # the fourth hand the ace: the counted side loses this trick whatever is played, so it cannot
    # take both tricks left (four seats: the bound is tried at the trick's second card)
    ("the fourth hand holds the trick nobody before it can win",
     [["AH", "8C"], ["5C"], ["3H", "6C"], ["4H", "AC"]],
     dict(leader=1, counted_seat=3, trick=[(1, "2H")]), (1, 2), 1),
    # the others (team 0) have five tricks and lead: seat 1 (counted) holds the three top trumps,
    # sure tricks wherever they fall, so the others take at most one of the four left and never
    # reach seven, and the counted side reaches its seven (its top trumps in a play-out that the
    # stop cannot cut short)
    ("the counted side's top trumps where the others cannot reach their stop",
     [["2H", "3H", "4H", "5H"], ["AS", "KS", "QS", "2D"], ["6C", "7C", "8C", "9C"], ["AH", "KH", "AD", "AC"]],
     dict(leader=0, counted_seat=1, won=(5, 4)), (2, 3), 3),
    # the others (team 0) have six tricks and lead the ace of trumps: their seventh ends the hand, so
    # the counted side takes nothing more, though two more tricks would follow otherwise
    ("the others' first trick reaches seven and stops the hand",
     [["AS", "2C", "3C"], ["AC", "AH", "AD"], ["4C", "5C", "6C"], ["KC", "KH", "KD"]],
     dict(leader=0, counted_seat=1, won=(6, 4)), (0, 1), 0),
    # hearts led; the second hand (counted), void, holds the only trumps: it ruffs this trick, then its
    # other trump and its ace of diamonds are sure tricks too
    ("the second hand ruffs and cashes what nobody else can ruff",
     [["QD", "QC"], ["2S", "AS", "AD"], ["3H", "JD", "JC"], ["4H", "TD", "TC"]],
     dict(leader=0, counted_seat=1, trick=[(0, "2H")]), (2, 3), 3),
    # no trump live; the leader holds the king of hearts and the partner the ace, two each (DDS's top
    # two cards held one each): the king first (the partner plays low), then the two to the ace
    ("the leader's second card, then the partner's top card of the same group",
     [["QH", "JH", "AC"], ["KH", "2H", "4C"], ["TH", "9H", "KC"], ["AH", "3H", "5C"]],
     dict(leader=1, counted_seat=1), (1, 2), 2),
    # no trump live; the leader's side (0 and 2) holds the top hearts, two rounds, and three tricks
    # are left: it must then lead a club, and the counted side's ace takes it (DDS's later tricks)
    ("the side on lead runs out of its winning groups before the tricks run out",
     [["AH", "KH", "2C"], ["AC", "4D", "5D"], ["QH", "JH", "3C"], ["KC", "6D", "7D"]],
     dict(leader=0, counted_seat=1), (0, 1), 1),
    # the same under the stop at seven: the counted side (team 1) needs one trick more, the others
    # four; they lead, and can lead the hearts they hold the top of for two rounds only, so the
    # counted side takes a trick before the others could reach their seventh
    ("the side on lead runs out of its winning groups before its stop",
     [["AH", "KH", "2C", "3C"], ["AC", "2D", "3D", "4D"], ["QH", "JH", "4C", "5C"], ["AD", "KD", "5D", "6D"]],
     dict(leader=0, counted_seat=1, won=(3, 6)), (0, 1), 1),
    # no trump live; seat 3 runs its three hearts (nobody else holds one), then the two of clubs to the
    # partner's ace: the partner gives up its ace of diamonds, discarding it on the hearts
    ("the partner gives up a trick of its own to keep the crossing",
     [["KC", "QC", "KD", "QD"], ["AC", "AD", "5D", "6D"], ["JC", "TC", "JD", "TD"], ["2H", "3H", "4H", "2C"]],
     dict(leader=3, counted_seat=3), (3, 4), 4),
]


# the same, Five Hundred's no trump with five or six seats (no trump: the free joker the only card
# that beats the suit led)
FIVE_HUNDRED = [
    # the contractor (seat 4, alone, counted) leads the ace of hearts; seat 2, void, holds the free
    # joker: the defenders surely take this trick, so the contractor cannot take both
    ("a void defender's free joker takes the contractor's ace",
     [["2H", "3D"], ["3H", "4D"], ["JK", "2D"], ["4H", "5D"], ["AD"]],
     dict(leader=4, counted_seat=4, trick=[(4, "AH")]), (1, 2), 1),
    # hearts led and followed; the contractor, last, wins with the ace and cashes the ace of spades
    # (nobody holds the free joker)
    ("the contractor wins the trick last and cashes on",
     [["KS"], ["2C"], ["3C"], ["4C"], ["AH", "AS"]],
     dict(leader=0, counted_seat=4, trick=[(0, "2H"), (1, "3H"), (2, "4H"), (3, "5H")]), (1, 2), 2),
    # six seats, two teams of three: seat 1, void, played the free joker to the counted team's ace
    ("the free joker in the trick takes it whatever follows",
     [["KD"], ["2C"], ["3H", "AC"], ["4H", "3C"], ["5H", "4C"], ["6H", "5C"]],
     dict(leader=0, counted_seat=0, trick=[(0, "AH"), (1, "JK")]), (1, 2), 1),
]


@pytest.mark.parametrize("build,hands,where,window,value",
                         [(court_piece, *c[1:]) for c in CASES] + [(five_hundred, *c[1:]) for c in FIVE_HUNDRED],
                         ids=[c[0] for c in CASES + FIVE_HUNDRED])
def test_the_bound_alone_answers_and_the_pure_search_agrees(build, hands, where, window, value):
    def make():
        return build(hands, **where)
    assert bound_alone(make, *window) == (value, 0)
    assert oracle(make) == value
