"""A long request's pause under gevent: the worker's other requests run, then the work goes on.

A gevent worker serves all its connections from one thread, so a search or a tournament of seconds
would hold every other request of that worker (a probe, a move, gunicorn's heartbeat) until its end.
The work calls a pause between slices of it; the pause yields only once ``SLICE_SECONDS`` of work
have passed since the last one, so a caller may call it as often as it likes (per hand of an event).

``gevent.sleep(0)`` is not such a pause: it runs the greenlets already runnable and comes straight
back, and the event loop does not look at the sockets in between (gevent's documentation warns that
repeated ``sleep(0)`` can keep greenlets waiting on I/O from running). Measured in process (issue
30), a 60,000-node search paused 29 times with ``sleep(0)`` and not one ``/healthz`` on a socket
completed meanwhile; ``gevent.idle()`` let 6,984 complete but a steady stream of them held the
search back for ever (1.2 s became 16 s). The pause waits until the loop is idle, that is until every
request whose bytes have arrived has been served, but at most ``IDLE_SECONDS``; and since a request's
round trip takes several turns of the loop (accept, read, answer, close), it does so ``TURNS``
times, each after a timer that makes the loop poll the sockets (``idle()`` alone, on a quiet machine,
let 1 probe through in 16 pauses). ``tests/test_pause.py`` counts it: with ``sleep(0)`` 1 probe in
21 pauses, with this pause at least one in three.
"""

from __future__ import annotations

from time import perf_counter

SLICE_SECONDS = 0.010  # work between two pauses, at the least (a caller pausing less often sets the slice)
IDLE_SECONDS = 0.005   # the longest one pause gives the others: the work still gets most of the core
TURNS = 4  # a request's round trip takes a few turns of the loop (accept, read, answer, close)
POLL_SECONDS = 0.0001  # a timer, not ``sleep(0)``: the loop polls the sockets before it comes back


class Pause:
    """The pause of one request: callable, and counting the times it let others run (``yields``)."""

    __slots__ = ("_idle", "_timeout", "_sleep", "_clock", "_last", "yields")

    def __init__(self, clock=perf_counter):
        """``clock``: seconds, for the slice (a test gives a scripted sequence instead)."""
        from gevent import Timeout, idle, sleep
        self._idle, self._timeout, self._sleep = idle, Timeout, sleep
        self._clock = clock
        self._last = clock()
        self.yields = 0

    def __call__(self) -> None:
        if self._clock() - self._last < SLICE_SECONDS:
            return
        with self._timeout(IDLE_SECONDS, False):  # False: the timeout ends the wait silently
            for _ in range(TURNS):  # each turn polls the sockets once (a timer), then serves what came
                self._sleep(POLL_SECONDS)
                self._idle()
        self.yields += 1
        self._last = self._clock()


def cooperative() -> Pause | None:
    """A fresh ``Pause`` in a gevent worker (sockets patched, as gunicorn's gevent worker does before
    loading the app); None elsewhere (a sync worker, the test client, the CLI): nothing else could
    run, and nothing is called."""
    from gevent import monkey
    return Pause() if monkey.is_module_patched("socket") else None
