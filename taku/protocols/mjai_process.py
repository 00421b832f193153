"""The table side of mjai: seat an external mjai bot process (Mortal, an mjai.app submission, or
``taku mahjong mjai-bot``) as a taku :class:`~taku.bots.simple.Player`.

:class:`MjaiProcessPlayer` starts the program ``argv`` and speaks mjai.app's dialect to it: at each
of its seat's decisions it writes one line, a JSON array of the events the seat may see since its
last answer (others' draws and hands hidden, as :attr:`Observation.events` gives them), and reads
one line back, a JSON action object. The game opens with ``{"type": "start_game", "id": seat}``;
a new hand is preceded by an ``end_kyoku`` when the previous one's end was not sent; ``close()``
sends ``end_game``.

A reply that comes later than ``timeout`` seconds, a process that exits, a line that is not an
mjai action and an action that is not legal now are faults. With ``on_error="raise"`` (the
default) a fault raises :class:`MjaiBotError` naming the bot, the reply and why. With
``on_error="penalty"`` the player plays the safest legal action instead (``none`` when passing is
allowed, else the tsumogiri discard, else the first legal discard) and records the fault in
:attr:`MjaiProcessPlayer.faults`; a bot that has died is not restarted, every later decision is
then a penalty action.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from types import TracebackType
from typing import IO, Any, Literal

from taku.mahjong.actions import Action, IllegalActionError
from taku.mahjong.kyoku import Event, Observation
from taku.protocols.mjai_client import match_action


class MjaiBotError(ValueError):
    """An external mjai bot failed: it timed out, exited, or sent an unreadable or illegal reply
    (the message names the bot, the reply and the reason)."""


def safest_action(legal: Sequence[Action]) -> Action:
    """The penalty action: ``none`` if allowed, else the tsumogiri discard, else the first
    discard, else the first legal action."""
    for wanted in ("none", "tsumogiri", "dahai"):
        for action in legal:
            if wanted == "tsumogiri" and action.type == "dahai" and action.tsumogiri:
                return action
            if action.type == wanted:
                return action
    return legal[0]


class MjaiEventFeed:
    """The batches of events one seat is sent, in mjai.app's way: ``start_game`` with the seat's
    ``id`` first, then at each decision the events seen since the last one (a synthesized
    ``end_kyoku`` closes a hand whose end the seat has not seen)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._pending: list[Event] = [{"type": "start_game", "id": seat}]
        self._start: Event | None = None
        self._sent = 0
        self._last_type: Any = None

    def batch(self, observation: Observation) -> list[Event]:
        """The events to send with the decision ``observation``."""
        events = observation.events
        batch = self._pending
        self._pending = []
        if not events:
            return batch
        if events[0] != self._start or len(events) < self._sent:
            if self._start is not None and self._last_type != "end_kyoku":
                batch.append({"type": "end_kyoku"})
            self._start = events[0]
            self._sent = 0
        batch.extend(events[self._sent:])
        self._sent = len(events)
        self._last_type = events[-1].get("type")
        return batch

    def end_game(self) -> list[Event]:
        """The last batch: what is still unsent and ``end_game``."""
        batch = self._pending
        self._pending = []
        if self._start is not None and self._last_type != "end_kyoku":
            batch.append({"type": "end_kyoku"})
        self._last_type = "end_game"
        batch.append({"type": "end_game"})
        return batch


class MjaiProcessPlayer:
    """A player that asks the external mjai bot ``argv`` sitting at ``seat`` (see the module
    docstring). Use it as a context manager, or call :meth:`close`."""

    def __init__(self, argv: Sequence[str], seat: int, timeout: float = 5.0, *,
                 on_error: Literal["raise", "penalty"] = "raise", name: str | None = None) -> None:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        if on_error not in ("raise", "penalty"):
            raise ValueError(f"on_error must be 'raise' or 'penalty', got {on_error!r}")
        if not argv:
            raise ValueError("argv must name the bot program")
        self.argv = list(argv)
        self.seat = seat
        self.timeout = timeout
        self.on_error = on_error
        self.name = name or " ".join(self.argv)
        self.faults: list[str] = []
        """Every fault seen, one line each (with ``on_error="penalty"``)."""
        self.decisions = 0
        try:
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True, bufsize=1)
        except OSError as error:
            raise MjaiBotError(f"mjai bot {self.name!r} cannot be started: {error}") from None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self._owed = 0  # replies still due for requests that timed out
        self._dead = False
        assert self._process.stdout is not None and self._process.stderr is not None
        self._threads = [
            threading.Thread(target=self._pump, args=(self._process.stdout, self._lines.put), daemon=True),
            threading.Thread(target=self._pump, args=(self._process.stderr, self._stderr.append),
                             daemon=True)]
        for thread in self._threads:
            thread.start()
        self.feed = MjaiEventFeed(seat)

    def __repr__(self) -> str:
        return f"MjaiProcessPlayer({self.argv!r}, {self.seat!r}, {self.timeout!r}, " \
               f"on_error={self.on_error!r})"

    @staticmethod
    def _pump(stream: IO[str], put: Any) -> None:
        for line in stream:
            put(line)
        put(None)

    # --- Player ---------------------------------------------------------------------------------
    def choose(self, observation: Observation) -> Action:
        """Send the new events, read the bot's action and return the legal action it names."""
        if observation.seat != self.seat:
            raise ValueError(f"{self.name}: observation of seat {observation.seat}, "
                             f"but the bot sits at seat {self.seat}")
        legal = observation.legal_actions
        self.decisions += 1
        batch = self.feed.batch(observation)
        try:
            reply = self._ask(batch)
            return self._to_action(reply, legal)
        except MjaiBotError as error:
            if self.on_error == "raise":
                raise
            self.faults.append(str(error))
            return safest_action(legal)

    def _ask(self, batch: list[Event]) -> str:
        """Write ``batch`` and read the one reply line."""
        if self._dead:
            raise MjaiBotError(f"mjai bot {self.name!r} has exited earlier")
        process = self._process
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(batch, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._dead = True
            raise MjaiBotError(f"mjai bot {self.name!r} exited{self._status()}") from None
        while True:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                self._owed += 1
                raise MjaiBotError(f"mjai bot {self.name!r} did not answer within "
                                   f"{self.timeout:g} s") from None
            if line is None:
                self._dead = True
                raise MjaiBotError(f"mjai bot {self.name!r} exited without answering"
                                   f"{self._status()}")
            if self._owed:
                self._owed -= 1  # a late answer to an earlier request: dropped
                continue
            return line

    def _status(self) -> str:
        try:
            code = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        text = f" (exit status {code})" if code is not None else ""
        if code is not None:
            self._threads[1].join(timeout=1.0)  # let its last error output arrive
        lines = [line.rstrip() for line in list(self._stderr)[-3:] if line]
        if lines:
            text += "; its last error output: " + " | ".join(lines)
        return text

    def _to_action(self, reply: str, legal: Sequence[Action]) -> Action:
        shown = reply.strip()[:200]
        try:
            data = json.loads(reply)
        except json.JSONDecodeError as error:
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: not JSON "
                               f"({error.msg})") from None
        try:
            action = Action.from_mjai(data, actor=self.seat)
        except IllegalActionError as error:
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: {error}") from None
        if action.actor != self.seat:
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: actor {action.actor} "
                               f"is not its seat {self.seat}")
        if action.type == "none" and not any(a.type == "none" for a in legal):
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: it must act now; "
                               "legal: " + "; ".join(map(str, legal)))
        found = match_action(action, legal)
        if found is None:
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: not a legal action; "
                               "legal: " + "; ".join(map(str, legal)))
        return found

    # --- lifetime --------------------------------------------------------------------------------
    def close(self) -> None:
        """Send ``end_game``, then end the process (killed if it does not exit promptly)."""
        process = self._process
        if process.poll() is None and not self._dead:
            try:
                assert process.stdin is not None
                process.stdin.write(json.dumps(self.feed.end_game()) + "\n")
                process.stdin.flush()
                process.stdin.close()
            except (OSError, ValueError):
                pass
        try:
            process.wait(timeout=min(self.timeout, 2.0))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for thread in self._threads:
            thread.join(timeout=1.0)
        for stream in (process.stdin, process.stdout, process.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __enter__(self) -> MjaiProcessPlayer:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
