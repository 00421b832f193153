"""Helpers of the server tests: settings on a fresh database (SQLite in a temporary directory, or a
fresh PostgreSQL database), a test client with a guest, a WebSocket player, and what a table
actor's connection received."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from taku.mahjong.rules import Rules
from taku.mahjong.tiles import parse_tiles
from taku.mahjong.wall import wall_from_parts
from taku.server.app import create_app
from taku.server.hub import Hub
from taku.server.renju_game import RenjuGame
from taku.server.settings import Settings
from taku.server.store import User
from taku.server.tables import Connection

FURITEN_EAST = "234567m234p55p67s"
"""East's deal in :data:`FURITEN_WALL`: tenpai on 5s-8s (and a pair of 5p to pon)."""

FURITEN_WALL = wall_from_parts(
    [
        parse_tiles(FURITEN_EAST),
        parse_tiles("147m147p147s1237z"),
        parse_tiles("258m269p369s1236z"),
        parse_tiles("369m138p139s1457z"),
    ],
    # East draws North, South draws a winning tile of East's (8s) and lets it go, West draws 5p
    # (East may pon it), North 8m, East 9p.
    parse_tiles("4z8s5p8m9p"),
    red_fives=Rules.preset("tenhou").red_fives,
)
"""A first wall for tables that need a fixed situation (``Hub.create_mahjong(..., walls=[...])``):
East wins by ron on South's 8s, or lets it go (furiten). With ``tsumogiri`` bots at the other
seats (they discard what they draw and never call; their dealt hands are far from tenpai, so they
never win) the first turns are fixed."""

PG_ADMIN = os.environ.get("TAKU_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


def fast_settings(db_url: str, **changes: Any) -> Settings:
    """Settings for tests: cheap password hashing, the AI in threads, no pacing."""
    base: dict[str, Any] = {
        "db_url": db_url,
        "ai_processes": 0,
        "argon2_time_cost": 1,
        "argon2_memory_kib": 1024,
        "bot_delay": 0.0,
    }
    base.update(changes)
    return Settings(**base)


def drain(connection: Connection) -> list[dict[str, Any]]:
    """The messages waiting in a table connection's queue (taken out), as JSON values."""
    out = []
    while not connection.queue.empty():
        text = connection.queue.get_nowait()
        if text is not None:
            out.append(json.loads(text))
    return out


def postgres_available() -> bool:
    """Whether a PostgreSQL server answers at ``PG_ADMIN``."""
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN, connect_timeout=3):
            return True
    except Exception:
        return False


@contextlib.contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh PostgreSQL database (dropped afterwards); its SQLAlchemy URL. Skips only when no
    server answers and the tests do not run in CI (``CI=true``), where it must."""
    if not postgres_available():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is required in CI but does not answer at {PG_ADMIN}")
        pytest.skip(f"no PostgreSQL server at {PG_ADMIN}")
    import psycopg

    name = f"taku_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextlib.contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database URL of ``kind`` (``sqlite`` or ``postgresql``)."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'taku.sqlite3'}"
    else:
        with postgres_database() as url:
            yield url


class Player:
    """A test client logged in as one player (a guest by default)."""

    def __init__(self, client: TestClient, name: str = "alice", *, register: str | None = None) -> None:
        self.client = client
        self.csrf = client.get("/api/session").json()["csrf"]
        if register is None:
            reply = self.post("/api/session/guest", {"name": name})
        else:
            reply = self.post("/api/users", {"name": name, "password": register})
        assert reply.status_code in (200, 201), reply.text
        self.user = reply.json()["user"]
        self.csrf = reply.json()["csrf"]

    def post(self, path: str, body: Any = None) -> Any:
        return self.client.post(path, json=body, headers={"X-CSRF-Token": self.csrf})

    def table(self, seats: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
        reply = self.post("/api/games/mahjong", {"seats": seats, **fields})
        assert reply.status_code == 201, reply.text
        return dict(reply.json())


def browser(client: TestClient) -> TestClient:
    """Another browser (its own cookies) on the application ``client`` runs: it shares the running
    application's event loop instead of starting the application again."""
    other = TestClient(client.app)
    other.portal = client.portal
    return other


def play_until(
    ws: Any, stop: str = "match_end", choose: Any = None, limit: int = 100_000
) -> list[dict[str, Any]]:
    """Answer prompts (``choose(prompt)`` or: win, else pass, else the last action), press OK on
    each hand's result (``next_hand``, once per hand end) and collect the messages until an event
    of type ``stop``."""
    seen = []
    acknowledged = set()
    for _ in range(limit):
        message = ws.receive_json()
        seen.append(message)
        if message["type"] == "event" and message["event"]["type"] == stop:
            return seen
        if message["type"] == "hand_pause" and message["n"] not in acknowledged:
            acknowledged.add(message["n"])
            ws.send_text(json.dumps({"type": "next_hand", "n": message["n"]}))
        if message["type"] == "prompt":
            action = choose(message) if choose else default_choice(message)
            ws.send_text(json.dumps({"type": "action", "action": action, "n": message["n"]}))
    raise AssertionError(f"no {stop} within {limit} messages")


def default_choice(prompt: dict[str, Any]) -> dict[str, Any]:
    """Win if possible, else pass, else the last legal action."""
    actions = prompt["actions"]
    for kind in ("hora", "none"):
        for action in actions:
            if action["type"] == kind:
                return dict(action)
    return dict(actions[-1])


@contextlib.contextmanager
def client_for(settings: Settings) -> Iterator[TestClient]:
    """A test client of a fresh application."""
    with TestClient(create_app(settings)) as client:
        yield client


async def renju_game_losing_on_time(hub: Hub, name: str) -> RenjuGame:
    """A renju game of a new person (White) against the AI (Black, beginner) that the person never
    moves in: his clock holds 0.3 s, so his flag falls at his first turn."""
    user = await hub.db.call(hub.db.store.create_user, name, True, None)
    assert isinstance(user, User)
    game = await hub.create_renju(
        user,
        "renju",
        {},
        "none",
        {"kind": "ai", "level": "beginner"},
        "white",
        {"initial_s": 10, "increment_s": 0},
        False,
        f"flag-{name}",
    )
    assert isinstance(game, RenjuGame) and game.clock is not None
    game.clock.remaining = [10_000, 300]
    return game
