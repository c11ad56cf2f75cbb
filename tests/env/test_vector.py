"""Emberdeep-v0 under Gymnasium's vector environments: in this process and in others."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from emberdeep.env import EmberdeepEnv
from emberdeep.env.actions import WAIT


def make() -> EmberdeepEnv:
    return EmberdeepEnv(max_steps=3)


@pytest.mark.parametrize("kind", [gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv])
def test_two_envs_step_reset_and_truncate(kind: type[gymnasium.vector.VectorEnv]) -> None:
    vector = kind([make, make])  # type: ignore[call-arg]
    try:
        observations, infos = vector.reset(seed=1)  # the second env gets seed 2
        assert observations["glyphs"].shape == (2, 21, 79)
        assert infos["game_seed"][0] != infos["game_seed"][1]
        alone, _ = make().reset(seed=2)
        assert np.array_equal(observations["glyphs"][1], alone["glyphs"])
        for _ in range(3):
            _, rewards, terminated, truncated, _ = vector.step(np.array([WAIT, WAIT]))
        assert truncated.tolist() == [True, True] and terminated.tolist() == [False, False]
        assert rewards.shape == (2,)
    finally:
        vector.close()
