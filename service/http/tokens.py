"""Sealed records: a record (and optionally the seat it was issued to) encrypted and authenticated.

The service keeps nothing between requests, so a client that must not read or alter a record carries
it as an opaque token instead (docs/TRUST.md). One AEAD operation seals or opens a token:

    token = base64url_nopad(VERSION || key_id || nonce || AESGCM(key, nonce, payload, aad))
    aad   = VERSION || key_id || utf8(game id)
    key_id = SHA-256(key)[:4]

Binding the game id as associated data makes a token of another game fail authentication like a
forged one. The key id picks the key without trial decryption, so rotation (several keys accepted,
the first one seals) costs nothing per request. Every failure is one ``InvalidToken``: the caller
learns only that the token is not valid, never why.

A token expires: the sealed payload carries ``exp`` (Unix seconds; ``REFEREE_TOKEN_TTL`` after
sealing, 7 days by default, 0 for never), and a token opened after it is ``ExpiredToken``. The time
is inside the authenticated bytes, so it cannot be changed, and it is checked only after the token
has authenticated, so saying "expired" tells nothing a forger could use. A token sealed without
``exp`` (before expiry existed) does not expire; retire those by rotating the key.

Every card a token carries is written three characters wide, so a token's length never tells which
cards a record holds (Five Hundred's six-player pack names ``11H`` with three characters, the
others ``TH`` with two; a discard's length would otherwise leak its ranks).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import time

import orjson
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

VERSION = b"\x01"
KEY_ENV = "REFEREE_TOKEN_KEYS"
TTL_ENV = "REFEREE_TOKEN_TTL"
DEFAULT_TTL = 7 * 24 * 3600  # a table's hand and a match's replay at its end fit; 0: tokens never expire
KEY_ID_BYTES = 4
NONCE_BYTES = 12
TAG_BYTES = 16
PAD = "~"  # prefixed to every two-character string of the deal and the moves
_HEADER = len(VERSION) + KEY_ID_BYTES + NONCE_BYTES
MAX_TOKEN_CHARS = 4 * 1024 * 1024  # a token is never longer than a body may be; checked before decoding


_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")


def _encode(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


class InvalidToken(Exception):
    """The token was altered, truncated, sealed with an unknown key or for another game."""


class ExpiredToken(InvalidToken):
    """An authentic token opened after its ``exp``."""


class BadKey(ValueError):
    """A key in the configuration is not a base64 AES key."""


def parse_keys(text: str | None) -> list[bytes]:
    """``REFEREE_TOKEN_KEYS``: comma-separated base64 (standard or URL-safe) 16-, 24- or 32-byte keys."""
    keys = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            key = base64.urlsafe_b64decode(part.replace("+", "-").replace("/", "_") + "=" * (-len(part) % 4))
        except (binascii.Error, ValueError):
            raise BadKey(f"{KEY_ENV}: a key is not base64") from None
        if len(key) not in (16, 24, 32):
            raise BadKey(f"{KEY_ENV}: a key must be 16, 24 or 32 bytes, not {len(key)}")
        keys.append(key)
    return keys


def new_key() -> str:
    """A fresh 256-bit key, written as ``REFEREE_TOKEN_KEYS`` takes it."""
    return base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")


def seed_commitment(seed: str) -> str:
    """Hex SHA-256 of the seed's UTF-8 bytes: published at the deal, checked when the seed is revealed."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def _widen(value):
    """Every two-character string three wide, so that card names all have one length."""
    if type(value) is str:
        return PAD + value if len(value) == 2 else value
    if type(value) is list:
        return [_widen(v) for v in value]
    if type(value) is dict:
        return {k: _widen(v) for k, v in value.items()}
    return value


def _narrow(value):
    if type(value) is str:
        return value[1:] if len(value) == 3 and value[0] == PAD else value
    if type(value) is list:
        return [_narrow(v) for v in value]
    if type(value) is dict:
        return {k: _narrow(v) for k, v in value.items()}
    return value


class Keyring:
    """The configured keys: the first seals, every one opens."""

    def __init__(self, keys: list[bytes], ttl: int = DEFAULT_TTL, clock=time.time):
        self._ciphers = {hashlib.sha256(k).digest()[:KEY_ID_BYTES]: AESGCM(k) for k in keys}
        self._sealing = hashlib.sha256(keys[0]).digest()[:KEY_ID_BYTES] if keys else None
        self.ttl, self._clock = ttl, clock

    @classmethod
    def from_env(cls, text: str | None = None, ttl: int | None = None) -> "Keyring":
        if ttl is None:
            ttl = int(os.environ.get(TTL_ENV, DEFAULT_TTL))
        return cls(parse_keys(os.environ.get(KEY_ENV) if text is None else text), ttl)

    def __bool__(self) -> bool:
        return self._sealing is not None

    def seal(self, game_id: str, record: dict, seat: int | None = None) -> str:
        """A token for ``record`` of ``game_id``; with ``seat``, it answers only with that seat's view."""
        kid = self._sealing
        payload = {"record": {**record, "deal": _widen(record["deal"]), "moves": _widen(record["moves"])},
                   "seat": seat, "exp": int(self._clock()) + self.ttl if self.ttl > 0 else None}
        nonce = os.urandom(NONCE_BYTES)
        sealed = self._ciphers[kid].encrypt(nonce, orjson.dumps(payload), VERSION + kid + game_id.encode())
        return _encode(VERSION + kid + nonce + sealed)

    def open(self, game_id: str, token) -> tuple[dict, int | None]:
        """``(record, seat)`` from a token of ``game_id``; ``ExpiredToken`` after its ``exp``;
        ``InvalidToken`` for anything else."""
        if type(token) is not str or not 0 < len(token) <= MAX_TOKEN_CHARS or not _ALPHABET.fullmatch(token):
            raise InvalidToken
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except (binascii.Error, ValueError):
            raise InvalidToken from None
        if _encode(raw) != token:  # unused low bits set: another spelling of the same bytes
            raise InvalidToken
        if len(raw) < _HEADER + TAG_BYTES or raw[:1] != VERSION:
            raise InvalidToken
        kid = raw[1:1 + KEY_ID_BYTES]
        cipher = self._ciphers.get(kid)
        if cipher is None:
            raise InvalidToken
        try:
            plain = cipher.decrypt(raw[1 + KEY_ID_BYTES:_HEADER], raw[_HEADER:], VERSION + kid + game_id.encode())
        except InvalidTag:
            raise InvalidToken from None
        payload = orjson.loads(plain)  # we wrote it: authenticated, so well formed
        if payload.get("exp") is not None and self._clock() > payload["exp"]:
            raise ExpiredToken
        record = payload["record"]
        record["deal"], record["moves"] = _narrow(record["deal"]), _narrow(record["moves"])
        return record, payload["seat"]
