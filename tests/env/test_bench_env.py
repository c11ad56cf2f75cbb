"""The env's speed figures are measured (their values belong to `emberdeep bench`)."""

from __future__ import annotations

import pytest

from emberdeep.tools import bench_env


def test_every_figure_is_measured() -> None:
    figures = bench_env.measure(steps=30, resets=2)
    assert figures.steps_per_second > 0 and figures.taken_steps_per_second > 0
    assert figures.resets_per_second > 0 and figures.observe_microseconds > 0


def test_nothing_to_measure_is_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        bench_env.measure(steps=0)
