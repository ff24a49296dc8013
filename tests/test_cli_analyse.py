"""``referee analyse RECORD.json`` on real files, and the viewer's analysis script being served."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from service import cli

from .test_api_analysis import EXAMPLES, first_position


def run(tmp_path, capsys, doc, *flags):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc)
    code = cli.main(["analyse", str(path), *flags])
    return code, capsys.readouterr()


def test_a_worked_example_prints_its_values(tmp_path, capsys):
    example = EXAMPLES[0]  # Bid Whist downtown, 2 tricks left: 9S 1, 5H 0
    at = len(example["record"]["moves"])
    code, out = run(tmp_path, capsys, example["record"], "--at", str(at))
    assert code == 0
    assert "value 1" in out.out and "9S 1" in out.out and "5H 0" in out.out


def test_the_whole_table_has_a_line_per_play_position(tmp_path, capsys):
    record = first_position("buck-euchre", "cli-table", 5)
    game_moves = len(record["moves"])
    from service.rules import games
    hand = games.get("buck-euchre").replay(record)
    while hand.phase != "done":
        hand.play(games.get("buck-euchre").parse_move(hand.legal_moves()[0], 4, hand.pack, None, "m"),
                  len(hand.moves))
    full = hand.to_record()
    code, out = run(tmp_path, capsys, full)
    assert code == 0
    lines = out.out.strip().splitlines()
    plays = len(full["moves"]) - game_moves
    assert len(lines) == plays and lines[0].startswith(f"move {game_moves:3}")
    code, out = run(tmp_path, capsys, full, "--json")
    answers = [json.loads(line) for line in out.out.splitlines()]
    assert [a["move_index"] for a in answers] == list(range(game_moves, len(full["moves"])))
    assert all(a["value"] == max(m["value"] for m in a["moves"]) for a in answers)


def test_refusals_and_usage(tmp_path, capsys):
    record = EXAMPLES[0]["record"]
    assert run(tmp_path, capsys, {**record, "dealer": 9})[0] == 1
    view = {**record, "viewer": 1}
    code, out = run(tmp_path, capsys, view)
    assert code == 1 and "analysis_view_not_allowed" in out.out
    assert run(tmp_path, capsys, "not json")[0] == 2
    assert run(tmp_path, capsys, {"game": "sixes", "deal": {}})[0] == 1
    code, out = run(tmp_path, capsys, record, "--at", "0")
    assert code == 0 and "not in the card play" in out.out
    code, out = run(tmp_path, capsys, first_position("court-piece", "cli-budget", 13), "--at",
                    "1", "--max-nodes", "10")
    assert code == 0 and ("analysis_budget_exceeded" in out.out or "not in the card play" in out.out)


def test_the_installed_script(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(EXAMPLES[8]["record"]))
    script = shutil.which("referee", path=str(Path(sys.executable).parent))
    cmd = [script] if script else [sys.executable, "-m", "service.cli"]
    proc = subprocess.run([*cmd, "analyse", str(path), "--at", str(len(EXAMPLES[8]["record"]["moves"]))],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "JC 1" in proc.stdout and "9C 1" in proc.stdout


def test_the_viewer_serves_its_analysis_script(client):
    page = client.get("/viewer").get_data(as_text=True)
    assert '<script src="/viewer/analysis.js">' in page and 'id="analysis"' in page
    js = client.get("/viewer/analysis.js")
    assert js.status_code == 200 and "showAnalysis" in js.get_data(as_text=True)
    assert "window.showAnalysis" in client.get("/viewer/viewer.js").get_data(as_text=True)
