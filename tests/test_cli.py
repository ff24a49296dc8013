"""``referee replay``: the three file shapes, the texts, the exit codes, and the installed script."""

import json
import shutil
import subprocess
import sys

import pytest

from service import cli
from service.rules.games import GAMES

from .matchlog import match_log


@pytest.fixture(scope="module")
def court_piece_match():
    return match_log("court-piece", seed="cli", until_over=True)


def run(tmp_path, capsys, doc, *flags):
    path = tmp_path / "match.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc))
    code = cli.main(["replay", str(path), *flags])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_finished_match_prints_every_hand_and_the_winner(tmp_path, capsys, court_piece_match):
    code, out, _ = run(tmp_path, capsys, court_piece_match)
    answer = GAMES["court-piece"].replay_match(court_piece_match)
    assert code == 0 and answer["match_over"]
    lines = out.splitlines()
    assert sum(line.startswith("hand ") for line in lines) == len(court_piece_match["hands"])
    for running in answer["running_scores"]:
        assert f"running scores {json.dumps(running, separators=(',', ' '))}" in out
    assert lines[-1] == f"match over after {len(answer['per_hand'])} hands; winner: {answer['winner']}"


def test_a_list_of_records_and_a_single_record_are_matches_too(tmp_path, capsys):
    log = match_log("buck-euchre", seed="cli-list", hands=2)
    code, out, _ = run(tmp_path, capsys, log["hands"])
    assert code == 0 and "match not over after 2 hands" in out
    code, out, _ = run(tmp_path, capsys, log["hands"][0])
    assert code == 0 and out.count("\nhand ") + out.startswith("hand ") == 1


def test_the_first_illegal_move_is_named_with_its_hand_and_index(tmp_path, capsys):
    log = match_log("sixes", seed="cli-bad", hands=2)
    second = log["hands"][1]
    index = 1
    mover = second["moves"][index]["seat"]
    second["moves"][index] = {**second["moves"][index], "seat": (mover + 1) % 5}  # out of turn
    code, out, _ = run(tmp_path, capsys, log)
    assert code == 1
    assert out.startswith("hand #1 (hand_index 0) ")  # the sound hand before it is shown
    # the API's indices, labelled beside the 1-based counts (one numbering everywhere)
    assert f"illegal_move in hand #2 (hand_index 1), move #{index + 1} (move_index {index}: " \
           f"seat {(mover + 1) % 5} " in out
    assert "not_your_turn" in out


def test_json_output_is_the_api_answer(tmp_path, capsys, client):
    log = match_log("five-hundred", seed="cli-json", hands=1)
    code, out, _ = run(tmp_path, capsys, log, "--json")
    api = client.post("/v1/games/five-hundred/matches/replay", json={"hands": log["hands"]}).get_json()
    assert code == 0 and json.loads(out) == {"game": "five-hundred", **api}


@pytest.mark.parametrize("doc, message", [
    ("{not json", "not JSON"),
    ({"hands": []}, "no hand"),
    ({"game": "snap", "hands": [{"deal": {}}]}, "unknown game"),
    (42, "expected"),
])
def test_unreadable_files_exit_2(tmp_path, capsys, doc, message):
    code, out, err = run(tmp_path, capsys, doc)
    assert code == 2 and message in err and out == ""


def test_a_missing_file_exits_2(capsys, tmp_path):
    assert cli.main(["replay", str(tmp_path / "nope.json")]) == 2


def test_the_console_script_and_stdin(tmp_path):
    log = match_log("bid-whist", seed="cli-script", hands=1)
    script = shutil.which("referee", path=str(__import__("pathlib").Path(sys.executable).parent))
    cmd = [script] if script else [sys.executable, "-m", "service.cli"]
    proc = subprocess.run([*cmd, "replay", "-"], input=json.dumps(log), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("hand #1 (hand_index 0) ")


def test_the_library_and_the_cli_do_not_import_flask():
    code = ("import sys, service.rules, service.cli; from service.rules.games import GAMES; "
            "GAMES['sixes'].replay(GAMES['sixes'].deal('x', {}, 0, None)).state(); "
            "assert 'flask' not in sys.modules and 'marshmallow' not in sys.modules, sorted(sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_several_files_in_one_run_one_line_each_with_quiet(tmp_path, capsys, court_piece_match):
    paths = []
    for i in range(2):
        paths.append(tmp_path / f"m{i}.json")
        paths[-1].write_text(json.dumps(court_piece_match))
    assert cli.main(["replay", "--quiet", *map(str, paths)]) == 0
    out = capsys.readouterr().out.splitlines()
    answer = GAMES["court-piece"].replay_match(court_piece_match)
    summary = f"{len(answer['per_hand'])} hands; match over, winner: {answer['winner']}; scores " \
              f"{json.dumps(answer['scores'], separators=(',', ' '))}"
    assert out == [f"{paths[0]}:", summary, f"{paths[1]}:", summary]


def test_the_servers_hand_cap_is_not_the_command_lines(tmp_path, capsys, court_piece_match):
    """501 hands are read and replayed (the copies stop chaining at hand 2); --max-hands caps on request."""
    doc = {"game": "court-piece", "hands": [court_piece_match["hands"][0]] * 501}
    code, out, _ = run(tmp_path, capsys, doc)
    assert code == 1 and "too_many_hands" not in out and "in hand #2 (hand_index 1)" in out
    code, out, _ = run(tmp_path, capsys, doc, "--max-hands", "500")
    assert code == 1 and "too_many_hands" in out
