"""Operations: request ids, access logs, metrics, readiness and CORS, in one process."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from prometheus_client import REGISTRY

from service import create_app

from .contract import call, response_schema, spec

ROOT = Path(__file__).resolve().parent.parent


def schema_required(schema):
    name = schema["$ref"].rsplit("/", 1)[1]
    return spec()["components"]["schemas"][name]["required"]


def _count(route, game, status, method="POST"):
    return REGISTRY.get_sample_value("referee_http_requests_total", {
        "method": method, "route": route, "game": game, "status": str(status)}) or 0.0


def _deal(client, game="buck-euchre", seed="ops"):
    return client.post(f"/v1/games/{game}/deals", json={"seed": seed}).get_json()


def test_request_id_is_generated_and_echoed(client):
    a, b = client.get("/healthz"), client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{32}", a.headers["X-Request-ID"])
    assert a.headers["X-Request-ID"] != b.headers["X-Request-ID"]


_FORKED_IDS = """
import os
from service import create_app
client = create_app({"TESTING": True, "ACCESS_LOG": False}).test_client()
client.get("/healthz")
read, write = os.pipe()
pid = os.fork()
if pid == 0:  # the child answers one request and sends its id back
    os.write(write, client.get("/healthz").headers["X-Request-ID"].encode())
    os._exit(0)
os.close(write)
os.waitpid(pid, 0)
print(os.read(read, 200).decode(), client.get("/healthz").headers["X-Request-ID"])
"""


def test_forked_workers_make_ids_of_their_own():
    """gunicorn forks its workers from one master: each must draw its own ids, not the master's.
    (Forked in a process of its own: a test runner's process has threads of its own.)"""
    env = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
    out = subprocess.run([sys.executable, "-c", _FORKED_IDS], capture_output=True, text=True, check=True,
                         cwd=ROOT, env=env, timeout=60).stdout.split()
    assert len(out) == 2 and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in out)
    assert out[0] != out[1]


def test_seeding_the_random_module_does_not_repeat_ids(client):
    import random
    state = random.getstate()
    try:
        random.seed(7)
        first = client.get("/healthz").headers["X-Request-ID"]
        random.seed(7)
        assert client.get("/healthz").headers["X-Request-ID"] != first
    finally:
        random.setstate(state)


_WRITE_LINE = """
import os, sys
from service.http import ops
real = os.write
def short_write(fd, data):  # a descriptor that takes at most 7 bytes per write
    return real(fd, bytes(data[:7]))
os.write = short_write
ops.write_line('{"line": "one é"}\\n'.encode())
sys.stderr = open(os.devnull, "w")  # a replaced stream gets the text, the descriptor nothing
ops.write_line(b'{"line": "two"}\\n')
"""


def test_an_access_line_goes_whole_to_the_process_stderr(tmp_path):
    """Straight to descriptor 2 when stderr is the process's own, in as many writes as it takes."""
    err = tmp_path / "err"
    with open(err, "wb") as f:
        subprocess.run([sys.executable, "-c", _WRITE_LINE], stderr=f, check=True, cwd=ROOT, timeout=60)
    assert err.read_bytes() == '{"line": "one é"}\n'.encode()


def test_a_clean_request_id_is_kept_and_a_dirty_one_replaced(client):
    assert client.get("/healthz", headers={"X-Request-ID": "lb-42.abc"}).headers["X-Request-ID"] == "lb-42.abc"
    for bad in ("has space", "x" * 129, "quote\"d", "ünï"):
        got = client.get("/healthz", headers={"X-Request-ID": bad}).headers["X-Request-ID"]
        assert got != bad and re.fullmatch(r"[0-9a-f]{32}", got)


def test_errors_carry_the_request_id_too(client):
    resp = client.post("/v1/games/nope/state", json={}, headers={"X-Request-ID": "r-1"})
    assert resp.status_code == 404 and resp.headers["X-Request-ID"] == "r-1"


def test_access_log_is_one_json_line_per_request(client, capsys):
    capsys.readouterr()
    client.post("/v1/games/sixes/deals", json={"seed": "log"}, headers={"X-Request-ID": "log-1"})
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines() if line.startswith("{")]
    mine = [e for e in lines if e["request_id"] == "log-1"]
    assert len(mine) == 1
    entry = mine[0]
    assert entry["route"] == "/v1/games/<game_id>/deals" and entry["game"] == "sixes"
    assert entry["status"] == 201 and entry["method"] == "POST" and entry["duration_ms"] >= 0


def test_probes_are_not_logged_by_default(client, capsys):
    capsys.readouterr()
    client.get("/healthz", headers={"X-Request-ID": "probe-1"})
    assert "probe-1" not in capsys.readouterr().err


def test_access_log_can_be_switched_off(capsys):
    quiet = create_app({"TESTING": True, "ACCESS_LOG": False}).test_client()
    capsys.readouterr()
    quiet.get("/v1/games", headers={"X-Request-ID": "off-1"})
    assert "off-1" not in capsys.readouterr().err


def test_requests_are_counted_by_route_game_and_status(client):
    route = "/v1/games/<game_id>/deals"
    before_ok, before_bad = _count(route, "bid-whist", 201), _count(route, "bid-whist", 400)
    _deal(client, "bid-whist")
    client.post("/v1/games/bid-whist/deals", json={"seed": 5})
    assert _count(route, "bid-whist", 201) == before_ok + 1
    assert _count(route, "bid-whist", 400) == before_bad + 1


def test_game_label_is_bounded(client):
    route = "/v1/games/<game_id>/state"
    before = _count(route, "unknown", 404)
    client.post("/v1/games/made-up-game-123/state", json={})
    assert _count(route, "unknown", 404) == before + 1
    assert _count(route, "made-up-game-123", 404) == 0


def test_latency_is_observed(client):
    key = {"method": "GET", "route": "/v1/games", "game": "-"}
    before = REGISTRY.get_sample_value("referee_http_request_duration_seconds_count", key) or 0
    client.get("/v1/games")
    assert REGISTRY.get_sample_value("referee_http_request_duration_seconds_count", key) == before + 1
    assert REGISTRY.get_sample_value("referee_http_request_duration_seconds_sum", key) > 0


def test_illegal_moves_are_counted_by_reason(client):
    record = _deal(client)
    seat = (record["dealer"] + 1) % 4
    wrong = (seat + 1) % 4
    key = {"game": "buck-euchre", "reason": "not_your_turn"}
    before = REGISTRY.get_sample_value("referee_illegal_moves_total", key) or 0
    resp = client.post("/v1/games/buck-euchre/moves", json={"record": record, "move": {"seat": wrong, "type": "pass"}})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "not_your_turn"
    assert REGISTRY.get_sample_value("referee_illegal_moves_total", key) == before + 1


def test_metrics_page_is_prometheus_text(client):
    _deal(client)
    resp = client.get("/metrics")
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    text = resp.get_data(as_text=True)
    assert "# TYPE referee_http_requests_total counter" in text
    assert 'route="/v1/games/<game_id>/deals"' in text
    assert client.get("/metrics", headers={"Accept": "application/json"}).status_code == 406


def test_readyz(client):
    resp = call(client, "GET", "/readyz")
    assert resp.status_code == 200 and resp.get_json()["status"] == "ready"
    assert set(resp.get_json()["games"]) == {"buck-euchre", "bid-whist", "five-hundred", "court-piece", "sixes"}


def test_readyz_fails_when_a_game_cannot_deal(client, monkeypatch):
    from service.rules.games import GAMES

    def broken(*args, **kwargs):
        raise RuntimeError("boom")
    monkeypatch.setattr(GAMES["sixes"], "deal", broken)
    resp = client.get("/readyz")
    schema, mime = response_schema("/readyz", "get", 503)
    assert resp.mimetype == mime and set(schema_required(schema)) <= set(resp.get_json())
    assert resp.status_code == 503 and resp.get_json()["code"] == "not_ready"
    assert "sixes" in resp.get_json()["detail"] and "boom" not in resp.get_json()["detail"]


def test_cors_is_off_by_default(client):
    resp = client.get("/v1/games", headers={"Origin": "https://app.example"})
    assert "Access-Control-Allow-Origin" not in resp.headers


@pytest.fixture()
def cors_client():
    return create_app({"TESTING": True, "CORS_ORIGINS": frozenset({"https://app.example"})}).test_client()


def test_cors_allows_listed_origins_only(cors_client):
    ok = cors_client.post("/v1/games/sixes/deals", json={"seed": "c"}, headers={"Origin": "https://app.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "X-Request-ID" in ok.headers["Access-Control-Expose-Headers"] and "Origin" in ok.headers["Vary"]
    other = cors_client.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_preflight(cors_client):
    resp = cors_client.options("/v1/games/sixes/state", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type"})
    assert resp.status_code == 204
    assert resp.headers["Access-Control-Allow-Origin"] == "https://app.example"
    assert "POST" in resp.headers["Access-Control-Allow-Methods"]
    assert resp.headers["Access-Control-Allow-Headers"] == "content-type"


def test_cors_wildcard():
    c = create_app({"TESTING": True, "CORS_ORIGINS": frozenset({"*"})}).test_client()
    assert c.get("/v1/games", headers={"Origin": "http://x.test"}).headers["Access-Control-Allow-Origin"] == "*"


def test_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://a.example, https://b.example/")
    monkeypatch.setenv("REFEREE_ACCESS_LOG", "0")
    app = create_app({"TESTING": True})
    assert app.config["CORS_ORIGINS"] == {"https://a.example", "https://b.example"}
    assert app.config["ACCESS_LOG"] is False


def test_a_bug_is_logged_with_the_request_id_and_answered_500(client, monkeypatch, caplog):
    from service.rules.games import GAMES

    def broken(record):
        raise RuntimeError("boom")
    monkeypatch.setattr(GAMES["sixes"], "replay", broken)
    resp = client.post("/v1/games/sixes/state", json={"record": {}}, headers={"X-Request-ID": "bug-1"})
    assert resp.status_code == 500 and resp.get_json()["code"] == "internal_error"
    assert resp.headers["X-Request-ID"] == "bug-1" and "boom" not in resp.get_data(as_text=True)
    assert any("bug-1" in r.getMessage() and r.exc_info for r in caplog.records)
