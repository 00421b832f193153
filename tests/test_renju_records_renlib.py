"""RenLib ``.lib`` libraries: a test-side writer builds the files, ``read_renlib`` reads them back.

The layout is RenLib 3.6's (gomoku/RenLib: ``LibraryFile.cpp``, ``MoveNode.cpp``,
``CRenLibDoc::AddLibrary`` and ``WriteMove``): see ``taku/formats/renju/renlib.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.formats.renju import GameRecord, RecordError, VariationNode, VariationTree, read_renlib
from taku.formats.renju.renlib import point_byte
from taku.renju import Point

P = Point.from_str
HEADER = b"\xffRenLib\xff\x03\x04" + b"\xff" * 10


@dataclass
class Node:
    """A node to write: ``point`` is a RIF name, ``None`` for a pass."""

    point: str | None
    children: list[Node] = field(default_factory=list)
    comment: str = ""
    long_comment: str = ""
    board_text: str = ""
    is_move: bool = True
    mark: bool = False
    old_comment: bool = False


def _text(text: str, encoding: str = "cp1252") -> bytes:
    data = text.encode(encoding) + b"\x00"
    return data + b"\x00" if len(data) % 2 else data


def _old_text(text: str) -> bytes:
    data = bytearray(text.encode("ascii"))
    data[-1] |= 0x80
    return bytes(data) + (b"\x00" if len(data) % 2 else b"")


def _emit(node: Node, position: int, has_sibling: bool, root: bool, out: bytearray) -> None:
    flags = 0
    if has_sibling:
        flags |= 0x80
    if not node.children and not root:
        flags |= 0x40
    comment = node.comment + ("\x08" + node.long_comment if node.long_comment else "")
    if comment:
        flags |= 0x20 if node.old_comment else 0x08
    if node.mark:
        flags |= 0x10
    if not node.is_move:
        flags |= 0x02
    if node.board_text:
        flags |= 0x01
    out += bytes([position, flags])
    if node.board_text:
        out += b"\x00\x01"
    if comment:
        out += _old_text(comment) if node.old_comment else _text(comment)
    if node.board_text:
        out += _text(node.board_text)


def renlib_file(children: list[Node], header: bytes | None = HEADER, root_comment: str = "") -> bytes:
    """A library as RenLib writes it: the header, the root, then the tree in preorder."""
    out = bytearray(header or b"")
    if header is not None:
        _emit(Node(None, children, comment=root_comment), 0, False, True, out)

    def walk(siblings: list[Node]) -> None:
        for i, node in enumerate(siblings):
            position = 0 if node.point is None else point_byte(P(node.point))
            _emit(node, position, i < len(siblings) - 1, False, out)
            walk(node.children)

    walk(children)
    return bytes(out)


def line(text: str) -> tuple[Point | None, ...]:
    return tuple(None if name == "pass" else P(name) for name in text.split())


# -- fixtures --------------------------------------------------------------------------------------------

HAND_BUILT = HEADER + bytes(
    [
        0x00, 0x08,  # the root, with a comment
        *b"Openings\x00\x00",
        0x78, 0x00,  # h8
        0x69, 0xC0,  # i9: a sibling follows (80), its branch ends (40)
        0x89, 0x00,  # i7
        0x8A, 0x50,  # j7: ends its branch (40), marked (10)
    ]
)  # fmt: skip


def test_renlib_fixture_hand_built_bytes() -> None:
    tree = read_renlib(HAND_BUILT)
    assert tree.version == (3, 4) and tree.board_size == 15
    assert tree.root.comment == "Openings" and not tree.root.is_move
    assert list(tree.lines()) == [line("h8 i9"), line("h8 i7 j7")]
    assert tree.main_line() == line("h8 i9")
    assert tree.root.children[0].children[1].children[0].mark
    assert len(tree) == 4
    assert list(tree.records()) == [GameRecord("h8 i9"), GameRecord("h8 i7 j7")]


def test_renlib_comments_board_texts_passes_and_labels() -> None:
    children = [
        Node(
            "h8",
            [
                Node("i9", [Node("j10", comment="sure win", long_comment="line one\r\nline two")]),
                Node("g9", [Node(None, [Node("h10")], comment="pass")]),
                Node("j9", is_move=False, board_text="A"),
            ],
            comment="centre",
        )
    ]
    tree = read_renlib(renlib_file(children, root_comment="root"))
    assert list(tree.lines()) == [line("h8 i9 j10"), line("h8 g9 pass h10")]
    h8 = tree.root.children[0]
    assert h8.comment == "centre" and h8.move == P("h8")
    j10 = h8.children[0].children[0]
    assert (j10.comment, j10.long_comment) == ("sure win", "line one\nline two")
    assert h8.children[1].children[0] == VariationNode(
        None, comment="pass", children=(VariationNode(P("h10")),)
    )
    label = h8.children[2]
    assert not label.is_move and label.board_text == "A" and label.move == P("j9")
    assert [node.move for node in tree.nodes()] == [
        P("h8"), P("i9"), P("j10"), P("g9"), None, P("h10"), P("j9"),
    ]  # fmt: skip


def test_renlib_old_comments_use_seven_bit_text() -> None:
    tree = read_renlib(renlib_file([Node("h8", comment="G|teborg }r", old_comment=True)]))
    assert tree.root.children[0].comment == "Göteborg år"  # RenLib wrote ö as '|', å as '}'


def test_renlib_headerless_old_file_starts_with_the_centre() -> None:
    tree = read_renlib(renlib_file([Node("h8", [Node("i9"), Node("h9")])], header=None))
    assert tree.version is None
    assert list(tree.lines()) == [line("h8 i9"), line("h8 h9")]


def test_renlib_version_3_0_header_without_a_root_node() -> None:
    # RenLib writes minor version 0 and leaves the root out when every line starts at h8 (WriteLibrary)
    old_header = b"\xffRenLib\xff\x03\x00" + b"\xff" * 10
    tree = read_renlib(old_header + renlib_file([Node("h8", [Node("i9")])], header=None))
    assert tree.version == (3, 0) and list(tree.lines()) == [line("h8 i9")]


def test_renlib_repeated_sibling_is_merged_as_renlib_does() -> None:
    data = renlib_file([Node("h8", [Node("i9", [Node("j10")]), Node("i9", [Node("k11")])])])
    tree = read_renlib(data)
    assert list(tree.lines()) == [line("h8 i9 j10"), line("h8 i9 k11")]


def test_renlib_comment_encoding() -> None:
    data = HEADER + bytes([0x00, 0x00, 0x78, 0x48]) + _text("天元", "gbk")
    assert read_renlib(data, encoding="gbk").root.children[0].comment == "天元"
    with pytest.raises(RecordError, match="RenLib: unknown character set 'no-such'"):
        read_renlib(data, encoding="no-such")


@pytest.mark.parametrize(
    ("byte", "name"),
    [(0x78, "h8"), (0xE1, "a1"), (0x01, "a15"), (0x0F, "o15"), (0xEF, "o1"), (0x69, "i9")],
)
def test_renlib_orientation_rows_count_from_the_top(byte: int, name: str) -> None:
    assert point_byte(P(name)) == byte
    tree = read_renlib(HEADER + bytes([0x00, 0x00, byte, 0x40]))
    assert tree.main_line() == (P(name),)


def test_renlib_point_bytes_cover_the_board_once() -> None:
    points = [Point(x, y) for x in range(15) for y in range(15)]
    assert len({point_byte(point) for point in points}) == 225
    assert all(0 < point_byte(point) < 0xF0 and point_byte(point) % 16 for point in points)


# -- round trips of random libraries ---------------------------------------------------------------------


@st.composite
def libraries(draw: st.DrawFn) -> list[Node]:
    """A random tree of variations on 15x15, no point twice on any line."""
    names = [str(Point(x, y)) for x in range(15) for y in range(15)]

    def grow(depth: int, used: frozenset[str]) -> list[Node]:
        if depth >= 6:
            return []
        count = draw(st.integers(0, 3 if depth else 2))
        free = [name for name in names if name not in used]
        points = draw(st.lists(st.sampled_from(free), min_size=count, max_size=count, unique=True))
        return [
            Node(point, grow(depth + 1, used | {point}), comment=draw(st.sampled_from(["", "c", "ab"])))
            for point in points
        ]

    return grow(0, frozenset())


def expected_lines(
    children: list[Node], prefix: tuple[Point | None, ...] = ()
) -> list[tuple[Point | None, ...]]:
    result = []
    for node in children:
        here = (*prefix, None if node.point is None else P(node.point))
        result += expected_lines(node.children, here) if node.children else [here]
    return result


@settings(max_examples=80, deadline=None)
@given(libraries())
def test_renlib_random_library_reads_back_its_lines(children: list[Node]) -> None:
    tree = read_renlib(renlib_file(children))
    assert list(tree.lines()) == expected_lines(children)
    assert len(tree) == sum(1 for _ in tree.nodes())
    comments = []

    def collect(nodes: list[Node]) -> None:
        for node in nodes:
            comments.append(node.comment)
            collect(node.children)

    collect(children)
    assert [node.comment for node in tree.nodes()] == comments


def test_renlib_long_line_does_not_recurse() -> None:
    names = [str(Point(x, y)) for y in range(15) for x in range(15)]
    node = Node(names[-1])
    for name in reversed(names[:-1]):
        node = Node(name, [node])
    tree = read_renlib(renlib_file([node]))
    assert len(tree.main_line()) == 225


# -- errors ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "RenLib byte 0: not a RenLib library (expected the header FF 'RenLib' FF)"),
        (b"(;GM[4])", "RenLib byte 0: not a RenLib library"),
        (b"\xffRenLib\xff\x03", "RenLib byte 9: the header is cut short"),
        (b"\xffRenLib\xff\x04\x00" + b"\xff" * 10, "RenLib byte 8: file version 4.0 is newer than 3.4"),
        (HEADER + b"\x00\x00\x78", "RenLib node 2, byte 22: the file ends in the middle of a node"),
        (HEADER + b"\x00\x00\x78\x01\x00", "RenLib node 2, byte 24: the file ends in the middle of a node"),
        (HEADER + b"\x00\x00\x10\x00", "RenLib node 2, byte 22: point byte 0x10 is off the 15x15 board"),
        (HEADER + b"\x00\x00\xf1\x00", "RenLib node 2, byte 22: point byte 0xf1 is off the 15x15 board"),
        (
            HEADER + b"\x00\x00\x78\x08abc",
            "RenLib node 2, byte 24: a comment or board text is not ended with a zero byte",
        ),
        (
            HEADER + b"\x00\x00\x78\x20ab",
            "RenLib node 2, byte 24: an old-style comment has no last character",
        ),
        (
            HEADER + b"\x00\x00\x78\x00\x69\x00\x78\x00",
            "RenLib node 4, byte 26: point h8 is played twice on one line",
        ),
    ],
)
def test_renlib_errors_name_the_node_and_byte(data: bytes, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        read_renlib(data)


def test_renlib_empty_tree_has_no_lines() -> None:
    assert list(VariationTree().lines()) == [] and VariationTree().main_line() == ()
    assert list(read_renlib(HEADER + b"\x00\x00").records()) == []
