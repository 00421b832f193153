"""Game records: ``GameRecord``, PSQ, SGF and move strings (round trips, fixtures, orientation, errors).

RenLib and RenjuNet are in ``test_renju_records_renlib.py`` and ``test_renju_records_renjunet.py``;
``taku renju convert`` in ``test_renju_cli_convert.py``.
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from taku.formats.renju import (
    FORMATS,
    GameRecord,
    RecordError,
    format_for_name,
    guess_format,
    read_movestring,
    read_movestrings,
    read_psq,
    read_renjunet,
    read_renlib,
    read_sgf,
    read_sgf_games,
    rules_from_text,
    rules_text,
    write_movestring,
    write_movestrings,
    write_psq,
    write_sgf,
    write_sgf_games,
)
from taku.renju import (
    PASS,
    PRESETS,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    Point,
    Position,
    RenjuRules,
)

P = Point.from_str

# -- strategies ------------------------------------------------------------------------------------------


@st.composite
def legal_games(draw: st.DrawFn, passes: bool = True) -> Position:
    """A game played move by move under random rules on an odd board of 7 to 25 (RJ-13): every move
    legal when it was made, possibly ending the game."""
    size = draw(st.sampled_from(range(7, 26, 2)))
    rules = RenjuRules.preset(draw(st.sampled_from(list(PRESETS))), board_size=size)
    if draw(st.booleans()):
        rules = rules.replace(move_limit=draw(st.integers(10, 60)))
    position = Position(rules=rules)
    for _ in range(draw(st.integers(0, 40))):
        if position.is_over:
            break
        if passes and draw(st.integers(0, 9)) == 0:
            position.push(PASS)
            continue
        legal = sorted(position.legal_moves)
        if not legal:
            break
        position.push(draw(st.sampled_from(legal)))
    return position


@st.composite
def board_walks(draw: st.DrawFn, sizes: st.SearchStrategy[int]) -> tuple[int, tuple[Point, ...]]:
    """A board size and distinct points on it: a sequence of moves, any size (even ones too)."""
    size = draw(sizes)
    points = [Point(x, y) for y in range(size) for x in range(size)]
    count = draw(st.integers(0, min(len(points), 30)))
    moves = draw(st.permutations(points))[:count]
    return size, tuple(moves)


SIMPLE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.just("\n"), max_size=20)
NAMES = st.from_regex(r"[A-Za-z0-9._-]{1,10}( [A-Za-z0-9._()-]{1,8}){0,2}", fullmatch=True)


# -- GameRecord ------------------------------------------------------------------------------------------


def test_record_accepts_a_move_string_and_defaults_to_15x15() -> None:
    record = GameRecord("h8 i9, pass j10")
    assert record.moves == (P("h8"), P("i9"), None, P("j10"))
    assert record.board_size == 15 and record.rules is None and record.result is None


def test_record_moves_are_always_points_whatever_the_constructor_was_given() -> None:
    record = GameRecord(["h8", P("i9"), "pass", None, " J10 "])
    moves: tuple[Move, ...] = record.moves
    assert moves == (P("h8"), P("i9"), None, None, P("j10"))
    assert all(move is None or type(move) is Point for move in moves)
    assert record == GameRecord("h8 i9 pass pass j10") == record.replace(moves="h8 i9 pass pass j10")
    assert record.replace(moves=["a1"]).moves == (P("a1"),)


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (["h8", "zz"], "move 2: 'zz' is not a move string"),
        (["h8 i9"], "move 1: 'h8 i9' is not one move"),
        ([P("h8"), 5], "move 2: 5 is not a point or a pass"),
        ("h8 zz", "'h8 zz' is not a move string"),
    ],
)
def test_record_moves_that_are_not_moves_are_record_errors(moves: object, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        GameRecord(moves)  # type: ignore[arg-type]


def test_record_takes_its_board_from_its_rules() -> None:
    rules = RenjuRules.preset("gomoku_freestyle", board_size=19)
    assert GameRecord("a1", rules=rules).board_size == 19
    with pytest.raises(RecordError, match="the rules are for a 19x19 board but the record's board is 15x15"):
        GameRecord(rules=rules, board_size=15)


def test_record_is_a_frozen_hashable_value_with_an_evaluable_repr() -> None:
    record = GameRecord(
        "h8i9",
        rules=RenjuRules.preset("renju", move_limit=100),
        result="1/2-1/2",
        black="A",
        metadata={"round": "3"},
    )
    assert eval(repr(record), {"GameRecord": GameRecord, "RenjuRules": RenjuRules}) == record
    assert hash(record) == hash(record.replace())
    assert pickle.loads(pickle.dumps(record)) == record  # e.g. for multiprocessing
    with pytest.raises(AttributeError):
        record.black = "B"  # type: ignore[misc]
    with pytest.raises(TypeError):
        record.metadata["round"] = "4"  # type: ignore[index]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"moves": "h8 h8"}, "move 2: point h8 played twice (moves 1 and 2)"),
        ({"moves": "h8 p16"}, "move 2: p16 is off the 15x15 board"),
        ({"moves": "h8", "board_size": 4}, "board size 4 is not supported: expected 5 to 25"),
        ({"moves": "h8", "board_size": 26}, "board size 26 is not supported"),
        ({"result": "2-0"}, "result '2-0' is not one of 1-0, 0-1, 1/2-1/2"),
        ({"moves": "h8", "move_times": (1, 2)}, "2 move times for 1 moves"),
    ],
)
def test_record_rejects_what_is_not_a_game(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        GameRecord(**kwargs)  # type: ignore[arg-type]


def test_record_error_is_a_value_error_and_an_invalid_notation_error() -> None:
    assert issubclass(RecordError, InvalidNotationError) and issubclass(RecordError, ValueError)


def test_record_position_plays_under_the_record_rules_then_renju() -> None:
    assert GameRecord("h8 h9").position().rules == RenjuRules()
    assert GameRecord("a1").position().move_string() == "a1"  # RJ-14: renju does not need the centre
    with pytest.raises(IllegalMoveError, match="Black's first move must be on the centre point"):
        GameRecord("a1", rules=RenjuRules.preset("rif")).position()
    freestyle = RenjuRules.preset("gomoku_freestyle")
    assert GameRecord("a1", rules=freestyle).position().move_string() == "a1"
    assert GameRecord("a1").position(freestyle).move_string() == "a1"


def test_record_from_position_records_the_result() -> None:
    position = Position("h8 a1 i8 a3 j8 a5 k8 a7 l8")  # Black's five
    record = GameRecord.from_position(position, event="Club")
    assert record.result == "1-0" and record.event == "Club" and record.rules == position.rules
    with pytest.raises(RecordError, match="set up with stones"):
        GameRecord.from_position(Position.from_stones("h8", "i9"))


@settings(max_examples=60, deadline=None)
@given(legal_games())
def test_record_of_a_legal_game_replays_to_the_same_position(position: Position) -> None:
    record = GameRecord.from_position(position)
    replayed = record.position()
    assert replayed.zobrist_hash() == position.zobrist_hash()
    assert replayed.outcome() == position.outcome()


def test_rules_text_round_trip_and_common_names() -> None:
    for name, preset in PRESETS.items():
        assert rules_text(preset) == name
        assert rules_from_text(name, 15) == preset
    custom = RenjuRules(board_size=19, move_limit=200, forbidden_move="reject")
    assert rules_text(custom) == "renju;forbidden_move=reject;move_limit=200"
    assert rules_from_text(rules_text(custom), 19) == custom
    for name in ("RIF", "Yamaguchi", "Taraguchi-10", "soosorv-8", "Soosõrv-8"):
        assert rules_from_text(name, 15) == PRESETS["rif"]  # RIF openings start in the centre (RJ-14)
    assert rules_from_text("Renju", 15) == RenjuRules()
    assert rules_from_text("renju;first_move_center_required=true", 15) == PRESETS["rif"]
    assert rules_text(RenjuRules(first_move_center_required=True)) == "rif"
    assert rules_from_text("Gomoku", 15) == PRESETS["gomoku_freestyle"]
    assert rules_from_text("Japanese", 15) is None
    assert rules_from_text("renju;nonsense=1", 15) is None
    assert rules_from_text("renju", 20) is None  # renju boards are odd (CFG-RJ-2)


# -- move strings ----------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(legal_games())
def test_movestring_round_trip(position: Position) -> None:
    record = GameRecord(position.move_stack, board_size=position.size)
    assert read_movestring(write_movestring(record), position.size) == record
    if record.moves:  # an empty game is an empty line, which the multi-game reader skips
        assert read_movestrings(write_movestrings([record, record]), position.size) == [record, record]


def test_movestring_fixture_one_game_a_line() -> None:
    games = read_movestrings("h8i9j10\n\n  h8 h9, pass h10 \n", board_size=19)
    assert [game.move_string(" ") for game in games] == ["h8 i9 j10", "h8 h9 pass h10"]
    assert all(game.board_size == 19 for game in games)
    assert read_movestring("") == GameRecord()
    assert write_movestring(games[1], " ") == "h8 h9 pass h10\n"


@pytest.mark.parametrize(
    ("text", "size", "message"),
    [
        ("h8\nh8zz", 15, "move string line 2: 'h8zz' is not a move string"),
        ("h8 p16", 15, "move string line 1, move 2: p16 is off the 15x15 board"),
        (
            "h8 i9 h8",
            15,
            "move string line 1, move 3: point h8 played twice (moves 1 and 3)",
        ),
        ("t20", 19, "move string line 1, move 1: t20 is off the 19x19 board"),
    ],
)
def test_movestring_errors_name_the_line(text: str, size: int, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        read_movestrings(text, size)


def test_movestring_one_game_expected() -> None:
    with pytest.raises(RecordError, match="expected one game, found 2 lines"):
        read_movestring("h8\ni9\n")


# -- PSQ -------------------------------------------------------------------------------------------------

GOMOCUP_PSQ = """Piskvorky 20x20, 11:11, 0
10,10,1076
11,11,2000
11,9,0
12,10,3812
9,11,120
pbrain-embryo.zip
pbrain-rapfi.zip
-1
"""


def test_psq_fixture_gomocup_freestyle_game() -> None:
    record = read_psq(GOMOCUP_PSQ)
    assert record.board_size == 20 and record.rules is None
    # x,y are Gomocup coordinates plus one, y from the top: 10,10 is j11 on 20x20
    assert record.move_string(" ") == "j11 k10 k12 l11 i10"
    assert (record.black, record.white) == ("pbrain-embryo.zip", "pbrain-rapfi.zip")
    assert record.move_times == (1076, 2000, 0, 3812, 120)
    assert dict(record.metadata) == {"psq_trailer": "-1"}
    assert write_psq(record) == GOMOCUP_PSQ


def test_psq_first_player_flag_decides_who_is_black() -> None:
    text = "Piskvorky 15x15, 0:11, 1\n8,8,0\n9,9,0\nhomo-1\npbrain-x.exe\n0\n"
    record = read_psq(text)
    assert (record.black, record.white) == ("pbrain-x.exe", "homo-1")
    assert dict(record.metadata) == {"psq_levels": "0:11", "psq_trailer": "0"}
    assert read_psq(write_psq(record)) == record
    assert write_psq(record).splitlines()[0] == "Piskvorky 15x15, 0:11, 0"


def test_psq_without_names_times_or_trailer() -> None:
    record = read_psq("Piskvorky 15x15, 11:11, 0\n8,8\n9,7\n")
    assert record == GameRecord("h8 i9")
    assert read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n").metadata == {"psq_trailer": "-1"}


def test_psq_orientation_corners_and_centre() -> None:
    record = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n1,1,0\n1,15,0\n15,15,0\n15,1,0\n")
    assert record.move_string(" ") == "h8 a15 a1 o1 o15"
    for point in record.moves:
        assert point is not None
        x, y = point.gomocup(15).split(",")
        assert f"{int(x) + 1},{int(y) + 1}" in write_psq(record)


@settings(max_examples=80, deadline=None)
@given(
    board_walks(st.integers(5, 25)),
    st.none() | st.tuples(NAMES, NAMES),
    st.booleans(),
    st.sampled_from([{}, {"psq_trailer": "-1"}, {"psq_levels": "0:0", "psq_trailer": "3\n1,Freestyle"}]),
    st.data(),
)
def test_psq_round_trip(
    walk: tuple[int, tuple[Point, ...]],
    names: tuple[str, str] | None,
    timed: bool,
    metadata: dict[str, str],
    data: st.DataObject,
) -> None:
    # Piskvork reads the two lines after the moves as the names: a longer trailer needs names
    assume(names is not None or "\n" not in metadata.get("psq_trailer", ""))
    size, moves = walk
    times: tuple[int, ...] = ()
    if timed and moves:
        times = tuple(data.draw(st.lists(st.integers(1, 10**6), min_size=len(moves), max_size=len(moves))))
    black, white = names if names else (None, None)
    record = GameRecord(moves, board_size=size, black=black, white=white, move_times=times, metadata=metadata)
    assert read_psq(write_psq(record)) == record


@settings(max_examples=40, deadline=None)
@given(legal_games(passes=False))
def test_psq_round_trip_of_legal_games(position: Position) -> None:
    record = GameRecord(position.move_stack, board_size=position.size)
    assert read_psq(write_psq(record)) == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "PSQ line 1: expected a header like 'Piskvorky 15x15, 11:11, 0', got ''"),
        ("Piskvork 15x15\n8,8,0\n", "PSQ line 1: expected a header like"),
        ("Piskvorky 15x20, 11:11, 0\n", "PSQ line 1: board 15x20 is not square"),
        ("Piskvorky 30x30, 11:11, 0\n", "PSQ line 1: board 30x30 is not supported (sizes 5 to 25)"),
        ("Piskvorky 15x15, 11:11, 2\n", "PSQ line 1: the first player is 2, expected 0 or 1"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n16,3,0\n", "PSQ line 4: move 16,3 is off the 15x15 board"),
        ("Piskvorky 15x15, 11:11, 0\n0,5,0\n", "PSQ line 2: move 0,5 is off the 15x15 board"),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n",
            "PSQ line 4: point h8 played twice (moves 1 and 3)",
        ),
    ],
)
def test_psq_errors_name_the_line(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        read_psq(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n9;7\n10,10,0\n",
            "PSQ line 3: '9;7' is not a move: expected x,y or x,y,time",
        ),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0,5\n", "PSQ line 3: '9,7,0,5' is not a move"),
        ("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,\n", "PSQ line 3: '9,' is not a move"),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\nAnn\n10,10,0\n",
            "PSQ line 4: '10,10,0' looks like a move, but the moves ended at line 2",
        ),
        (
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n\n9,9,0\n",
            "PSQ line 4: '9,9,0' looks like a move, but the moves ended at line 2",
        ),
    ],
)
def test_psq_malformed_move_lines_are_not_read_as_names(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)):
        read_psq(text)


def test_psq_trailing_names_and_end_code_still_read() -> None:
    record = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\nAnn 2\nBo\n-1\n")
    assert (record.black, record.white, record.move_string()) == ("Ann 2", "Bo", "h8i9")
    assert dict(record.metadata) == {"psq_trailer": "-1"}
    assert read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\nfoo\n").metadata == {"psq_trailer": "foo"}


def test_psq_cannot_hold_a_pass() -> None:
    with pytest.raises(RecordError, match="PSQ: move 2 is a pass, which PSQ cannot hold"):
        write_psq(GameRecord("h8 pass i9"))


# -- SGF -------------------------------------------------------------------------------------------------

RENJU_SGF = """(;GM[4]FF[4]CA[UTF-8]AP[RenjuBase:1.0]SZ[15]RU[RIF]
EV[World Championship]RO[5]PC[Tallinn]DT[2019-08-03]
PB[Black Player]BR[9d]PW[White Player]WR[8d]RE[B+R]KM[0]
C[A game.\\] With an escaped bracket,
and a second line.]
;B[hh]C[centre];W[ig];B[jf]
;W[ii](;B[gi];W[jj]BL[100])(;B[kk]))
"""


def test_sgf_fixture_renju_game_main_line_and_properties() -> None:
    record = read_sgf(RENJU_SGF)
    assert record.move_string(" ") == "h8 i9 j10 i7 g7 j6"  # the first variation at the branch
    assert record.board_size == 15 and record.rules == RenjuRules.preset("rif")
    assert (record.black, record.white, record.event, record.date) == (
        "Black Player",
        "White Player",
        "World Championship",
        "2019-08-03",
    )
    assert record.result == "1-0"
    assert dict(record.metadata) == {
        "RU": "RIF",
        "RE": "B+R",
        "round": "5",
        "place": "Tallinn",
        "comment": "A game.] With an escaped bracket,\nand a second line.",
        "BR": "9d",
        "WR": "8d",
        "KM": "0",
    }
    again = read_sgf(write_sgf(record))
    assert again == record
    assert "RU[RIF]" in write_sgf(record) and "RE[B+R]" in write_sgf(record)


@pytest.mark.parametrize(
    ("size", "text", "name"),
    [
        (15, "hh", "h8"),  # the centre
        (15, "ao", "a1"),  # SGF rows count from the top, RIF rows from the bottom
        (15, "aa", "a15"),
        (15, "oa", "o15"),
        (15, "oo", "o1"),
        (19, "jj", "j10"),
        (20, "aa", "a20"),
        (25, "yy", "y1"),
    ],
)
def test_sgf_orientation(size: int, text: str, name: str) -> None:
    record = read_sgf(f"(;GM[4]SZ[{size}];B[{text}])")
    assert record.moves == (P(name),)
    assert f";B[{text}]" in write_sgf(record)


def test_sgf_passes_and_defaults() -> None:
    record = read_sgf("(;GM[4];B[hh];W[];B[tt];W[ii])")  # no SZ: 15x15; [tt] is a pass up to 19x19
    assert record.moves == (P("h8"), None, None, P("i7"))
    assert ";W[]" in write_sgf(record) and "SZ[15]" in write_sgf(record)
    assert read_sgf("(;B[hh])").moves == (P("h8"),)  # GM may be missing
    assert read_sgf("(;GM[4]SZ[21];B[tt])").moves == (P("t2"),)  # tt is a point from 20x20 up


def test_sgf_ff3_lowercase_identifiers_and_soft_line_breaks() -> None:
    record = read_sgf("(;GaMe[4]PlayerBlack[Ann\\\nie]SZ[15];B[hh])")
    assert record.black == "Annie"


def test_sgf_collection() -> None:
    records = [GameRecord("h8"), GameRecord("h8i9", result="0-1", black="X")]
    text = write_sgf_games(records)
    assert read_sgf_games(text) == records
    with pytest.raises(RecordError, match="SGF: the file holds 2 games, expected one"):
        read_sgf(text)


def test_sgf_bytes_follow_the_charset() -> None:
    text = "(;GM[4]CA[ISO-8859-1]PB[Jörg];B[hh])".encode("latin-1")
    assert read_sgf(text).black == "Jörg"
    assert read_sgf("(;GM[4]PB[Jörg];B[hh])".encode()).black == "Jörg"


def test_sgf_result_forms() -> None:
    for text, result in [
        ("B+", "1-0"),
        ("W+Time", "0-1"),
        ("0", "1/2-1/2"),
        ("Draw", "1/2-1/2"),
        ("?", None),
    ]:
        assert read_sgf(f"(;GM[4]RE[{text}];B[hh])").result == result
    written = write_sgf(GameRecord("h8", result="1/2-1/2"))
    assert "RE[0]" in written


def test_sgf_metadata_written_only_when_consistent() -> None:
    record = read_sgf("(;GM[4]RE[B+R]RU[RIF];B[hh])").replace(result="0-1", rules=None)
    text = write_sgf(record)
    assert "RE[W+]" in text and "B+R" not in text
    assert "RU[RIF]" in text  # no rules in the record: the source's text stays


SGF_RECORDS: st.SearchStrategy[dict[str, Any]] = st.builds(
    dict,
    black=st.none() | SIMPLE_TEXT,
    white=st.none() | SIMPLE_TEXT,
    event=st.none() | SIMPLE_TEXT,
    date=st.none() | SIMPLE_TEXT,
    metadata=st.dictionaries(
        st.sampled_from(["round", "place", "name", "KM", "OT", "SO", "AN"]), SIMPLE_TEXT, max_size=3
    )
    | st.builds(lambda text: {"comment": text}, TEXT),
)


@settings(max_examples=80, deadline=None)
@given(legal_games(), SGF_RECORDS)
def test_sgf_round_trip(position: Position, fields: dict[str, object]) -> None:
    record = GameRecord.from_position(position, **fields)
    assert read_sgf(write_sgf(record)) == record


@settings(max_examples=40, deadline=None)
@given(board_walks(st.integers(5, 25)))
def test_sgf_round_trip_any_board(walk: tuple[int, tuple[Point, ...]]) -> None:
    size, moves = walk
    record = GameRecord(moves, board_size=size)
    assert read_sgf(write_sgf(record)) == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "SGF line 1, column 1: no game: expected '(;'"),
        ("x(;B[hh])", "SGF line 1, column 1: expected '(' to start a game, got 'x'"),
        ("(;GM[4];B[hh]", "SGF line 1, column 1: the game tree is not closed with ')'"),
        ("(;GM[4]\n;B[hh)", "SGF line 2, column 3: the property value is not closed with ']'"),
        ("(;GM[4]B)", "SGF line 1, column 9: expected '[' after property B"),
        ("(;GM[4]B[hh]B[ii])", "SGF line 1, column 13: property B appears twice in one node"),
        ("(;GM[1];B[hh])", "SGF line 1, column 3: GM[1] is not gomoku or renju (GM[4])"),
        ("(;GM[4]SZ[big];B[hh])", "SGF line 1, column 8: SZ[big] is not a board size"),
        ("(;GM[4]SZ[15:17])", "SGF line 1, column 8: SZ[15:17]: the board is not square"),
        ("(;GM[4]SZ[30])", "SGF line 1, column 8: SZ[30]: board size not supported (sizes 5 to 25)"),
        ("(;GM[4]SZ[15];B[pp])", "SGF line 1, column 15: B[pp] is off the 15x15 board"),
        ("(;GM[4];B[h8])", "SGF line 1, column 9: B[h8] is not an SGF point (two letters, like 'hh')"),
        ("(;GM[4];B[hh];B[ii])", "SGF line 1, column 15: B[ii] is move 2, which is White's"),
        ("(;GM[4];W[hh])", "SGF line 1, column 9: W[hh] is move 1, which is Black's"),
        ("(;GM[4];B[hh]W[ii])", "SGF line 1, column 8: a node with both a Black and a White move"),
        ("(;GM[4]AB[hh];W[ii])", "SGF line 1, column 8: setup stones (AB) are not supported"),
        ("(;GM[4];B[hh][ii])", "SGF line 1, column 9: B has 2 values, expected one point"),
        ("(;GM[4];B[hh];W[ii];B[hh])", "SGF line 1, column 21: point h8 (hh) played twice (moves 1 and 3)"),
        ("(;GM[4];B[hh]);", "SGF line 1, column 15: expected '(' to start a game, got ';'"),
        ("(;GM[4];B[hh]1)", "SGF line 1, column 14: expected a property, ';', '(' or ')', got '1'"),
        ("(;GM[4];B[hh]x[])", "SGF line 1, column 14: 'x' is not a property name"),
        ("(;GM[4]CA[no-such-charset])", ""),
    ],
)
def test_sgf_errors_name_line_and_column(text: str, message: str) -> None:
    if not message:  # a charset only matters for bytes
        assert read_sgf(text).moves == ()
        with pytest.raises(RecordError, match=re.escape("SGF: unknown character set 'no-such-charset'")):
            read_sgf(text.encode())
        return
    with pytest.raises(RecordError, match=re.escape(message)):
        read_sgf(text)


# -- formats by name -------------------------------------------------------------------------------------


def test_formats_are_found_by_extension_and_by_content() -> None:
    found = [format_for_name(name) for name in ("a.psq", "B.SGF", "c.txt", "d.lib", "e.xml", "f.rif")]
    assert [record_format.name if record_format else None for record_format in found] == [
        "psq",
        "sgf",
        "txt",
        "lib",
        "xml",
        "xml",
    ]
    assert format_for_name("game.doc") is None
    guesses = {
        b"Piskvorky 15x15, 11:11, 0\n": "psq",
        b"\xef\xbb\xbf\n ( ;GM[4])": "sgf",
        b'<?xml version="1.0"?><database/>': "xml",
        b"\xffRenLib\xff\x03\x04": "lib",
        b"\x78\x00\x69\x40": "lib",  # a headerless old library: the centre move first
    }
    for data, name in guesses.items():
        guessed = guess_format(data)
        assert guessed is not None and guessed.name == name
    assert guess_format(b"h8i9j10\n") is None and guess_format(b"x5 y6") is None
    assert FORMATS["lib"].writer is None and FORMATS["xml"].writer is None
    assert FORMATS["sgf"].many and FORMATS["txt"].many and not FORMATS["psq"].many


def test_record_format_repr_finds_it_in_formats() -> None:
    for name, record_format in FORMATS.items():
        assert repr(record_format) == f"FORMATS[{name!r}]"
        assert eval(repr(record_format), {"FORMATS": FORMATS}) is record_format
    other = FORMATS["psq"].__class__("x", (".x",), "a test format", lambda data, size: [])
    assert repr(other) == "<RecordFormat 'x' .x>"


@settings(max_examples=300, deadline=None)
@given(
    st.text(st.sampled_from(list('();[]\\BWGMSZhio \n:0123456789,-<>/="Piskvorky games move')), max_size=40),
    st.binary(max_size=40),
)
def test_every_reader_refuses_garbage_with_a_record_error(text: str, data: bytes) -> None:
    readers: list[Callable[[str], object]] = [read_sgf_games, read_psq, read_movestrings, read_renjunet]
    attempts: list[tuple[Callable[[Any], object], str | bytes]] = [(reader, text) for reader in readers]
    attempts += [(read_psq, "Piskvorky 15x15, 11:11, 0\n" + text), (read_sgf_games, "(;GM[4]" + text)]
    attempts += [(read_renlib, data), (read_renlib, b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + data)]
    attempts += [(read_sgf_games, data), (read_renjunet, data)]
    for reader, argument in attempts:
        try:
            reader(argument)
        except RecordError as error:
            assert "\n" not in str(error)


@pytest.mark.parametrize("field", ["black", "white"])
def test_psq_write_refuses_names_that_read_back_as_moves(field: str) -> None:
    """A PSQ name line like ``1,2`` would be read as a move: writing it is an error, not a wrong game."""
    record = GameRecord("h8", **{field: "1,2"})
    with pytest.raises(RecordError, match=r"player name '1,2' would read back as a move"):
        write_psq(record)
    assert read_psq(write_psq(GameRecord("h8", black="Bob", white="Ann"))).black == "Bob"
