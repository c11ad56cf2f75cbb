"""``EmberdeepAsyncVectorEnv``: N games split over worker processes, batched in shared memory.

Gymnasium's ``AsyncVectorEnv`` runs one game per worker and sends every step's action,
reward and info through a pipe, so on a fast game the messages cost about what the game
does and a second core buys little. Here each worker plays a share of the games
(``vector.Games``) straight into its rows of one shared block that holds the whole
batch (observations, actions, rewards, flags, infos); a step is one short message to
each worker and one back, whatever the number of games. The workers run at the same
time, so the step takes as long as the slowest worker's share.

``gymnasium.make_vec("Emberdeep-v0", num_envs=N, workers=W)`` makes one. Games are
dealt in order: with 8 games and 2 workers, worker 0 plays games 0-3. A game's results
do not depend on which worker plays it (each game is its own seeded world).
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import multiprocessing.connection
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


def work(
    block: Any,
    layout: Layout,
    rows: tuple[int, int],
    pipe: multiprocessing.connection.Connection,
    env_kwargs: dict[str, Any],
) -> None:
    """A worker: plays games ``rows`` in the shared block on the parent's word
    ("reset" with seeds, "step", "close"), answering ("ok", "") or ("error", why)."""
    try:
        arrays = views(block, layout, slice(*rows))
        games = _games(arrays, rows[1] - rows[0], env_kwargs)
        pipe.send(("ok", ""))
    except Exception as exc:
        pipe.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    actions = arrays["actions"]
    while True:
        try:
            command, argument = pipe.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if command == "close":
            pipe.send(("ok", ""))
            return
        try:
            if command == "reset":
                games.reset(argument)
            else:
                games.step(actions.tolist())
            pipe.send(("ok", ""))
        except Exception as exc:
            detail = traceback.format_exception_only(exc)[-1].strip()
            pipe.send(("error", detail))


class EmberdeepAsyncVectorEnv(gymnasium.vector.VectorEnv[Observation, NDArray[np.int64], Any]):
    """``num_envs`` games of Emberdeep-v0 over ``workers`` processes (see the module's
    notes); otherwise as ``EmberdeepVectorEnv``: the same observations, infos, autoreset
    and ``copy``. ``context`` is a multiprocessing start method ("fork", "spawn",
    "forkserver"; the platform's default if None)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        workers: int = 2,
        copy: bool = True,
        context: str | None = None,
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
        for rows in self.rows:
            ours, theirs = ctx.Pipe()
            process = ctx.Process(
                target=work, args=(self.block, layout, rows, theirs, env_kwargs), daemon=True
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
            pipe.send(("reset", seeds[lo:hi]))
        self.wait_all()
        self.started = True
        return self.handed(), {k: a.copy() for k, a in self.infos.items()}

    def step(self, actions: NDArray[np.int64]) -> Batch:
        if not self.started:
            raise RuntimeError("call reset() before step()")
        self.arrays["actions"][:] = checked_actions(actions, self.num_envs)
        for pipe in self.pipes:
            pipe.send(("step", None))
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
                status, detail = pipe.recv()
            except EOFError:
                problems.append(f"worker {number} has stopped")
                continue
            if status != "ok":
                problems.append(f"worker {number}: {detail}")
        if problems:
            if all("ValueError" in p for p in problems):
                raise ValueError("; ".join(problems))
            raise RuntimeError("; ".join(problems))

    def close_extras(self, **kwargs: Any) -> None:
        for pipe in self.pipes:
            with contextlib.suppress(BrokenPipeError, OSError):
                pipe.send(("close", None))
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():
                process.terminate()
                process.join(timeout=5)
        for pipe in self.pipes:
            pipe.close()
