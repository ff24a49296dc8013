"""The game registry: one module per game, registered here and nowhere else."""

from __future__ import annotations

from importlib import import_module

from ..game import Game

_MODULES = (
    "buck_euchre",
    "bid_whist",
    "sixes",
)

GAMES: dict[str, Game] = {}
for _name in _MODULES:
    _game = import_module(f"{__name__}.{_name}").GAME
    GAMES[_game.id] = _game


def get(game_id: str) -> Game | None:
    return GAMES.get(game_id)
