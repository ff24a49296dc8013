"""``"double_dummy": true`` (TOURNAMENTS.md, "Double-dummy results"): each record's declaring side's
tricks possible and taken, and the first move that cost a trick.

The known answers are Buck Euchre hands worked out by hand (below); random hands are checked
against ``…/analysis`` itself at every position where a declarer is to act (the contract: "where a
declarer is to act, exactly what ``…/analysis`` answers as ``value``"). Work is counted in nodes,
never timed.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from service import cli, create_app
from service.http import analysis as analysis_api
from service.rules.analysis import analyse
from service.rules.analysis.adapters import ADAPTERS
from service.rules.games import GAMES
from service.rules.tournament import DoubleDummy, Work, _dd_job, record_double_dummy, score_tournament
from service.rules.tournament_csv import DD_COLUMNS, to_csv
from schemas.tournaments import load_event

from .contract import post
from .helpers import on_terminal
from .tournament_events import duplicate_event, entrants, play

BE = GAMES["buck-euchre"]
PATH = "/v1/games/{}/tournaments/score"


def record(seed: str, dealer: int, moves) -> dict:
    rec = BE.deal(seed, {}, dealer, None)
    return {**rec, "moves": [{"seat": s, "type": t, **({"card": c} if c else {})} for s, t, c in moves]}


# Seat 0 makes diamonds and seat 3 alone stays (seats 1 and 2 drop). Seat 3 leads AH (seat 0 must
# follow with TH: seat 3's trick), then QD (seat 0's AD wins), seat 0 leads JD (seat 3 throws QH).
# Seat 0 holds JC AC, seat 3 KC JS, seat 0 to lead: AC first wins both (KC falls, then JC against
# JS), JC first loses both (KC beats it, seat 3 leads JS under which AC is a discard). JC was led:
# 2 tricks lost. Before it the maker had 2 and could make 2 more: 4, and from the first card seat 3
# can do no better than its AH (each of its other leads hands seat 0 every trick): possible 4.
KNOWN_LOSS_2 = record("be-36", 0, [
    [1, "pass", None], [2, "pass", None], [3, "pass", None], [0, "order_up", None], [0, "discard", "TD"],
    [1, "drop", None], [2, "drop", None], [3, "stay", None], [3, "play", "AH"], [0, "play", "TH"],
    [3, "play", "QD"], [0, "play", "AD"], [0, "play", "JD"], [3, "play", "QH"], [0, "play", "JC"],
    [3, "play", "KC"], [3, "play", "JS"], [0, "play", "AC"]])
EXPECTED_LOSS_2 = {"declarers": [0], "tricks_possible": 4, "tricks_taken": 2, "first_loss": {
    "move_index": 14, "seat": 0, "move": {"seat": 0, "type": "play", "card": "JC"},
    "best": {"seat": 0, "type": "play", "card": "AC"}, "cost": 2}}

# Hearts, seat 0 the maker against seat 3 alone. In the fourth trick seat 3 leads QH (trump) and
# seat 0, with no trump, keeps AC or AS: seat 3 then leads its last card, QS, which only AS beats.
# AS was thrown: one trick lost (seat 0 had 1, could have made 2).
KNOWN_LOSS_1 = record("be-23", 3, [
    [0, "order_up", None], [3, "discard", "KC"], [1, "drop", None], [2, "drop", None], [3, "stay", None],
    [0, "play", "TH"], [3, "play", "AH"], [3, "play", "9H"], [0, "play", "JD"], [0, "play", "9D"],
    [3, "play", "TD"], [3, "play", "QH"], [0, "play", "AS"], [3, "play", "QS"], [0, "play", "AC"]])
EXPECTED_LOSS_1 = {"declarers": [0], "tricks_possible": 2, "tricks_taken": 1, "first_loss": {
    "move_index": 12, "seat": 0, "move": {"seat": 0, "type": "play", "card": "AS"},
    "best": {"seat": 0, "type": "play", "card": "AC"}, "cost": 1}}


def known_event(**extra) -> dict:
    """Duplicate Buck Euchre: the two known hands at one table, a score-sheet line at another."""
    people = entrants(8)
    ids = [p["id"] for p in people]
    line = {"maker": 0, "participants": [0, 3], "tricks_won": [2, 0, 0, 3]}
    return {"format": "duplicate", "entrants": people,
            "boards": [{"seed": "be-36", "dealer": 0}, {"seed": "be-23", "dealer": 3}],
            "rounds": [{"tables": [{"seats": ids[:4], "boards": [1, 2], "hands": [KNOWN_LOSS_2, KNOWN_LOSS_1]},
                                   {"seats": ids[4:], "boards": [1], "score_sheet": [line]}]}],
            "double_dummy": True, **extra}


def test_the_known_hands_first_loss_cost_and_counts(client):
    resp = post(client, PATH.format("buck-euchre"), known_event())  # checked against openapi.yaml too
    assert resp.status_code == 200, resp.get_json()
    tables = resp.get_json()["tables"]
    assert tables[0]["double_dummy"] == [EXPECTED_LOSS_2, EXPECTED_LOSS_1]
    assert tables[1]["double_dummy"] == [None]  # a score sheet has no cards


def test_without_double_dummy_nothing_is_added(client):
    body = known_event()
    del body["double_dummy"]
    plain = post(client, PATH.format("buck-euchre"), body).get_json()
    off = post(client, PATH.format("buck-euchre"), {**body, "double_dummy": False}).get_json()
    assert plain == off and all("double_dummy" not in t for t in plain["tables"])


@pytest.mark.parametrize("value", [1, "true", None, [True]])
def test_double_dummy_is_a_json_boolean(client, value):
    resp = post(client, PATH.format("buck-euchre"), known_event(double_dummy=value))
    assert resp.status_code == 400 and "double_dummy" in resp.get_json()["errors"]


def test_csv_columns(client):
    resp = client.post(PATH.format("buck-euchre"), json=known_event(), headers={"Accept": "text/csv"})
    rows = [line.split(",") for line in resp.get_data(as_text=True).split("\r\n") if line]
    assert rows[0][-4:] == DD_COLUMNS == ["dd_tricks_possible", "dd_tricks_taken", "dd_first_loss_move_index",
                                          "dd_first_loss_cost"]
    assert [r[-4:] for r in rows[1:]] == [["4", "2", "14", "2"], ["2", "1", "12", "1"], ["", "", "", ""]]
    body = known_event()
    del body["double_dummy"]
    plain = client.post(PATH.format("buck-euchre"), json=body, headers={"Accept": "text/csv"})
    assert "dd_" not in plain.get_data(as_text=True)


def _declarers_to_act_agree_with_analysis(game, rec, entry) -> int:
    """Every position of the play before the first loss where a declarer acts: count = tricks
    taken + ``analyse``'s value; at a declarer's loss, its move's value and ``best``. Returns the
    positions checked."""
    from service.rules.tournament import _tricks_of
    loss = entry["first_loss"]
    end = loss["move_index"] if loss else len(rec["moves"])
    checked = 0
    for i in range(end + 1 if loss else end):
        hand = game.replay({**rec, "moves": rec["moves"][:i]})
        if not ADAPTERS[game.id].in_play(hand) or hand.to_act not in entry["declarers"]:
            continue
        answer = analyse(game, hand, 10**9, None)
        have = _tricks_of(game.id, hand, entry["declarers"])
        assert have + answer["value"] == entry["tricks_possible"], (i, answer)
        if loss and i == loss["move_index"]:
            played = next(m["value"] for m in answer["moves"] if m["move"] == loss["move"])
            assert answer["value"] - played == loss["cost"] and answer["best"][0] == loss["best"]
        checked += 1
    return checked


def test_random_hands_agree_with_the_analysis_wherever_a_declarer_acts():
    rng = random.Random("dd-agree")
    checked = losses = nulls = 0
    for k in range(24):
        rec = play("buck-euchre", BE.deal(f"dd-agree-{k}", {}, k % 4, None), rng)
        entry, nodes = record_double_dummy(BE, rec, 10**9, 10**9)
        hand = BE.replay(rec)
        plays = any(m["type"] == "play" for m in rec["moves"])
        if entry is None:  # no maker (a turned-up club, all passed) or no card played
            assert hand.maker is None or not plays
            nulls += 1
            continue
        assert hand.maker is not None and plays and nodes > 0
        assert entry["declarers"] == [hand.maker]
        assert entry["tricks_taken"] == hand.tricks_won[hand.maker]
        loss = entry["first_loss"]
        if loss is None:  # nobody erred: the count never moved
            assert entry["tricks_taken"] == entry["tricks_possible"]
        else:
            losses += 1
            assert loss["cost"] >= 1 and rec["moves"][loss["move_index"]] == loss["move"]
            assert loss["seat"] == loss["move"]["seat"] == loss["best"]["seat"] and loss["move"] != loss["best"]
        checked += _declarers_to_act_agree_with_analysis(BE, rec, entry)
    assert checked >= 25 and losses > 3 and nulls > 0  # the sample covers each case


@pytest.mark.parametrize("game_id", ["court-piece", "five-hundred", "bid-whist"])
def test_one_deal_played_at_four_tables_agrees_with_the_analysis_alone_or_on_a_shared_table(game_id):
    """What the event searches (the position's value, one bounded test per move, the first move that
    keeps the count) is what ``…/analysis`` answers; the records of one deal searched on one table
    (``_dd_job``) get the very entries they get alone."""
    game = GAMES[game_id]
    rng = random.Random(f"dd-shared-{game_id}")
    deal = game.deal(f"dd-shared-{game_id}", {}, 0, None)
    records = [play(game_id, deal, rng) for _ in range(4)]
    alone = [record_double_dummy(game, r, 10**9, 10**9) for r in records]
    together = _dd_job((game_id, records, 10**9, 10**9))
    assert [e for e, _ in together] == [e for e, _ in alone]
    checked = sum(_declarers_to_act_agree_with_analysis(game, r, e) for r, (e, _) in zip(records, alone) if e)
    assert checked >= 1


def test_a_lower_trump_played_into_the_trick_is_read_by_the_in_trick_bound():
    """A board of ``bench.tournaments``' one-contract line (three of its tables): a bound within a
    trick once took the trick for the side of the only trump still to come, reading no rank, while
    the other side had already played a lower trump into it. Alone each record's search was right; on
    the board's shared table an entry proved so stood for a position where the other side's trump
    was the higher, and a first loss found no move keeping the count."""
    from bench.analysis import playable
    game, adapter = GAMES["court-piece"], ADAPTERS["court-piece"]
    hand = game.replay(game.deal("bench-same-4", {}, 0, None))
    rng = random.Random("bench-same-auction-4")
    while not adapter.in_play(hand):
        hand.play(game.parse_move(playable(rng.choice(hand.legal_moves()), rng), 4, hand.pack, None, "m"),
                  len(hand.moves))
    records = []
    for t in range(3):
        h, rng = game.replay(hand.to_record()), random.Random(f"bench-same-play-4-{t}")
        while h.phase != "done" and adapter.in_play(h):
            h.play(game.parse_move(playable(rng.choice(h.legal_moves()), rng), 4, h.pack, None, "m"), len(h.moves))
        records.append(h.to_record())
    alone = [record_double_dummy(game, r, 10**9, 10**9) for r in records]
    together = _dd_job(("court-piece", records, 10**9, 10**9))
    assert [e for e, _ in together] == [e for e, _ in alone]


def test_a_hand_over_its_node_cap_is_refused_not_the_event():
    event = load_event(known_event())
    work = Work()
    scored = score_tournament(BE, event, None, work, double_dummy=DoubleDummy(hand_cap=10))
    refused = {"refused": "analysis_budget_exceeded"}
    assert scored.answer["tables"][0]["double_dummy"] == [refused, refused]
    assert scored.answer["tables"][1]["double_dummy"] == [None]
    assert work.dd_hands == 2 and 2 * 10 < work.dd_nodes <= 2 * 11  # each stopped at its cap
    csv = to_csv("buck-euchre", scored).split("\r\n")
    assert csv[1].endswith(",,,,") and csv[2].endswith(",,,,")


def app_with(**config):
    """An app of its own (the suite's is shared by every test): these caps set."""
    return create_app({"TESTING": True, **config})


def test_over_http_a_hand_gets_the_analysis_request_cap():
    resp = post(app_with(MAX_ANALYSIS_NODES=10).test_client(), PATH.format("buck-euchre"), known_event())
    assert resp.get_json()["tables"][0]["double_dummy"] == [{"refused": "analysis_budget_exceeded"}] * 2


def test_an_event_that_cannot_fit_the_request_cap_is_refused_before_any_search(monkeypatch):
    searched = []
    monkeypatch.setattr("service.rules.tournament.record_double_dummy",
                        lambda *a, **k: searched.append(1) or (None, 0))
    # one hand's worth and a node short of two: the table has two
    app = app_with(MAX_ANALYSIS_NODES=1000, MAX_TOURNAMENT_DD_NODES=1999)
    resp = post(app.test_client(), PATH.format("buck-euchre"), known_event())
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    pb = resp.get_json()
    assert (pb["code"], pb["hands"], pb["max_hands"], pb["max_nodes"]) == ("too_many_analysed_hands", 2, 1, 1999)
    assert searched == []
    app = app_with(MAX_ANALYSIS_NODES=1000, MAX_TOURNAMENT_DD_NODES=2000)
    assert post(app.test_client(), PATH.format("buck-euchre"), known_event()).status_code == 200
    assert searched == [1, 1]


def test_the_events_own_refusals_come_first():
    client = app_with(MAX_TOURNAMENT_DD_NODES=0).test_client()
    assert post(client, PATH.format("buck-euchre"), known_event()).get_json()["code"] == "too_many_analysed_hands"
    body = known_event()
    body["rounds"][0]["tables"][1]["seats"][0] = "nobody"
    assert post(client, PATH.format("buck-euchre"), body).get_json()["code"] == "unknown_entrant"


def test_the_search_pauses_for_the_workers_other_requests(app, monkeypatch):
    """A hand of more than a pause's worth of nodes calls the HTTP edge's hook (gevent's sleep)."""
    pauses = []
    monkeypatch.setattr(analysis_api, "cooperative", lambda: lambda: pauses.append(1))
    game = GAMES["court-piece"]
    # a hand of some 22,000 nodes (the first seeds now take a few hundred: the solver cut nodes)
    rec = play("court-piece", game.deal("dd-pause-4", {}, 0, None), random.Random("dd-pause-4"))
    people = entrants(4)
    body = {"entrants": people, "double_dummy": True,
            "rounds": [{"tables": [{"seats": [p["id"] for p in people], "hands": [rec]}]}]}
    resp = post(app.test_client(), PATH.format("court-piece"), body)
    entry = resp.get_json()["tables"][0]["double_dummy"][0]
    alone, nodes = record_double_dummy(game, rec)
    assert entry == alone and "tricks_possible" in entry
    assert nodes > 2048 and len(pauses) >= 1


def test_games_and_hands_without_a_declaring_side_are_null():
    sixes = GAMES["sixes"]
    rec = play("sixes", sixes.deal("dd-sixes", {}, 0, None), random.Random(1))
    assert record_double_dummy(sixes, rec) == (None, 0)
    fh = GAMES["five-hundred"]
    passes = [{"seat": s, "type": "pass"} for s in (1, 2, 3, 0)]
    thrown = {**fh.deal("dd-500", {}, 0, None), "moves": passes}  # thrown in: no card play
    assert fh.replay(thrown).result["thrown_in"] and record_double_dummy(fh, thrown) == (None, 0)
    # played out after all passed: cards are played, but there is no contract and no declaring side
    out = play("five-hundred", {**fh.deal("dd-500", {"all_pass": "play_out"}, 0, None), "moves": passes},
               random.Random(2))
    assert sum(m["type"] == "play" for m in out["moves"]) == 40 and record_double_dummy(fh, out) == (None, 0)


def _event_file(tmp_path):
    ev = duplicate_event("buck-euchre", 6, 2, seed="dd-cli")
    path = tmp_path / "event.json"
    path.write_text(json.dumps(ev))
    return ev, path


def test_the_cli_gives_the_same_answer_with_one_or_two_jobs_and_the_endpoints(client, tmp_path, capsys):
    ev, path = _event_file(tmp_path)
    outs = []
    for jobs in ("1", "2"):
        code = cli.main(["tournament", str(path), "--double-dummy", "--jobs", jobs, "--json"])
        outs.append(capsys.readouterr().out)
        assert code == 0
    assert outs[0] == outs[1]
    body = copy.deepcopy(ev)
    del body["game"]
    answer = client.post(PATH.format("buck-euchre"), json={**body, "double_dummy": True}).get_json()
    assert json.loads(outs[0]) == answer
    assert any(e is not None for t in answer["tables"] for e in t["double_dummy"])
    for jobs in ("1", "2"):
        assert cli.main(["tournament", str(path), "--double-dummy", "--jobs", jobs, "--csv"]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[2] == outs[3] and outs[2].split("\r\n")[0].endswith(",".join(DD_COLUMNS))


def test_the_cli_text_shows_each_analysed_hand(tmp_path, capsys):
    path = tmp_path / "known.json"
    path.write_text(json.dumps({"game": "buck-euchre", **known_event()}))
    assert cli.main(["tournament", str(path), "--jobs", "1"]) == 0  # the event asks for it itself
    out = capsys.readouterr().out
    assert ("round 0, table 0, hand 0: declarers 0, possible 4, taken 2; first loss move_index 14: seat 0 "
            "played JC, AC kept the count, cost 2") in out
    code = cli.main(["tournament", str(path), "--max-nodes", "10", "--jobs", "1"])
    assert code == 0 and "hand 1: not analysed (analysis_budget_exceeded)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["tournament", str(path), "--jobs", "0"])


def test_a_bar_counts_the_analysed_hands_on_a_terminal(tmp_path):
    import sys
    path = tmp_path / "known.json"
    path.write_text(json.dumps({"game": "buck-euchre", **known_event()}))
    code, out, seen = on_terminal([sys.executable, "-m", "service.cli", "tournament", str(path), "--jobs", "2"])
    assert code == 0 and b"possible 4, taken 2" in out
    assert b"double dummy" in seen and b"/2 " in seen, seen  # tqdm's bar: the two records analysed
