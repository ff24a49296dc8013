"""Operations: readiness, Prometheus metrics, request ids, JSON access logs and CORS.

Everything here is wired in by ``install(app)``, so the API blueprint stays about cards. The
per-request part is one WSGI middleware (``_Stamp``) working on the environ and on the status and
headers the app hands to ``start_response``: it starts the clock, settles the request id, and once
the app has answered counts the request (``service.http.metrics``: plain per-process counters, exported
when ``/metrics`` is scraped) and writes the access line. It never goes back through Flask's
request proxy: the matched rule is read off the request object werkzeug keeps in the environ while
the answer is being started.
``make bench`` measures the service with all of it on.

Metrics are correct under several gunicorn workers because ``gunicorn.conf.py`` points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before any worker imports this module: each
worker then keeps its counters in its own memory-mapped file there and ``/metrics`` sums all the
files, whichever worker answers the scrape. Without that variable (tests, ``flask run``) the
process's own counters are served.
"""

from __future__ import annotations

import os
import re
import sys
import time
from random import Random

import orjson
from flask import Flask, Response, current_app, request
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest

from ..rules import games
from . import metrics
from .accept import check_accept
from .limits import cut_headers, resume_gc
from .problems import problem

MULTIPROC_ENV = metrics.MULTIPROC_ENV
REQUEST_ID_HEADER = "X-Request-ID"
# An id a client sends is echoed only when it is short and printable-safe, so a log line or a
# header can never be forged through it; otherwise the service makes its own.
_SAFE_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")

COUNTERS = metrics.Counters(os.environ.get(MULTIPROC_ENV) or None)
REGISTRY.register(metrics.Collector(COUNTERS))

# On every answer: a browser never guesses another type than the one sent (a JSON answer or a script
# read as HTML). On every answer to a POST: it may carry tokens, a record with its seed, or a refusal
# quoting one, and nothing the referee answers to a POST may be kept by a cache (issue 30).
NOSNIFF = ("X-Content-Type-Options", "nosniff")
NO_STORE = ("Cache-Control", "no-store")

# Probes and scrapes: not worth a log line each when a load balancer or Prometheus polls them.
_QUIET_ROUTES = frozenset({"/healthz", "/readyz", "/metrics"})


def settings_from_env() -> dict:
    """The operational settings, each from an environment variable (README, "Settings")."""
    return {
        "ACCESS_LOG": os.environ.get("REFEREE_ACCESS_LOG", "1") not in ("0", "false", "no", "off"),
        "LOG_PROBES": os.environ.get("REFEREE_LOG_PROBES", "0") in ("1", "true", "yes", "on"),
        "CORS_ORIGINS": _origins(os.environ.get("REFEREE_CORS_ORIGINS", "")),
        "CORS_MAX_AGE": int(os.environ.get("REFEREE_CORS_MAX_AGE", "600")),
    }


def _origins(value: str) -> frozenset[str]:
    return frozenset(o.strip().rstrip("/") for o in value.split(",") if o.strip())


def game_label(view_args) -> str:
    """A bounded label: a known game's id, ``unknown`` for any other, ``-`` off the game routes."""
    if not view_args or "game_id" not in view_args:
        return "-"
    return view_args["game_id"] if view_args["game_id"] in games.GAMES else "unknown"


def count_illegal(game: str | None, reason: str) -> None:
    COUNTERS.count(metrics.ILLEGAL[0], (game if game in games.GAMES else "unknown", reason))


def install(app: Flask) -> None:
    app.config.update({k: v for k, v in settings_from_env().items() if k not in app.config})
    app.wsgi_app = _Stamp(app.wsgi_app, app.config)
    if app.config["CORS_ORIGINS"]:
        app.before_request(_preflight_hook)
        origins = app.config["CORS_ORIGINS"]
        app.after_request(lambda resp: _cors_headers(resp, origins) or resp)
    app.add_url_rule("/readyz", "readyz", readyz, methods=["GET"])
    app.add_url_rule("/metrics", "metrics", metrics_page, methods=["GET"])


# Label values are bounded, so a client cannot grow the metrics without limit by inventing methods
# or game ids.
_METHODS = frozenset({"GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})


# The service's own request ids correlate log lines and are no secret: a generator of the
# service's own makes them without the system call ``os.urandom`` made per request. Its own, so
# that no other code's ``random.seed`` makes them repeat; reseeded (from the OS) in every forked
# worker, so that two workers never draw the same.
_IDS = Random()
os.register_at_fork(after_in_child=_IDS.seed)
_id_bits = _IDS.getrandbits

_PID = [os.getpid()]  # the access line's pid, read once per process rather than once per request
os.register_at_fork(after_in_child=lambda: _PID.__setitem__(0, os.getpid()))


class _Stamp:
    """WSGI middleware: the clock, the request id, then the request's count and access line.

    Plain dict work on the WSGI environ, cheaper than Flask's request hooks; the measured latency
    covers routing, body parsing and serialising the answer (a Flask answer is built in full before
    it is returned).
    """

    def __init__(self, wsgi_app, config):
        self.wsgi_app = wsgi_app
        self.config = config

    def __call__(self, environ, start_response):
        t0 = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID")
        rid = environ["referee.id"] = sent if sent and _SAFE_ID.fullmatch(sent) else "%032x" % _id_bits(128)
        cut_headers(environ)  # before anything parses them (service.http.limits)
        answer = []
        post = environ.get("REQUEST_METHOD") == "POST"

        def start_with_id(status, headers, exc_info=None):  # every answer echoes the id, errors included
            headers.append((REQUEST_ID_HEADER, rid))
            headers.append(NOSNIFF)
            if post:
                headers.append(NO_STORE)
            # Flask's request, still in the environ here (its context drops it once answered)
            answer[:] = status, headers, environ.get("werkzeug.request")
            return start_response(status, headers, exc_info)
        try:
            body = self.wsgi_app(environ, start_with_id)
        finally:
            resume_gc(environ)  # paused by the parse (service.http.limits)
        elapsed = time.perf_counter() - t0
        if answer:
            self._finish(environ, rid, *answer, elapsed)
        return body

    def _finish(self, environ, rid, status_line, headers, req, elapsed) -> None:
        rule = getattr(req, "url_rule", None)
        route = rule.rule if rule is not None else "unmatched"
        game = game_label(getattr(req, "view_args", None))
        method = environ.get("REQUEST_METHOD", "")
        label = method if method in _METHODS else "other"
        status = int(status_line[:3])
        COUNTERS.request(label, route, game, status, elapsed)
        config = self.config
        if config["ACCESS_LOG"] and (config["LOG_PROBES"] or route not in _QUIET_ROUTES):
            size = None
            for name, value in headers:  # a loop, not a generator: one frame fewer per request
                if name == "Content-Length":
                    size = int(value)
                    break
            path = environ.get("PATH_INFO", "")
            if not path.isascii():  # WSGI strings are latin-1: the path as the client wrote it
                path = path.encode("latin-1").decode("utf-8", "replace")
            write_line(orjson.dumps({
                "ts": time.time(), "level": "info", "logger": "referee.access", "request_id": rid,
                "method": method, "path": path, "route": route, "game": game,
                "status": status, "duration_ms": elapsed * 1000,
                "bytes": size, "remote": environ.get("REMOTE_ADDR"),
                "user_agent": environ.get("HTTP_USER_AGENT"), "pid": _PID[0]}, option=orjson.OPT_APPEND_NEWLINE))


def write_line(line: bytes) -> None:
    """One whole line to stderr in one ``write`` (a short write is resumed), so lines of several
    workers sharing the stream do not interleave.

    On the process's own stderr the bytes go straight to its descriptor, past the text layer's
    decode, encode, buffer and flush (measured in bench/worker_parts.py). A replaced ``sys.stderr``
    (a test's capture, an embedding app) gets the text.
    """
    stream = sys.stderr
    if stream is not None and stream is sys.__stderr__:
        try:
            fd = stream.fileno()
        except (AttributeError, OSError, ValueError):
            fd = None
        if fd is not None:
            view = memoryview(line)
            while view:
                view = view[os.write(fd, view):]
            return
    if stream is not None:
        stream.write(line.decode())


def request_id() -> str | None:
    """This request's id (as echoed in ``X-Request-ID``), for log lines written elsewhere."""
    return request.environ.get("referee.id")


def _preflight_hook() -> Response | None:
    if request.method == "OPTIONS" and request.headers.get("Access-Control-Request-Method"):
        return _preflight()
    return None


# --- CORS: off unless REFEREE_CORS_ORIGINS lists origins ("*" for any) ---
def _allowed_origin(origins: frozenset[str]) -> str | None:
    origin = request.headers.get("Origin")
    if not origin:
        return None
    if "*" in origins:
        return "*"
    return origin if origin.rstrip("/") in origins else None


def _cors_headers(resp: Response, origins: frozenset[str]) -> None:
    """The CORS headers for the request's ``Origin``, and ``Vary: Origin`` on every answer, allowed
    or not, ``*`` included (the header is there only when an ``Origin`` was sent): otherwise a shared
    cache could hand a copy made for one origin (or none) to another (issue 30, the cacheable
    catalogue and contract)."""
    resp.vary.add("Origin")
    allowed = _allowed_origin(origins)
    if allowed is None:
        return
    resp.headers["Access-Control-Allow-Origin"] = allowed
    resp.headers["Access-Control-Expose-Headers"] = f"{REQUEST_ID_HEADER}, Content-Length"


def _preflight() -> Response | None:
    """Answer a CORS preflight here, before routing, so every API route is covered by one rule."""
    cfg = current_app.config
    if not cfg["CORS_ORIGINS"] or _allowed_origin(cfg["CORS_ORIGINS"]) is None:
        return None  # not ours to allow: the normal OPTIONS/405 handling answers
    resp = Response(status=204)
    resp.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
    resp.headers["Access-Control-Allow-Headers"] = request.headers.get(
        "Access-Control-Request-Headers", "Content-Type, Accept, X-Request-ID")
    resp.headers["Access-Control-Max-Age"] = str(cfg["CORS_MAX_AGE"])
    return resp


# --- probes ---
def readyz():
    """Ready when every game can deal and replay a hand and the contract can be read.

    Liveness (``/healthz``) only says the process answers; readiness exercises the referee itself,
    so a worker whose rules failed to load is taken out of a load balancer's rotation.
    """
    from ..contract.document import spec_text  # the contract is served by every instance: it must be readable
    check_accept()
    failures = []
    try:
        spec_text()
    except OSError as exc:
        failures.append(f"openapi.yaml: {exc}")
    for gid, game in games.GAMES.items():
        try:
            game.replay(game.deal("readyz", {}, 0, None)).state()
        except Exception as exc:  # noqa: BLE001 - any failure means not ready, and says which game
            failures.append(f"{gid}: {type(exc).__name__}")
    directory = os.environ.get(MULTIPROC_ENV)
    if directory and not os.access(directory, os.W_OK):
        failures.append(f"{MULTIPROC_ENV} {directory} is not writable")
    if failures:
        return problem(503, "not_ready", "Not ready", "; ".join(failures))
    return Response(orjson.dumps({"status": "ready", "games": list(games.GAMES)}), mimetype="application/json")


def metrics_page():
    accept = request.headers.get("Accept")
    if accept and not request.accept_mimetypes.best_match(["text/plain", "application/openmetrics-text"]):
        return problem(406, "not_acceptable", "Not acceptable", "metrics are served as text/plain")
    if COUNTERS.directory:  # the referee's counters summed over every worker, nothing per process
        registry = CollectorRegistry()
        registry.register(metrics.Collector(COUNTERS))
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
