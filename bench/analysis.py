"""``make bench`` section ``analysis`` (ANALYSIS.md §6): the solver's median time by tricks left.

For each game and ``k``: 20 positions from seeded random hands (``bench-dd-{game}-{k}-{i}``, default
options, dealer 0, every move drawn uniformly by ``random.Random(seed)``, a discard by ``sample``),
stopped at the first card-play position with ``k`` tricks not finished and an empty trick. Seeds
whose hand never gets there are skipped (and printed). Each position is analysed in process through
the library call with no node budget. Also: a 16-sample Bid Whist hint with 7 tricks left, and how
long the per-request cap (``REFEREE_MAX_ANALYSIS_NODES``' default) takes to spend.

Two comparisons: against ANALYSIS.md §6's reference table (the product's median on the same
buckets of game and tricks left must be at least 5x faster than the reference's), and, when the
optional ``endplay`` package is installed (``pip install -e '.[bench-dds]'``: Bo Haglund's DDS),
against DDS itself on bridge-like positions — Bid Whist with both jokers gone, mapped card for
card by effective suit and order — values checked equal, times side by side.

    python -m bench.analysis [--quick] [--game GAME] [--k K[,K…]] [--count N] [--solver-only]

``--game``/``--k``/``--count`` measure a subset (the whole set takes hours while whole hands miss
their targets); ``--solver-only`` skips the hint, reference, DDS and cap lines. Each line gives
the median and p90 of wall time and of nodes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from service.rules import games
from service.rules.analysis import DEFAULT_REQUEST_CAP, AnalysisRefused, analyse, hint
from service.rules.analysis.adapters import ADAPTERS, move_code

CASES = [("bid-whist", (4, 7, 10, 12), {}), ("court-piece", (4, 7, 10, 13), {}),
         ("five-hundred", (4, 7, 10), {}), ("buck-euchre", (4, 5), {}),
         # what DDS cannot express (issue 29): hidden trump, Five Hundred's other table sizes
         ("court-piece", (4, 7, 10), {"mode": "hidden_trump"}),
         ("five-hundred", (4, 7, 10), {"players": 2}), ("five-hundred", (4, 7, 10), {"players": 3}),
         ("five-hundred", (4, 7), {"players": 5}), ("five-hundred", (4, 7), {"players": 6})]
TARGETS = {("bid-whist", 4): 0.02, ("bid-whist", 7): 0.3, ("bid-whist", 10): 3, ("bid-whist", 12): 10,
           ("court-piece", 4): 0.02, ("court-piece", 7): 0.3, ("court-piece", 10): 3,
           ("court-piece", 13): 10, ("five-hundred", 4): 0.02, ("five-hundred", 7): 0.3,
           ("five-hundred", 10): 3, ("buck-euchre", 4): 0.01, ("buck-euchre", 5): 0.02}


def playable(move: dict, rng: random.Random) -> dict:
    """A listed move as a move to make: a parameterized discard becomes a random choice."""
    if move["type"] == "discard" and "from" in move:
        return {"seat": move["seat"], "type": "discard", "cards": rng.sample(move["from"], move["count"])}
    return move


def position(game_id: str, seed: str, k: int, options: dict | None = None, in_trick: int = 0):
    """The record of the first play position with ``k`` tricks left and ``in_trick`` cards in the
    current trick, or None if the hand never gets there."""
    game = games.get(game_id)
    adapter = ADAPTERS[game_id]
    rng = random.Random(seed)
    record = game.deal(seed, options or {}, 0, None)
    hand = game.replay(record)
    while hand.phase != "done":
        if adapter.in_play(hand) and adapter.total - adapter.done(hand) == k:
            if len(hand.trick) == in_trick:
                return hand.to_record()
        listing = hand.legal_moves()
        move = playable(rng.choice(listing), rng)
        hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        if adapter.in_play(hand) and adapter.total - adapter.done(hand) < k:
            return None
    return None


def positions(game_id: str, k: int, count: int = 20, options=None):
    found, skipped, i = [], [], 0
    while len(found) < count:
        seed = f"bench-dd-{game_id}-{k}-{i}" + (f"-{sorted(options.items())}" if options else "")
        record = position(game_id, seed, k, options)
        (found.append(record) if record is not None else skipped.append(seed))
        i += 1
    return found, skipped


# ANALYSIS.md §6, "Reference timings on those positions": (game, tricks left) -> reference median s
REFERENCE = {("bid-whist", 2): 0.06, ("bid-whist", 3): 0.62, ("bid-whist", 4): 1.09,
             ("bid-whist", 5): 11.97, ("court-piece", 2): 0.03, ("court-piece", 3): 0.17,
             ("court-piece", 4): 0.55, ("court-piece", 5): 29.27, ("court-piece", 6): 62.83,
             ("five-hundred", 2): 0.03, ("five-hundred", 3): 0.11, ("five-hundred", 4): 0.13,
             ("buck-euchre", 2): 0.01, ("buck-euchre", 3): 0.05, ("buck-euchre", 4): 0.07}


def timed(game, record, **kw):
    """(wall s, nodes, CPU s) of one analysis; CPU time is the steadier on a shared machine."""
    hand = game.replay(record)
    t, c = time.perf_counter(), time.process_time()
    answer = analyse(game, hand, max_nodes=10**12, cap=None, **kw)
    return time.perf_counter() - t, answer["nodes"], time.process_time() - c


def measure(game_id: str, k: int, count: int, options=None):
    game = games.get(game_id)
    records, skipped = positions(game_id, k, count, options)
    runs = [timed(game, r) for r in records]
    times = sorted(t for t, _, _ in runs)
    nodes = sorted(n for _, n, _ in runs)
    cpu = sorted(c for _, _, c in runs)
    return times, nodes, skipped, cpu


def reference_lines(count: int) -> list[str]:
    """ANALYSIS.md: "on a set of positions, bucketed by game and tricks left, the product's median
    must be at least 5x faster than the reference's median". The reference's own positions are not
    published; these are the §6 benchmark's positions of the same buckets."""
    lines = []
    for (game_id, k), ref in REFERENCE.items():
        times, nodes, _, _ = measure(game_id, k, count)
        median = statistics.median(times)
        ratio = ref / median if median else float("inf")
        lines.append(f"analysis reference {game_id} k={k} median_s={median:.4f} "
                     f"median_nodes={int(statistics.median(nodes))} reference_median_s={ref} "
                     f"speedup={ratio:.0f}x {'ok' if ratio >= 5 else 'MISSED'}")
        print(lines[-1], flush=True)
    return lines


DDS_CASES = [("bid-whist", (4, 7, 10, 12), {}), ("court-piece", (4, 7, 10, 13), {"mode": "single_sar"})]


def bridge_solve(game, record):
    """Every legal move's value of a bridge-like position as our solver gives it, and its CPU
    seconds: Bid Whist's product answer; Court Piece's without its stop at seven tricks (the
    bridge problem DDS solves), on the compiled core."""
    from service.rules.analysis import core
    hand = game.replay(record)
    adapter = ADAPTERS[game.id]
    codes = [move_code(m) for m in hand.legal_moves()]
    t = time.process_time()
    if game.id == "court-piece" and core.available():
        values = bridge_values(adapter.play(hand, adapter.objective(hand, hand.to_act)), codes)
    else:
        answer = analyse(game, hand, max_nodes=10**12, cap=None)
        values = {move_code(e["move"]): e["value"] for e in answer["moves"]}
    return values, time.process_time() - t


def bridge_values(play, codes):
    """Each move's value of a Court Piece position with no stop at seven tricks, on the compiled core."""
    from service.rules.analysis import core
    compiled = core.Compiled(play)
    compiled.core.load([play.hands[s] for s in play.seats], [], play.to_act, play.total - play.done, 99, 99, play.trump)
    return core.CoreSolver(play, compiled).values(codes)


def dds_deal(game_id, hand, rem):
    """(endplay Deal, our card -> DDS (suit, rank)) of a position with no suitless joker live, or None.

    Ranks are relative: each suit's live cards, strongest first, become A, K, Q, … . So Bid Whist's
    jokers, the two top trumps of a trump contract, are expressible where at most 13 trumps are live
    (two or more of the trump suit in the discards)."""
    from endplay.types import Deal, Denom, Player
    if game_id == "court-piece":
        suit, power, trump = (lambda c: c >> 4), (lambda c: c & 15), hand.trump
    else:
        r = hand.ranking
        suit, power, trump = (lambda c: r.suit[c]), (lambda c: r.power[c]), r.trump
    live = 0
    for h in rem:
        live |= h
    cards = [c for c in range(live.bit_length()) if live >> c & 1]
    if any(not 0 <= suit(c) <= 3 for c in cards):
        return None  # a suitless joker is still in play: no bridge position
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        by_suit.setdefault(suit(c), []).append(c)
    if any(len(cs) > 13 for cs in by_suit.values()):
        return None  # Bid Whist's jokers are the top trumps: a trump suit of 13 cards at most has ranks
    name = {}
    for su, cs in by_suit.items():
        for j, c in enumerate(sorted(cs, key=lambda c: -power(c))):
            name[c] = (su, j)
    seats = []
    for s in range(4):
        seats.append(".".join("".join("AKQJT98765432"[j] for su2, j in sorted(name[c] for c in by_suit.get(su, [])
                                                                           if rem[s] >> c & 1)) for su in range(4)))
    deal = Deal("N:" + " ".join(seats))
    deal.first = Player(hand.to_act)
    deal.trump = Denom(trump) if trump is not None else Denom.nt
    return deal, {c: (su, 14 - j) for c, (su, j) in name.items()}


def endplay_dds(what: str):
    """(DDS through ``endplay``, None), or (None, the line saying ``what`` is skipped) where the
    optional ``bench-dds`` extra is not installed."""
    try:
        from endplay import dds
    except ImportError:
        line = f"analysis {what} skipped (pip install -e '.[bench-dds]' for endplay)"
        print(line, flush=True)
        return None, [line]
    return dds, None


def dds_solve(dds, deal):
    """DDS's value of every legal card (keyed as ``dds_deal`` names cards) and its CPU seconds."""
    t = time.process_time()
    solved = list(dds.solve_board(deal))
    spent = time.process_time() - t
    return {(int(card.suit), int(card.rank).bit_length() - 1): v for card, v in solved}, spent


def agreeing(values: dict, by_card: dict, name: dict) -> int:
    """How many of our move values DDS gives too."""
    return sum(by_card.get(name.get(code)) == v for code, v in values.items())


def dds_lines(count: int = 20, cases=DDS_CASES, ks_only=None) -> list[str]:
    """Against Bo Haglund's DDS (``endplay``) in the same run, on bridge-like positions (an empty
    trick, no joker live): every legal move's value checked equal; CPU seconds of both, the ratio
    of medians and of p90s (ours / DDS) per game and tricks left."""
    dds, skipped = endplay_dds("dds")
    if skipped:
        return skipped
    lines = []
    for game_id, ks, options in cases:
        game = games.get(game_id)
        adapter = ADAPTERS[game_id]
        for k in ks:
            if ks_only and k not in ks_only:
                continue
            ours, theirs, equal, moves, i, found = [], [], 0, 0, 0, 0
            while found < count and i < 40 * count:
                record = position(game_id, f"bench-dd-{game_id}-{k}-{i}", k, options)
                i += 1
                if record is None:
                    continue
                hand = game.replay(record)
                made = dds_deal(game_id, hand, adapter.remaining(hand))
                if made is None:
                    continue
                deal, name = made
                found += 1
                by_card, spent = dds_solve(dds, deal)
                theirs.append(spent)
                values, spent = bridge_solve(game, record)
                ours.append(spent)
                moves += len(values)
                equal += agreeing(values, by_card, name)
            ours.sort()
            theirs.sort()
            m_o, m_t = statistics.median(ours), statistics.median(theirs)
            lines.append(f"analysis dds {game_id} k={k} positions={found} median_s={m_o:.5f} "
                         f"dds_median_s={m_t:.5f} ratio_median={m_o / m_t:.2f} p90_s={p90(ours):.5f} "
                         f"dds_p90_s={p90(theirs):.5f} ratio_p90={p90(ours) / p90(theirs):.2f} "
                         f"max_s={ours[-1]:.4f} dds_max_s={theirs[-1]:.4f} values_equal={equal}/{moves}")
            print(lines[-1], flush=True)
    return lines


def whole_hand_records(game_id: str, count: int, prefix: str = "bench-whole", options: dict | None = None):
    """``count`` records of random whole hands (``options``, else the defaults; dealt, bid and
    discarded by random legal moves) at the first card of play: seeds ``{prefix}-{game}-{i}``, hands
    never played skipped."""
    total = ADAPTERS[game_id].total
    i = found = 0
    while found < count:
        record = position(game_id, f"{prefix}-{game_id}-{i}", total, options)
        i += 1
        if record is not None:
            found += 1
            yield record


def http_lines(count: int = 100) -> list[str]:
    """Issue 29's "over HTTP, whole hands answer": ``count`` random whole hands per game through the
    Flask test client with the shipped settings (no ``max_nodes``, the default cap); how many
    answered 200, and the median and slowest wall seconds and nodes."""
    from service import create_app
    client = create_app().test_client()
    lines = []
    for game_id in sorted(ADAPTERS):
        statuses, times, nodes = {}, [], []
        for record in whole_hand_records(game_id, count, "http-whole"):
            t = time.perf_counter()
            resp = client.post(f"/v1/games/{game_id}/analysis", json={"record": record})
            times.append(time.perf_counter() - t)
            statuses[resp.status_code] = statuses.get(resp.status_code, 0) + 1
            nodes.append(resp.get_json().get("nodes", 0))
        times.sort()
        nodes.sort()
        lines.append(f"analysis http {game_id} hands={count} status={dict(sorted(statuses.items()))} "
                     f"median_s={statistics.median(times):.3f} p99_s={times[min(len(times) - 1, int(len(times) * .99))]:.3f} "
                     f"max_s={times[-1]:.3f} median_nodes={int(statistics.median(nodes))} max_nodes={nodes[-1]} "
                     f"cap={DEFAULT_REQUEST_CAP}")
        print(lines[-1], flush=True)
    return lines


def case(game_id: str, options) -> str:
    return f"{game_id} {options}" if options else game_id


def whole_lines(count: int = 200, variants=None) -> list[str]:
    """Issue 29's "no position of 200 random whole hands per game over 5 s": the library call with
    no budget on ``count`` random whole hands per game (and variant), CPU seconds."""
    lines = []
    for game_id, options in variants or WHOLE_VARIANTS:
        game = games.get(game_id)
        total = ADAPTERS[game_id].total
        spent, nodes, i, found = [], [], 0, 0
        while found < count and i < 20 * count:
            record = position(game_id, f"bench-whole-{game_id}-{i}", total, options)
            i += 1
            if record is None:
                continue
            found += 1
            _, n, cpu = timed(game, record)
            spent.append(cpu)
            nodes.append(n)
        spent.sort()
        nodes.sort()
        pick = lambda xs, q: xs[min(len(xs) - 1, int(len(xs) * q))]  # noqa: E731
        lines.append(f"analysis whole {case(game_id, options)} hands={found} median_cpu_s={statistics.median(spent):.4f} "
                     f"p99_cpu_s={pick(spent, .99):.3f} max_cpu_s={spent[-1]:.3f} over_5s={sum(t > 5 for t in spent)} "
                     f"median_nodes={int(statistics.median(nodes))} max_nodes={nodes[-1]}")
        print(lines[-1], flush=True)
    return lines


WHOLE_VARIANTS = [("bid-whist", {}), ("court-piece", {}), ("court-piece", {"mode": "hidden_trump"}),
                  ("five-hundred", {}), ("five-hundred", {"players": 2}), ("five-hundred", {"players": 3}),
                  ("five-hundred", {"players": 5}), ("five-hundred", {"players": 6}), ("buck-euchre", {})]


HINT_CASES = [("court-piece", {}), ("court-piece", {"mode": "hidden_trump"}), ("bid-whist", {})]


def hint_lines(count: int = 20) -> list[str]:
    """ANALYSIS.md's hint at the first card of play of ``count`` random whole hands per game (the
    issue's interactive targets: 16 samples <= 0.3 s median, 64 samples <= 1 s, one core), CPU time.
    Both forms of Court Piece's 13-trick hand, and Bid Whist's 12."""
    lines = []
    for game_id, options in HINT_CASES:
        game = games.get(game_id)
        views = []
        for r in whole_hand_records(game_id, count, prefix="bench-hint", options=options):
            hand = game.replay(r)
            views.append(hand.view_record(hand.to_act))
        for samples, target in ((16, 0.3), (64, 1.0)):
            cpu, spent = [], []
            for view in views:
                c = time.process_time()
                answer = hint(game, view, samples=samples, seed="bench", max_nodes=10**12, cap=None)
                cpu.append(time.process_time() - c)
                spent.append(answer["nodes"])
            cpu.sort()
            spent.sort()
            median = statistics.median(cpu)
            line = (f"analysis hint {case(game_id, options)} whole hand samples={samples} positions={len(views)} "
                    f"median_cpu_s={median:.4f} p90_cpu_s={p90(cpu):.4f} max_cpu_s={cpu[-1]:.4f} "
                    f"median_nodes={int(statistics.median(spent))} target_s={target} "
                    f"{'ok' if median <= target else 'MISSED'}")
            print(line, flush=True)
            lines.append(line)
    return lines


def hint_dds_lines(count: int = 20, samples: int = 16) -> list[str]:
    """A hint's work beside DDS's: the deals the hints of ``hint_lines`` draw (same seed), each that
    DDS can express (no joker live) solved by both for every legal move, values checked equal; CPU
    seconds per deal, the ratio of sums (ours / DDS, the hint's cost being a sum) and what a
    ``samples``-sample hint costs at DDS's mean. Court Piece's deals are solved as the bridge
    problem (no stop at seven tricks), the only one DDS solves; the hint's own problem stops there."""
    dds, skipped = endplay_dds("hint-dds")
    if skipped:
        return skipped
    from service.rules.analysis import core
    from service.rules.analysis.exact import adapter_for, in_play
    from service.rules.analysis.sampling import deals
    lines = []
    for game_id in ("court-piece", "bid-whist"):
        game = games.get(game_id)
        ours, theirs, equal, moves, drawn = [], [], 0, 0, 0
        for r in whole_hand_records(game_id, count, prefix="bench-hint"):
            played = game.replay(r)
            view = played.view_record(played.to_act)
            hand = game.replay(view)
            adapter = adapter_for(game, hand.options)
            codes = [move_code(m) for m in in_play(adapter, hand)]
            for hands, fd in deals(game, adapter, hand, view, "bench", samples):
                drawn += 1
                made = dds_deal(game_id, hand, [hands[s] for s in range(4)])
                if made is None:
                    continue
                deal, name = made
                play = adapter.play(hand, adapter.objective(hand, hand.to_act, hands), hands=hands, face_down=fd)
                by_card, spent = dds_solve(dds, deal)
                theirs.append(spent)
                t = time.process_time()
                values = (bridge_values(play, codes) if game_id == "court-piece"
                          else core.make_solver(play, table=core.Table()).values(codes))
                ours.append(time.process_time() - t)
                moves += len(values)
                equal += agreeing(values, by_card, name)
        if not ours:
            line = f"analysis hint-dds {game_id} deals={drawn} expressible=0 (in every one a suitless joker live, or more than 13 trumps)"
            print(line, flush=True)
            lines.append(line)
            continue
        line = (f"analysis hint-dds {game_id} deals={drawn} expressible={len(ours)} "
                f"mean_s={statistics.mean(ours):.4f} dds_mean_s={statistics.mean(theirs):.4f} "
                f"ratio_sum={sum(ours) / sum(theirs):.2f} dds_hint_{samples}_s={statistics.mean(theirs) * samples:.3f} "
                f"values_equal={equal}/{moves}")
        print(line, flush=True)
        lines.append(line)
    return lines


def p90(values: list) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.9))]


def main(quick: bool = False, only: str | None = None, ks_only=None, count: int | None = None,
         solver_only: bool = False) -> list[str]:
    lines = []
    count = count or (5 if quick else 20)
    for game_id, ks, options in CASES:
        if only and game_id != only:
            continue
        for k in ks:
            if ks_only and k not in ks_only:
                continue
            times, nodes, skipped, cpu = measure(game_id, k, count, options)
            median = statistics.median(times)
            target = TARGETS.get((game_id, k)) if not options else None
            line = (f"analysis {game_id}{' ' + str(options) if options else ''} k={k} median_s={median:.4f} p90_s={p90(times):.4f} "
                    f"median_cpu_s={statistics.median(cpu):.4f} "
                    f"median_nodes={int(statistics.median(nodes))} p90_nodes={p90(nodes)} max_nodes={nodes[-1]} "
                    f"target_s={target} {'ok' if target is None or median <= target else 'MISSED'}")
            if skipped:
                line += f" skipped={','.join(skipped)}"
            print(line, flush=True)
            lines.append(line)
    if solver_only:
        return lines
    game = games.get("bid-whist")
    records, _ = positions("bid-whist", 7, count)
    times, spent = [], []
    for r in records:
        hand = game.replay(r)
        view = hand.view_record(hand.to_act)
        t = time.perf_counter()
        answer = hint(game, view, samples=16, seed="bench", max_nodes=10**12, cap=None)
        times.append(time.perf_counter() - t)
        spent.append(answer["nodes"])
    median = statistics.median(times)
    line = (f"analysis hint bid-whist k=7 samples=16 positions={len(records)} median_s={median:.4f} "
            f"median_nodes={int(statistics.median(spent))} target_s=5 {'ok' if median <= 5 else 'MISSED'}")
    print(line, flush=True)
    lines.append(line)
    lines += hint_lines(5 if quick else 20)
    lines += hint_dds_lines(5 if quick else 20)
    lines += reference_lines(count)
    lines += dds_lines(count=count)
    lines.append(cap_line())
    lines += http_lines(20 if quick else 100)
    return lines


def cap_hand(tries: int = 200):
    """(seed index, record) of the first whole Court Piece hand (``bench-dd-cap``, then
    ``bench-dd-cap-1``, …) whose analysis needs more than the per-request cap, or None: single sar
    first, then hidden trump (no single sar hand of 200 needs the cap any more, docs/SOLVER.md)."""
    game = games.get("court-piece")
    for options in (None, {"mode": "hidden_trump"}):
        for i in range(tries):
            record = position("court-piece", "bench-dd-cap" + (f"-{i}" if i else ""), 13, options)
            if record is None:
                continue
            try:
                analyse(game, game.replay(record), max_nodes=DEFAULT_REQUEST_CAP, cap=DEFAULT_REQUEST_CAP)
            except AnalysisRefused:
                return i, record
    return None


def cap_line(tries: int = 200) -> str:
    """How long the per-request cap takes to spend, on ``cap_hand``'s hand."""
    found = cap_hand(tries)
    if found is None:
        line = f"analysis cap nodes={DEFAULT_REQUEST_CAP}: {tries} whole hands of each mode all answered within it"
    else:
        i, record = found
        game = games.get("court-piece")
        t, c = time.perf_counter(), time.process_time()
        try:
            analyse(game, game.replay(record), max_nodes=DEFAULT_REQUEST_CAP, cap=DEFAULT_REQUEST_CAP)
            line = f"analysis cap: seed {i} answered within the cap on a second run"
        except AnalysisRefused as exc:
            cpu = time.process_time() - c
            line = (f"analysis cap nodes={DEFAULT_REQUEST_CAP} seconds={time.perf_counter() - t:.2f} "
                    f"cpu_s={cpu:.2f} nodes_per_cpu_s={exc.extra['nodes'] / cpu:,.0f} ({exc.code}, seed {i}, "
                    f"{record['options'].get('mode')})")
    print(line, flush=True)
    return line


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions per game and k")
    parser.add_argument("--game", help="only this game")
    parser.add_argument("--k", help="only these tricks left, comma-separated")
    parser.add_argument("--count", type=int, help="positions per game and k")
    parser.add_argument("--solver-only", action="store_true", help="skip the hint, reference, DDS and cap lines")
    parser.add_argument("--dds-only", action="store_true", help="only the comparison with DDS")
    parser.add_argument("--http", type=int, metavar="N", help="only N random whole hands per game over HTTP")
    parser.add_argument("--whole", type=int, metavar="N", help="only N random whole hands per game and variant")
    parser.add_argument("--hints", type=int, metavar="N", help="only hints at the first card of N whole hands per game")
    parser.add_argument("--cap", action="store_true", help="only the time to spend the default cap")
    args = parser.parse_args()
    ks = {int(k) for k in args.k.split(",")} if args.k else None
    if args.dds_only:
        raise SystemExit(dds_lines(count=args.count or 20, ks_only=ks) and None)
    if args.http:
        raise SystemExit(http_lines(args.http) and None)
    if args.cap:
        raise SystemExit(cap_line() and None)
    if args.hints:
        raise SystemExit((hint_lines(args.hints) + hint_dds_lines(args.hints)) and None)
    if args.whole:
        raise SystemExit(whole_lines(args.whole, [v for v in WHOLE_VARIANTS if not args.game or v[0] == args.game])
                         and None)
    main(quick=args.quick, only=args.game, ks_only={int(k) for k in args.k.split(",")} if args.k else None,
         count=args.count, solver_only=args.solver_only)
