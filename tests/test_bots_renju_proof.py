"""Proof-number search (df-pn) for VCT, the iterative-deepening threat searches, and the puzzle set
of forced wins announced by an outside engine (tests/data/renju_mate_puzzles.txt)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from taku.bots.renju_ai import solve_vcf, solve_vct
from taku.bots.renju_search import (
    PROBE_NODES,
    QUIET_PLIES,
    QUIET_VCT_NODES,
    Clock,
    ProofSearch,
    SearchBoard,
    ThreatSearch,
    find_vct,
)
from taku.renju import BLACK, Point, Position
from tests.renju_helpers import replays_to_a_win

DATA = Path(__file__).resolve().parent / "data"
MATES = DATA / "renju_mate_puzzles.txt"


def _vcf_rows() -> list[tuple[str, str, str]]:
    rows = []
    for line in (DATA / "renju_vcf_puzzles.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, expected, moves = line.split()
            rows.append((name, expected, moves))
    return rows


VCF_PUZZLES = [(n, e, m) for n, e, m in _vcf_rows() if e == "vcf"]
NONE_PUZZLES = [(n, e, m) for n, e, m in _vcf_rows() if e == "none"]


def _mate_rows() -> list[tuple[str, int, str, str]]:
    rows = []
    for line in MATES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, plies, expected, moves = line.split()
            rows.append((name, int(plies), expected, moves))
    return rows


MATE_ROWS = _mate_rows()


def _proof(position: Position, max_depth: int = 10, seconds: float = 60.0) -> list[Point] | None:
    board = SearchBoard(position)
    line = ProofSearch(board, int(position.turn), Clock(seconds), max_depth).solve()
    return None if line is None else [board.point(i) for i in line]


@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, m in VCF_PUZZLES])
def test_proof_search_proves_every_vcf_puzzle(name: str, moves: str) -> None:
    position = Position(moves)
    line = _proof(position)
    assert line is not None, name
    assert replays_to_a_win(position, line), f"{name}: {[str(p) for p in line]}"


def test_proof_search_disproves_a_quiet_position() -> None:
    assert _proof(Position("h8i9j8"), max_depth=4) is None


@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, m in NONE_PUZZLES if n != "none-quiet"])
def test_proof_search_finds_no_win_without_threats(name: str, moves: str) -> None:
    position = Position(moves)
    if solve_vct(position, max_depth=4, time_limit=30) is None:
        assert _proof(position, max_depth=4) is None


def test_vct_deepening_finds_the_shortest_vcf_first() -> None:
    position = Position(dict((n, m) for n, _, m in VCF_PUZZLES)["selfplay-07-black"])
    board = SearchBoard(position)
    shortest = ThreatSearch(board, int(position.turn), Clock(60)).vcf_deepening(16)
    assert shortest is not None
    for depth in range(1, (len(shortest) - 1) // 2):  # fewer fours than the line has
        assert ThreatSearch(board, int(position.turn), Clock(60)).vcf(depth) is None


def test_vct_without_vcf_is_found_by_each_search() -> None:
    position = Position.from_stones("g8 i8 h6 h7", "a1 a3 o1 o3", turn=BLACK)
    assert solve_vcf(position) is None
    proof = _proof(position, max_depth=6)
    assert proof is not None and replays_to_a_win(position, proof)
    board = SearchBoard(position)
    line = ThreatSearch(board, 1, Clock(60)).vct_deepening(4, 6)
    assert line is not None and replays_to_a_win(position, [board.point(i) for i in line])


def _counter_four_puzzle() -> Position:
    """A puzzle whose proof needs the defender's counter-four blocked: White's three on j5 is
    answered by Black's four on j12, White blocks on j13 (no threat of its own) and Black must still
    stop the three."""
    return Position(next(moves for name, _, _, moves in MATE_ROWS if name == "game05-21-white"))


@pytest.mark.parametrize("search", ["proof", "depth-first"])
def test_vct_blocks_a_counter_four_and_the_three_still_stands(search: str) -> None:
    position = _counter_four_puzzle()
    board = SearchBoard(position)
    attacker = int(position.turn)
    clock = Clock(60)
    found = ProofSearch(board, attacker, clock, 10).solve() if search == "proof" \
        else ThreatSearch(board, attacker, clock).vct_deepening(6, 6)
    assert found is not None
    line = [board.point(i) for i in found]
    assert replays_to_a_win(position, line), [str(p) for p in line]
    # The defender's first answer is a four: the attacker's next move is the block of its five.
    board.place(found[0], attacker)
    board.place(found[1], 3 - attacker)
    assert board.five_points(3 - attacker) == [found[2]]


def test_a_double_four_line_shows_a_block_black_may_play() -> None:
    """White's double four on g13 has five points c9 (a double four, forbidden to Black) and h14:
    the line shows Black blocking h14 and White's five on c9, a line that replays."""
    moves = ("h8h9h10g8g9f10i10i11j10k10i9k11f6g7j8k7g11f12j11j7j9j12h11k8k9i6l9m9l10i7h7l8j6f11f13g12"
             "m11n12i8e10g6f5h13h12i12e12d12f9f8g10d13g4h5d10c10d9c8d11c12d7d8e8c6e11e9")
    position = Position(moves)
    assert position.forbidden_reason("c9") == "double-four"
    line = solve_vcf(position, max_depth=1)
    assert line is not None and [str(p) for p in line] == ["g13", "h14", "c9"]
    assert replays_to_a_win(position, line)


def test_mate_puzzle_file_lists_both_colours_and_lengths() -> None:
    assert len(MATE_ROWS) >= 50
    assert all(5 <= plies <= 15 for _, plies, _, _ in MATE_ROWS)
    assert all(expected in ("win", "open") for _, _, expected, _ in MATE_ROWS)
    assert {Position(moves).turn for _, _, _, moves in MATE_ROWS} == {BLACK, BLACK.other}
    assert len({moves for _, _, _, moves in MATE_ROWS}) == len(MATE_ROWS)


def test_a_short_mate_puzzle_is_solved_quickly() -> None:
    """The shortest solved puzzle, in the fast suite (the others are ``slow``)."""
    name, _, _, moves = min((row for row in MATE_ROWS if row[2] == "win"), key=lambda row: row[1])
    position = Position(moves)
    line = solve_vct(position, max_depth=8, time_limit=60)
    assert line is not None and replays_to_a_win(position, line), name


@pytest.mark.slow
@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, e, m in MATE_ROWS if e == "win"])
def test_mate_puzzle_is_solved(name: str, moves: str) -> None:
    """The puzzles taku solves (``win``) must stay solved (with a generous clock: the time per
    puzzle is measured by benchmarks/renju_mates.py, not here)."""
    position = Position(moves)
    line = solve_vct(position, max_depth=8, time_limit=60)
    assert line is not None, name
    assert replays_to_a_win(position, line), f"{name}: {[str(p) for p in line]}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, _, m in MATE_ROWS])
def test_mate_puzzle_short_search_gives_no_false_win(name: str, moves: str) -> None:
    """Every puzzle (``open`` ones too, none since game02-23-white was solved): whatever a short
    search returns (cut by its depth and clock) is a real win."""
    position = Position(moves)
    line = solve_vct(position, max_depth=4, time_limit=1)
    assert line is None or replays_to_a_win(position, line), name


# -- quiet moves that threaten a VCF (issue 13: the puzzles whose win starts with a move that is
# neither a three nor a four) ----------------------------------------------------------------------


def _mate(name: str) -> Position:
    return Position(next(moves for row_name, _, _, moves in MATE_ROWS if row_name == name))


def _quiet_proof(position: Position, quiet_vcf: int, max_depth: int = 14) -> list[Point] | None:
    board = SearchBoard(position)
    line = ProofSearch(board, int(position.turn), Clock(60), max_depth, quiet_vcf).solve()
    return None if line is None else [board.point(i) for i in line]


def test_forced_block_that_leaves_a_vcf_is_searched() -> None:
    """game19-28-black: White has a four; Black's block on d10 makes no three or four, but after it
    Black has a VCF whatever White does. Fours and threes alone find nothing; with quiet VCF
    threats the proof starts with the block and its main line replays to a win."""
    position = _mate("game19-28-black")
    assert _quiet_proof(position, 0) is None
    line = _quiet_proof(position, 12)
    assert line is not None and str(line[0]) == "d10"
    assert replays_to_a_win(position, line), [str(p) for p in line]


def test_quiet_move_threatening_a_vcf_wins() -> None:
    """game32-17-white (Rapfi: 13 plies): White's win plays j11, a move making no three or four,
    after a three; solve_vct now finds a win and its main line replays."""
    position = _mate("game32-17-white")
    assert _quiet_proof(position, 0) is None
    line = solve_vct(position, max_depth=8, time_limit=60)
    assert line is not None and replays_to_a_win(position, line), line


def test_vcf_threat_defences_are_every_move_that_stops_the_vcf() -> None:
    """After White's quiet j11 (game32-17-white after h12 k12 j11) White has a VCF if Black passes.
    The defences listed must hold every Black move that stops it: any other legal Black move still
    leaves White a VCF."""
    position = _mate("game32-17-white")
    for move in ("h12", "k12", "j11"):
        position.push(move)
    board = SearchBoard(position)
    proof = ProofSearch(board, 2, Clock(60), 14, 12)
    defences = proof._vcf_threat_defences()
    assert defences  # a threat with defences
    threats = ThreatSearch(board, 2, Clock(60))
    stopping = []
    for i in list(board.candidates()):
        if i in defences or board.foul(i):
            continue
        board.place(i, 1)
        try:
            # (Black's own four is a defence: it is listed, so none is met here)
            if threats.vcf_deepening(12) is None:
                stopping.append(str(board.point(i)))
        finally:
            board.remove(i)
    assert stopping == []
    # And a defence of the list does stop it: the line's first four, taken by Black.
    first = defences[0]
    board.place(first, 1)
    try:
        line = ThreatSearch(board, 2, Clock(60)).vcf_deepening(12)
        assert line is None or first not in line
    finally:
        board.remove(first)


@contextmanager
def stone_on(board: SearchBoard, point: str, colour: int) -> Iterator[None]:
    """``board`` with a stone of ``colour`` on ``point`` (taken off again afterwards)."""
    p = Point.from_str(point)
    index = p.y * board.size + p.x
    board.place(index, colour)
    try:
        yield
    finally:
        board.remove(index)


def test_a_quiet_move_without_a_vcf_behind_it_is_no_threat() -> None:
    """A quiet position (two open twos at most): the quiet search proves nothing, and a quiet
    move's defences are ``[]`` (it threatens nothing) when the attacker has no VCF after it."""
    position = Position.from_stones("h8 j8", "a1 a3", turn=BLACK)
    assert _quiet_proof(position, 12, max_depth=3) is None
    board = SearchBoard(position)
    proof = ProofSearch(board, 1, Clock(60), 3, 12)
    with stone_on(board, "h10", 1):
        assert proof._vcf_threat_defences() == []


def test_a_three_closed_by_the_defenders_counter_four_is_no_longer_a_three() -> None:
    """White's open three h8 i8 j8; Black's stone on g8 (as when Black answers it with a four that
    also closes it) leaves a closed three: the defender no longer has to answer it."""
    open_three = Position.from_stones("a1 a3 o1", "h8 i8 j8", turn=BLACK)
    closed = Position.from_stones("a1 a3 g8", "h8 i8 j8", turn=BLACK)
    point = Point.from_str("j8")
    j8 = point.y * 15 + point.x
    assert ThreatSearch(SearchBoard(open_three), 2, Clock(60)).is_three(j8)
    assert not ThreatSearch(SearchBoard(closed), 2, Clock(60)).is_three(j8)


def test_proof_search_reads_a_vcf_at_each_attackers_node() -> None:
    """With ``vcf_depth`` df-pn proves a node with a VCF at once instead of through a chain of
    fours: game37-16-black (Rapfi: 15 plies) is proved within 100 000 nodes (without: about
    280 000), and the main line, ending in the VCF found, replays to a win."""
    position = _mate("game37-16-black")
    board = SearchBoard(position)
    proof = ProofSearch(board, 1, Clock(None, 100_000), 14, 0, 12)
    found = proof.solve()
    assert found is not None and proof.vcf_lines
    line = [board.point(i) for i in found]
    assert replays_to_a_win(position, line), [str(p) for p in line]


def test_proof_numbers_count_the_defenders_fours() -> None:
    """With the VCF check on, a three starts with a proof number one higher for each four the
    defender could answer it with, so threes the defender can meet with counter-fours are tried
    later: game18-39-white is proved within 50 000 nodes (about 20 000; 112 000 when every three
    started at 3), and its main line replays to a win."""
    position = _mate("game18-39-white")
    board = SearchBoard(position)
    found = ProofSearch(board, 2, Clock(None, 50_000), 14, 0, 12).solve()
    assert found is not None
    line = [board.point(i) for i in found]
    assert replays_to_a_win(position, line), [str(p) for p in line]


def test_quiet_moves_are_tried_in_the_first_two_attacker_moves_only() -> None:
    """df-pn with quiet VCF threats tries them in a line's first ``QUIET_PLIES`` (2) attacker
    moves, deeper ones being fours and threes only: game15-10-black (Rapfi: 15 plies; about 13 000
    nodes, more than 155 000 with quiet moves at every depth) is proved within 60 000 nodes and
    its main line replays to a win; the second move may still be quiet (game32-17-white's j11)."""
    assert QUIET_PLIES == 2
    position = _mate("game15-10-black")
    board = SearchBoard(position)
    proof = ProofSearch(board, 1, Clock(None, 60_000), 14, 12, 12)
    assert proof._quiet_at(14) and proof._quiet_at(13) and not proof._quiet_at(12)
    found = proof.solve()
    assert found is not None
    line = [board.point(i) for i in found]
    assert replays_to_a_win(position, line), [str(p) for p in line]


def test_quiet_move_threatening_a_vct_wins() -> None:
    """game02-23-white (Rapfi: 15 plies): no win of fours and threes, nor of quiet moves leaving
    a VCF; White's e10 makes neither but leaves a VCT if Black passes. With ``quiet_vct`` df-pn
    proves the win starting with e10 (within 200 000 nodes; about 51 000), and its main line
    replays to a win."""
    position = _mate("game02-23-white")
    assert _quiet_proof(position, 12) is None
    board = SearchBoard(position)
    found = ProofSearch(board, 2, Clock(None, 200_000), 14, 12, 12, QUIET_PLIES, QUIET_VCT_NODES).solve()
    assert found is not None
    line = [board.point(i) for i in found]
    assert str(line[0]) == "e10"
    assert replays_to_a_win(position, line), [str(p) for p in line]


def test_vct_threat_defences_hold_every_move_that_stops_the_vct() -> None:
    """After White's quiet e10 (game02-23-white) White has a VCT if Black passes. The defences
    listed (the points within reach of its proof, Black's fours and the moves giving Black a new
    four point) must hold every Black move that stops it: after any other legal Black move White
    still has a VCT."""
    position = _mate("game02-23-white")
    position.push("e10")
    board = SearchBoard(position)
    proof = ProofSearch(board, 2, Clock(60), 14, 12, 12, QUIET_PLIES, QUIET_VCT_NODES)
    defences = proof._vct_threat_defences()
    assert defences  # a threat, with defences
    e5 = Point.from_str("e5")
    assert e5.y * board.size + e5.x in defences  # Black's four
    stopping = []
    checked = 0
    for i in range(board.size * board.size):
        if board.cells[i] or i in defences or board.foul(i):
            continue
        checked += 1
        board.place(i, 1)
        try:
            if ThreatSearch(board, 2, Clock(60)).vct_deepening(4, 12) is None:
                stopping.append(str(board.point(i)))
        finally:
            board.remove(i)
    assert checked > 50 and stopping == []


def test_a_quiet_move_without_a_vct_behind_it_is_no_vct_threat() -> None:
    """Two lone White stones: a quiet move leaves no VCT, so it threatens nothing (``[]``)."""
    position = Position.from_stones("a1 a3 o1", "h8 j8", turn=BLACK.other)
    board = SearchBoard(position)
    proof = ProofSearch(board, 2, Clock(60), 4, 12, 12, QUIET_PLIES, QUIET_VCT_NODES)
    with stone_on(board, "h10", 2):
        assert proof._vct_threat_defences() == []


@pytest.mark.parametrize(
    ("name", "searches", "probe_ran_out"),
    [("game01-18-black", 2, False), ("game02-23-white", 3, False), ("game15-10-black", 3, True)],
)
def test_puzzle_solver_probes_threats_with_a_short_proof_search(
    name: str, searches: int, probe_ran_out: bool
) -> None:
    """The puzzle solver's df-pn over fours and threes (``PROBE_NODES``) after the VCF: it proves
    game01-18-black's short win itself (two searches run: VCF, probe); it disproves
    game02-23-white's threats (its win starts with a quiet move), so the depth-first VCT is skipped
    (VCF, probe, df-pn with quiet moves); it runs out on game15-10-black, where the depth-first VCT
    then finds the win (VCF, probe, depth-first). Each line found replays to a win."""
    position = _mate(name)
    board = SearchBoard(position)
    clocks: list[Clock] = []
    found = find_vct(board, int(position.turn), None, 400_000, 8, 12, clocks, quiet_vcf=12)
    assert found is not None
    assert len(clocks) == searches
    assert (clocks[1].nodes > PROBE_NODES) == probe_ran_out
    if name == "game02-23-white":
        assert str(board.point(found[0])) == "e10"
    line = [board.point(i) for i in found]
    assert replays_to_a_win(position, line), [str(p) for p in line]
