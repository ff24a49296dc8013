"""The app factory: the HTTP edge (``service.http``) and the pages (``service.pages``) on one Flask
app, configured from the environment. The only module that sees both."""

from __future__ import annotations

import os

from flask import Flask

from .http.tokens import DEFAULT_TTL, KEY_ENV, TTL_ENV, Keyring
from .http.wsgi import Referee

DEFAULT_MAX_BODY = 1024 * 1024


def create_app(config: dict | None = None) -> Flask:
    app = Referee(__name__)
    app.config["MAX_CONTENT_LENGTH"] = int(os.environ.get("REFEREE_MAX_BODY_BYTES", DEFAULT_MAX_BODY))
    # a record (800 moves, sealed or not) or a calculator body needs far less than a match log
    app.config["MAX_RECORD_BYTES"] = int(os.environ.get("REFEREE_MAX_RECORD_BYTES", 64 * 1024))
    app.config["MAX_DEAL_BYTES"] = int(os.environ.get("REFEREE_MAX_DEAL_BYTES", 16 * 1024))
    # every legal hand at the stacks the rules suggest fits (docs/TRUST.md, "Long records"), and the
    # longest record costs at most a few normal requests
    app.config["MAX_MOVES"] = int(os.environ.get("REFEREE_MAX_MOVES", 800))
    app.config["MAX_HANDS"] = int(os.environ.get("REFEREE_MAX_HANDS", 500))
    app.config["MAX_JSON_DEPTH"] = int(os.environ.get("REFEREE_MAX_JSON_DEPTH", 32))
    app.config["TOKEN_KEYS"] = os.environ.get(KEY_ENV, "")
    app.config["TOKEN_TTL"] = int(os.environ.get(TTL_ENV, DEFAULT_TTL))
    from .pages.headers import frame_ancestors
    app.config["FRAME_ANCESTORS"] = frame_ancestors()  # who may frame the pages (docs/TRUST.md, "Headers")
    app.config.update(config or {})
    app.extensions["referee_keyring"] = Keyring.from_env(app.config["TOKEN_KEYS"], app.config["TOKEN_TTL"])  # bad keys: fail at start

    from .http import analysis, api, errors, ops, tournaments
    from .pages import docs, problems, viewer
    ops.install(app)
    app.register_blueprint(api.api)
    app.register_blueprint(docs.docs)
    app.register_blueprint(problems.problem_pages)
    app.register_blueprint(viewer.viewer)
    app.register_blueprint(tournaments.tournaments)  # TOURNAMENTS.md
    app.register_blueprint(analysis.analysis)  # ANALYSIS.md

    errors.install(app)
    return app
