"""A double-dummy solver on ``Play`` positions: alpha-beta over one card at a time.

The techniques are those of bridge double-dummy solvers (Bo Haglund's DDS), kept small:

- a **transposition table with partition search** at trick starts (DDS's "relevant ranks"): a
  bucket per each seat's length in each effective suit, the leader and the state the rules still
  read (``Play.abstract``); in it, entries holding lower or upper bounds of the counted tricks
  still to come and the move that was best there (tried first next time), each with the owners of
  each suit's top cards down to the lowest card whose rank the search that proved the bound read.
  One entry so answers every position that differs only in the smaller cards. A rank is read where
  a card won a trick over a card of its own effective suit, where a quick-trick or top-trump bound
  compared cards, and where a merged class's other card mattered (``search``'s ``self.rel``);
- **zero-window searches** at the root (MTD(f)-like "can the counted seats take at least b?"),
  per class of equivalent moves, the table shared across them;
- **equivalent cards merged**: cards of one effective suit in one hand with no live card of that
  suit between them elsewhere (other hands, the current trick) are one move — touching cards, and
  cards made touching by what has been played;
- **quick tricks and later-trick bounds** at trick starts (``sure_bounds``): the leader's cashable
  winners (with the length of the suit, and only the rounds no one can ruff), a low lead to a
  partner's winners, and for each side the trumps (or Five Hundred's free joker) one seat holds
  above every opposing trump — sure tricks wherever every card is played; and with no trump
  left, a side holding every suit's top card wins a trick whatever is led (DDS's later tricks);
- **move ordering** (DDS-like): at a lead, a safe winner, then a low card to a partner's winner or
  ruff, leading into an opponent's ruff last; when following, a card that beats everything the
  opponents still to play can answer, the cheapest first, or the cheapest card when the trick is
  safely one's side's or lost; the table's best move first, and a history of cut-offs as the
  tie-break.

The value is the number of tricks won by the counted seats from the position on, until the hand
stops. Maximizing and minimizing seats come from the position (``Play.maxer``). The search counts
*nodes* (moves applied) and stops with ``BudgetExceeded`` past ``max_nodes``: a value is never
guessed.
"""

from __future__ import annotations

from ..cards import JOKER
from ..messages import M
from .play import REVEAL, Play, bits, cards_of

INF = 1 << 20


PAUSE_EVERY = 512  # nodes between pauses (~10 ms of search); the HTTP edge's pause yields by time


class BudgetExceeded(Exception):
    def __init__(self, nodes: int, max_nodes: int):
        super().__init__(M("the exact answer needs more than {max_nodes} nodes", max_nodes=max_nodes))
        self.nodes = nodes
        self.max_nodes = max_nodes


class Solver:
    """One position's search: a table shared by all the root's moves."""

    def __init__(self, play: Play, max_nodes: int | None = None, partition: bool = True, pause=None):
        self.p = play
        self.partition = partition  # False: every entry keeps every card's owner (tests compare)
        play.prepare()  # relative ranks among the cards in play at the root
        self.max_nodes = max_nodes if max_nodes is not None else INF * INF
        self.nodes = 0
        # ``pause()`` every PAUSE_EVERY nodes (a gevent worker's other requests run then): one
        # comparison per node serves both it and the budget
        self.pause = pause
        self.stop_at = min(self.max_nodes, PAUSE_EVERY) if pause is not None else self.max_nodes
        self.table: dict = {}
        self.history: dict[int, int] = {}  # (seat << 7 | card) -> cut-offs it caused, weighted
        self._reps: dict = {}  # (a seat's cards of a suit, the others' live ones) -> (reps, merged)
        self._tops: dict = {}  # a mask of one effective suit -> its strongest card's power
        self.rel = 0

    # --- the root ---
    def values(self, moves: list[int], lo: int = 0, hi: int | None = None) -> dict[int, int]:
        """Each move's exact value (equivalent cards searched once), by zero-window tests
        ("can the counted seats take at least b?") that share the table, MTD(f)-style. ``lo`` and
        ``hi``: bounds the caller knows for every move's value (the position's own value, for the
        side to move), so fewer tests prove it."""
        p = self.p
        seat = p.to_act
        reps = self.classes(seat, moves)
        cap = p.cap() if not p.trick else p.total - p.done
        out = {}
        guess = None
        lo0, hi0 = max(lo, 0), cap if hi is None else min(hi, cap)
        for rep, members in reps:
            lo, hi = lo0, hi0
            # a bound given is the likeliest value: the first test at it
            g = hi if hi < cap else lo + 1 if lo > 0 else guess if guess is not None else self.estimate(seat, rep)
            lo = self.mtd(lambda b: self.child(seat, rep, b - 1, b), lo, hi, g)
            guess = lo
            for m in members:
                out[m] = lo
        return out

    def value(self) -> int:
        """The position's value (its best move's), by zero-window tests on the root itself: where
        only the best is wanted, fewer nodes than every move's (``values``)."""
        p = self.p
        seat = p.to_act
        cap = p.cap() if not p.trick else p.total - p.done
        return self.mtd(lambda b: self.search(b - 1, b), 0, cap, self.estimate(seat, self.ordered(seat, None)[0][0]))

    @staticmethod
    def mtd(test, lo: int, hi: int, g: int) -> int:
        """The exact value in [lo, hi] by zero-window tests (``test(b)``: fail-soft, is it at least
        b?) from the guess ``g``, MTD(f)."""
        while lo < hi:
            b = min(max(g, lo + 1), hi)
            v = test(b)
            if v < b:
                hi = v
            else:
                lo = v
            g = v
        return lo

    def estimate(self, seat: int, move: int) -> int:
        """A first guess of ``move``'s value for the root's first test: the counted tricks of one
        line where every seat then plays the move its ordering puts first (no nodes counted)."""
        p = self.p
        stack = []
        total = 0
        m = move
        while True:
            saved = p.save()
            gain, stopped = p.push(seat, m)
            stack.append((seat, m, saved))
            total += gain
            if stopped:
                break
            seat = p.to_act
            m = self.ordered(seat, None)[0][0]
        for seat, m, saved in reversed(stack):
            p.unpush(seat, m, saved)
        return total

    def child(self, seat: int, move: int, alpha: int, beta: int) -> int:
        p = self.p
        self._count()
        saved = p.save()
        gain, stopped = p.push(seat, move)
        v = gain if stopped else gain + self.search(alpha - gain, beta - gain)
        p.unpush(seat, move, saved)
        return v

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self.stop_at:
            self._stop()

    def _stop(self) -> None:
        """Past the budget: refused; past a pause point: pause, then on to the next one."""
        if self.nodes > self.max_nodes:
            raise BudgetExceeded(self.nodes, self.max_nodes)
        self.pause()
        self.stop_at = min(self.max_nodes, self.stop_at + PAUSE_EVERY)  # one every PAUSE_EVERY nodes

    # --- the search ---
    def search(self, alpha: int, beta: int) -> int:
        """The value, fail-soft within (alpha, beta). Leaves in ``self.rel`` the cards whose rank
        the result depends on (partition search): a trick won by a card over its own suit, a
        merged class's lowest card, a bound read from the table or from ``sure_bounds``."""
        p = self.p
        key = None
        hint = None
        if not p.trick:
            cap = p.cap()
            if cap <= 0 or beta <= 0:
                self.rel = 0
                return 0
            if alpha >= cap:
                self.rel = 0
                return cap
            single = True
            hands = p.hands
            for s in p.seats:
                h = hands[s]
                if h & (h - 1):
                    single = False
                    break
            if single:
                v = self.play_out()
                if v is not None:
                    return v
            key, code, live = p.abstract()
            bucket = self.table.get(key)
            lo, hi = 0, cap
            lo_m = hi_m = 0
            near = None
            if bucket is not None:
                for (mask, ecode), entry in bucket.items():
                    if code & mask == ecode:
                        elo, ehi, ehint = entry
                        if elo > lo:
                            lo, lo_m = elo, mask
                            if lo >= beta:
                                self.rel = p.covered(mask, live)
                                return lo
                        if ehi < hi:
                            hi, hi_m = ehi, mask
                            if hi <= alpha:
                                self.rel = p.covered(mask, live)
                                return hi
                        if ehint is not None:
                            hint = ehint
                    elif entry[2] is not None:
                        near = entry[2]
                if hint is None:
                    hint = near
                if lo >= hi:
                    self.rel = p.covered(lo_m | hi_m, live)
                    return lo
            if p.quick_allowed():
                slo, shi, rlo, rhi = sure_bounds(p, cap)
                if slo >= beta:
                    self._store(p, key, code, live, rlo, slo, INF, None)
                    self.rel = rlo
                    return slo
                if shi <= alpha:
                    self._store(p, key, code, live, rhi, 0, shi, None)
                    self.rel = rhi
                    return shi
                if slo > lo:
                    lo = slo
                if shi < hi:
                    hi = shi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            a0, b0 = alpha, beta
        seat = p.to_act
        maximize = p.maxer[seat]
        best = -INF if maximize else INF
        best_move = None
        moves, merged = self.ordered(seat, hint)
        rel = 0
        cut_rel = -1
        extra = p.has_extra
        hands = p.hands
        for m in moves:
            self.nodes += 1
            if self.nodes > self.stop_at:
                self._stop()
            saved = (p.trick, p.leader, p.to_act, p.done, p.save_extra() if extra else None)  # p.save()
            gain, stopped = p.push(seat, m)
            if stopped:
                v = gain
                r = p.trick_rel
            elif p.trick:
                v = gain + self.search(alpha - gain, beta - gain)
                r = self.rel
            else:
                r = p.trick_rel
                v = gain + self.search(alpha - gain, beta - gain)
                r |= self.rel
            if m < REVEAL:  # p.unpush(seat, m, saved), inlined for a card
                hands[seat] |= 1 << m
                p.trick, p.leader, p.to_act, p.done, x = saved
                if extra:
                    p.restore_extra(x)
            else:
                p.unpush(seat, m, saved)
            if maximize:
                if v > best:
                    best, best_move = v, m
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            self._cut(seat, m)
                            cut_rel = r
                            break
            else:
                if v < best:
                    best, best_move = v, m
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            self._cut(seat, m)
                            cut_rel = r
                            break
            if merged is not None and m in merged and r & merged[m]:
                # a merged class's other card mattered below: keep the class whole (its lowest
                # card relevant), else a position where a small card splits it would share the entry
                r |= 1 << m
            rel |= r
        if cut_rel >= 0:
            rel = cut_rel
        if key is not None:
            if best <= a0:
                lo, hi = 0, best
            elif best >= b0:
                lo, hi = best, INF
            else:
                lo = hi = best
            self._store(p, key, code, live, rel, lo, hi, best_move)
        self.rel = rel
        return best

    def _store(self, p, key, code, live, rel, lo, hi, best_move):
        if not self.partition:
            rel = live
        mask, _ = p.relevance_mask(rel, live)
        bucket = self.table.get(key)
        if bucket is None:
            bucket = self.table[key] = {}
        k = (mask, code & mask)
        entry = bucket.get(k)
        if entry is not None:
            if entry[0] > lo:
                lo = entry[0]
            if entry[1] < hi:
                hi = entry[1]
            if best_move is None:
                best_move = entry[2]
        bucket[k] = (lo, hi, best_move)

    def _cut(self, seat: int, move: int) -> None:
        if move < REVEAL:
            k = seat << 7 | move
            self.history[k] = self.history.get(k, 0) + 1 + self.p.hands[seat].bit_count()

    def play_out(self):
        """The last trick, every seat holding one card: played out without search (no nodes)."""
        p = self.p
        stack = []
        gain = 0
        for _ in range(p.width):
            seat = p.to_act
            ms = p.moves(seat)
            if len(ms) != 1 or ms[0] >= REVEAL:  # a lone reveal: the seat moves again, searched
                break
            stack.append((seat, ms[0], p.save()))
            g, stopped = p.push(seat, ms[0])
            gain += g
        else:
            self.rel = p.trick_rel
            stack.reverse()
            for seat, m, saved in stack:
                p.unpush(seat, m, saved)
            return gain
        stack.reverse()
        for seat, m, saved in stack:
            p.unpush(seat, m, saved)
        return None

    # --- merging and ordering ---
    def classes(self, seat: int, moves: list[int]) -> list[tuple[int, list[int]]]:
        """Moves grouped into equivalence classes: (the one searched — the lowest —, every member).

        Cards of one effective suit are equivalent when no card of that suit still in play
        elsewhere (other hands, the current trick) lies between them in the suit's order.
        """
        p = self.p
        cards = [m for m in moves if m < REVEAL]
        out = [(m, [m]) for m in moves if m >= REVEAL]
        if len(cards) < 2:
            return [(c, [c]) for c in cards] + out
        mine = 0
        for c in cards:
            mine |= 1 << c
        live = 0
        hands = p.hands
        for s in p.seats:
            if s != seat:
                live |= hands[s]
        live |= self._trick_live()
        merged = []
        for _, sm, order in p._korders:
            m = mine & sm
            if not m:
                continue
            if not m & (m - 1):
                c = m.bit_length() - 1
                merged.append((c, [c]))
                continue
            run: list[int] = []
            for c in order:  # strongest first
                b = 1 << c
                if m & b:
                    run.append(c)
                elif live & b and run:
                    merged.append((run[-1], run))
                    run = []
            if run:
                merged.append((run[-1], run))
        return merged + out

    def _trick_live(self) -> int:
        """The current trick's cards that keep apart the cards around them: only the winning one.
        A card beaten already decides nothing: two cards of one hand with only such cards (and no
        card of another hand) between them take or lose the trick alike, and once the trick is
        gathered they touch."""
        p = self.p
        trick = p.trick
        if not trick:
            return 0
        if len(trick) == 1:
            return 1 << trick[0][1]
        led = p.simple_led()
        if led is not None:
            st, pw, trump = p.st, p.pw, p.trump_now()
            best, bk = 0, -1
            for _, c in trick:
                su = st[c]
                k = pw[c] + 1000 if su == trump else (pw[c] if su == led else -1)
                if k > bk:
                    best, bk = c, k
            return 1 << best
        w = p.winner()
        for s, c in trick:
            if s == w:
                return 1 << c
        return 0

    def reps(self, seat: int, moves: list[int]) -> tuple[list[int], dict | None]:
        """The cards of ``moves`` that ``classes`` searches (one per class), and for each class
        with other members, its searched card -> the other members (a mask)."""
        p = self.p
        mine = 0
        if p.specials:
            for c in moves:
                if c < REVEAL:
                    mine |= 1 << c
        else:
            for c in moves:
                mine |= 1 << c
        if not mine & (mine - 1):
            return ([mine.bit_length() - 1] if mine else []), None
        live = 0
        hands = p.hands
        for s in p.seats:
            if s != seat:
                live |= hands[s]
        live |= self._trick_live()
        out = []
        merged = None
        cache = self._reps
        for _, sm, order in p._korders:
            m = mine & sm
            if not m:
                continue
            if not m & (m - 1):
                out.append(m.bit_length() - 1)
                continue
            k = (m, live & sm)
            r = cache.get(k)
            if r is None:
                found, multi, run, members = [], {}, 0, 0
                for c in order:  # strongest first
                    b = 1 << c
                    if m & b:
                        run += 1
                        members |= b
                        last = c
                    elif live & b and run:
                        found.append(last)
                        if run > 1:
                            multi[last] = members & ~(1 << last)
                        run = members = 0
                if run:
                    found.append(last)
                    if run > 1:
                        multi[last] = members & ~(1 << last)
                r = cache[k] = (found, multi)
            out += r[0]
            if r[1]:
                if merged is None:
                    merged = dict(r[1])
                else:
                    merged.update(r[1])
        return out, merged

    def ordered(self, seat: int, hint) -> tuple[list[int], dict | None]:
        """The moves to search, one per equivalence class, likeliest cut-offs first (DDS-like):

        - at a lead: cashing a sure winner; a low card to a partner's winner or to a partner's
          ruff; leading into an opponent's ruff last; then the history of earlier cut-offs;
        - following: a card that wins the trick against everything the opponents still to play can
          play, the cheapest first; when the trick is already safely one's side's, or cannot be
          won, the cheapest card (trumps kept); a card that wins only for now last.
        """
        p = self.p
        moves = p.moves(seat)
        if len(moves) == 1:
            return moves, None
        cards, merged = self.reps(seat, moves)
        specials = [m for m in moves if m >= REVEAL] if p.specials else []
        if len(cards) + len(specials) == 1:
            return cards + specials, merged
        if not p.trick:
            order = self._lead_order(seat, cards)
        else:
            order = self._follow_order(seat, cards)
        if hint is not None and hint < REVEAL:
            for i, m in enumerate(order):
                if m == hint:
                    order.insert(0, order.pop(i))
                    break
        return order + specials, merged

    def _lead_order(self, seat: int, cards: list[int]) -> list[int]:
        p = self.p
        st, pw, smask, hands = p.st, p.pw, p.smask, p.hands
        side = p.counted[seat]
        trump = p.trump_now()
        mates = [s for s in p.seats if s != seat and p.counted[s] == side]
        opps = [s for s in p.seats if p.counted[s] != side]
        others = 0
        for s in p.seats:
            if s != seat:
                others |= hands[s]
        opp_all = 0
        for s in opps:
            opp_all |= hands[s]
        hist = self.history
        base = seat << 7
        scored = []
        info: dict[int, tuple] = {}
        for c in cards:
            su = st[c]
            f = info.get(su)
            if f is None:
                sm = smask[su] if su >= 0 else 0
                top_other = _top(p, others & sm)[0]
                top_opp = _top(p, opp_all & sm)[0]
                ruffed = trump is not None and su != trump and any(
                    not hands[o] & sm and hands[o] & smask[trump] for o in opps)
                mate_wins = False
                for m in mates:
                    if _top(p, hands[m] & sm)[0] > top_opp:
                        mate_wins = True
                mate_ruffs = trump is not None and su != trump and any(
                    not hands[m] & sm and hands[m] & smask[trump] for m in mates)
                f = info[su] = (top_other, ruffed, mate_wins, mate_ruffs)
            top_other, ruffed, mate_wins, mate_ruffs = f
            if pw[c] > top_other and not ruffed:
                score = 400 + pw[c]
            elif ruffed:
                score = -400 - pw[c]
            elif mate_wins or mate_ruffs:
                score = 200 - pw[c]
            else:
                score = -pw[c]
            scored.append((score * 4096 + min(hist.get(base | c, 0), 4095), c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def _follow_order(self, seat: int, cards: list[int]) -> list[int]:
        p = self.p
        st, pw = p.st, p.pw
        trick = p.trick
        counted = p.counted
        side = counted[seat]
        trump = p.trump_now()
        led = p.simple_led()
        if led is not None:
            return self._follow_order_ranked(seat, cards, led, trump)
        # each later opponent's strongest answer (its legal card by trump, then power)
        answers = []
        n = p.width - len(trick) - 1
        if n:
            p.trick = trick + [(seat, cards[0])]
            o = seat
            for _ in range(n):
                o = p.nxt[o]
                if counted[o] != side:
                    best = None
                    bk = -1
                    for m in p.moves(o):
                        if m < REVEAL:
                            k = pw[m] + 1000 if st[m] == trump else pw[m]
                            if k > bk:
                                best, bk = m, k
                    if best is not None:
                        answers.append((o, best))
            p.trick = trick
        ours = counted[p.winner()] == side
        if ours and answers:
            p.trick = trick + answers  # our side's card against the opponents' best, we not played
            ours_safe = counted[p.winner()] == side
            p.trick = trick
        else:
            ours_safe = ours
        hist = self.history
        base = seat << 7
        scored = []
        for c in cards:
            cheap = (st[c] == trump) * 64 + pw[c]
            mine = trick + [(seat, c)]
            p.trick = mine
            wins = p.winner() == seat
            if wins and answers:
                p.trick = mine + answers
                safe = counted[p.winner()] == side
            else:
                safe = wins
            if ours_safe:
                score = -cheap if not wins else -200 - cheap
            elif safe:
                score = 400 - cheap
            elif wins:
                score = -300 - cheap
            else:
                score = -cheap
            h = hist.get(base | c, 0)
            scored.append((score * 4096 + (h if h < 4095 else 4095), c))
        p.trick = trick
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def _follow_order_ranked(self, seat: int, cards: list[int], led: int, trump) -> list[int]:
        """``_follow_order`` where the trick ranks plainly by the suit led and trump
        (``Play.simple_led``): strengths compared directly, no trial tricks. Same order."""
        p = self.p
        st, pw, smask, hands = p.st, p.pw, p.smask, p.hands
        counted = p.counted
        side = counted[seat]
        cur = -1
        cur_seat = seat
        for s, c in p.trick:
            su = st[c]
            k = pw[c] + 1000 if su == trump else (pw[c] if su == led else -1)
            if k > cur:
                cur, cur_seat = k, s
        # the strongest answer of the opponents still to play
        amax = -1
        o = seat
        lm = smask[led]
        tm = smask[trump] if trump is not None else 0
        tops = self._tops
        for _ in range(p.width - len(p.trick) - 1):
            o = p.nxt[o]
            if counted[o] != side:
                h = hands[o]
                f = h & lm
                if f:
                    k = tops.get(f)
                    if k is None:
                        k = tops[f] = _top(p, f)[0]
                else:
                    f = h & tm
                    if f:
                        k = tops.get(f)
                        if k is None:
                            k = tops[f] = _top(p, f)[0]
                        k += 1000
                    else:
                        k = -1
                if k > amax:
                    amax = k
        ours_safe = counted[cur_seat] == side and cur > amax
        hist = self.history
        base = seat << 7
        scored = []
        for c in cards:
            su = st[c]
            t = su == trump
            cheap = t * 64 + pw[c]
            k = pw[c] + 1000 if t else (pw[c] if su == led else -1)
            wins = k > cur
            if ours_safe:
                score = -cheap if not wins else -200 - cheap
            elif wins and k > amax:
                score = 400 - cheap
            elif wins:
                score = -300 - cheap
            else:
                score = -cheap
            h = hist.get(base | c, 0)
            scored.append((score * 4096 + (h if h < 4095 else 4095), c))
        scored.sort(reverse=True)
        return [c for _, c in scored]


def sure_bounds(p: Play, cap: int) -> tuple[int, int, int, int]:
    """(lower, upper, cards the lower reads, cards the upper reads): bounds of the value at a
    trick start without search — the leader's quick tricks, and the top trumps each side is sure
    to make (where every card is played). A bound holds again (or a better one) wherever every
    card down to the cards it reads keeps its owner (partition search)."""
    left = p.total - p.done
    lo, hi = 0, cap
    rlo = rhi = 0
    t, rel = quick_tricks(p)
    if t:
        if p.counted[p.leader]:
            lo, rlo = min(t, cap), rel
        else:
            hi, rhi = min(hi, left - t), rel
    if p.plays_out():
        ours, theirs, rours, rtheirs = top_trumps(p)
        wild = p.wild()  # a free joker is a sure trick for its side once played
        if wild is not None:
            if p.counted[wild]:
                if ours < 1:
                    ours, rours = 1, 1 << JOKER  # alone in its effective suit, or its strongest
            elif theirs < 1:
                theirs, rtheirs = 1, 1 << JOKER
        if ours > lo:
            lo, rlo = min(ours, cap), rours
        if left - theirs < hi:
            hi, rhi = left - theirs, rtheirs
        if wild is None and (lo < 1 or hi > left - 1):
            side, tops = _all_tops(p)
            if side is not None:
                if side and lo < 1 <= cap:
                    lo, rlo = 1, tops
                elif not side and hi > left - 1:
                    hi, rhi = left - 1, tops
    return lo, hi, rlo, rhi


def _all_tops(p: Play):
    """(side, the top cards) where one side holds the strongest live card of every suit and no
    trump is left (DDS's later tricks, no trump): whatever is led, that side can win the trick.
    (None, 0) otherwise, or where a suitless card is live (a led joker lets the next seat pick)."""
    trump = p.trump_now()
    hands = p.hands
    live = 0
    for s in p.seats:
        live |= hands[s]
    if trump is not None and live & p.smask[trump]:
        return None, 0
    if live & p.smask[-1]:
        return None, 0
    side = None
    tops = 0
    counted = p.counted
    for _, sm, order in p._korders:
        m = live & sm
        if not m:
            continue
        for c in order:
            if m >> c & 1:
                break
        b = 1 << c
        for s in p.seats:
            if hands[s] & b:
                holder = counted[s]
                break
        if side is None:
            side = holder
        elif side != holder:
            return None, 0
        tops |= b
    return side, tops


def _top(p: Play, mask: int) -> tuple[int, int]:
    """(power, card) of the strongest card of ``mask`` (one effective suit); (-1, 0) if empty.
    Cached per search (``Play.prepare`` fixes the powers)."""
    r = p._topc.get(mask)
    if r is not None:
        return r
    pw = p.pw
    best, card = -1, 0
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if pw[c] > best:
            best, card = pw[c], c
        m ^= low
    r = p._topc[mask] = (best, card)
    return r


def _above(p: Play, mask: int, top: int) -> int:
    """How many cards of ``mask`` are stronger than power ``top``."""
    pw = p.pw
    w = 0
    for c in cards_of(mask):
        if pw[c] > top:
            w += 1
    return w


def quick_tricks(p: Play) -> tuple[int, int]:
    """Tricks the leader surely takes by cashing, keeping the lead throughout (DDS's quick tricks),
    and the cards whose rank that reads (each counted suit's strongest card outside the leader).

    In each suit the leader's cards above every other seat's cards of that suit (partners' too, so
    that no partner is ever forced to overtake) are winners; once the others are out of the suit
    (winners at least as many as the longest other holding), every card of the leader's in it
    wins, provided nobody can ruff. Outside trump, a round counts only while every other seat that
    holds a trump still has a card of the suit (it must follow; the others discard harmlessly).
    Rounds of different suits add up: a seat that must follow keeps its trumps and lengths.
    A suit without winners adds nothing, and more winners never fewer tricks, so only the suits
    counted need their ranks kept.
    """
    leader = p.leader
    hands = p.hands
    mine = hands[leader]
    others = [s for s in p.seats if s != leader]
    rest = 0
    for s in others:
        rest |= hands[s]
    trump = p.trump_now()
    smask = p.smask
    ruffers = [s for s in others if hands[s] & smask[trump]] if trump is not None else []
    wild = p.wild()
    if wild is not None and wild != leader and wild not in ruffers:
        ruffers.append(wild)  # the free joker's holder takes any round it cannot follow
    t = 0
    rel = 0
    for su in range(4):
        sm = smask[su]
        m = mine & sm
        if not m:
            continue
        om = rest & sm
        if om:
            top, card = _top(p, om)
            w = _above(p, m, top)
            if not w:
                continue
            rel |= 1 << card
        else:
            w = m.bit_count()
        if su == trump or not ruffers:
            longest = 0
            if om:
                for s in others:
                    n = (hands[s] & sm).bit_count()
                    if n > longest:
                        longest = n
            t += m.bit_count() if w >= longest else w
        else:
            for s in ruffers:
                n = (hands[s] & sm).bit_count()
                if n < w:
                    w = n
            t += w
    side = p.counted[leader]
    for m in others:
        if p.counted[m] == side and hands[m]:
            v, r = _via_partner(p, leader, m, ruffers, trump)
            if v > t:
                t = v
            rel |= r
    return min(t, p.total - p.done), rel


def _via_partner(p: Play, leader: int, mate: int, ruffers: list[int], trump) -> tuple[int, int]:
    """The most tricks of one suit the leader's side cashes by leading low to a partner's winners
    (the partner then keeps the lead in that suit), and the cards whose rank that reads. A bound,
    never added to the leader's own cashing: the lead has changed hands. The partner's winners are
    above every other card of the suit, the leader's included; a round counts while every seat
    that could ruff (the leader too) still holds the suit."""
    hands = p.hands
    smask = p.smask
    rest = 0
    for s in p.seats:
        if s != mate:
            rest |= hands[s]
    best = 0
    rel = 0
    ruff = [s for s in ruffers if s != mate]
    if leader not in ruff and (trump is not None and hands[leader] & smask[trump] or p.wild() == leader):
        ruff.append(leader)
    for su in range(4):
        sm = smask[su]
        low = hands[leader] & sm
        mm = hands[mate] & sm
        if not low or not mm:
            continue
        top, card = _top(p, rest & sm)
        w = _above(p, mm, top)
        if not w:
            continue
        if su == trump or not ruff:
            longest = 0
            for s in p.seats:
                if s != mate:
                    n = (hands[s] & sm).bit_count()
                    if n > longest:
                        longest = n
            n = mm.bit_count() if w >= longest else w
        else:
            n = w
            for s in ruff:
                k = (hands[s] & sm).bit_count()
                if k < n:
                    n = k
        if n > best:
            best = n
            rel = 1 << card
    return best, rel


def top_trumps(p: Play) -> tuple[int, int, int, int]:
    """(ours, theirs, the cards each reads): for the counted side and for the other, the most trumps
    one seat holds above every trump of the opposing side — each a sure trick for that side once
    played (all cards are played). One seat's, not the side's sum: partners' top trumps may fall on
    one trick. Both read each side's strongest trump."""
    trump = p.trump_now()
    if trump is None:
        return 0, 0, 0, 0
    mask = p.smask[trump]
    pw = p.pw
    counted = p.counted
    top = {True: -1, False: -1}
    topc = {True: 0, False: 0}
    held = []
    for s in p.seats:
        side = counted[s]
        for c in bits(p.hands[s] & mask):
            held.append((side, pw[c], s))
            if pw[c] > top[side]:
                top[side] = pw[c]
                topc[side] = 1 << c
    if not held:
        return 0, 0, 0, 0
    runs: dict[int, int] = {}
    for side, power, s in held:
        if power > top[not side]:
            runs[s] = runs.get(s, 0) + 1
    ours = max((n for s, n in runs.items() if counted[s]), default=0)
    theirs = max((n for s, n in runs.items() if not counted[s]), default=0)
    both = topc[True] | topc[False]
    return ours, theirs, both, both


def minimax(p: Play) -> int:
    """The oracle: plain minimax over every legal move, no pruning, no table, no merging."""
    seat = p.to_act
    values = []
    for m in p.moves(seat):
        saved = p.save()
        gain, stopped = p.push(seat, m)
        values.append(gain if stopped else gain + minimax(p))
        p.unpush(seat, m, saved)
    return max(values) if p.maxer[seat] else min(values)
