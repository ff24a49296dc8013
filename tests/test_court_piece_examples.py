"""Every worked example of court-piece.md, with the document's exact numbers."""

import copy

import pytest

from service.rules.errors import IllegalMove
from service.rules.games.court_piece import GAME
from .test_court_piece_data import EXAMPLES


def by_kind(*kinds):
    return [pytest.param(n, id=f"example_{n}") for n, e in EXAMPLES.items() if e["kind"] in kinds]


def subset(actual, expected, path="$"):
    """Every field of ``expected`` is in ``actual`` with the same value (lists compared whole)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        for k, v in expected.items():
            assert k in actual, f"{path}.{k} missing"
            subset(actual[k], v, f"{path}.{k}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(actual) == len(expected), path
        for i, (a, e) in enumerate(zip(actual, expected)):
            subset(a, e, f"{path}[{i}]")
    else:
        assert actual == expected, f"{path}: {actual!r} != {expected!r}"


@pytest.mark.parametrize("n", by_kind("deal"))
def test_deal_examples(n):
    ex = EXAMPLES[n]
    i = ex["input"]
    record = GAME.deal(i["seed"], i["options"], i["dealer"], i["match"])
    exp = ex["expected"]
    assert record["dealer"] == exp["dealer"]
    if "deal" in exp:
        assert record["deal"]["hands"] == exp["deal"]["hands"]
    if "draw" in exp:
        assert record["deal"]["draw"] == exp["draw"]
    # the record it returns replays
    GAME.replay(record)


@pytest.mark.parametrize("n", by_kind("replay"))
def test_replay_examples(n):
    ex = EXAMPLES[n]
    hand = GAME.replay(copy.deepcopy(ex["input"]))
    state = hand.state()
    exp = ex["expected"]
    assert [t["winner"] for t in state["tricks"]] == exp["trick_winners"]
    assert state["tricks_won"] == exp["tricks_won"]
    if exp["result"] is None:
        assert state["result"] is None
    else:
        subset(state["result"], exp["result"])
    if "state" in exp:
        subset(state, exp["state"])


@pytest.mark.parametrize("n", by_kind("illegal_move"))
def test_illegal_move_examples(n):
    ex = EXAMPLES[n]
    record = copy.deepcopy(ex["input"]["record"])
    hand = GAME.replay(record)
    move = GAME.parse_move(ex["input"]["move"], 4, hand.pack, None, "move")
    assert hand.check(move)[0] == ex["expected"]["reason"]
    record["moves"].append(ex["input"]["move"])
    with pytest.raises(IllegalMove) as err:
        GAME.replay(record)
    assert err.value.reason == ex["expected"]["reason"]
    assert err.value.move_index == len(record["moves"]) - 1


@pytest.mark.parametrize("n", by_kind("legal_moves"))
def test_legal_moves_examples(n):
    ex = EXAMPLES[n]
    hand = GAME.replay(copy.deepcopy(ex["input"]))
    assert hand.to_act == ex["expected"]["seat"]
    assert hand.legal_moves() == ex["expected"]["moves"]


@pytest.mark.parametrize("n", by_kind("trick_winner"))
def test_trick_winner_examples(n):
    ex = EXAMPLES[n]
    assert GAME.trick_winner(copy.deepcopy(ex["input"])) == ex["expected"]


@pytest.mark.parametrize("n", by_kind("hand_score"))
def test_hand_score_examples(n):
    ex = EXAMPLES[n]
    subset(GAME.score(copy.deepcopy(ex["input"])), ex["expected"])


@pytest.mark.parametrize("n", by_kind("match"))
def test_match_score_examples(n):
    ex = EXAMPLES[n]
    subset(GAME.score_match(copy.deepcopy(ex["input"])), ex["expected"])


@pytest.mark.parametrize("n", by_kind("match_replay"))
def test_match_replay_examples(n):
    ex = EXAMPLES[n]
    subset(GAME.replay_match(copy.deepcopy(ex["input"])), ex["expected"])
