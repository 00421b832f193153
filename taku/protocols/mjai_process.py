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

import json
from collections.abc import Sequence
from types import TracebackType
from typing import Final, Literal

from taku.errors import EngineError
from taku.mahjong.actions import Action, IllegalActionError, match_action
from taku.mahjong.kyoku import Event, Observation
from taku.protocols.child_process import ChildProcess

WRITE_TIMEOUT: Final = 5.0
"""Seconds a bot has to take a batch of events off its input (a bot that stops reading has failed)."""


class MjaiBotError(EngineError, ValueError):
    """An external mjai bot failed: it timed out, exited, or sent an unreadable or illegal reply
    (the message names the bot, the reply and the reason). An :class:`~taku.errors.EngineError`;
    still a ``ValueError`` too, as it was, for callers that catch that."""


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
        self._last_type: object = None  # the type of the last event sent

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
            # In a process group of its own: closing the player ends whatever the bot started.
            self._child = ChildProcess(self.argv)
        except OSError as error:
            raise MjaiBotError(f"mjai bot {self.name!r} cannot be started: {error}") from None
        self._owed = 0  # replies still due for requests that timed out
        self._dead = False
        self.feed = MjaiEventFeed(seat)

    def __repr__(self) -> str:
        return f"MjaiProcessPlayer({self.argv!r}, {self.seat!r}, {self.timeout!r}, " \
               f"on_error={self.on_error!r})"

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
        child = self._child
        try:
            child.send(json.dumps(batch, separators=(",", ":")), max(self.timeout, WRITE_TIMEOUT))
        except TimeoutError:
            self._dead = True
            child.kill()
            raise MjaiBotError(f"mjai bot {self.name!r} does not read its input") from None
        except OSError:
            self._dead = True
            raise MjaiBotError(f"mjai bot {self.name!r} exited{self._status()}") from None
        while True:
            try:
                line = child.read_line(self.timeout)
            except TimeoutError:
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
        code, tail = self._child.exit_report(1.0)
        text = f" (exit status {code})" if code is not None else ""
        lines = tail[-3:]
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
        found = match_action(legal, action)
        if found is None:
            raise MjaiBotError(f"mjai bot {self.name!r} replied {shown!r}: not a legal action; "
                               "legal: " + "; ".join(map(str, legal)))
        return found

    # --- lifetime --------------------------------------------------------------------------------
    def close(self) -> None:
        """Send ``end_game``, then end the process and its process group (killed if it does not
        exit promptly)."""
        last = None if self._dead else json.dumps(self.feed.end_game())
        self._dead = True
        self._child.close(min(self.timeout, 2.0), last=last)

    def __enter__(self) -> MjaiProcessPlayer:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
