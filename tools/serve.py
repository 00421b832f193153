#!/usr/bin/env python3
"""Start the taku play server from a fresh clone: make ``.venv`` and install ``.[server,dev]`` the first
time, compile the cores in place when a C compiler is present (both as ``tools/run_tests.py`` does,
see tools/venv_setup.py), build the browser client when its sources changed (``tools/build_web.py``),
then run ``taku serve`` with the arguments given.

Usage: ``python3 tools/serve.py [--db URL] [--host H] [--port P] ...`` (``taku serve --help``).
Needs only python3 (3.11+) and the package index. The address is printed when the server is up.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from venv_setup import PYTHON, ROOT, VENV, compile_in_place, install

CHECK = "import fastapi, uvicorn, sqlalchemy, alembic, argon2, psycopg, taku"
STAMP = ".installed-server"


def ready() -> bool:
    """Whether ``.venv`` has taku (this clone's) and the server's packages."""
    if not PYTHON.exists():
        return False
    stamp = VENV / STAMP
    if not stamp.exists() or stamp.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        return False
    return (
        subprocess.call(
            [str(PYTHON), "-c", CHECK], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        == 0
    )


def run(title: str, *command: str | Path, env: dict[str, str] | None = None) -> None:
    """Announce ``title``, run ``command`` in the clone; stop with its status if it fails."""
    print(f"taku: {title}", flush=True)
    status = subprocess.call([str(part) for part in command], cwd=ROOT, env={**os.environ, **(env or {})})
    if status != 0:
        print(f"taku: error: {title} failed (exit status {status})", file=sys.stderr)
        raise SystemExit(status)


def main() -> int:
    if not ready():
        (VENV / STAMP).unlink(missing_ok=True)
        install(run, "[server,dev]", STAMP)  # dev: mypy (mypyc) and setuptools, to compile in place
    compile_in_place(run)  # the bots play faster compiled (a few minutes the first time)
    # The browser client: built when its sources are newer than the bundle (tools/build_web.py).
    if subprocess.call([str(PYTHON), str(ROOT / "tools" / "build_web.py")], cwd=ROOT) != 0:
        print("taku: warning: the browser client could not be built; serving the API only", file=sys.stderr)
    command = [str(PYTHON), "-m", "taku", "serve", *sys.argv[1:]]
    if os.name == "posix":  # the server replaces this process: signals reach it directly
        os.execv(command[0], command)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
