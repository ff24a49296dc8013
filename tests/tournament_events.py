"""Events built through the library for the tournament tests, the CLI tests, the viewer and the bench."""

from __future__ import annotations

import random

from service.rules.games import GAMES

from .matchlog import concrete


def play(game_id: str, record: dict, rng: random.Random) -> dict:
    """One hand to its end with random legal moves, replayed once (linear, unlike ``play_hand``)."""
    game = GAMES[game_id]
    hand = game.replay(record)
    while True:
        moves = hand.listing()
        if not moves:
            return hand.to_record()
        move = game.parse_move(concrete(rng.choice(moves)), hand.n, hand.pack, None, "move")
        hand.play(move, len(hand.moves))


def match_records(game_id: str, seed: str, hands: int, options: dict | None = None) -> list[dict]:
    """Up to ``hands`` chained records of one match from its start (fewer if the match ends)."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    records, dealer, match = [], 0, None
    for n in range(hands):
        record = play(game_id, game.deal(f"{seed}-{n}", options or {}, dealer, match), rng)
        records.append(record)
        hand = game.replay(record)
        result = hand.result
        if result["match_over"]:
            break
        match = game.next_match(hand.match, result, hand)
        dealer = game.next_dealer(result, hand)
    return records


def entrants(count: int) -> list[dict]:
    return [{"id": f"p{i}", "name": f"Player {i}"} for i in range(count)]


def duplicate_event(game_id: str, boards: int, tables: int, rounds: int = 1, options: dict | None = None,
                    seed: str = "dup") -> dict:
    """Every table of every round plays every board from its seed, the cards played at random.

    Entrants move on each round so that nobody meets a board twice: round ``r`` plays boards
    ``r*boards+1 …``.
    """
    game = GAMES[game_id]
    options = options or {}
    n = game.players(game.parse_options(options))
    rng = random.Random(seed)
    board_list = [{"seed": f"{seed}-b{b}", "dealer": b % n} for b in range(boards * rounds)]
    deals = [game.deal(b["seed"], options, b["dealer"], None) for b in board_list]
    people = entrants(n * tables)
    out_rounds = []
    for r in range(rounds):
        out_tables = []
        for t in range(tables):
            seats = [people[(t * n + s + r) % len(people)]["id"] for s in range(n)]
            numbers = list(range(r * boards + 1, r * boards + boards + 1))
            out_tables.append({"seats": seats, "boards": numbers,
                               "hands": [play(game_id, deals[b - 1], rng) for b in numbers]})
        out_rounds.append({"tables": out_tables})
    return {"game": game_id, "format": "duplicate", "options": options, "entrants": people,
            "boards": board_list, "rounds": out_rounds}


def matches_event(game_id: str, tables: int, hands: int, options: dict | None = None, seed: str = "ev") -> dict:
    """One round of ``tables`` tables, each a match of up to ``hands`` records."""
    game = GAMES[game_id]
    options = options or {}
    n = game.players(game.parse_options(options))
    people = entrants(n * tables)
    out = [{"seats": [people[t * n + s]["id"] for s in range(n)],
            "hands": match_records(game_id, f"{seed}-{t}", hands, options)} for t in range(tables)]
    return {"game": game_id, "format": "matches", "options": options, "entrants": people,
            "rounds": [{"tables": out}]}
