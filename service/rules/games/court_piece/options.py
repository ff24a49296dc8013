"""Court Piece's options and the match object's fields."""

from __future__ import annotations

from ...options import Option

MODES = ("single_sar", "double_sar", "hidden_trump")

OPTIONS = (
    Option("mode", "string", "single_sar", "the game played", choices=MODES),
    Option("rung_royal", "boolean", False,
           "Rung Royal extras: change_cards (redeal) and change_trump"),
    Option("scoring", "string", "points", "match scoring system", choices=("points", "courts")),
    Option("target_points", "integer", 10, "points needed to win the match", minimum=1),
    Option("target_courts", "integer", 3, "courts needed to win the match", minimum=1),
    Option("dealer_rotation", "string", "loser_deals", "how the deal moves between hands",
           choices=("loser_deals", "rotate")),
    Option("first_hand_draw", "boolean", True,
           "the first hand's chooser is found by a draw (dealer = winner - 1)"),
    Option("call_seconds", "integer", 20,
           "time limit reported for a trump decision (always the partner's)", minimum=1),
    Option("first_game_call_seconds", "integer", 10,
           "time limit of the first chooser when he is in his very first game", minimum=1),
    Option("reveal_counts_current_trick", "boolean", False,
           "hidden trump: trump-suit cards played earlier in the reveal trick count as trumps too"),
    Option("double_sar_kot", "string", "all_thirteen",
           "double sar: what a kot is and when the hand stops", choices=("all_thirteen", "first_seven")),
    Option("double_sar_first_pair_blocked", "boolean", False,
           "double sar: winning tricks 1 and 2 does not take the pile"),
    Option("double_sar_no_capture_11_12", "boolean", False,
           "double sar: winning tricks 11 and 12 does not take the pile"),
    Option("double_sar_ace_rule", "boolean", False,
           "double sar: two consecutive tricks won with aces do not take the pile"),
)

RECORD_FIELDS = {"game", "options", "dealer", "deal", "moves", "match", "viewer", "seed"}
MATCH_FIELDS = ("hand_number", "scores", "consecutive_wins", "first_game_seats")
