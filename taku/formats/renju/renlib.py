"""RenLib ``.lib`` files (the renju library program by Frank Arkbo), read as a tree of variations.

The layout, as RenLib 3.6 writes it (``LibraryFile``, ``MoveNode``, ``CRenLibDoc::WriteMove``):

* a 20-byte header: ``FF 'RenLib' FF``, the file version's major and minor number (3.4 is the last),
  then ten ``FF`` bytes. Very old files have no header and begin with the centre move ``78``.
* then the tree in preorder, one node after another. A node is two bytes, a point and a flag byte,
  followed by two extension bytes when the ``EXTENSION`` flag (``01``) is set:

  - the point byte is ``16 * (row - 1) + column``, column 1..15 from the left and row 1..15 from
    the **top** (so ``78`` is h8 and ``E1`` is a1); ``00`` is no point: the root, or a pass.
  - flags: ``80`` the node has a next sibling (DOWN); ``40`` the node has no children, the branch
    ends here (RIGHT); ``20`` an old-style comment follows; ``10`` marked; ``08`` a comment follows;
    ``04`` start position; ``02`` not a move (a board label only); ``01`` extension bytes follow.
  - in the extension, bit ``01`` of the second byte: a board text follows the comment.
  - a comment is text ending with a zero byte, padded with a second zero to an even length; a
    backspace (``08``) separates its one-line part from its multi-line part. Old-style comments are
    7-bit text whose last character has the high bit set. A board text is stored like a comment.

Reading keeps a stack: a node with DOWN is pushed; after a node with RIGHT, the next node is a sibling
of the node on top of the stack (popped), otherwise each node is a child of the one before. A node
repeating a sibling's point is merged into it, as RenLib does. Libraries are 15x15.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from taku.formats.renju.record import GameRecord, RecordError
from taku.renju.points import Move, Point

BOARD_SIZE: Final = 15
HEADER: Final = b"\xffRenLib\xff"
HEADER_SIZE: Final = 20
LAST_VERSION: Final = (3, 4)
OLD_FIRST_BYTE: Final = 0x78

DOWN: Final = 0x80
RIGHT: Final = 0x40
OLD_COMMENT: Final = 0x20
MARK: Final = 0x10
COMMENT: Final = 0x08
START: Final = 0x04
NO_MOVE: Final = 0x02
EXTENSION: Final = 0x01
BOARD_TEXT: Final = 0x01  # in the second extension byte

# RenLib's 7-bit old comments wrote Swedish letters as ASCII brackets.
_OLD_CHARACTERS: Final = str.maketrans({"}": "å", "{": "ä", "|": "ö", "]": "Å", "[": "Ä", "\\": "Ö"})


@dataclass(frozen=True, slots=True)
class VariationNode:
    """A node of a variation tree: a move (a point, or ``None`` for a pass) or, when ``is_move`` is
    false, only a label on ``move``'s point; its comments and its continuations."""

    move: Move = None
    is_move: bool = True
    comment: str = ""
    """The one-line comment."""
    long_comment: str = ""
    """The multi-line comment (lines separated by ``\\n``)."""
    board_text: str = ""
    """A label shown on the board at this node's point."""
    mark: bool = False
    start: bool = False
    children: tuple[VariationNode, ...] = ()


@dataclass(frozen=True, slots=True)
class VariationTree:
    """A RenLib library: the root (the empty board, no move) and its variations."""

    root: VariationNode = field(default_factory=lambda: VariationNode(is_move=False))
    version: tuple[int, int] | None = None
    """The file version from the header, ``None`` for a headerless old file."""
    board_size: int = BOARD_SIZE

    def lines(self) -> Iterator[tuple[Move, ...]]:
        """Every variation from the root to a node without continuing moves, in file order."""
        stack: list[tuple[VariationNode, tuple[Move, ...]]] = [(self.root, ())]
        while stack:
            node, line = stack.pop()
            moves = [child for child in node.children if child.is_move]
            if not moves:
                if line:
                    yield line
                continue
            stack.extend((child, (*line, child.move)) for child in reversed(moves))

    def main_line(self) -> tuple[Move, ...]:
        """The first line: the first move at every branch. RenLib keeps moves in board order, so this
        is the first variation of the file, not a best one."""
        return next(self.lines(), ())

    def records(self) -> Iterator[GameRecord]:
        """Each line as a record (15x15, nothing known but the moves)."""
        for line in self.lines():
            yield GameRecord(line, board_size=self.board_size)

    def nodes(self) -> Iterator[VariationNode]:
        """Every node but the root, in preorder."""
        stack = list(reversed(self.root.children))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))

    def __len__(self) -> int:
        """The number of nodes, the root not counted."""
        return sum(1 for _ in self.nodes())


class _Builder:
    """A mutable node while the file is read."""

    __slots__ = ("board_text", "children", "comment", "is_move", "long_comment", "mark", "move", "start")

    def __init__(self, move: Move, is_move: bool) -> None:
        self.move = move
        self.is_move = is_move
        self.comment = ""
        self.long_comment = ""
        self.board_text = ""
        self.mark = False
        self.start = False
        self.children: list[_Builder] = []

    def child(self, move: Move, is_move: bool) -> _Builder:
        for child in self.children:
            if child.move == move:
                child.is_move = child.is_move or is_move
                return child
        node = _Builder(move, is_move)
        self.children.append(node)
        return node


def read_renlib(data: bytes, encoding: str = "cp1252") -> VariationTree:
    """The variation tree of a RenLib library; comments are decoded with ``encoding`` (RenLib wrote
    the Windows code page of its user: cp1252 in the West, gbk in China...)."""
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise RecordError(f"RenLib: unknown character set {encoding!r}") from None
    return _Reader(data, encoding).read()


class _Reader:
    def __init__(self, data: bytes, encoding: str) -> None:
        self.data = data
        self.encoding = encoding
        self.i = 0
        self.node_number = 0

    def fail(self, message: str, offset: int | None = None) -> RecordError:
        offset = self.i if offset is None else offset
        node = f"node {self.node_number}, " if self.node_number else ""
        return RecordError(f"RenLib {node}byte {offset}: {message}")

    def pair(self) -> tuple[int, int]:
        if self.i + 2 > len(self.data):
            raise self.fail("the file ends in the middle of a node")
        first, second = self.data[self.i], self.data[self.i + 1]
        self.i += 2
        return first, second

    def read(self) -> VariationTree:
        data = self.data
        version: tuple[int, int] | None = None
        if data.startswith(HEADER):
            if len(data) < HEADER_SIZE:
                raise self.fail("the header is cut short", len(data))
            version = (data[8], data[9])
            if version > LAST_VERSION:
                raise self.fail(
                    f"file version {version[0]}.{version[1]} is newer than "
                    f"{LAST_VERSION[0]}.{LAST_VERSION[1]}, the last this reader knows",
                    8,
                )
            self.i = HEADER_SIZE
        elif not data or data[0] != OLD_FIRST_BYTE:
            raise self.fail("not a RenLib library (expected the header FF 'RenLib' FF)", 0)

        root = _Builder(None, False)
        current = root
        path: list[_Builder] = [root]  # path[k] is the node k moves deep (passes and labels included)
        stack: list[int] = []
        while self.i < len(data):
            start = self.i
            self.node_number += 1
            position, flags = self.pair()
            extended = self.pair() if flags & EXTENSION else (0, 0)
            move = _point(position)
            if position and move is None:
                raise self.fail(f"point byte {position:#04x} is off the 15x15 board", start)
            if self.node_number == 1 and position == 0:
                node = root  # the root: the empty board
            else:
                node = current.child(move, not flags & NO_MOVE)
                path.append(node)
                if (
                    node.is_move
                    and move is not None
                    and any(earlier.move == move and earlier.is_move for earlier in path[1:-1])
                ):
                    raise self.fail(f"point {move} is played twice on one line", start)
            current = node
            if flags & OLD_COMMENT:
                comment, long_comment = self.old_comment()
                node.comment = node.comment or comment
                node.long_comment = node.long_comment or long_comment
            elif flags & COMMENT:
                comment, long_comment = self.text().partition("\x08")[::2]
                node.comment = node.comment or comment
                node.long_comment = node.long_comment or _lines(long_comment)
            if extended[1] & BOARD_TEXT:
                node.board_text = node.board_text or self.text()
            node.mark = node.mark or bool(flags & MARK)
            node.start = node.start or bool(flags & START)
            if flags & DOWN:
                if node is root:
                    raise self.fail("the root (the empty board) cannot have a sibling (flag 80)", start)
                stack.append(len(path) - 1)
            if flags & RIGHT and stack:
                depth = stack.pop()
                del path[depth:]
                current = path[-1]
        return VariationTree(_freeze(root), version)

    def text(self) -> str:
        start = self.i
        raw = bytearray()
        while True:
            if self.i + 2 > len(self.data):
                raise self.fail("a comment or board text is not ended with a zero byte", start)
            first, second = self.pair()
            if first == 0:
                break
            raw.append(first)
            if second == 0:
                break
            raw.append(second)
        return raw.decode(self.encoding, errors="replace")

    def old_comment(self) -> tuple[str, str]:
        start = self.i
        raw = []
        while True:
            if self.i + 2 > len(self.data):
                raise self.fail("an old-style comment has no last character", start)
            first, second = self.pair()
            raw.append(chr(first & 0x7F))
            if first & 0x80:
                break
            raw.append(chr(second & 0x7F))
            if second & 0x80:
                break
        text = "".join(raw).translate(_OLD_CHARACTERS)
        comment, _, long_comment = text.partition("\x08")
        return comment, _lines(long_comment)


def _point(position: int) -> Point | None:
    """The point of a RenLib point byte (``None`` for ``00`` and for bytes off the board)."""
    column, row = position % 16, position // 16 + 1
    if position == 0 or not (1 <= column <= BOARD_SIZE and 1 <= row <= BOARD_SIZE):
        return None
    return Point(column - 1, BOARD_SIZE - row)


def point_byte(point: Point | None) -> int:
    """The RenLib point byte of ``point`` (``0`` for none): the inverse of the reader's mapping."""
    if point is None:
        return 0
    return 16 * (BOARD_SIZE - 1 - point.y) + point.x + 1


def _lines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _freeze(root: _Builder) -> VariationNode:
    """The immutable tree of ``root``, built bottom-up without recursion (lines may be long)."""
    order: list[_Builder] = []
    stack = [root]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(node.children)
    frozen: dict[int, VariationNode] = {}
    for node in reversed(order):
        frozen[id(node)] = VariationNode(
            move=node.move,
            is_move=node.is_move,
            comment=node.comment,
            long_comment=node.long_comment,
            board_text=node.board_text,
            mark=node.mark,
            start=node.start,
            children=tuple(frozen.pop(id(child)) for child in node.children),
        )
    return frozen[id(root)]
