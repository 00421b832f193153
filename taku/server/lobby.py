"""The live lobby: every change of a game's summary (created, a seat taken, started, finished) is
pushed to the lobby's WebSocket subscribers.

Changes are gathered and sent once per event-loop turn. :class:`LobbyBus` is the seam for several
server processes: this process's changes go out through it and other processes' changes come in
through it. :class:`LocalBus` is the single-process one (SQLite); :class:`PostgresBus` carries the
changes between the processes that share one PostgreSQL database, over ``LISTEN/NOTIFY``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any, Protocol

from taku.server.protocol import encode
from taku.server.tables import Connection


class LobbyBus(Protocol):
    """Carries the ids of changed games between server processes."""

    def publish(self, game_id: str) -> None:
        """Announce a change of ``game_id``."""
        ...


class LocalBus:
    """One process: a change goes straight to this process's lobby."""

    def __init__(self) -> None:
        self.listeners: list[Callable[[str], None]] = []

    def publish(self, game_id: str) -> None:
        """Announce a change of ``game_id`` to the listeners."""
        for listener in self.listeners:
            listener(game_id)


log = logging.getLogger("taku.server")

CHANNEL = "taku_lobby"
"""The PostgreSQL notification channel of lobby changes; a payload is ``PROCESS GAME_ID``."""


class PostgresBus(LocalBus):
    """Several processes, one PostgreSQL database: a change goes to this process's lobby at once
    and to every other process as a notification (``NOTIFY taku_lobby``), sent by a thread of its
    own so that the event loop never waits for the database. A thread listening on the channel
    hands the other processes' changes (their game ids) to ``on_remote`` in the event loop.
    Notifications are not stored: a process that was down misses them, and its lobby shows the
    database's listing when a subscriber connects."""

    def __init__(self, conninfo: str, process: str) -> None:
        super().__init__()
        self.conninfo = conninfo
        self.process = process
        self._outbox: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.listening = threading.Event()
        """Set once this process listens (a test waits for it)."""

    def publish(self, game_id: str) -> None:
        super().publish(game_id)
        if self._threads:
            self._outbox.put(game_id)

    def start(self, on_remote: Callable[[str], None]) -> None:
        """Start sending and listening; ``on_remote(game_id)`` runs in the running event loop."""
        loop = asyncio.get_running_loop()
        self._stop.clear()

        def deliver(game_id: str) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(on_remote, game_id)

        self._threads = [
            threading.Thread(target=self._send, name="taku-lobby-notify", daemon=True),
            threading.Thread(target=self._listen, args=(deliver,), name="taku-lobby-listen", daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        """Stop both threads (they close their connections)."""
        self._stop.set()
        self._outbox.put(None)
        for thread in self._threads:
            thread.join(timeout=5)
        self._threads = []

    def _connect(self) -> Any:
        import psycopg

        return psycopg.connect(self.conninfo, autocommit=True)

    def _send(self) -> None:
        connection = None
        while not self._stop.is_set():
            game_id = self._outbox.get()
            if game_id is None:
                break
            ids = {game_id}
            with contextlib.suppress(queue.Empty):
                while len(ids) < 100:
                    more = self._outbox.get_nowait()
                    if more is None:
                        self._stop.set()
                        break
                    ids.add(more)
            try:
                if connection is None:
                    connection = self._connect()
                for one in sorted(ids):
                    connection.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{self.process} {one}"))
            except Exception as error:  # the database is away: the lobby is late, play goes on
                log.warning("lobby notification not sent: %s", error)
                with contextlib.suppress(Exception):
                    if connection is not None:
                        connection.close()
                connection = None
        if connection is not None:
            with contextlib.suppress(Exception):
                connection.close()

    def _listen(self, deliver: Callable[[str], None]) -> None:
        while not self._stop.is_set():
            try:
                with self._connect() as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=0.5):
                            process, _, game_id = note.payload.rpartition(" ")
                            if process != self.process and game_id:
                                deliver(game_id)
            except Exception as error:  # reconnect after a pause
                log.warning("lobby notifications: %s; listening again in 1 s", error)
                self.listening.clear()
                self._stop.wait(1.0)


class Lobby:
    """The subscribers and the pending changes."""

    def __init__(self, summary: Callable[[str, int | None], dict[str, Any] | None]) -> None:
        self.summary = summary
        """The lobby summary of a game for a player (None: not shown to him)."""
        self.subscribers: set[Connection] = set()
        self._changed: set[str] = set()
        self._scheduled = False

    def changed(self, game_id: str) -> None:
        """A game's summary changed: send it to the subscribers soon."""
        if not self.subscribers:
            return
        self._changed.add(game_id)
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._send)

    def _send(self) -> None:
        self._scheduled = False
        ids, self._changed = self._changed, set()
        for game_id in sorted(ids):
            for subscriber in list(self.subscribers):
                summary = self.summary(game_id, subscriber.user_id)
                if summary is not None:
                    subscriber.send(encode({"type": "game", "game": summary}))
