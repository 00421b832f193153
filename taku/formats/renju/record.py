"""``GameRecord``: one renju or gomoku game as a value, and the checks every record format shares.

A record holds what a game file says: the board size, the moves (points or passes, Black first), and
whatever is known about the game (rules, result, players, event, date, move times, other metadata).
It converts to and from a ``Position``. The format modules beside this one read and write it; none
of them does any I/O.
"""

from __future__ import annotations

import codecs
import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias, get_args

from taku.errors import RecordError as RecordError  # both games' one record error
from taku.renju.board import Position
from taku.renju.errors import InvalidNotationError
from taku.renju.points import MAX_SIZE, Move, Point, move_string, parse_moves
from taku.renju.rules import PRESETS, RenjuRules

Result: TypeAlias = Literal["1-0", "0-1", "1/2-1/2"]
"""A game result, Black's score first: ``"1-0"`` Black won, ``"0-1"`` White won, ``"1/2-1/2"`` a draw."""

RESULTS: Final[tuple[Result, ...]] = get_args(Result)

MIN_RECORD_SIZE: Final = 5
"""The smallest board a record may have (a five must fit)."""
MAX_RECORD_SIZE: Final = MAX_SIZE
"""The largest board a record may have: 25, the last size RIF notation names with one letter."""



class _Metadata(Mapping[str, str]):
    """A read-only, hashable, picklable mapping of strings (a record's metadata)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, str] | Iterable[tuple[str, str]] = ()) -> None:
        self._items = dict(items)
        for key, value in self._items.items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise RecordError(f"metadata {key!r}: {value!r}: keys and values must be strings")

    def __getitem__(self, key: str) -> str:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __reduce__(self) -> tuple[type[_Metadata], tuple[dict[str, str]]]:
        return (_Metadata, (self._items,))

    def __repr__(self) -> str:
        return repr(self._items)


_EMPTY: Final[Mapping[str, str]] = _Metadata()


@dataclass(frozen=True, slots=True, repr=False, init=False)
class GameRecord:
    """One game: the moves on a ``board_size`` board, Black first, and what is known about it.

    ``moves`` is always a tuple of ``Point`` values and ``None`` (a pass); the constructor also takes a
    move string (``"h8i9j10"``) or an iterable of moves and move names (``["h8", "pass"]``), and
    converts them. Every point must lie on the board and be played at most once. Unlike a
    ``Position``, a record accepts any board from 5 to 25 points a side (Gomocup plays freestyle on
    20x20), and does not apply the rules: ``position()`` does.
    """

    moves: tuple[Move, ...]
    """The moves, Black first: points, and ``None`` for a pass."""
    board_size: int
    """Points per side, 5..25; given as ``None`` (the default), the rules' size, else 15."""
    rules: RenjuRules | None
    """The rules the game was played under, when the record says."""
    result: Result | None
    black: str | None
    """The first player's name."""
    white: str | None
    event: str | None
    """The tournament or event."""
    date: str | None
    """The date as the source writes it (ISO ``YYYY-MM-DD`` where the source has one)."""
    move_times: tuple[int, ...]
    """Milliseconds spent on each move (PSQ), one per move, or empty when unknown."""
    metadata: Mapping[str, str]
    """Anything else the source records: ``round``, ``place``, ``name``, ``comment``, ``game_id``,
    ``opening``... and, from SGF, unknown root properties under their own identifiers (``KM``)."""

    def __init__(
        self,
        moves: str | Iterable[Move | str] = (),
        board_size: int | None = None,
        rules: RenjuRules | None = None,
        result: Result | None = None,
        black: str | None = None,
        white: str | None = None,
        event: str | None = None,
        date: str | None = None,
        move_times: Iterable[int] = (),
        metadata: Mapping[str, str] = _EMPTY,
    ) -> None:
        set_ = object.__setattr__
        played = _moves_of(moves)
        if board_size is None:
            board_size = 15 if rules is None else rules.board_size
        if not isinstance(board_size, int) or not MIN_RECORD_SIZE <= board_size <= MAX_RECORD_SIZE:
            raise RecordError(
                f"board size {board_size!r} is not supported: expected {MIN_RECORD_SIZE} to {MAX_RECORD_SIZE}"
            )
        if rules is not None and rules.board_size != board_size:
            n = rules.board_size
            raise RecordError(
                f"the rules are for a {n}x{n} board but the record's board is {board_size}x{board_size}"
            )
        if result is not None and result not in RESULTS:
            raise RecordError(f"result {result!r} is not one of {', '.join(RESULTS)}")
        times = tuple(move_times)
        if times and len(times) != len(played):
            raise RecordError(f"{len(times)} move times for {len(played)} moves")
        check_moves(played, board_size)
        set_(self, "moves", played)
        set_(self, "board_size", board_size)
        set_(self, "rules", rules)
        set_(self, "result", result)
        set_(self, "black", black)
        set_(self, "white", white)
        set_(self, "event", event)
        set_(self, "date", date)
        set_(self, "move_times", times)
        set_(self, "metadata", _Metadata(metadata))

    # -- conversions ------------------------------------------------------------------------------

    @classmethod
    def from_position(cls, position: Position, **info: Any) -> GameRecord:
        """The record of ``position``'s game: its moves, board, rules and (if it is over) result.

        ``info`` sets the other fields (``black="..."``). A position set up with stones
        (``Position.from_stones``) has no record: ``RecordError``.
        """
        black, white = position.setup
        if black or white:
            raise RecordError("a position set up with stones cannot be written as a record of moves")
        outcome = position.outcome()
        fields: dict[str, Any] = {
            "moves": position.move_stack,
            "board_size": position.size,
            "rules": position.rules,
            "result": None if outcome is None else outcome.result(),
        }
        fields.update(info)
        return cls(**fields)

    def position(self, rules: RenjuRules | None = None) -> Position:
        """The position after the moves, played under ``rules``, else the record's rules, else renju
        on the record's board. ``IllegalMoveError`` if the rules do not allow a move, ``InvalidRulesError``
        if they do not allow the board (renju boards are odd, 7 to 25)."""
        if rules is None:
            rules = self.rules if self.rules is not None else RenjuRules(board_size=self.board_size)
        return Position(self.moves, rules=rules)

    def move_string(self, separator: str = "") -> str:
        """The moves as a move string: ``"h8i9j10"``."""
        return move_string(self.moves, separator)

    def replace(self, **changes: Any) -> GameRecord:
        """A copy of this record with ``changes`` to its fields."""
        return dataclasses.replace(self, **changes)

    def __repr__(self) -> str:
        parts = [f"moves={self.move_string()!r}"]
        if self.board_size != (15 if self.rules is None else self.rules.board_size):
            parts.append(f"board_size={self.board_size}")
        if self.rules is not None:
            parts.append(f"rules={_rules_repr(self.rules)}")
        for name in ("result", "black", "white", "event", "date", "move_times"):
            value = getattr(self, name)
            if value:
                parts.append(f"{name}={value!r}")
        if self.metadata:
            parts.append(f"metadata={dict(self.metadata)!r}")
        return f"GameRecord({', '.join(parts)})"


def _moves_of(moves: str | Iterable[Move | str]) -> tuple[Move, ...]:
    """``moves`` as a tuple of moves: a move string, or moves and move names (``"h8"``, ``"pass"``)."""
    if isinstance(moves, str):
        try:
            return tuple(parse_moves(moves))
        except InvalidNotationError as error:
            raise RecordError(str(error)) from None
    played: list[Move] = []
    for i, move in enumerate(moves):
        if isinstance(move, str):
            try:
                parsed = parse_moves(move)
            except InvalidNotationError as error:
                raise RecordError(f"move {i + 1}: {error}") from None
            if len(parsed) != 1:
                raise RecordError(f"move {i + 1}: {move!r} is not one move")
            move = parsed[0]
        played.append(move)
    return tuple(played)


def check_moves(moves: Iterable[Move], size: int, where: Callable[[int], str] | None = None) -> None:
    """Check that ``moves`` is a sequence of moves on a ``size`` board: every point on the board and
    played once. ``where(i)`` names the place of move ``i`` (0-based) for the message; by default
    ``"move 5"``. Raises ``RecordError``."""
    seen: dict[Point, int] = {}
    for i, move in enumerate(moves):
        if move is None:
            continue
        place = where(i) if where is not None else f"move {i + 1}"
        if not isinstance(move, Point):
            raise RecordError(f"{place}: {move!r} is not a point or a pass")
        if not move.on_board(size):
            raise RecordError(f"{place}: {move} is off the {size}x{size} board")
        first = seen.setdefault(move, i)
        if first != i:
            raise RecordError(f"{place}: point {move} played twice (moves {first + 1} and {i + 1})")


def decode_text(data: bytes, encoding: str | None, what: str) -> str:
    """``data`` as text: in ``encoding`` when the file names one, else UTF-8 (a BOM is dropped), else
    Latin-1 (which every byte string is). ``what`` names the format in error messages."""
    if encoding:
        try:
            codecs.lookup(encoding)
            return data.decode(encoding)
        except UnicodeDecodeError as error:
            raise RecordError(f"{what}: byte {error.start} is not {encoding} text") from None
        except (LookupError, ValueError):  # no such codec, no text codec (base64), a NUL in the name
            raise RecordError(f"{what}: unknown character set {encoding!r}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# -- rules as text (SGF RU, RenjuNet rule names) ---------------------------------------------------

_FIELD_TYPES: Final[tuple[str, ...]] = tuple(
    f.name for f in dataclasses.fields(RenjuRules) if f.name != "board_size"
)
"""The rule fields written in rules text (the board size is the record's own)."""

# RIF's opening rules all put Black's first stone on the centre point (RJ-14): they name the ``rif``
# preset. A bare "renju" names the ``renju`` preset, which does not require it.
_RULE_ALIASES: Final[Mapping[str, str]] = {
    "renju": "renju",
    "rif": "rif",
    "yamaguchi": "rif",
    "taraguchi": "rif",
    "soosorv": "rif",
    "soosõrv": "rif",
    "sakata": "rif",
    "tarannikov": "rif",
    "khomutov": "rif",
    "gomoku": "gomoku_freestyle",
    "freestyle": "gomoku_freestyle",
    "freestyle gomoku": "gomoku_freestyle",
    "gomoku freestyle": "gomoku_freestyle",
    "standard": "gomoku_standard",
    "standard gomoku": "gomoku_standard",
    "gomoku standard": "gomoku_standard",
}


def rules_text(rules: RenjuRules) -> str:
    """``rules`` as text, without the board size: the closest preset's name, then ``;field=value`` for
    each field that differs from it (``"renju"``, ``"renju;move_limit=200"``)."""
    best: tuple[str, list[str]] | None = None
    for name, preset in PRESETS.items():
        changes = [
            f"{key}={_value_text(getattr(rules, key))}"
            for key in _FIELD_TYPES
            if getattr(rules, key) != getattr(preset, key)
        ]
        if best is None or len(changes) < len(best[1]):
            best = (name, changes)
    assert best is not None
    return ";".join([best[0], *best[1]])


def rules_from_text(text: str, board_size: int) -> RenjuRules | None:
    """The rules written ``text`` for a ``board_size`` board: ``rules_text`` output, or a common name
    (``RIF``, ``Yamaguchi``, ``Taraguchi-10``, ``Soosorv-8``: the ``rif`` preset; ``Renju``;
    ``Gomoku``, ``Freestyle``; ``Standard``). ``None`` when the text names nothing known or the board
    does not suit the rules."""
    name, *changes = (part.strip() for part in text.split(";"))
    key = name.lower()
    preset = key if key in PRESETS else _RULE_ALIASES.get(key.rstrip("-0123456789 ").strip())
    if preset is None:
        return None
    values: dict[str, Any] = {"board_size": board_size}
    for change in changes:
        field_name, _, value = change.partition("=")
        field_name = field_name.strip()
        if field_name not in _FIELD_TYPES:
            return None
        try:
            values[field_name] = RenjuRules.parse_field(field_name, value)
        except ValueError:
            return None
    try:
        return RenjuRules.preset(preset, **values)
    except ValueError:
        return None


def _rules_repr(rules: RenjuRules) -> str:
    """``rules`` as an eval-able ``RenjuRules.preset(...)`` call naming the closest preset."""
    name, *changes = rules_text(rules).split(";")
    arguments = [repr(name)]
    if rules.board_size != 15:
        arguments.append(f"board_size={rules.board_size}")
    for change in changes:
        key = change.partition("=")[0]
        arguments.append(f"{key}={getattr(rules, key)!r}")
    return f"RenjuRules.preset({', '.join(arguments)})"


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)
