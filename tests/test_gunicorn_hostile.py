"""gunicorn as shipped, attacked below the app: slow clients (issue 11, item 1; docs/TRUST.md, "Slow
clients") and requests gunicorn itself refuses (item 9: problem+json, not HTML).

gunicorn as ``make run`` and the Procfile start it (gunicorn.conf.py's defaults), and SLOW
connections that each hold a half-sent request: half stop in the middle of their headers, half
send their headers and one byte of a 100-byte body, and then send nothing more (a byte now and then
changes nothing for gevent). Meanwhile real requests, ``/healthz`` and a ``legal-moves`` of every
game, must every one be answered.

No time is measured: each probe has a generous socket timeout (10 s), a bound that a starved
service fails (with sync workers every probe waits for gunicorn's 30 s worker timeout) and a busy
machine does not. How fast the probes are answered (p99 under 100 ms with 500 clients held 60 s)
is ``make bench``'s (bench/slow_clients.py).
"""

from __future__ import annotations

import http.client
import socket

import orjson
import pytest

from load.server import Gunicorn

from .positions import MODES, position

SLOW = 120
PROBE_TIMEOUT = 10


def hold(port: int, n: int) -> list[socket.socket]:
    held = []
    for i in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=PROBE_TIMEOUT)
        if i % 2:
            s.sendall(b"POST /v1/games/sixes/state HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100\r\n\r\n{")
        else:
            s.sendall(b"POST /v1/games/sixes/state HTTP/1.1\r\nHost: t\r\nContent-Ty")
        held.append(s)
    return held


def still_open(s: socket.socket) -> bool:
    """Nothing to read and not closed: the server is still waiting for the rest of the body."""
    s.setblocking(False)
    try:
        s.recv(1)  # an answer or the end of the stream: not held any more
        return False
    except BlockingIOError:
        return True
    except OSError:
        return False


def probe(port: int, method: str, path: str, body: bytes | None = None) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PROBE_TIMEOUT)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError as exc:  # a timeout is a starved service
        return type(exc).__name__
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server():
    with Gunicorn(app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR", "GUNICORN_WORKER_CLASS")) as running:
        yield running


def bodies():
    import random
    for game_id, modes in sorted(MODES.items()):
        record = position(game_id, modes[0], "slow", 0.4, random.Random(game_id))[1]
        yield f"/v1/games/{game_id}/legal-moves", orjson.dumps({"record": record})


def test_every_probe_is_answered_while_slow_clients_hold_on(server):
    held = hold(server.port, SLOW)
    try:
        answers = []
        for _ in range(4):
            answers.append(probe(server.port, "GET", "/healthz"))
            answers += [probe(server.port, "POST", path, body) for path, body in bodies()]
        assert answers == [200] * len(answers)
        # the half-sent bodies are still held, not dropped: the probes went past them, not through
        # a gap left by the server closing them
        assert all(map(still_open, held[1::2]))
    finally:
        for s in held:
            s.close()


@pytest.mark.parametrize("raw, status", [
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\nBad\x01Header: x\r\n\r\n", 400),
    (b"POST /v1/games/sixes/state HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
    (b"GET /healthz HTTP/9.9\r\nHost: t\r\n\r\n", 400),
    (b"GET /" + b"x" * 9000 + b" HTTP/1.1\r\nHost: t\r\n\r\n", 414),
])
def test_gunicorns_own_refusals_are_problem_json(server, raw, status):
    s = socket.create_connection(("127.0.0.1", server.port), timeout=PROBE_TIMEOUT)
    try:
        s.sendall(raw)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    finally:
        s.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d" % status), head
    assert b"Content-Type: application/problem+json" in head
    problem = orjson.loads(body)
    assert problem["status"] == status and problem["code"] and len(body) < 1024
