#!/usr/bin/env python3
"""Seat an outside mjai bot that does not speak mjai.app's stdin dialect: mjai-manue (a TCP client)
or akochan (``system.exe pipe``), behind :class:`taku.protocols.mjai_process.MjaiProcessPlayer`.

This program is the bot process ``MjaiProcessPlayer`` starts: it reads one line per decision from
standard input (a JSON array of the events the seat has seen since its last answer, ``start_game``
with the seat's ``id`` first) and writes one line back (a JSON action). Behind it:

``manue`` (gimite/mjai-manue, Ruby, with gimite/mjai's library)
    The bridge listens on a loopback TCP port, starts ``mjai-manue``'s Ruby client against
    ``mjsonp://127.0.0.1:PORT/default`` and is the mjai server to it: ``hello``, then every event
    one line at a time, reading the client's reply to each (mjai's TCP protocol: a reply to every
    event, ``none`` when the client does nothing). The reply to a batch's last event is the answer.

``akochan`` (critter-mj/akochan, C++)
    The bridge starts ``system.exe pipe TACTICS SEAT`` (in akochan's directory, which holds its
    parameter files and ``libai.so``) and writes every event on its own line. akochan answers after
    its own ``tsumo`` and after another player's ``dahai`` or ``kakan``, with a list of moves
    (``[reach, dahai]``, ``[pon, dahai]``, ``[hora]``, ``[none]``): events before the batch's last get
    ``"can_act": false`` so that it thinks only when asked, the first move is the answer, and the
    moves after it answer the decisions that follow it (the discard after a riichi or a call).
    ``start_game`` gets the ``kyoku_first`` (0: East-South) and ``aka_flag`` fields it needs.

The outside programs are built outside the repository (never copied into it); see
``benchmarks/README.md`` ("Mahjong bot vs outside bots") for how. Usage::

    python benchmarks/mjai_bridge.py manue --mjai /work/outside/mjai --manue /work/outside/mjai-manue
    python benchmarks/mjai_bridge.py akochan --akochan /work/outside/akochan [--tactics FILE]

Messages about faults go to standard error, one line each; the bot's own output never reaches
standard output (it would be taken for an answer).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

Event = dict[str, Any]

MANUE_SCRIPT = ('require "mjai/manue/mjai_manue_command"; '
                'Mjai::Manue::MjaiManueCommand.execute(ARGV)')


class BridgeError(RuntimeError):
    """The outside bot failed (exited, or said something that is not an mjai reply)."""


class ManueRelay:
    """mjai-manue's Ruby TCP client, served one event at a time."""

    def __init__(self, mjai_dir: Path, manue_dir: Path, ruby: str = "ruby",
                 connect_timeout: float = 30.0) -> None:
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        listener.listen(1)
        listener.settimeout(connect_timeout)
        port = listener.getsockname()[1]
        argv = [ruby, "-I", str(mjai_dir / "lib"), "-I", str(manue_dir / "lib"), "-e", MANUE_SCRIPT,
                "--", f"mjsonp://127.0.0.1:{port}/default"]
        # its stdout logs every line it sees: not ours to pass on
        self._process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        try:
            connection, _ = listener.accept()
        except TimeoutError:
            self._process.kill()
            raise BridgeError(f"mjai-manue did not connect within {connect_timeout:g} s") from None
        finally:
            listener.close()
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection.settimeout(None)
        self._socket = connection
        self._reader = connection.makefile("r", encoding="utf-8")
        self._send({"type": "hello", "protocol": "mjsonp", "protocol_version": 3})
        self._receive()  # join

    def _send(self, event: Event) -> None:
        self._socket.sendall((json.dumps(event, separators=(",", ":")) + "\n").encode())

    def _receive(self) -> str:
        line = self._reader.readline()
        if not line:
            raise BridgeError(f"mjai-manue closed the connection (exit status {self._process.poll()})")
        return line.strip()

    def answer(self, batch: list[Event]) -> str | None:
        reply: str | None = None
        for event in batch:
            if event.get("type") == "start_game":
                event = {"names": ["taku0", "taku1", "taku2", "taku3"], **event}
            self._send(event)
            if event.get("type") == "end_game":
                return None  # the client leaves without a reply
            reply = self._receive()
        return reply

    def close(self) -> None:
        try:
            self._socket.close()
        finally:
            try:
                self._process.wait(2.0)
            except subprocess.TimeoutExpired:
                self._process.kill()


class AkochanRelay:
    """akochan's ``system.exe pipe`` mode (see the module docstring)."""

    def __init__(self, akochan_dir: Path, tactics: Path, kyoku_first: int = 0, aka: bool = True) -> None:
        self.dir = akochan_dir
        self.tactics = tactics
        self.kyoku_first = kyoku_first
        self.aka = aka
        self._process: subprocess.Popen[str] | None = None
        self.seat = -1
        self._moves: list[Event] = []  # akochan's moves still to play

    def _start(self, seat: int) -> subprocess.Popen[str]:
        env = dict(os.environ)
        env["LD_LIBRARY_PATH"] = str(self.dir) + os.pathsep + env.get("LD_LIBRARY_PATH", "")
        self.seat = seat
        return subprocess.Popen([str(self.dir / "system.exe"), "pipe", str(self.tactics), str(seat)],
                                cwd=self.dir, env=env, text=True, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, bufsize=1)

    def _asks(self, event: Event) -> bool:
        """Whether akochan answers ``event``."""
        kind = event.get("type")
        actor = event.get("actor")
        return actor is not None and ((actor == self.seat and kind == "tsumo")
                                      or (actor != self.seat and kind in ("dahai", "kakan")))

    def answer(self, batch: list[Event]) -> str | None:
        process = self._process
        for index, event in enumerate(batch):
            kind = event.get("type")
            if kind == "start_game":
                if process is None:
                    process = self._process = self._start(int(event["id"]))
                event = {**event, "kyoku_first": self.kyoku_first, "aka_flag": self.aka}
            if process is None:
                raise BridgeError("the first event is not start_game")
            if kind == "end_game":
                return None
            last = index == len(batch) - 1
            if self._asks(event) and not last:
                event = {**event, "can_act": False}
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(event, separators=(",", ":")) + "\n")
            process.stdin.flush()
            if last and self._asks(event):
                line = process.stdout.readline()
                if not line:
                    raise BridgeError(f"akochan exited (status {process.poll()})")
                try:
                    moves = json.loads(line)
                except json.JSONDecodeError:
                    raise BridgeError(f"akochan replied {line.strip()[:200]!r}: not JSON") from None
                if isinstance(moves, dict):
                    moves = [moves]
                self._moves = list(moves)
        if self._moves:
            return json.dumps(self._moves.pop(0), separators=(",", ":"))
        return json.dumps({"type": "none"})

    def close(self) -> None:
        if self._process is not None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            try:
                self._process.wait(2.0)
            except subprocess.TimeoutExpired:
                self._process.kill()


def serve(relay: ManueRelay | AkochanRelay, stdin: IO[str], stdout: IO[str]) -> int:
    """Answer each batch of ``stdin`` on ``stdout`` until ``end_game`` or the end of the input."""
    try:
        for line in stdin:
            batch = json.loads(line)
            if not isinstance(batch, list):
                batch = [batch]
            reply = relay.answer(batch)
            if reply is None:
                return 0
            stdout.write(reply + "\n")
            stdout.flush()
        return 0
    except BridgeError as error:
        print(f"mjai_bridge: {error}", file=sys.stderr)
        return 1
    finally:
        relay.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="bot", required=True)
    manue = sub.add_parser("manue", help="mjai-manue (Ruby TCP client)")
    manue.add_argument("--mjai", type=Path, default=Path("/work/outside/mjai"),
                       help="a checkout of gimite/mjai")
    manue.add_argument("--manue", type=Path, default=Path("/work/outside/mjai-manue"),
                       help="a checkout of gimite/mjai-manue")
    manue.add_argument("--ruby", default="ruby")
    akochan = sub.add_parser("akochan", help="akochan (system.exe pipe)")
    akochan.add_argument("--akochan", type=Path, default=Path("/work/outside/akochan"),
                         help="akochan's directory, built (system.exe, libai.so)")
    akochan.add_argument("--tactics", type=Path, default=None,
                         help="a tactics JSON file (default: its setup_mjai.json)")
    akochan.add_argument("--tonpu", action="store_true", help="East-only games (kyoku_first 4)")
    args = parser.parse_args(argv)
    try:
        relay: ManueRelay | AkochanRelay
        if args.bot == "manue":
            relay = ManueRelay(args.mjai.resolve(), args.manue.resolve(), args.ruby)
        else:
            directory = args.akochan.resolve()
            tactics = (args.tactics or directory / "setup_mjai.json").resolve()
            relay = AkochanRelay(directory, tactics, 4 if args.tonpu else 0)
    except (OSError, BridgeError) as error:
        print(f"mjai_bridge: {error}", file=sys.stderr)
        return 1
    return serve(relay, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
