"""Properties of the table actor over many seeded bot-only tables: no message to a seat holds
another seat's concealed tiles (or the wall, or ura indicators before they are shown), and
reconnecting at any event number gives exactly the rest of the stream."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from taku.server.hub import Hub
from taku.server.mahjong_table import MahjongTable
from taku.server.tables import Connection
from tests.server_helpers import drain, fast_settings

PUBLIC = {
    "start_game",
    "start_kyoku",
    "tsumo",
    "dahai",
    "chi",
    "pon",
    "daiminkan",
    "kakan",
    "ankan",
    "dora",
    "reach",
    "reach_accepted",
    "hora",
    "ryukyoku",
    "end_kyoku",
    "end_game",
    "hand_end",
    "match_end",
    "open_hand",
}
PLAYERS = ["taku", "simple", "random", "tsumogiri", "taku-efficiency"]


async def play_tables(
    db: Path, count: int
) -> list[tuple[MahjongTable, dict[int | None, list[dict[str, Any]]]]]:
    hub = Hub(fast_settings(f"sqlite:///{db}"))
    await hub.start()
    played = []
    try:
        for i in range(count):
            seats = [{"kind": "bot", "name": PLAYERS[(i + k) % len(PLAYERS)]} for k in range(4)]
            actor, _ = await hub.create_mahjong(
                None, ("tenhou", "mahjongsoul", "ema", "montreal")[i % 4], {}, seats, False, f"leak-{i}", None
            )
            assert isinstance(actor, MahjongTable)
            connections = {seat: Connection(seat) for seat in (0, 1, 2, 3, None)}
            for connection in connections.values():
                await actor.attach(connection, 0)
            played.append((actor, connections))
        for _ in range(6000):
            if all(a.status == "finished" for a, _ in played):
                break
            await asyncio.sleep(0.05)
        assert all(a.status == "finished" for a, _ in played)
        results = []
        for index, (actor, connections) in enumerate(played):
            streams = {seat: drain(c) for seat, c in connections.items()}
            results.append((actor, streams))
            # reconnecting after event k gives the rest of the stream, for every k
            for seat in (0, 1, 2, 3, None):
                live = [m for m in streams[seat] if m["type"] == "event"]
                assert [m["n"] for m in live] == list(range(1, len(actor.log) + 1))
                # every k at the first table for seat 0; a sample (and both ends) elsewhere
                step = 1 if index == 0 and seat == 0 else 29
                for k in sorted({*range(0, len(live) + 1, step), len(live) - 1, len(live)}):
                    again = Connection(seat)
                    await actor.resync(again, k)
                    assert [m for m in drain(again) if m["type"] == "event"] == live[k:]
        return results
    finally:
        await hub.stop()


def check_no_leak(actor: MahjongTable, seat: int | None, messages: list[dict[str, Any]]) -> None:
    shown_ura = False
    for message in messages:
        kind = message["type"]
        if kind == "prompt":
            assert message["seat"] == seat
            assert all(a.get("actor", seat) == seat for a in message["actions"])
            continue
        if kind in ("table", "hello", "clock"):
            text = json.dumps(message)
            assert "tehais" not in text and "wall" not in text and "token" not in text
            continue
        assert kind == "event"
        event = message["event"]
        full, _core = actor.log[message["n"] - 1]
        assert event["type"] in PUBLIC
        if event["type"] == "start_kyoku":
            for i, hand in enumerate(event["tehais"]):
                assert hand == (full["tehais"][i] if i == seat else ["?"] * len(full["tehais"][i]))
            assert set(event) == set(full)
        elif event["type"] == "tsumo":
            assert event["pai"] == (full["pai"] if event["actor"] == seat else "?")
        elif event["type"] == "open_hand":  # only a hand in open riichi is shown before the end
            assert actor.rules.open_riichi and event == full
        elif event["type"] == "hand_end":
            revealed = {i for i, hand in enumerate(event["hands"]) if hand is not None}
            assert revealed <= set(event["winners"]) | set(event["tenpai"])
        else:
            assert event == full
        if event["type"] == "hora" and event["ura_markers"]:
            shown_ura = True
        assert event["type"] == "hora" or "ura_markers" not in event
    assert shown_ura or not any(
        m["type"] == "event" and m["event"]["type"] == "hora" and m["event"]["ura_markers"] for m in messages
    )


def run_and_check(tmp_path: Path, count: int) -> None:
    results = asyncio.run(play_tables(tmp_path / "db.sqlite3", count))
    for actor, streams in results:
        assert actor.match.is_over
        for seat, messages in streams.items():
            check_no_leak(actor, seat, messages)


def test_no_message_leaks_and_reconnect_at_any_event(tmp_path: Path) -> None:
    run_and_check(tmp_path, 8)


@pytest.mark.slow
def test_no_message_leaks_and_reconnect_at_any_event_many_tables(tmp_path: Path) -> None:
    run_and_check(tmp_path, 48)
