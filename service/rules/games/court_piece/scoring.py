"""A hand's points or courts, the next dealer, and the next hand's match object."""

from __future__ import annotations

def score_outcome(options, match, dealer, calling_team, winner_team, kot, redeal) -> dict:
    """The scoring part of a hand result (also the ``…/score`` answer)."""
    courts = options["scoring"] == "courts"
    scores = list(match["scores"])
    runs = list(match["consecutive_wins"]) if courts else [0, 0]
    deltas = [0, 0]
    if redeal:
        next_dealer = dealer
    else:
        callers_won = winner_team == calling_team
        if not courts:
            deltas[winner_team] = (3 if kot else 1) if callers_won else (4 if kot else 2)
        elif kot:
            deltas[winner_team] = 1 if callers_won else 3
            runs = [0, 0]
        else:
            runs[winner_team] += 1
            runs[1 - winner_team] = 0
            if runs[winner_team] >= 7:
                deltas[winner_team] = 1
                runs = [0, 0]
        if options["dealer_rotation"] == "rotate" or not callers_won:
            next_dealer = (dealer + 1) % 4
        elif kot:
            next_dealer = (dealer + 2) % 4
        else:
            next_dealer = dealer
    scores = [scores[0] + deltas[0], scores[1] + deltas[1]]
    target = options["target_courts"] if courts else options["target_points"]
    winner = next((t for t in (0, 1) if scores[t] >= target), None)
    over = winner is not None
    next_match = None if over else {
        "hand_number": match["hand_number"] + 1, "scores": scores, "consecutive_wins": runs,
        "first_game_seats": list(match["first_game_seats"])}
    return {"deltas": deltas, "scores": scores, "consecutive_wins": runs, "next_dealer": next_dealer,
            "match_over": over, "winner": winner, "next_match": next_match}

