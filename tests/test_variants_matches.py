"""Whole matches under each variant through ``…/matches/replay`` (issue 15): the hands chain, the
results agree with each hand's own replay, and the answer fits the contract."""

import pytest

from service.rules.games import GAMES

from .contract import post_ok
from .matchlog import match_log

VARIANTS = [
    ("five-hundred", {"players": 5, "call_partner": True}),
    ("five-hundred", {"all_pass": "play_out"}),
    ("bid-whist", {"kitty": "sported", "kitty_before_declaring": True, "downtown_aces": "bad"}),
    ("court-piece", {"mode": "hidden_rung", "first_hand_draw": False}),
    ("buck-euchre", {"allow_no_trump_call": True}),
    ("sixes", {"players": 6, "ante": 1, "pay_per_card": True}),
]


@pytest.mark.parametrize("game_id,options", VARIANTS, ids=lambda v: v if isinstance(v, str) else "-".join(v))
def test_a_match_under_the_variant_replays(client, game_id, options):
    log = match_log(game_id, f"variant-{game_id}", hands=3, options=options)
    out = post_ok(client, f"/v1/games/{game_id}/matches/replay", {"hands": log["hands"]})
    game = GAMES[game_id]
    results = [game.replay(r).result for r in log["hands"]]
    assert [h["result"] for h in out["per_hand"]] == results
    for record in log["hands"]:
        assert all(record["options"][k] == v for k, v in options.items())
