"""What ``emberdeep train`` relies on of every environment, checked without the ``rl``
extra: stock stable-baselines3 ``PPO("MultiInputPolicy", gymnasium.make(ID))`` takes the
default observation as it is, and sb3-contrib's ``MaskablePPO`` finds the action mask.

The rules are stable-baselines3's own (``common/preprocessing.py``, ``torch_layers.py``):
a Dict of Box, Discrete, MultiDiscrete or MultiBinary spaces, no nesting; a 3-D uint8
Box bounded 0..255 is taken for an image and given to NatureCNN, whose three
convolutions need at least 36x36 pixels (the old default's 21x79x3 ``colors`` crashed
in ``learn()``). The mask is ``env.action_masks()`` (the name MaskablePPO calls through
the wrappers) and ``info["action_mask"]``: one bool per action, the same two, never empty.
"""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium import spaces

import emberdeep.env  # noqa: F401 (registers every environment)

NATURE_CNN_SMALLEST = 36
"""The smallest side NatureCNN's 8/4, 4/2, 3/1 convolutions leave a pixel of."""
ARRAY_IDS = sorted(i for i in gymnasium.registry if i.startswith("Emberdeep-") and "Text" not in i)


def taken_for_an_image(space: spaces.Box) -> bool:
    """stable-baselines3's ``is_image_space`` as ``CombinedExtractor`` calls it."""
    return (
        len(space.shape) == 3
        and space.dtype == np.uint8
        and bool(np.all(space.low == 0))
        and bool(np.all(space.high == 255))
    )


@pytest.mark.parametrize("env_id", ARRAY_IDS)
def test_stock_multi_input_policy_takes_the_default_observation(env_id: str) -> None:
    env = gymnasium.make(env_id)
    space = env.observation_space
    assert isinstance(space, spaces.Dict) and len(space.spaces) > 0
    for key, sub in space.spaces.items():
        assert isinstance(sub, (spaces.Box, spaces.Discrete, spaces.MultiDiscrete,
                                spaces.MultiBinary)), key  # fmt: skip
        if isinstance(sub, spaces.Box):
            assert np.issubdtype(sub.dtype, np.number), key
            if taken_for_an_image(sub):  # channels first or last: both sides must do
                sides = sub.shape[1:] if sub.shape[0] in (1, 3, 4) else sub.shape[:2]
                assert min(sides) >= NATURE_CNN_SMALLEST, (key, sub.shape)
    observation, _ = env.reset(seed=0)
    assert set(observation) == set(space.spaces) and space.contains(observation)
    assert isinstance(env.action_space, spaces.Discrete)


@pytest.mark.parametrize("env_id", ARRAY_IDS)
def test_maskable_ppo_finds_the_mask_through_the_wrappers(env_id: str) -> None:
    env = gymnasium.make(env_id)
    count = int(env.action_space.n)  # type: ignore[attr-defined]
    _, info = env.reset(seed=1)
    choose = np.random.default_rng(1)
    for _ in range(30):
        mask = env.get_wrapper_attr("action_masks")()
        assert mask.shape == (count,) and mask.dtype == np.bool_ and mask.any()
        assert np.array_equal(mask, info["action_mask"])
        _, _, terminated, truncated, info = env.step(int(choose.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            _, info = env.reset()
