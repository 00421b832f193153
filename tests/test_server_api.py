"""The play server's HTTP API (and a whole table over its WebSocket), on SQLite and on PostgreSQL:
players and sessions, CSRF, the lobby, seats, history, records and bad input."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from taku.server.app import NOT_HERE
from taku.server.store import Game, Seat
from tests.server_helpers import Player, TestClient, browser, client_for, database, fast_settings, play_until

BOTS = [
    {"kind": "bot", "name": "taku"},
    {"kind": "bot", "name": "simple"},
    {"kind": "bot", "name": "tsumogiri"},
]


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as url, client_for(fast_settings(url, login_attempts=3)) as c:
        yield c


def test_session_starts_empty_and_sets_a_csrf_cookie(client: TestClient) -> None:
    reply = client.get("/api/session")
    assert reply.status_code == 200
    assert reply.json()["user"] is None
    assert reply.json()["csrf"] == reply.cookies.get("taku_csrf")


def test_state_changing_requests_need_the_csrf_header(client: TestClient) -> None:
    client.get("/api/session")
    reply = client.post("/api/session/guest", json={"name": "mallory"})
    assert reply.status_code == 403
    assert "X-CSRF-Token" in reply.json()["error"]
    reply = client.post("/api/session/guest", json={"name": "mallory"}, headers={"X-CSRF-Token": "forged"})
    assert reply.status_code == 403
    player = Player(client, "alice")
    # once logged in, the session's token is the one that counts, not the old cookie's
    reply = client.post(
        "/api/games/mahjong", json={"seats": [{"kind": "me"}, *BOTS]}, headers={"X-CSRF-Token": "nope"}
    )
    assert reply.status_code == 403
    assert player.post("/api/games/mahjong", {"seats": [{"kind": "me"}, *BOTS]}).status_code == 201


def test_guest_registration_login_logout(client: TestClient) -> None:
    guest = Player(client, "Guest One")
    assert guest.user == {"id": guest.user["id"], "name": "Guest One", "guest": True}
    other = browser(client)
    if True:
        registered = Player(other, "Bob", register="correct horse")
        assert registered.user["guest"] is False
        assert registered.post("/api/users", {"name": "bob", "password": "12345678"}).status_code == 409
        assert other.get("/api/session").json()["user"]["name"] == "Bob"
        assert (
            registered.client.delete("/api/session", headers={"X-CSRF-Token": registered.csrf}).status_code
            == 200
        )
        assert other.get("/api/session").json()["user"] is None
        csrf = other.get("/api/session").json()["csrf"]
        wrong = other.post(
            "/api/session", json={"name": "bob", "password": "wrong one"}, headers={"X-CSRF-Token": csrf}
        )
        assert wrong.status_code == 401 and wrong.json() == {"error": "wrong name or password"}
        right = other.post(
            "/api/session", json={"name": "BOB", "password": "correct horse"}, headers={"X-CSRF-Token": csrf}
        )
        assert right.status_code == 200 and right.json()["user"]["name"] == "Bob"
    # argon2id hashes are stored, never the password
    found = client.app.state.hub.db.store.user_by_name("bob")
    assert found is not None and found[1].startswith("$argon2id$") and "correct horse" not in found[1]


def test_login_rate_limit(client: TestClient) -> None:
    with contextlib.nullcontext(browser(client)) as other:
        Player(other, "carol", register="password1")
    csrf = client.get("/api/session").json()["csrf"]
    statuses = [
        client.post(
            "/api/session", json={"name": "carol", "password": "bad password"}, headers={"X-CSRF-Token": csrf}
        ).status_code
        for _ in range(4)
    ]
    assert statuses == [401, 401, 401, 429]
    blocked = client.post(
        "/api/session", json={"name": "carol", "password": "password1"}, headers={"X-CSRF-Token": csrf}
    )
    assert blocked.status_code == 429 and "too many failed logins" in blocked.json()["error"]
    assert int(blocked.headers["Retry-After"]) >= 1


@pytest.mark.parametrize(
    "body, status, words",
    [
        ({"name": ""}, 422, "name"),
        ({"name": "x" * 25}, 422, "name"),
        ({"name": "<script>"}, 400, "letters"),
        ({}, 422, "name"),
    ],
)
def test_bad_guest_names_are_refused(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    csrf = client.get("/api/session").json()["csrf"]
    reply = client.post("/api/session/guest", json=body, headers={"X-CSRF-Token": csrf})
    assert reply.status_code == status
    assert words in reply.json()["error"]


@pytest.mark.parametrize(
    "body, words",
    [
        ({"seats": [{"kind": "me"}] * 4}, "only one seat"),
        ({"seats": [{"kind": "me"}, *BOTS[:2], {"kind": "bot", "name": "nobody"}]}, "unknown bot 'nobody'"),
        ({"rules": "nosuch", "seats": [{"kind": "me"}, *BOTS]}, "unknown rules preset"),
        ({"options": {"red_fives": [9, 9, 9]}, "seats": [{"kind": "me"}, *BOTS]}, "red_fives"),
        ({"options": {"nosuch": 1}, "seats": [{"kind": "me"}, *BOTS]}, "unknown rules field"),
        ({"options": {"claim_window_ms": 10**400}, "seats": [{"kind": "me"}, *BOTS]}, "claim_window_ms"),
        ({"options": {"start_points": 10**400}, "seats": [{"kind": "me"}, *BOTS]}, "start_points"),
        ({"seats": [{"kind": "me"}]}, "seats"),
        ({"seats": [{"kind": "robot"}] * 4}, "seats"),
    ],
)
def test_bad_tables_are_refused_and_nothing_is_created(
    client: TestClient, body: dict[str, Any], words: str
) -> None:
    player = Player(client)
    reply = player.post("/api/games/mahjong", body)
    assert 400 <= reply.status_code < 500
    assert words in reply.json()["error"]
    assert client.get("/api/games").json()["games"] == []


def test_unknown_ids_and_formats(client: TestClient) -> None:
    player = Player(client)
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/nosuchgame").json() == {"error": "no game 'nosuchgame'"}
    assert client.get("/api/games/bad%20id!").status_code == 422
    assert player.post("/api/games/nosuchgame/join", {}).status_code == 404
    assert client.get("/api/games/nosuchgame/record/mjai").status_code == 404
    table = player.table([{"kind": "me"}, *BOTS])["game"]
    assert client.get(f"/api/games/{table['id']}/record/xml").status_code == 422
    assert client.get(f"/api/games/{table['id']}/record/mjai").status_code == 409  # not finished
    assert client.get("/api/users/99999/games").json() == {"games": []}
    assert client.get("/api/me/games").status_code == 200


def test_body_too_large(client: TestClient) -> None:
    player = Player(client)
    reply = client.post(
        "/api/session/guest",
        content=b"{" + b" " * 70000 + b"}",
        headers={"X-CSRF-Token": player.csrf, "Content-Type": "application/json"},
    )
    assert reply.status_code == 413 and "too large" in reply.json()["error"]


def test_open_seats_join_start_and_lobby_push(client: TestClient) -> None:
    alice = Player(client, "alice")
    with contextlib.nullcontext(browser(client)) as other, client.websocket_connect("/api/lobby/ws") as lobby:
        assert lobby.receive_json() == {"type": "lobby", "games": []}
        made = alice.table([{"kind": "me"}, {"kind": "open"}, *BOTS[:2]])["game"]
        assert made["status"] == "waiting"
        pushed = lobby.receive_json()
        assert pushed["type"] == "game" and pushed["game"]["id"] == made["id"]
        bob = Player(other, "bob")
        assert bob.post(f"/api/games/{made['id']}/join", {"seat": 0}).json() == {
            "error": "seat 0 is not open (open: 1)"
        }
        joined = bob.post(f"/api/games/{made['id']}/join", {})
        assert joined.status_code == 200 and joined.json()["seat"] == 1
        assert joined.json()["game"]["status"] == "playing"
        while (pushed := lobby.receive_json())["game"]["status"] != "playing":
            pass
        assert [s["name"] for s in pushed["game"]["seats"]] == ["alice", "bob", "taku (bot)", "simple (bot)"]
        assert bob.post(f"/api/games/{made['id']}/join", {}).json()["seat"] == 1  # already seated
        carol = Player(browser(client), "carol")
        assert carol.post(f"/api/games/{made['id']}/join", {}).status_code == 409


def test_leave_before_the_start_opens_the_seat(client: TestClient) -> None:
    alice = Player(client, "alice")
    made = alice.table([{"kind": "open"}, {"kind": "open"}, *BOTS[:2]])["game"]
    with contextlib.nullcontext(browser(client)) as other:
        bob = Player(other, "bob")
        assert bob.post(f"/api/games/{made['id']}/join", {}).json()["seat"] == 0
        left = bob.post(f"/api/games/{made['id']}/leave")
        assert [s["kind"] for s in left.json()["game"]["seats"]] == ["open", "open", "bot", "bot"]
        assert bob.post(f"/api/games/{made['id']}/leave").status_code == 409


def test_private_tables_need_the_invite(client: TestClient) -> None:
    alice = Player(client, "alice")
    created = alice.table([{"kind": "me"}, {"kind": "open"}, *BOTS[:2]], private=True)
    game_id, invite = created["game"]["id"], created["invite"]
    assert invite
    with contextlib.nullcontext(browser(client)) as other:
        bob = Player(other, "bob")
        assert other.get("/api/games").json()["games"] == []
        assert other.get(f"/api/games/{game_id}").status_code == 404
        assert bob.post(f"/api/games/{game_id}/join", {}).status_code == 404
        assert other.get(f"/api/games/{game_id}?invite={invite}").status_code == 200
        assert bob.post(f"/api/games/{game_id}/join", {"invite": invite}).json()["seat"] == 1
        assert [g["id"] for g in other.get("/api/games").json()["games"]] == [game_id]
    assert client.get(f"/api/games/{game_id}").json()["invite"] == invite


def test_a_whole_table_history_and_records(client: TestClient, tmp_path: Path) -> None:
    alice = Player(client, "alice")
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="api-1")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        messages = play_until(ws)
    end = messages[-1]["event"]
    assert end["type"] == "match_end" and sum(end["scores"]) == 100000
    assert sorted(end["ranks"]) == [1, 2, 3, 4]
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["result"]["ranks"] == end["ranks"]
    history = client.get("/api/me/games").json()["games"]
    assert [g["id"] for g in history] == [game_id]
    assert client.get(f"/api/users/{alice.user['id']}/games").json()["games"][0]["id"] == game_id
    mjai = client.get(f"/api/games/{game_id}/record/mjai")
    assert mjai.status_code == 200 and "attachment" in mjai.headers["content-disposition"]
    lines = [json.loads(line) for line in mjai.text.splitlines()]
    assert lines[0] == {
        "type": "start_game",
        "names": ["alice", "taku (bot)", "simple (bot)", "tsumogiri (bot)"],
    }
    assert lines[-1]["type"] == "end_game"
    tenhou = client.get(f"/api/games/{game_id}/record/tenhou")
    assert tenhou.status_code == 200 and json.loads(tenhou.text)
    assert client.get(f"/api/games/{game_id}/record/psq").status_code == 409
    # the records replay through the engine: every action legal, every score the engine's
    (tmp_path / "game.mjson").write_text(mjai.text)
    (tmp_path / "game.json").write_text(tenhou.text)
    for name in ("game.mjson", "game.json"):
        done = subprocess.run(
            [sys.executable, "-m", "taku", "mahjong", "replay", str(tmp_path / name), "--rules", "tenhou"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "all agree" in done.stdout
    replay = client.get(f"/api/games/{game_id}/replay").json()
    assert replay["events"][-1]["type"] == "match_end"
    assert all(len(hand) == 13 for hand in replay["events"][1]["tehais"])
    assert all("?" not in hand for hand in replay["events"][1]["tehais"])  # all visible once finished


def test_stats_count_games_connections_and_commits(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="stats")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        play_until(ws, stop="dahai")
        stats = client.get("/api/stats").json()
        assert stats["games"] == 1 and stats["connections"] == 1
        assert stats["actions_committed"] >= 1 and 1 <= stats["commits"] <= stats["actions_committed"]
        assert (
            stats["latency_ms"]["count"] >= 1 and 0 < stats["latency_ms"]["p50"] <= stats["latency_ms"]["p99"]
        )
        # each commit's time, each action's wait for its commit, the event loop's lag (ms)
        assert stats["commit_ms"]["count"] == stats["commits"]
        assert 1 <= stats["store_ms"]["count"] <= stats["actions_committed"]
        for name in ("commit_ms", "store_ms", "loop_lag_ms"):
            figures = stats[name]
            if figures["count"]:
                assert 0 <= figures["p50"] <= figures["p99"] <= figures["max"], (name, figures)
        assert stats["remote_games"] == 0
        stalls = stats["loop_stalls"]
        assert stalls["count"] >= 0 and (stalls["count"] == 0) == (stalls["loop_cpu_share_p50"] is None)


def refusal(client: TestClient, path: str, **kwargs: Any) -> tuple[int, str]:
    """The close code and reason with which the server ends a WebSocket at ``path`` at once."""
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(path, **kwargs) as ws:
        ws.receive_text()
    return closed.value.code, closed.value.reason


def test_a_game_socket_refused_says_why(client: TestClient) -> None:
    """A game's WebSocket that cannot be served is closed at once with a code and a one-line reason
    (a browser sees only that): an unknown game 4404; a running game that another process owns
    4404, saying so (its live events are served by its owner, docs/server.md); a private game
    without its invite, or a page of another site, 4403."""
    alice = Player(client, "alice")
    hub = client.app.state.hub  # type: ignore[attr-defined]
    bots = (Seat(i, "bot", "b", bot="tsumogiri") for i in (1, 2, 3))
    seats = (Seat(0, "person", "alice", alice.user["id"]), *bots)
    config = {"rules": "tenhou", "options": {}}
    for game_id, private in (("elsewhere1", False), ("elsewhere2", True)):
        invite = "inv" if private else None
        game = Game(game_id, "mahjong", "playing", config, "s", private, invite, 99, 0, 0, None, None, seats)
        hub.db.store.create_game(game, "another-process:8000")
    assert refusal(client, "/api/games/nosuchgame/ws") == (4404, "no game 'nosuchgame'")
    code, reason = refusal(client, "/api/games/elsewhere1/ws")
    assert code == 4404 and reason.startswith(NOT_HERE) and "'elsewhere1'" in reason
    # alice sits at the private one; a stranger is not told that it exists
    assert refusal(client, "/api/games/elsewhere2/ws")[0] == 4404
    assert refusal(client, "/api/games/elsewhere2/ws")[1].startswith(NOT_HERE)
    stranger = browser(client)
    Player(stranger, "bob")
    assert refusal(stranger, "/api/games/elsewhere2/ws") == (4404, "no game 'elsewhere2'")
    mine = alice.table([{"kind": "me"}, {"kind": "open"}, *BOTS[:2]], private=True)["game"]["id"]
    assert refusal(stranger, f"/api/games/{mine}/ws") == (4403, "a private game: you need its invite")
    assert refusal(client, f"/api/games/{mine}/ws", headers={"Origin": "http://evil.example"}) == (
        4403,
        "a WebSocket from another site is refused",
    )
    assert client.get("/api/stats").json()["games"] == 1  # this process runs none of the others
