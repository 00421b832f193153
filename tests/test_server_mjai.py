"""Outside mjai bots at a table over a WebSocket: the server sends mjai.app's batches and reads one
action per message; bad or late answers are played as MjaiProcessPlayer's penalty mode does."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server_helpers import Player, TestClient, client_for, fast_settings

BOTS = [{"kind": "bot", "name": "taku"}, {"kind": "bot", "name": "simple"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A server that gives an outside bot 1 s per answer (the late-answer test waits that long)."""
    with client_for(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", mjai_timeout=1.0)) as c:
        yield c


@pytest.fixture
def patient_client(tmp_path: Path) -> Iterator[TestClient]:
    """A server that gives an outside bot 60 s per answer: a whole match whose bot process shares a
    busy machine must not lose a decision to the clock (the product's limit is Settings.mjai_timeout,
    5 s by default, unchanged)."""
    with client_for(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", mjai_timeout=60.0)) as c:
        yield c


def play_through_mjai_bot(client: TestClient, seed: str) -> tuple[str, int, str]:
    """A whole match with taku's mjai bot process in seat 1, over the mjai WebSocket; the game's id,
    the batches the bot was sent and the game's status as the server gives it the moment after the
    bot got ``end_game``."""
    alice = Player(client)
    made = alice.table(
        [{"kind": "bot", "name": "tsumogiri"}, {"kind": "mjai", "name": "taku via mjai"}, *BOTS],
        seed=seed,
    )
    game_id, token = made["game"]["id"], made["mjai_tokens"]["1"]
    bot = subprocess.Popen(
        [sys.executable, "-m", "taku", "mahjong", "mjai-bot", "--seat", "1", "--rules", "tenhou"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert bot.stdin is not None and bot.stdout is not None
    batches = 0
    try:
        with client.websocket_connect(f"/api/games/{game_id}/mjai?token={token}") as ws:
            while True:
                batch = json.loads(ws.receive_text())
                assert isinstance(batch, list)
                if batches == 0:
                    assert batch[0] == {"type": "start_game", "id": 1}
                for event in batch:
                    if event["type"] == "start_kyoku":
                        assert all(h == ["?"] * 13 for i, h in enumerate(event["tehais"]) if i != 1)
                    if event["type"] == "tsumo" and event["actor"] != 1:
                        assert event["pai"] == "?"
                batches += 1
                bot.stdin.write(json.dumps(batch) + "\n")
                answer = bot.stdout.readline()
                if batch[-1]["type"] == "end_game":
                    break
                ws.send_text(answer)
            status = client.get(f"/api/games/{game_id}").json()["status"]
    finally:
        bot.stdin.close()
        bot.wait(timeout=10)
    return game_id, batches, status


def test_an_mjai_bot_process_plays_a_whole_match(patient_client: TestClient) -> None:
    client = patient_client
    game_id, batches, status = play_through_mjai_bot(client, "mjai-1")
    assert batches > 50
    assert status == "finished"
    actions = client.app.state.hub.db.store.actions(game_id)
    assert {a.by for a in actions if a.seat == 1} == {"mjai"}


def test_end_game_reaches_the_bot_only_once_the_game_is_stored_finished(patient_client: TestClient) -> None:
    """The result is stored before the bot hears ``end_game``: a bot (or its owner's script) that
    asks about the game right after it must find it finished, whatever the database's speed (here
    0.3 s to store the result)."""
    client = patient_client
    hub = client.app.state.hub
    set_status = hub.db.store.set_status
    told_before_stored: list[bool] = []

    def slow_set_status(game_id: str, status: str, *args: Any) -> Any:
        if status == "finished":
            links = hub.actor(game_id).links.values()
            told_before_stored.append(any(link.connection.closed for link in links))
            time.sleep(0.3)
        return set_status(game_id, status, *args)

    hub.db.store.set_status = slow_set_status
    _, batches, status = play_through_mjai_bot(client, "mjai-3")
    assert batches > 50
    assert told_before_stored == [False]
    assert status == "finished"


def test_bad_and_late_answers_are_penalised_and_logged(client: TestClient) -> None:
    alice = Player(client)
    made = alice.table([{"kind": "mjai"}, {"kind": "bot", "name": "tsumogiri"}, *BOTS], seed="mjai-2")
    game_id, token = made["game"]["id"], made["mjai_tokens"]["0"]
    hub = client.app.state.hub
    with client.websocket_connect(f"/api/games/{game_id}/mjai?token={token}") as ws:
        first = json.loads(ws.receive_text())
        assert first[0] == {"type": "start_game", "id": 0} and first[-1] == {
            "type": "tsumo",
            "actor": 0,
            "pai": first[-1]["pai"],
        }
        ws.send_text("this is not json")
        json.loads(ws.receive_text())  # the next decision (after the penalty discard)
        ws.send_text(
            json.dumps({"type": "pon", "actor": 0, "target": 3, "pai": "1m", "consumed": ["1m", "1m"]})
        )
        json.loads(ws.receive_text())
        time.sleep(1.5)  # no answer: late
    actions = hub.db.store.actions(game_id)
    faults = [a for a in actions if a.by == "penalty"]
    assert len(faults) >= 3
    assert "not JSON" in (faults[0].note or "")
    assert "not a legal action" in (faults[1].note or "")
    assert "did not answer within 1 s" in (faults[2].note or "")
    assert faults[0].data["type"] == "dahai" and faults[0].data["tsumogiri"] is True


def test_an_mjai_seat_needs_its_token(client: TestClient) -> None:
    alice = Player(client)
    made = alice.table([{"kind": "mjai"}, {"kind": "bot", "name": "tsumogiri"}, *BOTS], seed="mjai-3")
    game_id = made["game"]["id"]
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/api/games/{game_id}/mjai?token=wrong") as ws,
    ):
        ws.receive_text()
    # the creator sees the tokens, another player does not
    assert client.get(f"/api/games/{game_id}").json()["mjai_tokens"] == {"0": made["mjai_tokens"]["0"]}
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/api/games/nosuch/ws") as ws:
        ws.receive_text()
