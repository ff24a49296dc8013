"""The contract's examples are real: every operation of every game has one, each request is what the
rules documents and the seeded hands give, and the service still answers each exactly so."""

from __future__ import annotations

import pytest

from schemas import examples
from schemas.games import all_schemas
from schemas.operation_ids import operation_id
from service.rules.games import GAMES

from .contract import call, check_response, spec

SNAPSHOT = examples.load()
CASES = [(op, name, request) for op, entry in SNAPSHOT.items() for name, request in entry["requests"].items()]


def _operations():
    for path, ops in spec()["paths"].items():
        for method, op in ops.items():
            yield path, method, op


def test_every_operation_has_an_example_answer_and_every_body_an_example_request():
    for path, method, op in _operations():
        if path == "/metrics":  # text, not JSON: no example to check
            continue
        ok = next(r for status, r in op["responses"].items() if status.startswith("2"))
        assert next(iter(ok["content"].values())).get("examples"), f"{method} {path}"
        if "requestBody" in op:
            assert op["requestBody"]["content"]["application/json"].get("examples"), f"{method} {path}"


@pytest.mark.parametrize("op,name,sent", CASES, ids=[f"{op}-{name}" for op, name, _ in CASES])
def test_the_service_answers_each_example_as_the_contract_shows(client, op, name, sent):
    answer = SNAPSHOT[op]["answers"][name]
    resp = call(client, "POST", sent["path"], json=sent["body"])
    assert (resp.status_code, resp.get_json()) == (answer["status"], answer["body"]), "run `make examples`"


@pytest.mark.parametrize("op", list(examples.GETS))
def test_each_get_example_is_the_real_answer(client, op):
    path = examples.GETS[op]
    resp = client.get(path, headers={"Accept": "application/json"})
    template = next(p for p, m, o in _operations() if o["operationId"] == op)
    check_response(template, "GET", resp)
    assert resp.get_json() == SNAPSHOT[op]["answers"]["answer"]["body"], "run `make examples`"


def test_the_examples_are_the_documents_and_seeded_hands_of_today():
    """The snapshot's requests are what schemas/examples.py makes now (tokens, freshly sealed, aside)."""
    class Ring:
        def seal(self, game_id, record):
            return None
    for gs in all_schemas():
        for op, named in examples.game_requests(GAMES[gs.game_id], gs.prefix, Ring()).items():
            for name, (path, body) in named.items():
                if "record_token" not in body:
                    assert SNAPSHOT[op]["requests"][name] == {"path": path, "body": body}, "run `make examples`"


def test_examples_include_every_labelled_worked_example_and_api_body():
    court = examples.worked_examples("court-piece")
    assert sum(map(len, court.values())) == 22  # court-piece.md's Examples 1-22
    assert {op for op in court} >= {"Deal", "State", "LegalMoves", "ValidateMove", "TrickWinner", "Score",
                                    "ScoreMatch", "ReplayMatch"}
    for game_id in ("buck-euchre", "bid-whist", "five-hundred", "sixes"):
        assert examples.document_bodies(game_id).keys() >= {"/score", "/matches/score"}


# the "Variants" inputs that describe a situation rather than a request: a seeded hand's moves without
# its deal (bid-whist.md V1.1 `view_of`, V1.2); the blocks with no `input` at all are not counted
NOT_BODIES = {("bid-whist", "V1_1"), ("bid-whist", "V1_2")}


def _agrees(expected, answer) -> bool:
    """The document's ``expected`` fields the answer also has are equal (a state nests some deeper)."""
    if isinstance(expected, dict) and isinstance(answer, dict):
        return all(_agrees(v, answer[k]) for k, v in expected.items() if k in answer)
    return expected == answer


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_variant_example_is_a_real_request_and_answer(game_id):
    """issue 13: the "Variants" sections' worked examples reach the contract as the others do."""
    prefix = next(gs.prefix for gs in all_schemas() if gs.game_id == game_id)
    found = examples.variant_examples(game_id)
    assert found, game_id
    for label, body, expected in found:
        if (game_id, label) in NOT_BODIES:
            assert examples.variant_operation(body, expected) is None
            continue
        op, request = examples.variant_operation(body, expected)
        entry = SNAPSHOT[operation_id(prefix, op)]
        assert entry["requests"][f"variant_{label}"]["body"] == request, (game_id, label)
        answer = entry["answers"][f"variant_{label}"]
        refused = bool(expected.get("invalid_record") or expected.get("illegal_move"))
        assert (answer["status"] == 422) == refused, (game_id, label, answer)
        if refused:
            assert answer["body"]["reason"] == expected["reason"]
        else:
            assert _agrees(expected, answer["body"]), (game_id, label, expected, answer["body"])
