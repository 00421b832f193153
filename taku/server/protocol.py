"""The shapes of WebSocket messages, their size limits, and the reading of what clients send.

Every message is one JSON object with a ``type``. From the server: ``hello`` (who you are at this
game), ``event`` (``n``: the game's event number, ``event``: the event as your seat may see it),
``prompt`` (your legal actions and your clock), ``table`` (seats, presence, clocks, status),
``error`` (``message``: one line; the connection stays open), ``pong``, and at a mahjong table
``clock`` and ``hand_pause`` (the wait between two hands). From a client: ``action``, ``resync``
(``since``: the last event number seen), ``ping``, and at a mahjong table ``next_hand`` (OK on a
hand's result). See ``docs/server.md``.
"""

from __future__ import annotations

import json
from typing import Any

MAX_MESSAGE_BYTES = 16 * 1024
"""The largest WebSocket message a client may send (an error answers a larger one)."""
MAX_BODY_BYTES = 64 * 1024
"""The largest HTTP request body (413 above)."""
MAX_JSON_DEPTH = 16
"""How deeply a client's JSON may nest."""
MAX_QUEUED_MESSAGES = 20000
"""Messages waiting for a slow connection; past this it is closed (the client resyncs)."""
CLIENT_TYPES = ("action", "resync", "ping", "next_hand")


class ProtocolError(ValueError):
    """A client message that cannot be read: the message says why, in one line."""


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error(message: str, **extra: Any) -> str:
    """An ``error`` message."""
    return encode({"type": "error", "message": message, **extra})


def _depth(value: Any, limit: int) -> int:
    stack = [(value, 1)]
    deepest = 0
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_json(text: str | bytes, what: str = "message") -> Any:
    """Strict JSON of at most ``MAX_MESSAGE_BYTES`` and ``MAX_JSON_DEPTH`` levels; ``ProtocolError``."""
    size = len(text.encode("utf-8") if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"{what} too large: {size} bytes (at most {MAX_MESSAGE_BYTES})")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ProtocolError(f"{what} nests too deeply (at most {MAX_JSON_DEPTH} levels)") from None
    except (ValueError, UnicodeDecodeError) as problem:
        detail = problem.msg if isinstance(problem, json.JSONDecodeError) else str(problem)
        raise ProtocolError(f"{what} is not JSON: {detail}") from None
    if _depth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise ProtocolError(f"{what} nests too deeply (at most {MAX_JSON_DEPTH} levels)")
    return value


def read_client_message(text: str | bytes) -> dict[str, Any]:
    """A client's message: a JSON object whose ``type`` is one of ``CLIENT_TYPES``."""
    value = read_json(text)
    if not isinstance(value, dict):
        raise ProtocolError('a message is a JSON object with a "type"')
    kind = value.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(f"unknown message type {kind!r}: expected one of {', '.join(CLIENT_TYPES)}")
    if kind == "resync":
        since = value.get("since")
        if type(since) is not int or since < 0:
            raise ProtocolError(f"resync: since must be an event number >= 0, got {since!r}")
    if kind in ("action", "next_hand"):
        n = value.get("n")
        if n is not None and (type(n) is not int or n < 0):
            raise ProtocolError(f"{kind}: n must be the last event number seen, got {n!r}")
    return value
