"""The locust user of ``make load``: every game's endpoints, each answer checked against the expected one.

Run by ``load/run.py`` (``locust --headless``); it reads ``REFEREE_TOKEN_KEYS`` (the server's keys, so
the corpus's tokens open) and writes its own tally to ``LOAD_TALLY``: answers checked, wrong answers,
connection errors, and successes per second, so the fault run can see the service answer after a kill.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter

from locust import FastHttpUser, events, task

from load.corpus import build

CORPUS = build(os.environ["REFEREE_TOKEN_KEYS"])
TALLY = {"checked": 0, "wrong": 0, "connection_errors": 0, "wrong_examples": [], "error_times": []}
PER_SECOND: Counter = Counter()
JSON = {"Content-Type": "application/json"}


class Player(FastHttpUser):
    """No think time: the point is saturation."""

    def wait_time(self):
        return 0

    @task
    def ask(self):
        r = random.choice(CORPUS)
        with self.client.request(r.method, r.path, data=r.body, headers=JSON if r.body else None,
                                 name=r.name, catch_response=True) as resp:
            length = resp.headers.get("Content-Length") if resp.status_code else None
            if not resp.status_code or (length is not None and int(length) != len(resp.content or b"")):
                # no HTTP answer at all (reset, refused, timed out), or one cut short: the headers
                # were written and the worker was killed before its body (a fault run's kill)
                TALLY["connection_errors"] += 1
                TALLY["error_times"].append(time.time())
                resp.failure(f"connection error: {resp.error}")
                return
            TALLY["checked"] += 1
            problem = r.check(resp.status_code, resp.content or b"")
            if problem:
                TALLY["wrong"] += 1
                if len(TALLY["wrong_examples"]) < 5:
                    TALLY["wrong_examples"].append([r.path, problem, (resp.content or b"")[:200].decode(errors="replace")])
                resp.failure(problem)
            else:
                PER_SECOND[int(time.time())] += 1
                resp.success()


@events.test_stop.add_listener
def write_tally(environment, **kwargs):
    path = os.environ.get("LOAD_TALLY")
    if path:
        with open(path, "w") as f:
            json.dump({**TALLY, "per_second": sorted(PER_SECOND.items())}, f)
