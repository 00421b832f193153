"""Renju games on the server: the opening rule's steps asked of the seats, Black's forbidden points
with each position, moves, draw offers, resignation, takeback against the AI, the Fischer clock,
records (PSQ, SGF); the games over the WebSocket on SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from taku.formats.renju.psq import read_psq
from taku.formats.renju.sgf import read_sgf
from taku.renju.points import parse_moves
from taku.server.hub import Hub
from taku.server.tables import Connection
from tests.renju_helpers import forbidden_only_moves
from tests.server_helpers import (
    Player,
    TestClient,
    browser,
    client_for,
    database,
    fast_settings,
    renju_game_losing_on_time,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as url, client_for(fast_settings(url, ai_max_nodes=3000)) as c:
        yield c


def until(ws: Any, predicate: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if predicate(message):
            return dict(message)


def state(ws: Any) -> dict[str, Any]:
    return until(ws, lambda m: m["type"] == "state")


def act(ws: Any, **action: Any) -> None:
    ws.send_text(json.dumps({"type": "action", "action": action}))


def person_game(client: TestClient, options: dict[str, Any] | None = None) -> tuple[str, TestClient]:
    """A renju game between two people: alice (Black) makes it with ``options``, bob joins it from
    another browser. The game's id and bob's client."""
    body: dict[str, Any] = {"opponent": {"kind": "person"}}
    if options is not None:
        body["options"] = options
    made = Player(client, "alice").post("/api/games/renju", body)
    assert made.status_code == 201, made.text
    game_id: str = made.json()["game"]["id"]
    other = browser(client)
    Player(other, "bob").post(f"/api/games/{game_id}/join", {})
    return game_id, other


def test_rj_forbidden_points_sent_and_a_forbidden_move_refused(client: TestClient) -> None:
    """RJ-09: the double-three at i8 (h8 a1 j8 a3 i7 a5 i9 a7) comes with the position; under
    forbidden_move=reject the move is refused and nothing changes."""
    game_id, other = person_game(client, {"forbidden_move": "reject"})
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as black,
        other.websocket_connect(f"/api/games/{game_id}/ws") as white,
    ):
        assert state(black)["to_act"] == 0
        state(white)
        for i, point in enumerate(["h8", "a1", "j8", "a3", "i7", "a5", "i9", "a7"]):
            act(black if i % 2 == 0 else white, type="move", point=point)
            now = state(black)
            state(white)
        assert now["forbidden"] == {"i8": "double-three"} and now["turn"] == "black"
        act(white, type="move", point="b1")
        assert "not your turn" in until(white, lambda m: m["type"] == "error")["message"]
        act(black, type="move", point="i8")
        assert "forbidden" in until(black, lambda m: m["type"] == "error")["message"]
        act(black, type="move", point="zz99")
        assert until(black, lambda m: m["type"] == "error")["type"] == "error"
        act(black, type="takeback")
        assert "only against the AI" in until(black, lambda m: m["type"] == "error")["message"]
        act(black, type="draw_offer")
        assert state(white)["draw_offer"] == 0
        act(white, type="draw_decline")
        assert state(black)["draw_offer"] == 0  # his own offer
        assert state(black)["draw_offer"] is None  # declined
        act(black, type="move", point="o15")
        act(white, type="draw_offer")
        act(black, type="draw_accept")
        final = until(black, lambda m: m["type"] == "state" and m["outcome"])
        assert final["outcome"] == {
            "result": "1/2-1/2",
            "winner": None,
            "reason": "draw agreed",
            "foul": None,
        }
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["result"]["reason"] == "draw agreed"
    psq = client.get(f"/api/games/{game_id}/record/psq")
    assert psq.status_code == 200
    record = read_psq(psq.text)
    assert record.move_string(" ") == "h8 a1 j8 a3 i7 a5 i9 a7 o15"
    sgf = read_sgf(client.get(f"/api/games/{game_id}/record/sgf").text)
    assert sgf.move_string() == record.move_string()
    assert sgf.result == "1/2-1/2" and (sgf.black, sgf.white) == ("alice", "bob")
    assert client.get(f"/api/games/{game_id}/record/mjai").status_code == 409


def test_rj_black_loses_on_a_forbidden_move_by_default(client: TestClient) -> None:
    game_id, other = person_game(client)
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as black,
        other.websocket_connect(f"/api/games/{game_id}/ws") as white,
    ):
        for i, point in enumerate(["h8", "a1", "j8", "a3", "i7", "a5", "i9", "a7", "i8"]):
            act(black if i % 2 == 0 else white, type="move", point=point)
        end = until(white, lambda m: m["type"] == "event" and m["event"]["type"] == "end")["event"]
    assert end["result"] == "0-1" and end["reason"] == "forbidden" and end["foul"] == "double-three"


def test_rif_opening_against_the_ai_takeback_and_resign(client: TestClient) -> None:
    alice = Player(client, "alice")
    made = alice.post(
        "/api/games/renju",
        {"opening": "rif", "opponent": {"kind": "ai", "level": "beginner"}, "color": "black"},
    )
    game_id = made.json()["game"]["id"]
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        first = state(ws)
        assert first["to_act"] == 0 and first["accepts"] == ["place"] and "centre" in first["phase"]
        act(ws, type="opening", action="place h8 h9 h12")
        assert "within the central 5x5 square" in until(ws, lambda m: m["type"] == "error")["message"]
        act(ws, type="opening", action="place h8 h9 h10")
        # The AI (White) judges Kansei better for Black and swaps: alice now holds White and places
        # the 4th stone.
        now = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 0 and m["accepts"] == ["place"])
        assert now["colors"] == ["white", "black"] and len(now["stones"]) == 3
        act(ws, type="opening", action="place h8")
        assert "taken" in until(ws, lambda m: m["type"] == "error")["message"]
        act(ws, type="opening", action="place j11")
        # The AI (Black) offers two fifth moves; alice selects one, then plays the 6th stone.
        now = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 0 and m["accepts"] == ["select"])
        assert len(now["stones"]) == 4 and len(now["offers"]) == 2
        act(ws, type="opening", action=f"select {now['offers'][0]}")
        now = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 0 and m["accepts"] == ["move"])
        assert len(now["stones"]) == 5 and now["colors"] == ["white", "black"]
        act(ws, type="move", point="f5")
        after = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 0 and len(m["moves"]) == 2)
        act(ws, type="takeback")
        back = until(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "takeback")["event"]
        assert back["points"][1] == "f5" and len(back["points"]) == 2
        now = state(ws)
        assert now["moves"] == after["moves"][:0] and now["to_act"] == 0
        act(ws, type="resign")
        end = until(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "end")["event"]
    assert end == {"type": "end", "result": "1-0", "winner": 1, "reason": "resignation", "foul": None}
    record = read_psq(client.get(f"/api/games/{game_id}/record/psq").text)
    assert record.moves[:3] == tuple(record.moves[:3]) and str(record.moves[2]) == "h10"


def test_ai_plays_a_whole_game_and_a_flag_falls(tmp_path: Path) -> None:
    async def scenario() -> None:
        hub = Hub(fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", ai_max_nodes=2000))
        await hub.start()
        try:
            # a game the person never moves in: its clock runs out
            game = await renju_game_losing_on_time(hub, "dora")
            watcher = Connection(None)
            await game.attach(watcher, 0)
            for _ in range(200):
                if game.status == "finished":
                    break
                await asyncio.sleep(0.05)
            assert game.result == {"result": "1-0", "winner": 0, "reason": "time", "foul": None}
            actions = await hub.db.call(hub.db.store.actions, game.id)
            assert actions[0].data == {"type": "move", "point": "h8"} and actions[-1].data == {"type": "flag"}
        finally:
            await hub.stop()

    asyncio.run(scenario())


def test_bad_renju_games_are_refused(client: TestClient) -> None:
    alice = Player(client, "alice")
    for body, words in [
        ({"opponent": {"kind": "ai", "level": "godlike"}}, "unknown AI level"),
        ({"opponent": {"kind": "brain", "name": "rapfi"}}, "unknown brain"),
        ({"opponent": {"kind": "person"}, "opening": "nosuch"}, "unknown opening rule"),
        ({"opponent": {"kind": "person"}, "rules": "chess"}, "unknown rule set"),
        ({"opponent": {"kind": "person"}, "options": {"move_limit": "many"}}, "move_limit"),
        ({"opponent": {"kind": "person"}, "clock": {"initial_s": 1}}, "initial_s"),
        ({"opponent": {"kind": "robot"}}, "opponent.kind"),
    ]:
        reply = alice.post("/api/games/renju", body)
        assert 400 <= reply.status_code < 500 and words in reply.json()["error"], (body, reply.text)


def test_a_configured_gomocup_brain_plays_against_a_person(tmp_path: Path) -> None:
    """The operator names a brain (here pbrain-taku); a user chooses it by name, never by command."""
    import sys

    brains = {"taku-brain": (sys.executable, "-m", "taku.cli.pbrain", "--level", "beginner")}
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", brains=brains)
    with client_for(settings) as client:
        alice = Player(client, "alice")
        assert client.get("/api/options").json()["renju"]["brains"] == ["taku-brain"]
        refused = alice.post(
            "/api/games/renju", {"opponent": {"kind": "brain", "name": "taku-brain"}, "opening": "rif"}
        )
        assert refused.status_code == 400 and "free-opening" in refused.json()["error"]
        made = alice.post(
            "/api/games/renju", {"opponent": {"kind": "brain", "name": "taku-brain"}, "color": "white"}
        )
        game_id = made.json()["game"]["id"]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            first = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 1)
            assert first["moves"] == ["h8"]  # the brain (black) opened
            act(ws, type="move", point="h9")
            reply = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 1)
            assert len(reply["moves"]) == 3
            act(ws, type="resign")
            until(ws, lambda m: m["type"] == "event" and m["event"]["type"] == "end")
        stored = client.app.state.hub.db.store.actions(game_id)
        assert [a.by for a in stored[:3]] == ["bot", "player", "bot"]


def test_the_ai_thinks_in_a_worker_process(tmp_path: Path) -> None:
    settings = fast_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}", ai_processes=1, ai_max_nodes=2000)
    with client_for(settings) as client:
        alice = Player(client, "alice")
        made = alice.post(
            "/api/games/renju",
            {"opponent": {"kind": "ai", "level": "easy"}, "color": "white", "opening": "yamaguchi"},
        )
        game_id = made.json()["game"]["id"]
        with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
            first = until(ws, lambda m: m["type"] == "state" and m["to_act"] == 1)
            assert len(first["stones"]) == 3 and first["accepts"] == ["swap"]  # the AI placed an opening
        from concurrent.futures import ProcessPoolExecutor

        assert isinstance(client.app.state.hub.services.ai, ProcessPoolExecutor)


def test_rj15_the_ai_passes_when_black_has_only_forbidden_points() -> None:
    """The server's AI turn (``ai_decide``, as its worker runs it): Black with every empty point an
    overline passes where the rules allow it; without passes it makes the forced foul."""
    from taku.server.renju_game import ai_decide, renju_config

    moves = [str(p) for p in parse_moves(forbidden_only_moves())]
    config = renju_config("renju", {}, "none", None)
    assert ai_decide(config, [], moves, "medium", 1, 2_000, 1.0, "white") == "pass"
    no_pass = renju_config("renju", {"passes_allowed": False}, "none", None)
    assert ai_decide(no_pass, [], moves, "medium", 1, 2_000, 1.0, "white") == "e4"


def test_rj15_a_pass_is_a_move_and_two_passes_or_a_full_board_draw(tmp_path: Path) -> None:
    """Over the WebSocket: a person may pass where the rules allow it (a ``move`` to ``pass``); Black
    with only forbidden points passes, White fills the board and the game is a draw."""
    moves = [str(p) for p in parse_moves(forbidden_only_moves())]
    with database("sqlite", tmp_path) as url, client_for(fast_settings(url)) as client:
        game_id, other = person_game(client)
        with (
            client.websocket_connect(f"/api/games/{game_id}/ws") as black,
            other.websocket_connect(f"/api/games/{game_id}/ws") as white,
        ):
            for i, point in enumerate(moves):
                act(black if i % 2 == 0 else white, type="move", point=point)
            now = until(black, lambda m: m["type"] == "state" and len(m["moves"]) == len(moves))
            assert now["turn"] == "black" and set(now["forbidden"]) == {"e4", "j8", "e12"}
            assert now["passes"] is True
            for side, point in ((black, "pass"), (white, "e4"), (black, "pass"), (white, "j8"),
                                (black, "pass"), (white, "e12")):
                act(side, type="move", point=point)
            end = until(black, lambda m: m["type"] == "event" and m["event"]["type"] == "end")["event"]
        sgf = read_sgf(client.get(f"/api/games/{game_id}/record/sgf").text)
        psq = client.get(f"/api/games/{game_id}/record/psq")
    assert (end["result"], end["reason"]) == ("1/2-1/2", "full board")
    assert sgf.move_string().count("pass") == 3 and sgf.result == "1/2-1/2"
    assert psq.status_code == 400 and "PSQ cannot hold" in psq.json()["error"]  # a clear refusal


def test_a_pass_is_refused_where_the_rules_allow_none(tmp_path: Path) -> None:
    with database("sqlite", tmp_path) as url, client_for(fast_settings(url)) as client:
        game_id, _ = person_game(client, {"passes_allowed": False})
        with client.websocket_connect(f"/api/games/{game_id}/ws") as black:
            assert state(black)["passes"] is False
            act(black, type="move", point="pass")
            assert "cannot pass" in until(black, lambda m: m["type"] == "error")["message"]
