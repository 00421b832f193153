"""``--ray``: games as Ray tasks on a local runtime give the summary of the single-process run,
bit for bit (``seconds`` aside). One test starts one Ray runtime (2 CPUs) and shuts it down, so
that pytest's worker processes never start two runtimes at once (their start-up times out on a
busy 2-CPU machine)."""

from __future__ import annotations

from pathlib import Path

import pytest

from taku.cli.main import main

ray = pytest.importorskip("ray")


def summary(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    import json

    assert main(list(argv)) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds", None)
    return data


@pytest.mark.slow
def test_ray_runs_give_the_single_process_summaries(capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        # taku mahjong simulate
        argv = ("mahjong", "simulate", "--games", "6", "--players", "simple,tsumogiri,random,simple",
                "--seed", "r", "--json")
        plain = summary(capsys, *argv)
        assert summary(capsys, *argv, "--ray") == plain
        assert plain["games"] == 6
        # taku mahjong evaluate, its results streamed, one game per task and three per task
        argv = ("mahjong", "evaluate", "simple", "tsumogiri", "--games", "8", "--seed", "e", "--json")
        plain = summary(capsys, *argv)
        results = tmp_path / "r.jsonl"
        with_ray = summary(capsys, *argv, "--ray", "--results", str(results))
        assert with_ray.pop("results") == str(results)
        assert with_ray == plain
        assert len(results.read_text().splitlines()) == 8
        assert summary(capsys, *argv, "--ray", "--ray-batch", "3") == plain
        # taku renju match between taku engines
        argv = ("renju", "match", "--black", "taku:beginner", "--white", "taku:easy", "--games", "2",
                "--swap", "--opening", "rif26", "--time-per-move", "5", "--json")
        plain = summary(capsys, *argv)
        assert summary(capsys, *argv, "--ray") == plain
        assert plain["games"] == 2
    finally:
        ray.shutdown()
