"""Court Piece / Rung (``court-piece``): single sar, double sar, hidden trump, Rung Royal extras.

Everything here follows ``shared/rules/court-piece.md``. Cards are the core's small ints
(``suit * 16 + rank``, ace = 15 highest), hands are kept as ``Holdings`` so that a full record and
a seat's view replay through the same code.
"""

from __future__ import annotations

from ..cards import NAMES, SUIT_MASKS, SUITS, Pack, lookup
from ..errors import IllegalMove, InvalidRecord
from ..game import Game, Hand, is_int, parse_seed
from ..holdings import Holdings
from ..options import Option
from ..shuffle import new_seed, shuffled

ORDER = ("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H "
         "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C")
PACK = Pack(ORDER)
ACE = 15
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


def suit_name(s):
    return None if s is None else SUITS[s]


def card_name(c):
    return None if c is None else NAMES[c]


def _spellings():
    """Every accepted spelling of each card (any case, ``10`` for the ten) -> the card."""
    out = {}
    for card in PACK.order:
        name = NAMES[card]
        ranks = [name[0], name[0].lower()] + (["10"] if name[0] == "T" else [])
        for r in ranks:
            for s in (name[1], name[1].lower()):
                out[r + s] = card
    return out


CARD_INDEX = _spellings()


def parse_card(text, where: str, hidden_ok: bool = False):
    if type(text) is str:
        card = CARD_INDEX.get(text)
        if card is not None:
            return card
    if text is None and hidden_ok:
        return None
    card = lookup(text)
    if card is None or card not in PACK:
        if text is None:
            raise InvalidRecord("bad_card", f"{where}: null is a card only in a view")
        raise InvalidRecord("bad_card", f"{where}: {text!r} is not a card of the deck")
    return card


def trick_winner_index(cards, trump, trump_from) -> int:
    """The winning position of a (partial) trick: the highest trump at a position >= trump_from,
    else the highest card of the suit led. ``trump`` None: no trump."""
    best = None
    if trump is not None:
        for i in range(trump_from, len(cards)):
            c = cards[i]
            if c >> 4 == trump and (best is None or c > cards[best]):
                best = i
    if best is not None:
        return best
    led = cards[0] >> 4
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if c >> 4 == led and c > cards[best]:
            best = i
    return best


# ---------------------------------------------------------------- scoring
def score_outcome(options, match, dealer, calling_team, winner_team, kot, redeal) -> dict:
    """The scoring part of a hand result (also the ``…/score`` answer)."""
    courts = options["scoring"] == "courts"
    scores = list(match["scores"])
    runs = list(match["consecutive_wins"]) if courts else [0, 0]
    deltas = [0, 0]
    if redeal:
        next_dealer = dealer
    else:
        callers_won = winner_team == calling_team
        if not courts:
            deltas[winner_team] = (3 if kot else 1) if callers_won else (4 if kot else 2)
        elif kot:
            deltas[winner_team] = 1 if callers_won else 3
            runs = [0, 0]
        else:
            runs[winner_team] += 1
            runs[1 - winner_team] = 0
            if runs[winner_team] >= 7:
                deltas[winner_team] = 1
                runs = [0, 0]
        if options["dealer_rotation"] == "rotate" or not callers_won:
            next_dealer = (dealer + 1) % 4
        elif kot:
            next_dealer = (dealer + 2) % 4
        else:
            next_dealer = dealer
    scores = [scores[0] + deltas[0], scores[1] + deltas[1]]
    target = options["target_courts"] if courts else options["target_points"]
    winner = next((t for t in (0, 1) if scores[t] >= target), None)
    over = winner is not None
    next_match = None if over else {
        "hand_number": match["hand_number"] + 1, "scores": scores, "consecutive_wins": runs,
        "first_game_seats": list(match["first_game_seats"])}
    return {"deltas": deltas, "scores": scores, "consecutive_wins": runs, "next_dealer": next_dealer,
            "match_over": over, "winner": winner, "next_match": next_match}


# ---------------------------------------------------------------- the draw
def run_draw(cards) -> tuple[list[list[tuple[int, int]]], int]:
    """The first-hand draw from a shuffled pack: rounds of (seat, card) until one seat tops."""
    rounds = []
    seats = [0, 1, 2, 3]
    pos = 0
    while True:
        if pos + len(seats) > len(cards):  # cannot happen with 52 cards; suits break the last tie
            last = rounds[-1]
            top = max(c & 15 for _, c in last)
            tied = [(s, c) for s, c in last if c & 15 == top]
            return rounds, min(tied, key=lambda sc: sc[1] >> 4)[0]
        rnd = [(s, cards[pos + i]) for i, s in enumerate(seats)]
        pos += len(seats)
        rounds.append(rnd)
        top = max(c & 15 for _, c in rnd)
        seats = [s for s, c in rnd if c & 15 == top]
        if len(seats) == 1:
            return rounds, seats[0]


def check_draw(raw) -> int:
    """A record's ``deal.draw``: valid rounds (bad_draw); the winning seat."""
    if not isinstance(raw, list) or not raw:
        raise InvalidRecord("bad_draw", "deal.draw must be a non-empty list of rounds")
    seats = [0, 1, 2, 3]
    seen = set()
    winner = None
    for r, rnd in enumerate(raw):
        if winner is not None:
            raise InvalidRecord("bad_draw", f"deal.draw[{r}]: the draw was already decided")
        if not isinstance(rnd, list) or len(rnd) != len(seats):
            raise InvalidRecord("bad_draw", f"deal.draw[{r}] must list seats {seats}")
        cards = []
        for i, entry in enumerate(rnd):
            where = f"deal.draw[{r}][{i}]"
            if not isinstance(entry, dict) or set(entry) != {"seat", "card"}:
                raise InvalidRecord("bad_draw", f"{where} must be {{seat, card}}")
            if entry["seat"] != seats[i] or not is_int(entry["seat"]):
                raise InvalidRecord("bad_draw", f"{where}.seat must be {seats[i]}")
            card = lookup(entry["card"])
            if card is None or card not in PACK:
                raise InvalidRecord("bad_card", f"{where}.card: {entry['card']!r} is not a card")
            if card in seen:
                raise InvalidRecord("bad_draw", f"{where}.card: {NAMES[card]} drawn twice")
            seen.add(card)
            cards.append(card)
        top = max(c & 15 for c in cards)
        tied = [s for s, c in zip(seats, cards) if c & 15 == top]
        if len(tied) == 1:
            winner = tied[0]
        elif len(seen) + len(tied) > 52:
            winner = min(((s, c) for s, c in zip(seats, cards) if c & 15 == top),
                         key=lambda sc: sc[1] >> 4)[0]
        seats = tied
    if winner is None:
        raise InvalidRecord("bad_draw", "deal.draw ends with a tie")
    return winner


def draw_json(rounds):
    return [[{"seat": s, "card": NAMES[c]} for s, c in rnd] for rnd in rounds]


# ---------------------------------------------------------------- the hand
class CourtPieceHand(Hand):
    phase_moves = {
        "choose_trump": frozenset({"call_trump", "pass_to_partner", "timeout", "change_cards"}),
        "play": frozenset({"play", "reveal", "change_trump"}),
        "done": frozenset(),
    }

    def setup(self, hands, draw_raw):
        o = self.options
        self.mode = o["mode"]
        self.hidden = self.mode == "hidden_trump"
        self.double = self.mode == "double_sar"
        self.dealt = hands
        self.draw_raw = draw_raw
        self.holdings = Holdings(hands)
        d = self.dealer
        self.f = (d + 1) % 4
        self.p = (d + 3) % 4
        self.deciding = self.f
        self.passed = False
        self.caller = None
        self.trump = None          # the suit that currently ranks tricks (public)
        self.trump_suit = None     # open: = trump; hidden: the face-down card's suit once known
        self.revealed = False      # trump counts
        self.face_down = None      # hidden: the face-down card (None also when a view cannot see it)
        self.face_down_set = False
        self.face_down_luck = False  # the face-down card is the unseen luck card
        self.luck = False
        self.luck_card = None
        self.trump_changed = False
        self.cards_played = 0
        self.trick = []            # current trick: [(seat, card)]
        self.leader = None
        self.trump_from = None     # position from which trump counts in the current trick
        self.revealed_at = None    # position of the reveal in the current trick
        self.tricks = []
        self.won = [0, 0]
        self.pile = []
        self.pair_seat = None      # seat whose last trick on the pile may start a pair
        self.pair_ace = False
        self.must_trump = None
        self.events = []

    def begin(self):
        self.phase = "choose_trump"
        self.to_act = self.f
        v = self.viewer
        if v is not None and None in self.dealt[v][:5]:
            raise InvalidRecord("view_incomplete", f"the view lacks seat {v}'s first five cards")

    # ---- checking
    def disabled(self, move):
        t = move["type"]
        if t == "reveal" and not self.hidden:
            return "not_hidden_mode", "reveal exists only in hidden trump"
        if t in ("change_cards", "change_trump") and not self.options["rung_royal"]:
            return "extras_disabled", f"{t} needs the rung_royal option"
        return None

    def playable(self, seat) -> int:
        m = self.holdings.known[seat]
        if seat == self.caller and self.face_down is not None and not self.revealed:
            m &= ~(1 << self.face_down)
        return m

    def legal_mask(self, seat, pm=None) -> int:
        if pm is None:
            pm = self.playable(seat)
        if self.must_trump == seat:
            if self.trick:
                same = pm & SUIT_MASKS[self.trick[0][1] >> 4]
                if same:
                    return same
            return (pm & SUIT_MASKS[self.trump]) or pm
        if self.trick:
            return (pm & SUIT_MASKS[self.trick[0][1] >> 4]) or pm
        return pm

    def first_five(self, seat):
        return self.dealt[seat][:5]

    def check_move(self, move):
        t = move["type"]
        seat = move["seat"]
        if t == "play":
            card = move["card"]
            if not self.holdings.may_hold(seat, card):
                return "card_not_in_hand", f"seat {seat} does not hold {NAMES[card]}"
            if seat == self.caller and card == self.face_down and not self.revealed:
                return "card_face_down", "the face-down card cannot be played before the reveal"
            if (seat == self.caller and self.face_down_set and self.face_down is None
                    and not self.revealed and not self.holdings.known[seat] >> card & 1
                    and self.holdings.hidden(seat) == 1):
                # a view that cannot see the face-down card: the one card of this hand it cannot
                # see is that card (the viewer's own unseen luck card, or the caller's last card),
                # so a card not known to be held could only be the face-down one
                return "card_face_down", ("the only card of this hand the view cannot see is the "
                                          "face-down card, which cannot be played before the reveal")
            pm = self.playable(seat)
            if not pm >> card & 1:  # a view: check against the cards known to be held, plus this one
                pm |= 1 << card
            legal = self.legal_mask(seat, pm)
            if not legal >> card & 1:
                if self.trick and pm & SUIT_MASKS[self.trick[0][1] >> 4]:
                    return "must_follow_suit", "a card of the suit led must be played"
                return "must_play_trump_after_reveal", "after his own reveal the seat must play trump"
            return None
        if t == "call_trump":
            if not self.hidden and "suit" not in move:
                return "suit_required", "call_trump names a suit in this mode"
            if self.hidden and "card" not in move:
                return "card_required", "call_trump lays a card face down in hidden trump"
            if self.hidden:
                return self.first_five_check(seat, move["card"])
            return None
        if t == "pass_to_partner":
            if seat == self.p or self.passed:
                return "partner_cannot_pass", "only the first chooser may pass, once"
            return None
        if t in ("timeout", "change_cards"):
            return None
        if t == "reveal":
            if self.revealed:
                return "trump_already_revealed", "the trump is already revealed"
            if not self.trick:
                if seat != self.caller:
                    return "only_caller_reveals_on_lead", "only the caller may reveal when leading"
                return None
            if self.playable(seat) & SUIT_MASKS[self.trick[0][1] >> 4]:
                return "can_follow_suit", "a seat that can follow suit may not reveal"
            return None
        if t == "change_trump":
            if self.trump_changed:
                return "trump_already_changed", "trump may be changed once"
            if seat != self.caller:
                return "only_caller_changes_trump", "only the caller may change trump"
            if self.cards_played or (self.hidden and self.revealed):
                return "too_late_to_change_trump", "trump may change only before the first card"
            if not self.hidden and "suit" not in move:
                return "suit_required", "change_trump names a suit in this mode"
            if self.hidden and "card" not in move:
                return "card_required", "change_trump lays a card face down in hidden trump"
            if not self.hidden:
                if move["suit"] == self.trump:
                    return "same_trump", "that suit is already trump"
                return None
            card = move["card"]
            if card is not None and card == self.face_down:
                return "same_trump", "that card is already face down"
            return self.first_five_check(seat, card)
        return None

    def first_five_check(self, seat, card):
        if card is None:
            if self.viewer == seat:
                raise InvalidRecord("view_incomplete", "the view hides its own seat's face-down card")
            return None
        five = self.first_five(seat)
        if card in five:
            return None
        if None not in five or not self.holdings.may_hold(seat, card):
            return "card_not_in_first_five", f"{NAMES[card]} is not among seat {seat}'s first five"
        return None

    # ---- applying
    def play(self, move, index):
        if move["type"] == "play" and self.phase == "play" and move["seat"] == self.to_act:
            # the common case, the same checks as below in short: a held, legal, face-up card
            seat, card = move["seat"], move["card"]
            if (self.holdings.known[seat] >> card & 1 and self.legal_mask(seat) >> card & 1
                    and not (seat == self.caller and card == self.face_down and not self.revealed)):
                events = self.play_card(seat, card)
                self.moves.append(move)
                return self.emitted(events, index)
        refusal = self.check(move)
        if refusal:
            raise IllegalMove(refusal[0], refusal[1], move_index=index)
        events = self.apply(move)
        self.moves.append(move)
        return self.emitted(events, index)

    def emitted(self, events, index):
        if self.phase == "done" and self.result is not None and not self.result["redeal"]:
            events.append({"type": "hand_over", "result": self.result})
            if self.result["match_over"]:
                events.append({"type": "match_over", "winner": self.result["winner"]})
        if events:
            for e in events:
                e["index"] = index
            self.events.extend(events)
        return events

    def apply(self, move):
        t = move["type"]
        seat = move["seat"]
        if t == "play":
            return self.play_card(seat, move["card"])
        ev = []
        if t == "call_trump":
            ev.append({"type": "trump_called", "seat": seat})
            self.caller = seat
            if self.hidden:
                self.face_down = move["card"]
                self.face_down_set = True
                self.trump_suit = None if move["card"] is None else move["card"] >> 4
            else:
                self.trump = self.trump_suit = move["suit"]
                self.revealed = True
            self.settle()
        elif t == "pass_to_partner":
            ev.append({"type": "passed_to_partner", "seat": seat})
            self.passed = True
            self.deciding = self.to_act = self.p
        elif t == "timeout":
            ev.append({"type": "timeout", "seat": seat})
            if seat == self.f and not self.passed:
                self.passed = True
                self.deciding = self.to_act = self.p
            else:
                self.luck = True
                self.caller = self.f
                luck = self.dealt[self.f][5]
                if self.hidden:
                    self.face_down = luck
                    self.face_down_set = True
                    self.face_down_luck = True
                    self.trump_suit = None if luck is None else luck >> 4
                    ev.append({"type": "luck_card", "card": None})
                else:
                    if luck is None:
                        raise InvalidRecord("view_incomplete", "the view lacks the turned luck card")
                    self.luck_card = luck
                    self.trump = self.trump_suit = luck >> 4
                    self.revealed = True
                    ev.append({"type": "luck_card", "card": NAMES[luck]})
                self.settle()
        elif t == "change_cards":
            ev.append({"type": "redeal", "seat": seat})
            self.phase = "done"
            self.to_act = None
            self.deciding = None
            self.result = self.make_result(redeal=True)
        elif t == "reveal":
            card = self.face_down
            if card is None:
                raise InvalidRecord("view_incomplete", "the view lacks the revealed face-down card")
            self.revealed = True
            self.trump = self.trump_suit = card >> 4
            pos = len(self.trick)
            self.revealed_at = pos
            self.trump_from = 0 if self.options["reveal_counts_current_trick"] else pos
            self.must_trump = seat
            if not self.holdings.known[self.caller] >> card & 1:
                # a view that saw the card only now (cannot happen with a consistent view)
                raise InvalidRecord("view_incomplete", "the view lacks the face-down card in the caller's hand")
            ev.append({"type": "trump_revealed", "seat": seat, "card": NAMES[card],
                       "trump": SUITS[card >> 4]})
        elif t == "change_trump":
            self.trump_changed = True
            if self.hidden:
                old = self.face_down
                if old is None and self.viewer == seat:
                    raise InvalidRecord("view_incomplete", "the view lacks the returned luck card")
                self.face_down = move["card"]
                self.face_down_luck = False
                self.trump_suit = None if move["card"] is None else move["card"] >> 4
            else:
                self.trump = self.trump_suit = move["suit"]
            ev.append({"type": "trump_changed", "seat": seat})
        return ev

    def settle(self):
        """Trumps are settled: the play begins with the caller's lead."""
        self.phase = "play"
        self.deciding = None
        self.to_act = self.leader = self.caller
        if self.open_trump_counts():
            self.trump_from = 0
        v = self.viewer
        if v is not None:
            for i, c in enumerate(self.dealt[v]):
                if c is None and not (self.face_down_luck and v == self.f and i == 5):
                    raise InvalidRecord("view_incomplete", f"the view lacks seat {v}'s cards")

    def open_trump_counts(self):
        return not self.hidden or self.revealed

    def play_card(self, seat, card):
        self.holdings.remove(seat, card)
        self.cards_played += 1
        if not self.trick:
            self.leader = seat
            if self.revealed and self.revealed_at is None:
                self.trump_from = 0
        self.trick.append((seat, card))
        if self.must_trump == seat:
            self.must_trump = None
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return []
        return self.finish_trick()

    def finish_trick(self):
        cards = [c for _, c in self.trick]
        trump = self.trump if self.revealed else None
        w = trick_winner_index(cards, trump, self.trump_from or 0)
        wseat, wcard = self.trick[w]
        number = len(self.tricks)
        entry = {"leader": self.leader, "cards": list(self.trick), "winner": wseat, "winning_card": wcard}
        if self.hidden:
            entry["revealed_at"] = self.revealed_at
        ev = [{"type": "trick_won", "trick": number, "seat": wseat}]
        self.tricks.append(entry)
        self.trick = []
        self.revealed_at = None
        self.trump_from = 0 if self.revealed else None
        team = wseat % 2
        over = False
        if self.double:
            entry["taken_by"] = None
            t = number + 1
            self.pile.append(number)
            o = self.options
            capture = False
            ace = wcard & 15 == ACE
            if t == 13:
                capture = True
            elif self.pair_seat == wseat:
                if o["double_sar_ace_rule"] and ace and self.pair_ace:
                    self.pair_seat = None
                elif t == 2 and o["double_sar_first_pair_blocked"]:
                    self.pair_seat, self.pair_ace = wseat, ace
                elif t == 12 and o["double_sar_no_capture_11_12"]:
                    self.pair_seat, self.pair_ace = wseat, ace
                else:
                    capture = True
            else:
                self.pair_seat, self.pair_ace = wseat, ace
            if capture:
                for i in self.pile:
                    self.tricks[i]["taken_by"] = team
                self.won[team] += len(self.pile)
                ev.append({"type": "pile_captured", "seat": wseat, "tricks": len(self.pile)})
                self.pile = []
                self.pair_seat = None
                self.pair_ace = False
            hi = max(self.won)
            lo = min(self.won)
            if self.options["double_sar_kot"] == "first_seven":
                over = hi >= 7
            else:
                over = (hi >= 7 and lo >= 1) or t == 13
        else:
            self.won[team] += 1
            over = self.won[team] >= 7
        if over:
            self.phase = "done"
            self.to_act = None
            self.result = self.make_result(redeal=False)
        else:
            self.to_act = self.leader = wseat
        return ev

    def make_result(self, redeal):
        if redeal:
            calling_team = winner_team = trump = None
            kot = goon = False
            sc = score_outcome(self.options, self.match, self.dealer, None, None, False, True)
            caller = None
            fd = None
        else:
            caller = self.caller
            calling_team = caller % 2
            winner_team = 0 if self.won[0] >= 7 else 1
            allout = self.won[1 - winner_team] == 0
            kot = allout and winner_team == calling_team
            goon = allout and winner_team != calling_team
            trump = suit_name(self.trump_suit)
            fd = card_name(self.face_down) if self.hidden else None
            sc = score_outcome(self.options, self.match, self.dealer, calling_team, winner_team,
                               kot or goon, False)
        out = {"redeal": redeal, "winner_team": winner_team, "tricks_won": list(self.won),
               "calling_team": calling_team, "caller": caller, "kot": kot, "goon_kot": goon,
               "trump": trump, "face_down_card": fd}
        out.update(sc)
        return out

    # ---- listing
    def legal_moves(self):
        s = self.to_act
        out = []
        if self.phase == "choose_trump":
            if self.hidden:
                out += [{"seat": s, "type": "call_trump", "card": NAMES[c]} for c in self.first_five(s)]
            else:
                out += [{"seat": s, "type": "call_trump", "suit": x} for x in SUITS]
            if s == self.f and not self.passed:
                out.append({"seat": s, "type": "pass_to_partner"})
            if self.options["rung_royal"]:
                out.append({"seat": s, "type": "change_cards"})
            out.append({"seat": s, "type": "timeout"})
            return out
        legal = self.legal_mask(s)
        for c in self.holdings.held[s]:
            if c is not None and legal >> c & 1:
                out.append({"seat": s, "type": "play", "card": NAMES[c]})
        if self.hidden and self.check_move({"seat": s, "type": "reveal"}) is None:
            out.append({"seat": s, "type": "reveal"})
        if self.options["rung_royal"] and not self.trump_changed and s == self.caller \
                and not self.cards_played and not (self.hidden and self.revealed):
            if self.hidden:
                out += [{"seat": s, "type": "change_trump", "card": NAMES[c]}
                        for c in self.first_five(s) if c != self.face_down]
            else:
                out += [{"seat": s, "type": "change_trump", "suit": x}
                        for i, x in enumerate(SUITS) if i != self.trump]
        return out

    # ---- what a viewer may see
    def face_down_public(self):
        return self.face_down_set and (self.revealed or self.phase == "done")

    def sees_face_down(self, viewer):
        if viewer is None or self.face_down_public():
            return True
        return viewer == self.caller and not self.face_down_luck

    def visible(self, viewer, seat, pos) -> bool:
        if viewer is None:
            return True
        card = self.dealt[seat][pos]
        if self.face_down_set and card is not None and card == self.face_down and self.face_down_public():
            return True
        if seat == self.f and pos == 5 and self.luck:
            if not self.hidden:
                return True
            if self.face_down_luck:  # still the unseen face-down card
                return False
            # swapped into the first chooser's hand by change_trump
            return viewer == seat
        if seat != viewer:
            return False
        return pos < 5 or self.caller is not None

    def deal_json(self, viewer):
        hands = [[card_name(c) if self.visible(viewer, s, i) else None
                  for i, c in enumerate(self.dealt[s])] for s in range(4)]
        out = {"hands": hands}
        if self.draw_raw is not None:
            out["draw"] = self.draw_raw
        return out

    def hidden_move_card(self, move, viewer):
        if move["seat"] == viewer:
            return False
        return not (move.get("card") is not None and move["card"] == self.face_down
                    and self.face_down_public())

    # ---- state
    def derived(self):
        v = self.viewer
        hidden = self.hidden
        st = {
            "time_limit_s": self.time_limit(),
            "mode": self.mode,
            "dealer": self.dealer,
            "first_chooser": self.f,
            "deciding": self.deciding if self.phase == "choose_trump" else None,
            "passed_to_partner": self.passed,
            "caller": self.caller,
            "calling_team": None if self.caller is None else self.caller % 2,
            "trump": suit_name(self.trump) if self.revealed else None,
            "trump_revealed": self.revealed,
            "luck": self.luck,
            "luck_card": card_name(self.luck_card),
            "trump_changed": self.trump_changed,
        }
        if hidden:
            fd = self.face_down if self.sees_face_down(v) else None
            st["face_down_card"] = card_name(fd)
            st["face_down_seat"] = self.caller if self.face_down_set else None
            st["must_play_trump"] = self.must_trump
        else:
            st["face_down_card"] = None
            st["face_down_seat"] = None
            st["must_play_trump"] = None
        tricks = []
        for t in self.tricks:
            e = {"leader": t["leader"],
                 "cards": [{"seat": s, "card": NAMES[c]} for s, c in t["cards"]],
                 "winner": t["winner"], "winning_card": NAMES[t["winning_card"]]}
            if hidden:
                e["revealed_at"] = t["revealed_at"]
            if self.double:
                e["taken_by"] = t["taken_by"]
            tricks.append(e)
        st["tricks"] = tricks
        if self.phase == "play":
            st["current_trick"] = {"leader": self.leader,
                                   "cards": [{"seat": s, "card": NAMES[c]} for s, c in self.trick]}
        else:
            st["current_trick"] = None
        st["tricks_won"] = list(self.won)
        if self.double:
            st["pile"] = list(self.pile)
        st["hands"] = [self.hand_json(s, v) for s in range(4)]
        st["events"] = self.events
        return st

    def hand_json(self, seat, viewer):
        held = self.holdings.held[seat]
        out = []
        for c in held:
            if c is None:
                out.append(None)
            elif viewer is None or self.visible(viewer, seat, self.dealt[seat].index(c)):
                out.append(NAMES[c])
            else:
                out.append(None)
        return out

    def time_limit(self):
        if self.phase != "choose_trump":
            return None
        o = self.options
        if self.deciding == self.f and self.f in self.match["first_game_seats"]:
            return o["first_game_call_seconds"]
        return o["call_seconds"]


# ---------------------------------------------------------------- the game
class CourtPiece(Game):
    id = "court-piece"
    name = "Court Piece / Rung"
    min_players = max_players = 4
    options = OPTIONS
    reasons = {"unknown_card": "bad_card", "hidden_card": "bad_card", "unknown_field": "bad_record",
               "bad_option": "bad_option", "wrong_game": "wrong_game"}
    move_fields = {
        "call_trump": {"suit?": "string", "card?": "card"},
        "pass_to_partner": {},
        "timeout": {},
        "change_cards": {},
        "play": {"card": "card"},
        "reveal": {},
        "change_trump": {"suit?": "string", "card?": "card"},
    }
    hidden_move_fields = {"call_trump": "card", "change_trump": "card"}
    hand_class = CourtPieceHand

    def players(self, options):
        return 4

    def pack(self, options):
        return PACK

    def deck_description(self):
        return "52 cards, aces high; canonical order " + ORDER

    # ---- reading a record
    def parse_match(self, raw, options):
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise InvalidRecord("bad_match", "match must be an object or null")
        for k in raw:
            if k not in MATCH_FIELDS:
                raise InvalidRecord("bad_match", f"match: unknown field {k!r}")
        for k, v in raw.items():
            if v is None:
                raise InvalidRecord("bad_match", f"match.{k} may be omitted but not null")
        hn = raw.get("hand_number", 1)
        if not is_int(hn) or hn < 1:
            raise InvalidRecord("bad_match", "match.hand_number must be an integer >= 1")
        out = {"hand_number": hn}
        for key in ("scores", "consecutive_wins"):
            v = raw.get(key, [0, 0])
            if not isinstance(v, list) or len(v) != 2 or not all(is_int(x) and x >= 0 for x in v):
                raise InvalidRecord("bad_match", f"match.{key} must be two integers >= 0")
            out[key] = list(v)
        runs = out["consecutive_wins"]
        if max(runs) >= 7 or min(runs) > 0:
            raise InvalidRecord("bad_match", "match.consecutive_wins: at most one run, each below 7")
        fgs = raw.get("first_game_seats", [])
        if not isinstance(fgs, list) or not all(is_int(x) and 0 <= x < 4 for x in fgs) \
                or len(set(fgs)) != len(fgs):
            raise InvalidRecord("bad_match", "match.first_game_seats must be distinct seats 0-3")
        out["first_game_seats"] = list(fgs)
        target = options["target_courts"] if options["scoring"] == "courts" else options["target_points"]
        if max(out["scores"]) >= target:
            raise InvalidRecord("match_over", f"a team already has {target}: the match is over")
        return out

    def parse_deal(self, raw, hand):
        viewer = hand.viewer
        extra = [k for k in raw if k not in ("hands", "draw")]
        if extra:
            raise InvalidRecord("bad_deal", f"deal: unknown field {extra[0]!r}")
        hands = raw.get("hands")
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, list) for h in hands):
            raise InvalidRecord("bad_deal", "deal.hands must be four lists of cards")
        parsed = [[parse_card(c, f"deal.hands[{s}][{i}]", viewer is not None) for i, c in enumerate(h)]
                  for s, h in enumerate(hands)]
        seen = 0
        for s, h in enumerate(parsed):
            for i, c in enumerate(h):
                if c is not None:
                    if seen >> c & 1:
                        raise InvalidRecord("duplicate_card", f"deal.hands[{s}][{i}]: {NAMES[c]} twice")
                    seen |= 1 << c
        for s, h in enumerate(parsed):
            if len(h) != 13:
                raise InvalidRecord("wrong_card_count", f"deal.hands[{s}] has {len(h)} cards, not 13")
        draw = None
        if "draw" in raw:
            o = hand.options
            if raw["draw"] is None or hand.match["hand_number"] != 1 or not o["first_hand_draw"]:
                raise InvalidRecord("bad_draw", "a draw belongs only to a match's first hand "
                                    "with first_hand_draw on")
            winner = check_draw(raw["draw"])
            if winner != (hand.dealer + 1) % 4:
                raise InvalidRecord("draw_mismatch", f"the draw makes seat {winner} the first chooser, "
                                    f"not seat {(hand.dealer + 1) % 4}")
            draw = draw_json([[(e["seat"], lookup(e["card"])) for e in rnd] for rnd in raw["draw"]])
        hand.setup(parsed, draw)

    def parse_move(self, raw, n, pack, viewer, where):
        if type(raw) is dict and len(raw) == 3 and raw.get("type") == "play":  # the common case, fast
            seat, text = raw.get("seat"), raw.get("card")
            if type(seat) is int and 0 <= seat < 4 and type(text) is str:
                card = CARD_INDEX.get(text)
                if card is not None:
                    return {"seat": seat, "type": "play", "card": card}
        if not isinstance(raw, dict):
            raise InvalidRecord("bad_move", f"{where} must be an object")
        seat = raw.get("seat")
        if not is_int(seat) or not 0 <= seat < 4:
            raise InvalidRecord("bad_seat", f"{where}.seat: {seat!r} is not a seat 0-3")
        kind = raw.get("type")
        spec = self.move_fields.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise InvalidRecord("unknown_move_type", f"{where}.type: {kind!r} is not a move of this game")
        move = {"seat": seat, "type": kind}
        allowed = {"seat", "type"} | {f.rstrip("?") for f in spec}
        extra = [k for k in raw if k not in allowed]
        if extra:
            raise InvalidRecord("bad_move", f"{where}: unknown field {extra[0]!r} in a {kind!r} move")
        if kind in ("call_trump", "change_trump"):
            if ("suit" in raw) == ("card" in raw):
                raise InvalidRecord("bad_move", f"{where}: {kind} takes exactly one of suit and card")
            if "suit" in raw:
                s = raw["suit"]
                if not (isinstance(s, str) and len(s) == 1 and s in SUITS):
                    raise InvalidRecord("bad_move", f"{where}.suit must be one of S, H, D, C")
                move["suit"] = SUITS.index(s)
            else:
                move["card"] = parse_card(raw["card"], f"{where}.card", viewer is not None)
        elif kind == "play":
            if "card" not in raw:
                raise InvalidRecord("bad_move", f"{where}: a 'play' move needs 'card'")
            move["card"] = parse_card(raw["card"], f"{where}.card")
        return move

    def write_move(self, move):
        out = {"seat": move["seat"], "type": move["type"]}
        if "suit" in move:
            out["suit"] = SUITS[move["suit"]]
        if "card" in move:
            out["card"] = card_name(move["card"])
        return out

    def next_match(self, match, result, hand):
        return result["next_match"]

    # ---- dealing
    def deal(self, seed, options, dealer, match):
        if seed is not None and not isinstance(seed, str):
            raise InvalidRecord("bad_record", "seed must be a string")
        # CONVENTIONS.md: seed, options, dealer, match, in that order (a first hand with the draw
        # ignores the dealer, but a value that is no seat is still refused, before the match)
        options = self.parse_options(options)
        if dealer is not None and not (is_int(dealer) and 0 <= dealer < 4):
            raise InvalidRecord("bad_dealer", f"dealer: {dealer!r} is not a seat 0-3")
        match = self.parse_match(match, options)
        seed = new_seed() if seed is None else parse_seed(seed)
        draw = None
        if options["first_hand_draw"] and match["hand_number"] == 1:
            rounds, winner = run_draw(shuffled(PACK.order, seed + "/draw"))
            dealer = (winner - 1) % 4
            draw = draw_json(rounds)
        elif dealer is None:
            raise InvalidRecord("bad_dealer", "dealer is required (no first-hand draw)")
        cards = shuffled(PACK.order, seed)
        deal = self.deal_cards(cards, dealer, options, match)
        if draw is not None:
            deal["draw"] = draw
        return {"game": self.id, "options": options, "dealer": dealer, "seed": seed, "deal": deal,
                "moves": [], "match": match}

    def deal_cards(self, cards, dealer, options, match):
        hands = [[] for _ in range(4)]
        pos = 0
        for size in (5, 4, 4):
            for k in range(1, 5):
                seat = (dealer + k) % 4
                hands[seat] += cards[pos:pos + size]
                pos += size
        return {"hands": [[NAMES[c] for c in h] for h in hands]}

    # ---- calculators
    def trick_winner(self, body):
        if not isinstance(body, dict):
            raise InvalidRecord("bad_request", "the body must be an object")
        extra = [k for k in body if k not in ("cards", "trump", "trump_from")]
        if extra:
            raise InvalidRecord("bad_request", f"unknown field {extra[0]!r}")
        cards = body.get("cards")
        if not isinstance(cards, list) or not 1 <= len(cards) <= 4:
            raise InvalidRecord("bad_trick", "cards must list 1 to 4 cards in play order")
        seats, ints = [], []
        for i, e in enumerate(cards):
            if not isinstance(e, dict) or set(e) != {"seat", "card"}:
                raise InvalidRecord("bad_trick", f"cards[{i}] must be {{seat, card}}")
            s = e["seat"]
            if not is_int(s) or not 0 <= s < 4:
                raise InvalidRecord("bad_seat", f"cards[{i}].seat: {s!r} is not a seat 0-3")
            if i and s != (seats[0] + i) % 4:
                raise InvalidRecord("bad_trick", f"cards[{i}].seat must be {(seats[0] + i) % 4} (play order)")
            c = parse_card(e["card"], f"cards[{i}].card")
            if c in ints:
                raise InvalidRecord("duplicate_card", f"cards[{i}]: {NAMES[c]} twice")
            seats.append(s)
            ints.append(c)
        trump = body.get("trump")
        if trump is not None:
            if not (isinstance(trump, str) and len(trump) == 1 and trump in SUITS):
                raise InvalidRecord("bad_trump", "trump must be S, H, D, C or null")
            trump = SUITS.index(trump)
        tf = body.get("trump_from", 0)
        if not is_int(tf) or not 0 <= tf <= 3:
            raise InvalidRecord("bad_trump_from", "trump_from must be an integer 0-3")
        w = trick_winner_index(ints, trump, tf)
        return {"seat": seats[w], "card": NAMES[ints[w]]}

    def _outcome(self, h, dealer, where):
        if not isinstance(h, dict):
            raise InvalidRecord("bad_score_input", f"{where} must be an object")
        redeal = h.get("redeal", False)
        if not isinstance(redeal, bool):
            raise InvalidRecord("bad_score_input", f"{where}.redeal must be a boolean")
        if redeal:  # a redeal's result carries calling_team, winner_team (and no kot) as null: passed back, ignored
            return None, None, False, True
        # null is absent (court-piece.md: a result's fields a client passes back may be null)
        h = {k: v for k, v in h.items() if v is not None}
        if "calling_team" in h and not is_int(h["calling_team"]):
            raise InvalidRecord("bad_score_input", f"{where}.calling_team must be 0 or 1 (or omitted)")
        if "winner_team" in h and not is_int(h["winner_team"]):
            raise InvalidRecord("bad_score_input", f"{where}.winner_team must be 0 or 1")
        if "kot" in h and not isinstance(h["kot"], bool):
            raise InvalidRecord("bad_score_input", f"{where}.kot must be a boolean")
        calling = (dealer + 1) % 2
        if "calling_team" in h and h["calling_team"] != calling:
            raise InvalidRecord("calling_team_mismatch",
                                f"{where}.calling_team: with dealer {dealer} team {calling} calls")
        wt = h.get("winner_team")
        if wt not in (0, 1) or isinstance(wt, bool):
            raise InvalidRecord("bad_score_input", f"{where}.winner_team must be 0 or 1")
        kot = h.get("kot")
        if not isinstance(kot, bool):
            raise InvalidRecord("bad_score_input", f"{where}.kot must be a boolean")
        return calling, wt, kot, False

    def _score_body(self, body, allowed: set) -> tuple[dict, int]:
        """A score body's fields, options and dealer, checked in that order."""
        if not isinstance(body, dict):
            raise InvalidRecord("bad_score_input", "the body must be an object")
        extra = [k for k in body if k not in allowed]
        if extra:
            raise InvalidRecord("bad_score_input", f"unknown field {extra[0]!r}")
        options = self.parse_options(body.get("options"))
        dealer = body.get("dealer")
        if not is_int(dealer) or not 0 <= dealer < 4:
            raise InvalidRecord("bad_dealer", f"dealer: {dealer!r} is not a seat 0-3")
        return options, dealer

    def score(self, body):
        options, dealer = self._score_body(
            body, {"options", "match", "dealer", "calling_team", "winner_team", "kot", "redeal"})
        match = self.parse_match(body.get("match"), options)
        calling, wt, kot, redeal = self._outcome(body, dealer, "body")
        return score_outcome(options, match, dealer, calling, wt, kot, redeal)

    def score_match(self, body):
        options, dealer = self._score_body(body, {"options", "scores", "dealer", "consecutive_wins", "hands"})
        raw_match = {"scores": body.get("scores", [0, 0])}
        if "consecutive_wins" in body:
            raw_match["consecutive_wins"] = body["consecutive_wins"]
        match = self.parse_match(raw_match, options)
        hands = body.get("hands")
        if not isinstance(hands, list):
            raise InvalidRecord("bad_score_input", "hands must be a list")
        running, dealers = [], []
        over_after = None
        out = None
        for i, h in enumerate(hands):
            calling, wt, kot, redeal = self._outcome(h, dealer, f"hands[{i}]")
            out = score_outcome(options, match, dealer, calling, wt, kot, redeal)
            dealers.append(dealer)
            running.append(out["scores"])
            dealer = out["next_dealer"]
            if out["match_over"]:
                over_after = i
                break
            match = out["next_match"]
        scores = running[-1] if running else match["scores"]
        runs = out["consecutive_wins"] if out else (match["consecutive_wins"]
                                                    if options["scoring"] == "courts" else [0, 0])
        return {"running_scores": running, "scores": scores,
                "match_over": over_after is not None,
                "winner": out["winner"] if over_after is not None else None,
                "over_after_hand": over_after, "dealers": dealers, "next_dealer": dealer,
                "consecutive_wins": runs}

    def replay_match(self, body, max_hands=None):
        """``…/matches/replay``: the hand records of a match in order."""
        hands = body.get("hands") if isinstance(body, dict) else None
        if not isinstance(hands, list) or not hands:
            raise InvalidRecord("bad_request", "hands must be a non-empty list of records")
        if max_hands is not None and len(hands) > max_hands:
            raise InvalidRecord("too_many_hands", f"a match log may hold at most {max_hands} hands")
        per_hand = []
        first_options = None
        prev = None
        for h, record in enumerate(hands):
            try:
                hand = self.start(record)
            except InvalidRecord as e:
                e.extra["hand_index"] = h
                raise
            if hand.viewer is not None:
                raise InvalidRecord("bad_record", f"hands[{h}] is a view; a match log needs full records",
                                    hand_index=h)
            if first_options is None:
                first_options = hand.options
                m = hand.match
                if m["hand_number"] != 1 or m["scores"] != [0, 0] or m["consecutive_wins"] != [0, 0]:
                    raise InvalidRecord("match_mismatch", "the first hand must be hand 1 at 0-0", hand_index=h)
            else:
                if hand.options != first_options:
                    raise InvalidRecord("options_mismatch", f"hands[{h}] has other options", hand_index=h)
                if prev["match_over"]:
                    raise InvalidRecord("match_over", f"hands[{h}] comes after the match ended", hand_index=h)
                nm = prev["next_match"]
                m = hand.match
                if any(m[k] != nm[k] for k in ("hand_number", "scores", "consecutive_wins")):
                    raise InvalidRecord("match_mismatch", f"hands[{h}].match is not the previous "
                                        "result's next_match", hand_index=h)
                if hand.dealer != prev["next_dealer"]:
                    raise InvalidRecord("dealer_mismatch", f"hands[{h}].dealer must be "
                                        f"{prev['next_dealer']}", hand_index=h)
            moves = record.get("moves", [])
            if not isinstance(moves, list):
                raise InvalidRecord("bad_moves", "record.moves must be a list", hand_index=h)
            for i, raw in enumerate(moves):
                try:
                    move = self.parse_move(raw, 4, PACK, hand.viewer, f"hands[{h}].moves[{i}]")
                    hand.play(move, i)
                except IllegalMove as e:
                    e.extra["hand_index"] = h
                    raise
                except InvalidRecord as e:
                    e.extra["hand_index"] = h
                    raise
            if hand.result is None:
                if h < len(hands) - 1:
                    raise InvalidRecord("hand_incomplete", f"hands[{h}] is not finished", hand_index=h)
                per_hand.append({"dealer": hand.dealer, "result": None, "deal_verified": hand.seed is not None})
                break
            per_hand.append({"dealer": hand.dealer, "result": hand.result, "deal_verified": hand.seed is not None})
            prev = hand.result
        last = next((p["result"] for p in reversed(per_hand) if p["result"]), None)
        scores = last["scores"] if last else [0, 0]
        return {"per_hand": per_hand, "running_scores": [p["result"]["scores"] for p in per_hand if p["result"]],
                "scores": scores,
                "match_over": bool(last and last["match_over"]),
                "winner": last["winner"] if last else None}


GAME = CourtPiece()
