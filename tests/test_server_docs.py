"""The examples of docs/server.md run: the mjai relay seats `taku mahjong mjai-bot` at a table of
a real server on loopback, and the table plays to its end."""

from __future__ import annotations

import re
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from taku.server.app import create_app
from tests.server_helpers import fast_settings

DOC = Path(__file__).resolve().parent.parent / "docs" / "server.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_mjai_relay_example_plays_a_table(tmp_path: Path) -> None:
    (block,) = [b for b in python_blocks() if "def relay" in b]
    namespace: dict[str, Any] = {}
    exec(compile(block, str(DOC), "exec"), namespace)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
        csrf = http.get("/api/session").json()["csrf"]
        csrf = http.post("/api/session/guest", json={"name": "doc"}, headers={"X-CSRF-Token": csrf}).json()[
            "csrf"
        ]
        seats = [
            {"kind": "bot", "name": "simple"},
            {"kind": "mjai"},
            {"kind": "bot", "name": "tsumogiri"},
            {"kind": "bot", "name": "taku"},
        ]
        made = http.post(
            "/api/games/mahjong",
            json={"seats": seats, "options": {"length": "east"}},
            headers={"X-CSRF-Token": csrf},
        ).json()
        game_id, token = made["game"]["id"], made["mjai_tokens"]["1"]
        namespace["relay"](
            f"ws://127.0.0.1:{port}/api/games/{game_id}/mjai?token={token}",
            1,
            [sys.executable, "-m", "taku", "mahjong", "mjai-bot", "--seat", "1", "--rules", "tenhou"],
        )
        assert http.get(f"/api/games/{game_id}").json()["status"] == "finished"
        stored = app.state.hub.db.store.actions(game_id)
        assert {a.by for a in stored if a.seat == 1} == {"mjai"}
    finally:
        server.should_exit = True
        thread.join(timeout=10)
