"""``make bench`` section ``analysis`` (ANALYSIS.md §6): the solver's median time by tricks left.

For each game and ``k``: 20 positions from seeded random hands (``bench-dd-{game}-{k}-{i}``, default
options, dealer 0, every move drawn uniformly by ``random.Random(seed)``, a discard by ``sample``),
stopped at the first card-play position with ``k`` tricks not finished and an empty trick. Seeds
whose hand never gets there are skipped (and printed). Each position is analysed in process through
the library call with no node budget. Also: a 16-sample Bid Whist hint with 7 tricks left, and how
long the per-request cap (``REFEREE_MAX_ANALYSIS_NODES``' default) takes to spend.

    python -m bench.analysis [--quick]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from service.rules import games
from service.rules.analysis import DEFAULT_REQUEST_CAP, AnalysisRefused, analyse, hint
from service.rules.analysis.adapters import ADAPTERS

CASES = [("bid-whist", (4, 7, 10, 12), {}), ("court-piece", (4, 7, 10, 13), {}),
         ("five-hundred", (4, 7, 10), {}), ("buck-euchre", (4, 5), {})]
TARGETS = {("bid-whist", 4): 0.02, ("bid-whist", 7): 0.3, ("bid-whist", 10): 3, ("bid-whist", 12): 10,
           ("court-piece", 4): 0.02, ("court-piece", 7): 0.3, ("court-piece", 10): 3,
           ("court-piece", 13): 10, ("five-hundred", 4): 0.02, ("five-hundred", 7): 0.3,
           ("five-hundred", 10): 3, ("buck-euchre", 4): 0.01, ("buck-euchre", 5): 0.02}


def playable(move: dict, rng: random.Random) -> dict:
    """A listed move as a move to make: a parameterized discard becomes a random choice."""
    if move["type"] == "discard" and "from" in move:
        return {"seat": move["seat"], "type": "discard", "cards": rng.sample(move["from"], move["count"])}
    return move


def position(game_id: str, seed: str, k: int, options: dict | None = None, in_trick: int = 0):
    """The record of the first play position with ``k`` tricks left and ``in_trick`` cards in the
    current trick, or None if the hand never gets there."""
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    rng = random.Random(seed)
    record = game.deal(seed, options or {}, 0, None)
    hand = game.replay(record)
    while hand.phase != "done":
        if adapter.in_play(hand) and adapter.total - adapter.done(hand) == k:
            if len(hand.trick) == in_trick:
                return hand.to_record()
        listing = hand.legal_moves()
        move = playable(rng.choice(listing), rng)
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        if adapter.in_play(hand) and adapter.total - adapter.done(hand) < k:
            return None
    return None


def positions(game_id: str, k: int, count: int = 20, options=None):
    found, skipped, i = [], [], 0
    while len(found) < count:
        seed = f"bench-dd-{game_id}-{k}-{i}"
        record = position(game_id, seed, k, options)
        (found.append(record) if record is not None else skipped.append(seed))
        i += 1
    return found, skipped


def timed(game, record, **kw):
    hand = game.replay(record)
    t = time.perf_counter()
    answer = analyse(game, hand, max_nodes=10**12, cap=None, **kw)
    return time.perf_counter() - t, answer["nodes"]


def main(quick: bool = False) -> list[str]:
    lines = []
    count = 5 if quick else 20
    for game_id, ks, options in CASES:
        game = games.get(game_id)
        for k in ks:
            records, skipped = positions(game_id, k, count, options)
            runs = [timed(game, r) for r in records]
            times = sorted(t for t, _ in runs)
            nodes = sorted(n for _, n in runs)
            p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
            median = statistics.median(times)
            target = TARGETS.get((game_id, k))
            line = (f"analysis {game_id} k={k} median_s={median:.4f} p90_s={p90:.4f} "
                    f"median_nodes={int(statistics.median(nodes))} max_nodes={nodes[-1]} "
                    f"target_s={target} {'ok' if target is None or median <= target else 'MISSED'}")
            if skipped:
                line += f" skipped={','.join(skipped)}"
            print(line, flush=True)
            lines.append(line)
    game = games.get("bid-whist")
    records, _ = positions("bid-whist", 7, 5 if quick else 10)
    times = []
    for r in records:
        hand = game.replay(r)
        view = hand.view_record(hand.to_act)
        t = time.perf_counter()
        answer = hint(game, view, samples=16, seed="bench", max_nodes=10**12, cap=None)
        times.append(time.perf_counter() - t)
    line = (f"analysis hint bid-whist k=7 samples=16 median_s={statistics.median(times):.4f} "
            f"target_s=5 nodes_last={answer['nodes']}")
    print(line, flush=True)
    lines.append(line)
    record = position("court-piece", "bench-dd-cap", 13)
    hand = games.get("court-piece").replay(record)
    t = time.perf_counter()
    try:
        analyse(games.get("court-piece"), hand, max_nodes=DEFAULT_REQUEST_CAP, cap=DEFAULT_REQUEST_CAP)
        outcome = "answered"
    except AnalysisRefused as exc:
        outcome = exc.code
    line = f"analysis cap nodes={DEFAULT_REQUEST_CAP} seconds={time.perf_counter() - t:.2f} ({outcome})"
    print(line, flush=True)
    lines.append(line)
    return lines


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
