"""Emberdeep-v0 under Gymnasium's vector environments: in this process and in others."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest

import emberdeep
from emberdeep.env import ACTIONS, EmberdeepEnv
from emberdeep.env.actions import WAIT
from emberdeep.env.async_vector import (
    EmberdeepAsyncVectorEnv,
    Placement,
    cpus_for,
    layout_for,
    work,
)
from emberdeep.env.observation import KEYS
from emberdeep.env.vector import EmberdeepVectorEnv
from tests.env.helpers import digest


def make() -> EmberdeepEnv:
    return EmberdeepEnv(observation_keys=KEYS, max_steps=3)


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


def batch_digests(observations: dict[str, np.ndarray]) -> list[str]:
    n = len(next(iter(observations.values())))
    return [digest({key: array[i] for key, array in observations.items()}) for i in range(n)]


def singles(seed: int, count: int, actions: np.ndarray) -> list[list[str]]:
    """Each game alone: its digests at reset and after each action (no autoreset needed:
    the games are short of their end)."""
    out = []
    for i in range(count):
        env = EmberdeepEnv()
        seen = [digest(env.reset(seed=seed + i)[0])]
        seen += [digest(env.step(int(a))[0]) for a in actions[:, i]]
        out.append(seen)
    return out


ACTION_ROUNDS = np.random.default_rng(4).integers(len(ACTIONS), size=(40, 3))


@pytest.mark.parametrize("workers", [0, 2])
def test_the_batch_is_each_game_as_it_would_be_alone(workers: int) -> None:
    vector = gymnasium.make_vec("Emberdeep-v0", num_envs=3, workers=workers)
    try:
        observations, infos = vector.reset(seed=10)
        assert infos["_game_seed"].all() and vector.observation_space.contains(observations)
        rounds = [batch_digests(observations)]
        for actions in ACTION_ROUNDS:
            observations, rewards, _terminated, _truncated, infos = vector.step(actions)
            rounds.append(batch_digests(observations))
            assert "_game_seed" not in infos and rewards.shape == (3,)  # none began
        assert [list(game) for game in zip(*rounds, strict=True)] == singles(10, 3, ACTION_ROUNDS)
        assert infos["steps"].tolist() == [40, 40, 40]
    finally:
        vector.close()


def test_the_sync_and_async_kinds_are_registered_with_gymnasium() -> None:
    sync = gymnasium.make_vec("Emberdeep-v0", num_envs=2)
    assert isinstance(sync.unwrapped, EmberdeepVectorEnv) and sync.num_envs == 2
    sync.close()
    spread = gymnasium.make_vec("Emberdeep-v0", num_envs=3, workers=2)
    assert isinstance(spread.unwrapped, EmberdeepAsyncVectorEnv)
    assert spread.unwrapped.rows == [(0, 1), (1, 3)]
    spread.close()


@pytest.mark.parametrize("workers", [0, 1])
def test_an_ended_game_begins_again_on_the_next_step(workers: int) -> None:
    vector = gymnasium.make_vec("Emberdeep-v0", num_envs=2, workers=workers, max_steps=2)
    try:
        _first, infos = vector.reset(seed=3)
        seeds = infos["game_seed"].copy()
        flags = [vector.step(np.array([WAIT, WAIT]))[3].tolist() for _ in range(2)]
        assert flags == [[False, False], [True, True]]
        _observations, rewards, _terminated, truncated, infos = vector.step(np.array([0, 0]))
        assert infos["_game_seed"].all() and not truncated.any() and rewards.tolist() == [0, 0]
        assert (infos["game_seed"] != seeds).all() and infos["steps"].tolist() == [0, 0]
        assert infos["turn"].tolist() == [0, 0]  # the action was not played: a new game
    finally:
        vector.close()


@pytest.mark.parametrize("copy", [True, False])
def test_copy_hands_out_new_arrays_and_no_copy_the_batch_itself(copy: bool) -> None:
    vector = EmberdeepVectorEnv(2, copy=copy)
    first, _ = vector.reset(seed=1)
    second, *_ = vector.step(np.array([WAIT, WAIT]))
    assert np.shares_memory(first["glyph_ids"], second["glyph_ids"]) is not copy


@pytest.mark.parametrize("workers", [0, 2])
def test_bad_actions_are_clear_errors(workers: int) -> None:
    vector = gymnasium.make_vec("Emberdeep-v0", num_envs=2, workers=workers)
    try:
        with pytest.raises(RuntimeError, match="reset"):
            vector.step(np.array([WAIT, WAIT]))
        vector.reset(seed=0)
        with pytest.raises(ValueError, match="expected 2 actions"):
            vector.step(np.array([WAIT]))
        with pytest.raises(ValueError, match="not in Discrete"):
            vector.step(np.array([WAIT, 999]))
        vector.step(np.array([WAIT, WAIT]))  # and it plays on
    finally:
        vector.close()


def affinities(vector: EmberdeepAsyncVectorEnv) -> list[set[int]]:
    return [os.sched_getaffinity(p.pid or 0) for p in vector.processes]


def test_workers_are_pinned_to_cpus_of_their_own_and_freed_when_placement_says() -> None:
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(allowed) < 2:
        pytest.skip("needs two CPUs and the kernel's affinity calls")
    pinned = EmberdeepAsyncVectorEnv(4, workers=2)
    free = EmberdeepAsyncVectorEnv(4, workers=2, pin=False)
    try:
        assert affinities(pinned) == [{allowed[0]}, {allowed[1]}]
        assert affinities(free) == [set(allowed)] * 2 and not free.placement.able
        pinned.reset(seed=0)
        pinned.place(False)
        pinned.step(np.array([WAIT] * 4))
        assert affinities(pinned) == [set(allowed)] * 2
        pinned.place(True)
        pinned.step(np.array([WAIT] * 4))
        assert affinities(pinned) == [{allowed[0]}, {allowed[1]}]
    finally:
        pinned.close()
        free.close()


def placed(placement: Placement, batches: int, pinned_wall: float, free_wall: float) -> str:
    """Feed ``placement`` batches that take ``pinned_wall`` or ``free_wall`` seconds as
    it places them; the placements, "p" or "f" a batch."""
    out = ""
    for _ in range(batches):
        out += "p" if placement.pinned else "f"
        placement.after(pinned_wall if placement.pinned else free_wall)
    return out


def test_placement_keeps_what_is_quicker_and_tries_the_other_ever_more_rarely() -> None:
    window, spell = Placement.WINDOW, Placement.FIRST_SPELL
    quiet = Placement(able=True)  # pinned workers run side by side: quicker
    seen = placed(quiet, window * 2 + spell + window + 2 * spell + window, 0.002, 0.004)
    assert seen == (
        "p" * window + "f" * window + "p" * spell + "f" * window + "p" * 2 * spell + "f" * window
    )
    assert (quiet.pinned_batches, quiet.all_batches) == (window + 3 * spell, len(seen))
    busy = Placement(able=True)  # a pinned worker waits for a CPU another process holds
    seen = placed(busy, window * 2 + spell + window + 10, 0.004, 0.002)
    assert seen == "p" * window + "f" * window + "f" * spell + "p" * window + "f" * 10
    assert placed(Placement(able=False), 500, 0.001, 0.002) == "f" * 500


def test_no_pins_for_one_worker_or_more_workers_than_cpus() -> None:
    assert cpus_for(1) == [None]
    if hasattr(os, "sched_getaffinity"):
        too_many = len(os.sched_getaffinity(0)) + 1
        assert cpus_for(too_many) == [None] * too_many


def test_a_list_of_seeds_reaches_each_worker_as_the_in_process_env_takes_it() -> None:
    seeds = [None, 2**63 + 5, 7]  # None draws a fresh game; the big one must survive the trip
    spread, here = EmberdeepAsyncVectorEnv(3, workers=2), EmberdeepVectorEnv(3)
    try:
        _, spread_infos = spread.reset(seed=seeds)
        _, here_infos = here.reset(seed=seeds)
        assert spread_infos["game_seed"][1:].tolist() == here_infos["game_seed"][1:].tolist()
        assert spread_infos["_game_seed"].all()
    finally:
        spread.close()
        here.close()


def test_games_begun_between_steps_are_the_games_the_in_process_env_begins() -> None:
    """A worker begins an ended game's next game before the next step; it must be the
    game that step (or a reset without seeds) would have drawn, and a seeded reset
    must still win over it."""
    spread = EmberdeepAsyncVectorEnv(3, workers=2, max_steps=2)
    here = EmberdeepVectorEnv(3, max_steps=2)
    waits = np.array([WAIT] * 3)
    try:
        seen = []
        for vector in (spread, here):
            shown = [vector.reset(seed=20)[0]]
            shown += [vector.step(waits)[0] for _ in range(3)]  # the third begins anew
            shown += [vector.step(waits)[0] for _ in range(2)]  # the new games end
            shown.append(vector.reset()[0])  # no seeds: the games begun between
            shown += [vector.step(waits)[0] for _ in range(2)]
            shown.append(vector.reset(seed=[None, 7, None])[0])
            seen.append([batch_digests(batch) for batch in shown])
        assert seen[0] == seen[1]
        assert seen[0][3] != seen[0][2] and seen[0][6] != seen[0][5]  # new games were shown
    finally:
        spread.close()


ORPHANS = """
import os, sys
from emberdeep.env.async_vector import EmberdeepAsyncVectorEnv
first, second = EmberdeepAsyncVectorEnv(2, workers=2), EmberdeepAsyncVectorEnv(2, workers=2)
print(*(p.pid for p in first.processes + second.processes), flush=True)
os._exit(0)  # as if killed: no close(), no clean-up
"""


def test_workers_end_when_their_parent_dies_without_closing() -> None:
    source = str(Path(emberdeep.__file__).parents[1])  # this checkout's, not the venv's
    made = subprocess.run(
        [sys.executable, "-c", ORPHANS],
        env={**os.environ, "PYTHONPATH": source},
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        check=True,
        timeout=120,
    )  # waits for the workers too: they hold the output pipe until they end
    pids = [int(pid) for pid in made.stdout.split()]
    assert len(pids) == 4
    deadline = time.monotonic() + 30  # a liveness bound, not a speed goal
    while any(Path(f"/proc/{pid}").exists() for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in pids if Path(f"/proc/{pid}").exists()]


def test_a_worker_whose_parent_ended_before_it_was_ready_ends() -> None:
    """The race behind the test above: a parent that ends the moment its workers say they
    are ready is gone before a worker could look up who its parent is. A worker told
    that its parent is some other process (as if reparented before its first look)
    must end on its next check, not wait for ever for the process it was handed to."""
    ctx = multiprocessing.get_context("fork")
    probe = EmberdeepEnv(observation_keys=KEYS)
    layout, size = layout_for(probe, 1)
    ours, theirs = ctx.Pipe()
    worker = ctx.Process(
        target=work,
        args=(ctx.RawArray("b", size), layout, (0, 1), theirs),
        kwargs={"cpu": None, "env_kwargs": {}, "parent": os.getppid()},  # not its parent
        daemon=True,
    )
    worker.start()
    theirs.close()
    try:
        assert ours.poll(60) and ours.recv_bytes() == b""  # ready
        worker.join(timeout=30)  # a liveness bound, not a speed goal
        assert worker.exitcode == 0
    finally:
        if worker.is_alive():
            worker.kill()
        ours.close()


def same_infos(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    """Equal keys and values, arrays compared as lists (events as JSON reads them)."""
    assert set(ours) == set(theirs)
    for key, value in theirs.items():
        if isinstance(value, dict):
            same_infos(ours[key], value)
        else:
            assert ours[key].dtype == value.dtype, key
            assert json.loads(json.dumps(ours[key].tolist())) == json.loads(
                json.dumps(value.tolist())
            ), key


@pytest.mark.parametrize("workers", [0, 2])
def test_infos_are_laid_out_as_gymnasiums_vector_envs_lay_them_out(workers: int) -> None:
    def short() -> EmberdeepEnv:
        return EmberdeepEnv(max_steps=6)

    theirs = gymnasium.vector.SyncVectorEnv([short, short, short])
    ours = gymnasium.make_vec("Emberdeep-v0", num_envs=3, workers=workers, max_steps=6)
    try:
        same_infos(ours.reset(seed=4)[1], theirs.reset(seed=4)[1])
        keys = set()
        for actions in ACTION_ROUNDS[:20]:
            our_infos, their_infos = ours.step(actions)[4], theirs.step(actions)[4]
            same_infos(our_infos, their_infos)
            keys |= set(our_infos)
        assert {"refused", "_refused", "events", "reward_parts", "game_seed"} <= keys
    finally:
        ours.close()
        theirs.close()
