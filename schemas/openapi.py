"""Generate ``openapi.yaml`` from the marshmallow schemas plus the prose here.

``python -m schemas.openapi > openapi.yaml``; a test checks the committed file is what this prints.
"""

from __future__ import annotations

import sys

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from .common import Catalogue, GameInfo, Health, MoveCheck, Problem, Ready
from .fields import OneOf
from .games import all_schemas
from .records import SealedDeal, TokenRequest, sealed_move_answer

DESCRIPTION = """\
The authoritative card-game referee. Send a game as a **record** (the deal plus every move) and get
the legal moves, whether a move is legal and why not, who won a trick, what a hand scores and how the
match stands. Stateless: every request carries what it needs. Errors are RFC 9457 problem+json with
a stable `code`. Records may be **views** (`viewer` set, hidden cards `null`) wherever only the
viewer's cards and the public history are needed.
"""

PROBLEM = "application/problem+json"
JSON = "application/json"


def _problems(*statuses):
    text = {400: "Malformed JSON or a request of the wrong shape (`invalid_json`, `invalid_request`)",
            404: "Unknown game or path, or a calculator this game does not have (`unknown_game`, `not_found`)",
            406: "The client does not accept JSON (`not_acceptable`)",
            413: "Body over the size cap (`payload_too_large`)",
            403: "A token bound to a seat asked for what that seat may not have (`seat_forbidden`)",
            415: "Body not sent as application/json (`unsupported_media_type`)",
            422: "Impossible record (`invalid_record`), a move the rules forbid (`illegal_move`) or a "
                 "record token that is not one of this service's for this game (`invalid_token`)",
            503: "A token was sent or asked for but the service has no token keys (`sealing_unavailable`)"}
    return {str(s): {"description": text[s], "content": {PROBLEM: {"schema": "Problem"}}} for s in statuses}


POST_ERRORS = (400, 404, 406, 413, 415, 422)
TOKEN_ERRORS = (400, 403, 404, 406, 413, 415, 422, 503)
# request envelopes that take exactly one of two fields
EXACTLY_ONE = {"RecordRequest": ("record", "record_token"), "MoveRequest": ("record", "record_token"),
               "ViewRequest": ("record", "record_token"), "MatchReplayRequest": ("hands", "hand_tokens"),
               "AnalysisRequest": ("record", "record_token"), "HintRequest": ("record", "record_token")}


def _exactly_one(schemas: dict) -> None:
    """marshmallow cannot say "exactly one of"; the envelopes' validators do, and so does the spec."""
    for name, body in schemas.items():
        for suffix, pair in EXACTLY_ONE.items():
            if name.endswith(suffix):
                body["required"] = [f for f in body.get("required", []) if f not in pair]
                if not body["required"]:
                    del body["required"]
                body["oneOf"] = [{"required": [f]} for f in pair]


def _oneof_attribute(self, field, **kwargs):
    if isinstance(field, OneOf):
        return {"oneOf": [self.resolve_nested_schema(s) for s in field.schemas]}
    return {}


def _property_names_attribute(self, field, **kwargs):
    """JSON Schema's ``propertyNames``, which apispec does not pass through from metadata."""
    names = field.metadata.get("propertyNames")
    return {"propertyNames": names} if names else {}


def build() -> dict:
    plugin = MarshmallowPlugin()
    spec = APISpec(title="Card referee", version="1.0.0", openapi_version="3.1.0",
                   plugins=[plugin], info={"description": DESCRIPTION})
    plugin.converter.add_attribute_function(_oneof_attribute)
    plugin.converter.add_attribute_function(_property_names_attribute)
    for name, schema in (("Problem", Problem), ("MoveCheck", MoveCheck), ("Health", Health), ("Ready", Ready),
                         ("GameInfo", GameInfo), ("Catalogue", Catalogue)):
        spec.components.schema(name, schema=schema)

    def get(path, op_id, summary, schema, errors=(404, 406)):
        spec.path(path=path, operations={"get": {
            "operationId": op_id, "summary": summary,
            "responses": {"200": {"description": "OK", "content": {JSON: {"schema": schema}}},
                          **_problems(*errors)}}})

    get("/healthz", "healthz", "Liveness", "Health", errors=(406,))
    spec.path(path="/readyz", operations={"get": {
        "operationId": "readyz", "summary": "Readiness: every game deals and replays a hand",
        "responses": {"200": {"description": "Ready", "content": {JSON: {"schema": "Ready"}}},
                      "503": {"description": "Not ready (`not_ready`); `detail` names what failed",
                              "content": {PROBLEM: {"schema": "Problem"}}},
                      **_problems(406)}}})
    spec.path(path="/metrics", operations={"get": {
        "operationId": "metrics", "summary": "Prometheus metrics (text exposition format), summed over all workers",
        "description": "`referee_http_requests_total{method,route,game,status}`, "
                       "`referee_http_request_duration_seconds{method,route,game}` (histogram), "
                       "`referee_illegal_moves_total{game,reason}`.",
        "responses": {"200": {"description": "OK", "content": {
            "text/plain": {"schema": {"type": "string"}}}},
                      "406": {"description": "The client accepts neither text/plain nor "
                                             "application/openmetrics-text (`not_acceptable`)",
                              "content": {PROBLEM: {"schema": "Problem"}}}}}})
    get("/v1/games", "listGames", "The catalogue of games", "Catalogue", errors=(406,))
    spec.components.schema("SealedDeal", schema=SealedDeal)
    spec.components.schema("TokenRequest", schema=TokenRequest)
    for gs in all_schemas():
        _game_paths(spec, gs, get)
    from .analysis import add_paths  # …/analysis and …/hint (shared/ANALYSIS.md)
    add_paths(spec, _problems)
    out = spec.to_dict()
    _exactly_one(out["components"]["schemas"])
    return out


def _game_paths(spec, gs, get):
    g, p = gs.game_id, gs.prefix
    base = f"/v1/games/{g}"
    get(base, f"{p}Game", f"{g}: the game's entry in the catalogue", "GameInfo")
    d = gs.derived

    def post(path, op, summary, request, answer, status="200", description="", errors=TOKEN_ERRORS):
        spec.path(path=base + path, operations={"post": {
            "operationId": p + op, "summary": f"{g}: {summary}", "description": description,
            "tags": [g],
            "requestBody": {"required": True, "content": {JSON: {"schema": request}}},
            "responses": {status: {"description": "OK", "content": {JSON: {"schema": answer}}},
                          **_problems(*errors)}}})

    bound = " A `record_token` bound to a seat answers as that seat's view would."
    post("/deals", "Deal", "a new hand's record from a seed", gs.deal_request,
         {"oneOf": [gs.record, "SealedDeal"]}, "201",
         "Deterministic for a given seed (SHA-256 stream, Fisher-Yates, see the README). "
         "Without a seed the service draws one and returns it. With `seal: true` the answer is a "
         "SealedDeal instead: tokens and the seed's SHA-256 commitment, neither record nor seed "
         "(docs/TRUST.md).", errors=(400, 404, 406, 413, 415, 422, 503))
    post("/state", "State", "the derived state of a record or view", d["RecordRequest"], gs.state,
         description=bound.strip())
    post("/legal-moves", "LegalMoves", "the seat to act and its legal moves", d["RecordRequest"],
         d["LegalMoves"], description=bound.strip())
    post("/moves", "Move", "make a move: the new record, its events and the new state", d["MoveRequest"],
         {"oneOf": [d["MoveAnswer"], sealed_move_answer(p, d["MoveAnswer"])]},
         description="An illegal move is 422 `illegal_move` with `reason` and `move_index`. Sent a "
         "`record_token`, the answer carries the new `record_token` instead of the record (and, for a "
         "token without a seat, fresh `seat_tokens`); a token bound to a seat moves for that seat only "
         "(else 403 `seat_forbidden`) and gets that seat's events and state.")
    post("/moves/validate", "ValidateMove", "is this move legal, and if not why", d["MoveRequest"],
         "MoveCheck", description=bound.strip())
    post("/views", "View", "the record as one seat may see it", d["ViewRequest"], gs.record,
         description="A `record_token` bound to a seat gives that seat's view only: another seat is "
         "403 `seat_forbidden`.")
    post("/records/open", "OpenRecord", "the whole record in a token without a seat, seed included",
         "TokenRequest", gs.record,
         description="How the operator reveals a sealed deal's seed once the hand is over (docs/TRUST.md). "
         "A token bound to a seat is 403 `seat_forbidden`.")
    post("/matches/replay", "ReplayMatch", "a whole match from its hands' records",
         d["MatchReplayRequest"], d["MatchReplayAnswer"],
         description="A bad hand is reported as a 422 problem with `hand_index` (and `move_index`). "
         "`hand_tokens` must be tokens without a seat (else 403 `seat_forbidden`).")
    calc = {"trick_winner": ("/trick-winner", "TrickWinner", "who wins a trick"),
            "validate_bid": ("/bids/validate", "ValidateBid", "is this call legal in the auction so far"),
            "score": ("/score", "Score", "score a finished hand from its outcome"),
            "score_match": ("/matches/score", "ScoreMatch", "score a match from its hands' outcomes")}
    for method, (path, op, summary) in calc.items():
        if method in gs.calculators:
            req, ans = gs.calculators[method]
            post(path, op, summary, req, ans, errors=POST_ERRORS)
        else:
            spec.path(path=base + path, operations={"post": {
                "operationId": p + op, "summary": f"{g}: not applicable to this game (404 `not_found`)",
                "tags": [g], "responses": _problems(404)}})


def main() -> None:
    sys.stdout.write(yaml.safe_dump(build(), sort_keys=False, allow_unicode=True, width=100))


if __name__ == "__main__":
    main()
