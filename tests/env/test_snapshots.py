"""Snapshots, restores and branches: the same actions from a restored state see the same
things; a damaged snapshot is refused with a reason and changes nothing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from emberdeep import bounds
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.actions import WAIT
from emberdeep.env.observation import KEYS
from emberdeep.env.snapshots import REMEMBERED, RestoreError
from emberdeep.session.game import GameSetup
from emberdeep.session.setup import floor_builder
from emberdeep.storage import saves
from tests.env.helpers import digest

ROOT = Path(__file__).resolve().parents[2]


def played(seed: int, steps: int, env: EmberdeepEnv | None = None) -> EmberdeepEnv:
    env = env or EmberdeepEnv(observation_keys=KEYS, max_steps=10_000)
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
    elsewhere = EmberdeepEnv(observation_keys=KEYS, max_steps=10_000)
    # (never reset: a restore is a start)
    assert digest(elsewhere.restore(data)) == digest(observation)
    assert future(elsewhere, actions) == first


def test_a_restore_keeps_the_step_count_and_the_messages() -> None:
    env = EmberdeepEnv(observation_keys=KEYS, max_steps=125)
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
    assert info.log == tuple(env.kept_log())


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


def test_a_branch_is_what_restoring_a_snapshot_gives() -> None:
    env = played(8, 150)
    restored = EmberdeepEnv(observation_keys=KEYS, max_steps=10_000)
    observation = restored.restore(env.snapshot())
    (branch,) = env.branch(1)
    assert digest(branch.last) == digest(observation) == digest(env.last)
    assert (branch.steps, branch.log, branch.last_refused) == (
        restored.steps, restored.log, restored.last_refused,
    )  # fmt: skip
    assert branch.game.state_hash() == restored.game.state_hash()
    actions = np.random.default_rng(8).integers(len(ACTIONS), size=150).tolist()
    assert future(branch, actions) == future(restored, actions)
    assert branch.game.state_hash() != env.game.state_hash()  # the parent stayed behind


def test_a_snapshot_restored_again_and_again_is_the_same_game_each_time() -> None:
    """From the third time on the game is a copy of the checked one: playing a copy
    changes neither that one nor the next copy."""
    env = played(4, 100)
    data = env.snapshot()
    actions = np.random.default_rng(3).integers(len(ACTIONS), size=120).tolist()
    first = digest(env.restore(data)), future(env, actions)
    for _ in range(4):
        assert (digest(env.restore(data)), future(env, actions)) == first
    assert len(env.verified) == 1


def changed_snapshot(env: EmberdeepEnv, **extra: object) -> bytes:
    """``env``'s snapshot with the same world but other counters."""
    counters = {"steps": env.steps, "refused": "", "truncated": False} | extra
    info = saves.current_info("auto", log=tuple(env.kept_log()))
    return saves.encode(env.game, info, level=1, extra=counters)


def flipped(data: bytes, at: int) -> bytes:
    """``data`` with one bit of its byte ``at`` flipped."""
    damaged = bytearray(data)
    damaged[at] ^= 1
    return bytes(damaged)


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda data: data[:-10], "cut short"),
        (lambda data: flipped(data, -100), "damaged"),
        (lambda data: flipped(data, -1), "damaged"),  # the checksum
        (lambda data: flipped(data, 0), "not an Emberdeep save"),
        (lambda data: flipped(data, len(data) // 2), "damaged"),
        (lambda data: data + b"\0", "damaged"),
    ],
)
def test_bytes_apart_from_a_snapshot_restored_before_are_checked_afresh(
    damage: object, reason: str
) -> None:
    env = played(3, 40)
    data = env.snapshot()
    for _ in range(3):  # checked twice, then copied
        env.restore(data)
    state = env.game.state_hash()
    with pytest.raises(RestoreError, match=reason):
        env.restore(damage(data))  # type: ignore[operator]
    assert env.game.state_hash() == state


def test_the_same_world_with_other_counters_is_another_snapshot() -> None:
    """Copies are made only from bytes equal to checked ones: the same world with a bad
    step count is refused, with a good one its own counters come back."""
    env = played(3, 40)
    data = env.snapshot()
    for _ in range(3):
        env.restore(data)
    with pytest.raises(RestoreError, match="steps"):
        env.restore(changed_snapshot(env, steps=-1))
    for _ in range(3):
        env.restore(changed_snapshot(env, steps=7, truncated=True))
        assert (env.steps, env.truncated) == (7, True)
        env.restore(data)
        assert (env.steps, env.truncated) == (40, False)


def test_a_game_kept_with_one_content_is_not_copied_for_another() -> None:
    env = played(3, 30)
    data = env.snapshot()
    for _ in range(3):
        env.restore(data)
    other = floor_builder(env.settings, env.content)  # alike, but another
    restored = env.verified.decode(data, env.content, other)
    assert restored.world.build_floor is other  # loaded with it, not copied
    assert restored.world.state_hash() == env.game.state_hash()


def test_the_snapshots_remembered_are_few() -> None:
    env = played(3, 10)
    for _ in range(2 * REMEMBERED):
        env.step(WAIT)
        data = env.snapshot()
        env.restore(data)
        env.restore(data)
    assert len(env.verified) == REMEMBERED


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
        EmberdeepEnv(observation_keys=KEYS).branch(-1)


def rewritten(data: bytes, change: Callable[[dict[str, Any]], object]) -> bytes:
    """A one-section snapshot (a depth-1 game) with its payload changed by ``change``."""
    payload = saves.decode_payload(data)
    assert "kept" not in payload["world"]
    change(payload)
    body = zlib.compress(bounds.to_json(payload))
    return data[: data.index(b"sections ")] + b"sections %d\n" % len(body) + body


def _as_bool(payload: dict[str, Any]) -> None:
    """A 0 or 1 in the journal's first command that holds one becomes false or true."""
    for command in payload["world"]["journal"]["commands"]:
        for n, value in enumerate(command):
            if type(value) is int and value in (0, 1):
                command[n] = bool(value)
                return
    raise AssertionError("no command holds a 0 or a 1")


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda p: p["log"].append(["You wait.\x1b[2J", "info", 1]), "log line"),
        (lambda p: p["log"].append(["You wait.", "info", 1.0]), "log line"),
        (_as_bool, "journal"),
        (lambda p: p["world"]["journal"]["commands"][0].append(1.0), "journal"),
        (lambda p: p["world"]["journal"]["commands"].append(["s", "m", 5, 0]), "journal"),
    ],
)
def test_a_snapshot_with_a_damaged_log_or_journal_is_refused(
    change: Callable[[dict[str, Any]], object], reason: str
) -> None:
    """After restoring a snapshot of the same game (its journal and log checked, the
    journal's JSON remembered), one whose log or journal differs in a bad way is still
    refused: a value of another type within the journal's known commands too."""
    env = played(3, 40)
    data = env.snapshot()
    env.restore(data)
    env.step(WAIT)
    assert env.restore(rewritten(env.snapshot(), lambda p: None)) is not None  # rewriting
    state = env.game.state_hash()
    with pytest.raises(RestoreError, match=reason):
        env.restore(rewritten(env.snapshot(), change))
    assert env.game.state_hash() == state
