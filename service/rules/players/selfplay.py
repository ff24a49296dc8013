"""Tables of computers: whole hands and matches played by the players, through the library.

Used by ``referee selfplay`` (an event file ``referee tournament`` and ``…/tournaments/score`` take)
and by ``bench/players.py`` (strength and speed). Each seat is ``strong``, ``basic`` or ``random``
(uniformly random legal moves) or a function ``(game, view, seed) -> (move, method)`` (the bench
seats a previous release's player so); a decision sees only its seat's view, and its seed is the
hand's seed and the move's index, so a table replays identically.
"""

from __future__ import annotations

import random
import time

from ..analysis import DEFAULT_REQUEST_CAP, AnalysisRefused
from . import LEVELS, basic, decide

SEAT_KINDS = LEVELS + ("random",)


def random_move(listing: list[dict], rng: random.Random) -> dict:
    move = rng.choice(listing)
    if move.get("type") == "discard" and "from" in move:
        return {"seat": move["seat"], "type": "discard", "cards": rng.sample(move["from"], move["count"])}
    return move


def play_hand(game, record: dict, kinds: list[str], seed: str, timings: dict | None = None,
              cap: int | None = DEFAULT_REQUEST_CAP, samples: int | None = None) -> object:
    """``record`` played to its end, seat ``s`` by ``kinds[s]``; returns the finished engine hand.

    ``timings`` (optional) collects each decision's seconds by (kind, phase, method), as pairs
    (wall clock, this thread's CPU time: what the decision cost one core, whatever else the
    machine ran meanwhile). A strong
    decision refused for its node cap (a card-play position the double-dummy hint cannot finish)
    is made by the basic player instead, and counted as method ``fallback``."""
    hand = game.replay(record)
    rng = random.Random(f"{seed}:random")
    while hand.phase != "done":
        seat = hand.to_act
        kind = kinds[seat]
        phase = hand.phase
        start, cpu = time.perf_counter(), time.thread_time()
        if kind == "random":
            move, method = random_move(hand.legal_moves(), rng), "random"
        else:
            view = hand.view_record(seat)
            if callable(kind):
                move, method = kind(game, view, f"{seed}:{len(hand.moves)}")
            else:
                try:
                    answer = decide(game, view, kind, seed=f"{seed}:{len(hand.moves)}", samples=samples, cap=cap)
                    move, method = answer["move"], answer["method"]
                except AnalysisRefused:
                    vh = game.replay(view)
                    move, method = basic.decide(game, vh, vh.legal_moves()), "fallback"
        if timings is not None:
            timings.setdefault((getattr(kind, "name", kind), phase, method), []).append(
                (time.perf_counter() - start, time.thread_time() - cpu))
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
    return hand


def play_match(game, options: dict, kinds: list[str], seed: str, max_hands: int | None = None, on_hand=None,
               timings: dict | None = None) -> list[dict]:
    """One match from its start, hands chained by ``next_match`` and ``next_dealer`` (README,
    "Chaining hands into a match"), at most ``max_hands``; the finished records."""
    records, dealer, match, n = [], 0, None, 0
    while max_hands is None or n < max_hands:
        record = game.deal(f"{seed}-{n}", options, dealer, match)
        hand = play_hand(game, record, kinds, f"{seed}-{n}", timings)
        records.append(hand.to_record())
        n += 1
        if on_hand is not None:
            on_hand()
        result = hand.result
        if result.get("match_over"):
            break
        match = game.next_match(hand.match, result, hand)
        dealer = game.next_dealer(result, hand)
    return records


def event(game, options: dict, kinds: list[str], matches: int, seed: str, max_hands: int | None = None,
          on_hand=None) -> dict:
    """A ``matches``-format tournament event (TOURNAMENTS.md): one entrant per seat, named by its
    level, and one round per match with the same seating."""
    entrants = [{"id": f"seat{s}-{k}", "name": f"{k.capitalize()} (seat {s})"} for s, k in enumerate(kinds)]
    rounds = []
    for m in range(matches):
        hands = play_match(game, options, kinds, f"{seed}-m{m}", max_hands, on_hand)
        rounds.append({"tables": [{"seats": [e["id"] for e in entrants], "hands": hands}]})
    return {"game": game.id, "format": "matches", "options": options, "entrants": entrants, "rounds": rounds}
