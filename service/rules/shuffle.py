"""The published seeded shuffle (DESIGN.md), reproducible byte for byte in any language."""

from __future__ import annotations

import hashlib
import secrets
import struct


def _stream(seed: str):
    """The byte stream: SHA-256(seed || counter as 4 big-endian bytes), counter = 0, 1, 2 ..."""
    counter = 0
    prefix = seed.encode("utf-8")
    while True:
        yield from hashlib.sha256(prefix + counter.to_bytes(4, "big")).digest()
        counter += 1


_COUNTERS = [k.to_bytes(4, "big") for k in range(32)]  # the counters of a pack of up to 128 cards


def shuffled(deck, seed: str) -> list:
    """Fisher-Yates from the top, 8 big-endian bytes of the SHA-256 stream per swap.

    A digest holds exactly four 8-byte draws, so the stream is made a digest at a time and read
    with one ``struct.unpack`` (the same bytes as ``_stream``, which stays the reference).
    """
    cards = list(deck)
    swaps = len(cards) - 1
    if swaps < 1:
        return cards
    prefix = seed.encode("utf-8")
    blocks = (swaps + 3) // 4
    sha256 = hashlib.sha256
    counters = _COUNTERS[:blocks] if blocks <= len(_COUNTERS) else [k.to_bytes(4, "big") for k in range(blocks)]
    stream = b"".join([sha256(prefix + counter).digest() for counter in counters])
    draws = struct.unpack(f">{blocks * 4}Q", stream)
    for i, draw in zip(range(swaps, 0, -1), draws):
        j = draw % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def new_seed() -> str:
    """A seed drawn from the OS, returned to the client so the deal stays reproducible."""
    return secrets.token_hex(16)
