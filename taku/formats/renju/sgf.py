"""SGF (Smart Game Format, FF[4]) for gomoku and renju, ``GM[4]``, read and written.

A point is two lowercase letters, column then row, both counted from ``a`` at the **top left**
(the SGF convention for every game): on 15x15 the centre h8 is ``hh`` and a1 is ``ao``, because RIF
rows count from the bottom. ``B[]`` is a pass (``B[tt]`` too on boards up to 19, the FF[3] Go
convention). A file may hold several games (a collection); a game's variations are not kept: the
record follows the main line, the first variation at each branch. Setup stones (``AB``, ``AW``,
``AE``) are not supported.

Root properties: ``SZ`` board size (15 when absent), ``PB``/``PW`` players, ``EV`` event, ``DT`` date,
``RE`` result (``B+...``, ``W+...``, ``0``/``Draw``), ``RU`` rules (``rules_text``, or a name like
``RIF``), ``RO``/``PC``/``GN``/``C`` the metadata ``round``/``place``/``name``/``comment``; any other
root property is kept in the metadata under its identifier and written back. ``GM``, ``FF``, ``CA``,
``AP`` and ``ST`` are read and not kept. Comments on moves are not kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

import taku
from taku.formats.renju.record import (
    MAX_RECORD_SIZE,
    MIN_RECORD_SIZE,
    GameRecord,
    RecordError,
    Result,
    decode_text,
    rules_from_text,
    rules_text,
)
from taku.renju.points import Move, Point

_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
_METADATA_PROPS: Final = {"RO": "round", "PC": "place", "GN": "name", "C": "comment"}
_NOT_KEPT: Final = frozenset({"GM", "FF", "CA", "AP", "ST"})
_HANDLED: Final = frozenset(
    {"SZ", "PB", "PW", "EV", "DT", "RE", "RU", "B", "W", *_METADATA_PROPS, *_NOT_KEPT}
)
_SETUP: Final = frozenset({"AB", "AW", "AE"})
_TEXT_PROPS: Final = frozenset({"C", "GC"})
_IDENT_RE: Final = re.compile(r"[A-Z]{1,8}")
_MOVES_PER_LINE: Final = 12


def read_sgf(text: str | bytes) -> GameRecord:
    """The one game of an SGF file (``RecordError`` if the file holds several: ``read_sgf_games``)."""
    games = read_sgf_games(text)
    if len(games) != 1:
        raise RecordError(f"SGF: the file holds {len(games)} games, expected one")
    return games[0]


def read_sgf_games(text: str | bytes) -> list[GameRecord]:
    """Every game of an SGF collection, each along its main line."""
    if isinstance(text, bytes):
        text = decode_text(text, _charset(text), "SGF")
    parser = _Parser(text)
    return [_record(tree, parser) for tree in parser.collection()]


def write_sgf(record: GameRecord) -> str:
    """``record`` as an SGF game tree (``FF[4]``, ``CA[UTF-8]``)."""
    size = record.board_size
    props: list[tuple[str, str]] = [
        ("GM", "4"),
        ("FF", "4"),
        ("CA", "UTF-8"),
        ("AP", f"taku:{taku.__version__}"),
        ("SZ", str(size)),
    ]
    metadata = dict(record.metadata)
    rules_raw = metadata.pop("RU", None)
    if rules_raw is not None and (record.rules is None or rules_from_text(rules_raw, size) == record.rules):
        props.append(("RU", rules_raw))
    elif record.rules is not None:
        props.append(("RU", rules_text(record.rules)))
    for ident, value in (("PB", record.black), ("PW", record.white), ("EV", record.event)):
        if value is not None:
            props.append((ident, value))
    for ident, key in _METADATA_PROPS.items():
        if ident != "C" and key in metadata:
            props.append((ident, metadata[key]))
    if record.date is not None:
        props.append(("DT", record.date))
    result_raw = metadata.pop("RE", None)
    if result_raw is not None and _result(result_raw) == record.result:
        props.append(("RE", result_raw))
    elif record.result is not None:
        props.append(("RE", {"1-0": "B+", "0-1": "W+", "1/2-1/2": "0"}[record.result]))
    if "comment" in metadata:
        props.append(("C", metadata["comment"]))
    for ident in sorted(metadata):
        if _IDENT_RE.fullmatch(ident) and ident not in _HANDLED and ident not in _SETUP:
            props.append((ident, metadata[ident]))
    root = ";" + "".join(f"{ident}[{_escape(value)}]" for ident, value in props)
    nodes = [
        f";{'BW'[i % 2]}[{'' if move is None else _point_text(move, size)}]"
        for i, move in enumerate(record.moves)
    ]
    lines = [root] + ["".join(nodes[i : i + _MOVES_PER_LINE]) for i in range(0, len(nodes), _MOVES_PER_LINE)]
    return "(" + "\n".join(lines) + ")\n"


def write_sgf_games(records: Iterable[GameRecord]) -> str:
    """Several games as one SGF collection."""
    return "".join(write_sgf(record) for record in records)


# -- the SGF syntax ------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Node:
    props: dict[str, list[str]]
    offset: int
    prop_offsets: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class _Tree:
    nodes: list[_Node]
    children: list[_Tree]


class _Parser:
    """A recursive-descent reader of the SGF syntax; errors name the line and column."""

    def __init__(self, text: str) -> None:
        self.text = text.removeprefix("\ufeff")
        self.i = 0

    def where(self, offset: int | None = None) -> str:
        offset = self.i if offset is None else offset
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return f"SGF line {line}, column {column}"

    def fail(self, message: str, offset: int | None = None) -> RecordError:
        # A property value may hold a line break: the message stays on one line.
        flat = message.replace("\r", "\\r").replace("\n", "\\n")
        return RecordError(f"{self.where(offset)}: {flat}")

    def skip_blanks(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip_blanks()
        return self.text[self.i] if self.i < len(self.text) else ""

    def collection(self) -> list[_Tree]:
        trees = []
        while self.peek():
            if self.peek() != "(":
                raise self.fail(f"expected '(' to start a game, got {self.text[self.i]!r}")
            trees.append(self.tree())
        if not trees:
            raise self.fail("no game: expected '(;'")
        return trees

    def tree(self) -> _Tree:
        start = self.i
        self.i += 1  # "("
        nodes = []
        while self.peek() == ";":
            nodes.append(self.node())
        if not nodes:
            raise self.fail("expected ';' to start a node")
        children = []
        while self.peek() == "(":
            children.append(self.tree())
        if self.peek() != ")":
            if not self.peek():
                raise self.fail("the game tree is not closed with ')'", start)
            raise self.fail(f"expected ';', '(' or ')', got {self.text[self.i]!r}")
        self.i += 1
        return _Tree(nodes, children)

    def node(self) -> _Node:
        node = _Node({}, self.i)
        self.i += 1  # ";"
        while (char := self.peek()).isalpha():
            start = self.i
            while self.i < len(self.text) and self.text[self.i].isalpha():
                self.i += 1
            ident = "".join(c for c in self.text[start : self.i] if c.isupper())  # FF[3] allowed lowercase
            if not ident:
                raise self.fail(f"{self.text[start : self.i]!r} is not a property name", start)
            if ident in node.props:
                raise self.fail(f"property {ident} appears twice in one node", start)
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise self.fail(f"expected '[' after property {ident}")
            node.props[ident] = values
            node.prop_offsets[ident] = start
        if char and char not in ";()":
            raise self.fail(f"expected a property, ';', '(' or ')', got {char!r}")
        return node

    def value(self) -> str:
        start = self.i
        self.i += 1  # "["
        text = self.text
        parts: list[str] = []
        while self.i < len(text):
            char = text[self.i]
            if char == "]":
                self.i += 1
                return "".join(parts)
            if char == "\\":
                self.i += 1
                if self.i < len(text) and text[self.i] in "\r\n":  # soft line break: removed
                    pair = text[self.i : self.i + 2]
                    self.i += 2 if pair in ("\r\n", "\n\r") else 1
                    continue
                if self.i < len(text):
                    parts.append(text[self.i])
            else:
                parts.append(char)
            self.i += 1
        raise self.fail("the property value is not closed with ']'", start)


# -- from the syntax to a record ----------------------------------------------------------------------


def _record(tree: _Tree, parser: _Parser) -> GameRecord:
    nodes = list(tree.nodes)
    branch = tree
    while branch.children:
        branch = branch.children[0]
        nodes += branch.nodes
    root = nodes[0]

    def prop(ident: str) -> str | None:
        values = root.props.get(ident)
        if values is None:
            return None
        text = values[0].replace("\r\n", "\n").replace("\r", "\n")
        return text if ident in _TEXT_PROPS else " ".join(text.split("\n"))

    game = prop("GM")
    if game is not None and game.strip() != "4":
        raise parser.fail(f"GM[{game}] is not gomoku or renju (GM[4])", root.prop_offsets["GM"])
    size = _size(prop("SZ"), parser, root)
    metadata: dict[str, str] = {}
    rules = None
    rules_raw = prop("RU")
    if rules_raw is not None:
        rules = rules_from_text(rules_raw, size)
        if rules is None or rules_text(rules) != rules_raw:
            metadata["RU"] = rules_raw
    result = None
    result_raw = prop("RE")
    if result_raw is not None:
        result = _result(result_raw)
        if result_raw not in ("B+", "W+", "0"):
            metadata["RE"] = result_raw
    for ident, key in _METADATA_PROPS.items():
        if (value := prop(ident)) is not None:
            metadata[key] = value
    for ident in root.props:
        if ident not in _HANDLED and ident not in _SETUP:
            metadata[ident] = prop(ident) or ""

    moves: list[Move] = []
    seen: dict[Point, int] = {}
    for node in nodes:
        for ident in _SETUP:
            if ident in node.props:
                raise parser.fail(f"setup stones ({ident}) are not supported", node.prop_offsets[ident])
        colours = [ident for ident in ("B", "W") if ident in node.props]
        if len(colours) > 1:
            raise parser.fail("a node with both a Black and a White move", node.offset)
        if not colours:
            continue
        colour = colours[0]
        offset = node.prop_offsets[colour]
        values = node.props[colour]
        if len(values) != 1:
            raise parser.fail(f"{colour} has {len(values)} values, expected one point", offset)
        expected = "BW"[len(moves) % 2]
        if colour != expected:
            name = {"B": "Black", "W": "White"}
            raise parser.fail(
                f"{colour}[{values[0]}] is move {len(moves) + 1}, which is {name[expected]}'s", offset
            )
        move = _point(values[0], size, parser, offset, colour)
        if move is not None:
            first = seen.setdefault(move, len(moves))
            if first != len(moves):
                raise parser.fail(
                    f"point {move} ({values[0]}) played twice (moves {first + 1} and {len(moves) + 1})",
                    offset,
                )
        moves.append(move)
    return GameRecord(
        tuple(moves),
        board_size=size,
        rules=rules,
        result=result,
        black=prop("PB"),
        white=prop("PW"),
        event=prop("EV"),
        date=prop("DT"),
        metadata=metadata,
    )


def _size(text: str | None, parser: _Parser, root: _Node) -> int:
    if text is None:
        return 15
    match = re.fullmatch(r"\s*(\d+)\s*(?::\s*(\d+)\s*)?", text)
    offset = root.prop_offsets["SZ"]
    if match is None:
        raise parser.fail(f"SZ[{text}] is not a board size", offset)
    width = int(match.group(1))
    height = int(match.group(2) or width)
    if width != height:
        raise parser.fail(f"SZ[{text}]: the board is not square", offset)
    if not MIN_RECORD_SIZE <= width <= MAX_RECORD_SIZE:
        raise parser.fail(
            f"SZ[{text}]: board size not supported (sizes {MIN_RECORD_SIZE} to {MAX_RECORD_SIZE})", offset
        )
    return width


def _point(text: str, size: int, parser: _Parser, offset: int, colour: str) -> Move:
    if text == "" or (text == "tt" and size <= 19):
        return None
    if len(text) != 2 or not all(c in _LETTERS for c in text):
        raise parser.fail(f"{colour}[{text}] is not an SGF point (two letters, like 'hh')", offset)
    column, row = _LETTERS.index(text[0]), _LETTERS.index(text[1])
    if column >= size or row >= size:
        raise parser.fail(f"{colour}[{text}] is off the {size}x{size} board", offset)
    return Point(column, size - 1 - row)


def _point_text(point: Point, size: int) -> str:
    return _LETTERS[point.x] + _LETTERS[size - 1 - point.y]


def _result(text: str) -> Result | None:
    value = text.strip().upper()
    if value.startswith("B+"):
        return "1-0"
    if value.startswith("W+"):
        return "0-1"
    if value in ("0", "DRAW", "JIGO"):
        return "1/2-1/2"
    return None


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _charset(data: bytes) -> str | None:
    match = re.search(rb"CA\s*\[([^\]]*)\]", data)
    return match.group(1).decode("ascii", "replace").strip() if match else None
