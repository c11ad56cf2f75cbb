"""Emberdeep-v0: seeds that mean something, terminated versus truncated, a valid env."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from numpy.typing import NDArray

import emberdeep.env
from emberdeep.env import ACTIONS, EmberdeepEnv, bot_policy

DIGEST = textwrap.dedent("""
    import hashlib, numpy as np
    from emberdeep.env import EmberdeepEnv
    env = EmberdeepEnv()
    h = hashlib.blake2b(digest_size=16)
    obs, _ = env.reset(seed=7)
    actions = np.random.default_rng(3).integers(env.action_space.n, size=1000)
    for a in actions:
        obs, *_ = env.step(int(a))
        for key in sorted(obs):
            h.update(np.ascontiguousarray(obs[key]).tobytes())
    print(h.hexdigest())
""")


def test_check_env_passes_and_make_finds_it() -> None:
    env = gymnasium.make("Emberdeep-v0")
    check_env(env.unwrapped)
    assert isinstance(env.unwrapped, EmberdeepEnv) and emberdeep.env.ACTIONS == ACTIONS


def test_two_processes_with_the_same_seed_and_actions_see_the_same_observations() -> None:
    runs = [
        subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    assert runs[0].stdout == runs[1].stdout and len(runs[0].stdout.strip()) == 32


def digest(obs: dict[str, NDArray[Any]]) -> str:
    h = hashlib.blake2b(digest_size=16)
    for key in sorted(obs):
        h.update(np.ascontiguousarray(obs[key]).tobytes())
    return h.hexdigest()


def test_reset_with_a_seed_is_the_same_game_in_any_order() -> None:
    env = EmberdeepEnv()
    first = digest(env.reset(seed=42)[0])
    env.reset(seed=1)
    env.step(0)
    assert digest(env.reset(seed=42)[0]) == first
    assert digest(env.reset(seed=43)[0]) != first


def test_the_step_cap_truncates_and_death_terminates() -> None:
    env = EmberdeepEnv(max_steps=5)
    env.reset(seed=3)
    flags = [env.step(ACTIONS.index("wait"))[2:4] for _ in range(5)]
    assert flags[:4] == [(False, False)] * 4 and flags[4] == (False, True)
    env = EmberdeepEnv()
    env.reset(seed=3)
    env.game.player.hp = 1
    env.game.player.defense = 0
    terminated = truncated = False
    for _ in range(3000):
        _, reward, terminated, truncated, _ = env.step(ACTIONS.index("wait"))
        if terminated or truncated:
            break
        env.game.player.hp = min(env.game.player.hp, 1)
    assert terminated and not truncated and reward <= -1


def test_a_refused_action_takes_no_time() -> None:
    env = EmberdeepEnv()
    env.reset(seed=5)
    turn = env.game.turn
    _, reward, *_, info = env.step(ACTIONS.index("descend"))  # no stairs here
    assert info["refused"] and env.game.turn == turn and reward == 0
    _, _, *_, info = env.step(ACTIONS.index("ascend"))
    assert info["refused"]


def test_vector_envs_and_the_bot_baseline() -> None:
    vector = gymnasium.vector.SyncVectorEnv([lambda: EmberdeepEnv(max_steps=20)] * 2)
    obs, _ = vector.reset(seed=[1, 2])
    assert obs["glyphs"].shape == (2, 21, 79)
    vector.step(np.array([8, 8]))
    vector.close()
    env = EmberdeepEnv(max_steps=200)
    observation, _ = env.reset(seed=9)
    policy = bot_policy(env, seed=9)
    for _ in range(200):
        observation, _, terminated, truncated, _ = env.step(policy(observation))
        if terminated or truncated:
            break
    assert env.game.turn > 50


def test_renders_text_and_pixels() -> None:
    env = EmberdeepEnv(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and "@" in text
    env = EmberdeepEnv(render_mode="rgb_array")
    env.reset(seed=2)
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.ndim == 3 and frame.shape[2] == 3
    assert frame.max() > 0
