"""Reasons and problem codes: the registry, the source and the contract agree (issue 13).

Three ways a reason could escape the contract, three checks: a reason raised in the source that the
registry has no meaning for or an operation does not list (the static scan, here); a reason computed
at run time the scan cannot read (the scan refuses it: ``unresolved``); a reason answered that the
scan mapped to the wrong game or operation (``tests/reason_audit.py`` checks every answer of the
whole suite, fuzz tests included, against the operation's enums).
"""

import ast
from pathlib import Path

import pytest

from schemas import reasons as scan
from schemas.openapi import OPERATIONS, operation_of
from service.contract.problems import PROBLEMS
from service.rules.games import GAMES
from service.rules.reasons import EVENTS, MOVES, REASONS, RECORDS, for_code, meaning

from .contract import post_ok, spec

SITES, UNRESOLVED = scan.scan()


def test_every_dynamic_reason_is_resolved():
    """A reason that is not a literal must be traceable to the literals it can be."""
    assert UNRESOLVED == ()


def test_the_scan_finds_the_known_kinds_of_site():
    """The scan is not vacuous: literal raises, refusals, a parameter's callers, a loop's f-string."""
    found = {(s.kind, s.reason) for s in SITES}
    assert ("record", "deal_mismatch") in found and ("move", "must_follow_suit") in found
    assert ("record", "bad_dealer") in found          # parse_seat(…, "bad_dealer"): a parameter's value
    assert ("record", "view_incomplete") in found     # 'wrong_card_count' if … else 'view_incomplete'
    assert ("event", "changes_players") in found      # f"changes_{key}" for key in ("players", …)
    assert len({s.reason for s in SITES}) > 100


def test_every_reason_raised_has_a_meaning_and_every_meaning_is_raised():
    raised = {s.reason for s in SITES if s.kind != "code"} - {"<refusal>"}
    raised |= {r for g in GAMES.values() for r in g.reasons.values()}
    assert sorted(raised - set(REASONS)) == []
    assert sorted(set(REASONS) - raised) == []
    assert all(m and m.endswith(".") for m in REASONS.values())


def test_move_reasons_are_refusals_and_record_reasons_are_raised_as_such():
    kinds = {}
    for s in SITES:
        kinds.setdefault(s.reason, set()).add(s.kind)
    assert all("move" in kinds[r] for r in MOVES)
    assert all(kinds[r] & {"record"} for r in RECORDS)
    assert all("event" in kinds[r] for r in EVENTS)
    assert set(for_code("illegal_move")) == set(MOVES) and meaning("not_your_turn") == MOVES["not_your_turn"]


def test_every_problem_code_raised_has_a_page_and_a_status_in_the_contract():
    """Every literal ``ApiProblem(status, code)`` of the HTTP layer is in STATUS_CODES for its status."""
    listed = {(s, c) for s, codes in scan.STATUS_CODES.items() for c in codes}
    listed |= {(422, c) for c in (*scan.TOKEN_CODES, "invalid_record", "illegal_move")}
    seen = set()
    for path in (Path(scan.SERVICE) / "http").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiProblem"
                    and len(node.args) >= 2 and all(isinstance(a, ast.Constant) for a in node.args[:2])):
                seen.add((node.args[0].value, node.args[1].value))
    game_paths = {(s, c) for s, c in seen if c not in ("unknown_game",)}
    assert len(seen) >= 10 and sorted(game_paths - listed) == []
    for code in {c for _, c in listed} | set(scan.group_codes("tournaments")) | set(scan.group_codes("analysis")):
        assert code in PROBLEMS, code


def _operations():
    for path, ops in spec()["paths"].items():
        found = operation_of(path)
        if found:
            for method, op in ops.items():
                yield path, method, found, op


def test_every_game_operation_lists_its_codes_and_reasons():
    count = 0
    for path, _, (game_id, operation), op in _operations():
        count += 1
        why = scan.operation_reasons(game_id, operation)
        for status, resp in op["responses"].items():
            if int(status) < 400:
                continue
            schema = resp["content"]["application/problem+json"]["schema"]
            assert schema["properties"]["code"]["enum"], (path, status)
            if status == "422":
                listed = set(schema["properties"]["reason"]["enum"])
                assert listed == set(why["invalid_record"]) | set(why["illegal_move"]), path
                assert listed <= set(REASONS)
        if operation in ("ValidateMove", "ValidateBid"):
            ok = op["responses"]["200"]["content"]["application/json"]["schema"]
            assert set(ok["properties"]["reason"]["enum"]) - {None} == set(why["answer"]) != set(), path
    assert count == sum(1 for p in spec()["paths"] if operation_of(p)) >= 5 * len(OPERATIONS) - 10


def test_per_game_lists_differ_where_the_games_do():
    """Five Hundred names its record reasons as its document does; Sixes has no trick to follow."""
    fh, sx, cp = (scan.operation_reasons(g, "ValidateMove") for g in ("five-hundred", "sixes", "court-piece"))
    assert "invalid_dealer" in fh["invalid_record"] and "bad_dealer" not in fh["invalid_record"]
    assert "must_follow_suit" not in sx["answer"] and "must_start_with_6d" in sx["answer"]
    assert "must_play_trump_after_reveal" in cp["answer"] and "must_play_trump_after_reveal" not in fh["answer"]
    assert scan.operation_reasons("sixes", "Score")["illegal_move"] == ()


def test_the_reason_component_gives_every_meaning():
    component = spec()["components"]["schemas"]["Reason"]
    assert {c["const"]: c["description"] for c in component["oneOf"]} == REASONS


@pytest.mark.parametrize("game_id,body,reason", [
    ("sixes", {"seat": 0, "type": "play", "card": "2C"}, "must_start_with_6d"),
    ("buck-euchre", {"seat": 3, "type": "order_up"}, "not_your_turn"),
])
def test_a_refusal_answered_is_in_the_enum_the_contract_gives(client, game_id, body, reason):
    """End to end: a real legal:false answer, its reason and the operation's enum."""
    record = post_ok(client, f"/v1/games/{game_id}/deals", {"seed": "doc-example-1", "dealer": 0}, 201)
    if game_id == "sixes":
        holder = next(s for s, h in enumerate(record["deal"]["hands"]) if "2C" in h)
        body = {**body, "seat": holder}
    answer = post_ok(client, f"/v1/games/{game_id}/moves/validate", {"record": record, "move": body})
    assert answer["legal"] is False
    assert answer["reason"] in scan.operation_reasons(game_id, "ValidateMove")["answer"]
    if game_id == "sixes":
        assert answer["reason"] in ("must_start_with_6d", "not_your_turn")
    else:
        assert answer["reason"] == reason
