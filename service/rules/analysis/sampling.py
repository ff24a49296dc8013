"""``…/hint``: deals consistent with one seat's view, drawn from the published SHA-256 stream.

The view is replayed by the engine; what the seat cannot see is a pool of cards (every card of the
pack that the view does not show, or shows without saying where it lies). A sample deals the pool,
shuffled by ``shuffle.shuffled`` with the seed ``f"{seed}:{sample}:{attempt}"`` (DESIGN.md's
stream, so a client can redo it), to each seat's hidden places in seat order, the rest out of play
(kitty, discards, stock), and keeps the deal if it agrees with everything the view shows
(rejection sampling, so every consistent deal is equally likely):

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

from ..cards import lookup
from ..errors import InvalidRecord, M
from ..shuffle import new_seed, shuffled
from .adapters import move_code
from . import AnalysisRefused, Budget, adapter_for, in_play

MAX_DRAWS = 20_000  # per sample; a view so constrained that no draw fits is refused


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
         cap: int | None = None, pause=None) -> dict:
    """The hint for the seat to act of ``view`` (a record with ``viewer`` = that seat)."""
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
    budget = Budget(max_nodes, cap, pause)
    sums = [0] * len(codes)
    objective = None
    for hands, fd in deals(game, adapter, hand, view, seed, samples):
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


def deals(game, adapter, hand, view: dict, seed: str, samples: int):
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
    for i in range(samples):
        yield _draw(pool, hidden, known, forbid, require, seed, i, caller)


def _draw(pool, hidden, known, forbid, require, seed, sample, fd_seat):
    need = sum(hidden)
    if need > len(pool):
        raise InvalidRecord("view_incomplete", M("the view hides more cards than the pack has left"))
    for attempt in range(MAX_DRAWS):
        deck = shuffled(pool, f"{seed}:{sample}:{attempt}")
        hands, at, ok, fd = [], 0, True, None
        for s, k in enumerate(hidden):
            got = deck[at:at + k]
            at += k
            mask = 0
            for c in got:
                mask |= 1 << c
            if s == fd_seat and got:
                fd = got[0]
                mask_check = mask & ~(1 << fd)
            else:
                mask_check = mask
            if mask_check & forbid[s] or require[s] & ~mask:
                ok = False
                break
            hands.append(known[s] | mask)
        if ok:
            return hands, fd
    raise AnalysisRefused("analysis_budget_exceeded",
                          M("no deal consistent with the view was found in {max_draws} draws", max_draws=MAX_DRAWS),
                          max_nodes=MAX_DRAWS, nodes=0)
