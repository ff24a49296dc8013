"""``referee tournament EVENT.json [--json | --csv]``: the endpoint's answers from the command line.

``EVENT.json`` is the body of ``POST /v1/games/{game}/tournaments/score`` plus ``"game"``; ``-``
reads standard input. The text output prints the standings and each table's result; ``--json``
prints exactly the endpoint's JSON answer (or its problem), ``--csv`` its CSV. Indices are the
API's, 0-based, and labelled as such. A bar on standard error shows the hands scored when it is a
terminal and the event is large. Exit status: 0 scored, 1 refused (the problem's code and path),
2 the file cannot be read.

``--double-dummy`` analyses every record as ``"double_dummy": true`` asks (TOURNAMENTS.md,
"Double-dummy results"), each hand under ``--max-nodes`` (the ``…/analysis`` request cap by default)
and the event under no cap; ``--jobs N`` spreads the hands over N processes (default: every core this
process may use). The answer is the same whatever the number of jobs: hands are handed out and
gathered in the event's order, and each hand's result depends on its record alone.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
from dataclasses import replace

from ..contract.problems import PROBLEM_TYPE
from ..rules.errors import RefereeError
from ..rules.games import GAMES
from ..rules.tournament import DoubleDummy, Limits, TournamentError, records, score_tournament, total_hands
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
    tp.add_argument("--double-dummy", action="store_true",
                    help="add each record's double-dummy result (as \"double_dummy\": true in the event)")
    tp.add_argument("--jobs", type=_positive, default=None, metavar="N",
                    help="--double-dummy: processes analysing hands (default: every core)")
    tp.add_argument("--max-nodes", type=_positive, default=None, metavar="N",
                    help="--double-dummy: nodes one hand may search (default: REFEREE_MAX_ANALYSIS_NODES, "
                         "else the …/analysis default); a hand over it is {\"refused\": "
                         "\"analysis_budget_exceeded\"}")


def _positive(text: str) -> int:
    import argparse
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1, got {text!r}")
    return value


def cores() -> int:
    """The cores this process may run on (its affinity), which ``--jobs`` uses by default."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


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
    if getattr(args, "double_dummy", False):
        doc["double_dummy"] = True
    problem = None
    try:
        event = load_event(doc)
        scored = _score(game, event, stderr, getattr(args, "jobs", None), getattr(args, "max_nodes", None))
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


def _score(game, event, stderr, jobs=None, max_nodes=None):
    limits = Limits.from_env(os.environ)
    hands = total_hands(event)
    tty = stderr.isatty()
    dd = None
    if event.get("double_dummy"):
        if max_nodes is None and os.environ.get("REFEREE_MAX_ANALYSIS_NODES"):
            max_nodes = int(os.environ["REFEREE_MAX_ANALYSIS_NODES"])
        dd = DoubleDummy(hand_cap=max_nodes)
    with contextlib.ExitStack() as stack:
        bar = None
        if tty and (hands >= PROGRESS_FROM or dd is not None):
            bar = stack.enter_context(_bar(stderr, hands, "scoring"))
        if dd is not None:
            dd = _parallel(stack, dd, jobs or cores(), stderr if tty else None)
        return score_tournament(game, event, limits, progress=bar.update if bar else None, double_dummy=dd)


def _bar(stderr, total, desc):
    from tqdm import tqdm
    tqdm.monitor_interval = 0  # no monitor thread: the analysis may fork worker processes
    # a terminal that reports no size (some ptys say 0 x 0) would get no bar: tqdm hides bars below
    # the last row
    size = shutil.get_terminal_size((80, 24))
    return tqdm(total=total, unit="hand", file=stderr, desc=desc, leave=False, ncols=size.columns or 80,
                nrows=size.lines or 24)


class _LazyBar:
    """The analysis bar, opened at its first hand (once the scoring bar is done) with the count of
    hands to analyse, which is known only then."""

    def __init__(self, stack, stderr):
        self.stack, self.stderr, self.bar, self.total = stack, stderr, None, None

    def update(self, k):
        if self.bar is None:
            self.bar = self.stack.enter_context(_bar(self.stderr, self.total, "double dummy"))
        self.bar.update(k)


def _parallel(stack, dd: DoubleDummy, jobs: int, stderr) -> DoubleDummy:
    """``dd`` with a process pool's ordered map (``jobs`` > 1) and a bar (on a terminal)."""
    mapper = None
    progress = None
    lazy = _LazyBar(stack, stderr) if stderr is not None else None

    def counted(fn, items):
        items = list(items)
        if lazy is not None:
            lazy.total = sum(len(records(item)) for item in items)  # the bar counts hands
        if jobs > 1 and len(items) > 1:
            import multiprocessing
            pool = stack.enter_context(multiprocessing.get_context().Pool(min(jobs, len(items))))
            return pool.imap(fn, items, chunksize=1)  # in the jobs' order, whatever finishes first
        return map(fn, items)
    mapper = counted
    if lazy is not None:
        progress = lazy.update
    return replace(dd, mapper=mapper, progress=progress)


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
    if any("double_dummy" in t for t in answer["tables"]):
        print_double_dummy(answer, out)
    if answer["format"] == "duplicate":
        print("\nBoards (numbered from 1; matchpoints per table and position)", file=out)
        for b in answer["boards"]:
            cells = "; ".join(f"r{r['round']} t{r['table']} pos {r['position']} {'+'.join(r['entrants'])}: "
                              f"{r['net'] if r['net'] is not None else r['delta']} -> {r['matchpoints']}"
                              for r in b["results"])
            print(f"  board {b['board']} (seed {b['seed']}, dealer {b['dealer']}, top {b['top']}): {cells}", file=out)


def _move(move: dict) -> str:
    return move.get("card") or move["type"]


def print_double_dummy(answer: dict, out) -> None:
    """Each analysed hand: the declaring side's tricks possible and taken, and the first loss."""
    print("\nDouble dummy (the declaring side's tricks: possible with every hand known from the first card,"
          " taken at the table; the first move that cost a trick; hand and move_index 0-based)", file=out)
    for t in answer["tables"]:
        for h, e in enumerate(t["double_dummy"]):
            if e is None:
                continue
            where = f"  round {t['round']}, table {t['table']}, hand {h}"
            if "refused" in e:
                print(f"{where}: not analysed ({e['refused']})", file=out)
                continue
            line = (f"{where}: declarers {_v(e['declarers'])}, possible {e['tricks_possible']}, "
                    f"taken {e['tricks_taken']}")
            loss = e["first_loss"]
            if loss is None:
                line += "; no move cost a trick"
            else:
                line += (f"; first loss move_index {loss['move_index']}: seat {loss['seat']} played "
                         f"{_move(loss['move'])}, {_move(loss['best'])} kept the count, cost {loss['cost']}")
            print(line, file=out)
