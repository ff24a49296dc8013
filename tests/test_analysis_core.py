"""The compiled double-dummy core (``_ddcore.c``) against the pure search, its oracle (docs/SOLVER.md):
every root move's value on random positions of every game and variant, at any point of a trick —
Court Piece's hidden trump (before, at and after the reveal: the hybrid search), Five Hundred with
two to six players (misère, the free joker, called partners), Bid Whist uptown, downtown and no
trump with its jokers, Buck Euchre's bowers. Values are compared, never times."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.analysis import position
from service.rules import games
from service.rules.analysis import Table, analyse, core
from service.rules.analysis.adapters import ADAPTERS, move_code
from service.rules.analysis.solver import Solver

from .test_analysis_solver import VARIANTS, kind

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built (or pure asked)")

CASES = [(g, v) for g in sorted(VARIANTS) for v in range(len(VARIANTS[g]))]


def compare(game_id: str, v: int, seed: int, most: int):
    """(kind, solver class) of one random position whose values the core and the pure search
    agree on, or None where the seeded hand never reaches it."""
    options = VARIANTS[game_id][v]
    seats = options.get("players", 4)
    adapter = ADAPTERS[game_id]
    rng = random.Random(f"core-{game_id}-{v}-{seed}")
    k = rng.randint(1, min(most, adapter.total))
    record = position(game_id, f"core-{game_id}-{v}-{seed}", k, options, rng.randrange(seats))
    if record is None:
        return None
    game = games.get(game_id)
    hand = game.replay(record)
    objective = adapter.objective(hand, hand.to_act)
    codes = [move_code(m) for m in hand.legal_moves()]
    pure = Solver(adapter.play(hand, objective)).values(codes)
    fast = core.make_solver(adapter.play(hand, objective))
    assert not isinstance(fast, Solver) or isinstance(fast, core.HybridSolver)
    assert fast.values(codes) == pure, (record, type(fast).__name__)
    return kind(game_id, hand), type(fast).__name__


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6))
def test_core_equals_the_pure_search_on_random_positions(case, seed):
    compare(*case, seed, 5 if VARIANTS[case[0]][case[1]].get("players", 4) <= 4 else 3)


WANTED = {"bid-whist": {"uptown", "downtown", "no_trump"},
          "court-piece": {"single_sar_revealed", "hidden_trump", "hidden_trump_revealed"},
          "five-hundred": {"suit", "no_trump", "misere"}, "buck-euchre": {"trump"}}


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_every_rule_the_core_plays_was_compared(game_id):
    """Seeded positions of every variant until every contract kind is met (a misère is a rare
    random auction), each compared; and the core (not only the hybrid) answers: a fallback
    everywhere would pass the comparison and prove nothing."""
    met, solvers = set(), set()
    found = {v: 0 for v in range(len(VARIANTS[game_id]))}
    seed = 0
    while (min(found.values()) < 8 or not WANTED[game_id] <= met) and seed < 600:
        for v in found:
            got = compare(game_id, v, seed, 5)
            if got:
                found[v] += 1
                met.add(got[0])
                solvers.add(got[1])
        seed += 1
    assert WANTED[game_id] <= met
    assert "CoreSolver" in solvers


@pytest.mark.parametrize("v, seed, most", [(2, 757, 8), (1, 1367, 8), (1, 1008, 8), (2, 822, 8), (1, 239, 8),
                                           (1, 308, 8), (3, 1350799, 10)])
def test_quick_tricks_before_the_reveal(v, seed, most):
    """Hidden trump before the reveal: the leader's quick tricks count the hidden suit's cards as
    ruffs; the leader cashes that suit as the caller (after his own reveal), or otherwise while no
    opponent may reveal and win with it; a low lead of it to a partner's winners counts from the
    caller, to the caller (whose first card must be a playable winner, or the face-down one where
    he holds none playable), or while every opponent must follow it. Positions where that bound cuts
    off in each of those cases (found by counting cut-offs in a scratch build), the core against the
    pure search; in the last, a leader who is not the caller cashing the hidden suit as if it were
    trump gave a wrong value."""
    assert compare("court-piece", v, seed, most) == ("hidden_trump", "CoreSolver")


def test_a_rung_royal_change_still_open_is_searched_by_the_hybrid():
    """Before the first card of Rung Royal the caller may still change trump: the pure search
    takes that root and hands each trick start after it to the core; values as the pure search's."""
    found = 0
    for seed in range(40):
        for v, options in enumerate(VARIANTS["court-piece"]):
            if not options.get("rung_royal"):
                continue
            record = position("court-piece", f"core-royal-{v}-{seed}", 13, options)
            if record is None:
                continue
            game = games.get("court-piece")
            hand = game.replay(record)
            adapter = ADAPTERS["court-piece"]
            objective = adapter.objective(hand, hand.to_act)
            codes = [move_code(m) for m in hand.legal_moves()]
            if not any(c >= 200 for c in codes):
                continue
            fast = core.make_solver(adapter.play(hand, objective))
            assert isinstance(fast, core.HybridSolver)
            found += 1
    assert found


def test_a_shared_table_answers_as_fresh_ones():
    """One ``Table`` across the positions of one deal (and both sides' objectives) gives the values
    fresh tables give, and is really reused (fewer nodes in all)."""
    game = games.get("bid-whist")
    record = position("bid-whist", "core-shared", 8)
    moves = record["moves"]
    base = len(moves)
    rng = random.Random(0)
    hand = game.replay(record)
    records = [record]
    for _ in range(12):  # four tricks on from the position
        listing = hand.legal_moves()
        move = rng.choice(listing)
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        records.append(hand.to_record())
    shared = Table()
    fresh_nodes = shared_nodes = 0
    for r in records:
        fresh = analyse(game, game.replay(r), 10**9, None)
        reused = analyse(game, game.replay(r), 10**9, None, table=shared)
        fresh_nodes += fresh.pop("nodes")
        shared_nodes += reused.pop("nodes")
        assert reused == fresh
    assert len(records[-1]["moves"]) == base + 12
    assert shared_nodes < fresh_nodes


def test_a_stale_build_is_not_used(monkeypatch):
    """A core built from another source than the one beside it never answers (core._fresh)."""
    monkeypatch.setattr(core._ddcore, "SOURCE_SHA256", "0" * 64)
    assert not core._fresh()


def test_the_core_counts_the_budget_as_the_pure_search_does():
    """Past ``max_nodes`` the refusal reports max_nodes + 1 nodes (one past the budget), as before."""
    from service.rules.analysis import AnalysisRefused
    game = games.get("court-piece")
    record = position("court-piece", "core-budget", 13, {"mode": "single_sar"})
    with pytest.raises(AnalysisRefused) as err:
        analyse(game, game.replay(record), max_nodes=100)
    assert err.value.extra["nodes"] == 101


def test_a_full_table_is_packed_then_thinned_and_the_values_stay(monkeypatch):
    """A table that fills packs its buckets again (moved buckets leave blocks behind), and where
    packing frees too little drops its buckets of the fewest tricks left (it emptied itself before):
    the values are those of a roomy table either way."""
    game = games.get("court-piece")
    record = position("court-piece", "core-full-table-0", 12)
    roomy = analyse(game, game.replay(record), 10**9, None)
    made = []
    real = core._ddcore.Core

    def small(*args, **kw):
        made.append(real(*args, max_entries=1024, **kw))
        return made[-1]

    monkeypatch.setattr(core._ddcore, "Core", small)
    tight = analyse(game, game.replay(record), 10**9, None)
    assert {k: v for k, v in tight.items() if k != "nodes"} == {k: v for k, v in roomy.items() if k != "nodes"}
    assert made and made[0].packs > 0 and made[0].evicts > 0
