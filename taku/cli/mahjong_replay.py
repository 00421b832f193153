"""``taku mahjong replay``: game records through the table engine, a verdict per game.

The records are read by :mod:`taku.formats.mahjong.load` (mjai JSON lines, Tenhou JSON, Tenhou
mjlog XML, riichienv match lines; gzip allowed; ``-`` reads standard input) and replayed by
:func:`taku.formats.mahjong.replay.replay`. Every game gets a verdict: ``ok``, ``MISMATCH`` (where
and what), or ``error`` (a game that cannot be read); one bad game never stops the run. The exit
status is 0 when every game agrees, 1 when any game has a mismatch or an error, 2 for a usage
error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from taku.formats.mahjong.load import Loaded, UnreadableGame, load_records, read_records
from taku.formats.mahjong.replay import ReplayReport, replay
from taku.mahjong.rules import PRESET_ALIASES, PRESETS, Rules, rules_label

STDIN_NAME = "<stdin>"
"""The name of the game read from standard input (``replay -``)."""


def register(commands: Any) -> None:
    """Add ``replay`` to the ``mahjong`` sub-commands."""
    rep = commands.add_parser(
        "replay", help="replay game records through the engine and check every score",
        description="Replay game records (mjai JSON lines, Tenhou JSON, Tenhou mjlog XML, "
                    "riichienv match lines; - reads standard input) through the engine: every "
                    "action must be legal and every stated score change, yaku, fu and han equal "
                    "to the engine's. Prints the rules, a verdict per game (ok, MISMATCH or "
                    "error) and a summary; a record cut short is replayed as far as it goes and "
                    "its verdict says where it stops. Exits 1 if any game has a mismatch or "
                    "cannot be read.")
    rep.add_argument("files", nargs="+", metavar="FILE", help="record files (- for standard input)")
    rep.add_argument("--rules", choices=[*PRESETS, *PRESET_ALIASES],
                     help="rules for records that do not name theirs (default: tenhou)")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(handler=_replay_command)


def _replay_command(args: argparse.Namespace) -> int:
    default = Rules.preset(args.rules or "default")
    out = sys.stdout
    label = rules_label(default)
    if not args.json:
        out.write(f"rules: {label} (records that name their rules are replayed under them)\n")
    reports = []
    for path in args.files:
        games = read_records(sys.stdin.buffer.read(), STDIN_NAME) if path == "-" else \
            load_records(path)
        for game in games:
            report = _replay_game(game, default)
            reports.append(report)
            if not args.json:
                out.write(verdict(report, label) + "\n")
                out.flush()
    bad = [r for r in reports if not r.ok]
    if args.json:
        json.dump({"rules": label, "games": len(reports), "ok": len(reports) - len(bad),
                   "mismatched": sum(1 for r in bad if not r.error),
                   "errors": sum(1 for r in bad if r.error),
                   "reports": [r.to_dict() for r in reports]}, out, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(_summary(reports) + "\n")
    return 1 if bad else 0


def _replay_game(game: Loaded, default: Rules) -> ReplayReport:
    """The report on one game: an error for a game that could not be read."""
    if isinstance(game, UnreadableGame):
        return ReplayReport(game.name, error=game.error)
    try:
        return replay(game, None if game.rules else default)
    except Exception as error:  # a bug must not stop the other games
        return ReplayReport(game.name, error=f"internal error ({type(error).__name__}: {error})")


def verdict(report: ReplayReport, default_rules: str = "") -> str:
    """One line on one game: ``name: ok (...)``, ``name: MISMATCH at ...`` or ``name: error: ...``."""
    head = f"{report.name}: "
    if report.error:
        return head + f"error: {report.error}"
    notes = []
    if report.rules and report.rules != default_rules:
        notes.append(f"rules {report.rules}")
    if report.chips is not None:
        notes.append("chips " + " ".join(f"{c:+d}" for c in report.chips))
    if report.stops_early:
        notes.append(f"the record stops early: {report.stops_early}")
    tail = "".join(f"; {note}" for note in notes)
    if report.ok:
        partial = " and a partial hand" if report.stops else ""
        return head + f"ok ({_count(report.hands, 'hand')}{partial}, {_count(report.wins, 'win')}, " \
                      f"{_count(report.draws, 'draw')}, {_count(report.actions, 'action')}){tail}"
    return head + "MISMATCH at " + "; ".join(str(m) for m in report.mismatches) + tail


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _summary(reports: list[ReplayReport]) -> str:
    hands = sum(r.hands for r in reports)
    mismatched = sum(1 for r in reports if not r.ok and not r.error)
    errors = sum(1 for r in reports if r.error)
    parts = [f"{mismatched} with mismatches"] if mismatched else []
    if errors:
        parts.append(f"{errors} unreadable")
    return f"{_count(len(reports), 'game')}, {_count(hands, 'hand')} replayed: " + (
        ", ".join(parts) if parts else "all agree")
