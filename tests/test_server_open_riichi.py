"""Open riichi at a server table (MJ-RIICHI-13): when the rules allow it and a player declares it,
his concealed tiles are pushed to every seat and to spectators as an ``open_hand`` event, right
after his declaring discard and again whenever they change (a concealed kan); the tile he has just
drawn stays hidden. Without open riichi no hand is ever shown before the hand's end."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from taku.mahjong.actions import Action
from taku.mahjong.kyoku import Observation
from taku.mahjong.rules import Rules
from taku.server import mahjong_table
from taku.server.hub import Hub
from taku.server.mahjong_table import MahjongTable
from taku.server.tables import Connection
from tests.server_helpers import drain, fast_settings

VIEWERS: tuple[int | None, ...] = (0, 1, 2, 3, None)


def open_declarer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every built-in bot declare open riichi where it would declare riichi (when the rules
    allow it)."""
    choose = mahjong_table._bot_choose

    def declare_open(name: str, seed: str, rules: Rules, observation: Observation) -> Action:
        action = choose(name, seed, rules, observation)
        if action.type == "reach":
            opened = [a for a in observation.legal_actions if a.type == "open_reach"]
            if opened:
                return opened[0]
        return action

    monkeypatch.setattr(mahjong_table, "_bot_choose", declare_open)


Streams = dict[int | None, list[dict[str, Any]]]


async def play(db: Path, options: dict[str, Any], seed: str) -> tuple[MahjongTable, Streams, list[Any]]:
    hub = Hub(fast_settings(f"sqlite:///{db}"))
    await hub.start()
    try:
        seats = [{"kind": "bot", "name": "taku"} for _ in range(4)]
        actor, _ = await hub.create_mahjong(None, "tenhou", options, seats, False, seed, None)
        assert isinstance(actor, MahjongTable)
        connections = {seat: Connection(seat) for seat in VIEWERS}
        for connection in connections.values():
            await actor.attach(connection, 0)
        for _ in range(6000):
            if actor.status == "finished":
                break
            await asyncio.sleep(0.05)
        assert actor.status == "finished"
        stored = await hub.services.db.call(hub.services.db.store.actions, actor.id)
        again = MahjongTable(actor.game, actor.services)
        again.replay(stored)
        streams = {s: [m["event"] for m in drain(c) if m["type"] == "event"] for s, c in connections.items()}
        return actor, streams, list(again.log)
    finally:
        await hub.stop()


def true_hands(log: list[tuple[dict[str, Any], bool]]) -> list[list[str] | None]:
    """For each log entry, the concealed tiles (mjai names) of the actor of an ``open_hand`` event
    at that point, following the unmasked engine events; None for other entries."""
    hands: list[list[str]] = [[], [], [], []]
    out: list[list[str] | None] = []
    for event, _core in log:
        kind = event["type"]
        if kind == "start_kyoku":
            hands = [list(h) for h in event["tehais"]]
        elif kind == "tsumo":
            hands[event["actor"]].append(event["pai"])
        elif kind == "dahai":
            hands[event["actor"]].remove(event["pai"])
        elif kind in ("chi", "pon", "daiminkan", "ankan"):
            for tile in event["consumed"]:
                hands[event["actor"]].remove(tile)
        elif kind == "kakan":
            hands[event["actor"]].remove(event["pai"])
        out.append(list(hands[event["actor"]]) if kind == "open_hand" else None)
    return out


def test_open_riichi_hands_are_pushed_to_every_seat_and_spectator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_declarer(monkeypatch)
    actor, streams, replayed = asyncio.run(
        play(tmp_path / "db.sqlite3", {"open_riichi": True, "length": "east"}, "open-riichi-1")
    )
    log = actor.log
    declared = [i for i, (e, _) in enumerate(log) if e["type"] == "reach" and e.get("open") is True]
    assert len(declared) >= 2, "the seed must give open riichi declarations to check"
    shown = [i for i, (e, _) in enumerate(log) if e["type"] == "open_hand"]
    assert shown
    truth = true_hands(log)
    for i in shown:
        event = log[i][0]
        assert Counter(event["tehai"]) == Counter(truth[i]), f"event {i + 1}: {event}"
        assert len(event["tehai"]) % 3 == 1  # never with the drawn tile
    for i in declared:
        actor_seat = log[i][0]["actor"]
        # the hand is shown after the declaring discard, before anything else the hand does
        following = [e for e, _ in log[i + 1 :]]
        discard = next(k for k, e in enumerate(following) if e["type"] == "dahai")
        assert following[discard]["actor"] == actor_seat
        ends = next(k for k, e in enumerate(following) if e["type"] in ("open_hand", "hora", "ryukyoku"))
        if following[ends]["type"] == "open_hand":
            assert following[ends]["actor"] == actor_seat
            assert not any(e["type"] == "tsumo" and e["actor"] == actor_seat for e in following[:ends])
        else:  # won on the declaring discard (ron) or a draw before anyone drew again
            assert following[ends]["type"] in ("hora", "ryukyoku")
    # every seat and every spectator gets the same open_hand events as in the log
    for seat in VIEWERS:
        assert [e for e in streams[seat] if e["type"] == "open_hand"] == [log[i][0] for i in shown]
    # a table rebuilt from the stored actions has the same log (a restart, a reconnect)
    assert replayed == log


def test_no_hand_is_shown_without_open_riichi(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    open_declarer(monkeypatch)
    actor, streams, _ = asyncio.run(play(tmp_path / "db.sqlite3", {"length": "east"}, "open-riichi-1"))
    assert any(e["type"] == "reach" for e, _ in actor.log)
    assert not any(e["type"] == "reach" and e.get("open") for e, _ in actor.log)
    for seat in VIEWERS:
        assert not any(e["type"] == "open_hand" for e in streams[seat])
