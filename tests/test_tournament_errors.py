"""Every refusal of TOURNAMENTS.md with its index path, and the order in which they are checked."""

import copy

import pytest

from service import create_app
from service.rules.games import GAMES

from .contract import post
from .test_tournaments import EXAMPLES
from .tournament_events import duplicate_event, match_records, matches_event

BE = "/v1/games/buck-euchre/tournaments/score"


def ex(n):
    return copy.deepcopy(EXAMPLES[n]["input"])


def problem(client, body, game="buck-euchre", status=422):
    body = {k: v for k, v in body.items() if k != "game"}
    resp = post(client, f"/v1/games/{game}/tournaments/score", body)
    assert resp.status_code == status, resp.get_json()
    assert resp.mimetype == "application/problem+json"
    return resp.get_json()


def path(p, *keys):
    return {k: p.get(k) for k in keys}


# --- 400: the tournament's own shape ---
@pytest.mark.parametrize("change, field", [
    (lambda b: b.pop("entrants"), "entrants"),
    (lambda b: b.update(rounds=[]), "rounds"),
    (lambda b: b.update(format="swiss"), "format"),
    (lambda b: b.update(colour="red"), "colour"),
    (lambda b: b.update(name="x" * 201), "name"),
    (lambda b: b["entrants"][0].update(rating=1), "entrants"),
    (lambda b: b["entrants"][0].update(id="-ann"), "entrants"),
    (lambda b: b["entrants"][0].update(name=""), "entrants"),
    (lambda b: b["rounds"][0].update(note="x"), "rounds"),
    (lambda b: b["rounds"][0]["tables"][0].update(where="x"), "rounds"),
    (lambda b: b["rounds"][0]["tables"][0].update(dealer="0"), "rounds"),
    (lambda b: b["rounds"][0]["tables"][0].update(dealer=True), "rounds"),
    (lambda b: b["rounds"][0]["tables"][0].update(seats=["ann", "b ob", "cat", "dan"]), "rounds"),
    (lambda b: b.update(boards=[{"seed": "x"}]), "boards"),
    (lambda b: b["rounds"][0]["tables"][0].update(boards=[1]), "rounds"),
])
def test_shape_errors_are_400_with_the_field(client, change, field):
    body = ex("1")
    change(body)
    p = problem(client, body, status=400)
    assert p["code"] == "invalid_request" and field in p["errors"], p


def test_a_dealer_with_records_or_in_duplicate_is_misplaced_whatever_its_value(client):
    for value in (0, 3, None):
        body = ex("6")
        body["rounds"][0]["tables"][0]["dealer"] = value
        assert problem(client, body, status=400)["code"] == "invalid_request"
        body = ex("7")
        body["rounds"][0]["tables"][0]["dealer"] = value
        assert problem(client, body, status=400)["code"] == "invalid_request"
    body = ex("4")
    body.pop("boards")
    assert "boards" in problem(client, body, status=400)["errors"]
    body = ex("4")
    body["rounds"][0]["tables"][1].pop("boards")
    assert problem(client, body, status=400)["code"] == "invalid_request"


# --- 422, in the order of the list ---
@pytest.mark.parametrize("key, code", [("MAX_TOURNAMENT_ENTRANTS", "too_many_entrants"),
                                       ("MAX_TOURNAMENT_ROUNDS", "too_many_rounds"),
                                       ("MAX_TOURNAMENT_TABLES", "too_many_tables"),
                                       ("MAX_TOURNAMENT_HANDS", "too_many_hands")])
def test_caps(key, code):
    app = create_app({"TESTING": True, key: 1})
    body = ex("1")
    # two entrants with the same id as well: the cap is checked first
    body["entrants"].append({"id": "ann", "name": "Ann again"})
    p = app.test_client().post(BE, json=body).get_json()
    assert p["code"] == code, p


def test_boards_cap_and_one_tables_hands():
    app = create_app({"TESTING": True, "MAX_TOURNAMENT_BOARDS": 1})
    body = ex("5")
    assert app.test_client().post("/v1/games/bid-whist/tournaments/score", json=body).get_json()["code"] == \
        "too_many_boards"
    app = create_app({"TESTING": True, "MAX_HANDS": 2})
    p = app.test_client().post(BE, json=ex("1")).get_json()
    assert p["code"] == "too_many_hands" and path(p, "round", "table") == {"round": 0, "table": 0}


def test_duplicate_entrant(client):
    body = ex("1")
    body["entrants"].append({"id": "bob", "name": "Bob 2"})
    p = problem(client, body)
    assert p["code"] == "duplicate_entrant" and path(p, "entrant_index", "entrant") == \
        {"entrant_index": 4, "entrant": "bob"}


def test_invalid_options_before_boards(client):
    body = ex("4")
    body["options"] = {"target": 0}
    body["boards"][0]["dealer"] = 9
    p = problem(client, body)
    assert p["code"] == "invalid_options" and p["reason"] == "bad_option"
    body["options"] = {"trumps": "yes"}
    assert problem(client, body)["reason"] == "unknown_option"


def test_courts_cannot_be_played_duplicate(client):
    body = {"format": "duplicate", "options": {"scoring": "courts"},
            "entrants": [{"id": f"e{i}", "name": "E"} for i in range(4)],
            "boards": [{"seed": "s"}],
            "rounds": [{"tables": [{"seats": ["e0", "e1", "e2", "e3"], "boards": [1],
                                    "score_sheet": [{"winner_team": 0, "kot": False}]}]}]}
    assert problem(client, body, "court-piece")["code"] == "invalid_options"
    body["options"] = {}
    body["boards"][0]["options"] = {"scoring": "courts"}
    p = problem(client, body, "court-piece")
    assert p["code"] == "invalid_board" and p["board"] == 1


@pytest.mark.parametrize("board, reason", [({"seed": "s", "dealer": 4}, "bad_dealer"),
                                           ({"seed": "s", "options": {"target": 0}}, "bad_option"),
                                           ({"seed": "s", "options": {"nope": 1}}, "unknown_option")])
def test_invalid_board(client, board, reason):
    body = ex("4")
    body["boards"].append(board)
    p = problem(client, body)
    assert p["code"] == "invalid_board" and p["board"] == 2 and p["reason"] == reason


def test_a_board_may_not_change_the_players_or_the_teams(client):
    body = {"format": "duplicate", "options": {"players": 6},
            "entrants": [{"id": f"e{i}", "name": "E"} for i in range(6)],
            "boards": [{"seed": "s", "options": {"six_player_teams": "three_teams_of_two"}}],
            "rounds": [{"tables": [{"seats": [f"e{i}" for i in range(6)], "boards": [1],
                                    "score_sheet": [{"contract": None}]}]}]}
    p = problem(client, body, "five-hundred")
    assert p["code"] == "invalid_board" and p["board"] == 1
    body["boards"][0]["options"] = {"players": 4}
    assert problem(client, body, "five-hundred")["code"] == "invalid_board"


def test_seating(client):
    body = ex("1")
    body["rounds"][1]["tables"][0]["seats"] = ["bob", "dan", "ann"]
    p = problem(client, body)
    assert p["code"] == "wrong_seat_count" and path(p, "round", "table") == {"round": 1, "table": 0}
    body = ex("1")
    body["rounds"][1]["tables"][0]["seats"][2] = "zed"
    p = problem(client, body)
    assert p["code"] == "unknown_entrant" and path(p, "round", "table", "seat", "entrant") == \
        {"round": 1, "table": 0, "seat": 2, "entrant": "zed"}
    body = ex("1")
    body["rounds"][0]["tables"][0]["seats"][3] = "ann"  # at the same table
    p = problem(client, body)
    assert p["code"] == "entrant_seated_twice" and path(p, "round", "table", "seat", "entrant") == \
        {"round": 0, "table": 0, "seat": 3, "entrant": "ann"}


def test_mixed_and_empty_tables(client):
    body = ex("1")
    table = body["rounds"][1]["tables"][0]
    table["hands"] = []
    assert problem(client, body, status=400)["code"] == "invalid_request"  # a dealer with hands
    table.pop("dealer")
    p = problem(client, body)
    assert p["code"] == "mixed_table" and path(p, "round", "table") == {"round": 1, "table": 0}
    table.pop("score_sheet")
    assert problem(client, body)["code"] == "empty_table"
    table.pop("hands")
    assert problem(client, body)["code"] == "empty_table"


def test_boards_of_a_table(client):
    body = ex("5")
    body["rounds"][0]["tables"][1]["boards"] = [1]
    p = problem(client, body, "bid-whist")
    assert p["code"] == "board_count_mismatch" and path(p, "round", "table") == {"round": 0, "table": 1}
    body = ex("5")
    body["rounds"][0]["tables"][1]["boards"] = [1, 3]
    p = problem(client, body, "bid-whist")
    assert p["code"] == "unknown_board" and path(p, "round", "table", "hand") == {"round": 0, "table": 1, "hand": 1}
    body = ex("5")
    body["rounds"][0]["tables"][1]["boards"] = [2, 2]
    p = problem(client, body, "bid-whist")
    assert p["code"] == "board_played_twice" and path(p, "round", "table", "hand", "board", "entrant") == \
        {"round": 0, "table": 1, "hand": 1, "board": 2, "entrant": "nick"}


def test_a_board_played_twice_across_rounds_names_the_first_such_entrant_in_seat_order(client):
    body = ex("5")
    body["rounds"].append({"tables": [{"seats": ["wes", "nora", "sue", "ed"], "boards": [1],
                                       "score_sheet": [{"contract": {"bidder": 0, "level": 2, "mode": "uptown"},
                                                        "books": [9, 4]}]}]})
    p = problem(client, body, "bid-whist")
    assert p["code"] == "board_played_twice" and p["entrant"] == "wes" and p["round"] == 1


def _ex6_record():
    return copy.deepcopy(EXAMPLES["6"]["input"]["rounds"][0]["tables"][0]["hands"][0])


@pytest.mark.parametrize("change, reason", [
    (lambda r: r.update(dealer=1), "dealer"),
    (lambda r: r.update(options={**r["options"], "penalty": 4}), "options"),
    (lambda r: r["deal"].update(turn_up="TC", stock=["TH", "JS", "JH"]), "deal"),
    (lambda r: r.update(seed="another"), "deal"),
    (lambda r: r.update(match={"scores": [20, 25, 25, 25], "hand_number": 1}), "match"),
    (lambda r: r.update(match={"scores": [25, 25, 25, 25], "hand_number": 2}), "match"),
])
def test_board_deal_mismatch_reasons(client, change, reason):
    body = ex("6")
    change(body["rounds"][0]["tables"][1]["hands"][0])
    p = problem(client, body)
    assert p["code"] == "board_deal_mismatch" and p["reason"] == reason
    assert path(p, "round", "table", "hand", "board") == {"round": 0, "table": 1, "hand": 0, "board": 1}


def test_board_deal_mismatch_checks_dealer_before_options_before_deal(client):
    body = ex("8")
    record = body["rounds"][0]["tables"][1]["hands"][0]
    record["options"]["penalty"] = 4
    assert problem(client, body)["reason"] == "options"
    record["dealer"] = 2
    assert problem(client, body)["reason"] == "dealer"


def test_the_same_deal_written_otherwise_is_the_boards_deal(client):
    body = ex("6")
    record = body["rounds"][0]["tables"][1]["hands"][0]
    record["deal"]["turn_up"] = "10H"
    record.pop("match")
    record["seed"] = "ex6-board-1"
    assert post(client, BE, body).status_code == 200


def test_a_duplicate_record_with_invalid_options_is_an_invalid_record(client):
    body = ex("6")
    body["rounds"][0]["tables"][1]["hands"][0]["options"]["colour"] = "red"
    p = problem(client, body)
    assert p["code"] == "invalid_record" and p["reason"] == "unknown_option" and p["hand_index"] == 0


def test_options_mismatch_and_invalid_record_options(client):
    body = ex("7")
    body["options"] = {"penalty": 4}
    p = problem(client, body)
    assert p["code"] == "options_mismatch" and path(p, "round", "table", "hand") == {"round": 0, "table": 0, "hand": 0}
    body["rounds"][0]["tables"][0]["hands"][0]["options"]["penalty"] = 0
    p = problem(client, body)
    assert p["code"] == "invalid_record" and p["reason"] == "bad_option"


def _table_of(records, game="buck-euchre", options=None):
    n = GAMES[game].players(GAMES[game].parse_options(options or {}))
    return {"options": options or {}, "entrants": [{"id": f"e{i}", "name": f"E{i}"} for i in range(n)],
            "rounds": [{"tables": [{"seats": [f"e{i}" for i in range(n)], "hands": records}]}]}


def test_an_illegal_move_in_hand_0_comes_before_hand_1s_options(client):
    records = match_records("buck-euchre", "order", 2)
    records[1]["options"] = {**records[1]["options"], "penalty": 4}
    body = _table_of(records)
    assert problem(client, body)["code"] == "options_mismatch"
    first = records[0]["moves"]
    first[0], first[1] = first[1], first[0]  # out of turn
    p = problem(client, body)
    assert p["code"] == "illegal_move" and path(p, "hand", "move", "hand_index", "move_index") == \
        {"hand": 0, "move": 0, "hand_index": 0, "move_index": 0}


def test_chaining_refusals_carry_the_hand(client):
    options = {"target": 9}
    records = match_records("bid-whist", "chain", 3, options)
    assert len(records) == 3
    bad = copy.deepcopy(records)
    bad[2]["dealer"] = (bad[2]["dealer"] + 1) % 4
    p = problem(client, _table_of(bad, "bid-whist", options), "bid-whist")
    assert (p["code"], p["reason"], p["hand"], p["hand_index"]) == ("invalid_record", "wrong_dealer", 2, 2)
    bad = copy.deepcopy(records)
    bad[0]["match"] = {"scores": [1, 0], "hand_number": 1}
    p = problem(client, _table_of(bad, "bid-whist", options), "bid-whist")
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "match_mismatch", 0)
    bad = copy.deepcopy(records)
    bad[1]["moves"] = bad[1]["moves"][:-1]
    p = problem(client, _table_of(bad, "bid-whist", options), "bid-whist")
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "hand_incomplete", 1)
    bad = copy.deepcopy(records)
    bad[1]["moves"][5] = {"seat": bad[1]["moves"][5]["seat"], "type": "play"}
    p = problem(client, _table_of(bad, "bid-whist", options), "bid-whist")
    assert (p["code"], p["hand"], p["move"], p["move_index"]) == ("invalid_record", 1, 5, 5)


def test_court_pieces_last_hand_unfinished_is_refused_too(client):
    records = match_records("court-piece", "cp", 2)
    records[-1]["moves"] = records[-1]["moves"][:3]
    p = problem(client, _table_of(records, "court-piece"), "court-piece")
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "hand_incomplete", len(records) - 1)


def test_court_pieces_first_hand_must_be_hand_1(client):
    records = match_records("court-piece", "cp1", 1)
    records[0]["match"] = {**records[0]["match"], "hand_number": 2}
    p = problem(client, _table_of(records, "court-piece"), "court-piece")
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "match_mismatch", 0)


def test_a_hand_after_the_match_is_refused(client):
    records = match_records("buck-euchre", "end", 60, {"target": 3})
    assert GAMES["buck-euchre"].replay(records[-1]).result["match_over"]
    records.append(copy.deepcopy(records[0]))
    p = problem(client, _table_of(records, options={"target": 3}))
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "match_already_over", len(records) - 1)


def test_too_many_moves_is_checked_when_the_record_is_replayed():
    records = match_records("buck-euchre", "moves", 2)
    app = create_app({"TESTING": True, "MAX_MOVES": max(len(r["moves"]) for r in records)})
    records[1]["moves"] = records[1]["moves"] * 2
    p = app.test_client().post(BE, json=_table_of(records)).get_json()
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_record", "too_many_moves", 1)
    first = records[0]["moves"]
    first[0], first[1] = first[1], first[0]  # hand 0 is refused first
    p = app.test_client().post(BE, json=_table_of(records)).get_json()
    assert (p["code"], p["hand"]) == ("illegal_move", 0)


# --- score sheets ---
def test_a_bad_line_is_found_where_it_is(client):
    body = ex("2")
    sheet = body["rounds"][0]["tables"][1]["score_sheet"]
    sheet[1]["books"] = [2, 12]
    p = problem(client, body, "bid-whist")
    assert (p["code"], p["round"], p["table"], p["hand"]) == ("invalid_outcome", 0, 1, 1) and p["reason"]
    body = ex("1")
    body["rounds"][0]["tables"][0]["score_sheet"][1]["tricks_won"] = [1, 3, 0, 0]
    p = problem(client, body)
    assert (p["code"], p["hand"]) == ("invalid_outcome", 1)


def test_a_line_after_the_end_is_refused_before_a_bad_line_after_it(client):
    body = ex("1")
    sheet = body["rounds"][0]["tables"][0]["score_sheet"]
    sheet.append(copy.deepcopy(sheet[0]))
    p = problem(client, body)
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_outcome", "match_already_over", 3)
    sheet.append({"maker": 7})
    assert problem(client, body)["hand"] == 3
    body = ex("2")  # Bid Whist checks every line before scoring: still the line after the end first
    sheet = body["rounds"][0]["tables"][0]["score_sheet"]
    sheet += [copy.deepcopy(sheet[0]), {"contract": {"bidder": 9}}]
    p = problem(client, body, "bid-whist")
    assert (p["reason"], p["hand"]) == ("match_already_over", 2)


def test_court_piece_sheet_with_the_wrong_calling_team(client):
    body = {"options": {}, "entrants": [{"id": f"e{i}", "name": "E"} for i in range(4)],
            "rounds": [{"tables": [{"seats": ["e0", "e1", "e2", "e3"], "dealer": 0,
                                    "score_sheet": [{"calling_team": 1, "winner_team": 1, "kot": False},
                                                    {"calling_team": 0, "winner_team": 0, "kot": False}]}]}]}
    p = problem(client, body, "court-piece")
    assert (p["code"], p["reason"], p["hand"]) == ("invalid_outcome", "calling_team_mismatch", 1)


def test_a_table_dealer_that_is_no_seat(client):
    body = ex("1")
    body["rounds"][0]["tables"][0]["dealer"] = 4
    p = problem(client, body)
    assert (p["code"], p["reason"], p["table"]) == ("invalid_outcome", "bad_dealer", 0)


# --- duplicate from records, every game ---
@pytest.mark.parametrize("game", list(GAMES))
def test_duplicate_from_records_every_game(client, game):
    event = duplicate_event(game, boards=2, tables=3)
    resp = post(client, f"/v1/games/{game}/tournaments/score", {k: v for k, v in event.items() if k != "game"})
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    for board in answer["boards"]:
        assert board["tables_played"] == 3 and board["top"] == 4
        positions = {r["position"] for r in board["results"]}
        for p in positions:  # the matchpoints of one position over all its tables
            assert sum(r["matchpoints"] for r in board["results"] if r["position"] == p) == 3 * 4 / 2
        if len(positions) == 2:  # the two positions at one table share the top
            for t in range(3):
                assert sum(r["matchpoints"] for r in board["results"] if r["table"] == t) == 4
    # every record of a board is its board's deal: a record from the next board is refused
    event["rounds"][0]["tables"][2]["hands"][0] = event["rounds"][0]["tables"][2]["hands"][1]
    p = problem(client, event, game)
    assert p["code"] == "board_deal_mismatch" and (p["table"], p["hand"], p["board"]) == (2, 0, 1)


@pytest.mark.parametrize("game", list(GAMES))
def test_matches_from_records_every_game(client, game):
    event = matches_event(game, tables=2, hands=3)
    resp = post(client, f"/v1/games/{game}/tournaments/score", {k: v for k, v in event.items() if k != "game"})
    assert resp.status_code == 200, resp.get_json()
    answer = resp.get_json()
    replayed = [GAMES[game].replay_match({"hands": t["hands"]}) for t in event["rounds"][0]["tables"]]
    for table, ref in zip(answer["tables"], replayed):
        assert table["running_scores"] == ref["running_scores"] and table["match_over"] == ref["match_over"]
    csv = client.post(f"/v1/games/{game}/tournaments/score", json={k: v for k, v in event.items() if k != "game"},
                      headers={"Accept": "text/csv"}).get_data(as_text=True)
    assert len(csv.split("\r\n")) == 1 + sum(t["hands_played"] for t in answer["tables"]) + 1
