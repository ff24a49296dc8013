"""Five Hundred's static tables: suits, the 28 bids and their values, the packs, the options, the sides."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import NAMES, Pack
from ...errors import InvalidRecord, M, short
from ...game import is_int
from ...options import Option

LETTERS = "SCDH"  # the document's suit order (listings, nominations, deck order)
SUIT_INT = {"S": 0, "H": 1, "D": 2, "C": 3}  # letter -> core suit int
INT_LETTER = "SHDC"
ALL_SUITS = 0b1111

_DENOMS = ("S", "C", "D", "H", "NT")
BIDS: list[str] = []
for _t in range(6, 11):
    for _d in _DENOMS:
        if _t == 10 and _d == "H":
            BIDS += ["open_misere", "blind_misere"]
        BIDS.append(f"{_t}{_d}")
    if _t == 7:
        BIDS.append("misere")
MISERE_FAMILY = ("misere", "open_misere", "blind_misere")
RUNG: dict[str, int] = {}
_r = 0
for _b in BIDS:
    if _b == "blind_misere":
        RUNG[_b] = RUNG["open_misere"]
        continue
    RUNG[_b] = _r
    _r += 1
VALUE: dict[str, int] = {"misere": 250, "open_misere": 500, "blind_misere": 500}
TRICKS_BID: dict[str, int] = {}
TRUMP_OF: dict[str, int | None] = {}
for _b in BIDS:
    if _b in MISERE_FAMILY:
        continue
    _d = "NT" if _b.endswith("NT") else _b[-1]
    _t = int(_b[: -len(_d)])
    VALUE[_b] = 40 + 20 * _DENOMS.index(_d) + 100 * (_t - 6)
    TRICKS_BID[_b] = _t
    TRUMP_OF[_b] = None if _d == "NT" else SUIT_INT[_d]
SEVENS = frozenset(b for b in BIDS if b.startswith("7"))
ALLOW_OPTION = {"misere": "allow_misere", "open_misere": "allow_open_misere",
                "blind_misere": "allow_blind_misere"}

_ASC = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "11", "12", "13", "J", "Q", "K", "A")


def _order(players: int) -> list[str]:
    """The canonical deck order of the pack for ``players`` (document, "Canonical deck order")."""
    out = []
    for letter in LETTERS:
        red = letter in "DH"
        if players <= 3:
            ranks = _ASC[5:8] + ("T", "J", "Q", "K", "A")
        elif players == 4:
            ranks = _ASC[2 if red else 3:9] + ("J", "Q", "K", "A")
        elif players == 5:
            ranks = _ASC[:9] + ("J", "Q", "K", "A")
        else:
            ranks = _ASC[:9] + (("11", "12", "13") if red else ("11", "12")) + ("J", "Q", "K", "A")
        out += [r + letter for r in ranks]
    return out + ["JK"]


PACKS = {p: Pack(_order(p)) for p in range(2, 7)}
_FAST_CARDS = {p: {NAMES[c]: c for c in PACKS[p].order} for p in range(2, 7)}  # canonical names only
_FAST_BY_PACK = {PACKS[p]: _FAST_CARDS[p] for p in range(2, 7)}
POSITION = {p: {c: i for i, c in enumerate(PACKS[p].order)} for p in range(2, 7)}


@dataclass(frozen=True)
class _Option(Option):
    """An option that may be ``null`` or has only a lower bound (core ``Option`` needs both)."""

    nullable: bool = False
    at_least: int | None = None

    def parse(self, value):
        if value is None and self.nullable:
            return None
        ok = is_int(value) and (self.at_least is None or value >= self.at_least)
        if not ok:
            raise InvalidRecord("invalid_option", M("option {name}: {value} is not {describe}", name=short(self.name), value=short(value), describe=self.describe()))
        return value

    def describe(self) -> str:
        text = M("an integer") if self.at_least is None else M("an integer >= {minimum}", minimum=self.at_least)
        return M("{text} or null", text=text) if self.nullable else text

    def to_json(self) -> dict:
        """The catalogue entry (the contract's ``OptionInfo``: a null default says it may be null)."""
        out = super().to_json()
        if self.at_least is not None:
            out["minimum"] = self.at_least
        return out


OPTIONS = (
    Option("players", "integer", 4, "number of players; selects the pack, the sides and the deal",
           minimum=2, maximum=6),
    Option("six_player_teams", "string", "two_teams_of_three",
           "six players only: two sides of three (alternate seats) or three sides of two (partners "
           "opposite)", choices=("two_teams_of_three", "three_teams_of_two")),
    Option("single_round_bidding", "boolean", False, "American auction: one call per seat, highest bid wins"),
    Option("allow_misere", "boolean", True, "misere may be bid"),
    Option("allow_open_misere", "boolean", True, "open_misere may be bid"),
    Option("allow_blind_misere", "boolean", True, "blind_misere may be bid"),
    Option("misere_without_seven", "boolean", False, "misere may be bid without a standing seven-trick bid"),
    Option("raise_after_all_pass", "boolean", False,
           "after all others have passed, the high bidder gets one final call (raise or keep); "
           "nobody may re-enter the auction"),
    Option("joker_nomination", "boolean", True,
           "the contractor holding the joker in no trumps or misere may nominate its suit"),
    Option("joker_lead_last_trick_only", "boolean", False, "the free joker may be led only to the last trick"),
    _Option("defender_cap", "integer", None,
            "integer or null (off): trick points of a defending side cannot lift its score above this "
            "(490 or 480)", nullable=True),
    _Option("target", "integer", 500, "winning score; going out backwards at -target", at_least=1),
    Option("call_partner", "boolean", False,
           "variant, five players only: after the kitty exchange the contractor of a suit or no-trump "
           "contract calls a card; its holder is the contractor's partner for the hand", variant=True),
    Option("all_pass", "string", "throw_in",
           "variant: what happens when everyone passes - throw_in: the hand is thrown in; play_out: it "
           "is played out at no trumps without the kitty, every side scoring 10 a trick",
           choices=("throw_in", "play_out"), variant=True),
)


def calls_partner(options: dict) -> bool:
    """Variant V1 is on (it is accepted only with five players)."""
    return options.get("call_partner", False)


def plays_out(options: dict) -> bool:
    """Variant V2: an all-pass hand is played out."""
    return options.get("all_pass") == "play_out"


def sides_of(options: dict) -> tuple[int, tuple[int, ...]]:
    """(number of sides, side of each seat)."""
    n = options["players"]
    if n == 4:
        return 2, (0, 1, 0, 1)
    if n == 6:
        if options["six_player_teams"] == "two_teams_of_three":
            return 2, tuple(s % 2 for s in range(6))
        return 3, tuple(s % 3 for s in range(6))
    return n, tuple(range(n))
