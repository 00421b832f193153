"""taku (卓, "the table"): riichi mahjong and renju, exact rules, fast, every variant an option."""

__version__ = "0.1.0"


def _choose_build() -> None:
    """Import the pure-Python sources rather than the compiled modules when ``TAKU_PURE`` asks
    for them, or in a clone (setup.py beside the package) whose compiled modules are older than
    their sources (taku/build.py). Runs before any other taku module is imported."""
    import os

    pure = os.environ.get("TAKU_PURE", "") not in ("", "0")
    if pure or os.path.exists(os.path.join(os.path.dirname(os.path.dirname(__file__)), "setup.py")):
        from taku import build

        if pure or build.stale_extensions():
            build.use_sources()


_choose_build()
