"""The operationIds of each game's operations: one convention, camelCase, a verb first.

A verb first keeps every id apart from the schemas' names (``BuckEuchreDeal`` is the deal's schema;
its operation is ``dealBuckEuchre``): generators name a method after the operationId and a class
after the schema, and some fold case, so an id equal to a schema's name, whatever its case, makes
two things of one name (issue 34). The examples (schemas/examples.json) are keyed by these ids.
"""

from __future__ import annotations

# operation (schemas.openapi.OPERATIONS's names, and "Game" for the game's catalogue entry) -> id
TEMPLATES = {
    "Game": "get{G}Game", "Deal": "deal{G}", "State": "get{G}State", "LegalMoves": "list{G}LegalMoves",
    "Move": "make{G}Move", "ValidateMove": "validate{G}Move", "View": "view{G}Record",
    "OpenRecord": "open{G}Record", "ReplayMatch": "replay{G}Match", "TrickWinner": "get{G}TrickWinner",
    "ValidateBid": "validate{G}Bid", "Score": "score{G}Hand", "ScoreMatch": "score{G}Match",
    "ScoreTournament": "score{G}Tournament", "Analysis": "analyse{G}Position", "Hint": "get{G}Hint",
}


def prefix_of(game_id: str) -> str:
    """``bid-whist`` -> ``BidWhist``: the game's prefix of schema names."""
    return "".join(w.capitalize() for w in game_id.split("-"))


def operation_id(prefix: str, operation: str) -> str:
    """The operationId of a game's operation, e.g. ``("BidWhist", "Move")`` -> ``makeBidWhistMove``."""
    return TEMPLATES[operation].format(G=prefix)
