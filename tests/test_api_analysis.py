"""``…/analysis`` and ``…/hint`` over HTTP (shared/ANALYSIS.md): the worked examples, every error
code in its order, tokens, the per-request cap, determinism and the leak property of hints."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bench.analysis import position
from service import create_app
from service.rules import games
from service.rules.cards import NAMES
from service.rules.analysis import sampling
from service.rules.analysis.adapters import ADAPTERS

from .contract import post, post_ok
from .keys import TEST_KEYS

EXAMPLES = json.loads((Path(__file__).parent / "data" / "analysis_examples.json").read_text())
TRICK_GAMES = ("bid-whist", "court-piece", "five-hundred", "buck-euchre")


def first_position(game_id, prefix, k, options=None):
    return next(r for r in (position(game_id, f"{prefix}-{i}", k, options) for i in range(200)) if r)


def problem(resp, status, code):
    assert resp.status_code == status, resp.get_json()
    assert resp.mimetype == "application/problem+json"
    body = resp.get_json()
    assert body["code"] == code, body
    return body


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"example{e['example']}")
def test_worked_example_over_http(client, example):
    game = example["record"]["game"]
    answer = post_ok(client, f"/v1/games/{game}/analysis", {"record": example["record"]})
    assert answer.pop("nodes") > 0
    assert answer == example["expected"]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"example{e['example']}")
def test_hint_of_full_record_view_and_seat_token_are_byte_identical(example):
    app = create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})
    client = app.test_client()
    record = example["record"]
    game = record["game"]
    hand = games.get(game).replay(record)
    seat = hand.to_act
    view = hand.view_record(seat)
    sealed = client.post(f"/v1/games/{game}/deals", json={"seal": True})  # keys are on
    assert sealed.status_code == 201
    token = app.extensions["referee_keyring"].seal(game, record, seat)
    answers = [post(client, f"/v1/games/{game}/hint", {**body, "samples": 6, "seed": "s"})
               for body in ({"record": record}, {"record": view}, {"record_token": token})]
    assert all(a.status_code == 200 for a in answers), [a.get_json() for a in answers]
    assert answers[0].data == answers[1].data == answers[2].data
    got = answers[0].get_json()
    assert got["seat"] == seat and got["samples"] == 6 and got["seed"] == "s"
    assert [m["move"] for m in got["moves"]] == hand.legal_moves()
    assert got["move"] in hand.legal_moves()


def test_hint_is_deterministic_and_draws_a_seed_when_absent(client):
    record = first_position("bid-whist", "hint-det", 5)
    body = {"record": record, "samples": 8, "seed": "abc"}
    first = post(client, "/v1/games/bid-whist/hint", body)
    assert first.status_code == 200
    assert post(client, "/v1/games/bid-whist/hint", body).data == first.data
    drawn = post_ok(client, "/v1/games/bid-whist/hint", {"record": record, "samples": 2})
    again = post_ok(client, "/v1/games/bid-whist/hint", {"record": record, "samples": 2, "seed": drawn["seed"]})
    assert again == drawn


def test_hint_best_average_and_ties_to_the_first(client):
    record = first_position("buck-euchre", "hint-avg", 3)
    got = post_ok(client, "/v1/games/buck-euchre/hint", {"record": record, "samples": 5, "seed": "t"})
    averages = [m["average"] for m in got["moves"]]
    best = max(averages) if got["goal"] == "max" else min(averages)
    assert got["move"] == got["moves"][averages.index(best)]["move"]
    assert all(isinstance(a, float) and (a * 5) == int(a * 5) for a in averages)


def _swap_unseen(record: dict, seat: int, rng: random.Random) -> dict | None:
    """Another full record that differs from ``record`` only in cards ``seat`` cannot see: two
    unplayed cards of one suit swapped between two other seats that both still hold that suit."""
    game = games.get(record["game"])
    hand = game.replay(record)
    adapter = ADAPTERS[record["game"]]
    rem = adapter.remaining(hand)
    others = [s for s in range(hand.n) if s != seat and rem[s]]
    if record["game"] == "court-piece" and hand.hidden:
        others = [s for s in others if s != hand.caller]
    rng.shuffle(others)
    for a in others:
        for b in others:
            if a >= b:
                continue
            for su in range(4):
                ca = [c for c in range(su * 16, su * 16 + 16) if rem[a] >> c & 1]
                cb = [c for c in range(su * 16, su * 16 + 16) if rem[b] >> c & 1]
                if ca and cb:
                    x, y = NAMES[rng.choice(ca)], NAMES[rng.choice(cb)]
                    new = json.loads(json.dumps(record))
                    hands = new["deal"]["hands"]
                    if x not in hands[a] or y not in hands[b]:  # a card taken from a kitty
                        continue
                    hands[a][hands[a].index(x)] = y
                    hands[b][hands[b].index(y)] = x
                    new.pop("seed", None)
                    try:
                        game.replay(new)
                    except Exception:
                        continue
                    return new
    return None


LEAK_CASES = [(g, None) for g in TRICK_GAMES] + [
    ("five-hundred", {"players": 5, "call_partner": True}),  # the partnership is hidden too
    ("bid-whist", {"kitty": "sported"}),
    ("court-piece", {"mode": "hidden_trump", "rung_royal": True}),  # change_trump face down
]


@pytest.mark.parametrize("game_id, options", LEAK_CASES, ids=lambda v: str(v))
def test_hint_never_depends_on_cards_the_seat_cannot_see(client, game_id, options):
    """The leak property (as tests/test_leaks.py for views): records that differ only in cards the
    seat to act cannot see get byte-identical hints."""
    compared = 0
    for i in range(40):
        rng = random.Random(f"leak-{game_id}-{i}")
        record = position(game_id, f"leak-{game_id}-{i}", rng.choice((3, 4)), options, rng.randrange(3))
        if record is None:
            continue
        record.pop("seed", None)
        seat = games.get(game_id).replay(record).to_act
        other = _swap_unseen(record, seat, rng)
        if other is None:
            continue
        assert other != record
        body = {"samples": 3, "seed": f"leak-{i}"}
        a = post(client, f"/v1/games/{game_id}/hint", {"record": record, **body})
        b = post(client, f"/v1/games/{game_id}/hint", {"record": other, **body})
        assert a.status_code == 200, a.get_json()
        assert a.data == b.data
        compared += 1
        if compared == 6:
            break
    assert compared >= 3


# --- errors, in ANALYSIS.md's order ---
@pytest.mark.parametrize("path", ("analysis", "hint"))
def test_path_level_404s_come_before_the_body(client, path):
    problem(client.post(f"/v1/games/nope/{path}", data="{", content_type="application/json"), 404,
            "unknown_game")
    # Sixes has no tricks: its analysis is not published and answers 404 from the path alone; its
    # hint (a computer player, issue 32) reads the body like every other game's
    problem(client.post(f"/v1/games/sixes/{path}", data="{", content_type="application/json"),
            *((404, "not_found") if path == "analysis" else (400, "invalid_json")))
    problem(post(client, f"/v1/games/bid-whist/{path}", data="{", content_type="application/json"), 400,
            "invalid_json")


BAD_SHAPES = [{}, {"record": [], "x": 1}, {"record": 5}, {"record": {}, "record_token": "t"},
              {"record": {}, "extra": 1}, {"record": {}, "max_nodes": 0}, {"record": {}, "max_nodes": True},
              {"record": {}, "max_nodes": 100_000_001}, {"record": {}, "max_nodes": 5.5},
              {"record": {}, "max_nodes": "5"}]  # (5.0 is the integer 5: integral floats are integers)


@pytest.mark.parametrize("body", BAD_SHAPES)
def test_request_shape(client, body):
    problem(post(client, "/v1/games/bid-whist/analysis", body), 400, "invalid_request")
    problem(post(client, "/v1/games/bid-whist/hint", body), 400, "invalid_request")


@pytest.mark.parametrize("body", [{"record": {}, "samples": 0}, {"record": {}, "samples": 65},
                                  {"record": {}, "samples": False}, {"record": {}, "seed": 7}])
def test_hint_request_shape(client, body):
    problem(post(client, "/v1/games/bid-whist/hint", body), 400, "invalid_request")
    assert post(client, "/v1/games/bid-whist/analysis", body).status_code == 400  # unknown fields


def test_tokens_without_keys_and_bad_tokens():
    keyless = create_app({"TESTING": True, "TOKEN_KEYS": ""}).test_client()
    for path in ("analysis", "hint"):
        problem(keyless.post(f"/v1/games/bid-whist/{path}", json={"record_token": "abc"}), 503,
                "sealing_unavailable")
    app = create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})
    keyed = app.test_client()
    problem(post(keyed, "/v1/games/bid-whist/analysis", {"record_token": "abc"}), 422, "invalid_token")
    record = EXAMPLES[0]["record"]
    ring = app.extensions["referee_keyring"]
    problem(post(keyed, "/v1/games/bid-whist/analysis", {"record_token": ring.seal("bid-whist", record, 1)}),
            403, "seat_forbidden")
    whole = post_ok(keyed, "/v1/games/bid-whist/analysis", {"record_token": ring.seal("bid-whist", record)})
    assert whole["value"] == EXAMPLES[0]["expected"]["value"]
    problem(post(keyed, "/v1/games/bid-whist/hint", {"record_token": ring.seal("bid-whist", record, 2)}),
            422, "analysis_not_viewers_turn")


@pytest.mark.parametrize("mode", ("double_sar", "hidden_rung"))
def test_court_piece_pile_modes_are_404_after_the_shape(client, mode):
    record = {"game": "court-piece", "options": {"mode": mode}, "dealer": 0, "deal": {}, "moves": []}
    problem(post(client, "/v1/games/court-piece/analysis", {"record": record}), 404, "not_found")
    for path in ("analysis", "hint"):
        problem(post(client, f"/v1/games/court-piece/{path}", {"record": record, "max_nodes": 0}), 400,
                "invalid_request")
    # the hint answers in the pile modes too (issue 32): the record itself is then replayed
    problem(post(client, "/v1/games/court-piece/hint", {"record": record}), 422, "invalid_record")
    dealt = games.get("court-piece").deal("pile-hint", {"mode": mode}, 0, None)
    got = post_ok(client, "/v1/games/court-piece/hint", {"record": dealt, "seed": "p"})
    assert got["move"] in games.get("court-piece").replay(dealt).legal_moves()
    bad = {**record, "options": {"mode": "nonsense"}}
    problem(post(client, "/v1/games/court-piece/analysis", {"record": bad}), 422, "invalid_record")


def test_analysis_refuses_a_view_before_replaying_it(client):
    record = EXAMPLES[0]["record"]
    view = games.get("bid-whist").replay(record).view_record(1)
    problem(post(client, "/v1/games/bid-whist/analysis", {"record": view}), 422, "analysis_view_not_allowed")
    broken = {**view, "moves": [{"seat": 9, "type": "play"}]}
    problem(post(client, "/v1/games/bid-whist/analysis", {"record": broken}), 422, "analysis_view_not_allowed")


def test_invalid_record_and_illegal_move(client):
    record = EXAMPLES[0]["record"]
    problem(post(client, "/v1/games/bid-whist/analysis", {"record": {**record, "dealer": 7}}), 422,
            "invalid_record")
    moves = list(record["moves"]) + [{"seat": 2, "type": "play", "card": "AH"}]
    body = problem(post(client, "/v1/games/bid-whist/analysis", {"record": {**record, "moves": moves}}), 422,
                   "illegal_move")
    assert body["move_index"] == len(record["moves"])


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_not_in_play(client, game_id):
    game = games.get(game_id)
    record = next(r for r in (game.deal(f"not-in-play-{i}", {}, 0, None) for i in range(20))
                  if not ADAPTERS[game_id].in_play(game.replay(r)))
    body = problem(post(client, f"/v1/games/{game_id}/analysis", {"record": record}), 422, "analysis_not_in_play")
    assert games.get(game_id).replay(record).phase in body["detail"]
    # the hint answers before the card play too (issue 32): a legal move of the seat to act
    hand = games.get(game_id).replay(record)
    got = post_ok(client, f"/v1/games/{game_id}/hint", {"record": record, "seed": "n", "level": "basic"})
    assert got["seat"] == hand.to_act and got["method"] in ("heuristic", "only_move")
    assert got["move"] in hand.legal_moves()


def test_finished_hand_is_not_in_play(client):
    record = EXAMPLES[0]["record"]
    hand = games.get("bid-whist").replay(record)
    g = games.get("bid-whist")
    h = g.replay(hand.to_record())
    while h.phase != "done":
        h.play(g.parse_move(h.legal_moves()[0], 4, h.pack, None, "m"), len(h.moves))
    for path in ("analysis", "hint"):
        problem(post(client, f"/v1/games/bid-whist/{path}", {"record": h.to_record()}), 422, "analysis_not_in_play")


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_budget_exceeded_at_a_first_lead(client, game_id):
    record = first_position(game_id, f"http-budget-{game_id}", ADAPTERS[game_id].total)
    body = problem(post(client, f"/v1/games/{game_id}/analysis", {"record": record, "max_nodes": 10}), 422,
                   "analysis_budget_exceeded")
    assert body["max_nodes"] == 10 and body["nodes"] > 10
    assert "value" not in body and "moves" not in body
    body = problem(post(client, f"/v1/games/{game_id}/hint", {"record": record, "max_nodes": 10, "samples": 2}),
                   422, "analysis_budget_exceeded")
    assert body["max_nodes"] == 10


def test_request_cap_counts_every_sample():
    app = create_app({"TESTING": True, "MAX_ANALYSIS_NODES": 2000})
    client = app.test_client()
    record = first_position("bid-whist", "cap-http", 3)
    one = post_ok(client, "/v1/games/bid-whist/hint", {"record": record, "samples": 1, "seed": "c"})
    assert one["nodes"] <= 2000
    body = problem(post(client, "/v1/games/bid-whist/hint", {"record": record, "samples": 64, "seed": "c"}),
                   422, "analysis_budget_exceeded")
    assert body["max_nodes"] == 2000 and body["nodes"] > 2000


def _find(game_id, options, k, want, tries=120):
    for i in range(tries):
        record = position(game_id, f"{want.__name__}-{i}", k, options, i % 3)
        if record is not None and want(games.get(game_id).replay(record)):
            return record
    raise AssertionError(f"no position for {want.__name__}")


def test_called_partner_comes_from_each_sample():
    """ANALYSIS.md: "with Five Hundred's call_partner, the partner is whoever holds the called card
    in R … a sample decides the partnership too". A defender who cannot know the partner gets the
    sides of each drawn deal; the full record's analysis counts the real holder."""
    options = {"players": 5, "call_partner": True}
    game = games.get("five-hundred")

    def hidden_partner(hand):
        view = game.replay(hand.view_record(hand.to_act))
        return hand.partner_card is not None and hand.partner_seat is not None \
            and not view.partner_known
    record = _find("five-hundred", options, 4, hidden_partner)
    record.pop("seed", None)
    hand = game.replay(record)
    adapter = ADAPTERS["five-hundred"]
    contract = {hand.contractor, hand.partner_seat}
    full = adapter.objective(hand, hand.to_act)
    assert set(full.counted) == (contract if hand.to_act in contract else set(hand.active) - contract)
    view = game.replay(hand.view_record(hand.to_act))
    rem = adapter.remaining(hand)
    bit = 1 << hand.partner_card
    for holder in [s for s in hand.active if s not in (hand.contractor, hand.to_act)]:
        hands = [h & ~bit for h in rem]
        hands[holder] |= bit
        got = adapter.objective(view, hand.to_act, hands)
        side = {hand.contractor, holder}
        assert set(got.counted) == (side if hand.to_act in side else set(hand.active) - side)
    alone = adapter.objective(view, hand.to_act, [h & ~bit for h in rem])  # among the discards
    assert set(alone.counted) == ({hand.contractor} if hand.to_act == hand.contractor
                                  else set(hand.active) - {hand.contractor})
    assert adapter.absent(view) == [(hand.contractor, bit)]  # he never holds the card he called


def test_hidden_change_trump_seen_by_a_non_caller():
    """Rung Royal in hidden trump: after a face-down change_trump, a non-caller sees neither card.
    Its samples keep the caller's face-down card among the caller's unplayed cards, never a card
    the seat sees, and do not depend on the caller's unseen cards (one swapped with a third seat's)."""
    options = {"mode": "hidden_trump", "rung_royal": True}
    game = games.get("court-piece")
    adapter = ADAPTERS["court-piece"]

    def changed(hand):
        return hand.trump_changed and not hand.revealed and hand.to_act != hand.caller
    record = _find("court-piece", options, 12, changed, 400)
    record.pop("seed", None)  # the deal is edited below
    hand = game.replay(record)
    seat = hand.to_act

    def drawn(rec):
        view = game.replay(rec).view_record(seat)
        vh = game.replay(view)
        assert adapter.face_down_unknown(vh)
        return list(sampling.deals(game, adapter, vh, view, "rr", 8)), vh
    first, vh = drawn(record)
    seen = adapter.remaining(vh)[seat]
    for hands, fd in first:
        assert fd is not None and hands[hand.caller] >> fd & 1 and not seen >> fd & 1
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in adapter.remaining(hand)]
    assert len({fd for _, fd in first}) > 1  # the face-down card is not pinned by the view
    rem = adapter.remaining(hand)
    other = next(s for s in range(4) if s not in (hand.caller, seat))
    for su in range(4):
        mine = [c for c in range(su * 16, su * 16 + 16) if rem[hand.caller] >> c & 1 and c != hand.face_down]
        theirs = [c for c in range(su * 16, su * 16 + 16) if rem[other] >> c & 1]
        if mine and theirs:
            new = json.loads(json.dumps(record))
            x, y = NAMES[mine[0]], NAMES[theirs[0]]
            hs = new["deal"]["hands"]
            hs[hand.caller][hs[hand.caller].index(x)] = y
            hs[other][hs[other].index(y)] = x
            try:
                game.replay(new)
            except Exception:
                continue
            assert drawn(new)[0] == first
            return
    raise AssertionError("no swap found")
