"""A hand's points (Avondale schedule) and the end of the match."""

from __future__ import annotations

from .tables import MISERE_FAMILY, TRICKS_BID, VALUE

def trick_points(options: dict, tricks: int, score: int) -> int:
    """10 a trick, which ``defender_cap`` may not let lift a side above the cap."""
    points = 10 * tricks
    cap = options["defender_cap"]
    if cap is not None:
        points = 0 if score >= cap else min(points, cap - score)
    return points


def settle(options: dict, bid: str, side: int, tricks_by_side: list[int], scores: list[int],
           partner: int | None = None) -> dict:
    """Score one hand and decide the match (document, "Hand scoring, and match end").

    ``partner``: variant ``call_partner``, the side of the called card's holder (a seat's own side
    with five players), which scores with the contractor; None when the contractor plays alone.
    """
    k = len(scores)
    value = VALUE[bid]
    team = (side,) if partner is None else (side, partner)
    won = sum(tricks_by_side[s] for s in team)
    deltas = [0] * k
    slam = False
    if bid in MISERE_FAMILY:
        made = won == 0
        deltas[side] = value if made else -value
    else:
        made = won >= TRICKS_BID[bid]
        slam = won == 10
        for s in team:
            deltas[s] = (max(value, 250) if slam else value) if made else -value
        for o in range(k):
            if o not in team:
                deltas[o] = trick_points(options, tricks_by_side[o], scores[o])
    new = [a + b for a, b in zip(scores, deltas)]
    out = {"made": made, "slam": slam, "value": value, "deltas": deltas, "scores": new}
    out.update(match_end(options, made, team, new))
    return out


def settle_played_out(options: dict, tricks_by_side: list[int], scores: list[int]) -> dict:
    """Variant ``all_pass: "play_out"``: every side scores its tricks; no contract, so no win by points."""
    deltas = [trick_points(options, t, s) for t, s in zip(tricks_by_side, scores)]
    new = [a + b for a, b in zip(scores, deltas)]
    out = {"made": None, "slam": False, "value": None, "deltas": deltas, "scores": new}
    out.update(match_end(options, False, (), new))
    return out


def match_end(options: dict, made: bool, side, scores: list[int]) -> dict:
    """``side``: the contracting side, or (variant ``call_partner``) the sides of the team."""
    target = options["target"]
    team = (side,) if isinstance(side, int) else tuple(side)
    over = [s for s in team if scores[s] >= target]
    if made and over:
        best = max(scores[s] for s in over)
        top = [s for s in over if scores[s] == best]
        return {"match_over": True, "winner": top[0] if len(top) == 1 else None, "backwards": []}
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


