"""Determinism: the same request gives byte-identical answers from any app, any worker, any restart.

Answers that carry a freshly sealed token are the exception in their tokens only (each seal takes a
new random nonce, as AES-GCM requires); everything else in them must match, and the tokens of one
server open in another with the same keys. Unseeded deals are the other exception (the seed is drawn).
"""

from __future__ import annotations

import os
import signal
import urllib.error
import urllib.request

import orjson
import pytest

from load.corpus import build
from load.server import Gunicorn
from service import create_app

from .keys import TEST_KEYS


@pytest.fixture(scope="module")
def corpus():
    return build(TEST_KEYS, per_game=4, seed="determinism")


def test_two_apps_answer_byte_for_byte_alike(corpus):
    assert len({r.name for r in corpus}) >= 15  # every kind of endpoint is there
    for app in (create_app({"TOKEN_KEYS": TEST_KEYS}), create_app({"TOKEN_KEYS": TEST_KEYS})):
        client = app.test_client()
        for r in corpus:
            resp = client.open(r.path, method=r.method, data=r.body,
                               content_type="application/json" if r.body else None)
            assert r.check(resp.status_code, resp.get_data()) is None, (r.name, r.path)


def test_seeded_deals_are_the_same_in_every_process_and_unseeded_ones_differ():
    a, b = create_app().test_client(), create_app().test_client()
    body = {"seed": "same everywhere", "options": {"players": 6}}
    assert a.post("/v1/games/five-hundred/deals", json=body).get_data() == \
        b.post("/v1/games/five-hundred/deals", json=body).get_data()
    assert a.post("/v1/games/sixes/deals", json={}).get_data() != b.post("/v1/games/sixes/deals", json={}).get_data()


def fetch(url, r):
    req = urllib.request.Request(url + r.path, data=r.body, method=r.method,
                                 headers={"Content-Type": "application/json"} if r.body else {})
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, resp.read(), resp.headers["X-Worker-Pid"]
    except urllib.error.HTTPError as err:
        return err.code, err.read(), err.headers["X-Worker-Pid"]


def test_every_gunicorn_worker_and_a_restarted_server_give_the_same_answers(corpus):
    env = {"REFEREE_TOKEN_KEYS": TEST_KEYS}
    for run in range(2):  # the second server is the "restart": a new master and new workers
        with Gunicorn(workers=2, env=env) as server:
            workers = server.workers()
            assert len(workers) == 2, workers
            pids = set()
            # each worker in turn answers the whole corpus: the other one is stopped meanwhile, so
            # the listening socket's connections can only go to it (left to the kernel, one worker
            # may take them all on a busy machine)
            for stopped in workers:
                os.kill(stopped, signal.SIGSTOP)
                try:
                    for r in corpus:
                        status, body, pid = fetch(server.url, r)
                        pids.add(int(pid))
                        assert r.check(status, body) is None, (run, r.name, r.path, body[:200])
                finally:
                    os.kill(stopped, signal.SIGCONT)
            assert pids == set(workers), (pids, workers)  # both workers answered
            sealed = next(r for r in corpus if r.name == "/deals sealed")
            status, body, _ = fetch(server.url, sealed)
            tokens = orjson.loads(body)
        # a token of the stopped server opens in a fresh app with the same keys
        game = sealed.path.split("/")[3]
        client = create_app({"TOKEN_KEYS": TEST_KEYS}).test_client()
        r = client.post(f"/v1/games/{game}/state", json={"record_token": tokens["record_token"]})
        assert r.status_code == 200
