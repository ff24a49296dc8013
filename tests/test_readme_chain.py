"""docs/CHAINING.md's three-hand chain (issue 13), run against the service: it prints what the page says."""

import json
import re
from pathlib import Path

SECTION = (Path(__file__).resolve().parent.parent / "docs" / "CHAINING.md").read_text()
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", SECTION, re.S)


def test_the_readme_chains_three_hands_by_next_match(client, capsys):
    (setup, chain), (shown,) = [b for k, b in BLOCKS if k == "python"], [b for k, b in BLOCKS if k == "text"]
    assert "urllib.request.urlopen" in setup and "def post(path, body)" in setup

    def post(path, body):  # the set-up block's `post`, through the app instead of a socket
        return client.post(f"/v1/games/{path}", json=body).get_json()

    exec(compile(chain, "docs/CHAINING.md", "exec"), {"post": post, "json": json})
    printed = capsys.readouterr().out
    assert printed == shown
    assert printed.count("next_match") == 3 and '"chips"' in printed  # Sixes: the chips carry over
