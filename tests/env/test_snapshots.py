"""Snapshots, restores and branches: the same actions from a restored state see the same
things; a damaged snapshot is refused with a reason and changes nothing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.actions import WAIT
from emberdeep.env.snapshots import RestoreError
from emberdeep.session.game import GameSetup
from emberdeep.storage import saves
from tests.env.helpers import digest

ROOT = Path(__file__).resolve().parents[2]


def played(seed: int, steps: int, env: EmberdeepEnv | None = None) -> EmberdeepEnv:
    env = env or EmberdeepEnv(max_steps=10_000)
    env.reset(seed=seed)
    for action in np.random.default_rng(seed).integers(len(ACTIONS), size=steps):
        env.step(int(action))
    return env


def future(env: EmberdeepEnv, actions: list[int]) -> list[tuple[str, float, bool, bool, str]]:
    """Each step's observation digest, reward, flags and refusal."""
    out = []
    for action in actions:
        observation, reward, terminated, truncated, info = env.step(action)
        out.append((digest(observation), reward, terminated, truncated, info["refused"]))
    return out


def test_the_same_actions_after_a_restore_see_the_same_things() -> None:
    env = played(4, 120)
    data = env.snapshot()
    actions = np.random.default_rng(1).integers(len(ACTIONS), size=300).tolist()
    first = future(env, actions)
    assert len({step[0] for step in first}) > 30  # the game moved on
    observation = env.restore(data)
    assert future(env, actions) == first
    elsewhere = EmberdeepEnv(max_steps=10_000)  # never reset: a restore is a start
    assert digest(elsewhere.restore(data)) == digest(observation)
    assert future(elsewhere, actions) == first


def test_a_restore_keeps_the_step_count_and_the_messages() -> None:
    env = EmberdeepEnv(max_steps=125)
    played(4, 120, env)
    data, log = env.snapshot(), list(env.log)
    flags = [env.step(WAIT)[3] for _ in range(5)]
    assert flags == [False] * 4 + [True]
    env.restore(data)
    assert env.steps == 120 and env.log == log
    assert [env.step(WAIT)[3] for _ in range(5)] == flags


def test_a_snapshot_is_a_save_file() -> None:
    env = played(2, 60)
    setup = GameSetup(env.content, env.settings, data=None)
    kinds = {kind.key: kind for kind in env.content.population.items.kinds}
    world, info = saves.decode(
        env.snapshot(), setup.builder_for, kinds, kinds=env.content.hero.kinds
    )
    assert world.state_hash() == env.game.state_hash()
    assert [line.text for line in info.log] == env.log


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda data: data[:-10], "cut short"),
        (lambda data: b"PNG" + data, "not an Emberdeep save"),
        (lambda data: data[:-100] + bytes([data[-100] ^ 1]) + data[-99:], "damaged"),
        (lambda data: "text", "bytes"),
    ],
)
def test_damaged_snapshots_are_refused_and_change_nothing(damage: object, reason: str) -> None:
    env = played(3, 40)
    data, state, seen = env.snapshot(), env.game.state_hash(), digest(env.last)
    with pytest.raises(RestoreError, match=reason):
        env.restore(damage(data))  # type: ignore[operator]
    assert env.game.state_hash() == state and digest(env.last) == seen
    env.step(WAIT)  # and it plays on


def test_a_plain_save_is_not_a_snapshot() -> None:
    env = played(3, 10)
    plain = saves.encode(env.game, saves.current_info("auto"))
    with pytest.raises(RestoreError, match="no step count"):
        env.restore(plain)


def test_branches_without_reseed_play_as_the_original() -> None:
    env = played(5, 80)
    branches = env.branch(3)
    actions = np.random.default_rng(2).integers(len(ACTIONS), size=200).tolist()
    expected = future(env, actions)
    assert [future(branch, actions) for branch in branches] == [expected] * 3
    assert [branch.reset()[1]["game_seed"] for branch in branches] == [
        env.reset()[1]["game_seed"]
    ] * 3


BRANCHES = textwrap.dedent("""
    import numpy as np
    from emberdeep.env import ACTIONS, BotPolicy, EmberdeepEnv
    from tests.env.helpers import digest
    env = EmberdeepEnv(max_steps=10_000)
    env.reset(seed=6)
    for action in np.random.default_rng(6).integers(len(ACTIONS), size=60):
        env.step(int(action))
    for branch in env.branch(3, reseed=True):
        bot = BotPolicy(branch)
        print(*[digest(branch.step(bot(branch.last))[0]) for _ in range(400)][99::100])
""")


def test_reseeded_branches_differ_by_index_the_same_way_in_every_process() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", BRANCHES],
            capture_output=True, text=True, check=True, cwd=ROOT,
            env={"PYTHONHASHSEED": str(n), "PYTHONPATH": str(ROOT / "src") + ":" + str(ROOT)},
        ).stdout.splitlines()
        for n in (1, 2)
    ]  # fmt: skip
    assert runs[0] == runs[1] and len(runs[0]) == 3
    assert len(set(runs[0])) == 3  # three futures, one per index
    with pytest.raises(ValueError, match="count of branches"):
        EmberdeepEnv().branch(-1)
