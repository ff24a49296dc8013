"""Every problem ``type`` resolves on the service: a page, and JSON, saying what the code means."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from service.contract.problems import PROBLEMS
from service.http.problems import _GUNICORN_CODES, _HTTP_CODES

SERVICE = Path(__file__).resolve().parent.parent / "service"


def codes_the_service_can_answer() -> set[str]:
    """Every literal code passed to ApiProblem(...) or problem(...) anywhere in the HTTP layer."""
    found = set(_HTTP_CODES.values()) | set(_GUNICORN_CODES.values()) | {"http_error"}
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            position = {"ApiProblem": 1, "problem": 1, "TournamentError": 0, "AnalysisRefused": 0}.get(name)
            if position is not None and len(node.args) > position:
                code = node.args[position]
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    found.add(code.value)
    return found


def _literals() -> set[str]:
    return {node.value for path in SERVICE.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


def test_every_code_the_service_can_answer_has_a_page():
    found = codes_the_service_can_answer()
    # the caps are raised from a table of names
    found |= {n for n in _literals() if re.fullmatch(r"too_many_[a-z]+", n) and n != "too_many_moves"}
    assert {"invalid_record", "illegal_move", "invalid_json", "seat_forbidden", "unknown_board"} <= found
    assert found <= set(PROBLEMS), found - set(PROBLEMS)


@pytest.mark.parametrize("code", list(PROBLEMS))
def test_each_page_in_html_and_json(client, code):
    page = client.get(f"/problems/{code}")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert f"<code>{code}</code>" in page.get_data(as_text=True)
    doc = client.get(f"/problems/{code}", headers={"Accept": "application/json"}).get_json()
    assert doc["code"] == code and doc["type"] == f"/problems/{code}" and doc["meaning"] and doc["fix"]


def test_a_real_problems_type_leads_to_its_page(client):
    problem = client.post("/v1/games/sixes/state", json={"record": {"game": "sixes"}}).get_json()
    assert problem["type"] == f"/problems/{problem['code']}"
    doc = client.get(problem["type"], headers={"Accept": "application/json"}).get_json()
    assert doc["status"] == 422 and doc["code"] == problem["code"]


def test_the_index_lists_every_code_and_an_unknown_code_is_404(client):
    index = client.get("/problems", headers={"Accept": "application/json"}).get_json()
    assert [p["code"] for p in index["problems"]] == list(PROBLEMS)
    assert all(f'href="/problems/{c}"' in client.get("/problems").get_data(as_text=True) for c in PROBLEMS)
    missing = client.get("/problems/no_such_code")
    assert missing.status_code == 404 and missing.get_json()["code"] == "not_found"
