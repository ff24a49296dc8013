"""``make bench``, tournaments: a 10,000-hand event (TOURNAMENTS.md's cap) scored in one request.

The event is duplicate Buck Euchre from full records: 1,000 boards dealt from their seeds, twenty
tables of 500 boards each (every board at ten tables), the cards played at random. It is scored
(1) in process by ``service.rules.tournament`` and (2) as one ``POST …/tournaments/score`` to
gunicorn with one worker and the project's gunicorn.conf.py, against ``GUNICORN_TIMEOUT``. Then the
same at half the size, to show the cost is linear in hands. Printed, never asserted.

Then "double_dummy": true (TOURNAMENTS.md, "Double-dummy results"): a 1,000-hand event of each
trick-taking game scored with every record analysed, in process on one core, each hand under the
``…/analysis`` request cap (``DEFAULT_REQUEST_CAP`` nodes, as over HTTP); the target is under 60 s
for 1,000 hands. A game whose hands take seconds is measured on a sample (``--dd-sample``) and the
1,000 hands extrapolated, said so on its line; ``--dd-hands`` sets the event's size, ``--dd-jobs``
adds a run spread over that many processes (the CLI's ``--jobs``).

``python -m bench.tournaments [--hands N] [--game G] [--skip-http] [--skip-dd] [--dd-hands N]
[--dd-sample N] [--dd-jobs N]``
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import sys
import time

from load.server import Gunicorn
from schemas.tournaments import load_event
from service.rules.games import GAMES
from service.rules.tournament import Work, score_tournament
from tests.tournament_events import play

PER_TABLE = 500


def build(game_id: str, hands: int, seed: str = "bench") -> dict:
    """``hands`` records: 2 × hands / (10 × PER_TABLE) … boards, each played at ten tables."""
    import random
    game = GAMES[game_id]
    n = game.players(game.parse_options({}))
    per_table = min(PER_TABLE, hands // 10)
    n_tables = hands // per_table
    n_boards = per_table * n_tables // 10
    boards = [{"seed": f"{seed}-{b}", "dealer": b % n} for b in range(n_boards)]
    deals = [game.deal(b["seed"], {}, b["dealer"], None) for b in boards]
    rng = random.Random(seed)
    groups = n_boards // per_table  # tables t, t + groups, … share one group of boards
    tables = []
    for t in range(n_tables):
        first = (t % groups) * per_table
        numbers = list(range(first + 1, first + per_table + 1))
        tables.append({"seats": [f"p{t * n + s}" for s in range(n)], "boards": numbers,
                       "hands": [play(game_id, deals[b - 1], rng) for b in numbers]})
    return {"format": "duplicate", "entrants": [{"id": f"p{i}", "name": f"P{i}"} for i in range(n * n_tables)],
            "boards": boards, "rounds": [{"tables": tables}]}


def post(port: int, path: str, body: bytes, timeout: float) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def measure(game_id: str, hands: int, http_too: bool) -> dict:
    t0 = time.perf_counter()
    event = build(game_id, hands)
    built = time.perf_counter() - t0
    raw = json.dumps(event).encode()
    count = sum(len(t["hands"]) for t in event["rounds"][0]["tables"])
    work = Work()
    t0 = time.perf_counter()
    score_tournament(GAMES[game_id], load_event(json.loads(raw)), None, work)
    in_process = time.perf_counter() - t0
    out = {"hands": count, "bytes": len(raw), "build_s": built, "in_process_s": in_process,
           "replays": work.replays, "deals": work.deals}
    if http_too:
        timeout = float(os.environ.get("GUNICORN_TIMEOUT", "30"))
        with Gunicorn(workers=1, app="service:create_app()") as server:
            t0 = time.perf_counter()
            status, body = post(server.port, f"/v1/games/{game_id}/tournaments/score", raw, timeout + 30)
            out["http_s"] = time.perf_counter() - t0
            out["http_status"] = status
            out["timeout_s"] = timeout
            if status != 200:
                out["http_error"] = body[:300].decode(errors="replace")
    return out


DD_GAMES = ("buck-euchre", "bid-whist", "court-piece", "five-hundred")
DD_SAMPLED = {"bid-whist", "court-piece", "five-hundred"}  # seconds a hand today: sampled


def measure_dd(game_id: str, hands: int, jobs: int = 1) -> dict:
    """One event of ``hands`` records scored with "double_dummy": true (one core: each analysed
    hand's time too)."""
    from statistics import median, quantiles

    from service.rules.tournament import DoubleDummy
    event = build(game_id, hands, seed=f"bench-dd-{game_id}")
    event["double_dummy"] = True
    body = load_event(json.loads(json.dumps(event)))
    times = []

    def timed(fn, items):  # one core: each deal's records timed as they run (they share a table)
        for item in items:
            t1 = time.perf_counter()
            found = fn(item)
            analysed = sum(1 for entry, _ in found if entry is not None)
            times.extend([(time.perf_counter() - t1) / max(analysed, 1)] * analysed)
            yield found
    dd = DoubleDummy(mapper=timed)
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context().Pool(jobs)
        dd = DoubleDummy(mapper=lambda fn, items: pool.imap(fn, list(items), chunksize=1))
    work = Work()
    t0 = time.perf_counter()
    try:
        scored = score_tournament(GAMES[game_id], body, None, work, double_dummy=dd)
    finally:
        if pool is not None:
            pool.terminate()
    total = time.perf_counter() - t0
    entries = [e for t in scored.answer["tables"] for e in t["double_dummy"]]
    out = {"hands": len(entries), "s": total, "analysed": work.dd_hands, "nodes": work.dd_nodes,
           "refused": sum(1 for e in entries if e and "refused" in e),
           "losses": sum(1 for e in entries if e and e.get("first_loss"))}
    if len(times) >= 2:
        out["median_s"], out["p90_s"] = median(times), quantiles(times, n=10)[-1]
    return out


def same_contract_line(game_id: str, boards: int = 6, tables: int = 10) -> str:
    """Duplicate as it is usually played: each board reaches the same contract at every table (one
    random auction per board) and only the card play differs. The records of one deal share one
    compiled table in the event (``tournament._dd_job``); beside it, each record with a table of
    its own. CPU seconds, one core."""
    import random

    from bench.analysis import playable
    from service.rules.analysis import Table
    from service.rules.analysis.adapters import ADAPTERS
    from service.rules.tournament import record_double_dummy
    game, adapter = GAMES[game_id], ADAPTERS[game_id]
    alone = shared = 0.0
    n = 0
    for b in range(boards):
        hand = game.replay(game.deal(f"bench-same-{b}", {}, b % 4, None))
        rng = random.Random(f"bench-same-auction-{b}")
        while not adapter.in_play(hand) and hand.phase != "done":
            move = playable(rng.choice(hand.legal_moves()), rng)
            hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        start = hand.to_record()
        records = []
        for t in range(tables):
            h, rng = game.replay(start), random.Random(f"bench-same-play-{b}-{t}")
            while h.phase != "done" and adapter.in_play(h):
                move = playable(rng.choice(h.legal_moves()), rng)
                h.play(game.parse_move(move, h.n, h.pack, None, "move"), len(h.moves))
            records.append(h.to_record())
        c = time.process_time()
        each = [record_double_dummy(game, r) for r in records]
        alone += time.process_time() - c
        c, table = time.process_time(), Table()
        together = [record_double_dummy(game, r, table=table) for r in records]
        shared += time.process_time() - c
        assert [e for e, _ in each] == [e for e, _ in together]
        n += len(records)
    return (f"  dd {game_id}, one contract per board at {tables} tables ({n} hands): a table per deal "
            f"{1e3 * shared / n:.1f} ms/hand (1000 hands: {1000 * shared / n:.1f} s), a table per record "
            f"{1e3 * alone / n:.1f} ms/hand ({alone / max(shared, 1e-9):.1f}x)")


def dd_line(game_id: str, r: dict, target_hands: int, jobs: int) -> str:
    per = r["s"] / r["hands"]
    line = (f"  dd {game_id}: {r['hands']} hands ({r['analysed']} analysed, {r['refused']} over the cap, "
            f"{r['losses']} with a first loss), {jobs} job{'s' if jobs > 1 else ''}: {r['s']:7.2f} s "
            f"({1e3 * per:7.1f} ms/hand, {r['nodes'] / max(r['s'], 1e-9):8.0f} nodes/s)")
    if "median_s" in r:
        line += (f"; per analysed hand (its deal's mean) median {1e3 * r['median_s']:.1f} ms, "
                 f"p90 {1e3 * r['p90_s']:.1f} ms")
    if r["hands"] != target_hands:
        line += f"; {target_hands} hands extrapolated: {per * target_hands:7.1f} s"
    return line + (f" (target < 60 s: {'met' if per * target_hands < 60 else 'NOT met'})" if jobs == 1 else "")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.tournaments", description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=int, default=10_000)
    p.add_argument("--game", default="buck-euchre", choices=list(GAMES))
    p.add_argument("--skip-http", action="store_true")
    p.add_argument("--skip-dd", action="store_true", help="no double-dummy section")
    p.add_argument("--dd-hands", type=int, default=1000, help="the double-dummy event's records")
    p.add_argument("--dd-sample", type=int, default=20,
                   help="records actually scored for the slow games (the rest extrapolated); 0: all")
    p.add_argument("--dd-jobs", type=int, default=2, help="a second run over this many processes (1: none)")
    p.add_argument("--dd-games", nargs="*", default=list(DD_GAMES), choices=list(DD_GAMES))
    args = p.parse_args(argv)
    print(f"bench tournaments: {args.game}, duplicate from full records, load average {os.getloadavg()[0]:.2f}")
    status = 0
    for hands in (args.hands // 2, args.hands):
        r = measure(args.game, hands, not args.skip_http)
        line = (f"  {r['hands']:>6} hands, {r['bytes'] / 1e6:5.1f} MB: in process {r['in_process_s']:6.2f} s "
                f"({1e6 * r['in_process_s'] / r['hands']:5.0f} µs/hand; {r['replays']} replays, {r['deals']} deals)")
        if "http_s" in r:
            line += (f"; one request, one gunicorn worker {r['http_s']:6.2f} s "
                     f"({1e6 * r['http_s'] / r['hands']:5.0f} µs/hand), HTTP {r['http_status']}, "
                     f"timeout {r['timeout_s']:.0f} s")
            if r["http_status"] != 200 or r["http_s"] >= r["timeout_s"]:
                status = 1
                line += f"  ** {r.get('http_error', 'over the timeout')}"
        print(line, flush=True)
    if not args.skip_dd:
        print(f"bench tournaments, double_dummy: {args.dd_hands}-hand events, duplicate from full records "
              f"(random play), each hand under the …/analysis request cap", flush=True)
        for game_id in args.dd_games:
            hands = args.dd_hands
            if game_id in DD_SAMPLED and args.dd_sample:
                hands = min(hands, args.dd_sample)
            print(dd_line(game_id, measure_dd(game_id, hands), args.dd_hands, 1), flush=True)
            if args.dd_jobs > 1:
                print(dd_line(game_id, measure_dd(game_id, hands, args.dd_jobs), args.dd_hands, args.dd_jobs),
                      flush=True)
            if game_id in DD_SAMPLED:
                print(same_contract_line(game_id), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
