"""One way to chain hands in every game (issue 13): a finished hand's ``result.next_match`` is the
``match`` the next deal request takes as it is, and ``result.next_dealer`` its ``dealer``.

Each case plays a whole match over HTTP to its end (small targets keep it short): every deal is
made from the previous hand's ``next_match``/``next_dealer`` alone, the deal answers with exactly
that match, and ``…/matches/replay`` accepts the chain and agrees on the winner. Once the match is
over ``next_match`` is ``null``: there is no next hand, and the final scores are refused as the
``match`` of a new deal where the game's document says a match over cannot go on.
"""

import random

import pytest

from service.rules.games import GAMES

from .contract import post_ok
from .matchlog import concrete

CASES = [
    ("bid-whist", {"target": 5}),
    ("bid-whist", {"target": 5, "kitty": "sported", "downtown_aces": "bad"}),
    ("buck-euchre", {"target": 6}),
    ("buck-euchre", {"target": 6, "allow_no_trump_call": True, "march_wins": False}),
    ("court-piece", {"target_points": 3}),
    ("court-piece", {"rung_royal": True, "dealer_rotation": "rotate", "target_points": 3}),
    ("court-piece", {"mode": "hidden_rung", "target_points": 3}),
    ("five-hundred", {"target": 100}),
    ("five-hundred", {"players": 3, "target": 150}),
    ("five-hundred", {"players": 5, "call_partner": True, "target": 150}),
    ("five-hundred", {"players": 6, "all_pass": "play_out", "target": 150}),
    ("sixes", {"start_chips": 4}),
    ("sixes", {"players": 3, "ante": 1, "start_chips": 4}),
    ("sixes", {"players": 6, "pay_per_card": True, "start_chips": 10}),
]
MAX_HANDS = 80
# games whose document refuses a match already over as a new hand's `match` (the others have no such rule)
REFUSES_A_FINISHED_MATCH = {"bid-whist", "buck-euchre", "sixes"}


def finish(game, record: dict, rng: random.Random) -> dict:
    """The hand played to its end by random legal moves, bids among the lowest few (in process: only the
    chain goes over HTTP); a random ten-trick bid would end most matches in one hand."""
    hand = game.replay(record)
    while moves := hand.state()["legal_moves"]:
        if any(m["type"] == "bid" for m in moves):  # mostly the first listed (a pass where one is legal)
            moves = moves[:1] if rng.random() < 0.7 else moves[:4]
        hand.play(game.read_move(concrete(rng.choice(moves)), hand), len(hand.moves))
    return hand.to_record()


@pytest.mark.parametrize("game_id,options", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_a_match_chained_by_next_match_alone(client, game_id, options):
    game, rng = GAMES[game_id], random.Random(f"{game_id}{options}")
    base = f"/v1/games/{game_id}"
    request = {"seed": f"chain-{game_id}-0", "dealer": 0, "options": options}
    hands, results = [], []
    for number in range(1, MAX_HANDS + 1):
        record = post_ok(client, base + "/deals", request, 201)  # checked against the contract
        if "match" in request:  # (Court Piece's first dealer is drawn: first_hand_draw)
            assert record["dealer"] == request["dealer"]
            assert record["match"] == request["match"]  # taken as it is, nothing to rebuild
        hands.append(finish(game, record, rng))
        result = post_ok(client, base + "/state", {"record": hands[-1]})["result"]  # next_match typed
        results.append(result)
        if result["match_over"]:
            assert result["next_match"] is None
            break
        nxt = result["next_match"]
        assert nxt["hand_number"] == record["match"]["hand_number"] + 1
        standing = "chips" if game_id == "sixes" else "scores"
        assert nxt[standing] == result[standing]
        request = {"seed": f"chain-{game_id}-{number}", "dealer": result["next_dealer"], "options": options,
                   "match": nxt}
    else:
        pytest.fail(f"the match did not end in {MAX_HANDS} hands")
    assert len(hands) >= 2  # a chain, not one hand
    replay = post_ok(client, base + "/matches/replay", {"hands": hands})
    assert [h["result"] for h in replay["per_hand"]] == results
    assert replay["match_over"] is True and replay["winner"] == results[-1]["winner"]
    if game_id in REFUSES_A_FINISHED_MATCH:
        last = hands[-1]["match"]
        over = {**last, "hand_number": last["hand_number"] + 1,
                **({"chips": results[-1]["chips"]} if game_id == "sixes" else {"scores": results[-1]["scores"]})}
        resp = client.post(base + "/deals", json={"seed": "after", "dealer": results[-1]["next_dealer"],
                                                  "options": options, "match": over})
        assert resp.status_code == 422, resp.get_json()


def test_a_chain_that_skips_next_match_is_refused(client):
    """The chain is checked: the second hand dealt from the first's scores but not its hand number."""
    base, rng = "/v1/games/bid-whist", random.Random(1)
    first = finish(GAMES["bid-whist"], client.post(base + "/deals", json={"seed": "a", "dealer": 0}).get_json(), rng)
    result = client.post(base + "/state", json={"record": first}).get_json()["result"]
    wrong = {**result["next_match"], "hand_number": 1}
    second = client.post(base + "/deals", json={"seed": "b", "dealer": result["next_dealer"],
                                                "match": wrong}).get_json()
    answer = client.post(base + "/matches/replay", json={"hands": [first, finish(GAMES["bid-whist"], second, rng)]})
    assert answer.status_code == 422 and answer.get_json()["reason"] == "match_mismatch"
