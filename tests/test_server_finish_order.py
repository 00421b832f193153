"""A game's end is stored before anyone hears of it, and whoever sees a table ``finished`` (the lobby,
a poller) also finds every event of the game already queued on its connection: the status changes
only after the database write, with no await left before the last events go out. A slow database
write made the opposite visible (a CI run read a finished table whose last five events were not yet
sent)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from taku.server.hub import Hub
from taku.server.mahjong_table import MahjongTable
from taku.server.tables import Connection
from tests.server_helpers import drain, fast_settings, renju_game_losing_on_time


def slow_status_writes(hub: Hub, seconds: float) -> list[str]:
    """Make the store's ``set_status`` take ``seconds`` (in the database thread); the statuses
    written are listed in the returned list."""
    store = hub.db.store
    original = store.set_status
    written: list[str] = []

    def set_status(*args: Any) -> Any:
        time.sleep(seconds)
        written.append(args[1])
        return original(*args)

    store.set_status = set_status  # type: ignore[method-assign,assignment]
    return written


async def watch_until_finished(game: Any, watcher: Connection, limit_s: float) -> list[dict[str, Any]]:
    """Poll ``game.status`` every few milliseconds; at the first ``finished``, what the watcher has."""
    deadline = time.monotonic() + limit_s
    while game.status != "finished":
        assert time.monotonic() < deadline, "the game did not finish"
        await asyncio.sleep(0.002)
    return [m for m in drain(watcher) if m["type"] == "event"]


def test_a_finished_mahjong_table_has_sent_every_event(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
        await hub.start()
        try:
            written = slow_status_writes(hub, 0.3)
            seats = [{"kind": "bot", "name": "tsumogiri"} for _ in range(4)]
            actor, _ = await hub.create_mahjong(None, "tenhou", {"length": "east"}, seats, False, "end", None)
            assert isinstance(actor, MahjongTable)
            watcher = Connection(None)
            await actor.attach(watcher, 0)
            events = await watch_until_finished(actor, watcher, 120)
            assert "finished" in written  # stored first
            assert [m["n"] for m in events] == list(range(1, len(actor.log) + 1))
            assert events[-1]["event"]["type"] == "match_end"
            assert actor.result is not None and actor.match.is_over
        finally:
            await hub.stop()

    asyncio.run(scenario())


def test_a_finished_renju_game_has_sent_its_end(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", ai_max_nodes=500))
        await hub.start()
        try:
            written = slow_status_writes(hub, 0.3)
            game = await renju_game_losing_on_time(hub, "dora")
            watcher = Connection(None)
            await game.attach(watcher, 0)
            events = await watch_until_finished(game, watcher, 30)
            assert "finished" in written
            end = {"type": "end", "result": "1-0", "winner": 0, "reason": "time", "foul": None}
            assert events[-1]["event"] == end
            assert game.result == {key: value for key, value in events[-1]["event"].items() if key != "type"}
        finally:
            await hub.stop()

    asyncio.run(scenario())
