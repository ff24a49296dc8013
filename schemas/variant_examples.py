"""Examples for the variants' shapes in ``openapi.yaml`` (issue 15), each a real answer of the referee.

The requests are the rules documents' worked examples; the answers are computed here, when the spec
is generated, by the same code that serves them — so an example can never drift from the code
(``tests/test_contract.py`` also checks every example against its own component).
"""

from __future__ import annotations

from service.rules.games import GAMES

FIVE = {"players": 5, "call_partner": True}


def _called_partner() -> tuple[dict, dict]:
    """A five-player hand played by the first listed move, up to the called card's reveal."""
    game = GAMES["five-hundred"]
    hand = game.replay(game.deal("variant-example", FIVE, 0, None))
    state = event = None
    while hand.phase != "done" and event is None:
        listed = hand.legal_moves()
        move = listed[0]
        if hand.phase == "bidding":  # the first caller bids 7NT, the others pass
            move = next(m for m in listed if m.get("bid") == "7NT") if hand.auction.high_bid is None else move
        if move["type"] == "discard":
            move = {"seat": move["seat"], "type": "discard", "cards": move["from"][:3]}
        if move["type"] == "call_partner":  # the first card another seat holds
            dealt = hand.to_record()["deal"]["hands"]
            move = next(m for m in listed if any(m["card"] in h for s, h in enumerate(dealt) if s != hand.contractor))
        events = hand.play(game.parse_move(move, hand.n, hand.pack, None, "move"), len(hand.moves))
        if move["type"] == "call_partner":
            state = hand.state()["partner"]
        event = next((e for e in events if e["type"] == "partner_revealed"), None)
    return state, event


def examples() -> dict:
    """Component name -> example."""
    fh, bw, sx, be, cp = (GAMES[g] for g in ("five-hundred", "bid-whist", "sixes", "buck-euchre", "court-piece"))
    partner, revealed = _called_partner()
    fh_score = {"options": FIVE, "contract": {"bid": "7H", "seat": 1, "partner": 3},
                "tricks_by_side": [1, 4, 1, 3, 1], "scores": [0, 0, 0, 0, 0]}
    played_out = {"options": {"all_pass": "play_out"}, "dealer": 3,
                  "calls": [{"seat": 0, "type": "pass"}, {"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}],
                  "bid": {"seat": 3, "type": "pass"}}
    aces_bad = {"options": {"downtown_aces": "bad"}, "leader": 2,
                "cards": [{"seat": 2, "card": "KC"}, {"seat": 3, "card": "AC"}, {"seat": 0, "card": "2C"},
                          {"seat": 1, "card": "3D"}], "trump": "C", "direction": "downtown"}
    sixes = {"options": {"pay_per_card": True, "ante": 2, "players": 3}, "chips": [5, 5, 5],
             "passes": [1, 1, 0], "round_winner": 2, "cards_left": [4, 9, 0]}
    no_trump = {"options": {"allow_no_trump_call": True}, "dealer": 3, "turn_up": "QH",
                "calls": [{"seat": s, "type": "pass"} for s in range(4)],
                "bid": {"seat": 0, "type": "name_trump", "suit": "NT"}}
    hidden_rung = {"options": {"mode": "hidden_rung"}, "match": {"hand_number": 4, "scores": [2, 5]},
                   "dealer": 1, "calling_team": 0, "winner_team": 1, "kot": True, "redeal": False}
    return {
        "FiveHundredPartner": partner,
        "FiveHundredPartnerRevealedEvent": revealed,
        "FiveHundredScoreRequest": fh_score,
        "FiveHundredScore": fh.score(fh_score),
        "FiveHundredBidAnswer": fh.validate_bid(played_out),
        "BidWhistTrickWinnerRequest": aces_bad,
        "BidWhistTrickWinner": bw.trick_winner(aces_bad),
        "SixesScoreRequest": sixes,
        "SixesScore": sx.score(sixes),
        "BuckEuchreBidRequest": no_trump,
        "BuckEuchreBidAnswer": be.validate_bid(no_trump),
        "CourtPieceScoreRequest": hidden_rung,
        "CourtPieceScore": cp.score(hidden_rung),
    }


def add_examples(components: dict) -> None:
    for name, example in examples().items():
        components[name]["example"] = example
