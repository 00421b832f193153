"""Helpers of the browser tests (tests/test_web_*.py): a real ``taku serve`` serving the freshly
built client, headless Debian Chromium driven by Playwright, and what a player does on the pages."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from taku.mahjong.wall import Wall
from taku.server.hub import Hub
from taku.server.settings import Settings
from tests.server_helpers import fast_settings
from tests.server_process import free_port, running_server

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
IMAGES = ROOT / "docs" / "images"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 860}


def build_client() -> None:
    """Build the browser client if its sources changed (tools/build_web.py)."""
    built = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_web.py")], capture_output=True, text=True, timeout=600
    )
    assert built.returncode == 0, built.stdout + built.stderr


@contextlib.contextmanager
def web_server(directory: Path, *extra: str) -> Iterator[str]:
    """A real server on loopback serving the freshly built client (a database in ``directory``);
    its address."""
    build_client()
    db = directory / "taku.sqlite3"
    options = [
        *("--bot-delay", "0.05", "--ai-processes", "0", "--ai-max-nodes", "300"),
        *("--action-seconds", "60", "--bank-seconds", "60"),
        *("--hand-pause-seconds", "60"),  # a hand's result stays up while a busy machine screenshots it
        *extra,
    ]
    with running_server(f"sqlite:///{db}", options) as process:
        yield process.url


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium (CI installs it in .ci/run; elsewhere a missing one skips)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{CHROMIUM} is required in CI (apt-get install chromium)")
        pytest.skip(f"no {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module", name="server")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``server``: one real server for a test module (:func:`web_server`); its address. A test
    module uses it by importing ``server_fixture``."""
    with web_server(tmp_path_factory.mktemp("web")) as url:
        yield url


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Any]:
    """``browser``: one headless Chromium for a test module (:func:`chromium`). A test module uses
    it by importing ``browser_fixture``."""
    with chromium() as launched:
        yield launched


def new_page(browser: Any, url: str, size: dict[str, int] = DESKTOP) -> Any:
    context = browser.new_context(viewport=size, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    return page


def sign_in_as_guest(page: Any, name: str) -> None:
    page.fill("input[name=name]", name)
    page.click("text=Play as a guest")
    page.wait_for_selector("[data-testid=new-mahjong]")


def shoot(page: Any, name: str) -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(IMAGES / f"{name}.png"))


CALLS = ("hora", "reach", "pon", "chi", "daiminkan", "ankan", "kakan", "ryukyoku")


def act_once(page: Any, seen: list[str]) -> bool:
    """Answer the page's prompt by clicking as a player would: win, riichi or call when offered,
    else discard (the drawn tile if it may go, else the rightmost allowed one). Whether it acted."""
    for kind in CALLS:
        button = page.query_selector(f".actions button[data-action={kind}]")
        if button is not None:
            button.click()
            seen.append(kind)
            return True
    tiles = page.query_selector_all(".hand-tile.playable")
    if tiles:
        drawn = page.query_selector(".hand-tile.playable.drawn")
        (drawn or tiles[-1]).click()
        seen.append("dahai")
        return True
    return False


def play_until_hand_end(pages: list[Any], seen: list[str], budget: float = 240.0) -> None:
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        if all(p.query_selector("[data-testid=hand-end]") for p in pages):
            return
        acted = False
        for page in pages:
            if page.query_selector("[data-testid=hand-end]") is None:
                acted = act_once(page, seen) or acted
        time.sleep(0.25 if acted else 0.1)
    raise AssertionError(f"no hand end within {budget} s (actions {seen[-10:]})")


def create_mahjong(
    page: Any, seats: list[str], seed: str, *, private: bool = False, overrides: str | None = None
) -> str:
    """Create a table from the lobby form (seat kinds ``me``, ``open``, ``bot``; ``overrides``: the
    rules overrides as JSON); its id."""
    for seat, kind in enumerate(seats):
        page.select_option(f"[data-testid=new-mahjong] select[data-seat='{seat}']", kind)
    page.click("[data-testid=new-mahjong] summary")
    page.fill("[data-testid=new-mahjong] input[name=seed]", seed)
    if overrides is not None:
        page.fill("[data-testid=new-mahjong] input[name=overrides]", overrides)
    if private:
        page.check("[data-testid=new-mahjong] label.toggle input")
    page.click("[data-testid=create-mahjong]")
    page.wait_for_selector(".mahjong")
    match = re.search(r"#/game/([A-Za-z0-9_-]+)", page.url)
    assert match, page.url
    return match.group(1)


PATIENT = {
    "action_seconds": 600.0,
    "bank_seconds": 600.0,
    "disconnect_act_seconds": 600.0,
    "grace_seconds": 600.0,
    "hand_pause_seconds": 600.0,
}
"""Clocks of a test server that never plays for a person, and a pause between hands that waits for
his OK: a page that starts slowly under load finds its table as it was dealt, and a hand's result
stays up until the page presses Next hand (the defaults act for a seat whose page has not connected within
3 s)."""


class InProcessServer:
    """``taku serve``'s application under uvicorn in a thread of the test process, so that a test
    may also call its hub directly (``run(hub.create_mahjong(..., walls=...))``): what no request
    can do, such as dealing a chosen wall."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from taku.server.app import create_app

        app = create_app(settings)
        self.hub: Hub = app.state.hub
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error", loop="none")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.loop.run_until_complete, args=(self.server.serve(),), daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the in-process server did not start on port {self.port}")
            time.sleep(0.05)

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 60.0) -> T:
        """Run ``coroutine`` on the server's event loop; its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)
        self.loop.close()


@contextlib.contextmanager
def web_server_in_process(directory: Path, **changes: Any) -> Iterator[InProcessServer]:
    """An in-process server (a database in ``directory``) serving the freshly built client, with
    :data:`PATIENT` clocks and the test settings of :func:`web_server`, changed by ``changes``."""
    build_client()
    options: dict[str, Any] = {
        "bot_delay": 0.05,
        "ai_max_nodes": 300,
        **PATIENT,
        **changes,
    }
    server = InProcessServer(fast_settings(f"sqlite:///{directory / 'taku.sqlite3'}", **options))
    try:
        yield server
    finally:
        server.stop()


def open_mahjong_table(
    server: InProcessServer,
    seats: list[dict[str, Any]],
    walls: list[Wall],
    options: dict[str, Any] | None = None,
) -> str:
    """A public table created through the hub (seats as ``create_mahjong`` takes them, ``open`` for
    a person to take by the page) dealing ``walls`` first; its id."""
    actor, _ = server.run(
        server.hub.create_mahjong(None, "tenhou", options or {}, seats, False, None, None, walls=walls)
    )
    return actor.id
