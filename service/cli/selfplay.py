"""``referee selfplay GAME --matches N --seats strong,basic,strong,basic``: a table of computers.

Plays whole matches through the library (each seat a computer player of ``…/hint``: ``strong``,
``basic``, or ``random`` legal moves; hands chained by ``next_match``) and writes the event file
that ``referee tournament`` and ``…/tournaments/score`` take (the body plus ``"game"``), one entrant
per seat and one round per match. ``--out`` names the file (default: standard output). A bar on
standard error counts the hands when it is a terminal. Exit status: 0 written, 2 bad arguments.
"""

from __future__ import annotations

import json
import shutil
import sys

from ..rules.errors import RefereeError
from ..rules.games import GAMES

EXIT_OK, EXIT_USAGE = 0, 2


def add_parser(sub) -> None:
    p = sub.add_parser("selfplay", help="computer players play whole matches: an event file for `referee tournament`")
    p.add_argument("game", help="the game: " + ", ".join(GAMES))
    p.add_argument("--matches", type=int, default=1, help="matches to play (default 1)")
    p.add_argument("--seats", required=True, help="one player per seat, comma-separated: strong, basic or random")
    p.add_argument("--seed", default="selfplay", help="the deals' seeds start with this (default: selfplay)")
    p.add_argument("--options", default="{}", help="the game's options as JSON (default {})")
    p.add_argument("--max-hands", type=int, default=None, help="stop a match after this many hands")
    p.add_argument("--out", default=None, help="write the event here (default: standard output)")


def run(args, stdout=None, stderr=None) -> int:
    from ..rules.players.selfplay import SEAT_KINDS, event
    stdout, stderr = stdout or sys.stdout, stderr or sys.stderr
    game = GAMES.get(args.game)
    kinds = [k.strip() for k in args.seats.split(",")]
    try:
        options = json.loads(args.options)
        n = game.players(game.parse_options(options)) if game is not None else 0
    except (ValueError, RefereeError) as exc:
        print(f"referee: --options: {exc}", file=stderr)
        return EXIT_USAGE
    if game is None:
        print(f"referee: unknown game {args.game!r} (one of {', '.join(GAMES)})", file=stderr)
        return EXIT_USAGE
    if len(kinds) != n or any(k not in SEAT_KINDS for k in kinds):
        print(f"referee: --seats must name {n} players, each one of {', '.join(SEAT_KINDS)}", file=stderr)
        return EXIT_USAGE
    if args.matches < 1 or (args.max_hands is not None and args.max_hands < 1):
        print("referee: --matches and --max-hands must be at least 1", file=stderr)
        return EXIT_USAGE
    bar = None
    if stderr.isatty():
        from tqdm import tqdm
        size = shutil.get_terminal_size((80, 24))
        bar = tqdm(unit="hand", file=stderr, desc="selfplay", leave=False, ncols=size.columns or 80,
                   nrows=size.lines or 24)
    try:
        doc = event(game, options, kinds, args.matches, args.seed, args.max_hands,
                    on_hand=bar.update if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
    text = json.dumps(doc)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text, file=stdout)
    return EXIT_OK
