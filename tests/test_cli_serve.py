"""``taku serve``'s process settings: what the play server load benchmark depends on."""

from __future__ import annotations

import gc
import sys

import pytest

from taku.cli.serve import tune_process, uvicorn_options
from taku.server.hub import FULL_COLLECTION_THRESHOLD


def test_websocket_messages_are_not_compressed_and_are_bounded() -> None:
    options = uvicorn_options("127.0.0.1", 8000, "info")
    assert options["ws_per_message_deflate"] is False
    assert options["ws_max_size"] == 1024 * 1024
    assert (options["host"], options["port"], options["log_level"]) == ("127.0.0.1", 8000, "info")


def test_full_collections_are_left_to_the_hub_and_threads_switch_every_millisecond() -> None:
    thresholds, interval = gc.get_threshold(), sys.getswitchinterval()
    try:
        tune_process()
        assert gc.get_threshold()[:2] == thresholds[:2]
        assert gc.get_threshold()[2] == FULL_COLLECTION_THRESHOLD
        assert sys.getswitchinterval() == pytest.approx(0.001)
    finally:
        gc.set_threshold(*thresholds)
        sys.setswitchinterval(interval)
