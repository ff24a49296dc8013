"""Replaying a whole match from its hands' records, each checked against the one before."""

from __future__ import annotations

from .errors import IllegalMove, InvalidRecord, M


def replay_match(game, records, max_hands: int | None = None, header=None) -> dict:
    """Every hand's result and the running scores; the first bad hand is reported with its index.

    ``game`` is the ``Game`` that calls this (``Game.replay_match``), passed in rather than imported.

    A hand's ``dealer`` and ``match`` must follow from the hand before (its ``next_dealer``, its
    scores); a hand that omits ``match`` gets the one that follows. ``header``: as ``Game.replay_match``'s
    (a log's hands were, most often, just played through the same service, move by move).
    """
    if not isinstance(records, list) or not records:
        raise InvalidRecord("bad_record", M("hands must be a non-empty list of records"))
    if max_hands is not None and len(records) > max_hands:
        raise InvalidRecord("too_many_hands", M("a match log may hold at most {max_hands} hands", max_hands=max_hands))
    per_hand, running = [], []
    expected_match = expected_dealer = None
    result = None
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise InvalidRecord("bad_record", M("hands[{value}] must be a record", value=i), hand_index=i)
        if result is not None and result.get("match_over"):
            raise InvalidRecord("match_already_over", M("hands[{value}]: the match ended after hand {value2}", value=i, value2=i - 1),
                                hand_index=i)
        if expected_match is not None:
            record = _chain(game, record, expected_match, expected_dealer, i)
        try:
            hand = game.replay(record, None if header is None else header(record))
        except (InvalidRecord, IllegalMove) as exc:
            exc.extra["hand_index"] = i
            raise
        if hand.viewer is not None:
            raise InvalidRecord("bad_record", M("hands[{value}] is a view; a match log needs full records", value=i),
                                hand_index=i)
        if hand.result is None:
            raise InvalidRecord("hand_incomplete", M("hands[{value}] is not finished", value=i), hand_index=i)
        result = hand.result
        per_hand.append({"dealer": hand.dealer, "result": result, "deal_verified": hand.seed is not None})
        running.append(result["scores"])
        expected_match = game.next_match(hand.match, result, hand)
        expected_dealer = game.next_dealer(result, hand)
    out = {"per_hand": per_hand, "running_scores": running, "scores": result["scores"],
           "match_over": bool(result.get("match_over")), "winner": result.get("winner")}
    if "winners" in result:  # games whose matches can end shared (Sixes)
        out["winners"] = result["winners"]
    return out


def _chain(game, record, expected_match, expected_dealer, i):
    if record.get("dealer") != expected_dealer:
        raise InvalidRecord("wrong_dealer", M("hands[{value}].dealer must be {expected_dealer}, the previous "
                            "hand's next dealer", value=i, expected_dealer=expected_dealer), hand_index=i)
    given = record.get("match")
    if given is None:
        return {**record, "match": expected_match}
    if given == expected_match:  # the usual log: each hand's match written as the hand before left it
        return record
    if isinstance(given, dict):
        wrong = [k for k, v in given.items() if k in expected_match and expected_match[k] != v]
        if wrong:
            raise InvalidRecord("match_mismatch", M("hands[{value}].match.{wrong} should be {wrong2} after the "
                                "previous hand", value=i, wrong=wrong[0], wrong2=repr(expected_match[wrong[0]])), hand_index=i)
        return {**record, "match": {**expected_match, **given}}
    return record
