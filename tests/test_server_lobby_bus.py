"""The lobby bus between processes that share one PostgreSQL database (LISTEN/NOTIFY), in one
test process: two hubs with different process names; a lobby subscriber of hub B hears of the
tables hub A creates (a private one only if he may see it) without keeping them, and hub A does
not hear its own changes twice."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from taku.server.hub import Hub
from taku.server.lobby import PostgresBus
from taku.server.tables import Connection
from tests.server_helpers import fast_settings, postgres_database

BOTS = [{"kind": "bot", "name": "tsumogiri"}] * 3


async def heard(connection: Connection, seconds: float = 10.0) -> list[dict[str, Any]]:
    """The lobby messages ``connection`` gets within ``seconds`` (until it has been quiet 1 s)."""
    out: list[dict[str, Any]] = []
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        try:
            wait = 1.0 if out else deadline - loop.time()
            text = await asyncio.wait_for(connection.queue.get(), timeout=wait)
        except TimeoutError:
            break
        if text is not None:
            out.append(json.loads(text))
    return out


def test_a_lobby_hears_of_the_games_another_process_creates(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        a = Hub(fast_settings(url, process_name="A"))
        b = Hub(fast_settings(url, process_name="B"))
        await a.start()
        await b.start()
        try:
            assert isinstance(a.bus, PostgresBus) and isinstance(b.bus, PostgresBus)
            for bus in (a.bus, b.bus):
                assert await asyncio.to_thread(bus.listening.wait, 10)
            kim = await a.db.call(a.db.store.create_user, "kim", True, None)
            eve = await a.db.call(a.db.store.create_user, "eve", True, None)
            assert kim is not None and eve is not None
            watching_b = {user.name: Connection(None, user.id, kind="lobby") for user in (kim, eve)}
            b.lobby.subscribers.update(watching_b.values())
            watching_a = Connection(None, kim.id, kind="lobby")
            a.lobby.subscribers.add(watching_a)
            seats = [{"kind": "me"}, *BOTS]
            public, _ = await a.create_mahjong(kim, "tenhou", {"length": "east"}, seats, False, "pub", None)
            seats = [{"kind": "open"}, *BOTS]
            private, _ = await a.create_mahjong(kim, "tenhou", {}, seats, True, "priv", None)
            kim_heard = await heard(watching_b["kim"])
            eve_heard = await heard(watching_b["eve"], 2.0)
            assert {m["game"]["id"] for m in kim_heard} == {public.id, private.id}
            assert {m["game"]["id"] for m in eve_heard} == {public.id}  # the private table is not hers
            assert all(m["type"] == "game" for m in kim_heard + eve_heard)
            assert b.actors == {}  # B only shows them: A runs them
            # nor does B keep them once shown (a table that never ends costs B nothing)
            assert b.remote_games() == 0
            await a.join(private.id, eve, None)  # a later change is read and shown again
            assert [(m["game"]["id"], m["game"]["status"]) for m in await heard(watching_b["kim"])] == [
                (private.id, "playing")
            ]
            assert b.remote_games() == 0
            # A's own lobby hears of each change once (locally), not again through PostgreSQL
            own = await heard(watching_a, 2.0)
            assert own and len(own) == len({json.dumps(m, sort_keys=True) for m in own})
        finally:
            await a.stop()
            await b.stop()

    with postgres_database() as url:
        asyncio.run(run(url))
