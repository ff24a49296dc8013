"""Issue 29: with the shipped settings, random whole hands answer over HTTP. Each trick-taking
game's hands are dealt, bid and discarded by random legal moves and analysed at the first card of
play through the Flask test client, with no ``max_nodes`` and the default per-request cap. The
suite takes a few seeded hands per game; ``python -m bench.analysis --http 100`` the full hundred
(docs/SOLVER.md). Counted in answers, never timed."""

from __future__ import annotations

import pytest

from bench.analysis import whole_hand_records
from service.rules.analysis import core
from service.rules.analysis.adapters import ADAPTERS

IN_SUITE = 3  # hands per game here; the bench runs 100


@pytest.mark.skipif(not core.available(), reason="the shipped cap assumes the compiled core")
@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_random_whole_hands_answer_200_with_the_shipped_settings(client, game_id):
    for record in whole_hand_records(game_id, IN_SUITE, "http-whole"):
        resp = client.post(f"/v1/games/{game_id}/analysis", json={"record": record})
        assert resp.status_code == 200, (record.get("seed"), resp.get_json())
        answer = resp.get_json()
        assert answer["tricks_left"] == ADAPTERS[game_id].total
        assert answer["best"] and all(0 <= m["value"] <= answer["tricks_left"] for m in answer["moves"])
