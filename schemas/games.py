"""Which schema module describes which game, and the calculators' runtime envelopes."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from marshmallow import RAISE, Schema, fields

from .fields import OneOf

_MODULES = {
    "buck-euchre": "buck_euchre",
    "bid-whist": "bid_whist",
    "five-hundred": "five_hundred",
    "court-piece": "court_piece",
    "sixes": "sixes",
}


def schemas_of(game_id: str):
    return import_module(f"{__package__}.{_MODULES[game_id]}").SCHEMAS


def all_schemas():
    return [schemas_of(g) for g in _MODULES]


_JSON_TYPES = {
    fields.Integer: (int,), fields.String: (str,), fields.Boolean: (bool,), fields.List: (list,),
    fields.Nested: (dict,), fields.Dict: (dict,),
}


class _TopLevel(fields.Field):
    """Only the JSON type of a field: deeper checks belong to the referee (422, in order)."""

    def __init__(self, types, **kwargs):
        super().__init__(**kwargs)
        self.types = types

    def _deserialize(self, value, attr, data, **kwargs):
        if self.types and (not isinstance(value, self.types) or
                           (bool not in self.types and isinstance(value, bool))):
            raise self.make_error("invalid")

    default_error_messages = {"invalid": "Wrong JSON type."}

    def deserialize(self, value, attr=None, data=None, **kwargs):
        if value is None and self.allow_none:
            return None
        super().deserialize(value, attr, data, **kwargs)
        return value


@cache
def calculator_schema(game_id: str, method: str) -> type[Schema] | None:
    """The calculator's request schema reduced to its top level, or None if it has none."""
    if game_id not in _MODULES:
        return None
    pair = schemas_of(game_id).calculators.get(method)
    if pair is None:
        return None
    attrs = {}
    for name, f in pair[0]._declared_fields.items():
        types = next((t for cls, t in _JSON_TYPES.items() if isinstance(f, cls)), None)
        if isinstance(f, OneOf) or isinstance(f, fields.Raw) and type(f) is fields.Raw:
            types = None
        attrs[name] = _TopLevel(types, required=f.required, allow_none=f.allow_none)
    attrs["Meta"] = type("Meta", (), {"unknown": RAISE})
    # a request schema's whole-body checks (e.g. a field required by an option) stay in the envelope
    bases = tuple(b for b in pair[0].__mro__[1:] if b.__dict__.get("envelope_checks")) or (Schema,)
    return type(pair[0].__name__ + "Envelope", bases, attrs)
