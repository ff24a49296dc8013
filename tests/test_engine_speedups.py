"""The engine's shortcuts (issue 12) answer exactly what the plain code they stand for answers."""

import random

import orjson
import pytest
from hypothesis import given, settings, strategies as st

from service.rules import game as core, options as opt
from service.rules.cards import NAMES, chars_slot
from service.rules.errors import IllegalMove, InvalidRecord, short
from service.rules.game import Hand
from service.rules.games import GAMES
from service.rules.games.bid_whist.auction import bid_refusal
from service.rules.games.bid_whist.tables import MODES
from service.rules.games.court_piece.hand import CourtPieceHand
from service.rules.games.five_hundred.tables import BIDS
from service.rules.shuffle import _stream, shuffled


def reference_shuffle(deck, seed):
    """DESIGN.md's shuffle as written there: 8 bytes of the stream per swap, Fisher-Yates from the top."""
    cards, stream = list(deck), _stream(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int.from_bytes(bytes(next(stream) for _ in range(8)), "big") % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@settings(max_examples=100, deadline=None)
@given(seed=st.text(max_size=40), size=st.integers(0, 70))
def test_shuffle_reads_the_published_stream(seed, size):
    assert shuffled(range(size), seed) == reference_shuffle(range(size), seed)


def uncached(raw, table):
    """parse_options as it was before its cache: unknown names first, then each value."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidRecord("bad_option", "options must be an object")
    known = {o.name: o for o in table}
    unknown = [k for k in raw if k not in known]
    if unknown:
        raise InvalidRecord("unknown_option", f"unknown option {short(unknown[0])}; known: {', '.join(known)}")
    return {o.name: (o.parse(raw[o.name]) if o.name in raw else o.default)
            for o in table if o.name in raw or not o.variant}


def outcome(fn, raw, table):
    try:
        got = fn(raw, table)
    except InvalidRecord as exc:
        return ("refused", exc.reason, exc.detail)
    return [(k, type(v), v) for k, v in got.items()]  # types too: 1 never stands for true


values = st.none() | st.booleans() | st.integers(-2, 30) | st.floats(allow_nan=False) | st.sampled_from(
    ["", "hidden_trump", "x", "uptown", "NT"]) | st.lists(st.integers(), max_size=1)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cached_options_answer_as_the_plain_parse(game_id, data):
    table = GAMES[game_id].options
    names = [o.name for o in table] + ["nope"]
    raw = data.draw(st.none() | st.dictionaries(st.sampled_from(names), values, max_size=4)
                    | st.sampled_from([[], "x", 3, {}]))
    for _ in range(2):  # the second call may be answered from the cache
        assert outcome(opt.parse_options, raw, table) == outcome(uncached, raw, table)


def test_cached_options_are_a_fresh_dict_each_time():
    table = GAMES["buck-euchre"].options
    first = opt.parse_options({"target": 30}, table)
    first["target"] = 99
    assert opt.parse_options({"target": 30}, table)["target"] == 30
    assert opt.parse_options(None, table) is not opt.parse_options(None, table)


VARIED = {"buck-euchre": [{"allow_no_trump_call": True}, {"target": 10}],
          "bid-whist": [{"kitty": "exchange"}, {"kitty": "sported", "kitty_before_declaring": True}],
          "court-piece": [{"first_hand_draw": False}, {"mode": "hidden_trump"}],
          "five-hundred": [{"players": 2}, {"players": 5, "call_partner": True}, {"players": 6}],
          "sixes": [{"players": 3}, {"players": 6}]}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_dealt_record_is_remembered_as_the_seed_check_would_work_it_out(game_id):
    """What ``deal`` leaves in the seed cache (and what a miss answers for a full record) is the deal
    as the replayed hand writes it, worked out from scratch."""
    game = GAMES[game_id]
    for i, options in enumerate([{}] + VARIED[game_id]):
        record = game.deal(f"cache-{i}", options, i % 2, None)
        key = (game.id, record["seed"], core._key(record["options"]), record["dealer"], core._key(record["match"]), None)
        remembered = core._SEEDED.pop(key)
        assert remembered == (record["dealer"], game._start(record, verify=False).deal_json(None))
        assert remembered[1] is not record["deal"]
        assert core._seeded_deal(game, record["seed"], record["options"], record["dealer"], record["match"],
                                 None) == remembered


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_changing_a_dealt_record_does_not_change_what_the_seed_check_expects(game_id):
    game = GAMES[game_id]
    record = game.deal("cache-mutated", {}, 0, None)
    hands = record["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # the same cards, two of them swapped
    with pytest.raises(InvalidRecord) as exc:
        game.replay(record)
    assert exc.value.reason == "deal_mismatch"


def _header(record):
    """The service's header for a record (``service.http.api._header``): its JSON without the moves."""
    return orjson.dumps({k: v for k, v in record.items() if k != "moves"})


def _answers(hand):
    return hand.state(), hand.to_record(), hand.listing()


def _records_of_a_random_hand(game, seed, options, dealer, rng):
    """Every prefix of one random hand's record, and the record as each seat sees it at the end."""
    hand = game.replay(game.deal(seed, options, dealer, None))
    records = [hand.to_record()]
    while hand.phase != "done":
        legal = hand.legal_moves()
        choice = rng.choice(legal)
        if "count" in choice and "from" in choice:  # a template: a random choice of the cards it offers
            choice = {**{k: v for k, v in choice.items() if k not in ("count", "from")},
                      "cards": rng.sample(choice["from"], choice["count"])}
        hand.play(game.parse_move(choice, hand.n, hand.pack, None, "m"), len(hand.moves))
        records.append(hand.to_record())
    return records + [hand.view_record(seat) for seat in range(hand.n)]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_header_read_before_replays_as_a_record_read_afresh(game_id):
    """``replay`` with a header it has read before (the service's every request after a hand's
    first) answers exactly what a replay from scratch answers, variants and views included."""
    game, rng = GAMES[game_id], random.Random(game_id)
    for i, options in enumerate([{}] + VARIED[game_id]):
        for record in _records_of_a_random_hand(game, f"starts-{i}", options, i % 2, rng):
            plain = _answers(game.replay(record))
            for _ in range(2):  # the first reads and keeps the header, the second reads it from what was kept
                assert _answers(game.replay(record, _header(record))) == plain


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_kept_header_still_judges_every_move(game_id):
    game = GAMES[game_id]
    record = game.deal("starts-moves", {}, 0, None)
    hand = game.replay(record, _header(record))
    move = hand.legal_moves()[0]
    if "count" in move:
        move = {**{k: v for k, v in move.items() if k not in ("count", "from")}, "cards": move["from"][:move["count"]]}
    wrong = {**move, "seat": (move["seat"] + 1) % hand.n}
    with pytest.raises(IllegalMove) as exc:
        game.replay({**record, "moves": [wrong]}, _header(record))
    assert exc.value.move_index == 0
    assert game.replay({**record, "moves": [move]}, _header(record)).moves


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_match_log_with_headers_replays_as_without(game_id):
    """``replay_match`` with the service's headers (each hand read once, then from what was kept)
    answers what it answers without them, and still refuses a hand that does not follow."""
    from .matchlog import match_log
    game, log = GAMES[game_id], match_log(game_id, seed="starts-match", hands=3)
    plain = game.replay_match(log)
    for _ in range(2):
        assert game.replay_match(log, None, _header) == plain
        assert all((game.id, _header(h)) in core._STARTS for h in log["hands"])
    broken = {**log, "hands": [log["hands"][0], log["hands"][0]]}  # the first hand again: not what follows it
    with pytest.raises(InvalidRecord) as without:
        game.replay_match(broken)
    for _ in range(2):
        with pytest.raises(InvalidRecord) as exc:
            game.replay_match(broken, None, _header)
        assert (exc.value.reason, exc.value.extra) == (without.value.reason, without.value.extra)


def _replayed(game, record):
    try:
        return "ok", _answers(game.replay(record))
    except InvalidRecord as exc:
        return "refused", exc.reason, exc.detail
    except IllegalMove as exc:
        return "illegal", exc.reason, exc.move_index


_MISWRITTEN = [
    lambda m: {**m, "extra": 1},
    lambda m: {**m, "card": m["card"].lower()} if isinstance(m.get("card"), str) else None,
    lambda m: {**m, "card": 7} if "card" in m else None,
    lambda m: {**m, "card": [m["card"]]} if "card" in m else None,
    lambda m: {k: v for k, v in m.items() if k != "card"} if "card" in m else None,
    lambda m: {**m, "seat": True},
    lambda m: {**m, "seat": 9},
    lambda m: {**m, "type": m["type"].upper()},
    # what the replay's two-character reading (Pack.by_chars) must send to the full reading
    lambda m: {**m, "card": m["card"][::-1]} if isinstance(m.get("card"), str) else None,
    lambda m: {**m, "card": m["card"][:1]} if isinstance(m.get("card"), str) else None,
    lambda m: {**m, "card": m["card"] + " "} if isinstance(m.get("card"), str) else None,
    lambda m: {**m, "card": chr(ord(m["card"][0]) + 0xFEE0) + m["card"][1:]} if isinstance(m.get("card"), str) else None,
    lambda m: {**m, "card": "10" + m["card"][1:]} if isinstance(m.get("card"), str) and m["card"][0] == "T" else None,
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_recorded_move_is_read_as_the_full_reading_reads_it(game_id):
    """The replay's fast reading of a full record's moves (a play inlined) refuses and accepts
    exactly what ``parse_move`` does: a move written any other way goes to it and is worded there."""
    game, rng = GAMES[game_id], random.Random(game_id)
    records = _records_of_a_random_hand(game, "fast-reads", {}, 0, rng)
    full = next(r for r in reversed(records) if r.get("viewer") is None)
    n, pack = game.replay(records[0]).n, game.replay(records[0]).pack
    for i, move in enumerate(full["moves"][:40]):
        for miswrite in _MISWRITTEN:
            raw = miswrite(move)
            if raw is None:
                continue
            got = _replayed(game, {**full, "moves": full["moves"][:i] + [raw]})
            try:
                with game.documented_reasons():  # as a replay words its refusals
                    read = game.parse_move(raw, n, pack, None, f"record.moves[{i}]")
            except InvalidRecord as exc:
                assert got == ("refused", exc.reason, exc.detail), (i, raw)
                continue
            assert got == _replayed(game, {**full, "moves": full["moves"][:i] + [game.write_move(read)]}), (i, raw)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_moves_are_written_as_write_move_writes_each(game_id):
    """``write_moves`` (a record's moves written in one loop) writes exactly what ``write_move``
    writes for each move, fields in the same order, a view's hidden cards included."""
    game, rng = GAMES[game_id], random.Random(f"write-{game_id}")
    for i, options in enumerate([{}] + VARIED[game_id]):
        for record in _records_of_a_random_hand(game, f"write-{i}", options, i % 2, rng)[-game.min_players - 1:]:
            moves = game.replay(record).moves
            assert [list(m.items()) for m in game.write_moves(moves)] == \
                [list(game.write_move(m).items()) for m in moves]


def test_a_refused_header_is_refused_every_time_and_never_kept():
    game = GAMES["buck-euchre"]
    record = game.deal("starts-refused", {}, 0, None)
    hands = record["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # not the deal of its seed
    kept = len(core._STARTS)
    for _ in range(2):
        with pytest.raises(InvalidRecord) as exc:
            game.replay(record, _header(record))
        assert exc.value.reason == "deal_mismatch"
    assert len(core._STARTS) == kept


def test_kept_headers_are_bounded_and_what_a_hand_changes_is_not_kept():
    game = GAMES["sixes"]
    for i in range(core._STARTS_LIMIT + 5):
        record = game.deal(f"starts-bound-{i}", {}, 0, None)
        game.replay(record, _header(record))
    assert len(core._STARTS) == core._STARTS_LIMIT
    record = game.deal("starts-changed", {}, 0, None)
    expected = _answers(game.replay(record))
    for _ in range(3):  # read and kept, then twice from what was kept
        hand = game.replay(record, _header(record))
        assert _answers(hand) == expected
        hand.options["start_chips"] = -1  # a caller changing the hand it was given
        hand.match.clear()


def test_five_hundred_lists_exactly_the_bids_check_bid_accepts():
    game, rng = GAMES["five-hundred"], random.Random(3)
    for i in range(40):
        options = {"misere_without_seven": rng.random() < 0.5, "allow_blind_misere": rng.random() < 0.5}
        hand = game.replay(game.deal(f"bids-{i}", options, 0, None))
        while hand.phase == "bidding":
            listed = [m["bid"] for m in hand.legal_moves() if m["type"] == "bid"]
            auction = hand.auction
            assert listed == [b for b in BIDS if auction.check_bid(hand.to_act, b) is None]
            move = rng.choice(hand.legal_moves())
            hand.play(game.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))


def test_bid_whist_lists_exactly_the_bids_bid_refusal_accepts():
    game, rng = GAMES["bid-whist"], random.Random(4)
    for i in range(40):
        options = {"dealer_takes_at_equal": rng.random() < 0.5, "downtown_outranks_uptown": rng.random() < 0.5}
        hand = game.replay(game.deal(f"bids-{i}", options, 0, None))
        while hand.phase == "bidding":
            listed = [(m["level"], m["mode"]) for m in hand.legal_moves() if m["type"] == "bid"]
            assert listed == [(lv, md) for lv in range(1, 8) for md in MODES
                              if bid_refusal(hand.options, hand.dealer, hand.to_act, lv, md, hand.high) is None]
            move = rng.choice(hand.legal_moves())
            hand.play(game.parse_move(move, hand.n, hand.pack, None, "m"), len(hand.moves))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_seed_checks_cache_miss_deals_what_deal_deals(game_id):
    """A miss for a full record deals from the record's parsed options and match: the same dealer and
    deal as ``deal`` makes (or None, where only ``deal`` can say: Court Piece's first-hand draw)."""
    game = GAMES[game_id]
    for i, options in enumerate([{}] + VARIED[game_id]):
        for number in (1, 2):
            record = game.deal(f"miss-{i}", options, i % 2, None)
            match = {**record["match"], "hand_number": number}
            record = game.deal(f"miss-{i}-{number}", options, record["dealer"], match)
            fresh = game._fresh_deal(record["seed"], record["options"], record["dealer"], record["match"])
            if fresh is None:
                assert game_id == "court-piece" and record["options"]["first_hand_draw"] and number == 1
                continue
            assert fresh == (record["dealer"], record["deal"])


def _candidates(hand):
    """Every legal move; and by the seat to act and by the next, every card of every seat played
    (or discarded, or whatever move takes one card), and every move that takes no field, in any phase."""
    moves = [m for m in hand.legal_moves() if "count" not in m]
    if hand.to_act is None:
        return moves
    game = hand.game
    held = hand.holdings.held if hasattr(hand, "holdings") else hand.hold.held
    for seat in (hand.to_act, (hand.to_act + 1) % hand.n):
        moves += [{"seat": seat, "type": kind, field: NAMES[c]}
                  for kind, field in sorted({"play": "card", **game._card_moves}.items())
                  for h in held for c in h if c is not None]
        moves += [{"seat": seat, "type": kind} for kind in sorted(game._plain_moves)]
        if "name_trump" in game.move_fields:  # every suit, the one turned down and no trump included
            moves += [{"seat": seat, "type": "name_trump", "suit": suit} for suit in ("S", "H", "D", "C", "NT")]
    return moves


def _random_move(hand, rng):
    """A random legal move, a template's ``count`` of ``from`` made a random choice of ``cards``."""
    move = rng.choice(hand.legal_moves())
    if "count" in move:
        move = {k: v for k, v in move.items() if k not in ("count", "from")} | {
            "cards": rng.sample(move["from"], move["count"])}
    return move


def _passing_move(hand, rng):
    """A pass where one is legal (four times in five): an auction goes round, to its later rounds."""
    passes = [m for m in hand.legal_moves() if m["type"] == "pass"]
    return passes[0] if passes and rng.random() < 0.8 else _random_move(hand, rng)


def _one_step_answers_as(plain_play, game, options, name, hands, rng, choose=_random_move,
                         fast_play=lambda hand, move, index: hand.play(move, index)):
    """For every position of ``hands`` random hands (each move picked by ``choose``) and every
    candidate move, the game's ``play`` (or ``fast_play``) refuses with ``plain_play``'s reason and
    words, or gives its events and state."""
    for i in range(hands):
        record = game.deal(f"{name}-{i}", options, 0, None)
        hand = game.replay(record)
        while hand.phase != "done":
            for raw in _candidates(hand):
                try:
                    move = game.parse_move(raw, hand.n, hand.pack, None, "m")
                except InvalidRecord:  # not a move of this game as written: no play to compare
                    continue
                fast, plain = game.replay(record), game.replay(record)
                try:
                    events = fast_play(fast, dict(move), len(fast.moves))
                except IllegalMove as exc:
                    refused = (exc.reason, exc.detail)
                else:
                    refused = None
                try:
                    expected = plain_play(plain, dict(move), len(plain.moves))
                except IllegalMove as exc:
                    assert refused == (exc.reason, exc.detail)
                else:
                    assert refused is None and events == expected and fast.state() == plain.state()
            record = {**record, "moves": record["moves"] + [choose(hand, rng)]}
            hand = game.replay(record)


@pytest.mark.parametrize("game_id", ["bid-whist", "buck-euchre", "five-hundred", "sixes"])
def test_the_one_step_play_answers_as_the_shared_order_of_checks(game_id):
    """A game's own ``play`` (the common card checked and applied in one step) refuses what ``check``
    refuses, with the same reason and words, and plays the rest as ``Hand.play`` would."""
    _one_step_answers_as(Hand.play, GAMES[game_id], {}, "one-step", 2, random.Random(7))


@pytest.mark.parametrize("game_id", ["bid-whist", "buck-euchre", "five-hundred", "sixes"])
def test_a_move_whose_fields_were_read_answers_as_the_shared_order_of_checks(game_id):
    """``play_one`` (the replay's call for a move of one card field, its type, seat and card read
    already; Court Piece's is its ``play``) refuses and plays exactly as ``Hand.play``, whatever the
    move and the phase."""
    def play_one(hand, move, index):
        return hand.play_one(move["type"], move["seat"], move.get("card"), move, index)
    _one_step_answers_as(Hand.play, GAMES[game_id], {}, "play-one", 2, random.Random(11), fast_play=play_one)


@pytest.mark.parametrize("options", [{}, {"allow_turned_suit": True}, {"allow_no_trump_call": True}])
def test_buck_euchre_one_step_auction_answers_as_the_shared_order_of_checks(options):
    """Buck Euchre's auction moves taken in one step (a pass, an order-up, a discard, a stay or a
    drop in turn) through every round of the auction: the naming round and a hand every seat passes
    included."""
    _one_step_answers_as(Hand.play, GAMES["buck-euchre"], options, "be-auction", 6, random.Random(5), _passing_move)


@pytest.mark.parametrize("options", [{}, {"mode": "hidden_trump"}, {"mode": "hidden_trump", "rung_royal": True},
                                     {"mode": "double_sar"}])
def test_court_piece_one_step_play_answers_as_check_and_apply(options):
    """Court Piece's one-step play (a card of the suit led, or a lead, taken as legal without the
    mask) refuses what ``check`` refuses, with the same words, and plays the rest as ``apply`` would."""
    _one_step_answers_as(CourtPieceHand.checked_play, GAMES["court-piece"], options, "cp-one-step", 3,
                         random.Random(13))


@pytest.mark.parametrize("game_id, options", [
    ("five-hundred", {}), ("five-hundred", {"players": 6}), ("five-hundred", {"players": 5, "call_partner": True}),
    ("five-hundred", {"misere_without_seven": True}), ("bid-whist", {}), ("bid-whist", {"kitty": "exchange"}),
    ("sixes", {}), ("sixes", {"players": 3, "voluntary_pass": True})])
def test_the_play_listing_lists_the_cards_check_accepts(game_id, options):
    """Five Hundred's play listing (each seat's cards put in pack order once), Bid Whist's (the suit
    led kept as the trick's cards come) and Sixes' (no scan of a hand with nothing playable) list
    exactly the cards ``check`` accepts, in the pack's order (Five Hundred) or the hand's; a free
    joker's lead, listed once per suit, aside."""
    game, rng = GAMES[game_id], random.Random(11)
    for i in range(12):
        hand = game.replay(game.deal(f"listing-{i}", options, i % 2, None))
        while hand.phase != "done":
            if hand.phase in ("play", "playing"):
                seat = hand.to_act
                held = [c for c in (hand.holdings if game_id == "sixes" else hand.hold).held[seat] if c is not None]
                if game_id == "five-hundred":
                    held.sort(key=hand.position.__getitem__)
                accepted = [NAMES[c] for c in held if hand.check({"seat": seat, "type": "play", "card": c}) is None]
                assert [m["card"] for m in hand.legal_moves() if m["type"] == "play" and "suit" not in m] == accepted
            hand.play(game.parse_move(_random_move(hand, rng), hand.n, hand.pack, None, "m"), len(hand.moves))


def _answer(call, *args):
    """What a call answers: its value (a dict's keys in order), or the refusal it raises."""
    try:
        value = call(*args)
    except (IllegalMove, InvalidRecord) as exc:
        return type(exc).__name__, exc.reason, exc.detail
    return list(value.items()) if isinstance(value, dict) else value


class _Str(str):
    pass


@pytest.mark.parametrize("options, chips", [({}, 10), ({"voluntary_pass": True}, 1), ({"players": 6}, 10),
                                            ({"players": 3, "ante": 1, "pay_per_card": True}, 2)])
def test_sixes_one_step_play_and_move_reader_answer_as_the_core(options, chips):
    """Sixes' one-step play (a playable card, or a pass from a hand with none) refuses what the shared
    order of checks refuses, with the same words, and plays the rest as ``Hand.play`` does, passes
    of every seat included; its move reader answers as the core's, refusals included."""
    game, rng = GAMES["sixes"], random.Random(5)
    n = game.players(options)
    record = game.deal("six-one-step", options, 0, {"chips": [chips] * n, "hand_number": 1})
    raws = [{"seat": 0, "type": "play", "card": "6D"}, {"seat": n - 1, "type": "pass"}, {"seat": n, "type": "pass"},
            {"seat": -1, "type": "pass"}, {"seat": True, "type": "pass"}, {"seat": 0.0, "type": "pass"},
            {"seat": 0, "type": "pass", "card": "6D"}, {"seat": 0, "type": _Str("pass")},
            {"seat": 0, "type": "play", "card": "6d"}, {"seat": 0, "type": "play", "card": "8H"},
            {"seat": 0, "type": "play", "card": "10H"}, {"seat": 0, "type": "play", "card": None},
            {"seat": 0, "type": "play", "card": ["6D"]}, {"seat": 0, "type": "play"}, {"card": "6D", "type": "play"},
            {"seat": 0, "type": "play", "card": "6D", "x": 1}, {"type": "pass", "seat": 1}, {"seat": 0, "type": "bid"},
            {"seat": 0}, [], "pass", None]
    hand = game.replay(record)
    for raw in raws:
        for viewer in (None, 0):
            assert _answer(game.parse_move, raw, n, hand.pack, viewer, "m") == \
                _answer(core.Game.parse_move, game, raw, n, hand.pack, viewer, "m"), raw
        assert _answer(game._fast_move, raw, n, hand.pack) == _answer(core.Game._fast_move, game, raw, n, hand.pack)
    while hand.phase != "done":
        seat = hand.to_act
        candidates = _candidates(hand) + [{"seat": s, "type": "pass"} for s in (seat, (seat + 1) % n)]
        for raw in candidates:
            move = game.parse_move(raw, n, hand.pack, None, "m")
            fast, plain = game.replay(record), game.replay(record)
            refused = _answer(fast.play, dict(move), len(fast.moves))
            assert refused == _answer(Hand.play, plain, dict(move), len(plain.moves))
            assert fast.state() == plain.state() and fast.to_record() == plain.to_record()
        record = {**record, "moves": record["moves"] + [_random_move(hand, rng)]}
        hand = game.replay(record)


_TEXTS = [chr(c) for c in range(0, 128)] + ["\u0660", "\uff39", "\u00c9", "\U0001F0A1", "\u0130"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_packs_two_character_table_reads_as_its_names(game_id):
    """``Pack.by_chars`` (the compiled replay's reading of a two-character name, without hashing
    it) answers exactly ``canonical`` for every two-character string of ASCII and a few others:
    a card of the pack for its canonical name, nothing for anything else (which the full reading
    then words)."""
    game = GAMES[game_id]
    options = [game.parse_options(o) for o in [{}] + VARIED[game_id]]
    options += [{**options[0], "players": n} for n in range(game.min_players, game.max_players + 1)]
    packs = {id(p): p for p in map(game.pack, options)}
    for pack in packs.values():
        assert sorted(c for c in pack.by_chars if c is not None) == sorted(
            c for t, c in pack.canonical.items() if len(t) == 2)
        for a in _TEXTS:
            for b in _TEXTS:
                slot = chars_slot(a + b)
                assert (pack.by_chars[slot] if slot >= 0 else None) == pack.canonical.get(a + b), a + b


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_deal_with_any_card_miswritten_reads_as_the_full_reading(game_id):
    """The one-pass reading of a deal written canonically (Buck Euchre's, on ``by_chars``) and the
    full reading answer alike for a deal with one card written any other way: aliases accepted
    as the full reading accepts them, anything else refused with its words."""
    game = GAMES[game_id]
    record = game.deal(f"miswritten-{game_id}", {}, 0, None)
    del record["seed"]  # the deal itself is read, not compared with a seed's
    hands = record["deal"]["hands"]
    first = hands[0][0]
    def written(text):
        return {**record, "deal": {**record["deal"], "hands": [[text, *hands[0][1:]], *hands[1:]]}}
    for text in [first.lower(), first[::-1], first[:1], first + " ", "10" + first[1:], "\uff39" + first[1:], 7, None]:
        try:
            card = game.pack(record["options"]).parse(text, "x") if isinstance(text, str) else None
        except InvalidRecord:
            card = None
        if card is not None:  # an alias: as the card's canonical name reads (another card may be twice)
            assert _replayed(game, written(text)) == _replayed(game, written(NAMES[card])), text
        else:
            assert _replayed(game, written(text))[0] == "refused", text
    for change, alias in ((lambda t: t[::-1], False), (str.lower, True)):  # every card of the deal
        every = {k: change(v) if isinstance(v, str) else [[change(t) for t in h] for h in v] if k == "hands" else
                 [change(t) for t in v] if isinstance(v, list) and all(isinstance(t, str) for t in v) else v
                 for k, v in record["deal"].items()}
        got = _replayed(game, {**record, "deal": every})
        assert got == _replayed(game, record) if alias else got[0] == "refused", every  # never another's name
