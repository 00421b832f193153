"""``taku renju ...``: renju commands.

* ``taku renju show MOVES``: the board after a move string, with Black's forbidden points marked.
* ``taku renju forbidden``: JSON lines ``{"black": [...], "white": [...]}`` in (RIF points, Black to
  move; an ``"id"`` is echoed back), one ``{"forbidden": {"e14": "double-four", ...}}`` line out per
  position. The whole input is read and checked before anything is written, so a bad line leaves the
  output empty.
* ``taku renju convert INPUT OUTPUT``: game records from one format to another (PSQ, SGF, move
  strings; RenLib and RenjuNet read only). Every game is read and checked before anything is
  written, and files are written all or none: each to a temporary name, then renamed over its
  target, with replaced files kept aside until every rename has worked and put back if one fails.
* ``taku renju solve MOVES``: a VCF (``--vct``: VCT) win for the side to move, or exit status 1 if
  there is none within ``--depth`` and ``--time`` (see docs/renju-ai.md).

Every command takes ``--rules NAME`` and ``--option FIELD=VALUE`` (any ``RenjuRules`` field). Input is
read as UTF-8, and output is written as UTF-8 whatever the locale says.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import taku.renju.svg
from taku.cli.main import CommandError, count, loads_json, read_lines, seconds, seconds_or_zero
from taku.cli.ray_tasks import add_ray_option
from taku.formats.renju import (
    FORMATS,
    MAX_RECORD_SIZE,
    MIN_RECORD_SIZE,
    GameRecord,
    RecordFormat,
    format_for_name,
    guess_format,
    rules_text,
)
from taku.renju import BLACK, PRESETS, WHITE, Point, Position, RenjuRules
from taku.renju.openings import OPENING_RULES, SWAP2, Opening, OpeningRule
from taku.renju.points import parse_moves

MAX_MATCH_GAMES = 100_000
"""The most games ``taku renju match`` plays in one run."""

MAX_SOLVE_DEPTH = 200
"""The deepest ``taku renju solve --depth``: more attacking moves than a 25x25 board can hold
stones for one side would be a typo."""

FORBIDDEN_KEYS = ("black", "white", "id")
"""The keys of a ``forbidden`` input line: the stones, and an ``id`` echoed back in the answer."""


def register(games: Any) -> None:
    """Add the ``renju`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser(
        "renju",
        help="renju and gomoku: boards, forbidden points, records, matches between engines, VCF/VCT",
        description="Renju and gomoku: boards, forbidden points, game records.",
    )

    def print_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=print_help)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    show = commands.add_parser(
        "show",
        help="print the board after some moves, with Black's forbidden points",
        description="Print the board after MOVES (a move string like h8i9j10, or several "
        "arguments), marking the last move and, when Black is to move, Black's forbidden points "
        "(3 double-three, 4 double-four, 6 overline).",
        intermixed=True,
    )
    show.add_argument("moves", nargs="*", metavar="MOVES", help="moves in RIF notation, e.g. h8i9j10")
    _add_rule_options(show)
    show.add_argument("--unicode", action="store_true", help="draw stones as ● and ○")
    show.add_argument("--svg", metavar="FILE",
                      help="also write the board as an SVG picture to FILE (coordinates, move numbers, "
                      "last move, forbidden points, winning line)")
    show.set_defaults(handler=_show)

    forbidden = commands.add_parser(
        "forbidden",
        help="list Black's forbidden points of JSON-lines positions read from stdin",
        description='Read UTF-8 JSON lines {"black": [...], "white": [...]} (RIF points; blank lines '
        'are skipped) with Black to move, and write one line {"forbidden": {"e14": "double-four", '
        '...}} per position. An "id" key (any JSON value) is echoed back first: {"id": ..., '
        '"forbidden": {...}}; any other key is an error. All input is checked before any output is '
        "written: a bad line stops the command with nothing written.",
    )
    _add_rule_options(forbidden)
    forbidden.set_defaults(handler=_forbidden)

    writable = [name for name, record_format in FORMATS.items() if record_format.writer is not None]
    convert = commands.add_parser(
        "convert",
        help="convert game records between PSQ, SGF, move strings, RenLib and RenjuNet",
        description="Convert the games of INPUT into OUTPUT. Formats come from the file extensions "
        "(.psq, .sgf, .txt move strings, .lib RenLib and .xml/.rif RenjuNet, the last two read only) "
        "or --from/--to; '-' is standard input or output. SGF and .txt files hold several games; "
        "for a PSQ output, a multi-game input needs --game N or an OUTPUT directory, which gets one "
        "file per game (INPUT-0001.psq, ...). Nothing is written unless every game converts.",
    )
    convert.add_argument("input", metavar="INPUT", help="the record file, or - for standard input")
    convert.add_argument(
        "output", metavar="OUTPUT", help="the file or existing directory to write, or - for standard output"
    )
    convert.add_argument("--from", dest="source", choices=list(FORMATS), help="the input format")
    convert.add_argument("--to", dest="target", choices=writable, help="the output format")
    convert.add_argument(
        "--game", type=int, metavar="N", help="convert only game N (1 = the first) of the input"
    )
    convert.add_argument(
        "--size", type=int, default=15, metavar="N", help="board size of .txt move strings (default 15)"
    )
    convert.add_argument(
        "--rules",
        choices=list(PRESETS),
        default=None,
        help="rules to record for games whose input names none; on a board the rules core cannot "
        "play (even sizes, like Gomocup's 20x20) they are recorded by name only (SGF RU)",
    )
    _add_option_argument(convert, "with --rules (default renju): ")
    convert.add_argument(
        "--check",
        action="store_true",
        help="also play every game under its rules and reject games the rules do not allow",
    )
    convert.set_defaults(handler=_convert)
    _register_match(commands)
    _register_solve(commands)


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size", type=int, default=None, metavar="N", help="board size (7..25, odd for renju; default 15)"
    )
    parser.add_argument(
        "--rules",
        choices=list(PRESETS),
        default="renju",
        help="rule set (default renju; rif also requires Black's first stone on the centre point)",
    )
    _add_option_argument(parser, "")


def _add_option_argument(parser: argparse.ArgumentParser, prefix: str) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help=f"{prefix}set a rule field, e.g. threat_definition=basic, eye_makes_five=three, "
        "forbidden_move=reject, first_move_center_required=true, move_limit=200 (repeatable; "
        "fields and values as in docs/renju.md)",
    )


def _rule_changes(options: list[str]) -> dict[str, Any]:
    """The field changes of ``--option FIELD=VALUE`` arguments, checked one by one."""
    changes: dict[str, Any] = {}
    for option in options:
        name, equals, text = option.partition("=")
        if not equals or not name.strip():
            raise CommandError(f"--option {option!r}: expected FIELD=VALUE, like threat_definition=basic")
        try:
            changes[name.strip()] = RenjuRules.parse_field(name.strip(), text)
        except ValueError as error:
            # A bad value's message already reads field='value': no need to repeat the option.
            known = name.strip() in RenjuRules.__dataclass_fields__
            raise CommandError(f"--option {error}" if known else f"--option {option}: {error}") from None
    return changes


def _rules(args: argparse.Namespace) -> RenjuRules:
    """The rules of ``show`` and ``forbidden``: ``--rules``, then ``--size``, then each ``--option``."""
    changes: dict[str, Any] = {} if args.size is None else {"board_size": args.size}
    changes.update(_rule_changes(args.option))
    try:
        return RenjuRules.preset(args.rules, **changes)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _write_output(text: str) -> None:
    """Write ``text`` to standard output as UTF-8, whatever the locale's encoding (``--unicode``
    stones, SGF's ``CA[UTF-8]``): through the byte stream beneath ``sys.stdout`` when there is one."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        stream.write(text)
        return
    stream.flush()
    buffer.write(text.encode("utf-8"))


def _clip(text: str, limit: int = 60) -> str:
    """``text`` shortened to ``limit`` characters for a message (``...`` when cut)."""
    return text if len(text) <= limit else text[:limit] + "..."


def _play_moves(text: str, rules: RenjuRules) -> Position:
    """The position after the move string ``text``; ``CommandError`` naming the moves and the
    problem (a point off the board names the board's own columns and rows)."""
    try:
        parse_moves(text, rules.board_size)
        return Position(text, rules=rules)
    except ValueError as error:
        raise CommandError(f"moves {_clip(text)!r}: {error}") from None


def _show(args: argparse.Namespace) -> int:
    rules = _rules(args)
    text = " ".join(args.moves)
    position = _play_moves(text, rules)
    if args.svg:
        _write_files([(Path(args.svg), taku.renju.svg.board(position))])
    _write_output(position.unicode(ascii=not args.unicode) + "\n")
    return 0


def _forbidden(args: argparse.Namespace) -> int:
    rules = _rules(args)
    answers: list[str] = []
    for number, line in enumerate(_input_lines(), start=1):
        if not line.strip():
            continue
        answers.append(json.dumps(_answer(line, number, rules)))
    _write_output("".join(answer + "\n" for answer in answers))
    return 0


def _input_lines() -> Iterator[str]:
    """The lines of standard input, read as bytes and decoded as UTF-8 (a BOM first is dropped);
    ``CommandError`` naming the line for bytes that are not UTF-8 or a line longer than 1 MiB."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream without bytes beneath (tests, embedding)
        yield from read_lines(sys.stdin)
        return
    for number, raw in enumerate(read_lines(buffer), start=1):
        try:
            line: str = raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            raise CommandError(
                f"input line {number}: not UTF-8 text (byte {error.start + 1} is {raw[error.start]:#04x})"
            ) from None
        yield line


def _answer(line: str, number: int, rules: RenjuRules) -> dict[str, Any]:
    """The output object for JSON input line ``number``: ``{"forbidden": {...}}``, after the line's
    ``"id"`` if it has one. ``CommandError`` if the line is bad."""
    where = f"input line {number}"
    try:
        data = loads_json(line)
    except json.JSONDecodeError as error:
        raise CommandError(f"{where}: not JSON ({error.msg})") from None
    except (ValueError, RecursionError) as error:  # a number too long or too large, nesting too deep
        raise CommandError(f"{where}: not JSON ({error})") from None
    if not isinstance(data, dict):
        raise CommandError(f'{where}: expected an object like {{"black": ["h8"], "white": []}}')
    for key in data:
        if key not in FORBIDDEN_KEYS:
            raise CommandError(f'{where}: unknown key "{key}": expected "black", "white" and optionally "id"')
    position = _read_position(data, where, rules)
    found = {str(point): foul for point, foul in position.forbidden_points().items()}
    answer: dict[str, Any] = {"id": data["id"]} if "id" in data else {}
    answer["forbidden"] = found
    return answer


def _read_position(data: dict[str, Any], where: str, rules: RenjuRules) -> Position:
    """The position (Black to move) of one JSON input object; ``CommandError`` if it is bad or
    cannot occur in a game (see :func:`impossible`)."""
    sides: list[list[Point]] = []
    for key in ("black", "white"):
        points = data.get(key, [])
        if not isinstance(points, list) or not all(isinstance(p, str) for p in points):
            raise CommandError(f'{where}: "{key}" must be a list of points like "h8"')
        try:
            sides.append([Point.from_str(point, rules.board_size) for point in points])
        except ValueError as error:
            raise CommandError(f"{where}: {error}") from None
    try:
        position = Position.from_stones(sides[0], sides[1], rules=rules)
    except ValueError as error:
        raise CommandError(f"{where}: {error}") from None
    problem = impossible(position)
    if problem is not None:
        raise CommandError(f"{where}: a position that cannot occur with Black to move: {problem}")
    return position


def impossible(position: Position) -> str | None:
    """Why ``position``'s stones, with Black to move, cannot come from a game in progress, or
    ``None``.

    The game must not be over already: no five of either colour, no longer line that wins for its
    colour, no Black overline where it is a foul, no move limit reached. Where the rules allow no
    passes, Black moved first and the players alternated: as many White stones as Black ones, and
    Black's first stone on the centre where the rules require it. Where passes are allowed (RJ-15,
    the presets) any count can occur, a pass leaving no stone: setups with Black's stones only,
    as forbidden-point puzzles are written, are answered."""
    rules = position.rules
    size = position.size
    black, white = position.stones(BLACK), position.stones(WHITE)
    for colour, stones in ((BLACK, black), (WHITE, white)):
        exact = rules.exact_five_for_black if colour is BLACK else rules.exact_five_for_white
        for line in _lines_of_five_or_more(stones, size):
            name = f"{colour.name.lower()} {line[0]}-{line[-1]}"
            if len(line) == 5:
                return f"the game is over: {name} is a five"
            if not exact:
                return f"the game is over: {name} is a line of {len(line)}, which wins"
            if colour is BLACK and rules.fouls_for_black:
                return f"the game is over: {name} is an overline, a foul for Black"
    if rules.move_limit is not None and len(black) + len(white) >= rules.move_limit:
        return f"the game is over: {len(black) + len(white)} stones reach the move limit {rules.move_limit}"
    if not rules.passes_allowed:
        if len(black) != len(white):
            return (f"{len(black)} black and {len(white)} white stones: with Black to move and no "
                    "passes allowed, each side has played as many stones as the other")
        centre = Point(size // 2, size // 2)
        if rules.first_move_center_required and black and position.color_at(centre) is not BLACK:
            return f"Black's first stone must be on the centre {centre} under these rules"
    return None


def _lines_of_five_or_more(stones: tuple[Point, ...], size: int) -> list[tuple[Point, ...]]:
    """The maximal runs of five or more of ``stones`` in a row, column or diagonal."""
    taken = set(stones)
    runs = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for point in stones:
            if Point(point.x - dx, point.y - dy) in taken:
                continue  # not the start of a run
            run = [point]
            while Point(run[-1].x + dx, run[-1].y + dy) in taken:
                run.append(Point(run[-1].x + dx, run[-1].y + dy))
            if len(run) >= 5:
                runs.append(tuple(run))
    return runs


# -- convert ----------------------------------------------------------------------------------------


def _convert(args: argparse.Namespace) -> int:
    if not MIN_RECORD_SIZE <= args.size <= MAX_RECORD_SIZE:
        raise CommandError(
            f"--size {args.size}: expected a board size from {MIN_RECORD_SIZE} to {MAX_RECORD_SIZE}"
        )
    source_name = "standard input" if args.input == "-" else args.input
    data = _read_input(args.input)
    source = _input_format(args, data)
    try:
        games = source.reader(data, args.size)
    except ValueError as error:
        raise CommandError(f"{source_name}: {error}") from None
    numbers = list(range(1, len(games) + 1))
    if args.game is not None:
        if not 1 <= args.game <= len(games):
            raise CommandError(f"{source_name}: there is no game {args.game} (the input holds {len(games)})")
        numbers = [args.game]
    if not numbers:
        raise CommandError(f"{source_name}: the input holds no game")
    template = _convert_rules(args)
    games = [_prepare(games[n - 1], n, len(games), args, template, source_name) for n in numbers]

    directory = args.output != "-" and Path(args.output).is_dir()
    target = _output_format(args, directory)
    assert target.writer is not None
    writer = target.writer
    if directory:
        stem = "game" if args.input == "-" else Path(args.input).stem
        paths = [Path(args.output) / f"{stem}-{n:04d}{target.extensions[0]}" for n in numbers]
        _write_files(
            [(path, _render(writer, [game], str(path))) for path, game in zip(paths, games, strict=True)]
        )
        return 0
    if len(games) > 1 and not target.many:
        raise CommandError(
            f"{source_name} holds {len(games)} games and a {target.name.upper()} file holds one: "
            "give --game N or an output directory"
        )
    text = _render(writer, games, args.output)
    if args.output == "-":
        _write_output(text)
    else:
        _write_files([(Path(args.output), text)])
    return 0


def _read_input(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        return Path(name).read_bytes()
    except OSError as error:
        raise CommandError(f"{name}: cannot read ({error.strerror or error})") from None


def _input_format(args: argparse.Namespace, data: bytes) -> RecordFormat:
    if args.source is not None:
        return FORMATS[args.source]
    found = None if args.input == "-" else format_for_name(args.input)
    found = found or guess_format(data)
    if found is None:
        name = "standard input" if args.input == "-" else args.input
        raise CommandError(f"{name}: cannot tell the record format; give --from")
    return found


def _output_format(args: argparse.Namespace, directory: bool) -> RecordFormat:
    if args.target is not None:
        return FORMATS[args.target]
    if args.output == "-" or directory:
        where = "standard output" if args.output == "-" else f"the directory {args.output}"
        raise CommandError(f"give --to for writing to {where}")
    found = format_for_name(args.output)
    if found is None:
        raise CommandError(f"{args.output}: cannot tell the record format from the name; give --to")
    if found.writer is None:
        raise CommandError(f"{args.output}: {found.description} files cannot be written")
    return found


def _convert_rules(args: argparse.Namespace) -> RenjuRules | None:
    """The rules ``--rules`` and ``--option`` give for games whose input names none (on the default
    15x15 board: each game's board is set later), or ``None`` when neither is given."""
    if args.rules is None and not args.option:
        return None
    changes = _rule_changes(args.option)
    if "board_size" in changes:
        raise CommandError(
            "--option board_size: a record's board comes from its input (use --size for .txt input)"
        )
    try:
        return RenjuRules.preset(args.rules or "renju", **changes)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _prepare(
    game: GameRecord,
    number: int,
    count: int,
    args: argparse.Namespace,
    template: RenjuRules | None,
    source: str,
) -> GameRecord:
    """``game`` with the ``--rules``/``--option`` rules recorded if it names none, checked under its
    rules with ``--check``.

    The rules core plays odd boards of 7 to 25 only; on another board (Gomocup's 20x20) such rules
    are recorded by their text, as the metadata ``RU`` that SGF writes, unless ``--check`` asks to
    play the game, which is then an error.
    """
    where = source if count == 1 else f"{source}, game {number}"
    try:
        if template is not None and game.rules is None:
            try:
                rules = template.replace(board_size=game.board_size)
            except ValueError:
                if args.check:
                    raise
                game = game.replace(metadata={**game.metadata, "RU": rules_text(template)})
            else:
                game = game.replace(rules=rules)
        if args.check:
            game.position()
    except ValueError as error:
        raise CommandError(f"{where}: {error}") from None
    return game


def _render(writer: Any, games: list[GameRecord], output: str) -> str:
    try:
        text: str = writer(games)
    except ValueError as error:
        raise CommandError(f"{'standard output' if output == '-' else output}: {error}") from None
    return text


def _write_files(files: list[tuple[Path, str]]) -> None:
    """Write every file or none.

    Every target is checked first (not a directory nor a device, writable); a symbolic link is
    followed, so the file it points to is replaced and the link kept. Each file is then written to a
    temporary file beside its target; only once all are written are they renamed over their targets,
    each existing target being first renamed to a backup beside it. If a rename fails, every target
    already done is put back (its backup renamed back, or the new file removed), and no temporary file
    or backup is left behind. ``CommandError`` names the file that could not be written.
    """
    original = files
    for path, _ in files:
        problem = _unwritable(path)
        if problem is not None:
            raise CommandError(f"{path}: cannot write ({problem})")
    files = [(Path(os.path.realpath(path)) if path.is_symlink() else path, text) for path, text in files]
    given = {real: path for (real, _), (path, _) in zip(files, original, strict=True)}
    temporary: list[tuple[str, Path]] = []
    done: list[tuple[Path, str | None, bool]] = []  # target, its backup, whether the new file is in place
    current = files[0][0]
    try:
        for current, text in files:
            handle, name = tempfile.mkstemp(prefix=f".{current.name}.", suffix=".tmp", dir=current.parent)
            temporary.append((name, current))
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
            os.chmod(name, _file_mode(current))
        for name, current in temporary:
            backup = None
            if os.path.lexists(current):
                handle, backup = tempfile.mkstemp(
                    prefix=f".{current.name}.", suffix=".bak", dir=current.parent
                )
                os.close(handle)
                try:
                    os.replace(current, backup)
                except BaseException:
                    os.unlink(backup)
                    raise
            done.append((current, backup, False))
            os.replace(name, current)
            done[-1] = (current, backup, True)
    except BaseException as error:  # an interrupt too: put everything back as it was
        for target, backup, placed in reversed(done):
            with contextlib.suppress(OSError):
                if backup is not None:
                    os.replace(backup, target)
                elif placed:
                    os.unlink(target)
        for name, _ in temporary:
            with contextlib.suppress(OSError):
                os.unlink(name)
        if isinstance(error, OSError):
            raise CommandError(f"{given[current]}: cannot write ({error.strerror or error})") from None
        raise
    for _, backup, _ in done:
        if backup is not None:
            with contextlib.suppress(OSError):
                os.unlink(backup)


def _unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written, or ``None`` if it seems it can (a rename may still fail)."""
    if os.path.isdir(path):
        return "it is a directory"
    if os.path.exists(path) and not os.path.isfile(path):
        return "not a regular file; use - for standard output"
    parent = Path(os.path.realpath(path)).parent if path.is_symlink() else path.parent
    if not os.path.isdir(parent):
        return os.strerror(errno.ENOENT if not os.path.lexists(parent) else errno.ENOTDIR)
    if not os.access(parent, os.W_OK | os.X_OK):
        return os.strerror(errno.EACCES)
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return os.strerror(errno.EACCES)
    return None


def _file_mode(path: Path) -> int:
    """The permissions for ``path``: those of the file it replaces, else the usual ones."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


# -- taku renju match -------------------------------------------------------------------------------


def _register_match(commands: Any) -> None:
    match = commands.add_parser(
        "match",
        help="play games between two players (the taku AI or external Gomocup brains) and score them",
        description="Play N games between --black and --white and report the first player's wins, "
        "losses, draws and score with a 95% confidence interval (Wilson, a draw counting half). A "
        "player is taku or taku:LEVEL (the built-in AI) or the command of a Gomocup brain "
        "(pbrain-*), run as a child process through the Gomocup protocol. A player that crashes, "
        "answers late (more than the time per move plus --tolerance), answers ERROR or plays an "
        "illegal move loses that game; Black's forbidden move loses under renju. With --swap the "
        "players change colours every game (the --black player has Black in games 1, 3, ...).",
    )
    match.add_argument("--black", required=True, metavar="PLAYER", help="the first player (Black)")
    match.add_argument("--white", required=True, metavar="PLAYER", help="the second player (White)")
    match.add_argument("--games", type=count(1, MAX_MATCH_GAMES, "a number of games"), default=2,
                       metavar="N", help=f"number of games, 1..{MAX_MATCH_GAMES} (default 2)")
    match.add_argument("--swap", action="store_true", help="alternate colours from game to game")
    match.add_argument("--time-per-move", type=seconds, default=1.0, metavar="T",
                       help="seconds per move for both players (default 1; Gomocup INFO timeout_turn)")
    match.add_argument("--tolerance", type=seconds_or_zero, default=1.0, metavar="T",
                       help="extra seconds allowed before an answer counts as late (default 1)")
    match.add_argument("--level", default="medium",
                       help="level of a plain taku player (default medium)")
    match.add_argument("--seed", type=int, default=0, help="seed of the built-in AI (default 0)")
    match.add_argument("--opening", default="none", metavar="OPENING",
                       help="how games start: none (empty board, default), rif26 (the 26 RIF openings "
                       "in turn; with --swap each is played with both colours), an opening name like "
                       "Kagetsu, a move string like h8i9j10, or an opening rule the players play "
                       f"themselves: {', '.join(OPENING_RULES)} (an external brain plays swap2 "
                       "only, through SWAP2BOARD; the others place stones around the centre of an "
                       "odd board)")
    match.add_argument("--nodes", type=count(1, 10**9, "a number of nodes"), default=None, metavar="N",
                       help="a node budget per move for the taku players (and their opening "
                       "judgements' engine), on top of the time: play that does not depend on the "
                       "machine's speed")
    _add_rule_options(match)
    match.add_argument("--json", action="store_true", help="print the result as JSON")
    match.add_argument("--workers", type=count(1, 1024, "a number of CPUs"), default=2, metavar="K",
                       help="with --ray and no address: the CPUs of the local Ray runtime (default 2)")
    add_ray_option(match)
    match.set_defaults(handler=_match)


class EngineMatch(NamedTuple):
    """What every game of a match between two taku engines needs (sent once to Ray workers)."""

    first: str
    first_spec: str
    second: str
    second_spec: str
    level: str
    seed: int
    rules: RenjuRules
    swap: bool
    time_per_move: float
    tolerance: float
    nodes: int | None = None
    opening_rule: OpeningRule | None = None


def play_engine_game(task: tuple[int, str], setup: EngineMatch) -> tuple[int, Any]:
    """Game ``number`` of ``task = (number, opening)``, with fresh engines: the first player has
    Black in even games when ``setup.swap`` and in every game otherwise."""
    from taku.bots.renju_ai import RenjuAI
    from taku.protocols.gomocup_client import play_game, player_from_spec

    number, opening = task

    def engine(level: str) -> RenjuAI:
        return RenjuAI(level, seed=setup.seed, max_nodes=setup.nodes)

    first = player_from_spec(setup.first_spec, engine, default_level=setup.level, name=setup.first)
    second = player_from_spec(setup.second_spec, engine, default_level=setup.level, name=setup.second)
    black, white = (second, first) if setup.swap and number % 2 else (first, second)
    game = play_game(black, white, setup.rules, opening=opening, time_per_move=setup.time_per_move,
                     tolerance=setup.tolerance, opening_rule=setup.opening_rule, seed=number)
    return number, game


def _opening_rule(text: str, rules: RenjuRules) -> OpeningRule | None:
    """The opening rule ``--opening`` names, checked against the rules; ``None`` for anything else."""
    rule = OPENING_RULES.get(text)
    if rule is None:
        return None
    try:
        Opening(rule, rules)
    except ValueError as error:  # a rule around the centre on an even board
        raise CommandError(f"--opening {text}: {error}") from None
    if rule.setup and rules.first_move_center_required:
        raise CommandError(f"--opening {text} places stones anywhere, but these rules require Black's first "
                           "stone on the centre: choose rules without it (renju, gomoku_freestyle, ...)")
    return rule


def _match_openings(text: str, swap: bool, rules: RenjuRules) -> Any:
    """The opening move string of each game number, as ``--opening`` asks (empty for an opening rule:
    see :func:`_opening_rule`)."""
    from taku.renju.openings import OPENINGS
    from taku.renju.points import move_string

    names = list(OPENINGS)
    if text == "none" or text in OPENING_RULES:
        return lambda game: ""
    if text == "rif26":
        return lambda game: move_string(OPENINGS[names[(game // 2 if swap else game) % len(names)]])
    if text in OPENINGS:
        moves = move_string(OPENINGS[text])
    else:
        moves = text
    try:
        parse_moves(moves, rules.board_size)
        Position(moves, rules=rules)
    except ValueError as error:
        raise CommandError(
            f"--opening {_clip(text)!r}: {error}; expected none, rif26, an opening rule "
            f"({', '.join(OPENING_RULES)}), one of the 26 opening names like Kagetsu, or a move string "
            "like h8i9j10") from None
    return lambda game: moves


def _match(args: argparse.Namespace) -> int:
    from taku.bots.renju_ai import RenjuAI
    from taku.protocols.gomocup_client import BrainPlayer, MatchSummary, play_match, player_from_spec

    rules = _rules(args)
    if args.games < 1:
        raise CommandError(f"--games {args.games}: expected at least 1")
    if not args.time_per_move > 0 or not args.tolerance >= 0:
        raise CommandError("--time-per-move must be positive and --tolerance not negative")
    openings = _match_openings(args.opening, args.swap, rules)
    opening_rule = _opening_rule(args.opening, rules)

    def engine(level: str) -> RenjuAI:
        try:
            return RenjuAI(level, seed=args.seed, max_nodes=args.nodes)
        except ValueError as error:
            raise CommandError(str(error)) from None

    players = []
    for option, spec in (("--black", args.black), ("--white", args.white)):
        try:
            player = player_from_spec(spec, engine, default_level=args.level, tolerance=args.tolerance)
        except ValueError as error:  # an unclosed quote, an empty command
            raise CommandError(f"{option} {spec!r}: {error}") from None
        if isinstance(player, BrainPlayer):  # a brain that cannot start is a typo, not a lost game
            program = player.client.command[0]
            if shutil.which(program) is None:
                raise CommandError(f"{option}: cannot run brain {program!r}: no such executable file")
        players.append(player)
    first, second = players
    if first.name == second.name:
        first.name, second.name = f"{first.name}#1", f"{second.name}#2"
    if rules.gomocup_rule is None and any(isinstance(p, BrainPlayer) for p in (first, second)):
        raise CommandError("these rules have no Gomocup rule number: an external brain cannot play them")
    if opening_rule is not None and opening_rule != SWAP2 and \
            any(isinstance(p, BrainPlayer) for p in (first, second)):
        raise CommandError(f"--opening {args.opening}: an external brain cannot play it: the Gomocup "
                           "protocol has an opening command for swap2 only (SWAP2BOARD)")

    def report(number: int, game: Any) -> None:
        fault = f" ({game.fault})" if game.fault else ""
        opening = f" [opening: {'; '.join(game.opening)}]" if game.opening else ""
        print(f"game {number + 1}/{args.games}: {game.black} - {game.white} {game.result}, "
              f"{game.reason}{fault}{opening}", file=sys.stderr, flush=True)

    brains = any(isinstance(p, BrainPlayer) for p in (first, second))
    if args.ray is not None and brains:
        raise CommandError("--ray plays taku players only (an external brain's program would have to "
                           "be on every node of the cluster)")
    if brains:
        try:
            summary = play_match(first, second, args.games, rules, openings=openings, swap=args.swap,
                                 time_per_move=args.time_per_move, tolerance=args.tolerance,
                                 on_game=report, opening_rule=opening_rule)
        finally:
            first.close()
            second.close()
    else:
        # Engines only: every game gets fresh engines seeded with --seed, so a game does not depend
        # on the games before it and the games may be played anywhere, in any order (--ray).
        setup = EngineMatch(first.name, args.black, second.name, args.white, args.level, args.seed,
                            rules, args.swap, args.time_per_move, args.tolerance, args.nodes, opening_rule)
        tasks = ((number, openings(number)) for number in range(args.games))
        if args.ray is not None:
            from taku.cli.ray_tasks import ray_map

            played: Iterator[tuple[int, Any]] = ray_map(play_engine_game, tasks, address=args.ray,
                                                        workers=args.workers, shared=(setup,))
        else:
            played = (play_engine_game(task, setup) for task in tasks)
        games: dict[int, Any] = {}
        for number, game in played:
            games[number] = game
            report(number, game)
        summary = MatchSummary(first.name, second.name, tuple(games[n] for n in sorted(games)))
    if args.json:
        print(json.dumps(summary.to_json()))
        return 0
    low, high = summary.score_ci95
    print(f"{summary.first} vs {summary.second}: {len(summary.games)} games")
    print(f"{summary.first}: {summary.wins} wins, {summary.losses} losses, {summary.draws} draws; "
          f"score {summary.score:.3f} (95% CI {low:.3f}-{high:.3f})")
    return 0


# -- taku renju solve -------------------------------------------------------------------------------


def _register_solve(commands: Any) -> None:
    solve = commands.add_parser(
        "solve",
        help="find a VCF (or, with --vct, a VCT) win for the side to move",
        description="Search the position after MOVES for a victory by continuous fours (VCF) of the "
        "side to move, or with --vct by threes and fours (VCT), respecting Black's forbidden points. "
        "Prints the winning line (the attacker's moves and the forced defences, alternating) and exits "
        "with status 0, or says there is none within the limits and exits with status 1.",
        intermixed=True,
    )
    solve.add_argument("moves", nargs="*", metavar="MOVES", help="moves in RIF notation, e.g. h8i9j10")
    solve.add_argument(
        "--depth", type=count(1, MAX_SOLVE_DEPTH, "a number of moves"), default=None, metavar="D",
        help="most attacking moves before the five: fours (default 20), or threes and fours with "
        "--vct (default 6)",
    )
    solve.add_argument(
        "--time", type=seconds, default=10.0, metavar="T", help="seconds to search (default 10)"
    )
    solve.add_argument("--vct", action="store_true", help="search threes as well as fours (VCT)")
    solve.add_argument("--json", action="store_true", help="print the answer as one JSON object")
    _add_rule_options(solve)
    solve.set_defaults(handler=_solve)


def _solve(args: argparse.Namespace) -> int:
    from taku.bots.renju_ai import solve_vcf, solve_vct

    rules = _rules(args)
    text = " ".join(args.moves)
    if args.depth is not None and args.depth < 1:
        raise CommandError(f"--depth {args.depth}: expected a positive number of moves")
    if not args.time > 0:
        raise CommandError(f"--time {args.time}: expected a positive number of seconds")
    position = _play_moves(text, rules)
    if position.is_over:
        raise CommandError(f"moves {_clip(text)!r}: the game is over ({position.outcome()})")
    kind = "vct" if args.vct else "vcf"
    if args.vct:
        depth = 6 if args.depth is None else args.depth
        line = solve_vct(position, max_depth=depth, time_limit=args.time)
    else:
        depth = 20 if args.depth is None else args.depth
        line = solve_vcf(position, max_depth=depth, time_limit=args.time)
    side = position.turn.name.lower()
    names = None if line is None else [str(point) for point in line]
    if args.json:
        answer = {"side": side, "kind": kind, "found": names is not None, "line": names or [],
                  "depth": depth, "time": args.time}
        _write_output(json.dumps(answer) + "\n")
    elif names is None:
        _write_output(f"no {kind.upper()} for {side} within {depth} moves and {args.time:g} seconds\n")
    else:
        _write_output(f"{side} wins by {kind.upper()}: {' '.join(names)}\n")
    return 0 if names is not None else 1
