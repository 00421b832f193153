"""The database layer: the Alembic migrations make exactly the schema of the models, and a
restarted hub resumes a game with its clocks."""

from __future__ import annotations

import asyncio
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from taku.server.hub import Hub
from taku.server.renju_game import RenjuGame
from taku.server.store import Base, Store
from taku.server.tables import Connection
from tests.server_helpers import fast_settings


def test_migrations_match_the_models(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.migrate()
    store.migrate()  # idempotent: a restart applies nothing twice
    with store.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    store.close()


def test_a_restarted_hub_resumes_a_renju_game_with_its_clock(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", process_name="one")

    async def first() -> tuple[str, list[int]]:
        hub = Hub(settings)
        await hub.start()
        user = await hub.db.call(hub.db.store.create_user, "eve", True, None)
        assert user is not None
        game = await hub.create_renju(
            user,
            "renju",
            {},
            "none",
            {"kind": "person"},
            "black",
            {"initial_s": 60, "increment_s": 2},
            False,
            "clock",
        )
        other = await hub.db.call(hub.db.store.create_user, "fay", True, None)
        assert other is not None
        await hub.join(game.id, other, None)
        await asyncio.sleep(0.3)
        await game.act(0, {"type": "action", "action": {"type": "move", "point": "h8"}})
        assert isinstance(game, RenjuGame) and game.clock is not None
        remaining = list(game.clock.remaining)
        await hub.stop()
        return game.id, remaining

    async def second(game_id: str) -> list[int]:
        hub = Hub(settings)
        await hub.start()
        game = hub.actor(game_id)
        assert isinstance(game, RenjuGame) and game.clock is not None
        watcher = Connection(None)
        await game.attach(watcher, 0)
        assert game.moves == ["h8"] and game.to_act() == 1 and game.status == "playing"
        remaining = list(game.clock.remaining)
        await hub.stop()
        return remaining

    game_id, before = asyncio.run(first())
    assert 57_000 < before[0] <= 62_000 and before[1] == 60_000  # black spent ~0.3 s, got +2 s
    assert asyncio.run(second(game_id)) == before
