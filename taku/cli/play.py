"""``taku play``: play mahjong (against three bots) or renju (against the AI) in the terminal.

The interface is line based (a prompt, a line of input), drawn with ``rich``, an optional extra
(``pip install 'taku[play]'``): it works the same in a terminal and with standard input piped from a
file, so a game can be driven by a script. ``q`` quits at any prompt; bad input is explained and
asked again.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from taku.cli.main import CommandError, seconds

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

RICH_MISSING = "`taku play` needs the rich package: pip install 'taku[play]'"
"""The one-line error when ``rich`` is not installed."""

MAX_ANSWER = 4096
"""The longest answer line read from piped input; a longer one is read as a bad answer."""

QUIT_WORDS = frozenset({"q", "quit", "exit"})
"""What quits a game at any prompt."""


class QuitGame(Exception):
    """The player asked to quit (``q``, end of input or Ctrl-C)."""


class Terminal:
    """Where a game talks to its human: ``show`` draws text or a ``rich`` renderable, ``ask`` prints a
    prompt and returns the answer (stripped). ``read`` reads one line (default ``console.input``);
    end of input or a quit word raises :class:`QuitGame`."""

    def __init__(self, console: Console, read: Callable[[str], str] | None = None, *,
                 interactive: bool = False) -> None:
        self.console = console
        self._read = read if read is not None else console.input
        self.interactive = interactive
        """Whether a person is at the keyboard: pauses between hands, "thinking" notes."""

    def show(self, *items: RenderableType, style: str | None = None) -> None:
        """Print ``items`` (strings are printed as they are, without markup)."""
        self.console.print(*items, style=style, markup=False, highlight=False)

    def error(self, message: str) -> None:
        """Explain why the last answer was refused."""
        self.console.print(f"! {message}", style="bold red", markup=False, highlight=False)

    def ask(self, prompt: str) -> str:
        """The answer to ``prompt``, stripped; raises :class:`QuitGame` on a quit word or end of input."""
        try:
            answer = self._read(f"{prompt} ")
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        answer = answer.strip()
        if answer.lower() in QUIT_WORDS:
            raise QuitGame
        return answer

    def pause(self) -> None:
        """Wait for Enter (only in an interactive terminal)."""
        if self.interactive:
            self.ask("[Enter to continue, q to quit]")


def make_terminal(args: argparse.Namespace) -> Terminal:
    """A terminal on standard input and output, or :class:`CommandError` when rich is missing."""
    try:
        from rich.console import Console
        from rich.text import Text
    except ImportError:
        raise CommandError(RICH_MISSING) from None
    interactive = sys.stdin.isatty()
    console = Console(no_color=args.no_color or None, highlight=False)

    def read(prompt: str) -> str:
        return console.input(Text(prompt))  # a Text: brackets in a prompt are not markup

    return Terminal(console, read if interactive else _read_line, interactive=interactive)


def _read_line(prompt: str) -> str:
    """One line of piped standard input (the prompt is echoed, so a transcript reads well)."""
    sys.stdout.write(prompt)
    line = sys.stdin.readline(MAX_ANSWER + 1)
    if len(line) > MAX_ANSWER and not line.endswith("\n"):  # its start is kept: a bad answer
        head, rest = line[:40] + "...\n", line
        while rest and not rest.endswith("\n"):
            rest = sys.stdin.readline(MAX_ANSWER + 1)
        line = head
    if not line:
        sys.stdout.write("\n")
        raise EOFError
    sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return line


def register(games: Any) -> None:
    """Add the ``play`` command (``play mahjong``, ``play renju``) to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser(
        "play", help="play mahjong or renju in the terminal",
        description="Play in the terminal: mahjong against three bots, or renju against the AI. "
                    "Type q at any prompt to quit. Needs rich: pip install 'taku[play]'.")

    def print_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=print_help)
    games_of_play = parser.add_subparsers(dest="command", metavar="GAME")

    mahjong = games_of_play.add_parser(
        "mahjong", help="riichi mahjong: you against three bots",
        description="A riichi mahjong match: you at one seat, bots at the others. Discard by the "
                    "tile's number in your hand or its name (5m, 0p for a red five, E, Wh); other "
                    "actions by their letter or number in the menu; q quits.")
    mahjong.add_argument("--opponents", default=None, metavar="NAME[,NAME,NAME]",
                         help="the bots: one name for all three or three names (default: taku)")
    mahjong.add_argument("--seat", type=int, default=0, choices=range(4), metavar="N",
                         help="your seat 0..3 (0 deals first; default 0)")
    mahjong.add_argument("--seed", default="0", metavar="S", help="seed of the walls and bots")
    mahjong.add_argument("--rules", default="tenhou", metavar="PRESET",
                         help="rules preset (default: tenhou)")
    mahjong.add_argument("--hands", type=int, default=None, metavar="N",
                         help="stop after N hands (default: play the whole match)")
    mahjong.add_argument("--unicode", action="store_true", help="also draw tiles as 🀇-style glyphs")
    mahjong.add_argument("--no-color", action="store_true", help="no colours")
    mahjong.set_defaults(handler=_mahjong_command)

    renju = games_of_play.add_parser(
        "renju", help="renju or gomoku: you against the AI",
        description="A renju game against the AI: type moves like h8; undo takes back your last "
                    "move and the AI's reply; q quits. With --opening, the opening rule is played "
                    "first (you are the first player, tentative Black, when --color is black).")
    renju.add_argument("--color", default="black", choices=["black", "white"],
                       help="your colour (default: black)")
    renju.add_argument("--opening", default="none", metavar="NAME",
                       help="opening rule: none (free play, Black first) or rif, yamaguchi, "
                            "taraguchi_10, soosorv_8, swap2 (default: none)")
    renju.add_argument("--rules", default="renju", metavar="NAME",
                       help="rule set: renju, rif, gomoku_freestyle, gomoku_standard (default: renju)")
    renju.add_argument("--level", default="strong",
                       help="the AI's level: beginner, easy, medium, strong, strongest (default: strong)")
    renju.add_argument("--time", type=seconds, default=None, metavar="SECONDS",
                       help="the AI's time per move (default: the level's)")
    renju.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the AI")
    renju.add_argument("--ascii", action="store_true", help="draw stones as X and O")
    renju.add_argument("--no-color", action="store_true", help="no colours")
    renju.set_defaults(handler=_renju_command)


def _mahjong_command(args: argparse.Namespace) -> int:
    terminal = make_terminal(args)
    from taku.cli import play_mahjong

    try:
        options = play_mahjong.options_from_args(args)
    except ValueError as error:
        raise CommandError(str(error)) from None
    play_mahjong.play(terminal, options)
    return 0


def _renju_command(args: argparse.Namespace) -> int:
    terminal = make_terminal(args)
    from taku.cli import play_renju

    try:
        options = play_renju.options_from_args(args)
        engine = play_renju.make_engine(args.level, args.seed)
    except ValueError as error:
        raise CommandError(str(error)) from None
    play_renju.play(terminal, options, engine)
    return 0
