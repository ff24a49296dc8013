"""Seeded match logs played with random legal moves through the library, for the CLI, viewer and client tests."""

from __future__ import annotations

import random

from service.rules.games import GAMES


def concrete(move: dict) -> dict:
    """A listed move as a client would send it: a discard template becomes its first ``count`` cards."""
    if "count" in move and "from" in move:
        return {"seat": move["seat"], "type": move["type"], "cards": move["from"][:move["count"]]}
    return move


def play_hand(game_id: str, record: dict, rng: random.Random, max_moves: int = 2000) -> dict:
    game = GAMES[game_id]
    for _ in range(max_moves):
        moves = game.replay(record).state()["legal_moves"]
        if not moves:
            return record
        record = {**record, "moves": record["moves"] + [concrete(rng.choice(moves))]}
    raise AssertionError("hand did not end")


def match_log(game_id: str, seed: str = "log", hands: int = 3, options: dict | None = None,
              until_over: bool = False, max_hands: int = 200) -> dict:
    """``{"game", "hands"}``: ``hands`` hands (or, with ``until_over``, until the match ends)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    records, dealer, match = [], 0, None
    for n in range(max_hands):
        record = play_hand(game_id, game.deal(f"{seed}-{n}", options or {}, dealer, match), rng)
        records.append(record)
        hand = game.replay(record)
        result = hand.state()["result"]
        if result["match_over"] or (not until_over and len(records) == hands):
            return {"game": game_id, "hands": records}
        match = game.next_match(record["match"], result, hand)
        dealer = game.next_dealer(result, hand)
    raise AssertionError("match did not end")
