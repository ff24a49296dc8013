"""The contract's examples: the rules documents' "API bodies" and seeded hands, with the answers the
service really gives them. The documents' examples come from their snapshot, ``schemas.spec_data``.

``python -m schemas.examples`` (``make examples``) rewrites ``schemas/examples.json``; the
generator of ``openapi.yaml`` reads that snapshot, and a test posts every example again and checks
the service still answers it exactly. Nothing here is typed by hand: a request comes from a rules
document or from a seeded deal played by the referee's own legal moves.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from . import spec_data
from .operation_ids import operation_id, prefix_of

EXAMPLES_FILE = Path(__file__).with_name("examples.json")
SEED = "doc-example-1"  # the README's seed
# the documents' calculator sections, and the operation each one's examples belong to
CALCULATOR_OPS = {"/trick-winner": "TrickWinner", "/bids/validate": "ValidateBid", "/score": "Score",
                  "/matches/score": "ScoreMatch"}


SUMMARIES = {"seeded": "A seeded deal (the README's seed)", "mid_hand": "Half-way through a seeded hand",
             "finished": "A seeded hand played to its end by the first legal move each time",
             "legal": "The first legal move half-way through a seeded hand",
             "out_of_turn": "A move by a seat that is not to act", "seat_view": "Another seat's view",
             "one_hand": "A one-hand match", "one_table": "One table, one round: the seeded hand's record", "document": "From the rules document's \"API bodies\"",
             "example": "The rules document's worked example", "answer": "The service's answer",
             "variant": "The rules document's variant example"}


def summary(name: str) -> str:
    if name in SUMMARIES:
        return SUMMARIES[name]
    kind, number = name.split("_", 1)
    return f"{SUMMARIES[kind]} {number}" if kind in ("example", "variant") else f"{SUMMARIES[kind]}, example {number}"


# operations without a body: the path whose real answer is the example
GETS = {"listGames": "/v1/games", "healthz": "/healthz", "readyz": "/readyz", "listProblems": "/problems",
        "getProblem": "/problems/illegal_move",
        **{operation_id(prefix_of(g), "Game"): f"/v1/games/{g}"
           for g in ("buck-euchre", "bid-whist", "five-hundred", "court-piece", "sixes")}}


def load() -> dict:
    """operationId -> {"request": {name: body}, "answers": {name: [status, body]}} (empty if absent)."""
    if not EXAMPLES_FILE.exists():
        return {}
    return json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))


# a worked example labelled with its kind (court-piece.md: "### Example 7: … (`illegal_move`)"):
# the operation it shows, and how its ``input`` becomes that operation's body
WORKED_KINDS = {"deal": ("Deal", None), "replay": ("State", "record"), "legal_moves": ("LegalMoves", "record"),
                "illegal_move": ("ValidateMove", None), "trick_winner": ("TrickWinner", None),
                "hand_score": ("Score", None), "match": ("ScoreMatch", None), "match_replay": ("ReplayMatch", None)}


def variant_examples(game_id: str) -> list[tuple[str, dict, dict]]:
    """(label, input, expected) of every example of the document's "Variants" (``schemas.spec_data``)."""
    return [(v["label"], v["input"], v["expected"]) for v in spec_data.load()[game_id]["variants"]]


def variant_operation(body: dict, expected: dict) -> tuple[str, dict] | None:
    """The operation a variant example's ``input`` is the body of (by its shape), and that body;
    None for an input that is a situation, not a request (e.g. bid-whist.md's ``view_of``)."""
    if "view_of" in body or ("moves" in body and "deal" not in body):  # a situation on a deal not given
        return None
    if "seed" in body:
        return "Deal", body
    if "deal" in body and "moves" in body:
        return ("LegalMoves" if "moves" in expected and "seat" in expected else "State"), {"record": body}
    if isinstance(body.get("hands"), list):
        return ("ReplayMatch" if all(isinstance(h, dict) and "deal" in h for h in body["hands"]) else "ScoreMatch"), body
    if "bid" in body or "calls" in body:
        return "ValidateBid", body
    if "cards" in body and "leader" in body:
        return "TrickWinner", body
    return "Score", body


def worked_examples(game_id: str) -> dict[str, list[tuple[str, dict]]]:
    """operation -> (example number, body) for the document's labelled worked examples."""
    found: dict[str, list[tuple[str, dict]]] = {}
    for example in spec_data.load()[game_id]["worked"]:
        if example["kind"] in WORKED_KINDS:
            op, wrap = WORKED_KINDS[example["kind"]]
            data = example["input"]
            found.setdefault(op, []).append((example["number"], {wrap: data} if wrap else data))
    return found


def document_bodies(game_id: str) -> dict[str, list[dict]]:
    """Calculator path -> the ``input`` objects of the document's "API bodies" section."""
    found: dict[str, list[dict]] = {}
    for body in spec_data.load()[game_id]["bodies"]:
        found.setdefault(body["path"], []).append(body["input"])
    return found


def _as_move(listed: dict) -> dict:
    """A listed legal move as a move to send (a listing may offer ``count`` cards ``from`` a set)."""
    if "count" in listed:
        return {"seat": listed["seat"], "type": listed["type"], "cards": listed["from"][:listed["count"]]}
    return listed


def seeded_hand(game) -> dict:
    """The seed's hand played to its end, always by the first legal move."""
    hand = game.replay(game.deal(SEED, {}, 0, None))
    while moves := hand.state()["legal_moves"]:
        hand.play(game.read_move(_as_move(moves[0]), hand), len(hand.moves))
    return hand.to_record()


def one_table_event(game, finished: dict) -> dict:
    """A one-round event at one table, whose match is the seeded hand's record."""
    n = game.players(finished["options"])
    names = ["Asha", "Bilal", "Chetan", "Divya", "Esha", "Farhan"][:n]
    return {"name": "Club night", "format": "matches", "options": finished["options"],
            "entrants": [{"id": name.lower(), "name": name} for name in names],
            "rounds": [{"tables": [{"seats": [name.lower() for name in names], "hands": [finished]}]}]}


def game_requests(game, prefix: str, keyring) -> dict[str, dict[str, tuple[str, dict]]]:
    """operationId -> example name -> (path, request body) (ids: schemas/operation_ids.py)."""
    g = game.id
    finished = seeded_hand(game)
    mid = {**finished, "moves": finished["moves"][: len(finished["moves"]) // 2]}
    hand = game.replay(mid)
    to_act = hand.to_act
    legal = _as_move(hand.state()["legal_moves"][0])
    wrong_seat = {**legal, "seat": (to_act + 1) % game.players(mid["options"])}
    base = f"/v1/games/{g}"
    out = {
        "Deal": {"seeded": (base + "/deals", {"seed": SEED, "dealer": 0})},
        "State": {"mid_hand": (base + "/state", {"record": mid}),
                  "finished": (base + "/state", {"record": finished})},
        "LegalMoves": {"mid_hand": (base + "/legal-moves", {"record": mid})},
        "Move": {"legal": (base + "/moves", {"record": mid, "move": legal}),
                 "out_of_turn": (base + "/moves", {"record": mid, "move": wrong_seat})},
        "ValidateMove": {"legal": (base + "/moves/validate", {"record": mid, "move": legal}),
                         "out_of_turn": (base + "/moves/validate", {"record": mid, "move": wrong_seat})},
        "View": {"seat_view": (base + "/views", {"record": mid, "seat": wrong_seat["seat"]})},
        "ReplayMatch": {"one_hand": (base + "/matches/replay", {"hands": [finished]})},
        "OpenRecord": {"finished": (base + "/records/open", {"record_token": keyring.seal(g, finished)})},
        "ScoreTournament": {"one_table": (base + "/tournaments/score", one_table_event(game, finished))},
    }
    for path, bodies in document_bodies(g).items():
        op = CALCULATOR_OPS.get(path)
        if op is not None:
            out.setdefault(op, {}).update({f"document_{i + 1}": (base + path, b) for i, b in enumerate(bodies)})
    paths = {op: path for op, named in out.items() for path, _ in named.values()}
    paths.update({op: base + path for path, op in CALCULATOR_OPS.items()})
    for op, found in worked_examples(g).items():
        out.setdefault(op, {}).update({f"example_{n}": (paths[op], body) for n, body in found})
    for label, body, expected in variant_examples(g):  # the "Variants" section's, by their shape
        found = variant_operation(body, expected)
        if found and found[0] in paths:
            out.setdefault(found[0], {})[f"variant_{label}"] = (paths[found[0]], found[1])
    from .tournaments import examples as tournament_examples  # TOURNAMENTS.md's worked examples
    for n, e in tournament_examples().items():
        if e["request"] == f"POST {base}/tournaments/score":
            out["ScoreTournament"][f"example_{n}"] = (base + "/tournaments/score", e["input"])
    return {operation_id(prefix, op): examples for op, examples in out.items()}


def build() -> dict:
    from schemas.games import all_schemas
    from service import create_app
    from service.rules.games import GAMES
    from tests.keys import TEST_KEYS  # the OpenRecord example's token opens with the test suite's key

    os.environ["REFEREE_ACCESS_LOG"] = "0"
    app = create_app({"TESTING": True, "TOKEN_KEYS": TEST_KEYS})
    client, ring = app.test_client(), app.extensions["referee_keyring"]
    examples: dict[str, dict] = {}
    for op, path in GETS.items():
        resp = client.get(path, headers={"Accept": "application/json"})
        examples[op] = {"requests": {}, "answers": {"answer": {"status": resp.status_code, "body": resp.get_json()}}}
    for gs in all_schemas():
        for op, named in game_requests(GAMES[gs.game_id], gs.prefix, ring).items():
            entry = examples.setdefault(op, {"requests": {}, "answers": {}})
            for name, (path, request) in named.items():
                resp = client.post(path, json=request)
                assert resp.status_code < 500, (op, name, resp.get_json())
                entry["requests"][name] = {"path": path, "body": request}
                entry["answers"][name] = {"status": resp.status_code, "body": resp.get_json()}
    return examples


def main() -> None:
    EXAMPLES_FILE.write_text(json.dumps(build(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {EXAMPLES_FILE}\n")


if __name__ == "__main__":
    main()
