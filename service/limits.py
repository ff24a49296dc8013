"""Caps on what one request may ask of a worker (docs/TRUST.md, "Limits").

Body size is Flask's ``MAX_CONTENT_LENGTH``; moves per record and hands per match log are checked
where records are read (``service.api``). JSON depth is checked here, on the raw bytes, after orjson
has accepted them, so that nothing later (a ``repr`` in an error message, a walk) meets a body
nested hundreds deep.
"""

from __future__ import annotations

import re

# every byte but brackets, quotes and backslashes: what is left describes the nesting
_OTHERS = bytes(b for b in range(256) if b not in b'[]{}"\\')
_ESCAPE = re.compile(rb"\\.", re.S)  # an escape inside a string (\" or \\ or \[ ...)
_STRING = re.compile(rb'"[^"]*"')     # a string, once escapes are gone
_INNERMOST = re.compile(rb"\[\]|\{\}")


def json_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether valid JSON ``raw`` nests arrays and objects more than ``limit`` deep.

    All in C: ``bytes.translate`` keeps brackets, quotes and backslashes; escapes and strings go
    (most strings are left empty, so a plain ``replace`` does it); then each pass strips the
    innermost pairs, and the body is too deep if brackets remain after ``limit`` passes. A record
    (5 deep) costs a few microseconds.
    """
    text = raw.translate(None, _OTHERS)
    if text.count(b"[") + text.count(b"{") <= limit:
        return False
    if b"\\" in text:
        text = _ESCAPE.sub(b"", text)
    text = text.replace(b'""', b"")
    if b'"' in text:
        text = _STRING.sub(b"", text)
    for _ in range(limit):
        text, found = _INNERMOST.subn(b"", text)
        if not text or not found:
            return False
    return bool(text)
