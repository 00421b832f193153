"""taku (卓, "the table"): riichi mahjong and renju, exact rules, fast, every variant an option."""

__version__ = "0.1.0"


def _choose_build() -> None:
    """Import the pure-Python sources rather than the compiled modules when ``TAKU_PURE`` asks
    for them, or in a clone whose compiled modules are older than their sources (taku/build.py).
    Runs before any other taku module is imported."""
    from taku import build

    if build.pure_requested() or (build.in_checkout() and build.stale_extensions()):
        build.use_sources()


_choose_build()
