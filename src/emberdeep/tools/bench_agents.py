"""``emberdeep bench``'s figures for the agent platform beyond a single step: snapshots,
restores and branches, the text environment's step, the vector environments' throughput
with one and two worker processes, and, with ``--compare-nle`` where ``nle`` is installed, NetHack's
``NetHackScore-v0`` stepped in the same run.

Throughput is measured on the wall clock (workers run beside the caller), each figure a
block of batches' time divided by the game steps in it: a game step's share. The NLE
comparison takes process CPU time in interleaved rounds (ours, then NLE's, and again),
so a busy moment on a shared machine weighs on both alike.
"""

from __future__ import annotations

import importlib
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from emberdeep.engine.core import rng
from emberdeep.tools.bench_report import Figure, Report, figure

SNAPSHOT_TARGET_MS = 1.0
"""Snapshot, restore and a branch of a depth-1 game: at most 1 ms each."""
VECTOR_RATIO_TARGET = 1.7
"""Two workers on two cores give at least 1.7 times one worker's throughput."""
GAMES_PER_WORKER = 8
VECTOR_BLOCK = 10
"""Batches in a timed block of the vector figures."""
WARM = 20
"""Batches played before the vector figures' timing: the first after a reset are not the
steady state (caches; the async env tries its workers pinned and free, 16 batches, once
per env, where a long run spends 8 batches in 3200 on such trials)."""
NLE_ID = "NetHackScore-v0"


def _timed(fn: Callable[[int], object], runs: int) -> list[float]:
    fn(-1)
    samples = []
    for i in range(runs):
        start = time.perf_counter_ns()
        fn(i)
        samples.append((time.perf_counter_ns() - start) / 1e6)
    return samples


def snapshot_figures(runs: int) -> list[Figure]:
    """A depth-1 game 100 steps in: ``snapshot()``, ``restore(data)`` (of one snapshot
    again and again, as a search does: from the third time a copy of the checked game),
    ``branch(1)``; and, with no target, the restore of a snapshot never restored before
    (every check: the same game, each with another step count)."""
    from emberdeep.env import ACTIONS, EmberdeepEnv

    env = EmberdeepEnv(max_steps=100_000)
    env.reset(seed=0)
    for action in rng.stream(0, "bench-snapshot").integers(len(ACTIONS), size=100).tolist():
        env.step(action)
    data = env.snapshot()
    figures = [
        figure("env snapshot, depth 1", _timed(lambda _: env.snapshot(), runs),
               SNAPSHOT_TARGET_MS),
        figure("env restore, depth 1", _timed(lambda _: env.restore(data), runs),
               SNAPSHOT_TARGET_MS),
        figure("env branch(1), depth 1", _timed(lambda _: env.branch(1), max(runs // 4, 5)),
               SNAPSHOT_TARGET_MS),
    ]  # fmt: skip
    fresh = []
    for n in range(runs + 1):
        env.steps = 100 + n  # the same game in other bytes: checked afresh
        fresh.append(env.snapshot())
    name = "env restore, depth 1, a snapshot not restored before"
    figures.append(figure(name, _timed(lambda i: env.restore(fresh[i + 1]), runs), None))
    return figures


def text_figures(runs: int) -> list[Figure]:
    """``Emberdeep-Text-v0``: a step with a move command (parse, play, the words)."""
    from emberdeep.env.text_env import EmberdeepTextEnv

    env = EmberdeepTextEnv(max_steps=1_000_000)
    env.reset(seed=0)
    names = ("north", "south", "east", "west", "north-east", "south-west", "wait")
    picks = rng.stream(0, "bench-text").integers(len(names), size=runs + 1).tolist()

    def step(i: int) -> None:
        env.step(f"move {names[picks[i]]}" if names[picks[i]] != "wait" else "wait")

    return [figure("text env step, a move or wait command", _timed(step, runs), None)]


@dataclass
class _VectorRun:
    """One vector env of the vector figures: its batches' moves, and what its blocks of
    batches took (wall time, the workers' CPU time, game steps)."""

    workers: int
    vector: Any
    moves: Any
    shares: list[float] = field(default_factory=list)
    seconds: float = 0.0
    worker_seconds: float = 0.0
    steps: int = 0
    batch: int = 0

    @property
    def games(self) -> int:
        return int(self.moves.shape[1])

    def block(self, batches: int) -> float:
        """Play ``batches`` batches; their wall time in seconds, kept as a sample of a game
        step's share."""
        pids = [p.pid for p in getattr(self.vector.unwrapped, "processes", [])]
        cpu = _cpu_seconds(pids)
        start = time.perf_counter()
        for _ in range(batches):
            self.batch += 1
            self.vector.step(self.moves[self.batch])
        took = time.perf_counter() - start
        used = _cpu_seconds(pids)
        self.worker_seconds += used - cpu if used is not None and cpu is not None else 0.0
        self.seconds, self.steps = self.seconds + took, self.steps + batches * self.games
        self.shares.append(took * 1000 / (batches * self.games))
        return took

    @property
    def share_ms(self) -> float:
        """A game step's share of the wall time over all blocks: throughput, inverted."""
        return self.seconds * 1000 / self.steps


def _cpu_seconds(pids: list[int]) -> float | None:
    """The CPU time these processes have run, from Linux's ``/proc/PID/schedstat``
    (nanoseconds, unlike ``stat``'s 10 ms ticks); None elsewhere."""
    try:
        return sum(int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) for pid in pids) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def _busy_seconds() -> float | None:
    """CPU time the whole machine has spent busy (all CPUs, from ``/proc/stat``); None
    where there is no such file."""
    try:
        ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:9]]
    except (OSError, ValueError):
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _vector_run(workers: int, batches: int) -> _VectorRun:
    import gymnasium

    import emberdeep.env  # noqa: F401 (registers Emberdeep-v0)

    games = GAMES_PER_WORKER * max(workers, 1)
    vector = gymnasium.make_vec("Emberdeep-v0", num_envs=games, workers=workers, copy=False)
    vector.reset(seed=0)
    moves = rng.stream(workers, "bench-vector").integers(9, size=(batches + WARM + 1, games))
    run = _VectorRun(workers, vector, moves)
    run.block(WARM)
    run.shares, run.seconds, run.worker_seconds, run.steps = [], 0.0, 0.0, 0
    return run


def vector_figures(report: Report, rounds: int) -> None:
    """A game step's share of the wall time in one process, with one worker and with two
    (each worker ``GAMES_PER_WORKER`` games of moves and waits), over ``rounds`` batches
    each, and the two workers' throughput over one's as a note.

    Each sample is a block of ``VECTOR_BLOCK`` batches timed whole, and the ratio is of
    the totals: throughput, with every slow batch and reset counted as training meets
    them (a median of single batches' times left them out). The three take turns block
    by block, so a busy moment on a shared machine weighs on all of them; the note says
    how busy other processes kept the CPUs meanwhile, which lowers the ratio."""
    blocks = max(rounds // VECTOR_BLOCK, 1)
    size = max(rounds // blocks, 1)
    runs = []
    try:
        for workers in (0, 1, 2):
            runs.append(_vector_run(workers, blocks * size))
        busy, ours, wall = _busy_seconds(), time.process_time(), 0.0
        for number in range(blocks):
            for run in runs if number % 2 == 0 else runs[::-1]:
                wall += run.block(size)
        others = _others_load(busy, time.process_time() - ours, runs, wall)
    finally:
        for run in runs:
            run.vector.close()
    for run in runs:
        where = (
            "in this process"
            if not run.workers
            else f"{run.workers} worker" + "s" * (run.workers > 1)
        )
        name = f"vector env, a game step's share ({run.games} games, {where})"
        report.figures.append(figure(name, run.shares, None))
    report.notes.append(_vector_note(runs[1], runs[2], others))


def _others_load(
    busy: float | None, ours: float, runs: list[_VectorRun], wall: float
) -> float | None:
    """How many CPUs other processes kept busy, on average, while the blocks ran."""
    now = _busy_seconds()
    if busy is None or now is None or wall <= 0:
        return None
    return max(now - busy - ours - sum(run.worker_seconds for run in runs), 0.0) / wall


def _vector_note(one: _VectorRun, two: _VectorRun, others: float | None) -> str:
    ratio = one.share_ms / two.share_ms
    verdict = "ok" if ratio >= VECTOR_RATIO_TARGET else "BELOW TARGET"
    note = (
        f"Vector env throughput, 2 workers / 1 worker: {ratio:.2f}x "
        f"(target >= {VECTOR_RATIO_TARGET}x: {verdict}), from the total wall time of "
        f"{two.steps} and {one.steps} game steps"
    )
    if one.worker_seconds and two.worker_seconds:
        note += (
            f"; the workers' CPU per game step {two.worker_seconds * 1000 / two.steps:.3f} ms "
            f"with 2, {one.worker_seconds * 1000 / one.steps:.3f} ms with 1"
        )
    placement = getattr(two.vector.unwrapped, "placement", None)
    if placement is not None and placement.able:
        note += (
            f"; the 2 workers ran pinned to CPUs for {placement.pinned_batches} of "
            f"{placement.all_batches} batches"
        )
    if others is not None:
        note += f"; other processes kept {others:.1f} of the CPUs busy meanwhile"
    return note + " (work of others on these cores lowers the ratio)."


def compare_nle(report: Report, steps: int, rounds: int = 6) -> None:
    """Our moves and waits beside NLE's ``NetHackScore-v0`` (compass moves and wait), in
    process CPU time, ``rounds`` interleaved rounds of ``steps`` steps each: steps and
    game turns a CPU-second for both (a turn is the game's clock: our ``info["turn"]``,
    NLE's ``blstats`` time), each round's ratio, and the load average meanwhile."""
    try:
        import gymnasium

        nethack: Any = importlib.import_module("nle.nethack")  # registers NLE's envs too
    except ImportError:
        report.notes.append(
            f"--compare-nle: NLE is not installed here (pip install nle), so {NLE_ID} "
            "was not measured."
        )
        return
    from emberdeep.env import ACTIONS, EmberdeepEnv

    ours = EmberdeepEnv()
    theirs: Any = gymnasium.make(NLE_ID)
    directions = {*nethack.CompassDirection, nethack.MiscDirection.WAIT}
    their_moves = [i for i, a in enumerate(theirs.unwrapped.actions) if a in directions]
    their_clock = nethack.NLE_BL_TIME

    def our_turn(_: Any, info: dict[str, Any]) -> int:
        return int(info["turn"])

    def their_turn(observation: Any, _: dict[str, Any]) -> int:
        return int(observation["blstats"][their_clock])

    stream = rng.stream(0, "bench-nle")
    our_moves = stream.integers(ACTIONS.index("wait") + 1, size=steps).tolist()
    their_picks = stream.integers(len(their_moves), size=steps).tolist()

    def run(env: Any, actions: list[int], clock: Callable[[Any, dict[str, Any]], int]) -> Rate:
        observation, info = env.reset(seed=0)
        turns, begun = 0, clock(observation, info)
        start = time.process_time()
        for action in actions:
            observation, _, terminated, truncated, info = env.step(action)
            if terminated or truncated:  # (NLE's last blstats may read 0: no turns lost)
                turns += max(0, clock(observation, info) - begun)
                observation, info = env.reset()
                begun = clock(observation, info)
        turns += max(0, clock(observation, info) - begun)
        seconds = max(time.process_time() - start, 1e-9)
        return Rate(seconds / len(actions) * 1000, len(actions) / seconds, turns / seconds)

    load = os.getloadavg()[0]
    our_rates, their_rates = [], []
    for _ in range(rounds):
        our_rates.append(run(ours, our_moves, our_turn))
        their_rates.append(run(theirs, [their_moves[i] for i in their_picks], their_turn))
    theirs.close()
    load = (load + os.getloadavg()[0]) / 2
    our_ms, their_ms = [r.ms for r in our_rates], [r.ms for r in their_rates]
    report.figures.append(figure(f"Emberdeep-v0 moves and waits (CPU, {rounds} rounds)",
                                 our_ms, None))  # fmt: skip
    report.figures.append(figure(f"{NLE_ID} moves and waits (CPU, {rounds} rounds)",
                                 their_ms, None))  # fmt: skip
    each = "; ".join(
        f"{ours_.steps:,.0f} / {theirs_.steps:,.0f} steps a CPU-s ({theirs_.ms / ours_.ms:.2f}x), "
        f"turns {ours_.turns:,.0f} / {theirs_.turns:,.0f}"
        for ours_, theirs_ in zip(our_rates, their_rates, strict=True)
    )
    our_us, their_us = statistics.median(our_ms) * 1000, statistics.median(their_ms) * 1000
    report.notes.append(
        f"Beside NLE ({NLE_ID}, same run, process CPU time, {rounds} interleaved rounds of "
        f"{steps} steps, load average {load:.2f}): Emberdeep-v0 takes {our_us:.0f} us a "
        f"step, NLE {their_us:.0f} us: Emberdeep runs at {their_us / our_us:.2f}x NLE's "
        f"speed. Each round, Emberdeep / NLE: {each}."
    )


@dataclass(frozen=True)
class Rate:
    """One round of steps: milliseconds a step, steps and game turns a CPU-second."""

    ms: float
    steps: float
    turns: float


def agent_platform(report: Report, quick: bool, nle: bool) -> None:
    """Every figure above into ``report`` (or a note where the env extra is missing)."""
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        report.notes.append('Agent platform figures skipped: pip install -e ".[env]"')
        return
    report.figures += snapshot_figures(40 if quick else 200)
    report.figures += text_figures(100 if quick else 500)
    vector_figures(report, 60 if quick else 300)
    if nle:
        compare_nle(report, 300 if quick else 2000)
