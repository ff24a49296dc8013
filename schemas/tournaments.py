"""``…/tournaments/score``: the event's own shape (400) and its per-game contract (TOURNAMENTS.md).

``EventRequest`` is the runtime check, the same for every game: the tournament's own objects
(event, entrants, boards, rounds, tables) field by field, records and score-sheet lines only as
JSON values (they are the game's, checked in order as 422s). ``game_schemas`` builds the typed
per-game bodies for ``openapi.yaml`` from each game's record and hand-outcome schemas.
"""

from __future__ import annotations

import copy

from marshmallow import RAISE, Schema, ValidationError, fields, utils, validate, validates_schema

from service.rules.messages import N_

from .fields import FullMatch, OneOf, enum
from .requests import StrictBoolean

ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
_ID = FullMatch(ID_PATTERN, error="not an id (letters, digits, '.', '_', '-'; 1-64 characters)")


class StrictInteger(fields.Integer):
    """A JSON integer only: not true/false, not 1.0, not "1"."""

    def __init__(self, **kwargs):
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not int:
            raise self.make_error("invalid")
        return value


class PausingList(fields.List):
    """``fields.List`` that may call a pause after each item (``load_event``'s ``pause``): a
    10,000-hand event's shape check is ~30-100 ms of marshmallow, which would otherwise hold a gevent
    worker's other requests (issue 30). The items go through ``fields.List``'s own loop, so the
    answer and every error (with its index) are its own."""

    pause = None  # set on a schema instance made for one request

    def _deserialize(self, value, attr, data, **kwargs):
        if self.pause is not None and utils.is_collection(value):
            value = _Paused(value, self.pause)
        return super()._deserialize(value, attr, data, **kwargs)


class _Paused:
    """A list's items, with a pause after each."""

    __slots__ = ("items", "pause")

    def __init__(self, items, pause):
        self.items, self.pause = items, pause

    def __iter__(self):
        pause = self.pause
        for item in self.items:
            yield item
            pause()


class _Strict(Schema):
    class Meta:
        unknown = RAISE


def _id(description: str = "an entrant id") -> fields.String:
    return fields.String(required=True, validate=_ID, metadata={"pattern": ID_PATTERN, "description": description})


class Entrant(_Strict):
    id = _id("unique within the event")
    name = fields.String(required=True, validate=validate.Length(1, 200))


class Board(_Strict):
    seed = fields.String(required=True, metadata={"description": "the deal's seed (DESIGN.md, seeded deals)"})
    dealer = StrictInteger(metadata={"default": 0, "description": "the requested dealer (Court Piece with "
                                     "first_hand_draw: the seed's draw decides)"})
    options = fields.Dict(metadata={"description": "laid over the event's options for this board"})


class Table(_Strict):
    seats = fields.List(_id(), required=True, metadata={"description": "seats[s]: the entrant id at seat s"})
    hands = fields.List(fields.Raw(), metadata={"description": "the full records of the hands played, in order"})
    score_sheet = fields.List(fields.Raw(), metadata={"description": "the hands' outcomes, as the game's "
                                                      "…/matches/score takes its hands entries"})
    dealer = StrictInteger(metadata={"default": 0, "description": "format matches, score sheets only: the "
                                     "first hand's dealer"})
    boards = fields.List(StrictInteger(), metadata={"description": "duplicate only: the board number "
                                                    "(1-based) of each hand / line"})


class Round(_Strict):
    tables = PausingList(fields.Nested(Table), required=True, validate=validate.Length(min=1))


class EventRequest(_Strict):
    name = fields.String(validate=validate.Length(max=200))
    format = fields.String(validate=validate.OneOf(["matches", "duplicate"]))
    options = fields.Dict()
    entrants = PausingList(fields.Nested(Entrant), required=True, validate=validate.Length(min=1))
    boards = PausingList(fields.Nested(Board), validate=validate.Length(min=1))
    rounds = PausingList(fields.Nested(Round), required=True, validate=validate.Length(min=1))
    double_dummy = StrictBoolean(metadata={"default": False, "description": "add each recorded hand's "
                                           "double-dummy result (TOURNAMENTS.md, \"Double-dummy results\")"})

    @validates_schema
    def _format_fields(self, data, **kwargs):
        """``boards`` and a table's ``dealer`` belong to one format and one source only."""
        duplicate = data.get("format") == "duplicate"
        errors: dict = {}
        if duplicate and "boards" not in data:
            errors["boards"] = [N_("required in the duplicate format")]
        if not duplicate and "boards" in data:
            errors["boards"] = [N_("only in the duplicate format")]
        for r, rnd in enumerate(data.get("rounds") or ()):
            for t, table in enumerate(rnd.get("tables") or ()):
                where = {}
                if duplicate and "boards" not in table:
                    where["boards"] = [N_("required in the duplicate format")]
                if not duplicate and "boards" in table:
                    where["boards"] = [N_("only in the duplicate format")]
                if "dealer" in table and (duplicate or "hands" in table):
                    where["dealer"] = [N_("only with a score sheet in the matches format (each record, each "
                                          "board names its dealer)")]
                if where:
                    errors.setdefault("rounds", {}).setdefault(r, {}).setdefault("tables", {})[t] = where
        if errors:
            raise ValidationError(errors)


def load_event(body: dict, pause=None) -> dict:
    """The body checked for shape; raises ``ValidationError`` (400 ``invalid_request``).

    ``pause``: called after each entrant, board, round and table (a table of 500 hands is ~2 ms of
    marshmallow), on a schema instance of this call's own, since another request's check may run
    during a pause."""
    if pause is None:
        return _EVENT.load(body)
    schema = EventRequest()
    rounds = schema.fields["rounds"]
    for field in (schema.fields["entrants"], schema.fields["boards"], rounds, rounds.inner.schema.fields["tables"]):
        field.pause = pause
    return schema.load(body)


_EVENT = EventRequest()


# --- the answer, for the contract -------------------------------------------------------------
class RankingKey(Schema):
    key = fields.String(required=True)
    order = enum(["asc", "desc"])


class TournamentProblem(Schema):
    """A refused event: the problem plus the index path (0-based indices, 1-based board numbers)."""

    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    code = fields.String(required=True)
    reason = fields.String()
    round = fields.Integer(metadata={"description": "0-based index into rounds"})
    table = fields.Integer(metadata={"description": "0-based index into the round's tables"})
    seat = fields.Integer()
    hand = fields.Integer(metadata={"description": "0-based index into the table's hands / score_sheet"})
    move = fields.Integer(metadata={"description": "0-based index into the record's moves"})
    hand_index = fields.Integer(metadata={"description": "= hand (as …/matches/replay names it)"})
    move_index = fields.Integer(metadata={"description": "= move"})
    board = fields.Integer(metadata={"description": "1-based board number"})
    entrant = fields.String()
    entrant_index = fields.Integer()
    errors = fields.Dict()
    hands = fields.Integer(metadata={"description": "too_many_analysed_hands: the records that reach the card play"})
    max_hands = fields.Integer(metadata={"description": "too_many_analysed_hands: how many fit the request's cap"})
    max_nodes = fields.Integer(metadata={"description": "too_many_analysed_hands: the request's node cap "
                                         "(REFEREE_MAX_TOURNAMENT_DD_NODES)"})


def _ints(**kw):
    return fields.List(fields.Integer(), required=True, **kw)


def _nullable_int(**kw):
    return fields.Integer(required=True, allow_none=True, **kw)


class DoubleDummyMove(Schema):
    """A move as the record and ``…/legal-moves`` write it (a card play, a reveal, ...)."""

    class Meta:
        unknown = "include"

    seat = fields.Integer(required=True)
    type = fields.String(required=True)


class FirstLoss(Schema):
    move_index = fields.Integer(required=True, metadata={"description": "0-based index into the record's moves"})
    seat = fields.Integer(required=True)
    move = fields.Nested(DoubleDummyMove, required=True, metadata={"description": "the move played"})
    best = fields.Nested(DoubleDummyMove, required=True, metadata={
        "description": "the first move in the listing's order that kept the count"})
    cost = fields.Integer(required=True, metadata={"description": "the tricks the move played moved the count by"})


class HandDoubleDummy(Schema):
    """One record's double-dummy result; a hand over its node cap is ``{"refused": …}`` instead."""

    declarers = fields.List(fields.Integer(), metadata={"description": "the seats whose count the contract is "
                                                          "about (the contractor's side; a misère's contractor)"})
    tricks_possible = fields.Integer(metadata={"description": "the declaring side's tricks with perfect play "
                                               "from the first card, every hand known"})
    tricks_taken = fields.Integer(metadata={"description": "the tricks it took at the table"})
    first_loss = fields.Nested(FirstLoss, allow_none=True, metadata={
        "description": "the first move after which the count moved against its side; null: none did"})
    refused = enum(["analysis_budget_exceeded"], required=False,
                   description="instead of the fields above: the hand's analysis was over its node cap")


def _double_dummy():
    return fields.List(fields.Nested(HandDoubleDummy, allow_none=True), metadata={
        "description": "with \"double_dummy\": true only: one entry per hand applied, null for a score-sheet "
                       "line or a hand with no card play or no declaring side"})


class MatchTable(Schema):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    seats = fields.List(fields.String(), required=True)
    source = enum(["hands", "score_sheet"])
    hands_played = fields.Integer(required=True)
    running_scores = fields.List(fields.List(fields.Integer()), required=True,
                                 metadata={"description": "scores per position after each hand (Sixes: chips)"})
    scores = _ints()
    match_over = fields.Boolean(required=True)
    winner = _nullable_int(metadata={"description": "the winning position, or null"})
    winners = _ints(metadata={"description": "every winning position ([] while the match goes on)"})
    double_dummy = _double_dummy()


class MatchRow(Schema):
    rank = fields.Integer(required=True)
    rank_label = fields.String(required=True, metadata={"description": '"=2" when shared'})
    entrant = fields.String(required=True)
    name = fields.String(required=True)
    played = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    points_for = fields.Integer(required=True)
    points_against = _nullable_int()
    points_diff = _nullable_int()


class DuplicateTable(Schema):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    seats = fields.List(fields.String(), required=True)
    source = enum(["hands", "score_sheet"])
    boards = _ints()
    deltas = fields.List(fields.List(fields.Integer()), required=True)
    totals = _ints()
    double_dummy = _double_dummy()


class BoardResult(Schema):
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    position = fields.Integer(required=True)
    entrants = fields.List(fields.String(), required=True)
    delta = fields.Integer(required=True)
    net = _nullable_int()
    matchpoints = fields.Integer(required=True)


class BoardAnswer(Schema):
    board = fields.Integer(required=True)
    seed = fields.String(required=True)
    dealer = fields.Integer(required=True)
    tables_played = fields.Integer(required=True)
    top = fields.Integer(required=True)
    results = fields.List(fields.Nested(BoardResult), required=True)


class DuplicateRow(Schema):
    rank = fields.Integer(required=True)
    rank_label = fields.String(required=True)
    entrant = fields.String(required=True)
    name = fields.String(required=True)
    boards_played = fields.Integer(required=True)
    matchpoints = fields.Integer(required=True)
    max_matchpoints = fields.Integer(required=True)
    total = fields.Integer(required=True)
    percentage = fields.Float(required=True, allow_none=True)


def _answer_common():
    return {"name": fields.String(required=True, allow_none=True),
            "ranking": fields.List(fields.Nested(RankingKey), required=True)}


def game_schemas(gs) -> tuple[type[Schema], type[Schema]]:
    """(request, answer) of one game: a table's records are that game's, its sheet lines too."""
    p = gs.prefix
    record = gs.record
    match_in = gs.calculators["score_match"][0]
    outcome = copy.deepcopy(match_in._declared_fields["hands"].inner)
    options = copy.deepcopy(record._declared_fields["options"])
    table = Schema.from_dict({
        **{k: copy.deepcopy(v) for k, v in Table._declared_fields.items() if k not in ("hands", "score_sheet")},
        "hands": fields.List(fields.Nested(record), metadata={"description": "full records, in order"}),
        "score_sheet": fields.List(outcome, metadata={"description": "hand outcomes as …/matches/score takes them"}),
    }, name=f"{p}TournamentTable")
    rnd = Schema.from_dict({"tables": fields.List(fields.Nested(table), required=True)}, name=f"{p}TournamentRound")
    request = Schema.from_dict({
        **{k: copy.deepcopy(v) for k, v in EventRequest._declared_fields.items() if k not in ("options", "rounds")},
        "options": options,
        "rounds": fields.List(fields.Nested(rnd), required=True),
    }, name=f"{p}TournamentRequest")
    answer = Schema.from_dict({
        "game": enum([gs.game_id]),
        **_answer_common(),
        "format": enum(["matches", "duplicate"]),
        "tables": fields.List(OneOf(MatchTable, DuplicateTable), required=True, metadata={
            "description": "one per table in request order: MatchTable (format matches) or DuplicateTable"}),
        "standings": fields.List(OneOf(MatchRow, DuplicateRow), required=True, metadata={
            "description": "one row per entrant, best first: MatchRow (matches) or DuplicateRow (duplicate)"}),
        "boards": fields.List(fields.Nested(BoardAnswer), metadata={"description": "duplicate only"}),
    }, name=f"{p}TournamentAnswer")
    return request, answer


__all__ = ["EventRequest", "load_event", "game_schemas", "TournamentProblem"]


# --- the contract's paths (one call per game from ``schemas.openapi``) --------------------------
def examples() -> dict:
    from importlib import resources
    import json
    return json.loads(resources.files(__package__).joinpath("tournament_examples.json").read_text())


def add_paths(spec, gs, problems) -> None:
    """``POST …/tournaments/score`` for one game, typed by its record and hand-outcome schemas."""
    request, answer = game_schemas(gs)
    mine = {n: e for n, e in examples().items() if e["request"].endswith(f"/{gs.game_id}/tournaments/score")}

    def named(statuses):
        return {f"example_{n}": {"summary": e["title"], "value": e["expected"]}
                for n, e in mine.items() if e.get("status", 200) in statuses}
    ok = {"schema": answer}
    if named((200,)):
        ok["examples"] = named((200,))
    csv = {"schema": {"type": "string", "description": "RFC 4180, CRLF; a header row, then one row per "
                                                       "applied hand (TOURNAMENTS.md, \"CSV\")"}}
    if any("csv" in e for e in mine.values()):
        csv["example"] = next(e["csv"] for e in mine.values() if "csv" in e).replace("\n", "\r\n")
    refused = {"schema": "TournamentProblem"}
    if named((422,)):
        refused["examples"] = named((422,))
    body = {"schema": request}
    if mine:
        body["examples"] = {f"example_{n}": {"summary": e["title"], "value": e["input"]} for n, e in mine.items()}
    errors = problems(400, 404, 406, 413, 415)
    errors["422"] = {"description": "The event is refused: a cap, an entrant, the options, a board, a seating, "
                                    "a table, a record or a score-sheet line (the first failure in the order of "
                                    "TOURNAMENTS.md, with its index path)",
                     "content": {"application/problem+json": refused}}
    spec.path(path=f"/v1/games/{gs.game_id}/tournaments/score", operations={"post": {
        "operationId": gs.prefix + "ScoreTournament", "tags": [gs.game_id],
        "summary": f"{gs.game_id}: score a whole event (tables, standings, duplicate matchpoints)",
        "description": "TOURNAMENTS.md. Each table's records are replayed as …/matches/replay replays them and "
                       "its score sheet applied as …/matches/score applies it; duplicate boards are re-dealt "
                       "from their seeds and every record checked against its board's deal. Indices "
                       "(round, table, seat, hand, move) are 0-based; board numbers 1-based. "
                       "`Accept: text/csv` answers one CSV row per applied hand. The body may be up to "
                       "REFEREE_MAX_TOURNAMENT_BYTES (32 MiB by default).",
        "requestBody": {"required": True, "content": {"application/json": body}},
        "responses": {"200": {"description": "The scored event", "content": {
            "application/json": ok, "text/csv": csv}}, **errors}}})
