"""The rules documents' examples the project keeps as its own data (``schemas/spec_examples.json``):
the same as the documents where they are at hand, and answered as the documents say."""

from __future__ import annotations

import pytest

from schemas import spec_data

SNAPSHOT = spec_data.load()


def test_the_snapshot_is_the_rules_documents_of_today():
    folder = spec_data.rules_dir()
    if folder is None or not folder.is_dir():
        pytest.skip(f"NOT COMPARED: ${spec_data.RULES_ENV} names no rules documents' folder (a clone "
                    "without the specification); the snapshot was checked against them where they were")
    assert spec_data.extract(folder) == SNAPSHOT, "run `make spec-data`"


def test_the_snapshot_holds_every_game_and_its_examples():
    assert set(SNAPSHOT) == set(spec_data.GAME_IDS)
    assert len(SNAPSHOT["court-piece"]["worked"]) == 22  # court-piece.md's Examples 1-22
    for game_id, found in SNAPSHOT.items():
        assert found["variants"], game_id
        assert found["worked_blocks"], game_id
        if game_id != "court-piece":  # Court Piece's calculator bodies are its worked examples
            assert {b["path"] for b in found["bodies"]} >= {"/score", "/matches/score"}, game_id


def _agrees(expected, answer) -> bool:
    """Every field the document states is in the answer, equal (the answer may say more)."""
    if isinstance(expected, dict) and isinstance(answer, dict):
        return all(k in answer and _agrees(v, answer[k]) for k, v in expected.items())
    return expected == answer


BODIES = [(g, i, b) for g, found in SNAPSHOT.items() for i, b in enumerate(found["bodies"])]


@pytest.mark.parametrize("game_id,i,body", BODIES, ids=[f"{g}-{b['path']}-{i}" for g, i, b in BODIES])
def test_each_api_body_is_answered_as_its_document_says(client, game_id, i, body):
    resp = client.post(f"/v1/games/{game_id}{body['path']}", json=body["input"])
    expected = body["expected"]
    if expected and ("invalid_record" in expected or "illegal_move" in expected or "reason" in expected
                     and "valid" not in expected and "legal" not in expected):
        assert resp.status_code == 422, resp.get_json()
        assert resp.get_json()["reason"] == expected["reason"]
    else:
        assert resp.status_code == 200, resp.get_json()
        assert _agrees(expected, resp.get_json()), (expected, resp.get_json())
