"""Double-dummy analysis and play hints for the trick-taking games (shared/ANALYSIS.md).

``analyse(game, hand)`` gives every legal move's value with all cards known; ``hint(game, view)``
samples deals consistent with one seat's view and solves each. Both take hands the engine has
already replayed; the search itself runs on ``play.Play`` bitmask positions, never on records.
"""

from __future__ import annotations

from .exact import (DEFAULT_MAX_NODES, DEFAULT_REQUEST_CAP, AnalysisRefused, Budget, Objective, Table, adapter_for,
                    analyse, in_play, table)
from .sampling import hint

__all__ = ["analyse", "hint", "table", "AnalysisRefused", "Budget", "Objective", "DEFAULT_MAX_NODES",
           "DEFAULT_REQUEST_CAP", "adapter_for", "Table"]
