"""Entry point of the ``taku`` command: one sub-command per game."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NoReturn

from taku import __version__


def loads_json(text: str) -> Any:
    """Parse one JSON document strictly: ``NaN``, ``Infinity`` and numbers too large for a float
    are refused (``ValueError``), so what is read can be written back as standard JSON."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large for a JSON number")
    return value


class CommandError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


class ArgumentParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line, ``PROG: error: MESSAGE (see PROG
    --help)``, and exit status 2 (argparse's own prints the usage block first).

    With ``intermixed=True`` the positional arguments may come before, between and after the
    options (``taku renju show h8 --size 15 i9``); only for commands without sub-commands."""

    def __init__(self, *args: Any, intermixed: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.intermixed = intermixed
        self._mixing = False

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {_one_line(message)} (see {self.prog} --help)\n")

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        if not self.intermixed or self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True  # parse_known_intermixed_args calls parse_known_args itself
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def _one_line(text: str, limit: int = 300) -> str:
    """``text`` on one line, shortened to about ``limit`` characters (an argument echoed back in
    an error can be any size)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[:limit] + "..."


def error_line(text: str, limit: int = 2000) -> str:
    """An error message as one line: line breaks in it (a file name can hold them) written as
    ``\\n``, and cut after ``limit`` characters."""
    flat = text.replace("\r", "\\r").replace("\n", "\\n")
    return flat if len(flat) <= limit else flat[:limit] + "..."


MAX_LINE = 1 << 20
"""The longest input line a command reads (1 MiB, in characters or bytes): a longer one is an error."""


def read_lines(stream: Any, limit: int = MAX_LINE) -> Iterator[Any]:
    """The lines of ``stream`` (text or bytes), each read ``limit`` at a time; ``CommandError``
    naming the line when one is longer (its memory is bounded, not the file's size)."""
    number = 0
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        number += 1
        if len(line) > limit:
            raise CommandError(f"input line {number}: longer than {limit} characters")
        yield line


MAX_SECONDS = 86400.0
"""The longest time any option takes (one day): a larger one is a typo, not a plan."""


def seconds(text: str) -> float:
    """An argument that is a positive, finite number of seconds, at most :data:`MAX_SECONDS`."""
    return _seconds(text, zero=False)


def seconds_or_zero(text: str) -> float:
    """An argument that is zero or a positive, finite number of seconds (at most a day)."""
    return _seconds(text, zero=True)


def _seconds(text: str, *, zero: bool) -> float:
    wanted = "a finite number of seconds >= 0" if zero else "a finite, positive number of seconds"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{_one_line(text, 40)!r} is not {wanted}") from None
    if not math.isfinite(value) or value < 0 or (value == 0 and not zero):
        raise argparse.ArgumentTypeError(f"{text!r}: expected {wanted}")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r}: at most {MAX_SECONDS:g} seconds (one day)")
    return value


def count(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """An argument type: a whole number from ``low`` to ``high`` (both included); the error names
    the range."""

    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped[1:] if stripped[:1] in "+-" else stripped
        if not digits.isascii() or not digits.isdigit():
            raise argparse.ArgumentTypeError(f"{_one_line(text, 40)!r} is not {what}")
        if len(digits) > 30 or not low <= int(stripped) <= high:
            raise argparse.ArgumentTypeError(f"{_one_line(text, 40)}: expected {what} from {low} to {high}")
        return int(stripped)

    parse.__name__ = what
    return parse


class _VersionAction(argparse.Action):
    """``--version``: ``taku 0.1.0 (compiled with mypyc (40 modules))`` or ``(pure Python)``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from taku.build import describe

        print(f"taku {__version__} ({describe()})")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser of ``taku``."""
    parser = ArgumentParser(
        prog="taku",
        description="taku (卓): riichi mahjong and renju rules, scoring, records and players.",
    )
    parser.add_argument("--version", action=_VersionAction, nargs=0,
                        help="print the version and which build runs (compiled or pure Python), then exit")
    games = parser.add_subparsers(dest="game", metavar="GAME")
    games.required = True
    from taku.cli import mahjong as mahjong_cli
    from taku.cli import play as play_cli
    from taku.cli import renju as renju_cli
    from taku.cli import serve as serve_cli

    mahjong_cli.register(games)
    renju_cli.register(games)
    play_cli.register(games)
    serve_cli.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``taku`` with ``argv`` and return the exit status.

    Standard output is flushed before returning, so a failure to write it is seen here: a closed pipe
    (``taku ... | head``) ends the command quietly, any other error (a full disk, ``> /dev/full``) is
    one line ``taku: error: cannot write output: ...`` and status 2. The commands turn their own
    file errors into ``CommandError``; an ``OSError`` reaching this point comes from writing output.
    """
    parser = build_parser()
    if argv is not None and any("\x00" in argument for argument in argv):
        # A shell cannot pass one; from Python it would reach open() as an "embedded null byte".
        print("taku: error: an argument holds a NUL character", file=sys.stderr)
        return 2
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed
        return done.code if isinstance(done.code, int) else 2
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except CommandError as error:
        print(f"taku: error: {error_line(str(error))}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `taku ... | head`
        _discard_stdout()
        return 0
    except OSError as error:
        _discard_stdout()
        print(f"taku: error: cannot write output: {error.strerror or error}", file=sys.stderr)
        return 2
    return status


def _discard_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what is
    still buffered does not fail again (and print a traceback) at exit."""
    try:
        descriptor = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (tests, embedding): nothing to redirect
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
