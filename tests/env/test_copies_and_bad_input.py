"""Environments others can copy (``pickle``, ``copy.deepcopy``), and bad input refused
with a clear error: a zlib bomb in a snapshot, actions that are not action numbers, too
many branches, a vector env whose worker died."""

from __future__ import annotations

import copy
import os
import pickle
import signal
import time
import zlib
from typing import Any

import gymnasium
import numpy as np
import pytest

import emberdeep.env
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.async_vector import EmberdeepAsyncVectorEnv, WorkerLostError
from emberdeep.env.environment import MAX_BRANCHES
from emberdeep.env.snapshots import RestoreError
from emberdeep.env.tasks import TaskEnv
from emberdeep.storage import saves
from tests.env.helpers import digest

ACTION_SEQUENCE = np.random.default_rng(5).integers(len(ACTIONS), size=120).tolist()


def future(env: Any) -> list[tuple[str, float, bool, bool]]:
    return [
        (digest(observation), reward, terminated, truncated)
        for observation, reward, terminated, truncated, _ in map(env.step, ACTION_SEQUENCE)
    ]


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_copied_env_plays_on_as_the_original_would(how: str) -> None:
    env = EmberdeepEnv(max_steps=400, observation_keys=("glyphs", "stats", "messages"))
    env.reset(seed=8)
    for action in ACTION_SEQUENCE[:40]:
        env.step(action)
    copied = pickle.loads(pickle.dumps(env)) if how == "pickle" else copy.deepcopy(env)
    assert copied is not env and copied.world is not env.world
    assert (copied.max_steps, copied.observer.keys) == (400, ("glyphs", "stats", "messages"))
    assert future(copied) == future(env)
    assert copied.reset()[1]["game_seed"] == env.reset()[1]["game_seed"]  # the same resets


def test_made_environments_tasks_and_unstarted_ones_copy_too() -> None:
    made = gymnasium.make(emberdeep.env.ENV_ID, max_steps=300)
    made.reset(seed=1)
    assert future(pickle.loads(pickle.dumps(made))) == future(made)
    env = gymnasium.make("Emberdeep-Task-IdentifyByUse-v0").unwrapped
    assert isinstance(env, TaskEnv)
    env.reset(seed=2)
    again = pickle.loads(pickle.dumps(env))
    assert isinstance(again, TaskEnv) and again.task == env.task
    assert digest(again.last) == digest(env.last)
    fresh = copy.deepcopy(EmberdeepEnv())
    assert fresh.world is None and digest(fresh.reset(seed=3)[0]) == digest(
        EmberdeepEnv().reset(seed=3)[0]
    )


def test_a_zlib_bomb_in_a_snapshot_is_refused_within_a_cpu_second() -> None:
    env = EmberdeepEnv()
    env.reset(seed=1)
    head = env.snapshot()
    head = head[: head.index(b"\nsections ") + 1]
    bomb = zlib.compress(b"[" * saves.MAX_PAYLOAD, 9)  # 62 KiB inflating to 64 MiB
    assert len(bomb) < 70_000
    data = head + b"sections %d\n" % len(bomb) + bomb
    started = time.process_time()
    with pytest.raises(RestoreError, match="nested"):
        env.restore(data)
    assert time.process_time() - started < 1.0


@pytest.mark.parametrize(
    "action", [-0.5, 2.0, "3", None, True, [1], np.float32(1), np.array([1]), -1, len(ACTIONS)]
)
def test_an_action_that_is_not_an_action_number_is_a_clear_error(action: object) -> None:
    env = EmberdeepEnv()
    env.reset(seed=1)
    before = env.snapshot()
    with pytest.raises(ValueError, match="Discrete"):
        env.step(action)
    assert env.snapshot() == before  # nothing was played


@pytest.mark.parametrize("action", [3, np.int64(3), np.uint8(3), np.int32(3), np.array(3)])
def test_integers_of_every_kind_are_actions(action: object) -> None:
    env = EmberdeepEnv()
    env.reset(seed=1)
    assert env.step(action)[4]["steps"] == 1


def test_branch_has_an_upper_bound() -> None:
    env = EmberdeepEnv()
    env.reset(seed=1)
    with pytest.raises(ValueError, match=f"up to {MAX_BRANCHES}"):
        env.branch(MAX_BRANCHES + 1)
    assert len(env.branch(2)) == 2


def test_a_dead_worker_is_one_clear_error_naming_it() -> None:
    vector = EmberdeepAsyncVectorEnv(4, workers=2, pin=False)
    try:
        vector.reset(seed=1)
        victim = vector.processes[1]
        assert victim.pid is not None
        os.kill(victim.pid, signal.SIGKILL)
        victim.join(timeout=10)
        for _ in range(2):  # and again: the same error, never a BrokenPipeError
            with pytest.raises(WorkerLostError, match=r"worker 1 \(process \d+, games 2-3\)"):
                vector.step(np.zeros(4, dtype=np.int64))
    finally:
        vector.close()
