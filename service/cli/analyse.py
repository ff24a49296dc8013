"""``referee analyse RECORD.json``: the double-dummy table of a hand, from the command line.

For every card-play position of a full record (or only the one after ``--at N`` moves), the value
of each legal move (shared/ANALYSIS.md, as ``…/analysis`` answers it): one line per position, the
way bridge hand records print a double-dummy table trick by trick. ``--json`` prints the answers.
A position that needs more than ``--max-nodes`` nodes says so and the table goes on.
Exit status: 0 printed, 1 the referee refuses the record (or the game has no analysis), 2 the file
cannot be read or is not a record.
"""

from __future__ import annotations

import json
import sys

from ..rules.analysis import AnalysisRefused, adapter_for, analyse
from ..rules.errors import NotApplicable, RefereeError
from ..rules.games import GAMES


CLI_MAX_NODES = 200_000


def add_parser(sub) -> None:
    p = sub.add_parser("analyse", help="a full record's double-dummy table: every legal move's value")
    p.add_argument("record", help="RECORD.json (a full record, every hand visible); - for stdin")
    p.add_argument("--at", type=int, default=None, help="only the position after this many moves")
    p.add_argument("--max-nodes", type=int, default=CLI_MAX_NODES,
                   help=f"search budget per position (default {CLI_MAX_NODES}: a whole hand's table stays "
                        "quick; the first leads of long hands may need more)")
    p.add_argument("--json", action="store_true", help="print the …/analysis answers as JSON lines")


def _card(move: dict) -> str:
    text = move.get("card") or move["type"]
    return text + ("=" + move["suit"] if move.get("suit") and move.get("card") else "") \
        if move["type"] != "change_trump" else "change_trump:" + str(move.get("card") or move.get("suit"))


def line(i: int, answer: dict) -> str:
    values = "  ".join(f"{_card(e['move'])} {e['value']}" for e in answer["moves"])
    return (f"move {i:3}  tricks left {answer['tricks_left']:2}  seat {answer['seat']} "
            f"({answer['goal']} {answer['objective']} of {answer['counted_seats']}): "
            f"value {answer['value']}  |  {values}")


def run(args, out=None) -> int:
    out = out or sys.stdout
    try:
        text = sys.stdin.read() if args.record == "-" else open(args.record, encoding="utf-8").read()
        record = json.loads(text)
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON, a 10,000-digit number
        print(f"referee: {args.record}: {exc}", file=sys.stderr)
        return 2
    game = GAMES.get(record.get("game")) if isinstance(record, dict) else None
    if game is None:
        print(f"referee: {args.record}: not a record of a known game", file=sys.stderr)
        return 2
    if record.get("viewer") is not None:
        print("analysis_view_not_allowed: double dummy needs every card (send the full record)", file=out)
        return 1
    moves = record.get("moves", [])
    try:
        adapter_for(game)
        hand = game.replay(record)
        adapter_for(game, hand.options)
    except NotApplicable as exc:
        print(f"not_found: {exc.detail}", file=out)
        return 1
    except RefereeError as exc:
        print(f"{exc.code}: {exc.reason}: {exc.detail}", file=out)
        return 1
    indices = [args.at] if args.at is not None else range(len(moves) + 1)
    for i in indices:
        if not 0 <= i <= len(moves):
            print(f"referee: --at {i}: the record has {len(moves)} moves", file=sys.stderr)
            return 2
        position = game.replay({**record, "moves": moves[:i]})
        if not adapter_for(game, position.options).in_play(position) or not position.legal_moves():
            if args.at is not None:
                print(f"move {i:3}  not in the card play (phase {position.phase})", file=out)
            continue
        try:
            answer = analyse(game, position, args.max_nodes, None)
        except AnalysisRefused as exc:
            print(f"move {i:3}  {exc.code}: {exc.detail}", file=out)
            continue
        print(json.dumps({"move_index": i, **answer}) if args.json else line(i, answer), file=out)
    return 0
