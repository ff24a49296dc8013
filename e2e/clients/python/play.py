"""One whole hand of every game through the client openapi-python-client generates (``make clients``).

Typed all the way: request bodies are the generated models, answers are narrowed with ``isinstance``,
a discard template is made a concrete ``discard`` move; no cast, nothing untyped (``mypy --strict`` checks
it). Prints one JSON line per game: its final record and how many templates were made concrete.

    python play.py http://127.0.0.1:8000
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from referee_client import Client
from referee_client.api.bid_whist import deal_bid_whist, list_bid_whist_legal_moves, make_bid_whist_move
from referee_client.api.buck_euchre import deal_buck_euchre, list_buck_euchre_legal_moves, make_buck_euchre_move
from referee_client.api.court_piece import deal_court_piece, list_court_piece_legal_moves, make_court_piece_move
from referee_client.api.five_hundred import deal_five_hundred, list_five_hundred_legal_moves, make_five_hundred_move
from referee_client.api.sixes import deal_sixes, list_sixes_legal_moves, make_sixes_move
from referee_client.models import (
    BidWhistDealRequest, BidWhistDiscardMove, BidWhistDiscardMoveType, BidWhistDiscardTemplate, BidWhistMoveAnswer,
    BidWhistMoveRequest, BidWhistOptions, BidWhistOptionsKitty, BidWhistRecord, BidWhistRecordRequest,
    BuckEuchreDealRequest, BuckEuchreMoveAnswer, BuckEuchreMoveRequest, BuckEuchreRecord, BuckEuchreRecordRequest,
    CourtPieceDealRequest, CourtPieceMoveAnswer, CourtPieceMoveRequest, CourtPieceRecord, CourtPieceRecordRequest,
    FiveHundredDealRequest, FiveHundredDiscardMove, FiveHundredDiscardMoveType, FiveHundredDiscardTemplate,
    FiveHundredMoveAnswer, FiveHundredMoveRequest, FiveHundredRecord, FiveHundredRecordRequest,
    Problem, BidWhistBidMove, BidWhistChooseDirectionMove, BidWhistNameTrumpMove, BidWhistPassMove, BidWhistPlayMove,
    FiveHundredBidMove, FiveHundredCallPartnerMove, FiveHundredNominateJokerMove, FiveHundredPassMove,
    FiveHundredPlayMove,
    SixesDealRequest, SixesMoveAnswer, SixesMoveRequest, SixesRecord, SixesRecordRequest,
)

class Listed(Protocol):
    @property
    def type_(self) -> str: ...


T = TypeVar("T")
R = TypeVar("R")  # a game's record
L = TypeVar("L", bound=Listed)  # a listed move (templates included)
M = TypeVar("M")  # a move to send


def ok(answer: T | Problem | None) -> T:
    """The answer, or the problem raised (the client parses every documented status)."""
    if answer is None or isinstance(answer, Problem):
        raise RuntimeError(f"refused: {answer}")
    return answer


def one(answer: object, kind: type[T]) -> T:
    """The variant of a union answer that an open record gets (a record, not sealed tokens)."""
    if not isinstance(answer, kind):
        raise RuntimeError(f"expected {kind.__name__}, got {answer!r}")
    return answer


# the two games whose listings hold a template: their moves, as the generated request models take them
BidWhistMove = (BidWhistBidMove | BidWhistChooseDirectionMove | BidWhistDiscardMove | BidWhistNameTrumpMove
                | BidWhistPassMove | BidWhistPlayMove)
FiveHundredMove = (FiveHundredBidMove | FiveHundredCallPartnerMove | FiveHundredDiscardMove
                   | FiveHundredNominateJokerMove | FiveHundredPassMove | FiveHundredPlayMove)


class Hand:
    """Deal, then the listed moves until there are none: a seeded choice each time, never a pass
    while something else is listed (so that an auction ends in a contract and its discard)."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.templates = 0

    def made(self, move: T) -> T:
        """A template made concrete (counted: the run must show one)."""
        self.templates += 1
        return move

    def play(self, deal: Callable[[], R], listing: Callable[[R], Sequence[L] | None],
             concrete: Callable[[L], M], move: Callable[[R, M], R]) -> R:
        record = deal()
        while moves := listing(record):
            record = move(record, concrete(self.rng.choice([m for m in moves if m.type_ != "pass"] or moves)))
        return record


def bid_whist(client: Client, hand: Hand) -> BidWhistRecord:
    def concrete(listed: BidWhistMove | BidWhistDiscardTemplate) -> BidWhistMove:
        if isinstance(listed, BidWhistDiscardTemplate):
            # the template lists the 18 cards `from` which `count` are discarded: the move sends `cards`
            return hand.made(BidWhistDiscardMove(seat=listed.seat, type_=BidWhistDiscardMoveType.DISCARD,
                                                 cards=list(listed.from_[:listed.count])))
        return listed

    return hand.play(
        # the kitty exchanged (an option): the bidder takes it and discards 6, listed as a template
        lambda: one(ok(deal_bid_whist.sync(client=client, body=BidWhistDealRequest(
            seed=hand.seed, dealer=0, options=BidWhistOptions(kitty=BidWhistOptionsKitty.EXCHANGE)))), BidWhistRecord),
        lambda record: ok(list_bid_whist_legal_moves.sync(
            client=client, body=BidWhistRecordRequest(record=record))).moves,
        concrete,
        lambda record, move: one(ok(make_bid_whist_move.sync(
            client=client, body=BidWhistMoveRequest(record=record, move=move))), BidWhistMoveAnswer).record)


def five_hundred(client: Client, hand: Hand) -> FiveHundredRecord:
    def concrete(listed: FiveHundredMove | FiveHundredDiscardTemplate) -> FiveHundredMove:
        if isinstance(listed, FiveHundredDiscardTemplate):
            return hand.made(FiveHundredDiscardMove(seat=listed.seat, type_=FiveHundredDiscardMoveType.DISCARD,
                                                    cards=list(listed.from_[:listed.count])))
        return listed

    return hand.play(
        lambda: one(ok(deal_five_hundred.sync(client=client, body=FiveHundredDealRequest(seed=hand.seed, dealer=0))),
                    FiveHundredRecord),
        lambda record: ok(list_five_hundred_legal_moves.sync(
            client=client, body=FiveHundredRecordRequest(record=record))).moves,
        concrete,
        lambda record, move: one(ok(make_five_hundred_move.sync(
            client=client, body=FiveHundredMoveRequest(record=record, move=move))), FiveHundredMoveAnswer).record)


def buck_euchre(client: Client, hand: Hand) -> BuckEuchreRecord:
    return hand.play(
        lambda: one(ok(deal_buck_euchre.sync(client=client, body=BuckEuchreDealRequest(seed=hand.seed, dealer=0))),
                    BuckEuchreRecord),
        lambda record: ok(list_buck_euchre_legal_moves.sync(
            client=client, body=BuckEuchreRecordRequest(record=record))).moves,
        lambda listed: listed,
        lambda record, move: one(ok(make_buck_euchre_move.sync(
            client=client, body=BuckEuchreMoveRequest(record=record, move=move))), BuckEuchreMoveAnswer).record)


def court_piece(client: Client, hand: Hand) -> CourtPieceRecord:
    return hand.play(
        lambda: one(ok(deal_court_piece.sync(client=client, body=CourtPieceDealRequest(seed=hand.seed, dealer=0))),
                    CourtPieceRecord),
        lambda record: ok(list_court_piece_legal_moves.sync(
            client=client, body=CourtPieceRecordRequest(record=record))).moves,
        lambda listed: listed,
        lambda record, move: one(ok(make_court_piece_move.sync(
            client=client, body=CourtPieceMoveRequest(record=record, move=move))), CourtPieceMoveAnswer).record)


def sixes(client: Client, hand: Hand) -> SixesRecord:
    return hand.play(
        lambda: one(ok(deal_sixes.sync(client=client, body=SixesDealRequest(seed=hand.seed, dealer=0))), SixesRecord),
        lambda record: ok(list_sixes_legal_moves.sync(client=client, body=SixesRecordRequest(record=record))).moves,
        lambda listed: listed,
        lambda record, move: one(ok(make_sixes_move.sync(
            client=client, body=SixesMoveRequest(record=record, move=move))), SixesMoveAnswer).record)


GAMES: dict[str, Callable[[Client, Hand], BidWhistRecord | FiveHundredRecord | BuckEuchreRecord | CourtPieceRecord
                          | SixesRecord]] = {
    "bid-whist": bid_whist, "five-hundred": five_hundred, "buck-euchre": buck_euchre,
    "court-piece": court_piece, "sixes": sixes}


def main(base_url: str) -> None:
    client = Client(base_url=base_url, raise_on_unexpected_status=True)
    for game, play in GAMES.items():
        hand = Hand(f"clients-{game}")
        record = play(client, hand)
        # the record as JSON (the generated model's own serialization), for the test to replay it
        print(json.dumps({"game": game, "templates": hand.templates, "record": record.to_dict()}))


if __name__ == "__main__":
    main(sys.argv[1])
