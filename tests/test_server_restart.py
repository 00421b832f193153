"""kill -9 of a real server process in the middle of a mahjong table and a renju game: after the
restart both resume and finish, and their records are those of an uninterrupted run with the same
seeds (state = the replay of the committed actions); on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from taku.server.store import Store
from tests.server_helpers import Player, client_for, database, default_choice, fast_settings
from tests.server_process import ServerProcess, free_port

pytestmark = pytest.mark.slow

SEATS = [{"kind": "bot", "name": n} for n in ("taku", "simple", "taku-efficiency", "random")]
OPTIONS = {"length": "east"}
ORDER = [f"{c}{r}" for r in (8, 7, 9, 6, 10, 5, 11, 4, 12) for c in "hgijfkelm"]


def start_server(db_url: str, port: int) -> ServerProcess:
    options = ["--bot-delay", "0.01", "--ai-processes", "0", "--ai-max-nodes", "2000"]
    return ServerProcess(db_url, options, port=port)


def renju_move(state: dict[str, Any]) -> str:
    """A deterministic person: the first free point of a fixed order that is not forbidden."""
    taken = {s["point"] for s in state["stones"]}
    return next(p for p in ORDER if p not in taken and p not in state["forbidden"])


def play_renju(url: str, cookies: httpx.Cookies, game_id: str, moves: int | None) -> dict[str, Any]:
    """Play our side until the game ends (or ``moves`` of ours were sent); the last state."""
    header = "; ".join(f"{k}={v}" for k, v in cookies.items())
    sent = 0
    with connect(
        f"{url.replace('http', 'ws')}/api/games/{game_id}/ws", additional_headers={"Cookie": header}
    ) as ws:
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] != "state":
                continue
            if message["outcome"] or (moves is not None and sent >= moves):
                return dict(message)
            if message["to_act"] == 0:
                ws.send(
                    json.dumps({"type": "action", "action": {"type": "move", "point": renju_move(message)}})
                )
                sent += 1


def create_games(url: str) -> tuple[httpx.Client, str, str]:
    http = httpx.Client(base_url=url, timeout=30)
    csrf = http.get("/api/session").json()["csrf"]
    reply = http.post("/api/session/guest", json={"name": "kim"}, headers={"X-CSRF-Token": csrf})
    csrf = reply.json()["csrf"]
    table = http.post(
        "/api/games/mahjong",
        json={"seats": SEATS, "seed": "kill-9", "options": OPTIONS},
        headers={"X-CSRF-Token": csrf},
    ).json()["game"]["id"]
    renju = http.post(
        "/api/games/renju",
        json={"opponent": {"kind": "ai", "level": "beginner"}, "seed": "kill-9"},
        headers={"X-CSRF-Token": csrf},
    ).json()["game"]["id"]
    return http, table, renju


def reference_records(tmp_path: Path) -> tuple[str, str]:
    """The same games played without interruption (in-process)."""
    settings = fast_settings(f"sqlite:///{tmp_path / 'reference.sqlite3'}", ai_max_nodes=2000)
    with client_for(settings) as client:
        player = Player(client, "kim")
        table = player.table(SEATS, seed="kill-9", options=OPTIONS)["game"]["id"]
        renju = player.post(
            "/api/games/renju", {"opponent": {"kind": "ai", "level": "beginner"}, "seed": "kill-9"}
        ).json()["game"]["id"]
        with client.websocket_connect(f"/api/games/{renju}/ws") as ws:
            while True:
                message = ws.receive_json()
                if message["type"] != "state":
                    continue
                if message["outcome"]:
                    break
                if message["to_act"] == 0:
                    ws.send_text(
                        json.dumps(
                            {"type": "action", "action": {"type": "move", "point": renju_move(message)}}
                        )
                    )
        deadline = time.monotonic() + 120
        while client.get(f"/api/games/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        return (
            client.get(f"/api/games/{table}/record/mjai").text,
            client.get(f"/api/games/{renju}/record/psq").text,
        )


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kill_9_then_restart_resumes_and_finishes_identically(tmp_path: Path, kind: str) -> None:
    """On both databases: on PostgreSQL the actions are committed from the server's event loop
    (docs/server.md, persistence), on SQLite in its database thread."""
    with database(kind, tmp_path) as db_url:
        mjai, psq = killed_and_restarted(db_url)
    reference_mjai, reference_psq = reference_records(tmp_path)
    assert mjai.splitlines() == reference_mjai.splitlines()
    assert psq.splitlines() == reference_psq.splitlines()


def killed_and_restarted(db_url: str) -> tuple[str, str]:
    """The records of the two games played by a server killed (-9) in their middle and restarted."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    store = Store(db_url)
    server = start_server(db_url, port)
    try:
        http, table, renju = create_games(url)
        play_renju(url, http.cookies, renju, moves=3)
        while len(store.actions(table)) <= 150:  # let the table run a while (bots pause 10 ms)
            time.sleep(0.1)
        server.kill()  # kill -9
        before = http.cookies  # the client keeps its session across the restart
        server = start_server(db_url, port)
        status = http.get(f"/api/games/{table}").json()["status"]
        assert status == "playing"  # the kill came in the middle of the match
        final = play_renju(url, before, renju, moves=None)
        assert final["outcome"] is not None
        deadline = time.monotonic() + 180
        while http.get(f"/api/games/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the table did not finish after the restart"
            time.sleep(0.2)
        return (
            http.get(f"/api/games/{table}/record/mjai").text,
            http.get(f"/api/games/{renju}/record/psq").text,
        )
    finally:
        server.kill()
        store.close()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_kill_9_during_the_pause_between_hands_pauses_again(tmp_path: Path, kind: str) -> None:
    """A person reads a hand's result (the next hand waits for his OK, ``--hand-pause-seconds``)
    when the server is killed: after the restart his page reconnects to the same results, the
    pause runs again in full, nobody ready, no clock running, and his OK deals the next hand."""
    with database(kind, tmp_path) as db_url:
        paused_killed_and_restarted(db_url)


def paused_killed_and_restarted(db_url: str) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    options = ["--bot-delay", "0", "--hand-pause-seconds", "600"]
    store = Store(db_url)
    server = ServerProcess(db_url, options, port=port)
    try:
        http = httpx.Client(base_url=url, timeout=30)
        csrf = http.get("/api/session").json()["csrf"]
        csrf = http.post("/api/session/guest", json={"name": "kim"}, headers={"X-CSRF-Token": csrf}).json()[
            "csrf"
        ]
        seats = [{"kind": "me"}, *SEATS[:3]]
        table = http.post(
            "/api/games/mahjong",
            json={"seats": seats, "seed": "kill-9-pause", "options": OPTIONS},
            headers={"X-CSRF-Token": csrf},
        ).json()["game"]["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        socket_url = f"{url.replace('http', 'ws')}/api/games/{table}/ws"
        events: dict[int, dict[str, Any]] = {}
        with connect(socket_url, additional_headers={"Cookie": cookie}) as ws:
            while True:
                message = json.loads(ws.recv(timeout=60))
                if message["type"] == "event":
                    events[message["n"]] = message["event"]
                elif message["type"] == "prompt":
                    answer = default_choice(message)
                    ws.send(json.dumps({"type": "action", "action": answer, "n": message["n"]}))
                elif message["type"] == "hand_pause":
                    pause = message
                    break
        shown = pause["n"]
        assert events[shown]["type"] == "end_kyoku" and max(events) == shown
        server.kill()  # kill -9 while the result is on the screen
        server = ServerProcess(db_url, options, port=port)
        with connect(f"{socket_url}?since={shown - 2}", additional_headers={"Cookie": cookie}) as ws:
            seen = []
            while (message := json.loads(ws.recv(timeout=60)))["type"] != "hand_pause":
                seen.append(message)
            assert seen[0]["type"] == "hello" and seen[0]["last"] == shown
            again = {m["n"]: m["event"] for m in seen if m["type"] == "event"}
            assert again == {n: events[n] for n in (shown - 1, shown)}  # the same hand_end, end_kyoku
            assert message["n"] == shown and message["ready"] == [] and message["seats"] == [0]
            assert 590 < message["seconds"] <= 600
            with pytest.raises(TimeoutError):  # nothing is dealt while he reads
                while True:
                    late = json.loads(ws.recv(timeout=1))
                    assert late["type"] not in ("event", "prompt"), late
            ws.send(json.dumps({"type": "next_hand", "n": shown}))
            while (message := json.loads(ws.recv(timeout=60)))["type"] != "event":
                pass
            assert message["n"] == shown + 1 and message["event"]["type"] == "start_kyoku"
            while (message := json.loads(ws.recv(timeout=60)))["type"] != "prompt":
                pass
        assert "timeout" not in {a.by for a in store.actions(table)}  # no clock ran out during the pause
    finally:
        server.kill()
        store.close()
