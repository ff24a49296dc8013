"""The envelope check without marshmallow on the hot path; marshmallow stays the contract.

``checker(schema)`` derives, once per schema class, a plain-Python check from the schema's own
declared fields (type, required, null allowed, default) and its ``exactly_one`` pairs. It answers
the very dict ``schema().load(body)`` would, or None for anything it is not sure of — then the
caller runs marshmallow, which accepts the body or words the error exactly as before. A schema
with a field or hook the derivation does not know gets no fast check at all.

``tests/test_envelope.py`` checks on random bodies that the two accept and refuse the same ones
and answer the same dicts.
"""

from __future__ import annotations

from functools import cache

from marshmallow import RAISE, fields
from marshmallow.constants import missing
from marshmallow.decorators import VALIDATES_SCHEMA

from schemas.requests import StrictBoolean, Strings

_MISSING = object()


def _exact(kind):
    return lambda v: type(v) is kind


def _kind_check(field):
    """A value check for one field kind (None: not one this module knows)."""
    if field.validators or field.data_key is not None or field.attribute is not None:
        return None
    kind = type(field)
    if kind is fields.Raw:
        return lambda v: True
    if kind is fields.String:
        return _exact(str)
    if kind is StrictBoolean:
        return _exact(bool)
    if kind is Strings:
        return lambda v: type(v) is list and all(type(x) is str for x in v)
    if kind is fields.Dict and field.key_field is None and field.value_field is None:
        return _exact(dict)
    if kind is fields.List:
        inner = field.inner
        check = _kind_check(inner)
        if check is None or inner.allow_none or inner.required:
            return None
        return lambda v: type(v) is list and all(x is not None and check(x) for x in v)
    return None


@cache
def checker(schema_cls):
    """The fast check of one envelope schema: ``check(data) -> dict | None``, or None."""
    schema = schema_cls()
    if schema.unknown != RAISE or schema._hooks.get("pre_load") or schema._hooks.get("post_load"):
        return None
    hooks = schema._hooks.get(VALIDATES_SCHEMA, [])
    pairs = getattr(schema_cls, "exactly_one", ())
    if len(hooks) > (1 if pairs else 0):  # a schema hook this module cannot replay
        return None
    spec = []
    for name, field in schema.load_fields.items():
        check = _kind_check(field)
        if check is None:
            return None
        default = field.load_default
        if callable(default):
            return None
        spec.append((name, check, field.required, field.allow_none,
                     _MISSING if default is missing else default))
    names = frozenset(n for n, *_ in spec)

    def check(data):
        if not names.issuperset(data):
            return None
        out = {}
        for name, ok, required, allow_none, default in spec:
            value = data.get(name, _MISSING)
            if value is _MISSING:
                if required:
                    return None
                if default is not _MISSING:
                    out[name] = default
                continue
            if value is None:
                if not allow_none:
                    return None
            elif not ok(value):
                return None
            out[name] = value
        for first, second in pairs:
            if (first in out) == (second in out):
                return None
        return out
    return check
