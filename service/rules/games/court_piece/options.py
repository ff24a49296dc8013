"""Court Piece's options and the match object's fields."""

from __future__ import annotations

from ...errors import InvalidRecord, M, short
from ...options import Option, parse_options

MODES = ("single_sar", "double_sar", "hidden_trump", "hidden_rung")
PILE_MODES = ("double_sar", "hidden_rung")        # tricks pile up in the centre
FACE_DOWN_MODES = ("hidden_trump", "hidden_rung")  # the trump is a face-down card

OPTIONS = (
    Option("mode", "string", "single_sar", "the game played (hidden_rung: variant, hidden trump with "
           "the double-sar pile)", choices=MODES),
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
           "hidden trump and hidden rung: trump-suit cards played earlier in the reveal trick count as trumps too"),
    Option("double_sar_kot", "string", "all_thirteen",
           "double sar and hidden rung: what a kot is and when the hand stops", choices=("all_thirteen", "first_seven")),
    Option("double_sar_first_pair_blocked", "boolean", False,
           "double sar and hidden rung: winning tricks 1 and 2 does not take the pile"),
    Option("double_sar_no_capture_11_12", "boolean", False,
           "double sar and hidden rung: winning tricks 11 and 12 does not take the pile"),
    Option("double_sar_ace_rule", "boolean", False,
           "double sar and hidden rung: two consecutive tricks won with aces do not take the pile"),
)

RECORD_FIELDS = {"game", "options", "dealer", "deal", "moves", "match", "viewer", "seed"}
MATCH_FIELDS = ("hand_number", "scores", "consecutive_wins", "first_game_seats")

# Decision 26: an option of another mode, set to anything but its default, is refused
MODE_OPTIONS = {"reveal_counts_current_trick": FACE_DOWN_MODES, "double_sar_kot": PILE_MODES,
                "double_sar_first_pair_blocked": PILE_MODES, "double_sar_no_capture_11_12": PILE_MODES,
                "double_sar_ace_rule": PILE_MODES}
DEFAULTS = {o.name: o.default for o in OPTIONS}


def parse_court_piece_options(raw) -> dict:
    """Names, then values, then ``option_not_for_mode`` (court-piece.md, "Options")."""
    options = parse_options(raw, OPTIONS)
    mode = options["mode"]
    for name, modes in MODE_OPTIONS.items():
        if mode not in modes and options[name] != DEFAULTS[name]:
            raise InvalidRecord("option_not_for_mode", M("option {name} is used only in {modes}, not in {mode} "
                                "(leave it at its default, {name2})",
                                name=short(name), modes=' and '.join(modes), mode=mode, name2=short(DEFAULTS[name])))
    return options
