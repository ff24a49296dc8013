"""Cost linear in hands, counted (never timed): each record replayed once, each line scored once.

Timings of a 10,000-hand event are in ``make bench`` (bench/tournaments.py).
"""

import copy

import pytest

from service.rules.games import GAMES
from service.rules.tournament import Limits, TournamentError, Work, score_tournament
from schemas.tournaments import load_event

from .tournament_events import duplicate_event, matches_event


def score(game, event, limits=None):
    work = Work()
    body = load_event({k: v for k, v in event.items() if k != "game"})
    return score_tournament(GAMES[game], body, limits, work), work


def test_each_record_is_replayed_once_and_each_board_dealt_once():
    event = duplicate_event("buck-euchre", boards=3, tables=4, rounds=2)
    scored, work = score("buck-euchre", event)
    records = sum(len(t["hands"]) for r in event["rounds"] for t in r["tables"])
    assert records == 24
    assert work.replays == records and work.deals == len(event["boards"]) == 6
    assert work.sheet_scorings == 0
    event = matches_event("bid-whist", tables=3, hands=4, options={"target": 9})
    scored, work = score("bid-whist", event)
    assert work.replays == sum(len(t["hands"]) for t in event["rounds"][0]["tables"])


def test_a_10000_hand_event_at_the_cap_is_scored_with_work_linear_in_hands():
    """The document's caps: 1,000 boards, each at ten of twenty tables of 500 score-sheet lines."""
    n_boards, n_tables, per_table = 1000, 20, 500
    line = {"maker": 1, "participants": [0, 1, 2, 3], "tricks_won": [1, 3, 1, 0]}
    other = {"maker": 2, "participants": [2, 3], "tricks_won": [0, 0, 4, 1]}
    entrants = [{"id": f"p{i}", "name": f"P{i}"} for i in range(4 * n_tables)]
    tables = [{"seats": [f"p{4 * t + s}" for s in range(4)],
               "boards": list(range(1 + per_table * (t % 2), 1 + per_table * (t % 2) + per_table)),
               "score_sheet": [copy.deepcopy(line if (b + t) % 3 else other) for b in range(per_table)]}
              for t in range(n_tables)]
    event = {"format": "duplicate", "entrants": entrants,
             "boards": [{"seed": f"b{b}", "dealer": b % 4} for b in range(n_boards)],
             "rounds": [{"tables": tables}]}
    scored, work = score("buck-euchre", event, Limits())
    hands = n_tables * per_table
    assert hands == Limits().hands
    assert work.sheet_scorings == hands and work.sheet_lines == hands  # one scoring per line, no retries
    assert work.deals == n_boards
    assert work.comparisons == 4 * hands  # one unit per result: matchpoints are sorted, not pairwise
    answer = scored.answer
    assert len(answer["boards"]) == n_boards and all(b["top"] == 18 for b in answer["boards"])
    for row in answer["standings"]:
        assert row["boards_played"] == per_table and row["max_matchpoints"] == 18 * per_table


def test_doubling_the_hands_doubles_the_work():
    small, work1 = score("sixes", matches_event("sixes", tables=2, hands=3, seed="lin"))
    big, work2 = score("sixes", matches_event("sixes", tables=4, hands=3, seed="lin"))
    hands1 = sum(t["hands_played"] for t in small.answer["tables"])
    hands2 = sum(t["hands_played"] for t in big.answer["tables"])
    assert work1.replays == hands1 and work2.replays == hands2


def test_a_refused_sheet_costs_a_logarithmic_search_only():
    idle = {"maker": None, "participants": [], "tricks_won": [0, 0, 0, 0]}  # all dropped: the match goes on
    sheet = [copy.deepcopy(idle) for _ in range(256)]
    sheet[200]["tricks_won"] = [9, 9, 9, 9]
    people = [{"id": f"p{i}", "name": "P"} for i in range(4)]
    event = {"format": "duplicate", "entrants": people, "boards": [{"seed": f"b{b}"} for b in range(256)],
             "rounds": [{"tables": [{"seats": ["p0", "p1", "p2", "p3"], "boards": list(range(1, 257)),
                                     "score_sheet": sheet}]}]}
    work = Work()
    with pytest.raises(TournamentError) as caught:
        score_tournament(GAMES["buck-euchre"], load_event(event), None, work)
    assert caught.value.code == "invalid_outcome" and caught.value.extra["hand"] == 200
    assert work.sheet_scorings == 201  # one line per call in duplicate: nothing to search
    matches = {"entrants": people, "rounds": [{"tables": [{"seats": ["p0", "p1", "p2", "p3"], "score_sheet": sheet}]}]}
    work = Work()
    with pytest.raises(TournamentError) as caught:
        score_tournament(GAMES["buck-euchre"], load_event(matches), None, work)
    assert caught.value.code == "invalid_outcome" and caught.value.extra["hand"] == 200
    assert work.sheet_scorings <= 1 + 8 + 1  # the whole sheet, log2(256) prefixes, the good prefix
