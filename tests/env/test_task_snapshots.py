"""Snapshots that hold on tasks: a task's own snapshot always restores, its state (success,
its creatures, its start depth) rides in the bytes, and a snapshot restored into any env
of the same id plays on exactly as the env it came from."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from emberdeep.content.tasks import load_tasks
from emberdeep.env import EmberdeepEnv
from emberdeep.env.actions import ACTIONS, WAIT
from emberdeep.env.snapshots import RestoreError
from emberdeep.env.tasks import TaskEnv
from tests.env.helpers import digest

NAMES = list(load_tasks())
SEEDS = 50
BEFORE, AFTER = 4, 6
"""Random actions before the snapshot, and replayed after it (few: 50 seeds a task)."""

Step = tuple[str, float, bool, bool, bool, str]


def future(env: TaskEnv, actions: list[int]) -> list[Step]:
    """Each step's observation digest, reward, flags, success and refusal."""
    out = []
    for action in actions:
        observation, reward, terminated, truncated, info = env.step(action)
        out.append((digest(observation), reward, terminated, truncated, info["success"],
                    info["refused"]))  # fmt: skip
    return out


@pytest.mark.parametrize("name", NAMES)
def test_snapshot_restore_replays_the_same_for_every_task_and_fifty_seeds(name: str) -> None:
    """The property: reset, random actions, snapshot; the same actions then give the same
    observations, rewards and flags after a restore, here and in another env of the id."""
    env, other = TaskEnv(name), TaskEnv(name)
    moves = np.arange(10)  # the moves, wait and pick up: actions that change the game
    for seed in range(SEEDS):
        rng = np.random.default_rng([seed, 43])
        env.reset(seed=seed)
        other.reset(seed=seed + 1)  # another game of the same task, its state overwritten
        for action in rng.integers(len(ACTIONS), size=BEFORE):
            env.step(int(action))
        data = env.snapshot()
        mixed = np.where(rng.random(AFTER) < 0.5, rng.choice(moves, AFTER),
                         rng.integers(len(ACTIONS), size=AFTER))  # fmt: skip
        actions = [int(a) for a in mixed]
        first = future(env, actions)
        env.restore(data)
        assert future(env, actions) == first, (name, seed)
        other.restore(data)
        assert future(other, actions) == first, (name, seed)


@pytest.mark.parametrize(("alias", "seed"), [("CorridorPack", 2), ("CorridorPack", 5),
                                             ("WardensFloor", 9)])  # fmt: skip
def test_a_task_restores_its_own_snapshot(alias: str, seed: int) -> None:
    """Repro: packs were put on shut doors, which the loader refuses in a save."""
    env = TaskEnv(alias)
    observation, _ = env.reset(seed=seed)
    assert digest(env.restore(env.snapshot())) == digest(observation)


def kill_the_pack(env: TaskEnv) -> None:
    for i in env.added:
        monster = env.game.floor.actors[i]
        monster.hp = 0
        env.game.floor.remove_actor(monster)


def test_restoring_the_root_after_a_success_takes_the_success_back() -> None:
    """Repro: success stayed set, so the root's next wait said success with reward 0."""
    env = TaskEnv("CorridorPack")
    env.reset(seed=1)
    root = env.snapshot()
    kill_the_pack(env)
    paid = 1.0 + len(env.added) * env.task.shaping  # the success, and each kill's shaping
    _, reward, terminated, _, _ = env.step(WAIT)
    assert (reward, terminated) == (paid, True)
    env.restore(root)
    _, reward, terminated, _, info = env.step(WAIT)
    assert (reward, terminated, info["success"]) == (0.0, False, False)
    kill_the_pack(env)
    _, reward, terminated, _, info = env.step(WAIT)
    assert (reward, terminated, info["success"]) == (paid, True, True)  # earned again


def test_a_snapshot_restored_into_another_seeds_env_keeps_its_own_pack() -> None:
    """Repro: the other env's creature ids were kept, none of them on this floor: it
    reported success and +1 on the next wait."""
    env, other = TaskEnv("CorridorPack"), TaskEnv("CorridorPack")
    env.reset(seed=1)
    other.reset(seed=7)
    data = env.snapshot()
    expected = future(env, [WAIT] * 3)
    other.restore(data)
    assert other.added == env.added
    got = future(other, [WAIT] * 3)
    assert got == expected
    assert not any(step[4] for step in got) and all(step[1] <= 0 for step in got)


def test_a_snapshot_of_one_task_is_refused_by_another_and_by_a_plain_save() -> None:
    env = TaskEnv("Combat-Easy")
    env.reset(seed=3)
    data = env.snapshot()
    other = TaskEnv("Navigate-Easy")
    other.reset(seed=3)
    before = other.game.state_hash()
    with pytest.raises(RestoreError, match=r"not a snapshot of task Navigate-Easy .*Combat-Easy"):
        other.restore(data)
    assert other.game.state_hash() == before  # left as it was
    game = EmberdeepEnv()
    game.reset(seed=3)
    with pytest.raises(RestoreError, match="no task state"):
        env.restore(game.snapshot())
    game.restore(data)  # a task's snapshot is a game too
    assert game.game.state_hash() == env.game.state_hash()


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(NAMES),
    seed=st.integers(0, 2**32 - 1),
    before=st.lists(st.integers(0, len(ACTIONS) - 1), max_size=30),
    after=st.lists(st.integers(0, len(ACTIONS) - 1), min_size=1, max_size=12),
)
def test_any_task_any_seed_any_actions_replay_alike_after_a_restore(
    name: str, seed: int, before: list[int], after: list[int]
) -> None:
    """The same property, searched by hypothesis over any seed and action sequences."""
    env = TaskEnv(name)
    env.reset(seed=seed)
    for action in before:
        env.step(action)
    data = env.snapshot()
    first = future(env, after)
    other = TaskEnv(name)
    other.restore(data)  # never reset: a restore is a start
    assert future(other, after) == first
