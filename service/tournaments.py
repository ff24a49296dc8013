"""``POST /v1/games/{game}/tournaments/score``: a whole event scored in one request (TOURNAMENTS.md).

Thin, like ``service.api``: negotiate JSON or CSV, read the body under this endpoint's own size cap,
check the event's shape (``schemas.tournaments``), then ``service.rules.tournament`` does the rest.
"""

from __future__ import annotations

import os

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from schemas.tournaments import load_event

from .api import body, game_of, reply
from .problems import ApiProblem, problem
from .rules.tournament import ENV, Limits, TournamentError, score_tournament
from .tournament_csv import to_csv
from .rules.messages import M

tournaments = Blueprint("tournaments", __name__)

CSV_TYPE = "text/csv; charset=utf-8; header=present"
_DEFAULT = Limits()
_ENV = {"MAX_TOURNAMENT_BYTES": ("REFEREE_MAX_TOURNAMENT_BYTES", 32 * 1024 * 1024),
        **{f"MAX_TOURNAMENT_{f.upper()}": (ENV[f], getattr(_DEFAULT, f))
           for f in ("entrants", "rounds", "tables", "boards", "hands")}}


@tournaments.record_once
def _configure(state) -> None:
    """The caps from the environment, unless the app's own config already set them (tests)."""
    for key, (env, default) in _ENV.items():
        state.app.config.setdefault(key, int(os.environ.get(env, default)))


def limits(config) -> Limits:
    return Limits(entrants=config["MAX_TOURNAMENT_ENTRANTS"], rounds=config["MAX_TOURNAMENT_ROUNDS"],
                  tables=config["MAX_TOURNAMENT_TABLES"], boards=config["MAX_TOURNAMENT_BOARDS"],
                  hands=config["MAX_TOURNAMENT_HANDS"], hands_per_table=config["MAX_HANDS"],
                  moves=config["MAX_MOVES"])


def _wants_csv() -> bool:
    header = request.headers.get("Accept")
    if not header or header in ("*/*", "application/json"):
        return False
    if header == "text/csv":
        return True
    best = request.accept_mimetypes.best_match(["application/json", "text/csv"])
    if best is None:
        raise ApiProblem(406, "not_acceptable", M("this endpoint answers application/json or text/csv"))
    return best == "text/csv"


def problem_of(exc: TournamentError) -> Response:
    return problem(422, exc.code, exc.code.replace("_", " ").capitalize(), exc.detail, reason=exc.reason,
                   **exc.extra)


@tournaments.post("/v1/games/<game_id>/tournaments/score")
def score(game_id):
    game = game_of(game_id)
    csv = _wants_csv()
    request.max_content_length = current_app.config["MAX_TOURNAMENT_BYTES"]
    data = body(cap="MAX_TOURNAMENT_BYTES", check_accept=False)
    try:
        event = load_event(data)
    except ValidationError as exc:
        raise ApiProblem(400, "invalid_request", M("the tournament's shape is wrong"),
                         errors=exc.normalized_messages()) from None
    try:
        scored = score_tournament(game, event, limits(current_app.config))
    except TournamentError as exc:
        return problem_of(exc)
    if csv:
        return Response(to_csv(game.id, scored), content_type=CSV_TYPE)
    return reply(scored.answer)
