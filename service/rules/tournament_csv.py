"""A scored event as CSV (TOURNAMENTS.md, "CSV"): one row per applied hand, RFC 4180.

Shared by the endpoint (``Accept: text/csv``) and ``referee tournament --csv``. No Flask here.
"""

from __future__ import annotations

import csv
import io

from .tournament import Scored


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(_cell(v) for v in value)
    return str(value)


def _or_blank(values, count):
    return list(values) if isinstance(values, list) and len(values) == count else [None] * count


# --- each game's own columns: (header, from a replayed record's result, from a score-sheet line) ---
def _buck_euchre(n, p):
    head = ["trump", "maker", "participants"] + [f"tricks_{s}" for s in range(n)]

    def record(result, _):
        return [result["trump"], result["maker"], result["participants"], *result["tricks_won"]]

    def line(item):
        return [None, item.get("maker"), item.get("participants"), *_or_blank(item.get("tricks_won"), n)]
    return head, record, line


def _bid_whist(n, p):
    head = ["bidder", "level", "mode", "books_0", "books_1"]

    def contract(c):
        c = c if isinstance(c, dict) else {}
        return [c.get("bidder"), c.get("level"), c.get("mode")]

    def record(result, _):
        return [*contract(result["contract"]), *result["books"]]

    def line(item):
        return [*contract(item.get("contract")), *_or_blank(item.get("books"), 2)]
    return head, record, line


def _five_hundred(n, p):
    head = ["contract", "contractor"] + [f"tricks_{i}" for i in range(p)]

    def contract(c):
        return [c.get("bid"), c.get("seat")] if isinstance(c, dict) else [None, None]

    def record(result, _):
        return [*contract(result["contract"]), *result["tricks_by_side"]]

    def line(item):
        tricks = item.get("tricks_by_side", [0] * p) if item.get("contract") is not None else [0] * p
        return [*contract(item.get("contract")), *_or_blank(tricks, p)]
    return head, record, line


def _court_piece(n, p):
    head = ["calling_team", "winner_team", "kot", "redeal"]

    def record(result, _):
        if result["redeal"]:
            return [None, None, None, True]
        return [result["calling_team"], result["winner_team"], bool(result["kot"] or result["goon_kot"]), False]

    def line(item):
        if item.get("redeal"):
            return [None, None, None, True]
        return [item.get("calling_team"), item.get("winner_team"), item.get("kot"), False]
    return head, record, line


def _sixes(n, p):
    head = ["round_winner", "pot"] + [f"passes_{s}" for s in range(n)]

    def record(result, _):
        return [result["round_winner"], result["pot"], *result["passes"]]

    def line(item):  # the pot follows from the chips, which a sheet does not tell
        return [item.get("round_winner"), None, *_or_blank(item.get("passes"), n)]
    return head, record, line


_COLUMNS = {"buck-euchre": _buck_euchre, "bid-whist": _bid_whist, "five-hundred": _five_hundred,
            "court-piece": _court_piece, "sixes": _sixes}


# "double_dummy": true adds these (TOURNAMENTS.md, "Double-dummy results"); empty where the entry is
# null, and for a hand over its node cap ({"refused": …}: no value to show)
DD_COLUMNS = ["dd_tricks_possible", "dd_tricks_taken", "dd_first_loss_move_index", "dd_first_loss_cost"]


def _has_dd(scored: Scored) -> bool:
    return any("double_dummy" in t for t in scored.answer["tables"])


def _dd_cells(entry) -> list:
    if not isinstance(entry, dict) or "refused" in entry:
        return [None] * 4
    loss = entry["first_loss"] or {}
    return [entry["tricks_possible"], entry["tricks_taken"], loss.get("move_index"), loss.get("cost")]


def header(game_id: str, n: int, p: int, double_dummy: bool = False) -> list[str]:
    own, _, _ = _COLUMNS[game_id](n, p)
    return (["round", "table", "board", "hand", "dealer"] + [f"seat_{s}" for s in range(n)] + own
            + [f"delta_{i}" for i in range(p)] + [f"score_{i}" for i in range(p)]
            + (DD_COLUMNS if double_dummy else []))


def rows(game_id: str, scored: Scored):
    n, p = scored.players, scored.n_positions
    _, from_record, from_line = _COLUMNS[game_id](n, p)
    duplicate = scored.answer["format"] == "duplicate"
    dd = _has_dd(scored)
    for table, hands in scored.hands:
        totals = [0] * p
        for h, hand in enumerate(hands):
            if "result" in hand:
                own = from_record(hand["result"], hand)
                deltas = hand.get("deltas") or hand["result"]["deltas"]
            else:
                own = from_line(hand["line"] if isinstance(hand["line"], dict) else {})
                deltas = hand["deltas"]
            if duplicate:
                totals = [a + b for a, b in zip(totals, deltas)]
                after = totals
            else:
                after = table["running_scores"][h]
            yield [table["round"], table["table"], hand.get("board"), h, hand["dealer"], *table["seats"],
                   *own, *deltas, *after, *(_dd_cells(table["double_dummy"][h]) if dd else ())]


def to_csv(game_id: str, scored: Scored, pause=None) -> str:
    """``pause()`` after each row, if given (the HTTP edge: a 10,000-row sheet takes a while)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header(game_id, scored.players, scored.n_positions, _has_dd(scored)))
    for row in rows(game_id, scored):
        writer.writerow([_cell(v) for v in row])
        if pause is not None:
            pause()
    return out.getvalue()
