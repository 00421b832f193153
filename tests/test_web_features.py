"""More of the browser client end to end (a real ``taku serve``, Debian's Chromium, Playwright):
registering, logging out and in; a private table reached by its invite link, where each page shows
the other seats' clocks; the renju opening steps as prompts (RIF: place, swap, offer fifth moves,
select; Swap2: choose the colour) and a draw offer declined then agreed; a takeback against the
AI; freestyle gomoku on a 20x20 board against the AI; the Pass button; the beginner help's furiten
for a winning tile let go after riichi and since the last discard; an open riichi hand shown to a
watcher; long names cut short in the layout at phone size.
Screenshots go to docs/images/."""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from taku.mahjong.rules import Rules
from taku.mahjong.shanten import shanten, waits
from taku.mahjong.tiles import kind_to_str, parse_kinds, parse_tiles, tiles_to_str
from taku.mahjong.wall import wall_from_parts
from tests.server_helpers import FURITEN_EAST, FURITEN_WALL
from tests.web_helpers import (
    DESKTOP,
    PHONE,
    InProcessServer,
    create_mahjong,
    new_page,
    open_mahjong_table,
    shoot,
    sign_in_as_guest,
    web_server_in_process,
)
from tests.web_helpers import browser_fixture as browser_fixture  # the fixture browser
from tests.web_helpers import server_fixture as server_fixture  # the fixture server

pytestmark = pytest.mark.slow


def header(page: Any) -> str:
    return str(page.inner_text("header .who"))


# --- players and private tables -----------------------------------------------------------------------


def test_register_log_out_and_log_in_again(server: str, browser: Any) -> None:
    page = new_page(browser, server)
    page.fill("input[name=name]", "Hanako")
    page.fill("input[name=password]", "correct horse")
    page.click("form.sign-in button:has-text('Register')")
    page.wait_for_selector("[data-testid=new-mahjong]")
    assert header(page).startswith("Hanako") and "guest" not in header(page)
    page.click("header button:has-text('log out')")
    page.wait_for_selector("text=Play as a guest")
    assert "Hanako" not in header(page)
    # the name is taken now: registering it again is refused with a message
    page.fill("input[name=name]", "hanako")
    page.fill("input[name=password]", "another one")
    page.click("form.sign-in button:has-text('Register')")
    assert page.wait_for_selector("form.sign-in [role=alert]").inner_text()
    # a wrong password is refused, the right one logs in (the session survives a reload)
    page.fill("input[name=name]", "Hanako")
    page.fill("input[name=password]", "wrong password")
    page.click("form.sign-in button:has-text('Log in')")
    page.wait_for_function(
        "document.querySelector('form.sign-in [role=alert]')?.textContent.includes('password')"
    )
    assert "Hanako" not in header(page)
    page.fill("input[name=password]", "correct horse")
    page.click("form.sign-in button:has-text('Log in')")
    page.wait_for_selector("[data-testid=new-mahjong]")
    page.reload()
    page.wait_for_selector("[data-testid=new-mahjong]")
    assert header(page).startswith("Hanako") and "guest" not in header(page)
    page.context.close()


def seat_clock(page: Any, seat: int) -> str:
    return str(page.inner_text(f".plate[data-seat='{seat}']"))


def test_private_table_by_invite_link_and_every_seats_clock(server: str, browser: Any) -> None:
    host = new_page(browser, server)
    sign_in_as_guest(host, "Aki")
    game = create_mahjong(host, ["me", "open", "bot", "bot"], "web-private", private=True)
    waiting = host.wait_for_selector("text=Waiting for players").inner_text()
    assert waiting == "Waiting for players: East: Aki · South: open · West: taku (bot) · North: taku (bot)"
    link = host.input_value(".invite input")
    assert re.fullmatch(rf"{re.escape(server)}/#/game/{game}\?invite=[A-Za-z0-9_-]+", link), link
    # without the invite the table is neither listed nor open to others
    stranger = new_page(browser, server)
    sign_in_as_guest(stranger, "Eve")
    assert stranger.query_selector(f"tr[data-game='{game}']") is None
    stranger.goto(f"{server}/#/game/{game}")
    assert "no game" in stranger.wait_for_selector("main p.error").inner_text()
    stranger.context.close()
    # the invite link seats a friend
    friend = new_page(browser, server, PHONE)
    sign_in_as_guest(friend, "Mio")
    friend.goto(link)
    friend.click("text=Take a seat")
    for page in (host, friend):
        page.wait_for_selector(".hand .tile")
    host.wait_for_selector(".plate .name:has-text('Mio')", timeout=5000)
    friend.wait_for_selector(".plate .name:has-text('Aki')", timeout=5000)
    # Each page shows the other person's clock: his bank, and his decision's time running when he
    # must decide. The host (East) discards first, then the friend draws and decides.
    friend.wait_for_selector(".plate[data-seat='0'] .clock.running")  # the host is deciding
    host.wait_for_selector(".hand-tile.playable.drawn")
    host.click(".hand-tile.playable.drawn")
    running = host.wait_for_selector(".plate[data-seat='1'] .clock.running", timeout=30_000)
    seconds = running.inner_text()
    minutes, _, rest = seconds.partition(":")
    assert 0 < (int(minutes) * 60 + int(rest) if rest else float(minutes)) <= 120, seconds
    assert host.query_selector(".plate[data-seat='2'] .clock, .plate[data-seat='2'] .bank") is None  # a bot
    # the host is not deciding now: the friend's page shows his bank (1:00, unspent)
    friend.wait_for_selector(".plate[data-seat='0'] .bank")
    assert re.fullmatch(r"[01]:\d\d", friend.inner_text(".plate[data-seat='0'] .bank"))
    shoot(host, "mahjong-clocks-desktop")
    shoot(friend, "mahjong-clocks-phone")
    for page in (host, friend):
        page.context.close()


# --- renju ------------------------------------------------------------------------------------------


def create_renju(page: Any, opening: str, opponent: str = "person", level: int = 0) -> str:
    page.select_option("[data-testid=new-renju] label:has-text('Opening') select", opening)
    page.select_option("[data-testid=renju-opponent]", opponent)
    if opponent == "ai":
        page.select_option("[data-testid=renju-level]", index=level)
    page.click("[data-testid=create-renju]")
    page.wait_for_selector(".renju, .waiting-room")
    match = re.search(r"#/game/([A-Za-z0-9_-]+)", page.url)
    assert match, page.url
    return match.group(1)


def to_act(pages: list[Any], wanted: str) -> Any:
    """The page whose status says it must act, once its status contains ``wanted``."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for page in pages:
            status = page.inner_text("[data-testid=status]")
            if status.startswith("Your") and wanted in status:
                return page
        time.sleep(0.1)
    statuses = [p.inner_text("[data-testid=status]") for p in pages]
    raise AssertionError(f"nobody is asked to {wanted!r}: {statuses}")


def click_points(page: Any, points: list[str]) -> None:
    for point in points:
        page.click(f"g.point[data-point={point}]")


def stones(page: Any) -> dict[str, str]:
    found = page.eval_on_selector_all(
        "svg.board g.point",
        "gs => gs.filter(g => g.querySelector('.stone')).map(g => "
        "[g.dataset.point, g.querySelector('.stone').classList.contains('black') ? 'black' : 'white'])",
    )
    return {point: colour for point, colour in found}


def two_players(server: str, browser: Any, opening: str) -> tuple[Any, Any]:
    host = new_page(browser, server)
    sign_in_as_guest(host, "Sai")
    game = create_renju(host, opening)
    guest = new_page(browser, server)
    sign_in_as_guest(guest, "Rin")
    guest.goto(f"{server}/#/game/{game}")
    guest.click("text=Take a seat")
    for page in (host, guest):
        page.wait_for_selector("[data-testid=status]")
    return host, guest


def test_renju_rif_opening_steps_then_a_draw_offer(server: str, browser: Any) -> None:
    host, guest = two_players(server, browser, "rif")
    pages = [host, guest]
    first = to_act(pages, "must place black stone 1")
    assert first is host
    click_points(first, ["h8", "h9", "j10"])
    assert first.inner_text(".prompt b") == "h8 h9 j10"
    first.click(".prompt button:has-text('Place')")
    second = to_act(pages, "swap colours or keep them")
    assert second is guest and stones(second) == {"h8": "black", "h9": "white", "j10": "black"}
    second.click("button:has-text('Swap colours')")
    # after the swap the first player holds White and places stone 4
    white = to_act(pages, "white stone 4")
    assert white is host
    click_points(white, ["g7"])
    white.click(".prompt button:has-text('Place')")
    black = to_act(pages, "offer 2 fifth moves")
    assert black is guest
    click_points(black, ["f12", "l4"])
    shoot(black, "renju-opening-offer-desktop")
    black.click(".prompt button:has-text('Offer')")
    chooser = to_act(pages, "select")
    assert chooser is host
    assert chooser.query_selector_all("g.point .offer, g.point [data-mark=offer]") or chooser.inner_text(
        ".prompt"
    ).startswith("Click one of the offered")
    chooser.click("g.point[data-point=f12]")
    # the opening is over: five stones, the offer not kept is gone, White (the host) to move
    mover = to_act(pages, "Your move")
    assert mover is host and "white" in mover.inner_text("[data-testid=status]")
    assert stones(host) == {"h8": "black", "h9": "white", "j10": "black", "g7": "white", "f12": "black"}
    # a draw offer: declined, then offered the other way and accepted
    host.click("button:has-text('Offer draw')")
    guest.wait_for_selector("text=Your opponent offers a draw.")
    guest.click(".prompt button:has-text('Decline')")
    guest.wait_for_selector("text=Your opponent offers a draw.", state="detached")
    assert "Draw" not in host.inner_text("[data-testid=status]")
    guest.click("button:has-text('Offer draw')")
    host.wait_for_selector("text=Your opponent offers a draw.")
    host.click(".prompt button:has-text('Accept')")
    for page in pages:
        page.wait_for_function(
            "document.querySelector('[data-testid=status]').textContent.startsWith('Draw')"
        )
    assert "draw agreed" in host.inner_text("[data-testid=status]")
    for page in pages:
        page.context.close()


def test_renju_swap2_lets_the_first_player_choose_the_colour(server: str, browser: Any) -> None:
    host, guest = two_players(server, browser, "swap2")
    pages = [host, guest]
    first = to_act(pages, "place black stone 1 anywhere")
    click_points(first, ["h8", "h9", "j10"])
    first.click(".prompt button:has-text('Place')")
    second = to_act(pages, "choose a colour or place")
    assert second is guest
    assert second.query_selector("button:has-text('Play black')") and second.query_selector(
        "button:has-text('Play white')"
    )
    click_points(second, ["g9", "i9"])  # two more stones: white 4, black 5
    second.click(".prompt button:has-text('Place')")
    # the guest's own prompt ("choose a colour or place ...") stays until the server's answer
    second.wait_for_function("!document.querySelector('[data-testid=status]').innerText.startsWith('Your')")
    chooser = to_act(pages, "choose a colour")
    assert chooser is host
    shoot(chooser, "renju-opening-choose-desktop")
    chooser.click("button:has-text('Play white')")
    mover = to_act(pages, "Your move")
    assert mover is host and "(white)" in mover.inner_text("[data-testid=status]")
    assert host.get_attribute(".player:has(.name:has-text('(you)')) .swatch", "class").split()[-1] == "white"
    assert stones(guest) == {"h8": "black", "h9": "white", "j10": "black", "g9": "white", "i9": "black"}
    for page in pages:
        page.context.close()


def test_takeback_against_the_ai(server: str, browser: Any) -> None:
    page = new_page(browser, server)
    sign_in_as_guest(page, "Ken")
    create_renju(page, "none", opponent="ai")
    page.wait_for_selector("text=Your move")
    assert page.query_selector("button:has-text('Takeback')") is None  # nothing to take back yet
    page.click("g.point[data-point=h8]")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 2")
    page.wait_for_selector("text=Your move")
    reply = next(p for p, c in stones(page).items() if c == "white")
    page.click("button:has-text('Takeback')")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 0")
    page.wait_for_selector("text=Your move")
    assert page.inner_text(".moves").strip() == ""
    # play on: the game goes on from the empty board
    page.click("g.point[data-point=h8]")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 2")
    assert "h8" in stones(page) and reply  # the AI answered again
    page.context.close()


def test_gomoku_freestyle_on_a_20x20_board_against_the_ai(server: str, browser: Any) -> None:
    """The lobby's Board choice makes an even board (Gomocup's freestyle league plays 20x20): its
    coordinates run a..t and 1..20, it has the four corner star points and no centre point, and the
    AI answers a move on it."""
    page = new_page(browser, server)
    sign_in_as_guest(page, "Mei")
    page.select_option("[data-testid=new-renju] label:has-text('Rules') select", "gomoku_freestyle")
    page.select_option("[data-testid=renju-size]", "20")
    create_renju(page, "none", opponent="ai")
    page.wait_for_selector("text=Your move")
    assert page.get_attribute("svg.board", "aria-label") == "renju board 20x20"
    points = page.eval_on_selector_all("svg.board g.point", "gs => gs.map(g => g.dataset.point)")
    assert len(points) == 400 and {"a1", "t1", "a20", "t20", "j10", "k11"} <= set(points)
    labels = page.eval_on_selector_all("svg.board .coords text", "ts => ts.map(t => t.textContent)")
    assert labels[0::2] == list("abcdefghijklmnopqrst") and labels[1::2] == [str(n) for n in range(1, 21)]
    # Star points: the four at the fourth line from each edge, none in the middle (an even board has
    # no centre point); read from where each star lies against the grid points' squares.
    stars = page.eval_on_selector_all(
        "svg.board circle.star",
        "cs => cs.map(c => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))])")
    near = page.eval_on_selector_all(
        "svg.board g.point", "gs => gs.map(g => { const r = g.querySelector('rect'); "
        "return [g.dataset.point, Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2, "
        "Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2]; })")
    at = {(x, y): point for point, x, y in near}
    assert sorted(at[(x, y)] for x, y in stars) == ["d17", "d4", "q17", "q4"]
    page.click("g.point[data-point=k10]")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 2")
    page.wait_for_selector("text=Your move")
    placed = stones(page)
    assert placed.pop("k10") == "black" and list(placed.values()) == ["white"]
    assert next(iter(placed)) in points  # the AI's answer, on the 20x20 board
    assert page.query_selector(".forbidden") is None  # freestyle: Black has no forbidden points
    shoot(page, "gomoku-20x20-desktop")
    page.context.close()


def test_the_pass_button_passes_and_the_ai_plays_on(server: str, browser: Any) -> None:
    """RJ-15: where the rules allow it the page offers **Pass** (after a confirmation); the pass is a
    move in the list and the AI, which has points to play, answers with a stone."""
    page = new_page(browser, server)
    sign_in_as_guest(page, "Noa")
    create_renju(page, "none", opponent="ai")
    page.wait_for_selector("text=Your move")
    page.click("g.point[data-point=h8]")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 2")
    page.wait_for_selector("text=Your move")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-testid=pass]")
    page.wait_for_function("document.querySelectorAll('svg.board .stone').length === 3")
    page.wait_for_selector("text=Your move")
    moves = page.inner_text(".moves").split()
    assert len(moves) == 4 and moves[0] == "h8" and moves[2] == "pass" and moves[3] != "pass"
    assert list(stones(page).values()).count("black") == 1
    page.context.close()


# --- the beginner help's furiten and open riichi: one dealt situation ---------------------------------

EAST = FURITEN_EAST
"""East's deal in :data:`FURITEN_WALL` (tests/server_helpers.py)."""

TSUMOGIRI_BOTS = [{"kind": "open"}, *[{"kind": "bot", "name": "tsumogiri"}] * 3]


def test_the_furiten_wall_deals_a_fixed_situation() -> None:
    # East is tenpai on 5s-8s; no other hand can ever win by its own tiles
    assert [kind_to_str(k) for k in waits(parse_kinds(EAST))] == ["5s", "8s"]
    for seat in (1, 2, 3):
        assert shanten(parse_kinds(tiles_to_str(FURITEN_WALL.hand(seat)))) >= 2, seat


@pytest.fixture(scope="module")
def patient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    """A server in this process (its hub deals chosen walls) that never plays for a person."""
    with web_server_in_process(tmp_path_factory.mktemp("web-patient")) as started:
        yield started


def sit_at_fixed_table(
    server: InProcessServer, browser: Any, name: str, options: dict[str, Any] | None = None
) -> tuple[Any, str]:
    """A page seated as East at a new table dealing :data:`FURITEN_WALL`, its beginner help on; the
    page and the table's id."""
    game = open_mahjong_table(server, TSUMOGIRI_BOTS, [FURITEN_WALL], options)
    page = new_page(browser, server.url)
    sign_in_as_guest(page, name)
    page.goto(f"{server.url}/#/game/{game}")
    page.click("text=Take a seat")
    page.wait_for_selector(".hand-tile.playable.drawn[data-tile=N]")
    if not page.is_checked("text=help (waits)"):
        page.check("text=help (waits)")
    return page, game


def waits_help(page: Any) -> dict[str, Any]:
    """What the page shows about East's waits."""
    tiles = "(selector) => [...document.querySelectorAll(selector)].map((t) => t.dataset.tile.slice(0, 2))"
    snapshot: dict[str, Any] = page.evaluate(
        f"""() => {{
          const tiles = {tiles};
          return {{
            text: document.querySelector('[data-testid=waits]').innerText,
            waits: tiles('[data-testid=waits] .tile'),
            own: tiles('.river.bottom .tile'),
            others: tiles('.river.right .tile, .river.top .tile, .river.left .tile'),
            stick: !!document.querySelector(".plate[data-seat='0'] .riichi-stick"),
          }};
        }}"""
    )
    return snapshot


def pass_the_ron_on_8s(page: Any) -> None:
    """South discards 8s, one of East's waits: East is offered ron and passes."""
    page.wait_for_selector(".actions button[data-action=hora]")
    assert page.eval_on_selector_all(".river.right .tile", "ts => ts.map(t => t.dataset.tile)") == ["8s"]
    page.click(".actions button[data-action=none]")


@pytest.mark.parametrize("riichi", [True, False], ids=["after-riichi", "since-last-discard"])
def test_beginner_help_shows_furiten_for_a_winning_tile_let_go(
    patient: InProcessServer, browser: Any, riichi: bool
) -> None:
    page, _ = sit_at_fixed_table(patient, browser, "Nao")
    if riichi:
        page.click(".actions button[data-action=reach]")
        # the riichi discard: only the drawn North keeps the hand tenpai
        page.wait_for_selector(".actions button[data-action=reach]", state="detached")
        assert page.eval_on_selector_all(".hand-tile.playable", "bs => bs.map(b => b.dataset.tile)") == ["N"]
    page.click(".hand-tile.playable.drawn[data-tile=N]")
    page.wait_for_selector(".actions button[data-action=hora]")
    before = waits_help(page)  # offered the ron: not furiten yet
    assert before["waits"] == ["5s", "8s"] and "furiten" not in before["text"], before
    pass_the_ron_on_8s(page)
    if riichi:
        # MJ-FURITEN: after riichi a winning tile let go makes the hand furiten to the end of the
        # hand: shown while East holds his next draw (9p), the table waiting for his discard
        page.wait_for_selector(".hand-tile.playable.drawn[data-tile='9p']")
        shoot(page, "mahjong-furiten-riichi-desktop")
    else:
        # MJ-FURITEN: a winning tile let go makes the hand furiten until East's next discard:
        # shown while West's 5p is offered to East's pon
        page.wait_for_selector(".actions button[data-action=pon]")
    seen = waits_help(page)
    wanted = "after your riichi" if riichi else "since your last discard"
    assert seen["waits"] == ["5s", "8s"], seen
    assert seen["own"] == ["N"], seen  # not the river-only furiten: no wait among East's discards ...
    assert "8s" in seen["others"], seen  # ... but South's 8s went by
    assert f"furiten: no ron (you let a winning tile go {wanted})" in seen["text"], seen
    assert seen["stick"] == riichi
    page.context.close()


def test_open_riichi_shows_the_hand_to_the_other_seats(patient: InProcessServer, browser: Any) -> None:
    page, game = sit_at_fixed_table(patient, browser, "Nao", {"open_riichi": True})
    watcher = new_page(browser, patient.url)
    sign_in_as_guest(watcher, "Obs")
    watcher.goto(f"{patient.url}/#/game/{game}")
    watcher.wait_for_selector(".hand .tile")
    assert set(watcher.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")) == {"?"}
    offers = ".actions button[data-action=reach]"
    assert sorted(page.eval_on_selector_all(offers, "bs => bs.map(b => b.textContent)")) == [
        "Open riichi",
        "Riichi",
    ]
    page.click(".actions button:has-text('Open riichi')")
    page.wait_for_selector(offers, state="detached")
    page.click(".hand-tile.playable.drawn[data-tile=N]")
    page.wait_for_selector(".river.bottom .tile[data-tile=N]")
    mine = Counter(t for t, drawn, _ in hand_tiles(page) if not drawn)
    assert mine == Counter(t.mjai for t in parse_tiles(EAST))
    # MJ-RIICHI-13: the watcher sees East's concealed tiles face up (a tile East draws stays hidden)
    watcher.wait_for_function(
        "[...document.querySelectorAll('.hand .tile')].filter(t => t.dataset.tile !== '?').length === 13"
    )
    faces = watcher.eval_on_selector_all(".hand .tile", "ts => ts.map(t => t.dataset.tile)")
    assert Counter(t for t in faces if t != "?") == mine
    watcher.wait_for_selector(".plate[data-seat='0'] .riichi-stick")
    for p in (page, watcher):
        p.context.close()


MELD_WALL = wall_from_parts(
    [
        parse_tiles("234567m55p6788s4z"),
        parse_tiles("147m147p147s1237z"),
        parse_tiles("258m269p369s1236z"),
        parse_tiles("369m138p139s1457z"),
    ],
    # East draws 9m; South 1m; West 5p, which East pons (then North is skipped); South 9s, West 1p,
    # North 7p, East 2s; South 5s, on which East wins.
    parse_tiles("9m1m5p9s1p7p2s5s"),
    red_fives=Rules.preset("tenhou").red_fives,
)
"""A wall on which East pons West's 5p, is then tenpai on 5s-8s with an open all-simples hand
(MJ-YAKU tanyao, open allowed by Tenhou's rules) and wins by ron on South's 5s."""


def test_hand_end_shows_the_winners_melds_and_the_dora_indicators(
    patient: InProcessServer, browser: Any
) -> None:
    game = open_mahjong_table(patient, TSUMOGIRI_BOTS, [MELD_WALL])
    page = new_page(browser, patient.url)
    sign_in_as_guest(page, "Ume")
    page.goto(f"{patient.url}/#/game/{game}")
    page.click("text=Take a seat")
    page.click(".hand-tile.playable.drawn[data-tile='9m']")
    page.click(".actions button[data-action=pon]")
    page.click(".hand-tile.playable[data-tile=N]")
    page.click(".hand-tile.playable.drawn[data-tile='2s']")
    page.click(".actions button[data-action=hora]")
    end = page.wait_for_selector("[data-testid=hand-end]")
    shown = ".hand-end .shown-hand[data-seat='0']"
    closed = page.eval_on_selector_all(f"{shown} > svg.tile", "ts => ts.map(t => t.dataset.tile)")
    assert closed == [
        "2m",
        "3m",
        "4m",
        "5m",
        "6m",
        "7m",
        "6s",
        "7s",
        "8s",
        "8s",
        "5s",
    ]  # and the winning tile
    meld = page.eval_on_selector_all(
        f"{shown} .meld[data-meld=pon] .tile", "ts => ts.map(t => t.dataset.tile)"
    )
    assert meld == ["5p", "5p", "5p"]
    assert len(page.query_selector_all(".hand-end .indicators .tile")) == 1  # one dora indicator, no ura
    assert "tanyao" in end.inner_text() and "Ura" not in end.inner_text()
    shoot(page, "hand-end-meld-desktop")
    page.set_viewport_size(PHONE)
    shoot(page, "hand-end-meld-phone")
    page.context.close()


def test_the_lobby_list_keeps_its_buttons_in_sight_at_phone_size(
    patient: InProcessServer, browser: Any
) -> None:
    game = open_mahjong_table(patient, [{"kind": "bot", "name": "tsumogiri"}] * 4, [FURITEN_WALL])
    page = new_page(browser, patient.url, PHONE)
    sign_in_as_guest(page, "Sora")
    row = page.wait_for_selector(f"tr[data-game='{game}']")
    assert "tsumogiri (bot) ×4 (4/4)" in row.inner_text()  # four seats of one name, written once
    assert overflowing(page, f"tr[data-game='{game}'] a.button") == []
    waiting = open_mahjong_table(patient, TSUMOGIRI_BOTS, [FURITEN_WALL])
    row = page.wait_for_selector(f"tr[data-game='{waiting}']")
    assert "open, tsumogiri (bot) ×3 (3/4)" in row.inner_text() and "Join" in row.inner_text()
    assert overflowing(page, f"tr[data-game='{waiting}'] a.button") == []
    page.click(f"tr[data-game='{game}'] a.button:has-text('Watch')")
    page.wait_for_selector(".mahjong")
    page.context.close()


def hand_tiles(page: Any) -> list[tuple[str, bool, bool]]:
    found = page.eval_on_selector_all(
        ".hand .hand-tile",
        "bs => bs.map(b => [b.dataset.tile, b.classList.contains('drawn'),"
        " b.classList.contains('playable')])",
    )
    return [(str(t), bool(d), bool(p)) for t, d, p in found]


# --- layout ------------------------------------------------------------------------------------------

LONG_NAME = "Bartholomew Featherstone"  # 24 characters, the longest name allowed


def overflowing(page: Any, selector: str) -> list[str]:
    """Elements of ``selector`` outside the viewport's width."""
    return list(
        page.eval_on_selector_all(
            selector,
            "es => es.filter(e => { const r = e.getBoundingClientRect();"
            " return r.left < -1 || r.right > window.innerWidth + 1; }).map(e => e.outerHTML.slice(0, 80))",
        )
    )


def test_long_names_are_cut_short_in_the_layout(server: str, browser: Any) -> None:
    page = new_page(browser, server, PHONE)
    sign_in_as_guest(page, LONG_NAME)
    # the header stays one line: the name cut short, the brand and "log out" whole
    assert page.eval_on_selector("header.top", "h => h.getBoundingClientRect().height") < 50
    assert page.eval_on_selector("header .user-name", "n => n.scrollWidth > n.clientWidth + 1")
    assert overflowing(page, "header .brand, header button") == []
    page.select_option("[data-testid=new-mahjong] select[data-seat='0']", "bot")
    page.select_option("[data-testid=new-mahjong] select[data-seat='1']", "me")
    bot_choices = page.query_selector_all("[data-testid=new-mahjong] select[data-bot]")
    for select in bot_choices:
        select.select_option("taku-efficiency")
    create_mahjong(page, ["bot", "me", "bot", "bot"], "web-long-names")
    page.wait_for_selector(".hand .tile")
    names = page.eval_on_selector_all(
        ".plate .name", "ns => ns.map(n => [n.textContent, n.scrollWidth > n.clientWidth + 1])"
    )
    assert any(text.startswith("Bartholomew") for text, _ in names)
    assert all(cut for text, cut in names if len(text) > 20), names  # long ones end in an ellipsis
    assert overflowing(page, ".plate, .square, .hand, .center") == []
    shoot(page, "mahjong-long-names-phone")
    page.set_viewport_size(DESKTOP)
    assert overflowing(page, ".plate, .square, .hand, .center") == []
    page.set_viewport_size(PHONE)
    page.goto(server)
    page.wait_for_selector("[data-testid=new-renju]")
    create_renju(page, "none", opponent="ai")
    page.wait_for_selector("text=Your move")
    assert overflowing(page, ".player, .renju-side, .board-wrap") == []
    shoot(page, "renju-long-names-phone")
    page.context.close()


# --- the pause between hands ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def pausing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    """An in-process server whose tables wait up to 45 s after a hand for their people's OK (the
    screenshots show a countdown a player would see; time enough for a busy machine)."""
    with web_server_in_process(tmp_path_factory.mktemp("web-pause"), hand_pause_seconds=45.0) as started:
        yield started


def countdown(page: Any) -> int:
    return int(page.inner_text("[data-testid=hand-ok] .countdown"))


def win_the_fixed_hand(page: Any) -> None:
    """East lets the drawn North go and wins by ron on South's 8s (:data:`FURITEN_WALL`)."""
    page.click(".hand-tile.playable.drawn[data-tile=N]")
    page.click(".actions button[data-action=hora]")
    page.wait_for_selector("[data-testid=hand-end]")


def test_the_next_hand_waits_for_ok_on_the_hand_end_screen(pausing: InProcessServer, browser: Any) -> None:
    """Tenhou's result screen: the next hand is dealt when the person presses OK (a click, or Enter)
    or after the server's pause (45 s on this server), whose seconds the button counts down; a
    reload shows the same screen; a spectator sees the countdown without a button."""
    game = open_mahjong_table(pausing, TSUMOGIRI_BOTS, [FURITEN_WALL, FURITEN_WALL])
    page = new_page(browser, pausing.url)
    sign_in_as_guest(page, "Kai")
    page.goto(f"{pausing.url}/#/game/{game}")
    page.click("text=Take a seat")
    watcher = new_page(browser, pausing.url)
    sign_in_as_guest(watcher, "Rin")
    watcher.goto(f"{pausing.url}/#/game/{game}")
    watcher.wait_for_selector(".hand .tile")
    win_the_fixed_hand(page)
    ok = page.wait_for_selector("[data-testid=hand-ok]")
    assert "Next hand" in ok.inner_text()
    first = countdown(page)
    assert 30 < first <= 45
    page.wait_for_function(f"+document.querySelector('[data-testid=hand-ok] .countdown').innerText < {first}")
    # the next hand is held back: the page still shows the finished hand's table
    n = int(page.get_attribute(".mahjong", "data-n") or 0)
    assert page.query_selector(".hand-tile.playable") is None
    # the spectator: the same result, who is still reading and the countdown, no button
    watcher.wait_for_selector("[data-testid=hand-end]")
    note = watcher.wait_for_selector("[data-testid=pause-note]").inner_text()
    assert re.fullmatch(r"Waiting for Kai: next hand in \d+ s", note), note
    assert watcher.query_selector("[data-testid=hand-ok]") is None
    shoot(page, "hand-end-next-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_selector("[data-testid=hand-ok]")
    shoot(page, "hand-end-next-phone")
    page.set_viewport_size(DESKTOP)
    # a reload in the pause shows the same screen, the countdown going on
    page.reload()
    page.wait_for_selector("[data-testid=hand-ok]")
    assert int(page.get_attribute(".mahjong", "data-n") or 0) == n and 0 < countdown(page) < first
    page.click("[data-testid=hand-ok]")
    # dealt at once: the dealer kept the deal (East 1, 1 honba) and draws North again
    page.wait_for_selector("[data-testid=hand-end]", state="detached")
    page.wait_for_selector(".hand-tile.playable.drawn[data-tile=N]")
    assert "1 honba" in page.inner_text("[data-testid=center]")
    watcher.wait_for_selector("[data-testid=hand-end]", state="detached")
    # the second hand ends alike; Enter presses OK
    win_the_fixed_hand(page)
    page.wait_for_selector("[data-testid=hand-ok]")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=hand-end]", state="detached")
    page.wait_for_selector(".hand-tile.playable")
    assert "2 honba" in page.inner_text("[data-testid=center]")
    # the screen stays closed after a reload in the next hand
    page.reload()
    page.wait_for_selector(".hand-tile.playable")
    assert page.query_selector("[data-testid=hand-end]") is None
    for p in (page, watcher):
        p.context.close()
