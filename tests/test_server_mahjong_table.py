"""A mahjong table over its WebSocket: numbered events, prompts, bad messages answered with an
error while the connection stays, spectators, two people at one table (claims), the turn clock,
disconnection and the stand-in bot; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server_helpers import (
    Player,
    TestClient,
    browser,
    client_for,
    database,
    fast_settings,
    play_until,
)

BOTS = [
    {"kind": "bot", "name": "taku"},
    {"kind": "bot", "name": "simple"},
    {"kind": "bot", "name": "tsumogiri"},
]


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as url:
        settings = fast_settings(url, disconnect_act_seconds=0.2, grace_seconds=0.5)
        with client_for(settings) as c:
            yield c


def first_prompt(ws: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    seen = []
    while True:
        message = ws.receive_json()
        if message["type"] == "prompt":
            return seen, message
        seen.append(message)


def test_hello_numbered_events_and_a_prompt(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-1")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        seen, prompt = first_prompt(ws)
    assert seen[0]["type"] == "hello" and seen[0]["seat"] == 0
    events = [m for m in seen if m["type"] == "event"]
    assert [m["n"] for m in events] == list(range(1, len(events) + 1))
    assert [m["event"]["type"] for m in events[:3]] == ["start_game", "start_kyoku", "tsumo"]
    start = events[1]["event"]
    assert all(t != "?" for t in start["tehais"][0]) and all(
        start["tehais"][i] == ["?"] * 13 for i in (1, 2, 3)
    )
    assert prompt["seat"] == 0 and prompt["n"] == events[-1]["n"] and prompt["seconds"] > 4
    assert {a["type"] for a in prompt["actions"]} >= {"dahai"}
    assert any(m["type"] == "table" for m in seen)


def test_bad_messages_get_an_error_and_the_connection_stays(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-2")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        _, prompt = first_prompt(ws)
        bad = [
            ("not json", "not JSON"),
            ("[1, 2]", "JSON object"),
            (json.dumps({"type": "dance"}), "unknown message type"),
            ("x" * 20000, "too large"),
            ("[" * 5000 + "]" * 5000, "nests too deeply"),
            (json.dumps({"type": "resync", "since": -3}), "since"),
            (json.dumps({"type": "action"}), 'expected "action"'),
            (json.dumps({"type": "action", "action": {"type": "pon", "actor": 0}}), "illegal action"),
            (
                json.dumps({"type": "action", "action": {"type": "dahai", "actor": 1, "pai": "1m"}}),
                "you play seat 0",
            ),
            (json.dumps({"type": "action", "action": {"type": "dahai", "pai": "5zz"}}), "dahai"),
            (
                json.dumps({"type": "action", "n": prompt["n"] - 1, "action": prompt["actions"][0]}),
                "stale action",
            ),
        ]
        for text, words in bad:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error" and words in reply["message"], (text[:40], reply)
        ws.send_bytes(b"\xff\xfe")
        assert "not JSON" in ws.receive_json()["message"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong"}
        # nothing changed: the same decision is still open and a legal action is taken
        ws.send_text(json.dumps({"type": "action", "n": prompt["n"], "action": prompt["actions"][0]}))
        reply = ws.receive_json()
        assert reply["type"] == "event" and reply["n"] == prompt["n"] + 1
        assert reply["event"]["type"] == "dahai" and reply["event"]["actor"] == 0


def test_out_of_turn_and_spectators(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, {"kind": "open"}, *BOTS[:2]], seed="t-3")["game"]["id"]
    other = browser(client)
    bob = Player(other, "bob")
    with other.websocket_connect(f"/api/games/{game_id}/ws") as early:
        assert early.receive_json()["seat"] is None  # not seated yet: watching
        early.send_text(json.dumps({"type": "action", "action": {"type": "none"}}))
        reply = next(m for m in iter(early.receive_json, None) if m["type"] == "error")
        assert "spectator acts for no seat" in reply["message"]
    assert bob.post(f"/api/games/{game_id}/join", {}).json()["seat"] == 1
    watcher = browser(client)
    with (
        other.websocket_connect(f"/api/games/{game_id}/ws") as ws_bob,
        watcher.websocket_connect(f"/api/games/{game_id}/ws") as ws_watch,
    ):
        hello = ws_bob.receive_json()
        assert hello["seat"] == 1
        ws_bob.send_text(json.dumps({"type": "action", "action": {"type": "dahai", "actor": 1, "pai": "1m"}}))
        while (m := ws_bob.receive_json())["type"] != "error":
            pass
        assert "not your decision" in m["message"]
        assert ws_watch.receive_json()["seat"] is None
        start = next(
            m
            for m in iter(ws_watch.receive_json, None)
            if m["type"] == "event" and m["event"]["type"] == "start_kyoku"
        )
        assert all(hand == ["?"] * 13 for hand in start["event"]["tehais"])


def test_two_people_play_a_whole_match_with_claims(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table(
        [{"kind": "me"}, {"kind": "open"}, *BOTS[:2]], seed="t-4", clock={"action_s": 30, "bank_s": 60}
    )["game"]["id"]
    other = browser(client)
    Player(other, "bob").post(f"/api/games/{game_id}/join", {})
    calls: list[str] = []

    def greedy(prompt: dict[str, Any]) -> dict[str, Any]:
        types = {a["type"]: a for a in prompt["actions"]}
        for kind in ("hora", "pon", "chi", "reach"):
            if kind in types:
                calls.append(kind)
                return types[kind]
        return types.get("none") or prompt["actions"][-1]

    import threading

    results: dict[str, list[dict[str, Any]]] = {}

    def run(name: str, c: TestClient) -> None:
        with c.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            results[name] = play_until(ws, choose=greedy)

    threads = [threading.Thread(target=run, args=(n, c)) for n, c in (("alice", client), ("bob", other))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert results["alice"][-1]["event"] == results["bob"][-1]["event"]
    assert {"pon", "chi"} & set(calls)
    # every viewer is told each seat's clock: the other person's decision running, bots' unclocked
    for name, other_seat in (("alice", 1), ("bob", 0)):
        clocks = [m for m in results[name] if m["type"] == "clock"]
        assert clocks and all(len(m["banks"]) == 4 and m["action_s"] == 30 for m in clocks)
        theirs = [m["left"][str(other_seat)] for m in clocks if other_seat in m["waiting"]]
        assert theirs and all(0 < left <= 90 for left in theirs)
        assert all(m["left"][str(bot)] is None for m in clocks for bot in (2, 3) if bot in m["waiting"])
        assert all(set(m["left"]) == {str(s) for s in m["waiting"]} for m in clocks)
    ends = [m["event"] for m in results["alice"] if m["type"] == "event" and m["event"]["type"] == "hand_end"]
    assert ends and all(sum(e["deltas"]) <= 0 or e["outcome"] == "hora" for e in ends)
    for end in ends:
        for seat in end["winners"]:
            assert len(end["hands"][seat]) in (1, 4, 7, 10, 13, 2, 5, 8, 11, 14)


def test_time_out_plays_tsumogiri_and_passes(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    with client_for(settings) as c:
        alice = Player(c)
        game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-5", clock={"action_s": 1, "bank_s": 1})[
            "game"
        ]["id"]
        with c.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            _, _prompt = first_prompt(ws)
            started = time.monotonic()
            while True:  # do nothing: the server acts for the seat
                m = ws.receive_json()
                if m["type"] == "event" and m["event"]["type"] == "dahai" and m["event"]["actor"] == 0:
                    break
            assert 1.9 <= time.monotonic() - started < 6  # 1 s per decision, then the 1 s bank
            assert m["event"]["tsumogiri"] is True
        actions = c.app.state.hub.db.store.actions(game_id)
        assert actions[0].by == "timeout" and actions[0].seat == 0
        assert actions[0].clock == {"banks": [0, 1000, 1000, 1000]}  # the bank is spent


def test_disconnected_person_is_played_for_then_a_standin_takes_over(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-6")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first_prompt(ws)
    hub = client.app.state.hub
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        bys = {a.by for a in hub.db.store.actions(game_id) if a.seat == 0}
        if "standin" in bys:
            break
        time.sleep(0.1)
    assert {"timeout", "standin"} <= bys
    # back again: the person decides
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        _, prompt = first_prompt(ws)
        ws.send_text(json.dumps({"type": "action", "action": prompt["actions"][0], "n": prompt["n"]}))
        while ws.receive_json()["type"] != "event":
            pass
    assert any(a.by == "player" for a in hub.db.store.actions(game_id))


def test_leaving_a_running_table_hands_the_seat_to_a_bot(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-7")["game"]["id"]
    assert alice.post(f"/api/games/{game_id}/leave").status_code == 200
    hub = client.app.state.hub
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{game_id}").json()["status"] != "finished" and time.monotonic() < deadline:
        time.sleep(0.2)
    assert client.get(f"/api/games/{game_id}").json()["status"] == "finished"
    assert {a.by for a in hub.db.store.actions(game_id) if a.seat == 0} <= {"standin", "timeout"}


def test_a_finished_table_is_watched_through_its_replay(client: TestClient) -> None:
    alice = Player(client)
    game_id = alice.table([{"kind": "me"}, *BOTS], seed="t-8")["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        live = [m for m in play_until(ws) if m["type"] == "event"]
    hub = client.app.state.hub
    del hub.actors[game_id]  # as after FINISHED_KEPT_SECONDS: the game is only in the database
    with client.websocket_connect(f"/api/games/{game_id}/ws?since=0") as ws:
        again = []
        while not again or again[-1]["event"]["type"] != "match_end":
            message = ws.receive_json()
            if message["type"] == "event":
                again.append(message)
    assert again == live  # the seat's own view, rebuilt by the replay of the stored actions
