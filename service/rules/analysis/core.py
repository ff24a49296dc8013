"""The compiled double-dummy core (``_ddcore.c``, docs/SOLVER.md) behind the solver's interface.

``make_solver`` gives the compiled search where it was built (from the very source beside it) and
``REFEREE_PURE_PYTHON`` does not ask for the pure core; else ``solver.Solver``, which stays the
fallback and the oracle. The compiled core plays the plain ranked trick (``Play.simple_led``'s
rules, Bid Whist's suitless jokers, the stop at Court Piece's seventh trick and at a misère's
first, Five Hundred's free joker, Court Piece's hidden trump and its reveal); a position it cannot
express (a Rung Royal change still open: before the first card) is
searched by ``HybridSolver``: the pure search, which hands every trick start it reaches that the
core can express to the core, on one shared node count.
"""

from __future__ import annotations

import hashlib
import os
from importlib import import_module
from pathlib import Path

from ..build import pure_requested
from ..cards import JOKER
from .play import JOKER_LEAD, REVEAL, BidWhistPlay, BuckEuchrePlay, CourtPiecePlay, FiveHundredPlay, Play
from .solver import INF, PAUSE_EVERY, BudgetExceeded, Solver

try:  # by name: an extension module, which static import graphs (tests/test_architecture.py) cannot see
    _ddcore = import_module(f"{__package__}._ddcore")
except ImportError:  # no C compiler at install: the pure search
    _ddcore = None

NOWIN = 4  # the suitless group (Bid Whist's no-trump jokers)
UNLIMITED = 99  # a stop rule that never binds
# A hybrid search's budget is this fraction of the nodes given: its pure part applies ~140 000
# nodes/s where the core applies 5-8 million (docs/SOLVER.md), so that a budget spends in about the
# same time whichever search runs
HYBRID_SHARE = 32


def _fresh() -> bool:
    """Whether the built core was built from the source now beside it."""
    if _ddcore is None:
        return False
    source = Path(__file__).with_name("_ddcore.c")
    try:
        return hashlib.sha256(source.read_bytes()).hexdigest() == _ddcore.SOURCE_SHA256
    except OSError:  # an installed package without its C source: the build is all there is
        return True


AVAILABLE = _fresh()


DDCORE_ENV = "REFEREE_DDCORE"  # "0": the pure search even where the core is built


def available() -> bool:
    return AVAILABLE and not pure_requested() and os.environ.get(DDCORE_ENV, "") != "0"


def card_map(p: Play) -> bytes | None:
    """Each card int's place in the core (``group << 5 | rank``, 255 none): the group its effective
    suit (suitless jokers: ``NOWIN``), the rank its order by power within the group over the whole
    pack (so one map serves every deal under the same ranking). None where a group has more than
    32 cards."""
    st, pw = p.st, p.pw
    groups: dict[int, list[int]] = {}
    for c in range(min(len(st), 96)):
        su = st[c]
        if 0 <= su <= 3:
            groups.setdefault(su, []).append(c)
        elif c >= JOKER and su < 0 and isinstance(p, BidWhistPlay):
            groups.setdefault(NOWIN, []).append(c)
        elif c == JOKER and isinstance(p, FiveHundredPlay) and p.free_joker:
            groups.setdefault(NOWIN, []).append(c)  # the free joker's group of one
    out = bytearray([255] * 96)
    for g, cards in groups.items():
        if len(cards) > 32:
            return None
        cards.sort(key=lambda c: pw[c])
        for r, c in enumerate(cards):
            out[c] = g << 5 | r
    return bytes(out)


def expressible(p: Play) -> bool:
    """Whether the core plays this position's rules as the model does (``play.py``)."""
    if isinstance(p, (BidWhistPlay, BuckEuchrePlay)):
        return True
    if isinstance(p, FiveHundredPlay):
        return True
    if isinstance(p, CourtPiecePlay):  # all but a Rung Royal change still open (before any card)
        return not (p.can_change and not p.started) and (p.revealed or p.face_down is not None) \
            and p.trump is not None
    return False


def stops(p: Play) -> tuple[int, int]:
    """(rem_c, rem_o): more tricks the counted side, and the others, may win before the hand stops."""
    if isinstance(p, CourtPiecePlay):
        team = next(s for s in range(4) if p.counted[s]) & 1
        return 7 - p.won[team], 7 - p.won[1 - team]
    if isinstance(p, FiveHundredPlay) and p.misere:
        return 1, UNLIMITED  # counted: the contractor alone; his first trick stops the hand
    return UNLIMITED, UNLIMITED


class Compiled:
    """The core for one ``Play`` (its seats, sides and ranking); ``load`` a position of it."""

    def __init__(self, p: Play, table=None):
        seats = p.seats
        self.seats = seats
        self.index = {s: i for i, s in enumerate(seats)}
        self.cmap = card_map(p)
        self.ok = self.cmap is not None and 2 <= len(seats) <= 6
        if not self.ok:
            return
        counted = bytes(1 if p.counted[s] else 0 for s in seats)
        maxer = bytes(1 if p.maxer[s] else 0 for s in seats)
        key = (self.cmap, counted, maxer, getattr(p, "free_joker", False), getattr(p, "misere", False),
               getattr(p, "last_trick_only", False))
        core = table.cores.get(key) if table is not None else None
        if core is None:
            if isinstance(p, FiveHundredPlay) and p.free_joker:
                core = _ddcore.Core(self.cmap, counted, maxer, -1, joker=NOWIN, misere=bool(p.misere),
                                    last_only=bool(p.last_trick_only))
            else:
                core = _ddcore.Core(self.cmap, counted, maxer, NOWIN)
            if table is not None:
                if len(table.cores) >= table.keep:
                    table.cores.pop(next(iter(table.cores)))
                table.cores[key] = core
        self.core = core  # reused: same ranking and sides, every entry stays sound

    def load(self, p: Play) -> bool:
        if not self.ok or not expressible(p):
            return False
        trick = p.trick
        leader = p.leader if trick else p.to_act
        if leader not in self.index:
            return False
        rem_c, rem_o = stops(p)
        trump = p.trump_now()
        if isinstance(p, CourtPiecePlay):
            fd = p.face_down if p.face_down is not None else -1
            must = self.index.get(p.must_trump, -1)
            if not self.core.set_hidden(bool(p.hidden), bool(p.revealed), self.index.get(p.caller, -1), fd,
                                        p.trump_from or 0, must, bool(p.counts_whole_trick)):
                return False
        five = isinstance(p, FiveHundredPlay)
        return self.core.load([p.hands[s] for s in self.seats], [c for _, c in trick], self.index[leader],
                              p.total - p.done, rem_c, rem_o, -1 if trump is None else trump,
                              p.led_mask if five else 0, p.led_suit if five and trick else -1)


class Table:
    """A transposition table to share across solves under one ranking and one objective (the
    positions of one record, the records of a duplicate board): entries hold relative ranks only,
    so each stays a sound bound for any position it matches. Pass it to ``make_solver``; a solve
    under another ranking or other sides has a table of its own."""

    keep = 2  # cores kept (the two sides' objectives of one deal), the oldest dropped first: each may hold tens of MB

    def __init__(self):
        self.cores: dict = {}


class CoreSolver:
    """``Solver``'s interface (``values``, ``nodes``) on the compiled core, at a root it expresses."""

    def __init__(self, play: Play, compiled: Compiled, max_nodes: int | None = None, pause=None):
        self.p = play
        self.c = compiled
        self.max_nodes = max_nodes if max_nodes is not None else INF * INF
        self.nodes = 0
        self.pause = pause
        self.stop_at = min(self.max_nodes, PAUSE_EVERY) if pause is not None else self.max_nodes

    def values(self, moves: list[int], lo: int = 0, hi: int | None = None) -> dict[int, int]:
        try:
            vals = self.c.core.values(moves, self.nodes, self.stop_at, self.max_nodes, self.pause, lo,
                                      INF if hi is None else hi)
        except _ddcore.Exhausted:
            self.nodes = self.c.core.nodes
            raise BudgetExceeded(self.nodes, self.max_nodes) from None
        self.nodes = self.c.core.nodes
        return dict(zip(moves, vals))


    def value(self) -> int:
        try:
            v = self.c.core.value(self.nodes, self.stop_at, self.max_nodes, self.pause)
        except _ddcore.Exhausted:
            self.nodes = self.c.core.nodes
            raise BudgetExceeded(self.nodes, self.max_nodes) from None
        self.nodes = self.c.core.nodes
        return v


class HybridSolver(Solver):
    """The pure search where the core cannot express the position, the core from each trick start
    where it can (its answer depends on every live card: full relevance for the pure table)."""

    def __init__(self, play: Play, compiled: Compiled, max_nodes: int | None = None, pause=None):
        super().__init__(play, max_nodes, pause=pause)
        self.c = compiled

    def search(self, alpha: int, beta: int) -> int:
        p = self.p
        if not p.trick and self.c.load(p):
            core = self.c.core
            try:
                v = core.search(alpha, beta, self.nodes, self.stop_at, self.max_nodes, self.pause)
            except _ddcore.Exhausted:
                self.nodes = core.nodes
                raise BudgetExceeded(self.nodes, self.max_nodes) from None
            self.nodes, self.stop_at = core.nodes, core.stop_at
            live = 0
            for s in p.seats:
                live |= p.hands[s]
            self.rel = live
            return v
        return super().search(alpha, beta)


def make_solver(play: Play, max_nodes: int | None = None, pause=None, table: Table | None = None):
    """The fastest exact search for ``play``: compiled, hybrid, or pure (``Solver``)."""
    if not available():
        return Solver(play, max_nodes, pause=pause)
    compiled = Compiled(play, table)
    if not compiled.ok:
        return Solver(play, max_nodes, pause=pause)
    if compiled.load(play) and all(m <= REVEAL or m >= JOKER_LEAD for m in play.moves(play.to_act)):
        return CoreSolver(play, compiled, max_nodes, pause)
    if max_nodes is not None and max_nodes > HYBRID_SHARE:
        max_nodes //= HYBRID_SHARE
    return HybridSolver(play, compiled, max_nodes, pause)
