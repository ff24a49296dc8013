"""The strong Sixes player's machinery (service/rules/players/sixes.py): its playout on small ints is
the referee with the basic player at every seat, move for move; its search of the seat's own next
choices equals a brute force through the referee; the passes the rules forced mark the cards a seat
cannot hold; the answer is the same for the same seed, and its work is counted in nodes."""

from __future__ import annotations

import pytest

from service.rules.analysis import Budget
from service.rules.games import GAMES
from service.rules.players import basic, decide
from service.rules.players.sixes import forbidden, model_for, playout, search
from service.rules.players.strong import Counter

GAME = GAMES["sixes"]


def _move(hand, move):
    hand.play(GAME.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))


def _compact(hand):
    """A full record's position on small ints: hands, layout, and each seat's hand order."""
    m = model_for(hand.n)
    hands = [m.compact(hand.holdings.known[s]) for s in range(hand.n)]
    ranks = []
    for s in range(hand.n):
        r = list(range(4 * m.size))
        for j, c in enumerate(hand.holdings.held[s]):
            r[m.index[c]] = j
        ranks.append(r)
    return m, hands, m.compact(hand.playable), ranks


@pytest.mark.parametrize("options", [{}, {"players": 3, "start_chips": 2},
                                     {"players": 6, "ante": 1, "pay_per_card": True}])
def test_the_playout_is_the_referee_with_the_basic_player_at_every_seat(options):
    for i in range(4):
        hand = GAME.replay(GAME.deal(f"sx-playout-{i}", options, i % 3, None))
        _move(hand, hand.legal_moves()[0])  # the opening 6D
        m, hands, playable, ranks = _compact(hand)
        chips, moves = playout(m, hands, playable, list(hand.chips), hand.pot, hand.to_act, ranks,
                               bool(options.get("pay_per_card")))
        start = len(hand.moves)
        while hand.phase != "done":
            _move(hand, basic.decide(GAME, hand, hand.legal_moves()))
        assert chips == hand.result["chips"] and moves == len(hand.moves) - start


def _brute(record, me, depth):
    """``me``'s final chips through the referee: the basic player everywhere, but ``me`` tries every
    playable card at its next ``depth`` choices and keeps the best."""
    hand = GAME.replay(record)
    while hand.phase != "done":
        listing = hand.legal_moves()
        plays = [mv for mv in listing if mv["type"] == "play"]
        if hand.to_act == me and len(plays) > 1 and depth > 0:
            return max(_brute({**record, "moves": hand.to_record()["moves"] + [mv]}, me, depth - 1)
                       for mv in plays)
        _move(hand, basic.decide(GAME, hand, listing))
    return hand.result["chips"][me]


def test_the_search_of_the_seats_own_choices_equals_a_brute_force_through_the_referee():
    checked = 0
    for i in range(6):
        record = GAME.deal(f"sx-search-{i}", {"players": 4}, i % 4, None)
        hand = GAME.replay(record)
        while sum(hand.holdings.size(s) for s in range(hand.n)) > 16:  # a small endgame
            _move(hand, basic.decide(GAME, hand, hand.legal_moves()))
        if hand.phase == "done":
            continue
        position = hand.to_record()
        for me in range(hand.n):
            m, hands, playable, ranks = _compact(hand)
            work = [0]
            got = search(m, hands, playable, list(hand.chips), hand.pot, hand.to_act, me, ranks, False, 3, work)
            assert got == _brute(position, me, 3) and work[0] > 0
            checked += 1
    assert checked >= 8


def test_a_forced_pass_marks_the_cards_its_seat_cannot_hold():
    hand = GAME.replay(GAME.deal("sx-forbid", {}, 0, None))
    while not any(mv["type"] == "pass" for mv in hand.to_record()["moves"]):
        _move(hand, basic.decide(GAME, hand, hand.legal_moves()))
    passer = hand.moves[-1]["seat"]
    before = GAME.replay({**hand.to_record(), "moves": hand.to_record()["moves"][:-1]})
    view = GAME.replay(hand.view_record((passer + 1) % hand.n))
    assert forbidden(view)[passer] & before.playable == before.playable != 0
    assert not forbidden(view)[passer] & before.holdings.known[passer]


def test_the_strong_sixes_answer_is_the_same_for_a_seed_and_counts_its_work():
    hand = GAME.replay(GAME.deal("sx-decide", {}, 0, None))
    while len([mv for mv in hand.legal_moves() if mv["type"] == "play"]) < 2 or len(hand.moves) < 6:
        _move(hand, basic.decide(GAME, hand, hand.legal_moves()))
    view = hand.view_record(hand.to_act)
    a = decide(GAME, view, "strong", seed="s", samples=8)
    assert decide(GAME, view, "strong", seed="s", samples=8) == a
    assert a["move"] in hand.legal_moves() and a["samples"] == 8 and a["method"] == "rollouts"
    assert len(a["moves"]) == len(hand.legal_moves())
    # each deal plays every move to the end of the round: at least a move each, and a bounded tree
    assert 8 * len(a["moves"]) <= a["nodes"] <= 8 * len(a["moves"]) * 40 ** 2 + 10_000
    budget = Budget(10**9, 50)  # a cap of 50 nodes stops it, whatever the position
    with pytest.raises(Exception) as err:
        from service.rules.players import sixes
        sixes.decide(GAME, GAME.replay(view), hand.legal_moves(), "s", 8, Counter(budget))
    assert getattr(err.value, "code", None) == "analysis_budget_exceeded"
