"""The database layer: the Alembic migrations make exactly the schema of the models, a restarted
hub resumes a game with its clocks, commits wait for the disk only when asked to, and concurrent
group commits keep every game's actions."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from taku.server.hub import Hub
from taku.server.renju_game import RenjuGame
from taku.server.store import Base, Database, Game, Store, StoredAction
from taku.server.tables import Connection, GameError
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
            if kind == "postgresql":  # the actions' own connections, opened from the event loop
                assert asyncio.run(writer_setting(url, durable)) == ("on" if durable else "off")
            other = Store(url)  # another connection (another process would do the same)
            try:
                assert other.user(user.id) == user
            finally:
                other.close()
        finally:
            store.close()


async def writer_setting(url: str, durable: bool) -> str:
    """``synchronous_commit`` on a connection of the PostgreSQL action writer."""
    db = Database(Store(url, durable=durable))
    assert db.postgres_writer is not None
    connection = await db.postgres_writer.connect()
    try:
        row = await (await connection.execute("SHOW synchronous_commit")).fetchone()
        return str(row[0])
    finally:
        await connection.close()
        await db.close()


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
            await db.close()

    with database(kind, tmp_path) as url:
        for numbers in asyncio.run(run(url)):
            assert numbers == list(range(1, 41))


def test_postgres_commits_go_on_after_the_database_closes_the_writers_connection(tmp_path: Path) -> None:
    """PostgreSQL actions are committed from the event loop on connections of their own; when the
    database closes one (a restart, an administrator), the next group commit opens a new one and
    the action is stored once, with nothing lost before or after."""
    import psycopg

    from tests.server_helpers import PG_ADMIN

    async def run(url: str) -> list[int]:
        db = Database(Store(url))
        try:
            await db.call(db.store.migrate)
            game = Game(
                id="g", kind="mahjong", status="playing", config={}, seed="s", private=False, invite=None,
                creator_id=None, created=0.0, started=0.0, finished=None, result=None, seats=(),
            )
            await db.call(db.store.create_game, game, "me")
            await db.append_action("g", StoredAction(1, 0, {"type": "none"}, "bot"))
            name = url.rsplit("/", 1)[1]
            with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                closed = admin.execute(
                    "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()) AS t",
                    (name,),
                ).fetchone()
            assert closed is not None and closed[0] >= 1  # the writer's connection at least
            await db.append_action("g", StoredAction(2, 1, {"type": "none"}, "bot"))
            await db.append_action("g", StoredAction(3, 2, {"type": "none"}, "bot"))
            assert db.writes == 3
            return [a.number for a in await db.call(db.store.actions, "g")]
        finally:
            await db.close()

    with database("postgresql", tmp_path) as url:
        assert asyncio.run(run(url)) == [1, 2, 3]


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_failed_commit_refuses_the_action_and_asks_the_decision_again(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's action whose commit fails is refused (nothing is broadcast, the table is
    rebuilt from the database) and the same decision is asked again, so the table does not stall;
    the action sent again is stored as the next number."""
    from taku.server.mahjong_table import MahjongTable

    async def run(url: str) -> None:
        hub = Hub(fast_settings(url, process_name="one"))
        await hub.start()
        try:
            user = await hub.db.call(hub.db.store.create_user, "kim", True, None)
            assert user is not None
            bots = [{"kind": "bot", "name": "tsumogiri"}] * 3
            seats = [{"kind": "me"}, *bots]
            table, _ = await hub.create_mahjong(user, "tenhou", {}, seats, False, "f-1", None)
            assert isinstance(table, MahjongTable)
            person = Connection(0, user.id)
            await table.attach(person, 0)
            prompt = await next_prompt(person)
            stored_before = table.actions

            def failing(rows: object) -> None:
                raise OSError("the database is away")

            async def failing_async(rows: object) -> None:
                failing(rows)

            original = hub.db.store.append_actions
            if kind == "sqlite":  # SQLite commits in its thread, PostgreSQL from the event loop
                monkeypatch.setattr(hub.db.store, "append_actions", failing)
            else:
                writer = hub.db.postgres_writer
                assert writer is not None
                monkeypatch.setattr(writer, "write", failing_async)
            action = {"type": "action", "action": prompt["actions"][0], "n": prompt["n"]}
            with pytest.raises(GameError, match="could not store the action"):
                await table.act(0, action)
            monkeypatch.undo()
            assert hub.db.store.append_actions == original
            again = await next_prompt(person)
            assert again["n"] == prompt["n"] and again["actions"] == prompt["actions"]
            assert table.actions == stored_before
            await table.act(0, action)
            assert table.actions >= stored_before + 1  # (the bots may have played on since)
            stored = await hub.db.call(hub.db.store.actions, table.id)
            assert [a.number for a in stored] == list(range(1, len(stored) + 1))
            mine = stored[stored_before]
            assert (mine.number, mine.seat, mine.by) == (stored_before + 1, 0, "player")
            assert mine.data == prompt["actions"][0]
        finally:
            await hub.stop()

    with database(kind, tmp_path) as url:
        asyncio.run(run(url))


async def next_prompt(connection: Connection) -> dict[str, Any]:
    """The next ``prompt`` message queued for ``connection`` (waiting up to 10 s)."""
    while True:
        text = await asyncio.wait_for(connection.queue.get(), timeout=10)
        assert text is not None
        message = json.loads(text)
        if message["type"] == "prompt":
            return dict(message)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_stored_action_reads_back_exactly(tmp_path: Path, kind: str) -> None:
    """What a group commit stores is what a replay reads: no seat (a server action), the clocks
    with fractional banks, a note with quotes, a newline and non-ASCII text, the exact time."""

    async def run(url: str) -> list[StoredAction]:
        db = Database(Store(url))
        try:
            await db.call(db.store.migrate)
            game = Game(
                id="g", kind="renju", status="playing", config={}, seed="s", private=False, invite=None,
                creator_id=None, created=0.0, started=0.0, finished=None, result=None, seats=(),
            )
            await db.call(db.store.create_game, game, "me")
            await asyncio.gather(*(db.append_action("g", a) for a in written))
            return await db.call(db.store.actions, "g")
        finally:
            await db.close()

    written = [
        StoredAction(1, None, {"type": "opening", "action": "place h8 h9 h10"}, "server", None, None, 1.5),
        StoredAction(
            2, 1, {"type": "move", "point": "a15"}, "penalty", {"banks": [59_999.5, 0.25], "running": None},
            'bot "x"\nsaid: 五 ✓', 1764336000.123456,
        ),
    ]
    with database(kind, tmp_path) as url:
        assert asyncio.run(run(url)) == written


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_sessions_are_read_alike_on_both_databases(tmp_path: Path, kind: str) -> None:
    """A live session gives its player and CSRF token; an expired or unknown one nothing (PostgreSQL
    reads them from the event loop, SQLite in its thread); on PostgreSQL a connection the database
    closed is replaced."""
    import time

    import psycopg

    from tests.server_helpers import PG_ADMIN

    async def run(url: str) -> None:
        db = Database(Store(url))
        try:
            await db.call(db.store.migrate)
            ann = await db.call(db.store.create_user, "ann", False, "hash")
            assert ann is not None
            await db.call(db.store.create_session, "live", ann.id, "csrf-1", time.time() + 60)
            await db.call(db.store.create_session, "old", ann.id, "csrf-2", time.time() - 1)
            assert await db.session("live") == (ann, "csrf-1")
            assert await db.session("old") is None and await db.session("nosuch") is None
            if kind == "postgresql":
                with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
                    admin.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                        " WHERE datname = %s AND pid <> pg_backend_pid()",
                        (url.rsplit("/", 1)[1],),
                    )
            results = await asyncio.gather(*(db.session("live") for _ in range(20)))
            assert results == [(ann, "csrf-1")] * 20
        finally:
            await db.close()

    with database(kind, tmp_path) as url:
        asyncio.run(run(url))
