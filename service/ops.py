"""Operations: readiness, Prometheus metrics, request ids, JSON access logs and CORS.

Everything here is wired in by ``install(app)`` as request hooks, so the API blueprint stays about
cards. The hooks are deliberately cheap (a clock read, a dict lookup and a few mmap writes per
request): ``make bench`` measures the service with them on.

Metrics are correct under several gunicorn workers because ``gunicorn.conf.py`` points
``PROMETHEUS_MULTIPROC_DIR`` at a fresh directory before any worker imports prometheus_client: each
worker then writes its counters to its own mmap file and ``/metrics`` sums all the files, whichever
worker answers the scrape. Without that variable (tests, ``flask run``) the process's own registry
is served.
"""

from __future__ import annotations

import os
import re
import sys
import time

import orjson
from flask import Flask, Response, current_app, request
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client import REGISTRY, multiprocess

from .problems import problem
from .rules import games

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
REQUEST_ID_HEADER = "X-Request-ID"
# An id a client sends is echoed only when it is short and printable-safe, so a log line or a
# header can never be forged through it; otherwise the service makes its own.
_SAFE_ID = re.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")

if os.environ.get(MULTIPROC_ENV):  # a worker writes its metric files there from its first request
    os.makedirs(os.environ[MULTIPROC_ENV], exist_ok=True)

# Latency buckets for a service whose requests take a few milliseconds.
_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)

REQUESTS = Counter("referee_http_requests_total", "HTTP requests answered, by route, game and status",
                   ("method", "route", "game", "status"))
LATENCY = Histogram("referee_http_request_duration_seconds", "Time to answer a request, by route and game",
                    ("method", "route", "game"), buckets=_BUCKETS)
ILLEGAL = Counter("referee_illegal_moves_total",
                  "Moves refused as illegal (422 illegal_move), by game and reason", ("game", "reason"))

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
    ILLEGAL.labels(game if game in games.GAMES else "unknown", reason).inc()


def install(app: Flask) -> None:
    app.config.update({k: v for k, v in settings_from_env().items() if k not in app.config})
    app.wsgi_app = _Stamp(app.wsgi_app)
    if app.config["CORS_ORIGINS"]:
        app.before_request(_preflight_hook)
    app.after_request(_make_finish(app.config))
    app.add_url_rule("/readyz", "readyz", readyz, methods=["GET"])
    app.add_url_rule("/metrics", "metrics", metrics, methods=["GET"])


# Label values are bounded, so a client cannot grow the metrics without limit by inventing methods
# or game ids; the labelled children are cached, since ``labels()`` costs more than the increment.
_METHODS = frozenset({"GET", "POST", "HEAD", "OPTIONS", "PUT", "PATCH", "DELETE"})
_counters: dict[tuple, object] = {}
_timers: dict[tuple, object] = {}


def _observe(method: str, route: str, game: str, status: int, elapsed: float) -> None:
    key = (method, route, game, status)
    counter = _counters.get(key)
    if counter is None:
        counter = _counters[key] = REQUESTS.labels(method, route, game, str(status))
    counter.inc()
    key = key[:3]
    timer = _timers.get(key)
    if timer is None:
        timer = _timers[key] = LATENCY.labels(*key)
    timer.observe(elapsed)


class _Stamp:
    """WSGI middleware: starts the clock and settles the request id before Flask builds its request.

    Plain dict work on the WSGI environ, cheaper than a ``before_request`` hook, and the measured
    latency then covers routing and body parsing too.
    """

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        environ["referee.t0"] = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID")
        rid = environ["referee.id"] = sent if sent and _SAFE_ID.fullmatch(sent) else os.urandom(16).hex()

        def start_with_id(status, headers, exc_info=None):  # every answer echoes the id, errors included
            headers.append((REQUEST_ID_HEADER, rid))
            return start_response(status, headers, exc_info)
        return self.wsgi_app(environ, start_with_id)


def request_id() -> str | None:
    """This request's id (as echoed in ``X-Request-ID``), for log lines written elsewhere."""
    return request.environ.get("referee.id")


def _preflight_hook() -> Response | None:
    if request.method == "OPTIONS" and request.headers.get("Access-Control-Request-Method"):
        return _preflight()
    return None


def _make_finish(config):
    """The after-request hook, with the app's settings read once rather than on every request."""
    cors_origins = config["CORS_ORIGINS"]
    access = config["ACCESS_LOG"]
    log_probes = config["LOG_PROBES"]

    def finish(resp: Response) -> Response:
        req = request._get_current_object()
        environ = req.environ
        t0 = environ.get("referee.t0")
        elapsed = time.perf_counter() - t0 if t0 is not None else 0.0
        rule = req.url_rule
        route = rule.rule if rule is not None else "unmatched"
        game = game_label(req.view_args)
        method = req.method if req.method in _METHODS else "other"
        status = resp.status_code
        _observe(method, route, game, status, elapsed)
        rid = environ.get("referee.id")
        if cors_origins:
            _cors_headers(resp, cors_origins)
        if access and (log_probes or route not in _QUIET_ROUTES):
            # One JSON line written straight to stderr (line-buffered: one write per line, so
            # lines from several workers sharing the stream do not interleave).
            sys.stderr.write(orjson.dumps({
                "ts": time.time(), "level": "info", "logger": "referee.access", "request_id": rid,
                "method": req.method, "path": req.path, "route": route, "game": game,
                "status": status, "duration_ms": elapsed * 1000,
                "bytes": resp.content_length, "remote": environ.get("REMOTE_ADDR"),
                "user_agent": environ.get("HTTP_USER_AGENT"), "pid": os.getpid()}).decode() + "\n")
        return resp

    return finish


# --- CORS: off unless REFEREE_CORS_ORIGINS lists origins ("*" for any) ---
def _allowed_origin(origins: frozenset[str]) -> str | None:
    origin = request.headers.get("Origin")
    if not origin:
        return None
    if "*" in origins:
        return "*"
    return origin if origin.rstrip("/") in origins else None


def _cors_headers(resp: Response, origins: frozenset[str]) -> None:
    allowed = _allowed_origin(origins)
    if allowed is None:
        return
    resp.headers["Access-Control-Allow-Origin"] = allowed
    resp.headers["Access-Control-Expose-Headers"] = f"{REQUEST_ID_HEADER}, Content-Length"
    if allowed != "*":
        resp.vary.add("Origin")


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
    from .api import _check_accept
    from .docs import spec_text  # the contract is served by every instance: it must be readable
    _check_accept()
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


def metrics():
    accept = request.headers.get("Accept")
    if accept and not request.accept_mimetypes.best_match(["text/plain", "application/openmetrics-text"]):
        return problem(406, "not_acceptable", "Not acceptable", "metrics are served as text/plain")
    directory = os.environ.get(MULTIPROC_ENV)
    if directory:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=directory)
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
