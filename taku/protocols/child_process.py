"""A program run as a child process and spoken to line by line: the transport beneath the Gomocup
manager (:mod:`taku.protocols.gomocup_client`) and the mjai table side
(:mod:`taku.protocols.mjai_process`).

Nothing the child does can hang or exhaust its parent:

* the child runs in its own session (a new process group), and :meth:`ChildProcess.kill` ends the
  whole group: a wrapper script, or Wine, dies with whatever it started;
* every read and write has a time limit: a child that neither reads nor writes costs only that;
* output lines are read by a thread, at most :data:`MAX_LINE` bytes each (a longer line is cut and
  marked, the rest skipped) and at most :data:`MAX_QUEUED` lines ahead of the reader (the child then
  waits, as on a full pipe); the last :data:`STDERR_LINES` lines of its error output are kept;
* the parent never closes a pipe a reading thread may be blocked on (closing it would wait for the
  read): the threads close their own streams at the end of the output.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import select
import signal
import subprocess
import threading
import time
from collections.abc import Sequence
from typing import IO, Final

MAX_LINE: Final = 64 * 1024
"""The longest output line kept, in bytes; the rest of a longer line is skipped."""

MAX_QUEUED: Final = 1024
"""Output lines read ahead of the parent at most."""

STDERR_LINES: Final = 20
"""Lines of the child's error output kept for messages."""

TOO_LONG: Final = " [... a line longer than 65536 bytes]"
"""What ends a line that was cut at :data:`MAX_LINE` bytes."""

_POSIX: Final = os.name == "posix"


class ChildProcess:
    """The program ``argv`` running as a child process (``OSError`` if it cannot be started).

    :meth:`send` writes a line, :meth:`read_line` returns the next output line (without its line
    ending; ``None`` once the output has ended), both within a time limit, and :meth:`close` ends the
    child and every process it started. See the module docstring.
    """

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = tuple(argv)
        if _POSIX:
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                start_new_session=True)
        else:  # pragma: no cover - Windows: a process group of its own, killed by the handle
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0))
        assert self._process.stdin is not None
        self._stdin: IO[bytes] | None = self._process.stdin
        if _POSIX:
            os.set_blocking(self._stdin.fileno(), False)
        self._lines: queue.Queue[str | None] = queue.Queue(MAX_QUEUED)
        self._stderr: collections.deque[str] = collections.deque(maxlen=STDERR_LINES)
        self._ended = False
        self._threads = [
            threading.Thread(target=_pump, args=(self._process.stdout, self._lines.put), daemon=True),
            threading.Thread(target=_pump, args=(self._process.stderr, self._stderr.append), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @property
    def pid(self) -> int:
        """The child's process id (also its process group's)."""
        return self._process.pid

    def poll(self) -> int | None:
        """The child's exit status, or ``None`` while it runs."""
        return self._process.poll()

    def wait(self, timeout: float) -> int | None:
        """Wait up to ``timeout`` seconds for the child to exit; its exit status, or ``None``."""
        try:
            return self._process.wait(max(timeout, 0.0))
        except subprocess.TimeoutExpired:
            return None

    @property
    def stderr_tail(self) -> list[str]:
        """The last lines of the child's error output (stripped, blank ones left out)."""
        return [line.strip() for line in list(self._stderr) if line and line.strip()]

    def wait_stderr(self, timeout: float) -> None:
        """Give the error output up to ``timeout`` seconds to reach its end (after an exit)."""
        self._threads[1].join(max(timeout, 0.0))

    def exit_report(self, timeout: float) -> tuple[int | None, list[str]]:
        """How the child ended, for an :class:`~taku.errors.EngineError`'s message: its exit status
        after waiting up to ``timeout`` seconds (``None``: still running) and the last lines of its
        error output (given up to ``timeout`` seconds more to arrive once it has exited)."""
        status = self.wait(timeout)
        if status is not None:
            self.wait_stderr(timeout)
        return status, self.stderr_tail

    # -- talking ------------------------------------------------------------------------------------

    def send(self, text: str, timeout: float) -> None:
        """Write ``text`` and a line ending. ``TimeoutError`` if the child does not take it within
        ``timeout`` seconds (it does not read its input), ``BrokenPipeError`` if its input is closed."""
        stdin = self._stdin
        if stdin is None:
            raise BrokenPipeError("the child's input is closed")
        data = (text + "\n").encode("utf-8")
        if not _POSIX:  # pragma: no cover - no select on Windows pipes: a blocking write
            stdin.write(data)
            stdin.flush()
            return
        deadline = time.monotonic() + timeout
        view = memoryview(data)
        fd = stdin.fileno()
        while view:
            try:
                written = os.write(fd, view)
            except BlockingIOError:
                written = 0
            view = view[written:]
            if not view:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"the child did not read its input within {timeout:g} s")
            select.select([], [fd], [], remaining)

    def read_line(self, timeout: float) -> str | None:
        """The next output line (without its line ending), or ``None`` at the end of the output;
        ``TimeoutError`` if none comes within ``timeout`` seconds."""
        if self._ended:
            return None
        try:
            line = self._lines.get(timeout=max(timeout, 0.0))
        except queue.Empty:
            raise TimeoutError(f"no output within {timeout:g} s") from None
        if line is None:
            self._ended = True
        return line

    # -- ending -------------------------------------------------------------------------------------

    def close_input(self) -> None:
        """Close the child's input (it reads the end of the input)."""
        stdin, self._stdin = self._stdin, None
        if stdin is not None:
            with contextlib.suppress(OSError):
                stdin.close()

    def kill(self) -> None:
        """End the child and every process of its group at once, and reap it."""
        process = self._process
        if _POSIX:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            process.kill()
        process.wait()
        self.close_input()
        # A reader blocked on a full queue would never see the end of the output: empty the queue
        # until it has (a child that escaped its group can keep the pipe open: then stop trying).
        reader = self._threads[0]
        deadline = time.monotonic() + 0.5
        while reader.is_alive() and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                while True:
                    if self._lines.get_nowait() is None:
                        self._ended = True
            reader.join(0.01)

    def close(self, timeout: float = 2.0, *, last: str | None = None) -> int | None:
        """End the child: send ``last`` (e.g. ``END``) if given, close its input, give it ``timeout``
        seconds to exit, then kill its whole group (what it started goes too, even after a clean
        exit). Returns its exit status, or ``None`` when it had to be killed."""
        if last is not None and self._process.poll() is None:
            with contextlib.suppress(OSError, TimeoutError):
                self.send(last, timeout)
        self.close_input()
        status = self.wait(timeout)
        self.kill()
        return status


def _pump(stream: IO[bytes] | None, put: object) -> None:
    """Copy the lines of ``stream`` (decoded as UTF-8, at most :data:`MAX_LINE` bytes each) to
    ``put``, then ``None`` at its end; close the stream."""
    assert stream is not None and callable(put)
    try:
        while True:
            raw = stream.readline(MAX_LINE)
            if not raw:
                break
            cut = len(raw) >= MAX_LINE and not raw.endswith(b"\n")
            if cut:  # skip the rest of the line
                rest = raw
                while rest and not rest.endswith(b"\n"):
                    rest = stream.readline(MAX_LINE)
            text = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            put(text[:200] + TOO_LONG if cut else text)
    except (OSError, ValueError):
        pass
    finally:
        put(None)
        with contextlib.suppress(OSError):
            stream.close()
