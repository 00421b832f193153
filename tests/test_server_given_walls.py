"""A table dealing chosen walls (tests, the operator): ``Hub.create_mahjong(..., walls=...)`` deals
them in its first hands, then the seed's walls; a restart replays the same table; no viewer and no
summary ever holds the walls; a wall that does not fit the rules is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from taku.mahjong.rules import Rules
from taku.mahjong.tiles import parse_tiles
from taku.mahjong.wall import Wall
from taku.server.hub import Hub
from taku.server.mahjong_table import MahjongTable
from taku.server.tables import Connection
from tests.server_helpers import FURITEN_EAST, FURITEN_WALL, fast_settings

EAST = FURITEN_EAST
WALL = FURITEN_WALL
BOTS = [{"kind": "bot", "name": "tsumogiri"}] * 4


def test_a_table_deals_the_given_wall_then_the_seeds(tmp_path: Path) -> None:
    async def play() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
        await hub.start()
        try:
            actor, _ = await hub.create_mahjong(
                None, "tenhou", {"length": "east"}, BOTS, False, "walls", None, walls=[WALL]
            )
            assert isinstance(actor, MahjongTable)
            east = Connection(0)
            await actor.attach(east, 0)
            for _ in range(2000):
                if sum(e["type"] == "start_kyoku" for e, _ in actor.log) >= 2:
                    break
                await asyncio.sleep(0.02)
            events = [e for e, _ in actor.log]
            first = next(e for e in events if e["type"] == "start_kyoku")
            assert first["tehais"][0] == [t.mjai for t in parse_tiles(EAST)]
            hand = events[: next(i for i, e in enumerate(events) if e["type"] == "end_kyoku")]
            assert [e["pai"] for e in hand if e["type"] == "tsumo"] == ["N", "8s"]
            # East (a tsumogiri bot wins when it can) wins on South's 8s, the wall's second draw
            assert [(e["actor"], e["target"], e["pai"]) for e in hand if e["type"] == "hora"] == [
                (0, 1, "8s")
            ]
            # the second hand is the seed's: the same as a table with that seed and no walls
            second = [e for e in events if e["type"] == "start_kyoku"][1]
            seed_wall = Wall.shuffled("taku-match-walls-1", Rules.preset("tenhou").red_fives)
            assert second["oya"] == 0  # the dealer won: he deals again
            assert second["tehais"][0] == [t.mjai for t in seed_wall.hand(0)]
            # the walls stay on the server: not in the summary, not in what a seat receives
            summary = json.dumps(hub.summary(actor.game))
            assert "walls" not in summary and str(WALL) not in summary
            received = []
            while not east.queue.empty():
                received.append(east.queue.get_nowait() or "")
            assert received and not any("walls" in text or str(WALL)[:40] in text for text in received)
            # a restart replays the same table from the stored actions and the stored walls
            stored = await hub.services.db.call(hub.services.db.store.actions, actor.id)
            again = MahjongTable(await hub.game(actor.id), actor.services)
            again.replay(stored)
            assert [e for e, _ in again.log][: len(stored)] == events[: len(stored)]
        finally:
            await hub.stop()

    asyncio.run(play())


def test_a_wall_without_the_rules_red_fives_is_refused(tmp_path: Path) -> None:
    async def create() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
        await hub.start()
        try:
            plain = Wall.shuffled(1)  # no red fives; Tenhou's rules have three
            with pytest.raises(ValueError, match="red fives"):
                await hub.create_mahjong(None, "tenhou", {}, BOTS, False, None, None, walls=[plain])
            assert await hub.listing(None) == []
        finally:
            await hub.stop()

    asyncio.run(create())
