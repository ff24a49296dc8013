"""Caps on what one request may ask of a worker (docs/TRUST.md, "Limits").

Body size is Flask's ``MAX_CONTENT_LENGTH``; moves per record and hands per match log are checked
where records are read (``service.api``). JSON depth is checked here, on the raw bytes, after orjson
has accepted them, so a deeply nested body is refused before anything walks it.
"""

from __future__ import annotations

import re

# a JSON string (the body already parsed, so every string is well formed); brackets inside don't count
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
# an innermost array or object: no bracket inside
_INNERMOST = re.compile(rb"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")


def json_depth_exceeds(raw: bytes, limit: int) -> bool:
    """Whether valid JSON ``raw`` nests arrays and objects more than ``limit`` deep.

    The bracket count bounds the depth, so the usual body (a record is 4 to 5 deep, with a few dozen
    brackets) costs two ``bytes.count``. Otherwise each pass of a C regex strips the innermost
    containers; the body is too deep if brackets remain after ``limit`` passes.
    """
    if raw.count(b"[") + raw.count(b"{") <= limit:
        return False
    text = _STRING.sub(b"", raw)
    for _ in range(limit):
        text, found = _INNERMOST.subn(b"", text)
        if not found:
            return False
    return b"[" in text or b"{" in text
