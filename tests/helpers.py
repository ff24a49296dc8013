"""Small helpers the game tests share: replaying plain move lists through a game."""

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
