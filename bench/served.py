"""``python -m bench.served``: what a request costs in CPU instructions inside a served gunicorn worker.

``bench.instructions`` counts a request in process; ``make bench`` times it served. Between the two
stands gunicorn: its HTTP parsing, environ and answer writing, and gevent's socket switches. This
counts them too. The referee, the echo and a bare WSGI callable (``bench.echo:bare``: reads the
body, answers fixed bytes, so what it costs is gunicorn's own share) are each started as ``make
bench`` starts them (``gunicorn.conf.py``), with one worker, under callgrind; after a warm-up the
worker's counters are zeroed, N requests are sent on one keep-alive connection, and the counters
are dumped (callgrind_control, through vgdb). Needs ``valgrind``; takes a few minutes.

    python -m bench.served                       # every endpoint
    python -m bench.served moves matches/replay  # some
"""

from __future__ import annotations

import argparse
import glob
import http.client
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from bench.run import ECHO_APP, ENDPOINTS, GAME, LONG_MATCH, MATCH_HANDS, REFEREE_APP, ROOT, SEED, call, \
    free_port, play_match

APPS = {"referee": REFEREE_APP, "echo": ECHO_APP, "bare": "bench.echo:bare"}
WARM_UP = 30
HOST = "127.0.0.1"  # also the HOST vgdb names its pipes after: the same for the server and its control


def bodies() -> dict[str, bytes]:
    import orjson

    from bench import profile
    from service.rules import games
    game = games.get(profile.GAME)
    record, move = profile.bench_record()
    return {ep: orjson.dumps(b) for ep, b in {
        "state": {"record": record}, "legal-moves": {"record": record},
        "moves": {"record": record, "move": move}, "moves/validate": {"record": record, "move": move},
        "views": {"record": record, "seat": 1},
        "matches/replay": {"hands": play_match(game, LONG_MATCH[game.id], MATCH_HANDS, SEED, random.Random(0))},
    }.items()}


def _control(prefix: str, action: str, port: int) -> None:
    """A callgrind command, carried out when the worker next runs: it sleeps in epoll until a request comes."""
    env = {**os.environ, "HOST": HOST}
    ctl = subprocess.Popen(["callgrind_control", f"--vgdb-prefix={prefix}", action], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        time.sleep(0.2)
        call(port, "GET", "/healthz")
        if ctl.poll() is not None:
            return
    ctl.kill()
    raise RuntimeError(f"callgrind_control {action} did not reach the worker")


def _post(port: int, path: str, body: bytes, n: int) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=300)
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    try:
        for _ in range(n):
            conn.request("POST", path, body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                raise RuntimeError(f"POST {path} answered {resp.status}")
    finally:
        conn.close()


def count(label: str, endpoints: list[str], payloads: dict[str, bytes], n: int, tmp: str) -> dict[str, int]:
    """Instructions per request of ``label``'s worker, per endpoint."""
    port, out, prefix = free_port(), os.path.join(tmp, label), os.path.join(tmp, f"vgdb-{label}")
    env = {**os.environ, "HOST": HOST, "PORT": str(port), "WEB_CONCURRENCY": "1", "PYTHONHASHSEED": "0",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    cmd = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--vgdb=yes", f"--vgdb-prefix={prefix}",
           f"--callgrind-out-file={out}.%p", sys.executable, "-m", "gunicorn", "-c", str(ROOT / "gunicorn.conf.py"),
           APPS[label]]
    with open(out + ".log", "wb") as log:
        server = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    found = {}
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                if call(port, "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError(f"{label} did not start under valgrind")
            time.sleep(0.5)
        for k, ep in enumerate(endpoints, start=1):
            path = f"/v1/games/{GAME}/{ep}"
            _post(port, path, payloads[ep], WARM_UP)
            _control(prefix, "--zero", port)
            _post(port, path, payloads[ep], n)
            _control(prefix, "--dump", port)
            time.sleep(0.5)
            totals = []
            for name in glob.glob(f"{out}.*.{k}"):  # the dumps of the arbiter and the worker: the worker did the work
                with open(name, errors="replace") as f:
                    got = re.search(r"^summary: (\d+)", f.read(), re.M)
                if got:
                    totals.append(int(got.group(1)))
            if not totals:
                raise RuntimeError(f"no callgrind dump for {label} {ep}")
            found[ep] = max(totals) // n
    finally:
        os.killpg(server.pid, 15)
        server.wait(60)
    return found


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.served", description=__doc__.splitlines()[0])
    p.add_argument("endpoints", nargs="*", help=f"some of: {', '.join(ENDPOINTS)}")
    p.add_argument("-n", type=int, default=200, help="requests counted per endpoint (default 200)")
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        print("bench.served: needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    endpoints = args.endpoints or list(ENDPOINTS)
    unknown = [ep for ep in endpoints if ep not in ENDPOINTS]
    if unknown:
        p.error(f"unknown endpoint {unknown[0]!r}")
    payloads = bodies()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
        counted = dict(zip(APPS, pool.map(lambda label: count(label, endpoints, payloads, args.n, tmp), APPS)))
    print(f"instructions per request in a served worker (gunicorn.conf.py, 1 worker, callgrind, {args.n} requests)")
    print(f"{'endpoint':<16}{'referee':>12}{'echo':>12}{'ratio':>7}{'bare WSGI':>12}{'ratio past gunicorn':>21}")
    for ep in endpoints:
        ref, echo, bare = counted["referee"][ep], counted["echo"][ep], counted["bare"][ep]
        print(f"{ep:<16}{ref:>12,}{echo:>12,}{echo / ref:>7.2f}{bare:>12,}{(echo - bare) / (ref - bare):>21.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
