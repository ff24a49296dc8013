"""The README's "Play against the computer" loop (issue 32), run against the service: it prints
what the README says, and every move it posts is accepted."""

import json
import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
SECTION = README.split("## Play against the computer", 1)[1].split("\n## ", 1)[0]
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", SECTION, re.S)


def test_the_readme_plays_a_hand_against_the_computer(client, capsys):
    (loop,), (shown,) = [b for k, b in BLOCKS if k == "python"], [b for k, b in BLOCKS if k == "text"]
    assert "/hint" in loop and "/moves" in loop

    def post(path, body):  # the chaining section's `post`, through the app instead of a socket
        resp = client.post(f"/v1/games/{path}", json=body)
        assert resp.status_code < 300, resp.get_json()
        return resp.get_json()

    exec(compile(loop, "README.md", "exec"), {"post": post, "json": json})
    printed = capsys.readouterr().out
    assert printed == shown
    assert "deltas" in printed and "rollouts" in printed
