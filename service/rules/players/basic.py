"""``level: "basic"``: a fast heuristic player for every decision of every game.

Written from the rules documents and the common advice of card players, not tuned to any test:
bid what the hand's sure tricks and a partner's fair share support; name the suit you are longest
and strongest in; discard low cards of short side suits; in the play, cash masters, second hand
low, third hand high, win cheaply, never overtake a partner who is winning, discard low; in
Sixes, play the card that brings your own cards nearer and hold back the ones that only help the
others. Every function reads one seat's view of the hand (the replayed view) and nothing else.
"""

from __future__ import annotations

from ..analysis.adapters import ADAPTERS, Objective, move_code
from ..analysis.play import JOKER_LEAD, REVEAL
from ..cards import JOKER, SUITS, cards_in, lookup, mask_of
from ..tricks import plain, with_bowers

PARTNER_SHARE = {"bid-whist": 2.5, "five-hundred": 2.0}  # tricks a partner brings on average


# --- hand strength -------------------------------------------------------------------------------

def sure_tricks(cards: list[int], ranking, pack_mask: int, trump, no_trump_long: bool = False) -> float:
    """Tricks a hand should take by itself under ``ranking``: each card that has at most as many
    stronger cards of its suit out against it as it has guards below it in the hand; half a trick for
    a card one short; trump length past three and short side suits with trumps to ruff."""
    by_suit: dict[int, list[int]] = {}
    for c in cards:
        s = ranking.suit[c]
        if s >= 0:
            by_suit.setdefault(s, []).append(c)
    total = 0.0
    for s, mine in by_suit.items():
        suit_cards = sorted(cards_in(ranking.suit_masks[s] & pack_mask), key=lambda c: -ranking.power[c])
        rank = {c: i for i, c in enumerate(suit_cards)}
        mine = sorted(mine, key=lambda c: rank[c])
        cap = len(mine) if s == trump else min(len(mine), 3)
        for i, c in enumerate(mine[:cap]):
            above_out = rank[c] - i  # stronger cards of the suit not in this hand
            if above_out <= 0:
                total += 1
            elif above_out == 1 and len(mine) > i + 1:
                total += 0.5
        if s == trump:
            total += max(0, len(mine) - 3) * 0.5
        elif no_trump_long and len(mine) > 4:
            total += (len(mine) - 4) * 0.5
    if trump is not None:
        trumps = len(by_suit.get(trump, []))
        spare = max(0, trumps - 2)
        for s in range(4):
            if s != trump and spare > 0:
                n = len(by_suit.get(s, []))
                if n == 0:
                    gain = min(spare, 2)
                elif n == 1:
                    gain = min(spare, 1) * 0.5
                else:
                    continue
                total += gain
                spare -= gain
    return total


def cards_of_seat(hand, seat: int) -> list[int]:
    adapter = ADAPTERS.get(hand.game.id)
    if adapter is not None:
        return [c for c in adapter.holdings(hand).held[seat] if c is not None]
    return [c for c in hand.holdings.held[seat] if c is not None]


def _pick(listing, want):
    """The first listed move that ``want`` accepts (the listing's order breaks ties)."""
    for m in listing:
        if want(m):
            return m
    return listing[0]


def keep_value(c: int, ranking, mine: list[int], pack_mask: int) -> float:
    """How much a card is worth keeping: trumps most, then masters, then length; low cards of
    short side suits least (discarding them makes voids to ruff with)."""
    s = ranking.suit[c]
    if s < 0:
        return -1.0  # a suitless card (Bid Whist's no-trump joker) never wins
    stronger = [x for x in cards_in(ranking.suit_masks[s] & pack_mask) if ranking.power[x] > ranking.power[c]]
    held = sum(1 for x in stronger if x in mine)
    length = sum(1 for x in mine if ranking.suit[x] == s)
    v = ranking.power[c] / 20 + length * 0.3
    if len(stronger) - held <= 0:
        v += 5
    if s == ranking.trump:
        v += 10
    return v


def discard_set(holding: list[int], count: int, ranking, pack_mask: int, lose: bool = False) -> list[int]:
    """The ``count`` cards to discard: the least worth keeping (the strongest in a misère)."""
    order = sorted(holding, key=lambda c: (keep_value(c, ranking, holding, pack_mask), c))
    return order[-count:] if lose else order[:count]


# --- card play -----------------------------------------------------------------------------------

def _partners(hand, seat: int) -> set[int]:
    gid = hand.game.id
    if gid in ("bid-whist", "court-piece"):
        return {(seat + 2) % 4}
    if gid == "five-hundred":
        if hand.bid is None:
            return {s for s in hand.active if s != seat and hand.side_of[s] == hand.side_of[seat]}
        if hand.options.get("call_partner"):
            known = hand.partner_seat if hand.partner_known else None
            side = {hand.contractor, known} - {None}
            return side - {seat} if seat in side else set()
        return {s for s in hand.active if s != seat and hand.side_of[s] == hand.side_of[seat]}
    return set()


def _played_mask(hand) -> int:
    out = 0
    for m in hand.moves:
        if m.get("type") == "play":
            c = m.get("card")
            if isinstance(c, int):
                out |= 1 << c
    return out


def card_play(game, hand, seat: int, listing: list[dict]) -> dict:
    """Trick play from the seat's view: the engine hand read into the solver's bitmask model."""
    adapter = ADAPTERS[game.id]
    mine_cards = cards_of_seat(hand, seat)
    p = adapter.play(hand, Objective("basic", seat, {seat}, {seat}))
    codes = [move_code(m) for m in listing]
    out_mask = hand.pack.mask & ~mask_of(mine_cards) & ~_played_mask(hand)
    for _, c in p.trick:
        out_mask &= ~(1 << c)
    misere_me = game.id == "five-hundred" and getattr(hand, "misere", False) and hand.contractor == seat
    reveal = any(m["type"] == "reveal" for m in listing)
    code = choose(p, seat, codes, mine_cards, out_mask, _partners(hand, seat), misere_me, reveal)
    return listing[codes.index(code)]


def choose(p, seat: int, codes: list[int], mine_cards: list[int], out_mask: int, partners, misere_me: bool,
           reveal_ok: bool = False) -> int:
    """Cash masters, second hand low, third hand high, win cheaply, don't overtake a winning
    partner, discard low from short suits; a misère contractor ducks with his highest card.
    ``out_mask``: the cards still out against the seat (not its own, not played)."""
    outstanding = cards_in(out_mask)
    trump = p.trump_now()
    trick = list(p.trick)

    def suit(c):
        return p.suit(c)

    def power(c):
        return p.power(c)

    def master(c):
        s, pw = suit(c), power(c)
        return not any(suit(x) == s and power(x) > pw for x in outstanding if x != c)

    def winner_with(c):
        p.trick = trick + [(seat, c)]
        try:
            return p.winner()
        finally:
            p.trick = trick

    def low_key(c):
        return (suit(c) == trump, power(c), c)

    cards = [c for c in codes if c < REVEAL]
    joker_leads = [c for c in codes if JOKER_LEAD <= c < JOKER_LEAD + 4]
    if joker_leads and not misere_me:
        lengths = [sum(1 for x in mine_cards if x != JOKER and x >> 4 == s) for s in range(4)]
        best = max(joker_leads, key=lambda j: (lengths[j - JOKER_LEAD], -j))
        if not cards or all(not master(c) for c in cards):
            return best
    if not cards:
        return codes[0]
    if reveal_ok and REVEAL in codes and trick:
        cur = winner_with_current(p, trick)
        if cur not in partners and not any(suit(c) == suit(trick[0][1]) for c in cards):
            return REVEAL
    if not trick:
        if misere_me:
            return min(cards, key=low_key)
        masters = [c for c in cards if master(c)]
        side = [c for c in masters if suit(c) != trump]
        if side:
            return max(side, key=lambda c: (power(c), -c))
        if masters:
            return max(masters, key=lambda c: (power(c), -c))
        lengths: dict[int, int] = {}
        for c in cards:
            lengths[suit(c)] = lengths.get(suit(c), 0) + 1
        pool = [c for c in cards if suit(c) != trump] or cards
        longest = max(lengths.get(suit(c), 0) for c in pool)
        return min((c for c in pool if lengths[suit(c)] == longest), key=low_key)
    last = len(trick) == p.width - 1
    wins = [c for c in cards if winner_with(c) == seat]
    if misere_me:
        losing = [c for c in cards if c not in wins]
        return max(losing or cards, key=lambda c: (power(c), c))
    cur = winner_with_current(p, trick)
    cur_card = next(c for s, c in trick if s == cur)
    partner_holds = cur in partners and (last or master(cur_card))
    if partner_holds or not wins:
        led = suit(trick[0][1])
        following = [c for c in cards if suit(c) == led]
        if following:
            return min(following, key=low_key)
        counts: dict[int, int] = {}
        for c in mine_cards:
            counts[suit(c)] = counts.get(suit(c), 0) + 1
        return min(cards, key=lambda c: (suit(c) == trump, master(c), counts.get(suit(c), 0), power(c), c))
    cheapest = min(wins, key=low_key)
    if last or len(trick) >= 2 or master(cheapest) or suit(cheapest) == trump:
        return cheapest
    return min(cards, key=low_key)  # second hand low


def winner_with_current(p, trick) -> int:
    saved = p.trick
    p.trick = trick
    try:
        return p.winner()
    finally:
        p.trick = saved


# --- games' other phases -------------------------------------------------------------------------

def _bid_whist(game, hand, seat, listing):
    from ..games.bid_whist.ranking import ranking_for
    phase = hand.phase
    mine = cards_of_seat(hand, seat)
    pack = hand.pack.mask
    aces = hand.options.get("downtown_aces", "good")

    def best_suit(direction):
        return max(((sure_tricks(mine, ranking_for(s, direction, aces), pack, s), -s) for s in range(4)))

    if phase == "bidding":
        up, down = best_suit("uptown"), best_suit("downtown")
        nt = max(sure_tricks(mine, ranking_for(None, d, aces), pack, None, True) for d in ("uptown", "downtown"))
        est = {"uptown": up[0], "downtown": down[0], "no_trump": nt}
        bids = [m for m in listing if m["type"] == "bid"]
        good = [m for m in bids if bid_margin(game, hand, m, est) >= 0]
        if good:
            return max(good, key=lambda m: (est[m["mode"]] - m["level"], -m["level"]))
        if not any(m["type"] == "pass" for m in listing):
            return min(bids, key=lambda m: (m["level"], -est[m["mode"]]))
        return _pick(listing, lambda m: m["type"] == "pass")
    if phase == "declaring":
        if listing[0]["type"] == "name_trump":
            direction = hand.mode
            return max(listing, key=lambda m: sure_tricks(mine, ranking_for(SUITS.index(m["suit"]), direction, aces),
                                                          pack, SUITS.index(m["suit"])))
        return max(listing, key=lambda m: sure_tricks(mine, ranking_for(None, m["direction"], aces), pack, None, True))
    if phase == "discarding":
        m = listing[0]
        holding = [lookup(c) for c in m["from"]]
        ranking = discard_ranking(hand, holding)
        return {"seat": seat, "type": "discard",
                "cards": _names(discard_set(holding, m["count"], ranking, pack), m["from"])}
    return listing[0]


def discard_ranking(hand, holding: list[int]):
    """The ranking a discard is made for: the contract's; in Bid Whist with the kitty seen before
    declaring (no trump named yet), the suit the holding likes best in the contract's direction."""
    ranking = getattr(hand, "ranking", None)
    if ranking is not None or hand.game.id != "bid-whist":
        return ranking
    from ..games.bid_whist.ranking import ranking_for
    aces = hand.options.get("downtown_aces", "good")
    pack = hand.pack.mask
    if hand.mode == "no_trump":
        return ranking_for(None, "uptown", aces)
    best = max(range(4), key=lambda s: (sure_tricks(holding, ranking_for(s, hand.mode, aces), pack, s), -s))
    return ranking_for(best, hand.mode, aces)


def strain_estimates(game, hand, seat: int) -> dict:
    """Bid Whist: books the seat's hand, a partner's share and the kitty book promise per mode;
    Five Hundred: tricks per strain (hand, partner's share where partnered, a trick for the kitty)."""
    mine = cards_of_seat(hand, seat)
    pack = hand.pack.mask
    if game.id == "bid-whist":
        from ..games.bid_whist.ranking import ranking_for
        aces = hand.options.get("downtown_aces", "good")
        out = {}
        for mode in ("uptown", "downtown"):
            out[mode] = max(sure_tricks(mine, ranking_for(s, mode, aces), pack, s) for s in range(4))
        out["no_trump"] = max(sure_tricks(mine, ranking_for(None, d, aces), pack, None, True)
                              for d in ("uptown", "downtown"))
        return {k: v + PARTNER_SHARE["bid-whist"] + 1 for k, v in out.items()}
    partner = PARTNER_SHARE["five-hundred"] if hand.n in (4, 6) else 0.0
    out = {}
    for strain in ("S", "C", "D", "H", "NT"):
        r = _five_hundred_ranking(hand, "6" + strain)
        out[strain] = sure_tricks(mine, r, pack, r.trump, strain == "NT") + partner + 1.0  # the kitty
    return out


def _level(m: dict) -> int:
    if "level" in m:
        return m["level"]
    b = m["bid"]
    return int(b[:-2] if b.endswith("NT") else b[:-1])


def bid_margin(game, hand, m: dict, est: dict):
    """Estimated tricks to spare over what a bid needs (None: not a suit or no-trump bid)."""
    if m.get("type") != "bid":
        return None
    if game.id == "bid-whist":
        return est[m["mode"]] - 6 - m["level"]
    b = m["bid"]
    if not b[:1].isdigit():
        return None  # the misère family
    strain = "NT" if b.endswith("NT") else b[-1]
    return est[strain] - _level(m)


def _names(cards: list[int], listed: list[str]) -> list[str]:
    """Cards as the listing spells them, in the listing's order."""
    want = set(cards)
    return [n for n in listed if lookup(n) in want]


def _five_hundred_ranking(hand, bid: str):
    from ..games.five_hundred.ranking import ranking_for
    return ranking_for(hand.pack.mask, bid, None)


def _five_hundred(game, hand, seat, listing):
    phase = hand.phase
    mine = cards_of_seat(hand, seat)
    pack = hand.pack.mask
    if phase == "bidding":
        est = strain_estimates(game, hand, seat)
        good = []
        for m in listing:
            margin = bid_margin(game, hand, m, est)
            if margin is not None and margin >= 0:
                good.append((margin, -_level(m), m))
        if good:
            return max(good, key=lambda t: (t[0], t[1]))[2]
        return _pick(listing, lambda m: m["type"] == "pass")
    if phase == "discard":
        m = listing[0]
        holding = [lookup(c) for c in m["from"]]
        cards = discard_set(holding, m["count"], hand.ranking, pack, lose=hand.misere)
        return {"seat": seat, "type": "discard", "cards": _names(cards, m["from"])}
    if phase == "nominate_joker":
        return _pick(listing, lambda m: m.get("suit") is None)
    if phase == "call_partner":  # call the strongest card not held: its holder is the likeliest help
        r = hand.ranking
        return max(listing, key=lambda m: (r.suit[lookup(m["card"])] == r.trump, r.power[lookup(m["card"])]))
    return listing[0]


def _buck_euchre(game, hand, seat, listing):
    phase = hand.phase
    mine = cards_of_seat(hand, seat)
    pack = hand.pack.mask

    def est(trump, extra=()):
        r = with_bowers(trump, pack) if trump is not None else plain(None, pack)
        return sure_tricks(list(mine) + list(extra), r, pack, trump)

    if phase == "ordering":
        turn = hand.turn_up
        extra = [turn] if seat == hand.dealer else []
        if est(turn >> 4, extra) >= 3:
            return _pick(listing, lambda m: m["type"] == "order_up")
        return _pick(listing, lambda m: m["type"] == "pass")
    if phase == "naming":
        options = [(est(SUITS.index(m["suit"]) if m["suit"] != "NT" else None), m)
                   for m in listing if m["type"] == "name_trump"]
        if options:
            best = max(options, key=lambda t: t[0])
            if best[0] >= 3:
                return best[1]
        return _pick(listing, lambda m: m["type"] == "pass")
    if phase == "discarding":
        r = hand.ranking
        holding = [lookup(m["card"]) for m in listing]
        worst = discard_set(holding, 1, r, pack)[0]
        return _pick(listing, lambda m: lookup(m["card"]) == worst)
    if phase == "dropping":
        trump = hand.trump
        if est(trump) >= 1 or (trump is not None and any(hand.ranking.suit[c] == trump for c in mine)):
            return _pick(listing, lambda m: m["type"] == "stay")
        return _pick(listing, lambda m: m["type"] == "drop")
    return listing[0]


def _court_piece(game, hand, seat, listing):
    if hand.phase != "choose_trump":
        return listing[0]
    five = [c for c in hand.first_five(seat) if c is not None]

    def strength(s):
        mine = [c for c in five if c >> 4 == s]
        return (len(mine), sum((c & 15) for c in mine), -s)

    best = max(range(4), key=strength)
    calls = [m for m in listing if m["type"] == "call_trump"]
    if not calls:
        return _pick(listing, lambda m: m["type"] in ("pass_to_partner",)) if any(
            m["type"] == "pass_to_partner" for m in listing) else listing[0]
    if "card" in calls[0]:  # hidden trump: lay the lowest card of the suit face down
        of_suit = [m for m in calls if lookup(m["card"]) >> 4 == best]
        return min(of_suit, key=lambda m: lookup(m["card"]) & 15) if of_suit else calls[0]
    return _pick(calls, lambda m: m["suit"] == SUITS[best])


def sixes_order(hand) -> dict[int, int]:
    """Each card's place in its suit's building sequence (ace 0 … king last: the pack's order)."""
    out, seen = {}, [0, 0, 0, 0]
    for c in hand.pack.order:
        out[c] = seen[c >> 4]
        seen[c >> 4] += 1
    return out


def _sixes(game, hand, seat, listing):
    plays = [m for m in listing if m["type"] == "play"]
    if len(plays) <= 1:
        return plays[0] if plays else listing[0]
    place = sixes_order(hand)
    six = place[lookup("6S")]
    mine = cards_of_seat(hand, seat)

    def value(m):
        c = lookup(m["card"])
        s, pos = c >> 4, place[c]
        same = [place[x] for x in mine if x >> 4 == s and x != c]
        if pos == six:
            ahead = same
        elif pos > six:
            ahead = [q for q in same if q > pos]
        else:
            ahead = [q for q in same if q < pos]
        gap = min((abs(q - pos) for q in ahead), default=99)
        return (len(ahead) > 0, -gap, len(ahead), abs(pos - six))

    return max(plays, key=value)


PHASES = {"bid-whist": _bid_whist, "five-hundred": _five_hundred, "buck-euchre": _buck_euchre,
          "court-piece": _court_piece, "sixes": _sixes}


def decide(game, hand, listing: list[dict]) -> dict:
    """The basic player's move for the seat to act of ``hand`` (a replayed view or record)."""
    if len(listing) == 1 and "from" not in listing[0]:
        return listing[0]
    seat = hand.to_act
    adapter = ADAPTERS.get(game.id)
    if adapter is not None and hand.phase == adapter.play_phase:
        return card_play(game, hand, seat, listing)
    if game.id == "court-piece" and hand.phase == "play":
        return card_play(game, hand, seat, listing)
    return PHASES[game.id](game, hand, seat, listing)
