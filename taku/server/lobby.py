"""The live lobby: every change of a game's summary (created, a seat taken, started, finished) is
pushed to the lobby's WebSocket subscribers.

Changes are gathered and sent once per event-loop turn. :class:`LobbyBus` is the seam for several
server processes: this process's changes go out through it and other processes' changes come in
through it; :class:`LocalBus` is the single-process one (``docs/server.md`` describes one over
PostgreSQL ``LISTEN/NOTIFY`` or Redis pub/sub).
"""

from __future__ import annotations

import asyncio
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
