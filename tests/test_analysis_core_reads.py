"""What the compiled core's proofs read (docs/SOLVER.md, "What a proof reads"): a table entry
answers every position that agrees with it on each group's top cards down to the lowest one its
proof read, so a proof that reads one card fewer answers more positions. Each test searches a
position, then one that differs only below what the proof needed, through the same table: the
second is answered by the entry alone (no node), where a proof that read one card more left it to
a search (the node counts of the previous core are in the docstrings). The pure search, the oracle,
agrees on both values."""

from __future__ import annotations

import pytest

from service.rules.analysis import core
from service.rules.analysis.solver import Solver

from .test_analysis_core_bounds import FAR, court_piece

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built (or pure asked)")

SPADES, HEARTS = 0, 1


def answered_from_the_table(first, second, leader, counted_seat, won, trump, need):
    """Nodes spent on ``second`` after ``first``, both proving ``need`` tricks for the counted side."""
    table = core.Table()
    for hands in (first, second):
        def make():
            return court_piece([h.split() for h in hands], leader, counted_seat, won=won, trump=trump)

        compiled = core.Compiled(make(), table)
        assert compiled.load(make())
        assert compiled.core.search(need - 1, need, 0, FAR, FAR, None) >= need
        assert Solver(make()).value() >= need
    return compiled.core.nodes


def test_holding_the_top_cards_reads_them_not_the_next_one():
    """Spades trump, four tricks left, seat 3 on lead: seats 0 and 2 take three. Where a proof
    counts a hand's sure tricks in a suit (quick tricks, the top trumps, a crossing to a partner's
    winners), it reads that hand's top cards, down to the lowest it needs, not the next card below
    them, whose owner the count does not depend on. So the king and ten of diamonds changing hands
    between seats 2 and 3, below what the proofs read, leaves the answer to the table (41 nodes
    where the proofs read the next card)."""
    first = ("JS 2S 7D AD", "2D 4S 4H 9S", "KH TD 9D 3S", "KD 8H KC 3C")
    second = ("JS 2S 7D AD", "2D 4S 4H 9S", "KH KD 9D 3S", "TD 8H KC 3C")
    assert answered_from_the_table(first, second, 3, 0, (4, 5), SPADES, 3) == 0


def test_a_cut_through_a_class_keeps_its_small_card_out_of_the_entry():
    """Hearts trump, two tricks left, seat 2 (not counted) on lead: whatever it leads, seat 1 or 3
    takes a trick. After the ace, king and jack of hearts fall, seat 1's queen and nine are one class
    and it plays the nine, keeping the queen for the last trick. The proof reads hearts down to the
    queen: the nine is no part of it where one move cut (the class is kept whole, its card read,
    only where every move was refuted). So the entry answers the position with the nine and eight
    swapped, where they are no class (5 nodes where the entry read the nine)."""
    first = ("JH 5C", "QH 9H", "AH 8H", "KH 6C")
    swapped = ("JH 5C", "QH 8H", "AH 9H", "KH 6C")
    assert answered_from_the_table(first, swapped, 2, 1, (5, 6), HEARTS, 1) == 0
