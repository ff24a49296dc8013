"""The envelope's fast check accepts and refuses exactly the bodies marshmallow does, with the same result."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from marshmallow import ValidationError

from schemas import requests as rq
from schemas.games import calculator_schema
from service.http.envelope import checker

ENVELOPES = (rq.RecordRequest, rq.MoveRequest, rq.ViewRequest, rq.TokenRequest, rq.DealRequest,
             rq.MatchReplayRequest)

scalars = st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(max_size=3)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)


def bodies(schema):
    """Dicts over the schema's own fields (the interesting cases) plus a stranger now and then."""
    names = sorted(schema().load_fields) + ["extra", "Record"]
    value = json_values | st.lists(st.dictionaries(st.text(max_size=2), scalars, max_size=2) | st.text(max_size=2)
                                   | st.none(), max_size=3)
    return st.dictionaries(st.sampled_from(names), value, max_size=len(names))


def outcome_of_marshmallow(schema, data):
    try:
        return schema().load(data)
    except ValidationError:
        return None


@pytest.mark.parametrize("schema", ENVELOPES, ids=lambda s: s.__name__)
def test_every_envelope_has_a_fast_check(schema):
    assert checker(schema) is not None


@pytest.mark.parametrize("schema", ENVELOPES, ids=lambda s: s.__name__)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fast_check_and_marshmallow_agree(schema, data):
    body = data.draw(bodies(schema))
    assert checker(schema)(body) == outcome_of_marshmallow(schema, body)


@pytest.mark.parametrize("schema", ENVELOPES, ids=lambda s: s.__name__)
def test_the_usual_bodies_take_the_fast_path(schema):
    usual = {rq.RecordRequest: {"record": {}}, rq.MoveRequest: {"record": {}, "move": {}},
             rq.ViewRequest: {"record_token": "t", "seat": 1}, rq.TokenRequest: {"record_token": "t"},
             rq.DealRequest: {"seed": "s"}, rq.MatchReplayRequest: {"hands": [{}]}}[schema]
    assert checker(schema)(usual) == schema().load(usual)


def test_a_schema_it_does_not_know_gets_no_fast_check():
    assert checker(calculator_schema("buck-euchre", "score")) is None
