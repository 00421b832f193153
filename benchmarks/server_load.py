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
import collections
import json
import multiprocessing
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
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
    url: str,
    cookie: str,
    game_id: str,
    play_from: float,
    stop_at: float,
    pause: bool,
    latencies: list[tuple[float, float]],
) -> int:
    """Play one table's person seat until ``stop_at``; returns the actions sent. ``latencies``
    gets (seconds since ``play_from`` when the action was sent, its latency in seconds)."""
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
                    latencies.append((started - play_from, time.perf_counter() - started))
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
        latencies: list[tuple[float, float]] = []
        play_from = time.perf_counter()
        stop_at = time.monotonic() + seconds
        sent = await asyncio.gather(
            *(play_table(url, cookie, g, play_from, stop_at, pause, latencies) for g in ids)
        )
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


class WaitSampler:
    """What the benchmark's PostgreSQL backends are doing, sampled every 50 ms from
    ``pg_stat_activity`` in a thread: counts of (state, wait event) over the step."""

    def __init__(self, db_url: str) -> None:
        self.database = db_url.rsplit("/", 1)[1]
        self.counts: collections.Counter[str] = collections.Counter()
        self.samples = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(PG_ADMIN, autocommit=True) as connection:
            while not self._stop.wait(0.05):
                rows = connection.execute(
                    "SELECT state, wait_event_type, wait_event, left(query, 30) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()",
                    (self.database,),
                ).fetchall()
                self.samples += 1
                for state, kind, event, query in rows:
                    what = f"{state}:{kind or '-'}:{event or '-'}"
                    if state in ("active", "idle in transaction"):
                        what += f":{query}"
                    self.counts[what] += 1

    def stop(self) -> dict[str, float]:
        """Per sample, how many backends were in each (state, wait event), the most first."""
        self._stop.set()
        self._thread.join(timeout=5)
        return {k: round(v / max(1, self.samples), 3) for k, v in self.counts.most_common(8)}


def run_step(
    db_url: str,
    tables: int,
    seconds: float,
    clients: int,
    pause: bool,
    py_spy: str | None = None,
    warmup: float = 10.0,
) -> dict[str, Any]:
    profile = ["-m", "cProfile", "-o", os.environ["TAKU_PROFILE"]] if os.environ.get("TAKU_PROFILE") else []
    options = ["--bot-delay", "1.0" if pause else "0", "--log-level", "error"]
    server = ServerProcess(db_url, options, python=profile, stderr=None, start_seconds=60)
    url = server.url
    load_before = os.getloadavg()[0]
    sampler: WaitSampler | None = None
    spy: subprocess.Popen[bytes] | None = None
    try:
        before = count_actions(db_url)
        stats_before = httpx.get(f"{url}/api/stats", timeout=10).json()
        cpu_before = cpu_seconds(server.pid)
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
        if not db_url.startswith("sqlite"):
            sampler = WaitSampler(db_url)
        if py_spy:  # a sampling profile of the server over the middle of the step
            spy = subprocess.Popen(
                [
                    py_spy,
                    "record",
                    "--pid",
                    str(server.pid),
                    "--threads",
                    "--gil",
                    "--nonblocking",
                    "--format",
                    "raw",
                    "--rate",
                    "200",
                    "--duration",
                    str(int(seconds * 0.6)),
                    "--output",
                    f"{py_spy_prefix()}-{tables}.txt",
                ],
                stdout=subprocess.DEVNULL,
            )
        results = [queue.get(timeout=seconds + 600) for _ in processes]
        elapsed = time.monotonic() - started
        for process in processes:
            process.join(timeout=30)
        stats_after = httpx.get(f"{url}/api/stats", timeout=30).json()
        cpu = cpu_seconds(server.pid) - cpu_before
        after = count_actions(db_url)
    finally:
        waits = sampler.stop() if sampler is not None else None
        if spy is not None:
            spy.wait(timeout=120)
        server.stop()
    latencies = sorted(x for _, lat in results for _, x in lat)
    steady = sorted(x for _, lat in results for at, x in lat if at >= warmup)
    if os.environ.get("TAKU_LOAD_TIMELINE"):  # each measured action: seconds into play, latency ms
        with open(f"{os.environ['TAKU_LOAD_TIMELINE']}-{tables}.jsonl", "w") as out:
            for at, x in sorted(pair for _, lat in results for pair in lat):
                out.write(f"[{at:.3f}, {1000 * x:.2f}]\n")
    sent = sum(s for s, _ in results)

    def pct(p: float, samples: list[float] = latencies) -> float:
        return 1000 * samples[min(len(samples) - 1, int(p * len(samples)))] if samples else float("nan")

    return {
        "tables": tables,
        "seconds": round(elapsed, 1),
        "person_actions": sent,
        "actions_per_s": round((after - before) / min(seconds, elapsed), 1),
        "commits_per_s": round((stats_after["commits"] - stats_before["commits"]) / min(seconds, elapsed), 1),
        "server_p50_ms": stats_after["latency_ms"]["p50"],
        "server_p99_ms": stats_after["latency_ms"]["p99"],
        "commit_ms": stats_after.get("commit_ms"),
        "store_ms": stats_after.get("store_ms"),
        "loop_lag_ms": stats_after.get("loop_lag_ms"),
        "loop_stalls": stats_after.get("loop_stalls"),
        "load": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "server_cpu_s": round(cpu, 1),
        "server_cpu_ms_per_action": round(1000 * cpu / max(1, after - before), 3),
        **({"pg_backends": waits} if waits is not None else {}),
        "p50_ms": round(pct(0.50), 1),
        "p99_ms": round(pct(0.99), 1),
        "measured": len(latencies),
        "steady_p50_ms": round(pct(0.50, steady), 1),
        "steady_p99_ms": round(pct(0.99, steady), 1),
        "steady_measured": len(steady),
        "mean_ms": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
    }


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) the process ``pid`` has used, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def py_spy_prefix() -> str:
    return os.environ.get("TAKU_PY_SPY_PREFIX", "py-spy-server")


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
    parser.add_argument(
        "--warmup",
        type=float,
        default=10.0,
        help="steady_p50/p99 leave out the actions sent in the first seconds of play (connections opening)",
    )
    parser.add_argument("--flat-out", action="store_true", help="no pauses: actions/s of one process")
    parser.add_argument(
        "--py-spy",
        metavar="PROGRAM",
        help="record the server with this py-spy (raw stacks, py-spy-server-N.txt)",
    )
    args = parser.parse_args()
    steps = [int(x) for x in args.steps.split(",")]
    with tempfile.TemporaryDirectory() as directory:
        best = 0
        for tables in steps:
            url, drop = database_url(args.db, Path(directory))
            try:
                row = run_step(
                    url, tables, args.seconds, args.clients, not args.flat_out, args.py_spy, args.warmup
                )
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
