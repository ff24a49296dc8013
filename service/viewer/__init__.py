"""The hand viewer: a static page at ``/viewer`` that steps through a record or a match log.

The page holds no rules: for every position it asks this service (``…/state``, ``…/views``,
``…/matches/replay``), so what a tournament director sees is exactly what the referee decides.
Its files live beside this module and ship in the wheel (``pyproject.toml`` package data).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, send_from_directory

STATIC = Path(__file__).resolve().parent / "static"

viewer = Blueprint("viewer", __name__)


@viewer.get("/viewer")
def page():
    return send_from_directory(STATIC, "index.html", max_age=0)


@viewer.get("/viewer/<name>")
def asset(name):
    if name not in ("viewer.js", "viewer.css", "analysis.js"):
        abort(404)
    return send_from_directory(STATIC, name, max_age=0)
