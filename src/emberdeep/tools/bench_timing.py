"""How ``emberdeep bench`` times a figure: the runs each figure gets (``QUICK`` or ``FULL``)
and ``measure``, the one timing loop the figure modules share (a warm-up, then each run's
``fn`` alone timed, its setup not).

A module of its own so that every figure module can time the same way without importing
``bench.py``, which imports them all to run them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from emberdeep.tools.bench_report import Figure, figure

T = TypeVar("T")


@dataclass(frozen=True)
class Plan:
    """Runs per figure. The reference cases are slow by nature (that is the point), so
    they get few runs; a single run's spread is that run."""

    generation: int
    fov: int
    frame: int
    terminal: int
    phase: int
    saves: int
    steps: int
    startup: int
    reference_frame: int
    reference_phase: int
    reference_big_phase: int
    reference_saves: int


QUICK = Plan(
    generation=40, fov=200, frame=100, terminal=100, phase=20, saves=10, steps=400,
    startup=3, reference_frame=20, reference_phase=3, reference_big_phase=1, reference_saves=5,
)  # fmt: skip
FULL = Plan(
    generation=200, fov=1000, frame=500, terminal=500, phase=100, saves=50, steps=2000,
    startup=10, reference_frame=100, reference_phase=10, reference_big_phase=3,
    reference_saves=20,
)  # fmt: skip


def measure(
    name: str,
    fn: Callable[[T], object],
    runs: int,
    target_ms: float | None = None,
    *,
    setup: Callable[[int], T] | None = None,
    warm_up: bool = True,
) -> Figure:
    """Time ``fn(setup(i))`` for i in range(runs) after a warm-up; only ``fn`` is timed,
    in this process's CPU time: on a machine shared with other work, the wall clock
    counts the others' turns too. Without ``setup``, ``fn`` gets the run number, so runs
    can vary their inputs."""
    prepare: Callable[[int], T] = setup or (lambda i: i)  # type: ignore[assignment,return-value]
    if warm_up:
        fn(prepare(-1))
    samples = []
    for i in range(runs):
        arg = prepare(i)
        start = time.process_time_ns()
        fn(arg)
        samples.append((time.process_time_ns() - start) / 1e6)
    return figure(name, samples, target_ms)
