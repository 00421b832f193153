"""Mahjong game records from files: the format recognised by content, every game read on its own.

Formats: mjai JSON lines (one event per line, one game per file), Tenhou's tenhou.net/6 JSON log
(one game, or one hand per line), Tenhou mjlog XML, and the one-match-per-line JSON of riichienv
(``{"rule", "events", ...}`` per line, several games). Any of them may be gzip-compressed.

:func:`read_records` never stops at a bad game: a game that cannot be read comes back as an
:class:`UnreadableGame` naming it and the problem, and the other games of the file are still read
(a file of one game that cannot be read gives one :class:`UnreadableGame`).

>>> games = read_records(b'{"type":"start_game"}\\n{"type":"ryukyoku","reason":"nope"}\\n', "x.mjson")
>>> games
[UnreadableGame(name='x.mjson', error="event 2: unknown ryukyoku reason 'nope'")]
"""

from __future__ import annotations

import json
import os
import zlib
from dataclasses import dataclass

from taku.formats.mahjong.mjai import is_mjai_matches, read_mjai, read_mjai_match
from taku.formats.mahjong.record import MahjongRecord, RecordError
from taku.mahjong.errors import MahjongError

MAX_BYTES = 64 * 1024 * 1024
"""The largest record file read (after decompression): 64 MiB, far above any real log."""


@dataclass(frozen=True, slots=True)
class UnreadableGame:
    """A game (or a whole file) that could not be read: its name and what is wrong."""

    name: str
    error: str


Loaded = MahjongRecord | UnreadableGame
"""What :func:`read_records` gives for each game."""


def read_records(data: bytes, name: str) -> list[Loaded]:
    """Every game in ``data`` (a file's bytes; ``name`` names it in the records and messages)."""
    try:
        text = _text(data, name)
    except RecordError as error:
        return [_unreadable(name, error)]
    stripped = text.lstrip()
    if is_mjai_matches(stripped):
        games: list[Loaded] = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                label = f"{name} line {number}"
                try:
                    games.append(read_mjai_match(line, label))
                except (RecordError, MahjongError) as error:
                    games.append(_unreadable(label, error))
        return games or [UnreadableGame(name, "no game in the file")]
    try:
        return [read_text(text, name)]
    except (RecordError, MahjongError) as error:
        return [_unreadable(name, error)]


def read_text(text: str, name: str) -> MahjongRecord:
    """The one game of ``text`` in whichever format it is (not riichienv's match lines)."""
    stripped = text.lstrip()
    if stripped.startswith("<"):
        from taku.formats.mahjong.mjlog import read_mjlog
        return read_mjlog(text, name)
    if stripped.startswith("{") and is_tenhou_json(stripped):
        from taku.formats.mahjong.tenhou_json import read_tenhou_json
        return read_tenhou_json(text, name)
    return read_mjai(text, name)


def load_records(path: str) -> list[Loaded]:
    """Every game in the file at ``path`` (see :func:`read_records`); a file that cannot be
    opened is one :class:`UnreadableGame`."""
    name = os.path.basename(path) or path
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as error:
        return [UnreadableGame(name, f"cannot read the file: {error.strerror or error}")]
    return read_records(data, name)


def _text(data: bytes, name: str) -> str:
    if data[:2] == b"\x1f\x8b":
        try:
            decompressor = zlib.decompressobj(16 + zlib.MAX_WBITS)
            data = decompressor.decompress(data, MAX_BYTES + 1)
        except (OSError, EOFError, zlib.error) as error:
            raise RecordError(f"{name}: not a valid gzip file: {error}") from None
    if len(data) > MAX_BYTES:
        raise RecordError(f"{name}: larger than {MAX_BYTES // 1024 // 1024} MiB, not a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RecordError(f"{name}: not UTF-8 text (byte {error.start})") from None


def _unreadable(name: str, error: Exception) -> UnreadableGame:
    """The error as an :class:`UnreadableGame` whose message does not repeat the name."""
    message = str(error)
    for prefix in (f"{name}: ", f"{name.rsplit(' line ', 1)[0]}: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return UnreadableGame(name, message)


def is_tenhou_json(text: str) -> bool:
    """Whether ``text`` is a tenhou.net/6 log: one JSON object with a ``log``, or one such object
    per line (one hand per line)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        try:
            data = json.loads(text.split("\n", 1)[0])
        except (json.JSONDecodeError, RecursionError):
            return False
    return isinstance(data, dict) and "log" in data


__all__ = ["MAX_BYTES", "Loaded", "UnreadableGame", "is_tenhou_json", "load_records",
           "read_records", "read_text"]
