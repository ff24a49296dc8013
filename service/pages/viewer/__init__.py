"""The hand viewer: a static page at ``/viewer`` that steps through a record or a match log.

The page holds no rules: for every position it asks this service (``…/state``, ``…/views``,
``…/matches/replay``), so what a tournament director sees is exactly what the referee decides.
Its files live beside this module and ship in the wheel (``pyproject.toml`` package data).
"""

from __future__ import annotations

from pathlib import Path

from functools import cache

import orjson
from flask import Blueprint, Response, abort, send_from_directory

from ... import i18n
from ..headers import policy, secure
from .words import translate_page

STATIC = Path(__file__).resolve().parent / "static"

viewer = Blueprint("viewer", __name__)


@cache
def _page(name: str, lang: str) -> str:
    source = (STATIC / name).read_text(encoding="utf-8")
    page = translate_page(source, i18n.translations(lang).gettext)
    return page.replace('<html lang="en">', f'<html lang="{lang}" dir="{i18n.direction(lang)}">', 1)


def _send_page(name: str) -> Response:
    """A page in the negotiated language (its marked words, ``lang`` and ``dir``; ``Vary``)."""
    resp = Response(_page(name, i18n.current()), mimetype="text/html")
    resp.cache_control.max_age = 0
    return secure(resp, _CSP)


# ``?src=URL`` may name any host that allows this page to read it (CORS): fetches go anywhere on http(s)
_CSP = policy(connect="'self' http: https:")


@viewer.get("/viewer")
def page():
    return _send_page("index.html")


@viewer.get("/viewer/tournament")
def tournament_page():
    """The standings page: an event's standings, tables and boards, linking into the hand viewer."""
    return _send_page("tournament.html")


def words_json():
    """The scripts' words in the negotiated language: msgid -> text (untranslated ones left out)."""
    return Response(orjson.dumps(i18n.viewer_messages(i18n.current())), mimetype="application/json")


def words_js():
    """The same words for the pages' ``t()``, loaded before every script that shows words."""
    body = b"window.REFEREE_WORDS = " + orjson.dumps(i18n.viewer_messages(i18n.current())) + b";\n"
    resp = Response(body, mimetype="text/javascript")
    resp.cache_control.max_age = 0
    return resp


# every script and style sheet beside this module (pieces other work adds need no edit here)
ASSETS = frozenset(p.name for p in STATIC.iterdir() if p.suffix in (".js", ".css"))


# the pages' words, per language: served beside the assets (/viewer/words.js, /viewer/words.json)
_WORDS = {"words.js": words_js, "words.json": words_json}


@viewer.get("/viewer/<name>")
def asset(name):
    if name in _WORDS:
        return _WORDS[name]()
    if name not in ASSETS:
        abort(404)
    return send_from_directory(STATIC, name, max_age=0)
