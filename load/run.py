"""``make load``: a bounded locust run at saturation on loopback, then the fault run.

    python -m load.run [--seconds 120] [--users 16] [--workers 2] [--fault]

Starts gunicorn (``gunicorn.conf.py``, a fresh key, a free loopback port), runs locust headless for a
fixed time over every game's endpoints (``load/corpus.py``: every answer checked against the expected
one), samples each worker's resident memory every two seconds, and prints the figures. Without
``--fault`` it fails on any error or wrong answer, or if a worker's memory grows after the warm-up by
more than ``--max-growth-mib``. With ``--fault`` it kills a worker (SIGKILL) ``--kills`` times, spread over the run: it fails on
any wrong answer, on more connection errors than requests that can be in flight on the killed sync
workers (one each) or on an error away from a kill, or if the service does not answer after the kills.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from service.http.tokens import new_key

from .server import ROOT, Gunicorn, rss_kib


def sample_memory(server: Gunicorn, stop: threading.Event, samples: list) -> None:
    while not stop.wait(2.0):
        samples.append((time.time(), {pid: rss_kib(pid) for pid in server.workers()}))


def aggregated(csv_prefix: str) -> dict:
    with open(csv_prefix + "_stats.csv") as f:
        rows = {row["Name"]: row for row in csv.DictReader(f)}
    agg = rows["Aggregated"]
    return {"requests": int(agg["Request Count"]), "failures": int(agg["Failure Count"]),
            "rps": float(agg["Requests/s"]), "p50_ms": float(agg["50%"]), "p95_ms": float(agg["95%"]),
            "p99_ms": float(agg["99%"]), "max_ms": float(agg["Max Response Time"]),
            "endpoints": sorted(k for k in rows if k != "Aggregated")}


def memory_report(samples: list, start: float, warmup: float) -> dict:
    """Per worker pid: RSS (MiB) after the warm-up and at its last sample."""
    out = {}
    for t, per_pid in samples:
        for pid, kib in per_pid.items():
            if kib is None or t < start + warmup:
                continue
            first = out.setdefault(pid, {"first_mib": kib / 1024, "last_mib": kib / 1024, "max_mib": kib / 1024})
            first["last_mib"], first["max_mib"] = kib / 1024, max(first["max_mib"], kib / 1024)
    for v in out.values():
        v["growth_mib"] = round(v["last_mib"] - v["first_mib"], 2)
        for k in ("first_mib", "last_mib", "max_mib"):
            v[k] = round(v[k], 1)
    return out


def run(seconds: int, users: int, workers: int, fault: bool, max_growth: float, kill_count: int = 3) -> int:
    key = new_key()
    env = {"REFEREE_TOKEN_KEYS": key}
    tmp = Path(tempfile.mkdtemp(prefix="referee-load-"))
    tally_path, prefix = tmp / "tally.json", str(tmp / "locust")
    with Gunicorn(workers=workers, env=env) as server:
        samples: list = []
        stop = threading.Event()
        sampler = threading.Thread(target=sample_memory, args=(server, stop, samples), daemon=True)
        sampler.start()
        start = time.time()
        locust_log = tempfile.TemporaryFile()
        locust = subprocess.Popen(
            [sys.executable, "-m", "locust", "-f", str(ROOT / "load" / "locustfile.py"), "--headless",
             "-u", str(users), "-r", str(users), "-t", f"{seconds}s", "--host", server.url,
             "--only-summary", "--csv", prefix, "--exit-code-on-error", "0", "--loglevel", "WARNING",
             "--stop-timeout", "5"],
            cwd=ROOT, env={**os.environ, **env, "LOAD_TALLY": str(tally_path), "PYTHONPATH": str(ROOT),
                          "REFEREE_ACCESS_LOG": "0"},  # the corpus is built in process: no access lines
            # a file, not a pipe: nobody read the pipe before the kills were over, and the corpus, built
            # in process at import, wrote an access line per request (114 KB) to it: locust blocked
            # before its first request until then (issue 11: the fault run "nearly stalled" 45 s)
            stdout=subprocess.DEVNULL, stderr=locust_log)
        kills = []
        for k in range(kill_count if fault else 0):  # spread over the run: at 1/(n+1), 2/(n+1), ...
            time.sleep(start + seconds * (k + 1) / (kill_count + 1) - time.time())
            victim = server.workers()[0]
            os.kill(victim, signal.SIGKILL)
            kill = {"pid": victim, "at": time.time(), "replaced_after_s": None}
            while time.time() - kill["at"] < 30:  # the master replaces it
                now = server.workers()
                if len(now) == workers and victim not in now:
                    kill["replaced_after_s"] = round(time.time() - kill["at"], 3)
                    break
                time.sleep(0.01)
            kills.append(kill)
        try:
            locust.wait(timeout=seconds + 120)
        finally:
            if locust.poll() is None:
                locust.kill()
        locust_log.seek(0)
        err = locust_log.read()
        locust_log.close()
        if os.environ.get("LOAD_LOCUST_STDERR"):
            Path(os.environ["LOAD_LOCUST_STDERR"]).write_bytes(err)
        stop.set()
        sampler.join()
    stats = aggregated(prefix)
    tally = json.loads(tally_path.read_text())
    report = {"mode": "fault" if fault else "load", "seconds": seconds, "users": users, "workers": workers,
              **stats, "checked_answers": tally["checked"], "wrong_answers": tally["wrong"],
              "connection_errors": tally["connection_errors"], "wrong_examples": tally["wrong_examples"],
              "memory": memory_report(samples, start, warmup=min(20, seconds * 0.2))}
    ok = tally["wrong"] == 0 and stats["requests"] > 0
    if fault:
        after = sum(n for t, n in tally["per_second"] if t > kills[-1]["at"] + 1)
        report["kills"] = [{"pid": k["pid"], "at_s": round(k["at"] - start, 1), "replaced_after_s": k["replaced_after_s"]}
                           for k in kills]
        report["answers_after_last_kill"] = after
        report["errors_at_s"] = [round(t - start, 2) for t in tally["error_times"]]
        report["locust_stderr_bytes"] = len(err)
        # a stall is a stretch of seconds without one correct answer, away from the kills
        answered = {t for t, n in tally["per_second"] if n}
        quiet = [t for t in range(int(start) + 3, int(start + seconds) - 3)
                 if t not in answered and all(abs(t - k["at"]) > 3 for k in kills)]
        report["seconds_without_answers"] = len(quiet)
        ok = ok and not quiet
        ok = ok and after > 0 and all(k["replaced_after_s"] is not None for k in kills)
        # at most the requests in flight on each killed worker, at the moment of its kill: one on a
        # sync worker, any of the users' on a gevent worker (which serves many at once)
        in_flight = 1 if os.environ.get("GUNICORN_WORKER_CLASS", "gevent") == "sync" else users
        ok = ok and tally["connection_errors"] <= len(kills) * in_flight
        ok = ok and stats["failures"] == tally["connection_errors"]
        ok = ok and all(any(abs(t - k["at"]) < 2 for k in kills) for t in tally["error_times"])
    else:
        ok = ok and stats["failures"] == 0 and all(
            m["growth_mib"] <= max_growth for m in report["memory"].values())
    report["passed"] = bool(ok)
    print(json.dumps(report, indent=2))
    if locust.returncode not in (0, None):
        print(err.decode(errors="replace")[-2000:], file=sys.stderr)
    return 0 if ok else 1


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=int, default=int(os.environ.get("LOAD_SECONDS", 120)))
    p.add_argument("--users", type=int, default=int(os.environ.get("LOAD_USERS", 16)))
    p.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", 2)))
    p.add_argument("--fault", action="store_true", help="kill a worker --kills times during the run")
    p.add_argument("--kills", type=int, default=3)
    p.add_argument("--max-growth-mib", type=float, default=8.0)
    a = p.parse_args()
    sys.exit(run(a.seconds, a.users, a.workers, a.fault, a.max_growth_mib, a.kills))


if __name__ == "__main__":
    main()
