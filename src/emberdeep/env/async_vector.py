"""``EmberdeepAsyncVectorEnv``: N games split over worker processes, batched in shared memory.

Gymnasium's ``AsyncVectorEnv`` runs one game per worker and sends every step's action,
reward and info through a pipe, so on a fast game the messages cost about what the game
does and a second core buys little. Here each worker plays a share of the games
(``vector.Games``) straight into its rows of one shared block that holds the whole
batch (observations, actions, rewards, flags, infos); a step is one short message to
each worker and one back, whatever the number of games. The workers run at the same
time, so the step takes as long as the slowest worker's share; a new game costs as much
as nine steps, so a worker begins the next games of those that ended while it waits for
the next step (``Games.prepare``), not in the step that shows them.

Where the workers run matters as much. A step's work comes in bursts of a millisecond or
two, and a kernel that packs short bursts onto few CPUs (as the small VMs this was
measured on do: ``sched_vcpu_pack``) put both workers on the parent's CPU, one after the
other, on 298 steps of 300: two workers gave 1.08 times one's throughput. So each worker
is pinned to a CPU of its own (``pin``; not with one worker, or more workers than CPUs).
But a pinned worker cannot leave a CPU that another process holds: on a busy machine it
waits there (8 ms at the 90th percentile) while another CPU may be free, and pinned
workers did worse than free ones (0.65 against 0.98 times one worker's throughput with
one CPU held by another process); and unpinned workers are not always stacked. So
``Placement`` tries both and keeps the one whose batches took less wall time, trying
the other again now and then.

The messages are bytes (no pickling): b"step" (b"step+" pins first, b"step-" frees),
b"reset" with the seeds as JSON, b"close"; a worker answers b"" (ready, closed), b"="
and its games' refusals and events as JSON (a step, a reset: the infos' texts and lists,
which shared memory does not hold), or what went wrong.

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
import time
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
from emberdeep.env.vector import (
    Batch,
    Games,
    Seeds,
    checked_actions,
    gym_infos,
    info_arrays,
    seeds_for,
)

Layout = list[tuple[str, str, tuple[int, ...], int]]
"""(name, dtype, shape, offset) of each array in the shared block."""
ALIGN = 64
REPLY_SECONDS = 600.0
"""How long to wait for a worker's answer before calling it lost."""
ORPHAN_SECONDS = 1.0
"""How often a waiting worker checks that its parent lives: forked after it, a sibling
holds the parent's end of its pipe open too, so a killed parent sends no end of file
and the workers would wait forever."""


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
    parent: int,
) -> None:
    """A worker process: plays games ``rows`` in the shared block on the word of process
    ``parent`` (see the module's notes), pinned to ``cpu`` unless told to run free. The
    parent's pid is handed over rather than read here: a parent that ended as soon as
    its workers were ready had already gone when they read it, and its orphans then
    took their new parent for it and waited for ever."""
    try:
        worker = Worker(views(block, layout, slice(*rows)), rows[1] - rows[0], cpu, env_kwargs)
        pipe.send_bytes(b"")
    except Exception as exc:
        pipe.send_bytes(f"{type(exc).__name__}: {exc}".encode())
        return
    while True:
        try:
            while not pipe.poll(ORPHAN_SECONDS):
                if os.getppid() != parent:
                    return
            command = pipe.recv_bytes()
        except (EOFError, KeyboardInterrupt):
            return
        pipe.send_bytes(worker.answer(command))
        if command == b"close":
            return
        worker.between()


class Worker:
    """A worker's games and where it runs; ``failed`` is what went wrong ``between``
    steps, the answer to the next command."""

    def __init__(
        self, arrays: dict[str, NDArray[Any]], count: int, cpu: int | None, env_kwargs: Any
    ) -> None:
        self.cpu, self.anywhere = cpu, os.sched_getaffinity(0) if cpu is not None else set()
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})
        self.games = _games(arrays, count, env_kwargs)
        self.actions = arrays["actions"]
        self.failed = b""

    def answer(self, command: bytes) -> bytes:
        if self.failed:
            return self.failed
        try:
            if command.startswith(b"step"):
                if self.cpu is not None and command != b"step":
                    pinned = command == b"step+"
                    os.sched_setaffinity(0, {self.cpu} if pinned else self.anywhere)
                self.games.step(self.actions.tolist())
            elif command.startswith(b"reset"):
                self.games.reset(json.loads(command.removeprefix(b"reset")))
            else:
                return b""
            return b"=" + json.dumps([self.games.refused, self.games.events]).encode()
        except Exception as exc:
            return traceback.format_exception_only(exc)[-1].strip().encode()

    def between(self) -> None:
        """Use the wait for the next command: begin the next games of those that ended."""
        self.failed = b""
        try:
            self.games.prepare()
        except Exception as exc:
            problem = traceback.format_exception_only(exc)[-1].strip()
            self.failed = f"beginning a new game: {problem}".encode()


class Placement:
    """Whether the workers run pinned or free: whichever took less wall time over
    ``WINDOW`` batches, the one in use (its last ``WINDOW`` batches) against a trial of
    the other right after. The first trial comes after ``WINDOW`` batches; then every
    ``spell`` batches, from ``FIRST_SPELL``, doubled while trials lose (up to
    ``MAX_SPELL``: a trial of the worse placement costs little), back to ``FIRST_SPELL``
    when one wins (the machine's load has changed). ``pinned_batches`` of
    ``all_batches`` were stepped pinned (for the bench's note)."""

    WINDOW = 8
    FIRST_SPELL = 200
    MAX_SPELL = 3200

    def __init__(self, able: bool) -> None:
        self.able = able
        self.pinned = able
        self.spell = self.WINDOW
        self.trial = False
        self.batches = 0
        self.wall = self.kept_wall = 0.0
        self.pinned_batches = self.all_batches = 0

    def after(self, wall: float) -> bool | None:
        """Count a batch's wall time; the placement the next step should ask for (True
        pinned, False free), or None to keep it as it is."""
        if not self.able:
            return None
        self.all_batches += 1
        self.pinned_batches += self.pinned
        self.batches += 1
        if self.trial:
            return self.judge(wall)
        if self.batches > self.spell - self.WINDOW:
            self.wall += wall
        if self.batches < self.spell:
            return None
        self.kept_wall, self.wall = self.wall, 0.0
        self.trial, self.batches, self.pinned = True, 0, not self.pinned
        return self.pinned

    def judge(self, wall: float) -> bool | None:
        """A trial's batch: at its end, keep the trial's placement if it was quicker,
        else go back."""
        self.wall += wall
        if self.batches < self.WINDOW:
            return None
        won = self.wall < self.kept_wall
        self.trial, self.batches, self.wall = False, 0, 0.0
        if won:
            self.spell = self.FIRST_SPELL
            return None
        self.spell = min(max(self.spell * 2, self.FIRST_SPELL), self.MAX_SPELL)
        self.pinned = not self.pinned
        return self.pinned


class WorkerLostError(RuntimeError):
    """A worker process of an ``EmberdeepAsyncVectorEnv`` is gone (killed, out of
    memory): the message names it, its process and its games."""


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
        self.refused: list[str] = [""] * num_envs
        self.events: list[Any] = [[] for _ in range(num_envs)]
        """Each game's last refusal and events, as its worker answered them."""
        self.pipes: list[multiprocessing.connection.Connection] = []
        self.processes: list[multiprocessing.process.BaseProcess] = []
        self.closed = False
        self.cpus = cpus_for(workers) if pin else [None] * workers
        self.placement = Placement(able=self.cpus[0] is not None)
        self.command = b"step"
        for rows, cpu in zip(self.rows, self.cpus, strict=True):
            ours, theirs = ctx.Pipe()
            process = ctx.Process(
                target=work,
                args=(self.block, layout, rows, theirs),
                kwargs={"cpu": cpu, "env_kwargs": env_kwargs, "parent": os.getpid()},
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
        for number, (lo, hi) in enumerate(self.rows):
            self.send(number, b"reset" + json.dumps(seeds[lo:hi]).encode())
        self.wait_all()
        self.started = True
        return self.handed(), gym_infos(self.infos, self.refused, self.events)

    def step(self, actions: NDArray[np.int64]) -> Batch:
        if not self.started:
            raise RuntimeError("call reset() before step()")
        self.arrays["actions"][:] = checked_actions(actions, self.num_envs)
        start = time.perf_counter()
        for number in range(len(self.pipes)):
            self.send(number, self.command)
        self.wait_all()
        self.place(self.placement.after(time.perf_counter() - start))
        rewards, terminated, truncated = (
            self.arrays[k] for k in ("rewards", "terminated", "truncated")
        )
        if self.copy:
            rewards, terminated, truncated = rewards.copy(), terminated.copy(), truncated.copy()
        infos = gym_infos(self.infos, self.refused, self.events)
        return self.handed(), rewards, terminated, truncated, infos

    def handed(self) -> Observation:
        if self.copy:
            return {key: array.copy() for key, array in self.buffers.items()}
        return dict(self.buffers)

    def place(self, pinned: bool | None) -> None:
        """Have the next step pin the workers (True) or free them (False); None: as now."""
        self.command = b"step" if pinned is None else b"step+" if pinned else b"step-"

    def send(self, number: int, message: bytes) -> None:
        """``message`` to worker ``number``; ``WorkerLostError`` if it is gone (a pipe whose
        other end closed raises ``BrokenPipeError``, which names nobody)."""
        try:
            self.pipes[number].send_bytes(message)
        except OSError:  # BrokenPipeError, ConnectionResetError, a closed pipe
            raise WorkerLostError(self.gone(number)) from None

    def gone(self, number: int) -> str:
        """What to say of worker ``number``, which stopped answering."""
        process, (lo, hi) = self.processes[number], self.rows[number]
        process.join(timeout=1)
        code = process.exitcode
        how = "is still running" if code is None else f"exit code {code}"
        return (
            f"worker {number} (process {process.pid}, games {lo}-{hi - 1}) has stopped "
            f"({how}); its games are lost: close this vector env and make another"
        )

    def wait_all(self) -> None:
        """Every worker's answer (its games' refusals and events into ``refused`` and
        ``events``); the first error is raised (as ``RuntimeError``, or ``ValueError``
        for a bad action), after all have answered."""
        problems = []
        for number, pipe in enumerate(self.pipes):
            if not pipe.poll(REPLY_SECONDS):
                problems.append(f"worker {number} did not answer")
                continue
            try:
                detail = pipe.recv_bytes()
            except (EOFError, OSError):
                raise WorkerLostError(self.gone(number)) from None
            if detail.startswith(b"="):
                lo, hi = self.rows[number]
                self.refused[lo:hi], self.events[lo:hi] = json.loads(detail[1:])
            elif detail:
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
