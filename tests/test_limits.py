"""The depth scanner against a parser: random JSON, strings with every kind of escape (issue 11)."""

import json

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from service.limits import json_depth_exceeds

# strings full of what confuses a scanner: quotes, backslashes, brackets, control characters
TEXT = st.text(alphabet=st.sampled_from('"\\[]{}\n\t/ua0\x00\x1f\u2028é😀'), max_size=12)
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | TEXT,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                    max_leaves=40)


def depth(value) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


def spellings(value):
    """The same value as orjson writes it, and as json writes it with every non-ASCII escaped."""
    yield orjson.dumps(value)
    yield json.dumps(value, ensure_ascii=True).encode()
    yield json.dumps(value, ensure_ascii=False, indent=1).encode()


@settings(max_examples=400, deadline=None)
@given(JSON, st.integers(0, 6))
def test_the_scanner_agrees_with_a_parser(value, limit):
    for raw in spellings(value):
        assert json_depth_exceeds(raw, limit) == (depth(orjson.loads(raw)) > limit), raw


@settings(max_examples=200, deadline=None)
@given(TEXT, TEXT, st.integers(33, 300))
def test_a_deep_value_beside_any_string_is_found(before, after, deep):
    for wrapped in ({"a": before, "seat": [[]], "b": after}, {"a": before, "b": after}):
        raw = orjson.dumps(wrapped).replace(b"[[]]", b"[" * deep + b"]" * deep)
        assert json_depth_exceeds(raw, 32) == ("seat" in wrapped)


# --- integral floats (issue 11, item 6) ---
NUMBERS = st.recursive(st.none() | st.integers(-2**63, 2**63 - 1) | st.floats(-2.0**53, 2.0**53) | TEXT,
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                       max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(NUMBERS)
def test_every_integral_float_a_json_library_writes_is_converted(value):
    from service.limits import _ints, integral_floats
    for raw in spellings({"v": value}):
        assert integral_floats(raw, orjson.loads(raw)) == _ints(orjson.loads(raw)), raw


def test_integral_floats_become_integers_and_nothing_else_changes():
    from service.limits import integral_floats
    raw = b'{"a": 3.0, "b": [1.0e0, 2.5, "3.0", {"c": -0.0}], "d": 1e300, "e": true, "s": "x1.0"}'
    out = integral_floats(raw, orjson.loads(raw))
    assert out == {"a": 3, "b": [1, 2.5, "3.0", {"c": 0}], "d": 1e300, "e": True, "s": "x1.0"}
    assert type(out["a"]) is int and type(out["b"][0]) is int and type(out["d"]) is float
    raw = b'{"seed": "hostile-0.25", "t": "AbC3e_9", "n": 3}'  # a point inside a string: no walk
    data = orjson.loads(raw)
    assert integral_floats(raw, data) is data
