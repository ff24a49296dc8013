"""Sixes at ``level: "strong"``: each candidate played out on many sampled deals, on small ints.

Why this way, from the rules (rules/sixes.md): a round is won by the first player out, who takes
the pot, and the pot holds what the others paid for their passes (and, by option, antes and a chip
per card left). So a move is worth what it does to the seat's chips at the end of the round: it may
open a row for the seat's own cards, or open one for the others; it may hold back a card that others
need, so that they pass and pay into a pot the seat may take. A fixed rule weighs none of that; a
playout does. The strong player therefore:

1. draws deals of the unseen cards exactly as ANALYSIS.md §2 defines them (every consistent deal
   equally likely: hand sizes are public, and a pass that the rules forced shows that its seat held
   no card playable at that moment), with ``sampling.Sampler``, once per decision;
2. plays each legal move on each deal (the same deals for every move: common random numbers, so
   the comparison is between moves, not between draws), and finishes the round with the basic
   player at the other seats — a fair model of a table: it never passes when it can play, it
   builds toward its own cards, and it sees only its own hand — while the seat itself searches its
   own next ``DEPTH`` choices (each playable card, the best kept) and plays as the basic player
   after them. A blocking card is worth holding back only if the seat can still play elsewhere on
   the turns that follow, which one playout of a fixed rule cannot see;
3. scores each finished round by the game's own scoring, in chips: the seat's change minus the
   others' mean (``strong.utility``), and picks the move with the best total (ties: the basic
   player's choice, then the listing's order).

A playout through the referee builds dicts and checks every move; this one is a few integer
operations a move: each seat's hand a bit mask over the pack in building order (suit by suit, ace to
king), the layout one mask of the cards that may be laid next, chips and pot as ints. It reproduces
the referee and the basic player move for move (tests/test_players_sixes.py plays both side by side), so
many more deals fit in a decision's time. Every move of a playout is a node of the request's budget.
"""

from __future__ import annotations

from ..analysis.sampling import Sampler
from ..cards import lookup
from ..games.sixes import build_for
from . import basic

DEALS = 120  # deals per decision when the request names no ``samples``
DEPTH = 2  # the seat's own next choices searched on each deal (the basic player's card after them)


class Model:
    """One pack's building tables on compact indices ``k = suit * L + place`` (place 0 the ace)."""

    def __init__(self, build):
        seq = build.sequence
        size, six = len(seq), seq.index("6")
        self.size, self.six = size, six
        self.index = [-1] * 64  # card int -> compact index
        self.card = []           # compact index -> card int
        for s, row in enumerate(build.seq_card):
            for p, c in enumerate(row):
                self.index[c] = s * size + p
                self.card.append(c)
        count = 4 * size
        self.opens, self.ahead, self.up, self.down, self.side, self.dist = ([0] * count for _ in range(6))
        for k in range(count):
            s, p = divmod(k, size)
            base = s * size
            up = sum(1 << (base + q) for q in range(p + 1, size))
            down = sum(1 << (base + q) for q in range(p))
            self.up[k], self.down[k] = up, down
            self.dist[k] = abs(p - six)
            if p == six:  # a six opens both ways; the rest of its suit lies ahead of it
                self.side[k], self.ahead[k] = 0, up | down
                self.opens[k] = (1 << (k - 1) if p > 0 else 0) | (1 << (k + 1) if p + 1 < size else 0)
            elif p > six:
                self.side[k], self.ahead[k] = 1, up
                self.opens[k] = 1 << (k + 1) if p + 1 < size else 0
            else:
                self.side[k], self.ahead[k] = -1, down
                self.opens[k] = 1 << (k - 1) if p > 0 else 0

    def compact(self, mask: int) -> int:
        """A mask of card ints as a mask of compact indices."""
        out, index = 0, self.index
        while mask:
            low = mask & -mask
            out |= 1 << index[low.bit_length() - 1]
            mask ^= low
        return out


_MODELS: dict[int, Model] = {}


def model_for(n: int) -> Model:
    got = _MODELS.get(n)
    if got is None:
        got = _MODELS[n] = Model(build_for(n))
    return got


def pick(m: Model, hand: int, can: int, rank) -> int:
    """The basic player's card (``basic._sixes``) among ``can`` (playable cards of ``hand``, two or
    more): the card with a card of the hand beyond it in its row, the nearest such, then the most
    such, then the farthest from the six; ties to the first in the hand's order (``rank``)."""
    best, chosen = -1, -1
    ahead, side, up, down, dist = m.ahead, m.side, m.up, m.down, m.dist
    while can:
        low = can & -can
        can ^= low
        k = low.bit_length() - 1
        a = hand & ahead[k]
        if a:
            d = side[k]
            if d > 0:
                gap = (a & -a).bit_length() - 1 - k
            elif d < 0:
                gap = k - a.bit_length() + 1
            else:
                u, w = a & up[k], a & down[k]
                gap = min((u & -u).bit_length() - 1 - k if u else 99, k - w.bit_length() + 1 if w else 99)
            score = (((227 - gap) * 32 + a.bit_count()) * 32 + dist[k]) * 64 + 63 - rank[k]
        else:
            score = dist[k] * 64 + 63 - rank[k]
        if score > best:
            best, chosen = score, k
    return chosen


def playout(m: Model, hands: list[int], playable: int, chips: list[int], pot: int, seat: int,
            ranks: list, pay_per_card: bool) -> tuple[list[int], int]:
    """The round finished by the basic player at every seat from ``seat`` to act: the chips after
    the pot has been taken, and the moves made. ``hands`` and ``chips`` are changed in place."""
    n = len(hands)
    opens = m.opens
    moves = 0
    while True:
        moves += 1
        h = hands[seat]
        can = h & playable
        if can:
            k = can.bit_length() - 1 if not can & (can - 1) else pick(m, h, can, ranks[seat])
            bit = 1 << k
            h ^= bit
            hands[seat] = h
            playable = (playable ^ bit) | opens[k]
            if not h:
                break
        elif chips[seat] > 0:  # a forced pass pays a chip while the seat has one (Decision 7)
            chips[seat] -= 1
            pot += 1
        seat += 1
        if seat == n:
            seat = 0
    return _finish(hands, chips, pot, seat, pay_per_card), moves


def search(m: Model, hands: list[int], playable: int, chips: list[int], pot: int, seat: int, me: int,
           ranks: list, pay_per_card: bool, depth: int, work: list) -> int:
    """``me``'s chips at the end of the round (``seat`` to act) when the others play as the basic
    player and ``me`` takes the best of its playable cards at its next ``depth`` choices, the basic
    player's after them. ``work[0]`` counts the moves made. ``hands`` and ``chips`` are changed."""
    if depth <= 0:
        chips, moves = playout(m, hands, playable, chips, pot, seat, ranks, pay_per_card)
        work[0] += moves
        return chips[me]
    n = len(hands)
    opens = m.opens
    while True:
        h = hands[seat]
        can = h & playable
        work[0] += 1
        if can:
            if seat == me and can & (can - 1):  # a choice: each card, the best for me
                best = -1
                nxt = seat + 1 if seat + 1 < n else 0
                while can:
                    low = can & -can
                    can ^= low
                    hs = list(hands)
                    hs[me] = h ^ low
                    pl = (playable ^ low) | opens[low.bit_length() - 1]
                    v = search(m, hs, pl, list(chips), pot, nxt, me, ranks, pay_per_card, depth - 1, work) \
                        if hs[me] else _finish(hs, list(chips), pot, me, pay_per_card)[me]
                    if v > best:
                        best = v
                return best
            k = can.bit_length() - 1 if not can & (can - 1) else pick(m, h, can, ranks[seat])
            bit = 1 << k
            h ^= bit
            hands[seat] = h
            playable = (playable ^ bit) | opens[k]
            if not h:
                break
        elif chips[seat] > 0:
            chips[seat] -= 1
            pot += 1
        seat += 1
        if seat == n:
            seat = 0
    return _finish(hands, chips, pot, seat, pay_per_card)[me]


def forbidden(hand) -> list[int]:
    """Per seat, the cards (as card ints) it cannot hold: at every pass the rules forced (no
    voluntary passing, or no chip to pay) it held no card playable at that moment."""
    n = hand.n
    voluntary = hand.options.get("voluntary_pass")
    chips = [c - a for c, a in zip(hand.chips_before, hand.antes)]
    playable = hand.build.sixes
    out = [0] * n
    for move in hand.moves:
        s = move["seat"]
        if move["type"] == "play":
            c = move["card"]
            playable = playable & ~(1 << c) | hand.build.opens[c]
        else:
            if not voluntary or chips[s] <= 0:
                out[s] |= playable
            if chips[s] > 0:
                chips[s] -= 1
    return out


def decide(game, hand, listing: list[dict], seed: str, samples: int | None, counter) -> dict:
    """The strong player's Sixes move for the seat to act of ``hand`` (the replayed view)."""
    n, seat = hand.n, hand.to_act
    m = model_for(n)
    mine = [c for c in hand.holdings.held[seat] if c is not None]
    seen = hand.holdings.gone | hand.holdings.known[seat]
    pool = [c for c in m.card if not seen >> c & 1]  # the unseen cards, in the pack's order
    hidden = [0 if s == seat else hand.holdings.size(s) for s in range(n)]
    sampler = Sampler(pool, hidden, forbidden(hand), [0] * n, None, counter.budget)
    deals = samples or DEALS
    # the seat's own ties go by its hand's order (as the basic player lists them); an unseen hand's
    # by the pack's order, which is how a sampled record lists it
    identity = list(range(4 * m.size))
    own = list(identity)
    for i, c in enumerate(mine):
        own[m.index[c]] = i
    ranks = [own if s == seat else identity for s in range(n)]
    my_mask = m.compact(hand.holdings.known[seat])
    playable0 = m.compact(hand.playable)
    chips0, pot0, before = list(hand.chips), hand.pot, hand.chips_before
    ppc = bool(hand.options.get("pay_per_card"))
    nxt = (seat + 1) % n
    cands = []  # (move, card index or None for a pass)
    for move in listing:
        cands.append((move, m.index[lookup(move["card"])] if move["type"] == "play" else None))
    totals = [0] * len(cands)  # the seat's chips won or lost, summed over the deals (exact ints)
    opens = m.opens
    work = [0]
    for i in range(deals):
        places, _ = sampler.draw(f"{seed}:sixes:{i}")
        hands0 = [my_mask if s == seat else m.compact(places[s]) for s in range(n)]
        for j, (move, k) in enumerate(cands):
            hands, chips, pot, playable = list(hands0), list(chips0), pot0, playable0
            if k is None:
                if chips[seat] > 0:
                    chips[seat] -= 1
                    pot += 1
            else:
                bit = 1 << k
                hands[seat] ^= bit
                playable = (playable ^ bit) | opens[k]
            work[0] = 1
            if not hands[seat]:
                end = _finish(hands, chips, pot, seat, ppc)[seat]
            else:
                end = search(m, hands, playable, chips, pot, nxt, seat, ranks, ppc, DEPTH, work)
            counter.add(work[0])
            totals[j] += end - before[seat]
    # the best total; of equal ones the basic player's choice, then the listing's order
    chosen = basic.decide(game, hand, listing)
    best = next(j for j, (mv, _) in enumerate(cands) if mv == chosen)
    for j in range(len(cands)):
        if totals[j] > totals[best]:
            best = j
    # chips are conserved, so the seat's advantage over the others' mean is n/(n-1) times its change
    scale = n / (n - 1) / deals
    return {"method": "rollouts", "objective": "score_advantage", "goal": "max", "samples": deals,
            "move": cands[best][0],
            "moves": [{"move": mv, "estimate": float(round(totals[j] * scale, 4))}
                      for j, (mv, _) in enumerate(cands)]}


def _finish(hands: list[int], chips: list[int], pot: int, winner: int, ppc: bool) -> list[int]:
    """The pot (with the variant's chip per card left, as far as chips go) to the seat gone out."""
    if ppc:
        for s in range(len(hands)):
            pay = min(hands[s].bit_count(), chips[s])
            chips[s] -= pay
            pot += pay
    chips[winner] += pot
    return chips
