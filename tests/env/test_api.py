"""Emberdeep-v0 is a valid Gymnasium environment, found by name."""

from __future__ import annotations

import itertools

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import emberdeep.env
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.actions import WAIT


def test_check_env_passes_on_the_registered_env() -> None:
    env = gymnasium.make("Emberdeep-v0")
    assert isinstance(env.unwrapped, EmberdeepEnv)
    check_env(env.unwrapped)


def test_make_by_module_path_needs_no_import() -> None:
    env = gymnasium.make("emberdeep.env:Emberdeep-v0", max_steps=7)
    assert isinstance(env.unwrapped, EmberdeepEnv) and env.unwrapped.max_steps == 7
    assert gymnasium.spec("Emberdeep-v0").entry_point == "emberdeep.env.environment:EmberdeepEnv"
    assert emberdeep.env.ACTIONS is ACTIONS


def test_observations_stay_in_the_space_and_belong_to_the_caller() -> None:
    env = EmberdeepEnv()
    observation, _ = env.reset(seed=11)
    choose = np.random.default_rng(0)
    kept = []
    for _ in range(300):
        assert env.observation_space.contains(observation)
        kept.append(observation)
        observation, *_ = env.step(int(choose.integers(len(ACTIONS))))
    refused, *_ = env.step(ACTIONS.index("ascend"))
    kept += [observation, refused]
    for earlier, later in itertools.pairwise(kept):
        for key in earlier:
            assert not np.shares_memory(earlier[key], later[key]), key
            assert not earlier[key].flags.writeable, key


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"max_steps": 0}, "max_steps must be a positive integer"),
        ({"render_mode": "human"}, "render_mode must be"),
        ({"render_style": "sepia"}, "render_style must be"),
        ({"view": (0, 21)}, "view must be"),
    ],
)
def test_bad_arguments_are_one_line_errors(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        EmberdeepEnv(**arguments)  # type: ignore[arg-type]


def test_step_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        EmberdeepEnv().step(WAIT)
