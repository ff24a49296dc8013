"""A hand's score and the match's end, shared by the replay and the calculators."""

from __future__ import annotations


def match_over(scores, options: dict) -> bool:
    target = options["target"]
    return any(s >= target or s <= -target for s in scores)


def score_hand(options: dict, bidder: int, level: int, mode: str, books, scores) -> dict:
    """The "Hand scoring" table and the match-end check, on the scores before the hand."""
    bt = bidder & 1
    dt = 1 - bt
    m = 2 if options["no_trump_doubles"] and mode == "no_trump" else 1
    b, d = books[bt], books[dt]
    deltas = [0, 0]
    made = b >= 6 + level
    if made:
        deltas[bt] = (b - 6) * m
    else:
        deltas[bt] = -level * m
        rule = options["defenders_score"]
        if rule == "set_value":
            deltas[dt] = level * m
        elif rule == "books_over_six" and d >= 7:
            deltas[dt] = (d - 6) * m
    new = [scores[0] + deltas[0], scores[1] + deltas[1]]
    boston = b == 13
    winner = None
    if boston and options["boston_wins"]:
        over, winner = True, bt
    else:
        over = match_over(new, options)
        if over:
            winner = 0 if new[0] > new[1] else 1
    return {"made": made, "deltas": deltas, "scores": new, "boston": boston,
            "match_over": over, "winner": winner}


# --- one hand -------------------------------------------------------------------------------------
