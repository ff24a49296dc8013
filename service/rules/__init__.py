"""The referee as a library: plain Python (its hottest modules compiled where a compiler was at hand),
no Flask, no marshmallow.

    from service.rules import games
    game = games.get("buck-euchre")
    hand = game.replay(game.deal("doc-example-1", {}, 0, None))
    hand.state()["legal_moves"]

What is re-exported here is the public surface; the modules behind it may change.
"""

from . import build  # first: it decides, before any of them loads, which modules run compiled
from . import games
from .errors import IllegalMove, InvalidRecord, NotApplicable, RefereeError
from .game import Game, Hand
from .shuffle import shuffled

__all__ = ["games", "Game", "Hand", "RefereeError", "InvalidRecord", "IllegalMove", "NotApplicable",
           "shuffled"]
