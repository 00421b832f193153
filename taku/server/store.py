"""The database: SQLAlchemy 2 models, the queries the server makes, and group commit of actions.

A game is stored as its configuration (rules, seats, seed) and the list of accepted actions; its
state is the replay of those actions from the seed (``docs/server.md``). SQLite (a file, the
default) or PostgreSQL (``postgresql+psycopg://...``); the schema is made by the Alembic migrations
in ``taku/server/migrations``, applied at start (:meth:`Store.migrate`).

The queries are synchronous; :class:`Database` runs them off the event loop, in one thread for
SQLite (one writer) or a few for PostgreSQL, and commits the actions that arrive together in one
transaction (:meth:`Database.append_action` returns once its action is committed): SQLite's in
its thread, PostgreSQL's from the event loop through psycopg's async connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

T = TypeVar("T")


class Base(DeclarativeBase):
    """The models' base."""


class UserModel(Base):
    """A player: a guest (a name, no password) or registered (an argon2 password hash)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str | None] = mapped_column(String(32), unique=True)
    """The case-folded name of a registered player (guests' names need not be unique: None)."""
    guest: Mapped[bool] = mapped_column(Boolean)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created: Mapped[float] = mapped_column(Float)


class SessionModel(Base):
    """A login session: the SHA-256 of its cookie token, its user and its CSRF token."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[float] = mapped_column(Float)
    expires: Mapped[float] = mapped_column(Float)


class GameModel(Base):
    """A mahjong table or a renju game: its configuration, status and (when over) result."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16))
    """``waiting`` (seats open), ``playing``, ``finished``."""
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[str] = mapped_column(String(64))
    private: Mapped[bool] = mapped_column(Boolean)
    invite: Mapped[str | None] = mapped_column(String(64))
    creator_id: Mapped[int | None] = mapped_column(Integer)
    created: Mapped[float] = mapped_column(Float)
    started: Mapped[float | None] = mapped_column(Float)
    finished: Mapped[float | None] = mapped_column(Float)
    result: Mapped[str | None] = mapped_column(Text)
    owner: Mapped[str | None] = mapped_column(String(128))
    """The server process that runs the game (see docs/server.md, past one process)."""
    lease: Mapped[float | None] = mapped_column(Float)
    """When the owner last renewed its claim."""
    __table_args__ = (Index("ix_games_status", "status"),)


class SeatModel(Base):
    """One seat of a game: open, a person, a built-in bot, an outside mjai bot, the AI, a brain."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[int | None] = mapped_column(Integer, index=True)
    name: Mapped[str] = mapped_column(String(64))
    bot: Mapped[str | None] = mapped_column(String(64))
    token: Mapped[str | None] = mapped_column(String(64))


class ActionModel(Base):
    """An accepted action, numbered from 1 in each game; ``by`` says who chose it (``player``,
    ``bot``, ``timeout``, ``standin``, ``penalty``, ``server``), ``clock`` the clocks after it."""

    __tablename__ = "actions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)
    by: Mapped[str] = mapped_column(String(16))
    clock: Mapped[str | None] = mapped_column(Text)
    note: Mapped[str | None] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


# --- plain values handed to the rest of the server -----------------------------------------------


@dataclass(frozen=True, slots=True)
class User:
    """A player as the server sees him."""

    id: int
    name: str
    guest: bool


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat of a stored game."""

    seat: int
    kind: str
    name: str
    user_id: int | None = None
    bot: str | None = None
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Game:
    """A stored game with its seats."""

    id: str
    kind: str
    status: str
    config: dict[str, Any]
    seed: str
    private: bool
    invite: str | None
    creator_id: int | None
    created: float
    started: float | None
    finished: float | None
    result: dict[str, Any] | None
    seats: tuple[Seat, ...]
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class StoredAction:
    """An accepted action as stored."""

    number: int
    seat: int | None
    data: dict[str, Any]
    by: str
    clock: dict[str, Any] | None = None
    note: str | None = None
    at: float = 0.0


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _action_row(game_id: str, action: StoredAction) -> dict[str, Any]:
    """The ``actions`` table's row of ``action`` in game ``game_id`` (its JSON columns as text)."""
    return {
        "game_id": game_id,
        "number": action.number,
        "seat": action.seat,
        "data": _dumps(action.data),
        "by": action.by,
        "clock": None if action.clock is None else _dumps(action.clock),
        "note": action.note,
        "at": action.at,
    }


def _game(row: GameModel, seats: Iterable[SeatModel]) -> Game:
    return Game(
        row.id,
        row.kind,
        row.status,
        json.loads(row.config),
        row.seed,
        row.private,
        row.invite,
        row.creator_id,
        row.created,
        row.started,
        row.finished,
        json.loads(row.result) if row.result else None,
        tuple(
            Seat(s.seat, s.kind, s.name, s.user_id, s.bot, s.token)
            for s in sorted(seats, key=lambda s: s.seat)
        ),
        row.owner,
    )


class Store:
    """The synchronous queries over one database URL."""

    def __init__(self, url: str, *, durable: bool = False) -> None:
        """``durable``: every commit waits for the disk, so it survives a power loss (SQLite
        ``synchronous=FULL``, PostgreSQL ``synchronous_commit=on``). Otherwise a commit survives a
        crash of this process (``kill -9``) but not of the machine: SQLite ``synchronous=NORMAL`` in
        WAL mode, PostgreSQL ``synchronous_commit=off`` (its WAL writer flushes within 200 ms; a
        committed row is at once visible and kept by the database server whatever this process
        does)."""
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.durable = durable
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_size"] = 8
            kwargs["pool_pre_ping"] = True
            if not durable:
                kwargs["connect_args"] = {"options": "-c synchronous_commit=off"}
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas_full if durable else _sqlite_pragmas)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def conninfo(self) -> str:
        """The PostgreSQL URL for psycopg itself (without SQLAlchemy's ``+psycopg``)."""
        return self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (Alembic ``upgrade head``)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        """Close every connection."""
        self.engine.dispose()

    # --- users and sessions ---------------------------------------------------------------------
    def create_user(self, name: str, guest: bool, password_hash: str | None = None) -> User | None:
        """A new player; None if a registered player already has this name."""
        from sqlalchemy.exc import IntegrityError

        with self.sessions.begin() as db:
            row = UserModel(
                name=name,
                name_key=None if guest else name.casefold(),
                guest=guest,
                password_hash=password_hash,
                created=time.time(),
            )
            db.add(row)
            try:
                db.flush()
            except IntegrityError:
                db.rollback()
                return None
            return User(row.id, row.name, row.guest)

    def user_by_name(self, name: str) -> tuple[User, str | None] | None:
        """The registered player called ``name`` (any case) and his password hash."""
        with self.sessions() as db:
            row = db.scalars(select(UserModel).where(UserModel.name_key == name.casefold())).first()
            return None if row is None else (User(row.id, row.name, row.guest), row.password_hash)

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        """Replace a player's password hash (a rehash with newer parameters)."""
        with self.sessions.begin() as db:
            db.execute(update(UserModel).where(UserModel.id == user_id).values(password_hash=password_hash))

    def user(self, user_id: int) -> User | None:
        """The player with this id."""
        with self.sessions() as db:
            row = db.get(UserModel, user_id)
            return None if row is None else User(row.id, row.name, row.guest)

    def create_session(self, token_hash: str, user_id: int, csrf: str, expires: float) -> None:
        """Store a new session."""
        with self.sessions.begin() as db:
            db.add(
                SessionModel(
                    token_hash=token_hash, user_id=user_id, csrf=csrf, created=time.time(), expires=expires
                )
            )

    def session(self, token_hash: str) -> tuple[User, str] | None:
        """The player and CSRF token of a live session."""
        with self.sessions() as db:
            row = db.get(SessionModel, token_hash)
            if row is None or row.expires < time.time():
                return None
            user = db.get(UserModel, row.user_id)
            return None if user is None else (User(user.id, user.name, user.guest), row.csrf)

    def delete_session(self, token_hash: str) -> None:
        """End a session."""
        with self.sessions.begin() as db:
            db.execute(delete(SessionModel).where(SessionModel.token_hash == token_hash))

    # --- games ------------------------------------------------------------------------------------
    def create_game(self, game: Game, owner: str) -> None:
        """Store a new game and its seats, owned by ``owner``."""
        with self.sessions.begin() as db:
            db.add(
                GameModel(
                    id=game.id,
                    kind=game.kind,
                    status=game.status,
                    config=_dumps(game.config),
                    seed=game.seed,
                    private=game.private,
                    invite=game.invite,
                    creator_id=game.creator_id,
                    created=game.created,
                    started=game.started,
                    finished=None,
                    result=None,
                    owner=owner,
                    lease=time.time(),
                )
            )
            db.flush()
            for s in game.seats:
                db.add(
                    SeatModel(
                        game_id=game.id,
                        seat=s.seat,
                        kind=s.kind,
                        user_id=s.user_id,
                        name=s.name,
                        bot=s.bot,
                        token=s.token,
                    )
                )

    def game(self, game_id: str) -> Game | None:
        """The game with this id, with its seats."""
        with self.sessions() as db:
            row = db.get(GameModel, game_id)
            if row is None:
                return None
            seats = db.scalars(select(SeatModel).where(SeatModel.game_id == game_id)).all()
            return _game(row, seats)

    def set_seat(self, game_id: str, seat: Seat) -> None:
        """Replace one seat."""
        with self.sessions.begin() as db:
            db.merge(
                SeatModel(
                    game_id=game_id,
                    seat=seat.seat,
                    kind=seat.kind,
                    user_id=seat.user_id,
                    name=seat.name,
                    bot=seat.bot,
                    token=seat.token,
                )
            )

    def set_status(
        self,
        game_id: str,
        status: str,
        started: float | None = None,
        finished: float | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Change a game's status (and when it started or finished, its result)."""
        values: dict[str, Any] = {"status": status}
        if started is not None:
            values["started"] = started
        if finished is not None:
            values["finished"] = finished
        if result is not None:
            values["result"] = _dumps(result)
        with self.sessions.begin() as db:
            db.execute(update(GameModel).where(GameModel.id == game_id).values(**values))

    def games(self, statuses: Sequence[str], user_id: int | None, limit: int = 200) -> list[Game]:
        """Games in these statuses that are public or in which ``user_id`` sits, newest first."""
        with self.sessions() as db:
            query = select(GameModel).where(GameModel.status.in_(statuses))
            mine = select(SeatModel.game_id).where(SeatModel.user_id == user_id) if user_id else None
            if mine is not None:
                query = query.where(
                    or_(GameModel.private.is_(False), GameModel.id.in_(mine), GameModel.creator_id == user_id)
                )
            else:
                query = query.where(GameModel.private.is_(False))
            rows = db.scalars(query.order_by(GameModel.created.desc()).limit(limit)).all()
            return self._with_seats(db, rows)

    def user_games(self, user_id: int, limit: int = 200) -> list[Game]:
        """The finished games ``user_id`` sat in, newest first."""
        with self.sessions() as db:
            mine = select(SeatModel.game_id).where(SeatModel.user_id == user_id)
            rows = db.scalars(
                select(GameModel)
                .where(GameModel.id.in_(mine), GameModel.status == "finished")
                .order_by(GameModel.finished.desc())
                .limit(limit)
            ).all()
            return self._with_seats(db, rows)

    @staticmethod
    def _with_seats(db: Session, rows: Sequence[GameModel]) -> list[Game]:
        if not rows:
            return []
        seats: dict[str, list[SeatModel]] = {}
        for s in db.scalars(select(SeatModel).where(SeatModel.game_id.in_([r.id for r in rows]))):
            seats.setdefault(s.game_id, []).append(s)
        return [_game(r, seats.get(r.id, ())) for r in rows]

    def claim_unfinished(self, owner: str, lease_seconds: float) -> list[str]:
        """Take ownership of every unfinished game that is ours or whose owner's lease expired;
        returns their ids (a game belongs to one process at a time)."""
        now = time.time()
        with self.sessions.begin() as db:
            ids = list(
                db.scalars(
                    select(GameModel.id).where(
                        GameModel.status.in_(("waiting", "playing")),
                        or_(
                            GameModel.owner == owner,
                            GameModel.owner.is_(None),
                            GameModel.lease < now - lease_seconds,
                        ),
                    )
                )
            )
            if ids:
                db.execute(update(GameModel).where(GameModel.id.in_(ids)).values(owner=owner, lease=now))
            return ids

    def renew_lease(self, owner: str) -> None:
        """Renew this process's claim on its unfinished games."""
        with self.sessions.begin() as db:
            db.execute(
                update(GameModel)
                .where(GameModel.owner == owner, GameModel.status.in_(("waiting", "playing")))
                .values(lease=time.time())
            )

    # --- actions ------------------------------------------------------------------------------------
    def append_actions(self, rows: Sequence[tuple[str, StoredAction]]) -> None:
        """Store actions (``(game_id, action)`` pairs) in one transaction."""
        values = [_action_row(game_id, a) for game_id, a in rows]
        with self.engine.begin() as connection:  # Core executemany: no ORM objects on the hot path
            connection.execute(insert(ActionModel), values)

    def actions(self, game_id: str) -> list[StoredAction]:
        """A game's actions in order."""
        with self.sessions() as db:
            rows = db.scalars(
                select(ActionModel).where(ActionModel.game_id == game_id).order_by(ActionModel.number)
            ).all()
            return [
                StoredAction(
                    r.number,
                    r.seat,
                    json.loads(r.data),
                    r.by,
                    json.loads(r.clock) if r.clock else None,
                    r.note,
                    r.at,
                )
                for r in rows
            ]

    def action_count(self) -> int:
        """How many actions are stored (benchmarks)."""
        with self.sessions() as db:
            return int(db.scalar(select(func.count()).select_from(ActionModel)) or 0)


def _sqlite_pragmas(connection: Any, record: Any, synchronous: str = "NORMAL") -> None:
    # WAL: readers do not block the writer; synchronous=NORMAL keeps every commit through a crash
    # of the process (kill -9), only a power loss may drop the last ones (FULL: not even that).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA synchronous={synchronous}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _sqlite_pragmas_full(connection: Any, record: Any) -> None:
    _sqlite_pragmas(connection, record, "FULL")


SAMPLES_KEPT = 1_000_000
"""Timing samples kept for ``GET /api/stats`` (then no more are taken)."""

_PG_WRITERS = 3
"""PostgreSQL: connections (and so concurrent transactions) that commit actions."""

_PG_INSERT_ACTIONS = (
    'INSERT INTO actions (game_id, number, seat, data, "by", clock, note, at)'
    ' SELECT game_id, number, seat, data, "by", clock, note, at'
    " FROM json_populate_recordset(NULL::actions, %s::json)"
)
"""One statement for any number of actions, given as one JSON array of rows: its text never
changes, so psycopg prepares it once per connection (after its fifth use), a group commit is one
round trip, and the rows are encoded by ``json`` in C (psycopg's list adapters run in Python)."""


class PostgresConnections:
    """psycopg async connections opened on demand and kept idle between uses (one per operation
    running at once). An operation whose connection the database closed (a restart, an idle
    timeout) runs once more on a new one, told it is a second attempt."""

    def __init__(self, connect: Callable[[], Awaitable[Any]]) -> None:
        self._connect = connect
        self._idle: list[Any] = []

    async def run(self, operation: Callable[[Any, bool], Awaitable[T]]) -> T:
        """``operation(connection, again)`` on an idle (or new) connection; ``again`` is True on
        the second attempt. A connection an exception leaves in doubt is closed, not kept."""
        import psycopg

        connection = self._idle.pop() if self._idle else None
        try:
            try:
                if connection is None or connection.closed:
                    connection = await self._connect()
                result = await operation(connection, False)
            except psycopg.OperationalError:
                if connection is not None:
                    await _close_quietly(connection)
                connection = await self._connect()
                result = await operation(connection, True)
        except BaseException:
            if connection is not None:
                await _close_quietly(connection)
            raise
        self._idle.append(connection)
        return result

    async def close(self) -> None:
        """Close the idle connections."""
        idle, self._idle = self._idle, []
        for connection in idle:
            await _close_quietly(connection)


class PostgresActionWriter:
    """Commits actions to PostgreSQL from the event loop itself (psycopg's async connection).

    Each group commit is one statement in autocommit mode (atomic, one round trip, prepared after
    the first uses). The event loop only waits for the socket: with threads, each of a commit's
    round trips (checkout ping, ``BEGIN``, ``INSERT``, ``COMMIT``) needed the GIL back from the
    event loop and the bots, and PostgreSQL waited for the client in the middle of most
    transactions (benchmarks/README.md, "Play server load")."""

    def __init__(self, conninfo: str, durable: bool) -> None:
        self.conninfo = conninfo
        self.durable = durable
        self._connections = PostgresConnections(self.connect)
        """At most one per concurrent group commit."""

    async def write(self, rows: Sequence[tuple[str, StoredAction]]) -> None:
        """Commit ``rows`` (``(game_id, action)`` pairs) in one statement; raises if they were not
        committed. Sent again on a new connection if the database closed the first: it is atomic,
        so if the first answer was lost after its commit, the second finds the rows there (a
        unique violation) and they are stored."""
        import psycopg

        payload = _dumps([_action_row(game_id, a) for game_id, a in rows])

        async def insert(connection: Any, again: bool) -> None:
            if not again:
                await connection.execute(_PG_INSERT_ACTIONS, (payload,))
                return
            with contextlib.suppress(psycopg.errors.UniqueViolation):  # the first attempt committed
                await connection.execute(_PG_INSERT_ACTIONS, (payload,))

        await self._connections.run(insert)

    async def connect(self) -> Any:
        """A new writer connection: autocommit, and ``synchronous_commit=off`` unless durable."""
        import psycopg

        options = "" if self.durable else "-c synchronous_commit=off"
        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, options=options)

    async def close(self) -> None:
        """Close the connections."""
        await self._connections.close()


_PG_SESSION = (
    "SELECT u.id, u.name, u.guest, s.csrf FROM sessions AS s JOIN users AS u ON u.id = s.user_id"
    " WHERE s.token_hash = %s AND s.expires >= %s"
)


class PostgresSessions:
    """Reads login sessions from PostgreSQL on the event loop (every HTTP request and WebSocket
    connection asks): one round trip on one of a few connections, instead of two queries in a
    database thread that, like the writers' threads, must win the GIL back after each."""

    def __init__(self, conninfo: str, connections: int = 2) -> None:
        self.conninfo = conninfo
        self.connections = connections
        self._connections = PostgresConnections(self.connect)
        self._slots = asyncio.Semaphore(connections)

    async def connect(self) -> Any:
        """A new reader connection (autocommit)."""
        import psycopg

        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)

    async def session(self, token_hash: str) -> tuple[User, str] | None:
        """The player and CSRF token of a live session (as :meth:`Store.session`; a read, safe to
        repeat on a new connection)."""

        async def read(connection: Any, again: bool) -> Any:
            cursor = await connection.execute(_PG_SESSION, (token_hash, time.time()))
            return await cursor.fetchone()

        async with self._slots:
            row = await self._connections.run(read)
        return None if row is None else (User(row[0], row[1], row[2]), row[3])

    async def close(self) -> None:
        """Close the connections."""
        await self._connections.close()
        self._slots = asyncio.Semaphore(self.connections)


async def _close_quietly(connection: Any) -> None:
    with contextlib.suppress(Exception):
        await connection.close()


class Database:
    """The store, run off the event loop, with group commit of actions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._threads = 1 if store.is_sqlite else 4
        self._executor = ThreadPoolExecutor(self._threads, thread_name_prefix="taku-db")
        """Where the queries run (logins, listings, games' creation; SQLite's actions too: one
        thread, one writer)."""
        self.postgres_writer = (
            None if store.is_sqlite else PostgresActionWriter(store.conninfo(), store.durable)
        )
        """PostgreSQL's actions are committed from the event loop (:class:`PostgresActionWriter`)."""
        self.postgres_sessions = None if store.is_sqlite else PostgresSessions(store.conninfo())
        """And its sessions read there (:class:`PostgresSessions`)."""
        self._session_reader = self._sqlite_reader() if store.is_sqlite else None
        """SQLite's sessions are read in a thread of their own (WAL: readers do not wait for the
        writer), so that the look-ups of many requests at once never queue before commits."""
        self._pending: list[tuple[str, StoredAction, asyncio.Future[None]]] = []
        self._flushing = 0
        """Group commits running: one at a time for SQLite; with PostgreSQL up to
        ``_PG_WRITERS``, each on a connection of its own, so that a commit does not wait for
        another to finish (a game has at most one action pending: its actor waits for the commit)."""
        self._most_flushing = 1 if store.is_sqlite else _PG_WRITERS
        self.writes = 0
        """Actions committed (benchmarks)."""
        self.commits = 0
        """Transactions that committed actions."""
        self.commit_seconds: list[float] = []
        """How long each group commit took in the database (benchmarks; bounded)."""
        self.store_seconds: list[float] = []
        """Each action's wait from :meth:`append_action` to its commit (benchmarks; bounded)."""

    async def call(self, function: Callable[..., T], *args: Any) -> T:
        """Run a query in the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    @staticmethod
    def _sqlite_reader() -> ThreadPoolExecutor:
        return ThreadPoolExecutor(1, thread_name_prefix="taku-db-read")

    async def session(self, token_hash: str) -> tuple[User, str] | None:
        """The player and CSRF token of a live session."""
        if self.postgres_sessions is not None:
            return await self.postgres_sessions.session(token_hash)
        assert self._session_reader is not None
        return await asyncio.get_running_loop().run_in_executor(
            self._session_reader, self.store.session, token_hash
        )

    async def append_action(self, game_id: str, action: StoredAction) -> None:
        """Store ``action``; returns once it is committed (it shares a transaction with the actions
        of other games that arrive meanwhile)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((game_id, action, future))
        if self._flushing < self._most_flushing:
            self._flushing += 1
            asyncio.get_running_loop().create_task(self._flush())
        started = time.perf_counter()
        await future
        if len(self.store_seconds) < SAMPLES_KEPT:
            self.store_seconds.append(time.perf_counter() - started)

    async def _write(self, rows: list[tuple[str, StoredAction]]) -> None:
        if self.postgres_writer is not None:
            await self.postgres_writer.write(rows)
        else:
            await asyncio.get_running_loop().run_in_executor(self._executor, self.store.append_actions, rows)

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    started = time.perf_counter()
                    await self._write([(g, a) for g, a, _ in batch])
                    if len(self.commit_seconds) < SAMPLES_KEPT:
                        self.commit_seconds.append(time.perf_counter() - started)
                except Exception as error:  # every waiting action learns of the failure
                    for _, _, future in batch:
                        if not future.done():
                            future.set_exception(error)
                    continue
                self.writes += len(batch)
                self.commits += 1
                for _, _, future in batch:
                    if not future.done():
                        future.set_result(None)
        finally:
            self._flushing -= 1

    def reopen(self) -> None:
        """A new database thread after :meth:`close`."""
        self._executor = ThreadPoolExecutor(self._threads, thread_name_prefix="taku-db")
        if self.store.is_sqlite:
            self._session_reader = self._sqlite_reader()

    async def close(self) -> None:
        """Stop the database threads and close the connections."""
        if self.postgres_writer is not None:
            await self.postgres_writer.close()
        if self.postgres_sessions is not None:
            await self.postgres_sessions.close()
        self._executor.shutdown(wait=True)
        if self._session_reader is not None:
            self._session_reader.shutdown(wait=True)
        self.store.close()
