"""The body's edge against a parser: the depth scanner on random JSON with every kind of escape, and
numbers in every spelling against JSON Schema's notion of an integer (issue 11)."""

import gc
import json

import jsonschema
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.http.limits import _depth, _ints, integral_floats, json_depth_exceeds, marks, numbers, shape
from service.rules import jsonscan
from service.rules.errors import InvalidRecord

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
        deep = depth(orjson.loads(raw)) > limit
        assert json_depth_exceeds(raw, limit) == deep, raw
        assert bool(jsonscan.scan(raw, limit) & jsonscan.TOO_DEEP) == deep, raw  # the compiled core's one pass
        assert shape(raw, limit)[0] == deep


def test_a_depth_limit_beyond_a_c_integer_is_no_limit_on_either_build():
    raw = b'{"a": [[[[1.5]]]]}'
    for limit in (2 ** 63, 10 ** 30):
        assert shape(raw, limit)[0] is False
        assert json_depth_exceeds(raw, limit) is False


@settings(max_examples=200, deadline=None)
@given(TEXT, TEXT, st.integers(33, 300))
def test_a_deep_value_beside_any_string_is_found(before, after, deep):
    for wrapped in ({"a": before, "seat": [[]], "b": after}, {"a": before, "b": after}):
        raw = orjson.dumps(wrapped).replace(b"[[]]", b"[" * deep + b"]" * deep)
        assert json_depth_exceeds(raw, 32) == ("seat" in wrapped)
        assert bool(jsonscan.scan(raw, 32) & jsonscan.TOO_DEEP) == ("seat" in wrapped)


# nests of arrays only, some wrapped in long chains: every shape the scanner measures after its passes
NESTS = st.recursive(st.just([]), lambda inner: st.lists(inner, min_size=1, max_size=3)
                     | st.tuples(inner, st.integers(1, 12)).map(lambda pair: _wrapped(*pair)), max_leaves=30)


def _wrapped(value, times: int):
    for _ in range(times):
        value = [value]
    return value


@settings(max_examples=300, deadline=None)
@given(NESTS, st.integers(0, 40))
def test_deep_nests_are_measured_exactly(value, limit):
    raw = orjson.dumps({"x": value})
    assert json_depth_exceeds(raw, limit) == (depth({"x": value}) > limit), raw
    assert bool(jsonscan.scan(raw, limit) & jsonscan.TOO_DEEP) == (depth({"x": value}) > limit), raw


@settings(max_examples=300, deadline=None)
@given(st.lists(NESTS, min_size=1, max_size=4))
def test_the_running_sum_by_runs_and_by_brackets_agree(values):
    """``_depth`` counts per run when runs are long and per bracket otherwise: both ways, one depth."""
    text = orjson.dumps(values).replace(b",", b"").translate(bytes.maketrans(b"[]", b"()"))
    assert _depth(text) == depth(values)
    short = b"()" + text  # one more short run: the other way of counting for the same depth
    assert _depth(short * 8) == depth(values)


def test_both_ways_of_counting():
    assert _depth(b"(" * 50 + b")" * 50) == 50  # two runs: counted per run
    assert _depth(b"()" * 50) == 1  # a hundred runs of one: counted per bracket
    assert _depth(b"") == 0


# --- integral floats (issue 11, item 6), exponents included, and integers no client can hold ---
SAFE = 2 ** 53 - 1
NUMBERS = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1)
                       | st.integers(-SAFE, SAFE) | st.floats(-2.0**60, 2.0**60, allow_nan=False) | TEXT,
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
                       max_leaves=20)
INTEGER = jsonschema.Draft202012Validator({"type": "integer"})


def _number(value, style: int) -> str:
    """One number in one of the spellings JSON allows: plain, with a point, an exponent, both."""
    if type(value) is int:
        return [str(value), f"{value}e0", f"{value * 10}e-1", f"{value}.000", f"{value}.0E+0"][style]
    return [repr(value), format(value, ".17e"), format(value, ".17E"), repr(value), format(value, ".3e")][style]


def written(value, style: int) -> bytes:
    """``value`` as JSON text with every number spelt the ``style`` way (strings as orjson writes them)."""
    def text(v):
        if type(v) in (int, float):
            return _number(v, style)
        if isinstance(v, list):
            return "[" + ", ".join(map(text, v)) + "]"
        if isinstance(v, dict):
            return "{" + ",".join(orjson.dumps(k).decode() + ":" + text(x) for k, x in v.items()) + "}"
        return orjson.dumps(v).decode()
    return text(value).encode()


def _walked(data):
    """The whole walk, whatever the scan says."""
    huge = []
    out = _ints(data, huge)
    if huge:
        raise InvalidRecord("number_out_of_range", "")
    return out


def _scanned(raw, data, flagged: bool):
    data, too_big = numbers(raw, data, flagged)
    if too_big is not None:
        raise too_big
    return data


def outcome(convert, data):
    try:
        return convert(data)
    except InvalidRecord as exc:
        return exc.reason


def leaves(parsed, converted):
    """The numbers of a parsed body beside what the conversion made of them."""
    if isinstance(parsed, list):
        for p, c in zip(parsed, converted):
            yield from leaves(p, c)
    elif isinstance(parsed, dict):
        for k in parsed:
            yield from leaves(parsed[k], converted[k])
    elif type(parsed) in (int, float):
        yield parsed, converted


@settings(max_examples=150, deadline=None)
@given(NUMBERS)
def test_integral_floats_are_the_integers_json_schema_says_they_are(value):
    # the cheap scan never misses a number the walk would change (or refuse), in any spelling;
    # and a number becomes an int exactly when JSON Schema calls it an integer (and a client can
    # hold it exactly), ints beyond that are refused
    for raw in [*spellings({"v": value}), *(written({"v": value}, k) for k in range(5))]:
        try:
            parsed = orjson.loads(raw)
        except orjson.JSONDecodeError:  # a spelling past a double's range (1e400)
            continue
        got = outcome(lambda d: integral_floats(raw, d), parsed)
        assert got == outcome(lambda d: _walked(d), orjson.loads(raw)), raw
        # the compiled core's glance (one pass): a number to look at is never missed
        flagged = bool(jsonscan.scan(raw, 64) & jsonscan.NUMBERS)
        assert outcome(lambda d: _scanned(raw, d, flagged), orjson.loads(raw)) == got, raw
        if got == "number_out_of_range":
            assert any(type(v) is int and abs(v) > SAFE for v, _ in leaves(parsed, parsed))
            continue
        for before, after in leaves(parsed, got):
            assert (type(after) is int) == (INTEGER.is_valid(before) and abs(before) <= SAFE), (raw, before)
            assert after == before


@settings(max_examples=300, deadline=None)
@given(NUMBERS, st.integers(0, 6))
def test_both_builds_read_a_body_alike(value, limit):
    """``shape`` as the compiled core reads a body (one C loop) and as the pure core does (its
    scans): the same depth verdict, and numbers converted or refused alike after either glance."""
    for raw in [*spellings({"v": value}), *(written({"v": value}, k) for k in range(5))]:
        try:
            orjson.loads(raw)
        except orjson.JSONDecodeError:
            continue
        marked = marks(raw)
        assert shape(raw, limit)[0] == json_depth_exceeds(raw, limit, marked)
        flagged = bool(jsonscan.scan(raw, 64) & jsonscan.NUMBERS)
        assert outcome(lambda d: _scanned(raw, d, flagged), orjson.loads(raw)) == \
            outcome(lambda d: _scanned(raw, d, marked), orjson.loads(raw)), raw


def test_a_long_run_of_digits_or_a_point_outside_strings_is_flagged_and_nothing_inside_them():
    flagged = [b'{"n": 1.5}', b'{"n": 1e3}', b'{"n": [2E-1]}', b'{"n": 9007199254740993}', b'[-0.0]']
    for raw in flagged:
        assert jsonscan.scan(raw, 32) == jsonscan.NUMBERS, raw
    for raw in [b'{"s": "1.5", "t": "12345678901234567", "u": "a\\"1e5\\""}', b'[true, false, null, 12]',
                b'{"e": 1, "E": [2, 3]}']:
        assert jsonscan.scan(raw, 32) == 0, raw
    assert jsonscan.scan(b'[' * 33 + b']' * 33, 32) & jsonscan.TOO_DEEP
    assert not jsonscan.scan(b'[' * 32 + b']' * 32, 32)


def test_integral_floats_become_integers_and_nothing_else_changes():
    raw = (b'{"a": 3.0, "b": [1.0e0, 2.5, "3.0", {"c": -0.0}], "d": 1e300, "e": true, "s": "x1.0",'
           b' "f": 3e0, "g": 30e-1, "h": 3E+0, "i": -2e1, "j": 2.5e0, "k": 1e-1}')
    out = integral_floats(raw, orjson.loads(raw))
    assert out == {"a": 3, "b": [1, 2.5, "3.0", {"c": 0}], "d": 1e300, "e": True, "s": "x1.0",
                   "f": 3, "g": 3, "h": 3, "i": -20, "j": 2.5, "k": 0.1}
    assert [type(out[k]) for k in "afghi"] == [int] * 5 and type(out["d"]) is float
    for raw in (b'{"seed": "hostile-0.25", "t": "AbC3e_9", "n": 3}',  # points and exponents inside strings
                b'{"seed": "hostile-0.3714285714285714", "n": [1, 2]}'):  # and a long run of digits
        data = orjson.loads(raw)
        assert integral_floats(raw, data) is data  # not walked
        assert not jsonscan.scan(raw, 32)  # nor flagged by the compiled core's scan


@pytest.mark.parametrize("raw", [b'{"chips": [9007199254740992]}', b'{"a": {"b": [-9007199254740992]}}',
                                 b'{"x": 18446744073709551615}'])
def test_an_integer_no_client_can_hold_is_refused(raw):
    with pytest.raises(InvalidRecord) as refused:
        integral_floats(raw, orjson.loads(raw))
    assert refused.value.reason == "number_out_of_range"
    ok = b'{"chips": [9007199254740991, -9007199254740991]}'
    assert integral_floats(ok, orjson.loads(ok)) == orjson.loads(ok)


# --- the collector waits while a body is parsed and answered ---
def _collections_during(client, path: str, raw: bytes) -> tuple[int, object]:
    seen = []

    def count(phase, info):
        if phase == "start":
            seen.append(info["generation"])
    gc.callbacks.append(count)
    try:
        resp = client.post(path, data=raw, content_type="application/json")
    finally:
        gc.callbacks.remove(count)
    return len(seen), resp


@pytest.mark.parametrize("path", ["/v1/games/sixes/moves", "/v1/games/buck-euchre/matches/replay"])
def test_a_flood_of_arrays_is_parsed_without_collections(client, path):
    """21,000 ``[]`` once made the collector run at every few hundred, each run walking all built
    so far; now it waits for the answer (counted, not timed). It is on again afterwards."""
    raw = b'{"record": {"x": [' + b",".join([b"[]"] * 21_000) + b']}, "move": {}}'
    assert gc.isenabled()
    collections, resp = _collections_during(client, path, raw)
    assert resp.status_code in (400, 422) and gc.isenabled()
    assert collections <= 2, collections
    seen = []  # the same parse with the collector on: the count above is not vacuous
    gc.callbacks.append(lambda phase, info: seen.append(phase == "start"))
    try:
        orjson.loads(raw)
    finally:
        gc.callbacks.pop()
    assert sum(seen) > 10


def test_the_collector_is_on_after_every_kind_of_answer(client):
    for path, raw in (("/v1/games/sixes/state", b"{"), ("/v1/games/sixes/state", b"[]"),
                      ("/v1/games/sixes/state", b"{}"), ("/v1/games/nope/state", b"{}"),
                      ("/v1/games/sixes/state", b'{"record": {"x": 1}}'), ("/healthz", b"")):
        client.post(path, data=raw, content_type="application/json")
        assert gc.isenabled(), path
