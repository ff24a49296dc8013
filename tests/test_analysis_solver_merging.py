"""The solver's later techniques against plain minimax (shared/ANALYSIS.md: the values are exact):
cards merged across beaten cards of the current trick, table hints from neighbouring entries, the
root's search order. Random small endgames of every game and variant, stopped in the middle of a
trick as often as at its start, with seeds of their own (``test_analysis_solver`` has others)."""

from __future__ import annotations

import random

import pytest

from bench.analysis import position
from service.rules import games
from service.rules.analysis.adapters import ADAPTERS

from .test_analysis_solver import VARIANTS, root_moves_equal_plain_minimax


def positions(game_id: str, per_variant: int):
    """Positions with 2 or 3 tricks left (2 with five or six seats), one to three cards on the
    trick half of the time: where a beaten card of the trick lies between two of one hand's cards."""
    for v, options in enumerate(VARIANTS[game_id]):
        seats = options.get("players", 4)
        found = i = 0
        while found < per_variant:
            rng = random.Random(f"merge-{game_id}-{v}-{i}")
            k = rng.choice((2, 3) if seats <= 4 else (2,))
            in_trick = rng.randrange(1, seats) if rng.random() < 0.5 else rng.randrange(seats)
            record = position(game_id, f"dd-merge-{game_id}-{v}-{i}", k, options, in_trick)
            i += 1
            if record is not None:
                found += 1
                yield record


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_every_root_move_equals_plain_minimax_mid_trick(game_id):
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    compared = 0
    for record in positions(game_id, 300 // len(VARIANTS[game_id]) + 10):
        compared += root_moves_equal_plain_minimax(game, adapter, record)[1]
    assert compared >= 500
