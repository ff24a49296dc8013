"""Every ``reason`` the referee can give, with what it means: the one registry (issue 13).

A reason is the machine-readable *why* beside a problem's ``code`` (``illegal_move``,
``invalid_record``) and beside a ``legal: false`` / ``valid: false`` answer. Reasons never change
with the language of the message. The contract (``openapi.yaml``) lists, per game and operation,
exactly the reasons that operation can answer, each with its meaning from here; ``tests/test_reasons.py``
fails when the code can produce a reason missing from this table or from an operation's list.

A meaning says what the client did, in words a person can act on; the game's rules document has the
rule itself. Pure data: no Flask, no marshmallow (a problem page or a client generator may read it).
"""

from __future__ import annotations

# --- a move the rules forbid: `legal: false` of …/moves/validate and …/bids/validate, and the
# `reason` of a 422 `illegal_move` (a record whose move is illegal, a call in a calculator's auction)
MOVES: dict[str, str] = {
    "not_your_turn": "The move is by a seat that is not the one to act.",
    "wrong_phase": "This type of move is not taken in the hand's current phase (e.g. a card played during the auction).",
    "hand_over": "The hand is over: no move can follow.",
    "card_not_in_hand": "The card played (or discarded, or laid face down) is not in that seat's hand.",
    "must_follow_suit": "The seat holds a card of the suit led and must play one.",
    "card_not_playable": "Sixes: the card does not extend a layout (the next card up or down from one already laid, or a six).",
    "must_play": "Sixes: a seat that can play may not pass.",
    "must_start_with_6d": "Sixes: the round opens with the holder of the six of diamonds playing it.",
    "duplicate_card": "A card appears twice (in a deal, a discard, a trick or a layout).",
    "wrong_discard_count": "A discard holds the wrong number of cards.",
    "invalid_suit": "The suit named is not one this move or body may name (a value outside S, H, D, C, or a choice the options or the contract do not allow).",
    "invalid_bid": "The bid (in a move or a calculator body) is not one of the game's bids.",
    "invalid_direction": "Bid Whist: the direction is not uptown or downtown.",
    "bid_too_low": "The bid does not beat the standing high bid.",
    "bid_not_allowed": "Five Hundred: the options switch this bid off (allow_misere, allow_open_misere, allow_blind_misere).",
    "cannot_rebid_after_pass": "A seat that has passed is out of the auction.",
    "blind_misere_not_first_call": "Five Hundred: blind misère may only be a seat's first call.",
    "misere_needs_seven": "Five Hundred: misère may only be bid over a standing seven-trick bid (unless misere_without_seven).",
    "dealer_must_bid": "Bid Whist: the three others passed, so the dealer must bid.",
    "suit_turned_down": "Buck Euchre: the turned-up suit was turned down and may not be named (unless allow_turned_suit).",
    "joker_lead_not_allowed": "Five Hundred: the free joker may not be led before the last trick (joker_lead_last_trick_only).",
    "joker_suit_required": "Five Hundred: leading the free joker in no-trumps, name the suit it stands for.",
    "joker_suit_already_led": "Five Hundred: the suit named for the free joker has already been led this hand.",
    "unexpected_suit": "Five Hundred: a suit is named only when leading the free joker.",
    "must_play_joker": "Five Hundred: void in the suit led while holding the free joker, the seat must play it.",
    "partner_card_in_hand": "Five Hundred (call_partner): the card called is in the contractor's own hand.",
    "card_required": "Court Piece (hidden trump): call_trump lays a card face down; name it.",
    "suit_required": "Court Piece: call_trump names a suit in this mode.",
    "card_not_in_first_five": "Court Piece: the trump is chosen from the caller's first five cards.",
    "card_face_down": "Court Piece (hidden trump): the face-down trump card cannot be played before the reveal.",
    "partner_cannot_pass": "Court Piece: only the first chooser may pass the choice of trump to the partner, once.",
    "not_hidden_mode": "Court Piece: reveal exists only in the hidden-trump modes.",
    "can_follow_suit": "Court Piece (hidden trump): a seat that can follow suit may not ask for the reveal.",
    "trump_already_revealed": "Court Piece: the trump is already revealed.",
    "must_play_trump_after_reveal": "Court Piece: after asking for the reveal the seat must play a trump if it holds one.",
    "only_caller_reveals_on_lead": "Court Piece (hidden rung): only the caller may reveal when leading.",
    "extras_disabled": "Court Piece: this move needs the rung_royal option.",
    "only_caller_changes_trump": "Court Piece (Rung Royal): only the caller may change trump.",
    "same_trump": "Court Piece (Rung Royal): that suit is already trump.",
    "too_late_to_change_trump": "Court Piece (Rung Royal): trump may change only before the first card is played.",
    "trump_already_changed": "Court Piece (Rung Royal): trump may be changed once a hand.",
}

# --- a record or calculator body that cannot describe a real game: the `reason` of 422 `invalid_record`
RECORDS: dict[str, str] = {
    "invalid_record": "The record (or body) is not an object of this game's shape; `detail` names the field.",
    "bad_record": "The record (or body) is not an object of this game's shape; `detail` names the field.",
    "wrong_game": "The record's `game` is not the game of the path.",
    "unknown_field": "The record has a field this game does not know.",
    "unknown_option": "An option this game does not have.",
    "bad_option": "An option's value is of the wrong type or out of its range.",
    "invalid_option": "An option's value is of the wrong type or out of its range.",
    "option_not_for_mode": "Court Piece: an option the chosen mode does not use.",
    "bad_seat": "A seat that does not exist at this table (dealer, viewer, a move's or a body's seat).",
    "bad_dealer": "The dealer is not a seat of this table.",
    "bad_viewer": "Court Piece: the record's `viewer` is not a seat of this table.",
    "invalid_dealer": "The dealer is not a seat of this table.",
    "bad_seed": "The seed is too long (at most 256 characters) or not a string.",
    "deal_mismatch": "The record carries a seed, and its deal is not that seed's deal.",
    "bad_deal": "The deal is not of this game's shape (a pile missing or unknown, a hand not a list).",
    "bad_hands": "Sixes: the hands are not a list of one hand per seat.",
    "wrong_card_count": "A hand or pile holds the wrong number of cards for this game and options.",
    "unknown_card": "A string that is not a card of this game's pack.",
    "bad_card": "A string that is not a card of this game's pack, or a hidden card where the card is needed.",
    "invalid_card": "A string that is not a card of this game's pack, or a hidden card where the card is needed.",
    "hidden_card": "A hidden card (`null`) where the referee needs the card (a record that is not a view).",
    "bad_draw": "Court Piece: the first-hand draw is not of its shape, or goes on after it was decided.",
    "draw_mismatch": "Court Piece: the first-hand draw does not make the record's dealer and first chooser.",
    "bad_moves": "`moves` is not a list of moves.",
    "bad_move": "A move is not of its type's shape: an unknown type, a missing or extra field, a field of the wrong type.",
    "invalid_move": "A move is not of its type's shape: an unknown type, a missing or extra field, a field of the wrong type.",
    "unknown_move_type": "A move of a type this game does not have.",
    "too_many_moves": ("The record holds more moves than the service's cap (docs/TRUST.md, \"Limits\"), or more "
                       "than one round of the game can hold by its rules (Sixes: every seat's cards plus the "
                       "passes its chips can pay for)."),
    "number_out_of_range": "An integer in the body is beyond 2**53 - 1, outside what JSON numbers carry exactly.",
    "too_many_hands": "The match log holds more hands than the service's cap (docs/TRUST.md, \"Limits\").",
    "view_incomplete": "A view hides a card the referee needs for this answer (only the viewer's own cards are visible).",
    "bad_match": "The `match` object is not of this game's shape, or a value is out of range.",
    "invalid_match": "The `match` object is not of this game's shape, or a value is out of range.",
    "match_already_over": "The scores (or chips) before this hand already end the match: there is no next hand.",
    "match_over": "Court Piece: the match is already over (a team has the target), or a hand comes after it ended.",
    "match_mismatch": "A hand's `match` is not the previous hand's `next_match`.",
    "wrong_dealer": "A hand's dealer is not the previous hand's `next_dealer`.",
    "dealer_mismatch": "Court Piece: a hand's dealer does not follow from the hand before.",
    "options_mismatch": "The hands of one match are played under different options.",
    "hand_incomplete": "A hand of a match log is not finished.",
    "bad_request": "The body is not of this calculator's shape.",
    "bad_score_input": "Court Piece: a hand outcome given to the score calculators is not of its shape.",
    "calling_team_mismatch": "Court Piece: the calling team does not match the record's caller.",
    "bad_trick": "The trick is not of its shape (wrong number of cards, a seat twice or out of turn).",
    "bad_trump": "The trump is not a suit of this game (or not allowed in this contract).",
    "bad_trump_from": "Court Piece: `trump_from` (the card from which trump ranks) is not an integer 0-3.",
    "bad_contract": "Bid Whist: the contract is not a bid of this game.",
    "bad_direction": "Bid Whist: the direction is not uptown or downtown.",
    "bad_books": "Bid Whist: the books are not two counts >= 0 that add up to 14 (the kitty book included).",
    "bad_body": "A part of the calculator's body is not an object of its shape (or has an unknown field).",
    "bad_passes": "Sixes: the passes are not one count per seat.",
}


# --- the `reason` beside a tournament's own codes (TOURNAMENTS.md): which part of a board or event is wrong
EVENTS: dict[str, str] = {
    "changes_players": "A board's options change the event's number of players.",
    "changes_six_player_teams": "A board's options change the event's six_player_teams.",
    "courts": "Court Piece: courts scoring cannot be played in the duplicate format.",
    "deal": "`board_deal_mismatch`: the hand's deal is not its board's.",
    "dealer": "`board_deal_mismatch`: the hand's dealer is not its board's.",
    "options": "`board_deal_mismatch`: the hand's options are not its board's.",
    "match": "`board_deal_mismatch`: a board is played from the start of a match (hand 1, starting scores).",
}
# refused in a calculator body as in a move, with the same meaning
RECORDS.update({r: MOVES[r] for r in ("duplicate_card", "invalid_bid", "invalid_suit")})

# a reason in two tables (a suit or a bid can be refused in a move and in a calculator body) keeps
# one meaning: the general one above
REASONS: dict[str, str] = {**RECORDS, **EVENTS, **MOVES}


def meaning(reason: str) -> str | None:
    """What ``reason`` means (``None``: not a reason of this service)."""
    return REASONS.get(reason)


def for_code(code: str) -> dict[str, str]:
    """Every reason a problem of ``code`` may carry, with its meaning: for the problem pages
    (``/problems/illegal_move``, ``/problems/invalid_record``); per game and operation, see the contract."""
    table = MOVES if code == "illegal_move" else RECORDS if code == "invalid_record" else {}
    return {r: REASONS[r] for r in table}
