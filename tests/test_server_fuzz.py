"""Schemathesis fuzzing of every HTTP endpoint of the OpenAPI description: no request, however
malformed, gets a 5xx (each answer is a 4xx with a JSON error, or a success)."""

from __future__ import annotations

import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import not_a_server_error

from taku.server.app import create_app
from taku.server.store import Store
from tests.server_helpers import Player, TestClient, fast_settings

DB = Path(tempfile.mkdtemp(prefix="taku-fuzz-")) / "fuzz.sqlite3"


def make_app() -> Any:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    store = Store(f"sqlite:///{DB}")
    store.migrate()
    store.close()
    return create_app(fast_settings(f"sqlite:///{DB}"))


APP = make_app()
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
_session: dict[str, Any] = {}


def session() -> dict[str, Any]:
    """A guest session with a table of his (so ids and seats exist for the fuzzer to hit)."""
    if not _session:
        client = TestClient(APP)
        player = Player(client, "fuzz")
        game = player.table([{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "name": "random"},
                             {"kind": "bot", "name": "tsumogiri"}])
        _session.update(cookies=dict(client.cookies), headers={"X-CSRF-Token": player.csrf},
                        game=game["game"]["id"])
    return _session


@SCHEMA.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error(case: Any) -> None:
    auth = session()
    if "game_id" in (case.path_parameters or {}) and case.path_parameters["game_id"] == "0":
        case.path_parameters["game_id"] = auth["game"]
    response = case.call(headers={**auth["headers"], **(case.headers or {})}, cookies=auth["cookies"])
    case.validate_response(response, checks=[not_a_server_error])
    if response.status_code >= 400:
        assert "error" in response.json()


def teardown_module() -> None:
    shutil.rmtree(DB.parent, ignore_errors=True)


pytestmark = pytest.mark.filterwarnings("ignore")
