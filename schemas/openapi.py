"""Generate ``openapi.yaml`` from the marshmallow schemas plus the prose here.

``python -m schemas.openapi > openapi.yaml``; a test checks the committed file is what this prints.
"""

from __future__ import annotations

import sys

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from service import __version__

from . import examples, for_generators
from .common import Catalogue, GameInfo, Health, MoveCheck, Problem, Ready
from .fields import OneOf
from .games import all_schemas
from .operation_ids import operation_id, prefix_of
from .records import SealedDeal, TokenRequest, sealed_move_answer
from . import tournaments

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
            413: "Body over this endpoint's size cap, chunked or not (`payload_too_large`; docs/TRUST.md, \"Limits\")",
            403: "A token bound to a seat asked for what that seat may not have (`seat_forbidden`)",
            415: "Body not sent as application/json (`unsupported_media_type`)",
            422: "Impossible record (`invalid_record`; among its reasons `deal_mismatch`, a record whose "
                 "deal is not its seed's, `bad_seed`, a seed over 256 characters, and `too_many_moves`, a "
                 "record longer than its game's rules allow or than `REFEREE_MAX_MOVES`, and `number_out_of_range`, "
                 "an integer beyond 2**53 - 1), a move the rules "
                 "forbid (`illegal_move`), a record token that is not one of this service's for this game "
                 "(`invalid_token`) or one past its expiry (`token_expired`)",
            503: "A token was sent or asked for but the service has no token keys (`sealing_unavailable`)"}
    return {str(s): {"description": text[s], "content": {PROBLEM: {"schema": "Problem"}}} for s in statuses}


# the catalogue changes only with a deployment: clients revalidate with If-None-Match
CACHE_HEADERS = {
    "ETag": {"description": "A strong tag of this answer's bytes", "schema": {"type": "string"}},
    "Cache-Control": {"description": "`public, max-age=300`", "schema": {"type": "string"}},
}
IF_NONE_MATCH = {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"},
                 "description": "An `ETag` from an earlier answer: `304` with no body while it is current"}
POST_ERRORS = (400, 404, 406, 413, 415, 422)
TOKEN_ERRORS = (400, 403, 404, 406, 413, 415, 422, 503)
# request envelopes that take exactly one of two fields
EXACTLY_ONE = {"RecordRequest": ("record", "record_token"), "MoveRequest": ("record", "record_token"),
               "ViewRequest": ("record", "record_token"), "MatchReplayRequest": ("hands", "hand_tokens"),
               "AnalysisRequest": ("record", "record_token"), "HintRequest": ("record", "record_token")}


def _exactly_one(schemas: dict) -> None:
    """marshmallow cannot say "exactly one of"; the envelopes' validators do (400 for both or neither).

    Written as ``if``/``then``/``else`` beside the two properties, never as a top-level ``oneOf`` of
    bare ``required`` lists: a generator reads that ``oneOf`` as a union of property-less variants
    and drops the properties (openapi-python-client typed 39 operations' bodies ``Any``, Kotlin made
    the request models empty). Named variants (a record body and a token body) would keep them, but
    as a union with no tag to tell its members apart, which each generator models differently (a
    ``Union`` the caller picks, a wrapper class, an untagged enum). So each envelope stays one object
    with both properties optional, the rule in words and in ``if``/``then``/``else`` (which
    validators and schemathesis read and the generators ignore: docs/CLIENTS.md), and the
    service's 400 ``invalid_request`` for both or neither.
    """
    for name, body in schemas.items():
        for suffix, (first, second) in EXACTLY_ONE.items():
            if name.endswith(suffix):
                body["required"] = [f for f in body.get("required", []) if f not in (first, second)]
                if not body["required"]:
                    del body["required"]
                body.pop("oneOf", None)
                rule = f"Exactly one of `{first}` and `{second}` (both or neither: 400 `invalid_request`)."
                body["description"] = (body.get("description", "") + " " + rule).strip()
                # each branch names the property it requires (an empty schema: the property's own
                # is beside), so that no linter reads a required property as undefined
                body["if"] = {"required": [first], "properties": {first: {}}}
                body["then"] = {"not": {"required": [second], "properties": {second: {}}}}
                body["else"] = {"required": [second], "properties": {second: {}}}


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
    spec = APISpec(title="Card referee", version=__version__, openapi_version="3.1.0", plugins=[plugin],
                   info={"description": DESCRIPTION, "license": {"name": "MIT", "identifier": "MIT"}},
                   # relative: "Try it out" and generated clients talk to whichever host served the spec
                   servers=[{"url": "/", "description": "the service that serves this document"}],
                   # no authentication: every operation is open (sealed tokens are data, not credentials)
                   security=[])
    plugin.converter.add_attribute_function(_oneof_attribute)
    plugin.converter.add_attribute_function(_property_names_attribute)
    for name, schema in (("Problem", Problem), ("MoveCheck", MoveCheck), ("Health", Health), ("Ready", Ready),
                         ("GameInfo", GameInfo), ("Catalogue", Catalogue)):
        spec.components.schema(name, schema=schema)

    def get(path, op_id, summary, schema, errors=(404, 406), cached=False):
        ok = {"description": "OK", "content": {JSON: {"schema": schema}}}
        op = {"operationId": op_id, "summary": summary, "responses": {"200": ok, **_problems(*errors)}}
        if cached:
            ok["headers"] = CACHE_HEADERS
            op["parameters"] = [IF_NONE_MATCH]
            op["responses"]["304"] = {"description": "Not modified: the `If-None-Match` tag is current",
                                      "headers": CACHE_HEADERS}
        spec.path(path=path, operations={"get": op})

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
    _problem_pages(spec)
    get("/v1/games", "listGames", "The catalogue of games", "Catalogue", errors=(406,), cached=True)
    spec.components.schema("SealedDeal", schema=SealedDeal)
    spec.components.schema("TokenRequest", schema=TokenRequest)
    for gs in all_schemas():
        _game_paths(spec, gs, get)
    # tournaments (TOURNAMENTS.md): one path per game, typed by the game's record and outcome schemas
    spec.components.schema("TournamentProblem", schema=tournaments.TournamentProblem)
    for gs in all_schemas():
        tournaments.add_paths(spec, gs, _problems)
    from .analysis import add_paths  # …/analysis and …/hint (shared/ANALYSIS.md)
    add_paths(spec, _problems)
    out = spec.to_dict()
    _operation_ids(out["paths"])
    _exactly_one(out["components"]["schemas"])
    # sixes.md V2: `cards_left` is required exactly when `options.pay_per_card` is on (else 400)
    # (``if``/``then``, not a top-level ``anyOf``: generators keep the properties; see _exactly_one)
    sixes_score = out["components"]["schemas"]["SixesScoreRequest"]
    sixes_score["if"] = {"required": ["options"], "properties": {"options": {
        "type": "object", "required": ["pay_per_card"], "properties": {"pay_per_card": {"const": True}}}}}
    # (``then`` names every property, empty: a linter that closes a branch to the properties it
    # names, as Redocly's check of the examples does, still lets the other fields through)
    sixes_score["then"] = {"required": ["cards_left"], "properties": {k: {} for k in sixes_score["properties"]}}
    # issue 15: examples of the variants' shapes, computed from real answers
    from .variant_examples import add_examples
    add_examples(out["components"]["schemas"])
    _add_examples(out["paths"])
    _reason_enums(out)
    for_generators.apply(out)
    return out


# the operation of each path under /v1/games/{game} (its operationId: schemas/operation_ids.py)
OPERATIONS = {"/deals": "Deal", "/state": "State", "/legal-moves": "LegalMoves", "/moves": "Move",
              "/moves/validate": "ValidateMove", "/views": "View", "/records/open": "OpenRecord",
              "/matches/replay": "ReplayMatch", "/trick-winner": "TrickWinner", "/bids/validate": "ValidateBid",
              "/score": "Score", "/matches/score": "ScoreMatch", "/tournaments/score": "ScoreTournament",
              "/analysis": "Analysis", "/hint": "Hint"}
REASON_DOC = ("Why the referee said no: a stable code that never changes with the language of `detail`. "
              "Each operation lists the reasons it can answer; this is every reason with its meaning "
              "(service/rules/reasons.py).")


def operation_of(path: str) -> tuple[str, str] | None:
    """``(game, operation)`` of a game's path, e.g. ``/v1/games/sixes/moves`` -> ``("sixes", "Move")``."""
    from service.rules.games import GAMES
    parts = path.split("/", 4)
    if len(parts) == 5 and parts[:3] == ["", "v1", "games"] and parts[3] in GAMES:
        op = OPERATIONS.get("/" + parts[4])
        return (parts[3], op) if op else None
    return None


def _operation_ids(paths: dict) -> None:
    """Every game's operation named by one convention (schemas/operation_ids.py), whichever module
    added its path (analysis, tournaments included)."""
    from service.rules.games import GAMES
    for path, ops in paths.items():
        found = operation_of(path)
        game = path.removeprefix("/v1/games/")
        if found is None and game in GAMES:
            found = (game, "Game")
        if found is not None:
            for op in ops.values():
                op["operationId"] = operation_id(prefix_of(found[0]), found[1])


def _reason_enums(out: dict) -> None:
    """Per game and operation: the problem codes of each status, the reasons of its 422s and of its
    ``legal``/``valid: false`` answer, as enums (schemas/reasons.py finds them in the source)."""
    from service.rules.reasons import REASONS
    from . import reasons
    out["components"]["schemas"]["Reason"] = {
        "type": "string", "description": REASON_DOC,
        "oneOf": [{"const": r, "description": m} for r, m in REASONS.items()]}
    ref = {"$ref": "#/components/schemas/Reason"}
    for path, ops in out["paths"].items():
        found = operation_of(path)
        if found is None:
            continue
        game_id, operation = found
        for op in ops.values():
            responses = op["responses"]
            statuses = [int(s) for s in responses if int(s) >= 400]
            codes = reasons.operation_codes(operation, statuses, takes_tokens="403" in responses)
            why = reasons.operation_reasons(game_id, operation)
            for status, listed in codes.items():
                media = responses[str(status)]["content"][PROBLEM]
                props = {"code": {"type": "string", "enum": list(listed)}}
                if status == 422:
                    said = sorted(set(why["invalid_record"]) | set(why["illegal_move"]))
                    props["reason"] = {"allOf": [ref], "enum": said, "description":
                                       "the reasons of this operation's `invalid_record`"
                                       + (" and `illegal_move`" if why["illegal_move"] else "")
                                       + " problems (meanings: `Reason`)"}
                media["schema"] = {"allOf": [_as_ref(media["schema"])], "properties": props}
            if why["answer"]:
                ok = next(r for s, r in responses.items() if s.startswith("2"))
                media = ok["content"][JSON]
                media["schema"] = {"allOf": [_as_ref(media["schema"])], "properties": {"reason": {
                    "enum": [*why["answer"], None], "description": "`null` when legal; else why not "
                    "(meanings: `Reason`)"}}}


def _as_ref(schema):
    return {"$ref": f"#/components/schemas/{schema}"} if isinstance(schema, str) else schema


def _add_examples(paths: dict) -> None:
    """Every operation's examples: real requests and the service's real answers (schemas/examples.py)."""
    snapshot = examples.load()
    for ops in paths.values():
        for op in ops.values():
            found = snapshot.get(op["operationId"])
            if not found:
                continue
            if "requestBody" in op:
                op["requestBody"]["content"][JSON].setdefault("examples", {}).update({
                    name: {"summary": examples.summary(name), "value": r["body"]}
                    for name, r in found["requests"].items()})
            for name, answer in found["answers"].items():
                content = op["responses"][str(answer["status"])]["content"]
                media = next(iter(content.values()))
                media.setdefault("examples", {})[name] = {"summary": examples.summary(name), "value": answer["body"]}


PROBLEM_DOC = {"type": "object", "required": ["code", "type", "status", "title", "meaning", "fix"],
               "properties": {"code": {"type": "string"}, "type": {"type": "string", "format": "uri-reference"},
                              "status": {"type": "integer"}, "title": {"type": "string"},
                              "meaning": {"type": "string"}, "fix": {"type": "string"}}}


def _problem_pages(spec) -> None:
    """Every problem's ``type`` resolves here: JSON for a client that asks for it, HTML otherwise."""
    from service.contract.problems import PROBLEMS
    spec.components.schema("ProblemDoc", PROBLEM_DOC)
    html = {"text/html": {"schema": {"type": "string"}}}
    spec.path(path="/problems", operations={"get": {
        "operationId": "listProblems", "summary": "Every problem code, what it means and how to fix the request",
        "responses": {"200": {"description": "OK", "content": {JSON: {"schema": {
            "type": "object", "required": ["problems"],
            "properties": {"problems": {"type": "array", "items": "ProblemDoc"}}}}, **html}},
                      **_problems(406)}}})
    spec.path(path="/problems/{code}", operations={"get": {
        "operationId": "getProblem", "summary": "One problem code: what it means and how to fix the request",
        "description": "The page a problem's `type` (`/problems/<code>`) points to.",
        "parameters": [{"name": "code", "in": "path", "required": True,
                        "schema": {"type": "string", "enum": list(PROBLEMS)}}],
        "responses": {"200": {"description": "OK", "content": {JSON: {"schema": "ProblemDoc"}, **html}},
                      **_problems(404, 406)}}})


def _game_paths(spec, gs, get):
    g, p = gs.game_id, gs.prefix
    base = f"/v1/games/{g}"
    get(base, operation_id(p, "Game"), f"{g}: the game's entry in the catalogue", "GameInfo", cached=True)
    d = gs.derived

    def post(path, op, summary, request, answer, status="200", description="", errors=TOKEN_ERRORS):
        spec.path(path=base + path, operations={"post": {
            "operationId": operation_id(p, op), "summary": f"{g}: {summary}", "description": description,
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
         "MoveCheck", description="A move the rules forbid is answered 200 `legal: false` with its "
         "`reason`, and so is a move whose fields hold values outside those listed here (the rules "
         "documents call those illegal moves too, e.g. `invalid_suit`); a record or move that cannot be "
         "read is 422 `invalid_record`." + bound)
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
        # a calculator the game does not have is not published (the route answers 404 `not_found`)


class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # libyaml: the examples make the spec large
    """Every shared value written out in full: no anchors and aliases, whose count a parser may cap
    (openapi-generator's refuses more than 50 aliases of non-scalar nodes: issue 34)."""

    def ignore_aliases(self, data):
        return True


def dump(doc: dict) -> str:
    return yaml.dump(doc, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=100)


def main() -> None:
    sys.stdout.write(dump(build()))


if __name__ == "__main__":
    main()
