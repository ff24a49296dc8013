"""Sixes: a Spanish-style shedding game built on the sixes, with chips and a pot (rules/sixes.md).

There are no tricks and no auction. Each suit's row starts with its six and grows one card at a time
down toward the ace and up toward the king (A 2 3 4 5 6 7 J Q K: the jack follows the seven). A
player who cannot add a card pays a chip into the pot and passes; the first player out takes the pot.

Nothing here relies on the core's trick-taking mechanics: the ``Hand`` hooks are implemented for a
layout instead of tricks, and ``check`` is extended locally for a view whose viewer cannot know who
holds the opening six of diamonds (see ``SixesHandCore.check``).
"""

from __future__ import annotations

from ..cards import NAMES, SUITS, Pack, lookup, mask_of, names
from ..errors import InvalidRecord, M, N_, short
from ..game import Game, Hand, hand_number, is_int, parse_match, parse_seat
from ..holdings import Holdings
from ..options import Option, parse_options

try:
    import cython
except ImportError:  # run from source without Cython installed
    from .. import _cython as cython

# --- the packs and the building sequences ------------------------------------------------------


class Build:
    """One pack and its suits' building sequence (the 40-card pack; the 48-card one with 6 players)."""

    def __init__(self, sequence: tuple[str, ...]):
        self.sequence = sequence
        self.order = [r + s for s in SUITS for r in sequence]
        self.pack = Pack(self.order)
        # seq_card[suit][pos]: the card int at that place of the suit's sequence; pos[card]: its place
        self.seq_card = tuple(tuple(lookup(r + s) for r in sequence) for s in SUITS)
        self.pos = [-1] * 64   # indexed by card int
        self.suit = [-1] * 64
        for suit, row in enumerate(self.seq_card):
            for place, card in enumerate(row):
                self.pos[card], self.suit[card] = place, suit
        six = sequence.index("6")
        self.sixes = mask_of(row[six] for row in self.seq_card)
        # opens[card]: what laying it makes playable (rows grow outward from the six, so a card
        # laid below the six opens the next one down, above it the next one up, the six both)
        self.opens = [0] * 64
        for row in self.seq_card:
            for place, card in enumerate(row):
                places = (place - 1, place + 1) if place == six else (place - 1,) if place < six else (place + 1,)
                self.opens[card] = mask_of(row[p] for p in places if 0 <= p < len(row))


BUILD_40 = Build(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"))
BUILD_48 = Build(("A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"))  # variant: 6 players
SEQUENCE, ORDER, PACK = BUILD_40.sequence, BUILD_40.order, BUILD_40.pack
SIX_POS = SEQUENCE.index("6")
SEQ_CARD, POS, SUIT, SIXES_MASK = BUILD_40.seq_card, BUILD_40.pos, BUILD_40.suit, BUILD_40.sixes
SIX_OF_DIAMONDS = lookup("6D")


def build_for(n: int) -> Build:
    return BUILD_48 if n == 6 else BUILD_40


OPTIONS = (
    Option("players", "integer", 5, "number of players (8, 10 or 14/13/13 cards each; 6: variant, "
           "the 48-card pack with the 8s and 9s, 8 each)", choices=(3, 4, 5, 6)),
    Option("start_chips", "integer", 10, "chips each player has at the start of the match",
           minimum=1, maximum=100),
    Option("voluntary_pass", "boolean", False,
           "a player may pass (paying a chip) even when he could play"),
    Option("ante", "integer", 0, "variant: chips each player pays into the pot at the start of every "
           "round (0: no ante)", minimum=0, maximum=10, variant=True),
    Option("pay_per_card", "boolean", False, "variant (Fan Tan settlement): when a player goes out, "
           "every other player pays him one chip per card left in hand", variant=True),
)


def hand_sizes(n: int, dealer: int) -> list[int]:
    """Cards dealt to each seat: the whole pack (40, or 48 with 6) one at a time from ``dealer + 1``."""
    known = _SIZES.get((n, dealer))
    return list(known) if known is not None else _hand_sizes(n, dealer)


def _hand_sizes(n: int, dealer: int) -> list[int]:
    sizes = [0] * n
    for i in range(build_for(n).pack.size):
        sizes[(dealer + 1 + i) % n] += 1
    return sizes


_SIZES = {(n, dealer): tuple(_hand_sizes(n, dealer)) for n in (3, 4, 5, 6) for dealer in range(n)}


# --- settlement (shared by the replay and the calculators) --------------------------------------

def match_outcome(chips: list[int]) -> tuple[bool, int | None, list[int]]:
    """``(match_over, winner, winners)`` once a round's pot is taken (Decision 7)."""
    if min(chips) > 0:
        return False, None, []
    best = max(chips)
    winners = [s for s, c in enumerate(chips) if c == best]
    return True, (winners[0] if len(winners) == 1 else None), winners


def antes_of(chips: list[int], ante: int) -> list[int]:
    """Variant ``ante``: what each seat pays before the opening, all he has if that is less."""
    return [min(ante, c) for c in chips]


def settle(chips: list[int], passes: list[int], round_winner: int, ante: int = 0,
           cards_left: list[int] | None = None) -> dict:
    """The end-of-round settlement from the chips before the round, the passes and who went out.

    The variants add two payments into the same pot: the antes before the passes and, with
    ``cards_left`` (``pay_per_card``), a chip per card left after them, as far as each stack goes.
    """
    antes = antes_of(chips, ante)
    left = [c - a for c, a in zip(chips, antes)]
    paid = [min(p, c) for p, c in zip(passes, left)]
    out_of = [a + p for a, p in zip(antes, paid)]
    card_payments = None
    if cards_left is not None:
        card_payments = [0 if s == round_winner else min(k, c - p)
                         for s, (k, c, p) in enumerate(zip(cards_left, left, paid))]
        out_of = [o + k for o, k in zip(out_of, card_payments)]
    pot = sum(out_of)
    deltas = [-p for p in out_of]
    deltas[round_winner] += pot
    after = [c + d for c, d in zip(chips, deltas)]
    over, winner, winners = match_outcome(after)
    return {"pot": pot, "paid": paid, "unpaid_passes": [p - q for p, q in zip(passes, paid)],
            "deltas": deltas, "chips": after, "match_over": over, "winner": winner,
            "winners": winners, "antes": antes, "card_payments": card_payments}


def variant_fields(out: dict, ante: int, antes, cards_left, card_payments) -> dict:
    """The result fields a variant adds, only while it is on (the defaults' answers stay as they were)."""
    if ante >= 1:
        out["antes"] = list(antes)
    if cards_left is not None:
        out["cards_left"] = list(cards_left)
        out["card_payments"] = list(card_payments)
    return out


# --- calculator bodies -------------------------------------------------------------------------

def _body_fields(body, required: tuple, what: str) -> None:
    if not isinstance(body, dict):
        raise InvalidRecord("invalid_record", M("{what} must be an object", what=what))
    missing = [k for k in required if k not in body]
    if missing:
        raise InvalidRecord("invalid_record", M("{what}: {missing} is required", what=what, missing=short(missing[0])))


def _chips(value, n: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n or not all(map(is_int, value)):
        raise InvalidRecord("bad_match", M("{where} must be a list of {n} integers", where=where, n=n))
    if min(value) <= 0:
        raise InvalidRecord("match_already_over",
                            M("{where}: every player must have at least one chip (the match ends when a round "
                            "leaves someone without chips)", where=where))
    return list(value)


def _passes(value, n: int, where: str) -> list[int]:
    if (not isinstance(value, list) or len(value) != n or not all(map(is_int, value))
            or min(value) < 0):
        raise InvalidRecord("bad_passes", M("{where} must be a list of {n} integers >= 0", where=where, n=n))
    return list(value)


# --- the game ----------------------------------------------------------------------------------

class Sixes(Game):
    id = "sixes"
    name = N_("Sixes")
    min_players, max_players = 3, 6
    options = OPTIONS
    move_fields = {"play": {"card": "card"}, "pass": {}}
    hidden_move_fields: dict[str, str] = {}  # every move is public

    def players(self, options: dict) -> int:
        return options.get("players", 5)

    def pack(self, options: dict) -> Pack:
        return build_for(self.players(options)).pack

    def deck_description(self) -> str:
        return N_("40 cards: A 2 3 4 5 6 7 J Q K in spades, hearts, diamonds and clubs "
                "(no 8s, 9s or 10s); each suit's row runs A-7 then J, Q, K; with 6 players (variant) "
                "48 cards, adding the 8s and 9s between the 7 and the J")

    # --- reading a record ---
    def _start(self, record, verify: bool = True, header=None) -> "SixesHand":
        # a record longer than the rules allow is refused before any move is replayed (docs/TRUST.md, "Long
        # records"): the moves come last in the order of checks, so everything else is checked first
        hand = super()._start(record, verify, header)
        moves = record.get("moves")
        if isinstance(moves, list) and len(moves) > hand.max_moves():
            raise InvalidRecord("too_many_moves", M("record.moves: {count} moves; {why}", count=len(moves), why=hand.max_moves_why()))
        return hand

    @cython.locals(d=dict, canonical=dict)  # compiled: the dicts' lookups are C calls
    def _fast_move(self, raw, n: int, pack: Pack) -> dict | None:
        """A canonical play or pass (every move of a record) in one pass, read as the core's readers
        read them; anything else None (``parse_move`` then)."""
        if type(raw) is dict:
            d = raw
            kind, seat = d.get("type"), d.get("seat")
            if type(seat) is int and 0 <= seat < n and type(kind) is str:
                if kind == "play":
                    text = d.get("card")
                    if len(d) == 3 and type(text) is str:
                        canonical = pack.canonical
                        card = canonical.get(text)
                        if card is not None:
                            return {"seat": seat, "type": "play", "card": card}
                elif kind == "pass" and len(d) == 2:
                    return {"seat": seat, "type": "pass"}
        return None

    def parse_move(self, raw, n: int, pack: Pack, viewer, where: str) -> dict:
        """The core's, with the one-pass reading of a canonical play or pass first (``_fast_move``);
        anything else gets the core's checks and words."""
        return self._fast_move(raw, n, pack) or Game.parse_move(self, raw, n, pack, viewer, where)

    def parse_match(self, raw, options: dict) -> dict:
        n = self.players(options)
        return parse_match(raw, {"chips": [options["start_chips"]] * n, "hand_number": 1},
                           {"chips": lambda v: _chips(v, n, "match.chips"),
                            "hand_number": hand_number})

    def parse_deal(self, raw, hand: "SixesHand") -> None:
        extra = [k for k in raw if k != "hands"]
        if extra:
            raise InvalidRecord("bad_deal", M("record.deal: unknown field {extra}", extra=short(extra[0])))
        hands = raw.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("bad_deal", M("record.deal.hands must be a list of hands"))
        viewer = hand.viewer
        parsed = []
        for s, h in enumerate(hands):
            parsed.append(hand.pack.parse_list(h, f"record.deal.hands[{s}]", viewer is not None))
        every = [c for h in parsed for c in h if c is not None]
        seen = 0
        for s, h in enumerate(parsed if len(set(every)) != len(every) else ()):  # a duplicate: found in order
            for i, c in enumerate(h):
                if c is None:
                    continue
                if seen >> c & 1:
                    raise InvalidRecord("duplicate_card",
                                        M("record.deal.hands[{value}][{value2}]: {names} is dealt twice", value=s, value2=i, names=NAMES[c]))
                seen |= 1 << c
        n = hand.n
        if len(parsed) != n:
            raise InvalidRecord("wrong_card_count",
                                M("record.deal.hands: {parsed} hands for {n} players", parsed=len(parsed), n=n))
        sizes = hand_sizes(n, hand.dealer)
        for s, h in enumerate(parsed):
            if len(h) != sizes[s]:
                raise InvalidRecord("wrong_card_count",
                                    M("record.deal.hands[{value}]: {h} cards, seat {value} is dealt {sizes} "
                                    "(dealer {dealer}, {n} players)",
                                    value=s, h=len(h), sizes=sizes[s], dealer=hand.dealer, n=n))
        if viewer is not None and None in parsed[viewer]:
            raise InvalidRecord("view_incomplete",
                                M("record.deal.hands[{viewer}]: the viewer's own cards are needed", viewer=viewer))
        hand.dealt = parsed
        hand.holdings = Holdings(parsed)

    # --- dealing ---
    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        n = self.players(options)
        hands: list[list[int]] = [[] for _ in range(n)]
        for j in range(n):  # one at a time from the dealer's left: every n-th card
            hands[(dealer + 1 + j) % n] = cards[j::n]
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

    @staticmethod
    def _cards_left(body, options: dict, n: int, where: str) -> list[int] | None:
        """Variant ``pay_per_card``: each seat's cards left, required with it and ignored without."""
        if not options.get("pay_per_card"):
            return None
        if "cards_left" not in body:
            raise InvalidRecord("invalid_record", M("{where}: 'cards_left' is required with pay_per_card", where=where))
        return _passes(body["cards_left"], n, f"{where}.cards_left")

    def score(self, body) -> dict:
        _body_fields(body, ("passes", "round_winner"), "score")
        options, n, chips = self._options_and_chips(body, "score")
        passes = _passes(body["passes"], n, "score.passes")
        winner = parse_seat(body["round_winner"], n, "score.round_winner")
        left = self._cards_left(body, options, n, "score")
        ante = options.get("ante", 0)
        out = settle(chips, passes, winner, ante, left)
        answer = {"round_winner": winner, "pot": out["pot"], "passes": passes,
                  "unpaid_passes": out["unpaid_passes"], "deltas": out["deltas"],
                  "chips": out["chips"], "match_over": out["match_over"], "winner": out["winner"],
                  "winners": out["winners"]}
        if ante >= 1:
            answer["antes"] = out["antes"]
        if left is not None:
            answer["card_payments"] = out["card_payments"]
        return answer

    def score_match(self, body) -> dict:
        _body_fields(body, ("hands",), "matches/score")
        options, n, chips = self._options_and_chips(body, "matches/score")
        rounds = body["hands"]
        if not isinstance(rounds, list):
            raise InvalidRecord("bad_hands", M("matches/score.hands must be a list"))
        # rounds are checked as they are applied: those after the one that ends the match are
        # ignored, as in Buck Euchre's calculator
        running, over_after, winner, winners = [], None, None, []
        for i, r in enumerate(rounds):
            where = f"matches/score.hands[{i}]"
            _body_fields(r, ("passes", "round_winner"), where)
            passes = _passes(r["passes"], n, f"{where}.passes")
            round_winner = parse_seat(r["round_winner"], n, f"{where}.round_winner")
            left = self._cards_left(r, options, n, where)
            out = settle(chips, passes, round_winner, options.get("ante", 0), left)
            chips = out["chips"]
            running.append(chips)
            if out["match_over"]:
                over_after, winner, winners = i, out["winner"], out["winners"]
                break
        return {"running_chips": running, "chips": chips, "over_after_hand": over_after,
                "match_over": over_after is not None, "winner": winner, "winners": winners}


class SixesHandCore(Hand):
    """The round's state and moves. Compiled, an extension type built on ``Hand`` (``sixes.pxd``):
    its fields are C struct members, and the move's methods call each other through C."""

    phase_moves = {"playing": frozenset({"play", "pass"}), "done": frozenset()}

    def begin(self) -> None:
        n = self.n
        self.phase = "playing"
        self.chips_before = list(self.match["chips"])
        self.passes = [0] * n
        self.unpaid = [0] * n
        self.low = [-1] * 4   # sequence place of each row's ends; -1: no row yet
        self.high = [-1] * 4
        self.build = build_for(n)
        self.ante = self.options.get("ante", 0)
        self.antes = antes_of(self.chips_before, self.ante)
        self.chips = [c - a for c, a in zip(self.chips_before, self.antes)]
        self.pot = sum(self.antes)
        self.playable = self.build.sixes
        self.opener = None
        self.to_act = next((s for s in range(n) if self.holdings.known[s] >> SIX_OF_DIAMONDS & 1),
                           None)  # None only in a view whose viewer cannot see the 6D

    # --- the longest round the rules allow ---
    def max_moves(self) -> int:
        """At most this many moves in the round (rules/sixes.md; docs/TRUST.md, "Long records").

        Plays: at most the pack less one card per other seat (the round ends when one seat plays its
        last card). Between two plays every seat acts at most once without a play unless a pass is
        voluntary: some seat always holds a playable card (each suit's next card, or its six, is in a
        hand), and the layout does not move while seats pass. A voluntary pass costs a chip and a
        chip paid stays in the pot until the round ends, so they are at most the chips left after
        the antes; each lets the seats go round once more.
        """
        n = self.n
        plays = self.build.pack.size - (n - 1)
        voluntary = sum(self.chips) if self.options["voluntary_pass"] else 0
        return plays + (n - 1) * (plays - 1) + n * voluntary

    def max_moves_why(self) -> str:
        if self.options["voluntary_pass"]:
            return M("a round of {n} players holds at most {moves} with {chips} chips to pay voluntary passes",
                     n=self.n, moves=self.max_moves(), chips=sum(self.chips))
        return M("a round of {n} players holds at most {moves}", n=self.n, moves=self.max_moves())

    # --- the common move, checked and applied in one step ---
    # compiled, C locals: this pack's cards are below 64, so a seat's mask fits 64 bits
    @cython.locals(seat=cython.Py_ssize_t, card=cython.Py_ssize_t, holdings=Holdings, known=cython.ulonglong)
    def play(self, move: dict, index: int) -> list[dict]:
        """After the opening, a playable card played in turn from a hand known to hold it, or a pass
        in turn from a hand known to hold no playable card: ``check`` would pass either (the same
        tests), so it is applied at once; anything else takes the shared order of checks, which
        also words a refusal."""
        kind = move["type"]
        if (kind == "play" or kind == "pass") and self.phase == "playing" and (mover := move["seat"]) == self.to_act \
                and self.moves:
            seat = mover
            holdings = self.holdings
            known = holdings.known[seat]
            if kind == "pass":
                if not known & self.playable:
                    return self.recorded(move, self.apply(move), index)
                return Hand.play(self, move, index)  # a voluntary pass, or a refusal
            card = move["card"]
            if 0 <= card < 64 and known >> card & 1 and self.playable >> card & 1:  # compiled: a C shift
                holdings.remove(seat, card)
                self._lay(card)
                if holdings.held[seat]:
                    self.to_act = (seat + 1) % self.n
                else:
                    self._finish(seat)
                return self.recorded(move, [], index)
        return Hand.play(self, move, index)

    # --- checking ---
    def check(self, move: dict):
        # Local extension of the shared order: in a view whose viewer does not hold the six of
        # diamonds, nobody knows who opens until the opening is played. The viewer surely is not
        # the opener; any other seat may be, and its move gets the move's own checks.
        if self.phase == "playing" and self.to_act is None:
            if move["seat"] == self.viewer:
                return "not_your_turn", M("the holder of 6D opens the round, not the viewer")
            return self.check_move(move)
        return Hand.check(self, move)

    def check_move(self, move: dict):
        seat = move["seat"]
        if not self.moves and (move["type"] != "play" or move["card"] != SIX_OF_DIAMONDS):
            return "must_start_with_6d", M("the round opens with the holder of 6D playing it")
        if move["type"] == "play":
            card = move["card"]
            if not self.holdings.may_hold(seat, card):
                return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=NAMES[card])
            if not self.playable >> card & 1:
                return "card_not_playable", M("{card} {card2}", card=NAMES[card], card2=self._why_not(card))
            return None
        # a voluntary pass is paid ("may also pass (and pay) when he could play"): without a chip,
        # a seat that can play must (the free pass is for one who cannot)
        if self.holdings.known[seat] & self.playable and not (self.options["voluntary_pass"]
                                                               and self.chips[seat]):
            can = [NAMES[c] for c in self.holdings.held[seat]
                   if c is not None and self.playable >> c & 1]
            if self.options["voluntary_pass"]:
                return "must_play", M("seat {seat} can play {can} and must play one (a voluntary pass costs a chip; "
                                      "he has none)", seat=seat, can=', '.join(can))
            return "must_play", M("seat {seat} can play {can} and must play one", seat=seat, can=', '.join(can))
        return None

    def _why_not(self, card: int) -> str:
        b = self.build
        suit = b.suit[card]
        if self.low[suit] < 0:
            return M("cannot be played: the {suit} row is not started (it needs the 6 first)", suit=SUITS[suit])
        low, high = b.seq_card[suit][self.low[suit]], b.seq_card[suit][self.high[suit]]
        ends = [NAMES[b.seq_card[suit][p]] for p in (self.low[suit] - 1, self.high[suit] + 1)
                if 0 <= p < len(b.sequence)]
        needs = M("only {cards} can be added", cards=' or '.join(ends)) if ends else M("the row is complete")
        return M("cannot be played: the {suit} row is {low}-{high}; {needs}", suit=SUITS[suit], low=NAMES[low],
                 high=NAMES[high], needs=needs)

    # --- applying ---
    def apply(self, move: dict) -> list[dict]:
        seat = move["seat"]
        if move["type"] == "play":
            card = move["card"]
            self.holdings.remove(seat, card)
            if not self.moves:
                self.opener = seat
            self._lay(card)
            if not self.holdings.held[seat]:
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

    @cython.locals(card=cython.Py_ssize_t, build=Build, suit=cython.Py_ssize_t, pos=cython.Py_ssize_t,
                   low=list, bit=cython.ulonglong, opens=cython.ulonglong)
    def _lay(self, card: int) -> None:
        """Lay a playable card: the row's end moves, and the card's neighbour outward opens."""
        build = self.build
        suit, pos = build.suit[card], build.pos[card]
        low = self.low
        if low[suit] < 0:
            low[suit] = self.high[suit] = pos
        elif pos < low[suit]:
            low[suit] = pos
        else:
            self.high[suit] = pos
        bit, opens = 1, build.opens[card]  # compiled, 64-bit masks: no Python int on the way
        self.playable = self.playable & ~(bit << card) | opens

    def _finish(self, winner: int) -> None:
        cards_left = payments = None
        if self.options.get("pay_per_card"):  # variant: a chip per card left, as far as chips go
            cards_left = [self.holdings.size(s) for s in range(self.n)]
            payments = [min(k, c) for k, c in zip(cards_left, self.chips)]
            self.chips = [c - k for c, k in zip(self.chips, payments)]
            self.pot += sum(payments)
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
        variant_fields(self.result, self.ante, self.antes, cards_left, payments)
        self.result["next_match"] = None if self.result["match_over"] else self.game.next_match(self.match, self.result, self)
        self.phase = "done"
        self.to_act = None

    # --- listing and state ---
    # compiled, C locals: the hand's scan tests each card's bit of a 64-bit mask
    @cython.locals(holdings=Holdings, playable=cython.ulonglong, card=cython.Py_ssize_t, out=list,
                   at=cython.Py_ssize_t, held=list, card_names=dict)
    def legal_moves(self) -> list[dict]:
        seat = self.to_act
        if not self.moves:
            return [{"seat": seat, "type": "play", "card": "6D"}]
        holdings, at, card_names = self.holdings, seat, NAMES  # compiled: a C index, a typed dict
        playable = holdings.known[at]
        playable &= self.playable  # none, often: a pass, and no scan of the hand
        out = []
        if playable:
            held = holdings.held[at]
            for c in held:
                if c is not None:
                    card = c
                    if playable >> card & 1:
                        out.append({"seat": seat, "type": "play", "card": card_names[card]})
        if not out or self.options["voluntary_pass"] and self.chips[seat]:
            out.append({"seat": seat, "type": "pass"})
        return out

    def layout(self) -> dict:
        out = {}
        for suit, letter in enumerate(SUITS):
            if self.low[suit] < 0:
                out[letter] = None
            else:
                row = self.build.seq_card[suit]
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


class SixesHand(SixesHandCore):
    """A Sixes round's hand. A Python class on the compiled core, as every game's hand was before
    the typed core: its methods can still be replaced (the tests count plays so) and its instances
    take fields of their own. Compiled, that costs a check of the class's dictionary version per
    call through C (Cython's own, for an override), never a Python call."""


Sixes.hand_class = SixesHand
GAME = Sixes()
