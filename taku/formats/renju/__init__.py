"""Game records for renju and gomoku: a ``GameRecord`` value and the file formats that hold one.

* ``psq``: Piskvork/Gomocup ``.psq`` games, read and written (``read_psq``, ``write_psq``).
* ``sgf``: SGF ``GM[4]`` games and collections, read and written (``read_sgf``, ``write_sgf``...).
* ``movestring``: ``.txt`` move strings, one game a line (``h8i9j10``), read and written.
* ``renlib``: RenLib ``.lib`` libraries, read as a ``VariationTree`` (``read_renlib``).
* ``renjunet``: the RenjuNet XML game database, read (``read_renjunet``).

Everything here works on ``str``/``bytes``; reading and writing files is the command line's job
(``taku renju convert``).

>>> from taku.formats.renju import GameRecord, read_sgf, write_sgf
>>> record = GameRecord("h8 i9 j10", black="Ann", white="Bo")
>>> write_sgf(record).splitlines()[1]
';B[hh];W[ig];B[jf])'
>>> read_sgf(write_sgf(record)) == record
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from taku.formats.renju.movestring import (
    read_movestring,
    read_movestrings,
    write_movestring,
    write_movestrings,
)
from taku.formats.renju.psq import read_psq, write_psq
from taku.formats.renju.record import (
    MAX_RECORD_SIZE,
    MIN_RECORD_SIZE,
    RESULTS,
    GameRecord,
    RecordError,
    Result,
    check_moves,
    decode_text,
    rules_from_text,
    rules_text,
)
from taku.formats.renju.renjunet import read_renjunet
from taku.formats.renju.renlib import VariationNode, VariationTree, read_renlib
from taku.formats.renju.sgf import read_sgf, read_sgf_games, write_sgf, write_sgf_games


@dataclass(frozen=True, slots=True, repr=False)
class RecordFormat:
    """A record file format as the command line sees it: read bytes into games, write games to text.

    ``repr`` of a format in ``FORMATS`` is the expression that finds it there (``FORMATS['psq']``).
    """

    name: str
    extensions: tuple[str, ...]
    description: str
    reader: Callable[[bytes, int], list[GameRecord]]
    """``reader(data, board_size)``: the games of a file (``board_size`` only where the format has none)."""
    writer: Callable[[Sequence[GameRecord]], str] | None = None
    """``writer(games)``: the file text; ``None`` for a format that is only read."""
    many: bool = False
    """Whether one file can hold several games."""

    def __repr__(self) -> str:
        if FORMATS.get(self.name) is self:
            return f"FORMATS[{self.name!r}]"
        return f"<RecordFormat {self.name!r} {' '.join(self.extensions)}>"


def _read_psq(data: bytes, board_size: int) -> list[GameRecord]:
    return [read_psq(decode_text(data, None, "PSQ"))]


def _write_psq(records: Sequence[GameRecord]) -> str:
    if len(records) != 1:
        raise RecordError(f"PSQ holds one game, not {len(records)}")
    return write_psq(records[0])


def _read_txt(data: bytes, board_size: int) -> list[GameRecord]:
    return read_movestrings(decode_text(data, None, "move string"), board_size)


def _read_lib(data: bytes, board_size: int) -> list[GameRecord]:
    return list(read_renlib(data).records())


FORMATS: Final[Mapping[str, RecordFormat]] = MappingProxyType(
    {
        "psq": RecordFormat("psq", (".psq",), "Piskvork/Gomocup game", _read_psq, _write_psq),
        "sgf": RecordFormat(
            "sgf", (".sgf",), "SGF GM[4] games", lambda data, _: read_sgf_games(data), write_sgf_games, True
        ),
        "txt": RecordFormat(
            "txt", (".txt",), "move strings, one game a line", _read_txt, write_movestrings, True
        ),
        "lib": RecordFormat(
            "lib", (".lib",), "RenLib library (read only; one game per line)", _read_lib, many=True
        ),
        "xml": RecordFormat(
            "xml",
            (".xml", ".rif"),
            "RenjuNet database (read only)",
            lambda data, _: read_renjunet(data),
            many=True,
        ),
    }
)
"""The formats by name."""


def format_for_name(filename: str) -> RecordFormat | None:
    """The format a file name's extension stands for, if any."""
    lowered = filename.lower()
    for record_format in FORMATS.values():
        if lowered.endswith(record_format.extensions):
            return record_format
    return None


def guess_format(data: bytes) -> RecordFormat | None:
    """The format ``data`` looks like, from its first bytes (for standard input); ``None`` if unclear."""
    if data.startswith(b"\xffRenLib\xff") or (data[:1] == b"\x78" and b"\x00" in data):  # old: h8 first
        return FORMATS["lib"]
    head = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"Piskvorky"):
        return FORMATS["psq"]
    if head.startswith(b"(") and head[1:].lstrip().startswith(b";"):
        return FORMATS["sgf"]
    if head.startswith(b"<"):
        return FORMATS["xml"]
    return None


__all__ = [
    "FORMATS",
    "MAX_RECORD_SIZE",
    "MIN_RECORD_SIZE",
    "RESULTS",
    "GameRecord",
    "RecordError",
    "RecordFormat",
    "Result",
    "VariationNode",
    "VariationTree",
    "check_moves",
    "decode_text",
    "format_for_name",
    "guess_format",
    "read_movestring",
    "read_movestrings",
    "read_psq",
    "read_renjunet",
    "read_renlib",
    "read_sgf",
    "read_sgf_games",
    "rules_from_text",
    "rules_text",
    "write_movestring",
    "write_movestrings",
    "write_psq",
    "write_sgf",
    "write_sgf_games",
]
