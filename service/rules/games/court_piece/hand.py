"""One hand of Court Piece: choosing trumps, the play, the pile of double sar, the result."""

from __future__ import annotations

from ...cards import NAMES, SUIT_MASKS, SUITS
from ...errors import IllegalMove, InvalidRecord, M
from ...game import Hand
from ...holdings import Holdings
from . import checks, views
from .deck import ACE, card_name, suit_name, trick_winner_index
from .options import FACE_DOWN_MODES, PILE_MODES
from .scoring import score_outcome

try:
    import cython
except ImportError:  # run from source without Cython installed
    from ... import _cython as cython

# seat -> card -> its play move as listed (copied: a small dict copied is cheaper than one built key by key)
_PLAY_MOVES = [[{"seat": seat, "type": "play", "card": NAMES[c]} for c in range(64)] for seat in range(4)]


class CourtPieceHand(Hand):
    """Compiled, an extension type built on ``game.Hand`` (``hand.pxd``): its fields are C struct
    members and the per-move chain is called through C. No ``__dict__`` and no Python base class, so
    the checks of the rarer moves and the views are functions of the hand (``checks.py``,
    ``views.py``) rather than mixins; what plays a card, and what lists and checks one, stays here."""

    phase_moves = {
        "choose_trump": frozenset({"call_trump", "pass_to_partner", "timeout", "change_cards"}),
        "play": frozenset({"play", "reveal", "change_trump"}),
        "done": frozenset(),
    }

    def setup(self, hands, draw_raw):
        o = self.options
        self.mode = o["mode"]
        self.hidden = self.mode in FACE_DOWN_MODES  # hidden trump, and the hidden rung variant
        self.double = self.mode in PILE_MODES       # double sar, and the hidden rung variant
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
            raise InvalidRecord("view_incomplete", M("the view lacks seat {value}'s first five cards", value=v))

    # ---- checking (the plays' here, called per move; the other move types' in checks.py)
    def disabled(self, move):
        return checks.disabled(self, move)

    def check_move(self, move):
        return checks.check_move(self, move)

    def playable(self, seat) -> int:
        m = self.holdings.known[seat]
        if seat == self.caller and self.face_down is not None and not self.revealed:
            m &= ~(1 << self.face_down)
        return m

    @cython.locals(trick=list)
    def legal_mask(self, seat, pm=None) -> int:
        if pm is None:
            pm = self.playable(seat)
        trick = self.trick
        if self.must_trump == seat:
            if trick:
                same = pm & SUIT_MASKS[trick[0][1] >> 4]
                if same:
                    return same
            return (pm & SUIT_MASKS[self.trump]) or pm
        if trick:
            return (pm & SUIT_MASKS[trick[0][1] >> 4]) or pm
        return pm

    def first_five(self, seat):
        return self.dealt[seat][:5]

    # ---- listing
    @cython.locals(held=list, out=list, moves=list, move=dict, legal=cython.ulonglong, k=cython.Py_ssize_t)
    def legal_moves(self):
        if self.phase == "choose_trump":
            return checks.trump_choices(self)
        s = self.to_act
        legal = self.legal_mask(s)  # 64 bits: four suits of 16
        held = self.holdings.held[s]
        moves = _PLAY_MOVES[s]
        out = []
        for c in held:
            if c is not None:
                k = c
                if legal >> k & 1:
                    move = moves[k]
                    out.append(move.copy())  # typed, a C call (PyDict_Copy)
        if self.hidden or self.options["rung_royal"]:
            out += checks.extra_choices(self, s)
        return out

    # ---- what a viewer may see (views.py)
    def sees_face_down(self, viewer):
        return views.sees_face_down(self, viewer)

    def deal_json(self, viewer):
        return views.deal_json(self, viewer)

    def hidden_move_card(self, move, viewer):
        return views.hidden_move_card(self, move, viewer)

    # ---- applying
    @cython.locals(trick=list)
    def play(self, move, index):
        if move["type"] == "play" and self.phase == "play" and move["seat"] == self.to_act:
            # the common case, the same checks as below in short: a held, face-up, legal card (one
            # of the suit led, or any lead but a forced trump, is legal without working out the mask)
            seat, card = move["seat"], move["card"]
            trick = self.trick
            if (self.holdings.known[seat] >> card & 1
                    and not (seat == self.caller and card == self.face_down and not self.revealed)
                    and ((card >> 4 == trick[0][1] >> 4 if trick else self.must_trump != seat)
                         or self.legal_mask(seat) >> card & 1)):
                events = self.play_card(seat, card)
                self.moves.append(move)
                return self.emitted(events, index) if events or self.phase == "done" else events
        return self.checked_play(move, index)

    def checked_play(self, move, index):
        """The plain path ``play``'s one step stands for: the shared order of checks, then ``apply``."""
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
                        raise InvalidRecord("view_incomplete", M("the view lacks the turned luck card"))
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
                raise InvalidRecord("view_incomplete", M("the view lacks the revealed face-down card"))
            self.revealed = True
            self.trump = self.trump_suit = card >> 4
            pos = len(self.trick)
            self.revealed_at = pos
            self.trump_from = 0 if self.options["reveal_counts_current_trick"] else pos
            self.must_trump = seat
            if not self.holdings.known[self.caller] >> card & 1:
                # a view that saw the card only now (cannot happen with a consistent view)
                raise InvalidRecord("view_incomplete", M("the view lacks the face-down card in the caller's hand"))
            ev.append({"type": "trump_revealed", "seat": seat, "card": NAMES[card],
                       "trump": SUITS[card >> 4]})
        elif t == "change_trump":
            self.trump_changed = True
            if self.hidden:
                old = self.face_down
                if old is None and self.viewer == seat:
                    raise InvalidRecord("view_incomplete", M("the view lacks the returned luck card"))
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
                    raise InvalidRecord("view_incomplete", M("the view lacks seat {value}'s cards", value=v))

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
            fd = self.face_down if views.sees_face_down(self, v) else None
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
        st["hands"] = [views.hand_json(self, s, v) for s in range(4)]
        st["events"] = self.events
        return st

    def time_limit(self):
        if self.phase != "choose_trump":
            return None
        o = self.options
        if self.deciding == self.f and self.f in self.match["first_game_seats"]:
            return o["first_game_call_seconds"]
        return o["call_seconds"]

