"""The browser client's weight and speed on loopback: bytes transferred for the first load of a
mahjong table page (empty cache), time to interactive (navigation to the first decision the page
offers: a discard, or a call on a bot's discard), the time from a WebSocket event's arrival to the
updated table, and the time from a click on a tile to the discard shown in the river (the whole loop
through the server).

Run: ``.venv/bin/python benchmarks/web_client.py [--loads N] [--discards N]`` (needs the built client,
``python3 tools/build_web.py``, and Debian's ``/usr/bin/chromium``). It starts its own ``taku serve``
on a free port with a temporary SQLite database and bots that answer at once.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server_process import ServerProcess  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# Recorded in the page before its own scripts run: when each event message arrives, and when the
# table shows that event (the `data-n` attribute the table view sets from its state).
PROBE = """
window.__arrived = {}; window.__shown = {};
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (m) => {
      const data = JSON.parse(m.data);
      if (data.type === 'event') window.__arrived[data.n] = performance.now();
    });
  }
};
new MutationObserver(() => {
  const table = document.querySelector('.mahjong[data-n]');
  if (!table) return;
  const n = Number(table.dataset.n);
  if (!(n in window.__shown)) window.__shown[n] = performance.now();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-n'] });
"""


def start_server(db: Path) -> ServerProcess:
    """A server whose bots answer at once."""
    return ServerProcess(f"sqlite:///{db}", ["--bot-delay", "0", "--action-seconds", "60"])


def new_table(context: Any, url: str, seed: str) -> str:
    """Sign the context in as a guest and create a table against three bots; its id."""
    csrf = context.request.get(f"{url}/api/session").json()["csrf"]
    reply = context.request.post(
        f"{url}/api/session/guest",
        data=json.dumps({"name": "bench"}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    csrf = reply.json()["csrf"]
    seats = [{"kind": "me"}] + [{"kind": "bot", "name": "taku"}] * 3
    reply = context.request.post(
        f"{url}/api/games/mahjong",
        data=json.dumps({"seats": seats, "seed": seed, "options": {"length": "east"}}),
        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"},
    )
    return str(reply.json()["game"]["id"])


def summary(values: list[float], unit: str) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"median {statistics.median(values):.1f} {unit}, p90 {p90:.1f} {unit} (n={len(values)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=10, help="first loads measured (fresh contexts)")
    parser.add_argument("--discards", type=int, default=40, help="discards clicked for the loop times")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = start_server(Path(tmp) / "bench.sqlite3")
        url = server.url
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            weights: list[int] = []
            by_kind: dict[str, int] = {}
            interactive: list[float] = []
            for load in range(args.loads):
                context = browser.new_context(viewport={"width": 1280, "height": 860})
                game = new_table(context, url, f"bench-{load}")
                page = context.new_page()
                finished: list[Any] = []  # sizes are read afterwards: no blocking call in a handler
                page.on("requestfinished", lambda r, f=finished: f.append(r))
                page.goto(f"{url}/#/game/{game}")
                # Interactive: the first decision is offered (a discard, or a call on a bot's discard).
                page.wait_for_selector(".hand-tile.playable, .actions button.act", timeout=120_000)
                interactive.append(float(page.evaluate("performance.now()")))
                sizes = [
                    (r.resource_type, r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"])
                    for r in finished
                ]
                weights.append(sum(size for _, size in sizes))
                if load == 0:
                    for kind, size in sizes:
                        by_kind[kind] = by_kind.get(kind, 0) + size
                context.close()
            context = browser.new_context(viewport={"width": 1280, "height": 860})
            context.add_init_script(PROBE)
            game = new_table(context, url, "bench-loop")
            page = context.new_page()
            page.goto(f"{url}/#/game/{game}")
            loops: list[float] = []
            while len(loops) < args.discards:
                page.wait_for_function(
                    "!!document.querySelector('.hand-tile.playable, [data-testid=hand-end],"
                    " [data-testid=match-end], .actions button[data-action=none]')",
                    timeout=120_000,
                )
                if page.query_selector("[data-testid=match-end]"):
                    break
                if page.query_selector("[data-testid=hand-end]"):
                    page.click("[data-testid=hand-end] button")  # OK: the next hand is dealt
                    page.wait_for_selector("[data-testid=hand-end]", state="detached", timeout=120_000)
                    continue
                if page.query_selector(".actions button[data-action=none]"):
                    page.click(".actions button[data-action=none]")  # pass calls and wins
                    page.wait_for_timeout(50)
                    continue
                tile = page.query_selector(".hand-tile.playable.drawn") or page.query_selector(
                    ".hand-tile.playable"
                )
                river = page.eval_on_selector(".river.bottom", "r => r.children.length")
                started = time.perf_counter()
                tile.click()
                page.wait_for_function(
                    f"document.querySelector('.river.bottom').children.length !== {river}"
                    " || !!document.querySelector('[data-testid=hand-end]')",
                    timeout=120_000,
                )
                loops.append(1000 * (time.perf_counter() - started))
            arrived = page.evaluate("window.__arrived")
            shown = page.evaluate("window.__shown")
            renders = [shown[n] - arrived[n] for n in arrived if n in shown]
        finally:
            browser.close()
            server.stop()
    print(
        f"first load of a table page (empty cache): {statistics.median(weights) / 1024:.1f} KiB "
        f"transferred ({', '.join(f'{k} {v / 1024:.1f} KiB' for k, v in sorted(by_kind.items()))})"
    )
    print(f"time to interactive (navigation to the first decision offered): {summary(interactive, 'ms')}")
    print(f"event message arrival to the table updated: {summary(renders, 'ms')}")
    print(f"click on a tile to the discard in the river (through the server): {summary(loops, 'ms')}")


if __name__ == "__main__":
    main()
