"""The README's set-up and the examples of docs/LIBRARY.md and docs/COMMAND_LINE.md are run, so the guide cannot drift from the code."""

import re
from pathlib import Path

from service import cli

from .matchlog import match_log

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
EXAMPLES = "".join((ROOT / "docs" / page).read_text() for page in ("LIBRARY.md", "COMMAND_LINE.md"))
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", EXAMPLES, re.S)


def block(kind, start):
    (found,) = [b for k, b in BLOCKS if k == kind and b.startswith(start)]
    return found


def test_the_two_set_up_commands_open_the_readme():
    setup = README.split("## Set up", 1)[1]
    first = re.search(r"```sh\n(.*?)```", setup, re.S).group(1)
    assert [line.split("#")[0].strip() for line in first.splitlines()] == ["make run", "make test"]


def test_the_library_example_runs():
    exec(compile(block("python", "from service.rules.games"), "docs/LIBRARY.md", "exec"), {})


def test_the_cli_example_is_what_the_cli_prints(tmp_path, capsys):
    shown = block("text", "$ referee replay final.json").splitlines()
    final = match_log("court-piece", seed="final", until_over=True)
    disputed = match_log("sixes", seed="disputed", hands=2)
    move = disputed["hands"][1]["moves"][1]
    move["seat"] = (move["seat"] + 1) % 5
    outputs = []
    for name, log in (("final", final), ("disputed", disputed)):
        path = tmp_path / f"{name}.json"
        path.write_text(__import__("json").dumps(log))
        code = cli.main(["replay", str(path)])
        outputs.append((code, capsys.readouterr().out.splitlines()))
    (code1, out1), (code2, out2) = outputs
    i = shown.index("…")
    assert code1 == 0 and out1[:i - 1] == shown[1:i] and out1[-1] == shown[i + 1]
    j = shown.index('$ referee replay disputed.json; echo "exit $?"')
    assert code2 == 1 and out2 == shown[j + 1:-1] and shown[-1] == "exit 1"
