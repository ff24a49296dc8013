"""Random positions of every game and mode (shared by the trust tests and the load corpus).

A position is a seeded deal played forward by random legal moves (templates made concrete) and
stopped at a random point, the finished hand included.
"""

from __future__ import annotations

import random

from service.rules.games import GAMES

MODES = {
    "court-piece": [{"mode": "single_sar"}, {"mode": "double_sar"}, {"mode": "hidden_trump"},
                    {"mode": "hidden_trump", "rung_royal": True},
                    {"mode": "single_sar", "rung_royal": True},
                    {"mode": "double_sar", "rung_royal": True, "double_sar_kot": "first_seven"}],
    "five-hundred": [{}, {"players": 2}, {"players": 3}, {"players": 5}, {"players": 6},
                     {"players": 6, "six_player_teams": "three_teams_of_two"},
                     {"single_round_bidding": True, "joker_lead_last_trick_only": True}],
    "bid-whist": [{}, {"kitty": "exchange"}, {"first_lead": "bidder", "no_trump_doubles": True}],
    "buck-euchre": [{}, {"allow_turned_suit": True}],
    "sixes": [{}, {"players": 3}, {"players": 4}, {"voluntary_pass": True}],
}


def concrete(move: dict, rng: random.Random) -> dict:
    """A legal-moves entry as a move: a template ``{count, from}`` becomes ``cards``."""
    if "from" in move:
        out = {k: v for k, v in move.items() if k not in ("from", "count")}
        out["cards"] = rng.sample(move["from"], move["count"])
        return out
    return move


def choose(moves: list, rng: random.Random) -> dict:
    # bidding games: favour passing a little so that auctions end and play is reached
    passes = [m for m in moves if m["type"] == "pass"]
    if passes and rng.random() < 0.45:
        return passes[0]
    return concrete(rng.choice(moves), rng)


def position(game_id: str, options: dict, seed: str, stop: float, rng: random.Random, max_moves: int = 200):
    """``(hand, record)``: the hand replayed to a random point (``stop`` of the way; 1.0 plays it out)."""
    game = GAMES[game_id]
    record = game.deal(seed, options, rng.randrange(game.players(game.parse_options(options))), None)
    hand = game.replay(record)
    target = max_moves if stop >= 1.0 else int(stop * 60)
    while hand.phase != "done" and len(hand.moves) < target:
        move = choose(hand.legal_moves(), rng)
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
    return hand, hand.to_record()


def positions(count: int, seed: str = "trust"):
    """``count`` positions per game, cycling through each game's modes."""
    rng = random.Random(seed)
    for game_id, modes in MODES.items():
        for i in range(count):
            stop = 1.0 if i % 4 == 0 else rng.random()
            yield game_id, *position(game_id, modes[i % len(modes)], f"{seed}-{game_id}-{i}", stop, rng)
