"""``emberdeep bench``'s figures for the agent platform beyond a single step: snapshots,
restores and branches, the text environment's step, the vector environments' throughput
with one and two worker processes, and, with ``--compare-nle`` where ``nle`` is installed, NetHack's
``NetHackScore-v0`` stepped in the same run.

Throughput is measured on the wall clock (workers run beside the caller), each figure a
batch step's time divided by the games it stepped: a game step's share. The NLE
comparison takes process CPU time in interleaved rounds (ours, then NLE's, and again),
so a busy moment on a shared machine weighs on both alike.
"""

from __future__ import annotations

import importlib
import statistics
import time
from collections.abc import Callable
from typing import Any

from emberdeep.engine import rng
from emberdeep.tools.bench_report import Figure, Report, figure

SNAPSHOT_TARGET_MS = 1.0
"""Snapshot, restore and a branch of a depth-1 game: at most 1 ms each."""
VECTOR_RATIO_TARGET = 1.7
"""Two workers on two cores give at least 1.7 times one worker's throughput."""
GAMES_PER_WORKER = 8
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


def vector_figures(report: Report, rounds: int) -> None:
    """A game step's share of a batch step: in one process, with one worker, with two
    (each worker ``GAMES_PER_WORKER`` games of moves and waits); the ratio of the two
    workers' throughput to one's as a note."""
    import gymnasium

    import emberdeep.env  # noqa: F401 (registers Emberdeep-v0)

    medians = {}
    for workers in (0, 1, 2):
        games = GAMES_PER_WORKER * max(workers, 1)
        vector = gymnasium.make_vec("Emberdeep-v0", num_envs=games, workers=workers, copy=False)
        try:
            vector.reset(seed=0)
            moves = rng.stream(workers, "bench-vector").integers(9, size=(rounds + 1, games))

            def batch(i: int, v: Any = vector, m: Any = moves) -> None:
                v.step(m[i + 1])

            samples = [s / games for s in _timed(batch, rounds)]
        finally:
            vector.close()
        where = "in this process" if not workers else f"{workers} worker" + "s" * (workers > 1)
        name = f"vector env, a game step's share ({games} games, {where})"
        found = figure(name, samples, None)
        medians[workers] = found.median_ms
        report.figures.append(found)
    ratio = medians[1] / medians[2]
    verdict = "ok" if ratio >= VECTOR_RATIO_TARGET else "BELOW TARGET"
    report.notes.append(
        f"Vector env throughput, 2 workers / 1 worker: {ratio:.2f}x "
        f"(target >= {VECTOR_RATIO_TARGET}x: {verdict}); measured on the wall clock, so other "
        "work on this machine's cores lowers it."
    )


def compare_nle(report: Report, steps: int, rounds: int = 6) -> None:
    """Our moves and waits beside NLE's ``NetHackScore-v0`` (compass moves and wait), in
    process CPU time, ``rounds`` interleaved rounds of ``steps`` steps each."""
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
    stream = rng.stream(0, "bench-nle")
    our_moves = stream.integers(ACTIONS.index("wait") + 1, size=steps).tolist()
    their_picks = stream.integers(len(their_moves), size=steps).tolist()

    def run(env: Any, actions: list[int]) -> float:
        env.reset(seed=0)
        start = time.process_time()
        for action in actions:
            _, _, terminated, truncated, _ = env.step(action)
            if terminated or truncated:
                env.reset()
        return (time.process_time() - start) / len(actions) * 1000

    our_ms, their_ms = [], []
    for _ in range(rounds):
        our_ms.append(run(ours, our_moves))
        their_ms.append(run(theirs, [their_moves[i] for i in their_picks]))
    theirs.close()
    report.figures.append(figure(f"Emberdeep-v0 moves and waits (CPU, {rounds} rounds)",
                                 our_ms, None))  # fmt: skip
    report.figures.append(figure(f"{NLE_ID} moves and waits (CPU, {rounds} rounds)",
                                 their_ms, None))  # fmt: skip
    our_us, their_us = statistics.median(our_ms) * 1000, statistics.median(their_ms) * 1000
    report.notes.append(
        f"Beside NLE ({NLE_ID}, same run, process CPU time): Emberdeep-v0 takes "
        f"{our_us:.0f} us a step, NLE {their_us:.0f} us: Emberdeep runs at "
        f"{their_us / our_us:.2f}x NLE's speed."
    )


def agent_platform(report: Report, quick: bool, nle: bool) -> None:
    """Every figure above into ``report`` (or a note where the env extra is missing)."""
    try:
        import gymnasium  # noqa: F401
    except ImportError:
        report.notes.append('Agent platform figures skipped: pip install -e ".[env]"')
        return
    report.figures += snapshot_figures(40 if quick else 200)
    report.figures += text_figures(100 if quick else 500)
    vector_figures(report, 20 if quick else 100)
    if nle:
        compare_nle(report, 300 if quick else 2000)
