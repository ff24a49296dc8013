"""Buck Euchre: four players each for themselves, 24 cards, counting down from 25.

Rules: ``shared/rules/buck-euchre.md`` (turn-up, dirty clubs, ordering and naming rounds, dropping
out, no-trump hands, march). Phases: ordering -> (discarding) -> dropping, or ordering -> naming ->
dropping; then playing -> done. A turned-up club starts in playing.
"""

from __future__ import annotations

from ..cards import CHARS_LOW, CHARS_SPAN, CLUBS, NAMES, SUITS, Pack, name, names, parse_suit, suit_of
from ..errors import InvalidRecord, M, N_, short
from ..game import Game, Hand, hand_number, parse_int_list, parse_match, parse_seat
from ..holdings import Holdings
from ..options import Option
from ..tricks import Ranking, plain, with_bowers

try:
    import cython
except ImportError:  # run from source without Cython installed
    from .. import _cython as cython

PACK = Pack("9S TS JS QS KS AS  9H TH JH QH KH AH  9D TD JD QD KD AD  9C TC JC QC KC AC")
N = 4
TRICKS = 5
# shuffled index -> seat offset from the dealer: twos then threes, from the dealer's left
_DEAL_PATTERN = [1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]

# dealer -> for each seat, the places in the shuffled pack of its cards (``_DEAL_PATTERN`` read once)
_DEALT_TO = tuple(tuple(tuple(i for i, offset in enumerate(_DEAL_PATTERN) if (dealer + offset) % N == seat)
                        for seat in range(N)) for dealer in range(N))

# phase -> the move types it takes that ``check_move`` passes whatever they hold
_UNCHECKED = {"ordering": frozenset({"pass", "order_up"}), "naming": frozenset({"pass"}),
              "dropping": frozenset({"stay", "drop"})}

_RANKINGS = {None: plain(None, PACK.mask)}
_RANKINGS.update({t: with_bowers(t, PACK.mask) for t in range(4)})


@cython.ccall  # called in C by the hand's end
@cython.locals(seat=cython.Py_ssize_t)
def score_hand(options: dict, maker, participants, tricks_won, scores, played_out: bool) -> dict:
    """The table of "Hand scoring and match end", shared by replay and the score calculators."""
    penalty = options["penalty"]
    deltas = [0] * N
    for seat in participants:
        t = tricks_won[seat]
        need = 3 if seat == maker else 1
        deltas[seat] = -t if t >= need else penalty
    new = [s + d for s, d in zip(scores, deltas)]
    march = None
    if played_out and len(participants) >= 2:
        for seat in participants:  # the participant who took every trick
            if tricks_won[seat] == TRICKS:
                march = seat
                break
    winner = None
    if march is not None and options["march_wins"]:
        winner = march
    else:
        winner = sole_lowest(new)
    return {"deltas": deltas, "scores": new, "march": march,
            "match_over": winner is not None, "winner": winner}


@cython.ccall
def sole_lowest(scores) -> int | None:
    low = min(scores)
    if low <= 0 and scores.count(low) == 1:
        return scores.index(low)
    return None


class BuckEuchreHand(Hand):
    phase_moves = {
        "ordering": frozenset({"pass", "order_up"}),
        "discarding": frozenset({"discard"}),
        "naming": frozenset({"pass", "name_trump"}),
        "dropping": frozenset({"stay", "drop"}),
        "playing": frozenset({"play"}),
        "done": frozenset(),
    }

    def begin(self) -> None:
        self.trump = None
        self.maker = None
        self.turned_down = False
        self.picked_up = False  # the dealer took the turn-up into his hand (an order-up)
        self.calls = 0
        self.dropped = [False] * N
        self.deciders: list[int] = []
        self.participants: list[int] = []
        self.tricks: list[tuple] = []  # (leader, [(seat, card)], winner)
        self.trick: list[tuple[int, int]] = []
        self.leader = None
        self.tricks_won = [0] * N
        self.holdings = Holdings(self.dealt)
        if suit_of(self.turn_up) == CLUBS:
            self.trump = CLUBS
            self._start_play(list(range(N)))
        else:
            self.phase, self.to_act = "ordering", self._left()

    def _left(self) -> int:
        return (self.dealer + 1) % N

    @property
    def ranking(self):
        return _RANKINGS[self.trump]  # trump changes during the auction, so looked up each time

    # --- the common move, checked and applied in one step ---
    def play(self, move, index):
        """A card played in turn from a hand known to hold it, following suit (``play_one``), and an
        auction move in turn that its phase takes (a discard: of a card known in the dealer's hand):
        ``check`` would pass them (the same tests, taken from the known cards), so they are applied
        at once; anything else takes the shared order of checks, which also words a refusal."""
        phase, kind = self.phase, move["type"]
        if phase == "playing":
            if kind == "play":
                return self.play_one(kind, move["seat"], move["card"], move, index)
        elif move["seat"] == self.to_act:  # no seat is to act when the hand is done
            if kind in _UNCHECKED.get(phase, ()):  # check_move has nothing to say of these
                return self.recorded(move, self.apply(move), index)
            if kind == "discard" and phase == "discarding":  # the dealer, who took the turn-up
                discarded = move["card"]  # None: hidden from a view (the shared checks pass it)
                if discarded is not None and self.holdings.known[self.to_act] >> discarded & 1:
                    return self.recorded(move, self.apply(move), index)
        return Hand.play(self, move, index)

    # compiled, C locals: this pack's cards are below 64, so a seat's mask fits 64 bits
    @cython.locals(seat=cython.Py_ssize_t, c=cython.Py_ssize_t, known=cython.ulonglong,
                   same=cython.ulonglong, trick=list, ranking=Ranking)
    def play_one(self, kind, seat, card, move, index):
        """A play in turn, from a hand known to hold the card, following suit: applied at once."""
        if kind != "play" or self.phase != "playing":
            return self.play(move, index)
        c = card
        known = self.holdings.known[seat] if seat == self.to_act and c != self.turn_up else 0
        if known >> c & 1:
            trick = self.trick
            if trick:
                ranking = _RANKINGS[self.trump]
                same = known & ranking.suit_masks[ranking.suit[trick[0][1]]]
                if same and not same >> c & 1:
                    return Hand.play(self, move, index)
            return self.recorded(move, self._play(seat, card), index)
        return Hand.play(self, move, index)

    # --- checks ---
    def check_move(self, move):
        kind = move["type"]
        if kind == "play" or kind == "discard":  # most moves: first
            card, seat, holdings = move["card"], move["seat"], self.holdings
            if card is None:  # another seat's hidden discard: nothing the viewer can check
                return None
            # the turn-up is public: it stays on the stock unless ordered up, and then only the
            # dealer can hold it (a view cannot tell whether he discarded it, but no one else has it)
            if card == self.turn_up and not (self.picked_up and seat == self.dealer) or \
                    not holdings.may_hold(seat, card):
                return "card_not_in_hand", M("seat {seat} does not hold {card}", seat=seat, card=name(card))
            if kind == "play" and self.trick and None not in holdings.held[seat]:
                ranking = _RANKINGS[self.trump]
                led = ranking.suit[self.trick[0][1]]
                if not ranking.follow(holdings.known[seat], led) >> card & 1:
                    return "must_follow_suit", M("seat {seat} must follow {led}", seat=seat, led=SUITS[led])
        elif kind == "name_trump":
            if move["suit"] == "NT" and self.options.get("allow_no_trump_call"):
                return None  # variant V1: the call is allowed whatever suit was turned down
            suit = parse_suit(move["suit"])
            if suit is None:
                return "invalid_suit", M("{suit} is not one of S, H, D, C", suit=short(move['suit']))
            if suit == suit_of(self.turn_up) and not self.options["allow_turned_suit"]:
                return "suit_turned_down", M("{suit} was turned down", suit=SUITS[suit])
        return None

    # --- moves ---
    def apply(self, move):
        seat, kind = move["seat"], move["type"]
        if kind == "play":  # most moves: first
            return self._play(seat, move["card"])
        if kind == "pass":
            self.calls += 1
            if self.calls < N:
                self.to_act = (seat + 1) % N
            elif self.phase == "ordering":
                self.turned_down, self.calls = True, 0
                self.phase, self.to_act = "naming", self._left()
            else:
                self._start_dropping(None, None)
        elif kind == "order_up":
            self.picked_up = True
            self.holdings.add(self.dealer, self.turn_up)
            self.trump, self.maker = suit_of(self.turn_up), seat
            self.phase, self.to_act = "discarding", self.dealer
        elif kind == "discard":
            # a discard the record shows (a full record, the dealer's view) is known to be out of play
            self.holdings.remove(seat, move["card"])
            self._start_dropping(self.trump, self.maker)
        elif kind == "name_trump":
            self._start_dropping(parse_suit(move["suit"]), seat)  # "NT" (variant): no trump
        elif kind in ("stay", "drop"):
            self.dropped[seat] = kind == "drop"
            self.deciders.pop(0)
            if self.deciders:
                self.to_act = self.deciders[0]
            else:
                self._after_dropping()
        return []

    def _start_dropping(self, trump, maker) -> None:
        self.trump, self.maker = trump, maker
        self.phase = "dropping"
        self.deciders = [(self.dealer + i) % N for i in range(1, N + 1) if (self.dealer + i) % N != maker]
        self.to_act = self.deciders[0]

    def _after_dropping(self) -> None:
        participants = [s for s in range(N) if not self.dropped[s]]
        if len(participants) >= 2:
            self._start_play(participants)
        else:
            self.participants = participants
            if participants:
                self.tricks_won[participants[0]] = TRICKS
            self._finish(played_out=False)

    def _start_play(self, participants) -> None:
        self.participants = participants
        self._after = [self._next_participant(s) for s in range(N)]  # who plays after each seat
        self.phase = "playing"
        self.leader = self.to_act = self._after[self.dealer]

    @cython.locals(i=cython.Py_ssize_t, s=cython.Py_ssize_t, n=cython.Py_ssize_t, participants=list)
    def _next_participant(self, seat: int) -> int:
        n, participants = N, self.participants
        for i in range(1, n + 1):
            s = (seat + i) % n
            if s in participants:
                return s
        raise AssertionError("no participant")

    @cython.locals(trick=list, best=cython.Py_ssize_t, ranking=Ranking)
    def _play(self, seat: int, card: int) -> list[dict]:
        self.holdings.remove(seat, card)
        trick = self.trick
        trick.append((seat, card))
        if len(trick) < len(self.participants):
            self.to_act = self._after[seat]
            return []
        ranking = _RANKINGS[self.trump]  # typed: its winner is called in C
        best = ranking.winner([c for _, c in trick])
        winner = trick[best][0]
        self.tricks.append((self.leader, self.trick, winner))  # written out only in derived()
        self.tricks_won[winner] += 1
        self.trick = []
        events = [{"type": "trick_won", "trick": len(self.tricks) - 1, "seat": winner}]
        if len(self.tricks) == TRICKS:
            self._finish(played_out=True)
        else:
            self.leader = self.to_act = winner
        return events

    def _finish(self, played_out: bool) -> None:
        scored = score_hand(self.options, self.maker, self.participants, self.tricks_won,
                            self.match["scores"], played_out)
        self.result = {"trump": None if self.trump is None else SUITS[self.trump],
                       "maker": self.maker, "participants": self.participants,
                       "tricks_won": self.tricks_won, **scored,
                       "next_dealer": (self.dealer + 1) % N}
        self.result["next_match"] = None if self.result["match_over"] else self.game.next_match(self.match, self.result, self)
        self.phase, self.to_act = "done", None

    # --- listings and state ---
    def legal_moves(self):
        s, phase = self.to_act, self.phase
        if phase == "ordering":
            return [{"seat": s, "type": "pass"}, {"seat": s, "type": "order_up"}]
        if phase == "naming":
            turned = suit_of(self.turn_up)
            return [{"seat": s, "type": "pass"}] + [
                {"seat": s, "type": "name_trump", "suit": SUITS[t]} for t in range(4)
                if t != turned or self.options["allow_turned_suit"]] + (
                [{"seat": s, "type": "name_trump", "suit": "NT"}] if self.options.get("allow_no_trump_call") else [])
        if phase == "dropping":
            return [{"seat": s, "type": "stay"}, {"seat": s, "type": "drop"}]
        hand = self.holdings.held[s]
        if phase == "discarding":
            return [{"seat": s, "type": "discard", "card": name(c)} for c in hand]
        mask = self.holdings.known[s]
        if self.trick:
            ranking = _RANKINGS[self.trump]
            mask = ranking.follow(mask, ranking.suit[self.trick[0][1]])
        return [{"seat": s, "type": "play", "card": NAMES[c]} for c in hand if mask >> c & 1]

    def derived(self):
        return {
            "tricks": [{"leader": leader, "cards": [{"seat": s, "card": name(c)} for s, c in cards],
                        "winner": winner} for leader, cards, winner in self.tricks],
            "current_trick": None if self.leader is None or self.phase != "playing" else
            {"leader": self.leader, "cards": [{"seat": s, "card": name(c)} for s, c in self.trick]},
            "trump": None if self.trump is None else SUITS[self.trump],
            "maker": self.maker,
            "turn_up": name(self.turn_up),
            "turned_down": self.turned_down,
            "dropped": self.dropped,
            "tricks_won": self.tricks_won,
            "hands": [names(h) for h in self.holdings.held],
        }

    def deal_json(self, viewer):
        def shown(cards, seat):
            return names(cards) if viewer is None or seat == viewer else [None] * len(cards)
        return {"hands": [shown(h, s) for s, h in enumerate(self.dealt)],
                "turn_up": name(self.turn_up),
                "stock": shown(self.stock, -1)}

    def hidden_move_card(self, move, viewer):
        return move["seat"] != viewer


@cython.ccall
@cython.locals(by_chars=list, row=list, rows=list, seen=cython.ulonglong, bit=cython.ulonglong,
               c=cython.Py_ssize_t, a=cython.Py_ssize_t, b=cython.Py_ssize_t, low=cython.Py_ssize_t,
               span=cython.Py_ssize_t, text=str)
def _canonical_deal(hands, stock, turn_up):
    """``(dealt, stock, turn_up)`` of a full deal every card of which is written canonically, all
    different, in the right numbers; None for anything else, which the full reading words."""
    if type(hands) is not list or len(hands) != N or type(stock) is not list or len(stock) != 3 \
            or type(turn_up) is not str:
        return None
    by_chars, low, span = PACK.by_chars, CHARS_LOW, CHARS_SPAN  # every name of this pack: two characters
    seen = 0  # 24 cards: a C mask holds them
    rows = []
    for row_names in (*hands, [*stock, turn_up]):  # four hands of 5, then the stock and the turn-up
        if type(row_names) is not list or len(row_names) != (5 if len(rows) < N else 4):
            return None
        row = []
        for value in row_names:
            if type(value) is not str:
                return None
            text = value  # cards.chars_slot, inlined
            if len(text) != 2:
                return None
            a, b = ord(text[0]) - low, ord(text[1]) - low
            if not (0 <= a < span and 0 <= b < span):
                return None
            card = by_chars[a * span + b]
            if card is None:
                return None
            c = card
            bit = 1
            bit <<= c
            if seen & bit:
                return None
            seen |= bit
            row.append(card)
        rows.append(row)
    return rows[:N], rows[N][:3], rows[N][3]


class BuckEuchre(Game):
    id = "buck-euchre"
    name = N_("Buck Euchre")
    min_players = max_players = N
    hand_class = BuckEuchreHand
    options = (
        Option("target", "integer", 25, "starting score of every player (counted down to 0)", 1, 100),
        Option("penalty", "integer", 5, "points added to a set maker or a bucked player", 1, 25),
        Option("march_wins", "boolean", True, "taking all five tricks in play wins the match at once"),
        Option("allow_turned_suit", "boolean", False,
               "in the naming round the turned-down suit may be named"),
        Option("allow_no_trump_call", "boolean", False,
               "variant: in the naming round a player may call no trump (name_trump with suit NT) and "
               "is then the maker, held to three tricks", variant=True),
    )
    move_fields = {
        "pass": {}, "order_up": {}, "discard": {"card": "card"}, "name_trump": {"suit": "string"},
        "stay": {}, "drop": {}, "play": {"card": "card"},
    }
    hidden_move_fields = {"discard": "card"}

    def pack(self, options):
        return PACK

    def deck_description(self):
        return N_("24 cards: 9 T J Q K A in S H D C")

    def parse_match(self, raw, options):
        if raw is None:  # a new match: what the reading below answers for it
            match = {"scores": [options["target"]] * N, "hand_number": 1}
            if sole_lowest(match["scores"]) is not None:
                raise InvalidRecord("match_already_over", M("these scores already end the match"))
            return match
        if type(raw) is dict and len(raw) == 2:  # both fields, well typed: read in one step
            scores, number = raw.get("scores"), raw.get("hand_number")
            if type(scores) is list and len(scores) == N and type(number) is int and number >= 1 \
                    and all([type(v) is int for v in scores]):
                if sole_lowest(scores) is not None:
                    raise InvalidRecord("match_already_over", M("these scores already end the match"))
                return {"scores": scores, "hand_number": number}

        def scores(v):
            return parse_int_list(v, N, "match.scores")
        match = parse_match(raw, {"scores": [options["target"]] * N, "hand_number": 1},
                            {"scores": scores, "hand_number": hand_number})
        if sole_lowest(match["scores"]) is not None:
            raise InvalidRecord("match_already_over", M("these scores already end the match"))
        return match

    def parse_deal(self, raw, hand):
        if hand.viewer is None and len(raw) == 3:  # a full deal written canonically: read in one pass
            read = _canonical_deal(raw.get("hands"), raw.get("stock"), raw.get("turn_up"))
            if read is not None:
                hand.dealt, hand.stock, hand.turn_up = read
                return
        hidden = hand.viewer is not None
        extra = [k for k in raw if k not in ("hands", "turn_up", "stock")]
        if extra:
            raise InvalidRecord("bad_deal", M("deal: unknown field {extra}", extra=short(extra[0])))
        hands = raw.get("hands")
        if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("bad_deal", M("deal.hands must be a list of card lists"))
        stock = raw.get("stock", [])
        dealt = [PACK.parse_list(h, f"deal.hands[{s}]", hidden_ok=hidden) for s, h in enumerate(hands)]
        turn_up = raw.get("turn_up")
        turn_up = None if turn_up is None else PACK.parse(turn_up, "deal.turn_up")
        stock = PACK.parse_list(stock, "deal.stock", hidden_ok=hidden)
        every = [c for c in [c for h in dealt for c in h] + stock + [turn_up] if c is not None]
        if len(set(every)) != len(every):
            seen = 0
            for card in every:
                if seen >> card & 1:
                    raise InvalidRecord("duplicate_card", M("{card} appears twice in the deal", card=name(card)))
                seen |= 1 << card
        if len(dealt) != N or any(len(h) != 5 for h in dealt):
            raise InvalidRecord("wrong_card_count", M("deal.hands must be 4 hands of 5 cards"))
        if len(stock) != 3:
            raise InvalidRecord("wrong_card_count", M("deal.stock must hold 3 cards"))
        if turn_up is None:
            raise InvalidRecord("wrong_card_count" if not hidden else "view_incomplete",
                                M("deal.turn_up is required (it is public)"))
        if hidden and None in dealt[hand.viewer]:
            raise InvalidRecord("view_incomplete", M("the viewer's own hand (seat {viewer}) must be given", viewer=hand.viewer))
        hand.dealt, hand.turn_up, hand.stock = dealt, turn_up, stock

    def deal_cards(self, cards, dealer, options, match):
        return {"hands": [[NAMES[cards[i]] for i in places] for places in _DEALT_TO[dealer]],
                "turn_up": NAMES[cards[20]], "stock": [NAMES[c] for c in cards[21:]]}

    # --- calculators ---
    def trick_winner(self, body):
        return trick_winner(body)

    def validate_bid(self, body):
        return validate_bid(self, body)

    def score(self, body):
        options = self.parse_options(body.get("options"))
        hand = _score_input(body, options, "")
        return score_hand(options, *hand, _scores(body.get("scores"), "scores"), hand_played_out(body))

    def score_match(self, body):
        options = self.parse_options(body.get("options"))
        raw = body.get("scores")
        scores = [options["target"]] * N if raw is None else _scores(raw, "scores")
        hands = body.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("invalid_record", M("hands must be a list"))
        running, over, winner = [], None, None
        for i, h in enumerate(hands):
            if not isinstance(h, dict):
                raise InvalidRecord("invalid_record", M("hands[{value}] must be an object", value=i))
            scored = score_hand(options, *_score_input(h, options, f"hands[{i}]."), scores,
                                hand_played_out(h, f"hands[{i}]."))
            scores = scored["scores"]
            running.append(scores)
            if scored["match_over"]:
                over, winner = i, scored["winner"]
                break
        return {"running_scores": running, "scores": scores, "over_after_hand": over, "winner": winner}


def _scores(value, where):
    return parse_int_list(value, N, where)


def hand_played_out(body, where="") -> bool:
    value = body.get("played_out", True)
    if not isinstance(value, bool):
        raise InvalidRecord("invalid_record", M("{where}played_out must be a boolean", where=where))
    return value


def _score_input(body, options, where):
    """(maker, participants, tricks_won) of a hand outcome, checked for consistency."""
    if "maker" not in body:
        raise InvalidRecord("invalid_record", M("{where}maker is required (a seat, or null)", where=where))
    maker = body["maker"]
    if maker is not None:
        maker = parse_seat(maker, N, f"{where}maker")
    parts = body.get("participants")
    if not isinstance(parts, list) or len(set(map(repr, parts))) != len(parts):
        raise InvalidRecord("invalid_record", M("{where}participants must be a list of distinct seats", where=where))
    parts = sorted(parse_seat(p, N, f"{where}participants") for p in parts)
    tricks = parse_int_list(body.get("tricks_won"), N, f"{where}tricks_won")
    if maker is not None and maker not in parts:
        raise InvalidRecord("invalid_record", M("{where}maker must be a participant (the maker never drops)", where=where))
    if any(t < 0 for t in tricks) or any(tricks[s] for s in range(N) if s not in parts):
        raise InvalidRecord("invalid_record", M("{where}tricks_won: only participants take tricks", where=where))
    if sum(tricks) != (TRICKS if parts else 0):
        raise InvalidRecord("invalid_record", M("{where}tricks_won must add up to 5 among the participants", where=where))
    return maker, parts, tricks


def trick_winner(body) -> dict:
    leader = parse_seat(body.get("leader"), N, "leader")
    trump = body.get("trump")
    if trump is not None:
        trump = parse_suit(trump)
        if trump is None:
            raise InvalidRecord("invalid_suit", M("trump must be one of S, H, D, C or null"))
    plays = body.get("cards")
    if not isinstance(plays, list) or not 2 <= len(plays) <= N:
        raise InvalidRecord("invalid_record", M("cards must list two to four plays"))
    seats, cards = [], []
    for i, p in enumerate(plays):
        if not isinstance(p, dict) or set(p) != {"seat", "card"}:
            raise InvalidRecord("invalid_record", M("cards[{value}] must be {{seat, card}}", value=i))
        seats.append(parse_seat(p["seat"], N, f"cards[{i}].seat"))
        cards.append(PACK.parse(p["card"], f"cards[{i}].card"))
    if seats[0] != leader:
        raise InvalidRecord("invalid_record", M("the first card must be the leader's"))
    if len(set(seats)) != len(seats) or len(set(cards)) != len(cards):
        raise InvalidRecord("duplicate_card", M("a seat or a card appears twice in the trick"))
    if any((b - a) % N <= 0 for a, b in zip(seats, seats[1:])) or \
            sum((b - a) % N for a, b in zip(seats, seats[1:])) >= N:
        raise InvalidRecord("invalid_record", M("cards must be in turn order from the leader"))
    best = _RANKINGS[trump].winner(cards)
    return {"seat": seats[best], "card": name(cards[best])}


def validate_bid(game: BuckEuchre, body) -> dict:
    """Replay the calls on a stand-in deal: only the turn-up matters to the auction."""
    options = game.parse_options(body.get("options"))
    dealer = parse_seat(body.get("dealer"), N, "dealer")
    turn_up = PACK.parse(body.get("turn_up"), "turn_up")
    calls = body.get("calls", [])
    if not isinstance(calls, list):
        raise InvalidRecord("invalid_record", M("calls must be a list"))
    rest = [c for c in PACK.order if c != turn_up]
    hand = BuckEuchreHand(game, options, dealer, {"scores": [options["target"]] * N, "hand_number": 1}, None)
    hand.dealt, hand.turn_up, hand.stock = [rest[i * 5:i * 5 + 5] for i in range(N)], turn_up, rest[20:]
    hand.begin()
    auction = ("pass", "order_up", "name_trump")
    for i, raw in enumerate(calls):
        move = game.parse_move(raw, N, PACK, None, f"calls[{i}]")
        if move["type"] not in auction:
            raise InvalidRecord("bad_move", M("calls[{value}]: only pass, order_up and name_trump are calls", value=i))
        hand.play(move, i)
    bid = game.parse_move(body.get("bid"), N, PACK, None, "bid")
    if bid["type"] not in auction:
        raise InvalidRecord("bad_move", M("bid: only pass, order_up and name_trump are calls"))
    refusal = hand.check(bid)
    if refusal is None:
        hand.play(bid, len(calls))
    over = hand.phase not in ("ordering", "naming")
    contract = None
    if over:
        contract = {"trump": None if hand.trump is None else SUITS[hand.trump], "maker": hand.maker}
    return {"valid": refusal is None, "reason": refusal and refusal[0],
            "detail": refusal and refusal[1], "next": hand.to_act,
            "auction_over": over, "contract": contract}


GAME = BuckEuchre()
