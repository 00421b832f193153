#!/usr/bin/env python3
"""Start the taku play server from a fresh clone: make ``.venv`` and install ``.[server]`` the first
time (as ``tools/run_tests.py`` does for the tests), build the browser client when its sources changed
(``tools/build_web.py``), then run ``taku serve`` with the arguments given.

Usage: ``python3 tools/serve.py [--db URL] [--host H] [--port P] ...`` (``taku serve --help``).
Needs only python3 (3.11+) and the package index. The address is printed when the server is up.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
CHECK = "import fastapi, uvicorn, sqlalchemy, alembic, argon2, psycopg, taku"


def ready() -> bool:
    """Whether ``.venv`` has taku (this clone's) and the server's packages."""
    if not PYTHON.exists():
        return False
    stamp = VENV / ".installed-server"
    if not stamp.exists() or stamp.stat().st_mtime < (ROOT / "pyproject.toml").stat().st_mtime:
        return False
    return (
        subprocess.call(
            [str(PYTHON), "-c", CHECK], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        == 0
    )


def main() -> int:
    if not ready():
        if not PYTHON.exists():
            print("taku: creating .venv (first run)", flush=True)
            venv.EnvBuilder(with_pip=True).create(VENV)
        print("taku: installing the server's packages into .venv (first run, about a minute)", flush=True)
        for command in (
            [str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
            [str(PYTHON), "-m", "pip", "install", "--quiet", "-e", ".[server]"],
        ):
            status = subprocess.call(command, cwd=ROOT)
            if status != 0:
                print("taku: error: installing the server's packages failed", file=sys.stderr)
                return status
        (VENV / ".installed-server").touch()
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
