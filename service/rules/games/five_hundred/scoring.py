"""A hand's points (Avondale schedule) and the end of the match."""

from __future__ import annotations

from .tables import MISERE_FAMILY, TRICKS_BID, VALUE

def settle(options: dict, bid: str, side: int, tricks_by_side: list[int], scores: list[int]) -> dict:
    """Score one hand and decide the match (document, "Hand scoring, and match end")."""
    k = len(scores)
    value = VALUE[bid]
    won = tricks_by_side[side]
    deltas = [0] * k
    slam = False
    if bid in MISERE_FAMILY:
        made = won == 0
        deltas[side] = value if made else -value
    else:
        made = won >= TRICKS_BID[bid]
        slam = won == 10
        deltas[side] = (max(value, 250) if slam else value) if made else -value
        cap = options["defender_cap"]
        for o in range(k):
            if o == side:
                continue
            points = 10 * tricks_by_side[o]
            if cap is not None:
                points = 0 if scores[o] >= cap else min(points, cap - scores[o])
            deltas[o] = points
    new = [a + b for a, b in zip(scores, deltas)]
    out = {"made": made, "slam": slam, "value": value, "deltas": deltas, "scores": new}
    out.update(match_end(options, made, side, new))
    return out


def match_end(options: dict, made: bool, side: int, scores: list[int]) -> dict:
    target = options["target"]
    if made and scores[side] >= target:
        return {"match_over": True, "winner": side, "backwards": []}
    back = [s for s, v in enumerate(scores) if v <= -target]
    if not back:
        return {"match_over": False, "winner": None, "backwards": []}
    rest = [s for s in range(len(scores)) if s not in back]
    winner = None
    if rest:
        best = max(scores[s] for s in rest)
        top = [s for s in rest if scores[s] == best]
        winner = top[0] if len(top) == 1 else None
    return {"match_over": True, "winner": winner, "backwards": back}


