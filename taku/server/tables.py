"""What the mahjong table and the renju game actors share: connections, the numbered event log,
broadcasting, and the services an actor needs (database, worker pools, lobby notices).

An actor is the only code that changes its game. Every command (a person's action, a bot's
decision, a clock running out, a connection arriving) runs under the actor's lock, so commands for
one game are serialised while games never share state. An accepted action is applied to the game,
committed to the database, and only then broadcast as numbered events (``docs/server.md``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from taku.server.protocol import MAX_QUEUED_MESSAGES, encode
from taku.server.settings import Settings
from taku.server.store import Database, Game, Seat, StoredAction

log = logging.getLogger("taku.server")


class GameError(ValueError):
    """A command the game refuses (not your turn, an illegal action, ...): one line, nothing changed."""


class Connection:
    """One client connection to a game (a WebSocket), seen from the actor: a queue of outgoing
    texts that a writer task sends; a seat (None for a spectator)."""

    def __init__(self, seat: int | None, user_id: int | None = None, *, kind: str = "person") -> None:
        self.seat = seat
        self.user_id = user_id
        self.kind = kind
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        self.sent = 0

    def send(self, text: str) -> None:
        """Queue ``text``; a connection that fell too far behind is closed (its client resyncs)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED_MESSAGES:
            self.close()
            return
        self.sent += 1
        self.queue.put_nowait(text)

    def close(self) -> None:
        """Stop sending: the writer ends after what is queued."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass
class Services:
    """What actors use from the server process."""

    db: Database
    settings: Settings
    bots: Executor
    """Threads for mahjong bots."""
    ai: Executor
    """Worker processes (or threads) for the renju AI and brains."""
    on_change: Callable[[str], None] = field(default=lambda game_id: None)
    """Called with a game's id when its lobby summary changes."""
    latency: list[float] = field(default_factory=list)
    """Seconds from receiving a person's action to its broadcast (benchmarks; bounded)."""


class GameActor:
    """The base of the two actors: the stored game, connections, the numbered log."""

    kind = ""

    def __init__(self, game: Game, services: Services) -> None:
        self.game = game
        self.id = game.id
        self.services = services
        self.settings = services.settings
        self.seats: list[Seat] = list(game.seats)
        self.status = game.status
        self.result: dict[str, Any] | None = game.result
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.actions = 0
        """Actions accepted so far (the number of the last stored action)."""
        self.closed = False
        self._timers: dict[Any, asyncio.TimerHandle] = {}

    # --- persistence ------------------------------------------------------------------------------
    async def store_action(
        self,
        seat: int | None,
        data: dict[str, Any],
        by: str,
        clock: dict[str, Any] | None,
        note: str | None = None,
    ) -> None:
        """Commit the action just applied (number ``self.actions + 1``)."""
        action = StoredAction(self.actions + 1, seat, data, by, clock, note, time.time())
        await self.services.db.append_action(self.id, action)
        self.actions += 1

    # --- connections ------------------------------------------------------------------------------
    def seat_of(self, user_id: int | None) -> int | None:
        """The seat ``user_id`` holds as a person, if any."""
        if user_id is None:
            return None
        for seat in self.seats:
            if seat.kind == "person" and seat.user_id == user_id:
                return seat.seat
        return None

    def broadcast(self, make: Callable[[Connection], str | None]) -> None:
        """Send each connection what ``make`` gives it (None: nothing)."""
        for connection in list(self.connections):
            text = make(connection)
            if text is not None:
                connection.send(text)

    def seats_summary(self) -> list[dict[str, Any]]:
        """Each seat as the lobby and the table show it."""
        present = {c.seat for c in self.connections if c.seat is not None and not c.closed}
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "bot": s.bot,
                "connected": s.seat in present if s.kind in ("person", "mjai") else True,
            }
            for s in self.seats
        ]

    def summary(self) -> dict[str, Any]:
        """The game as the lobby lists it."""
        return {
            "id": self.id,
            "game": self.kind,
            "status": self.status,
            "private": self.game.private,
            "config": public_config(self.game.config),
            "seats": self.seats_summary(),
            "spectators": sum(1 for c in self.connections if c.seat is None and not c.closed),
            "created": self.game.created,
            "result": self.result,
        }

    def table_message(self) -> str:
        """The ``table`` message: seats, presence, status, result, clocks."""
        return encode({"type": "table", **self.summary(), "clock": self.clock_state()})

    def clock_state(self) -> dict[str, Any] | None:
        """The clocks as sent to clients."""
        return None

    def changed(self) -> None:
        """Tell the connections and the lobby that the table's summary changed."""
        text = self.table_message()
        self.broadcast(lambda c: text if c.kind == "person" else None)
        self.services.on_change(self.id)

    # --- what each actor provides ------------------------------------------------------------------
    def replay(self, actions: list[StoredAction]) -> None:
        """Rebuild the game from its stored actions."""
        raise NotImplementedError

    def start(self) -> None:
        """Begin (or resume) play: every seat is taken."""
        raise NotImplementedError

    async def attach(self, connection: Connection, since: int) -> None:
        """A viewer connects and gets the events after ``since``."""
        raise NotImplementedError

    async def detach(self, connection: Connection) -> None:
        """A connection closed."""
        raise NotImplementedError

    async def resync(self, connection: Connection, since: int) -> None:
        """Send again what came after event ``since``."""
        raise NotImplementedError

    async def act(self, seat: int, message: dict[str, Any], received: float | None = None) -> None:
        """A person's action; ``GameError`` if refused."""
        raise NotImplementedError

    async def resign_or_leave(self, seat: int) -> None:
        """The person at ``seat`` leaves a running game."""
        raise NotImplementedError

    async def next_hand(self, seat: int, message: dict[str, Any]) -> None:
        """The person at ``seat`` has read a hand's result (``next_hand``); ``GameError`` if the
        game has no hands."""
        raise GameError(f"next_hand: a {self.kind} game has no hands to end")

    # --- timers ------------------------------------------------------------------------------------
    def set_timer(self, key: Any, delay: float, command: Callable[[], Any]) -> None:
        """Run the coroutine function ``command`` after ``delay`` seconds (replacing ``key``'s timer)."""
        self.cancel_timer(key)
        loop = asyncio.get_running_loop()
        self._timers[key] = loop.call_later(max(0.0, delay), lambda: spawn(command()))

    def cancel_timer(self, key: Any) -> None:
        """Cancel ``key``'s timer, if any."""
        handle = self._timers.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_timers(self) -> None:
        """Cancel every timer."""
        for handle in self._timers.values():
            handle.cancel()
        self._timers.clear()

    def shutdown(self) -> None:
        """Stop the actor (the server is stopping): timers cancelled, connections closed."""
        self.closed = True
        self.cancel_timers()
        for connection in list(self.connections):
            connection.close()


_tasks: set[asyncio.Task[Any]] = set()


def spawn(coroutine: Any) -> asyncio.Task[Any]:
    """Run ``coroutine`` as a task kept until it ends; its failure is logged, never lost."""
    task = asyncio.get_running_loop().create_task(coroutine)
    _tasks.add(task)

    def done(t: asyncio.Task[Any]) -> None:
        _tasks.discard(t)
        if not t.cancelled() and t.exception() is not None:
            log.error("task failed", exc_info=t.exception())

    task.add_done_callback(done)
    return task


def public_config(config: dict[str, Any]) -> dict[str, Any]:
    """A game's configuration without secrets (seat tokens, a table's given walls)."""
    return {k: v for k, v in config.items() if k not in ("seats", "walls")}


def now_ms() -> int:
    """A monotonic clock reading in milliseconds."""
    return int(time.monotonic() * 1000)
