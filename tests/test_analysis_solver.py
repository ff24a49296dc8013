"""The double-dummy solver (shared/ANALYSIS.md): the worked examples, the solver against plain
minimax on thousands of random small endgames, and each game's play model against the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench.analysis import playable, position
from service.rules import games
from service.rules.analysis import AnalysisRefused, analyse
from service.rules.analysis.adapters import ADAPTERS, move_code
from service.rules.analysis.solver import Solver, minimax

EXAMPLES = json.loads((Path(__file__).parent / "data" / "analysis_examples.json").read_text())

# every game, and the options that change the play (contracts come from the random auctions)
VARIANTS = {
    "bid-whist": [{}, {"kitty": "exchange", "first_lead": "bidder"},
                  {"kitty": "sported", "downtown_aces": "bad", "kitty_before_declaring": True}],
    "court-piece": [{"mode": "single_sar"}, {"mode": "hidden_trump"},
                    {"mode": "hidden_trump", "reveal_counts_current_trick": True},
                    {"mode": "hidden_trump", "rung_royal": True}, {"mode": "single_sar", "rung_royal": True}],
    "five-hundred": [{"players": 4}, {"players": 3}, {"players": 2}, {"players": 5},
                     {"players": 6, "six_player_teams": "three_teams_of_two"}, {"players": 6},
                     {"players": 5, "call_partner": True}],
    "buck-euchre": [{}, {"allow_no_trump_call": True}],
}


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"example{e['example']}")
def test_worked_example(example):
    game = games.get(example["record"]["game"])
    answer = analyse(game, game.replay(example["record"]))
    assert answer.pop("nodes") > 0
    assert answer == example["expected"]


def kind(game_id: str, hand) -> str:
    """The contract kind of a position, so the test can show it met every kind."""
    if game_id == "five-hundred":
        if hand.misere:
            return "misere"
        return "no_trump" if hand.free_joker else "suit"
    if game_id == "bid-whist":
        return hand.mode
    if game_id == "court-piece":
        return hand.options["mode"] + ("_revealed" if hand.revealed else "")
    return "no_trump" if hand.trump is None else "trump"


def endgames(game_id: str, per_variant: int):
    """Random positions with 1-3 tricks left (2 with five or six seats), at any point of a trick."""
    for v, options in enumerate(VARIANTS[game_id]):
        seats = options.get("players", 4)
        found = i = 0
        while found < per_variant:
            rng = random.Random(f"{game_id}-{v}-{i}")
            k = rng.choice((1, 2, 3) if seats <= 4 else (1, 2))
            record = position(game_id, f"dd-prop-{game_id}-{v}-{i}", k, options, rng.randrange(seats))
            i += 1
            if record is not None:
                found += 1
                yield record


def root_moves_equal_plain_minimax(game, adapter, record):
    """Asserts every root move's solver value equals plain minimax's; the hand and the moves compared."""
    hand = game.replay(record)
    seat = hand.to_act
    objective = adapter.objective(hand, seat)
    codes = [move_code(m) for m in hand.legal_moves()]
    values = Solver(adapter.play(hand, objective)).values(codes)
    oracle = adapter.play(hand, objective)
    for code in codes:
        saved = oracle.save()
        gain, stopped = oracle.push(seat, code)
        expected = gain if stopped else gain + minimax(oracle)
        oracle.unpush(seat, code, saved)
        assert values[code] == expected, (record, code)
    return hand, len(codes)


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_solver_equals_plain_minimax(game_id):
    """Every root move's value, merged, pruned and tabled, equals plain minimax's."""
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    kinds, compared = set(), 0
    for record in endgames(game_id, 700 // len(VARIANTS[game_id]) + 40):
        hand, n = root_moves_equal_plain_minimax(game, adapter, record)
        compared += n
        kinds.add(kind(game_id, hand))
    assert compared >= 1200
    wanted = {"bid-whist": {"uptown", "downtown", "no_trump"},
              "court-piece": {"single_sar_revealed", "hidden_trump", "hidden_trump_revealed"},
              "five-hundred": {"suit", "no_trump", "misere"},
              "buck-euchre": {"trump"}}[game_id]
    assert wanted <= kinds


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_play_model_agrees_with_the_engine(game_id):
    """Random hands played through the engine and the solver's model side by side: the same
    legal moves at every turn, the same hands, turns, tricks and end."""
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    checked = 0
    for v, options in enumerate(VARIANTS[game_id]):
        for i in range(25):
            rng = random.Random(f"model-{game_id}-{v}-{i}")
            hand = game.replay(game.deal(f"model-{game_id}-{v}-{i}", options, rng.randrange(hand_n(options)),
                                         None))
            model = None
            while hand.phase != "done":
                listing = hand.legal_moves()
                if adapter.in_play(hand):
                    if model is None:
                        seat = hand.to_act
                        model = adapter.play(hand, adapter.objective(hand, seat))
                    assert sorted(model.moves(hand.to_act)) == sorted(move_code(m) for m in listing)
                    checked += 1
                move = playable(rng.choice(listing), rng)
                if model is not None:
                    gain, stopped = model.push(move["seat"], move_code(move))
                hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
                if model is not None:
                    assert stopped == (hand.phase == "done")
                    assert model.done == adapter.done(hand)
                    if not stopped:
                        assert model.hands == adapter.remaining(hand)
                        assert model.to_act == hand.to_act
                        assert model.leader == (hand.to_act if hand.leader is None else hand.leader)
    assert checked > 300


def hand_n(options):
    return options.get("players", 4)


def first_position(game_id: str, prefix: str, k: int) -> dict:
    """The first seed ``prefix-i`` whose hand reaches a lead with ``k`` tricks left."""
    return next(r for r in (position(game_id, f"{prefix}-{i}", k) for i in range(200)) if r)


def test_budget_is_never_a_guess():
    """10 nodes cannot prove a first lead: the answer is the refusal, whatever the game."""
    for game_id in VARIANTS:
        game = games.get(game_id)
        k = ADAPTERS[game_id].total
        record = first_position(game_id, f"budget-{game_id}", k)
        with pytest.raises(AnalysisRefused) as err:
            analyse(game, game.replay(record), max_nodes=10)
        assert err.value.code == "analysis_budget_exceeded"
        assert err.value.extra["max_nodes"] == 10 and err.value.extra["nodes"] == 11


def test_request_cap_reports_the_cap():
    game = games.get("bid-whist")
    record = first_position("bid-whist", "cap", 12)
    with pytest.raises(AnalysisRefused) as err:
        analyse(game, game.replay(record), max_nodes=1000, cap=50)
    assert err.value.extra["max_nodes"] == 50


def test_answer_does_not_depend_on_the_budget_once_it_suffices():
    game = games.get("court-piece")
    record = first_position("court-piece", "enough", 4)
    first = analyse(game, game.replay(record))
    again = analyse(game, game.replay(record), max_nodes=first["nodes"])
    assert first == again


def test_not_in_play():
    game = games.get("bid-whist")
    record = game.deal("not-in-play", {}, 0, None)
    with pytest.raises(AnalysisRefused) as err:
        analyse(game, game.replay(record))
    assert err.value.code == "analysis_not_in_play" and "bidding" in err.value.detail


def test_equivalent_cards_are_searched_once_and_listed_each():
    """Touching cards (AS KS, and QS JS once KS... are gone) are one class; every move is listed."""
    game = games.get("bid-whist")
    record = first_position("bid-whist", "merge", 5)
    hand = game.replay(record)
    adapter = ADAPTERS["bid-whist"]
    solver = Solver(adapter.play(hand, adapter.objective(hand, hand.to_act)))
    codes = [move_code(m) for m in hand.legal_moves()]
    classes = solver.classes(hand.to_act, codes)
    assert sorted(m for _, members in classes for m in members) == sorted(codes)
    answer = analyse(game, hand)
    values = {move_code(e["move"]): e["value"] for e in answer["moves"]}
    for _, members in classes:
        assert len({values[m] for m in members}) == 1
    assert [e["move"] for e in answer["moves"]] == hand.legal_moves()
    assert answer["best"] == [e["move"] for e in answer["moves"] if e["value"] == answer["value"]]


def middlegames(game_id: str, per_variant: int):
    """Random positions with 4-5 tricks left (3 with five or six seats), at any point of a trick:
    deep enough for the table to answer positions the search met by another line."""
    for v, options in enumerate(VARIANTS[game_id]):
        seats = options.get("players", 4)
        found = i = 0
        while found < per_variant:
            rng = random.Random(f"mid-{game_id}-{v}-{i}")
            k = rng.choice((4, 5) if seats <= 4 else (3,))
            if k > ADAPTERS[game_id].total:
                k = ADAPTERS[game_id].total
            record = position(game_id, f"dd-mid-{game_id}-{v}-{i}", k, options, rng.randrange(seats))
            i += 1
            if record is not None:
                found += 1
                yield record


@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_partition_search_agrees_with_exact_table_keys(game_id):
    """Table entries that ignore the small cards no line of the search compared (partition search)
    give every root move the value a table keyed on every card's owner gives, and the zero-window
    root gives each move the value of one full-window search of it."""
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    compared = 0
    for record in middlegames(game_id, 160 // len(VARIANTS[game_id]) + 6):
        hand = game.replay(record)
        seat = hand.to_act
        objective = adapter.objective(hand, seat)
        codes = [move_code(m) for m in hand.legal_moves()]
        partition = Solver(adapter.play(hand, objective))
        values = partition.values(codes)
        exact = Solver(adapter.play(hand, objective), partition=False)
        assert exact.values(codes) == values, record
        full = Solver(adapter.play(hand, objective), partition=False)
        for code in codes:
            assert full.child(seat, code, -1, full.p.total + 1) == values[code], (record, code)
        compared += len(codes)
    assert compared >= 400


def test_partition_search_spends_fewer_nodes():
    """A regression guard counted in nodes (never in seconds): on the benchmark's first Five
    Hundred positions with 7 tricks left, partition search needs fewer nodes than exact keys."""
    game = games.get("five-hundred")
    adapter = ADAPTERS["five-hundred"]
    spent = {True: 0, False: 0}
    for i in range(4):
        record = position("five-hundred", f"bench-dd-five-hundred-7-{i}", 7)
        if record is None:
            continue
        hand = game.replay(record)
        codes = [move_code(m) for m in hand.legal_moves()]
        for partition in spent:
            solver = Solver(adapter.play(hand, adapter.objective(hand, hand.to_act)), partition=partition)
            solver.values(codes)
            spent[partition] += solver.nodes
    assert spent[True] < spent[False] * 0.9


def test_the_callers_reveal_on_lead_keys_the_table_apart():
    """Right after the caller's ``reveal`` on lead he must lead a trump: that trick start is not the
    free lead over the same cards, and must not share its table entries. In this hidden-trump
    position the caller may reveal on lead deep in the search; solving KD then 8D on one table once
    gave 8D 5 where 8D alone (and the compiled core) gives 4."""
    game = games.get("court-piece")
    hand = game.replay(position("court-piece", "core-court-piece-1-4451222", 10, VARIANTS["court-piece"][1], 0))
    adapter = ADAPTERS["court-piece"]
    objective = adapter.objective(hand, hand.to_act)
    codes = [move_code(m) for m in hand.legal_moves() if m.get("card") in ("KD", "8D")]
    together = Solver(adapter.play(hand, objective)).values(codes)
    assert together == {c: Solver(adapter.play(hand, objective)).values([c])[c] for c in codes}
