"""The pause between two mahjong hands (Tenhou, Mahjong Soul): after a hand ends the table deals the
next one when every person seated has pressed OK (``next_hand``) or after ``hand_pause_seconds``,
whichever comes first; no clock runs meanwhile; a table of bots never waits; a bad or repeated
acknowledgement changes nothing; after the match's last hand nothing waits; a table restored
during a pause pauses again.

The tables deal a fixed wall: East (the dealer) holds 234567m234p55p67s, waiting on 5s-8s; he draws
N and lets it go, South draws 8s and lets it go, and East wins by ron (MJ-FLOW-14), so the first
hand ends after three actions and the dealer deals again (MJ-FLOW-05)."""

from __future__ import annotations

import asyncio
import functools
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from taku.server.hub import Hub
from taku.server.mahjong_table import MahjongTable
from taku.server.tables import Connection, GameError
from tests.server_helpers import FURITEN_WALL, Player, browser, client_for, drain, fast_settings, play_until

WALL = FURITEN_WALL
OPEN = {"kind": "open"}
BOT = {"kind": "bot", "name": "tsumogiri"}


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Wait until ``condition()`` holds (the table's bots play in worker threads)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def seated_table(
    hub: Hub, people: int, clock: dict[str, float] | None = None
) -> tuple[MahjongTable, list[Connection]]:
    """A table dealing :data:`WALL` first, ``people`` persons in the first seats (each connected)
    and tsumogiri bots in the others."""
    seats = [OPEN] * people + [BOT] * (4 - people)
    actor, _ = await hub.create_mahjong(
        None, "tenhou", {"length": "east"}, seats, False, "pause", clock, walls=[WALL]
    )
    assert isinstance(actor, MahjongTable)
    connections = []
    for seat in range(people):
        user = await hub.db.call(hub.db.store.create_user, f"p{seat}", True)
        assert user is not None
        connection = Connection(seat, user.id)
        await hub.join(actor.id, user, seat)
        await actor.attach(connection, 0)
        connections.append(connection)
    return actor, connections


async def person_plays(actor: MahjongTable, seat: int, kind: str, pai: str | None = None) -> None:
    """``seat`` (a person) plays its legal action of ``kind`` (the discard of ``pai``)."""
    await until(lambda: seat in actor.decisions)
    legal = actor.match.legal_actions(seat)
    action = next(a for a in legal if a.type == kind and (pai is None or a.to_mjai().get("pai") == pai))
    await actor.act(seat, {"type": "action", "action": action.to_mjai(), "n": actor.visible})


async def end_first_hand(actor: MahjongTable, people: int) -> None:
    """Play the first hand of :data:`WALL` to East's ron (South's discard by its person or bot)."""
    await person_plays(actor, 0, "dahai", "N")
    if people > 1:
        await person_plays(actor, 1, "dahai", "8s")
    await person_plays(actor, 0, "hora")


def types(messages: list[dict[str, Any]]) -> list[str]:
    """The event types among ``messages``, then ``hand_pause`` where one came."""
    return [
        m["event"]["type"] if m["type"] == "event" else m["type"]
        for m in messages
        if m["type"] in ("event", "hand_pause")
    ]


def with_hub(tmp_path: Path, test: Callable[[Hub], Awaitable[None]], **settings: Any) -> None:
    async def run() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", **settings))
        await hub.start()
        try:
            await test(hub)
        finally:
            await hub.stop()

    asyncio.run(run())


def test_the_next_hand_waits_until_every_person_pressed_ok(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east, south) = await seated_table(hub, 2)
        await end_first_hand(actor, 2)
        pause = actor.pause
        assert pause is not None and pause.seats == {0, 1} and pause.ready == set()
        end = actor.view(pause.shown, 0)
        assert end["type"] == "end_kyoku" and actor.view(pause.shown - 1, 0)["type"] == "hand_end"
        # the engine has dealt the next hand, but nobody hears of it
        assert len(actor.log) > pause.shown and actor.visible == pause.shown
        for connection in (east, south):
            seen = drain(connection)
            assert types(seen)[-3:] == ["hand_end", "end_kyoku", "hand_pause"]
            assert max(m["n"] for m in seen if m["type"] == "event") == pause.shown
            note = next(m for m in seen if m["type"] == "hand_pause")
            assert note["n"] == pause.shown and note["seats"] == [0, 1] and note["ready"] == []
            assert 59 < note["seconds"] <= 60
        assert actor.decisions == {}  # nobody decides: the dealer's first turn is not open
        await actor.next_hand(0, {"type": "next_hand", "n": pause.shown})
        assert actor.pause is pause and pause.ready == {0}
        for connection in (east, south):  # each page hears who is ready
            seen = drain(connection)
            assert [m["type"] for m in seen] == ["hand_pause"] and seen[0]["ready"] == [0]
        await actor.next_hand(1, {"type": "next_hand"})  # the last one: dealt at once
        assert actor.pause is None and actor.visible == len(actor.log)
        seen = drain(east)
        assert types(seen)[:2] == ["start_kyoku", "tsumo"] and seen[0]["n"] == pause.shown + 1
        assert any(m["type"] == "prompt" and m["seat"] == 0 for m in seen)  # the dealer's turn
        assert 0 in actor.decisions

    with_hub(tmp_path, test, hand_pause_seconds=60.0)


def test_the_next_hand_is_dealt_after_the_pause_without_an_ok(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east,) = await seated_table(hub, 1)
        await end_first_hand(actor, 1)
        started = time.monotonic()
        assert actor.pause is not None
        await asyncio.sleep(0.5)
        assert actor.pause is not None and 0 not in actor.decisions  # still reading
        await until(lambda: actor.pause is None)
        assert 1.4 <= time.monotonic() - started < 10
        seen = drain(east)
        assert "start_kyoku" in types(seen) and any(m["type"] == "prompt" for m in seen)
        # no OK was pressed and no action played for the absent answer: the dealer decides now
        stored = await hub.db.call(hub.db.store.actions, actor.id)
        assert len(stored) == 3 and 0 in actor.decisions

    with_hub(tmp_path, test, hand_pause_seconds=1.5)


def test_a_table_of_bots_does_not_wait(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, _ = await seated_table(hub, 0)
        watcher = Connection(None)
        await actor.attach(watcher, 0)
        started = time.monotonic()
        await until(lambda: actor.status == "finished", timeout=120)
        assert time.monotonic() - started < 60  # several hands, each of which would pause 60 s
        seen = drain(watcher)
        assert sum(t == "end_kyoku" for t in types(seen)) >= 2 and "hand_pause" not in types(seen)

    with_hub(tmp_path, test, hand_pause_seconds=60.0)


def test_a_pause_of_zero_seconds_deals_at_once(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east,) = await seated_table(hub, 1)
        await end_first_hand(actor, 1)
        assert actor.pause is None and actor.visible == len(actor.log)
        seen = types(drain(east))
        assert "hand_pause" not in seen and seen[seen.index("end_kyoku") + 1] == "start_kyoku"
        assert 0 in actor.decisions  # the dealer's next turn is open at once

    with_hub(tmp_path, test, hand_pause_seconds=0.0)


def test_a_person_who_left_is_not_waited_for(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east, _south) = await seated_table(hub, 2)
        await end_first_hand(actor, 2)
        assert actor.pause is not None and actor.pause.seats == {0, 1}
        await actor.next_hand(0, {"type": "next_hand"})
        await actor.resign_or_leave(1)  # a bot plays his seat: the one left to wait for is gone
        assert actor.pause is None and "start_kyoku" in types(drain(east))

    with_hub(tmp_path, test, hand_pause_seconds=60.0)


def test_no_clock_runs_during_the_pause(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east,) = await seated_table(hub, 1, {"action_s": 2.0, "bank_s": 1.0})
        await end_first_hand(actor, 1)
        assert actor.pause is not None
        drain(east)
        # the pause (4 s) is longer than a decision with the whole bank (3 s): a clock running
        # meanwhile would have played for the dealer
        await until(lambda: actor.pause is None, timeout=30)
        seen = drain(east)
        clocks = [m for m in seen if m["type"] == "clock"]
        assert clocks and clocks[-1]["waiting"] == [0]
        prompt = next(m for m in seen if m["type"] == "prompt")
        assert prompt["bank"] == 1.0 and prompt["seconds"] > 2.5  # a whole decision and bank
        stored = await hub.db.call(hub.db.store.actions, actor.id)
        assert [a.by for a in stored if a.seat == 0] == ["player", "player"]
        assert actor.clock.banks == [1000] * 4

    with_hub(tmp_path, test, hand_pause_seconds=4.0)


def test_bad_and_repeated_acknowledgements_change_nothing(tmp_path: Path) -> None:
    async def test(hub: Hub) -> None:
        actor, (east, _south) = await seated_table(hub, 2)
        with pytest.raises(GameError, match="no hand end is waiting"):
            await actor.next_hand(0, {"type": "next_hand"})  # in the middle of a hand
        await end_first_hand(actor, 2)
        pause = actor.pause
        assert pause is not None
        drain(east)
        with pytest.raises(GameError, match="stale next_hand: it answers event 3"):
            await actor.next_hand(0, {"type": "next_hand", "n": 3})
        with pytest.raises(GameError, match="you play seat 0, not seat 1"):
            await actor.next_hand(0, {"type": "next_hand", "seat": 1})  # not for another seat
        with pytest.raises(GameError, match="the hand is over"):  # the dealt hand's turn
            await actor.act(0, {"type": "action", "action": {"type": "dahai", "actor": 0, "pai": "1m"}})
        assert pause.ready == set() and actor.pause is pause and drain(east) == []
        await actor.next_hand(0, {"type": "next_hand", "n": pause.shown})
        drain(east)
        await actor.next_hand(0, {"type": "next_hand", "n": pause.shown})  # again: nothing happens
        assert actor.pause is pause and pause.ready == {0} and drain(east) == []
        await actor.next_hand(1, {"type": "next_hand"})
        assert actor.pause is None
        with pytest.raises(GameError, match="no hand end is waiting"):  # too late: dealt
            await actor.next_hand(0, {"type": "next_hand", "n": pause.shown})

    with_hub(tmp_path, test, hand_pause_seconds=60.0)


def test_next_hand_over_the_websocket(tmp_path: Path) -> None:
    """Over the socket: an error answers a bad acknowledgement and the connection stays; a
    spectator gets the hand's end and the pause but cannot press OK; a renju game has no hands."""
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", hand_pause_seconds=60.0)
    with client_for(settings) as client:
        hub = client.app.state.hub
        create = functools.partial(hub.create_mahjong, walls=[WALL])
        actor = client.portal.call(create, None, "tenhou", {}, [OPEN, BOT, BOT, BOT], False, "ws", None)[0]
        alice = Player(client)
        assert alice.post(f"/api/games/{actor.id}/join", {}).json()["seat"] == 0
        watcher = browser(client)
        with (
            client.websocket_connect(f"/api/games/{actor.id}/ws") as ws,
            watcher.websocket_connect(f"/api/games/{actor.id}/ws") as watch,
        ):
            prompt = next_of(ws, "prompt")
            ws.send_text(json.dumps({"type": "next_hand"}))  # in the middle of the hand
            assert "no hand end is waiting" in next_of(ws, "error")["message"]
            for kind, pai in (("dahai", "N"), ("hora", None)):
                prompt = prompt if kind == "dahai" else next_of(ws, "prompt")
                action = next(
                    a for a in prompt["actions"] if a["type"] == kind and pai in (None, a.get("pai"))
                )
                ws.send_text(json.dumps({"type": "action", "action": action, "n": prompt["n"]}))
            pause = next_of(ws, "hand_pause")
            assert pause["seats"] == [0] and pause["ready"] == []
            for text, words in (
                (json.dumps({"type": "next_hand", "n": -1}), "next_hand: n must be"),
                (json.dumps({"type": "next_hand", "n": pause["n"] - 1}), "stale next_hand"),
            ):
                ws.send_text(text)
                assert words in next_of(ws, "error")["message"]
            assert next_of(watch, "hand_pause")["n"] == pause["n"]  # the spectator sees the countdown
            watch.send_text(json.dumps({"type": "next_hand", "n": pause["n"]}))
            assert "spectator acts for no seat" in next_of(watch, "error")["message"]
            assert actor.pause is not None and actor.pause.ready == set()
            ws.send_text(json.dumps({"type": "next_hand", "n": pause["n"]}))  # the connection stayed
            start = next_of(ws, "event")
            assert start["n"] == pause["n"] + 1 and start["event"]["type"] == "start_kyoku"
        renju = alice.post("/api/games/renju", {"opponent": {"kind": "ai", "level": "beginner"}}).json()
        with client.websocket_connect(f"/api/games/{renju['game']['id']}/ws") as ws:
            ws.send_text(json.dumps({"type": "next_hand"}))
            assert "a renju game has no hands" in next_of(ws, "error")["message"]


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` on a test WebSocket."""
    while (message := ws.receive_json())["type"] != kind:
        pass
    return dict(message)


def test_a_table_restored_during_the_pause_pauses_again(tmp_path: Path) -> None:
    """The pause is not stored: a restart during it (or before the next hand's first action) finds
    the last action ended a hand and pauses again, in full, nobody ready; the people come back to
    the results they were reading, and the next hand is the one the engine dealt."""

    async def run() -> None:
        settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", hand_pause_seconds=60.0)
        hub = Hub(settings)
        await hub.start()
        actor, _ = await seated_table(hub, 1)
        await end_first_hand(actor, 1)
        pause = actor.pause
        assert pause is not None
        before = [entry for entry in actor.log]
        game_id = actor.id
        await hub.stop()  # the process ends in the middle of the pause
        again = Hub(settings)
        await again.start()
        try:
            restored = again.actor(game_id)
            assert isinstance(restored, MahjongTable) and restored.status == "playing"
            assert restored.log == before
            assert restored.pause is not None and restored.pause.shown == pause.shown
            assert restored.pause.seats == {0} and restored.pause.ready == set()
            assert restored.decisions == {}
            back = Connection(0, actor.seats[0].user_id)
            await restored.attach(back, pause.shown - 2)  # the page reconnects with its last number
            seen = drain(back)
            assert types(seen) == ["hand_end", "end_kyoku", "hand_pause"]
            assert next(m for m in seen if m["type"] == "hello")["last"] == pause.shown
            assert 59 < next(m for m in seen if m["type"] == "hand_pause")["seconds"] <= 60
            await restored.next_hand(0, {"type": "next_hand", "n": pause.shown})
            seen = drain(back)
            assert types(seen)[:2] == ["start_kyoku", "tsumo"]
            assert seen[0]["event"] == restored.view(pause.shown + 1, 0) == actor.view(pause.shown + 1, 0)
        finally:
            await again.stop()

    asyncio.run(run())


def test_after_the_last_hand_nothing_waits(tmp_path: Path) -> None:
    """A person plays a whole East-only match, pressing OK at each pause: every hand end but the
    last is followed by a pause; the last goes straight to the match's end."""
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", hand_pause_seconds=60.0)
    with client_for(settings) as client:
        alice = Player(client)
        made = alice.table([{"kind": "me"}, BOT, BOT, BOT], seed="last", options={"length": "east"})
        game_id = made["game"]["id"]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            seen = types(play_until(ws))
    ends = [i for i, kind in enumerate(seen) if kind == "end_kyoku"]
    assert len(ends) >= 4  # East 1 to East 4 at least
    assert all(seen[i + 1] == "hand_pause" for i in ends[:-1])
    assert seen[ends[-1] + 1 :] == ["end_game", "match_end"]
