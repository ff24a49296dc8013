"""Five Hundred's bodies, for the contract (``openapi.yaml``) and the calculators' envelopes.

Two to six players, so seats go up to 5 and per-side lists hold 2 to 6 entries. The discard listing
is a template (CONVENTIONS.md, "Parameterized moves"), so the legal-move schemas add it to the moves;
a free-joker lead carries the named ``suit``, so tricks have their own card schema here.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.rules.games.five_hundred import BIDS, GAME, LETTERS

from .chain import next_match_field
from .fields import card, cards, const, enum, many, move_schemas, nested, options_schema, seat
from .records import record_schemas, GameSchemas

N = 6
CARD = r"^(?:(?:[2-9tjqkaTJQKA]|1[0-3])[shdcSHDC]|[jJ][kK])$"
PHASES = ["bidding", "discard", "nominate_joker", "call_partner", "play", "done"]


def _seat(**kw):
    return seat(N, **kw)


def _per_side(required=True, **meta):
    return fields.List(fields.Integer(strict=True), required=required, validate=validate.Length(min=2, max=6),
                       metadata=meta)


def _per_seat(**meta):
    return fields.List(fields.Integer(strict=True), required=True, validate=validate.Length(min=2, max=6),
                       metadata=meta)


Options = options_schema("FiveHundred", GAME.options)
Options._declared_fields["defender_cap"].allow_none = True
Options._declared_fields["target"].validators.append(validate.Range(min=1))


def _options():
    return fields.Nested(Options, allow_none=True)


Match = Schema.from_dict({
    "scores": _per_side(required=False, description="one per side, before this hand (default all 0)"),
    "hand_number": fields.Integer(strict=True, validate=validate.Range(min=1)),
}, name="FiveHundredMatch")

Deal = Schema.from_dict({
    "hands": fields.List(cards(CARD, nullable=True, length=10), required=True,
                         validate=validate.Length(min=2, max=6),
                         metadata={"description": "each seat's 10 cards in the order dealt; null where a "
                                                  "view hides"}),
    "kitty": cards(CARD, nullable=True, length=3, description="the 3 kitty cards in the order dealt"),
    "dead_hand": fields.List(card(CARD, nullable=True), validate=validate.Length(equal=10),
                             metadata={"description": "two players only: the dead hand (never played, "
                                                      "always hidden in views)"}),
}, name="FiveHundredDeal")


def _field(kind, name):
    if name == "bid":
        return enum(BIDS, description="a bid: 6S..10NT, misere, open_misere or blind_misere")
    if name == "suit":
        return enum(LETTERS, nullable=True, description=(
            "the joker's suit (null: keep it free)" if kind == "nominate_joker" else
            "leading the free joker only: the suit it is led as"))
    if name == "cards":
        return cards(CARD, nullable=True, length=3,
                     description="the 3 discarded cards; null in a view that may not see them")
    if kind == "call_partner":
        return card(CARD, description="variant call_partner: the called card, any card of the pack not in "
                                      "the contractor's hand; its holder is the partner")
    return card(CARD)


MOVES = move_schemas("FiveHundred", GAME.id, N, GAME.move_fields, {
    "string": _field, "card": _field, "cards": _field,
})
DiscardTemplate = Schema.from_dict({
    "seat": _seat(), "type": const("discard"),
    "count": fields.Integer(required=True, metadata={"description": "how many cards to discard (3)"}),
    "from": cards(CARD, description="the holding: the 13 cards to choose from, in canonical deck order"),
}, name="FiveHundredDiscardTemplate")
# a listing offers the discard as its template only (never a concrete discard): the `type` decides
LISTED = tuple(m for m in MOVES if m.__name__ != "FiveHundredDiscardMove") + (DiscardTemplate,)
CALLS = (MOVES[0], MOVES[1])  # pass, bid

Record, DealRequest = record_schemas("FiveHundred", GAME.id, Options, Deal, MOVES, Match, GAME.max_players)

ContractOut = Schema.from_dict({
    "bid": enum(BIDS), "seat": _seat(), "side": fields.Integer(required=True),
    "value": fields.Integer(required=True, metadata={"description": "Avondale value"}),
}, name="FiveHundredContract")

Result = Schema.from_dict({
    "thrown_in": fields.Boolean(required=True),
    "contract": nested(ContractOut, nullable=True),
    "tricks_by_seat": _per_seat(description="seats that dropped out: 0"),
    "tricks_by_side": _per_side(),
    "made": fields.Boolean(required=True, allow_none=True),
    "slam": fields.Boolean(required=True),
    "deltas": _per_side(),
    "scores": _per_side(),
    "match_over": fields.Boolean(required=True),
    "winner": fields.Integer(required=True, allow_none=True, metadata={"description": "the winning side"}),
    "backwards": fields.List(fields.Integer(), required=True,
                             metadata={"description": "sides that went out backwards"}),
    "next_dealer": _seat(),
    "next_match": next_match_field("FiveHundred", Match),
    "played_out": fields.Boolean(metadata={
        "description": "present only with all_pass play_out: true for a hand played out after everyone passed"}),
    "partner": fields.Nested(lambda: PartnerResult, allow_none=True, metadata={
        "description": "present only with call_partner on: the called card and its holder (seat null: the "
                       "contractor played alone); null for a misere-family, thrown-in or played-out hand"}),
}, name="FiveHundredResult")

PartnerResult = Schema.from_dict({
    "card": card(CARD), "seat": _seat(nullable=True, metadata={"description": "null: nobody held it (alone)"}),
}, name="FiveHundredPartnerResult")
PartnerState = Schema.from_dict({
    "card": card(CARD, description="the called card (public)"),
    "seat": _seat(nullable=True, metadata={
        "description": "the holder; null while not revealed to this viewer, or when the contractor plays alone"}),
    "revealed": fields.Boolean(required=True, metadata={
        "description": "the called card has been played, or the hand is done"}),
}, name="FiveHundredPartner")

TrickCard = Schema.from_dict({
    "seat": _seat(), "card": fields.String(required=True),
    "suit": enum(LETTERS, required=False, description="the suit a free joker was led as"),
}, name="FiveHundredTrickCard")
Trick = Schema.from_dict({"leader": _seat(), "cards": many(TrickCard), "winner": _seat()},
                         name="FiveHundredTrick")
CurrentTrick = Schema.from_dict({"leader": _seat(), "cards": many(TrickCard)}, name="FiveHundredCurrentTrick")
Auction = Schema.from_dict({
    "calls": many(CALLS), "high_bid": enum(BIDS, nullable=True), "high_bidder": _seat(nullable=True),
    "to_act": _seat(nullable=True), "auction_over": fields.Boolean(required=True),
    "thrown_in": fields.Boolean(required=True),
}, name="FiveHundredAuction")
Exposed = Schema.from_dict({"seat": _seat(), "cards": fields.List(fields.String(), required=True)},
                           name="FiveHundredExposed")

State = Schema.from_dict({
    "phase": enum(PHASES),
    "to_act": _seat(nullable=True),
    "legal_moves": many(LISTED, nullable=True),
    "tricks": many(Trick),
    "auction": nested(Auction),
    "contract": nested(ContractOut, nullable=True),
    "joker_suit": enum(LETTERS, nullable=True),
    "active_seats": fields.List(fields.Integer(), required=True),
    "current_trick": nested(CurrentTrick, nullable=True),
    "tricks_by_seat": _per_seat(),
    "exposed": nested(Exposed, nullable=True,
                      description="open misere after the first trick: the contractor's remaining cards"),
    "played_out": fields.Boolean(metadata={
        "description": "present only with all_pass play_out: true once everyone has passed"}),
    "partner": fields.Nested(PartnerState, allow_none=True, metadata={
        "description": "present only with call_partner on: null until the call"}),
    "result": nested(Result, nullable=True),
}, name="FiveHundredState")


TrickWinnerIn = Schema.from_dict({
    "options": _options(),
    "contract": enum(BIDS, description="the contract's bid"),
    "joker_suit": enum(LETTERS, nullable=True, required=False,
                       description="the nominated joker suit, or null (no trumps and misere only)"),
    "cards": many(TrickCard, description="the cards in play order, leader first"),
}, name="FiveHundredTrickWinnerRequest")
TrickWinnerOut = Schema.from_dict({
    "seat": _seat(), "card": fields.String(required=True),
    "index": fields.Integer(required=True, metadata={"description": "position in play order"}),
}, name="FiveHundredTrickWinner")

BidContract = Schema.from_dict({"bid": enum(BIDS), "seat": _seat()}, name="FiveHundredBidContract")
BidIn = Schema.from_dict({
    "options": _options(), "dealer": _seat(),
    "calls": many(CALLS, required=False, description="the calls so far, as moves"),
    "bid": fields.Raw(required=True, metadata={"type": "object",
                                               "description": "the candidate call: a pass or bid move"}),
}, name="FiveHundredBidRequest")
BidOut = Schema.from_dict({
    "valid": fields.Boolean(required=True), "reason": fields.String(required=True, allow_none=True),
    "detail": fields.String(required=True, allow_none=True),
    "high_bid": enum(BIDS, nullable=True), "high_bidder": _seat(nullable=True), "next": _seat(nullable=True),
    "auction_over": fields.Boolean(required=True), "thrown_in": fields.Boolean(required=True),
    "contract": nested(BidContract, nullable=True),
    "played_out": fields.Boolean(metadata={
        "description": "present only with all_pass play_out: the auction ended with everyone passing"}),
}, name="FiveHundredBidAnswer")

ScoreContract = Schema.from_dict({
    "bid": enum(BIDS), "seat": _seat(),
    "partner": _seat(nullable=True, required=False, metadata={
        "description": "variant call_partner: the called card's holder, or null/absent for alone; read only "
                       "with call_partner on and a suit or no-trump bid"}),
}, name="FiveHundredScoreContract")
ScoreIn = Schema.from_dict({
    "options": _options(),
    "contract": nested(ScoreContract, nullable=True,
                       description="null only with all_pass play_out: a hand played out after everyone passed"),
    "tricks_by_side": _per_side(),
    "scores": _per_side(required=False, description="before the hand (default all 0)"),
}, name="FiveHundredScoreRequest")
_end = {
    "match_over": fields.Boolean(required=True), "winner": fields.Integer(required=True, allow_none=True),
    "backwards": fields.List(fields.Integer(), required=True),
}
ScoreOut = Schema.from_dict({
    "made": fields.Boolean(required=True, allow_none=True), "slam": fields.Boolean(required=True),
    "value": fields.Integer(required=True, allow_none=True), "deltas": _per_side(), "scores": _per_side(), **_end,
}, name="FiveHundredScore")
HandOutcome = Schema.from_dict({
    "contract": nested(ScoreContract, nullable=True,
                       description="null: a thrown-in hand (with all_pass play_out: a played-out hand)"),
    "tricks_by_side": _per_side(required=False),
}, name="FiveHundredHandOutcome")
MatchScoreIn = Schema.from_dict({
    "options": _options(), "scores": _per_side(required=False, description="before the first hand"),
    "hands": many(HandOutcome),
}, name="FiveHundredMatchScoreRequest")
MatchScoreOut = Schema.from_dict({
    "running_scores": fields.List(fields.List(fields.Integer()), required=True), "scores": _per_side(),
    **_end, "over_after_hand": fields.Integer(required=True, allow_none=True),
}, name="FiveHundredMatchScore")

SCHEMAS = GameSchemas(
    game_id=GAME.id, prefix="FiveHundred", record=Record, moves=MOVES, state=State, result=Result,
    deal_request=DealRequest, max_players=N,
    calculators={"trick_winner": (TrickWinnerIn, TrickWinnerOut), "validate_bid": (BidIn, BidOut),
                 "score": (ScoreIn, ScoreOut), "score_match": (MatchScoreIn, MatchScoreOut)},
)

# the listing holds the discard *template*, not a discard move (CONVENTIONS.md "Parameterized moves")
SCHEMAS.derived["LegalMoves"] = Schema.from_dict(
    {"seat": _seat(nullable=True), "moves": many(LISTED, nullable=True)}, name="FiveHundredLegalMoves")

# Variant call_partner adds an event (five-hundred.md, "Variants" V1): the move answer lists it too.
PartnerRevealed = Schema.from_dict({
    "type": const("partner_revealed"), "index": fields.Integer(required=True), "seat": _seat(),
    "card": card(CARD, description="the called card, just played"),
}, name="FiveHundredPartnerRevealedEvent")
_answer = SCHEMAS.derived["MoveAnswer"]._declared_fields
SCHEMAS.derived["MoveAnswer"] = Schema.from_dict({
    "record": nested(Record), "events": many(_answer["events"].inner.schemas + (PartnerRevealed,)),
    "state": nested(State),
}, name="FiveHundredMoveAnswer")
