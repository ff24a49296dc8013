"""Scoring a whole event: every table, the standings, duplicate matchpoints (TOURNAMENTS.md).

Pure: no Flask, no marshmallow. The body's shape is checked before this (``schemas.tournaments``);
everything here is the contract's 422 checks in its order, then the scoring. A table's records are
replayed by the game's own ``replay_match`` (the code behind ``…/matches/replay``) and a score sheet
is applied by the game's own ``score_match`` (``…/matches/score``): nothing is scored twice.

Cost is linear in hands: every record is replayed once, every score-sheet line scored once (a
refused sheet costs a binary search, ``log`` extra scorings, to find its first bad line), every
board dealt once. ``Work`` counts what was done so tests can bound it without a clock.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from fractions import Fraction

from .cards import lookup
from .errors import IllegalMove, InvalidRecord, M, RefereeError
from .game import Game, is_int
from .games.five_hundred import sides_of

_MOVE_AT = re.compile(r"moves\[(\d+)\]")
# a game whose score sheets need the dealer (the calling team follows from it)
_SHEET_TAKES_DEALER = {"court-piece"}
_LOWER_IS_BETTER = {"buck-euchre"}


@dataclass(frozen=True)
class Limits:
    """The caps of TOURNAMENTS.md, "Caps" (the HTTP layer reads them from the environment)."""

    entrants: int = 1000
    rounds: int = 100
    tables: int = 200
    boards: int = 1000
    hands: int = 10000
    hands_per_table: int = 500
    moves: int = 800  # REFEREE_MAX_MOVES (docs/TRUST.md, "Long records")

    @classmethod
    def from_env(cls, env) -> "Limits":
        """The caps from a mapping of environment variables (TOURNAMENTS.md names them)."""
        return cls(**{f: int(env.get(name, getattr(cls, f))) for f, name in ENV.items()})


ENV = {"entrants": "REFEREE_MAX_TOURNAMENT_ENTRANTS", "rounds": "REFEREE_MAX_TOURNAMENT_ROUNDS",
       "tables": "REFEREE_MAX_TOURNAMENT_TABLES", "boards": "REFEREE_MAX_TOURNAMENT_BOARDS",
       "hands": "REFEREE_MAX_TOURNAMENT_HANDS", "hands_per_table": "REFEREE_MAX_HANDS",
       "moves": "REFEREE_MAX_MOVES"}


@dataclass
class Work:
    """What scoring an event did: the unit the scale tests count instead of time."""

    replays: int = 0          # records replayed (each exactly once on success)
    sheet_scorings: int = 0   # calls of the game's score_match
    sheet_lines: int = 0      # score-sheet lines handed to score_match, summed over calls
    deals: int = 0            # boards dealt from their seeds
    comparisons: int = 0      # matchpoint work units (one per result, after sorting)
    dd_hands: int = 0         # records searched double dummy ("double_dummy": true)
    dd_nodes: int = 0         # the solver's nodes over all of them


class TournamentError(RefereeError):
    """A refused event: a stable ``code``, an optional ``reason``, the index path in ``extra``."""

    def __init__(self, code: str, detail: str, reason: str | None = None, **path):
        super().__init__(reason, detail, **path)
        self.code = code


def positions(game: Game, options: dict) -> tuple[int, list[int]]:
    """(number of positions, position of each seat): TOURNAMENTS.md "position"."""
    if game.id in ("bid-whist", "court-piece"):
        return 2, [s % 2 for s in range(4)]
    if game.id == "five-hundred":
        k, side = sides_of(options)
        return k, list(side)
    n = game.players(options)
    return n, list(range(n))


def ranking_keys(game: Game, fmt: str, n_positions: int) -> list[dict]:
    low = game.id in _LOWER_IS_BETTER
    if fmt == "duplicate":
        return [{"key": "percentage", "order": "desc"}, {"key": "total", "order": "asc" if low else "desc"}]
    if low:
        return [{"key": "wins", "order": "desc"}, {"key": "points_for", "order": "asc"}]
    if n_positions == 2:
        return [{"key": "wins", "order": "desc"}, {"key": "points_diff", "order": "desc"},
                {"key": "points_for", "order": "desc"}]
    return [{"key": "wins", "order": "desc"}, {"key": "points_for", "order": "desc"}]


def _at(path: dict) -> str:
    """``round 0, table 1, hand 2, move 3``: the 0-based index path as a detail prefix."""
    return ", ".join(f"{k} {path[k]}" for k in ("round", "table", "seat", "hand", "move") if k in path)


def _scores_of(match: dict) -> list[int]:
    return match["scores"] if "scores" in match else match["chips"]


class _Event:
    """One scoring run: the parsed event, its checks in the contract's order, then the answers."""

    def __init__(self, game: Game, body: dict, limits: Limits, work: Work, progress=None, pause=None):
        self.game, self.body, self.limits, self.work = game, body, limits, work
        self.progress = progress
        self.pause = pause
        # a replay's per-hand hook (``header``) that only pauses: the hook's None is "no header"
        self.each_hand = None if pause is None else lambda record: pause()
        self.fmt = body.get("format", "matches")
        self.duplicate = self.fmt == "duplicate"

    # --- (3) caps ---
    def check_caps(self) -> None:
        b, lim = self.body, self.limits
        tables = [(r, t, table) for r, rnd in enumerate(b["rounds"]) for t, table in enumerate(rnd["tables"])]
        self.all_tables = tables

        def entries(table):
            return len(table.get("hands") or ()) + len(table.get("score_sheet") or ())
        caps = (("too_many_entrants", len(b["entrants"]), lim.entrants, "entrants"),
                ("too_many_rounds", len(b["rounds"]), lim.rounds, "rounds"),
                ("too_many_tables", len(tables), lim.tables, "tables over all rounds"),
                ("too_many_boards", len(b.get("boards") or ()), lim.boards, "boards"),
                ("too_many_hands", sum(entries(t) for _, _, t in tables), lim.hands,
                 "hands (records plus score-sheet lines) over all tables"))
        for code, count, cap, what in caps:
            if count > cap:
                raise TournamentError(code, M("the event holds {count} {what}; at most {cap} are scored in one "
                                              "request", count=count, what=what, cap=cap))
        for r, t, table in tables:
            if entries(table) > lim.hands_per_table:
                raise TournamentError("too_many_hands", M("round {r}, table {t}: {table} hands; a table may hold "
                                      "at most {hands_per_table}",
                                      r=r, t=t, table=entries(table), hands_per_table=lim.hands_per_table), round=r, table=t)

    # --- (4) entrants ---
    def check_entrants(self) -> None:
        self.entrant_index: dict[str, int] = {}
        for i, e in enumerate(self.body["entrants"]):
            if e["id"] in self.entrant_index:
                raise TournamentError("duplicate_entrant", M("entrants[{value}]: id {id} is already "
                                      "entrants[{id2}]'s", value=i, id=repr(e['id']), id2=self.entrant_index[e['id']]), entrant_index=i, entrant=e["id"])
            self.entrant_index[e["id"]] = i

    # --- (5) options, then boards ---
    def check_options(self) -> None:
        game = self.game
        self.raw_options = self.body.get("options") or {}
        try:
            with game.documented_reasons():
                self.options = game.parse_options(self.raw_options)
        except InvalidRecord as exc:
            raise TournamentError("invalid_options", M("options: {detail}", detail=exc.detail), exc.reason) from None
        if self.duplicate and self.options.get("scoring") == "courts" and game.id == "court-piece":
            raise TournamentError("invalid_options", M("options: scoring \"courts\" cannot be played in the "
                                  "duplicate format (a single hand almost always scores [0, 0] under courts)"), "courts")
        self.n = game.players(self.options)
        self.n_positions, self.position_of = positions(game, self.options)
        self.start_match = game.parse_match(None, self.options)
        self.boards = []
        for i, raw in enumerate(self.body.get("boards") or ()):
            self.boards.append(self._board(i + 1, raw))
            if self.pause is not None:
                self.pause()

    def _board(self, number: int, raw: dict) -> dict:
        game = self.game

        def refuse(reason, detail):
            return TournamentError("invalid_board", M("board {number}: {detail}", number=number, detail=detail), reason, board=number)
        own = raw.get("options") or {}
        try:
            with game.documented_reasons():
                options = game.parse_options({**self.raw_options, **own})
        except InvalidRecord as exc:
            raise refuse(exc.reason, M("options: {detail}", detail=exc.detail)) from None
        for key in ("players", "six_player_teams"):
            if key in self.options and options[key] != self.options[key]:
                raise refuse(f"changes_{key}", M("options may not change {key} ({key2} for the event)", key=repr(key), key2=repr(self.options[key])))
        if game.id == "court-piece" and options.get("scoring") == "courts":
            raise refuse("courts", M("options: scoring \"courts\" cannot be played in the duplicate format"))
        dealer = raw.get("dealer", 0)
        if not is_int(dealer) or not 0 <= dealer < self.n:
            raise refuse("bad_dealer", M("dealer {dealer} is not a seat 0-{n}", dealer=repr(dealer), n=self.n - 1))
        dealt = game.deal(raw["seed"], options, dealer, None)
        self.work.deals += 1
        return {"number": number, "seed": raw["seed"], "options": options, "dealer": dealt["dealer"],
                "record": dealt, "start_match": game.parse_match(None, options)}

    # --- (6) rounds and tables ---
    def score_tables(self) -> list[dict]:
        self.played_boards: dict[str, set[int]] = {}
        out = []
        round_seats: dict[str, tuple[int, int]] = {}
        current_round = None
        for r, t, table in self.all_tables:
            if r != current_round:
                current_round, round_seats = r, {}
            path = {"round": r, "table": t}
            seats = table["seats"]
            if len(seats) != self.n:
                raise TournamentError("wrong_seat_count", M("{path}: {seats} seats; {name} is played here with {n}",
                                      path=_at(path), seats=len(seats), name=self.game.name, n=self.n), **path)
            for s, e in enumerate(seats):
                if e not in self.entrant_index:
                    raise TournamentError("unknown_entrant", M("{path}, seat {value}: {value2} is not an entrant", path=_at(path), value=s, value2=repr(e)),
                                          **path, seat=s, entrant=e)
                if e in round_seats:
                    t0, s0 = round_seats[e]
                    raise TournamentError("entrant_seated_twice", M("{path}, seat {value}: {value2} already sits "
                                          "at table {t0}, seat {s0} in this round",
                                          path=_at(path), value=s, value2=e, t0=t0, s0=s0), **path, seat=s, entrant=e)
                round_seats[e] = (t, s)
            has_hands, has_sheet = "hands" in table, "score_sheet" in table
            if has_hands and has_sheet:
                raise TournamentError("mixed_table", M("{path}: a table has hands or a score sheet, not both", path=_at(path)),
                                      **path)
            entries = table.get("hands") if has_hands else table.get("score_sheet")
            if not entries:
                raise TournamentError("empty_table", M("{path}: the table has no hands and no score-sheet lines", path=_at(path)),
                                      **path)
            source = "hands" if has_hands else "score_sheet"
            if self.duplicate:
                out.append(self._duplicate_table(path, table, source, entries))
            else:
                out.append(self._match_table(path, table, source, entries))
            if self.progress is not None:
                self.progress(len(entries))
            if self.pause is not None:
                self.pause()
        return out

    # --- format "matches" ---
    def _match_table(self, path, table, source, entries) -> dict:
        if source == "hands":
            answer, hands = self._replay_match(path, entries)
        else:
            answer, hands = self._apply_sheet(path, table.get("dealer", 0), entries)
        running = answer["running"]
        over = answer["match_over"]
        winners = list(answer["winners"]) if answer.get("winners") is not None else (
            [answer["winner"]] if answer["winner"] is not None else [])
        if not over:
            winners = []
        row = {**path, "seats": list(table["seats"]), "source": source, "hands_played": len(running),
               "running_scores": running, "scores": running[-1], "match_over": over,
               "winner": answer["winner"] if over else None, "winners": winners}
        row["_hands"] = hands
        return row

    def _replay_match(self, path, records) -> tuple[dict, list]:
        options = self.options
        upto, pending = len(records), None
        for i, record in enumerate(records):
            pending = self._record_precheck(path, i, record, options)
            if pending is not None:
                upto = i
                break
        answer = {"running_scores": []}
        if upto:
            answer = self._replay(path, records[:upto], 0)
            for i, entry in enumerate(answer["per_hand"]):
                if entry["result"] is None:  # Court Piece's replay lets the last hand be unfinished
                    raise self._incomplete(path, i)
        if pending is not None:
            raise pending
        hands = [{"record": records[i], "dealer": e["dealer"], "result": e["result"]}
                 for i, e in enumerate(answer["per_hand"])]
        winners = answer.get("winners")
        return ({"running": answer["running_scores"], "match_over": answer["match_over"],
                 "winner": answer["winner"], "winners": winners}, hands)

    def _record_precheck(self, path, i, record, options) -> TournamentError | None:
        """What the tournament checks of a record before its replay; None: nothing (yet) wrong."""
        game = self.game
        at = {**path, "hand": i}
        if not isinstance(record, dict) or record.get("game") != game.id:
            return None  # the replay words it
        try:
            with game.documented_reasons():
                own = game.parse_options(record.get("options"))
        except InvalidRecord as exc:
            return self._wrap(exc, at)
        if own != options:
            diff = next(k for k in options if own.get(k) != options[k])
            return TournamentError("options_mismatch", M("{at}: option {diff} is {diff2}, the event's is {diff3}",
                                   at=_at(at), diff=repr(diff), diff2=repr(own.get(diff)), diff3=repr(options[diff])), **at)
        if i == 0 and not self.duplicate:
            try:
                match = game.parse_match(record.get("match"), own)
            except InvalidRecord:
                match = None  # the replay words it
            if match is not None and any(match.get(k) != v for k, v in self.start_match.items()
                                         if k in ("hand_number", "scores", "chips", "consecutive_wins")):
                return TournamentError("invalid_record", M("{at}: the first hand of a table's match must be hand "
                                       "1 at the starting scores", at=_at(at)), "match_mismatch", **at, hand_index=i)
        moves = record.get("moves")
        if isinstance(moves, list) and len(moves) > self.limits.moves:
            return TournamentError("invalid_record", M("{at}: a record may hold at most {moves} moves", at=_at(at), moves=self.limits.moves), "too_many_moves", **at, hand_index=i)
        return None

    def _replay(self, path, records, first_index) -> dict:
        self.work.replays += len(records)
        try:
            with self.game.documented_reasons():
                return self.game.replay_match({"hands": records}, None, self.each_hand)
        except (InvalidRecord, IllegalMove) as exc:
            if first_index:  # one board's record replayed alone: its detail's hands[0] is this hand
                exc.detail = exc.detail.replace("hands[0]", f"hands[{first_index}]")
            raise self._wrap(exc, {**path, "hand": first_index + exc.extra.get("hand_index", 0)}) from None

    def _wrap(self, exc: RefereeError, at: dict) -> TournamentError:
        at = dict(at)
        move = getattr(exc, "move_index", None)
        if move is None and isinstance(exc, InvalidRecord):
            found = _MOVE_AT.search(exc.detail)
            move = int(found.group(1)) if found else None
        if move is not None:
            at["move"] = move
        extra = {"hand_index": at["hand"]}
        if move is not None:
            extra["move_index"] = move
        return TournamentError(exc.code, M("{at}: {detail}", at=_at(at), detail=exc.detail), exc.reason, **at, **extra)

    def _incomplete(self, path, i) -> TournamentError:
        at = {**path, "hand": i}
        return TournamentError("invalid_record", M("{at}: the hand is not finished", at=_at(at)), "hand_incomplete",
                               **at, hand_index=i)

    def _apply_sheet(self, path, dealer, lines, options=None, first_index=0) -> tuple[dict, list]:
        """The sheet through the game's ``score_match``; a line after the end is refused, not ignored."""
        game = self.game
        options = self.options if options is None else options
        if not is_int(dealer) or not 0 <= dealer < self.n:
            at = {**path, "hand": first_index}
            raise TournamentError("invalid_outcome", M("{at}: dealer {dealer} is not a seat 0-{n}", at=_at(at), dealer=repr(dealer), n=self.n - 1),
                                  "bad_dealer", **at)
        bad = None
        try:
            answer = self._score(options, dealer, lines)
        except InvalidRecord as exc:
            bad, answer = self._first_bad_line(options, dealer, lines, exc)
        last = bad[0] if bad else len(lines)
        over = answer["over_after_hand"] if answer else None
        if over is not None and over < last - 1:
            at = {**path, "hand": first_index + over + 1}
            raise TournamentError("invalid_outcome", M("{at}: the match ended after hand {over}", at=_at(at), over=first_index + over),
                                  "match_already_over", **at)
        if bad:
            at = {**path, "hand": first_index + bad[0]}
            detail = bad[1].detail
            if first_index:  # one board's line scored alone: its detail's hands[0] is this line
                detail = detail.replace("hands[0]", f"hands[{first_index}]")
            raise TournamentError("invalid_outcome", M("{at}: {detail}", at=_at(at), detail=detail), bad[1].reason, **at)
        running = answer.get("running_scores", answer.get("running_chips"))
        start = _scores_of(game.parse_match(None, options))
        if "dealers" in answer:
            dealers = answer["dealers"]
        elif game.id == "sixes":  # the next dealer is whoever played the six of diamonds
            dealers = [dealer] + [None] * (len(running) - 1)
        else:
            dealers = [(dealer + i) % self.n for i in range(len(running))]
        hands, before = [], start
        for i, scores in enumerate(running):
            hands.append({"line": lines[i], "dealer": dealers[i],
                          "deltas": [a - b for a, b in zip(scores, before)]})
            before = scores
        winners = answer.get("winners")
        return ({"running": running, "match_over": answer["over_after_hand"] is not None,
                 "winner": answer.get("winner"), "winners": winners}, hands)

    def _score(self, options, dealer, lines) -> dict:
        body = {"options": options, "hands": lines}
        if self.game.id in _SHEET_TAKES_DEALER:
            body["dealer"] = dealer
        self.work.sheet_scorings += 1
        self.work.sheet_lines += len(lines)
        with self.game.documented_reasons():
            return self.game.score_match(body)

    def _first_bad_line(self, options, dealer, lines, exc):
        """The first line ``score_match`` refuses (a game may word the index only in its detail).

        A binary search over prefixes: the prefix of ``good`` lines scores, that of ``bad`` lines
        is refused (``exc``); log2(lines) extra scorings, on the refusal path only.
        """
        good, bad = 0, len(lines)
        while bad - good > 1:
            mid = (good + bad) // 2
            try:
                self._score(options, dealer, lines[:mid])
                good = mid
            except InvalidRecord as e:
                bad, exc = mid, e
        answer = self._score(options, dealer, lines[:good]) if good else None
        return (bad - 1, exc), answer

    # --- format "duplicate" ---
    def _duplicate_table(self, path, table, source, entries) -> dict:
        numbers = table["boards"]
        if len(numbers) != len(entries):
            raise TournamentError("board_count_mismatch", M("{path}: {numbers} board numbers for {entries} "
                                  "{score_sheet_lines}",
                                  path=_at(path), numbers=len(numbers), entries=len(entries), score_sheet_lines='hands' if source == 'hands' else 'score-sheet lines'), **path)
        deltas, hands = [], []
        seats = table["seats"]
        for h, (number, entry) in enumerate(zip(numbers, entries)):
            at = {**path, "hand": h}
            if not is_int(number) or not 1 <= number <= len(self.boards):
                raise TournamentError("unknown_board", M("{at}: there is no board {number} (boards are 1-{boards})",
                                      at=_at(at), number=repr(number), boards=len(self.boards)), **at)
            board = self.boards[number - 1]
            for e in seats:
                if number in self.played_boards.get(e, ()):
                    raise TournamentError("board_played_twice", M("{at}: {value} has already played board {number}", at=_at(at), value=e, number=number),
                                          **at, board=number, entrant=e)
            for e in seats:
                self.played_boards.setdefault(e, set()).add(number)
            if source == "hands":
                self._board_record_check(at, board, entry)
                moves = entry.get("moves") if isinstance(entry, dict) else None
                if isinstance(moves, list) and len(moves) > self.limits.moves:
                    raise TournamentError("invalid_record", M("{at}: a record may hold at most {moves} moves", at=_at(at), moves=self.limits.moves), "too_many_moves", **at, hand_index=h)
                answer = self._replay(path, [entry], h)
                result = answer["per_hand"][0]["result"]
                if result is None:
                    raise self._incomplete(path, h)
                d = list(result["deltas"])
                hands.append({"record": entry, "dealer": board["dealer"], "result": result, "board": number,
                              "deltas": d})
            else:
                _, (one,) = self._apply_sheet(path, board["dealer"], [entry], board["options"], h)
                d = one["deltas"]
                hands.append({**one, "dealer": board["dealer"], "board": number})
            deltas.append(d)
        totals = [sum(col) for col in zip(*deltas)]
        return {**path, "seats": list(seats), "source": source, "boards": list(numbers), "deltas": deltas,
                "totals": totals, "_hands": hands}

    def _board_record_check(self, at, board, record) -> None:
        """The record must be the board's deal (re-dealt here from the seed, whatever the replay checks)."""
        game = self.game
        if not isinstance(record, dict) or record.get("game") != game.id:
            return  # the replay words it
        number = board["number"]

        def mismatch(reason, what):
            return TournamentError("board_deal_mismatch", M("{at}: {what} (seed {seed}, dealer {dealer})",
                                   at=_at(at), what=what, seed=json.dumps(board['seed']), dealer=board['dealer']), reason, **at, board=number)
        if record.get("dealer") != board["dealer"] or not is_int(record.get("dealer")):
            raise mismatch("dealer", M("the dealer is not board {number}'s", number=number))
        try:
            with game.documented_reasons():
                own = game.parse_options(record.get("options"))
        except InvalidRecord as exc:
            raise self._wrap(exc, at) from None
        if own != board["options"]:
            raise mismatch("options", M("the options are not board {number}'s", number=number))
        if "seed" in record and record["seed"] != board["seed"] or \
                not _same_deal(record.get("deal"), board["record"]["deal"]):
            raise mismatch("deal", M("the deal is not board {number}'s", number=number))
        try:
            with game.documented_reasons():
                match = game.parse_match(record.get("match"), own)
        except InvalidRecord as exc:
            raise self._wrap(exc, at) from None
        if match != board["start_match"]:
            raise mismatch("match", M("board {number} is played from the start of a match (hand 1, starting "
                                      "scores)", number=number))

    # --- standings ---
    def standings_matches(self, tables) -> list[dict]:
        rows = [{"entrant": e["id"], "name": e["name"], "played": 0, "wins": 0, "points_for": 0,
                 "points_against": 0 if self.n_positions == 2 else None,
                 "points_diff": 0 if self.n_positions == 2 else None} for e in self.body["entrants"]]
        for table in tables:
            scores = table["scores"]
            for s, e in enumerate(table["seats"]):
                row = rows[self.entrant_index[e]]
                p = self.position_of[s]
                row["played"] += 1
                row["wins"] += p in table["winners"]
                row["points_for"] += scores[p]
                if self.n_positions == 2:
                    row["points_against"] += scores[1 - p]
        for row in rows:
            if row["points_diff"] is not None:
                row["points_diff"] = row["points_for"] - row["points_against"]
        return _rank(rows, self.ranking, lambda r: r["played"] == 0, {})

    def boards_and_standings(self, tables) -> tuple[list[dict], list[dict]]:
        two = self.n_positions == 2
        low = self.game.id in _LOWER_IS_BETTER
        per_board: list[list[dict]] = [[] for _ in self.boards]
        for table in tables:
            seats = table["seats"]
            by_position = [[e for s, e in enumerate(seats) if self.position_of[s] == p]
                           for p in range(self.n_positions)]
            for number, d in zip(table["boards"], table["deltas"]):
                for p in range(self.n_positions):
                    per_board[number - 1].append({
                        "round": table["round"], "table": table["table"], "position": p,
                        "entrants": by_position[p], "delta": d[p],
                        "net": d[p] - d[1 - p] if two else None, "matchpoints": 0})
            if self.pause is not None:
                self.pause()
        rows = [{"entrant": e["id"], "name": e["name"], "boards_played": 0, "matchpoints": 0,
                 "max_matchpoints": 0, "total": 0, "percentage": None} for e in self.body["entrants"]]
        boards = []
        for board, results in zip(self.boards, per_board):
            played = len(results) // self.n_positions
            top = 2 * (played - 1) if played > 1 else 0
            for p in range(self.n_positions):
                mine = [r for r in results if r["position"] == p]
                _matchpoints(mine, "net" if two else "delta", low)
                self.work.comparisons += len(mine)
            for r in results:
                value = r["net"] if two else r["delta"]
                for e in r["entrants"]:
                    row = rows[self.entrant_index[e]]
                    row["boards_played"] += 1
                    row["matchpoints"] += r["matchpoints"]
                    row["max_matchpoints"] += top
                    row["total"] += value
            boards.append({"board": board["number"], "seed": board["seed"], "dealer": board["dealer"],
                           "tables_played": played, "top": top, "results": results})
            if self.pause is not None:  # 1,000 boards' matchpoints: ~60 ms in one go
                self.pause()
        exact = {}
        for row in rows:
            if row["max_matchpoints"]:
                exact[row["entrant"]] = Fraction(row["matchpoints"], row["max_matchpoints"])
                row["percentage"] = _percent(row["matchpoints"], row["max_matchpoints"])
        return boards, _rank(rows, self.ranking, lambda r: r["max_matchpoints"] == 0, exact)


def _matchpoints(results: list[dict], key: str, lower_is_better: bool) -> None:
    """2 per result beaten, 1 per tie, at the other tables (one position of one board)."""
    values = sorted(r[key] for r in results)
    if lower_is_better:
        values = [-v for v in reversed(values)]
    below, equal, i = {}, {}, 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        below[values[i]], equal[values[i]] = i, j - i
        i = j
    for r in results:
        v = -r[key] if lower_is_better else r[key]
        r["matchpoints"] = 2 * below[v] + equal[v] - 1


def _percent(mp: int, top: int) -> float:
    """100 × mp / top to 2 decimals, halves away from zero, computed exactly."""
    x = Fraction(100 * mp, top) * 100
    q, rem = divmod(x.numerator, x.denominator)
    if 2 * rem >= x.denominator:
        q += 1
    return q / 100


def _rank(rows, ranking, idle, exact) -> list[dict]:
    """Standard competition ranking on the keys; idle entrants last; ties keep the entrants' order."""
    def key(row):
        parts = [idle(row)]
        for k in ranking:
            v = exact.get(row["entrant"], Fraction(0)) if k["key"] == "percentage" else row[k["key"]]
            if v is None:
                v = 0
            parts.append(-v if k["order"] == "desc" else v)
        return tuple(parts)
    keyed = sorted(((key(r), i, r) for i, r in enumerate(rows)), key=lambda x: (x[0], x[1]))
    out, i = [], 0
    while i < len(keyed):
        j = i
        while j < len(keyed) and keyed[j][0] == keyed[i][0]:
            j += 1
        shared = j - i > 1
        for _, _, row in keyed[i:j]:
            row["rank"] = i + 1
            row["rank_label"] = f"={i + 1}" if shared else str(i + 1)
            out.append(row)
        i = j
    return out


def _same_deal(given, dealt) -> bool:
    if given == dealt:
        return True
    return _canonical(given) == _canonical(dealt)


def _canonical(value):
    """Card names to card ints (``10H`` = ``TH``), everything else as it stands."""
    if isinstance(value, str):
        card = lookup(value)
        return value if card is None else card
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items()}
    return value


@dataclass
class Scored:
    """The answer plus what the CSV needs (per applied hand), kept apart from the JSON."""

    answer: dict
    hands: list = field(default_factory=list)  # (table answer, [hand detail, ...])
    n_positions: int = 0
    players: int = 0


def total_hands(body: dict) -> int:
    """Records plus score-sheet lines over all tables (what ``progress`` counts up to)."""
    return sum(len(t.get("hands") or ()) + len(t.get("score_sheet") or ())
               for r in body["rounds"] for t in r["tables"])


def score_tournament(game: Game, body: dict, limits: Limits | None = None, work: Work | None = None,
                     progress=None, double_dummy: "DoubleDummy | None" = None, pause=None) -> Scored:
    """TOURNAMENTS.md from check (3) on: ``body`` has passed the shape check (2).

    ``progress(hands)`` is called after each table with the hands it held (the CLI's bar). With
    ``"double_dummy": true`` in the body, every record is then analysed as ``double_dummy`` says
    (the defaults: ``…/analysis``' caps per hand, no cap on the event). ``pause()`` after each board
    dealt, each hand replayed, each table and each board's matchpoints (the HTTP edge lets the worker's other requests run: a
    10,000-hand event takes seconds); it changes no answer.
    """
    event = _Event(game, body, limits or Limits(), work if work is not None else Work(), progress, pause)
    event.check_caps()
    event.check_entrants()
    event.check_options()
    event.ranking = ranking_keys(game, event.fmt, event.n_positions)
    tables = event.score_tables()
    hands = [(t, t.pop("_hands")) for t in tables]
    if body.get("double_dummy"):
        add_double_dummy(game, tables, [h for _, h in hands], double_dummy or DoubleDummy(), event.work)
    answer = {"game": game.id, "name": body.get("name"), "format": event.fmt, "tables": tables,
              "ranking": event.ranking}
    if event.duplicate:
        answer["boards"], answer["standings"] = event.boards_and_standings(tables)
    else:
        answer["standings"] = event.standings_matches(tables)
    return Scored(answer, hands, event.n_positions, event.n)


# --- double-dummy results (TOURNAMENTS.md, "Double-dummy results") ---------------------------------
# Only ``service.rules.analysis``'s public names are used (``Budget``, ``Objective``, ``adapter_for``,
# ``move_code``): a faster solver behind them makes every event faster with no change here.

def _declarer_seat(game_id: str, hand):
    """The seat whose contract the count is about, or None (no declaring side)."""
    if game_id == "bid-whist":
        return hand.bidder
    if game_id == "court-piece":
        return hand.caller
    if game_id == "five-hundred":
        return hand.contractor if hand.bid is not None else None  # play_out: no contract
    if game_id == "buck-euchre":
        return hand.maker
    return None


def _tricks_of(game_id: str, hand, declarers) -> int:
    """Tricks the declarers have taken in the card play so far (Bid Whist's kitty book is no trick)."""
    if game_id == "bid-whist":
        return sum(hand.won[s] for s in declarers)
    if game_id == "court-piece":  # counted per team
        return hand.won[declarers[0] % 2]
    if game_id == "five-hundred":
        return sum(hand.tricks_by_seat[s] for s in declarers)
    return sum(hand.tricks_won[s] for s in declarers)


@dataclass(frozen=True)
class DoubleDummy:
    """How an event's records are analysed: the node caps, the pause hook, the mapper.

    ``hand_cap``: nodes for all the searches of one hand, the ``…/analysis`` request cap ("the same
    node cap per hand applies"); ``max_nodes``: nodes per search, ``…/analysis``' default.
    ``event_cap``: nodes for the whole event, or None (the CLI): an event whose analysed hands could
    together need more (hands × ``hand_cap``) is refused before any search (``too_many_analysed_hands``),
    so an accepted event never stops half-way. ``pause``: called every few thousand nodes (a gevent
    worker's ``sleep``). ``mapper(fn, jobs)``: the results of ``fn(job)`` in the jobs' order (the CLI
    passes a process pool's ``imap``), a job being the records of one deal (``records(job)`` of
    them); ``progress(k)`` after each hand.
    """

    hand_cap: int | None = None
    max_nodes: int | None = None
    event_cap: int | None = None
    pause: object = None
    mapper: object = None
    progress: object = None


def _first_play(game: Game, record: dict):
    """(hand at the first card of play, its move index, adapter, declarers, maximizers, objective
    name), or None where the hand has no double-dummy entry (no card play, no declaring side, or a
    game or mode the analysis does not cover)."""
    from .analysis import adapter_for
    from .errors import NotApplicable
    try:
        adapter = adapter_for(game, game.parse_options(record.get("options")))
    except NotApplicable:
        return None  # Sixes, Court Piece's pile modes
    hand = game.start(record)
    moves = record.get("moves") or []
    i = 0
    while i < len(moves) and not (adapter.in_play(hand) and hand.to_act is not None):
        hand.play(game.parse_move(moves[i], hand.n, hand.pack, None, f"record.moves[{i}]"), i)
        i += 1
    if i == len(moves) or not adapter.in_play(hand):
        return None  # thrown in, redealt, no play (a lone Buck Euchre participant)
    seat = _declarer_seat(game.id, hand)
    if seat is None:
        return None
    own = adapter.objective(hand, seat)
    return hand, i, adapter, list(own.counted), set(own.maxers), own.name


def analysable(game: Game, record: dict) -> bool:
    """Whether the record gets a double-dummy object (else its entry is ``null``)."""
    return _first_play(game, record) is not None


def record_double_dummy(game: Game, record: dict, max_nodes: int | None = None, hand_cap: int | None = None,
                        pause=None, table=None) -> tuple[dict | None, int]:
    """(the record's entry, nodes searched): TOURNAMENTS.md's object, ``null`` or the refusal.

    The declaring side's count is followed move by move from the first card: where it is known
    (``count``), only the move played is searched, and if its value keeps the count the walk goes
    on; the first move whose value does not is the first loss, and only there is every legal move
    searched (for ``best``). A hand over its cap is ``{"refused": "analysis_budget_exceeded"}``.
    ``table``: the compiled table to search with (``analysis.Table``; the records of one deal share
    one), else a table of its own.
    """
    from .analysis import DEFAULT_MAX_NODES, DEFAULT_REQUEST_CAP, AnalysisRefused, Budget, Objective, Table
    from .analysis.adapters import move_code
    found = _first_play(game, record)
    if found is None:
        return None, 0
    hand, i, adapter, declarers, maxers, name = found
    # one deal: its positions share the compiled table (docs/SOLVER.md, "Reusing a table")
    budget = Budget(DEFAULT_MAX_NODES if max_nodes is None else max_nodes,
                    DEFAULT_REQUEST_CAP if hand_cap is None else hand_cap, pause,
                    table=Table() if table is None else table)
    moves = record["moves"]
    count = possible = loss = None
    searching = True
    try:
        for i in range(i, len(moves)):
            move = game.parse_move(moves[i], hand.n, hand.pack, None, f"record.moves[{i}]")
            listing = hand.legal_moves() if searching and adapter.in_play(hand) and hand.to_act is not None else None
            if listing is not None and len(listing) == 1 and count is not None:
                pass  # a forced move keeps the count by definition: nothing to search
            elif listing is not None:
                objective = Objective(name, hand.to_act, declarers, maxers)
                have = _tricks_of(game.id, hand, declarers)
                played = game.write_move(move)
                code = move_code(played)
                codes = [move_code(m) for m in listing]
                if count is None:  # the first card (or after a move outside the card play)
                    count = have + budget.value(adapter.play(hand, objective))
                    possible = count if possible is None else possible
                # the count bounds every move's value: one test proves whether a move keeps it
                bound = (0, count - have) if objective.goal == "max" else (count - have, None)
                value = budget.run(adapter.play(hand, objective), [code], *bound)[code]
                if have + value != count:  # the first loss: the first legal move that keeps the count
                    best = next(m for m, c in zip(listing, codes) if c != code and
                                have + budget.run(adapter.play(hand, objective), [c], *bound)[c] == count)
                    loss = {"move_index": i, "seat": move["seat"], "move": played, "best": best,
                            "cost": abs(count - have - value)}
                    searching = False
            elif searching:
                count = None  # a move outside the card play: the count is searched again after it
            hand.play(move, i)
    except AnalysisRefused as exc:
        if exc.code != "analysis_budget_exceeded":
            raise
        return {"refused": "analysis_budget_exceeded"}, budget.spent
    return ({"declarers": sorted(declarers), "tricks_possible": possible,
             "tricks_taken": _tricks_of(game.id, hand, declarers), "first_loss": loss}, budget.spent)


def _dd_job(job, pause=None) -> list[tuple[dict | None, int]]:
    """The entries of the records of one deal, from plain arguments (a worker process gets only
    these): they share one compiled table, so the tables of a duplicate board after the first find
    most of their positions already bounded."""
    game_id, records, max_nodes, hand_cap = job
    from .analysis import Table
    from .games import GAMES
    table = Table()
    return [record_double_dummy(GAMES[game_id], r, max_nodes, hand_cap, pause, table) for r in records]


def records(job) -> list:
    """The records of a double-dummy job (``_dd_job``)."""
    return job[1]


def _deal_key(record: dict) -> str:
    return json.dumps(record.get("deal"), sort_keys=True, separators=(",", ":"))


def add_double_dummy(game: Game, tables: list, hands: list, dd: DoubleDummy, work: Work) -> None:
    """Each table's ``double_dummy`` list, in its hands' order; ``hands``: each table's hand details."""
    entries = [[None] * len(h) for h in hands]
    jobs, where = [], []
    for t, details in enumerate(hands):
        for h, detail in enumerate(details):
            record = detail.get("record")
            if record is not None and analysable(game, record):
                jobs.append((game.id, record, dd.max_nodes, dd.hand_cap))
                where.append((t, h))
    if dd.event_cap is not None:
        from .analysis import DEFAULT_REQUEST_CAP
        per_hand = DEFAULT_REQUEST_CAP if dd.hand_cap is None else dd.hand_cap
        if len(jobs) * per_hand > dd.event_cap:
            fit = dd.event_cap // per_hand
            raise TournamentError("too_many_analysed_hands", M(
                "double_dummy: {count} hands reach the card play, and each may search up to {per_hand} nodes; "
                "one request searches at most {cap} nodes ({fit} such hands): score the event without "
                "double_dummy, in parts, or with referee tournament --double-dummy",
                count=len(jobs), per_hand=per_hand, cap=dd.event_cap, fit=fit),
                hands=len(jobs), max_hands=fit, max_nodes=dd.event_cap)
    deals: dict[str, list[int]] = {}  # the records of one deal, searched together
    for i, job in enumerate(jobs):
        deals.setdefault(_deal_key(job[1]), []).append(i)
    batches = [(game.id, [jobs[i][1] for i in group], dd.max_nodes, dd.hand_cap) for group in deals.values()]
    if dd.mapper is not None:
        results = dd.mapper(_dd_job, batches)
    else:
        results = (_dd_job(batch, dd.pause) for batch in batches)
    for group, found in zip(deals.values(), results):
        for i, (entry, nodes) in zip(group, found):
            t, h = where[i]
            entries[t][h] = entry
            work.dd_hands += 1
            work.dd_nodes += nodes
            if dd.progress is not None:
                dd.progress(1)
    for table, column in zip(tables, entries):
        table["double_dummy"] = column
