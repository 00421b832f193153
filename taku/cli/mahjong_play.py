"""``taku mahjong replay`` and ``taku mahjong simulate``: game records through the table engine.

Record formats, recognised by content: mjai JSON lines (one event per line, one game per file),
Tenhou's tenhou.net/6 JSON log (one game), Tenhou mjlog XML (gzip allowed), and the
one-match-per-line JSON of riichienv (``{"rule", "events", ...}`` per line, several games).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from taku.bots.simple import Player, RandomPlayer, SimplePlayer
from taku.cli.main import CommandError
from taku.formats.mahjong.mjai import is_mjai_matches, read_mjai, read_mjai_matches, write_mjai
from taku.formats.mahjong.record import MahjongRecord, RecordError
from taku.formats.mahjong.replay import replay
from taku.mahjong.errors import MahjongError
from taku.mahjong.match import Match
from taku.mahjong.rules import PRESETS, Rules

FORMATS = ("mjai", "tenhou")
"""Formats ``simulate`` writes."""


def register(commands: Any) -> None:
    """Add ``replay`` and ``simulate`` to the ``mahjong`` sub-commands."""
    rep = commands.add_parser(
        "replay", help="replay game records through the engine and check every score",
        description="Replay game records (mjai JSON lines, Tenhou JSON, Tenhou mjlog XML, "
                    "riichienv match lines) through the engine: every action must be legal and "
                    "every stated score change, yaku, fu and han equal to the engine's. Prints "
                    "a verdict per game and a summary; exits 1 on any mismatch.")
    rep.add_argument("files", nargs="+", metavar="FILE")
    rep.add_argument("--rules", choices=list(PRESETS),
                     help="rules for records that do not carry them (default: tenhou)")
    rep.add_argument("--json", action="store_true", help="print one JSON object")
    rep.set_defaults(handler=_replay_command)

    sim = commands.add_parser(
        "simulate", help="play matches between built-in players and write the records",
        description="Play N matches with a trivial built-in player at each seat and write each "
                    "record to the output directory.")
    sim.add_argument("--games", type=int, default=1, metavar="N")
    sim.add_argument("--seed", default="0", metavar="S", help="seed of the walls and players")
    sim.add_argument("--rules", default="tenhou", choices=list(PRESETS))
    sim.add_argument("--player", default="simple", choices=["simple", "random"],
                     help="the built-in player at every seat (default: simple)")
    sim.add_argument("--out", default="taku-games", metavar="DIR",
                     help="directory for the records (default: taku-games)")
    sim.add_argument("--format", default="mjai", choices=FORMATS, dest="record_format")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.set_defaults(handler=_simulate_command)


# --- loading records ---------------------------------------------------------------------------

def load_records(path: str) -> list[MahjongRecord]:
    """Every game in the file at ``path`` (see the module docstring for the formats)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    name = os.path.basename(path)
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise CommandError(f"{path}: not a valid gzip file: {error}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not UTF-8 text") from None
    stripped = text.lstrip()
    if stripped.startswith("<"):
        from taku.formats.mahjong.mjlog import read_mjlog
        return [read_mjlog(text, name)]
    if stripped.startswith("{") and _is_tenhou_json(stripped):
        from taku.formats.mahjong.tenhou_json import read_tenhou_json
        return [read_tenhou_json(text, name)]
    if is_mjai_matches(stripped):
        return read_mjai_matches(text, name)
    return [read_mjai(text, name)]


def _is_tenhou_json(text: str) -> bool:
    """Whether ``text`` is a tenhou.net/6 log: one JSON object with a ``log``, or one such
    object per line (one hand per line)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = json.loads(text.split("\n", 1)[0])
        except json.JSONDecodeError:
            return False
    return isinstance(data, dict) and "log" in data


# --- replay --------------------------------------------------------------------------------------

def _replay_command(args: argparse.Namespace) -> int:
    rules = Rules.preset(args.rules) if args.rules else None
    reports = []
    out = sys.stdout
    for path in args.files:
        try:
            records = load_records(path)
        except (RecordError, MahjongError) as error:
            raise CommandError(f"{path}: {error}") from None
        for record in records:
            report = replay(record, rules)
            reports.append(report)
            if not args.json:
                out.write(_verdict(report) + "\n")
    bad = [r for r in reports if not r.ok]
    if args.json:
        json.dump({"games": len(reports), "ok": len(reports) - len(bad), "mismatched": len(bad),
                   "reports": [r.to_dict() for r in reports]}, out, ensure_ascii=False)
        out.write("\n")
    else:
        hands = sum(r.hands for r in reports)
        out.write(f"{len(reports)} games, {hands} hands replayed: "
                  + ("all agree" if not bad else f"{len(bad)} with mismatches") + "\n")
    return 1 if bad else 0


def _verdict(report: Any) -> str:
    head = f"{report.name}: "
    if report.ok:
        return head + f"ok ({report.hands} hands, {report.wins} wins, {report.draws} draws, " \
                      f"{report.actions} actions)"
    return head + "MISMATCH at " + "; ".join(str(m) for m in report.mismatches)


# --- simulate ------------------------------------------------------------------------------------

def _player(kind: str, seed: str) -> Player:
    return RandomPlayer(seed) if kind == "random" else SimplePlayer()


def play_match(rules: Rules, seed: str, players: list[Player]) -> Match:
    """Play one match to its end with ``players`` at seats 0..3."""
    match = Match(rules, seed)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
    return match


def _progress(done: int, total: int, started: float, stream: TextIO) -> None:
    if not stream.isatty():
        return
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                 f"({rate:.1f}/s)")
    if done == total:
        stream.write("\n")
    stream.flush()


def _simulate_command(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, got {args.games}")
    rules = Rules.preset(args.rules)
    out_dir = Path(args.out)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CommandError(f"cannot create {out_dir}: {error.strerror or error}") from None
    started = time.perf_counter()
    totals = [0, 0, 0, 0]
    ranks = [0, 0, 0, 0]
    hands = 0
    files = []
    for game in range(args.games):
        seed = f"{args.seed}-{game}"
        players = [_player(args.player, f"{seed}-{seat}") for seat in range(4)]
        match = play_match(rules, seed, players)
        assert match.result is not None
        hands += len(match.results)
        for seat in range(4):
            totals[seat] += match.result.scores[seat]
            ranks[seat] += match.result.ranks[seat]
        record = MahjongRecord(tuple(match.events), args.rules, f"simulate {seed}")
        if args.record_format == "tenhou":
            from taku.formats.mahjong.tenhou_json import write_tenhou_json
            text, suffix = write_tenhou_json(record), ".json"
        else:
            text, suffix = write_mjai(record), ".mjai.jsonl"
        path = out_dir / f"game-{args.seed}-{game:04d}{suffix}"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error.strerror or error}") from None
        files.append(str(path))
        _progress(game + 1, args.games, started, sys.stderr)
    elapsed = time.perf_counter() - started
    summary = {
        "games": args.games, "hands": hands, "seconds": round(elapsed, 3), "rules": args.rules,
        "player": args.player, "out": str(out_dir),
        "seats": [{"seat": seat, "avg_score": totals[seat] / args.games,
                   "avg_rank": ranks[seat] / args.games} for seat in range(4)],
    }
    if args.json:
        json.dump(summary, sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(f"{args.games} games ({hands} hands) in {elapsed:.2f} s; records in "
                         f"{out_dir}/\n")
        for row in summary["seats"]:
            sys.stdout.write(f"  seat {row['seat']}: average rank {row['avg_rank']:.2f}, "
                             f"average score {row['avg_score']:.0f}\n")
    return 0
