"""``make bench``: the referee's throughput against a bare Flask echo, then engine playouts.

1. HTTP. The referee (``service:create_app()``) and ``bench.echo`` are each served by gunicorn with
   the project's ``gunicorn.conf.py`` on a free loopback port. A mid-hand Buck Euchre record is built
   through the API itself (a seeded deal, then ``legal-moves`` + ``moves`` until a few tricks are in),
   and the same JSON body is posted to ``state``, ``legal-moves`` and ``moves`` of both servers. The
   load comes from ``wrk`` (installed with apt-get when missing and possible), or else from a small
   keep-alive ``http.client`` loop in a few processes. The ratio referee/echo has a goal of >= 1.0 and
   a floor of 0.8 (DESIGN.md "Quality bars"); it is printed, never asserted.
2. Engine. Random full hands of every game in ``GAMES``, no HTTP: deal, replay, then random legal
   moves until the hand is done.

Every run is bounded (warm-up plus a fixed duration per endpoint) and every server is stopped on
the way out.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import platform
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "buck-euchre"
SEED = "bench"
ENDPOINTS = ("state", "legal-moves", "moves")
TRICKS_IN = 3  # complete tricks in the benchmark record, plus one card of the next
MAX_PLAYOUT_MOVES = 10_000  # a hand longer than this is a bug in the game, not a slow hand

REFEREE_APP = "service:create_app()"
ECHO_APP = "bench.echo:app"


# --- small HTTP helpers (one connection per call; only for set-up and checks) ---
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(port: int, method: str, path: str, body: bytes | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Content-Type": "application/json", "Accept": "application/json"} if body is not None else {}
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def post_json(port: int, path: str, payload, expect: int = 200):
    status, raw = call(port, "POST", path, dumps(payload))
    if status != expect:
        raise RuntimeError(f"POST {path} answered {status}, expected {expect}: {raw[:500]!r}")
    return json.loads(raw)


def dumps(payload) -> bytes:
    return json.dumps(payload, separators=(",", ":")).encode()


def url(endpoint: str) -> str:
    return f"/v1/games/{GAME}/{endpoint}"


# --- servers ---
class Server:
    """One gunicorn, as ``make run`` starts it, on a free loopback port, in its own process group."""

    def __init__(self, label: str, app: str, logdir: Path):
        self.label, self.app = label, app
        self.log_path = logdir / f"{label}.log"
        self.proc: subprocess.Popen | None = None
        self.port = 0

    def start(self) -> None:
        self.port = free_port()
        env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"), self.app],
                cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)

    def wait_ready(self, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.label} server exited ({self.proc.returncode}):\n{self.log()}")
            try:
                if call(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{self.label} server not ready after {timeout:.0f} s:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            try:
                os.killpg(self.proc.pid, sig)  # the arbiter and its workers, nothing else
            except ProcessLookupError:
                return
            try:
                self.proc.wait(wait)
                return
            except subprocess.TimeoutExpired:
                continue


# --- the benchmark record, built with the API itself ---
_PREFERENCE = {"order_up": 0, "name_trump": 1, "stay": 2}  # keep all four seats in the hand


def pick(moves: list[dict]) -> dict:
    return min(moves, key=lambda m: _PREFERENCE.get(m["type"], 5 if m["type"] not in ("pass", "drop") else 9))


def build_record(port: int) -> tuple[dict, dict]:
    """A seeded deal played until ``TRICKS_IN`` tricks and one card of the next are in; and a legal next move."""
    record = post_json(port, url("deals"), {"seed": SEED}, expect=201)
    while True:
        state = post_json(port, url("state"), {"record": record})
        if state["phase"] == "done":
            raise RuntimeError(f"seed {SEED!r}: the hand ended before {TRICKS_IN} tricks")
        current = state.get("current_trick") or {}
        if (state["phase"] == "playing" and len(state.get("tricks") or []) >= TRICKS_IN
                and current.get("cards")):
            break
        move = pick(post_json(port, url("legal-moves"), {"record": record})["moves"])
        record = post_json(port, url("moves"), {"record": record, "move": move})["record"]
    move = pick(post_json(port, url("legal-moves"), {"record": record})["moves"])
    return record, move


def bodies(record: dict, move: dict) -> dict[str, bytes]:
    return {"state": dumps({"record": record}),
            "legal-moves": dumps({"record": record}),
            "moves": dumps({"record": record, "move": move})}


def check(referee: Server, echo: Server, payloads: dict[str, bytes]) -> None:
    """Both servers answer 200 to the very bodies the load will send (a fast 4xx would flatter us)."""
    for ep, body in payloads.items():
        status, raw = call(referee.port, "POST", url(ep), body)
        if status != 200:
            raise RuntimeError(f"referee {url(ep)} answered {status}: {raw[:500]!r}")
        status, raw = call(echo.port, "POST", url(ep), body)
        if status != 200 or json.loads(raw) != json.loads(body):
            raise RuntimeError(f"echo {url(ep)} answered {status} and not the body")


# --- load generators ---
def ensure_wrk(allow_install: bool) -> str | None:
    found = shutil.which("wrk")
    if found or not allow_install:
        return found
    apt = shutil.which("apt-get")
    if apt is None or os.geteuid() != 0:
        print("bench: wrk is not installed and cannot be installed here (needs root and apt-get)", flush=True)
        return None
    print("bench: wrk is not installed; installing it with `apt-get install -y wrk` "
          "(pass --client python to skip)...", flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in ([apt, "install", "-y", "-q", "wrk"], [apt, "update", "-q"], [apt, "install", "-y", "-q", "wrk"]):
        try:
            done = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=180)
        except (OSError, subprocess.TimeoutExpired) as exc:
            print(f"bench: {' '.join(cmd[1:])} failed: {exc}", flush=True)
            return None
        if shutil.which("wrk"):
            return shutil.which("wrk")
        if cmd[1] == "install" and done.returncode != 0:
            print(f"bench: apt-get install failed: {done.stderr.decode(errors='replace').strip()[-300:]}",
                  flush=True)
    return shutil.which("wrk")


class Wrk:
    name = "wrk"

    def __init__(self, exe: str, connections: int, tmp: Path):
        self.exe, self.connections, self.tmp = exe, connections, tmp

    def run(self, port: int, path: str, body: bytes, seconds: float) -> dict:
        body_file = self.tmp / f"body-{abs(hash(body))}.json"
        body_file.write_bytes(body)
        script = self.tmp / f"post-{abs(hash(body))}.lua"
        script.write_text(
            f'local f = assert(io.open([[{body_file}]], "rb"))\n'
            'wrk.method = "POST"\n'
            'wrk.body = f:read("*a")\n'
            'f:close()\n'
            'wrk.headers["Content-Type"] = "application/json"\n'
            'wrk.headers["Accept"] = "application/json"\n')
        duration = f"{max(1, round(seconds))}s"
        cmd = [self.exe, "-t1", f"-c{self.connections}", f"-d{duration}", "--timeout", "10s",
               "-s", str(script), f"http://127.0.0.1:{port}{path}"]
        out = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                             timeout=seconds + 30).stdout
        rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
        if rps is None:
            raise RuntimeError(f"could not read wrk's output:\n{out}")
        bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
        errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
        return {"rps": float(rps.group(1)), "bad": int(bad.group(1)) if bad else 0,
                "errors": sum(map(int, errors.groups())) if errors else 0}


def _client_loop(args) -> tuple[int, int, int]:
    """One client process: POST until the deadline; counts only what completes after ``start``."""
    port, path, body, start, stop = args
    headers = {"Content-Type": "application/json", "Accept": "application/json",
               "Content-Length": str(len(body))}
    ok = bad = errors = 0
    conn = None
    while True:
        now = time.time()
        if now >= stop:
            break
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            done = time.time()
            if start <= done < stop:
                if 200 <= resp.status < 400:
                    ok += 1
                else:
                    bad += 1
            if resp.will_close:  # gunicorn's sync workers close after each answer
                conn.close()
                conn = None
        except OSError:
            errors += 1
            if conn is not None:
                conn.close()
            conn = None
    if conn is not None:
        conn.close()
    return ok, bad, errors


class PythonClient:
    name = "python http.client"

    def __init__(self, connections: int):
        self.connections = connections

    def run(self, port: int, path: str, body: bytes, seconds: float) -> dict:
        start = time.time() + 0.2  # let the processes start
        stop = start + seconds
        with multiprocessing.Pool(self.connections) as pool:
            results = pool.map(_client_loop, [(port, path, body, start, stop)] * self.connections)
        ok, bad, errors = (sum(r[i] for r in results) for i in range(3))
        return {"rps": (ok + bad) / seconds, "bad": bad, "errors": errors}


def bench_http(args, client, tmp: Path) -> int:
    referee = Server("referee", REFEREE_APP, tmp)
    echo = Server("echo", ECHO_APP, tmp)
    try:
        for s in (referee, echo):
            s.start()
        for s in (referee, echo):
            s.wait_ready()
        record, move = build_record(referee.port)
        payloads = bodies(record, move)
        check(referee, echo, payloads)
        workers = os.environ.get("WEB_CONCURRENCY", "2")
        rounds = max(1, round(args.duration / args.slice))
        print(f"HTTP: gunicorn -c gunicorn.conf.py ({workers} sync workers), load from {client.name}, "
              f"{args.connections} connections; per endpoint and server {args.warmup:g} s warm-up, then "
              f"{rounds} x {args.slice:g} s alternating with the other server")
        print(f"record: {GAME}, seed {SEED!r}, {len(record['moves'])} moves "
              f"({TRICKS_IN} tricks and a card in)")
        print()
        print(f"{'endpoint':<13}{'body':>8}{'referee req/s':>15}{'echo req/s':>12}{'ratio':>8}"
              f"{'slices min-max':>16}")
        problems = 0
        for ep in ENDPOINTS:
            body = payloads[ep]
            for s in (echo, referee):
                client.run(s.port, url(ep), body, args.warmup)
            # Short alternating slices: whatever else runs on the machine weighs on both servers alike.
            runs = {"echo": [], "referee": []}
            for i in range(rounds):
                for s in ((echo, referee) if i % 2 == 0 else (referee, echo)):
                    runs[s.label].append(client.run(s.port, url(ep), body, args.slice))
            rps = {k: sum(r["rps"] for r in v) / len(v) for k, v in runs.items()}
            ratio = rps["referee"] / rps["echo"] if rps["echo"] else float("nan")
            slices = [r["rps"] / e["rps"] for r, e in zip(runs["referee"], runs["echo"]) if e["rps"]]
            note = ""
            for label, rs in runs.items():
                bad, errors = sum(r["bad"] for r in rs), sum(r["errors"] for r in rs)
                if bad or errors:
                    note += f"  ({label}: {bad} non-2xx, {errors} socket errors)"
                problems += bad
            spread = f"{min(slices):.2f}-{max(slices):.2f}" if slices else "-"
            print(f"{ep:<13}{len(body) / 1024:>6.1f}KB{rps['referee']:>15.0f}"
                  f"{rps['echo']:>12.0f}{ratio:>8.2f}{spread:>16}{note}", flush=True)
        print("goal: ratio >= 1.0, floor 0.8 (DESIGN.md)")
        return problems
    finally:
        for s in (referee, echo):
            s.stop()


# --- engine playouts ---
def concrete(move: dict, rng: random.Random) -> dict:
    """A legal-moves entry as a move: a template ``count`` of ``from`` becomes a random choice of ``cards``."""
    if "count" in move and "from" in move:
        out = {k: v for k, v in move.items() if k not in ("count", "from")}
        out["cards"] = rng.sample(move["from"], move["count"])
        return out
    return move


def playouts(game, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        record = game.deal(f"{SEED}-{hands}", {}, 0, None)
        hand = game.replay(record)
        played = 0
        while hand.phase != "done":
            legal = hand.legal_moves()
            if not legal:
                raise RuntimeError(f"no legal move in phase {hand.phase!r} after {played} moves")
            move = game.parse_move(concrete(rng.choice(legal), rng), hand.n, hand.pack, None, "m")
            hand.play(move, len(hand.moves))
            played += 1
            if played > MAX_PLAYOUT_MOVES:
                raise RuntimeError(f"hand not over after {MAX_PLAYOUT_MOVES} moves")
        hands += 1
        moves += played
        now = time.perf_counter()
        if now >= deadline:
            return hands, moves, now - start


def bench_engine(args) -> int:
    from service.rules.games import GAMES

    print(f"Engine: random full hands (deal + replay + random legal moves), no HTTP, "
          f"{args.playout_seconds:g} s per game")
    print()
    print(f"{'game':<16}{'hands/s':>10}{'moves/hand':>12}{'µs/move':>10}")
    failures = 0
    for game_id, game in GAMES.items():
        rng = random.Random(0)
        try:
            hands, moves, elapsed = playouts(game, args.playout_seconds, rng)
        except Exception as exc:  # a broken game should not hide the others' numbers
            print(f"{game_id:<16}  FAILED: {type(exc).__name__}: {exc}", flush=True)
            failures += 1
            continue
        print(f"{game_id:<16}{hands / elapsed:>10.0f}{moves / hands:>12.1f}"
              f"{elapsed / moves * 1e6 if moves else float('nan'):>10.1f}", flush=True)
    return failures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    p.add_argument("--duration", type=float, default=5.0, help="seconds measured per endpoint and server")
    p.add_argument("--slice", type=float, default=1.0, help="seconds per alternating slice of --duration")
    p.add_argument("--warmup", type=float, default=1.0, help="seconds of warm-up before each measurement")
    p.add_argument("--connections", type=int, default=4, help="concurrent connections of the load generator")
    p.add_argument("--client", choices=("auto", "wrk", "python"), default="auto",
                   help="load generator; auto uses wrk, installing it if possible, else python")
    p.add_argument("--playout-seconds", type=float, default=3.0, help="seconds of playouts per game")
    p.add_argument("--skip-http", action="store_true")
    p.add_argument("--skip-engine", action="store_true")
    args = p.parse_args(argv)

    print(f"bench: Python {platform.python_version()}, {os.cpu_count()} cores, {platform.machine()}, "
          f"load average {os.getloadavg()[0]:.2f} (other work on the machine skews req/s, less the ratio)")
    print()
    status = 0
    if not args.skip_http:
        client = None
        if args.client in ("auto", "wrk"):
            exe = ensure_wrk(allow_install=True)
            if exe:
                client = Wrk(exe, args.connections, Path())
            elif args.client == "wrk":
                print("bench: wrk is unavailable", file=sys.stderr)
                return 2
            else:
                print("bench: falling back to the Python client; it shares the cores with the servers, "
                      "so absolute req/s are lower (the ratio stays comparable)", flush=True)
        if client is None:
            client = PythonClient(args.connections)
        with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
            if isinstance(client, Wrk):
                client.tmp = Path(tmp)
            status |= bool(bench_http(args, client, Path(tmp)))
        print()
    if not args.skip_engine:
        status |= bool(bench_engine(args))
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
