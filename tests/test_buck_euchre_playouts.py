"""Random seeded hands through the public API, checking the invariants of buck-euchre.md."""

import random

from .contract import call

B = "/v1/games/buck-euchre"
ALL_CARDS = {r + s for s in "SHDC" for r in "9TJQKA"}


def post(client, path, body):
    resp = call(client, "POST", B + path, json=body)
    assert resp.status_code in (200, 201), resp.json
    return resp.json


def test_random_playouts_keep_the_invariants(client):
    rng = random.Random(2026)
    for n in range(24):
        options = {"allow_turned_suit": rng.random() < 0.3, "penalty": rng.choice([5, 10])}
        rec = post(client, "/deals", {"seed": f"playout-{n}", "dealer": n % 4, "options": options})
        dealt = [c for h in rec["deal"]["hands"] for c in h] + rec["deal"]["stock"] + [rec["deal"]["turn_up"]]
        assert sorted(dealt) == sorted(ALL_CARDS)
        while True:
            state = post(client, "/state", {"record": rec})
            if state["phase"] == "done":
                break
            legal = state["legal_moves"]
            assert legal and all(m["seat"] == state["to_act"] for m in legal)
            for move in legal:
                assert post(client, "/moves/validate", {"record": rec, "move": move})["legal"]
            if state["phase"] == "playing":
                listed = {m["card"] for m in legal}
                for card in sorted(ALL_CARDS - listed)[:3]:
                    v = post(client, "/moves/validate",
                             {"record": rec, "move": {"seat": state["to_act"], "type": "play", "card": card}})
                    assert v["legal"] is False and v["reason"] in ("card_not_in_hand", "must_follow_suit")
            rec = post(client, "/moves", {"record": rec, "move": rng.choice(legal)})["record"]
        result = state["result"]
        held = [c for h in state["hands"] for c in h]
        played = [c["card"] for t in state["tricks"] for c in t["cards"]]
        assert len(set(held + played)) == len(held + played)
        parts = result["participants"]
        assert sum(result["tricks_won"]) == (5 if parts else 0)
        if len(parts) >= 2:
            assert len(state["tricks"]) == 5 and all(len(t["cards"]) == len(parts) for t in state["tricks"])
            assert len(held) + len(played) == 20  # the dealer's discard left the game
        expected = post(client, "/score", {"options": options, "maker": result["maker"], "participants": parts,
                                           "tricks_won": result["tricks_won"], "scores": [25] * 4,
                                           "played_out": len(parts) >= 2})
        assert expected["deltas"] == result["deltas"] and expected["scores"] == result["scores"]
        for seat in range(4):  # every view replays, and lists moves only for the seat to act
            view = post(client, "/views", {"record": rec, "seat": seat})
            assert post(client, "/state", {"record": view})["result"] == result
