"""Request metrics as plain per-process counters, turned into Prometheus families only when scraped.

A request costs a few list additions (no client-library object, no lock per value, no label
lookup beyond one dict ``get``). ``prometheus_client`` still writes the exposition: a custom
collector registered in its default ``REGISTRY`` builds the families from the counters at scrape
time.

Several gunicorn workers: when ``PROMETHEUS_MULTIPROC_DIR`` names a directory (gunicorn.conf.py
makes one before any worker starts), each worker keeps its counters in a memory-mapped file of its
own there (``referee-<pid>.bin``, one float64 per sample) and names its samples in a side file
(``referee-<pid>.keys``, one JSON line per sample, written before the sample is first counted).
The scrape, whichever worker answers it, sums every file of the directory, dead workers' included
(a counter never goes down) — what prometheus_client's multiprocess mode does, at one memory
write per value instead of a locked struct write through a ``Value`` object.
"""

from __future__ import annotations

import glob
import json
import mmap
import os
import sys
import threading
from bisect import bisect_left

from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
FILE_PREFIX = "referee-"
# Latency buckets for a service whose requests take a few milliseconds.
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
_HIST_SLOTS = len(BUCKETS) + 2  # the buckets, +Inf, the sum
SLOTS = 1 << 15  # per worker; label values are bounded (ops.py), so this is never reached

REQUESTS = ("referee_http_requests", "HTTP requests answered, by route, game and status",
            ("method", "route", "game", "status"))
LATENCY = ("referee_http_request_duration_seconds", "Time to answer a request, by route and game",
           ("method", "route", "game"))
ILLEGAL = ("referee_illegal_moves", "Moves refused as illegal (422 illegal_move), by game and reason",
           ("game", "reason"))
_FAMILIES = {f[0]: f for f in (REQUESTS, LATENCY, ILLEGAL)}


def _os_lock():
    """A lock of the OS's threads, even where gevent has patched ``threading`` (its workers).

    Nothing waits or yields while it is held (a few additions, a side file's line), so no other
    greenlet can want it meanwhile; gevent's own lock costs a served request more for nothing.
    """
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        return monkey.get_original("_thread", "allocate_lock")()
    return threading.Lock()


class Counters:
    """This process's samples: a flat array of floats and the slot of each (metric, labels)."""

    def __init__(self, directory: str | None = None):
        self.directory = directory
        self._open()
        # a process forked from this one (gunicorn's preload_app) counts in files of its own
        os.register_at_fork(after_in_child=self._open)

    def _open(self) -> None:
        self.lock = _os_lock()  # gthread workers: slot assignment and the += stay whole
        self.slots: dict[tuple, int] = {}
        self.requests: dict[tuple, tuple[int, int]] = {}  # request labels -> (count slot, latency slots)
        self.used = 0
        directory = self.directory
        if directory:
            os.makedirs(directory, exist_ok=True)
            pid = os.getpid()
            self._keys_path = os.path.join(directory, f"{FILE_PREFIX}{pid}.keys")
            path = os.path.join(directory, f"{FILE_PREFIX}{pid}.bin")
            with open(path, "wb") as f:
                f.truncate(SLOTS * 8)  # sparse: pages appear as they are written
            with open(path, "r+b") as f:
                self._map = mmap.mmap(f.fileno(), SLOTS * 8)
            self.values = memoryview(self._map).cast("d")
            self._keys = open(self._keys_path, "a", encoding="utf-8")
        else:
            self.values = [0.0] * SLOTS

    def _slot(self, key: tuple, width: int) -> int | None:
        """A new sample's first slot (called under the lock); named on disk before it is counted."""
        slot = self.slots.get(key)
        if slot is None:
            if self.used + width > SLOTS:
                return None
            slot = self.slots[key] = self.used
            self.used += width
            if self.directory:
                self._keys.write(json.dumps([slot, *key]) + "\n")
                self._keys.flush()
        return slot

    def count(self, family: str, labels: tuple, amount: float = 1.0) -> None:
        key = (family, *labels)
        with self.lock:
            slot = self.slots.get(key)
            if slot is None:
                slot = self._slot(key, 1)
                if slot is None:
                    return
            self.values[slot] += amount

    def observe(self, family: str, labels: tuple, value: float) -> None:
        key = (family, *labels)
        with self.lock:
            base = self.slots.get(key)
            if base is None:
                base = self._slot(key, _HIST_SLOTS)
                if base is None:
                    return
            values = self.values
            values[base + bisect_left(BUCKETS, value)] += 1  # le: a value on a bound counts in it
            values[base + _HIST_SLOTS - 1] += value

    def request(self, method: str, route: str, game: str, status: int, elapsed: float) -> None:
        """One answered request: its count and its latency, under one lock and one lookup."""
        key = (method, route, game, status)
        with self.lock:
            slots = self.requests.get(key)
            if slots is None:
                counted = self._slot((REQUESTS[0], *key), 1)
                timed = self._slot((LATENCY[0], method, route, game), _HIST_SLOTS)
                if counted is None or timed is None:
                    return
                slots = self.requests[key] = (counted, timed)
            values = self.values
            values[slots[0]] += 1
            base = slots[1]
            values[base + bisect_left(BUCKETS, elapsed)] += 1  # le: a value on a bound counts in it
            values[base + _HIST_SLOTS - 1] += elapsed

    def samples(self):
        """``(key, values)`` of this process, each key's values as stored."""
        with self.lock:
            return [(key, self._read(self.values, slot, key[0])) for key, slot in self.slots.items()]

    @staticmethod
    def _read(values, slot: int, family: str) -> list[float]:
        width = _HIST_SLOTS if family == LATENCY[0] else 1
        return list(values[slot:slot + width])


def _files(directory: str):
    """``(key, values)`` of every worker that ever counted in ``directory``."""
    for keys_path in glob.glob(os.path.join(directory, f"{FILE_PREFIX}*.keys")):
        bin_path = keys_path[:-5] + ".bin"
        try:
            with open(keys_path, encoding="utf-8") as f:
                lines = f.read().splitlines()
            with open(bin_path, "rb") as f:
                data = memoryview(f.read()).cast("d")
        except OSError:
            continue
        for line in lines:
            try:
                slot, *key = json.loads(line)
            except ValueError:  # a line being written right now: counted at the next scrape
                continue
            yield tuple(key), Counters._read(data, slot, key[0])


class Collector:
    """The prometheus_client collector: every sample summed over processes, as families."""

    def __init__(self, counters: Counters):
        self.counters = counters

    def collect(self):
        directory = self.counters.directory
        totals: dict[tuple, list[float]] = {}
        for key, values in (_files(directory) if directory else self.counters.samples()):
            got = totals.get(key)
            if got is None:
                totals[key] = list(values)
            else:
                for i, v in enumerate(values):
                    got[i] += v
        families = {
            REQUESTS[0]: CounterMetricFamily(REQUESTS[0], REQUESTS[1], labels=REQUESTS[2]),
            LATENCY[0]: HistogramMetricFamily(LATENCY[0], LATENCY[1], labels=LATENCY[2]),
            ILLEGAL[0]: CounterMetricFamily(ILLEGAL[0], ILLEGAL[1], labels=ILLEGAL[2]),
        }
        for key in sorted(totals, key=lambda k: tuple(map(str, k))):
            name, labels, values = key[0], [str(v) for v in key[1:]], totals[key]
            family = families.get(name)
            if family is None:
                continue
            if name == LATENCY[0]:
                running, buckets = 0.0, []
                for bound, n in zip((*BUCKETS, float("inf")), values):
                    running += n
                    buckets.append((_bound(bound), running))
                family.add_metric(labels, buckets, values[-1])
            else:
                family.add_metric(labels, values[0])
        yield from families.values()

    def describe(self):
        return []  # collected afresh on every scrape; nothing to check at registration


def _bound(value: float) -> str:
    return "+Inf" if value == float("inf") else repr(value)


def remove_files(directory: str) -> None:
    """A new master's counters start from zero (gunicorn.conf.py ``on_starting``)."""
    for path in glob.glob(os.path.join(directory, f"{FILE_PREFIX}*")):
        os.remove(path)
