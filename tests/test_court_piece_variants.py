"""Court Piece's variant (court-piece.md, "Variants"): hidden rung, and options of another mode refused.

Every worked example HR1-HR7 is a test; seeded playouts in hidden rung keep the invariants of both
modes it joins (the pile of double sar, the face-down card of hidden trump) and no view leaks.
"""

import copy
import random

import pytest

from service.rules.errors import InvalidRecord
from service.rules.games.court_piece import GAME, PACK

from .contract import post_ok
from .court_piece_variant_data import VARIANT_EXAMPLES as HR
from .test_court_piece_examples import subset
from .test_court_piece_playouts import playout

BASE = "/v1/games/court-piece"


def test_hr1_the_first_chooser_lays_one_of_his_first_five_face_down(client):
    out = post_ok(client, BASE + "/legal-moves", {"record": copy.deepcopy(HR["HR1"]["input"])})
    assert out == HR["HR1"]["expected"]
    hand = GAME.replay(copy.deepcopy(HR["HR1"]["input"]))
    assert hand.check({"seat": 1, "type": "call_trump", "suit": 0})[0] == "card_required"
    assert hand.check({"seat": 1, "type": "call_trump", "card": PACK.parse("9D", "c")})[0] == \
        "card_not_in_first_five"


@pytest.mark.parametrize("key", ["HR2", "HR5"])
def test_replay_examples(key, client):
    ex = HR[key]
    state = post_ok(client, BASE + "/state", {"record": copy.deepcopy(ex["input"])})
    exp = ex["expected"]
    assert [t["winner"] for t in state["tricks"]] == exp["trick_winners"]
    assert state["tricks_won"] == exp["tricks_won"]
    assert state["result"] is None
    subset(state, exp["state"])


def test_hr2_taken_by_and_the_pile_events(client):
    rec = copy.deepcopy(HR["HR2"]["input"])
    st = GAME.replay(rec).state()
    assert [t["taken_by"] for t in st["tricks"]] == [1, 1, None]
    assert [t["revealed_at"] for t in st["tricks"]] == [None, None, None]
    last = rec["moves"].pop(5 + 3)  # the move that completes trick 2 takes the pile
    out = post_ok(client, BASE + "/moves", {"record": {**rec, "moves": rec["moves"][:8]}, "move": last})
    assert {"type": "pile_captured", "index": 8, "seat": 1, "tricks": 2} in out["events"]


@pytest.mark.parametrize("key", ["HR3", "HR4"])
def test_legal_moves_examples(key, client):
    out = post_ok(client, BASE + "/legal-moves", {"record": copy.deepcopy(HR[key]["input"])})
    assert out == HR[key]["expected"]


def test_hr5_the_reveal_event_and_trumps_from_the_reveal(client):
    rec = copy.deepcopy(HR["HR5"]["input"])
    reveal = rec["moves"].index({"seat": 1, "type": "reveal"})
    out = post_ok(client, BASE + "/moves", {"record": {**rec, "moves": rec["moves"][:reveal]},
                                            "move": rec["moves"][reveal]})
    assert out["events"] == [{"type": "trump_revealed", "index": reveal, "seat": 1, "card": "8S", "trump": "S"}]
    st = GAME.replay(rec).state()
    assert st["tricks"][6]["revealed_at"] == 0 and st["tricks"][6]["winning_card"] == "AS"


def test_hr6_an_option_the_mode_does_not_use_is_refused(client):
    rec = copy.deepcopy(HR["HR6"]["input"])
    with pytest.raises(InvalidRecord) as e:
        GAME.replay(rec)
    assert e.value.reason == "option_not_for_mode"
    resp = client.post(BASE + "/state", json={"record": rec})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "option_not_for_mode"
    for options in ({"mode": "single_sar", "double_sar_ace_rule": False}, {"mode": "double_sar", "double_sar_ace_rule": True},
                    {"mode": "hidden_rung", "double_sar_ace_rule": True}):
        GAME.replay({**rec, "options": options})


def test_hr7_points_for_a_goon_kot(client):
    out = post_ok(client, BASE + "/score", copy.deepcopy(HR["HR7"]["input"]))
    subset(out, HR["HR7"]["expected"])


MODE_OPTIONS = {"reveal_counts_current_trick": (True, ("hidden_trump", "hidden_rung")),
                "double_sar_kot": ("first_seven", ("double_sar", "hidden_rung")),
                "double_sar_first_pair_blocked": (True, ("double_sar", "hidden_rung")),
                "double_sar_no_capture_11_12": (True, ("double_sar", "hidden_rung")),
                "double_sar_ace_rule": (True, ("double_sar", "hidden_rung"))}
ALL_MODES = ("single_sar", "double_sar", "hidden_trump", "hidden_rung")


@pytest.mark.parametrize("mode", ALL_MODES)
@pytest.mark.parametrize("name", MODE_OPTIONS)
def test_option_not_for_mode_in_every_mode_and_every_entry_point(mode, name, client):
    value, modes = MODE_OPTIONS[name]
    options = {"mode": mode, name: value}
    score = {"options": options, "dealer": 1, "calling_team": 0, "winner_team": 0, "kot": False}
    match = {"options": options, "dealer": 1, "hands": [{"winner_team": 0, "kot": False}]}
    if mode in modes:
        GAME.deal("s", options, 0, {"hand_number": 2})
        GAME.score(dict(score))
        GAME.score_match(dict(match))
        return
    # refused after the options' names and values, before the dealer and the match
    for call in (lambda: GAME.deal("s", options, "no seat", {"hand_number": 0}),
                 lambda: GAME.score({**score, "dealer": 9}), lambda: GAME.score_match({**match, "dealer": 9}),
                 lambda: GAME.replay({"game": "court-piece", "options": options, "dealer": 7, "deal": {}})):
        with pytest.raises(InvalidRecord) as e:
            call()
        assert e.value.reason == "option_not_for_mode"
    with pytest.raises(InvalidRecord) as e:
        GAME.deal("s", {**options, "nonsense": 1}, 0, None)
    assert e.value.reason == "unknown_option"
    with pytest.raises(InvalidRecord) as e:
        GAME.deal("s", {**options, "rung_royal": "yes"}, 0, None)
    assert e.value.reason == "bad_option"
    resp = client.post(BASE + "/deals", json={"seed": "s", "dealer": 0, "options": options})
    assert resp.status_code == 422 and resp.get_json()["reason"] == "option_not_for_mode"


@pytest.mark.parametrize("mode", ALL_MODES)
def test_the_defaults_are_accepted_with_every_mode(mode):
    rec = GAME.deal("s", {"mode": mode}, 0, {"hand_number": 2})
    assert set(rec["options"]) >= set(MODE_OPTIONS)  # every option at its effective value
    GAME.replay(rec)


def test_the_catalogue_offers_the_mode(client):
    entry = client.get(BASE).get_json()
    mode = next(o for o in entry["options"] if o["name"] == "mode")
    assert mode["choices"] == list(ALL_MODES) and mode["default"] == "single_sar"


HIDDEN_RUNG = [
    {"mode": "hidden_rung"},
    {"mode": "hidden_rung", "rung_royal": True, "reveal_counts_current_trick": True},
    {"mode": "hidden_rung", "double_sar_kot": "first_seven", "double_sar_ace_rule": True,
     "double_sar_first_pair_blocked": True, "double_sar_no_capture_11_12": True, "scoring": "courts"},
]


@pytest.mark.parametrize("options", HIDDEN_RUNG, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_random_hidden_rung_playouts(options):
    rng = random.Random(repr(options))
    for i in range(40):
        hand = playout(rng, dict(options), views=i < 5)
        r = hand.result
        assert hand.hidden and hand.double
        if not r["redeal"]:
            assert r["face_down_card"] is not None and r["trump"] is not None  # exposed at the end
            if options.get("double_sar_kot") != "first_seven":
                assert (min(r["tricks_won"]) >= 1 and max(r["tricks_won"]) >= 7) or len(hand.tricks) == 13
            assert all(t["taken_by"] in (None, 0, 1) for t in hand.tricks)
