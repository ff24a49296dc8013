"""``make clients`` (issue 34): typed clients generated from openapi.yaml with no hand edits.

TypeScript and Python: a program plays one whole hand of every game through the typed operations
against the service started from the Procfile (typed bodies, no cast, no ``any``/``Any``: ``tsc
--strict`` and ``mypy --strict`` check them), a discard template made concrete included, and every
final record is the referee library's own replay. Kotlin and Swift (no compiler on these machines):
generation finishes with no error, no empty model, and a sealed type / enum for each union
(e2e/clients/check_generated.py).
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from service.rules.games import GAMES

from . import check_generated
from .conftest import HERE, ROOT, VENV_BIN, _tool, run

TEMPLATE_GAMES = {"bid-whist", "five-hundred"}  # their listings offer the discard as a template


def _hands(output: str) -> dict[str, dict]:
    hands = {}
    for line in output.splitlines():
        if line.startswith("{"):
            hand = json.loads(line)
            hands[hand["game"]] = hand
    return hands


def _check_hands(hands: dict[str, dict]) -> None:
    assert set(hands) == set(GAMES), hands.keys()
    for game_id, hand in hands.items():
        state = GAMES[game_id].replay(hand["record"]).state()  # the library agrees: a whole, legal hand
        assert state["phase"] == "done" and state["result"] is not None, game_id
        assert not state["legal_moves"], game_id
        assert (hand["templates"] > 0) == (game_id in TEMPLATE_GAMES), (game_id, hand["templates"])


def _no_escape_hatch(source: str, patterns: list[str]) -> None:
    code = "\n".join(line.split("//")[0].split("#")[0] for line in source.splitlines())
    for pattern in patterns:
        assert not re.search(pattern, code), pattern


def test_python_plays_a_hand_of_every_game(python_client, server):
    program = HERE / "python" / "play.py"
    _no_escape_hatch(program.read_text(), [r"\bcast\(", r"\bAny\b", r"type:\s*ignore"])
    run([str(VENV_BIN / "mypy"), "--strict", "--disallow-any-explicit", "--follow-imports=silent", "--cache-dir",
         str(python_client.parent / ".mypy_cache"), str(program)], env={"MYPYPATH": str(python_client)})
    out = run([sys.executable, str(program), server], env={"PYTHONPATH": str(python_client)}, timeout=300)
    _check_hands(_hands(out))


def test_typescript_type_checks_strict_and_plays_a_hand_of_every_game(typescript_client, server):
    program = typescript_client / "play.ts"
    _no_escape_hatch(program.read_text(), [r"\bas\s+(?!const\b)\w", r"\bany\b", r"<\w+>\s*\w", r"@ts-", r"!\."])
    run([_tool("tsc"), "-p", str(typescript_client / "tsconfig.json")], cwd=typescript_client)
    out = run(["node", str(typescript_client / "out" / "play.js"), server], cwd=typescript_client, timeout=300)
    _check_hands(_hands(out))


@pytest.mark.parametrize("kind", ["kotlin", "kotlin_sealed", "swift"])
def test_kotlin_and_swift_generate_every_model_and_a_type_per_union(kind, request):
    out, log = request.getfixturevalue(f"{kind}_client")
    assert not re.search(r"\bERROR\b|Exception", log), log[-3000:]
    found = check_generated.check(kind, out)
    assert found["models"] > 200 and found["unions"] == len(check_generated.unions()) >= 14, found
    assert not found["problems"], found


def test_the_docs_examples_run(python_client, typescript_client, server):
    """docs/CLIENTS.md's ten-line programs: each deals and makes a move, against the live service."""
    doc = (ROOT / "docs" / "CLIENTS.md").read_text()
    (python,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    (typescript,) = re.findall(r"```ts\n(.*?)```", doc, re.S)
    assert len(python.strip().splitlines()) <= 12 and len(typescript.strip().splitlines()) <= 12
    script = python_client / "docs_example.py"
    script.write_text(python.replace("http://127.0.0.1:8000", server))
    assert "phase" in run([sys.executable, str(script)], env={"PYTHONPATH": str(python_client)})
    (typescript_client / "docs_example.ts").write_text(typescript.replace("http://127.0.0.1:8000", server))
    run([_tool("tsc"), "-p", str(typescript_client / "tsconfig.docs.json")], cwd=typescript_client)
    assert "phase" in run(["node", str(typescript_client / "out" / "docs_example.js")], cwd=typescript_client)
