"""A tournament's body parsed a piece at a time, its numbers walked and its shape checked with pauses
(issue 30, "No request holds a worker"): the very answers of the whole parse and the whole check,
refusals included, and each step's work bounded (bytes per parse, items per check), counted.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from array import array
from pathlib import Path

import orjson
import pytest
from marshmallow import ValidationError

from schemas.tournaments import load_event
from service.http import pieces
from service.http import tournaments as tournaments_api
from service.http.limits import numbers
from service.rules import jsonscan

from .test_tournaments import EXAMPLES
from .tournament_events import duplicate_event


def _pure_jsonscan():
    """``service.rules.jsonscan`` from its source, whichever build runs (the compiled one must agree)."""
    path = Path(jsonscan.__file__).with_name("jsonscan.py")
    spec = importlib.util.spec_from_file_location("service.rules._jsonscan_source", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _value(r: random.Random, depth: int = 0):
    roll = r.random()
    if depth > 4 or roll < 0.3:
        return r.choice([0, -7, 2.5, 3.0, 1e300, 2 ** 60, "", "a\"b\\c[{", "]},:", "é☃", None, True, False])
    if roll < 0.65:
        return [_value(r, depth + 1) for _ in range(r.randint(0, 5))]
    return {r.choice(["a", "b", "[", "}"]): _value(r, depth + 1) for _ in range(r.randint(0, 5))}


def _spoiled(raw: bytes, r: random.Random) -> bytes:
    """A body one edit away: often invalid JSON, sometimes another valid one."""
    if not raw:
        return raw
    at = r.randrange(len(raw))
    edit = r.choice([b"", b",", b"]", b"}", b"[", b"{", b'"', b"\\", b":", b"1", b" ", b"\xff", b"[]", b"{}"])
    return raw[:at] + edit + raw[at + r.choice([0, 1]):]


def _outcome(parse, raw):
    try:
        return "value", parse(raw)
    except orjson.JSONDecodeError as exc:
        return "error", str(exc)


def _same(a, b) -> bool:
    """Equal and in the same order (dict order is what the answer's bytes would show)."""
    return a == b and json.dumps(a, default=str) == json.dumps(b, default=str)


def test_random_bodies_give_the_whole_parses_value_or_its_very_error():
    r = random.Random(30)
    assembled = 0
    for i in range(1500):
        raw = json.dumps(_value(r), indent=r.choice([None, 1]), ensure_ascii=r.random() < 0.5).encode()
        if i % 5 == 0:
            raw = raw.replace(b'"b"', b'"a"')  # duplicate keys: the last value, at the first one's place
        if i % 3 == 0:
            raw = _spoiled(raw, r)
        want = _outcome(orjson.loads, raw)
        for piece in (2, 8, 40):
            runs = pieces.find(raw, lambda: None, piece, 3 * piece, 7)
            got = _outcome(lambda b: pieces.pieced(b, lambda: None, runs), raw)
            assert _same(got, want), (raw, piece, runs, got, want)
            if want[0] == "value" and runs:
                assert _same(pieces.assemble(raw, runs, lambda: None), want[1])  # no whole parse needed
                assembled += 1
    assert assembled > 500


def test_the_compiled_pass_finds_what_its_source_finds():
    source = _pure_jsonscan()
    r = random.Random(31)
    for _ in range(300):
        raw = _spoiled(json.dumps(_value(r)).encode(), r)
        for scan in (3, 50, 10 ** 6):
            found = []
            for module in (jsonscan, source):
                stack, runs, state = array("q", bytes(8 * 64)), [], 0
                for begin in range(0, len(raw), scan):
                    state = module.pieces(raw, begin, begin + scan, 10, 30, stack, runs, state)
                found.append((list(stack), runs, state))
            assert found[0] == found[1], raw


@pytest.mark.parametrize("raw", [
    b'{"a": {"b": 1}, {"c": 2}}',  # a run of two where one member stands
    b'{{"b": 1}: 2, "x": [[1], [2]]}',  # a value where a key stands
    b'[{"a": 1},, {"b": 2}]', b'[{"a": 1} {"b": 2}]', b'[{"a": 1}, {"b": 2},]', b'[{"a": 1}]]', b'[[{"a": 1}]',
    b'{"x": [{"a": "\\u0000"}, {"b": 2}]}',  # the placeholders' mark written by the client: parsed whole
    b'{"x": ["\\u00000", {"b": 2}]}'])
def test_bodies_that_only_look_like_pieces(raw):
    if b"\\u0000" not in raw:  # (``loads`` parses those whole, before anything else)
        runs = pieces.find(raw, lambda: None, 8, 64, 5)
        assert _same(_outcome(lambda b: pieces.pieced(b, lambda: None, runs), raw), _outcome(orjson.loads, raw))
    pieces.WHOLE_BYTES, saved = 0, pieces.WHOLE_BYTES
    try:
        assert _same(_outcome(lambda b: pieces.loads(b, lambda: None), raw), _outcome(orjson.loads, raw))
    finally:
        pieces.WHOLE_BYTES = saved


def test_an_events_records_are_parsed_a_run_at_a_time(monkeypatch):
    event = duplicate_event("buck-euchre", boards=20, tables=6)
    raw = orjson.dumps(event)
    parsed, calls = [], []
    real = orjson.loads
    monkeypatch.setattr(pieces, "orjson", type("spy", (), {
        "loads": staticmethod(lambda b: parsed.append(len(b)) or real(b)), "JSONDecodeError": orjson.JSONDecodeError}))
    monkeypatch.setattr(pieces, "WHOLE_BYTES", 0)
    monkeypatch.setattr(pieces, "PIECE_BYTES", 4 * 1024)  # a record is ~1 KB, a table of them ~20 KB
    monkeypatch.setattr(pieces, "RUN_BYTES", 8 * 1024)
    monkeypatch.setattr(pieces, "SCAN_BYTES", 16 * 1024)
    value = pieces.loads(raw, lambda: calls.append(1))
    if not jsonscan.compiled:  # the pure core parses whole (no C pass to find the pieces)
        assert value == event and parsed == [len(raw)]
        return
    assert _same(value, event)
    skeleton = parsed.pop()
    assert max(parsed) <= 8 * 1024 + 2 and skeleton < len(raw) // 20  # the records went in runs
    assert sum(parsed) + skeleton > len(raw)  # every byte parsed once (plus brackets and placeholders)
    assert len(calls) >= len(parsed) + len(raw) // (16 * 1024)  # a pause after each run and each slice of the pass


def test_a_pause_after_each_entrant_board_round_and_table_changes_no_answer_nor_refusal():
    event = {k: v for k, v in duplicate_event("buck-euchre", boards=6, tables=4, rounds=2).items() if k != "game"}
    calls = []
    assert _same(load_event(copy.deepcopy(event), lambda: calls.append(1)), load_event(copy.deepcopy(event)))
    tables = sum(len(r["tables"]) for r in event["rounds"])
    assert len(calls) == len(event["entrants"]) + len(event["boards"]) + len(event["rounds"]) + tables
    r = random.Random(32)
    bodies = [copy.deepcopy(e["input"]) for e in EXAMPLES.values()] + [event]
    wrong = [None, 1, 2.5, "x", [], {}, [1], [{}], {"x": 1}, True]
    compared = 0
    for _ in range(400):
        body = copy.deepcopy(r.choice(bodies))
        body.pop("game", None)
        node = body
        for _ in range(r.randint(0, 4)):  # somewhere down the event
            keys = list(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = r.choice(keys)
            if not isinstance(node[key], (dict, list)) or r.random() < 0.3:
                node[key] = r.choice(wrong)
                break
            node = node[key]
        else:
            if isinstance(node, dict):
                node[r.choice(["zz", "name", "seats", "hands", "dealer", "boards"])] = r.choice(wrong)
        outcomes = []
        for pause in (None, lambda: None):
            try:
                outcomes.append(("ok", load_event(copy.deepcopy(body), pause)))
            except ValidationError as exc:
                outcomes.append(("refused", exc.normalized_messages()))
        assert _same(*outcomes), outcomes
        compared += outcomes[0][0] == "refused"
    assert compared > 200


def test_a_walk_for_numbers_pauses_at_each_container_and_converts_the_same():
    event = duplicate_event("buck-euchre", boards=4, tables=3)
    raw = orjson.dumps(event).replace(b'"dealer":1', b'"dealer":1.0', 1).replace(b'"seats"', b'"n":1e300,"seats"', 1)
    calls = []
    plain = numbers(raw, orjson.loads(raw))
    paused = numbers(raw, orjson.loads(raw), None, lambda: calls.append(1))
    assert _same(plain[0], paused[0]) and plain[1] is None is paused[1]
    assert len(calls) > 3 * 4 * 20  # every record's containers, and more


def _answers(client, bodies):
    out = []
    for game, raw in bodies:
        resp = client.post(f"/v1/games/{game}/tournaments/score", data=raw,
                           headers={"Content-Type": "application/json", "Accept": "application/json"})
        out.append((resp.status_code, resp.mimetype, resp.data))
    return out


def test_the_endpoint_answers_byte_for_byte_as_with_the_whole_parse_and_check(client, monkeypatch):
    """Every example event and hundreds of spoiled ones (bytes edited, fields of the wrong type, floods,
    integral floats, huge numbers): the answers with pieces of a few bytes and a pause at every step
    are the whole parse's, byte for byte."""
    r = random.Random(33)
    bodies = []
    for e in EXAMPLES.values():
        game = e["request"].split("/")[3]
        body = {k: v for k, v in e["input"].items() if k != "game"}
        raw = orjson.dumps(body, option=orjson.OPT_INDENT_2 if r.random() < 0.5 else 0)
        bodies.append((game, raw))
        bodies.append((game, raw.replace(b'"dealer":0', b'"dealer":0.0').replace(b'"dealer": 0', b'"dealer": 0e1')))
        bodies.append((game, raw.replace(b'"seats"', b'"x":[{"y":9007199254740993}],"seats"', 1)))
        bodies.append((game, raw.replace(b'"seats"', b'"seats":{"a":[1]},"seats"', 1)))
        for _ in range(25):
            bodies.append((game, _spoiled(raw, r)))
    before = _answers(client, bodies)
    pauses = []
    monkeypatch.setattr(tournaments_api, "cooperative", lambda: lambda: pauses.append(1))
    for name, value in (("WHOLE_BYTES", 0), ("PIECE_BYTES", 40), ("RUN_BYTES", 200), ("SCAN_BYTES", 64)):
        monkeypatch.setattr(pieces, name, value)
    assembled, real = [], pieces.assemble
    monkeypatch.setattr(pieces, "assemble", lambda *a: assembled.append(real(*a)) or assembled[-1])
    after = _answers(client, bodies)
    assert [a == b for a, b in zip(after, before)] == [True] * len(bodies), next(
        (bodies[i], a, b) for i, (a, b) in enumerate(zip(after, before)) if a != b)
    assert len({status for status, _, _ in before}) >= 3 and len(pauses) > len(bodies)
    assert len(assembled) >= (len(EXAMPLES) if jsonscan.compiled else 0)  # in pieces, not parsed whole


def test_an_answer_is_written_a_slice_at_a_time_as_orjson_writes_it_whole(monkeypatch):
    r = random.Random(34)
    monkeypatch.setattr(pieces, "DUMP_ITEMS", 3)
    for _ in range(300):
        value = {"a": [_value(r) for _ in range(r.randint(0, 12))], "b": _value(r), "é\"": {"c": list(range(7))}}
        calls = []
        assert pieces.dumps(value, lambda: calls.append(1)) == orjson.dumps(value)
        assert len(calls) >= len(value["a"]) // 3


def test_the_depth_scan_read_in_slices_answers_as_in_one_pass():
    """``jsonscan.scan_part`` from the state the slice before left: ``scan``'s flags, whatever the cut
    (inside a string, after a backslash, in a run of digits, with more closing brackets than opening)."""
    r = random.Random(35)
    for _ in range(400):
        raw = _spoiled(json.dumps(_value(r), indent=r.choice([None, 1])).encode(), r)
        if r.random() < 0.2:
            raw = b"]" * r.randint(1, 3) + raw + b"[" * r.randint(0, 40)
        for limit in (0, 2, 5, 32):
            whole = jsonscan.scan(raw, limit)
            for size in (1, 3, 17):
                state = 0
                for begin in range(0, len(raw), size):
                    state = jsonscan.scan_part(raw, begin, begin + size, limit, state)
                    if state & jsonscan.TOO_DEEP:
                        break
                assert state & 3 == whole, (raw, limit, size)


def test_a_large_bodys_depth_scan_pauses(monkeypatch):
    from service.http import limits
    raw = orjson.dumps(duplicate_event("buck-euchre", boards=4, tables=3))
    monkeypatch.setattr(limits, "SCAN_SLICE", 1000)
    calls = []
    assert limits.shape(raw, 32, lambda: calls.append(1)) == limits.shape(raw, 32)
    assert len(calls) == (-(-len(raw) // 1000) if jsonscan.compiled else 0)
    deep = raw[:-1] + b',"x":' + b"[" * 40 + b"]" * 40 + b"}"
    assert limits.shape(deep, 32, lambda: None)[0] and limits.shape(deep, 32)[0]
