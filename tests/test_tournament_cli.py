"""``referee tournament``: the endpoint's answers from real files, the text, the bar, the exit codes."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from service import cli

from .helpers import on_terminal
from .test_tournaments import EXAMPLES, path_of

SCRIPT = shutil.which("referee", path=str(Path(sys.executable).parent))
CMD = [SCRIPT] if SCRIPT else [sys.executable, "-m", "service.cli"]


def event_file(tmp_path, n):
    ex = EXAMPLES[n]
    path = tmp_path / f"event-{n}.json"
    path.write_text(json.dumps({"game": path_of(ex).split("/")[3], **ex["input"]}))
    return path


def run(capsys, *args):
    code = cli.main(["tournament", *map(str, args)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("n", list(EXAMPLES))
def test_json_is_the_endpoints_answer_and_the_exit_status_says_refused(client, tmp_path, capsys, n):
    ex = EXAMPLES[n]
    code, out, _ = run(capsys, event_file(tmp_path, n), "--json")
    resp = client.post(path_of(ex), json=ex["input"])
    assert json.loads(out) == resp.get_json()
    assert code == (0 if resp.status_code == 200 else 1)


def test_csv_is_the_endpoints_csv(client, tmp_path, capsys):
    code, out, _ = run(capsys, event_file(tmp_path, "1"), "--csv")
    assert code == 0 and out == EXAMPLES["1"]["csv"].replace("\n", "\r\n")


def test_the_text_shows_standings_tables_and_boards(tmp_path, capsys):
    code, out, _ = run(capsys, event_file(tmp_path, "1"))
    assert code == 0
    assert out.startswith("Tuesday ladder: buck-euchre, format matches")
    assert "Standings (ranked by wins desc, points_for asc)" in out
    rows = [line.split() for line in out.splitlines() if line.strip().split()[:1] in (["1"], ["2"], ["3"], ["4"])]
    assert [r[1] for r in rows] == ["cat", "ann", "bob", "dan"]
    assert "round 1, table 0: bob dan ann cat (score_sheet): 2 hands, scores 3 9 3 0, won by position 3" in out
    code, out, _ = run(capsys, event_file(tmp_path, "4"))
    assert code == 0 and "=4" in out and "board 1 (seed club-night-b1, dealer 0, top 4)" in out


def test_a_refusal_names_the_code_and_the_0_based_path(tmp_path, capsys):
    code, out, _ = run(capsys, event_file(tmp_path, "7"))
    assert code == 1
    assert out.splitlines() == [
        "refused: illegal_move (not_your_turn) at round 0, table 0, hand 0, move 0 "
        "(0-based indices, board numbers from 1)",
        "  round 0, table 0, hand 0, move 0: seat 1 is to act, not seat 2"]
    code, out, _ = run(capsys, event_file(tmp_path, "8"))
    assert code == 1 and "board_deal_mismatch (deal) at round 0, table 1, hand 0, board 1" in out


def test_a_shape_error_is_refused_with_its_fields(tmp_path, capsys):
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"game": "sixes", "entrants": [], "rounds": []}))
    code, out, _ = run(capsys, path)
    assert code == 1 and out.startswith("refused: invalid_request") and "entrants" in out


@pytest.mark.parametrize("text, message", [("{", "Expecting"), ('{"game": "chess"}', "must name one of"),
                                           ("[]", "must name one of")])
def test_unreadable_files_exit_2(tmp_path, capsys, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run(capsys, path)
    assert code == 2 and message in err and out == ""
    assert run(capsys, tmp_path / "missing.json")[0] == 2


def _big_event(tmp_path) -> Path:
    """400 score-sheet lines (nobody plays: the match goes on), enough for the bar."""
    idle = {"maker": None, "participants": [], "tricks_won": [0, 0, 0, 0]}
    event = {"game": "buck-euchre", "entrants": [{"id": f"p{i}", "name": "P"} for i in range(4)],
             "rounds": [{"tables": [{"seats": ["p0", "p1", "p2", "p3"], "score_sheet": [idle] * 400}]}]}
    path = tmp_path / "big.json"
    path.write_text(json.dumps(event))
    return path


def test_the_installed_script_reads_stdin_and_shows_no_bar_off_a_terminal(tmp_path):
    path = _big_event(tmp_path)
    proc = subprocess.run([*CMD, "tournament", "-", "--json"], input=path.read_text(), capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    assert json.loads(proc.stdout)["tables"][0]["hands_played"] == 400


def test_a_bar_on_a_terminal(tmp_path):
    path = _big_event(tmp_path)
    code, out, seen = on_terminal([*CMD, "tournament", str(path)])
    assert code == 0 and b"Standings" in out
    assert b"scoring" in seen and b"hand" in seen, seen  # tqdm's bar, on the terminal only


def test_the_readmes_example_is_what_the_cli_prints(tmp_path, capsys):
    readme = (Path(__file__).resolve().parent.parent / "docs" / "TOURNAMENTS.md").read_text()
    shown = readme.split("```text\n$ referee tournament tuesday.json\n", 1)[1].split("```", 1)[0]
    code, out, _ = run(capsys, event_file(tmp_path, "1"))
    assert code == 0 and out == shown
