"""Every level of every task family can be solved: the scripted policy (env/scripted.py)
succeeds on it within a few seeds (docs/agents.md gives its rate, and random's)."""

from __future__ import annotations

import pytest

from emberdeep.content.tasks import load_tasks
from emberdeep.env import EmberdeepEnv
from emberdeep.env.scripted import ScriptedPolicy
from emberdeep.env.tasks import TaskEnv

SEEDS = 6


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
