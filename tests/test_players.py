"""The computer players (issue 32): a legal, concrete move at every decision of every game, the
same answer for the same request, exact sampling, and the hint's hardening (seed cap, budget)."""

from __future__ import annotations

import itertools
import json

import pytest

from service.rules.analysis import Budget
from service.rules.analysis.sampling import Sampler
from service.rules.games import GAMES
from service.rules.players import decide
from service.rules.players.selfplay import event, play_hand

from .contract import post, post_ok
from .test_api_analysis import problem

VARIANTS = {
    "bid-whist": [{}, {"kitty": "exchange"}, {"kitty": "sported", "kitty_before_declaring": True},
                  {"downtown_aces": "bad", "kitty": "exchange"}],
    "five-hundred": [{}, {"players": 3}, {"players": 5, "call_partner": True, "joker_nomination": False}, {"players": 6},
                     {"all_pass": "play_out", "joker_nomination": False}],
    "buck-euchre": [{}, {"allow_no_trump_call": True}],
    "court-piece": [{}, {"mode": "hidden_trump", "rung_royal": True}, {"mode": "double_sar"},
                    {"mode": "hidden_rung"}],
    "sixes": [{}, {"players": 4, "voluntary_pass": True}, {"players": 6, "ante": 1, "pay_per_card": True}],
}
CASES = [(g, o) for g, opts in VARIANTS.items() for o in opts]


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{i}" for g, o in VARIANTS.items() for i in range(len(o))])
def test_every_decision_gets_a_legal_move(game_id, options):
    """Basic at every seat, then strong and basic alternating (one sample: the method, not the
    strength, is under test); the engine refuses any illegal move, and every hand ends."""
    game = GAMES[game_id]
    n = game.players(game.parse_options(options))
    for i, kinds in enumerate((["basic"] * n, [("strong", "basic")[s % 2] for s in range(n)])):
        record = game.deal(f"players-{game_id}-{i}", options, i % n, None)
        hand = play_hand(game, record, kinds, f"t{i}", samples=1)
        assert hand.phase == "done" and hand.result is not None


def test_same_request_same_answer_and_one_move_at_once():
    game = GAMES["bid-whist"]
    record = game.deal("players-det", {}, 0, None)
    view = game.replay(record).view_record(1)
    for level in ("basic", "strong"):
        a = decide(game, view, level, seed="s", samples=2)
        assert decide(game, view, level, seed="s", samples=2) == a
        assert a["move"] in game.replay(view).legal_moves() and a["level"] == level
    hand = game.replay(record)
    while len(hand.legal_moves()) != 1:
        hand.play(game.parse_move(hand.legal_moves()[0], 4, hand.pack, None, "m"), len(hand.moves))
    one = decide(game, hand.view_record(hand.to_act), "strong", seed="s")
    assert one["method"] == "only_move" and one["nodes"] == 0


def test_a_seat_played_by_a_function_plays_as_the_level_it_wraps():
    """``bench.players`` seats a previous release's player through a pipe: a function given the
    seat's view (as JSON carries it) and the decision's seed plays exactly as the level it wraps."""
    game = GAMES["buck-euchre"]
    record = game.deal("players-fn-0", {}, 0, None)  # a deal where seed and level show
    viewers, seeds = set(), []

    def wrapped(game_, view, seed):
        viewers.add(view["viewer"])
        seeds.append((seed, len(view["moves"])))
        answer = decide(game_, json.loads(json.dumps(view)), "strong", seed=seed)
        return answer["move"], answer["method"]

    by_function = play_hand(game, record, [wrapped, "basic", wrapped, "basic"], "f")
    by_name = play_hand(game, record, ["strong", "basic", "strong", "basic"], "f")
    assert by_function.to_record()["moves"] == by_name.to_record()["moves"]
    assert viewers == {0, 2}
    assert seeds and all(seed == f"f:{index}" for seed, index in seeds)


def test_a_previous_release_plays_from_its_own_tree_through_a_pipe():
    """``bench/previous.py``'s worker, given this checkout as the previous release's tree: it
    imports that tree's ``service`` (it checks so) and decides as this process does."""
    from bench.previous import ROOT, PreviousPlayer
    game = GAMES["buck-euchre"]
    record = game.deal("players-fn-0", {}, 0, None)
    previous = PreviousPlayer(ROOT, "this tree")
    try:
        by_pipe = play_hand(game, record, [previous, "basic", previous, "basic"], "f")
    finally:
        previous.close()
    by_name = play_hand(game, record, ["strong", "basic", "strong", "basic"], "f")
    assert by_pipe.to_record()["moves"] == by_name.to_record()["moves"]


def test_a_parameterized_discard_is_answered_with_cards():
    game = GAMES["five-hundred"]
    for i in range(30):
        record = game.deal(f"disc-{i}", {}, 0, None)
        hand = play_hand(game, record, ["basic"] * 4, "d")  # to find a hand whose auction had a bid
        moves = hand.to_record()["moves"]
        k = next((j for j, m in enumerate(moves) if m["type"] == "discard"), None)
        if k is not None:
            break
    view = game.replay({**record, "moves": moves[:k]})
    view = view.view_record(view.to_act)
    for level in ("basic", "strong"):
        got = decide(game, view, level, seed="x", samples=1)["move"]
        assert got["type"] == "discard" and len(got["cards"]) == 3 and "from" not in got
        game.replay({**record, "moves": moves[:k] + [got]})  # legal


def _brute(pool, hidden, forbid):
    places = [p for s, k in enumerate(hidden) for p in [s] * k] + [-1] * (len(pool) - sum(hidden))
    out = set()
    for perm in set(itertools.permutations(places)):
        if all(p < 0 or not forbid[p] >> c & 1 for c, p in zip(pool, perm)):
            out.add(tuple(sum(1 << c for c, p in zip(pool, perm) if p == s) for s in range(len(hidden))))
    return out


def test_the_sampler_draws_exactly_the_consistent_deals_uniformly():
    pool, hidden = [0, 1, 2, 3, 16, 17, 18], [2, 2, 2]
    forbid = [0b1111, 0, 1 << 16 | 1 << 17]  # seat 0 void in spades, seat 2 holds neither 16 nor 17
    deals = _brute(pool, hidden, forbid)
    sampler = Sampler(pool, hidden, forbid, [0, 0, 0], None)
    assert sampler.count(0, sampler.caps) == len(deals) * 1  # the out-of-play place holds one card
    seen: dict = {}
    for i in range(len(deals) * 60):
        hands, _ = sampler.draw(f"u:{i}")
        seen[tuple(hands)] = seen.get(tuple(hands), 0) + 1
    assert set(seen) == deals
    assert max(seen.values()) < 3 * min(seen.values())


def test_the_samplers_counting_is_charged_to_the_budget():
    pool = list(range(0, 13)) + list(range(16, 29)) + list(range(32, 45))
    hidden = [13, 13, 13]
    forbid = [sum(1 << c for c in range(0, 13)), sum(1 << c for c in range(16, 29)), 0]
    budget = Budget(10, None)
    with pytest.raises(Exception) as err:
        Sampler(pool, hidden, forbid, [0, 0, 0], None, budget)
    assert getattr(err.value, "code", None) == "analysis_budget_exceeded"
    budget = Budget(2_000_000, None)
    s = Sampler(pool, hidden, forbid, [0, 0, 0], None, budget)
    assert 0 < budget.spent == s.work
    hands, _ = s.draw("x")
    assert not hands[0] & forbid[0] and not hands[1] & forbid[1]


def test_hint_seed_is_capped_like_a_deals(client):
    from service.rules.game import MAX_SEED_CHARS
    record = GAMES["sixes"].deal("cap", {}, 0, None)
    post_ok(client, "/v1/games/sixes/hint", {"record": record, "seed": "s" * MAX_SEED_CHARS, "level": "basic"})
    body = problem(post(client, "/v1/games/sixes/hint", {"record": record, "seed": "s" * 60_000}), 422,
                   "invalid_record")
    assert body["reason"] == "bad_seed"
    problem(post(client, "/v1/games/sixes/hint", {"record": record, "level": "expert"}), 400, "invalid_request")


def test_selfplay_event_is_a_tournament_the_service_scores(client):
    game = GAMES["buck-euchre"]
    ev = event(game, {}, ["basic", "random", "basic", "random"], 2, "ev", max_hands=2)
    assert [len(r["tables"][0]["hands"]) for r in ev["rounds"]] == [2, 2]
    got = post_ok(client, "/v1/games/buck-euchre/tournaments/score", {k: v for k, v in ev.items() if k != "game"})
    assert len(got["standings"]) == 4
    assert {e["id"] for e in ev["entrants"]} == {"seat0-basic", "seat1-random", "seat2-basic", "seat3-random"}


def test_referee_selfplay_writes_an_event_referee_tournament_scores(tmp_path, capsys):
    from service.cli import main
    out = tmp_path / "event.json"
    assert main(["selfplay", "sixes", "--matches", "2", "--seats", "basic,random,basic,random,random",
                 "--max-hands", "2", "--seed", "cli", "--out", str(out)]) == 0
    assert main(["tournament", str(out), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert len(scored["standings"]) == 5 and len(scored["tables"]) == 2
    assert main(["selfplay", "sixes", "--seats", "basic,basic"]) == 2
