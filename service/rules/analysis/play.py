"""Card play on bitmasks, one small model per game, for the solver to search without replaying.

A ``Play`` holds what the rest of a hand's card play reads: each seat's remaining cards (a mask),
the current trick, who leads and who acts, the tricks finished, and the few flags a game's rules
still read (Court Piece's hidden trump, Five Hundred's free joker). It is built once from a replayed
engine hand (``adapters.py``) and then changed in place by ``push`` and restored by ``pop``.

Moves are small ints: a card is its card int; the other moves are coded above the cards
(``REVEAL``, ``CHANGE_CARD + card``, ``CHANGE_SUIT + suit``, ``JOKER_LEAD + suit``).

Every rule here mirrors the engine's own code for that game; ``tests/test_analysis_models.py`` plays
random hands through both and checks they agree move for move.
"""

from __future__ import annotations

from ..cards import JOKER, SUIT_MASKS
from ..games.court_piece.deck import trick_winner_index

REVEAL = 100
CHANGE_CARD = 200   # + the new face-down card (hidden trump, Rung Royal)
CHANGE_SUIT = 300   # + the new trump suit (open modes, Rung Royal)
JOKER_LEAD = 400    # + the suit named for a led free joker (Five Hundred)

GAP = 72  # bits per effective suit in ``Play.abstract``'s owners: 3 a card, 24 cards at most
GAP_MASK = (1 << GAP) - 1


def suit_masks(suit: list[int]) -> list[int]:
    """Cards by effective suit; index -1 (the last) holds the suitless ones (suit -1: Bid Whist's
    no-trump jokers, and cards not in the pack, which never come into play)."""
    out = [0] * 6
    for card, su in enumerate(suit):
        out[su] |= 1 << card
    return out


_CP_SUIT = [c >> 4 for c in range(64)]
_CP_POWER = [c & 15 for c in range(64)]


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_CARDS: dict[int, list[int]] = {}


def cards_of(mask: int) -> list[int]:
    """``list(bits(mask))``, shared: the same mask gives the same list (never change it)."""
    r = _CARDS.get(mask)
    if r is None:
        if len(_CARDS) > 200_000:
            _CARDS.clear()
        r = _CARDS[mask] = list(bits(mask))
    return r


class Play:
    """The shared part: trick bookkeeping, counting, saving and restoring."""

    def __init__(self, hands, seats, trick, leader, to_act, done, total, counted, maxer):
        self.hands = list(hands)          # remaining cards per seat (mask); seats out of play: 0
        self.seats = list(seats)          # the seats that play, in turn order
        self.nxt = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
        self.width = len(seats)
        self.trick = list(trick)          # [(seat, card)]
        self.leader = leader
        self.to_act = to_act
        self.done = done                  # tricks finished
        self.total = total
        self.counted = counted            # per seat: its tricks count in the value
        self.maxer = maxer                # per seat: it wants the value high
        self._orders = None

    # --- what a game model defines ---
    def moves(self, seat: int) -> list[int]:
        raise NotImplementedError

    def winner(self) -> int:
        """The winning seat of the complete current trick."""
        raise NotImplementedError

    def suit(self, card: int) -> int:
        """Effective suit now (for merging and ordering)."""
        raise NotImplementedError

    def power(self, card: int) -> int:
        raise NotImplementedError

    def extra(self):
        """State besides hands and leader that the rest of the hand reads (part of the table key)."""
        return None

    def trump_now(self):
        return None

    def simple_led(self):
        """The suit led, where the current trick (not empty) ranks plainly: the strongest trump
        (``trump_now``), else the strongest card of that suit, wins; None where other rules apply."""
        return None

    def quick_allowed(self) -> bool:
        """Whether the leader's top cards are sure tricks (no hidden trump, no stop at a trick)."""
        return True

    def wild(self):
        """The seat holding a card that wins any trick it is played to but only when its holder
        cannot follow (Five Hundred's free joker in no trump), else None: a ruffer of every suit."""
        return None

    def plays_out(self) -> bool:
        """Whether every remaining card will be played (no stop before the last trick), so that a
        top trump is a sure trick for its holder whenever he plays it."""
        return True

    has_extra = False  # whether save_extra keeps anything (the solver skips the call if not)
    specials = False  # whether a move may be other than a card (coded from REVEAL up)

    def save_extra(self):
        return None

    def restore_extra(self, saved) -> None:
        pass

    def special(self, seat: int, move: int) -> None:
        """A move that is not a card (reveal, change of trump): the same seat then moves again."""
        raise NotImplementedError

    def placed(self, seat: int, card: int) -> None:
        """Hook after a card joins the trick."""

    def credit(self, seat: int) -> bool:
        """Record a trick won by ``seat``; True when the hand stops here."""
        self.done += 1
        return self.done == self.total

    def cap(self) -> int:
        """The most counted tricks still possible (the stop rules included)."""
        return self.total - self.done

    # --- shared ---
    def save(self):
        return (self.trick, self.leader, self.to_act, self.done, self.save_extra())

    def restore(self, saved) -> None:
        self.trick, self.leader, self.to_act, self.done, extra = saved
        self.restore_extra(extra)

    def push(self, seat: int, move: int):
        """Apply ``move``; returns (trick gain for the counted seats, hand stopped). A finished
        trick leaves in ``trick_rel`` the winning card's bit when it beat a card of its own
        effective suit (its rank mattered), else 0."""
        if move >= REVEAL:
            self.special(seat, move)
            return 0, False
        card = move
        self.hands[seat] &= ~(1 << card)
        self.trick = self.trick + [(seat, card)]
        self.placed(seat, card)
        if len(self.trick) < self.width:
            self.to_act = self.nxt[seat]
            return 0, False
        w = self.winner()
        rel = 0
        st = self.st
        for s, c in self.trick:
            if s == w:
                wc = c
                break
        ws = st[wc]
        for s, c in self.trick:
            if s != w and st[c] == ws:
                rel = 1 << wc
                break
        self.trick_rel = rel
        gain = 1 if self.counted[w] else 0
        stopped = self.credit(w)
        self.trick = []
        self.leader = self.to_act = w
        return gain, stopped

    def unpush(self, seat: int, move: int, saved) -> None:
        if move < REVEAL:
            self.hands[seat] |= 1 << move
        self.restore(saved)

    def prepare(self) -> None:
        """Fix the relative ranks for a search (effective suits and powers do not change once the
        play has begun): per effective suit, the cards in play from the strongest down."""
        self._orders = self._suit_orders()
        self._korders = []
        for base, order in self._orders:
            sm = 0
            for c in order:
                sm |= 1 << c
            self._korders.append((base, sm, order))
        self._acache = {}
        self._topc = {}  # a mask of one effective suit -> (power, card) of its strongest (solver._top)
        self._wcache = {}  # every seat's cards -> (lengths, owners, live): a position seen again
        self._mcache = {}
        self._tcache = {}
        self._ptops = {}  # one suit's live cards -> the masks of its strongest 0, 1, 2, ... (covered)
        self.trick_rel = 0

    # --- partition search: positions that differ only in irrelevant small cards ---
    def abstract(self):
        """(bucket, owners, live) at a trick start. ``bucket`` is what must be equal for a table
        entry to apply: each seat's length in each effective suit, the leader and ``extra()``.
        ``owners`` holds, per effective suit (``GAP`` bits apart), the seat (its index in the turn
        order, 3 bits) holding each live card from the strongest down; an entry applies where the
        owners of the suit's top cards down to its lowest relevant card are the same."""
        hands = self.hands
        whole = tuple(hands)
        r = self._wcache.get(whole)
        if r is not None:
            return (r[0], self.leader, self.extra()), r[1], r[2]
        seats = self.seats
        cache = self._acache
        code = 0
        lens = []
        live = 0
        for gi, (_, sm, order) in enumerate(self._korders):
            t = tuple([hands[s] & sm for s in seats])
            r = cache.get(t)
            if r is None:
                c = n = 0
                ls = 0
                counts = []
                for x in t:
                    ls |= x
                    counts.append(x.bit_count())
                for card in order:
                    b = 1 << card
                    if ls & b:
                        for j, x in enumerate(t):
                            if x & b:
                                c |= j << (3 * n)
                                break
                        n += 1
                r = cache[t] = (c << (GAP * gi), tuple(counts), ls)
            code |= r[0]
            lens.append(r[1])
            live |= r[2]
        if len(self._wcache) > 300_000:  # a bound on memory: positions recur mostly nearby
            self._wcache.clear()
        self._wcache[whole] = (tuple(lens), code, live)
        return (tuple(lens), self.leader, self.extra()), code, live

    def relevance_mask(self, rel: int, live: int) -> tuple[int, int]:
        """(mask of ``owners`` bits, the relevant cards as the top live cards they cover): per
        effective suit, every live card down to the lowest relevant one."""
        key = (rel & live, live)
        r = self._mcache.get(key)
        if r is None:
            rel &= live
            mask = cover = 0
            for gi, (_, sm, order) in enumerate(self._korders):
                x = rel & sm
                if not x:
                    continue
                n = 0
                for card in order:
                    b = 1 << card
                    if live & b:
                        n += 1
                        cover |= b
                        x &= ~b
                        if not x:
                            break
                mask |= ((1 << (3 * n)) - 1) << (GAP * gi)
            r = self._mcache[key] = (mask, cover)
        return r

    def covered(self, mask: int, live: int) -> int:
        """The live cards an entry's ``owners`` mask covers (its relevant cards, here)."""
        key = (mask, live)
        r = self._tcache.get(key)
        if r is None:
            r = 0
            tops = self._ptops
            for gi, (_, sm, order) in enumerate(self._korders):
                n = ((mask >> (GAP * gi)) & GAP_MASK).bit_length() // 3
                if not n:
                    continue
                x = live & sm
                pr = tops.get(x)
                if pr is None:  # the suit's live cards, the strongest 0, 1, 2, ... of them
                    pr = [0]
                    acc = 0
                    for card in order:
                        b = 1 << card
                        if x & b:
                            acc |= b
                            pr.append(acc)
                    tops[x] = pr
                r |= pr[n] if n < len(pr) else pr[-1]
            self._tcache[key] = r
        return r

    def _suit_orders(self):
        """Per effective suit, the cards in play from the strongest down (fixed for a search,
        since effective suits and powers do not change once the play has begun)."""
        cards = 0
        for s in self.seats:
            cards |= self.hands[s]
        for _, c in self.trick:
            cards |= 1 << c
        groups: dict[int, list[int]] = {}
        for c in bits(cards):
            groups.setdefault(self.suit(c), []).append(c)
        out = []
        for i, (su, cs) in enumerate(sorted(groups.items())):
            cs.sort(key=self.power, reverse=True)
            out.append((i * 20, cs))
        return out

    def last_trick(self) -> int | None:
        """The counted tricks of a last trick played out at once, or None where that is not
        a plain matter of every seat playing its one card."""
        return None


# --------------------------------------------------------------------------------------------------
def _ranked_winner(trick, st, pw, trump) -> int:
    """The seat that wins ``trick`` under one ranking (``tricks.Ranking.winner``, inlined)."""
    best, c = trick[0]
    bsu, bpw = st[c], pw[c]
    for s, c in trick:
        su = st[c]
        if su == bsu:
            if pw[c] > bpw:
                best, bpw = s, pw[c]
        elif su == trump:
            best, bsu, bpw = s, su, pw[c]
    return best


class RankedPlay(Play):
    """Bid Whist, Buck Euchre, Five Hundred: one ``tricks.Ranking`` for the whole play."""

    def __init__(self, ranking, **kw):
        super().__init__(**kw)
        self.ranking = ranking
        self._suit = self.st = ranking.suit
        self._power = self.pw = ranking.power
        self._masks = ranking.suit_masks
        self.smask = suit_masks(self.st)

    def suit(self, card):
        return self._suit[card]

    def power(self, card):
        return self._power[card]

    def trump_now(self):
        return self.ranking.trump

    def simple_led(self):
        return self._suit[self.trick[0][1]]


class BidWhistPlay(RankedPlay):
    """The first card with a suit sets the suit to follow (a no-trump joker has none, never wins)."""

    def _led(self):
        for _, c in self.trick:
            s = self._suit[c]
            if s >= 0:
                return s
        return None

    def simple_led(self):
        su = self._suit[self.trick[0][1]]
        return su if su >= 0 else None  # a led suitless joker: the next card sets the suit

    def moves(self, seat):
        hand = self.hands[seat]
        led = self._led() if self.trick else None
        if led is not None:
            same = hand & self._masks[led]
            if same:
                hand = same
        return cards_of(hand)

    def winner(self):
        # tricks.Ranking.winner from the first card with a suit (a suitless joker never wins)
        st, pw, trump = self._suit, self._power, self.ranking.trump
        best = None
        for s, c in self.trick:
            su = st[c]
            if best is None:
                if su >= 0:
                    best, bsu, bpw = s, su, pw[c]
            elif su == bsu:
                if pw[c] > bpw:
                    best, bpw = s, pw[c]
            elif su == trump:
                best, bsu, bpw = s, su, pw[c]
        return best if best is not None else self.trick[0][0]  # unreachable with two jokers


class BuckEuchrePlay(RankedPlay):
    def moves(self, seat):
        hand = self.hands[seat]
        if self.trick:
            same = hand & self._masks[self._suit[self.trick[0][1]]]
            if same:
                hand = same
        return cards_of(hand)

    def winner(self):
        return _ranked_winner(self.trick, self._suit, self._power, self.ranking.trump)


class FiveHundredPlay(RankedPlay):
    """Follow the led suit (a led free joker's named suit); misère: void with the free joker, play it;
    the free joker wins any trick; a misère stops at the contractor's first trick."""

    def __init__(self, free_joker, led_suit, led_mask, misere, contractor, last_trick_only, **kw):
        super().__init__(**kw)
        self.free_joker = free_joker
        self.led_suit = led_suit
        self.led_mask = led_mask
        self.misere = misere
        self.contractor = contractor
        self.last_trick_only = last_trick_only

    def simple_led(self):
        return None if self.free_joker else self._suit[self.trick[0][1]]

    def _joker_live(self):
        return self.free_joker and (any(h >> JOKER & 1 for h in self.hands)
                                    or any(c == JOKER for _, c in self.trick))

    def moves(self, seat):
        hand = self.hands[seat]
        if self.trick:
            same = hand & self._masks[self.led_suit]
            if same:
                return cards_of(same)
            if self.misere and self.free_joker and hand >> JOKER & 1:
                return [JOKER]
            return cards_of(hand)
        out = []
        for c in bits(hand):
            if c == JOKER and self.free_joker:
                number = self.done + 1
                all_led = self.led_mask == 15
                if self.last_trick_only and number != 10 or all_led and number != 10:
                    continue
                out += [JOKER_LEAD + s for s in range(4) if all_led or not self.led_mask >> s & 1]
            else:
                out.append(c)
        return out

    def push(self, seat, move):
        if move >= JOKER_LEAD:  # a led free joker naming a suit
            self.led_suit = move - JOKER_LEAD
            return super().push(seat, JOKER)
        return super().push(seat, move)

    def unpush(self, seat, move, saved):
        super().unpush(seat, JOKER if move >= JOKER_LEAD else move, saved)

    def placed(self, seat, card):
        if len(self.trick) == 1 and not (card == JOKER and self.free_joker):
            self.led_suit = self._suit[card]

    def winner(self):
        if self.free_joker:
            for s, c in self.trick:
                if c == JOKER:
                    return s
        return _ranked_winner(self.trick, self._suit, self._power, self.ranking.trump)

    def credit(self, seat):
        self.led_mask |= 1 << self.led_suit
        self.done += 1
        return self.done == self.total or (self.misere and seat == self.contractor)

    def cap(self):
        return 1 if self.misere else self.total - self.done

    has_extra = True
    specials = True

    def save_extra(self):
        return self.led_suit, self.led_mask

    def restore_extra(self, saved):
        self.led_suit, self.led_mask = saved

    def extra(self):
        return self.led_mask if self.free_joker and self._joker_live() else None

    def quick_allowed(self):
        return not self.misere

    def wild(self):
        if self.free_joker:
            bit = 1 << JOKER
            for s in self.seats:
                if self.hands[s] & bit:
                    return s
        return None

    def plays_out(self):
        return not self.misere


class CourtPiecePlay(Play):
    """Court Piece, single sar and hidden trump: printed suits, ace high; the hidden trump counts from
    its reveal (from the revealing position of that trick, or the whole trick with
    ``reveal_counts_current_trick``); the revealer must then play trump if it cannot follow; the
    caller's face-down card is not playable before the reveal; the hand stops at 7 tricks."""

    def __init__(self, hidden, revealed, trump, face_down, caller, trump_from, must_trump, won,
                 counts_whole_trick, can_change, first_five, started, **kw):
        super().__init__(**kw)
        self.hidden = hidden
        self.revealed = revealed
        self.trump = trump            # the suit that ranks once revealed (open modes: always)
        self.face_down = face_down
        self.caller = caller
        self.trump_from = trump_from
        self.must_trump = must_trump
        self.won = list(won)
        self.counts_whole_trick = counts_whole_trick
        self.can_change = can_change  # Rung Royal: the caller may still change trump once
        self.first_five = first_five
        self.started = started        # a card has been played this hand
        self.st = _CP_SUIT
        self.pw = _CP_POWER
        self.smask = suit_masks(self.st)

    def suit(self, card):
        return card >> 4

    def power(self, card):
        return card & 15

    def trump_now(self):
        return self.trump if self.revealed else None

    def quick_allowed(self):
        return self.revealed and not self.can_change and self.must_trump is None

    def simple_led(self):
        # before a reveal the face-down card is not playable; after one within the trick,
        # trumps count from the revealing position only
        return self.trick[0][1] >> 4 if self.revealed and not self.trump_from else None

    def plays_out(self):
        return False  # the hand stops at 7 tricks

    def _playable(self, seat):
        m = self.hands[seat]
        if seat == self.caller and self.hidden and not self.revealed and self.face_down is not None:
            m &= ~(1 << self.face_down)
        return m

    def moves(self, seat):
        pm = self._playable(seat)
        if self.must_trump == seat:
            legal = 0
            if self.trick:
                legal = pm & SUIT_MASKS[self.trick[0][1] >> 4]
            if not legal:
                legal = (pm & SUIT_MASKS[self.trump]) or pm
        elif self.trick:
            legal = (pm & SUIT_MASKS[self.trick[0][1] >> 4]) or pm
        else:
            legal = pm
        out = list(bits(legal))
        if self.hidden and not self.revealed:
            if self.trick:
                if not pm & SUIT_MASKS[self.trick[0][1] >> 4]:
                    out.append(REVEAL)
            elif seat == self.caller:
                out.append(REVEAL)
        if self.can_change and seat == self.caller and not self.started:
            if self.hidden:
                out += [CHANGE_CARD + c for c in self.first_five if c != self.face_down]
            else:
                out += [CHANGE_SUIT + s for s in range(4) if s != self.trump]
        return out

    def special(self, seat, move):
        if move == REVEAL:
            self.revealed = True
            self.trump = self.face_down >> 4
            pos = len(self.trick)
            self.trump_from = 0 if self.counts_whole_trick else pos
            self.must_trump = seat
            self.can_change = False
        elif move >= CHANGE_SUIT:
            self.trump = move - CHANGE_SUIT
            self.can_change = False
        else:
            self.face_down = move - CHANGE_CARD
            self.trump = self.face_down >> 4
            self.can_change = False

    def placed(self, seat, card):
        self.started = True
        if self.must_trump == seat:
            self.must_trump = None

    def winner(self):
        cards = [c for _, c in self.trick]
        trump = self.trump if self.revealed else None  # trumps count from the reveal only
        return self.trick[trick_winner_index(cards, trump, self.trump_from or 0)][0]

    def credit(self, seat):
        self.done += 1
        team = seat & 1
        self.won[team] += 1
        self.trump_from = 0 if self.revealed else None
        return self.won[team] >= 7 or self.done == self.total

    def cap(self):
        # the counted team can take at most what it needs for 7 (the hand stops there)
        team = next(s for s in range(4) if self.counted[s]) & 1
        return min(self.total - self.done, 7 - self.won[team])

    has_extra = True
    specials = True

    def save_extra(self):
        return (self.revealed, self.trump, self.face_down, self.trump_from, self.must_trump,
                tuple(self.won), self.can_change, self.started)

    def restore_extra(self, saved):
        (self.revealed, self.trump, self.face_down, self.trump_from, self.must_trump, won,
         self.can_change, self.started) = saved
        self.won = list(won)

    def extra(self):
        # must_trump: right after the caller's reveal on lead he must lead a trump (a trick start
        # that is not the same position as the free lead with the same cards)
        return (self.revealed, self.trump, self.face_down, self.won[0], self.won[1], self.can_change,
                self.must_trump)
