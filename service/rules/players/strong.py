"""``level: "strong"``: sampled deals consistent with the view, each candidate scored by its outcome.

- **Card play** (the four trick-taking games with a double-dummy model): ANALYSIS.md §2's hint
  (``double_dummy``) while few tricks are left; earlier in the hand, or when a sample would pass its
  node budget, ``rollouts``: each candidate played on each sampled deal and the hand finished by
  the basic player for every seat, the estimate being the tricks the seat's side takes from here
  (the double-dummy objective, counted by a playout instead of a search).
- **Sixes**: ``sixes.py`` (many deals, each move played out on small ints by the basic player).
- **Every other decision** (auctions, trump choices, face-down cards, discards, drop or stay):
  ``rollouts`` to the end of the hand on complete records drawn consistent with the view,
  the rest of the auction and the play by the basic player, each outcome scored by the game's own
  scoring (the engine's ``result``) as the seat's score advantage over the others.

The same sampled deals serve every candidate (common random numbers), so differences between
candidates are not noise of the draw. Every move applied in a playout is a node of the budget.
"""

from __future__ import annotations

import hashlib
import random

from ..analysis import AnalysisRefused, Budget
from ..analysis.adapters import ADAPTERS, move_code
from ..analysis.play import REVEAL
from ..cards import NAMES, cards_in, lookup
from ..errors import M
from . import basic, sixes

DD_TRICKS = {"bid-whist": 6, "five-hundred": 6, "court-piece": 6, "buck-euchre": 5}  # tricks left
DD_SAMPLES = 8
DD_NODES = 40_000  # a request's nodes for its double-dummy samples (about 0.4 s of today's solver)
FILL_ATTEMPTS = 8


def rng_for(seed: str, *tags) -> random.Random:
    """A generator seeded from SHA-256 of the seed and tags: the same on every worker and run."""
    text = ":".join([seed, *map(str, tags)])
    return random.Random(int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big"))


def utility(game, hand, seat: int) -> float:
    """The seat's score advantage in a finished hand: its side's change minus the others' mean
    (Buck Euchre counts down, so there lower is better and the sign turns)."""
    result = hand.result or {}
    d = result.get("deltas") or []
    if not d:
        return 0.0
    gid = game.id
    if gid in ("bid-whist", "court-piece"):
        me = seat % 2
        return float(d[me] - d[1 - me])
    if gid == "five-hundred" and len(d) != hand.n:
        me = hand.side_of[seat]
    else:
        me = seat
    others = [v for i, v in enumerate(d) if i != me]
    adv = d[me] - (sum(others) / len(others) if others else 0)
    return float(-adv if gid == "buck-euchre" else adv)


class Counter:
    """Nodes spent by a request's playouts and searches, against the per-request cap."""

    def __init__(self, budget):
        self.budget = budget
        self.since = 0

    def add(self, n: int) -> None:
        b = self.budget
        b.spent += n
        if b.cap is not None and b.spent > b.cap:
            raise AnalysisRefused("analysis_budget_exceeded",
                                  M("the exact answer was not proven within {stopper} nodes", stopper=b.cap),
                                  max_nodes=b.cap, nodes=b.spent)
        self.since += n
        if self.since >= 2000 and b.pause is not None:
            self.since = 0
            b.pause()


# --- complete records consistent with a view (before the card play) -----------------------------

def _walk_fill(value, pool: list[int]):
    if value is None:
        return NAMES[pool.pop()] if pool else None
    if isinstance(value, list):
        return [_walk_fill(v, pool) for v in value]
    if isinstance(value, dict):
        return {k: (v if k == "draw" else _walk_fill(v, pool)) for k, v in value.items()}
    return value


def fill(game, view: dict, rng: random.Random, counter: Counter) -> tuple[dict, object]:
    """A complete record whose view for the viewer is ``view`` (cards the viewer cannot see dealt at
    random, a hidden discard or face-down card chosen among its holder's cards), checked by the
    engine's replay; ``FILL_ATTEMPTS`` draws at most, each counted in the budget."""
    from ..analysis.sampling import visible_cards
    hand0 = game.start({**view, "moves": []})
    in_deal, moved = visible_cards(view)
    pool_mask = hand0.pack.mask & ~in_deal & ~moved
    base = [c for c in hand0.pack.order if pool_mask >> c & 1]
    deal = view.get("deal") or {}
    piles = []
    for key, value in deal.items():
        if key not in ("hands", "draw"):
            piles += value if isinstance(value, list) else [value]
    for attempt in range(FILL_ATTEMPTS):
        counter.add(len(base) + len(view.get("moves", [])))
        pool = list(base)
        rng.shuffle(pool)
        full = _walk_fill(deal, pool)
        hands = full.get("hands") or []
        used: set = set()
        moves = []
        for m in view.get("moves", []):
            if not isinstance(m, dict):
                moves.append(m)
                continue
            m = dict(m)
            s = m.get("seat")
            own = hands[s] if isinstance(s, int) and 0 <= s < len(hands) else []
            holding = [c for c in (own[:5] if game.id == "court-piece" else own + piles)
                       if isinstance(c, str) and c not in used]
            if "card" in m and m["card"] is None and m.get("type") != "call_partner":
                m["card"] = holding[rng.randrange(len(holding))] if holding else None
            if "cards" in m and isinstance(m["cards"], list) and any(c is None for c in m["cards"]):
                m["cards"] = rng.sample(holding, len(m["cards"])) if len(holding) >= len(m["cards"]) else m["cards"]
            for key in ("card", "cards"):
                v = m.get(key)
                if m.get("type") in ("discard", "play"):
                    used.update(v if isinstance(v, list) else [v])
            moves.append(m)
        record = {k: v for k, v in view.items() if k != "viewer"}
        record.update(deal=full, moves=moves)
        try:
            hand = game.replay(record)
        except Exception:  # noqa: BLE001 — a draw the engine refuses is drawn again
            continue
        return record, hand
    raise AnalysisRefused("analysis_budget_exceeded",
                          M("no deal consistent with the view was found in {max_draws} draws", max_draws=FILL_ATTEMPTS),
                          max_nodes=FILL_ATTEMPTS, nodes=counter.budget.spent)


def play_out(game, hand, counter: Counter) -> None:
    """Finish ``hand`` (a complete record's) with the basic player at every seat."""
    n = 0
    while hand.phase != "done":
        listing = hand.legal_moves()
        move = basic.decide(game, hand, listing)
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        n += 1
    counter.add(n)


def candidates(game, hand, listing: list[dict]) -> list[dict]:
    """The moves worth a playout: every listed move but a host's report (``timeout``) and a redeal,
    the auctions cut to a pass, the basic choice and each strain's lowest bid, and concrete
    discards for a parameterized one (the basic choice and each suit's void)."""
    chosen = basic.decide(game, hand, listing)
    if "from" in listing[0]:
        return _discards(game, hand, listing[0], chosen)
    out = [m for m in listing if m["type"] not in ("timeout", "change_cards")] or listing
    if hand.phase == "bidding" and game.id in ("bid-whist", "five-hundred"):
        # each strain's lowest bid that the hand comes within a trick of, a pass, the basic choice
        est = basic.strain_estimates(game, hand, hand.to_act)
        keep, seen = [], set()
        for m in out:
            margin = basic.bid_margin(game, hand, m, est)
            if m["type"] != "bid":
                keep.append(m)
                continue
            strain = m.get("mode") or m["bid"].lstrip("0123456789")
            if m == chosen or (strain not in seen and margin is not None and margin >= -1):
                seen.add(strain)
                keep.append(m)
        if chosen not in keep:
            keep.append(chosen)
        out = keep
    return out


def choose_with_evidence(values: list[list[float]], default: int, sign: int = 1) -> int:
    """The candidate with the best mean, but the basic player's choice (``default``) unless the
    best beats it by more than one standard error of the paired differences (the same deals): a
    playout's noise is no reason to leave a sound move."""
    k = len(values[0])
    means = [sum(v) / k for v in values]
    best = max(range(len(values)), key=lambda j: (sign * means[j], -j))
    if best == default or default is None:
        return best
    diffs = [sign * (a - b) for a, b in zip(values[best], values[default])]
    d = sum(diffs) / k
    if d <= 0:
        return default
    if k < 2:
        return best
    var = sum((x - d) ** 2 for x in diffs) / (k - 1)
    return best if d * d * k > var else default


def _discards(game, hand, template: dict, chosen: dict) -> list[dict]:
    seat, count = template["seat"], template["count"]
    holding = [lookup(c) for c in template["from"]]
    r = basic.discard_ranking(hand, holding)
    pack = hand.pack.mask
    options = [chosen["cards"]]
    for s in range(4):
        of_suit = [c for c in holding if r.suit[c] == s and s != r.trump]
        if 0 < len(of_suit) <= count:
            rest = [c for c in holding if c not in of_suit]
            extra = basic.discard_set(rest, count - len(of_suit), r, pack) if count > len(of_suit) else []
            options.append(basic._names(of_suit + extra, template["from"]))
    out, seen = [], set()
    for cards in options:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            out.append({"seat": seat, "type": "discard", "cards": cards})
    return out


def rollouts(game, view: dict, hand, listing: list[dict], seed: str, samples: int, counter: Counter) -> dict:
    """Each candidate on each complete record drawn from the view, finished by the basic player."""
    seat = hand.to_act
    cands = candidates(game, hand, listing)
    values: list[list[float]] = [[] for _ in cands]
    for i in range(samples):
        record, full = fill(game, view, rng_for(seed, "fill", i), counter)
        for j, move in enumerate(cands):
            h = game.replay(record) if j else full
            h.play(game.parse_move(move, h.n, h.pack, None, "move"), len(h.moves))
            play_out(game, h, counter)
            values[j].append(utility(game, h, seat))
    sums = [sum(v) for v in values]
    best = choose_with_evidence(values, _index(cands, basic.decide(game, hand, listing)))
    return {"method": "rollouts", "objective": "score_advantage", "goal": "max", "samples": samples,
            "move": cands[best], "moves": [{"move": m, "estimate": _round(sums[j] / samples)}
                                           for j, m in enumerate(cands)]}


def _index(moves: list[dict], move: dict):
    return next((j for j, m in enumerate(moves) if m == move), None)


def _round(x: float) -> float:
    return float(round(x, 4))


# --- card play -----------------------------------------------------------------------------------

def _side(p, seat: int, gid: str) -> set:
    if gid == "buck-euchre":
        return set()
    return {s for s in p.seats if s != seat and p.maxer[s] == p.maxer[seat]}


def play_rollout(game, p, counter: Counter) -> int:
    """Finish a card-play model with the basic card choice at every seat; the counted tricks won."""
    gid = game.id
    total, n = 0, 0
    misere = getattr(p, "misere", False)
    contractor = getattr(p, "contractor", None)
    while p.done < p.total:
        seat = p.to_act
        codes = p.moves(seat)
        if not codes:
            break
        mine = cards_in(p.hands[seat])
        out = 0
        for s in p.seats:
            if s != seat:
                out |= p.hands[s]
        code = basic.choose(p, seat, codes, mine, out, _side(p, seat, gid), misere and seat == contractor,
                            REVEAL in codes)
        gain, stopped = p.push(seat, code)
        total += gain
        n += 1
        if stopped:
            break
    counter.add(n)
    return total


def card_rollouts(game, hand, view: dict, listing: list[dict], seed: str, samples: int, counter: Counter) -> dict:
    from ..analysis.sampling import deals
    adapter = ADAPTERS[game.id]
    seat = hand.to_act
    codes = [move_code(m) for m in listing]
    values: list[list[int]] = [[] for _ in codes]
    objective = None
    for hands, fd in deals(game, adapter, hand, view, seed, samples, counter.budget):
        objective = adapter.objective(hand, seat, hands)
        for j, code in enumerate(codes):
            p = adapter.play(hand, objective, hands=hands, face_down=fd)
            gain, stopped = p.push(seat, code)
            counter.add(1)
            values[j].append(gain + (0 if stopped else play_rollout(game, p, counter)))
    sums = [sum(v) for v in values]
    chosen = choose_with_evidence(values, _index(listing, basic.decide(game, hand, listing)),
                                  1 if objective.goal == "max" else -1)
    return {"method": "rollouts", "objective": objective.name, "goal": objective.goal, "samples": samples,
            "move": listing[chosen],
            "moves": [{"move": m, "estimate": _round(sums[j] / samples)} for j, m in enumerate(listing)]}


def decide(game, view: dict, hand, listing: list[dict], seed: str, samples: int | None, budget,
           max_nodes: int) -> dict:
    """The strong player's answer for the seat to act of ``view`` (``hand`` its replay)."""
    from ..analysis.sampling import hint
    counter = Counter(budget)
    adapter = ADAPTERS.get(game.id)
    in_play = adapter is not None and adapter.in_play(hand)
    if in_play:
        left = adapter.total - adapter.done(hand)
        # Court Piece's pile modes have no double-dummy objective: playouts counting tricks
        if left <= DD_TRICKS[game.id] and adapter.applies(hand.options):
            n = samples or DD_SAMPLES
            # the double-dummy samples get an allowance of the request's nodes; a position that
            # needs more is decided by playouts instead (a player always answers)
            allowance = DD_NODES if budget.cap is None else max(0, min(DD_NODES, budget.cap - budget.spent))
            sub = Budget(allowance, allowance, budget.pause)
            try:
                out = hint(game, view, n, seed, min(max_nodes, allowance), allowance, budget.pause, budget=sub)
            except AnalysisRefused as exc:
                if exc.code != "analysis_budget_exceeded":
                    raise
                out = None
            counter.add(sub.spent)
            if out is not None:
                mine = basic.decide(game, hand, listing)
                averages = [e["average"] for e in out["moves"]]
                best = (max if out["goal"] == "max" else min)(averages)
                j = _index(listing, mine)
                if j is not None and averages[j] == best:  # of the best, the basic player's choice
                    out["move"] = listing[j]
                return {"method": "double_dummy", **out}
        return card_rollouts(game, hand, view, listing, seed, samples or 6, counter)
    if game.id == "sixes":
        return sixes.decide(game, hand, listing, seed, samples, counter)
    return rollouts(game, view, hand, listing, seed, samples or 6, counter)
