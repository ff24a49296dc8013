"""The yardstick: a bare Flask app answering every POST with the JSON body it was sent.

Served by the same gunicorn configuration as the referee, it is what Flask itself costs for a
request of the same size; the referee's goal is to be as fast (DESIGN.md "Quality bars").
"""

from __future__ import annotations

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.post("/", defaults={"path": ""})
@app.post("/<path:path>")
def echo(path):
    return jsonify(request.get_json())


@app.get("/healthz")
def healthz():
    return jsonify(status="ok")


_BARE = b'{"status":"ok"}'


def bare(environ, start_response):
    """No framework at all: the body read and fixed bytes answered. What it costs served is the
    server's own share of a request (``bench.served``)."""
    environ["wsgi.input"].read()
    start_response("200 OK", [("Content-Type", "application/json"), ("Content-Length", str(len(_BARE)))])
    return [_BARE]
