"""``POST /v1/games/{game}/tournaments/score``: a whole event scored in one request (TOURNAMENTS.md).

Thin, like ``service.http.api``: negotiate JSON or CSV, read the body under this endpoint's own size cap,
check the event's shape (``schemas.tournaments``), then ``service.rules.tournament`` does the rest.
"""

from __future__ import annotations

import itertools
import os

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from schemas.tournaments import Board, Entrant, EventRequest, Round, Table, load_event

from ..rules.messages import M
from ..rules.tournament import ENV, DoubleDummy, Limits, TournamentError, score_tournament
from ..rules.tournament_csv import to_csv
from . import pieces
from .api import body, game_of
from .pause import cooperative
from .problems import ApiProblem, problem
from .wsgi import Answer

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


# "double_dummy": true: each hand may search the …/analysis request cap (REFEREE_MAX_ANALYSIS_NODES);
# the whole request at most REFEREE_MAX_TOURNAMENT_DD_NODES, by default this many hands' worth
DD_HANDS_DEFAULT = 20


def double_dummy() -> DoubleDummy:
    """The request's double-dummy caps, counted in nodes, and the gevent worker's pause."""
    from .analysis import cooperative, request_cap
    per_hand = request_cap()
    cap = current_app.config.get("MAX_TOURNAMENT_DD_NODES")
    if cap is None:
        cap = int(os.environ.get("REFEREE_MAX_TOURNAMENT_DD_NODES", DD_HANDS_DEFAULT * per_hand))
    return DoubleDummy(hand_cap=per_hand, event_cap=cap, pause=cooperative())


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


_FIELDS = {name: frozenset(schema._declared_fields) for name, schema in
           (("event", EventRequest), ("entrant", Entrant), ("board", Board), ("round", Round), ("table", Table))}


def _at(path: tuple, errors: dict) -> dict:
    """``errors`` nested under ``path`` as marshmallow nests them (``{"rounds": {0: {"tables": …}}}``)."""
    for key in reversed(path):
        errors = {key: errors}
    return errors
_MAX_SEATS = 6  # the most players of any game


def bounded(data: dict, lim: Limits) -> None:
    """The event's sizes, before its shape is examined item by item (issue 11: a 30 MB body of a
    million entrants, rounds or wrong-typed fields kept a worker 18-57 s in the shape check).

    TOURNAMENTS.md: "(3) caps ... (so a body over a cap is refused before anything in it is looked
    at)": the caps are counted here on the raw lists, with the same codes and words as the rules'
    own check (which runs again after the shape); an object with more fields than its schema
    declares, or a table with more seats than any game, is the shape's 400 at once. Lists that are
    not lists are left to the shape check.
    """
    def items(value):
        return value if isinstance(value, list) else ()

    def fields_of(obj, kind, where: tuple):
        if isinstance(obj, dict) and len(obj) > len(_FIELDS[kind]):  # the first few unknown, as the shape names them
            unknown = [k for k in itertools.islice(obj, len(_FIELDS[kind]) + 5) if k not in _FIELDS[kind]]
            raise ValidationError(_at(where, {k: ["Unknown field."] for k in unknown}))

    fields_of(data, "event", ())
    tables = []
    for r, rnd in enumerate(items(data.get("rounds"))[:lim.rounds + 1]):
        fields_of(rnd, "round", ("rounds", r))
        for t, table in enumerate(items(rnd.get("tables")) if isinstance(rnd, dict) else ()):
            fields_of(table, "table", ("rounds", r, "tables", t))
            if isinstance(table, dict) and len(items(table.get("seats"))) > _MAX_SEATS:
                raise ValidationError(_at(("rounds", r, "tables", t), {"seats": [f"at most {_MAX_SEATS} seats"]}))
            tables.append((r, t, table if isinstance(table, dict) else {}))
            if len(tables) > lim.tables:
                break
    entries = [len(items(t.get("hands"))) + len(items(t.get("score_sheet"))) for _, _, t in tables]
    for code, count, cap, what in (
            ("too_many_entrants", len(items(data.get("entrants"))), lim.entrants, "entrants"),
            ("too_many_rounds", len(items(data.get("rounds"))), lim.rounds, "rounds"),
            ("too_many_tables", len(tables), lim.tables, "tables over all rounds"),
            ("too_many_boards", len(items(data.get("boards"))), lim.boards, "boards"),
            ("too_many_hands", sum(entries), lim.hands, "hands (records plus score-sheet lines) over all tables")):
        if count > cap:
            if code == "too_many_tables":  # counting stopped past the cap
                raise TournamentError(code, M("the event holds more than {cap} {what}; at most {cap} are scored in one "
                                              "request", what=what, cap=cap))
            raise TournamentError(code, M("the event holds {count} {what}; at most {cap} are scored in one "
                                          "request", count=count, what=what, cap=cap))
    for (r, t, table), n in zip(tables, entries):
        if n > lim.hands_per_table or len(items(table.get("boards"))) > lim.hands_per_table:
            raise TournamentError("too_many_hands", M("round {r}, table {t}: {table} hands; a table may hold "
                                  "at most {hands_per_table}", r=r, t=t, table=max(n, len(items(table.get("boards")))),
                                  hands_per_table=lim.hands_per_table), round=r, table=t)
    for kind, key in (("entrant", "entrants"), ("board", "boards")):
        for i, item in enumerate(items(data.get(key))):
            fields_of(item, kind, (key, i))


def _no_pause() -> None:
    pass


class _PausingInput:
    """The request's body stream, read 64 KiB at a time with a pause between (gunicorn's reader
    copies a body that has all arrived without ever waiting, so without yielding: 10 MB held the
    worker ~150 ms)."""

    CHUNK = 64 * 1024

    def __init__(self, stream, pause):
        self.stream, self.pause = stream, pause

    def read(self, size: int | None = -1) -> bytes:
        if size is not None and 0 <= size <= self.CHUNK:
            data = self.stream.read(size)
            self.pause()
            return data
        chunks, left = [], -1 if size is None or size < 0 else size
        while left:
            data = self.stream.read(self.CHUNK if left < 0 else min(left, self.CHUNK))
            if not data:
                break
            chunks.append(data)
            left = left if left < 0 else left - len(data)
            self.pause()
        return b"".join(chunks)


@tournaments.post("/v1/games/<game_id>/tournaments/score")
def score(game_id):
    game = game_of(game_id)
    csv = _wants_csv()
    request.max_content_length = current_app.config["MAX_TOURNAMENT_BYTES"]
    pause = cooperative() or _no_pause  # under gevent: the worker's other requests run between the steps
    if pause is not _no_pause:  # a body of megabytes already in the socket is read without a wait
        request.environ["wsgi.input"] = _PausingInput(request.environ["wsgi.input"], pause)
    data = body(cap="MAX_TOURNAMENT_BYTES", check_accept=False, pause=pause)  # parsed a piece at a time
    pause()
    lim = limits(current_app.config)
    try:
        bounded(data, lim)
        event = load_event(data) if pause is _no_pause else load_event(data, pause)  # a pause after each table
        pause()
    except TournamentError as exc:
        return problem_of(exc)
    except ValidationError as exc:
        raise ApiProblem(400, "invalid_request", M("the tournament's shape is wrong"),
                         errors=exc.normalized_messages()) from None
    try:
        scored = score_tournament(game, event, lim, pause=None if pause is _no_pause else pause,
                                  double_dummy=double_dummy() if event.get("double_dummy") else None)
    except TournamentError as exc:
        return problem_of(exc)
    pause()
    answer = Response(to_csv(game.id, scored, pause), content_type=CSV_TYPE) if csv else \
        Answer.of_json(pieces.dumps(scored.answer, pause))  # orjson's bytes, written a slice at a time
    if pause is not _no_pause:  # the event's objects freed a table at a time, not all at once at the end
        del event
        _free(data, scored, pause)
    return answer


def _free(data: dict, scored, pause) -> None:
    """Drop a scored event's records table by table, and its answer's parts, pausing between (a
    10,000-hand event is millions of objects: freed in one go at the request's end, they held the
    worker ~100 ms; the answer, once written, and the hands' details for the CSV another ~20 ms)."""
    for rnd in data.get("rounds") or ():
        for table in rnd.get("tables") or ():
            table.clear()
            pause()
    for _, details in scored.hands:
        details.clear()
        pause()
    for part in (scored.answer.get("boards") or ()), scored.answer["tables"], scored.answer["standings"]:
        for item in part:
            item.clear()
            pause()
