"""Balance and rollouts as Ray tasks on a local Ray: the same results as in one process,
progress shown, a lost worker's job run again."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from emberdeep import cli
from emberdeep.env import ray_tasks, rollouts
from emberdeep.tools import balance

ray: Any = importlib.import_module("ray")  # in the dev extra: CI tests on a real local Ray


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_balance_on_ray_gives_each_game_as_in_one_process(
    local_ray: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    here = balance.run(4, 0, ["mixed"], 1, 300)
    assert balance.run(4, 0, ["mixed"], 1, 300, ray="") == here
    assert len({o.seed for o in here}) == 4 and all(o.turns > 0 for o in here)
    assert cli.main(["balance", "--games", "4", "--turns", "300", "--ray"]) == 0
    out, err = capsys.readouterr()
    assert "balance on Ray: 4/4 done" in err and "build mixed: 4 games" in out


def test_rollouts_on_ray_are_the_local_rollouts(local_ray: Any) -> None:
    seeds = [3, 1, 4, 1]
    seen: list[tuple[int, int]] = []
    on_ray = rollouts.rollouts(seeds, "random", 150, ray=True, progress=lambda *d: seen.append(d))
    assert on_ray == rollouts.rollouts(seeds, "random", 150)
    assert [e.seed for e in on_ray] == seeds and all(e.steps == 150 for e in on_ray)
    assert seen[-1] == (4, 4) and len(seen) == 4
    assert on_ray[1] == on_ray[3]  # the same seed, the same episode
    bot = rollouts.rollouts([2], "bot", 300, ray=True)[0]
    assert bot == rollouts.play_episode(2, "bot", 300) and bot.total_reward > 0


def test_a_lost_worker_s_job_runs_again(local_ray: Any, tmp_path: Path) -> None:
    marker = tmp_path / "first attempt"

    def dies_once(n: int) -> int:
        if n == 2 and not marker.exists():
            marker.touch()
            os._exit(1)  # the worker process dies mid-job, as on a lost machine
        return n * n

    assert ray_tasks.run(dies_once, [(n,) for n in range(4)]) == [0, 1, 4, 9]
    assert marker.exists()


def test_a_job_s_own_error_stops_the_run_with_it(local_ray: Any) -> None:
    def fails(n: int) -> int:
        raise ValueError(f"bad job {n}")

    with pytest.raises(ray_tasks.RayError, match="bad job 0"):
        ray_tasks.run(fails, [(0,)])


def test_without_ray_installed_the_error_says_how(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ImportError(name)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(ray_tasks.RayError, match=r"pip install \"emberdeep\[ray\]\""):
        ray_tasks.connect(None)
    with pytest.raises(ValueError, match="policy must be"):
        rollouts.rollouts([1], "clever")
