"""JSON as the server writes and reads its own data: every view, lobby message, snapshot and log
entry goes through here, many thousand times a second under load. orjson encodes several times
faster than the standard library (measured: JSON encoding was a fifth of the server's time at 200
Speedgans tables), compactly, and reads back what it wrote. (Messages from browsers are parsed by
server/protocol.py, which checks them first.)"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS

#: JSON encoded already, put into a value to encode as it is: a part that many messages share is
#: encoded once (orjson writes a Fragment's text unchanged).
Encoded = orjson.Fragment


def encode(value: object) -> str:
    """Compact JSON. Integers wider than 64 bits (orjson's limit) are written by the standard
    library instead; the games' seeds are 64 bits at most."""
    return encode_bytes(value).decode()


def encode_bytes(value: object) -> bytes:
    """`encode` as UTF-8 bytes (what an `Encoded` part is kept as: never decoded for nothing)."""
    try:
        return orjson.dumps(value, option=_OPTIONS)
    except TypeError:
        return json.dumps(value, separators=(",", ":")).encode()


def decode(text: str | bytes) -> Any:
    return orjson.loads(text)
