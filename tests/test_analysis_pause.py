"""A long search lets the worker's other requests through (issue 11: a search at the node cap held
its gevent worker for seconds). Counted and ordered, never timed."""

from __future__ import annotations

import subprocess
import sys

import gevent
import pytest

from service.http import analysis as analysis_api
from service.rules import games
from service.rules.analysis import AnalysisRefused, analyse
from service.rules.analysis.adapters import ADAPTERS
from service.rules.analysis.solver import PAUSE_EVERY

from .test_api_analysis import first_position

GAME = "bid-whist"


@pytest.fixture(scope="module")
def whole_hand():
    return first_position(GAME, "pause", ADAPTERS[GAME].total)


def _hand(record):
    game = games.GAMES[GAME]
    return game, game.replay(record)


def test_a_search_pauses_every_few_thousand_nodes_and_answers_the_same():
    k9 = first_position(GAME, "pause", 9)  # several pauses' worth (k=7 came to fewer than one)
    plain = analyse(*_hand(k9), 10**9, None)
    pauses = []
    paused = analyse(*_hand(k9), 10**9, None, lambda: pauses.append(1))
    assert paused == plain and plain["nodes"] > PAUSE_EVERY
    assert len(pauses) == (plain["nodes"] - 1) // PAUSE_EVERY  # after nodes PAUSE_EVERY + 1, 2 PAUSE_EVERY + 1, …


def test_the_budget_refuses_at_the_same_node_with_pauses(whole_hand):
    refusals = []
    for pause in (None, lambda: None):
        game, hand = _hand(whole_hand)
        with pytest.raises(AnalysisRefused) as refused:
            analyse(game, hand, 5_000, None, pause)
        refusals.append((refused.value.code, refused.value.extra))
    assert refusals[0] == refusals[1] and refusals[0][0] == "analysis_budget_exceeded"


@pytest.mark.parametrize("cooperative", [True, False])
def test_a_probe_is_answered_while_a_search_runs(app, monkeypatch, whole_hand, cooperative):
    """Two greenlets of one worker: a search of 30,000 nodes, started first, and ``/healthz``. With
    the pause the probe ends first; without it (a sync worker's case) it waits for the search."""
    monkeypatch.setattr(analysis_api, "cooperative", lambda: gevent.sleep if cooperative else None)
    client = app.test_client()
    done = []

    def search():
        resp = client.post(f"/v1/games/{GAME}/analysis", json={"record": whole_hand, "max_nodes": 30_000})
        done.append(("search", resp.status_code))

    def probe():
        done.append(("probe", client.get("/healthz").status_code))
    gevent.joinall([gevent.spawn(search), gevent.spawn(probe)], raise_error=True)
    order = [name for name, _ in done]
    assert order == (["probe", "search"] if cooperative else ["search", "probe"])
    assert dict(done) == {"search": 422, "probe": 200}  # the whole hand needs more than 30,000 nodes


def test_a_gevent_worker_pauses_and_others_do_not():
    """``cooperative()`` is a pause once sockets are patched (as gunicorn's gevent worker does before
    loading the app), and nothing otherwise (tests/test_pause.py: what the pause lets through)."""
    assert analysis_api.cooperative() is None
    code = ("from gevent import monkey; monkey.patch_all()\n"
            "from service.http.analysis import cooperative\n"
            "from service.http.pause import Pause\n"
            "assert isinstance(cooperative(), Pause), cooperative()\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
