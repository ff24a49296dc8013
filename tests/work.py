"""What a request costs, counted rather than timed: Python calls made inside the app, and bytes out.

A timing on a shared machine is noise (issue 11: 15 of 1,236 hostile tests failed on a busy
machine, a different case each time); the number of Python-level calls the app makes for a body is
the same on every run and grows with the work the body causes (fields examined, records opened,
moves replayed, tokens decrypted). Work done in C (parsing, decryption, regular expressions) is one
call whatever its size; it is bounded by the body cap, and ``make bench`` (bench/hostile.py) times it.
So is the compiled core's (setup.py): its functions make no profiler events, so where it is in use the
counts are not the work and ``within`` does not judge them; ``make test`` runs these tests again on
the pure core (``REFEREE_PURE_PYTHON=1``), where every call of the core is counted.
"""

from __future__ import annotations

import sys
import threading

from service.rules import build


class WorkCounter:
    """WSGI middleware counting the profiler's ``call`` events while the app handles a request."""

    counting = not build.COMPILED  # every call of the core is a profiler event only in the pure core

    def __init__(self, app):
        self.app, self.wrapped = app, app.wsgi_app
        self.calls = 0
        self._lock = threading.Lock()

    def within(self, calls: int, bound: int) -> bool:
        """``calls <= bound`` where the count is the work; True where compiled code hides part of it."""
        return calls <= bound or not self.counting

    def __enter__(self):
        self.app.wsgi_app = self
        return self

    def __exit__(self, *exc):
        self.app.wsgi_app = self.wrapped

    def _profile(self, frame, event, arg):
        if event == "call" or event == "c_call":
            self.calls += 1

    def __call__(self, environ, start_response):
        with self._lock:
            self.calls = 0
            sys.setprofile(self._profile)
            try:
                return list(self.wrapped(environ, start_response))
            finally:
                sys.setprofile(None)

    def post(self, client, url, **kwargs) -> tuple[int, object]:
        """``(calls, response)`` for one POST (a warm-up first, so that caches fill outside the count)."""
        client.post(url, **kwargs)
        resp = client.post(url, **kwargs)
        return self.calls, resp
