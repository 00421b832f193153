"""One word, one meaning for failures across both games (issue 15): one notation error, one record
error, one engine error; the old import paths name the same classes."""

from __future__ import annotations

import pytest

import taku.errors
from taku.errors import EngineError, InvalidNotationError, RecordError
from taku.formats.mahjong.mjai import read_mjai
from taku.formats.mahjong.record import RecordError as MahjongRecordError
from taku.formats.renju import read_renjunet
from taku.formats.renju.record import RecordError as RenjuRecordError
from taku.mahjong.errors import InvalidNotationError as MahjongNotationError
from taku.mahjong.errors import MahjongError
from taku.mahjong.tiles import Tile
from taku.protocols.gomocup_client import BrainError, BrainTimeoutError
from taku.protocols.mjai_process import MjaiBotError
from taku.renju.errors import InvalidNotationError as RenjuNotationError
from taku.renju.points import Point


def test_both_games_raise_the_one_notation_error() -> None:
    with pytest.raises(InvalidNotationError) as mahjong:
        Tile.from_str("x9")
    with pytest.raises(InvalidNotationError) as renju:
        Point.from_str("z99")
    assert isinstance(mahjong.value, MahjongError) and isinstance(mahjong.value, MahjongNotationError)
    assert RenjuNotationError is InvalidNotationError and isinstance(renju.value, ValueError)


def test_both_games_raise_the_one_record_error() -> None:
    assert MahjongRecordError is RecordError is RenjuRecordError
    assert issubclass(RecordError, InvalidNotationError) and issubclass(RecordError, ValueError)
    with pytest.raises(RecordError, match="line 1"):
        read_mjai("not json")
    with pytest.raises(RecordError):
        read_renjunet(b"<not a renjunet file")


def test_engine_process_failures_are_engine_errors() -> None:
    for error in (MjaiBotError, BrainError, BrainTimeoutError):
        assert issubclass(error, EngineError) and issubclass(error, RuntimeError)
        assert issubclass(error, ValueError)  # as before: callers that catch ValueError still do
    assert not issubclass(EngineError, ValueError)
    assert taku.errors.__all__ == ["EngineError", "InvalidNotationError", "RecordError", "shown"]


def test_a_bad_input_is_named_cut_short() -> None:
    """Both cores name a bad input in an error with ``shown``: its repr, at most 40 characters
    (an ellipsis where it is cut), or its type when it has no printable repr."""
    assert taku.errors.shown("5mr") == "'5mr'"
    assert taku.errors.shown(list(range(100))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …"
    assert len(taku.errors.shown("x" * 10**6)) == 40
    assert taku.errors.shown(10**5000) == "int (too large to show)"
