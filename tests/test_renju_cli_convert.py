"""``taku renju convert``: formats from extensions, standard streams, multi-game inputs, and failures that
write nothing."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from taku.cli.main import main
from taku.formats.renju import GameRecord, read_psq, read_sgf, read_sgf_games, write_psq, write_sgf

REPO = Path(__file__).resolve().parent.parent

Runner = Callable[..., tuple[int, str, str]]

PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,100\n9,7,200\n10,6,300\nAnn\nBo\n-1\n"
BAD_PSQ = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n16,3,0\n"
RENJUNET = """<?xml version="1.0"?>
<database>
  <players><player id="1" name="Ann" surname="A"/><player id="2" name="Bo" surname="B"/></players>
  <games>
    <game id="1" black="1" white="2" bresult="1"><move>h8 h9 h10</move></game>
    <game id="2" black="2" white="1" bresult="0"><move>h8 i9 j10 k11</move></game>
    <game id="3" black="1" white="2" bresult="0.5"><move>h8 g7</move></game>
  </games>
</database>
"""
RENLIB = b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + bytes([0x00, 0x00, 0x78, 0x00, 0x69, 0xC0, 0x89, 0x40])


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    """Run ``taku`` in-process with ``stdin`` (text or bytes); return (status, stdout, stderr)."""

    def run(argv: list[str], stdin: str | bytes = b"") -> tuple[int, str, str]:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        status = main(["renju", "convert", *argv])
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return run


def files(directory: Path) -> list[str]:
    return sorted(path.name for path in directory.iterdir())


def test_convert_psq_to_sgf_and_back(tmp_path: Path, cli: Runner) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    status, out, err = cli([str(tmp_path / "game.psq"), str(tmp_path / "game.sgf")])
    assert (status, out, err) == (0, "", "")
    record = read_sgf((tmp_path / "game.sgf").read_text())
    assert record.move_string() == "h8i9j10" and (record.black, record.white) == ("Ann", "Bo")
    status, _, _ = cli([str(tmp_path / "game.sgf"), str(tmp_path / "again.psq")])
    assert status == 0
    again = read_psq((tmp_path / "again.psq").read_text())
    assert again.replace(move_times=(100, 200, 300)) == read_psq(PSQ).replace(metadata={})


def test_convert_move_strings_take_the_board_size(tmp_path: Path, cli: Runner) -> None:
    (tmp_path / "games.txt").write_text("j10 s19\nj10 k11\n")
    status, _, err = cli([str(tmp_path / "games.txt"), str(tmp_path / "out.sgf"), "--size", "19"])
    assert status == 0, err
    games = read_sgf_games((tmp_path / "out.sgf").read_text())
    assert [game.move_string() for game in games] == ["j10s19", "j10k11"]
    assert all(game.board_size == 19 for game in games)
    status, _, err = cli([str(tmp_path / "games.txt"), str(tmp_path / "fail.sgf")])
    assert status == 2
    assert (
        err
        == f"taku: error: {tmp_path / 'games.txt'}: move string line 1, move 2: s19 is off the 15x15 board\n"
    )


def test_convert_standard_streams_recognise_the_input(cli: Runner) -> None:
    status, out, err = cli(["-", "-", "--to", "txt"], stdin=write_sgf(GameRecord("h8 i9")))
    assert (status, out, err) == (0, "h8i9\n", "")
    status, out, _ = cli(["-", "-", "--to", "sgf"], stdin=PSQ)
    assert status == 0 and ";B[hh];W[ig];B[jf]" in out
    status, out, err = cli(["-", "-", "--to", "psq"], stdin=RENLIB)
    assert (status, out) == (2, "")  # the library holds two lines, a PSQ file one game
    assert err.startswith("taku: error: standard input holds 2 games and a PSQ file holds one")
    status, out, _ = cli(["-", "-", "--to", "txt"], stdin=RENLIB)
    assert (status, out) == (0, "h8i9\nh8i7\n")


def test_convert_standard_input_of_unclear_format_needs_from(cli: Runner) -> None:
    status, out, err = cli(["-", "-", "--to", "sgf"], stdin="h8 i9\n")
    assert (status, out) == (2, "")
    assert err == "taku: error: standard input: cannot tell the record format; give --from\n"
    status, out, _ = cli(["-", "-", "--from", "txt", "--to", "psq"], stdin="h8 i9\n")
    assert status == 0 and out.startswith("Piskvorky 15x15, 11:11, 0\n8,8,0\n")


def test_convert_standard_output_needs_to(cli: Runner) -> None:
    status, _, err = cli(["-", "-"], stdin=PSQ)
    assert status == 2 and err == "taku: error: give --to for writing to standard output\n"


def test_convert_renjunet_database(tmp_path: Path, cli: Runner) -> None:
    database = tmp_path / "db.xml"
    database.write_text(RENJUNET)
    status, _, _ = cli([str(database), str(tmp_path / "all.sgf")])  # SGF holds a collection
    assert status == 0
    games = read_sgf_games((tmp_path / "all.sgf").read_text())
    assert [(game.black, game.result) for game in games] == [
        ("Ann A", "1-0"),
        ("Bo B", "0-1"),
        ("Ann A", "1/2-1/2"),
    ]

    status, _, err = cli([str(database), str(tmp_path / "one.psq")])
    assert status == 2
    assert err == (
        f"taku: error: {database} holds 3 games and a PSQ file holds one: "
        "give --game N or an output directory\n"
    )
    assert not (tmp_path / "one.psq").exists()

    status, _, _ = cli([str(database), str(tmp_path / "one.psq"), "--game", "2"])
    assert status == 0 and read_psq((tmp_path / "one.psq").read_text()).move_string() == "h8i9j10k11"

    out = tmp_path / "out"
    out.mkdir()
    status, _, _ = cli([str(database), str(out), "--to", "psq"])
    assert status == 0 and files(out) == ["db-0001.psq", "db-0002.psq", "db-0003.psq"]
    assert read_psq((out / "db-0003.psq").read_text()).move_string() == "h8g7"


def test_convert_renlib_lines(tmp_path: Path, cli: Runner) -> None:
    library = tmp_path / "lib.lib"
    library.write_bytes(RENLIB)
    status, _, _ = cli([str(library), str(tmp_path / "lines.txt")])
    assert status == 0 and (tmp_path / "lines.txt").read_text() == "h8i9\nh8i7\n"
    status, _, _ = cli([str(library), str(tmp_path / "second.sgf"), "--game", "2"])
    assert status == 0 and read_sgf((tmp_path / "second.sgf").read_text()).move_string() == "h8i7"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["{dir}/game.psq", "{dir}/out.lib"],
            "{dir}/out.lib: RenLib library (read only; one game per line) files cannot be written",
        ),
        (
            ["{dir}/game.psq", "{dir}/out.doc"],
            "{dir}/out.doc: cannot tell the record format from the name; give --to",
        ),
        (["{dir}/game.psq", "{dir}"], "give --to for writing to the directory {dir}"),
        (["{dir}/nope.psq", "{dir}/out.sgf"], "{dir}/nope.psq: cannot read (No such file or directory)"),
        (
            ["{dir}/game.psq", "{dir}/out.sgf", "--game", "2"],
            "{dir}/game.psq: there is no game 2 (the input holds 1)",
        ),
        (
            ["{dir}/game.psq", "{dir}/out.sgf", "--size", "30"],
            "--size 30: expected a board size from 5 to 25",
        ),
        (
            ["{dir}/game.psq", "{dir}/no/such/dir/out.sgf"],
            "{dir}/no/such/dir/out.sgf: cannot write (No such file",
        ),
    ],
)
def test_convert_usage_errors_are_one_line(
    tmp_path: Path, cli: Runner, argv: list[str], message: str
) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    status, out, err = cli([arg.format(dir=tmp_path) for arg in argv])
    assert status == 2 and out == ""
    assert err.startswith("taku: error: " + message.format(dir=tmp_path)) and err.count("\n") == 1
    assert files(tmp_path) == ["game.psq"]


def test_convert_bad_input_writes_nothing_and_keeps_an_existing_output(tmp_path: Path, cli: Runner) -> None:
    bad = tmp_path / "bad.psq"
    bad.write_text(BAD_PSQ)
    existing = tmp_path / "existing.sgf"
    existing.write_text("old contents\n")
    status, out, err = cli([str(bad), str(existing)])
    assert (status, out) == (2, "")
    assert err == f"taku: error: {bad}: PSQ line 4: move 16,3 is off the 15x15 board\n"
    assert existing.read_text() == "old contents\n"
    status, _, _ = cli([str(bad), str(tmp_path / "new.sgf")])
    assert status == 2 and files(tmp_path) == ["bad.psq", "existing.sgf"]  # no output, no temporary file


def test_convert_unwritable_game_writes_nothing(tmp_path: Path, cli: Runner) -> None:
    source = tmp_path / "games.txt"
    source.write_text("h8 i9\nh8 pass i9\n")
    existing = tmp_path / "out.psq"
    existing.write_text("old\n")
    status, _, err = cli([str(source), str(existing), "--game", "2"])
    assert status == 2 and err == f"taku: error: {existing}: PSQ: move 2 is a pass, which PSQ cannot hold\n"
    assert existing.read_text() == "old\n"
    out = tmp_path / "out"
    out.mkdir()
    status, _, err = cli([str(source), str(out), "--to", "psq"])  # game 1 converts, game 2 does not
    assert status == 2 and files(out) == []
    assert err == f"taku: error: {out / 'games-0002.psq'}: PSQ: move 2 is a pass, which PSQ cannot hold\n"


def test_convert_replaces_an_existing_output_keeping_its_mode(tmp_path: Path, cli: Runner) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    target = tmp_path / "game.sgf"
    target.write_text("old\n")
    os.chmod(target, 0o640)
    status, _, _ = cli([str(tmp_path / "game.psq"), str(target)])
    assert status == 0 and read_sgf(target.read_text()).move_string() == "h8i9j10"
    assert target.stat().st_mode & 0o777 == 0o640
    status, _, _ = cli([str(tmp_path / "game.psq"), str(tmp_path / "fresh.sgf")])
    mask = os.umask(0)
    os.umask(mask)
    assert (tmp_path / "fresh.sgf").stat().st_mode & 0o777 == 0o666 & ~mask


def test_convert_rules_and_check(tmp_path: Path, cli: Runner) -> None:
    source = tmp_path / "corner.txt"
    source.write_text("a1 b2\n")
    status, _, _ = cli([str(source), str(tmp_path / "free.sgf"), "--rules", "gomoku_freestyle"])
    assert status == 0 and "RU[gomoku_freestyle]" in (tmp_path / "free.sgf").read_text()
    status, _, err = cli([str(source), str(tmp_path / "renju.sgf"), "--check", "--rules", "rif"])
    assert status == 2 and not (tmp_path / "renju.sgf").exists()
    assert err == (
        f"taku: error: {source}: a1 is not allowed: Black's first move must be on the centre point h8\n"
    )
    games = tmp_path / "games.txt"
    games.write_text("h8 i9\nh8 h8\n")
    status, _, err = cli([str(games), str(tmp_path / "x.sgf")])
    assert err == f"taku: error: {games}: move string line 2, move 2: point h8 played twice (moves 1 and 2)\n"
    games.write_text("h8 i9\na1\n")
    status, _, err = cli([str(games), str(tmp_path / "x.sgf"), "--check", "--rules", "rif"])
    assert status == 2 and err.startswith(f"taku: error: {games}, game 2: a1 is not allowed")


def test_convert_round_trips_every_writable_format(tmp_path: Path, cli: Runner) -> None:
    record = GameRecord("h8 i9 j10 k11", black="Ann", white="Bo")
    (tmp_path / "start.psq").write_text(write_psq(record))
    current = tmp_path / "start.psq"
    for name in ("a.sgf", "b.txt", "c.psq", "d.sgf"):
        status, _, err = cli([str(current), str(tmp_path / name)])
        assert status == 0, err
        current = tmp_path / name
    assert read_sgf(current.read_text()).moves == record.moves


def test_python_m_taku_runs_convert(tmp_path: Path) -> None:
    (tmp_path / "bad.psq").write_text(BAD_PSQ)
    done = subprocess.run(
        [sys.executable, "-m", "taku", "renju", "convert", "-", "-", "--to", "sgf"],
        cwd=REPO,
        input=PSQ,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("(;GM[4]FF[4]")
    bad = subprocess.run(
        [sys.executable, "-m", "taku", "renju", "convert", "bad.psq", "bad.sgf"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr == "taku: error: bad.psq: PSQ line 4: move 16,3 is off the 15x15 board\n"
    assert files(tmp_path) == ["bad.psq"]


# -- all or nothing: directories, devices, failed renames -------------------------------------------


THREE = "h8i9j10\nh8h9\nh8i8\n"


def test_convert_into_a_directory_with_a_directory_in_the_way_writes_nothing(
    tmp_path: Path, cli: Runner
) -> None:
    # The reviewer's repro: od/three-0002.psq is a directory, so nothing may be written, and
    # od/three-0001.psq, which exists, keeps its contents.
    (tmp_path / "three.txt").write_text(THREE)
    out = tmp_path / "od"
    (out / "three-0002.psq").mkdir(parents=True)
    (out / "three-0001.psq").write_text("old\n")
    status, stdout, err = cli([str(tmp_path / "three.txt"), str(out), "--to", "psq"])
    assert (status, stdout) == (2, "")
    assert err == f"taku: error: {out / 'three-0002.psq'}: cannot write (it is a directory)\n"
    assert files(out) == ["three-0001.psq", "three-0002.psq"]
    assert (out / "three-0001.psq").read_text() == "old\n" and files(out / "three-0002.psq") == []


def test_convert_puts_replaced_files_back_when_a_later_rename_fails(
    tmp_path: Path, cli: Runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "three.txt").write_text(THREE)
    out = tmp_path / "od"
    out.mkdir()
    (out / "three-0001.psq").write_text("old one\n")
    (out / "three-0003.psq").write_text("old three\n")
    os.chmod(out / "three-0001.psq", 0o600)
    real_replace = os.replace

    def replace(source: str | Path, target: str | Path) -> None:
        if Path(target).name == "three-0003.psq" and str(source).endswith(".tmp"):
            raise OSError(28, "No space left on device")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    status, _, err = cli([str(tmp_path / "three.txt"), str(out), "--to", "psq"])
    assert status == 2
    assert err == f"taku: error: {out / 'three-0003.psq'}: cannot write (No space left on device)\n"
    # Files 1 and 2 had been renamed into place: 1 is the old file again, 2 is gone, 3 untouched,
    # and no temporary file or backup is left.
    assert files(out) == ["three-0001.psq", "three-0003.psq"]
    assert (out / "three-0001.psq").read_text() == "old one\n"
    assert (out / "three-0001.psq").stat().st_mode & 0o777 == 0o600
    assert (out / "three-0003.psq").read_text() == "old three\n"
    monkeypatch.undo()
    status, _, _ = cli([str(tmp_path / "three.txt"), str(out), "--to", "psq"])
    assert status == 0 and files(out) == ["three-0001.psq", "three-0002.psq", "three-0003.psq"]
    assert read_psq((out / "three-0003.psq").read_text()).move_string() == "h8i8"


def test_convert_refuses_a_target_that_is_not_a_regular_file(tmp_path: Path, cli: Runner) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    fifo = tmp_path / "pipe.sgf"
    os.mkfifo(fifo)
    status, _, err = cli([str(tmp_path / "game.psq"), str(fifo)])
    assert status == 2
    assert err == f"taku: error: {fifo}: cannot write (not a regular file; use - for standard output)\n"
    assert fifo.is_fifo() and files(tmp_path) == ["game.psq", "pipe.sgf"]


def test_convert_through_a_symbolic_link_replaces_the_file_it_points_to(tmp_path: Path, cli: Runner) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    real = tmp_path / "real.sgf"
    real.write_text("old\n")
    link = tmp_path / "link.sgf"
    link.symlink_to(real)
    status, _, err = cli([str(tmp_path / "game.psq"), str(link)])
    assert (status, err) == (0, "")
    assert link.is_symlink() and read_sgf(real.read_text()).move_string() == "h8i9j10"


# -- rules: --rules, --option, boards the rules core cannot play ------------------------------------


def test_convert_option_sets_rule_fields(tmp_path: Path, cli: Runner) -> None:
    source = tmp_path / "game.txt"
    source.write_text("h8 i9\n")
    status, out, err = cli([str(source), "-", "--to", "sgf", "--option", "move_limit=200"])
    assert (status, err) == (0, "") and "RU[renju;move_limit=200]" in out  # --rules defaults to renju
    status, out, _ = cli(
        [str(source), "-", "--to", "sgf", "--rules", "rif", "--option", "forbidden_move=reject"]
    )
    assert status == 0 and "RU[rif;forbidden_move=reject]" in out
    status, out, _ = cli(
        [str(source), "-", "--to", "sgf", "--rules", "renju", "--option", "first_move_center_required=true"]
    )
    assert status == 0 and "RU[rif]" in out


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("colour=black", "--option colour=black: unknown rule field 'colour'"),
        ("eye_makes_five=maybe", "--option eye_makes_five='maybe': expected not_a_three or three"),
        (
            "board_size=19",
            "--option board_size: a record's board comes from its input (use --size for .txt input)",
        ),
    ],
)
def test_convert_option_errors_are_one_line(tmp_path: Path, cli: Runner, option: str, message: str) -> None:
    (tmp_path / "game.psq").write_text(PSQ)
    status, out, err = cli([str(tmp_path / "game.psq"), str(tmp_path / "out.sgf"), "--option", option])
    assert status == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"taku: error: {message}") and files(tmp_path) == ["game.psq"]


def test_convert_a_gomocup_20x20_freestyle_game_with_its_rules_and_checked(
    tmp_path: Path, cli: Runner
) -> None:
    # Gomocup's freestyle board is 20x20: gomoku rules allow even sizes, renju does not (RJ-13).
    source = tmp_path / "gomocup.psq"
    source.write_text("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n")
    status, out, err = cli([str(source), "-", "--to", "sgf", "--rules", "gomoku_freestyle"])
    assert (status, err) == (0, "")
    assert "SZ[20]RU[gomoku_freestyle]" in out
    record = read_sgf(out)
    assert record.board_size == 20 and record.rules is not None and record.rules.board_size == 20
    assert not record.rules.fouls_for_black
    status, out, err = cli(
        [str(source), "-", "--to", "sgf", "--rules", "gomoku_freestyle", "--option", "move_limit=300"]
    )
    assert status == 0 and "RU[gomoku_freestyle;move_limit=300]" in out
    status, out, err = cli([str(source), "-", "--to", "sgf", "--rules", "gomoku_freestyle", "--check"])
    assert (status, err) == (0, "") and "SZ[20]" in out
    status, out, err = cli([str(source), "-", "--to", "sgf", "--rules", "renju", "--check"])
    assert (status, out) == (2, "")
    assert err.startswith(f"taku: error: {source}: board size 20 is not allowed with Black's fouls")


def test_convert_standard_output_is_utf8_whatever_the_locale(
    tmp_path: Path, cli: Runner, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game.psq").write_text(PSQ.replace("Ann", "Görel ●"), encoding="utf-8")
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    status, _, err = cli([str(tmp_path / "game.psq"), "-", "--to", "sgf"])
    assert (status, err) == (0, "")
    text = raw.getvalue().decode("utf-8")
    assert "CA[UTF-8]" in text and "PB[Görel ●]" in text


def test_convert_malformed_renlib_is_one_line_naming_node_and_byte(tmp_path: Path, cli: Runner) -> None:
    bad = tmp_path / "bad.lib"
    bad.write_bytes(b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x80\x78\x40\x69\x00")
    status, out, err = cli([str(bad), str(tmp_path / "out.txt")])
    assert (status, out) == (2, "")
    assert err == (
        f"taku: error: {bad}: RenLib node 1, byte 20: the root (the empty board) cannot have a sibling"
        " (flag 80)\n"
    )
    assert files(tmp_path) == ["bad.lib"]
