"""gunicorn settings, every one from the environment (README, "Settings", lists them).

This file also prepares the metrics of several workers: it runs in the master before any worker is
forked or imports the app, so the directory it names in ``PROMETHEUS_MULTIPROC_DIR`` is inherited
by every worker (each keeps its counters in a file there, ``service/http/metrics.py``), and ``/metrics``
sums all workers' counters whichever one answers the scrape.
"""

import glob
import json
import logging
import os
import shutil
import tempfile

from gunicorn.glogging import Logger

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# gevent: a connection waiting on a slow client is a parked greenlet, not a worker, so clients that
# send a byte now and then cannot stop the service (issue 11; docs/TRUST.md, "Slow clients"). A
# request's line and headers must arrive within `keepalive` seconds (gunicorn's async workers read
# them under that timeout); each worker holds at most `worker_connections` connections.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gevent")
worker_connections = int(os.environ.get("GUNICORN_WORKER_CONNECTIONS", "1000"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "2"))
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "0"))  # 0: workers are never recycled
max_requests_jitter = int(os.environ.get("GUNICORN_MAX_REQUESTS_JITTER", "0"))
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# The app writes one JSON access line per request itself (with the route, game and request id);
# gunicorn's own access log stays off unless asked for.
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None


class QuietAccessLogger(Logger):
    """gunicorn's logger, with its access line only where ``accesslog`` names a target.

    gunicorn turns its access log on whenever ``logconfig_dict`` is set (as below), which wrote a
    second line for every request and built its atoms in the worker after each answer.
    """

    def access(self, resp, req, environ, request_time):
        if self.cfg.accesslog:
            super().access(resp, req, environ, request_time)


logger_class = QuietAccessLogger
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
# gunicorn's own lines (start, worker boot, timeouts) as JSON too, so one parser reads the stream.


class JsonFormatter(logging.Formatter):
    def format(self, record):
        entry = {"ts": record.created, "level": record.levelname.lower(), "logger": record.name,
                 "message": record.getMessage(), "pid": record.process}
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry)


logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": JsonFormatter}},
    "handlers": {"error_console": {"class": "logging.StreamHandler", "formatter": "json",
                                   "stream": "ext://sys.stderr"},
                 "console": {"class": "logging.StreamHandler", "formatter": "json",
                             "stream": "ext://sys.stdout"}},
    "root": {"level": loglevel.upper(), "handlers": ["error_console"]},
    "loggers": {"gunicorn.error": {"level": loglevel.upper(), "handlers": ["error_console"],
                                   "propagate": False, "qualname": "gunicorn.error"},
                "gunicorn.access": {"level": "INFO", "handlers": ["error_console"],
                                    "propagate": False, "qualname": "gunicorn.access"}},
}

# gunicorn may read this file more than once: the directory is made once, and remembered as ours.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")
    os.environ["REFEREE_OWN_METRICS_DIR"] = os.environ["PROMETHEUS_MULTIPROC_DIR"]
_own_metrics_dir = os.environ.get("REFEREE_OWN_METRICS_DIR") == os.environ["PROMETHEUS_MULTIPROC_DIR"]
_metrics_dir = os.environ["PROMETHEUS_MULTIPROC_DIR"]


def post_worker_init(worker):
    """gunicorn's own refusals (a malformed request line or header) as problem+json, like the app's."""
    from service.http.problems import install_gunicorn_errors
    install_gunicorn_errors()


def on_starting(server):
    """Counters start from zero with each master: stale files of a previous run are removed."""
    os.makedirs(_metrics_dir, exist_ok=True)
    # service/http/metrics.py's files (a dead worker's stay until then: its counts stay in the sum)
    for path in glob.glob(os.path.join(_metrics_dir, "referee-*")):
        os.remove(path)


def on_exit(server):
    """A directory this file made for itself goes with the master; one named by the operator stays."""
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)
