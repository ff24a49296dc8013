"""Every legal move's exact value with all cards known: the budget, the adapters' choice, ``analyse``.

The package's ``__init__`` re-exports these names with ``hint`` (``sampling``), which builds on them.
"""

from __future__ import annotations

from ..errors import M, NotApplicable
from .adapters import ADAPTERS, Objective, move_code
from .core import Table, make_solver
from .core import available as core_available
from .solver import BudgetExceeded, Solver

DEFAULT_MAX_NODES = 5_000_000
# ANALYSIS.md: the cap's default "is chosen so that a request at the cap ends well inside the worker
# timeout on this machine", and a refusal at the default comes in "no more than 5 s"; issue 29: one
# that spends it takes at most ~1 s of one core. The compiled core (docs/SOLVER.md, "The node cap")
# applies 5-8 million nodes/s of CPU on this shared machine (5.0 M/s over whole hands, the slowest
# kind: large tables), so 5 000 000 nodes are about 1 s. Where it is not built, the pure solver's
# ~60 000 nodes/s keep the earlier 250 000 (about 4-5 s). A search the core can only partly express
# (core.HybridSolver) gets a 32nd of the nodes: its pure part runs ~140 000 nodes/s.
DEFAULT_REQUEST_CAP = 5_000_000 if core_available() else 250_000


class AnalysisRefused(Exception):
    """A 422 of ANALYSIS.md's table (``analysis_*``), with its extra problem fields."""

    def __init__(self, code: str, detail: str, **extra):
        super().__init__(detail)
        self.code, self.detail, self.extra = code, detail, extra


def adapter_for(game, options: dict | None = None):
    adapter = ADAPTERS.get(game.id)
    if adapter is None:
        raise NotApplicable("not_found", M("{name} is not a trick-taking game the analysis covers", name=game.name))
    if options is not None and not adapter.applies(options):
        raise NotApplicable("not_found", M("{name} in mode {mode} is not analysed (its tricks are won in piles)",
                            name=game.name, mode=repr(options.get('mode'))))
    return adapter


def in_play(adapter, hand) -> list[dict]:
    """The listing of a position in the card-play phase, else ``analysis_not_in_play``."""
    if not adapter.in_play(hand):
        raise AnalysisRefused("analysis_not_in_play",
                              M("the hand is in phase {phase}, not in the card play", phase=repr(hand.phase)))
    listing = hand.legal_moves()
    if not listing:
        raise AnalysisRefused("analysis_not_in_play", M("phase {phase} has no move to analyse", phase=repr(hand.phase)))
    return listing


class Budget:
    """Nodes for one request: ``max_nodes`` per search, ``cap`` for all searches together."""

    def __init__(self, max_nodes: int = DEFAULT_MAX_NODES, cap: int | None = DEFAULT_REQUEST_CAP, pause=None,
                 table: Table | None = None):
        self.max_nodes, self.cap, self.spent = max_nodes, cap, 0
        self.pause = pause  # called every few thousand nodes: the HTTP edge lets other requests run
        self.table = table  # a compiled table shared by this budget's searches (core.Table)

    def solver(self, play) -> tuple[Solver, int]:
        limit = self.max_nodes
        stopper = self.max_nodes
        if self.cap is not None and self.cap - self.spent < limit:
            limit = stopper = self.cap - self.spent
            stopper = self.cap
        solver = make_solver(play, max(limit, 0), pause=self.pause, table=self.table)
        if solver.max_nodes < limit:  # a hybrid search's smaller share (core.HYBRID_SHARE)
            stopper = solver.max_nodes
        return solver, stopper

    def run(self, play, codes, lo: int = 0, hi: int | None = None) -> dict[int, int]:
        """Each move's value; ``lo``/``hi``: bounds known for all of them (``Solver.values``)."""
        return self._spend(play, lambda solver: solver.values(codes, lo, hi))

    def value(self, play) -> int:
        """The position's value alone (``Solver.value``)."""
        return self._spend(play, lambda solver: solver.value())

    def _spend(self, play, ask):
        solver, stopper = self.solver(play)
        try:
            values = ask(solver)
        except BudgetExceeded:
            self.spent += solver.nodes
            raise AnalysisRefused("analysis_budget_exceeded",
                                  M("the exact answer was not proven within {stopper} nodes", stopper=stopper),
                                  max_nodes=stopper, nodes=self.spent) from None
        self.spent += solver.nodes
        return values


def analyse(game, hand, max_nodes: int = DEFAULT_MAX_NODES, cap: int | None = DEFAULT_REQUEST_CAP,
            pause=None, table: Table | None = None) -> dict:
    """``…/analysis`` for a full record's replayed ``hand`` (every card known). ``table``
    (``core.Table``) shares the compiled transposition table with other solves of the same deal."""
    adapter = adapter_for(game, hand.options)
    listing = in_play(adapter, hand)
    seat = hand.to_act
    objective = adapter.objective(hand, seat)
    codes = [move_code(m) for m in listing]
    budget = Budget(max_nodes, cap, pause, table)
    values = budget.run(adapter.play(hand, objective), codes)
    moves = [{"move": m, "value": values[c]} for m, c in zip(listing, codes)]
    pick = max if objective.goal == "max" else min
    value = pick(e["value"] for e in moves)
    return {"seat": seat, "objective": objective.name, "counted_seats": objective.counted,
            "goal": objective.goal, "tricks_left": adapter.total - adapter.done(hand), "value": value,
            "moves": moves, "best": [e["move"] for e in moves if e["value"] == value],
            "nodes": budget.spent}


def table(game, record: dict, max_nodes: int = DEFAULT_MAX_NODES) -> list[dict]:
    """A double-dummy table for a whole record: each card-play position's analysis, in order.

    Positions before the play, or after the hand stopped, are left out; used by the CLI and viewer.
    """
    out = []
    moves = record.get("moves", [])
    shared = Table()  # one deal: the positions share the compiled table (same ranking, same sides)
    for i in range(len(moves) + 1):
        hand = game.replay({**record, "moves": moves[:i]})
        adapter = adapter_for(game, hand.options)
        if adapter.in_play(hand) and hand.legal_moves():
            out.append({"move_index": i, **analyse(game, hand, max_nodes, None, table=shared)})
    return out
