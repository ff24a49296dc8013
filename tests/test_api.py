"""The HTTP API for buck-euchre: every endpoint, success and error, checked against openapi.yaml."""

import pytest

from .contract import call, post
from .test_buck_euchre import BID_EXAMPLES, be

B = "/v1/games/buck-euchre"




def test_health_and_catalogue(client):
    assert call(client, "GET", "/healthz").json == {"status": "ok"}
    games = call(client, "GET", "/v1/games").json["games"]
    be_entry = next(g for g in games if g["id"] == "buck-euchre")
    assert {o["name"] for o in be_entry["options"]} == {"target", "penalty", "march_wins", "allow_turned_suit",
                                                       "allow_no_trump_call"}
    assert {m["type"] for m in be_entry["move_types"]} == {
        "pass", "order_up", "discard", "name_trump", "stay", "drop", "play"}
    assert call(client, "GET", B).json == be_entry
    r = client.get("/v1/games/nope")
    assert r.status_code == 404 and r.json["code"] == "unknown_game"


def test_seeded_deal_is_the_e1_deal_and_options_come_back_effective(client):
    r = post(client, B + "/deals", {"seed": "doc-example-1", "dealer": 0, "options": {}})
    assert r.status_code == 201
    assert r.json["deal"]["turn_up"] == "JH" and r.json["deal"]["stock"] == ["QD", "JC", "QS"]
    assert r.json["options"] == {"target": 25, "penalty": 5, "march_wins": True, "allow_turned_suit": False}
    assert r.json["match"] == {"scores": [25] * 4, "hand_number": 1}


@pytest.mark.parametrize("body, status, code", [
    ({"seed": 5}, 400, "invalid_request"),
    ({"seed": None}, 400, "invalid_request"),
    ({"seed": "x", "colour": 1}, 400, "invalid_request"),
    ({"seed": "x", "dealer": 4}, 422, "invalid_record"),
    ({"seed": "x", "options": {"target": 0}}, 422, "invalid_record"),
    ({"seed": "x", "match": {"hand_number": 0}}, 422, "invalid_record"),
])
def test_deal_request_errors(client, body, status, code):
    r = post(client, B + "/deals", body)
    assert (r.status_code, r.json["code"]) == (status, code)


def test_unseeded_deal_returns_its_seed(client):
    r = post(client, B + "/deals", {})
    again = post(client, B + "/deals", {"seed": r.json["seed"]})
    assert again.json["deal"] == r.json["deal"]


def test_state_legal_moves_and_moves(client):
    rec = be([(0, "pass")])
    st = post(client, B + "/state", {"record": rec}).json
    assert st["phase"] == "ordering" and st["to_act"] == 1 and st["result"] is None
    lm = post(client, B + "/legal-moves", {"record": rec}).json
    assert lm == {"seat": 1, "moves": [{"seat": 1, "type": "pass"}, {"seat": 1, "type": "order_up"}]}
    r = post(client, B + "/moves", {"record": rec, "move": {"seat": 1, "type": "order_up"}})
    assert r.json["record"]["moves"][-1] == {"seat": 1, "type": "order_up"}
    assert r.json["state"]["phase"] == "discarding" and r.json["events"] == []


def test_illegal_move_is_422_with_reason_and_index(client):
    rec = be([(0, "pass")])
    r = post(client, B + "/moves", {"record": rec, "move": {"seat": 2, "type": "pass"}})
    assert r.status_code == 422 and r.headers["Content-Type"] == "application/problem+json"
    assert (r.json["code"], r.json["reason"], r.json["move_index"]) == ("illegal_move", "not_your_turn", 1)
    bad = be([(1, "pass")])
    r = post(client, B + "/state", {"record": bad})
    assert (r.json["code"], r.json["reason"], r.json["move_index"]) == ("illegal_move", "not_your_turn", 0)


def test_validate_answers_a_question_not_an_error(client):
    rec = be([(0, "pass")])
    assert post(client, B + "/moves/validate", {"record": rec, "move": {"seat": 1, "type": "pass"}}).json == {
        "legal": True, "reason": None, "detail": None}
    r = post(client, B + "/moves/validate", {"record": rec, "move": {"seat": 1, "type": "drop"}})
    assert r.status_code == 200 and r.json["legal"] is False and r.json["reason"] == "wrong_phase"
    r = post(client, B + "/moves/validate", {"record": rec, "move": {"seat": 1, "type": "teleport"}})
    assert r.status_code == 422 and r.json["code"] == "invalid_record"


def test_a_whole_hand_through_moves_emits_tricks_and_hand_over(client):
    rec = post(client, B + "/deals", {"seed": "api-hand", "dealer": 3}).json
    events = []
    while True:
        st = post(client, B + "/state", {"record": rec}).json
        if st["phase"] == "done":
            break
        move = st["legal_moves"][-1]
        r = post(client, B + "/moves", {"record": rec, "move": move})
        rec, events = r.json["record"], events + r.json["events"]
    kinds = [e["type"] for e in events]
    assert "hand_over" in kinds
    assert kinds.count("trick_won") == len(st["tricks"])
    assert st["result"]["next_dealer"] == 0


def test_views_endpoint_and_moves_on_a_view(client):
    rec = be([(0, "pass")])
    v = post(client, B + "/views", {"record": rec, "seat": 1}).json
    assert v["viewer"] == 1 and v["deal"]["hands"][0] == [None] * 5
    assert post(client, B + "/legal-moves", {"record": v}).json["moves"][1]["type"] == "order_up"
    r = post(client, B + "/moves", {"record": v, "move": {"seat": 1, "type": "order_up"}})
    assert r.json["record"]["viewer"] == 1 and r.json["state"]["legal_moves"] is None
    v2 = post(client, B + "/views", {"record": rec, "seat": 2}).json
    assert post(client, B + "/legal-moves", {"record": v2}).json == {"seat": 1, "moves": None}
    r = post(client, B + "/views", {"record": rec, "seat": "1"})
    assert r.status_code == 400


def test_calculators(client):
    r = post(client, B + "/trick-winner", {"leader": 1, "trump": "D", "cards": [
        {"seat": 1, "card": "JH"}, {"seat": 2, "card": "AH"}, {"seat": 3, "card": "9D"}, {"seat": 0, "card": "QS"}]})
    assert r.json == {"seat": 1, "card": "JH"}
    for body, expected in BID_EXAMPLES:
        out = post(client, B + "/bids/validate", body).json
        assert {k: out[k] for k in expected} == expected
    r = post(client, B + "/score", {"options": {}, "maker": 1, "participants": [0, 1, 3],
                                    "tricks_won": [1, 3, 0, 1], "scores": [13, 12, 20, 5], "played_out": True})
    assert r.json["scores"] == [12, 9, 20, 4]
    r = post(client, B + "/matches/score", {"options": {}, "scores": [2, 1, 9, 9], "hands": [
        {"maker": 0, "participants": [0, 1], "tricks_won": [3, 2, 0, 0]},
        {"maker": 2, "participants": [0, 1, 2, 3], "tricks_won": [1, 0, 3, 1]}]})
    assert r.json["over_after_hand"] == 1 and r.json["winner"] == 0


@pytest.mark.parametrize("path, body, status, code", [
    ("/trick-winner", {"leader": 0, "trump": "D"}, 400, "invalid_request"),
    ("/trick-winner", {"leader": 0, "trump": "D", "cards": [], "x": 1}, 400, "invalid_request"),
    ("/trick-winner", {"leader": 0, "trump": "D", "cards": "AS"}, 400, "invalid_request"),
    ("/trick-winner", {"leader": 0, "trump": "D", "cards": [{"seat": 0, "card": "AS"}]}, 422, "invalid_record"),
    ("/trick-winner", {"leader": 0, "trump": "Z", "cards": [{"seat": 0, "card": "AS"},
                                                             {"seat": 1, "card": "KS"}]}, 422, "invalid_record"),
    ("/trick-winner", {"leader": 0, "trump": None, "cards": [{"seat": 0, "card": "AS"},
                                                              {"seat": 1, "card": "AS"}]}, 422, "invalid_record"),
    ("/score", {"maker": 1}, 400, "invalid_request"),
    ("/bids/validate", {"dealer": 3, "turn_up": "2H", "bid": {"seat": 0, "type": "pass"}}, 422, "invalid_record"),
])
def test_calculator_errors(client, path, body, status, code):
    r = post(client, B + path, body)
    assert (r.status_code, r.json["code"]) == (status, code)


def test_match_replay(client):
    first = post(client, B + "/deals", {"seed": "m1", "dealer": 0, "options": {"target": 5}}).json
    hands, rec = [], first
    while len(hands) < 30:
        while True:
            st = post(client, B + "/state", {"record": rec}).json
            if st["phase"] == "done":
                break
            rec = post(client, B + "/moves", {"record": rec, "move": st["legal_moves"][0]}).json["record"]
        hands.append(rec)
        if st["result"]["match_over"]:
            break
        rec = post(client, B + "/deals", {"seed": f"m{len(hands) + 1}", "dealer": st["result"]["next_dealer"],
                                          "options": {"target": 5},
                                          "match": {"scores": st["result"]["scores"],
                                                    "hand_number": len(hands) + 1}}).json
    out = post(client, B + "/matches/replay", {"hands": hands}).json
    assert out["scores"] == st["result"]["scores"] and len(out["per_hand"]) == len(hands)
    assert out["winner"] == st["result"]["winner"]
    if len(hands) > 1:
        broken = [hands[0], {**hands[1], "dealer": (hands[1]["dealer"] + 1) % 4}]
        r = post(client, B + "/matches/replay", {"hands": broken})
        assert r.status_code == 422 and r.json["reason"] == "wrong_dealer" and r.json["hand_index"] == 1
    unfinished = {**hands[0], "moves": hands[0]["moves"][:1]}
    r = post(client, B + "/matches/replay", {"hands": [unfinished]})
    assert r.json["reason"] == "hand_incomplete"


@pytest.mark.parametrize("kwargs, status, code", [
    ({"data": "{not json", "content_type": "application/json"}, 400, "invalid_json"),
    ({"data": b"\xff\xfe", "content_type": "application/json"}, 400, "invalid_json"),
    ({"data": "[1]", "content_type": "application/json"}, 400, "invalid_request"),
    ({"data": "{}", "content_type": "text/plain"}, 415, "unsupported_media_type"),
    ({"json": {}}, 400, "invalid_request"),
    ({"json": {"record": {}, "extra": 1}}, 400, "invalid_request"),
    ({"json": {"record": {"game": "buck-euchre"}}}, 422, "invalid_record"),
    ({"json": {"record": {}}, "headers": {"Accept": "text/html"}}, 406, "not_acceptable"),
    ({"data": "[" * 30000 + "]" * 30000, "content_type": "application/json"}, 400, "invalid_json"),
])
def test_hostile_bodies_get_problems(client, kwargs, status, code):
    r = client.post(B + "/state", **kwargs)
    assert r.status_code == status and r.json["code"] == code
    assert r.headers["Content-Type"] == "application/problem+json"


def test_oversized_body_is_413(app):
    app.config["MAX_CONTENT_LENGTH"], old = 1000, app.config["MAX_CONTENT_LENGTH"]
    try:
        r = app.test_client().post(B + "/state", json={"record": {"pad": "x" * 2000}})
        assert r.status_code == 413 and r.json["code"] == "payload_too_large"
    finally:
        app.config["MAX_CONTENT_LENGTH"] = old


def test_405_and_404_are_problems(client):
    r = client.get(B + "/state")
    assert r.status_code == 405 and r.json["code"] == "method_not_allowed" and "POST" in r.headers["Allow"]
    r = client.get("/nowhere")
    assert r.status_code == 404 and r.json["code"] == "not_found"


def test_the_viewer_serves_the_variants_display(client):
    """variants.js (issue 15) ships beside viewer.js, and the page loads it before viewer.js's hook."""
    js = client.get("/viewer/variants.js")
    assert js.status_code == 200 and b"function renderVariants" in js.data
    page = client.get("/viewer").get_data(as_text=True)
    assert page.index("/viewer/variants.js") < page.index("/viewer/viewer.js") and 'id="variants"' in page
    assert b"renderVariants(answer.state, answer.record)" in client.get("/viewer/viewer.js").data
