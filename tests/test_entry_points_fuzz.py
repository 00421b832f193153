"""Issue 17: a fuzz run (hypothesis) of every command's argument parser and every stdin and record
reader, each example under a time limit and a memory bound.

What is fed: argument lists made of each command's own options and odd values (huge numbers,
``inf``, ``nan``, empty, unicode); valid records and input lines of every kind mutated (bytes
replaced, inserted or deleted, spans cut, doubled or moved, the end cut off). What must hold: the
only exceptions are the documented one-line errors (``ValueError`` subclasses, exit status 2 from
the command line), no example runs longer than its time limit (``Overrun``), none allocates more
than its memory bound (``tracemalloc`` peak).

The default run is a few seconds per target (``QUICK`` examples); the ``slow`` runs try
``LONG`` examples each.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
import random
import signal
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taku.bots import TsumogiriPlayer
from taku.bots.renju_opening import standing
from taku.cli.main import CommandError, build_parser, main
from taku.formats.mahjong.load import UnreadableGame, load_records
from taku.formats.mahjong.mjai import write_mjai
from taku.formats.mahjong.record import MahjongRecord
from taku.formats.mahjong.replay import replay
from taku.formats.renju import FORMATS, GameRecord, write_psq, write_sgf
from taku.formats.renju.renlib import point_byte
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.protocols.gomocup import CentreEngine, GomocupBrain, run_brain
from taku.protocols.mjai_client import MjaiBot, MjaiProtocolError, serve
from taku.renju import GOMOKU_FREESTYLE, RENJU, WHITE, Position
from tests.conftest import shared_dir

QUICK = 25
"""Examples per target in the default run."""

LONG = 500
"""Examples per target in the slow runs."""

BUDGETS = [pytest.param(QUICK, id="quick"), pytest.param(LONG, id="long", marks=pytest.mark.slow)]


class Overrun(BaseException):
    """An example ran past its time limit (a ``BaseException``: no ``except Exception`` in the code
    under test can swallow it)."""


@contextlib.contextmanager
def bounded(seconds: float, megabytes: float) -> Iterator[None]:
    """Run the body with an alarm after ``seconds`` and fail if it allocated a peak of more than
    ``megabytes`` (traced by ``tracemalloc``)."""

    def alarm(signum: int, frame: object) -> None:
        raise Overrun(f"an example ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    tracemalloc.start()
    try:
        yield
        _, peak = tracemalloc.get_traced_memory()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        tracemalloc.stop()
    assert peak < megabytes * 2 ** 20, f"an example allocated {peak / 2 ** 20:.1f} MB"


def run_examples(budget: int, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Run ``check`` on ``budget`` examples of ``strategy`` (no deadline: ``bounded`` is the limit)."""
    quiet = settings(max_examples=budget, deadline=None, database=None,
                     suppress_health_check=list(HealthCheck))
    quiet(given(strategy)(check))()


# -- mutations ------------------------------------------------------------------------------------

SYNTAX = b'()[]{};:,\\"=<>/ \n\r\t0123456789-+.eE?abcdefghmpsznoqrtuvwxyz\xff\x00\x80\xc3\x1f\x8b'

MUTATIONS = st.lists(
    st.tuples(st.integers(0, 5), st.floats(0, 1), st.floats(0, 1), st.integers(0, 255)),
    min_size=1, max_size=6)
"""(kind, where, where else, byte): replace a byte, insert one, delete one, cut a span, double a
span, or cut the end off, at fractions of the length."""


def mutate(seed: bytes, mutations: list[tuple[int, float, float, int]]) -> bytes:
    data = bytearray(seed)
    for kind, where, other, value in mutations:
        n = len(data)
        at, to = sorted((min(int(where * n), n), min(int(other * n), n)))
        if kind == 0 and at < n:
            data[at] = value
        elif kind == 1:
            data[at:at] = bytes([SYNTAX[value % len(SYNTAX)]])
        elif kind == 2 and at < n:
            del data[at]
        elif kind == 3:
            del data[at:min(to, at + 200)]
        elif kind == 4:
            data[at:at] = data[at:min(to, at + 200)]
        elif kind == 5:
            del data[at:]
    return bytes(data)


def mutated(seeds: dict[str, bytes]) -> st.SearchStrategy[tuple[str, bytes]]:
    return st.tuples(st.sampled_from(sorted(seeds)), MUTATIONS).map(
        lambda pair: (pair[0], mutate(seeds[pair[0]], pair[1])))


# -- seeds: valid inputs of every kind ------------------------------------------------------------


@cache
def mahjong_seeds() -> dict[str, bytes]:
    """A Tenhou JSON log and an mjlog from the shared data, and an mjai record of a short game."""
    data = shared_dir() / "data" / "mahjong" / "tenhou"
    json_log = min((data / "json").glob("*.json"), key=lambda path: path.stat().st_size)
    mjlog = min((data / "mjlog").glob("*.mjlog"), key=lambda path: path.stat().st_size)
    match = Match(Rules.preset("tenhou"), seed=3)
    players = [TsumogiriPlayer() for _ in range(4)]
    while not match.is_over and len(match.events) < 400:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
    mjai = write_mjai(MahjongRecord(tuple(match.events), "tenhou", "seed")).encode()
    return {"tenhou.json": json_log.read_bytes(), "game.mjlog": mjlog.read_bytes(), "game.mjai": mjai}


def _renlib_seed() -> bytes:
    data = bytearray(b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00")
    for point in GameRecord("h8 i9 j10 g7 h9").moves:
        data += bytes([point_byte(point), 0])
    data[-1] |= 0x40  # the last node ends its branch
    return bytes(data)


RENJU_SEEDS = {
    "psq": write_psq(GameRecord("h8 i9 j10 g7 h9", black="Ann", white="Bo")).encode(),
    "sgf": write_sgf(GameRecord("h8 i9 j10 g7 h9 pass", black="A]b", white="B\\c", result="1-0")).encode(),
    "txt": b"h8i9j10\nh8 pass i9\n",
    "lib": _renlib_seed(),
    "xml": b'<?xml version="1.0"?><database><players><player id="1" name="A" surname="B"/></players>'
    b'<rules><rule id="1" name="RIF"/></rules><games><game id="1" black="1" white="1" rule="1" '
    b'bresult="1"><move>h8 i9 j10</move></game></games></database>',
}

MJAI_BOT_SEED = "\n".join(json.dumps(line) for line in [
    [{"type": "start_game", "id": 0}],
    [{"type": "start_kyoku", "bakaze": "E", "dora_marker": "5s", "kyoku": 1, "honba": 0, "kyotaku": 0,
      "oya": 0, "scores": [25000] * 4,
      "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"],
                 *[["?"] * 13] * 3]}, {"type": "tsumo", "actor": 0, "pai": "C"}],
    [{"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": False}, {"type": "tsumo", "actor": 1, "pai": "?"},
     {"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": True}],
    [{"type": "hora", "actor": 0, "target": 1, "pai": "C"}, {"type": "end_kyoku"}],
    [{"type": "end_game"}],
]) + "\n"

FORBIDDEN_SEED = (
    '{"id": 1, "black": ["h9", "g8", "i8", "h7"], "white": []}\n'
    '{"black": ["h8", "i9", "j10"], "white": ["a1", "a2", "a3"]}\n'
)

BATCH_SEED = (
    '{"closed": "234m456p678s11z", "melds": ["777z+"], "win_tile": "1z", "honba": 2, '
    '"dora_indicators": "6z"}\n'
    '{"closed": "344556m678p34577s", "win_tile": "8p", "tsumo": true, "riichi": true, "seat": "N"}\n'
    '{"nagashi": true, "seat": "S", "rules": "ema"}\n'
)

BRAIN_SEED = (
    "START 15\nINFO timeout_turn 1000\nINFO rule 4\nBEGIN\nTURN 8,8\nRESTART\nBOARD\n7,7,2\n8,7,1\n"
    "DONE\nSWAP2BOARD\nDONE\nTAKEBACK 7,7\nPLAY 1,1\nABOUT\nRECTSTART 15,15\nEND\n"
)


# -- argument parsers -----------------------------------------------------------------------------

VALUES = ["0", "1", "2", "-1", "3", "15", "99", "100", "9" * 30, "1e300", "inf", "nan", "-inf", "0.5",
          "", " ", "x", "h8", "h8i9", "z99", "123m456p789s11z", "777z+", "1z", "E", "S", "-", "tenhou",
          "renju", "rif", "default", "taku", "taku:easy", "simple", "random", "kiriage_mangan=true",
          "move_limit=4", "a=b", "=", "é●", "--", "none", "rif26", "Kagetsu", "in.psq", "out.sgf",
          "swap2", "black", "white", "strong", "beginner", "\x00", "a" * 300]


@cache
def commands() -> dict[tuple[str, ...], list[str]]:
    """Each command path of ``taku`` (``("renju", "match")``) with its option strings."""
    found: dict[tuple[str, ...], list[str]] = {}

    def walk(parser: argparse.ArgumentParser, path: tuple[str, ...]) -> None:
        options = [s for action in parser._actions for s in action.option_strings]
        found[path] = options
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk(child, (*path, name))

    walk(build_parser(), ())
    return found


def argument_lists(paths: list[tuple[str, ...]]) -> st.SearchStrategy[list[str]]:
    def tokens(path: tuple[str, ...]) -> st.SearchStrategy[list[str]]:
        words = st.sampled_from([o for o in commands()[path] if o not in ("-h", "--help")] or ["--x"])
        token = st.one_of(words, words, st.sampled_from(VALUES), st.text(max_size=12))
        return st.lists(token, max_size=8).map(lambda rest: [*path, *rest])

    return st.sampled_from(paths).flatmap(tokens)


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_every_argument_parser(budget: int) -> None:
    """Parsing any argument list of any command ends in a namespace, help (status 0) or one usage
    line (status 2)."""
    paths = sorted(commands())

    def check(argv: list[str]) -> None:
        out, err = io.StringIO(), io.StringIO()
        with bounded(2, 20), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                build_parser().parse_args(argv)
            except SystemExit as stop:
                assert stop.code in (0, 2), (argv, stop.code)
                if stop.code == 2:
                    assert err.getvalue().count("\n") == 1 and "usage:" not in err.getvalue(), argv

    run_examples(budget, argument_lists(paths), check)


SAFE = {  # options appended so that a valid argument list does a bounded amount of work
    ("renju", "solve"): ["--time", "0.2"],
    ("play", "renju"): ["--time", "0.05", "--level", "beginner"],
    ("play", "mahjong"): ["--hands", "1"],
}
"""Commands run whole (not ``match`` and ``simulate``, whose valid arguments ask for hours of play)."""


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_commands_run_whole_on_any_arguments_and_input(
        budget: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands whose work is bounded, run on fuzzed arguments and fuzzed standard input: status
    0, 1 or 2, and a usage or input error is one line."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.psq").write_bytes(RENJU_SEEDS["psq"])
    paths = [("mahjong", "score"), ("mahjong", "shanten"), ("mahjong", "mjai-bot"), ("mahjong", "replay"),
             ("renju", "show"), ("renju", "forbidden"), ("renju", "convert"), ("renju", "solve"),
             ("play", "renju"), ("play", "mahjong")]
    inputs = st.one_of(st.sampled_from(["", "q\n", "?\nh8\nundo\n\n", "1\n2\n3\nq\n"]),
                       mutated({"forbidden": FORBIDDEN_SEED.encode(), "batch": BATCH_SEED.encode(),
                                "mjai": MJAI_BOT_SEED.encode()}).map(lambda pair: pair[1].decode("utf-8",
                                                                                               "replace")))

    def check(case: tuple[list[str], str]) -> None:
        argv, stdin = case
        argv = [*argv, *SAFE.get(tuple(argv[:2]), [])]
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
        out, err = io.StringIO(), io.StringIO()
        with bounded(10, 100), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        assert status in (0, 1, 2), (argv, status)
        if status == 2:
            # (``mjai-bot`` names its rules on the error stream before the session: not the error)
            error = err.getvalue().removeprefix("rules: tenhou\n") if argv[:2] == ["mahjong", "mjai-bot"] \
                else err.getvalue()
            assert error.count("\n") == 1, (argv, err.getvalue())
        assert "Traceback" not in err.getvalue()

    run_examples(budget, st.tuples(argument_lists(paths), inputs), check)


# -- record and stdin readers ---------------------------------------------------------------------


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_mahjong_records_load_and_replay(budget: int, tmp_path: Path) -> None:
    """`taku mahjong replay` on mutated Tenhou JSON, mjlog (plain and gzip) and mjai records: a
    record is read and replayed to a verdict, or refused with one error."""
    seeds = dict(mahjong_seeds())
    seeds["game.mjlog.gz"] = gzip.compress(seeds["game.mjlog"], mtime=0)

    def check(case: tuple[str, bytes]) -> None:
        name, data = case
        path = tmp_path / name
        path.write_bytes(data)
        with bounded(20, 200):
            try:
                records = load_records(str(path))
            except (CommandError, ValueError) as error:
                assert "\n" not in str(error), repr(error)
                return
            for record in records:
                if isinstance(record, UnreadableGame):
                    assert "\n" not in record.error, repr(record)
                else:
                    replay(record)

    run_examples(budget, mutated(seeds), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_renju_record_readers(budget: int) -> None:
    """PSQ, SGF, move strings, RenLib and RenjuNet readers on mutated files: games or one
    ``ValueError``."""

    def check(case: tuple[str, bytes]) -> None:
        name, data = case
        with bounded(5, 50):
            try:
                FORMATS[name].reader(data, 15)
            except ValueError as error:
                assert "\n" not in str(error), repr(error)

    run_examples(budget, mutated(RENJU_SEEDS), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_mjai_bot_input(budget: int) -> None:
    """The mjai bot's standard input, mutated: it answers or stops with one ``MjaiProtocolError``."""

    def check(case: tuple[str, bytes]) -> None:
        text = case[1].decode("utf-8", "replace")
        bot = MjaiBot(TsumogiriPlayer(), 0, Rules.preset("tenhou"))
        with bounded(5, 50):
            try:
                serve(bot, io.StringIO(text), io.StringIO())
            except MjaiProtocolError as error:
                assert "\n" not in str(error), repr(error)

    run_examples(budget, mutated({"mjai": MJAI_BOT_SEED.encode()}), check)


@pytest.mark.parametrize("budget", BUDGETS)
def test_fuzz_gomocup_brain_input(budget: int) -> None:
    """pbrain-taku's standard input, mutated and shuffled: every line is answered (or not) without
    an exception, and no reply is longer than a few hundred characters."""

    def check(case: tuple[tuple[str, bytes], int]) -> None:
        (_, data), order = case
        lines = data.decode("utf-8", "replace").splitlines(keepends=True)
        if order:
            random.Random(order).shuffle(lines)
        output = io.StringIO()
        with bounded(5, 50):
            run_brain(GomocupBrain(CentreEngine()), io.StringIO("".join(lines)), output)
        assert all(len(reply) < 400 for reply in output.getvalue().splitlines())

    # SWAP2BOARD is judged by the renju AI's evaluation (whatever the engine): its line-pattern tables
    # are built on first use, once per process (seconds under tracemalloc), not per input.
    for rules in (RENJU, GOMOKU_FREESTYLE):
        standing(Position.from_stones("h8 f6", "g10", turn=WHITE, rules=rules), WHITE)
    run_examples(budget, st.tuples(mutated({"brain": BRAIN_SEED.encode()}), st.integers(0, 3)), check)
