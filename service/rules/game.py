"""What every game shares: reading a record, checking moves in the agreed order, replaying.

A game module subclasses ``Game`` (static facts, deal, calculators) and ``Hand`` (one hand being
replayed). Everything here is game-agnostic: a new game is a new module registered in ``games``.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import cached_property

from .cards import CHARS_LOW, CHARS_SPAN, NAMES, Pack, lookup, names
from .errors import IllegalMove, InvalidRecord, M, NotApplicable, short
from .match import replay_match
from .options import Option, parse_options
from .shuffle import new_seed, shuffled

try:
    import cython
except ImportError:  # run from source without Cython installed
    from . import _cython as cython

RECORD_FIELDS = frozenset({"game", "options", "dealer", "deal", "moves", "match", "viewer", "seed"})
MAX_SEED_CHARS = 256  # a seed is a name, not a payload: longer ones are refused (docs/TRUST.md, "Limits")


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_seat(value, n: int, where: str, reason: str = "bad_seat") -> int:
    if not is_int(value) or not 0 <= value < n:
        raise InvalidRecord(reason, M("{where}: {value} is not a seat 0-{n}", where=where, value=short(value), n=n - 1))
    return value


def parse_seed(value, where: str = "seed") -> str:
    """A seed: a string of at most ``MAX_SEED_CHARS`` characters (the caller has checked the type)."""
    if len(value) > MAX_SEED_CHARS:
        raise InvalidRecord("bad_seed", M("{where} is {value} characters long; at most {max_seed_chars}",
                                          where=where, value=len(value), max_seed_chars=MAX_SEED_CHARS))
    return value


def parse_int_list(value, length: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != length or not all(map(is_int, value)):
        raise InvalidRecord("bad_match", M("{where} must be a list of {length} integers", where=where, length=length))
    return value


def parse_match(raw, defaults: dict, fields: dict) -> dict:
    """The record's ``match``: absent or null is a new match; each field optional but never null.

    ``fields`` maps each field to a parser ``(value) -> value`` raising ``InvalidRecord``.
    """
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise InvalidRecord("bad_match", M("match must be an object or null"))
    unknown = [k for k in raw if k not in fields]
    if unknown:
        raise InvalidRecord("bad_match", M("match: unknown field {unknown}", unknown=short(unknown[0])))
    out = {}
    for key, parser in fields.items():
        if key in raw:
            if raw[key] is None:
                raise InvalidRecord("bad_match", M("match.{key} may be omitted but not null", key=key))
            out[key] = parser(raw[key])
        else:
            out[key] = defaults[key]
    return out


def hand_number(value) -> int:
    if not is_int(value) or value < 1:
        raise InvalidRecord("bad_match", M("match.hand_number must be an integer >= 1"))
    return value


# Move field kinds: how a field is checked and written back canonically.
def _card_field(pack: Pack, value, where, hidden_ok):
    if value is None and hidden_ok:
        return None
    return pack.parse(value, where)


def _cards_field(pack: Pack, value, where, hidden_ok):
    return pack.parse_list(value, where, hidden_ok)


def _typed(kind, check):
    def parse(pack, value, where, hidden_ok):
        if not check(value):
            raise InvalidRecord("bad_move", M("{where} must be {kind}", where=where, kind=kind))
        return value
    return parse


FIELD_KINDS = {
    "card": _card_field,
    "cards": _cards_field,
    "string": _typed("a string", lambda v: isinstance(v, str)),
    "integer": _typed("an integer", is_int),
    "boolean": _typed("a boolean", lambda v: isinstance(v, bool)),
}


def _key(value):
    """A parsed options or match object as a hashable key. Parsed, its fields come in their table's
    order and each field has one JSON type, so the values themselves tell sets apart."""
    kind = type(value)
    if kind is dict:
        if _PLAIN.issuperset(map(type, value.values())):  # flat (options, mostly): taken as it is
            return tuple(value.items())
        return tuple([(k, v if type(v) in _PLAIN else _key(v)) for k, v in value.items()])
    if kind is list:
        if _PLAIN.issuperset(map(type, value)):
            return tuple(value)
        return tuple([v if type(v) in _PLAIN else _key(v) for v in value])
    return value


_PLAIN = frozenset((int, str, bool, float, type(None)))


# Records whose every field but the moves was read and checked: the same header, with every move of
# a hand, is read once. Keyed by the game and the caller's exact JSON of the record without its
# moves (``Game.replay``'s ``header``): only a caller that read the record from JSON can vouch that
# equal bytes mean equal values (a Python caller's tuple and list, NaN and None, write alike).
_STARTS_LIMIT = 1024
_STARTS: OrderedDict = OrderedDict()  # (game id, header) -> (options, dealer, match, viewer) as read

_SEEDED_LIMIT = 512
_SEEDED: OrderedDict = OrderedDict()  # (game id, seed, options, dealer, match, viewer) -> (dealer, deal)


@cython.ccall  # compiled, its calls of itself are C calls
def _thaw(value):
    """A copy of a deal's JSON (dicts and lists of strings): what the cache keeps is never shared."""
    kind = type(value)
    if kind is list:
        if _PLAIN.issuperset(map(type, value)):  # a row of card names: copied in one step
            return value[:]
        return [v if type(v) is str else _thaw(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in _PLAIN else _thaw(v) for k, v in value.items()}
    return value


def _seeded_deal(game, seed, options, dealer, match, viewer) -> tuple[int, dict]:
    """The dealer and the deal (as ``viewer`` sees it) that ``seed`` gives: a replayed record checks
    against it without shuffling again (a table sends the same deal with every move). A least
    recently used cache, which ``Game.deal`` also fills with the deals it makes."""
    key = (game.id, seed, _key(options), dealer, _key(match), viewer)
    hit = _SEEDED.get(key)
    if hit is not None:
        try:
            _SEEDED.move_to_end(key)
        except KeyError:  # dropped meanwhile by another thread: the answer still stands
            pass
        return hit
    if viewer is None:  # the full record's deal worked out from what the record has already parsed
        answer = game._fresh_deal(seed, options, dealer, match)
        if answer is not None:
            _remember(key, answer)
            return answer
    record = game.deal(seed, options, dealer, match)  # remembers the full record's answer
    if viewer is None:  # a deal is written as the full record's view writes it (tests check it)
        answer = _SEEDED.get(key)
        if answer is not None:
            return answer
    answer = record["dealer"], game._start(record, verify=False).deal_json(viewer)
    _remember(key, answer)
    return answer


def _remember(key, answer) -> None:
    _SEEDED[key] = answer
    if len(_SEEDED) > _SEEDED_LIMIT:
        _SEEDED.popitem(last=False)


def remember_deal(game, record: dict) -> dict:
    """Keep a freshly made deal as the answer for its seed (the full record's view): the record a
    table sends back with its first move is then checked without dealing it again."""
    _remember((game.id, record["seed"], _key(record["options"]), record["dealer"], _key(record["match"]), None),
              (record["dealer"], _thaw(record["deal"])))
    return record


def _fast_reader(kind: str, required: tuple):
    """``read(raw, seat, canonical) -> move | None`` for one move type (``Game._fast_move``)."""
    size = 2 + len(required)
    if not required:
        def read(raw, seat, canonical):
            return {"seat": seat, "type": kind} if len(raw) == 2 else None
        return read
    if len(required) == 1 and required[0][1] == "card":
        field = required[0][0]

        def read(raw, seat, canonical):
            value = raw.get(field)
            if len(raw) != 3 or type(value) is not str:
                return None
            card = canonical.get(value)
            return None if card is None else {"seat": seat, "type": kind, field: card}
        return read

    def read(raw, seat, canonical):
        if len(raw) != size:
            return None
        move = {"seat": seat, "type": kind}
        for field, fkind in required:
            value = raw.get(field)
            if fkind == "card":
                value = canonical.get(value) if type(value) is str else None
            elif fkind == "string":
                value = value if type(value) is str else None
            elif fkind == "cards":
                if type(value) is not list:
                    return None
                value = [canonical.get(v) if type(v) is str else None for v in value]
                if None in value:
                    return None
            elif fkind == "integer":
                value = value if type(value) is int else None
            elif fkind == "boolean":
                value = value if type(value) is bool else None
            if value is None:
                return None
            move[field] = value
        return move
    return read


class _Documented:
    """``with game.documented_reasons():`` — a plain context manager, cheaper than a generator's
    on every replay: an ``InvalidRecord`` leaving it takes the game's document's reason string."""

    __slots__ = ("reasons",)

    def __init__(self, reasons: dict):
        self.reasons = reasons

    def __enter__(self):
        return None

    def __exit__(self, kind, exc, tb) -> bool:
        if kind is not None and issubclass(kind, InvalidRecord) and not getattr(exc, "documented", False):
            exc.reason = self.reasons.get(exc.reason, exc.reason)  # nested entry points rename once
            exc.documented = True
        return False


class Game:
    """Static facts about one game and the entry points that need no hand in progress."""

    id: str = ""
    name: str = ""
    min_players = max_players = 4
    options: tuple[Option, ...] = ()
    # move type -> {field: kind}; a field written "name?" is optional
    move_fields: dict[str, dict[str, str]] = {}
    # move fields whose cards a view may hide (type -> field)
    hidden_move_fields: dict[str, str] = {}
    # the core's record reasons as the game's document names them; a game whose document names its
    # own (Five Hundred's "invalid_dealer") extends this table, the others keep CONVENTIONS.md's words
    reasons: dict[str, str] = {"bad_dealer": "bad_seat", "bad_viewer": "bad_seat",
                               "unknown_move_type": "bad_move", "bad_record": "invalid_record"}
    hand_class: type[Hand]

    def documented_reasons(self) -> _Documented:
        """Report record problems under the reason strings of this game's document (``with``)."""
        return self._documented

    @cached_property
    def _documented(self) -> _Documented:
        return _Documented(self.reasons)  # it holds no state of its own: one per game, reentrant

    @cached_property
    def _required_fields(self) -> dict[str, tuple]:
        """Per move type, its required fields and their kinds (the fast path's whole spec)."""
        return {kind: tuple((f, k) for f, k in spec.items() if not f.endswith("?"))
                for kind, spec in self.move_fields.items()}

    # --- facts that depend on options ---
    def players(self, options: dict) -> int:
        return options.get("players", self.min_players)

    def pack(self, options: dict) -> Pack:
        raise NotImplementedError

    def deck_description(self) -> str:
        return ""

    # --- reading a record ---
    def parse_options(self, raw) -> dict:
        return parse_options(raw, self.options)

    def parse_match(self, raw, options: dict) -> dict:
        raise NotImplementedError

    def parse_deal(self, raw, hand: Hand) -> None:
        """Fill ``hand`` from the record's ``deal``: card strings, duplicates, then counts."""
        raise NotImplementedError

    def read_move(self, raw, hand: Hand, where: str = "move") -> dict:
        """A move sent on its own (not in a record), checked for shape against ``hand``."""
        with self.documented_reasons():
            return self._own_cards_shown(self.parse_move(raw, hand.n, hand.pack, hand.viewer, where),
                                         hand.viewer, where)

    def _own_cards_shown(self, move: dict, viewer, where: str) -> dict:
        """In a view, the viewer's own moves hide nothing: he knows what he discarded."""
        if viewer is not None and move["seat"] == viewer:
            field = self.hidden_move_fields.get(move["type"])
            value = move.get(field, ()) if field else ()
            if value is None or isinstance(value, list) and None in value:
                raise InvalidRecord("view_incomplete", M("{where}: seat {viewer}'s own {field} cannot be hidden "
                                    "in its own view", where=where, viewer=viewer, field=field))
        return move

    def parse_move(self, raw, n: int, pack: Pack, viewer, where: str) -> dict:
        """A move's shape (CONVENTIONS.md): object, seat, known type, typed fields, cards of the pack."""
        if type(raw) is dict:  # ``_fast_move`` inlined: the common case costs no further call
            kind = raw.get("type")
            seat = raw.get("seat")
            read = self._fast_readers.get(kind) if type(kind) is str else None
            if read is not None and type(seat) is int and 0 <= seat < n:
                fast = read(raw, seat, pack.canonical)
                if fast is not None:
                    return fast
        if not isinstance(raw, dict):
            raise InvalidRecord("bad_move", M("{where} must be an object", where=where))
        seat = parse_seat(raw.get("seat"), n, f"{where}.seat")
        kind = raw.get("type")
        spec = self.move_fields.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise InvalidRecord("unknown_move_type", M("{where}.type: {kind} is not a move of this game "
                                "({move_fields})",
                                where=where, kind=short(kind), move_fields=', '.join(self.move_fields)))
        move = {"seat": seat, "type": kind}
        allowed = {"seat", "type"}
        for field, fkind in spec.items():
            optional = field.endswith("?")
            field = field.rstrip("?")
            allowed.add(field)
            if field not in raw:
                if optional:
                    continue
                raise InvalidRecord("bad_move", M("{where}: a {kind} move needs {field}", where=where, kind=short(kind), field=short(field)))
            hidden_ok = viewer is not None and self.hidden_move_fields.get(kind) == field
            move[field] = FIELD_KINDS[fkind](pack, raw[field], f"{where}.{field}", hidden_ok)
        extra = [k for k in raw if k not in allowed]
        if extra:
            raise InvalidRecord("bad_move", M("{where}: unknown field {extra} in a {kind} move", where=where, extra=short(extra[0]), kind=short(kind)))
        return move

    def _fast_move(self, raw, n: int, pack: Pack) -> dict | None:
        """The common case in one pass: exactly the required fields, each already canonical.

        Anything else (an optional field, ``10H``, a wrong type, a hidden card) returns None and
        takes the full checks, which also word the error. Each move type has its own reader,
        built once (``_fast_readers``). A game with its own ``parse_move`` that overrides this too
        (the same contract: a move ``parse_move`` would answer, or None) gets it used by ``replay``.
        """
        if type(raw) is not dict:
            return None
        kind = raw.get("type")
        seat = raw.get("seat")
        read = self._fast_readers.get(kind) if type(kind) is str else None
        if read is None or type(seat) is not int or not 0 <= seat < n:
            return None
        return read(raw, seat, pack.canonical)

    @cached_property
    def _fast_readers(self) -> dict:
        return {kind: _fast_reader(kind, required) for kind, required in self._required_fields.items()}

    @cached_property
    def _fast_card_moves(self) -> dict[str, tuple[str, str]]:
        """The move types whose one required field is a card: ``(type, field)`` (``replay`` reads them)."""
        return {kind: (kind, required[0][0]) for kind, required in self._required_fields.items()
                if len(required) == 1 and required[0][1] == "card"}

    @cached_property
    def _written_fields(self) -> dict[str, tuple]:
        return {kind: tuple((f.rstrip("?"), k) for f, k in spec.items())
                for kind, spec in self.move_fields.items()}

    def write_move(self, move: dict) -> dict:
        """A parsed move back to canonical JSON."""
        kind = move["type"]
        if kind in self._plain_moves:  # no field beside seat and type (a pass, an order-up...)
            return {"seat": move["seat"], "type": kind}
        card_field = self._card_moves.get(kind)
        if card_field is not None:  # one required card (a play): the common case
            out = {"seat": move["seat"], "type": kind}
            if card_field in move:
                value = move[card_field]
                out[card_field] = None if value is None else NAMES[value]
            return out
        out = {"seat": move["seat"], "type": kind}
        for field, fkind in self._written_fields[kind]:
            if field in move:
                value = move[field]
                if fkind == "card":
                    value = None if value is None else NAMES[value]
                elif fkind == "cards":
                    value = names(value)
                out[field] = value
        return out

    @cython.locals(plain=frozenset, card_moves=dict, names=dict, out=list, move=dict)
    def write_moves(self, moves: list) -> list[dict]:
        """``write_move`` of each move, the common ones (a pass, a play) written here in one loop."""
        write = self.write_move
        if type(self).write_move is not Game.write_move:  # a game that writes its moves its own way
            return list(map(write, moves))
        plain, card_moves, names, out = self._plain_moves, self._card_moves, NAMES, []
        for move in moves:
            kind = move["type"]
            if kind in plain:
                out.append({"seat": move["seat"], "type": kind})
                continue
            field = card_moves.get(kind)
            if field is not None and len(move) == 3 and field in move:  # seat, type and a card shown
                value = move[field]
                out.append({"seat": move["seat"], "type": kind, field: None if value is None else names[value]})
                continue
            out.append(write(move))
        return out

    @cached_property
    def _plain_moves(self) -> frozenset:
        return frozenset(kind for kind, fields in self._written_fields.items() if not fields)

    @cached_property
    def _card_moves(self) -> dict[str, str]:
        return {kind: fields[0][0] for kind, fields in self._written_fields.items()
                if len(fields) == 1 and fields[0][1] == "card"}

    def start(self, record, header=None) -> Hand:
        """Validate everything but the moves, in the order of CONVENTIONS.md; the hand as dealt.
        ``header``: as ``replay``'s."""
        with self.documented_reasons():
            return self._start(record, True, header)

    def _start(self, record, verify: bool = True, header=None) -> Hand:
        """``header``: the caller's exact key for the record without its moves (``replay``), or None.
        A header read and checked before is not read again: its options, dealer, match and viewer
        are taken as they were read then, and its deal, which passed the seed check, is only read."""
        if not isinstance(record, dict):
            raise InvalidRecord("bad_record", M("record must be an object"))
        key = (self.id, header) if header is not None and verify else None
        kept = None if key is None else _STARTS.get(key)
        if kept is not None:
            try:
                _STARTS.move_to_end(key)
            except KeyError:  # dropped meanwhile by another thread: what was read still stands
                pass
            options, dealer, match, viewer = kept
            options, match = _thaw(options), _thaw(match)  # a hand never gets what is kept
        else:
            options, dealer, match, viewer = self._read_header(record)
            fresh = None if key is None else (_thaw(options), dealer, _thaw(match), viewer)
        hand = self.hand_class(self, options, dealer, match, viewer)
        hand.seed = record.get("seed")
        self.parse_deal(record["deal"], hand)
        hand.begin()
        if kept is None:
            if hand.seed is not None and verify:
                self._check_seeded_deal(hand, record["deal"])
            if key is not None:  # the whole header passed: kept
                _STARTS[key] = fresh
                if len(_STARTS) > _STARTS_LIMIT:
                    _STARTS.popitem(last=False)
        return hand

    def _read_header(self, record: dict) -> tuple:
        """The record's options, dealer, match and viewer, every field but the deal's cards and the
        moves checked in the order of CONVENTIONS.md."""
        if record.get("game") != self.id:
            raise InvalidRecord("wrong_game", M("record.game must be {id}", id=short(self.id)))
        if not RECORD_FIELDS.issuperset(record):
            extra = [k for k in record if k not in RECORD_FIELDS]
            raise InvalidRecord("unknown_field", M("record: unknown field {extra}", extra=short(extra[0])))
        options = self.parse_options(record.get("options"))
        n = self.players(options)
        if "dealer" not in record:
            raise InvalidRecord("bad_dealer", M("record.dealer is required"))
        dealer = parse_seat(record["dealer"], n, "record.dealer", "bad_dealer")
        match = self.parse_match(record.get("match"), options)
        viewer = record.get("viewer")
        if viewer is not None or "viewer" in record:
            viewer = parse_seat(viewer, n, "record.viewer", "bad_viewer")
        if "seed" in record and not isinstance(record["seed"], str):
            raise InvalidRecord("bad_record", M("record.seed must be a string"))
        if "seed" in record:
            parse_seed(record["seed"], "record.seed")
        if not isinstance(record.get("deal"), dict):
            raise InvalidRecord("bad_deal", M("record.deal must be an object"))
        return options, dealer, match, viewer

    def _check_seeded_deal(self, hand, raw: dict) -> None:
        """A record that carries its seed must hold exactly the deal that seed gives (DESIGN.md,
        "Honest deals"): the same cards in the same places, for its options, dealer and match, as
        ``deal`` would make them; a view, the same cards where it shows any. A record sending the
        deal exactly as written (``raw``, the usual case) needs no canonical rewrite to compare."""
        dealer, deal = _seeded_deal(self, hand.seed, hand.options, hand.dealer, hand.match, hand.viewer)
        if dealer != hand.dealer or raw != deal and deal != hand.deal_json(hand.viewer):
            raise InvalidRecord("deal_mismatch", M("record.deal is not the deal of record.seed for these "
                                "options, dealer and match"))

    # compiled: each move's ``play`` is called through C, and the dicts' ``get`` too
    @cython.locals(hand="Hand", d=dict, readers=dict, cards=dict, by_chars=list, one_card=tuple,
                   i=cython.Py_ssize_t, count=cython.Py_ssize_t, text=str, last_kind=str, a=cython.Py_ssize_t,
                   b=cython.Py_ssize_t, low=cython.Py_ssize_t, span=cython.Py_ssize_t)
    def replay(self, record, header=None) -> Hand:
        """The hand after every move of the record; the first bad move is reported with its index.

        ``header`` (the service's, for a record read from JSON): the record without its moves as
        exact JSON bytes. A table sends the same deal, options and match with every move; a header
        read and checked before is not read again (``_STARTS``).
        """
        try:  # ``with self.documented_reasons()``, without its two calls per record
            hand = self._start(record, True, header)
            moves = record.get("moves", [])
            if not isinstance(moves, list):
                raise InvalidRecord("bad_moves", M("record.moves must be a list"))
            pack, n, viewer, parse = hand.pack, hand.n, hand.viewer, self.parse_move
            # the fast path first: the core's, or the game's own where it reads moves its own way
            cls = type(self)
            fast = self._fast_move if cls.parse_move is Game.parse_move or cls._fast_move is not Game._fast_move \
                else None
            if fast is not None and viewer is None:  # a full record: the common case, in its own loop
                if cls._fast_move is Game._fast_move:  # the core's reader, inlined
                    readers, cards, canonical, by_chars = self._fast_readers, self._fast_card_moves, \
                        pack.canonical, pack.by_chars
                    low, span = CHARS_LOW, CHARS_SPAN
                    # the type of the move before: most moves are plays, and a string compared
                    # costs less than the hash of each move's fresh one
                    last_kind, one_card = "", None
                    count = len(moves)
                    for i in range(count):  # by index: compiled, a C loop over the list
                        raw = moves[i]
                        move = None
                        if type(raw) is dict:
                            d = raw
                            kind = d.get("type")
                            seat = d.get("seat")
                            if type(kind) is str and type(seat) is int and 0 <= seat < n:
                                if kind != last_kind:
                                    one_card, last_kind = cards.get(kind), kind
                                if one_card is None:
                                    read = readers.get(kind)
                                    if read is not None:
                                        move = read(raw, seat, canonical)
                                elif len(d) == 3:  # a play: its reader's work, here (as _fast_reader's)
                                    kind, field = one_card
                                    value = d.get(field)
                                    card = None
                                    if type(value) is str:  # cards.chars_slot, inlined
                                        text = value
                                        if len(text) == 2:
                                            a, b = ord(text[0]) - low, ord(text[1]) - low
                                            if 0 <= a < span and 0 <= b < span:
                                                card = by_chars[a * span + b]
                                        else:
                                            card = canonical.get(text)
                                    if card is not None:
                                        hand.play_one(kind, seat, card, {"seat": seat, "type": kind, field: card}, i)
                                        continue
                        hand.play(move or parse(raw, n, pack, None, f"record.moves[{i}]"), i)
                    return hand
                for i, raw in enumerate(moves):
                    hand.play(fast(raw, n, pack) or parse(raw, n, pack, None, f"record.moves[{i}]"), i)
                return hand
            for i, raw in enumerate(moves):
                move = fast and fast(raw, n, pack) or parse(raw, n, pack, viewer, f"record.moves[{i}]")
                if viewer is not None:
                    self._own_cards_shown(move, viewer, f"record.moves[{i}]")
                hand.play(move, i)
        except InvalidRecord as exc:
            self._documented.__exit__(InvalidRecord, exc, None)
            raise
        return hand

    # --- dealing ---
    def deal(self, seed, options, dealer, match) -> dict:
        with self.documented_reasons():
            return remember_deal(self, self._deal(seed, options, dealer, match))

    def _deal(self, seed, options, dealer, match) -> dict:
        options = self.parse_options(options)
        n = self.players(options)
        dealer = parse_seat(dealer, n, "dealer", "bad_dealer")
        match = self.parse_match(match, options)
        seed = new_seed() if seed is None else parse_seed(seed)
        cards = shuffled(self.pack(options).order, seed)
        record = {"game": self.id, "options": options, "dealer": dealer, "seed": seed,
                  "deal": self.deal_cards(cards, dealer, options, match), "moves": [], "match": match}
        return record

    def deal_cards(self, cards: list[int], dealer: int, options: dict, match: dict) -> dict:
        raise NotImplementedError

    def _fresh_deal(self, seed: str, options: dict, dealer: int, match: dict) -> tuple[int, dict] | None:
        """``(dealer, deal)`` as ``deal`` makes them for options, dealer and match already parsed (a
        seed check's cache miss: no record to build, nothing to copy, since no caller sees it); None
        where only ``deal`` can say (a game that deals its own way)."""
        cls = type(self)
        if cls.deal is not Game.deal or cls._deal is not Game._deal:
            return None
        return dealer, self.deal_cards(shuffled(self.pack(options).order, seed), dealer, options, match)

    # --- views ---
    def view(self, record, seat) -> dict:
        hand = self.replay(record)
        with self.documented_reasons():
            return hand.view_record(seat)

    def replay_match(self, body, max_hands: int | None = None, header=None) -> dict:
        """``…/matches/replay``: a whole match from its hands' records (``{"hands": [...]}``).
        ``header``: a function giving each hand's record its ``replay`` header (the service's)."""
        return replay_match(self, body.get("hands"), max_hands, header)

    # --- calculators (404 where a game has no such thing) ---
    def trick_winner(self, body) -> dict:
        raise NotApplicable("not_found", M("{name} has no trick-winner calculator", name=self.name))

    def validate_bid(self, body) -> dict:
        raise NotApplicable("not_found", M("{name} has no auction", name=self.name))

    def score(self, body) -> dict:
        raise NotApplicable("not_found", M("{name} has no hand-score calculator", name=self.name))

    def score_match(self, body) -> dict:
        raise NotApplicable("not_found", M("{name} has no match-score calculator", name=self.name))

    def next_match(self, match: dict, result: dict, hand: Hand) -> dict:
        """The ``match`` object of the hand after this one (for ``matches/replay``)."""
        return {**match, "scores": result["scores"], "hand_number": match["hand_number"] + 1}

    def next_dealer(self, result: dict, hand: Hand) -> int:
        return result["next_dealer"]

    def catalogue(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "players": {"min": self.min_players, "max": self.max_players},
            "deck": self.deck_description(),
            "options": [o.to_json() for o in self.options],
            "move_types": [
                {"type": t, "fields": {f.rstrip("?"): {"kind": k, "required": not f.endswith("?")}
                                       for f, k in spec.items()}}
                for t, spec in self.move_fields.items()
            ],
        }


class Hand:
    """One hand being replayed: the game's phase machine plus the shared move-checking order.

    Compiled, an extension type (``game.pxd``): the fields every move reads are C struct members,
    and ``play``, ``check``, ``apply`` and ``recorded`` call each other through C, a game's own
    override included. Every game's hand is an extension type built on it (its ``.pxd``), with no
    ``__dict__``: a field anything sets is declared there. A Python subclass may add one back
    (Sixes', so that tests can patch it).
    """

    phase_moves = {}  # phase -> the move types it takes (frozensets)

    # step 2 costs a call per move only in games that switch move types off: whether the class has a
    # ``disabled`` of its own is asked once per class in Python; an extension type can have no
    # ``__init_subclass__``, so compiled, once per hand, into a C field (a Python attribute per hand
    # slowed the pure build by 5 %: one too many for Buck Euchre's hands to keep CPython's
    # shared-key instance dicts)
    if not cython.compiled:
        _checks_disabled = False

        def __init_subclass__(cls, **kwargs):
            super().__init_subclass__(**kwargs)
            cls._checks_disabled = cls.disabled is not Hand.disabled

    def __init__(self, game: Game, options: dict, dealer: int, match: dict, viewer: int | None):
        if cython.compiled:
            self._checks_disabled = type(self).disabled is not Hand.disabled
        self.game = game
        self.options = options
        self.dealer = dealer
        self.match = match
        self.viewer = viewer
        self.n = game.players(options)
        self.pack = game.pack(options)
        self.moves: list[dict] = []
        self.phase = ""
        self.to_act: int | None = None
        self.result: dict | None = None
        self.seed = None

    # --- game hooks ---
    def begin(self) -> None:
        """Set the opening phase and seat once the deal is read."""

    def disabled(self, move: dict) -> tuple[str, str] | None:
        """Step 2: a move type the options switch off (only games that name such codes)."""
        return None

    def turn_error(self, move: dict) -> tuple[str, str]:
        return "not_your_turn", M("seat {to_act} is to act, not seat {seat}", to_act=self.to_act, seat=move['seat'])

    def check_move(self, move: dict) -> tuple[str, str] | None:
        """Step 5: the move type's own checks."""
        return None

    def apply(self, move: dict) -> list[dict]:
        raise NotImplementedError

    def legal_moves(self) -> list[dict]:
        raise NotImplementedError

    def derived(self) -> dict:
        """The game's own state fields."""
        return {}

    def deal_json(self, viewer: int | None) -> dict:
        raise NotImplementedError

    def hidden_move_card(self, move: dict, viewer: int) -> bool:
        """Whether ``viewer`` may not see the hidden-able field of this move."""
        return move["seat"] != viewer

    # --- the shared order of checks (CONVENTIONS.md "Checking a move") ---
    def check(self, move: dict) -> tuple[str, str] | None:
        phase = self.phase
        if phase == "done":
            return "hand_over", M("the hand is over")
        if self._checks_disabled:
            off = self.disabled(move)
            if off:
                return off
        if move["type"] not in self.phase_moves[phase]:
            return "wrong_phase", M("a {type} move is not taken in phase {phase}", type=short(move['type']), phase=short(phase))
        if move["seat"] != self.to_act:
            return self.turn_error(move)
        return self.check_move(move)

    def play(self, move: dict, index: int) -> list[dict]:
        refusal = self.check(move)
        if refusal:
            raise IllegalMove(refusal[0], refusal[1], move_index=index)
        return self.recorded(move, self.apply(move), index)

    def play_one(self, kind: str, seat: int, card, move: dict, index: int) -> list[dict]:
        """``play`` of a move of one card field, whose type, seat and card the replay's loop has read
        (``kind``: the game's own string): a game's own can skip reading them again."""
        return self.play(move, index)

    def recorded(self, move: dict, events: list[dict], index: int) -> list[dict]:
        """``move`` made: it joins the record, and its events end with the hand's and the match's."""
        self.moves.append(move)
        if self.phase == "done" and self.result is not None:
            events.append({"type": "hand_over", "result": self.result})
            if self.result.get("match_over"):
                events.append({"type": "match_over", "winner": self.result.get("winner")})
        if events:
            for e in events:
                e["index"] = index
        return events

    def listing(self) -> list[dict] | None:
        if self.phase == "done":
            return []
        if self.viewer is not None and self.viewer != self.to_act:
            return None
        return self.legal_moves()

    def state(self) -> dict:
        out = {"phase": self.phase, "to_act": self.to_act, "legal_moves": self.listing()}
        out.update(self.derived())
        out["result"] = self.result
        return out

    def to_record(self, viewer: int | None = None) -> dict:
        """The record, canonical; with ``viewer``, as that seat may see it."""
        who = self.viewer if viewer is None else viewer
        if who is None:  # nothing hidden: every move as written
            moves = self.game.write_moves(self.moves)
        else:
            moves = self._moves_seen_by(who)
        record = {"game": self.game.id, "options": self.options, "dealer": self.dealer}
        if self.seed is not None and who is None:  # a seed would let a viewer re-deal every hand
            record["seed"] = self.seed
        record.update({"deal": self.deal_json(who), "moves": moves, "match": self.match})
        if who is not None:
            record["viewer"] = who
        return record

    def _moves_seen_by(self, who: int) -> list[dict]:
        moves, hidden = self.game.write_moves(self.moves), self.game.hidden_move_fields
        for m, out in zip(self.moves, moves):
            field = hidden.get(m["type"])
            if field and who is not None and field in out and self.hidden_move_card(m, who):
                value = out[field]  # lists keep their length (CONVENTIONS.md "Views")
                out[field] = [None] * len(value) if isinstance(value, list) else None
        return moves

    def view_record(self, seat: int) -> dict:
        seat = parse_seat(seat, self.n, "seat", "bad_viewer")
        if self.viewer is not None and self.viewer != seat:
            raise InvalidRecord("view_incomplete", M("a view for seat {viewer} cannot give seat {seat}'s view", viewer=self.viewer, seat=seat))
        return self.to_record(seat)


__all__ = ["Game", "Hand", "Option", "parse_seat", "parse_seed", "MAX_SEED_CHARS", "parse_match", "hand_number",
           "is_int", "parse_int_list", "lookup"]
