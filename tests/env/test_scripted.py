"""Every level of every task family can be solved: the scripted policy (env/scripted.py)
succeeds on it within a few seeds (docs/agents.md gives its rate, and random's)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from emberdeep.content.tasks import load_tasks
from emberdeep.env import EmberdeepEnv
from emberdeep.env.scripted import ScriptedPolicy
from emberdeep.env.tasks import TaskEnv

SEEDS = 12
"""Seeds tried per level until one is solved: the hardest level (the warden) is solved
about one game in five, so six seeds left it to chance."""


def solved(env: TaskEnv, seed: int) -> bool:
    observation, _ = env.reset(seed=seed)
    policy = ScriptedPolicy(env, seed)
    while True:
        observation, _, terminated, truncated, info = env.step(policy(observation))
        if terminated or truncated:
            return bool(info["success"])


@pytest.mark.parametrize("name", list(load_tasks()))
def test_the_scripted_policy_solves_every_level(name: str) -> None:
    env = TaskEnv(name)
    assert any(solved(env, seed) for seed in range(SEEDS)), name


def test_the_scripted_policy_plays_tasks_only() -> None:
    with pytest.raises(TypeError, match="plays a task"):
        ScriptedPolicy(EmberdeepEnv())


def test_task_rates_prints_the_docs_table() -> None:
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "scripts" / "task-rates"), "2", "1", "Combat-Easy"],
        capture_output=True, text=True, check=True, timeout=300,
        env={**os.environ, "PYTHONPATH": str(root / "src")},
    )  # fmt: skip
    lines = done.stdout.splitlines()
    assert lines[0] == "| task id | goal | random (2 episodes) | scripted (1 episodes) |"
    assert re.fullmatch(
        r"\| `Emberdeep/Combat-Easy-v0` \| A jackal closes in: kill it\. "
        r"\| \d+% \(\d/2\) \| 100% \(1/1\) \|",
        lines[2],
    )
    assert len(lines) == 3
