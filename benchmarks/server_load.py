"""Load of the play server: N mahjong tables played at once through the WebSocket API on loopback.

Each table has one person seat, played by client processes that act like people (a pause of 0.5 to
1.5 s before each answer), and three built-in bots that the server paces (``--bot-delay 1``), so a
table moves about one action per second. The run is bounded: each step plays ``--seconds`` seconds,
then every client stops and the server is stopped. Measured per step:

- actions/s (actions committed to the database per second: people's and bots');
- the latency of a person's action: from sending it to receiving its broadcast event (p50, p99);
- the same latency inside the server (action received to its events queued for sending);
- database rows/s (one per action) and commits/s (a commit holds the actions that arrived together).

``--steps 50,100,200,500`` plays one step per table count and reports the most tables whose p99
stays under 100 ms. ``--flat-out`` instead runs tables whose person answers at once and whose
bots do not pause: the actions/s one server process can do.

Run: ``.venv/bin/python benchmarks/server_load.py [--db sqlite|postgresql] [--steps 50,100,...]
[--seconds 30] [--clients 2] [--flat-out]``. It needs a free port on 127.0.0.1 (and, for
PostgreSQL, a server at 127.0.0.1:5432, user postgres, trust).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server_process import ServerProcess  # noqa: E402

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def choose(prompt: dict[str, Any]) -> dict[str, Any]:
    """A simple person: wins, passes claims, else discards what he drew."""
    actions = prompt["actions"]
    for wanted in ("hora", "none"):
        for action in actions:
            if action["type"] == wanted:
                return dict(action)
    for action in actions:
        if action["type"] == "dahai" and action.get("tsumogiri"):
            return dict(action)
    return dict(next((a for a in actions if a["type"] == "dahai"), actions[0]))


async def play_table(
    url: str, cookie: str, game_id: str, stop_at: float, pause: bool, latencies: list[float]
) -> int:
    """Play one table's person seat until ``stop_at``; returns the actions sent."""
    sent = 0
    pending: dict[int, float] = {}
    async with connect(
        f"{url.replace('http', 'ws')}/api/games/{game_id}/ws",
        additional_headers={"Cookie": cookie},
        max_size=2**22,
    ) as ws:
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(text)
            if message["type"] == "event":
                started = pending.pop(message["n"], None)
                if started is not None:
                    latencies.append(time.perf_counter() - started)
                if message["event"]["type"] == "match_end":
                    break
            elif message["type"] == "prompt":
                if pause:
                    await asyncio.sleep(random.uniform(0.5, 1.5))
                action = choose(message)
                if action["type"] != "none":
                    pending[message["n"] + 1] = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "n": message["n"]}))
                sent += 1
            elif message["type"] == "hand_pause":  # OK on the hand's result, as a person reads it
                if pause:
                    await asyncio.sleep(random.uniform(1.0, 3.0))
                await ws.send(json.dumps({"type": "next_hand", "n": message["n"]}))
    return sent


def client_process(url: str, tables: int, seconds: float, pause: bool, queue: Any) -> None:
    """One client process: a guest, his tables, their play; puts (sent, latencies) on ``queue``."""

    async def run() -> tuple[int, list[float]]:
        http = httpx.AsyncClient(base_url=url, timeout=60)
        csrf = (await http.get("/api/session")).json()["csrf"]
        reply = await http.post(
            "/api/session/guest", json={"name": f"load{os.getpid()}"}, headers={"X-CSRF-Token": csrf}
        )
        csrf = reply.json()["csrf"]
        seats = [
            {"kind": "me"},
            {"kind": "bot", "name": "taku"},
            {"kind": "bot", "name": "simple"},
            {"kind": "bot", "name": "tsumogiri"},
        ]
        ids = []
        for _ in range(tables):
            made = await http.post(
                "/api/games/mahjong",
                json={"seats": seats, "clock": {"action_s": 60, "bank_s": 600}},
                headers={"X-CSRF-Token": csrf},
            )
            ids.append(made.json()["game"]["id"])
        cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
        latencies: list[float] = []
        stop_at = time.monotonic() + seconds
        sent = await asyncio.gather(*(play_table(url, cookie, g, stop_at, pause, latencies) for g in ids))
        await http.aclose()
        return sum(sent), latencies

    queue.put(asyncio.run(run()))


def count_actions(db_url: str) -> int:
    from taku.server.store import Store

    store = Store(db_url)
    try:
        return store.action_count()
    finally:
        store.close()


def run_step(db_url: str, tables: int, seconds: float, clients: int, pause: bool) -> dict[str, Any]:
    profile = ["-m", "cProfile", "-o", os.environ["TAKU_PROFILE"]] if os.environ.get("TAKU_PROFILE") else []
    options = ["--bot-delay", "1.0" if pause else "0", "--log-level", "error"]
    server = ServerProcess(db_url, options, python=profile, stderr=None, start_seconds=60)
    url = server.url
    try:
        before = count_actions(db_url)
        stats_before = httpx.get(f"{url}/api/stats", timeout=10).json()
        queue: Any = multiprocessing.get_context("spawn").Queue()
        shares = [tables // clients + (1 if i < tables % clients else 0) for i in range(clients)]
        processes = [
            multiprocessing.get_context("spawn").Process(
                target=client_process, args=(url, share, seconds, pause, queue)
            )
            for share in shares
            if share
        ]
        started = time.monotonic()
        for process in processes:
            process.start()
        results = [queue.get(timeout=seconds + 600) for _ in processes]
        elapsed = time.monotonic() - started
        for process in processes:
            process.join(timeout=30)
        stats_after = httpx.get(f"{url}/api/stats", timeout=30).json()
        after = count_actions(db_url)
    finally:
        server.stop()
    latencies = sorted(x for _, lat in results for x in lat)
    sent = sum(s for s, _ in results)

    def pct(p: float) -> float:
        return (
            1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else float("nan")
        )

    return {
        "tables": tables,
        "seconds": round(elapsed, 1),
        "person_actions": sent,
        "actions_per_s": round((after - before) / min(seconds, elapsed), 1),
        "commits_per_s": round((stats_after["commits"] - stats_before["commits"]) / min(seconds, elapsed), 1),
        "server_p50_ms": stats_after["latency_ms"]["p50"],
        "server_p99_ms": stats_after["latency_ms"]["p99"],
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "measured": len(latencies),
        "mean_ms": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
    }


def database_url(kind: str, directory: Path) -> tuple[str, Any]:
    if kind == "sqlite":
        return f"sqlite:///{directory / 'load.sqlite3'}", None
    import psycopg

    name = f"taku_load_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}", drop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--steps", default="50,100,200,300,500", help="table counts, one step each")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play per step")
    parser.add_argument("--clients", type=int, default=2, help="client processes")
    parser.add_argument("--flat-out", action="store_true", help="no pauses: actions/s of one process")
    args = parser.parse_args()
    steps = [int(x) for x in args.steps.split(",")]
    with tempfile.TemporaryDirectory() as directory:
        best = 0
        for tables in steps:
            url, drop = database_url(args.db, Path(directory))
            try:
                row = run_step(url, tables, args.seconds, args.clients, not args.flat_out)
            finally:
                if drop:
                    drop()
            print(json.dumps({"db": args.db, "flat_out": args.flat_out, **row}), flush=True)
            if row["p99_ms"] < 100:
                best = max(best, tables)
        if not args.flat_out:
            print(f"most tables with p99 under 100 ms ({args.db}): {best or 'none of the steps'}")


if __name__ == "__main__":
    main()
