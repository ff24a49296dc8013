"""A long request lets its worker's other requests through, over real sockets (issue 30, finding 3).

One gevent hub in this process serves the app on a loopback socket (gevent's own WSGI server, as a
gevent worker serves it) and runs the clients: a long request (a search at the node cap's scale, a
tournament of many hands) is sent first, then ``/healthz`` probes, a new one after each pause, until
the long answer arrives. Counted, never timed: how many probes completed while the long request
ran, against how many times it paused. With ``gevent.sleep(0)`` as the pause (what the service had)
1 probe completed during a 117-pause search; the pause now lets at least one through in three.
"""

from __future__ import annotations

import gevent
import gevent.event
import orjson
import pytest
from gevent import socket
from gevent.pywsgi import WSGIServer

from service import create_app
from service.http import analysis as analysis_api
from service.http import pause as pause_module
from service.http import pieces
from service.http import tournaments as tournaments_api
from service.rules import jsonscan
from service.rules.analysis.adapters import ADAPTERS
from service.rules.games import GAMES
from service.rules.tournament import TournamentError, score_tournament

from .test_api_analysis import first_position
from .tournament_events import duplicate_event


def _request(port: int, method: str, path: str, body: bytes = b"") -> int:
    sock = socket.create_connection(("127.0.0.1", port))
    try:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                     f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        data = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        return int(data.split(b" ", 2)[1])
    finally:
        sock.close()


@pytest.fixture()
def served(monkeypatch):
    """The app on a loopback socket in this hub, every long request given a counted ``Pause`` that yields
    at every call (no slice of time: the pauses are counted by the work that calls them) and waits
    for the loop to go idle with no time limit (gevent's ``Timeout(None)`` never fires), so that no
    clock decides what the counts are, however busy the machine is. Each pause sets ``GATE`` once it
    has let the others run: the probes wait for it (``_probes_during``)."""
    pauses = []

    def counted():
        pause = pause_module.Pause()
        pauses.append(pause)

        def call():
            pause()
            GATE.set()
        return call
    monkeypatch.setattr(pause_module, "SLICE_SECONDS", 0)  # every call yields: the count is the work's, not the clock's
    monkeypatch.setattr(pause_module, "IDLE_SECONDS", None)  # no clock: the loop's own turns end each wait
    monkeypatch.setattr(analysis_api, "cooperative", counted)
    monkeypatch.setattr(tournaments_api, "cooperative", counted)
    server = WSGIServer(("127.0.0.1", 0), create_app({"TESTING": True, "ACCESS_LOG": False}), log=None,
                        error_log=None)
    server.start()
    try:
        yield server.server_port, pauses
    finally:
        server.stop()


GATE = gevent.event.Event()


def _probes_during(port: int, method: str, path: str, body: bytes, probes: list | None = None) -> tuple[int, int]:
    """(the long request's status, the probes completed before it answered); ``probes`` collects
    them as they complete, for a caller that looks at them midway.

    One probe at a time, the next sent only after a pause has ended: a stream of probes sent back to
    back keeps the loop from ever going idle, and then each pause (with no time limit) serves
    thousands of them (52,364 in 24 s, measured beside the suite's other worker)."""
    done, probes = [], [] if probes is None else probes
    GATE.clear()

    def long_request():
        try:
            done.append(_request(port, method, path, body))
        finally:
            GATE.set()

    def probe():
        while not done:
            status = _request(port, "GET", "/healthz")
            if not done:
                probes.append(status)
            GATE.wait()
            GATE.clear()
    first = gevent.spawn(long_request)
    gevent.sleep(0)  # the long request is sent first
    gevent.joinall([first, gevent.spawn(probe)], raise_error=True)
    assert set(probes) <= {200}
    return done[0], len(probes)


def test_probes_complete_while_a_search_runs(served):
    port, pauses = served
    record = first_position("bid-whist", "pause", ADAPTERS["bid-whist"].total)
    nodes = 60_000  # a pause every PAUSE_EVERY nodes, whichever solver runs: over a hundred pauses
    status, probes = _probes_during(port, "POST", "/v1/games/bid-whist/analysis",
                                    orjson.dumps({"record": record, "max_nodes": nodes}))
    assert status in (200, 422)  # solved or refused at the budget, after many pauses either way
    assert pauses[0].yields >= 3 and probes >= pauses[0].yields // 3, (pauses[0].yields, probes)


@pytest.fixture(scope="module")
def event():
    return duplicate_event("buck-euchre", boards=50, tables=12)


def test_probes_complete_while_a_tournament_is_scored(served, event):
    port, pauses = served
    body = orjson.dumps({k: v for k, v in event.items() if k != "game"})
    status, probes = _probes_during(port, "POST", "/v1/games/buck-euchre/tournaments/score", body)
    assert status == 200
    assert pauses[0].yields >= 3 and probes >= pauses[0].yields // 3, (pauses[0].yields, probes)


def test_probes_complete_while_a_tournaments_body_is_parsed_and_its_shape_checked(served, event, monkeypatch):
    """The body parsed a run of records at a time (runs of 64 KiB here, so that 600 hands make
    several), then its shape checked an entrant, a board, a table at a time; the test stops the event
    where the scoring would start (with a cap's refusal): probes complete in each step, counted."""
    port, pauses = served
    for name, value in (("WHOLE_BYTES", 0), ("PIECE_BYTES", 4096), ("RUN_BYTES", 64 * 1024), ("SCAN_BYTES", 256 * 1024)):
        monkeypatch.setattr(pieces, name, value)
    probes, marks = [], []

    def marked(function):
        def call(*args):
            marks.append((pauses[0].yields, len(probes)))
            try:
                return function(*args)
            finally:
                marks.append((pauses[0].yields, len(probes)))
        return call

    def scoring(*args, **kwargs):
        raise TournamentError("too_many_hands", "stopped where the scoring would start")
    monkeypatch.setattr(pieces, "loads", marked(pieces.loads))
    monkeypatch.setattr(tournaments_api, "load_event", marked(tournaments_api.load_event))
    monkeypatch.setattr(tournaments_api, "score_tournament", scoring)
    body = orjson.dumps({k: v for k, v in event.items() if k != "game"})
    status, _ = _probes_during(port, "POST", "/v1/games/buck-euchre/tournaments/score", body, probes)
    assert status == 422 and len(marks) == 4
    parse = [b - a for a, b in zip(marks[0], marks[1])]  # (pauses, probes completed) while the body was parsed
    shape = [b - a for a, b in zip(marks[2], marks[3])]  # and while its shape was checked
    assert shape[0] >= 12 and shape[1] >= shape[0] // 3, shape  # a pause after each table (and entrant, board)
    if jsonscan.compiled:  # (the pure core parses whole: no C pass finds the pieces)
        assert parse[0] >= len(body) // (64 * 1024) and parse[1] >= parse[0] // 3, parse  # after each run


def test_pauses_change_no_tournament_answer(event):
    game, body = GAMES["buck-euchre"], {k: v for k, v in event.items() if k != "game"}
    calls = []
    paused = score_tournament(game, body, pause=lambda: calls.append(1))
    plain = score_tournament(game, {k: v for k, v in event.items() if k != "game"})
    assert paused.answer == plain.answer
    from service.rules.tournament_csv import to_csv
    assert to_csv(game.id, paused, lambda: calls.append(1)) == to_csv(game.id, plain)
    assert len(calls) >= 600 + 50  # every hand replayed and every board dealt


def test_a_pause_yields_only_once_its_slice_is_used():
    """A scripted sequence of readings stands for the clock: nothing here waits or measures."""
    pause = pause_module.Pause(iter([0.0, 0.001, 0.002, 0.05, 0.05, 0.051]).__next__)  # starts at 0.0
    pause(), pause()  # 1 ms, 2 ms: within the slice
    assert pause.yields == 0
    pause()  # 50 ms: yields (then the clock reads 50 ms again)
    assert pause.yields == 1
    pause()  # 51 ms: 1 ms after the last yield
    assert pause.yields == 1


def test_only_a_gevent_worker_pauses():
    import subprocess
    import sys
    assert analysis_api.cooperative() is None and tournaments_api.cooperative() is None
    code = ("from gevent import monkey; monkey.patch_all()\n"
            "from service.http.pause import Pause, cooperative\n"
            "assert isinstance(cooperative(), Pause)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_tournament_body_is_read_a_chunk_at_a_time_with_pauses():
    import io
    data = bytes(range(256)) * 1000  # 256,000 bytes: four chunks
    calls = []
    stream = tournaments_api._PausingInput(io.BytesIO(data), lambda: calls.append(1))
    assert stream.read() == data and len(calls) == 4
    stream = tournaments_api._PausingInput(io.BytesIO(data), lambda: calls.append(1))
    assert stream.read(200_000) + stream.read(100) + stream.read(None) == data
