"""``make bench``, slow clients: real requests' latency while hundreds of clients trickle half-sent requests.

    python -m bench.slow_clients [--clients 500] [--seconds 60] [--workers-compare 5]

1. gunicorn as shipped (gunicorn.conf.py's defaults, ``service:create_app()``) on a free loopback
   port. ``--clients`` connections each send part of a request and then one more byte every 2 s for
   ``--seconds``: half stop inside their headers (gevent's workers cut those after
   ``GUNICORN_KEEPALIVE`` seconds; the bench opens a new one for each cut, as an attacker would),
   half send their headers and dribble a 100 000-byte body that never completes. Meanwhile a probe
   asks ``/healthz`` and a Buck Euchre ``legal-moves`` in turn, every 50 ms, each on a new connection
   with a 10 s timeout. Printed: probes answered and failed, p50/p99/max latency of each kind, how
   many slow connections were held at the end and how many were cut. The goal (issue 11): every
   probe answered, p99 under 100 ms.
2. What the worker class costs: ``legal-moves`` throughput under ``sync`` and ``gevent`` workers
   (``--workers-compare`` seconds each, 4 keep-alive client processes), nothing else running.

It reports and exits 1 only if a probe failed or the p99 goal was missed.
"""

from __future__ import annotations

import argparse
import http.client
import multiprocessing
import random
import socket
import sys
import threading
import time

import orjson

from load.positions import position
from load.server import Gunicorn

GAME = "buck-euchre"
HEADERS = b"POST /v1/games/sixes/state HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
GOAL_P99_MS = 100.0


def probe_body() -> bytes:
    record = position(GAME, {}, "slow-bench", 0.4, random.Random(1))[1]
    return orjson.dumps({"record": record})


class Trickle:
    """``n`` connections that never finish a request: a byte every ``every`` seconds each."""

    def __init__(self, port: int, n: int, every: float = 2.0):
        self.port, self.n, self.every = port, n, every
        self.cut = 0
        self.socks: list[tuple[socket.socket, bool]] = []
        self.stop = threading.Event()
        for i in range(n):
            self.socks.append(self._open(body=bool(i % 2)))
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _open(self, body: bool):
        s = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        s.sendall(HEADERS + b"Content-Length: 100000\r\n\r\n{" if body else HEADERS[:40])
        return s, body

    def _run(self):
        while not self.stop.wait(self.every):
            for i, (s, body) in enumerate(self.socks):
                try:
                    s.sendall(b" " if body else b"X")
                except OSError:
                    self.cut += 1
                    s.close()
                    try:
                        self.socks[i] = self._open(body)
                    except OSError:
                        pass

    def held(self) -> int:
        alive = 0
        for s, _ in self.socks:
            s.setblocking(False)
            try:
                s.recv(1)  # an answer or the end of the stream: not held
            except BlockingIOError:
                alive += 1
            except OSError:
                pass
        return alive

    def close(self):
        self.stop.set()
        self.thread.join()
        for s, _ in self.socks:
            s.close()


def ask(port, method, path, body=None) -> tuple[object, float]:
    t = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        resp = conn.getresponse()
        resp.read()
        status = resp.status
    except OSError as exc:
        status = type(exc).__name__
    finally:
        conn.close()
    return status, (time.perf_counter() - t) * 1000


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def slow_clients(clients: int, seconds: float) -> bool:
    body = probe_body()
    with Gunicorn(app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_WORKER_CLASS")) as server:
        trickle = Trickle(server.port, clients)
        lat = {"healthz": [], "legal-moves": []}
        failed = []
        end = time.time() + seconds
        while time.time() < end:
            for kind, args in (("healthz", ("GET", "/healthz")),
                               ("legal-moves", ("POST", f"/v1/games/{GAME}/legal-moves", body))):
                status, ms = ask(server.port, *args)
                (lat[kind] if status == 200 else failed).append(ms if status == 200 else (kind, status))
                time.sleep(0.05)
        held = trickle.held()
        trickle.close()
    print(f"slow clients: {clients} for {seconds:g} s against gunicorn as shipped; "
          f"{held} held at the end, {trickle.cut} cut by the server (and reopened)")
    ok = not failed
    for kind, values in lat.items():
        p99 = pct(values, 0.99)
        ok = ok and p99 < GOAL_P99_MS
        print(f"  {kind:12} {len(values):5} answered  p50 {pct(values, 0.5):6.1f} ms  p99 {p99:6.1f} ms  "
              f"max {max(values, default=float('nan')):6.1f} ms")
    print(f"  failed probes: {len(failed)} {failed[:5]}")
    print(f"  goal: every probe answered, p99 < {GOAL_P99_MS:g} ms: {'met' if ok else 'MISSED'}")
    return ok


def _hammer(port, body, seconds, out):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    n, end = 0, time.time() + seconds
    while time.time() < end:
        conn.request("POST", f"/v1/games/{GAME}/legal-moves", body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        n += resp.status == 200
    out.put(n)


def throughput(worker_class: str, seconds: float, procs: int = 4) -> float:
    body = probe_body()
    with Gunicorn(app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR",),
                  env={"GUNICORN_WORKER_CLASS": worker_class, "REFEREE_ACCESS_LOG": "0"}) as server:
        ask(server.port, "POST", f"/v1/games/{GAME}/legal-moves", body)
        out = multiprocessing.Queue()
        ps = [multiprocessing.Process(target=_hammer, args=(server.port, body, seconds, out)) for _ in range(procs)]
        for p in ps:
            p.start()
        total = sum(out.get() for _ in ps)
        for p in ps:
            p.join()
    return total / seconds


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.slow_clients", description=__doc__.splitlines()[0])
    p.add_argument("--clients", type=int, default=500)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--workers-compare", type=float, default=5, help="seconds per worker class (0: skip)")
    a = p.parse_args(argv)
    ok = slow_clients(a.clients, a.seconds)
    if a.workers_compare > 0:
        rates = {cls: throughput(cls, a.workers_compare) for cls in ("sync", "gevent")}
        print(f"worker class cost, {GAME} legal-moves, 4 keep-alive clients, {a.workers_compare:g} s each: "
              + ", ".join(f"{k} {v:,.0f} req/s" for k, v in rates.items())
              + f"; gevent/sync {rates['gevent'] / rates['sync']:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
