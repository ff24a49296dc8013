"""Issue 34: the contract as code generators read it, under their default settings.

What each rule prevents: an alias cap rejecting the file (openapi-generator), a union whose members
the tag does not decide, request models emptied or typed ``Any`` (a top-level ``oneOf`` of bare
``required`` lists), request fields forced on the caller and answer fields claimed where the service
leaves them out (``default``), and operationIds that collide with models. ``make clients`` runs the
generators themselves (e2e/clients/).
"""

from __future__ import annotations

import re

import pytest
import yaml

from schemas import for_generators
from schemas.openapi import dump
from service.rules.games import GAMES

from .contract import SPEC_FILE, spec


def test_openapi_yaml_has_no_anchor_and_no_alias():
    events = yaml.parse(SPEC_FILE.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for event in events:
        assert not isinstance(event, yaml.AliasEvent), event
        assert getattr(event, "anchor", None) is None, event


def test_the_dumper_writes_a_shared_value_out_in_full():
    shared = {"type": "string"}
    text = dump({"a": shared, "b": shared})
    assert "&" not in text and "*" not in text and text.count("type: string") == 2
    assert yaml.dump({"a": shared, "b": shared}, Dumper=yaml.SafeDumper).count("&id") == 1  # what it avoids


def _schemas():
    return list(for_generators.every_schema(spec()))


def test_every_union_told_apart_by_type_has_a_discriminator_with_its_mapping():
    found = 0
    for schema in _schemas():
        tags = for_generators.tagged_union(spec(), schema)
        if tags is None:
            continue
        found += 1
        assert len(set(tags)) == len(tags), schema  # the tag alone decides
        assert schema["discriminator"] == {"propertyName": "type", "mapping": {
            t: m["$ref"] for t, m in zip(tags, schema["oneOf"])}}
    assert found >= 14  # every game's moves, listed moves, calls and events


def test_a_union_whose_variants_share_a_type_value_is_refused():
    doc = {"components": {"schemas": {
        "A": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["play"]}}},
        "B": {"type": "object", "required": ["type"], "properties": {"type": {"const": "play"}}},
        "U": {"type": "object", "properties": {"u": {"oneOf": [{"$ref": "#/components/schemas/A"},
                                                               {"$ref": "#/components/schemas/B"}]}}}}},
        "paths": {}}
    with pytest.raises(ValueError, match="share"):
        for_generators.discriminators(doc)


def test_every_union_inside_an_object_is_a_named_component():
    """One sealed class / enum per union, not one per place it is used."""
    components = spec()["components"]["schemas"]
    for schema in _schemas():
        if "discriminator" in schema:
            assert any(schema is c for c in components.values()), schema


def test_no_schema_is_a_union_of_bare_required_lists():
    """"Exactly one of" is stated beside the properties, never as a top-level ``oneOf``/``anyOf`` of
    property-less branches, which generators read as a union of empty objects."""
    for schema in _schemas():
        for key in ("oneOf", "anyOf"):
            for branch in schema.get(key, ()):
                assert set(branch) & {"$ref", "type", "properties", "const", "enum"}, (key, branch)


@pytest.mark.parametrize("suffix,pair", [("RecordRequest", ("record", "record_token")),
                                         ("MoveRequest", ("record", "record_token")),
                                         ("MatchReplayRequest", ("hands", "hand_tokens"))])
def test_exactly_one_of_keeps_both_properties_and_states_the_rule(suffix, pair):
    components = spec()["components"]["schemas"]
    first, second = pair
    named = [n for n in components if n.endswith(suffix)]
    assert len(named) >= 5
    for name in named:
        body = components[name]
        assert set(pair) <= set(body["properties"]) and not set(pair) & set(body.get("required", ())), name
        assert body["if"] == {"required": [first], "properties": {first: {}}}, name
        assert body["else"] == {"required": [second], "properties": {second: {}}}, name
        assert body["then"] == {"not": {"required": [second], "properties": {second: {}}}}, name
        assert "Exactly one of" in body["description"], name


@pytest.mark.parametrize("body", [{}, {"record": {"game": "sixes"}, "record_token": "x"}])
def test_both_or_neither_is_still_400(client, body):
    resp = client.post("/v1/games/sixes/state", json=body)
    assert resp.status_code == 400 and resp.get_json()["code"] == "invalid_request"


def test_no_schema_carries_a_default_and_the_defaults_are_in_the_descriptions():
    for schema in _schemas():
        assert "default" not in schema, schema
    seal = spec()["components"]["schemas"]["BidWhistDealRequest"]["properties"]["seal"]
    assert "Default: `false`" in seal["description"]
    options = spec()["components"]["schemas"]["BidWhistOptions"]
    assert not options.get("required")  # a record's options may leave an option out (downtown_aces)


def test_operation_ids_are_camel_case_unique_and_no_schema_name():
    ids = [op["operationId"] for ops in spec()["paths"].values() for op in ops.values()]
    assert len(ids) == len(set(ids))
    names = {n.lower() for n in spec()["components"]["schemas"]}
    for op_id in ids:
        assert re.fullmatch(r"[a-z]+(?:[A-Z0-9][a-z0-9]*)*", op_id), op_id
        assert op_id.lower() not in names, op_id
    assert {"dealBidWhist", "makeSixesMove", "listCourtPieceLegalMoves", "analyseFiveHundredPosition",
            "scoreBuckEuchreTournament"} <= set(ids)


def test_every_game_has_its_move_unions_named():
    components = spec()["components"]["schemas"]
    for game in GAMES:
        prefix = "".join(w.capitalize() for w in game.split("-"))
        assert "discriminator" in components[prefix + "Move"], prefix
    for prefix in ("BidWhist", "FiveHundred"):  # the listing's discard is the template, the move's concrete
        listed = components[prefix + "LegalMove"]["discriminator"]["mapping"]
        moves = components[prefix + "Move"]["discriminator"]["mapping"]
        assert listed["discard"].endswith("DiscardTemplate") and moves["discard"].endswith("DiscardMove")


def test_the_generic_passes_cover_a_schema_added_later():
    """A union and a default in a schema no pass names (as analysis or tournaments may add) are
    treated as the others are: the default put in words, the union tagged and named."""
    ref = "#/components/schemas/"
    doc = {"components": {"schemas": {
        "NewPassMove": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["pass"]}}},
        "NewPlayMove": {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["play"]}}},
        "NewAnswer": {"type": "object", "properties": {
            "level": {"type": "integer", "default": 2, "description": "how deep"},
            "moves": {"type": "array", "items": {"oneOf": [{"$ref": ref + "NewPassMove"},
                                                           {"$ref": ref + "NewPlayMove"}]}}}}}},
        "paths": {}}
    for_generators.apply(doc)
    schemas = doc["components"]["schemas"]
    assert schemas["NewAnswer"]["properties"]["level"] == {"type": "integer", "description": "how deep (Default: `2`.)"}
    # (named `…Call`: moves that are not a `…Record`'s whole set of moves)
    assert schemas["NewAnswer"]["properties"]["moves"]["items"] == {"$ref": ref + "NewCall"}
    assert schemas["NewCall"]["discriminator"]["mapping"] == {"pass": ref + "NewPassMove", "play": ref + "NewPlayMove"}
