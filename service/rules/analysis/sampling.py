"""``…/hint``: deals consistent with one seat's view, drawn from the published SHA-256 stream.

The view is replayed by the engine; what the seat cannot see is a pool of cards (every card of the
pack that the view does not show, or shows without saying where it lies). A sample deals the pool,
to each seat's hidden places, the rest out of play (kitty, discards, stock), so that the deal
agrees with everything the view shows, every consistent deal equally likely. The draw is exact,
not by rejection: the pool's cards are grouped by the places each may go to, the consistent
deals are counted by a dynamic programme over those groups (how many cards of each group each
place takes), and a sample walks the groups choosing each split with probability proportional to
the deals behind it, then shuffles each group into its split by ``shuffle.shuffled`` (DESIGN.md's
stream, seed ``f"{seed}:{sample}:{group}"``). The counting is done once per request and its steps
are nodes of the request's budget (the ``pause`` hook is called between slices), so a view that
allows few deals costs no more than one that allows many. What the view shows:

- each seat's hand sizes (public);
- voids: a seat that did not follow held no card it could have followed with (the game's own
  following rule and effective suits, see ``voids``), nor, in a Five Hundred misère, the free joker
  when it did not play it; a Court Piece seat that revealed while following held no playable
  card of the suit led; after a reveal, a seat that did not follow and did not trump held no trump;
- a card the view shows in a pile (a turned-up card, a sported kitty) but not where it is now can
  only be with the seat that took the pile, or out of play;
- Five Hundred: a contractor who nominated the free joker holds it; one who could nominate and did
  not does not hold it;
- Five Hundred's called partner (``call_partner``): the contractor does not hold the called card
  (the call would be refused); whoever holds it in the sample is the partner, nobody when it is
  out of play (among the discards) — the sample's objective is taken with that partnership;
- Court Piece's unseen face-down card is one of the caller's cards (any of them equally: the card
  laid face down from the first five, or the luck card, leaves the other cards' places free); it
  was never playable, so the caller's voids do not cover it.

Only the remaining cards matter to the play, and every deal of the pool has the same number of
records behind it (the orders within hands and piles), so sampling the remaining hands is sampling
records uniformly.
"""

from __future__ import annotations

from math import comb

from ..cards import lookup
from ..errors import InvalidRecord, M
from ..shuffle import _stream, new_seed, shuffled
from .adapters import move_code
from .core import Table
from .exact import AnalysisRefused, Budget, adapter_for, in_play



def visible_cards(record: dict) -> tuple[int, int]:
    """(in the deal, in the moves): every card the view shows in its deal's piles, and every card
    its moves place (played, discarded, laid face down) — those are nowhere to sample."""
    seen = 0

    def walk(value):
        nonlocal seen
        if isinstance(value, str):
            c = lookup(value)
            if c is not None:
                seen |= 1 << c
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    deal = record.get("deal")
    # Court Piece's initial draw is a separate pass through the pack: it says nothing of the hands
    walk({k: v for k, v in deal.items() if k != "draw"} if isinstance(deal, dict) else deal)
    in_deal, seen = seen, 0
    for m in record.get("moves", []):
        # a called partner's card (Five Hundred) is named, not placed: it stays in the pool
        if isinstance(m, dict) and m.get("type") != "call_partner":
            walk(m.get("card"))
            walk(m.get("cards"))
    return in_deal, seen


def pile_cards(record: dict) -> int:
    """Cards the view shows in a pile that a seat may have taken into its hand."""
    deal = record.get("deal") or {}
    out = 0
    for key in ("kitty", "turn_up"):
        value = deal.get(key)
        for v in value if isinstance(value, list) else [value]:
            c = lookup(v) if isinstance(v, str) else None
            if c is not None:
                out |= 1 << c
    return out


def voids(game, adapter, record: dict) -> tuple[list[int], list[int]]:
    """Per seat: cards it cannot hold now (forbid) and cards it must hold (require), from the moves."""
    hand = game.start(record)
    forbid, require = [0] * hand.n, [0] * hand.n
    moves = record.get("moves", [])
    for i, raw in enumerate(moves):
        move = game.parse_move(raw, hand.n, hand.pack, hand.viewer, f"record.moves[{i}]")
        forbid[move["seat"]] |= adapter.shown_void(hand, move)
        hand.play(move, i)
    no, yes = adapter.joker_known(hand, moves)
    if no or yes:
        forbid[hand.contractor] |= no
        require[hand.contractor] |= yes
    return forbid, require


def hint(game, view: dict, samples: int = 16, seed: str | None = None, max_nodes: int = 2_000_000,
         cap: int | None = None, pause=None, budget: Budget | None = None) -> dict:
    """The hint for the seat to act of ``view`` (a record with ``viewer`` = that seat).

    ``budget``: a request's budget already in use (a player's), else a fresh one."""
    hand = game.replay(view)
    adapter = adapter_for(game, hand.options)
    if not adapter.in_play(hand):
        in_play(adapter, hand)  # refused: not in the card play
    seat = hand.to_act
    if hand.viewer is not None and hand.viewer != seat:
        raise AnalysisRefused("analysis_not_viewers_turn",
                              M("seat {seat} is to act; the view is seat {viewer}'s", seat=seat, viewer=hand.viewer))
    listing = in_play(adapter, hand)
    if seed is None:
        seed = new_seed()
    codes = [move_code(m) for m in listing]
    if budget is None:
        budget = Budget(max_nodes, cap, pause)
    else:
        budget.max_nodes = max_nodes
    sums = [0] * len(codes)
    objective = None
    for hands, fd in deals(game, adapter, hand, view, seed, samples, budget):
        # each deal a table of its own: another deal's entries are sound but rarely match, and
        # they lengthen the walk and mislead the ordering (one table for the samples: 3-5 % more
        # nodes, 9-13 % more CPU, docs/SOLVER.md)
        budget.table = Table()
        objective = adapter.objective(hand, seat, hands)  # the sample's sides (a called partner)
        play = adapter.play(hand, objective, hands=hands, face_down=fd)
        values = budget.run(play, codes)
        for j, c in enumerate(codes):
            sums[j] += values[c]
    pick = max if objective.goal == "max" else min
    target = pick(sums)
    chosen = next(j for j, v in enumerate(sums) if v == target)
    return {"seat": seat, "objective": objective.name, "goal": objective.goal, "samples": samples,
            "seed": seed, "move": listing[chosen],
            "moves": [{"move": m, "average": sums[j] / samples} for j, m in enumerate(listing)],
            "nodes": budget.spent}


def deals(game, adapter, hand, view: dict, seed: str, samples: int, budget: Budget | None = None):
    """The samples: (each seat's remaining cards, Court Piece's face-down card or None), drawn
    under every constraint of the view (the module's docstring)."""
    known = adapter.remaining(hand)
    hidden = [h.count(None) for h in adapter.holdings(hand).held]
    pile = pile_cards(view)
    known_all = 0
    for k in known:
        known_all |= k
    in_deal, moved = visible_cards(view)
    shown = in_deal & ~pile | moved  # a pile's card played or discarded is placed, not floating
    floating = pile & ~known_all & ~shown
    pool_mask = hand.pack.mask & ~shown & ~known_all
    pool = [c for c in hand.pack.order if pool_mask >> c & 1]
    forbid, require = voids(game, adapter, view)
    take = adapter.pile_taker(hand)
    for s, mask in adapter.absent(hand):
        forbid[s] |= mask
    for s in range(hand.n):
        forbid[s] &= ~known[s]
        if s != take:
            forbid[s] |= floating
        require[s] &= ~known[s] & pool_mask
    caller = hand.caller if adapter.face_down_unknown(hand) else None
    sampler = Sampler(pool, hidden, forbid, require, caller, budget)
    for i in range(samples):
        places, fd = sampler.draw(f"{seed}:{i}")
        yield [known[s] | places[s] for s in range(hand.n)], fd


class Sampler:
    """Exact uniform draws of the pool into places with capacities, each card allowed in some places.

    Places: each seat's hidden places (its count of ``None``), the face-down card's one place (Court
    Piece, the caller's: any card, the voids do not cover it), and the rest of the pool out of play.
    """

    def __init__(self, pool, hidden, forbid, require, fd_seat, budget=None):
        n = len(hidden)
        self.n, self.budget, self.work = n, budget, 0
        need = sum(hidden)
        if need > len(pool):
            raise InvalidRecord("view_incomplete", M("the view hides more cards than the pack has left"))
        caps = list(hidden)
        self.fd = fd_seat is not None and hidden[fd_seat] > 0
        if self.fd:
            caps[fd_seat] -= 1
        caps += [1 if self.fd else 0, len(pool) - need]  # the face-down place, out of play
        fd_place, out_place = n, n + 1
        groups: dict[int, list[int]] = {}
        for c in pool:
            bit = 1 << c
            owners = [s for s in range(n) if require[s] & bit]
            if owners:
                allowed = 1 << owners[0]
                if self.fd and owners[0] == fd_seat:
                    allowed |= 1 << fd_place
            else:
                allowed = (1 << fd_place) | (1 << out_place)
                for s in range(n):
                    if not forbid[s] & bit:
                        allowed |= 1 << s
            groups.setdefault(allowed, []).append(c)
        # small groups first, the widest (usually "anywhere") last, where it is counted in closed form
        self.groups = sorted(groups.items(), key=lambda g: (bin(g[0]).count("1"), len(g[1]), g[0]))
        self.caps = tuple(caps)
        self.fd_seat = fd_seat
        self.memo: dict = {}
        if self.count(0, self.caps) == 0:
            raise InvalidRecord("view_incomplete", M("no deal of the unseen cards is consistent with the view"))

    def _tick(self, k: int = 1) -> None:
        self.work += k
        b = self.budget
        if b is None:
            return
        b.spent += k
        limit = b.max_nodes if b.cap is None else min(b.max_nodes, b.cap)
        if self.work > b.max_nodes or (b.cap is not None and b.spent > b.cap):
            raise AnalysisRefused("analysis_budget_exceeded",
                                  M("the exact answer was not proven within {stopper} nodes", stopper=limit),
                                  max_nodes=limit, nodes=b.spent)
        if b.pause is not None and self.work % 2000 == 0:
            b.pause()

    def splits(self, allowed: int, k: int, caps: tuple):
        """Every way of splitting ``k`` cards among the allowed places within their capacities."""
        places = [p for p in range(len(caps)) if allowed >> p & 1 and caps[p]]

        def rec(i, left):
            if i == len(places) - 1:
                if left <= caps[places[i]]:
                    yield (left,)
                return
            for x in range(min(left, caps[places[i]]) + 1):
                for rest in rec(i + 1, left - x):
                    yield (x,) + rest

        if not places:
            if k == 0:
                yield ()
            return
        for xs in rec(0, k):
            new = list(caps)
            for p, x in zip(places, xs):
                new[p] -= x
            yield dict(zip(places, xs)), tuple(new)

    def count(self, i: int, caps: tuple) -> int:
        """The deals of groups ``i`` onwards into ``caps``, each counted once (cards distinct)."""
        if i == len(self.groups):
            return 1 if not any(caps) else 0
        key = (i, caps)
        got = self.memo.get(key)
        if got is not None:
            return got
        allowed, cards = self.groups[i]
        k = len(cards)
        total = 0
        if i == len(self.groups) - 1:  # the last group fills what is left, if it may
            self._tick()
            if sum(caps) == k and all(allowed >> p & 1 or not caps[p] for p in range(len(caps))):
                total = _multinomial(k, caps)
        else:
            for split, rest in self.splits(allowed, k, caps):
                self._tick()
                sub = self.count(i + 1, rest)
                if sub:
                    total += _multinomial(k, split.values()) * sub
        self.memo[key] = total
        return total

    def draw(self, seed: str):
        """One deal: (each seat's cards as a mask, the face-down card or None)."""
        stream = _stream(seed)
        caps = self.caps
        places = [0] * len(caps)
        fd = None
        for i, (allowed, cards) in enumerate(self.groups):
            k = len(cards)
            if i == len(self.groups) - 1:
                split = {p: caps[p] for p in range(len(caps)) if caps[p]}
                rest = tuple(0 for _ in caps)
            else:
                options = []
                for sp, rest in self.splits(allowed, k, caps):
                    self._tick()
                    w = _multinomial(k, sp.values()) * self.count(i + 1, rest)
                    if w:
                        options.append((w, sp, rest))
                pick = _below(stream, sum(w for w, _, _ in options))
                for w, split, rest in options:
                    if pick < w:
                        break
                    pick -= w
            order = shuffled(cards, f"{seed}:{i}")
            at = 0
            for p in sorted(split):
                for c in order[at:at + split[p]]:
                    if p == self.n:
                        fd = c
                    else:
                        places[p] |= 1 << c
                at += split[p]
            caps = rest
        hands = places[:self.n]
        if self.fd and fd is not None:
            hands[self.fd_seat] |= 1 << fd
        return hands, fd


def _multinomial(k: int, parts) -> int:
    out, left = 1, k
    for x in parts:
        out *= comb(left, x)
        left -= x
    return out


def _below(stream, n: int) -> int:
    """A number in [0, n) from the byte stream (eight spare bytes: the bias is below 2**-64)."""
    size = (n.bit_length() + 7) // 8 + 8
    return int.from_bytes(bytes(next(stream) for _ in range(size)), "big") % n
