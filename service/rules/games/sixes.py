"""Sixes: a Spanish-style shedding game built on the sixes, with chips and a pot (rules/sixes.md).

There are no tricks and no auction. Each suit's row starts with its six and grows one card at a time
down toward the ace and up toward the king (A 2 3 4 5 6 7 J Q K: the jack follows the seven). A
player who cannot add a card pays a chip into the pot and passes; the first player out takes the pot.

Nothing here relies on the core's trick-taking mechanics: the ``Hand`` hooks are implemented for a
layout instead of tricks, and ``check`` is extended locally for a view whose viewer cannot know who
holds the opening six of diamonds (see ``SixesHand.check``).
"""

from __future__ import annotations

from ..cards import NAMES, SUITS, Pack, lookup, mask_of, names
from ..errors import InvalidRecord, short
from ..game import Game, Hand, hand_number, is_int, parse_match, parse_seat
from ..holdings import Holdings
from ..options import Option, parse_options

# --- the pack and the building sequence ---------------------------------------------------------

SEQUENCE = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
SIX_POS = SEQUENCE.index("6")
ORDER = [r + s for s in SUITS for r in SEQUENCE]
PACK = Pack(ORDER)

# SEQ_CARD[suit][pos]: the card int at that place of the suit's sequence; POS[card]: its place.
SEQ_CARD = tuple(tuple(lookup(r + s) for r in SEQUENCE) for s in SUITS)
POS = [-1] * 64   # indexed by card int
SUIT = [-1] * 64
for _suit, _row in enumerate(SEQ_CARD):
    for _pos, _card in enumerate(_row):
        POS[_card], SUIT[_card] = _pos, _suit
SIXES_MASK = mask_of(row[SIX_POS] for row in SEQ_CARD)
SIX_OF_DIAMONDS = lookup("6D")
OPTIONS = (
    Option("players", "integer", 5, "number of players (8, 10 or 14/13/13 cards each)",
           choices=(3, 4, 5)),
    Option("start_chips", "integer", 10, "chips each player has at the start of the match",
           minimum=1, maximum=100),
    Option("voluntary_pass", "boolean", False,
           "a player may pass (paying a chip) even when he could play"),
)


def hand_sizes(n: int, dealer: int) -> list[int]:
    """Cards dealt to each seat: 40 one at a time from ``dealer + 1``."""
    sizes = [0] * n
    for i in range(PACK.size):
        sizes[(dealer + 1 + i) % n] += 1
    return sizes


# --- settlement (shared by the replay and the calculators) --------------------------------------

def match_outcome(chips: list[int]) -> tuple[bool, int | None, list[int]]:
    """``(match_over, winner, winners)`` once a round's pot is taken (Decision 7)."""
    if min(chips) > 0:
        return False, None, []
    best = max(chips)
    winners = [s for s, c in enumerate(chips) if c == best]
    return True, (winners[0] if len(winners) == 1 else None), winners


def settle(chips: list[int], passes: list[int], round_winner: int) -> dict:
    """The end-of-round settlement from the chips before the round, the passes and who went out."""
    paid = [min(p, c) for p, c in zip(passes, chips)]
    pot = sum(paid)
    deltas = [-p for p in paid]
    deltas[round_winner] += pot
    after = [c + d for c, d in zip(chips, deltas)]
    over, winner, winners = match_outcome(after)
    return {"pot": pot, "paid": paid, "unpaid_passes": [p - q for p, q in zip(passes, paid)],
            "deltas": deltas, "chips": after, "match_over": over, "winner": winner,
            "winners": winners}


# --- calculator bodies -------------------------------------------------------------------------

def _body_fields(body, required: tuple, what: str) -> None:
    if not isinstance(body, dict):
        raise InvalidRecord("invalid_record", f"{what} must be an object")
    missing = [k for k in required if k not in body]
    if missing:
        raise InvalidRecord("invalid_record", f"{what}: {short(missing[0])} is required")


def _chips(value, n: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n or not all(map(is_int, value)):
        raise InvalidRecord("bad_match", f"{where} must be a list of {n} integers")
    if min(value) <= 0:
        raise InvalidRecord("match_already_over",
                            f"{where}: every player must have at least one chip "
                            "(the match ends when a round leaves someone without chips)")
    return list(value)


def _passes(value, n: int, where: str) -> list[int]:
    if (not isinstance(value, list) or len(value) != n or not all(map(is_int, value))
            or min(value) < 0):
        raise InvalidRecord("bad_passes", f"{where} must be a list of {n} integers >= 0")
    return list(value)


# --- the game ----------------------------------------------------------------------------------

class Sixes(Game):
    id = "sixes"
    name = "Sixes"
    min_players, max_players = 3, 5
    options = OPTIONS
    move_fields = {"play": {"card": "card"}, "pass": {}}
    hidden_move_fields: dict[str, str] = {}  # every move is public

    def players(self, options: dict) -> int:
        return options.get("players", 5)

    def pack(self, options: dict) -> Pack:
        return PACK

    def deck_description(self) -> str:
        return ("40 cards: A 2 3 4 5 6 7 J Q K in spades, hearts, diamonds and clubs "
                "(no 8s, 9s or 10s); each suit's row runs A-7 then J, Q, K")

    # --- reading a record ---
    def parse_match(self, raw, options: dict) -> dict:
        n = self.players(options)
        return parse_match(raw, {"chips": [options["start_chips"]] * n, "hand_number": 1},
                           {"chips": lambda v: _chips(v, n, "match.chips"),
                            "hand_number": hand_number})

    def parse_deal(self, raw, hand: "SixesHand") -> None:
        extra = [k for k in raw if k != "hands"]
        if extra:
            raise InvalidRecord("bad_deal", f"record.deal: unknown field {short(extra[0])}")
        hands = raw.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("bad_deal", "record.deal.hands must be a list of hands")
        viewer = hand.viewer
        parsed = []
        for s, h in enumerate(hands):
            parsed.append(PACK.parse_list(h, f"record.deal.hands[{s}]", viewer is not None))
        seen = 0
        for s, h in enumerate(parsed):
            for i, c in enumerate(h):
                if c is None:
                    continue
                if seen >> c & 1:
                    raise InvalidRecord("duplicate_card",
                                        f"record.deal.hands[{s}][{i}]: {NAMES[c]} is dealt twice")
                seen |= 1 << c
        n = hand.n
        if len(parsed) != n:
            raise InvalidRecord("wrong_card_count",
                                f"record.deal.hands: {len(parsed)} hands for {n} players")
        sizes = hand_sizes(n, hand.dealer)
        for s, h in enumerate(parsed):
            if len(h) != sizes[s]:
                raise InvalidRecord("wrong_card_count",
                                    f"record.deal.hands[{s}]: {len(h)} cards, seat {s} is dealt "
                                    f"{sizes[s]} (dealer {hand.dealer}, {n} players)")
        if viewer is not None and None in parsed[viewer]:
            raise InvalidRecord("view_incomplete",
                                f"record.deal.hands[{viewer}]: the viewer's own cards are needed")
        hand.dealt = parsed
        hand.holdings = Holdings(parsed)

    # --- dealing ---
    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        n = self.players(options)
        hands: list[list[int]] = [[] for _ in range(n)]
        for i, card in enumerate(cards):
            hands[(dealer + 1 + i) % n].append(card)
        return {"hands": [names(h) for h in hands]}

    def next_match(self, match: dict, result: dict, hand: Hand) -> dict:
        # the core's default writes ``scores``; Sixes' match object counts ``chips``
        return {**match, "chips": result["chips"], "hand_number": match["hand_number"] + 1}

    # --- calculators ---
    def _options_and_chips(self, body, what):
        options = parse_options(body.get("options"), self.options)
        n = self.players(options)
        chips = (_chips(body["chips"], n, f"{what}.chips") if "chips" in body
                 else [options["start_chips"]] * n)
        return options, n, chips

    def score(self, body) -> dict:
        _body_fields(body, ("passes", "round_winner"), "score")
        options, n, chips = self._options_and_chips(body, "score")
        passes = _passes(body["passes"], n, "score.passes")
        winner = parse_seat(body["round_winner"], n, "score.round_winner")
        out = settle(chips, passes, winner)
        return {"round_winner": winner, "pot": out["pot"], "passes": passes,
                "unpaid_passes": out["unpaid_passes"], "deltas": out["deltas"],
                "chips": out["chips"], "match_over": out["match_over"], "winner": out["winner"],
                "winners": out["winners"]}

    def score_match(self, body) -> dict:
        _body_fields(body, ("hands",), "matches/score")
        options, n, chips = self._options_and_chips(body, "matches/score")
        rounds = body["hands"]
        if not isinstance(rounds, list):
            raise InvalidRecord("bad_hands", "matches/score.hands must be a list")
        # rounds are checked as they are applied: those after the one that ends the match are
        # ignored, as in Buck Euchre's calculator
        running, over_after, winner, winners = [], None, None, []
        for i, r in enumerate(rounds):
            where = f"matches/score.hands[{i}]"
            _body_fields(r, ("passes", "round_winner"), where)
            passes = _passes(r["passes"], n, f"{where}.passes")
            round_winner = parse_seat(r["round_winner"], n, f"{where}.round_winner")
            out = settle(chips, passes, round_winner)
            chips = out["chips"]
            running.append(chips)
            if out["match_over"]:
                over_after, winner, winners = i, out["winner"], out["winners"]
                break
        return {"running_chips": running, "chips": chips, "over_after_hand": over_after,
                "match_over": over_after is not None, "winner": winner, "winners": winners}


class SixesHand(Hand):
    phase_moves = {"playing": frozenset({"play", "pass"}), "done": frozenset()}

    dealt: list[list[int | None]]
    holdings: Holdings

    def begin(self) -> None:
        n = self.n
        self.phase = "playing"
        self.chips_before = list(self.match["chips"])
        self.chips = list(self.chips_before)
        self.pot = 0
        self.passes = [0] * n
        self.unpaid = [0] * n
        self.low = [-1] * 4   # sequence place of each row's ends; -1: no row yet
        self.high = [-1] * 4
        self.playable = SIXES_MASK
        self.opener: int | None = None
        self.to_act = next((s for s in range(n) if self.holdings.known[s] >> SIX_OF_DIAMONDS & 1),
                           None)  # None only in a view whose viewer cannot see the 6D

    # --- checking ---
    def check(self, move: dict):
        # Local extension of the shared order: in a view whose viewer does not hold the six of
        # diamonds, nobody knows who opens until the opening is played. The viewer surely is not
        # the opener; any other seat may be, and its move gets the move's own checks.
        if self.phase == "playing" and self.to_act is None:
            if move["seat"] == self.viewer:
                return "not_your_turn", "the holder of 6D opens the round, not the viewer"
            return self.check_move(move)
        return super().check(move)

    def check_move(self, move: dict):
        seat = move["seat"]
        if not self.moves and (move["type"] != "play" or move["card"] != SIX_OF_DIAMONDS):
            return "must_start_with_6d", "the round opens with the holder of 6D playing it"
        if move["type"] == "play":
            card = move["card"]
            if not self.holdings.may_hold(seat, card):
                return "card_not_in_hand", f"seat {seat} does not hold {NAMES[card]}"
            if not self.playable >> card & 1:
                return "card_not_playable", f"{NAMES[card]} {self._why_not(card)}"
            return None
        if not self.options["voluntary_pass"] and self.holdings.known[seat] & self.playable:
            can = [NAMES[c] for c in self.holdings.held[seat]
                   if c is not None and self.playable >> c & 1]
            return "must_play", f"seat {seat} can play {', '.join(can)} and must play one"
        return None

    def _why_not(self, card: int) -> str:
        suit = SUIT[card]
        if self.low[suit] < 0:
            return f"cannot be played: the {SUITS[suit]} row is not started (it needs the 6 first)"
        low, high = SEQ_CARD[suit][self.low[suit]], SEQ_CARD[suit][self.high[suit]]
        ends = [NAMES[SEQ_CARD[suit][p]] for p in (self.low[suit] - 1, self.high[suit] + 1)
                if 0 <= p < len(SEQUENCE)]
        needs = f"only {' or '.join(ends)} can be added" if ends else "the row is complete"
        return f"cannot be played: the {SUITS[suit]} row is {NAMES[low]}-{NAMES[high]}; {needs}"

    # --- applying ---
    def apply(self, move: dict) -> list[dict]:
        seat = move["seat"]
        if move["type"] == "play":
            card = move["card"]
            self.holdings.remove(seat, card)
            if not self.moves:
                self.opener = seat
            self._lay(card)
            if self.holdings.size(seat) == 0:
                self._finish(seat)
                return []
        else:
            self.passes[seat] += 1
            if self.chips[seat] > 0:
                self.chips[seat] -= 1
                self.pot += 1
            else:
                self.unpaid[seat] += 1
        self.to_act = (seat + 1) % self.n
        return []

    def _lay(self, card: int) -> None:
        suit, pos = SUIT[card], POS[card]
        row = SEQ_CARD[suit]
        if self.low[suit] < 0:
            self.low[suit] = self.high[suit] = pos
        elif pos < self.low[suit]:
            self.low[suit] = pos
        else:
            self.high[suit] = pos
        self.playable &= ~(1 << card)
        lo, hi = self.low[suit] - 1, self.high[suit] + 1
        if lo >= 0:
            self.playable |= 1 << row[lo]
        if hi < len(row):
            self.playable |= 1 << row[hi]

    def _finish(self, winner: int) -> None:
        pot = self.pot
        self.chips[winner] += pot
        self.pot = 0
        over, match_winner, winners = match_outcome(self.chips)
        self.result = {
            "round_winner": winner, "pot": pot, "passes": list(self.passes),
            "unpaid_passes": list(self.unpaid),
            "deltas": [a - b for a, b in zip(self.chips, self.chips_before)],
            "chips": list(self.chips), "match_over": over, "winner": match_winner,
            "winners": winners, "next_dealer": self.opener,
            # the same counts under the name every game's result shares (CONVENTIONS.md: "scores
            # (after the hand; Sixes: chips)"); the core's match replay reads ``result["scores"]``
            "scores": list(self.chips),
        }
        self.phase = "done"
        self.to_act = None

    # --- listing and state ---
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if not self.moves:
            return [{"seat": seat, "type": "play", "card": "6D"}]
        out = [{"seat": seat, "type": "play", "card": NAMES[c]}
               for c in self.holdings.held[seat] if c is not None and self.playable >> c & 1]
        if not out or self.options["voluntary_pass"]:
            out.append({"seat": seat, "type": "pass"})
        return out

    def layout(self) -> dict:
        out = {}
        for suit, letter in enumerate(SUITS):
            if self.low[suit] < 0:
                out[letter] = None
            else:
                row = SEQ_CARD[suit]
                out[letter] = {"low": NAMES[row[self.low[suit]]], "high": NAMES[row[self.high[suit]]]}
        return out

    def derived(self) -> dict:
        return {
            "tricks": [],
            "layout": self.layout(),
            "pot": self.pot,
            "chips": list(self.chips),
            "hand_sizes": [self.holdings.size(s) for s in range(self.n)],
            "hands": [names(h) for h in self.holdings.held],
        }

    def deal_json(self, viewer: int | None) -> dict:
        return {"hands": [names(h) if viewer is None or s == viewer else [None] * len(h)
                          for s, h in enumerate(self.dealt)]}


Sixes.hand_class = SixesHand
GAME = Sixes()
