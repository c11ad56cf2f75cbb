"""``EmberdeepAsyncVectorEnv``: N games split over worker processes, batched in shared memory.

Gymnasium's ``AsyncVectorEnv`` runs one game per worker and sends every step's action,
reward and info through a pipe, so on a fast game the messages cost about what the game
does and a second core buys little. Here each worker plays a share of the games
(``vector.Games``) straight into its rows of one shared block that holds the whole
batch (observations, actions, rewards, flags, infos); a step is one short message to
each worker and one back, whatever the number of games. The workers run at the same
time, so the step takes as long as the slowest worker's share.

Each worker is pinned to a CPU of its own (``pin``, when there are no more workers than
CPUs this process may use): a step's work comes in bursts of a millisecond or two, and a
kernel that packs short bursts onto few CPUs (as the small VMs this was measured on do)
otherwise put both workers on the parent's CPU, one after the other, on 298 steps of
300: two workers gave 1.08 times one's throughput. The messages are bytes (no pickling):
"step", "close", "reset" with the seeds as JSON; a worker answers b"" or what went wrong.

``gymnasium.make_vec("Emberdeep-v0", num_envs=N, workers=W)`` makes one. Games are
dealt in order: with 8 games and 2 workers, worker 0 plays games 0-3. A game's results
do not depend on which worker plays it (each game is its own seeded world).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import multiprocessing
import multiprocessing.connection
import os
import traceback
from multiprocessing.sharedctypes import SynchronizedArray
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from emberdeep.env.environment import EmberdeepEnv
from emberdeep.env.observation import Observation
from emberdeep.env.vector import Batch, Games, Seeds, checked_actions, info_arrays, seeds_for

Layout = list[tuple[str, str, tuple[int, ...], int]]
"""(name, dtype, shape, offset) of each array in the shared block."""
ALIGN = 64
REPLY_SECONDS = 600.0
"""How long to wait for a worker's answer before calling it lost."""


def layout_for(probe: EmberdeepEnv, num_envs: int) -> tuple[Layout, int]:
    """Where each batched array lives in the shared block, and the block's size."""
    arrays: list[tuple[str, np.dtype[Any], tuple[int, ...]]] = [
        (f"obs.{key}", np.dtype(space.dtype), (num_envs, *space.shape))  # type: ignore[misc]
        for key, space in probe.observer.space.items()
    ]
    arrays += [
        ("actions", np.dtype(np.int64), (num_envs,)),
        ("rewards", np.dtype(np.float64), (num_envs,)),
        ("terminated", np.dtype(np.bool_), (num_envs,)),
        ("truncated", np.dtype(np.bool_), (num_envs,)),
    ]
    arrays += [(f"info.{k}", a.dtype, a.shape) for k, a in info_arrays(num_envs).items()]
    layout, offset = [], 0
    for name, dtype, shape in arrays:
        layout.append((name, dtype.str, shape, offset))
        size = int(np.prod(shape)) * dtype.itemsize
        offset += (size + ALIGN - 1) // ALIGN * ALIGN
    return layout, offset


def views(block: Any, layout: Layout, rows: slice) -> dict[str, NDArray[Any]]:
    """Numpy views of ``rows`` of each array in the shared ``block`` (no copies)."""
    memory = np.frombuffer(block, dtype=np.uint8)
    out = {}
    for name, dtype, shape, offset in layout:
        size = int(np.prod(shape)) * np.dtype(dtype).itemsize
        array = memory[offset : offset + size].view(dtype).reshape(shape)
        out[name] = array[rows]
    return out


def _games(arrays: dict[str, NDArray[Any]], count: int, env_kwargs: dict[str, Any]) -> Games:
    observations = {k.removeprefix("obs."): a for k, a in arrays.items() if k.startswith("obs.")}
    infos = {k.removeprefix("info."): a for k, a in arrays.items() if k.startswith("info.")}
    return Games(
        count, observations, rewards=arrays["rewards"], terminated=arrays["terminated"],
        truncated=arrays["truncated"], infos=infos, **env_kwargs,
    )  # fmt: skip


def cpus_for(workers: int) -> list[int | None]:
    """The CPU each worker is pinned to: its own, from those this process may use, or
    None for all when the kernel has no affinity calls, one worker cannot be stacked on
    another, or there are more workers than CPUs (then the kernel places them)."""
    if workers < 2 or not hasattr(os, "sched_getaffinity"):
        return [None] * workers
    allowed = sorted(os.sched_getaffinity(0))
    if workers > len(allowed):
        return [None] * workers
    return list(allowed[:workers])


def work(
    block: Any,
    layout: Layout,
    rows: tuple[int, int],
    pipe: multiprocessing.connection.Connection,
    *,
    cpu: int | None,
    env_kwargs: dict[str, Any],
) -> None:
    """A worker: plays games ``rows`` in the shared block on the parent's word (b"step",
    b"reset" and the seeds as JSON, b"close"), answering b"" or what went wrong."""
    try:
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})
        arrays = views(block, layout, slice(*rows))
        games = _games(arrays, rows[1] - rows[0], env_kwargs)
        pipe.send_bytes(b"")
    except Exception as exc:
        pipe.send_bytes(f"{type(exc).__name__}: {exc}".encode())
        return
    actions = arrays["actions"]
    while True:
        try:
            command = pipe.recv_bytes()
        except (EOFError, KeyboardInterrupt):
            return
        if command == b"close":
            pipe.send_bytes(b"")
            return
        try:
            if command == b"step":
                games.step(actions.tolist())
            else:
                games.reset(json.loads(command.removeprefix(b"reset")))
            pipe.send_bytes(b"")
        except Exception as exc:
            pipe.send_bytes(traceback.format_exception_only(exc)[-1].strip().encode())


class EmberdeepAsyncVectorEnv(gymnasium.vector.VectorEnv[Observation, NDArray[np.int64], Any]):
    """``num_envs`` games of Emberdeep-v0 over ``workers`` processes (see the module's
    notes); otherwise as ``EmberdeepVectorEnv``: the same observations, infos, autoreset
    and ``copy``. ``context`` is a multiprocessing start method ("fork", "spawn",
    "forkserver"; the platform's default if None); ``pin=False`` leaves the workers'
    placement to the kernel (see the module's notes)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        workers: int = 2,
        copy: bool = True,
        context: str | None = None,
        pin: bool = True,
        **env_kwargs: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a positive integer, not {workers!r}")
        workers = min(workers, num_envs)
        self.num_envs, self.copy = num_envs, copy
        probe = EmberdeepEnv(**env_kwargs)
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        layout, size = layout_for(probe, num_envs)
        ctx: Any = multiprocessing.get_context(context)
        self.block: SynchronizedArray[Any] | Any = ctx.RawArray("b", size)
        self.arrays = views(self.block, layout, slice(None))
        self.buffers = {k[4:]: a for k, a in self.arrays.items() if k.startswith("obs.")}
        self.infos = {k[5:]: a for k, a in self.arrays.items() if k.startswith("info.")}
        bounds = np.linspace(0, num_envs, workers + 1).astype(int).tolist()
        self.rows = list(itertools.pairwise(bounds))
        self.pipes: list[multiprocessing.connection.Connection] = []
        self.processes: list[multiprocessing.process.BaseProcess] = []
        self.closed = False
        self.cpus = cpus_for(workers) if pin else [None] * workers
        for rows, cpu in zip(self.rows, self.cpus, strict=True):
            ours, theirs = ctx.Pipe()
            process = ctx.Process(
                target=work,
                args=(self.block, layout, rows, theirs),
                kwargs={"cpu": cpu, "env_kwargs": env_kwargs},
                daemon=True,
            )
            process.start()
            theirs.close()
            self.pipes.append(ours)
            self.processes.append(process)
        self.wait_all()
        self.started = False

    def reset(
        self,
        *,
        seed: Seeds = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observation, dict[str, Any]]:
        seeds = seeds_for(seed, self.num_envs)
        for pipe, (lo, hi) in zip(self.pipes, self.rows, strict=True):
            pipe.send_bytes(b"reset" + json.dumps(seeds[lo:hi]).encode())
        self.wait_all()
        self.started = True
        return self.handed(), {k: a.copy() for k, a in self.infos.items()}

    def step(self, actions: NDArray[np.int64]) -> Batch:
        if not self.started:
            raise RuntimeError("call reset() before step()")
        self.arrays["actions"][:] = checked_actions(actions, self.num_envs)
        for pipe in self.pipes:
            pipe.send_bytes(b"step")
        self.wait_all()
        rewards, terminated, truncated = (
            self.arrays[k] for k in ("rewards", "terminated", "truncated")
        )
        if self.copy:
            rewards, terminated, truncated = rewards.copy(), terminated.copy(), truncated.copy()
        infos = {k: a.copy() for k, a in self.infos.items()}
        return self.handed(), rewards, terminated, truncated, infos

    def handed(self) -> Observation:
        if self.copy:
            return {key: array.copy() for key, array in self.buffers.items()}
        return dict(self.buffers)

    def wait_all(self) -> None:
        """Every worker's answer; the first error is raised (as ``RuntimeError``, or
        ``ValueError`` for a bad action), after all have answered."""
        problems = []
        for number, pipe in enumerate(self.pipes):
            if not pipe.poll(REPLY_SECONDS):
                problems.append(f"worker {number} did not answer")
                continue
            try:
                detail = pipe.recv_bytes()
            except EOFError:
                problems.append(f"worker {number} has stopped")
                continue
            if detail:
                problems.append(f"worker {number}: {detail.decode()}")
        if problems:
            if all("ValueError" in p for p in problems):
                raise ValueError("; ".join(problems))
            raise RuntimeError("; ".join(problems))

    def close_extras(self, **kwargs: Any) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(BrokenPipeError, OSError):
                pipe.send_bytes(b"close")
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)
        for pipe in self.pipes:
            pipe.close()
