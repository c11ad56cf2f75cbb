"""Whole episodes of ``Emberdeep-v0``, many at once: locally, or as Ray tasks on a local
or remote cluster (``pip install "emberdeep[ray]"``; ``ray_tasks.py``).

``rollouts(seeds, policy="bot")`` plays one episode per seed and returns an ``Episode``
each, in the seeds' order; the same seeds give the same episodes wherever they run. A
policy is named ("random": uniform over the action space, from the episode's seed;
"bot": the baseline, ``BotPolicy``) so that a task carries only a word, never code.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from emberdeep.env import ray_tasks
from emberdeep.env.actions import ACTIONS
from emberdeep.env.baseline import BotPolicy
from emberdeep.env.environment import MAX_STEPS, EmberdeepEnv

POLICIES = ("random", "bot")


@dataclass(frozen=True)
class Episode:
    """How one episode went."""

    seed: int
    policy: str
    steps: int
    total_reward: float
    depth: int
    deepest: int
    won: bool
    died: bool


def play_episode(seed: int, policy: str = "bot", max_steps: int = MAX_STEPS) -> Episode:
    """One episode of ``policy`` from ``reset(seed=seed)`` to its end or ``max_steps``."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    env = EmberdeepEnv(max_steps=max_steps)
    observation, _ = env.reset(seed=seed)
    bot = BotPolicy(env, seed) if policy == "bot" else None
    chooser = np.random.default_rng(seed)
    total, steps, ended = 0.0, 0, False
    while not ended:
        action = bot(observation) if bot is not None else int(chooser.integers(len(ACTIONS)))
        observation, reward, terminated, truncated, _ = env.step(action)
        total += reward
        steps += 1
        ended = terminated or truncated
    world = env.game
    return Episode(seed, policy, steps, total, world.depth, world.deepest, world.won,
                   not world.player.alive)  # fmt: skip


def rollouts(
    seeds: Sequence[int],
    policy: str = "bot",
    max_steps: int = MAX_STEPS,
    *,
    ray: bool = False,
    address: str | None = None,
    progress: ray_tasks.Progress | None = None,
) -> list[Episode]:
    """One ``Episode`` per seed, in order: in this process, or with ``ray`` (or an
    ``address``) as Ray tasks, a lost worker's episodes played again."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
    jobs = [(int(seed), policy, max_steps) for seed in seeds]
    if ray or address:
        return ray_tasks.run(play_episode, jobs, address=address, progress=progress)
    episodes = []
    for done, job in enumerate(jobs, 1):
        episodes.append(play_episode(*job))
        if progress is not None:
            progress(done, len(jobs))
    return episodes
