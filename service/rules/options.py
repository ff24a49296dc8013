"""Game options declared once, as a table: type, default, range or choices, meaning."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidRecord, M, short


@dataclass(frozen=True)
class Option:
    name: str
    type: str  # "integer", "boolean" or "string"
    default: object
    meaning: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple | None = None
    nullable: bool = False  # null is a value of its own (e.g. "no cap")
    # a variant: records carry it only when it was set, so a record without it reads as before
    variant: bool = False

    def parse(self, value):
        if value is None and self.nullable:
            return None
        kind = self.type
        if kind == "integer":
            ok = type(value) is int or isinstance(value, int) and not isinstance(value, bool)
        elif kind == "boolean":
            ok = type(value) is bool
        else:
            ok = isinstance(value, str)
        if ok and self.choices is not None:
            ok = value in self.choices
        if ok and self.minimum is not None:
            ok = value >= self.minimum
        if ok and self.maximum is not None:
            ok = value <= self.maximum
        if not ok:
            raise InvalidRecord("bad_option", M("option {name}: {value} is not {describe}", name=short(self.name), value=short(value), describe=self.describe()))
        return value

    def describe(self) -> str:
        if self.choices is not None:
            text = M("one of {choices}", choices=", ".join(map(repr, self.choices)))
        elif self.minimum is not None and self.maximum is not None:
            text = M("an integer from {minimum} to {maximum}", minimum=self.minimum, maximum=self.maximum)
        elif self.minimum is not None:
            text = M("an integer >= {minimum}", minimum=self.minimum)
        else:
            text = {"integer": M("an integer"), "boolean": M("a boolean"), "string": M("a string")}[self.type]
        return M("{text} or null", text=text) if self.nullable else text

    def to_json(self) -> dict:
        out = {"name": self.name, "type": self.type, "default": self.default, "meaning": self.meaning}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.nullable:
            out["nullable"] = True
        return out


_SCALARS = frozenset((int, bool, str, type(None)))
_CACHE_LIMIT = 256  # distinct option sets remembered per table; a record usually sends the defaults


class _Table:
    """One game's option table with what every call needs built once: names, defaults, sets seen."""

    __slots__ = ("table", "known", "defaults", "seen")

    def __init__(self, table: tuple[Option, ...]):
        self.table = table
        self.known = {o.name: o for o in table}
        self.defaults = {o.name: o.default for o in table if not o.variant}
        self.seen: dict[tuple, dict] = {}


_TABLES: dict[int, _Table] = {}


def _table(table: tuple[Option, ...]) -> _Table:
    entry = _TABLES.get(id(table))
    if entry is None or entry.table is not table:
        entry = _TABLES[id(table)] = _Table(table)
    return entry


def parse_options(raw, table: tuple[Option, ...]) -> dict:
    """Every option at its effective value; unknown names first, then values (CONVENTIONS.md).

    The answer is a new dict each time. Option sets already accepted, keyed by the frozen input
    (name, exact type and value, so that ``1`` never passes for ``true``), are answered from a small
    per-table cache: a record carries its options in full, the same few sets again and again.
    """
    entry = _table(table)
    if raw is None or raw == {}:
        return dict(entry.defaults)
    if not isinstance(raw, dict):
        raise InvalidRecord("bad_option", M("options must be an object"))
    key = None
    values = raw.values()
    if _SCALARS.issuperset(map(type, values)):  # both in C: a record sends its options in full
        key = tuple(zip(raw, map(type, values), values))
        hit = entry.seen.get(key)
        if hit is not None:
            return dict(hit)
    known = entry.known
    unknown = [k for k in raw if k not in known]
    if unknown:
        raise InvalidRecord("unknown_option", M("unknown option {unknown}; known: {known}", unknown=short(unknown[0]), known=', '.join(known)))
    out = {o.name: (o.parse(raw[o.name]) if o.name in raw else o.default)
           for o in table if o.name in raw or not o.variant}
    if key is not None and len(entry.seen) < _CACHE_LIMIT:
        entry.seen[key] = dict(out)
    return out
