"""gunicorn settings, every one from the environment (README lists them)."""

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "sync"
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = int(os.environ.get("GUNICORN_GRACEFUL_TIMEOUT", "20"))
keepalive = int(os.environ.get("GUNICORN_KEEPALIVE", "2"))
limit_request_line = 8190
limit_request_fields = 100
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", None)
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info")
