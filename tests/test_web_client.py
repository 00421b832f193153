"""The browser client end to end: a real ``taku serve`` process, the built client (tools/build_web.py)
and Debian's Chromium driven by Playwright. A guest plays renju against the AI (a forbidden point
marked and refused) and a mahjong hand against three bots; two browsers sit at one table and the
next hand waits for both to press Next hand; a reload
restores the table; the replay viewer steps through a finished game. Screenshots at phone and desktop
sizes go to docs/images/ (docs/play-in-browser.md shows them)."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from taku.renju import Position
from tests.web_helpers import (
    DESKTOP,
    PHONE,
    act_once,
    create_mahjong,
    new_page,
    play_until_hand_end,
    shoot,
    sign_in_as_guest,
)
from tests.web_helpers import browser_fixture as browser_fixture  # the fixture browser
from tests.web_helpers import server_fixture as server_fixture  # the fixture server

pytestmark = pytest.mark.slow


# --- renju ------------------------------------------------------------------------------------------


def board_stones(page: Any) -> dict[str, str]:
    found = page.eval_on_selector_all(
        "svg.board g.point",
        "gs => gs.filter(g => g.querySelector('.stone')).map(g => "
        "[g.dataset.point, g.querySelector('.stone').classList.contains('black') ? 'black' : 'white'])",
    )
    return {point: colour for point, colour in found}


def forbidden_marks(page: Any) -> dict[str, str]:
    found = page.eval_on_selector_all(
        "svg.board g.point",
        "gs => gs.filter(g => g.querySelector('.forbidden')).map(g => "
        "[g.dataset.point, g.querySelector('.forbidden').dataset.forbidden])",
    )
    return {point: reason for point, reason in found}


def near_points(moves: list[str]) -> list[str]:
    """The empty points within two lines of a stone (away from the corners the helpers use)."""
    taken = set(moves)
    cols = "abcdefghijklmno"
    found = set()
    for move in moves:
        c, r = cols.index(move[0]), int(move[1:])
        for dc in range(-2, 3):
            for dr in range(-2, 3):
                if 1 <= c + dc < 14 and 2 <= r + dr <= 14:
                    found.add(f"{cols[c + dc]}{r + dr}")
    return sorted(found - taken)


def next_black_move(moves: list[str], engine: Any) -> str:
    """A move after which at least two points are forbidden to Black (one white stone cannot block
    them all) if there is one; else the strong AI's move, unless it wins (the game must go on)."""
    position = Position(moves)
    forbidden = {str(p) for p in position.forbidden_points()}
    best: tuple[int, str] = (0, "")
    for point in near_points(moves):
        if point in forbidden:
            continue
        after = Position([*moves, point])
        if after.outcome() is not None:
            continue
        after.push("a1")
        count = len(after.forbidden_points())
        if count > best[0]:
            best = (count, point)
    if best[0] >= 2:
        return best[1]
    choice = str(engine.choose(position, 5.0))
    if Position([*moves, choice]).outcome() is None:
        return choice
    return next(
        p for p in near_points(moves) if p not in forbidden and Position([*moves, p]).outcome() is None
    )


def play_renju_until_forbidden(page: Any, seed: int) -> dict[str, str]:
    """Play Black by clicking until the page marks a point forbidden to Black; the marks (empty if
    the game ended first)."""
    from taku.bots.renju_ai import RenjuAI

    engine = RenjuAI("strong", seed=seed, max_nodes=1500)
    moves: list[str] = []
    for _ in range(60):
        marks = forbidden_marks(page)
        if marks or "wins" in page.inner_text("[data-testid=status]"):
            return marks
        point = "h8" if not moves else next_black_move(moves, engine)
        count = len(board_stones(page))
        page.click(f"g.point[data-point={point}]")
        page.wait_for_function(
            f"document.querySelectorAll('svg.board .stone').length >= {count + 2}"
            " || /wins|Draw/.test(document.querySelector('[data-testid=status]').textContent)"
        )
        page.wait_for_selector("text=/Your move|wins|Draw/")
        moves = page.inner_text(".moves").split()
    return {}


def test_renju_against_the_ai_marks_a_forbidden_point_and_refuses_it(server: str, browser: Any) -> None:
    page = new_page(browser, server)
    sign_in_as_guest(page, "kim")
    shoot(page, "lobby-desktop")
    page.set_viewport_size(PHONE)
    shoot(page, "lobby-phone")
    page.set_viewport_size(DESKTOP)
    marks: dict[str, str] = {}
    for game in range(3):  # the AI may win (or lose) before any point is forbidden: a new game
        page.goto(server)
        page.select_option("[data-testid=renju-level]", index=0)
        page.click("[data-testid=new-renju] summary")
        page.fill("[data-testid=new-renju] input[name=seed]", f"web-{game}")
        page.click("[data-testid=create-renju]")
        page.wait_for_selector("text=Your move")
        marks = play_renju_until_forbidden(page, game)
        if marks:
            break
    assert marks, "no point became forbidden to Black in three games"
    point, reason = next(iter(marks.items()))
    assert reason in ("double-three", "double-four", "overline")
    moves = page.inner_text(".moves").split()
    assert str(next(iter(Position(moves).forbidden_points()))) in marks  # the core agrees
    stones_before = board_stones(page)
    page.click(f"g.point[data-point={point}]")
    alert = page.wait_for_selector("[role=alert]")
    assert alert.inner_text() == f"{point} is forbidden to Black ({reason})"
    time.sleep(0.3)
    assert board_stones(page) == stones_before  # refused: nothing was played
    assert f"{point} ({reason})" in page.inner_text(".forbidden-list")
    page.check("text=Move numbers")
    shoot(page, "renju-desktop")
    page.set_viewport_size(PHONE)
    shoot(page, "renju-phone")
    page.context.close()


# --- mahjong ----------------------------------------------------------------------------------------


def table_signature(page: Any) -> dict[str, Any]:
    """What the table shows: hand, rivers, melds, centre, plates (reload must give the same)."""
    return dict(
        page.evaluate(
            """() => ({
            hand: [...document.querySelectorAll('.hand .tile')].map(t => t.dataset.tile),
            rivers: [...document.querySelectorAll('.river')].map(r => [...r.querySelectorAll('.tile')]
                .map(t => t.dataset.tile + (t.classList.contains('sideways') ? '*' : ''))),
            melds: [...document.querySelectorAll('.meld')]
                .map(m => [...m.querySelectorAll('.tile')].map(t => t.dataset.tile)),
            center: document.querySelector('[data-testid=center]').innerText,
            plates: [...document.querySelectorAll('.plate')].map(p => p.innerText),
            actions: [...document.querySelectorAll('.actions button.act')].map(b => b.dataset.action),
        })"""
        )
    )


def test_mahjong_against_three_bots_reload_and_hand_end(server: str, browser: Any) -> None:
    page = new_page(browser, server)
    sign_in_as_guest(page, "mika")
    create_mahjong(page, ["me", "bot", "bot", "bot"], "web-hand")
    page.wait_for_selector(".hand-tile.playable")
    # Keyboard play: the key shown under the drawn tile discards it.
    key = page.inner_text(".hand-tile.drawn kbd")
    drawn = page.get_attribute(".hand-tile.drawn", "data-tile")
    page.keyboard.press(key)
    page.wait_for_selector(f".river.bottom .tile[data-tile='{drawn}']")
    seen: list[str] = ["dahai"]
    # A few turns by clicking, then a reload in the middle of the hand restores the same table.
    while seen.count("dahai") < 6:
        if not act_once(page, seen):
            time.sleep(0.1)
        else:
            time.sleep(0.25)
        assert page.query_selector("[data-testid=hand-end]") is None or seen.count("dahai") >= 1
        if page.query_selector("[data-testid=hand-end]"):
            break
    if page.query_selector("[data-testid=hand-end]") is None:
        page.wait_for_selector(".hand-tile.playable")
        before = table_signature(page)
        assert len(before["hand"]) in (14, 11, 8, 5, 2)
        shoot(page, "mahjong-desktop")
        page.set_viewport_size(PHONE)
        shoot(page, "mahjong-phone")
        page.set_viewport_size(DESKTOP)
        page.reload()
        page.wait_for_selector(".hand-tile.playable")
        assert table_signature(page) == before
    play_until_hand_end([page], seen)
    end = page.inner_text("[data-testid=hand-end]")
    assert re.search(r"\d+ han \d+ fu|draw", end), end
    for name in page.evaluate("() => [...document.querySelectorAll('.plate .name')].map(n => n.innerText)"):
        assert name.split(" ")[0] in end or name.startswith("taku")
    shoot(page, "hand-end-desktop")
    page.set_viewport_size(PHONE)
    shoot(page, "hand-end-phone")
    page.click("[data-testid=hand-end] button")  # OK: the next hand is dealt and the screen closes
    page.wait_for_selector("[data-testid=hand-end]", state="detached", timeout=5000)
    page.context.close()


NEXT_HAND_DEALT = """() => {
    const centre = document.querySelector('[data-testid=center]').innerText;
    return !centre.startsWith('East 1') || centre.includes('honba');
}"""


def test_two_browsers_at_one_table_play_a_hand(server: str, browser: Any) -> None:
    host = new_page(browser, server)
    sign_in_as_guest(host, "ren")
    game = create_mahjong(host, ["me", "open", "bot", "bot"], "web-two")
    host.wait_for_selector("text=Waiting for players")
    guest = new_page(browser, server, PHONE)
    sign_in_as_guest(guest, "sora")
    guest.click(f"tr[data-game='{game}'] a.button")  # the lobby lists the open table
    guest.click("text=Take a seat")
    for page in (host, guest):
        page.wait_for_selector(".hand .tile")
    # the table message naming the new player may follow the first events by a moment
    guest.wait_for_selector(".plate .name:has-text('ren')", timeout=5000)
    host.wait_for_selector(".plate .name:has-text('sora')", timeout=5000)
    seen: list[str] = []
    play_until_hand_end([host, guest], seen)
    assert host.inner_text("[data-testid=hand-end] table.deltas") == guest.inner_text(
        "[data-testid=hand-end] table.deltas"
    )
    # the next hand waits for both: the host's OK leaves him waiting for the guest, whose OK deals
    host.click("[data-testid=hand-ok]")
    note = host.wait_for_selector("[data-testid=pause-note]").inner_text()
    assert note.startswith("Waiting for sora: next hand in"), note
    assert guest.query_selector("[data-testid=hand-ok]") is not None
    guest.click("[data-testid=hand-ok]")
    for page in (host, guest):
        page.wait_for_selector("[data-testid=hand-end]", state="detached")
        # the next hand: East 2, or East 1 again with a counter
        page.wait_for_function(NEXT_HAND_DEALT)
    for page in (host, guest):
        page.context.close()


def test_replay_viewer_steps_through_finished_games(server: str, browser: Any) -> None:
    page = new_page(browser, server)
    sign_in_as_guest(page, "yuki")
    # A mahjong table of four bots (the creator watches), played to its end.
    game = create_mahjong(page, ["bot", "bot", "bot", "bot"], "web-replay")
    page.wait_for_selector("[data-testid=match-end]", timeout=240_000)
    page.click("text=Watch the replay")
    page.wait_for_selector("[data-testid=replay-bar]")
    total = int(page.inner_text("[data-testid=replay-position]").split("/")[1])
    assert total > 100
    page.click("[data-testid=replay-start]")
    assert page.inner_text("[data-testid=replay-position]") == f"0 / {total}"
    page.click("[data-testid=next-hand]")
    page.click("[data-testid=next-turn]")
    position = int(page.inner_text("[data-testid=replay-position]").split("/")[0])
    assert 0 < position < total
    # Every hand is visible in a replay: the other seats' concealed tiles are faces, not backs.
    faces = page.eval_on_selector_all(".open-hand .tile", "ts => ts.map(t => t.dataset.tile)")
    assert len(faces) >= 39 and "?" not in faces
    page.click("[data-testid=next-event]")
    assert page.inner_text("[data-testid=replay-position]").startswith(f"{position + 1} /")
    assert page.get_attribute("a[href$='/record/mjai']", "href") == f"/api/games/{game}/record/mjai"
    mjai = httpx.get(f"{server}/api/games/{game}/record/mjai")  # a public game's record
    assert mjai.status_code == 200 and '"start_game"' in mjai.text
    page.keyboard.press("End")  # the last events: hand_end, end_kyoku, end_game, match_end
    # the match's result stands under the table, the replay bar still usable
    assert "Match over" in page.wait_for_selector("[data-testid=match-end]").inner_text()
    page.click("[data-testid=replay-start]", timeout=5000)
    assert page.inner_text("[data-testid=replay-position]") == f"0 / {total}"
    page.keyboard.press("End")
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector("[data-testid=hand-end]")
    shoot(page, "replay-desktop")
    page.context.close()
