"""``referee tournament EVENT.json [--json | --csv]``: the endpoint's answers from the command line.

``EVENT.json`` is the body of ``POST /v1/games/{game}/tournaments/score`` plus ``"game"``; ``-``
reads standard input. The text output prints the standings and each table's result; ``--json``
prints exactly the endpoint's JSON answer (or its problem), ``--csv`` its CSV. Indices are the
API's, 0-based, and labelled as such. A bar on standard error shows the hands scored when it is a
terminal and the event is large. Exit status: 0 scored, 1 refused (the problem's code and path),
2 the file cannot be read.
"""

from __future__ import annotations

import json
import os
import shutil
import sys

from ..contract.problems import PROBLEM_TYPE
from ..rules.errors import RefereeError
from ..rules.games import GAMES
from ..rules.tournament import Limits, TournamentError, score_tournament, total_hands
from ..rules.tournament_csv import to_csv

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
PROGRESS_FROM = 200  # hands: smaller events are scored before a bar could be read
_PATH = ("round", "table", "seat", "hand", "move", "board", "entrant", "entrant_index")


def add_parser(sub) -> None:
    tp = sub.add_parser("tournament", help="score a whole event: standings, tables, duplicate matchpoints")
    tp.add_argument("event", help="EVENT.json (the …/tournaments/score body plus \"game\"); - for stdin")
    out = tp.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the endpoint's JSON answer")
    out.add_argument("--csv", action="store_true", help="print the endpoint's CSV (one row per hand)")


def problem_body(status: int, code: str, detail: str, **extra) -> dict:
    """The problem+json body the endpoint would answer."""
    body = {"type": PROBLEM_TYPE + code, "title": code.replace("_", " ").capitalize(), "status": status,
            "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


def run(args, stdout=None, stderr=None) -> int:
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    try:
        text = sys.stdin.read() if args.event == "-" else open(args.event, encoding="utf-8").read()
        doc = json.loads(text)
    except (OSError, ValueError, RecursionError) as exc:  # ValueError: bad JSON, a 10,000-digit number
        print(f"referee: {args.event}: {exc}", file=stderr)
        return EXIT_USAGE
    if not isinstance(doc, dict) or doc.get("game") not in GAMES:
        game = doc.get("game") if isinstance(doc, dict) else None
        print(f"referee: {args.event}: \"game\" must name one of {', '.join(GAMES)} (got {game!r})", file=stderr)
        return EXIT_USAGE
    # the event's shape is checked as the endpoint checks it; imported here, so that `referee replay`
    # stays free of marshmallow
    from marshmallow import ValidationError

    from schemas.tournaments import load_event
    game = GAMES[doc.pop("game")]
    problem = None
    try:
        event = load_event(doc)
        scored = _score(game, event, stderr)
    except ValidationError as exc:
        problem = problem_body(400, "invalid_request", "the tournament's shape is wrong",
                               errors=exc.normalized_messages())
    except TournamentError as exc:
        problem = problem_body(422, exc.code, exc.detail, reason=exc.reason, **exc.extra)
    except RefereeError as exc:  # a bug of ours if it escapes the tournament's wording
        problem = problem_body(422, exc.code, exc.detail, reason=exc.reason, **exc.extra)
    if problem is not None:
        if args.json:
            print(json.dumps(problem, ensure_ascii=False), file=stdout)
        else:
            where = ", ".join(f"{k} {problem[k]}" for k in _PATH if k in problem)
            reason = f" ({problem['reason']})" if problem.get("reason") else ""
            print(f"refused: {problem['code']}{reason}" + (f" at {where} (0-based indices, board numbers from 1)"
                                                          if where else ""), file=stdout)
            print(f"  {problem['detail']}", file=stdout)
            for field, messages in (problem.get("errors") or {}).items():
                print(f"  {field}: {json.dumps(messages)}", file=stdout)
        return EXIT_REFUSED
    if args.json:
        print(json.dumps(scored.answer, ensure_ascii=False), file=stdout)
    elif args.csv:
        stdout.write(to_csv(game.id, scored))
    else:
        print_text(scored.answer, stdout)
    return EXIT_OK


def _score(game, event, stderr):
    limits = Limits.from_env(os.environ)
    hands = total_hands(event)
    if hands < PROGRESS_FROM or not stderr.isatty():
        return score_tournament(game, event, limits)
    from tqdm import tqdm
    # a terminal that reports no size (some ptys say 0 x 0) would get no bar: tqdm hides bars below
    # the last row
    size = shutil.get_terminal_size((80, 24))
    with tqdm(total=hands, unit="hand", file=stderr, desc="scoring", leave=False, ncols=size.columns or 80,
              nrows=size.lines or 24) as bar:
        return score_tournament(game, event, limits, progress=bar.update)


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.rjust(w) if c.lstrip("-=").replace(".", "").isdigit() else c.ljust(w)
                      for c, w in zip(r, widths)).rstrip() for r in rows]


def _v(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def print_text(answer: dict, out) -> None:
    title = answer["name"] or "(unnamed event)"
    print(f"{title}: {answer['game']}, format {answer['format']}", file=out)
    order = ", ".join(f"{k['key']} {k['order']}" for k in answer["ranking"])
    print(f"\nStandings (ranked by {order})", file=out)
    if answer["format"] == "duplicate":
        keys = ["rank_label", "entrant", "name", "boards_played", "matchpoints", "max_matchpoints", "percentage",
                "total"]
    else:
        keys = ["rank_label", "entrant", "name", "played", "wins", "points_for", "points_against", "points_diff"]
    head = ["rank" if k == "rank_label" else k for k in keys]
    for line in _table([head] + [[_v(r[k]) for k in keys] for r in answer["standings"]]):
        print("  " + line, file=out)
    print("\nTables (round and table are 0-based indices, as in the API)", file=out)
    for t in answer["tables"]:
        head = f"  round {t['round']}, table {t['table']}: {' '.join(t['seats'])} ({t['source']})"
        if answer["format"] == "duplicate":
            print(f"{head}: boards {_v(t['boards'])}; deltas per board {json.dumps(t['deltas'])}; "
                  f"totals {_v(t['totals'])}", file=out)
        else:
            if t["match_over"]:
                end = f"won by position {t['winner']}" if t["winner"] is not None else (
                    f"shared by positions {_v(t['winners'])}" if t["winners"] else "over, nobody won")
            else:
                end = "not over"
            print(f"{head}: {t['hands_played']} hands, scores {_v(t['scores'])}, {end}", file=out)
    if answer["format"] == "duplicate":
        print("\nBoards (numbered from 1; matchpoints per table and position)", file=out)
        for b in answer["boards"]:
            cells = "; ".join(f"r{r['round']} t{r['table']} pos {r['position']} {'+'.join(r['entrants'])}: "
                              f"{r['net'] if r['net'] is not None else r['delta']} -> {r['matchpoints']}"
                              for r in b["results"])
            print(f"  board {b['board']} (seed {b['seed']}, dealer {b['dealer']}, top {b['top']}): {cells}", file=out)
