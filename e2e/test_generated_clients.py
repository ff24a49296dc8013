"""Clients generated from openapi.yaml with standard generators, used against the live service.

Python: openapi-python-client generates a typed client; a seeded hand of every game is played
through it (deal, then legal-moves and moves until the hand is over) and must end exactly where the
library ends with the same choices. TypeScript: openapi-typescript (npm, pinned in package.json)
generates types that the TypeScript compiler accepts, used by a small typed program.
"""

from __future__ import annotations

import importlib
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from service.rules.games import GAMES
from tests.matchlog import concrete, play_hand

HERE = Path(__file__).resolve().parent
SPEC = HERE.parent / "openapi.yaml"


@pytest.fixture(scope="module")
def referee_client(tmp_path_factory):
    out = tmp_path_factory.mktemp("pyclient")
    exe = Path(sys.executable).parent / "openapi-python-client"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "openapi_python_client"]
    proc = subprocess.run([*cmd, "generate", "--path", str(SPEC), "--meta", "none", "--output-path",
                           str(out / "referee_client"), "--config", str(HERE / "openapi-python-client.yaml")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Warning" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr  # every path and schema generated
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("referee_client")
    finally:
        sys.path.remove(str(out))


def _camel(game_id):
    return "".join(w.capitalize() for w in game_id.split("-"))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seeded_hand_through_the_generated_python_client(referee_client, server, game_id):
    from referee_client import models
    p, C = game_id.replace("-", "_"), _camel(game_id)
    api = lambda op: importlib.import_module(f"referee_client.api.{p}.{p}_{op}")  # noqa: E731
    client = referee_client.Client(base_url=server, raise_on_unexpected_status=True)
    seed = f"client-{game_id}"

    def body(model, data):
        # A request schema the generator cannot model (the envelopes that take `record` or
        # `record_token`, a oneOf of required-only branches) becomes `body: Any`: send the dict.
        return getattr(models, f"{C}{model}").from_dict(data) if hasattr(models, f"{C}{model}") else data

    record = api("deal").sync(client=client, body=body("DealRequest", {"seed": seed, "dealer": 0}))
    assert type(record).__name__ == f"{C}Record", record
    rng = random.Random(seed)
    for _ in range(500):
        listing = api("legal_moves").sync(client=client, body=body("RecordRequest", {"record": record.to_dict()}))
        moves = listing.to_dict()["moves"]
        if not moves:
            break
        move = concrete(rng.choice(moves))
        answer = api("move").sync(client=client, body=body("MoveRequest", {"record": record.to_dict(), "move": move}))
        assert type(answer).__name__ == f"{C}MoveAnswer", answer
        record = answer.record
    final = answer.to_dict()["state"]
    assert final["phase"] == "done" and final["result"] is not None

    # the same seed and the same choices through the library, no HTTP: the same hand
    game = GAMES[game_id]
    expected = play_hand(game_id, game.deal(seed, {}, 0, None), random.Random(seed))
    assert json.loads(json.dumps(record.to_dict())) == expected
    assert final["result"] == game.replay(expected).state()["result"]

    # a move after the end comes back as the typed problem: 422 illegal_move, hand_over
    late = {"record": expected, "move": expected["moves"][-1]}
    problem = api("move").sync(client=client, body=body("MoveRequest", late))
    assert type(problem).__name__ == "Problem"
    assert (problem.status, problem.code, problem.reason) == (422, "illegal_move", "hand_over")


def test_typescript_types_generate_and_compile(tmp_path):
    npx = shutil.which("npx")
    if not (HERE / "node_modules" / ".bin" / "openapi-typescript").exists() or npx is None:
        pytest.fail("run `make e2e`: it installs openapi-typescript and typescript with `npm ci` in e2e/")
    bin_dir = HERE / "node_modules" / ".bin"
    types = tmp_path / "referee.d.ts"
    # --default-non-nullable false: a request field with a default (`seal`) stays optional
    gen = subprocess.run([str(bin_dir / "openapi-typescript"), str(SPEC), "--default-non-nullable", "false",
                          "-o", str(types)],
                         capture_output=True, text=True, timeout=300)
    assert gen.returncode == 0, gen.stdout + gen.stderr
    assert "buck-euchre" in types.read_text()
    program = tmp_path / "use.ts"
    program.write_text((HERE / "typescript" / "use.ts").read_text())
    tsc = subprocess.run([str(bin_dir / "tsc"), "--noEmit", "--strict", "--target", "es2020", "--moduleResolution",
                          "node", str(program), str(types)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert tsc.returncode == 0, tsc.stdout + tsc.stderr


def test_the_readme_client_example_runs(referee_client, server, capsys):
    import re
    readme = (HERE.parent / "docs" / "CLIENTS.md").read_text()
    (example,) = [b for b in re.findall(r"```python\n(.*?)```", readme, re.S) if "referee_client" in b]
    exec(compile(example.replace("http://127.0.0.1:8000", server), "docs/CLIENTS.md", "exec"), {})
    assert capsys.readouterr().out.startswith("2 [{'seat': 2, 'type': 'play', 'card': '6D'}]")
