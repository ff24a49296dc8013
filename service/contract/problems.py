"""Every problem ``code`` the service answers with: its status, title, meaning and fix.

The HTTP edge answers with these codes, the problem pages explain them, the command line tools and
the contract name them: one table for all. Each ``type`` is ``/problems/<code>``, a page on the
service that answered (RFC 9457, 3.1.1). The words are msgids (``N_``), shown in the client's
language by ``service.i18n``.
"""

from __future__ import annotations

from ..rules.messages import N_

PROBLEM_TYPE = "/problems/"

# code -> (status, title, what it means, how to fix the request)
PROBLEMS: dict[str, tuple[int, str, str, str]] = {
    "invalid_json": (400, N_("Invalid JSON"),
        N_("The body is not JSON, or nests arrays and objects deeper than the service allows."),
        N_("Send one JSON object, encoded as UTF-8, nested at most as deep as "
           "`REFEREE_MAX_JSON_DEPTH` (32 by default).")),
    "invalid_request": (400, N_("Invalid request"),
        N_("The request's own shape is wrong: a required top-level field is missing, a field has the"
           " wrong JSON type, or a field is unknown. `errors` names each field."),
        N_("Compare the body with the operation's request schema in /openapi.yaml; `errors` maps "
           "each wrong field to what is wrong with it.")),
    # werkzeug's own 400s, each named for what was wrong (issue 30: a 300-character Host was "Invalid JSON")
    "bad_host": (400, N_("Bad host"),
        N_("The `Host` header is not a host name: too long, a label over 63 characters, or a character "
           "a host name cannot hold."),
        N_("Send the host name of the URL you call in `Host` (an HTTP client does this by itself).")),
    "incomplete_body": (400, N_("Incomplete body"),
        N_("The connection ended before the body held as many bytes as `Content-Length` announced."),
        N_("Send the whole body, with a `Content-Length` that counts its bytes.")),
    "bad_request": (400, N_("Bad request"),
        N_("The request could not be read: its line or a header, not its body. `detail` says what."),
        N_("Check the request line and headers.")),
    "range_not_satisfiable": (416, N_("Range not satisfiable"),
        N_("A `Range` header asked for bytes past the end of the file."),
        N_("Ask for the whole file (no `Range`), or for a range inside it.")),
    "unknown_game": (404, N_("Unknown game"),
        N_("No game has this id."),
        N_("Use an id from `GET /v1/games`: buck-euchre, bid-whist, five-hundred, court-piece or "
           "sixes.")),
    "not_found": (404, N_("Not found"),
        N_("No such path, or a calculator the game does not have (Sixes has no tricks and no "
           "auction; Court Piece has no auction)."),
        N_("Check the path against /openapi.yaml, which publishes only the operations each game has.")),
    "method_not_allowed": (405, N_("Method not allowed"),
        N_("The path exists but not with this method; `Allow` lists the methods it takes."),
        N_("Use a method from the `Allow` header (the referee's operations are POST, the catalogue "
           "and probes GET).")),
    "not_acceptable": (406, N_("Not acceptable"),
        N_("The `Accept` header accepts nothing this service answers."),
        N_("Accept `application/json` (problems come as `application/problem+json`).")),
    "payload_too_large": (413, N_("Payload too large"),
        N_("The body is over the size cap for its kind of request."),
        N_("Send a smaller body: split a long match log, or ask the operator about the caps (README,"
           " \"Settings\").")),
    "unsupported_media_type": (415, N_("Unsupported media type"),
        N_("The body was not sent as JSON."),
        N_("Send `Content-Type: application/json`.")),
    "invalid_record": (422, N_("Invalid record"),
        N_("The record (or a deal request's options, dealer or match) describes an impossible game: "
           "an unknown option, a card twice, wrong counts, a malformed move. `reason` says which "
           "rule, `hand_index` and `move_index` where."),
        N_("Fix the part `reason` and `detail` name; the game's rules page lists every reason.")),
    "illegal_move": (422, N_("Illegal move"),
        N_("A move the rules forbid. `reason` is the rule (for example `not_your_turn`, "
           "`must_follow_suit`), `move_index` the move's index (from 0)."),
        N_("Ask `…/legal-moves` for the moves the seat to act may make, or `…/moves/validate` "
           "whether one is legal before sending it.")),
    "invalid_token": (422, N_("Invalid token"),
        N_("A `record_token` that is not one of this service's tokens for this game: altered, cut "
           "short, sealed by another service or key, or for another game."),
        N_("Send the token exactly as the service issued it, to the game it was issued for.")),
    "seat_forbidden": (403, N_("Seat forbidden"),
        N_("A token bound to a seat asked for what that seat may not have (another seat's view, a "
           "move for another seat, the whole record)."),
        N_("Ask only for the seat the token was issued to, or use the token without a seat.")),
    "sealing_unavailable": (503, N_("Sealing unavailable"),
        N_("A token was sent or asked for, but this service has no token keys."),
        N_("Send a plain record, or ask the operator to set `REFEREE_TOKEN_KEYS` (docs/TRUST.md).")),
    "not_ready": (503, N_("Not ready"),
        N_("The service cannot deal or replay a hand of some game yet; `detail` names what failed."),
        N_("Wait and try again; an operator should look at the logs.")),
    "internal_error": (500, N_("Internal error"),
        N_("The referee failed: this is a bug of ours, logged with the request id."),
        N_("Report the `X-Request-ID` of the answer; the request itself may be fine.")),
    # tournaments/score (TOURNAMENTS.md, "Errors"): each answer carries the index path of the fault
    "too_many_entrants": (422, N_("Too many entrants"),
        N_("The event holds more entrants than the service's cap (one table may also hold at most "
           "`REFEREE_MAX_HANDS` hands)."),
        N_("Split the event, or ask the operator about the `REFEREE_MAX_TOURNAMENT_*` caps.")),
    "too_many_rounds": (422, N_("Too many rounds"),
        N_("The event holds more rounds than the service's cap (one table may also hold at most "
           "`REFEREE_MAX_HANDS` hands)."),
        N_("Split the event, or ask the operator about the `REFEREE_MAX_TOURNAMENT_*` caps.")),
    "too_many_tables": (422, N_("Too many tables"),
        N_("The event holds more tables than the service's cap (one table may also hold at most "
           "`REFEREE_MAX_HANDS` hands)."),
        N_("Split the event, or ask the operator about the `REFEREE_MAX_TOURNAMENT_*` caps.")),
    "too_many_boards": (422, N_("Too many boards"),
        N_("The event holds more boards than the service's cap (one table may also hold at most "
           "`REFEREE_MAX_HANDS` hands)."),
        N_("Split the event, or ask the operator about the `REFEREE_MAX_TOURNAMENT_*` caps.")),
    "too_many_hands": (422, N_("Too many hands"),
        N_("The event holds more hands than the service's cap (one table may also hold at most "
           "`REFEREE_MAX_HANDS` hands)."),
        N_("Split the event, or ask the operator about the `REFEREE_MAX_TOURNAMENT_*` caps.")),
    "too_many_analysed_hands": (422, N_("Too many analysed hands"),
        N_("With `double_dummy`, the event's hands that reach the card play could together search more "
           "nodes than one request may (`REFEREE_MAX_TOURNAMENT_DD_NODES`; each hand may search "
           "`REFEREE_MAX_ANALYSIS_NODES`); `hands` and `max_hands` say how many there are and how many fit."),
        N_("Ask without `double_dummy`, split the event, or run `referee tournament --double-dummy`.")),
    "duplicate_entrant": (422, N_("Duplicate entrant"),
        N_("Two entrants share an id; `entrant_index` is the later."),
        N_("Give every entrant its own `id`.")),
    "invalid_options": (422, N_("Invalid options"),
        N_("The event's `options` are unknown or out of range for the game (`reason` as for a "
           "record), or a duplicate event scores Court Piece by courts."),
        N_("Use the options of `GET /v1/games/{game}`; duplicate Court Piece scores by points.")),
    "invalid_board": (422, N_("Invalid board"),
        N_("A board's `dealer` is not a seat, or its `options` are invalid or change the number of "
           "players or teams."),
        N_("Fix the board that `board` names.")),
    "wrong_seat_count": (422, N_("Wrong seat count"),
        N_("A table's `seats` does not hold one entrant per seat."),
        N_("List one entrant id per seat of the game at the table `round`/`table` name.")),
    "unknown_entrant": (422, N_("Unknown entrant"),
        N_("A seat holds an id that is not among the `entrants`."),
        N_("Add the entrant, or correct the id at the seat named.")),
    "entrant_seated_twice": (422, N_("Entrant seated twice"),
        N_("An entrant sits at two seats of one round."),
        N_("Seat each entrant once per round.")),
    "mixed_table": (422, N_("Mixed table"),
        N_("A table has both `hands` and a `score_sheet`."),
        N_("Send either the records (`hands`) or the outcomes (`score_sheet`) of a table.")),
    "empty_table": (422, N_("Empty table"),
        N_("A table has neither `hands` nor a `score_sheet`, or an empty one."),
        N_("Send what was played at the table, or leave the table out.")),
    "board_count_mismatch": (422, N_("Board count mismatch"),
        N_("Duplicate: a table's `boards` and its hands or score sheet differ in length."),
        N_("Give one board number per hand played.")),
    "unknown_board": (422, N_("Unknown board"),
        N_("Duplicate: a board number that is not 1 to the number of boards."),
        N_("Use the 1-based numbers of the event's `boards`.")),
    "board_played_twice": (422, N_("Board played twice"),
        N_("Duplicate: an entrant of the table already played this board."),
        N_("Each entrant plays each board once: check the movement.")),
    "board_deal_mismatch": (422, N_("Board deal mismatch"),
        N_("Duplicate: a record is not its board's deal (`reason`: `dealer`, `options`, `deal` or "
           "`match`)."),
        N_("Send the record of the board's seeded deal, or the right board number.")),
    "options_mismatch": (422, N_("Options mismatch"),
        N_("A record's options differ from the event's."),
        N_("Play every table with the event's `options`.")),
    "invalid_outcome": (422, N_("Invalid outcome"),
        N_("A score-sheet line the game's `…/matches/score` refuses (`reason` says why), or a line "
           "after the match ended."),
        N_("Correct the line `hand` names, or drop the lines after the match ended.")),
    # …/analysis and …/hint (ANALYSIS.md)
    "analysis_view_not_allowed": (422, N_("Analysis needs every card"),
        N_("`…/analysis` was sent a view: double dummy needs all the cards."),
        N_("Send the full record, or ask `…/hint` with the seat's view.")),
    "analysis_not_in_play": (422, N_("Not in the card play"),
        N_("The position is not in the card-play phase (an auction, a discard, a finished hand), or "
           "the game has no such play."),
        N_("Send a record whose next move is a card played to a trick.")),
    "analysis_not_viewers_turn": (422, N_("Not the viewer's turn"),
        N_("A hint was asked for a view whose seat is not the one to play."),
        N_("Ask when the viewing seat is to play.")),
    "analysis_budget_exceeded": (422, N_("Analysis budget exceeded"),
        N_("The search would take more nodes than the request's budget (`max_nodes`; `nodes` were "
           "searched): no value is guessed."),
        N_("Ask later in the hand (fewer tricks left), or with a larger `max_nodes` up to the "
           "service's cap.")),
    "token_expired": (422, N_("Token expired"),
        N_("A `record_token` older than the service's token lifetime (`REFEREE_TOKEN_TTL`, 7 days by"
           " default)."),
        N_("Ask for a fresh token: deal again, or have the holder of the token without a seat open "
           "and reseal the record.")),
    # gunicorn's own refusals, before the app runs (service.http.problems.gunicorn_error)
    "invalid_http": (400, N_("Invalid HTTP"),
        N_("The request line or a header cannot be parsed (a bad byte, a negative `Content-Length`, "
           "an unknown HTTP version)."),
        N_("Send a well-formed HTTP/1.1 request.")),
    "uri_too_long": (414, N_("URI too long"),
        N_("The request line is longer than the server reads."),
        N_("Shorten the URL; send data in the body.")),
    "headers_too_large": (431, N_("Headers too large"),
        N_("Too many header fields, or one too long."),
        N_("Send fewer or shorter headers.")),
    "not_implemented": (501, N_("Not implemented"),
        N_("A transfer coding or method the server does not implement."),
        N_("Send the body with `Content-Length` or chunked, with a standard method.")),
    "forbidden": (403, N_("Forbidden"),
        N_("The server refused the request before the referee saw it."),
        N_("Check the request's headers and the address you call.")),
    "expectation_failed": (417, N_("Expectation failed"),
        N_("An `Expect` header the server cannot meet."),
        N_("Send `Expect: 100-continue` or no `Expect` at all.")),
    "http_error": (400, N_("HTTP error"),
        N_("An HTTP-level failure without a more precise code."),
        N_("Check the request line and headers.")),
}
