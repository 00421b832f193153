"""The database layer: the Alembic migrations make exactly the schema of the models, a restarted
hub resumes a game with its clocks, commits wait for the disk only when asked to, and concurrent
group commits keep every game's actions."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from taku.server.hub import Hub
from taku.server.renju_game import RenjuGame
from taku.server.store import Base, Database, Game, Store, StoredAction
from taku.server.tables import Connection
from tests.server_helpers import database, fast_settings


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


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
@pytest.mark.parametrize("durable", [False, True])
def test_commits_wait_for_the_disk_only_when_durable(tmp_path: Path, kind: str, durable: bool) -> None:
    """``durable`` (``taku serve --durable``): every commit is flushed to the disk. Otherwise a
    commit survives a crash of the server process, not of the machine (SQLite synchronous=NORMAL
    in WAL mode, PostgreSQL synchronous_commit=off), and is at once seen by any other connection."""
    with database(kind, tmp_path) as url:
        store = Store(url, durable=durable)
        try:
            store.migrate()
            with store.engine.connect() as connection:
                if kind == "sqlite":
                    assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
                    setting = connection.exec_driver_sql("PRAGMA synchronous").scalar()
                    assert setting == (2 if durable else 1)  # FULL, NORMAL
                else:
                    setting = connection.exec_driver_sql("SHOW synchronous_commit").scalar()
                    assert setting == ("on" if durable else "off")
            user = store.create_user("ann", True)
            assert user is not None
            other = Store(url)  # another connection (another process would do the same)
            try:
                assert other.user(user.id) == user
            finally:
                other.close()
        finally:
            store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_concurrent_group_commits_keep_every_games_actions(tmp_path: Path, kind: str) -> None:
    """Many games appending at once (PostgreSQL commits in several transactions at a time): every
    action is stored once, each game's numbered in order."""

    async def run(url: str) -> list[list[int]]:
        db = Database(Store(url))
        try:
            await db.call(db.store.migrate)
            ids = [f"g{i}" for i in range(12)]
            for game_id in ids:
                game = Game(
                    id=game_id, kind="mahjong", status="waiting", config={}, seed="seed", private=False,
                    invite=None, creator_id=None, created=0.0, started=None, finished=None, result=None,
                    seats=(),
                )
                await db.call(db.store.create_game, game, "me")

            async def play(game_id: str) -> None:
                for n in range(1, 41):  # a game's next action waits for its commit, as an actor does
                    action = StoredAction(n, 0, {"type": "none"}, "bot", None, None, 0.0)
                    await db.append_action(game_id, action)

            await asyncio.gather(*(play(g) for g in ids))
            assert db.writes == 12 * 40 and db.commits < db.writes  # grouped
            return [[a.number for a in await db.call(db.store.actions, g)] for g in ids]
        finally:
            db.close()

    with database(kind, tmp_path) as url:
        for numbers in asyncio.run(run(url)):
            assert numbers == list(range(1, 41))
