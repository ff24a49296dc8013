"""Computer players for every seat, every phase, every game (issue 32): ``decide``.

``decide(game, view, level, …)`` answers for the seat to act of a view (a record with ``viewer``),
reading nothing the view hides, deterministically for a seed: ``basic`` (``basic.py``, a fast
heuristic) or ``strong`` (``strong.py``, sampled deals and playouts, the double-dummy hint near the
end of the card play). A position with one legal move is answered at once (``only_move``). Pure:
no Flask; cards as ints inside, listing moves (JSON) at the edge.
"""

from __future__ import annotations

from ..analysis import DEFAULT_MAX_NODES, AnalysisRefused, Budget
from ..errors import M
from ..shuffle import new_seed
from . import basic, strong

LEVELS = ("basic", "strong")


def listing_of(hand) -> list[dict]:
    if hand.phase == "done" or hand.to_act is None:
        raise AnalysisRefused("analysis_not_in_play", M("the hand is in phase {phase}, not in the card play",
                                                        phase=repr(hand.phase)))
    listing = hand.legal_moves()
    if not listing:
        raise AnalysisRefused("analysis_not_in_play", M("phase {phase} has no move to analyse", phase=repr(hand.phase)))
    return listing


def concrete(move: dict) -> dict:
    """A listed move as a move to post: a parameterized discard becomes its first ``count`` cards
    (only where it is the one move and no player chose: the template's own order)."""
    if move.get("type") == "discard" and "from" in move:
        return {"seat": move["seat"], "type": "discard", "cards": move["from"][:move["count"]]}
    return move


def decide(game, view: dict, level: str = "strong", seed: str | None = None, samples: int | None = None,
           max_nodes: int = DEFAULT_MAX_NODES, cap: int | None = None, pause=None, hand=None) -> dict:
    """The answer for the seat to act of ``view``: ``seat``, ``level``, ``method``, ``move`` (legal,
    concrete), ``moves`` (each candidate's estimate where the method makes one), ``seed``,
    ``samples`` and ``nodes``; the card play at ``strong`` adds the hint's ``objective`` and ``goal``."""
    if hand is None:
        hand = game.replay(view)
    listing = listing_of(hand)
    seat = hand.to_act
    if hand.viewer is not None and hand.viewer != seat:
        raise AnalysisRefused("analysis_not_viewers_turn",
                              M("seat {seat} is to act; the view is seat {viewer}'s", seat=seat, viewer=hand.viewer))
    if seed is None:
        seed = new_seed()
    head = {"seat": seat, "level": level}
    if len(listing) == 1 and "from" not in listing[0]:
        return {**head, "method": "only_move", "seed": seed, "samples": 0, "move": listing[0],
                "moves": [{"move": listing[0]}], "nodes": 0}
    if level == "basic":
        move = basic.decide(game, hand, listing)
        return {**head, "method": "heuristic", "seed": seed, "samples": 0, "move": move,
                "moves": [{"move": concrete(m)} for m in listing] if "from" not in listing[0] else [{"move": move}],
                "nodes": 0}
    budget = Budget(max_nodes, cap, pause)
    out = strong.decide(game, view, hand, listing, seed, samples, budget, max_nodes)
    out.update(head)
    out["seed"] = seed
    out["nodes"] = budget.spent
    out["move"] = concrete(out["move"])
    order = ["seat", "level", "method", "objective", "goal", "samples", "seed", "move", "moves", "nodes"]
    return {k: out[k] for k in order if k in out}


def answer(game, view: dict, level: str | None = None, samples: int | None = None, seed: str | None = None,
           max_nodes: int = DEFAULT_MAX_NODES, cap: int | None = None, pause=None, hand=None) -> dict:
    """``…/hint``: the card play of the four trick-taking games without a ``level`` is ANALYSIS.md
    §2's hint exactly (``samples`` 16 by default; over the budget, 422); with a ``level``, and at
    every other decision (``strong`` by default), the player's ``decide``. ``hand``, when the caller
    has it, is ``view``'s replay (a view is not replayed twice)."""
    from ..analysis import adapter_for
    from ..analysis.adapters import ADAPTERS
    from ..analysis.sampling import hint
    if hand is None:
        hand = game.replay(view)
    adapter = ADAPTERS.get(game.id)
    if level is None and adapter is not None and adapter.applies(hand.options) and adapter.in_play(hand):
        adapter_for(game, hand.options)
        out = hint(game, view, 16 if samples is None else samples, seed, max_nodes, cap, pause)
        head = {"seat": out.pop("seat"), "level": "strong", "method": "double_dummy"}
        return {**head, **out}
    return decide(game, view, level or "strong", seed, samples, max_nodes, cap, pause, hand=hand)
