"""Schemathesis fuzzing of every HTTP endpoint of the OpenAPI description, against a real server on
loopback: no request, however malformed, gets a 5xx (each answer is a 4xx with a JSON error, or a
success)."""

from __future__ import annotations

import shutil
import socket
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import not_a_server_error

from taku.server.app import create_app
from tests.server_helpers import fast_settings

pytestmark = pytest.mark.filterwarnings("ignore")

DIRECTORY = Path(tempfile.mkdtemp(prefix="taku-fuzz-"))
APP = create_app(fast_settings(f"sqlite:///{DIRECTORY / 'fuzz.sqlite3'}"))
SCHEMA = schemathesis.openapi.from_dict(APP.openapi())
_server: dict[str, Any] = {}


def server() -> dict[str, Any]:
    """A real server in a thread, and a guest session with a table (so ids exist to hit)."""
    if _server:
        return _server
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    instance = uvicorn.Server(uvicorn.Config(APP, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    for _ in range(200):
        if instance.started:
            break
        time.sleep(0.05)
    http = httpx.Client(base_url=url)
    csrf = http.get("/api/session").json()["csrf"]
    reply = http.post("/api/session/guest", json={"name": "fuzz"}, headers={"X-CSRF-Token": csrf})
    csrf = reply.json()["csrf"]
    seats = [
        {"kind": "me"},
        {"kind": "open"},
        {"kind": "bot", "name": "random"},
        {"kind": "bot", "name": "tsumogiri"},
    ]
    game = http.post("/api/games/mahjong", json={"seats": seats}, headers={"X-CSRF-Token": csrf}).json()
    _server.update(
        url=url,
        server=instance,
        thread=thread,
        cookies=dict(http.cookies),
        csrf=csrf,
        game=game["game"]["id"],
    )
    return _server


@SCHEMA.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error(case: Any) -> None:
    running = server()
    if (case.path_parameters or {}).get("game_id") == "0":
        case.path_parameters["game_id"] = running["game"]
    headers = {"X-CSRF-Token": running["csrf"], **(case.headers or {})}
    response = case.call(base_url=running["url"], headers=headers, cookies=running["cookies"])
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert "error" in response.json()


def teardown_module() -> None:
    if _server:
        _server["server"].should_exit = True
        _server["thread"].join(timeout=10)
    shutil.rmtree(DIRECTORY, ignore_errors=True)
