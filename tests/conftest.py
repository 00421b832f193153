"""Shared fixtures: where the shared test data lives."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests check outcomes, not speed: on a busy machine (CI, several checks at once) a first
# example that builds tables can pass hypothesis's 200 ms deadline and fail a correct test.
settings.register_profile("taku", deadline=None)
settings.load_profile("taku")

REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """The ``shared`` directory beside the repository (or ``$TAKU_SHARED``); fail if it is missing."""
    candidates = [Path(os.environ["TAKU_SHARED"])] if "TAKU_SHARED" in os.environ else []
    candidates += [REPO.parent / "shared", REPO.parent.parent / "shared"]
    for candidate in candidates:
        if (candidate / "data").is_dir():
            return candidate
    raise RuntimeError(f"shared test data not found; looked in {[str(c) for c in candidates]}")


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared spec and data directory."""
    return shared_dir()


def pytest_report_header() -> str:
    """Which build of taku the tests run: compiled with mypyc or pure Python (taku/build.py)."""
    from taku.build import describe

    return f"taku build: {describe()}"
