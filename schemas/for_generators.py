"""Passes over the built contract that make code generators read it precisely (issue 34).

Each pass is generic: it walks every schema of the document, so a schema added later (analysis,
tournaments, a new game) is covered without being named here.

- ``default`` becomes words: under their default settings, openapi-typescript types a property with a
  ``default`` as always present (in a request too: the caller is forced to send it; in an answer, it
  claims a field the service may leave out). The default stays in the description.
- Every union of objects told apart by a single-valued ``type`` gets a ``discriminator`` with its
  ``mapping``, and is named as a component (``BidWhistMove``, ``BidWhistLegalMove``,
  ``FiveHundredEvent``...): one sealed class (Kotlin), enum (Swift) or union type per union, not one
  per place it is used.
"""

from __future__ import annotations

import json
import os

REF = "#/components/schemas/"
_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
        "unevaluatedProperties", "unevaluatedItems")
_LISTS = ("allOf", "oneOf", "anyOf", "prefixItems")


def children(schema: dict):
    """The schemas directly inside ``schema`` (never an example value)."""
    for key in _MAPS:
        yield from (v for v in schema.get(key, {}).values() if isinstance(v, dict))
    for key in _ONE:
        if isinstance(schema.get(key), dict):
            yield schema[key]
    for key in _LISTS:
        yield from (v for v in schema.get(key, []) if isinstance(v, dict))


def walk(schema: dict):
    """``schema`` and every schema inside it, parents first."""
    yield schema
    for child in list(children(schema)):
        yield from walk(child)


def roots(doc: dict):
    """Every top-level schema of the document: components, bodies, answers, headers, parameters."""
    yield from doc["components"]["schemas"].values()
    for ops in doc["paths"].values():
        for op in ops.values():
            for param in op.get("parameters", []):
                yield param["schema"]
            for media in op.get("requestBody", {}).get("content", {}).values():
                yield media["schema"]
            for response in op["responses"].values():
                for media in response.get("content", {}).values():
                    yield media["schema"]
                for header in response.get("headers", {}).values():
                    yield header["schema"]


def every_schema(doc: dict):
    for root in list(roots(doc)):
        yield from walk(root)


def resolve(doc: dict, schema: dict) -> dict:
    while "$ref" in schema:
        schema = doc["components"]["schemas"][schema["$ref"].removeprefix(REF)]
    return schema


def tag(doc: dict, schema: dict):
    """The single value of a variant's required ``type``, or None."""
    target = resolve(doc, schema)
    kind = target.get("properties", {}).get("type")
    if target.get("type", "object") != "object" or not kind or "type" not in target.get("required", ()):
        return None
    if "const" in kind:
        return kind["const"]
    values = kind.get("enum", ())
    return values[0] if len(values) == 1 else None


def tagged_union(doc: dict, schema: dict) -> list | None:
    """The tags of a ``oneOf`` of references whose members each carry one ``type`` value, else None."""
    members = schema.get("oneOf")
    if not members or not all(set(m) == {"$ref"} for m in members):
        return None
    tags = [tag(doc, m) for m in members]
    return None if None in tags else tags


def defaults_in_words(doc: dict) -> None:
    for schema in every_schema(doc):
        if "default" in schema:
            value = json.dumps(schema.pop("default"), ensure_ascii=False)
            words = f"Default: `{value}`."
            text = schema.get("description", "")
            schema["description"] = f"{text} ({words})" if text else words


def discriminators(doc: dict) -> None:
    for schema in every_schema(doc):
        tags = tagged_union(doc, schema)
        if tags is None:
            continue
        if len(set(tags)) != len(tags):
            names = [m["$ref"].removeprefix(REF) for m in schema["oneOf"]]
            raise ValueError(f"variants share a `type` value, so the tag cannot decide: {names}")
        schema["discriminator"] = {"propertyName": "type",
                                   "mapping": {t: m["$ref"] for t, m in zip(tags, schema["oneOf"])}}


def _prefix(names: list[str]) -> str:
    """The common start of the names, cut at a word boundary (``BidWhistPassMove``, ``BidWhistBidMove``
    -> ``BidWhist``)."""
    common = os.path.commonprefix(names)
    i = len(common)
    while i and not (i < len(names[0]) and names[0][i].isupper() and all(n[i:i + 1].isupper() for n in names)):
        i -= 1
    return names[0][:i]


def _union_name(names: list[str], record_moves: dict[str, frozenset]) -> str:
    prefix = _prefix(names)
    if all(n.endswith("Event") for n in names):
        return prefix + "Event"
    if all(n.endswith(("Move", "Template")) for n in names):
        if any(n.endswith("Template") for n in names):
            return prefix + "LegalMove"  # a listing: templates stand for moves with parameters
        return prefix + ("Move" if record_moves.get(prefix) == frozenset(names) else "Call")
    return "Or".join(names)


def name_unions(doc: dict) -> None:
    """Each inline tagged union becomes a named component (one per set of variants), referenced
    where it was; the place keeps its own description beside the reference."""
    schemas = doc["components"]["schemas"]
    record_moves = {}
    for name, body in schemas.items():
        items = body.get("properties", {}).get("moves", {}).get("items", {})
        if name.endswith("Record") and "oneOf" in items:
            record_moves[name.removesuffix("Record")] = frozenset(m["$ref"].removeprefix(REF) for m in items["oneOf"])
    named: dict[tuple, str] = {}
    for root in [*roots(doc)]:
        for schema in walk(root):
            if schema is root and any(schema is s for s in schemas.values()) or "discriminator" not in schema:
                continue
            refs = tuple(m["$ref"] for m in schema["oneOf"])
            if refs not in named:
                name = _union_name([r.removeprefix(REF) for r in refs], record_moves)
                if name in schemas and schemas[name].get("oneOf") != schema["oneOf"]:
                    name = "Or".join(r.removeprefix(REF) for r in refs)
                schemas[name] = {"oneOf": schema["oneOf"], "discriminator": schema["discriminator"]}
                named[refs] = name
            del schema["oneOf"], schema["discriminator"]
            schema["$ref"] = REF + named[refs]


def apply(doc: dict) -> None:
    defaults_in_words(doc)
    discriminators(doc)
    name_unions(doc)
