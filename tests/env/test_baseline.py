"""The bot as a baseline policy."""

from __future__ import annotations

from typing import Any

import gymnasium
import pytest

from emberdeep.env import BotPolicy


def test_the_bot_plays_down_the_stairs() -> None:
    env = gymnasium.make("Emberdeep-v0", max_steps=1500)
    observation, _ = env.reset(seed=1)
    bot = BotPolicy(env, seed=1)
    total, info = 0.0, dict[str, Any]()
    for _ in range(1500):
        observation, reward, terminated, truncated, info = env.step(bot(observation))
        total += float(reward)
        if terminated or truncated:
            break
    assert info["depth"] >= 2 and total >= 1.0


def test_it_plays_only_emberdeep() -> None:
    with pytest.raises(TypeError, match="Emberdeep-v0"):
        BotPolicy(gymnasium.make("CartPole-v1"))
