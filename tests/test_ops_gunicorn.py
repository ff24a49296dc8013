"""The deployment as ``make run`` starts it: gunicorn with 2 workers, metrics summed over both."""

import http.client
import json
import re
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from load.server import Gunicorn

ROOT = Path(__file__).resolve().parent.parent
N = 60


def _get(port, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server():
    # sync workers: a held request then blocks its worker, which is what spreads the others (below)
    with Gunicorn(app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR",),
                  env={"LOG_LEVEL": "info", "GUNICORN_WORKER_CLASS": "sync"}) as running:
        yield running.port, running


def _log_when(log, ready, polls=200):
    """The server's log once ``ready(text)`` holds (a worker writes its line after the answer has
    left: a fixed wait is a race on a busy machine), read at most ``polls`` times 0.05 s apart (a
    count, not a clock); the last read when it never does."""
    for _ in range(polls):
        if ready(text := log.log_text()):
            break
        time.sleep(0.05)
    return text


def _total(text, route):
    pattern = re.compile(r'^referee_http_requests_total\{([^}]*)\} ([0-9.e+]+)$', re.M)
    return sum(float(v) for labels, v in pattern.findall(text) if f'route="{route}"' in labels)


def test_metrics_count_every_request_whichever_worker_answered(server):
    port, log = server
    # A request held half-sent keeps one sync worker busy, so the others must go to the second one.
    held = socket.create_connection(("127.0.0.1", port), timeout=10)
    held.sendall(b"GET /v1/games/sixes HTTP/1.1\r\nHost: t\r\nX-Request-ID: mw-held\r\n")
    time.sleep(0.3)
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(lambda i: _get(port, "/v1/games/sixes", {"X-Request-ID": f"mw-{i}"})[0],
                                 range(N - 1)))
    held.sendall(b"Connection: close\r\n\r\n")
    answer = b""
    while chunk := held.recv(65536):
        answer += chunk
    held.close()
    assert statuses == [200] * (N - 1) and answer.startswith(b"HTTP/1.1 200")
    text = _log_when(log, lambda t: t.count('"mw-') >= N)
    pids = {json.loads(line)["pid"] for line in text.splitlines() if line.startswith("{") and '"mw-' in line}
    assert len(pids) == 2, "both workers should have answered some of the requests"
    for _ in range(6):  # whichever worker answers the scrape, the sum is the same
        status, headers, body = _get(port, "/metrics")
        assert status == 200 and headers["Content-Type"].startswith("text/plain")
        assert _total(body.decode(), "/v1/games/<game_id>") == N


def test_logs_are_json_and_request_ids_echo(server):
    port, log = server
    status, headers, _ = _get(port, "/v1/games", {"X-Request-ID": "gunicorn-echo"})
    assert status == 200 and headers["X-Request-ID"] == "gunicorn-echo"
    text = _log_when(log, lambda t: '"gunicorn-echo"' in t)
    entries = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert any(e.get("request_id") == "gunicorn-echo" and e["route"] == "/v1/games" for e in entries)
    assert any(e.get("logger") == "gunicorn.error" for e in entries)  # gunicorn's own lines are JSON too


def test_with_gthread_slow_clients_do_not_starve_the_others():
    """Two clients that never finish their request hold two threads; the third is still answered."""
    with Gunicorn(workers=1, app="service:create_app()", unset=("PROMETHEUS_MULTIPROC_DIR",),
                  env={"GUNICORN_WORKER_CLASS": "gthread", "GUNICORN_THREADS": "4"}) as running:
        slow = [socket.create_connection(("127.0.0.1", running.port), timeout=10) for _ in range(2)]
        try:
            for s in slow:
                s.sendall(b"POST /v1/games/sixes/state HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 100\r\n\r\n{")
            time.sleep(0.3)
            # answered at all within the socket's 10 s timeout (a bound, not a measured time): a
            # starved worker would hold the probe until gunicorn's 30 s timeout killed it
            status, _, _ = _get(running.port, "/healthz")
            assert status == 200
        finally:
            for s in slow:
                s.close()


def test_one_access_line_per_request_and_probes_quiet(server):
    """gunicorn writes no line of its own beside the service's; probes are not logged by default."""
    port, log = server
    assert _get(port, "/v1/games/sixes?mark=q7x3", {"X-Request-ID": "one-line"})[0] == 200
    for probe in ("/healthz", "/readyz", "/metrics"):
        assert _get(port, probe, {"X-Request-ID": f"probe{probe.replace('/', '-')}"})[0] == 200
    _log_when(log, lambda t: "one-line" in t)
    time.sleep(0.2)  # what must NOT appear has nothing to wait for: the probes' lines would be written by now
    text = log.log_text()
    assert len([line for line in text.splitlines() if "one-line" in line]) == 1
    assert "q7x3" not in text  # only gunicorn's own line would show the query string
    assert "probe-" not in text
