"""Field helpers for the documentation schemas: cards, seats, constants, one-of unions."""

from __future__ import annotations

import re

from marshmallow import Schema, ValidationError, fields, validate


class FullMatch(validate.Regexp):
    """``validate.Regexp`` that must match the whole string.

    marshmallow's ``Regexp`` uses ``re.match``, where a pattern's ``$`` also matches before a final
    newline: ``"ann\n"`` passed ``^[A-Za-z0-9]…$`` (issue 30). The contract's pattern (ECMA-262, no
    multiline flag) already refuses it; here ``fullmatch`` with the pattern's anchors dropped does too.
    """

    def __init__(self, regex: str, **kwargs):
        super().__init__(regex, **kwargs)
        self.whole = re.compile(regex.removeprefix("^").removesuffix("$"))

    def __call__(self, value):
        if not isinstance(value, str) or self.whole.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


def card(pattern: str, nullable: bool = False, **meta) -> fields.String:
    return fields.String(required=True, allow_none=nullable,
                         metadata={"pattern": pattern, "description": meta.get("description", "a card")})


def cards(pattern: str, nullable: bool = False, length: int | None = None, **meta) -> fields.List:
    v = validate.Length(equal=length) if length is not None else None
    return fields.List(card(pattern, nullable), required=True, validate=v, metadata=meta)


def seat(n: int = 4, nullable: bool = False, required: bool = True, **meta) -> fields.Integer:
    return fields.Integer(required=required, allow_none=nullable, strict=True,
                          validate=validate.Range(0, n - 1), metadata=meta)


def const(value: str, **meta) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf([value]), metadata=meta)


def enum(values, nullable: bool = False, required: bool = True, **meta) -> fields.String:
    return fields.String(required=required, allow_none=nullable, validate=validate.OneOf(list(values)),
                         metadata=meta)


def ints(length: int | None = None, nullable_items: bool = False, required: bool = True, **meta) -> fields.List:
    v = validate.Length(equal=length) if length is not None else None
    return fields.List(fields.Integer(strict=True, allow_none=nullable_items), required=required, validate=v,
                       metadata=meta)


class OneOf(fields.Field):
    """A value matching exactly one of several schemas (documented as ``oneOf``)."""

    def __init__(self, *schemas: type[Schema], **kwargs):
        super().__init__(**kwargs)
        self.schemas = schemas


def nested(schema, nullable=False, required=True, **meta):
    return fields.Nested(schema, required=required, allow_none=nullable, metadata=meta)


def many(schema, nullable=False, required=True, **meta):
    inner = OneOf(*schema) if isinstance(schema, tuple) else fields.Nested(schema)
    return fields.List(inner, required=required, allow_none=nullable, metadata=meta)


def move_schemas(prefix: str, game_id: str, n: int, move_fields: dict, field_map: dict) -> tuple:
    """One schema per move type, built from the game's declared move fields."""
    out = []
    for kind, spec in move_fields.items():
        attrs = {"seat": seat(n), "type": const(kind)}
        for f, fkind in spec.items():
            name = f.rstrip("?")
            field = field_map[fkind](kind, name)
            field.required = not f.endswith("?")
            attrs[name] = field
        attrs["Meta"] = type("Meta", (), {"register": False})
        title = "".join(p.capitalize() for p in kind.split("_"))
        out.append(Schema.from_dict(attrs, name=f"{prefix}{title}Move"))
    return tuple(out)


def options_schema(prefix: str, table) -> type[Schema]:
    """The options object, straight from the game's option table (one definition)."""
    attrs = {}
    for o in table:
        meta = {"description": o.meaning, "default": o.default}
        v = None
        if o.choices is not None:
            v = validate.OneOf(list(o.choices))
        elif o.minimum is not None:
            v = validate.Range(o.minimum, o.maximum)
        kind = {"integer": fields.Integer(strict=True, validate=v, metadata=meta, allow_none=o.nullable),
                "boolean": fields.Boolean(metadata=meta, allow_none=o.nullable),
                "string": fields.String(validate=v, metadata=meta, allow_none=o.nullable)}[o.type]
        attrs[o.name] = kind
    return Schema.from_dict(attrs, name=f"{prefix}Options")
