"""Small helpers the tests share: replaying plain move lists through a game, a command on a terminal."""

import os
import pty
import subprocess

from service.rules.errors import IllegalMove
from service.rules.games import GAMES


def record(game_id, deal, moves=(), dealer=3, options=None, match=None, **extra):
    rec = {"game": game_id, "dealer": dealer, "deal": deal, "moves": list(moves), "options": options or {}}
    if match is not None:
        rec["match"] = match
    rec.update(extra)
    return rec


def replay(rec):
    return GAMES[rec["game"]].replay(rec)


def check(rec, move):
    """The reason code for ``move`` after ``rec`` (None when legal)."""
    hand = replay(rec)
    game = GAMES[rec["game"]]
    parsed = game.parse_move(move, hand.n, hand.pack, hand.viewer, "move")
    refusal = hand.check(parsed)
    return refusal and refusal[0]


def play(rec, move):
    """The record with ``move`` appended, raising ``IllegalMove`` if it is refused."""
    if check(rec, move) is not None:
        raise IllegalMove(check(rec, move), "refused")
    return {**rec, "moves": rec["moves"] + [move]}


def on_terminal(cmd: list[str]) -> tuple[int, bytes, bytes]:
    """(exit status, standard output, what reached the terminal): ``cmd`` run with its standard
    error on a pseudo-terminal (a progress bar shows only there), its output read apart."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=follower, env={**os.environ, "COLUMNS": "100"})
    os.close(follower)
    out, _ = proc.communicate(timeout=60)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return proc.returncode, out, seen
