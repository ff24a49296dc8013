"""Sealed records: tokens that open only unaltered, with a key of ours, for their own game."""

from __future__ import annotations

import base64
import hashlib
import random

import pytest

from service import create_app
from service.rules.games import GAMES
from service.http.tokens import InvalidToken, Keyring, BadKey, new_key, parse_keys, seed_commitment

from .contract import call, spec
from .keys import KEY_A, KEY_B, TEST_KEYS
from .positions import MODES, choose, position

G = "/v1/games"


def post(client, path, body):
    return call(client, "POST", path, json=body)


@pytest.fixture(scope="module")
def ring():
    return Keyring.from_env(TEST_KEYS)


def record_of(game_id="buck-euchre", seed="tok"):
    return GAMES[game_id].deal(seed, None, 0, None)


# --- the sealing itself ---

def test_a_token_opens_to_what_was_sealed(ring):
    record = record_of()
    token = ring.seal("buck-euchre", record)
    assert ring.open("buck-euchre", token) == (record, None)
    assert ring.open("buck-euchre", ring.seal("buck-euchre", record, 2)) == (record, 2)
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert ring.seal("buck-euchre", record) != token  # a fresh nonce each time


def test_every_altered_byte_or_character_is_refused(ring):
    token = ring.seal("sixes", record_of("sixes"))
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    for i in range(len(raw)):  # header, key id, nonce, ciphertext, tag: one bit each
        bad = bytearray(raw)
        bad[i] ^= 1 << (i % 8)
        with pytest.raises(InvalidToken):
            ring.open("sixes", base64.urlsafe_b64encode(bytes(bad)).decode().rstrip("="))
    rng = random.Random(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(200):
        i = rng.randrange(len(token))
        bad = token[:i] + rng.choice(alphabet.replace(token[i], "")) + token[i + 1:]
        with pytest.raises(InvalidToken):
            ring.open("sixes", bad)


@pytest.mark.parametrize("mangle", [
    lambda t: t[:-1], lambda t: t[:-4], lambda t: t[: len(t) // 2], lambda t: t[:20], lambda t: t[:1],
    lambda t: "", lambda t: t + "A", lambda t: t + "AAAA", lambda t: t + "==", lambda t: t.replace("-", "+"),
    lambda t: " " + t, lambda t: t + "\n", lambda t: t[::-1], lambda t: "\u00e9" + t[1:],
    lambda t: "AA" + t[2:], lambda t: t.upper(), lambda t: None, lambda t: 7, lambda t: [t],
], ids=range(19))
def test_truncated_padded_or_misshapen_tokens_are_refused(ring, mangle):
    token = ring.seal("sixes", record_of("sixes"))
    bad = mangle(token)
    if bad == token:
        pytest.skip("no change")
    with pytest.raises(InvalidToken):
        ring.open("sixes", bad)


def test_a_token_of_another_game_or_key_is_refused(ring):
    token = ring.seal("buck-euchre", record_of())
    with pytest.raises(InvalidToken):
        ring.open("sixes", token)
    with pytest.raises(InvalidToken):
        Keyring.from_env(new_key()).open("buck-euchre", token)


def test_rotation_the_first_key_seals_and_every_key_opens(ring):
    old = Keyring.from_env(KEY_B)
    token = old.seal("sixes", record_of("sixes"))
    assert ring.open("sixes", token)[0] == record_of("sixes")  # B is the second key: still opens
    new = ring.seal("sixes", record_of("sixes"))
    with pytest.raises(InvalidToken):
        old.open("sixes", new)  # sealed with A
    assert Keyring.from_env(KEY_A).open("sixes", new)[0] == record_of("sixes")
    with pytest.raises(InvalidToken):  # B retired
        Keyring.from_env(KEY_A).open("sixes", token)


@pytest.mark.parametrize("text", ["!!!", "AAAA", base64.b64encode(b"x" * 31).decode(), "a,b"])
def test_bad_keys_fail_at_start(text):
    with pytest.raises(BadKey):
        parse_keys(text)
    with pytest.raises(BadKey):
        create_app({"TOKEN_KEYS": text})


def test_keys_may_be_standard_or_url_safe_base64_with_or_without_padding():
    key = bytes(range(200, 232))
    for text in (base64.b64encode(key).decode(), base64.urlsafe_b64encode(key).decode().rstrip("=")):
        assert parse_keys(f" {text} , ") == [key]
    assert parse_keys("") == [] and not Keyring([])


def test_token_length_does_not_tell_which_cards_a_record_holds(ring):
    """Five Hundred's six-player pack has three-character names (11H): a token must not count them."""
    rng = random.Random(2)
    for i in range(40):
        hand, record = position("five-hundred", {"players": 6}, f"len-{i}", rng.random(), rng)
        masked = _mask(record, hand)
        assert len(ring.seal("five-hundred", record, 1)) == len(ring.seal("five-hundred", masked, 1))


def _mask(record, hand):
    names = {n for n in _all_strings(record["deal"])}

    def mask(v):
        if isinstance(v, str):
            return "XX" if v in names else v
        if isinstance(v, list):
            return [mask(x) for x in v]
        if isinstance(v, dict):
            return {k: mask(x) for k, x in v.items()}
        return v
    return {**record, "deal": mask(record["deal"]), "moves": [
        {k: (mask(x) if k in ("card", "cards") else x) for k, x in m.items()} for m in record["moves"]]}


def _all_strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, list):
        for x in v:
            yield from _all_strings(x)
    elif isinstance(v, dict):
        for x in v.values():
            yield from _all_strings(x)


def test_seed_commitment_is_sha256_of_the_utf8_seed():
    assert seed_commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    assert seed_commitment("ré") == hashlib.sha256("ré".encode()).hexdigest()


# --- the API ---

@pytest.mark.parametrize("game_id", sorted(MODES))
def test_a_sealed_hand_plays_out_exactly_as_the_plain_record(client, game_id):
    rng = random.Random(game_id)
    options = MODES[game_id][1]
    plain = post(client, f"{G}/{game_id}/deals", {"seed": "same", "options": options}).json
    sealed = post(client, f"{G}/{game_id}/deals", {"seed": "same", "options": options, "seal": True})
    assert sealed.status_code == 201 and set(sealed.json) == {"record_token", "seat_tokens", "seed_commitment"}
    assert sealed.json["seed_commitment"] == hashlib.sha256(b"same").hexdigest()
    n = GAMES[game_id].players(plain["options"])
    assert len(sealed.json["seat_tokens"]) == n
    token, record = sealed.json["record_token"], plain
    while True:
        st = post(client, f"{G}/{game_id}/state", {"record_token": token}).json
        assert st == post(client, f"{G}/{game_id}/state", {"record": record}).json
        assert post(client, f"{G}/{game_id}/legal-moves", {"record_token": token}).json == \
            {"seat": st["to_act"], "moves": st["legal_moves"]}
        if st["phase"] == "done":
            break
        move = choose(st["legal_moves"], rng)
        assert post(client, f"{G}/{game_id}/moves/validate", {"record_token": token, "move": move}).json["legal"]
        a = post(client, f"{G}/{game_id}/moves", {"record_token": token, "move": move}).json
        b = post(client, f"{G}/{game_id}/moves", {"record": record, "move": move}).json
        assert (a["events"], a["state"]) == (b["events"], b["state"]) and len(a["seat_tokens"]) == n
        token, record = a["record_token"], b["record"]
    opened = post(client, f"{G}/{game_id}/records/open", {"record_token": token}).json
    assert opened == record and opened["seed"] == "same"
    # the match log from tokens is the match log from records
    assert post(client, f"{G}/{game_id}/matches/replay", {"hand_tokens": [token]}).json == \
        post(client, f"{G}/{game_id}/matches/replay", {"hands": [record]}).json


def test_a_seat_token_plays_for_its_own_seat_only(client):
    d = post(client, f"{G}/buck-euchre/deals", {"seed": "seat-play", "dealer": 0, "seal": True}).json
    seat1 = d["seat_tokens"][1]
    r = post(client, f"{G}/buck-euchre/moves", {"record_token": seat1, "move": {"seat": 1, "type": "pass"}})
    assert r.status_code == 200 and set(r.json) == {"record_token", "events", "state"}
    assert r.json["state"]["legal_moves"] is None  # seat 2 acts now; seat 1 sees no listing
    r2 = post(client, f"{G}/buck-euchre/moves", {"record_token": r.json["record_token"],
                                                 "move": {"seat": 2, "type": "pass"}})
    assert r2.status_code == 403 and r2.json["code"] == "seat_forbidden"
    # the new seat token is still seat 1's
    r3 = post(client, f"{G}/buck-euchre/views", {"record_token": r.json["record_token"], "seat": 2})
    assert r3.status_code == 403
    for path, body in (("/records/open", {}), ("/matches/replay", None)):
        body = {"hand_tokens": [seat1]} if body is None else {"record_token": seat1}
        r = post(client, f"{G}/buck-euchre{path}", body)
        assert r.status_code == 403 and r.json["code"] == "seat_forbidden"


@pytest.mark.parametrize("path, extra", [
    ("/state", {}), ("/legal-moves", {}), ("/views", {"seat": 0}),
    ("/moves", {"move": {"seat": 1, "type": "pass"}}), ("/moves/validate", {"move": {"seat": 1, "type": "pass"}}),
    ("/records/open", {}),
])
@pytest.mark.parametrize("token", ["x", "A" * 40, "not base64!", "other-game", "other-key", "tampered"])
def test_every_record_endpoint_refuses_a_bad_token_with_a_422_problem(client, ring, path, extra, token):
    good = ring.seal("buck-euchre", record_of())
    token = {"other-game": ring.seal("sixes", record_of("sixes")),
             "other-key": Keyring.from_env(new_key()).seal("buck-euchre", record_of()),
             "tampered": good[:30] + ("A" if good[30] != "A" else "B") + good[31:]}.get(token, token)
    r = client.post(f"{G}/buck-euchre{path}", json={"record_token": token, **extra})
    assert r.status_code == 422 and r.json["code"] == "invalid_token", r.json
    assert r.mimetype == "application/problem+json"
    # hands are judged in order, each token opened when its hand is reached (issue 11)
    r = client.post(f"{G}/buck-euchre/matches/replay", json={"hand_tokens": [token, good]})
    assert r.status_code == 422 and r.json["code"] == "invalid_token"


@pytest.mark.parametrize("body", [
    {"record_token": 5}, {"record_token": None}, {"record_token": ["x"]},
    {"record": record_of(), "record_token": "x"}, {},
])
def test_record_and_token_shape_errors_are_400(client, body):
    r = client.post(f"{G}/buck-euchre/state", json=body)
    assert r.status_code == 400 and r.json["code"] == "invalid_request"


@pytest.mark.parametrize("body", [{"seal": 1}, {"seal": "true"}, {"seal": None}])
def test_seal_must_be_a_boolean(client, body):
    r = client.post(f"{G}/sixes/deals", json=body)
    assert r.status_code == 400 and r.json["code"] == "invalid_request"


def test_without_keys_sealing_is_unavailable_and_plain_records_work(monkeypatch):
    monkeypatch.delenv("REFEREE_TOKEN_KEYS", raising=False)
    client = create_app({"TESTING": True}).test_client()
    for path, body in (("/deals", {"seal": True}), ("/state", {"record_token": "abc"})):
        r = client.post(f"{G}/sixes{path}", json=body)  # documented; contract.call refuses any 5xx
        assert r.status_code == 503 and r.json["code"] == "sealing_unavailable"
        assert r.mimetype == "application/problem+json"
        assert "503" in spec()["paths"][f"{G}/sixes{path}"]["post"]["responses"]
    assert call(client, "POST", f"{G}/sixes/deals", json={"seed": "k"}).status_code == 201


def test_keys_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("REFEREE_TOKEN_KEYS", KEY_B)
    token = create_app().extensions["referee_keyring"].seal("sixes", record_of("sixes"))
    assert Keyring.from_env(KEY_B).open("sixes", token)[0] == record_of("sixes")


def test_a_sealed_deal_can_be_verified_after_the_reveal(client):
    """DESIGN.md's published shuffle: the revealed seed matches the commitment and re-deals the hand."""
    d = post(client, f"{G}/five-hundred/deals", {"seal": True, "dealer": 2}).json
    revealed = post(client, f"{G}/five-hundred/records/open", {"record_token": d["record_token"]}).json
    assert hashlib.sha256(revealed["seed"].encode()).hexdigest() == d["seed_commitment"]
    again = post(client, f"{G}/five-hundred/deals", {"seed": revealed["seed"], "dealer": 2}).json
    assert again["deal"] == revealed["deal"]


def test_the_verification_code_in_trust_md_is_the_services_shuffle():
    """docs/TRUST.md's shuffle, written from the published algorithm alone, deals what the service deals."""
    from pathlib import Path

    from service.rules.shuffle import shuffled
    text = (Path(__file__).resolve().parent.parent / "docs" / "TRUST.md").read_text()
    block = next(b.split("\n", 1)[1] for b in text.split("```python")[1:] if "def shuffled" in b).split("```")[0]
    scope: dict = {}
    exec(block, scope)  # noqa: S102 — our own document
    for seed in ("", "a", "table-7", "ré", "x" * 100):
        for deck in (list(range(52)), list(range(24)), list(range(63))):
            assert scope["shuffled"](deck, seed) == shuffled(deck, seed)


# --- expiry (issue 11, item 9) ---
def test_a_token_expires_after_its_ttl_and_says_so(app):
    from service.http.tokens import DEFAULT_TTL, ExpiredToken
    now = [1_000_000.0]
    ring = Keyring(parse_keys(TEST_KEYS), ttl=60, clock=lambda: now[0])
    token = ring.seal("sixes", record_of("sixes"))
    now[0] += 60
    assert ring.open("sixes", token)[0] == record_of("sixes")
    now[0] += 1
    with pytest.raises(ExpiredToken):
        ring.open("sixes", token)
    never = Keyring(parse_keys(TEST_KEYS), ttl=0, clock=lambda: now[0])
    token = never.seal("sixes", record_of("sixes"))
    now[0] += 10 ** 9
    assert never.open("sixes", token)[0] == record_of("sixes")
    assert app.extensions["referee_keyring"].ttl == DEFAULT_TTL == 7 * 24 * 3600


def test_an_expired_token_is_a_422_token_expired(app, monkeypatch):
    ring = app.extensions["referee_keyring"]
    token = ring.seal("sixes", record_of("sixes"))
    later = ring._clock() + ring.ttl + 1
    monkeypatch.setattr(ring, "_clock", lambda: later)
    r = app.test_client().post(f"{G}/sixes/state", json={"record_token": token})
    assert r.status_code == 422 and r.json["code"] == "token_expired", r.json
