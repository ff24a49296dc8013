"""``make bench``: the referee's throughput against a bare Flask echo, engine playouts, a tournament log.

1. HTTP. The referee (``service:create_app()``) and ``bench.echo`` are each served by gunicorn with
   the project's ``gunicorn.conf.py`` on a free loopback port. A mid-hand Buck Euchre record is built
   through the API itself (a seeded deal, then ``legal-moves`` + ``moves`` until a few tricks are in),
   and the same JSON body is posted to every record-taking endpoint of both servers (``state``,
   ``legal-moves``, ``moves``, ``moves/validate``, ``views``; ``matches/replay`` gets a short match).
   The load comes from ``wrk`` (installed with apt-get when missing and possible), or else from a small
   keep-alive ``http.client`` loop in a few processes. The ratio referee/echo has a goal of >= 1.0
   (issue 12: none below 0.9; DESIGN.md's floor is 0.8); it is printed, never asserted. Beside it,
   the CPU time the server's processes spent per answered request (from ``/proc``). Each slice
   opens fresh connections, and now and then all of them land on one worker (the kernel hands a
   burst of connections to whichever worker accepts first): half the cores serve, and that slice's
   req/s halves for no cost of the server's. So a slice is looked at while it runs (which worker
   holds which connection, from ``/proc``) and run again, up to twice, when a worker held none;
   the row says how many were run again. The rule is the same for both servers.
2. Engine. Random full hands of every game in ``GAMES``, no HTTP: deal, replay, then random legal
   moves until the hand is done — on this tree and on a baseline tree (``--baseline REF``, by
   default the commit the speed work of issue 12's second round started from, taken with
   ``git archive``), alternating slices, each in its own process, so the ratio shows what the
   changes bought on the same machine at the same moment; and this tree's own sources run as plain
   Python beside its compiled core (``REFEREE_PURE_PYTHON``), so the ratio shows what compiling
   bought. Then how replay cost grows: µs per move of a short and a
   long record, µs per hand of a short and a long match.
3. Tournament. A 10,000-hand log (matches of 100 hands) replayed through the library, then through
   ``referee replay`` in one run.

Every run is bounded (warm-up plus a fixed duration per endpoint) and every server is stopped on
the way out. ``python -m bench.profile`` says where one request's microseconds go.
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
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "buck-euchre"
SEED = "bench"
ENDPOINTS = ("state", "legal-moves", "moves", "moves/validate", "views", "matches/replay")
MATCH_HANDS = 3  # hands in the matches/replay body
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

    def cpu_seconds(self) -> float | None:
        """User + system CPU of the server's processes (its session: the arbiter and its workers)."""
        tick, total = os.sysconf("SC_CLK_TCK"), 0
        try:
            pids = [p for p in os.listdir("/proc") if p.isdigit()]
        except OSError:
            return None
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:  # gone meanwhile, or not Linux
                continue
            if int(fields[3]) == self.proc.pid:  # session id: start_new_session made the arbiter its leader
                total += int(fields[11]) + int(fields[12])
        return total / tick

    def placement(self) -> list[int] | None:
        """Established connections to the server's port held by each worker (None where ``/proc``
        cannot say): the arbiter's children, each counted by the sockets among its descriptors."""
        try:
            pids = [p for p in os.listdir("/proc") if p.isdigit()]
        except OSError:
            return None
        workers = []
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == self.proc.pid:
                        workers.append(int(pid))
            except (OSError, IndexError, ValueError):
                continue
        return connections_by_process(self.port, sorted(workers))

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


def connections_by_process(port: int, pids: list[int]) -> list[int] | None:
    """How many established TCP connections to local ``port`` each of ``pids`` holds (Linux ``/proc``:
    a socket's inode in ``/proc/net/tcp{,6}`` matched to the descriptors of each process)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f, None)  # the header
                for line in f:
                    fields = line.split()
                    # local address "ADDR:PORT" (hex), state 01 = ESTABLISHED, inode the tenth field
                    if len(fields) > 9 and fields[3] == "01" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(fields[9])
        except OSError:
            continue
    counts = []
    for pid in pids:
        held = 0
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                except OSError:  # closed meanwhile
                    continue
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    held += 1
        except OSError:
            return None
        counts.append(held)
    return counts


def one_worker_held_all(counts: list[int] | None) -> bool:
    """A slice whose connections all fell on some workers, leaving another idle (None: cannot say)."""
    return bool(counts) and len(counts) > 1 and min(counts) == 0 and sum(counts) >= len(counts)


def run_slice(client, server: "Server", path: str, body: bytes, seconds: float, tries: int = 3) -> dict:
    """One slice of load on ``server``, with its CPU time and how many times it was run again
    because a worker held none of the client's connections (the module's docstring)."""
    for attempt in range(tries):
        seen: list = []
        look = threading.Timer(min(0.5, seconds / 2), lambda: seen.append(server.placement()))
        before = server.cpu_seconds()
        look.start()
        run = client.run(server.port, path, body, seconds)
        look.join()
        after = server.cpu_seconds()
        run["cpu"] = None if before is None or after is None else after - before
        run["again"] = attempt
        if not (seen and one_worker_held_all(seen[0])):
            break
    return run


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
    from service.rules import games
    match = play_match(games.get(GAME), LONG_MATCH[GAME], MATCH_HANDS, SEED, random.Random(0))
    return {"state": dumps({"record": record}),
            "legal-moves": dumps({"record": record}),
            "moves": dumps({"record": record, "move": move}),
            "moves/validate": dumps({"record": record, "move": move}),
            "views": dumps({"record": record, "seat": 1}),
            "matches/replay": dumps({"hands": match})}


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
        kind = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
        rounds = max(1, round(args.duration / args.slice))
        print(f"HTTP: gunicorn -c gunicorn.conf.py ({workers} {kind} workers), load from {client.name}, "
              f"{args.connections} connections; per endpoint and server {args.warmup:g} s warm-up, then "
              f"{rounds} x {args.slice:g} s alternating with the other server")
        print(f"record: {GAME}, seed {SEED!r}, {len(record['moves'])} moves "
              f"({TRICKS_IN} tricks and a card in); matches/replay: {MATCH_HANDS} whole hands")
        print()
        print(f"{'endpoint':<16}{'body':>8}{'referee req/s':>15}{'echo req/s':>12}{'ratio':>8}"
              f"{'slices min-max':>16}{'CPU us/req referee':>20}{'echo':>6}{'ratio':>7}")
        problems = 0
        for ep in ENDPOINTS:
            body = payloads[ep]
            for s in (echo, referee):
                client.run(s.port, url(ep), body, args.warmup)
            # Short alternating slices: whatever else runs on the machine weighs on both servers alike.
            runs = {"echo": [], "referee": []}
            for i in range(rounds):
                for s in ((echo, referee) if i % 2 == 0 else (referee, echo)):
                    runs[s.label].append(run_slice(client, s, url(ep), body, args.slice))
            rps = {k: sum(r["rps"] for r in v) / len(v) for k, v in runs.items()}
            ratio = rps["referee"] / rps["echo"] if rps["echo"] else float("nan")
            slices = [r["rps"] / e["rps"] for r, e in zip(runs["referee"], runs["echo"]) if e["rps"]]
            note = ""
            for label, rs in runs.items():
                bad, errors = sum(r["bad"] for r in rs), sum(r["errors"] for r in rs)
                if bad or errors:
                    note += f"  ({label}: {bad} non-2xx, {errors} socket errors)"
                problems += bad
                again = sum(r["again"] for r in rs)
                if again:
                    note += f"  ({label}: {again} slice{'s' if again > 1 else ''} run again, a worker held no connection)"
            spread = f"{min(slices):.2f}-{max(slices):.2f}" if slices else "-"
            cpu = {k: _cpu_per_request(v, args.slice) for k, v in runs.items()}
            cpu_cols = (f"{cpu['referee']:>20.0f}{cpu['echo']:>6.0f}{cpu['echo'] / cpu['referee']:>7.2f}"
                        if cpu["referee"] and cpu["echo"] else f"{'-':>20}{'-':>6}{'-':>7}")
            print(f"{ep:<16}{len(body) / 1024:>6.1f}KB{rps['referee']:>15.0f}"
                  f"{rps['echo']:>12.0f}{ratio:>8.2f}{spread:>16}{cpu_cols}{note}", flush=True)
        print("goal: ratio >= 1.0, none below 0.9 (issue 12; DESIGN.md's floor is 0.8)")
        return problems
    finally:
        for s in (referee, echo):
            s.stop()


def _cpu_per_request(runs: list[dict], seconds: float) -> float | None:
    """The servers' CPU µs per answered request over all slices (None where /proc cannot say)."""
    if any(r["cpu"] is None for r in runs):
        return None
    answered = sum(r["rps"] for r in runs) * seconds
    return sum(r["cpu"] for r in runs) / answered * 1e6 if answered else None


# --- engine playouts ---
# Engine anchors measured on this machine (issue 12): OpenSpiel 2.0.2's C++ engine driven from
# Python, full random hands with deal and bidding; and this targets.
ANCHORS = {"buck-euchre": ("euchre 10,800", 11_000), "bid-whist": ("bridge 3,600", 3_600),
           "court-piece": ("bridge 3,600", 3_600), "five-hundred": ("bridge 3,600", 3_600),
           "sixes": ("-", 8_000)}
# Options that make long matches, for the growth and tournament figures (no early match end).
LONG_MATCH = {"buck-euchre": {"target": 100, "penalty": 1, "march_wins": False},
              "bid-whist": {}, "court-piece": {"target_points": 100_000},
              "five-hundred": {"target": 1_000_000}, "sixes": {"start_chips": 100}}


def concrete(move: dict, rng: random.Random) -> dict:
    """A legal-moves entry as a move: a template ``count`` of ``from`` becomes a random choice of ``cards``."""
    if "count" in move and "from" in move:
        out = {k: v for k, v in move.items() if k not in ("count", "from")}
        out["cards"] = rng.sample(move["from"], move["count"])
        return out
    return move


def play_out(game, hand, rng: random.Random) -> int:
    """Random legal moves until the hand is done, through the library's own API; moves played."""
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
    return played


def playouts(game, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    hands = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        record = game.deal(f"{SEED}-{hands}", {}, 0, None)
        moves += play_out(game, game.replay(record), rng)
        hands += 1
        now = time.perf_counter()
        if now >= deadline:
            return hands, moves, now - start


def play_match(game, options: dict, hands: int, seed: str, rng: random.Random) -> list[dict]:
    """A match of up to ``hands`` whole hands (fewer if it ends), each record chained to the last."""
    records, match, dealer = [], None, 0
    for h in range(hands):
        hand = game.replay(game.deal(f"{seed}-{h}", options, dealer, match))
        play_out(game, hand, rng)
        records.append(hand.to_record())
        if hand.result.get("match_over"):
            break
        match, dealer = game.next_match(hand.match, hand.result, hand), game.next_dealer(hand.result, hand)
    return records


def per_call(fn, seconds: float = 0.3) -> float:
    """Seconds per call of ``fn``, over at least ``seconds`` (best of three such runs)."""
    best = float("inf")
    for _ in range(3):
        n, start = 0, time.perf_counter()
        while True:
            fn()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / 3:
                break
        best = min(best, elapsed / n)
    return best


def growth(game) -> dict:
    """Replay cost of a record with no move, a quarter hand and a whole hand; of a short and a long match."""
    rng = random.Random(1)
    # the longest of a few random hands (one where every seat drops is too short to say anything)
    full = max((play_match(game, {}, 1, f"{SEED}-growth-{i}", rng)[0] for i in range(8)),
               key=lambda r: len(r["moves"]))
    n = len(full["moves"])
    rec = {}
    for label, k in (("start", 0), ("quarter", max(1, n // 4)), ("whole", n)):
        record = {**full, "moves": full["moves"][:k]}
        rec[label] = (k, per_call(lambda: game.replay(record)))
    long_match = play_match(game, LONG_MATCH[game.id], 100, f"{SEED}-long", rng)
    matches = {}
    for label, hands in (("short", long_match[:10]), ("long", long_match)):
        matches[label] = (len(hands), per_call(lambda: game.replay_match({"hands": hands})))
    return {"records": rec, "matches": matches}


def engine_worker(game_id: str, seconds: float, with_growth: bool) -> int:
    """One build's figures for one game as JSON on stdout (``bench_engine`` runs it per game and build)."""
    from service.rules.games import GAMES
    game = GAMES[game_id]
    try:
        hands, moves, elapsed = playouts(game, seconds, random.Random(0))
        out = {"hands": hands, "moves": moves, "elapsed": elapsed}
        if with_growth:
            out["growth"] = growth(game)
    except Exception as exc:  # a broken game should not hide the others' numbers
        out = {"error": f"{type(exc).__name__}: {exc}"}
    print(json.dumps(out))
    return 0


def _run_build(game_id: str, tree: Path, seconds: float, with_growth: bool = False, pure: bool = False) -> dict:
    """One worker process with ``tree`` first on the path (this tree, or the baseline's source); ``pure``:
    this tree's core from its sources, compiled modules or not (``REFEREE_PURE_PYTHON``)."""
    from service.rules.build import PURE_ENV  # here: this file also runs in a baseline tree without it
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")])),
           PURE_ENV: "1" if pure else ""}
    # this file is loaded by its path, so that ``service`` comes from ``tree`` and not from here
    cmd = [sys.executable, "-c", "import importlib.util as u, sys; "
           f"s = u.spec_from_file_location('bench_run', {__file__!r}); b = u.module_from_spec(s); "
           f"s.loader.exec_module(b); sys.exit(b.engine_worker({game_id!r}, {seconds!r}, {with_growth!r}))"]
    done = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        return {"error": done.stderr.strip()[-500:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def _sum(runs: list[dict]) -> dict:
    bad = next((r for r in runs if "error" in r), None)
    if bad:
        return bad
    return {k: sum(r[k] for r in runs) for k in ("hands", "moves", "elapsed")}


BASELINE = "c5c2af4"  # main when issue 12's second round began: the engine before its cuts


def baseline_tree(ref: str, tmp: Path) -> Path | None:
    """``ref``'s source, unpacked with ``git archive`` (None, saying why, where that cannot be done)."""
    if not ref or ref == "none":
        return None
    dest = tmp / "baseline"
    dest.mkdir()
    try:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "service", "schemas"],
                                 capture_output=True, timeout=60, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"(no baseline: git archive {ref} failed: {exc})")
        return None
    return dest


def bench_engine(args, tmp: Path) -> int:
    from service.rules.build import summary as core_build
    from service.rules.games import GAMES
    slices = 2
    base = baseline_tree(args.baseline, tmp)
    # this tree as built (compiled core where setup.py could build it), the same sources run as Python,
    # and the baseline's sources: each slice its own process, the order alternating
    trees = {"this": (ROOT, False), "pure": (ROOT, True)} | ({"base": (base, True)} if base else {})
    print(f"Engine: random full hands through the library's Python API (deal, replay, random legal moves "
          f"until done, auction included), no HTTP; per game and build {args.playout_seconds:g} s in "
          f"{slices} slices, alternating between this tree as built ({core_build()}), the same tree's "
          f"pure-Python core" + (f" and {args.baseline} (its source by git archive)" if base else "")
          + ", each slice its own process")
    figures, failures = {}, 0
    for game_id in GAMES:
        runs = {label: [] for label in trees}
        for i in range(slices):
            for label in (list(trees) if i % 2 == 0 else list(trees)[::-1]):
                tree, pure = trees[label]
                runs[label].append(_run_build(game_id, tree, args.playout_seconds / slices, pure=pure))
        figures[game_id] = {k: _sum(v) for k, v in runs.items()}
    print()
    print(f"{'game':<14}{'hands/s':>9}{'pure':>7}{'x':>6}{'before':>8}{'x':>6}{'target':>8}  {'OpenSpiel':<14}"
          f"{'moves/hand':>11}{'µs/move':>9}")
    for game_id, got in figures.items():
        bad = next((r["error"] for r in got.values() if "error" in r), None)
        if bad:
            print(f"{game_id:<14}  FAILED: {bad}", flush=True)
            failures += 1
            continue
        here = got["this"]
        rate, pure, old = (got[k]["hands"] / got[k]["elapsed"] if k in got else float("nan")
                           for k in ("this", "pure", "base"))
        anchor, target = ANCHORS.get(game_id, ("-", 0))
        before = f"{old:>8.0f}{rate / old:>6.2f}" if "base" in got else f"{'-':>8}{'-':>6}"  # --baseline none
        print(f"{game_id:<14}{rate:>9.0f}{pure:>7.0f}{rate / pure:>6.2f}{before}{target:>8,}  "
              f"{anchor:<14}{here['moves'] / here['hands']:>11.1f}{here['elapsed'] / here['moves'] * 1e6:>9.1f}",
              flush=True)
    print("(hands/s: this tree as built; pure: its own sources as Python, x: what compiling bought; before: "
          "the baseline, x: what this tree bought in all)")
    print()
    print("Growth (this build): replay of one record — µs with no move, then µs per move beyond that at a "
          "quarter of the hand and at its end; matches/replay µs per hand, 10 hands and up to 100 "
          "(flat per-move and per-hand figures = linear)")
    print(f"{'game':<14}{'start':>8}{'per move, 1/4':>16}{'per move, all':>16}{'per hand, short':>18}"
          f"{'per hand, long':>18}")
    for game_id in GAMES:
        g = _run_build(game_id, ROOT, 0.1, with_growth=True).get("growth")
        if g is None:
            continue
        r, m = g["records"], g["matches"]
        t0 = r["start"][1]
        cells = [f"{(r[k][1] - t0) / r[k][0] * 1e6:6.2f} ({r[k][0]:>3}m)" for k in ("quarter", "whole")]
        cells += [f"{m[k][1] / m[k][0] * 1e6:7.0f} ({m[k][0]:>3}h)" for k in ("short", "long")]
        print(f"{game_id:<14}{t0 * 1e6:>8.1f}{cells[0]:>16}{cells[1]:>16}{cells[2]:>18}{cells[3]:>18}", flush=True)
    return failures


# --- a tournament log: the library and the command line tool, in one run ---
TOURNAMENT_GAME = "court-piece"


def bench_tournament(args) -> int:
    from service.rules.games import GAMES
    game = GAMES[TOURNAMENT_GAME]
    rng = random.Random(2)
    matches, hands = [], 0
    while hands < args.tournament_hands:
        m = play_match(game, LONG_MATCH[game.id], min(100, args.tournament_hands - hands),
                       f"{SEED}-t{len(matches)}", rng)
        matches.append(m)
        hands += len(m)
    start = time.process_time()
    for m in matches:
        game.replay_match({"hands": m})
    library = time.process_time() - start
    with tempfile.TemporaryDirectory(prefix="bench-tournament-") as tmp:
        files = []
        for i, m in enumerate(matches):
            path = Path(tmp) / f"match-{i:03}.json"
            path.write_text(json.dumps({"game": game.id, "hands": m}))
            files.append(str(path))
        exe = Path(sys.executable).with_name("referee")
        cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "service.cli"]
        start = time.perf_counter()
        done = subprocess.run(cmd + ["replay", "--quiet", *files], capture_output=True, text=True, timeout=600)
        cli = time.perf_counter() - start
    print(f"Tournament log: {len(matches)} matches, {hands} hands of {game.id} "
          f"({sum(len(h['moves']) for m in matches for h in m)} moves)")
    print(f"  library (game.replay_match per match, CPU of one core)  {library:6.2f} s  "
          f"({library / hands * 1e6:.0f} µs per hand; goal: under 3 s)")
    status = "ok" if done.returncode == 0 else f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    print(f"  `referee replay --quiet` on the {len(files)} files, one run (wall, start-up and JSON "
          f"included)  {cli:6.2f} s  ({status})")
    return done.returncode != 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.splitlines()[0])
    p.add_argument("--duration", type=float, default=5.0, help="seconds measured per endpoint and server")
    p.add_argument("--slice", type=float, default=1.0, help="seconds per alternating slice of --duration")
    p.add_argument("--warmup", type=float, default=1.0, help="seconds of warm-up before each measurement")
    p.add_argument("--connections", type=int, default=4, help="concurrent connections of the load generator")
    p.add_argument("--client", choices=("auto", "wrk", "python"), default="auto",
                   help="load generator; auto uses wrk, installing it if possible, else python")
    p.add_argument("--playout-seconds", type=float, default=3.0, help="seconds of playouts per game")
    p.add_argument("--tournament-hands", type=int, default=10_000, help="hands in the tournament log")
    p.add_argument("--skip-http", action="store_true")
    p.add_argument("--skip-engine", action="store_true")
    p.add_argument("--skip-tournament", action="store_true")
    p.add_argument("--baseline", default=BASELINE, metavar="REF",
                   help=f"git ref whose engine runs beside this tree's (default {BASELINE}; none: skip)")
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
        with tempfile.TemporaryDirectory(prefix="bench-engine-") as tmp:
            status |= bool(bench_engine(args, Path(tmp)))
        print()
    if not args.skip_tournament:
        status |= bool(bench_tournament(args))
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
