"""``referee``: the referee from the command line, for scoring a tournament from files.

``referee replay MATCH.json`` replays a match through ``service.rules`` (no server, no Flask) and
prints every hand's result with the running scores and the winner, or the first illegal move (its
hand, index, seat and reason). ``MATCH.json`` is any of:

- a match log ``{"game": "<id>", "hands": [record, ...]}`` (what ``…/matches/replay`` takes, plus
  the game; ``game`` may be left out when the records name it),
- a JSON list of records, hands in order,
- a single record (a one-hand match).

``-`` reads standard input. ``--json`` prints the ``…/matches/replay`` answer instead of text.
Hands and moves are printed as ``hand #2 (hand_index 1)``: the API's 0-based index beside the
1-based count, so that neither can be mistaken for the other.
Several files replay one after the other in one run (a tournament's matches); ``--quiet`` prints
one line per match. A file may hold any number of hands: the service's 500-hand cap
(``REFEREE_MAX_HANDS``) protects a shared server, not a director's own machine, so the command line
has no cap unless ``--max-hands`` sets one.

``referee tournament EVENT.json`` scores a whole event (``service.cli.tournament``).
Exit status: 0 every match replays, 1 the referee refuses one (illegal move, impossible record),
2 a file cannot be read or is not one of the shapes above.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..rules.errors import IllegalMove, RefereeError
from ..rules.games import GAMES
from . import analyse, selfplay, tournament

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
# Fields of a hand result already printed on their own, or too long for one line.
_SHOWN_APART = {"deltas", "scores", "chips", "match_over", "winner", "winners", "next_dealer", "next_match"}


class UsageError(Exception):
    pass


def read_match(text: str) -> tuple[str, list]:
    """The game id and the hands' records from a file's text, whichever of the three shapes."""
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:  # also digits past Python's 4,300, nesting past the stack
        raise UsageError(f"not JSON: {exc}") from None
    if isinstance(doc, list):
        hands, game = doc, None
    elif isinstance(doc, dict) and "deal" in doc:
        hands, game = [doc], doc.get("game")
    elif isinstance(doc, dict) and isinstance(doc.get("hands"), list):
        hands, game = doc["hands"], doc.get("game")
    else:
        raise UsageError('expected {"game", "hands": [records]}, a list of records or one record')
    if not hands:
        raise UsageError("the match holds no hand")
    if game is None:
        first = hands[0]
        game = first.get("game") if isinstance(first, dict) else None
    if not isinstance(game, str) or game not in GAMES:
        raise UsageError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
    return game, hands


def _fmt(value) -> str:
    return json.dumps(value, separators=(",", " ")) if isinstance(value, (list, dict)) else str(value)


def _winner(result: dict) -> str:
    if result.get("winner") is not None:
        return _fmt(result["winner"])
    if result.get("winners"):
        return "shared by " + _fmt(result["winners"])
    return "none"


def describe_hand(i: int, entry: dict, running) -> str:
    result = entry["result"]
    extra = "  ".join(f"{k} {_fmt(v)}" for k, v in result.items()
                      if k not in _SHOWN_APART and v is not None and v is not False and len(_fmt(v)) <= 60)
    return (f"hand #{i + 1} (hand_index {i})  dealer {entry.get('dealer')}  {extra}\n"
            f"        deltas {_fmt(result.get('deltas'))}  running scores {_fmt(running)}")


def _move_text(move) -> str:
    if not isinstance(move, dict):
        return _fmt(move)
    rest = " ".join(_fmt(v) for k, v in move.items() if k not in ("seat", "type"))
    return f"seat {move.get('seat')} {move.get('type')}{' ' + rest if rest else ''}"


def replay(game_id: str, hands: list, out, max_hands: int | None, quiet: bool = False) -> int:
    game = GAMES[game_id]
    try:
        answer = game.replay_match({"hands": hands}, max_hands)
    except RefereeError as exc:
        bad = exc.extra.get("hand_index", 0)
        if bad:  # the hands before the bad one are sound: show them first
            _print_hands(game.replay_match({"hands": hands[:bad]}, max_hands), out, over=False)
        where = f"hand #{bad + 1} (hand_index {bad})"
        if isinstance(exc, IllegalMove) and exc.move_index is not None:
            moves = hands[bad].get("moves") if isinstance(hands[bad], dict) else None
            move = moves[exc.move_index] if isinstance(moves, list) and exc.move_index < len(moves) else None
            where += f", move #{exc.move_index + 1} (move_index {exc.move_index}: {_move_text(move)})"
        print(f"{exc.code} in {where}: {exc.reason}: {exc.detail}", file=out)
        return EXIT_REFUSED
    if quiet:
        over = f"over, winner: {_winner(answer)}" if answer["match_over"] else "not over"
        print(f"{len(answer['per_hand'])} hands; match {over}; scores {_fmt(answer['scores'])}", file=out)
    else:
        _print_hands(answer, out, over=True)
    return EXIT_OK


def _print_hands(answer: dict, out, over: bool) -> None:
    for i, (entry, running) in enumerate(zip(answer["per_hand"], answer["running_scores"])):
        print(describe_hand(i, entry, running), file=out)
    if not over:
        return
    if answer["match_over"]:
        print(f"match over after {len(answer['per_hand'])} hands; winner: {_winner(answer)}", file=out)
    else:
        print(f"match not over after {len(answer['per_hand'])} hands; scores {_fmt(answer['scores'])}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="The card-game referee from the command line.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a match log: hands, running scores and winner, or the first illegal move")
    rp.add_argument("match", nargs="+", help="MATCH.json ({\"game\", \"hands\"}, a list of records or one "
                    "record); - for stdin; several files replay one after the other")
    rp.add_argument("--json", action="store_true", help="print the …/matches/replay answer as JSON (one line per file)")
    rp.add_argument("--quiet", action="store_true", help="one line per match instead of one per hand")
    rp.add_argument("--max-hands", type=int, default=None, help="refuse a file of more hands (default: no cap)")
    tournament.add_parser(sub)  # `referee tournament` (service/cli/tournament.py)
    analyse.add_parser(sub)  # `referee analyse RECORD.json` (service/cli/analyse.py)
    selfplay.add_parser(sub)  # `referee selfplay GAME` (service/cli/selfplay.py)
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return tournament.run(args)
    if args.command == "analyse":
        return analyse.run(args)
    if args.command == "selfplay":
        return selfplay.run(args)
    status = EXIT_OK
    for name in args.match:
        if len(args.match) > 1 and not args.json:
            print(f"{name}:")
        status = max(status, _replay_file(name, args))
    return status


def _replay_file(name: str, args) -> int:
    max_hands = args.max_hands
    try:
        text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
        game_id, hands = read_match(text)
    except (OSError, UnicodeDecodeError, UsageError) as exc:
        print(f"referee: {name}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if args.json:
        try:
            answer = GAMES[game_id].replay_match({"hands": hands}, max_hands)
        except RefereeError as exc:
            problem = {"code": exc.code, "reason": exc.reason, "detail": exc.detail, **exc.extra}
            if isinstance(exc, IllegalMove):
                problem["move_index"] = exc.move_index
            print(json.dumps(problem), file=sys.stdout)
            return EXIT_REFUSED
        print(json.dumps({"game": game_id, **answer}))
        return EXIT_OK
    return replay(game_id, hands, sys.stdout, max_hands, args.quiet)

