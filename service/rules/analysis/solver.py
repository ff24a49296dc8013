"""A double-dummy solver on ``Play`` positions: alpha-beta over one card at a time.

The techniques are those of bridge double-dummy solvers (Bo Haglund's DDS), kept small:

- a **transposition table** at trick starts, keyed on every seat's remaining cards, the leader and
  the state the rules still read (``Play.key``), holding lower and upper bounds of the counted
  tricks still to come, and the move that was best there (tried first next time);
- **equivalent cards merged**: cards of one effective suit in one hand with no live card of that
  suit between them elsewhere (other hands, the current trick) are one move — touching cards, and
  cards made touching by what has been played;
- **quick tricks**: the leader's cards above everything the others hold in their suit (in trump, or
  in any suit once nobody else has a trump) are sure tricks, which bound the value without search;
- **move ordering**: at a lead, winners first then low cards; when following, the cheapest card
  that takes the trick from the other side, or the cheapest card when the trick is already won
  by one's own side or cannot be won.

The value is the number of tricks won by the counted seats from the position on, until the hand
stops. Maximizing and minimizing seats come from the position (``Play.maxer``). The search counts
*nodes* (moves applied) and stops with ``BudgetExceeded`` past ``max_nodes``: a value is never
guessed.
"""

from __future__ import annotations

from ..messages import M
from .play import REVEAL, Play, bits

INF = 1 << 20


class BudgetExceeded(Exception):
    def __init__(self, nodes: int, max_nodes: int):
        super().__init__(M("the exact answer needs more than {max_nodes} nodes", max_nodes=max_nodes))
        self.nodes = nodes
        self.max_nodes = max_nodes


class Solver:
    """One position's search: a table shared by all the root's moves."""

    def __init__(self, play: Play, max_nodes: int | None = None):
        self.p = play
        play._orders = play._suit_orders()  # relative ranks among the cards in play at the root
        self.max_nodes = max_nodes if max_nodes is not None else INF * INF
        self.nodes = 0
        self.table: dict = {}

    # --- the root ---
    def values(self, moves: list[int]) -> dict[int, int]:
        """Each move's exact value (equivalent cards searched once), by zero-window tests
        ("can the counted seats take at least b?") that share the table, MTD(f)-style."""
        p = self.p
        seat = p.to_act
        reps = self.classes(seat, moves)
        cap = p.cap() if not p.trick else p.total - p.done
        out = {}
        guess = None
        for rep, members in reps:
            lo, hi = 0, cap
            g = guess if guess is not None else (cap + 1) // 2
            while lo < hi:
                b = max(g, lo + 1)
                v = self.child(seat, rep, b - 1, b)
                if v < b:
                    hi = v
                else:
                    lo = v
                g = v
            guess = lo
            for m in members:
                out[m] = lo
        return out

    def child(self, seat: int, move: int, alpha: int, beta: int) -> int:
        p = self.p
        self._count()
        saved = p.save()
        gain, stopped = p.push(seat, move)
        v = gain if stopped else gain + self.search(alpha - gain, beta - gain)
        p.unpush(seat, move, saved)
        return v

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise BudgetExceeded(self.nodes, self.max_nodes)

    # --- the search ---
    def search(self, alpha: int, beta: int) -> int:
        p = self.p
        key = None
        hint = None
        if not p.trick:
            cap = p.cap()
            if cap <= 0 or beta <= 0:
                return 0
            if alpha >= cap:
                return cap
            single = True
            hands = p.hands
            for s in p.seats:
                h = hands[s]
                if h & (h - 1):
                    single = False
                    break
            if single:
                v = self.play_out()
                if v is not None:
                    return v
            key = p.key()
            entry = self.table.get(key)
            lo, hi = 0, cap
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
            elif p.quick_allowed():
                left = p.total - p.done
                t = quick_tricks(p)
                if t:
                    if p.counted[p.leader]:
                        lo = min(t, cap)
                    else:
                        hi = min(cap, left - t)
                if p.plays_out():
                    holder, run = top_trumps(p)
                    if run:
                        if p.counted[holder]:
                            lo = max(lo, min(run, cap))
                        else:
                            hi = min(hi, left - run)
                if lo >= beta or hi <= alpha:
                    self.table[key] = (lo, hi, None)
                    return lo if lo >= beta else hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            a0, b0 = alpha, beta
        seat = p.to_act
        maximize = p.maxer[seat]
        best = -INF if maximize else INF
        best_move = None
        for m in self.ordered(seat, hint):
            self._count()
            saved = p.save()
            gain, stopped = p.push(seat, m)
            v = gain if stopped else gain + self.search(alpha - gain, beta - gain)
            p.unpush(seat, m, saved)
            if maximize:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        if key is not None:
            entry = self.table.get(key)
            lo, hi = (entry[0], entry[1]) if entry else (0, INF)
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi, best_move)
        return best

    def play_out(self):
        """The last trick, every seat holding one card: played out without search (no nodes)."""
        p = self.p
        stack = []
        gain = 0
        for _ in range(p.width):
            seat = p.to_act
            ms = p.moves(seat)
            if len(ms) != 1:
                break
            stack.append((seat, ms[0], p.save()))
            g, stopped = p.push(seat, ms[0])
            gain += g
        else:
            stack.reverse()
            for seat, m, saved in stack:
                p.unpush(seat, m, saved)
            return gain
        stack.reverse()
        for seat, m, saved in stack:
            p.unpush(seat, m, saved)
        return None

    # --- merging and ordering ---
    def classes(self, seat: int, moves: list[int]) -> list[tuple[int, list[int]]]:
        """Moves grouped into equivalence classes: (the one searched, every member)."""
        p = self.p
        cards = [m for m in moves if m < REVEAL]
        out = [(m, [m]) for m in moves if m >= REVEAL]
        if len(cards) < 2:
            return [(c, [c]) for c in cards] + out
        st, pw, smask = p.st, p.pw, p.smask
        live = 0
        for s in p.seats:
            if s != seat:
                live |= p.hands[s]
        for _, c in p.trick:
            live |= 1 << c
        groups: dict[int, list[int]] = {}
        for c in cards:
            su = st[c]
            if su in groups:
                groups[su].append(c)
            else:
                groups[su] = [c]
        merged = []
        for su, cs in groups.items():
            if len(cs) == 1:
                merged.append((cs[0], cs))
                continue
            others = [pw[o] for o in bits(live & smask[su])]
            if not others:
                merged.append((cs[0], cs))
                continue
            cs.sort(key=pw.__getitem__)
            run = [cs[0]]
            pa = pw[cs[0]]
            for b in cs[1:]:
                pb = pw[b]
                for x in others:
                    if pa < x < pb:
                        merged.append((run[0], run))
                        run = [b]
                        break
                else:
                    run.append(b)
                pa = pb
            merged.append((run[0], run))
        return merged + out

    def ordered(self, seat: int, hint) -> list[int]:
        p = self.p
        moves = p.moves(seat)
        if len(moves) == 1:
            return moves
        reps = [rep for rep, _ in self.classes(seat, moves)]
        if len(reps) == 1:
            return reps
        st, pw, smask = p.st, p.pw, p.smask
        specials = [m for m in reps if m >= REVEAL]
        cards = [m for m in reps if m < REVEAL]
        if not p.trick:
            others = 0
            for s in p.seats:
                if s != seat:
                    others |= p.hands[s]
            top = {}
            winners, rest = [], []
            for c in cards:
                su = st[c]
                t = top.get(su)
                if t is None:
                    t = top[su] = max((pw[o] for o in bits(others & smask[su])), default=-1)
                (winners if pw[c] > t else rest).append(c)
            winners.sort(key=pw.__getitem__, reverse=True)
            rest.sort(key=pw.__getitem__)
            order = winners + rest
        else:
            trick = p.trick
            ours = p.maxer[p.winner()] == p.maxer[seat]
            take, lose = [], []
            for c in cards:
                p.trick = trick + [(seat, c)]
                (take if p.winner() == seat else lose).append(c)
            p.trick = trick
            trump = p.trump_now()
            cheap = (lambda c: (st[c] == trump, pw[c]))
            if len(lose) > 1:
                lose.sort(key=cheap)
            if len(take) > 1:
                take.sort(key=cheap)
            order = lose + take if ours else take + lose
        if hint is not None and hint < REVEAL:
            for i, m in enumerate(order):
                if m == hint:
                    order.insert(0, order.pop(i))
                    break
        return order + specials


def quick_tricks(p: Play) -> int:
    """Tricks the leader surely takes by cashing its top cards (see the module's docstring)."""
    leader = p.leader
    mine = p.hands[leader]
    others = 0
    for s in p.seats:
        if s != leader:
            others |= p.hands[s]
    trump = p.trump_now()
    st, pw, smask = p.st, p.pw, p.smask
    others_trump = trump is not None and others & smask[trump]
    t = 0
    for su in range(4):
        m = mine & smask[su]
        if not m or su != trump and others_trump:
            continue
        top = max((pw[o] for o in bits(others & smask[su])), default=-1)
        for c in bits(m):
            if pw[c] > top:
                t += 1
    return min(t, p.total - p.done)


def top_trumps(p: Play) -> tuple[int, int]:
    """(seat, n): the seat holding the highest trumps in play and how many of them are above every
    other seat's trumps — each a sure trick for that seat once it is played (all cards are played)."""
    trump = p.trump_now()
    if trump is None:
        return 0, 0
    mask = p.smask[trump]
    pw = p.pw
    held = []
    for s in p.seats:
        for c in bits(p.hands[s] & mask):
            held.append((pw[c], s))
    if not held:
        return 0, 0
    held.sort(reverse=True)
    holder = held[0][1]
    run = 0
    for _, s in held:
        if s != holder:
            break
        run += 1
    return holder, run


def minimax(p: Play) -> int:
    """The oracle: plain minimax over every legal move, no pruning, no table, no merging."""
    seat = p.to_act
    values = []
    for m in p.moves(seat):
        saved = p.save()
        gain, stopped = p.push(seat, m)
        values.append(gain if stopped else gain + minimax(p))
        p.unpush(seat, m, saved)
    return max(values) if p.maxer[seat] else min(values)
