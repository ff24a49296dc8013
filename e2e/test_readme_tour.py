"""The README's curl tour, run with bash, curl and jq against the live service: same output."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, re.S)


def test_the_curl_tour_prints_what_the_readme_says(server):
    if not (shutil.which("curl") and shutil.which("jq")):
        pytest.fail("curl and jq are needed: `make e2e` installs them")
    setup = next(b for k, b in BLOCKS if k == "sh" and b.startswith("REF="))
    tour = next(b for k, b in BLOCKS if k == "sh" and b.startswith("# play_hand"))
    expected = next(b for k, b in BLOCKS if k == "text" and b.startswith("buck-euchre:"))
    script = setup.replace("http://127.0.0.1:8000", server) + "\n" + tour
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # the set-up block's two answers come first (no newline between them), then the tour
    assert lines[0] == ('{"legal":false,"reason":"not_your_turn","detail":"seat 1 is to act, not seat 2"}'
                        '{"status":422,"code":"illegal_move","reason":"not_your_turn","move_index":0}')
    assert "\n".join(lines[1:]) + "\n" == expected
