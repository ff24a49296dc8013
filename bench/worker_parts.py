"""``python -m bench.worker_parts``: where a served request's CPU goes inside a gunicorn worker.

In process (``bench.profile``), the access line costs under half a microsecond: it goes to
/dev/null, and its code and data are still in the caches from the request before. Served, between
two requests gunicorn, gevent and the network stack run, and each part costs what it costs cold.
This serves the referee as ``make bench`` does (``gunicorn.conf.py``, the bench's bodies, wrk) but
with one worker and timers (``time.thread_time_ns``: CPU, not wall clock) around the app and the
operations layer's parts, and prints per request: the worker's whole CPU (user + system, from
/proc), the app (Flask and the referee), the middleware's finish (counters and access line), the
counters alone, the line's write alone, the middleware's own rest (``stamp``: clock, request id,
its frame; with the overhead of the two timers inside it), and the rest of the worker (gunicorn,
gevent, the socket calls); and the same for the echo, whose app is timed the same way. Each timer
reading is a system call of its own (0.23 µs warm), counted in what it times. Needs wrk.

    python -m bench.worker_parts                       # every endpoint
    python -m bench.worker_parts moves matches/replay  # some
    python -m bench.worker_parts --pollute 1024 moves  # the echo after touching 1 MiB per request
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import orjson

from bench.run import ENDPOINTS, GAME, Server, Wrk, bodies, build_record, call

PARTS = ("stamp", "app", "finish", "counters", "write")


def _timer(totals: dict):
    def timed(fn, part):
        def run(*args):
            start = time.thread_time_ns()
            try:
                return fn(*args)
            finally:
                totals[part] += time.thread_time_ns() - start
        return run
    return timed


def _with_parts_route(app, totals: dict):
    """``GET /bench/parts``: the sums so far, zeroed."""
    from flask import Response

    def parts():
        out = dict(totals)
        for k in totals:
            totals[k] = 0
        return Response(orjson.dumps(out), mimetype="application/json")
    app.add_url_rule("/bench/parts", "bench_parts", parts, methods=["GET"])
    return app


def timed_app():
    """The referee's app with the parts timed."""
    from service import create_app, ops
    app = create_app()
    stamp = app.wsgi_app  # the operations middleware (service.http.ops._Stamp)
    totals = dict.fromkeys(PARTS, 0) | {"requests": 0}
    timed = _timer(totals)

    def finish(*args):
        totals["requests"] += 1
        return finish_timed(*args)

    app.wsgi_app = timed(stamp, "stamp")
    stamp.wsgi_app = timed(stamp.wsgi_app, "app")
    finish_timed = timed(stamp._finish, "finish")
    stamp._finish = finish
    ops.COUNTERS.request = timed(ops.COUNTERS.request, "counters")
    ops.write_line = timed(ops.write_line, "write")
    return _with_parts_route(app, totals)


def timed_echo(pollute_kib: str = "0"):
    """The echo (``bench.echo``) with its app timed the same way: the yardstick's own part.

    ``pollute_kib``: after each request, outside the timed app, a read and a write of every 64-byte
    line of that many KiB, as a bigger app would leave the caches; what the echo's own part then
    costs shows how much a request pays for what ran before it."""
    from bench.echo import app
    totals = dict.fromkeys(PARTS, 0) | {"requests": 0}
    timed, inner = _timer(totals), app.wsgi_app
    spoil = bytearray(int(pollute_kib) * 1024)

    def counted(environ, start_response):
        totals["requests"] += 1
        return inner(environ, start_response)
    timed_inner = timed(counted, "app")

    def run(environ, start_response):
        try:
            return timed_inner(environ, start_response)
        finally:
            if spoil:
                spoil[::64] = spoil[1::64]
    app.wsgi_app = run
    return _with_parts_route(app, totals)


def _cpu(server: Server) -> float:
    cpu = server.cpu_seconds()
    if cpu is None:
        raise SystemExit("bench.worker_parts: needs /proc")
    return cpu


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.worker_parts", description=__doc__.splitlines()[0])
    p.add_argument("endpoints", nargs="*", help=f"some of: {', '.join(ENDPOINTS)}")
    p.add_argument("--seconds", type=float, default=5.0, help="load per endpoint (default 5)")
    p.add_argument("--pollute", type=int, default=0, metavar="KIB",
                   help="the echo also touches this many KiB after each request (default 0)")
    args = p.parse_args(argv)
    endpoints = args.endpoints or list(ENDPOINTS)
    unknown = [ep for ep in endpoints if ep not in ENDPOINTS]
    if unknown:
        p.error(f"unknown endpoint {unknown[0]!r}")
    exe = shutil.which("wrk")
    if exe is None:
        print("bench.worker_parts: needs wrk (apt-get install wrk)", file=sys.stderr)
        return 2
    os.environ["WEB_CONCURRENCY"] = "1"  # one worker: its timers and its /proc figures are the same requests
    with tempfile.TemporaryDirectory() as tmp:
        servers = [Server(label, f"bench.worker_parts:{factory}", Path(tmp)) for label, factory in
                   (("referee", "timed_app()"), ("echo", f"timed_echo('{args.pollute}')"))]
        try:
            for server in servers:
                server.start()
            for server in servers:
                server.wait_ready()
            payloads = bodies(*build_record(servers[0].port))
            wrk = Wrk(exe, 4, Path(tmp))
            print(f"CPU µs per request in one served worker (gunicorn.conf.py, wrk 4 connections, {args.seconds:.0f} s)")
            print(f"{'endpoint':<16}{'server':<9}{'worker':>8}{'app':>8}{'finish':>8}{'counters':>10}{'write':>8}"
                  f"{'stamp':>8}{'rest':>8}")
            for ep in endpoints:
                path = f"/v1/games/{GAME}/{ep}"
                for server in servers:
                    wrk.run(server.port, path, payloads[ep], 1)  # warm-up
                    call(server.port, "GET", "/bench/parts")  # zeroed
                    before = _cpu(server)
                    wrk.run(server.port, path, payloads[ep], args.seconds)
                    after = _cpu(server)
                    sums = orjson.loads(call(server.port, "GET", "/bench/parts")[1])
                    n = sums.pop("requests") or 1
                    us = {k: v / n / 1000 for k, v in sums.items()}
                    worker = (after - before) / n * 1e6
                    own = us["stamp"] - us["app"] - us["finish"] if us["stamp"] else 0.0
                    print(f"{ep:<16}{server.label:<9}{worker:>8.1f}{us['app']:>8.1f}{us['finish']:>8.1f}"
                          f"{us['counters']:>10.1f}{us['write']:>8.1f}{own:>8.1f}"
                          f"{worker - us['app'] - us['finish'] - own:>8.1f}", flush=True)
        finally:
            for server in servers:
                server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
