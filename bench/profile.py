"""``python -m bench.profile``: where one request's CPU microseconds go, part by part, in process.

No server and no socket: each request is a WSGI call of the real app (``service.create_app()``,
ops on as shipped, access lines sent to /dev/null) with the very body ``make bench`` posts (a
mid-hand Buck Euchre record; for ``matches/replay``, its three-hand log), so the figures are what
a gunicorn worker spends inside the app.
The parts are timed by calling each layer on its own (``thread_time``: CPU, not wall clock), and
``--cprofile`` prints the top of a cProfile of the whole request.

``--cold`` times each request after the CPU's own caches were flushed (a 2 MiB read between
requests). Called back to back, a request finds its code and data in the caches the previous one
left; in a served worker, the network, gunicorn and gevent run between two requests, and what a
request costs is closer to the cold figure (docs/PERFORMANCE.md, "Cold requests").
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import os
import pstats
import random
import sys
import time

import orjson

from service.rules.build import summary

GAME = "buck-euchre"
SEED = "bench"
TRICKS_IN = 3
_PREFERENCE = {"order_up": 0, "name_trump": 1, "stay": 2}


def pick(moves: list[dict]) -> dict:
    """The same choice as bench/run.py: keep all four seats in the hand."""
    return min(moves, key=lambda m: _PREFERENCE.get(m["type"], 5 if m["type"] not in ("pass", "drop") else 9))


def bench_record(game_id: str = GAME, seed: str = SEED, tricks_in: int = TRICKS_IN) -> tuple[dict, dict]:
    """The bench's record through the library: ``tricks_in`` tricks and a card in; and a legal next move."""
    from service.rules import games
    game = games.get(game_id)
    record = game.deal(seed, {}, 0, None)
    while True:
        hand = game.replay(record)
        state = hand.state()
        cur = state.get("current_trick") or {}
        if state["phase"] == "playing" and len(state.get("tricks") or []) >= tricks_in and cur.get("cards"):
            return record, pick(hand.listing())
        if state["phase"] == "done":
            raise RuntimeError("hand over too early")
        move = game.parse_move(pick(hand.listing()), hand.n, hand.pack, None, "m")
        hand.play(move, len(hand.moves))
        record = hand.to_record()


def environ(path: str, body: bytes, method: str = "POST") -> dict:
    return {
        "REQUEST_METHOD": method, "PATH_INFO": path, "SCRIPT_NAME": "", "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1", "HTTP_HOST": "127.0.0.1:8000", "HTTP_ACCEPT": "application/json",
        "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
        "wsgi.multithread": False, "wsgi.multiprocess": True, "wsgi.run_once": False,
        "wsgi.version": (1, 0), "wsgi.input_terminated": True,  # as gunicorn sets it
    }


def wsgi_call(app, path: str, body: bytes):
    status = []

    def start_response(s, headers, exc_info=None):
        status.append(s)
    out = b"".join(app(environ(path, body), start_response))
    return status[0], out


def cpu_us(fn, n: int) -> float:
    """Median of 5 batches of ``n`` calls, CPU µs per call."""
    runs = []
    for _ in range(5):
        t = time.thread_time()
        for _ in range(n):
            fn()
        runs.append((time.thread_time() - t) / n * 1e6)
    return sorted(runs)[2]


_FLUSH = bytes(range(256)) * (2 << 12)  # 2 MiB: the size of one core's L2 cache here


def cold_us(fn, n: int) -> float:
    """Median of 3 batches of ``n`` calls, CPU µs per call, each call after the caches were flushed."""
    runs = []
    for _ in range(3):
        spent = 0.0
        for _ in range(n):
            hashlib.sha1(_FLUSH).digest()
            t = time.thread_time()
            fn()
            spent += time.thread_time() - t
        runs.append(spent / n * 1e6)
    return sorted(runs)[1]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__.splitlines()[0])
    p.add_argument("-n", type=int, default=2000, help="calls per batch")
    p.add_argument("--cprofile", metavar="ENDPOINT", help="print a cProfile of this endpoint's request")
    p.add_argument("--cold", action="store_true", help="each request after the caches were flushed (-n: 300)")
    args = p.parse_args(argv)

    os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)
    sys.stderr = open(os.devnull, "w")  # the access lines: written as shipped, to nowhere
    from bench.echo import app as echo_app
    from schemas import requests as rq
    from service import create_app
    from service.http import api as api_mod
    from service.rules import games

    app = create_app()
    game = games.get(GAME)
    record, move = bench_record()
    from bench.run import LONG_MATCH, MATCH_HANDS, play_match
    bodies = {"state": {"record": record}, "legal-moves": {"record": record},
              "moves": {"record": record, "move": move}, "moves/validate": {"record": record, "move": move},
              "views": {"record": record, "seat": 1},
              "matches/replay": {"hands": play_match(game, LONG_MATCH[game.id], MATCH_HANDS, SEED, random.Random(0))}}
    raw = {k: orjson.dumps(v) for k, v in bodies.items()}
    n = args.n

    if args.cprofile:
        ep = args.cprofile
        path = f"/v1/games/{GAME}/{ep}"
        pr = cProfile.Profile()
        pr.enable()
        for _ in range(n):
            wsgi_call(app.wsgi_app, path, raw[ep])
        pr.disable()
        out = io.StringIO()
        pstats.Stats(pr, stream=out).sort_stats("tottime").print_stats(25)
        print(out.getvalue())
        return 0

    timer = cold_us if args.cold else cpu_us
    if args.cold:
        n = min(n, 300)
        print(f"one request in process after the caches were flushed (CPU µs, median of 3 x {n}); record: "
              f"{GAME}, {len(record['moves'])} moves; core: {summary()}")
    else:
        print(f"one request in process (CPU µs, median of 5 x {n}); record: {GAME}, {len(record['moves'])} "
              f"moves, {len(raw['state'])} bytes; Python {sys.version.split()[0]}; core: {summary()}")
    print()
    print(f"{'endpoint':<16}{'echo':>8}{'referee':>9}{'ratio':>7}")
    for ep in bodies:
        path = f"/v1/games/{GAME}/{ep}"
        for a in (echo_app.wsgi_app, app.wsgi_app):
            status, _ = wsgi_call(a, path, raw[ep])
            assert status.startswith("200"), (ep, status)
        e = timer(lambda: wsgi_call(echo_app.wsgi_app, path, raw[ep]), n)
        r = timer(lambda: wsgi_call(app.wsgi_app, path, raw[ep]), n)
        print(f"{ep:<16}{e:>8.1f}{r:>9.1f}{e / r:>7.2f}", flush=True)
    if args.cold:
        return 0
    print("(ratio = echo cost / referee cost: the in-process counterpart of make bench's req/s ratio)")
    print()

    # --- the parts of one legal-moves request ---
    body = raw["legal-moves"]
    data = bodies["legal-moves"]
    parts = []
    ctx = app.test_request_context(f"/v1/games/{GAME}/legal-moves", method="POST", data=body,
                                   content_type="application/json")
    ctx.push()
    try:
        parts.append(("orjson.loads(body)", cpu_us(lambda: orjson.loads(body), n)))
        schema = api_mod._instance(rq.RecordRequest)
        parts.append(("envelope: marshmallow load", cpu_us(lambda: schema.load(data), n)))
        from service.http.envelope import checker
        fast = checker(rq.RecordRequest)
        parts.append(("envelope: fast check (as served)", cpu_us(lambda: fast(data), n)))
        from service.http.limits import json_depth_exceeds
        parts.append(("depth check (limits)", cpu_us(lambda: json_depth_exceeds(body, 32), n)))
        parts.append(("game.start (validate record)", cpu_us(lambda: game.start(record), n)))
        parts.append(("game.replay (start + moves)", cpu_us(lambda: game.replay(record), n)))
        hand = game.replay(record)
        parts.append(("hand.listing()", cpu_us(hand.listing, n)))
        parts.append(("hand.state()", cpu_us(hand.state, n)))
        answer = {"seat": hand.to_act, "moves": hand.listing()}
        parts.append(("reply(answer)", cpu_us(lambda: api_mod.reply(answer), n)))
        parts.append(("hand.to_record()", cpu_us(hand.to_record, n)))
    finally:
        ctx.pop()
    quiet = create_app({"ACCESS_LOG": False})
    path = f"/v1/games/{GAME}/legal-moves"
    full = cpu_us(lambda: wsgi_call(app.wsgi_app, path, body), n)
    nolog = cpu_us(lambda: wsgi_call(quiet.wsgi_app, path, body), n)
    echo = cpu_us(lambda: wsgi_call(echo_app.wsgi_app, path, body), n)
    from flask import Flask
    bare = Flask("bare")
    bare.add_url_rule("/v1/games/<game_id>/legal-moves", "x", lambda game_id: "", methods=["POST"])
    floor = cpu_us(lambda: wsgi_call(bare.wsgi_app, path, body), n)
    print(f"parts of one legal-moves request (CPU µs, each layer timed alone):")
    print(f"  {'Flask floor (route, request, response; empty answer)':<52}{floor:>8.1f}")
    print(f"  {'echo (floor + get_json + jsonify)':<52}{echo:>8.1f}")
    print(f"  {'referee, whole request, ops as shipped':<52}{full:>8.1f}")
    print(f"  {'  the access line (whole request with it off)':<52}{full - nolog:>8.1f}")
    for label, us in parts:
        print(f"  {'  ' + label:<52}{us:>8.1f}")
    return 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
