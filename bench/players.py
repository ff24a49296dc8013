"""``make bench`` section ``players`` (issue 32): the computer players' strength and speed.

Strength, through the library: in the partnership games (Bid Whist, Court Piece, Five Hundred with
four players) duplicate pairs — one deal played twice, the two sides swapped; in Buck Euchre and
Sixes seat-rotated deals — one deal played once per seat with the player under test in that seat
and the other player everywhere else. Each unit (a pair or a rotation) gives the tested player's mean
score advantage per hand (``strong.utility``: its side's score change minus the others' mean, in the
game's own points); the line prints the mean over units and its 95% confidence interval (normal
approximation, 1.96 standard errors). Pairs: ``strong`` against ``basic``, ``basic`` against
uniformly random legal moves, and ``strong`` against the previous release's ``strong``
(``bench/previous.py``: that release's tree from git, its player in a process of its own). The
previous release is ``PREVIOUS_RELEASE``, main as the last stop landed it (move it forward when a
release lands), or ``--previous REV``; where ``service/rules`` is the same at that revision the two
players are one and the line says so instead of playing (the match is level by construction); where
git or the revision is missing it says that.

Speed: every decision of the strong and basic players in those hands is timed (one core, in
process, the view built and replayed as the endpoint does); per game and phase the median, p99 and
maximum in milliseconds, by the wall clock and by the thread's CPU time. The two differ when the
machine is busy: a decision that waited for the core (another process, a collection of garbage
made by earlier decisions) shows in the wall clock only.

    python -m bench.players [--pairs N] [--strong-pairs N] [--previous-pairs N] [--previous REV]
                            [--game GAME[,GAME…]] [--first I] [--units]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from bench.previous import PreviousPlayer, PreviousUnavailable, commit_of, same_library, tree
from service.rules import games
from service.rules.players.selfplay import play_hand
from service.rules.players.strong import utility

CASES = [("bid-whist", {}, "duplicate"), ("court-piece", {}, "duplicate"), ("five-hundred", {}, "duplicate"),
         ("buck-euchre", {}, "rotated"), ("sixes", {}, "rotated")]
# main as landed by the last stop (2026-12-04): the release before the code in this tree
PREVIOUS_RELEASE = "26e5ff7b73aa3ffd49f1d04f6ec075e684d6ddab"


def unit(game, options: dict, kind: str, tested: str, other: "str | PreviousPlayer", i: int, timings: dict) -> float:
    """One duplicate pair or one seat rotation: the tested player's mean advantage per hand."""
    n = game.players(game.parse_options(options))
    record = game.deal(f"bench-players-{game.id}-{i}", options, i % n, None)
    if kind == "duplicate":
        seatings = [[tested if s % 2 == 0 else other for s in range(n)],
                    [other if s % 2 == 0 else tested for s in range(n)]]
        seats = [0, 1]
    else:
        seatings = [[tested if s == t else other for s in range(n)] for t in range(n)]
        seats = list(range(n))
    total = 0.0
    for kinds, seat in zip(seatings, seats):
        hand = play_hand(game, record, kinds, f"bench-{i}-{seat}", timings)
        total += utility(game, hand, seat)
    return total / len(seatings)


def previous_player(rev: str) -> PreviousPlayer | str:
    """The previous release's strong player, or why there is none to play."""
    try:
        commit = commit_of(rev)
        if same_library(commit):
            return f"not played: service/rules is the same at {commit[:8]} (level by construction)"
        return PreviousPlayer(tree(commit), commit[:8])
    except PreviousUnavailable as e:
        return f"not played: no previous release ({e})"


def ci(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, float("nan"), float("nan")
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=500, help="units of basic against random")
    ap.add_argument("--strong-pairs", type=int, default=60, help="units of strong against basic")
    ap.add_argument("--previous-pairs", type=int, default=100,
                    help="units of strong against the previous release's strong")
    ap.add_argument("--previous", default=PREVIOUS_RELEASE, metavar="REV",
                    help="the previous release (a git revision)")
    ap.add_argument("--game", default=None)
    ap.add_argument("--first", type=int, default=0, help="index of the first deal (to extend an earlier run)")
    ap.add_argument("--units", action="store_true",
                    help="print each unit's value as it finishes (a long run can be stopped and pooled)")
    args = ap.parse_args(argv)
    wanted = set(args.game.split(",")) if args.game else None
    timings: dict = {}
    previous = None
    try:
        for gid, options, kind in CASES:
            if wanted and gid not in wanted:
                continue
            game = games.get(gid)
            for tested, other, count in (("basic", "random", args.pairs), ("strong", "basic", args.strong_pairs),
                                         ("strong", "previous", args.previous_pairs)):
                if count <= 0:
                    continue
                name = f"{tested}_vs_{other}"
                if other == "previous":
                    if previous is None:
                        previous = previous_player(args.previous)
                    if isinstance(previous, str):
                        print(f"players {gid} {name} {previous}", flush=True)
                        continue
                    other = previous
                    name = f"{tested}_vs_previous({previous.label})"
                t0 = time.perf_counter()
                per = {}
                values = []
                for i in range(args.first, args.first + count):
                    values.append(unit(game, options, kind, tested, other, i, per))
                    if args.units:
                        print(f"players_unit {gid} {name} {i} {values[-1]:+.6f}", flush=True)
                for key, v in per.items():
                    timings.setdefault((gid,) + key, []).extend(v)
                mean, lo, hi = ci(values)
                print(f"players {gid} {name} {kind} units={count} mean={mean:+.3f} "
                      f"ci95=[{lo:+.3f}, {hi:+.3f}] wall_s={time.perf_counter() - t0:.0f}", flush=True)
    finally:
        if previous is not None and not isinstance(previous, str):
            previous.close()
    for (gid, level, phase, method), pairs in sorted(timings.items()):
        if level in ("random", "previous-strong"):
            continue
        parts = []
        for name, v in (("", [w for w, _ in pairs]), ("cpu_", [c for _, c in pairs])):
            v = sorted(v)
            p99 = v[min(len(v) - 1, int(0.99 * len(v)))]
            parts.append(f"{name}median_ms={1000 * statistics.median(v):.2f} {name}p99_ms={1000 * p99:.2f} "
                         f"{name}max_ms={1000 * v[-1]:.2f}")
        print(f"players_speed {gid} {level} {phase} {method} n={len(pairs)} {' '.join(parts)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
