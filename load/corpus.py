"""Requests over every game's endpoints, each with the answer the service must give.

The expected answers come from the app itself, in process, before any load: a load or fault run
then checks every answer it gets against them byte for byte (or, for answers that carry a freshly
sealed token, everything but the tokens). So "no answer was wrong" is checked, not assumed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import orjson

from service import create_app
from service.http.tokens import Keyring

from .positions import MODES, concrete, position

TOKEN_FIELDS = ("record_token", "seat_tokens")

# calculator bodies (from the rules documents' API examples); a game without one is skipped
CALCULATORS = {
    "buck-euchre": {
        "/trick-winner": {"leader": 1, "trump": "D", "cards": [
            {"seat": 1, "card": "JH"}, {"seat": 2, "card": "AH"}, {"seat": 3, "card": "9D"}, {"seat": 0, "card": "QS"}]},
        "/score": {"options": {}, "maker": 1, "participants": [0, 1, 3], "tricks_won": [1, 3, 0, 1],
                   "scores": [13, 12, 20, 5], "played_out": True},
        "/matches/score": {"options": {}, "scores": [2, 1, 9, 9], "hands": [
            {"maker": 0, "participants": [0, 1], "tricks_won": [3, 2, 0, 0]},
            {"maker": 2, "participants": [0, 1, 2, 3], "tricks_won": [1, 0, 3, 1]}]},
    },
    "five-hundred": {
        "/trick-winner": {"options": {}, "contract": "8S", "joker_suit": None,
                          "cards": [{"seat": 2, "card": "AC"}, {"seat": 3, "card": "JC"}]},
        "/bids/validate": {"options": {}, "dealer": 3, "calls": [{"seat": 0, "type": "bid", "bid": "6H"}],
                           "bid": {"seat": 1, "type": "pass"}},
        "/score": {"options": {}, "contract": {"bid": "7H", "seat": 0}, "tricks_by_side": [8, 2],
                   "scores": [120, 200]},
        "/matches/score": {"options": {}, "scores": [0, 0],
                           "hands": [{"contract": {"bid": "6S", "seat": 0}, "tricks_by_side": [6, 4]}]},
    },
}


@dataclass
class Request:
    name: str          # the locust name: a path pattern, so stats group by endpoint
    method: str
    path: str
    body: bytes | None
    status: int
    answer: bytes      # the expected body; for token-bearing answers, with the tokens removed
    tokens: bool = False

    def check(self, status: int, body: bytes) -> str | None:
        """None if the answer is the expected one, else what differs."""
        if status != self.status:
            return f"status {status}, expected {self.status}"
        if self.tokens:
            got = orjson.loads(body)
            for k in TOKEN_FIELDS:
                got.pop(k, None)
            body = orjson.dumps(got)
        if body != self.answer:
            return "a different answer"
        return None


def build(keys: str, per_game: int = 6, seed: str = "load") -> list[Request]:
    app = create_app({"TESTING": True, "TOKEN_KEYS": keys})
    client = app.test_client()
    ring: Keyring = app.extensions["referee_keyring"]
    rng = random.Random(seed)
    out: list[Request] = []

    def add(path, body, pattern, tokens=False, method="POST"):
        raw = None if body is None else orjson.dumps(body)
        r = client.open(path, method=method, data=raw, content_type="application/json" if raw else None)
        answer = r.get_data()
        if tokens and r.status_code < 300:
            got = orjson.loads(answer)
            for k in TOKEN_FIELDS:
                got.pop(k, None)
            answer = orjson.dumps(got)
        out.append(Request(pattern, method, path, raw, r.status_code, answer, tokens))

    add("/healthz", None, "GET /healthz", method="GET")
    add("/v1/games", None, "GET /v1/games", method="GET")
    for game_id, modes in MODES.items():
        base = f"/v1/games/{game_id}"
        add(base, None, "GET /v1/games/{game}", method="GET")
        for i in range(2):
            add(base + "/deals", {"seed": f"{seed}-{i}", "options": modes[i % len(modes)]}, "/deals")
        add(base + "/deals", {"seed": f"{seed}-sealed", "seal": True}, "/deals sealed", tokens=True)
        for i in range(per_game):
            hand, record = position(game_id, modes[i % len(modes)], f"{seed}-{game_id}-{i}",
                                    1.0 if i == 0 else rng.random(), rng)
            seat = rng.randrange(hand.n)
            master, bound = ring.seal(game_id, record), ring.seal(game_id, record, seat)
            add(base + "/state", {"record": record}, "/state")
            add(base + "/legal-moves", {"record": record}, "/legal-moves")
            add(base + "/views", {"record": record, "seat": seat}, "/views")
            add(base + "/state", {"record_token": bound}, "/state token")
            add(base + "/views", {"record_token": master, "seat": seat}, "/views token")
            add(base + "/records/open", {"record_token": master}, "/records/open")
            if hand.phase == "done":
                add(base + "/matches/replay", {"hands": [record]}, "/matches/replay")
                add(base + "/matches/replay", {"hand_tokens": [master]}, "/matches/replay tokens")
                continue
            move = concrete(rng.choice(hand.legal_moves()), rng)
            add(base + "/moves/validate", {"record": record, "move": move}, "/moves/validate")
            add(base + "/moves", {"record": record, "move": move}, "/moves")
            add(base + "/moves", {"record_token": master, "move": move}, "/moves token", tokens=True)
            bad = {**move, "seat": (move["seat"] + 1) % hand.n}
            add(base + "/moves", {"record": record, "move": bad}, "/moves illegal")
        for path, body in CALCULATORS.get(game_id, {}).items():
            add(base + path, body, path)
    return out
