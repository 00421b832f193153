"""A real ``taku serve`` process on loopback, for the tests and the benchmarks that need one (the
kill -9 test, the browser tests, benchmarks/server_load.py, benchmarks/web_client.py): a free port,
the process started with the given options, waited for until it answers, stopped afterwards."""

from __future__ import annotations

import contextlib
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``taku serve --db DB --port PORT OPTIONS...`` running as a child process."""

    def __init__(
        self,
        db_url: str,
        options: Sequence[str] = (),
        *,
        port: int | None = None,
        python: Sequence[str] = (),
        stderr: int | None = subprocess.DEVNULL,
        start_seconds: float = 30.0,
    ) -> None:
        self.db_url = db_url
        self.port = port if port is not None else free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, *python, "-m", "taku", "serve", "--db", db_url, "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, *options], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr
        )
        deadline = time.monotonic() + start_seconds
        while True:
            try:
                httpx.get(f"{self.url}/api/options", timeout=1)
                return
            except httpx.HTTPError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.kill()
                    status = self.process.returncode
                    message = f"taku serve did not start on port {self.port} (status {status})"
                    raise RuntimeError(message) from None
                time.sleep(0.1)

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self, timeout: float = 30.0) -> None:
        """Stop as Ctrl-C does (SIGINT: the server closes its games cleanly); kill if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()

    def kill(self) -> None:
        """``kill -9`` (nothing is closed cleanly) and wait for the end."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


@contextlib.contextmanager
def running_server(
    db_url: str,
    options: Sequence[str] = (),
    *,
    port: int | None = None,
    python: Sequence[str] = (),
    stderr: int | None = subprocess.DEVNULL,
) -> Iterator[ServerProcess]:
    """A :class:`ServerProcess` for the ``with`` block, stopped at its end."""
    server = ServerProcess(db_url, options, port=port, python=python, stderr=stderr)
    try:
        yield server
    finally:
        server.stop()
