"""``python -m bench.instructions``: what a request, a replay or a hand costs in CPU instructions.

Wall-clock figures on a shared machine move by 20 % between identical runs; instruction counts do
not. Each figure is callgrind's count for a child process doing the work N times, minus the count
of the same child doing it 0 times (start-up, imports and warm-up), divided by N, with
``PYTHONHASHSEED=0``. Needs ``valgrind`` (``apt-get install valgrind``). Requests are in-process
WSGI calls of the real app, operations on as shipped (``bench.profile``), with the bodies
``make bench`` posts; the echo's figure for the same body gives the in-process ratio.

    python -m bench.instructions                      # every endpoint, the replay, a hand of each game
    python -m bench.instructions legal-moves replay   # some of them
    REFEREE_PURE_PYTHON=1 python -m bench.instructions  # on the pure core
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ENDPOINTS = ("legal-moves", "state", "moves", "moves/validate", "views", "matches/replay")
GAMES = ("buck-euchre", "bid-whist", "court-piece", "five-hundred", "sixes")
WARM_UP = 30


def _work(what: str):
    """A no-argument function doing one unit of ``what`` (``echo:<endpoint>``, an endpoint,
    ``replay`` or ``hand:<game>``)."""
    import orjson

    from bench import profile
    from bench.run import LONG_MATCH, MATCH_HANDS, SEED, play_match, play_out
    from service.rules import games

    if what.startswith("hand:"):
        game = games.get(what[5:])
        rng, count = random.Random(0), [0]

        def hand():
            count[0] += 1
            play_out(game, game.replay(game.deal(f"{SEED}-{count[0]}", {}, 0, None)), rng)
        return hand
    game = games.get(profile.GAME)
    record, move = profile.bench_record()
    if what == "replay":
        return lambda: game.replay(record)
    endpoint = what.removeprefix("echo:")
    bodies = {"state": {"record": record}, "legal-moves": {"record": record},
              "moves": {"record": record, "move": move}, "moves/validate": {"record": record, "move": move},
              "views": {"record": record, "seat": 1},
              "matches/replay": {"hands": play_match(game, LONG_MATCH[game.id], MATCH_HANDS, SEED, random.Random(0))}}
    if endpoint not in bodies:
        raise SystemExit(f"bench.instructions: unknown work {what!r}")
    raw, path = orjson.dumps(bodies[endpoint]), f"/v1/games/{game.id}/{endpoint}"
    if what.startswith("echo:"):
        from bench.echo import app
    else:
        from service import create_app
        app = create_app()
    status, _ = profile.wsgi_call(app.wsgi_app, path, raw)
    if not status.startswith("200"):
        raise SystemExit(f"bench.instructions: {what} answered {status}")
    return lambda: profile.wsgi_call(app.wsgi_app, path, raw)


def child(what: str, n: int) -> None:
    os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
    sys.stderr = open(os.devnull, "w")  # the access lines: written as shipped, to nowhere
    fn = _work(what)
    for _ in range(WARM_UP):
        fn()
    for _ in range(n):
        fn()


def count(what: str, n: int) -> int:
    """Instructions of a child doing ``what`` n times (after the same warm-up)."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, "-m", "bench.instructions", "--child", what, str(n)]
    out = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", out.stderr)
    if out.returncode or not found:
        raise SystemExit(f"bench.instructions: {what} failed:\n{out.stderr[-2000:]}")
    return int(found.group(1))


def per_op(what: str, n: int) -> float:
    with ThreadPoolExecutor(2) as pool:  # the two children side by side: counts do not depend on load
        worked, idle = pool.map(lambda k: count(what, k), (n, 0))
    return (worked - idle) / n


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.instructions", description=__doc__.splitlines()[0])
    p.add_argument("work", nargs="*", help=f"endpoints ({', '.join(ENDPOINTS)}), replay, hand:<game>")
    p.add_argument("-n", type=int, default=200, help="units of work per count (default 200; hands: n / 4)")
    p.add_argument("--child", nargs=2, metavar=("WORK", "N"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]))
        return 0
    if shutil.which("valgrind") is None:
        print("bench.instructions: needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    from service.rules.build import summary
    work = args.work or [*ENDPOINTS, "replay", *(f"hand:{g}" for g in GAMES)]
    print(f"instructions per unit (callgrind, PYTHONHASHSEED=0, start-up subtracted); core: {summary()}")
    for what in work:
        n = max(1, args.n // 4) if what.startswith("hand:") else args.n
        ours = per_op(what, n)
        if what in ENDPOINTS:
            echo = per_op(f"echo:{what}", n)
            print(f"  {what:<16}{ours:>12,.0f}   echo {echo:>10,.0f}   ratio {echo / ours:.2f}", flush=True)
        else:
            print(f"  {what:<16}{ours:>12,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
