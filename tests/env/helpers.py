"""Shared by the environment's tests: observation digests and a quick death."""

from __future__ import annotations

import hashlib
from typing import Any

import numpy as np
from numpy.typing import NDArray

from emberdeep.env import BotPolicy, EmberdeepEnv

Observation = dict[str, NDArray[Any]]


def digest(observation: Observation) -> str:
    """Every array of an observation, key by key (with its dtype and shape), as one hash."""
    h = hashlib.blake2b(digest_size=16)
    for key in sorted(observation):
        array = np.ascontiguousarray(observation[key])
        h.update(f"{key} {array.dtype.str} {array.shape}".encode())
        h.update(array.tobytes())
    return h.hexdigest()


def play_to_death(env: EmberdeepEnv, limit: int = 500) -> tuple[float, bool, bool, int]:
    """The bot fights with 1 HP until it dies: (last reward, terminated, truncated, steps)."""
    bot = BotPolicy(env)
    bot.bot.rest_below = 0  # it would rest for ever: go and meet something
    observation: Observation = {}
    for step in range(1, limit + 1):
        env.game.player.hp = min(env.game.player.hp, 1)
        observation, reward, terminated, truncated, _ = env.step(bot(observation))
        if terminated or truncated:
            return reward, terminated, truncated, step
    raise AssertionError(f"the player survived {limit} steps with 1 HP")
