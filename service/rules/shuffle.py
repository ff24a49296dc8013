"""The published seeded shuffle (DESIGN.md), reproducible byte for byte in any language."""

from __future__ import annotations

import hashlib
import secrets


def _stream(seed: str):
    counter = 0
    prefix = seed.encode("utf-8")
    while True:
        yield from hashlib.sha256(prefix + counter.to_bytes(4, "big")).digest()
        counter += 1


def shuffled(deck, seed: str) -> list:
    """Fisher-Yates from the top, 8 big-endian bytes of the SHA-256 stream per swap."""
    cards = list(deck)
    stream = _stream(seed)
    for i in range(len(cards) - 1, 0, -1):
        r = int.from_bytes(bytes(next(stream) for _ in range(8)), "big")
        j = r % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def new_seed() -> str:
    """A seed drawn from the OS, returned to the client so the deal stays reproducible."""
    return secrets.token_hex(16)
