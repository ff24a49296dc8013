"""``…/analysis`` and ``…/hint`` (shared/ANALYSIS.md): the HTTP edge of ``service.rules.analysis``.

Checks run in ANALYSIS.md's order: the path (unknown game, Sixes) before the body, the request's
shape, the token, Court Piece's pile modes, a seat-bound token or a view where double dummy needs
every card, then the replay and the analysis itself. The node budget and the per-request cap
(``REFEREE_MAX_ANALYSIS_NODES``) keep every answer inside the request's time limits.
"""

from __future__ import annotations

import os

from flask import Blueprint, current_app

from schemas.analysis import AnalysisRequest, HintRequest

from ..rules.analysis import DEFAULT_REQUEST_CAP, AnalysisRefused, adapter_for, analyse
from ..rules.game import parse_seed
from ..rules.messages import M
from ..rules.players import answer
from .api import body, game_of, open_record, replay, reply, seat_forbidden
from .pause import cooperative
from .problems import problem

analysis = Blueprint("analysis", __name__)

PILE_MODES = ("double_sar", "hidden_rung")


@analysis.errorhandler(AnalysisRefused)
def refused(exc: AnalysisRefused):
    return problem(422, exc.code, exc.code.replace("_", " ").capitalize(), exc.detail, **exc.extra)


def request_cap() -> int:
    cap = current_app.config.get("MAX_ANALYSIS_NODES")
    if cap is None:
        cap = int(os.environ.get("REFEREE_MAX_ANALYSIS_NODES", DEFAULT_REQUEST_CAP))
    return cap


def _record(game, schema, every_game: bool = False):
    """The request's record (a token opened) and its bound seat, after the mode's 404 (the hint,
    ``every_game``, answers in every game and mode: issue 32)."""
    if not every_game:
        adapter_for(game)  # Sixes: 404 from the path alone, before the body is read
    data = body(schema, "MAX_RECORD_BYTES")  # a record, as the record endpoints take
    record, seat = open_record(game, data)
    options = record.get("options") if isinstance(record, dict) else None
    if not every_game and game.id == "court-piece" and isinstance(options, dict) and options.get("mode") in PILE_MODES:
        adapter_for(game, options)
    return data, record, seat


@analysis.post("/v1/games/<game_id>/analysis")
def analyse_position(game_id):
    game = game_of(game_id)
    data, record, seat = _record(game, AnalysisRequest)
    if seat is not None:
        raise seat_forbidden(seat, M("a token issued to seat {seat} cannot ask for a double-dummy analysis (it needs "
                                          "every card)", seat=seat))
    if record.get("viewer") is not None:
        raise AnalysisRefused("analysis_view_not_allowed",
                              M("double dummy needs every card: send the full record (or ask …/hint)"))
    hand = replay(game, record)
    return reply(analyse(game, hand, data["max_nodes"], request_cap(), cooperative()))


@analysis.post("/v1/games/<game_id>/hint")
def hint_for_seat(game_id):
    game = game_of(game_id)
    data, record, seat = _record(game, HintRequest, every_game=True)
    if data.get("seed") is not None:
        with game.documented_reasons():
            parse_seed(data["seed"])  # capped like a deal's: 422 `bad_seed`
    hand = replay(game, record)
    replayed = None  # the view's replay, when the request is the view itself
    if seat is not None:
        view = hand.view_record(seat)
    elif hand.viewer is not None:
        view, replayed = hand.to_record(), hand
    else:
        if hand.phase == "done" or hand.to_act is None:
            raise AnalysisRefused("analysis_not_in_play",
                                  M("the hand is in phase {phase}, not in the card play", phase=repr(hand.phase)))
        view = hand.view_record(hand.to_act)
    with game.documented_reasons():
        return reply(answer(game, view, data.get("level"), data.get("samples"), data.get("seed"), data["max_nodes"],
                            request_cap(), cooperative(), hand=replayed))
