"""Two server processes sharing one PostgreSQL database (docs/server.md, past one process): a
session made on one is valid on the other, and the lobby of process B hears, through PostgreSQL
``LISTEN/NOTIFY``, of a table that process A creates and runs (created waiting, then playing
once a second player joins it through A); B closes that table's live WebSocket with code 4404
and a reason (its owner serves it)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from taku.server.app import NOT_HERE
from tests.server_helpers import postgres_database
from tests.server_process import running_server

pytestmark = pytest.mark.slow

SEATS = [
    {"kind": "me"},
    {"kind": "open"},
    {"kind": "bot", "name": "taku"},
    {"kind": "bot", "name": "simple"},
]


def guest(url: str, name: str) -> tuple[httpx.Client, str]:
    http = httpx.Client(base_url=url, timeout=30)
    csrf = http.get("/api/session").json()["csrf"]
    reply = http.post("/api/session/guest", json={"name": name}, headers={"X-CSRF-Token": csrf})
    assert reply.status_code in (200, 201), reply.text
    return http, str(reply.json()["csrf"])


def next_change(lobby: Any, game_id: str, status: str, seconds: float = 15.0) -> dict[str, Any]:
    """The next lobby message about ``game_id`` with ``status``."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"process B's lobby did not hear that {game_id} is {status}"
        message = json.loads(lobby.recv(timeout=left))
        game = message.get("game") or {}
        if message["type"] == "game" and game["id"] == game_id and game["status"] == status:
            return dict(game)


def test_process_b_hears_of_the_tables_process_a_runs() -> None:
    options = ["--bot-delay", "0.01", "--ai-processes", "0"]
    with (
        postgres_database() as url,
        running_server(url, [*options, "--name", "A"]) as a,
        running_server(url, [*options, "--name", "B"]) as b,
    ):
        kim, csrf = guest(a.url, "kim")
        cookie = "; ".join(f"{k}={v}" for k, v in kim.cookies.items())
        # the session lives in the shared database: process B knows kim too
        on_b = httpx.get(f"{b.url}/api/session", headers={"Cookie": cookie}, timeout=30).json()
        assert on_b["user"]["name"] == "kim"
        lobby_url = f"{b.url.replace('http', 'ws')}/api/lobby/ws"
        with connect(lobby_url, additional_headers={"Cookie": cookie}) as lobby:
            assert json.loads(lobby.recv(timeout=15))["type"] == "lobby"
            time.sleep(0.5)  # B's listener is up (it starts with B, before B answers at all)
            made = kim.post(
                "/api/games/mahjong", json={"seats": SEATS, "seed": "two"}, headers={"X-CSRF-Token": csrf}
            )
            assert made.status_code == 201, made.text
            game_id = made.json()["game"]["id"]
            waiting = next_change(lobby, game_id, "waiting")
            assert [s["kind"] for s in waiting["seats"]] == ["person", "open", "bot", "bot"]
            # a second player takes the open seat through A, the owner; the table starts there
            lee, lee_csrf = guest(a.url, "lee")
            joined = lee.post(f"/api/games/{game_id}/join", json={}, headers={"X-CSRF-Token": lee_csrf})
            assert joined.status_code == 200, joined.text
            playing = next_change(lobby, game_id, "playing")
            assert [s["name"] for s in playing["seats"]][:2] == ["kim", "lee"]
        # the live events are A's: B closes the game's socket at once, saying why (4404)
        game_url = f"{b.url.replace('http', 'ws')}/api/games/{game_id}/ws"
        with (
            connect(game_url, additional_headers={"Cookie": cookie}) as socket,
            pytest.raises(ConnectionClosed) as closed,
        ):
            socket.recv(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
        assert closed.value.rcvd.reason.startswith(NOT_HERE)
        # B reads the game from the shared database; A runs it (its actions are stored)
        assert httpx.get(f"{b.url}/api/games/{game_id}", timeout=30).json()["status"] == "playing"
        stats_a = httpx.get(f"{a.url}/api/stats", timeout=30).json()
        stats_b = httpx.get(f"{b.url}/api/stats", timeout=30).json()
        assert stats_a["games"] >= 1 and stats_b["games"] == 0, (stats_a, stats_b)
