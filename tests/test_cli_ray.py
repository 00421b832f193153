"""``--ray``: games as Ray tasks on a local runtime give the summary of the single-process run,
bit for bit (``seconds`` aside). One Ray runtime (2 CPUs) serves the module and is shut down."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from taku.cli.main import main

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


def summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds", None)
    return data


def test_simulate_with_ray_is_the_single_process_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("mahjong", "simulate", "--games", "6", "--players", "simple,tsumogiri,random,simple",
            "--seed", "r", "--json")
    plain = summary(capsys, *argv)
    assert summary(capsys, *argv, "--ray") == plain
    assert plain["games"] == 6


def test_evaluate_with_ray_is_the_single_process_summary(capsys: pytest.CaptureFixture[str],
                                                         tmp_path) -> None:
    argv = ("mahjong", "evaluate", "simple", "tsumogiri", "--games", "8", "--seed", "e", "--json")
    plain = summary(capsys, *argv)
    results = tmp_path / "r.jsonl"
    with_ray = summary(capsys, *argv, "--ray", "--results", str(results))
    assert with_ray.pop("results") == str(results)
    assert with_ray == plain
    assert len(results.read_text().splitlines()) == 8
    assert summary(capsys, *argv, "--ray", "--ray-batch", "3") == plain  # 3 games per task


def test_renju_match_with_ray_is_the_single_process_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("renju", "match", "--black", "taku:beginner", "--white", "taku:easy", "--games", "2",
            "--swap", "--opening", "rif26", "--time-per-move", "5", "--json")
    plain = summary(capsys, *argv)
    assert summary(capsys, *argv, "--ray") == plain
    assert plain["games"] == 2
